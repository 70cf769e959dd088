"""SCU appearances as a table of items, tokenized once, with the per-pyramid pair matrices.

An *item* is one SCU appearance (a contributor's text, read as the policy says: its span in the
summary, its parts, or its label) or, if the policy asks, an SCU label. A
pyramid's items become rows of a sparse word-incidence matrix ``W``, so ``W @ W.T`` gives the
shared-word counts of *all* pairs of the pyramid in one product; both tests (:mod:`.pairs`,
:mod:`.questions`) read the same :class:`PairMatrices`.

Item ids say where an item comes from: ``corpus/topic/scu_id/contributor_index`` (``L`` for the
label). Items keep pyramid order (SCU by SCU, contributors in file order), so every output is
deterministic.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import sparse

from ..data.model import Contributor, Pyramid
from ..text import is_content_word, words_many
from .policy import Policy

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


def contributor_text(pyr: Pyramid, con: Contributor, how: str) -> tuple[str, bool]:
    """The item text of a contributor under ``Policy.item_text``, and whether it fell back.

    "span": the summary from the smallest part start to the largest part end, whitespace
    normalised, so the words between discontinuous parts are kept as the summary reads
    ("Countries worldwide sent money, equipment" for the parts "Countries worldwide sent" +
    "equipment"); where that span is empty (no parts, or offsets outside the summary) the
    contributor label is used and the fallback is reported. "parts": the parts joined in
    reading order. "label": the contributor label of the pyramid file.
    """
    if how == "parts":
        return _normalize(con.text), False
    if how == "label":
        return _normalize(con.label), False
    span = ""
    if con.parts and 0 <= con.summary_index < len(pyr.summaries):
        start = min(p.start for p in con.parts)
        end = max(p.end for p in con.parts)
        span = _normalize(pyr.summaries[con.summary_index][start:end])
    return (span, False) if span else (_normalize(con.label), True)


def build_items(pyramids: Iterable[Pyramid], policy: Policy) -> ItemTable:
    """Collect, deduplicate and tokenize the items of every pyramid, and flag item-level rules.

    A contributor's text follows ``policy.item_text`` (:func:`contributor_text`).

    Bad-input rules (each counted per corpus, never an error):
    ``pyramids``/``scus``/``contributors`` totals; ``single-summary-pyramids`` (a pyramid with one
    model summary: all SCUs weigh 1, kept); ``single-contributor-scus`` (kept: they give negatives
    and distractors, no positives or questions); ``empty-items`` / ``empty-labels`` (no word:
    skipped); ``duplicate-items`` (same text twice in one SCU, e.g. a contributor listed twice or a
    label copied from a contributor: the later copy is skipped); ``non-ascii-items`` (kept as is);
    ``span-label-fallbacks`` (item text "span" but the span is empty: the contributor label is used).
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
            candidates = []
            for k, con in enumerate(scu.contributors):
                text, fell_back = contributor_text(pyr, con, policy.item_text)
                c["span-label-fallbacks"] += fell_back
                candidates.append((str(k), text, "contributor"))
            c["contributors"] += len(scu.contributors)
            if policy.include_labels:
                candidates.append((LABEL_INDEX, _normalize(scu.label or ""), "label"))
            for index, text, kind in candidates:
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
        (is_content_word(w, policy.stop_words) for w in uniques), dtype=bool, count=v
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
    is_label: np.ndarray  # the item is an SCU label (not a contributor)
    content_key: np.ndarray  # one id per distinct content-word set (equal ids: no lexical variety)


def _block_diagonal_product(items: ItemTable) -> sparse.csr_matrix:
    """``W' @ W'.T`` where ``W'`` gives every pyramid its own copy of the vocabulary (column =
    pyramid * vocabulary size + word): the product then holds exactly the within-pyramid pairs'
    shared-word counts, for all pyramids in one sparse product. The unused columns cost nothing:
    the product's work depends on the non-zeros, not on the width."""
    w = items.incidence
    sizes = np.fromiter((sl.end - sl.start for sl in items.slices), dtype=np.int64, count=len(items.slices))
    pyramid_of_row = np.repeat(np.arange(len(sizes)), sizes)
    width = max(w.shape[1], 1)
    cols = pyramid_of_row[np.repeat(np.arange(w.shape[0]), np.diff(w.indptr))] * width + w.indices
    wide = sparse.csr_matrix((np.ones(len(cols), np.int32), cols, w.indptr), shape=(w.shape[0], max(len(sizes), 1) * width))
    return (wide @ wide.T).tocsr()


def _dense_block(product: sparse.csr_matrix, start: int, end: int) -> np.ndarray:
    """Rows/columns ``start:end`` of a block-diagonal CSR product, as a dense array (no slicing
    API; one pyramid at a time, which stays in cache: a single scatter into one buffer for all
    pyramids measured twice as slow)."""
    n = end - start
    lo, hi = product.indptr[start], product.indptr[end]
    block = np.zeros((n, n), dtype=np.int32)
    rows = np.repeat(np.arange(n), np.diff(product.indptr[start : end + 1]))
    block[rows, product.indices[lo:hi] - start] = product.data[lo:hi]
    return block


def iter_matrices(items: ItemTable):
    """``(slice, PairMatrices)`` for every pyramid with items, from one product computed once."""
    shared_all = _block_diagonal_product(items)
    content_key = items.frame["content_key"].to_numpy()
    scu = items.frame["scu_id"].to_numpy()
    eligible = items.frame["eligible"].to_numpy()
    enough = items.frame["enough_words"].to_numpy()
    no_pronoun = items.frame["no_pronoun"].to_numpy()
    is_label = (items.frame["kind"] == "label").to_numpy()
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
            is_label=is_label[sl.start : sl.end],
            content_key=key,
        )
