"""MiniLM token recall: BERTScore's recall of a pyramid's units in a summary.

BERTScore (Zhang et al. 2020, ``bert_score``'s ``greedy_cos_idf``) matches each token of the
reference to its most similar token of the candidate and averages those best cosines, weighted
by the reference tokens' IDF. Here the reference side is a unit (an SCU's label or contributor,
or a lite pyramid's unit) and the candidate a summary, on MiniLM's token vectors
(:mod:`pyrabench.embeddings.token_vectors`):

* **IDF** (:class:`IDF`) is counted as BERTScore counts it over the references: each reference
  text (the pyramids' model summaries of what is scored, each distinct text once) is one
  document, ``idf(t) = log((M + 1) / (df(t) + 1))`` over ``M`` documents, a token of no
  document ``log(M + 1)``; the special tokens weigh nothing (they are dropped). A unit whose
  tokens all weigh 0 is averaged unweighted.
* **Sentences and the whole summary.** A summary is encoded sentence by sentence (MiniLM reads
  256 word pieces at most; a 250-word DUC summary is longer), so each sentence is a text of the
  store, shared with the sentence features. :func:`recall` gives each unit's recall against each
  sentence and against each whole summary (its sentences' tokens together): one matrix product
  of every unit token with every sentence token, then maxima and weighted sums by segment, no
  loop over pairs.
* **The baseline** (:func:`summary_scores`): a summary's *MiniLM token recall* is the weighted
  mean of its pyramid's units' recalls against the whole summary, the units weighted as the
  pyramid weighs them (for a lite pyramid every unit weighs 1: the plain mean).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..embeddings.token_vectors import TokenVectors

CHUNK_FLOATS = 1 << 23  # unit-token × sentence-token cosines held at once (32 MB of float32)


@dataclass(frozen=True)
class IDF:
    """Smoothed inverse document frequencies of token ids over ``documents`` texts."""

    ids: np.ndarray  # sorted token ids seen in some document
    values: np.ndarray  # their idf
    documents: int

    @classmethod
    def of(cls, documents: Sequence[Sequence[int]]) -> "IDF":
        """From each document's token ids (each document counted once per token)."""
        seen = [np.unique(np.asarray(d, dtype=np.int64)) for d in documents]
        ids, df = np.unique(np.concatenate(seen) if seen else np.zeros(0, np.int64), return_counts=True)
        m = len(documents)
        return cls(ids, np.log((m + 1.0) / (df + 1.0)), m)

    def __call__(self, token_ids: np.ndarray) -> np.ndarray:
        """The idf of each token id (``log(M + 1)`` for an id no document holds)."""
        token_ids = np.asarray(token_ids, dtype=np.int64)
        out = np.full(len(token_ids), np.log(self.documents + 1.0))
        if len(self.ids):
            pos = np.searchsorted(self.ids, token_ids).clip(max=len(self.ids) - 1)
            hit = self.ids[pos] == token_ids
            out[hit] = self.values[pos[hit]]
        return out


def _segment_max(values: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Max of ``values``'s columns by segment (``offsets``): ``(rows, segments)``, 0 for an empty one."""
    lengths = np.diff(offsets)
    out = np.zeros((values.shape[0], len(lengths)), dtype=values.dtype)
    nonempty = np.flatnonzero(lengths > 0)
    if len(nonempty) and values.shape[0]:
        out[:, nonempty] = np.maximum.reduceat(values, offsets[:-1][nonempty], axis=1)
    return out


def _segment_mean(best: np.ndarray, weights: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Per unit segment (rows of ``best``), the ``weights``-weighted mean of its rows: ``(units, cols)``;
    a unit whose weights sum to 0 takes the plain mean, a unit with no token 0."""
    lengths = np.diff(offsets)
    out = np.zeros((len(lengths), best.shape[1]))
    nonempty = np.flatnonzero(lengths > 0)
    if not len(nonempty) or not best.shape[1]:
        return out
    starts = offsets[:-1][nonempty]
    total = np.add.reduceat(weights, starts)
    owner = np.repeat(np.arange(len(lengths)), lengths)
    flat = total[np.searchsorted(nonempty, owner)] == 0  # every token of its unit weighs 0
    w = np.where(flat, 1.0, weights)
    num = np.add.reduceat(best * w[:, None], starts, axis=0)
    den = np.add.reduceat(w, starts)
    out[nonempty] = num / den[:, None]
    return out


def recall(units: TokenVectors, idf: IDF, sentences: TokenVectors, sentences_per_summary: Sequence[int]
           ) -> tuple[np.ndarray, np.ndarray]:
    """``(by sentence (units, sentences), by summary (units, summaries))``: each unit's
    IDF-weighted mean over its tokens of the token's best cosine with a sentence's tokens, and
    with a whole summary's (its ``sentences_per_summary`` consecutive sentences)."""
    counts = np.asarray(sentences_per_summary, dtype=np.int64)
    sent_off = sentences.offsets
    summary_off = sent_off[np.concatenate([[0], np.cumsum(counts)])]
    n_tok = len(units.ids)
    best_sent = np.zeros((n_tok, len(sentences)), dtype=np.float32)
    best_summary = np.zeros((n_tok, len(counts)), dtype=np.float32)
    if n_tok and len(sentences.ids):
        t = np.ascontiguousarray(sentences.vectors, dtype=np.float32).T
        step = max(1, CHUNK_FLOATS // max(1, t.shape[1]))
        for start in range(0, n_tok, step):
            cos = np.asarray(units.vectors[start : start + step], dtype=np.float32) @ t
            best_sent[start : start + step] = _segment_max(cos, sent_off)
            best_summary[start : start + step] = _segment_max(cos, summary_off)
    w = idf(units.ids)
    return (_segment_mean(best_sent.astype(np.float64), w, units.offsets),
            _segment_mean(best_summary.astype(np.float64), w, units.offsets))


def reference_idf(encoder, pyramids) -> IDF:
    """:class:`IDF` over the distinct model summaries of ``pyramids`` (module docstring)."""
    docs = list(dict.fromkeys(s for p in pyramids for s in p.summaries))
    return IDF.of(encoder.token_ids(docs))


def summary_scores(pyramids: Sequence, sentences: Sequence[Sequence[str]], encoder=None) -> np.ndarray:
    """Each summary's MiniLM token recall (module docstring): ``pyramids[i]`` the pyramid of the
    summary cut into ``sentences[i]``. Every distinct text encoded once, in one call."""
    if encoder is None:
        from ..embeddings.token_vectors import token_encoder

        encoder = token_encoder()
    groups: dict[int, list[int]] = {}
    for k, p in enumerate(pyramids):
        groups.setdefault(id(p), []).append(k)
    by_id = {id(p): p for p in pyramids}
    distinct = list(groups)
    idf = reference_idf(encoder, [by_id[i] for i in distinct])
    texts = list(dict.fromkeys([*(u for s in sentences for u in s),
                                *(scu.label for i in distinct for scu in by_id[i].scus)]))
    index = {t: k for k, t in enumerate(texts)}
    rows = encoder.encode(texts)
    out = np.zeros(len(pyramids))
    for pid in distinct:
        members = groups[pid]
        pyramid = by_id[pid]
        units = rows.take([index[s.label] for s in pyramid.scus])
        sents = rows.take([index[u] for i in members for u in sentences[i]])
        _, by_summary = recall(units, idf, sents, [len(sentences[i]) for i in members])
        w = np.array([float(s.weight) for s in pyramid.scus])
        out[members] = (w @ by_summary) / w.sum() if w.sum() > 0 else 0.0
    return out
