"""SCU appearances as a table of items, and the binary test: pairs of items with a 1/0 label.

An *item* is one SCU appearance (a contributor's text) or, if the policy asks, an SCU label. Each
item is tokenized once; a pyramid's items become rows of a sparse word-incidence matrix ``W``, so
``W @ W.T`` gives the shared-word counts of *all* pairs of the pyramid in one product, and each
rule of :mod:`pyrabench.paraphrase.policy` is a boolean mask over the upper triangle. A straightforward
per-pair loop (:func:`binary_pairs_loop`) gives the same pairs and is kept as the reference the
tests and ``benchmarks/bench_build.py`` compare against.

Item ids say where an item comes from: ``corpus/topic/scu_id/contributor_index`` (``L`` for the
label). Items keep pyramid order (SCU by SCU, contributors in file order), so every output is
deterministic.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import sparse

from .policy import RULES, Policy
from ..data.model import Pyramid
from ..text import words_many

LABEL_INDEX = "L"


@dataclass
class PyramidSlice:
    """Rows ``start:end`` of an :class:`ItemTable` are the items of one pyramid."""

    corpus: str
    topic: str
    start: int
    end: int
    scu_starts: np.ndarray  # offsets (relative to start) where each SCU's items begin


@dataclass
class ItemTable:
    """All items of a set of pyramids, columnar, with their words and incidence matrices."""

    frame: pd.DataFrame  # item_id corpus topic scu_id contributor text weight n_words ...
    words: list[list[str]]
    incidence: sparse.csr_matrix  # items x vocabulary, 1 where the item contains the word
    content: sparse.csr_matrix  # the same restricted to content words
    vocabulary: dict[str, int]
    slices: list[PyramidSlice]
    counts: dict[str, Counter]  # corpus -> bad-input / rule counters (see build_items)
    is_content: np.ndarray  # per vocabulary column: is it a content word

    def __len__(self) -> int:
        return len(self.frame)

    @property
    def eligible(self) -> np.ndarray:
        return self.frame["eligible"].to_numpy()


def _normalize(text: str) -> str:
    return " ".join(text.split())


def build_items(pyramids: Iterable[Pyramid], policy: Policy) -> ItemTable:
    """Collect, deduplicate and tokenize the items of every pyramid, and flag item-level rules.

    Bad-input rules (each counted per corpus, never an error):
    ``pyramids``/``scus``/``contributors`` totals; ``single-summary-pyramids`` (a pyramid with one
    model summary: all SCUs weigh 1, kept); ``single-contributor-scus`` (kept: they give negatives
    and distractors, no positives or questions); ``empty-items`` / ``empty-labels`` (no word:
    skipped); ``duplicate-items`` (same text twice in one SCU, e.g. a contributor listed twice or a
    label copied from a contributor: the later copy is skipped); ``non-ascii-items`` (kept as is).
    """
    rows: list[tuple] = []
    slices: list[PyramidSlice] = []
    counts: dict[str, Counter] = defaultdict(Counter)
    for pyr in pyramids:
        c = counts[pyr.corpus]
        c["pyramids"] += 1
        if pyr.n_summaries <= 1:
            c["single-summary-pyramids"] += 1
        start = len(rows)
        scu_starts = []
        for scu in pyr.scus:
            c["scus"] += 1
            seen: set[str] = set()
            first = len(rows)
            n_items = 0
            candidates = [(str(k), con.text, "contributor") for k, con in enumerate(scu.contributors)]
            c["contributors"] += len(scu.contributors)
            if policy.include_labels:
                candidates.append((LABEL_INDEX, scu.label or "", "label"))
            for index, raw, kind in candidates:
                text = _normalize(raw)
                if not text:
                    c["empty-labels" if kind == "label" else "empty-items"] += 1
                    continue
                if text in seen:
                    c["duplicate-items"] += 1
                    continue
                seen.add(text)
                if not text.isascii():
                    c["non-ascii-items"] += 1
                rows.append((pyr.corpus, pyr.topic, scu.scu_id, index, kind, text, scu.weight))
                n_items += 1
            if len(scu.contributors) == 1:
                c["single-contributor-scus"] += 1
            if n_items:
                scu_starts.append(first - start)
        slices.append(PyramidSlice(pyr.corpus, pyr.topic, start, len(rows), np.asarray(scu_starts, dtype=np.int64)))

    frame = pd.DataFrame(rows, columns=["corpus", "topic", "scu_id", "contributor", "kind", "text", "weight"])
    frame["scu_id"] = frame["scu_id"].astype(np.int64)
    frame["weight"] = frame["weight"].astype(np.int64)
    words = words_many(frame["text"].tolist())
    n = len(words)
    # word-incidence matrix: factorize all words at once, then one 1 per (item, word type)
    lengths = np.fromiter((len(ws) for ws in words), dtype=np.int64, count=n)
    flat = [w for ws in words for w in ws]
    codes, uniques = pd.factorize(pd.Series(flat, dtype=object), sort=False) if flat else (np.zeros(0, np.int64), [])
    vocab = {w: j for j, w in enumerate(uniques)}
    v = len(vocab)
    incidence = sparse.csr_matrix(
        (np.ones(len(codes), dtype=np.int32), codes.astype(np.int64), np.concatenate([[0], np.cumsum(lengths)])),
        shape=(n, v),
    )
    incidence.sum_duplicates()
    incidence.data[:] = 1
    is_content = np.fromiter(
        (w not in policy.stop_words and any(ch.isalnum() for ch in w) for w in uniques), dtype=bool, count=v
    )
    is_pronoun = np.fromiter((w in policy.pronouns for w in uniques), dtype=np.int32, count=v)
    pronoun_hit = (incidence @ is_pronoun) > 0
    content = incidence.multiply(is_content.astype(np.int32)[None, :]).tocsr()
    content.eliminate_zeros()
    content.sort_indices()
    # one id per distinct content-word set: two items lack lexical variety iff their ids are equal
    content_key = pd.factorize(
        pd.Series([content.indices[a:b].tobytes() for a, b in zip(content.indptr[:-1], content.indptr[1:])], dtype=object)
    )[0] if n else np.zeros(0, np.int64)

    frame.insert(0, "item_id", frame["corpus"] + "/" + frame["topic"] + "/" + frame["scu_id"].astype(str) + "/" + frame["contributor"])
    frame["n_words"] = lengths
    frame["n_types"] = np.diff(incidence.indptr).astype(np.int64)
    frame["n_content"] = np.diff(content.indptr).astype(np.int64)
    frame["content_key"] = np.asarray(content_key, dtype=np.int64)
    frame["enough_words"] = frame["n_words"].to_numpy() >= policy.min_words
    frame["no_pronoun"] = ~pronoun_hit
    frame["eligible"] = frame["enough_words"] & frame["no_pronoun"]
    for corpus, group in frame.groupby("corpus", sort=False):
        c = counts[corpus]
        c["items"] = len(group)
        c["items-failing-min-words"] = int((~group["enough_words"]).sum())
        c["items-failing-no-pronouns"] = int((~group["no_pronoun"]).sum())
        c["eligible-items"] = int(group["eligible"].sum())
    return ItemTable(frame, words, incidence, content, vocab, slices, dict(counts), is_content)


@dataclass
class PairMatrices:
    """Dense per-pyramid pair quantities, computed once and shared by pairs and questions."""

    shared: np.ndarray  # shared word types, n x n
    same_content: np.ndarray  # True where the content-word sets are equal (no lexical variety)
    scu: np.ndarray  # scu_id per item
    n_types: np.ndarray
    eligible: np.ndarray
    enough: np.ndarray  # rule min-words holds for the item
    no_pronoun: np.ndarray  # rule no-pronouns holds for the item


def _block_diagonal_product(items: ItemTable) -> sparse.csr_matrix:
    """``W' @ W'.T`` where ``W'`` gives every pyramid its own copy of the vocabulary (column =
    (pyramid, word)): the product then holds exactly the within-pyramid pairs' shared-word
    counts, for all pyramids in one sparse product."""
    w = items.incidence
    pyramid_of_row = np.zeros(len(items), dtype=np.int64)
    for k, sl in enumerate(items.slices):
        pyramid_of_row[sl.start : sl.end] = k
    rows = np.repeat(np.arange(w.shape[0]), np.diff(w.indptr))
    key = pyramid_of_row[rows] * max(w.shape[1], 1) + w.indices
    _, cols = np.unique(key, return_inverse=True)
    n_cols = int(cols.max()) + 1 if len(cols) else 0
    wide = sparse.csr_matrix((np.ones(len(cols), np.int32), cols, w.indptr), shape=(w.shape[0], n_cols))
    return (wide @ wide.T).tocsr()


def _dense_block(product: sparse.csr_matrix, start: int, end: int) -> np.ndarray:
    """Rows/columns ``start:end`` of a block-diagonal CSR product, as a dense array (no slicing API)."""
    n = end - start
    lo, hi = product.indptr[start], product.indptr[end]
    block = np.zeros((n, n), dtype=np.int32)
    rows = np.repeat(np.arange(n), np.diff(product.indptr[start : end + 1]))
    block[rows, product.indices[lo:hi] - start] = product.data[lo:hi]
    return block


def iter_matrices(items: ItemTable):
    """``(slice, PairMatrices)`` for every pyramid with items, from two products computed once."""
    shared_all = _block_diagonal_product(items)
    content_key = items.frame["content_key"].to_numpy()
    scu = items.frame["scu_id"].to_numpy()
    eligible = items.frame["eligible"].to_numpy()
    enough = items.frame["enough_words"].to_numpy()
    no_pronoun = items.frame["no_pronoun"].to_numpy()
    for sl in items.slices:
        if sl.end == sl.start:
            continue
        shared = _dense_block(shared_all, sl.start, sl.end)
        key = content_key[sl.start : sl.end]
        yield sl, PairMatrices(
            shared=shared,
            same_content=key[:, None] == key[None, :],
            scu=scu[sl.start : sl.end],
            n_types=np.diagonal(shared).copy(),
            eligible=eligible[sl.start : sl.end],
            enough=enough[sl.start : sl.end],
            no_pronoun=no_pronoun[sl.start : sl.end],
        )


BINARY_COLUMNS = [
    "pair_id", "corpus", "topic", "label", "text_a", "text_b", "id_a", "id_b",
    "scu_a", "scu_b", "weight_a", "weight_b", "shared_words", "words_a", "words_b",
]  # fmt: skip


@dataclass
class PairResult:
    index_a: np.ndarray
    index_b: np.ndarray
    label: np.ndarray
    shared: np.ndarray
    constraints: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)  # corpus -> kind -> counts


@lru_cache(maxsize=512)
def _upper_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    return np.triu_indices(n, 1)


def _failure_codes(m: PairMatrices, iu: np.ndarray, ju: np.ndarray, same: np.ndarray, policy: Policy) -> np.ndarray:
    """Bit k set where rule ``RULES[k]`` rejects the pair (negative-overlap only for negatives)."""
    code = ~(m.enough[iu] & m.enough[ju]) * np.uint8(1)
    code |= ~(m.no_pronoun[iu] & m.no_pronoun[ju]) * np.uint8(2)
    code |= ((m.shared[iu, ju] < policy.negative_min_shared) & ~same) * np.uint8(4)
    if policy.require_lexical_variety:
        code |= m.same_content[iu, ju] * np.uint8(8)
    return code


def pyramid_pairs(items: ItemTable, sl: PyramidSlice, m: PairMatrices, policy: Policy, counters: dict):
    """The kept pairs of one pyramid (global indices a < b, label, shared words).

    Adds to ``counters[kind]`` a histogram of failure codes (see :func:`rule_counts`).
    """
    iu, ju = _upper_pairs(sl.end - sl.start)
    same = m.scu[iu] == m.scu[ju]
    code = _failure_codes(m, iu, ju, same, policy)
    hist = np.bincount(code + same * np.uint8(16), minlength=32)
    counters["histogram"] = counters.get("histogram", 0) + hist
    keep = code == 0
    a, b = iu[keep], ju[keep]
    return a + sl.start, b + sl.start, same[keep].astype(np.int64), m.shared[a, b].astype(np.int64)


def rule_counts(histogram: np.ndarray) -> dict[str, dict[str, int]]:
    """Per kind: ``candidates``, ``fails:<rule>`` (the rule alone), ``removed:<rule>`` (rules in
    the order of :data:`RULES`, each removing what the earlier ones left) and ``kept``."""
    out = {}
    codes = np.arange(16)
    for kind, offset in (("positive", 16), ("negative", 0)):
        h = np.asarray(histogram[offset : offset + 16], dtype=np.int64)
        c = {"candidates": int(h.sum())}
        for k, rule in enumerate(RULES):
            c[f"fails:{rule}"] = int(h[(codes >> k) & 1 == 1].sum())
        for k, rule in enumerate(RULES):
            first_failure = (codes & ((1 << (k + 1)) - 1)) == (1 << k)  # bit k set, no earlier bit
            c[f"removed:{rule}"] = int(h[first_failure].sum())
        c["kept"] = int(h[0])
        out[kind] = c
    return out


def binary_pairs(items: ItemTable, policy: Policy) -> PairResult:
    """All positive and negative pairs, vectorized per pyramid, with per-rule removal counts.

    ``constraints[corpus][kind]`` (kind = positive/negative) holds ``candidates`` (all pairs of
    items of the same pyramid: same SCU / different SCUs), ``fails:<rule>`` (candidates the rule
    alone rejects), ``removed:<rule>`` (removed when the rules apply in the order of
    :data:`pyrabench.paraphrase.policy.RULES`) and ``kept``.
    """
    parts, constraints = [], {}
    for sl in items.slices:
        constraints.setdefault(sl.corpus, {})
    for sl, m in iter_matrices(items):
        parts.append(pyramid_pairs(items, sl, m, policy, constraints[sl.corpus]))
    return collect_pairs(parts, constraints)


def collect_pairs(parts, constraints) -> PairResult:
    cols = list(zip(*parts)) if parts else [[], [], [], []]
    cat = lambda xs: np.concatenate(xs).astype(np.int64) if len(xs) else np.zeros(0, np.int64)  # noqa: E731
    return PairResult(
        *(cat(x) for x in cols),
        constraints={corpus: rule_counts(d.get("histogram", np.zeros(32, np.int64))) for corpus, d in constraints.items()},
    )


def binary_pairs_loop(items: ItemTable, policy: Policy) -> list[tuple[int, int, int]]:
    """The reference: a plain per-pair loop over Python sets. Same pairs, same order, far slower."""
    f = items.frame
    scu = f["scu_id"].tolist()
    n_words = f["n_words"].tolist()
    sets = [set(ws) for ws in items.words]
    contents = [
        {w for w in s if w not in policy.stop_words and any(ch.isalnum() for ch in w)} for s in sets
    ]
    out = []
    for sl in items.slices:
        for i in range(sl.start, sl.end):
            for j in range(i + 1, sl.end):
                if n_words[i] < policy.min_words or n_words[j] < policy.min_words:
                    continue
                if sets[i] & policy.pronouns or sets[j] & policy.pronouns:
                    continue
                positive = scu[i] == scu[j]
                if not positive and len(sets[i] & sets[j]) < policy.negative_min_shared:
                    continue
                if policy.require_lexical_variety and contents[i] == contents[j]:
                    continue
                out.append((i, j, int(positive)))
    return out


def pairs_frame(items: ItemTable, result: PairResult) -> pd.DataFrame:
    """The binary test as a DataFrame with the columns of :data:`BINARY_COLUMNS`."""
    f = items.frame
    a, b = result.index_a, result.index_b
    col = lambda name, idx: f[name].to_numpy()[idx]  # noqa: E731
    id_a, id_b = col("item_id", a), col("item_id", b)
    corpus, topic = col("corpus", a), col("topic", a)
    scu_a, scu_b = col("scu_id", a), col("scu_id", b)
    ci_a, ci_b = col("contributor", a), col("contributor", b)
    pair_id = [f"{c}/{t}/{sa}/{xa}+{sb}/{xb}" for c, t, sa, xa, sb, xb in zip(corpus, topic, scu_a, ci_a, scu_b, ci_b)]
    return pd.DataFrame(
        {
            "pair_id": pair_id,
            "corpus": corpus,
            "topic": topic,
            "label": result.label.astype(np.int64),
            "text_a": col("text", a),
            "text_b": col("text", b),
            "id_a": id_a,
            "id_b": id_b,
            "scu_a": col("scu_id", a).astype(np.int64),
            "scu_b": col("scu_id", b).astype(np.int64),
            "weight_a": col("weight", a).astype(np.int64),
            "weight_b": col("weight", b).astype(np.int64),
            "shared_words": result.shared.astype(np.int64),
            "words_a": col("n_words", a).astype(np.int64),
            "words_b": col("n_words", b).astype(np.int64),
        },
        columns=BINARY_COLUMNS,
    )
