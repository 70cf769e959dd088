"""Calibrating the automated scorer for summaries nobody annotated: the threshold and the
calibrated model, both fitted on an annotated corpus, applied to new summaries.

:func:`pyrabench.scoring.auto.own.score_summaries` reads the 2013 recipe's threshold here
(:func:`corpus_threshold`: the KDE level :data:`.variants.KDE_LEVEL` of the human matches) and
its model (:func:`calibration`, :func:`found`): the calibrated scorer (:mod:`.calibrated`) of a
variant, with the cross-fitting fold models of the annotated corpus, each SCU's probability,
evidence and whether it counts (:mod:`.evidence`), the estimate with a prediction interval from
the quantiles of its held-out errors (manual − estimate, split-conformal), and how the held-out
predictions agree with the annotators (:func:`trust_line`). A summary of one of the corpus's topics is estimated by the fold model that held
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
from . import calibrated, evidence, variants
from .pipeline import Item, corpus_key, human_pair_similarities
from .thresholds import determine_thresholds

#: How the similarities of a segment to an SCU's contributors are combined.
COMBINE = "max"
#: One row per (summary, SCU): the model's probability, whether it counts, the evidence sentence and its span.
SCU_COLUMNS = ["topic", "system", "scu_id", "label", "weight", "p", "counted", "evidence", "start", "end"]


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
    """The calibrated scorer of an annotated corpus: fold models, the held-out error quantiles and
    how the held-out predictions agree with the annotators (``held_out``)."""

    variant: variants.Variant
    topic_fold: dict[str, int]
    models: dict[int, object]
    frame: pd.DataFrame
    low: float
    high: float
    unit_similarity: object | None
    held_out: dict
    _all: object | None = None

    def model_for(self, topic: str | None):
        """The fold model that held ``topic`` out, or (another pyramid) one fitted on every topic."""
        if topic in self.topic_fold:
            return self.models[self.topic_fold[topic]]
        if self._all is None:
            self._all = calibrated.fit_model(self.frame, self.variant.features, self.variant.model)
        return self._all


def calibration(ref, name: str | None) -> tuple[Calibration | None, str]:
    """``(calibration, note)``: variant ``name`` (None: :data:`.variants.DEFAULT`) fitted on the
    annotated corpus ``ref``, or None and why not."""
    v = variants.variant(name)
    if v.mode not in ("expected", "hard"):
        raise UnknownNameError(f"variant {v.name!r} ({v.mode}) cannot estimate new summaries; use an expected-score "
                               f"variant such as {variants.DEFAULT!r}")
    try:
        frame = variants.features(ref, v.similarity)
        fold, models = calibrated.fold_models(frame, v.features, calibrated.FOLDS, v.model)
        held = variants.auto_frame(ref, v.name)
    except PyrabenchError as exc:
        return None, f"no estimate: the {v.name} model cannot be fitted on {ref.name} ({exc})"
    manual = score_corpus(ref)[[*calibrated.KEYS, "modified"]]
    both = manual.merge(held, on=list(calibrated.KEYS))
    low, high = np.quantile(both["modified"] - both["auto"], [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
    x = frame[list(v.features)].to_numpy(np.float64)
    p = np.zeros(len(frame))
    for k, m in models.items():
        p[fold == k] = m.predict_proba(x[fold == k])[:, 1]
    held_out = {**evidence.set_agreement(frame, p), "pearson": float(np.corrcoef(both["modified"], both["auto"])[0, 1])}
    topic_fold = {t: int(k) for t, k in zip(frame["topic"], fold)}
    unit_sim = calibrated.UnitSimilarity(v.similarity, ref) if v.similarity else None
    note = (f"model: the {v.name} scorer fitted on the {len(both):,} manual annotations of {ref.name} (a topic of "
            f"{ref.name} by the fold model that held it out); {CONFIDENCE * 100:g} % interval of a summary from its "
            "held-out errors")
    return Calibration(v, topic_fold, models, frame, float(low), float(high), unit_sim, held_out), note


def trust_line(cal: Calibration | None, ref_name: str | None) -> str:
    """How far to trust the model, from its held-out figures on the corpus it was fitted on."""
    if cal is None:
        return "how far to trust it: no model, no figures"
    h = cal.held_out
    return (f"how far to trust it: on {ref_name}'s held-out topics the SCUs it counts agree with the annotators' at "
            f"F1 {h['f1']:.3f} (precision {h['precision']:.3f}, recall {h['recall']:.3f}, Jaccard {h['jaccard']:.3f}, "
            f"mean over {h['summaries']:,} summaries) and its estimates correlate with the manual scores at "
            f"r = {h['pearson']:.3f}; its figures on corpora it was not fitted on are not measured here")


def ref_topic(pyramid: Pyramid, ref) -> str | None:
    """The annotated corpus's topic whose pyramid ``pyramid`` is (same summaries and SCUs), if any."""
    if ref is None:
        return None
    for p in ref.pyramids:
        if p is pyramid or (p.summaries == pyramid.summaries and p.scus == pyramid.scus):
            return p.topic
    return None


def found(cal: Calibration, ref, items: Sequence[Item], tokens) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(per summary, per (summary, SCU))`` of the scored ``items`` by the calibrated model:
    the estimate with its interval and the counted set's figures; every SCU's probability, evidence
    sentence (text and character span in the item's text) and whether it counts."""
    groups: dict[int, list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(id(item.pyramid), []).append(k)
    rows, scus = [], []
    for members in groups.values():
        pyramid = items[members[0]].pyramid
        units = [[tokens[k].span_text(a, b) for a, b in tokens[k].sentences] for k in members]
        hit = evidence.find(pyramid, units, cal.model_for(ref_topic(pyramid, ref)), cal.variant.features,
                              cal.unit_similarity)
        take = hit.p if cal.variant.mode == "expected" else (hit.p >= 0.5).astype(np.float64)
        estimate = take @ hit.weights / hit.ideal if hit.ideal else np.zeros(len(members))
        counted = hit.counted
        n_s = len(hit.scu_ids)
        spans = [np.array([(tok.starts[a], tok.ends[b - 1]) for a, b in tok.sentences], dtype=np.int64).reshape(-1, 2)
                 for tok in (tokens[k] for k in members)]
        span = np.stack([sp[u] for sp, u in zip(spans, hit.unit)])  # (summaries, SCUs, 2)
        keys = [items[k].key for k in members]
        rows.append(pd.DataFrame({"topic": [k["topic"] for k in keys], "system": [k["system"] for k in keys],
                                  "estimate": estimate, "scus": counted.sum(axis=1),
                                  "weight": (counted @ hit.weights).astype(np.int64),
                                  "counted": hit.counted_score()}))
        texts = [tokens[k].text for k in members]
        scus.append(pd.DataFrame({
            "topic": np.repeat([k["topic"] for k in keys], n_s), "system": np.repeat([k["system"] for k in keys], n_s),
            "scu_id": np.tile(hit.scu_ids, len(members)), "label": np.tile([s.label for s in pyramid.scus], len(members)),
            "weight": np.tile(hit.weights.astype(np.int64), len(members)), "p": hit.p.ravel(),
            "counted": counted.ravel(),
            "evidence": [texts[r][a:b] for r, (a, b) in zip(np.repeat(np.arange(len(members)), n_s), span.reshape(-1, 2))],
            "start": span[..., 0].ravel(), "end": span[..., 1].ravel()}))
    out = pd.concat(rows, ignore_index=True)
    out["estimate_low"] = np.maximum(out["estimate"] + cal.low, 0.0)
    out["estimate_high"] = out["estimate"] + cal.high
    return out, pd.concat(scus, ignore_index=True)[SCU_COLUMNS]


def no_scus() -> pd.DataFrame:
    """The per-(summary, SCU) frame of :func:`found` with no row (no model, or nothing to score)."""
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in zip(SCU_COLUMNS, (
        str, str, np.int64, str, np.int64, np.float64, bool, str, np.int64, np.int64))})
