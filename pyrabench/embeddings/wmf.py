"""WMF: weighted matrix factorization of the word × text TF-IDF matrix (Guo & Diab 2012).

The latent model behind the 2012 STS run ``weiwei-run1`` and the 2013 pyramid scorer
(Passonneau et al. 2013). With ``X`` the TF-IDF word × text matrix, ALS minimizes

    Σᵢⱼ Wᵢⱼ (pᵢ·qⱼ − Xᵢⱼ)² + λ‖P‖² + λ‖Q‖²,  Wᵢⱼ = 1 where Xᵢⱼ ≠ 0, else w_m,

so the words a text does *not* hold count, but only a little ("missing words", Guo & Diab
2012, §3). Each row solve is ``(A + (1 − w_m)·F_Sᵀ F_S) x = F_Sᵀ r`` with ``A = w_m·FᵀF + λI``
over the nonzeros ``S`` of the row being solved (a text's words, or a word's texts), ``F`` the
fixed factor. A new text gets its vector by the same solve with ``P`` fixed
(:meth:`WMFModel.fold_in`).

Where each setting comes from:

* K = 100, λ = 20, w_m = 0.01 and 20 ALS iterations: Guo & Diab (2012), the settings of their
  STS experiments, which Passonneau et al. (2013) kept. The authors' OrMF release (the copy
  bundled with the PyrEval scorer) trains with exactly these knobs: its ``train.pl`` takes
  ``K lambda wm alpha n_itrs``.
* Preprocessing, as that release's scripts do it: lower-cased words, Porter-stemmed, non-word
  characters dropped, then stems occurring fewer than twice in the whole corpus dropped (its
  ``rm_infreq.pl``, threshold 2: "rare" means a corpus count of one); ``X = tf · ln(N / df)``
  (raw counts times the natural-log idf, no length normalization; the release's idf files are
  natural logs).
* Start: Q drawn from a seeded normal distribution scaled by 0.01; each iteration solves P given
  Q, then Q given P.

**One tokenization** for training, STS and the pyramid scorer (:func:`text_words`): the words of
:mod:`pyrabench.text` (spaCy's rule-based tokenizer, the one every task uses), each split into
its runs of ``[a-z0-9]`` (so ``don't`` is spaCy's ``do`` ``n't`` → ``do`` ``n`` ``t``, and
``U.S.`` is ``u`` ``s``), Porter-stemmed (PyStemmer, Snowball's C implementation of Porter's
original algorithm). The scorer cuts its segments out of spaCy's words, so the model must see
words the same way. Tokenizing the 175k training texts with spaCy costs ten times splitting
them with the regular expression alone (measured: 14 s against 1.5 s of CPU), so spaCy is asked
only about the whitespace-free chunks it could split inside a run (:func:`_chunk_runs`): a chunk
holding one run of ASCII letters between non-alphanumeric characters, and not one of spaCy's
special cases (``cannot``, ``gonna`` …), is that run whatever spaCy does with its punctuation.
That leaves an eighth of the distinct chunks to spaCy: the whole term matrix then costs 5.5 s of
CPU against 3.5 s with the regular expression alone, with exactly spaCy's words (the tests
compare both on every text of the training corpus when it is installed).

**How it is solved** (:func:`solve_rows`, in float64: see :data:`DTYPE`). ``A`` is shared by every row: with
``A = R Rᵀ`` (Cholesky) and ``H = F R⁻ᵀ``, a row's system in ``z = Rᵀx`` is
``(I + (1 − w_m)·H_Sᵀ H_S) z = H_Sᵀ r``: the shared Gram matrix is the preconditioner, and what
is left is the identity plus a low-rank term. Rows are grouped by length and padded (a zero row
of ``H``), each group gathered once into cache-sized chunks, and each chunk solved by one of

* ``"cg"`` (the default): ``cg_steps`` conjugate-gradient steps on that system, batched over
  the chunk's rows and warm-started at the previous iterate, on *both* sides, as implicit-feedback
  ALS libraries do (implicit's ``least_squares_cg``). A step is two batched products with the
  gathered rows; each step lowers its row's quadratic, so the objective never increases.
* ``"exact"`` (the reference, and every fold-in): the exact solve of each row, by Woodbury's
  identity (an ``n × n`` system, ``(I + (1 − w_m)·H_S H_Sᵀ) y = r``, ``z = H_Sᵀ y``) for rows of
  at most K nonzeros, by the K × K normal equations for longer ones.

The batched solves are many small BLAS calls, so they run on one BLAS thread, which also makes
the bytes independent of the machine's thread count; the chunks are shared between
:data:`THREADS` Python threads (numpy releases the GIL), each chunk computed the same way
whichever thread takes it.

Training is deterministic (seeded start, fixed order) and cached under ``$PYRABENCH_CACHE/wmf``,
keyed by the corpus texts and everything that changes the model: the parameters (solver and CG
steps included), the tokenizer's version, the dtype and :data:`VERSION`.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Sequence

import numpy as np
import pandas as pd
import scipy.sparse as sp

from .. import text
from ..cache import cache_dir, cached, fingerprint, load_npz, save_npz
from ..dataroot import resolve
from ..progress import progress_bar
from ..threads import one_thread
from .base import Embedding
from .tokens import Coverage
from .wmf_corpus import training_sources

#: Bump when the preprocessing or the solver changes what a cached model holds.
VERSION = "wmf-3"
#: Training and fold-ins run in float64. In float32 the Gram matrix's sums over 175k texts and the
#: CG steps round differently under each BLAS kernel, and the word vectors trained on one CPU
#: differed from another's by up to 2.6e-4, enough to change the pyramids built from them. In
#: float64 they differ by 5e-12 (the same 20 iterations), for 1.7–2.6× the training time.
DTYPE = np.float64
WORD = re.compile(r"[a-z0-9]+")
#: A chunk spaCy cannot split inside a run: one run of ASCII letters, only non-alphanumerics around.
ONE_RUN = re.compile(r"[^A-Za-z0-9]*([A-Za-z]+)[^A-Za-z0-9]*")
SOLVERS = ("cg", "exact")
#: Floats gathered at once per chunk (2 MB: the gathered rows stay in cache while they are used).
BATCH_FLOATS = 1 << 19
#: Python threads sharing the chunks of a solve (the results do not depend on it).
THREADS = max(1, min(2, os.cpu_count() or 1))


@dataclass(frozen=True)
class WMFParams:
    """The published settings (see the module docstring for where each comes from), and how
    the rows are solved: ``solver`` ``"cg"`` (``cg_steps`` warm-started CG steps a row) or
    ``"exact"`` (the reference)."""

    dim: int = 100
    lam: float = 20.0
    w_m: float = 0.01
    iterations: int = 20
    min_count: int = 2
    seed: int = 0
    init_scale: float = 0.01
    solver: str = "cg"
    cg_steps: int = 3

    def __post_init__(self):
        if self.solver not in SOLVERS:
            raise ValueError(f"WMF solver must be one of {SOLVERS}, not {self.solver!r}")

    def key(self) -> tuple:
        return tuple(sorted(asdict(self).items()))


# --------------------------------------------------------------------------- tokenization


@lru_cache(maxsize=1)
def _porter():
    import Stemmer  # PyStemmer: Snowball's C stemmers; its "porter" is Porter's original algorithm

    return Stemmer.Stemmer("porter")


def tokenizer_version() -> str:
    """What WMF's words depend on, for cache keys: spaCy's words, the runs, the stemmer."""
    return f"{text.tokenizer_version()}|{WORD.pattern}|porter-pystemmer-{importlib.metadata.version('pystemmer')}"


@lru_cache(maxsize=1)
def _split_specials() -> frozenset[str]:
    """Lower-cased single-run words that spaCy's special cases split (``cannot``, ``gonna`` …)."""
    rules = text.nlp().tokenizer.rules
    return frozenset(k.lower() for k, tokens in rules.items() if ONE_RUN.fullmatch(k) and len(tokens) > 1)


def word_runs(words: Sequence[str]) -> list[list[str]]:
    """The runs of ``[a-z0-9]`` of each of spaCy's (lower-cased) words."""
    return [WORD.findall(w.lower()) for w in words]


def _chunk_runs(chunks: Sequence[str]) -> list[list[str]]:
    """WMF's words of each whitespace-free chunk: the runs of its spaCy words, spaCy asked only
    about chunks it could split inside a run (see the module docstring)."""
    specials = _split_specials()
    out: list[list[str]] = [[] for _ in chunks]
    ask = []
    for k, chunk in enumerate(chunks):
        m = ONE_RUN.fullmatch(chunk) if chunk.isascii() else None
        if m is not None and (run := m.group(1).lower()) not in specials:
            out[k] = [run]
        else:
            ask.append(k)
    for k, words in zip(ask, text.words_many([chunks[k] for k in ask])):
        out[k] = [r for runs in word_runs(words) for r in runs]
    return out


def text_words(texts: Sequence[str]) -> list[list[str]]:
    """WMF's words of each text (before stemming): the one tokenization (module docstring)."""
    lengths, codes, types = _word_codes(texts)
    bounds = np.concatenate([[0], np.cumsum(lengths)])
    return [list(types[codes[a:b]]) for a, b in zip(bounds[:-1], bounds[1:])]


def _ragged(pieces: list[list[str]], owner_codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Concatenate ``pieces[c]`` for each ``c`` in ``owner_codes``, as codes of word types:
    (pieces per occurrence, flat word codes, word types). Vectorized: one factorize, one gather."""
    count = np.fromiter((len(p) for p in pieces), dtype=np.int64, count=len(pieces))
    flat = [w for p in pieces for w in p]
    codes, types = pd.factorize(pd.Series(flat, dtype=object), sort=False)
    starts = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64)
    n = count[owner_codes]
    offsets = np.cumsum(n) - n
    gather = np.repeat(starts[owner_codes] - offsets, n) + np.arange(int(n.sum()))
    return n, np.asarray(codes, dtype=np.int64)[gather], np.asarray(types, dtype=object)


def _word_codes(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every word of ``texts`` as a code: (words per text, flat codes, word types). Each distinct
    whitespace-free chunk is tokenized once, as :func:`pyrabench.text.words_many` does."""
    chunked = [t.split() for t in texts]
    per_text = np.fromiter((len(c) for c in chunked), dtype=np.int64, count=len(chunked))
    chunk_codes, chunks = pd.factorize(pd.Series([c for cs in chunked for c in cs], dtype=object), sort=False)
    n, codes, types = _ragged(_chunk_runs(list(chunks)), np.asarray(chunk_codes, dtype=np.int64))
    text_of = np.repeat(np.arange(len(texts)), per_text)
    return np.bincount(text_of, weights=n, minlength=len(texts)).astype(np.int64), codes, types


def _stems_of(word_codes: np.ndarray, types: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Word codes → stem codes and stem strings (Porter, each word type stemmed once)."""
    stem_codes, stems = pd.factorize(pd.Series(_porter().stemWords(list(types)), dtype=object), sort=False)
    codes = np.asarray(stem_codes, dtype=np.int64)[word_codes] if len(word_codes) else np.zeros(0, np.int64)
    return codes, np.asarray(stems, dtype=object)


def stems(text_: str) -> list[str]:
    """The stems of one text, in order (what the model sees of it before the rare-word rule)."""
    return _porter().stemWords(text_words([text_])[0])


# --------------------------------------------------------------------------- TF-IDF rows


def count_rows(lengths: np.ndarray, ids: np.ndarray, n_terms: int) -> sp.csr_matrix:
    """Term counts: row ``r`` counts the next ``lengths[r]`` of ``ids`` (a negative id, a word
    outside the vocabulary, is skipped)."""
    rows = np.repeat(np.arange(len(lengths)), lengths)
    known = ids >= 0
    m = sp.csr_matrix((np.ones(int(known.sum()), DTYPE), (rows[known], ids[known])), shape=(len(lengths), n_terms))
    m.sum_duplicates()
    m.sort_indices()
    return m


def weigh(counts: sp.csr_matrix, idf: np.ndarray) -> sp.csr_matrix:
    """``tf · idf``, in :data:`DTYPE`."""
    out = sp.csr_matrix(counts, dtype=DTYPE, copy=True)
    out.data *= idf[out.indices]
    return out


def tfidf_rows(lengths: np.ndarray, ids: np.ndarray, idf: np.ndarray) -> sp.csr_matrix:
    """TF-IDF rows over the vocabulary of ``idf``: every TF-IDF row WMF sees (training texts,
    fold-ins, the scorer's spans) is built here."""
    return weigh(count_rows(lengths, ids, len(idf)), idf)


@dataclass
class TermMatrix:
    """The TF-IDF word × text matrix of a corpus, after the rare-word rule."""

    vocab: list[str]  # stems, in order of first occurrence
    idf: np.ndarray  # (V,) ln(N / df)
    counts: sp.csr_matrix  # (N texts, V) raw term counts
    stems_before_rule: int = 0

    @property
    def tfidf(self) -> sp.csr_matrix:
        """(N, V) texts × words, ``tf · idf``."""
        return weigh(self.counts, self.idf)


def term_matrix(texts: Sequence[str], min_count: int = 2) -> TermMatrix:
    """Count stems per text, drop stems with fewer than ``min_count`` occurrences in the whole
    corpus, weight by ``ln(N / df)``. Vectorized: one factorize, one sparse build."""
    lengths, word_codes, types = _word_codes(texts)
    codes, stem_strings = _stems_of(word_codes, types)
    keep = np.bincount(codes, minlength=len(stem_strings)) >= min_count
    new_id = np.where(keep, np.cumsum(keep) - 1, -1)
    counts = count_rows(lengths, new_id[codes] if len(codes) else codes, int(keep.sum()))
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    idf = np.log(len(texts) / np.maximum(df, 1)).astype(DTYPE)
    return TermMatrix(list(stem_strings[keep]), idf, counts, stems_before_rule=len(stem_strings))


# --------------------------------------------------------------------------- the solver


def _buckets(lengths: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Rows grouped by padded length (exact up to 16, then steps of ~12%), in a fixed order."""
    order = np.argsort(lengths, kind="stable")
    lengths = lengths[order]
    out: list[tuple[int, np.ndarray]] = []
    start = int(np.searchsorted(lengths, 1))  # empty rows are solved by x = 0
    while start < len(order):
        n = int(lengths[start])
        cap = n if n <= 16 else int(np.ceil(n * 1.125))
        stop = int(np.searchsorted(lengths, cap, side="right"))
        out.append((int(lengths[stop - 1]), order[start:stop]))
        start = stop
    return out


def _padded(m: sp.csr_matrix, rows: np.ndarray, width: int, pad: int) -> tuple[np.ndarray, np.ndarray]:
    """Column indices and values of ``rows`` of a CSR matrix as ``(len(rows), width)`` arrays,
    padded with index ``pad`` (a zero row of the factor) and value 0."""
    starts, stops = m.indptr[rows], m.indptr[rows + 1]
    offsets = np.arange(width)[None, :]
    valid = offsets < (stops - starts)[:, None]
    src = np.where(valid, starts[:, None] + offsets, 0)
    return np.where(valid, m.indices[src], pad), np.where(valid, m.data[src], 0.0).astype(DTYPE)


@dataclass(frozen=True)
class Gram:
    """What every row's solve against one fixed factor ``F`` shares: ``A = w_m·FᵀF + λI = R Rᵀ``."""

    h: np.ndarray  # (m + 1, K) H = F R⁻ᵀ, a zero row appended for padding
    r: np.ndarray  # (K, K) R: z = Rᵀx, as rows z = x R
    r_inv: np.ndarray  # (K, K) R⁻¹: x = R⁻ᵀz, as rows x = z R⁻¹
    c: np.floating  # 1 − w_m


def _parallel(fn, items: list) -> None:
    """``fn(item)`` for every item, shared between :data:`THREADS` threads. Each item is computed
    the same way whichever thread takes it, so the bytes do not depend on the thread count."""
    if THREADS > 1 and len(items) > 1:
        with ThreadPoolExecutor(THREADS) as pool:
            for _ in pool.map(fn, items):
                pass
    else:
        for item in items:
            fn(item)


def _row_blocks(n: int) -> list[slice]:
    """Fixed blocks of rows for the dense products (fixed, so the bytes do not depend on threads)."""
    step = max(1, BATCH_FLOATS // 128)
    return [slice(s, min(n, s + step)) for s in range(0, n, step)]


def gram(fixed: np.ndarray, params: WMFParams) -> Gram:
    """The shared Gram matrix of a fixed factor, factored (see the module docstring)."""
    f = np.asarray(fixed, dtype=DTYPE)
    a = params.w_m * (f.T @ f).astype(np.float64) + params.lam * np.eye(f.shape[1])
    r = np.linalg.cholesky(a)
    r_inv = np.linalg.inv(r)
    r_inv_t = r_inv.T.astype(DTYPE)
    h = np.empty((f.shape[0] + 1, f.shape[1]), DTYPE)
    h[-1] = 0.0

    def block(rows):
        np.matmul(f[rows], r_inv_t, out=h[rows])

    _parallel(block, _row_blocks(f.shape[0]))
    return Gram(h, r.astype(DTYPE), r_inv.astype(DTYPE), DTYPE(1.0 - params.w_m))


def _forward(hb: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``H_b v`` for every row of a chunk: (B, n)."""
    return np.matmul(hb, v[:, :, None])[:, :, 0]


def _backward(hb: np.ndarray, s: np.ndarray) -> np.ndarray:
    """``H_bᵀ s`` for every row of a chunk: (B, K)."""
    return np.matmul(s[:, None, :], hb)[:, 0, :]


def _exact(hb: np.ndarray, val: np.ndarray, c: np.floating) -> np.ndarray:
    """Exact ``z`` of a chunk of rows: Woodbury's ``n × n`` system up to K nonzeros, else the
    K × K normal equations."""
    n, k = hb.shape[1], hb.shape[2]
    if n <= k:
        system = c * np.matmul(hb, hb.transpose(0, 2, 1))
        system[:, np.arange(n), np.arange(n)] += 1.0
        return _backward(hb, np.linalg.solve(system, val[:, :, None])[:, :, 0])
    system = c * np.matmul(hb.transpose(0, 2, 1), hb)
    system[:, np.arange(k), np.arange(k)] += 1.0
    return np.linalg.solve(system, _backward(hb, val)[:, :, None])[:, :, 0]


def _cg(hb: np.ndarray, val: np.ndarray, z: np.ndarray, c: np.floating, steps: int) -> np.ndarray:
    """``steps`` conjugate-gradient steps on ``(I + c·H_bᵀH_b) z = H_bᵀ val`` for a chunk of
    rows, warm-started at ``z`` (updated in place); each step lowers every row's quadratic."""
    r = _backward(hb, val - c * _forward(hb, z))
    r -= z
    d = r.copy()
    rs = np.einsum("ij,ij->i", r, r)
    for step in range(steps):
        t = _forward(hb, d)
        curvature = np.einsum("ij,ij->i", d, d) + c * np.einsum("ij,ij->i", t, t)
        alpha = rs / np.where(curvature > 0, curvature, 1)  # no curvature: d = 0, nothing moves
        z += alpha[:, None] * d
        if step == steps - 1:
            break
        ad = _backward(hb, t)
        ad *= c
        ad += d
        r -= alpha[:, None] * ad
        rs_new = np.einsum("ij,ij->i", r, r)
        d *= (rs_new / np.where(rs > 0, rs, 1))[:, None]
        d += r
        rs = rs_new
    return z


def solve_rows(m: sp.csr_matrix, fixed: np.ndarray, params: WMFParams, start: np.ndarray | None = None, *,
               solver: str | None = None, shared: Gram | None = None) -> np.ndarray:
    """Least-squares rows for every row of ``m`` given the ``fixed`` factor (module docstring).

    ``solver`` (default ``params.solver``): ``"cg"`` takes ``params.cg_steps`` steps from
    ``start`` (the previous iterate; zero when None), ``"exact"`` solves each row exactly.
    ``shared`` (:func:`gram` of ``fixed``) saves recomputing it when many calls share one factor
    (fold-ins). Runs on one BLAS thread (see the module docstring).
    """
    solver = params.solver if solver is None else solver
    if solver not in SOLVERS:
        raise ValueError(f"WMF solver must be one of {SOLVERS}, not {solver!r}")
    m = sp.csr_matrix(m, dtype=DTYPE)
    with one_thread():
        g = gram(fixed, params) if shared is None else shared
        k, pad = g.h.shape[1], g.h.shape[0] - 1
        out = np.zeros((m.shape[0], k), DTYPE)
        chunks = []
        for width, rows in _buckets(np.diff(m.indptr)):
            step = max(1, BATCH_FLOATS // (width * k))
            chunks.extend((width, rows[s:s + step]) for s in range(0, len(rows), step))

        def solve(chunk):
            width, rows = chunk
            idx, val = _padded(m, rows, width, pad)
            hb = np.take(g.h, idx, axis=0)
            if solver == "exact":
                z = _exact(hb, val, g.c)
            else:
                z0 = start[rows] @ g.r if start is not None else np.zeros((len(rows), k), DTYPE)
                z = _cg(hb, val, z0, g.c, params.cg_steps)
            out[rows] = z @ g.r_inv

        _parallel(solve, chunks)
        return out


def objective(x: sp.csr_matrix, p: np.ndarray, q: np.ndarray, params: WMFParams) -> float:
    """The WMF objective for ``x`` (texts × words), words ``p`` (V, K), texts ``q`` (N, K)."""
    p64, q64 = p.astype(np.float64), q.astype(np.float64)
    everything = float(np.sum((p64.T @ p64) * (q64.T @ q64)))  # Σ over all cells of (p·q)²
    coo = x.tocoo()
    observed = 0.0
    step = max(1, BATCH_FLOATS // p.shape[1])
    for s in range(0, coo.nnz, step):
        r, col, v = coo.row[s:s + step], coo.col[s:s + step], coo.data[s:s + step].astype(np.float64)
        pred = np.einsum("ij,ij->i", q64[r], p64[col])
        observed += float(np.sum((pred - v) ** 2) - params.w_m * np.sum(pred ** 2))
    reg = params.lam * (float(np.sum(p64 ** 2)) + float(np.sum(q64 ** 2)))
    return params.w_m * everything + observed + reg


def factorize(x: sp.csr_matrix, params: WMFParams = WMFParams(), *, track_objective: bool = False,
              progress=None) -> tuple[np.ndarray, np.ndarray, list[float]]:
    """ALS on ``x`` (texts × words, TF-IDF): word factor P (V, K), text factor Q (N, K), and the
    objective after each iteration when ``track_objective``. Each iteration solves P given Q,
    then Q given P, each warm-started at its previous value."""
    x = sp.csr_matrix(x, dtype=DTYPE)
    x.sort_indices()
    xt = sp.csr_matrix(x.T)
    xt.sort_indices()
    rng = np.random.default_rng(params.seed)
    q = (rng.standard_normal((x.shape[0], params.dim)) * params.init_scale).astype(DTYPE)
    p = np.zeros((x.shape[1], params.dim), DTYPE)
    trace: list[float] = []
    for it in range(params.iterations):
        p = solve_rows(xt, q, params, start=p)
        q = solve_rows(x, p, params, start=q)
        if track_objective:
            trace.append(objective(x, p, q, params))
        if progress is not None:
            progress(it + 1)
    return p, q, trace


#: What the training matrix held, stored under these names (``corpus_<name>``) with the model.
CORPUS_FIELDS = ("texts", "stems", "stems_before_rule", "nonzeros")


@dataclass
class WMFModel:
    """A trained model: the word factor and what a new text needs to be folded in."""

    vocab: list[str]
    idf: np.ndarray
    p: np.ndarray  # (V, K) word vectors
    params: WMFParams
    q: np.ndarray | None = None  # (N, K) training texts, when kept
    objectives: list[float] = field(default_factory=list)
    #: texts, stems (after the rare-word rule), stems_before_rule, nonzeros of the training matrix
    corpus: dict[str, int] = field(default_factory=dict)

    def __post_init__(self):
        self.index = {w: i for i, w in enumerate(self.vocab)}
        self._gram: Gram | None = None

    def _ids(self, stem_strings: np.ndarray) -> np.ndarray:
        return np.fromiter((self.index.get(s, -1) for s in stem_strings), dtype=np.int64, count=len(stem_strings))

    def text_matrix(self, texts: Sequence[str]) -> tuple[sp.csr_matrix, Coverage]:
        """TF-IDF rows of new texts over the training vocabulary, and what it covered."""
        lengths, word_codes, types = _word_codes(texts)
        codes, stem_strings = _stems_of(word_codes, types)
        ids = self._ids(stem_strings)
        tok = ids[codes] if len(codes) else codes
        known = tok >= 0
        per_text = np.bincount(np.repeat(np.arange(len(texts)), lengths)[known], minlength=len(texts))
        coverage = Coverage(texts=len(texts), texts_covered=int((per_text > 0).sum()),
                            texts_empty=int((lengths == 0).sum()), tokens=int(lengths.sum()),
                            known_tokens=int(known.sum()), types=len(stem_strings),
                            known_types=int((ids >= 0).sum()))
        return tfidf_rows(lengths, tok, self.idf), coverage

    def word_ids(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Vocabulary ids of spaCy's words (the scorer's, already tokenized): (ids per word, flat
        ids), the stems outside the vocabulary left out."""
        n, word_codes, types = _ragged(word_runs(words), np.arange(len(words)))
        codes, stem_strings = _stems_of(word_codes, types)
        ids = self._ids(stem_strings)[codes] if len(codes) else codes
        known = ids >= 0
        owner = np.repeat(np.arange(len(words)), n)[known]
        return np.bincount(owner, minlength=len(words)).astype(np.int64), ids[known]

    def span_rows(self, words: Sequence[str], starts: np.ndarray, ends: np.ndarray) -> sp.csr_matrix:
        """TF-IDF rows of the word spans ``[starts, ends)`` of spaCy's ``words``, all at once."""
        per_word, ids = self.word_ids(words)
        offsets = np.concatenate([[0], np.cumsum(per_word)]).astype(np.int64)
        lo, hi = offsets[np.asarray(starts, dtype=np.int64)], offsets[np.asarray(ends, dtype=np.int64)]
        lengths = hi - lo
        gather = np.repeat(lo - (np.cumsum(lengths) - lengths), lengths) + np.arange(int(lengths.sum()))
        return tfidf_rows(lengths, ids[gather], self.idf)

    def fold_in(self, x: sp.csr_matrix) -> np.ndarray:
        """Latent vectors of texts given as TF-IDF rows (texts × vocabulary): the exact text-side solve."""
        if self._gram is None:  # shared by every fold-in (the scorer folds in per summary)
            with one_thread():
                self._gram = gram(self.p, self.params)
        return solve_rows(x, self.p, self.params, solver="exact", shared=self._gram)

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        return self.fold_in(self.text_matrix(texts)[0])


def cache_key(texts: Sequence[str], params: WMFParams) -> str:
    """Everything a trained model depends on: the corpus, the parameters, the tokenizer, the dtype."""
    return fingerprint(VERSION, params.key(), tokenizer_version(), np.dtype(DTYPE).name, len(texts), strings=texts)


#: ``fit``'s parameters its cache entry leaves out: ``cache`` reads and writes; a model that keeps
#: its texts' vectors (``keep_texts``) is never cached.
NOT_IN_KEY = {"fit": ("cache", "keep_texts")}


def fit(texts: Sequence[str], params: WMFParams = WMFParams(), *, cache: bool = True,
        keep_texts: bool = False) -> WMFModel:
    """Train WMF on ``texts`` (one document each), or read the model from the cache."""

    def train() -> WMFModel:
        tm = term_matrix(texts, params.min_count)
        x = tm.tfidf
        # the first call trains; a bar on stderr says so, on a terminal only
        with progress_bar(total=params.iterations, desc=f"training WMF on {len(texts):,} texts (once; cached after)",
                          unit="iteration") as bar:
            p, q, trace = factorize(x, params, progress=lambda done: bar.update(done - bar.n))
        corpus = dict(zip(CORPUS_FIELDS, (len(texts), len(tm.vocab), tm.stems_before_rule, int(x.nnz))))
        return WMFModel(tm.vocab, tm.idf, p, params, q=q if keep_texts else None, objectives=trace, corpus=corpus)

    def save(path, model: WMFModel) -> None:
        save_npz(path, vocab=np.asarray(model.vocab, dtype=str), idf=model.idf, p=model.p,
                 objectives=np.asarray(model.objectives, dtype=np.float64),
                 **{f"corpus_{k}": np.int64(v) for k, v in model.corpus.items()})

    def load(path) -> WMFModel:
        z = load_npz(path)
        return WMFModel(z["vocab"].tolist(), z["idf"], z["p"], params, objectives=z["objectives"].tolist(),
                        corpus={k: int(z[f"corpus_{k}"]) for k in CORPUS_FIELDS})

    if not cache or keep_texts:
        return train()
    path = cache_dir("wmf") / f"wmf-{cache_key(texts, params)}.npz"
    if str(path) not in _FITTED or not path.is_file():
        # under the entry's lock: a chapter asking for the model another chapter is fitting waits, then reads it
        _FITTED[str(path)] = cached(path, train, save, load, lock=True)
        while len(_FITTED) > FITTED_KEPT:
            del _FITTED[next(iter(_FITTED))]
    return _FITTED[str(path)]


#: Models this process trained or read, by cache entry: a chapter asks for one model several times
#: (the plain model for each corpus it scores), and reading it, and its fold-in Gram matrix, once
#: is enough. The oldest goes beyond FITTED_KEPT (each holds a vocabulary × K float64 matrix).
_FITTED: dict[str, "WMFModel"] = {}
FITTED_KEPT = 4


class WMFEmbedding(Embedding):
    """A trained :class:`WMFModel` behind the :class:`Embedding` interface: a text's vector is
    its fold-in (not a sum of word vectors), so similar texts with no word in common can still
    be close. ``sources``: (corpus part, texts) it was trained on; ``sample``: trained on the
    sample book's slice."""

    def __init__(self, model: WMFModel, name: str = "wmf", *, sources: Sequence[tuple[str, int]] = (),
                 sample: bool = False):
        self.model = model
        self.name = name
        self.dim = model.params.dim
        self.sources = list(sources)
        self.sample = sample

    def encode(self, texts):
        x, coverage = self.model.text_matrix([str(t) for t in texts])
        self._record(coverage)
        return self.model.fold_in(x)


def training_texts(data=None, *, definitions=None, extra: Sequence[str] = ()) -> tuple[list[str], list]:
    """The texts WMF trains on for a data root: WordNet + Brown (+ a definitions file), a
    documented slice of them for the bundled sample (see :mod:`pyrabench.embeddings.wmf_corpus`),
    plus ``extra`` texts (the 2013 ``aug`` variant adds the pyramid's own text)."""
    sources = training_sources(definitions, sample=resolve(data).is_sample)
    return [t for s in sources for t in s.texts] + [str(t) for t in extra], sources


def load_wmf(data=None, *, definitions=None, extra: Sequence[str] = (), name: str = "wmf",
             params: WMFParams = WMFParams()) -> WMFEmbedding:
    """The trained WMF embedding for a data root (trained once, then read from the cache)."""
    texts, sources = training_texts(data, definitions=definitions, extra=extra)
    return WMFEmbedding(fit(texts, params), name=name,
                        sources=[(s.name, len(s.texts)) for s in sources] + ([("added texts", len(extra))] if len(extra) else []),
                        sample=resolve(data).is_sample)
