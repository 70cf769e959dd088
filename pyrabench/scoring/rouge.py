"""ROUGE-1, ROUGE-2 and ROUGE-L recall of every peer against its topic's model summaries.

ROUGE (Lin 2004) is the baseline every summarization metric is compared with. The model
summaries are the pyramid's own (:attr:`pyrabench.data.model.Pyramid.summaries`), so ROUGE and
the pyramid score judge each peer against the same references.

**Tokens** are Google's ``rouge-score`` tokens with its Porter stemmer (``use_stemmer=True``):
``rouge_score.tokenize.tokenize`` (lower case, alphanumeric runs, words longer than 3 letters
stemmed by NLTK's Porter stemmer, as ROUGE-1.5.5 ``-m``). Each distinct word is stemmed once.

**Counts** follow ``rouge_score.rouge_scorer``: ROUGE-N hits of a peer against one model are
``Σ min(count_peer(g), count_model(g))`` over the model's n-grams ``g``; ROUGE-L hits are the
length of the longest common subsequence of the whole token sequences (``rougeL``, which
treats a summary as one sequence; ROUGE-1.5.5's summary-level ROUGE-L takes the union LCS
per model sentence instead, and is what DUC reported — our ROUGE-L can be lower by the
sentence-union gain). The n-gram counts are dense per-topic count matrices compared with one
``np.minimum``; the LCS is Hyyrö's bit-parallel algorithm on Python integers (a handful of
integer operations per peer word). ``tests/test_scoring_rouge.py`` checks both against
``rouge_score.rouge_scorer.RougeScorer`` pair by pair.

**Several models, jackknifed.** DUC's official ROUGE (ROUGE-1.5.5 with ``-f A``) pools the
models: recall against a set ``S`` of models is ``Σ_{m∈S} hits_m / Σ_{m∈S} count_m``; and
with ``M > 1`` models it *jackknifes*: the score is the mean over the ``M`` subsets that leave
one model out. We do the same (``jackknife=True``, default); ``jackknife=False`` pools all
``M`` models at once. For a system peer the two differ only by the weighting of the models
(on DUC 2006/2007 by at most 0.0004, 0.004 on the 2007 update, 0.0001 on average); for a human peer jackknifing is what makes its score comparable
with the systems' (ROUGE-1.5.5 then drops the peer's own summary from the models; DUC's
pyramid peers here are all systems). Unlike DUC we do not truncate peers (``-l 250``): the
peer texts in the pyramid annotations are already NIST's truncated ones.

Results are cached per corpus under ``$PYRABENCH_CACHE/scoring/rouge`` keyed by every text and
option (:mod:`pyrabench.cache`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np
import pandas as pd

from ..cache import cached_frame, fingerprint
from ..extras import require

ROUGE_TYPES = ("rouge_1", "rouge_2", "rouge_l")
KEYS = ("topic", "peer", "annotator")
VERSION = "rouge-v1"
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
NOT_IN_KEY = {"rouge_frame": ("cache",)}


def _rouge_score():
    tokenize = require("rouge_score.tokenize", "scoring", "ROUGE")
    porter = require("nltk.stem.porter", "scoring", "ROUGE")
    return tokenize, porter


class _MemoStemmer:
    """NLTK's Porter stemmer (what ``rouge-score`` uses), asked once per distinct word."""

    def __init__(self):
        _, porter = _rouge_score()
        self._stemmer = porter.PorterStemmer()
        self._memo: dict[str, str] = {}

    def stem(self, word: str) -> str:
        out = self._memo.get(word)
        if out is None:
            out = self._memo[word] = self._stemmer.stem(word)
        return out


@lru_cache(maxsize=1)
def _stemmer() -> _MemoStemmer:
    return _MemoStemmer()


def tokenize(text: str) -> list[str]:
    """``rouge-score``'s tokens with stemming (``RougeScorer(..., use_stemmer=True)``)."""
    tok, _ = _rouge_score()
    return tok.tokenize(text, _stemmer())


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token sequences (bit-parallel, Hyyrö 2004).

    Bit ``i`` of ``V`` is 1 while position ``i`` of ``a`` is not yet the end of a longer common
    subsequence; each token of ``b`` updates ``V`` with two additions and a mask, and the LCS
    length is the number of zero bits left.
    """
    m = len(a)
    if m == 0 or not b:
        return 0
    masks: dict[str, int] = {}
    for i, tok in enumerate(a):
        masks[tok] = masks.get(tok, 0) | (1 << i)
    full = (1 << m) - 1
    v = full
    for tok in b:
        u = v & masks.get(tok, 0)
        v = ((v + u) | (v - u)) & full
    return m - v.bit_count()


def _ngram_matrix(token_lists: Sequence[Sequence[str]], n: int) -> np.ndarray:
    """Dense ``(texts, distinct n-grams)`` count matrix of a few texts (one topic)."""
    index: dict[tuple, int] = {}
    rows, cols = [], []
    for r, toks in enumerate(token_lists):
        for i in range(len(toks) - n + 1):
            g = tuple(toks[i : i + n])
            j = index.get(g)
            if j is None:
                j = index[g] = len(index)
            rows.append(r)
            cols.append(j)
    out = np.zeros((len(token_lists), max(1, len(index))), dtype=np.int32)
    np.add.at(out, (np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64)), 1)
    return out


def pair_counts(peers: Sequence[Sequence[str]], models: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray]:
    """``(hits, counts)``: hits ``(n_peers, n_models, 3)`` and model sizes ``(n_models, 3)`` for
    ROUGE-1, ROUGE-2 and ROUGE-L (unigrams, bigrams, LCS) of tokenized peers vs models."""
    n_p, n_m = len(peers), len(models)
    hits = np.zeros((n_p, n_m, 3), dtype=np.int64)
    counts = np.zeros((n_m, 3), dtype=np.int64)
    for k, n in enumerate((1, 2)):
        c = _ngram_matrix([*peers, *models], n)
        p, m = c[:n_p], c[n_p:]
        hits[:, :, k] = np.minimum(p[:, None, :], m[None, :, :]).sum(axis=2)
        counts[:, k] = m.sum(axis=1)
    counts[:, 2] = [len(t) for t in models]
    for i, pt in enumerate(peers):
        for j, mt in enumerate(models):
            hits[i, j, 2] = lcs_length(mt, pt)
    return hits, counts


def pooled_recall(hits: np.ndarray, counts: np.ndarray, jackknife: bool = True) -> np.ndarray:
    """Recall ``(n_peers, 3)`` from per-model hits and counts (module docstring).

    Pooled: ``Σ hits / Σ counts`` over the models; jackknifed: the mean of that over the
    leave-one-model-out subsets (a single model is used as is). A zero denominator gives 0.
    """
    n_m = counts.shape[0]
    if n_m == 0:
        return np.zeros((hits.shape[0], 3))

    def ratio(h, c):
        return np.divide(h, c, out=np.zeros(np.broadcast_shapes(h.shape, c.shape)), where=c > 0)

    total_h, total_c = hits.sum(axis=1), counts.sum(axis=0)
    if not jackknife or n_m == 1:
        return ratio(total_h.astype(float), total_c.astype(float))
    sub_h = total_h[:, None, :] - hits  # (peers, left-out model, type)
    sub_c = total_c[None, :] - counts  # (left-out model, type)
    return ratio(sub_h.astype(float), sub_c[None].astype(float)).mean(axis=1)


def rouge_pyramid(pyramid, peer_texts: Sequence[str], jackknife: bool = True) -> np.ndarray:
    """``(len(peer_texts), 3)`` recalls of peers against ``pyramid.summaries`` (distinct texts once)."""
    unique, inverse = np.unique(np.asarray(peer_texts, dtype=object).astype(str), return_inverse=True)
    hits, counts = pair_counts([tokenize(t) for t in unique], [tokenize(s) for s in pyramid.summaries])
    return pooled_recall(hits, counts, jackknife)[inverse.ravel()]


def rouge_items(items) -> pd.DataFrame:
    """ROUGE-1/2/L recall of each scored item (``.pyramid``, ``.text``, ``.key``: the automated
    scorer's :class:`~pyrabench.scoring.recipe2013.pipeline.Item`) against its pyramid's model
    summaries, jackknifed: one row per item, its ``key`` and :data:`ROUGE_TYPES`."""
    groups: dict[int, list] = {}
    for item in items:
        groups.setdefault(id(item.pyramid), []).append(item)
    rows = []
    for members in groups.values():
        rec = rouge_pyramid(members[0].pyramid, [i.text for i in members])
        rows.extend({**i.key, **{n: float(v) for n, v in zip(ROUGE_TYPES, r)}} for i, r in zip(members, rec))
    return pd.DataFrame(rows)


def _compute(corpus, jackknife: bool) -> pd.DataFrame:
    by_topic: dict[str, list] = {}
    for p in corpus.peers:
        by_topic.setdefault(p.topic, []).append(p)
    rows = []
    for topic, peers in by_topic.items():
        rec = rouge_pyramid(peers[0].pyramid, [p.summary for p in peers], jackknife)
        for p, r in zip(peers, rec):
            rows.append({"topic": p.topic, "peer": p.peer_id, "annotator": p.annotator,
                         **{name: float(v) for name, v in zip(ROUGE_TYPES, r)}})
    return pd.DataFrame(rows, columns=[*KEYS, *ROUGE_TYPES])


def rouge_frame(corpus, jackknife: bool = True, cache: bool = True) -> pd.DataFrame:
    """ROUGE-1/2/L recall of every peer annotation of ``corpus`` (columns ``topic, peer,
    annotator, rouge_1, rouge_2, rouge_l``), cached per corpus (module docstring)."""
    _rouge_score()
    from importlib.metadata import version

    texts = [s for p in corpus.pyramids for s in (p.topic, *p.summaries)]
    texts += [s for p in corpus.peers for s in (p.topic, p.peer_id, p.annotator, p.summary)]
    key = fingerprint(VERSION, corpus.name, jackknife, version("rouge-score"), strings=texts)
    return cached_frame("rouge", key, lambda: _compute(corpus, jackknife), cache)
