"""The SCUs the calibrated model finds in a summary: each one's probability, the sentence that
carries its evidence, and whether it counts.

The score of a summary nobody annotated (:mod:`.own`), the SCUs ``--explain`` lists and the
``.pan`` files ``--write-pan`` writes all come from these arrays, so they tell one story:

* ``p``: the calibrated probability that an annotator marks the SCU in the summary
  (:mod:`.calibrated`: the model sees the summary's best sentence for each feature and the
  whole summary);
* ``unit``: the sentence of the summary that carries the evidence, the one whose own features
  (the summary's other sentences left out, its whole-summary features kept) give the SCU its
  highest probability;
* ``counted``: the model's SCU set, the ``round(Σp)`` most probable SCUs of the summary (ties
  in pyramid order). Chapter 6's ``lex-top`` counts the same set; its agreement with the
  annotators' sets is measured there.

The estimate of the manual modified score is ``Σ w·p / Max(A)`` over these ``p``; the counted
set's own score is ``Σ_counted w / Max(A)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import calibrated

#: Features that describe the whole summary, not one sentence: kept when one sentence is scored alone.
WHOLE_SUMMARY = ("r1_peer_c", "r2_peer_c", "weight_share")


@dataclass(frozen=True)
class Found:
    """One pyramid's summaries: arrays ``(summaries, SCUs)`` in the pyramid's SCU order."""

    scu_ids: np.ndarray
    weights: np.ndarray  # NIST convention weights
    ideal: int  # Max(A)
    p: np.ndarray
    unit: np.ndarray  # index of the evidence sentence within its summary
    counted: np.ndarray  # bool

    def expected(self) -> np.ndarray:
        """``Σ w·p / Max(A)`` per summary: the expected modified score."""
        return self.p @ self.weights / self.ideal if self.ideal else np.zeros(len(self.p))

    def counted_score(self) -> np.ndarray:
        """``Σ_counted w / Max(A)`` per summary: the modified score of the counted set."""
        return self.counted @ self.weights / self.ideal if self.ideal else np.zeros(len(self.p))


def top_of_groups(codes: np.ndarray, p: np.ndarray) -> np.ndarray:
    """True for the ``round(Σp)`` most probable rows of each group (``codes``: the group of each
    row; ties: the first row)."""
    codes, p = np.asarray(codes), np.asarray(p, dtype=np.float64)
    order = np.lexsort((np.arange(len(p)), -p, codes))
    sorted_codes = codes[order]
    starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]])
    rank = np.empty(len(p), dtype=np.int64)
    rank[order] = np.arange(len(p)) - np.repeat(starts, np.diff(np.r_[starts, len(p)]))
    _, inverse = np.unique(codes, return_inverse=True)
    take = np.round(np.bincount(inverse, weights=p))
    return rank < take[inverse]


def count_top(p: np.ndarray) -> np.ndarray:
    """Per row of the matrix ``p``, True for its ``round(Σp)`` most probable entries (ties: the first)."""
    p = np.asarray(p, dtype=np.float64)
    return top_of_groups(np.repeat(np.arange(p.shape[0]), p.shape[1]), p.ravel()).reshape(p.shape)


def set_agreement(frame, p: np.ndarray, keys: Sequence[str] = calibrated.KEYS) -> dict[str, float]:
    """How the counted sets of the annotated summaries of ``frame`` (a :func:`.calibrated.feature_frame`,
    ``y``: the annotator marked the SCU) agree with the annotators' sets, at probabilities ``p``:
    precision, recall, F1 and Jaccard per summary, averaged over the summaries (a summary where
    both sets are empty agrees fully)."""
    codes = frame.groupby(list(keys), sort=False).ngroup().to_numpy()
    counted = top_of_groups(codes, p)
    y = frame["y"].to_numpy(bool)
    both = np.bincount(codes, weights=counted & y)
    n_counted, n_marked = np.bincount(codes, weights=counted), np.bincount(codes, weights=y)
    union = n_counted + n_marked - both

    def ratio(a, b):
        return np.divide(a, b, out=np.ones_like(a), where=b > 0)

    return {"precision": float(ratio(both, n_counted).mean()), "recall": float(ratio(both, n_marked).mean()),
            "f1": float(ratio(2 * both, n_counted + n_marked).mean()), "jaccard": float(ratio(both, union).mean()),
            "summaries": int(len(both))}


def _proba(model, feats: dict[str, np.ndarray], features: Sequence[str]) -> np.ndarray:
    shape = np.shape(feats[features[0]])
    x = np.column_stack([np.asarray(feats[f], dtype=np.float64).ravel() for f in features])
    return model.predict_proba(x)[:, 1].reshape(shape)


def find(pyramid, units: list[list[str]], model, features: Sequence[str], similarity=None) -> Found:
    """The SCUs of ``pyramid`` in summaries cut into ``units`` (each summary's sentence texts, at
    least one each), by a fitted ``model`` of ``features`` (module docstring)."""
    topic, feats = calibrated.unit_features(pyramid, units, similarity)
    p = _proba(model, feats, features)
    flat = [u for us in units for u in us]
    owner = np.repeat(np.arange(len(units)), [len(us) for us in units])
    _, alone = calibrated.unit_features(pyramid, [[u] for u in flat], similarity)
    for f in WHOLE_SUMMARY:
        if f in alone:
            alone[f] = np.asarray(feats[f])[owner]
    per_unit = _proba(model, alone, features)
    first = np.concatenate([[0], np.cumsum([len(us) for us in units])[:-1]]).astype(np.int64)
    unit = np.zeros(p.shape, dtype=np.int64)
    for k, (a, us) in enumerate(zip(first, units)):
        unit[k] = np.argmax(per_unit[a : a + len(us)], axis=0)
    return Found(topic.scu_ids, topic.weights, int(topic.ideal), p, unit, count_top(p))
