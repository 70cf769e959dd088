"""WMF: weighted matrix factorization of the word × text TF-IDF matrix (Guo & Diab 2012).

The latent model behind the 2012 STS run ``weiwei-run1`` and the 2013 pyramid scorer
(Passonneau et al. 2013). With ``X`` the TF-IDF word × text matrix, ALS minimizes

    Σᵢⱼ Wᵢⱼ (pᵢ·qⱼ − Xᵢⱼ)² + λ‖P‖² + λ‖Q‖²,  Wᵢⱼ = 1 where Xᵢⱼ ≠ 0, else w_m,

so the words a text does *not* hold count, but only a little ("missing words", Guo & Diab
2012, §3). Each column solve is ``(w_m·FᵀF + λI + (1 − w_m)·F_Sᵀ F_S) x = F_Sᵀ r`` over the
nonzeros ``S`` of the row being solved (a text's words, or a word's texts), ``F`` the fixed
factor. A new text gets its vector by the same solve with ``P`` fixed (:meth:`WMFModel.fold_in`).

Where each setting comes from:

* K = 100, λ = 20, w_m = 0.01 and 20 ALS iterations: Guo & Diab (2012), the settings of their
  STS experiments, which Passonneau et al. (2013) kept. The authors' OrMF release (the copy
  bundled with the PyrEval scorer) trains with exactly these knobs: its ``train.pl`` takes
  ``K lambda wm alpha n_itrs``.
* Preprocessing, as that release's scripts do it: lower-cased words, Porter-stemmed, tokens
  holding a non-word character dropped (here: maximal runs of ``[a-z0-9]``), then stems
  occurring fewer than twice in the whole corpus dropped (its ``rm_infreq.pl``, threshold 2:
  "rare" means a corpus count of one); ``X = tf · ln(N / df)`` (raw counts times the natural-log
  idf, no length normalization; the release's idf files are natural logs).
* Start: Q drawn from a seeded normal distribution scaled by 0.01; each iteration solves P given
  Q, then Q given P, so the last Q is exactly the fold-in of the training texts.

How it is solved (vectorized, float32). ``A = w_m·FᵀF + λI`` is shared by every row. With
``A⁻¹ = L Lᵀ`` and ``H = F L``, Woodbury's identity turns a row with ``n`` nonzeros into an
``n × n`` system: ``(I + (1 − w_m)·H_S H_Sᵀ) y = r``, ``x = L H_Sᵀ y`` — one gather of ``H``
per row. Rows are grouped by length and padded (a zero row of ``H``), and each group is a few
batched solves of cache-sized chunks. Texts are short (a dozen stems), so **the text side is
solved exactly**. A word's row is long for frequent words: rows of up to ``EXACT_WORD_ROWS``
texts are solved exactly the same way, longer ones by ``CG_STEPS`` conjugate-gradient steps
warm-started at the previous iterate, as implicit-feedback ALS libraries do (each step lowers
that row's quadratic, so the objective never increases either way). The batched solves are
many small BLAS calls, so training runs on one BLAS thread: threads only contend (measured:
several times faster than the default thread pool on a busy 2-core machine).

Training is deterministic (seeded start, fixed order, no threads racing) and cached under
``$PYRABENCH_CACHE/wmf``, keyed by a hash of the corpus texts and the parameters.
"""

from __future__ import annotations

import hashlib
import re
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Sequence

import numpy as np
import pandas as pd
import scipy.sparse as sp

from ..cache import cache_dir, entry_lock, fingerprint, load_npz, save_npz
from ..dataroot import resolve
from .base import Embedding
from .tokens import Coverage
from .wmf_corpus import training_sources

#: Bump when the preprocessing or the solver changes what a cached model holds.
VERSION = "wmf-2"
WORD = re.compile(r"[a-z0-9]+")
#: Floats gathered at once per batch (512 KB: the gathered rows stay in cache while they are used).
BATCH_FLOATS = 1 << 17
#: Word rows (a word's texts) up to this length are solved exactly, longer ones by
#: warm-started conjugate gradient (CG_STEPS a half-iteration), as implicit-ALS libraries do.
EXACT_WORD_ROWS = 64
CG_STEPS = 3


@dataclass(frozen=True)
class WMFParams:
    """The published settings (see the module docstring for where each comes from)."""

    dim: int = 100
    lam: float = 20.0
    w_m: float = 0.01
    iterations: int = 20
    min_count: int = 2
    seed: int = 0
    init_scale: float = 0.01

    def key(self) -> tuple:
        return tuple(sorted(asdict(self).items()))


# --------------------------------------------------------------------------- preprocessing


@lru_cache(maxsize=1)
def _porter():
    import snowballstemmer  # small, pure Python; its "porter" is Porter's original algorithm

    return snowballstemmer.stemmer("porter")


def raw_words(text: str) -> list[str]:
    """Lower-cased runs of letters and digits: a token with any other character is split there."""
    return WORD.findall(text.lower())


def stem_types(types: Sequence[str]) -> list[str]:
    """Porter stems of distinct word types (stemming is per type, not per token)."""
    return _porter().stemWords(list(types))


def stems(text: str) -> list[str]:
    """The stems of one text, in order (what the model sees of it before the rare-word rule)."""
    return stem_types(raw_words(text))


def _stem_codes(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every token of ``texts`` as a stem code: (lengths per text, flat codes, stem strings)."""
    tokens = [raw_words(t) for t in texts]
    lengths = np.fromiter((len(t) for t in tokens), dtype=np.int64, count=len(tokens))
    flat = [w for ws in tokens for w in ws]
    word_codes, word_types = pd.factorize(pd.Series(flat, dtype=object), sort=False)
    stem_codes, stem_types_ = pd.factorize(pd.Series(stem_types(word_types), dtype=object), sort=False)
    codes = stem_codes[word_codes] if len(flat) else np.zeros(0, dtype=np.int64)
    return lengths, np.asarray(codes, dtype=np.int64), np.asarray(stem_types_, dtype=object)


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
        return sp.csr_matrix(self.counts.multiply(self.idf[None, :]), dtype=np.float32)


def term_matrix(texts: Sequence[str], min_count: int = 2) -> TermMatrix:
    """Count stems per text, drop stems with fewer than ``min_count`` occurrences in the whole
    corpus, weight by ``ln(N / df)``. Vectorized: one factorize, one sparse build."""
    lengths, codes, stem_strings = _stem_codes(texts)
    n = len(texts)
    total = np.bincount(codes, minlength=len(stem_strings))
    keep = total >= min_count
    new_id = np.cumsum(keep) - 1
    text_of = np.repeat(np.arange(n), lengths)
    mask = keep[codes]
    v = int(keep.sum())
    counts = sp.csr_matrix(
        (np.ones(int(mask.sum()), dtype=np.float32), (text_of[mask], new_id[codes[mask]])), shape=(n, v)
    )
    counts.sum_duplicates()
    counts.sort_indices()
    df = np.bincount(counts.indices, minlength=v)
    idf = np.log(n / np.maximum(df, 1)).astype(np.float32)
    return TermMatrix(list(stem_strings[keep]), idf, counts, stems_before_rule=len(stem_strings))


def corpus_hash(texts: Sequence[str]) -> str:
    """Content hash of a corpus (texts in order): the cache key of a model trained on it."""
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass"))
        h.update(b"\x1f")
    return h.hexdigest()[:20]


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
    n = stops - starts
    offsets = np.arange(width)[None, :]
    valid = offsets < n[:, None]
    src = np.where(valid, starts[:, None] + offsets, 0)
    idx = np.where(valid, m.indices[src], pad)
    val = np.where(valid, m.data[src], 0.0).astype(np.float32)
    return idx, val


def _cg(fb: np.ndarray, val: np.ndarray, x: np.ndarray, a: np.ndarray, c: np.float32, steps: int) -> np.ndarray:
    """``steps`` conjugate-gradient steps on ``(A + c·F_bᵀF_b) x = F_bᵀ val`` for a batch of
    rows, warm-started at ``x``: each step lowers the row's quadratic, so the objective too."""
    def apply(v):
        return v @ a + c * np.matmul(fb.transpose(0, 2, 1), np.matmul(fb, v[:, :, None]))[:, :, 0]

    r = np.matmul(fb.transpose(0, 2, 1), val[:, :, None])[:, :, 0] - apply(x)
    d = r.copy()
    rs = np.einsum("ij,ij->i", r, r)
    for _ in range(steps):
        ad = apply(d)
        den = np.einsum("ij,ij->i", d, ad)
        alpha = np.divide(rs, den, out=np.zeros_like(rs), where=den > 0)
        x = x + alpha[:, None] * d
        r = r - alpha[:, None] * ad
        rs_new = np.einsum("ij,ij->i", r, r)
        beta = np.divide(rs_new, rs, out=np.zeros_like(rs), where=rs > 0)
        d = r + beta[:, None] * d
        rs = rs_new
    return x


@dataclass(frozen=True)
class Prepared:
    """What every solve against one fixed factor shares (see the module docstring)."""

    h_ext: np.ndarray  # (m + 1, K) H = F L, a zero row appended for padding
    f_ext: np.ndarray  # (m + 1, K) F, a zero row appended
    low_t: np.ndarray  # (K, K) Lᵀ
    a: np.ndarray  # (K, K) A = w_m·FᵀF + λI
    c: np.float32  # 1 − w_m


def prepare(fixed: np.ndarray, params: WMFParams) -> Prepared:
    """``A``, its Cholesky-factored inverse and ``H = F L`` for a fixed factor ``F``."""
    k = fixed.shape[1]
    f64 = fixed.astype(np.float64)
    a = params.w_m * (f64.T @ f64) + params.lam * np.eye(k)
    # With A⁻¹ = L Lᵀ and H = F L: F_S A⁻¹ F_Sᵀ = H_S H_Sᵀ and A⁻¹ F_Sᵀ y = L H_Sᵀ y — one gather.
    low = np.linalg.cholesky(np.linalg.inv(a))
    zero = np.zeros((1, k), np.float32)
    return Prepared(np.vstack([(f64 @ low).astype(np.float32), zero]), np.vstack([fixed.astype(np.float32), zero]),
                    low.T.astype(np.float32), a.astype(np.float32), np.float32(1.0 - params.w_m))


@lru_cache(maxsize=1)
def _blas_controller():
    """threadpoolctl's view of the loaded BLAS libraries, found once: finding them scans the
    process's shared libraries (~7 ms), which every fold-in would otherwise repeat."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def solve_side(m: sp.csr_matrix, fixed: np.ndarray, params: WMFParams, start: np.ndarray | None = None,
               exact_up_to: int | None = None, cg_steps: int = CG_STEPS,
               prepared: Prepared | None = None) -> np.ndarray:
    """Least-squares rows for every row of ``m`` given the ``fixed`` factor (see module doc).

    Rows with at most ``exact_up_to`` nonzeros (default: all) are solved exactly by Woodbury;
    longer ones take ``cg_steps`` conjugate-gradient steps from ``start`` (their previous value).
    ``prepared`` (:func:`prepare` of ``fixed``) saves recomputing it when many calls share one
    factor (fold-ins). Runs on one BLAS thread: the batched solves are many small calls, where
    threads only contend.
    """
    with _blas_controller().limit(limits=1):
        pre = prepare(fixed, params) if prepared is None else prepared
        return _solve_side(m, pre, start, exact_up_to, cg_steps)


def _solve_side(m, pre: Prepared, start, exact_up_to, cg_steps):
    k = pre.h_ext.shape[1]
    pad = pre.h_ext.shape[0] - 1
    out = np.zeros((m.shape[0], k), dtype=np.float32)
    lengths = np.diff(m.indptr)
    limit = int(lengths.max(initial=0)) if exact_up_to is None else exact_up_to
    for width, rows in _buckets(lengths):
        step = max(1, BATCH_FLOATS // (width * k))
        for s in range(0, len(rows), step):
            chunk = rows[s:s + step]
            idx, val = _padded(m, chunk, width, pad)
            if width <= limit:  # Woodbury: an n × n system per row
                hb = pre.h_ext[idx]  # (B, n, K)
                sys_ = pre.c * np.matmul(hb, hb.transpose(0, 2, 1))
                sys_[:, np.arange(width), np.arange(width)] += 1.0
                y = np.linalg.solve(sys_, val[:, :, None])
                out[chunk] = np.matmul(hb.transpose(0, 2, 1), y)[:, :, 0] @ pre.low_t
            else:
                x0 = start[chunk] if start is not None else np.zeros((len(chunk), k), np.float32)
                out[chunk] = _cg(pre.f_ext[idx], val, x0, pre.a, pre.c, cg_steps)
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
        self._prepared: Prepared | None = None

    def text_matrix(self, texts: Sequence[str]) -> tuple[sp.csr_matrix, Coverage]:
        """TF-IDF rows of new texts over the training vocabulary, and what it covered."""
        lengths, codes, stem_strings = _stem_codes(texts)
        ids = np.array([self.index.get(s, -1) for s in stem_strings], dtype=np.int64)
        tok = ids[codes] if len(codes) else np.zeros(0, dtype=np.int64)
        text_of = np.repeat(np.arange(len(texts)), lengths)
        known = tok >= 0
        m = sp.csr_matrix((np.ones(int(known.sum()), np.float32), (text_of[known], tok[known])),
                          shape=(len(texts), len(self.vocab)))
        m.sum_duplicates()
        m.sort_indices()
        m = sp.csr_matrix(m.multiply(self.idf[None, :]), dtype=np.float32)
        per_text = np.bincount(text_of[known], minlength=len(texts))
        coverage = Coverage(texts=len(texts), texts_covered=int((per_text > 0).sum()),
                            texts_empty=int((lengths == 0).sum()), tokens=int(lengths.sum()),
                            known_tokens=int(known.sum()), types=len(stem_strings),
                            known_types=int((ids >= 0).sum()))
        return m, coverage

    def fold_in(self, x: sp.csr_matrix) -> np.ndarray:
        """Latent vectors of texts given as TF-IDF rows (texts × vocabulary): the text-side solve."""
        if self._prepared is None:  # shared by every fold-in (the scorer folds in per summary)
            self._prepared = prepare(self.p, self.params)
        return solve_side(sp.csr_matrix(x, dtype=np.float32), self.p, self.params, prepared=self._prepared)

    def vectors(self, texts: Sequence[str]) -> np.ndarray:
        return self.fold_in(self.text_matrix(texts)[0])


def train(x: sp.csr_matrix, params: WMFParams = WMFParams(), *, track_objective: bool = False,
          progress=None) -> tuple[np.ndarray, np.ndarray, list[float]]:
    """ALS on ``x`` (texts × words, TF-IDF): word factor P (V, K), text factor Q (N, K), and the
    objective after each iteration when ``track_objective``. Each iteration solves P given Q,
    then Q given P, so the final Q is exactly the fold-in of the training texts."""
    x = sp.csr_matrix(x, dtype=np.float32)
    x.sort_indices()
    xt = sp.csr_matrix(x.T)
    xt.sort_indices()
    rng = np.random.default_rng(params.seed)
    q = (rng.standard_normal((x.shape[0], params.dim)) * params.init_scale).astype(np.float32)
    p = np.zeros((x.shape[1], params.dim), np.float32)
    trace: list[float] = []
    for it in range(params.iterations):
        p = solve_side(xt, q, params, start=p, exact_up_to=EXACT_WORD_ROWS)
        q = solve_side(x, p, params)
        if track_objective:
            trace.append(objective(x, p, q, params))
        if progress is not None:
            progress(it + 1)
    return p, q, trace


def fit(texts: Sequence[str], params: WMFParams = WMFParams(), *, cache: bool = True,
        keep_texts: bool = False) -> WMFModel:
    """Train WMF on ``texts`` (one document each), or read the model from the cache."""
    key = fingerprint(VERSION, params.key(), corpus_hash(texts), len(texts))
    path = cache_dir("wmf") / f"wmf-{key}.npz"
    # Under the entry's lock: a chapter asking for the model another chapter is fitting waits, then reads it.
    with entry_lock(path) if cache else nullcontext():
        if cache and path.is_file() and not keep_texts:
            try:
                z = load_npz(path)
                return WMFModel(z["vocab"].tolist(), z["idf"], z["p"], params, objectives=z["objectives"].tolist(),
                                corpus=dict(zip(CORPUS_FIELDS, z["corpus"].tolist())))
            except Exception:  # noqa: BLE001 - an unreadable entry is retrained (pyrabench.cache)
                pass
        tm = term_matrix(texts, params.min_count)
        x = tm.tfidf
        p, q, trace = train(x, params)
        corpus = dict(zip(CORPUS_FIELDS, (len(texts), len(tm.vocab), tm.stems_before_rule, int(x.nnz))))
        model = WMFModel(tm.vocab, tm.idf, p, params, q=q if keep_texts else None, objectives=trace, corpus=corpus)
        if cache:
            save_npz(path, vocab=np.asarray(tm.vocab, dtype=str), idf=tm.idf, p=p,
                     objectives=np.asarray(trace, dtype=np.float64),
                     corpus=np.asarray([corpus[f] for f in CORPUS_FIELDS], dtype=np.int64))
        return model


class WMFEmbedding(Embedding):
    """A trained :class:`WMFModel` behind the :class:`Embedding` interface: a text's vector is
    its fold-in (not a sum of word vectors), so similar texts with no word in common can still
    be close."""

    def __init__(self, model: WMFModel, name: str = "wmf"):
        self.model = model
        self.name = name
        self.dim = model.params.dim
        self.sources: list[tuple[str, int]] = []  # (corpus part, texts), when loaded by load_wmf
        self.sample = False  # trained on the sample book's slice

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
    emb = WMFEmbedding(fit(texts, params), name=name)
    emb.sources = [(s.name, len(s.texts)) for s in sources] + ([("added texts", len(extra))] if len(extra) else [])
    emb.sample = resolve(data).is_sample
    return emb
