"""Calibrating the automated scorer for summaries nobody annotated: the threshold and the
calibrated estimate, both fitted on an annotated corpus, applied to new summaries.

:func:`pyrabench.scoring.auto.own.score_summaries` reads its threshold here
(:func:`corpus_threshold`: the KDE level :data:`.variants.KDE_LEVEL` of the human matches) and
its estimate (:func:`calibration`, :func:`estimates`): the calibrated scorer
(:mod:`.calibrated`) of a variant, with the cross-fitting fold models of the annotated corpus, and
a prediction interval from the quantiles of its held-out errors (manual − estimate,
split-conformal). A summary of one of the corpus's topics is estimated by the fold model that held
that topic out, as :func:`.variants.auto_frame` scores the annotated peers; a summary of any other
pyramid by a model fitted on every annotated topic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...data.model import Pyramid
from ...errors import PyrabenchError, UnknownNameError
from ...resampling import CONFIDENCE
from ..manual import score_corpus
from . import calibrated, variants
from .pipeline import Item, corpus_key, human_pair_similarities
from .thresholds import determine_thresholds

#: How the similarities of a segment to an SCU's contributors are combined.
COMBINE = "max"


def corpus_threshold(ref, sim, combine: str = COMBINE, seed: int = 0) -> tuple[float, int]:
    """``(threshold, human matches)``: the KDE level :data:`.variants.KDE_LEVEL` of the similarities
    of ``ref``'s human-matched pairs, cached under ``$PYRABENCH_CACHE/scoring/thresholds`` (keyed
    by the corpus content, the similarity and what it was trained on)."""
    trained = (getattr(sim, "training_texts", None), getattr(sim, "training_sentences", None),
               getattr(sim, "dimensions", None))
    key = fingerprint("own-threshold-v1", corpus_key(ref), sim.name, repr(trained), combine, seed, variants.KDE_LEVEL)

    def compute() -> pd.DataFrame:
        pairs = human_pair_similarities(ref.peers, sim, (combine,))
        try:
            t = determine_thresholds(pairs["similarity"].to_numpy(), (variants.KDE_LEVEL,))[variants.KDE_LEVEL]
        except PyrabenchError as exc:
            raise PyrabenchError(f"{ref.name} has too few human matches to read a threshold from ({exc}); "
                                 "give threshold=") from None
        return pd.DataFrame({"threshold": [t], "pairs": [len(pairs)]})

    row = cached_frame("thresholds", key, compute).iloc[0]
    return float(row["threshold"]), int(row["pairs"])


@dataclass
class Calibration:
    """The calibrated scorer of an annotated corpus: fold models and the held-out error quantiles."""

    variant: variants.Variant
    topic_fold: dict[str, int]
    models: dict[int, object]
    frame: pd.DataFrame
    low: float
    high: float
    unit_similarity: object | None
    _all: object | None = None

    def model_for(self, topic: str | None):
        """The fold model that held ``topic`` out, or (another pyramid) one fitted on every topic."""
        if topic in self.topic_fold:
            return self.models[self.topic_fold[topic]]
        if self._all is None:
            self._all = calibrated.fit_model(self.frame, self.variant.features, self.variant.model)
        return self._all


def calibration(ref, name: str | None) -> tuple[Calibration | None, str]:
    """``(calibration, note)``: variant ``name`` (None: :data:`.variants.DEFAULT`) calibrated on
    the annotated corpus ``ref``, or None and why not."""
    v = variants.variant(name)
    if v.mode not in ("expected", "hard"):
        raise UnknownNameError(f"variant {v.name!r} ({v.mode}) cannot estimate new summaries; use an expected-score "
                               f"variant such as {variants.DEFAULT!r}")
    try:
        frame = variants.features(ref, v.similarity)
        fold, models = calibrated.fold_models(frame, v.features, calibrated.FOLDS, v.model)
        held = variants.auto_frame(ref, v.name)
    except PyrabenchError as exc:
        return None, f"no estimate: the {v.name} scorer cannot be calibrated on {ref.name} ({exc})"
    manual = score_corpus(ref)[[*calibrated.KEYS, "modified"]]
    both = manual.merge(held, on=list(calibrated.KEYS))
    low, high = np.quantile(both["modified"] - both["auto"], [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
    topic_fold = {t: int(k) for t, k in zip(frame["topic"], fold)}
    unit_sim = calibrated.UnitSimilarity(v.similarity, ref) if v.similarity else None
    note = (f"estimate: the {v.name} scorer calibrated on the {len(both):,} manual annotations of {ref.name} "
            f"(a topic of {ref.name} by the fold model that held it out), {CONFIDENCE * 100:g} % interval from its "
            "held-out errors")
    return Calibration(v, topic_fold, models, frame, float(low), float(high), unit_sim), note


def ref_topic(pyramid: Pyramid, ref) -> str | None:
    """The annotated corpus's topic whose pyramid ``pyramid`` is (same summaries and SCUs), if any."""
    for p in ref.pyramids:
        if p is pyramid or (p.summaries == pyramid.summaries and p.scus == pyramid.scus):
            return p.topic
    return None


def estimates(cal: Calibration, ref, items: Sequence[Item], tokens) -> pd.DataFrame:
    """``estimate`` and its interval per item (keys ``topic, system``)."""
    groups: dict[int, list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(id(item.pyramid), []).append(k)
    frames = []
    for members in groups.values():
        pyramid = items[members[0]].pyramid
        units = [[tokens[k].span_text(a, b) for a, b in tokens[k].sentences] for k in members]
        topic, feats = calibrated.unit_features(pyramid, units, cal.unit_similarity)
        n_s = len(topic.scu_ids)
        frame = pd.DataFrame({
            "topic": np.repeat([items[k].key["topic"] for k in members], n_s),
            "peer": np.repeat([items[k].key["system"] for k in members], n_s),
            "annotator": "",
            **{c: np.asarray(v, dtype=np.float64).ravel() for c, v in feats.items()},
            "weight": np.tile(topic.weights, len(members)), "ideal": float(topic.ideal),
        })
        x = frame[list(cal.variant.features)].to_numpy(np.float64)
        p = cal.model_for(ref_topic(pyramid, ref)).predict_proba(x)[:, 1]
        frames.append(calibrated.scores(frame, p, cal.variant.mode))
    out = pd.concat(frames, ignore_index=True).rename(columns={"peer": "system", "auto": "estimate"})
    out["estimate_low"] = np.maximum(out["estimate"] + cal.low, 0.0)
    out["estimate_high"] = out["estimate"] + cal.high
    return out[["topic", "system", "estimate", "estimate_low", "estimate_high"]]
