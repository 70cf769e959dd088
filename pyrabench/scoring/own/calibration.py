"""Calibrating the automated scorer for summaries nobody annotated: the threshold and the
calibrated model, both fitted on an annotated corpus, applied to new summaries.

:func:`pyrabench.scoring.own.summaries.score_summaries` reads the 2013 recipe's threshold here
(:func:`corpus_threshold`: the KDE level :data:`.variants.KDE_LEVEL` of the human matches) and
its model (:func:`calibration`, :func:`found`): the SCU model of :mod:`.scu_sets` fitted on the
annotated corpus (a topic of that corpus is scored by the cross-fitting model that held it out),
which gives each SCU its probability, the sentence carrying its evidence and whether it counts,
and each summary its estimate with the interval of :mod:`.intervals`. The fitted model and its
held-out agreement with the annotators (:func:`trust_line`) are kept in the package cache, keyed
by the corpus's content and the method's versions, so a second call fits nothing. A summary of one of the corpus's topics is estimated by the fold model that held
that topic out, as :func:`.variants.auto_frame` scores the annotated peers; a summary of any other
pyramid by a model fitted on every annotated topic.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from importlib.metadata import version
from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cache_dir, cached, cached_frame, fingerprint, load_sealed, save_sealed
from ...errors import PyrabenchError
from ..recipe2013.pipeline import Item, corpus_key, human_pair_similarities
from ..recipe2013.thresholds import determine_thresholds
from ..scu_model import calibrated, intervals, scu_sets, variants
from ..scu_model.domains import Domains, annotated, content_key, lite_name

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
    """The SCU model fitted on an annotated corpus, and how its held-out predictions there agree
    with the annotators (:func:`.scu_sets.agreement` of the counted sets, and the Pearson
    correlation of the estimates with the manual scores)."""

    corpus: str
    model: scu_sets.SCUModel
    held_out: dict


def _fit(ref) -> Calibration:
    model = scu_sets.fit([ref], lite=True)  # a one-reference (lite) pyramid by the model of ref's lite views
    frame = scu_sets.corpus_frame(ref)
    p = model.recalibration(scu_sets.held_out({ref.name: frame}, model.features)[ref.name])
    figures = scu_sets.agreement(frame, scu_sets.counted(frame, p))
    est = intervals.estimate_sd(frame, p, calibrated.KEYS)
    manual = intervals.estimate_sd(frame, frame["y"].to_numpy(np.float64), calibrated.KEYS)["estimate"]
    figures["pearson"] = float(np.corrcoef(manual, est["estimate"])[0, 1])
    return Calibration(ref.name, model, figures)


def _cached_model(key: str, fit) -> Calibration | PyrabenchError:
    """A fitted :class:`Calibration` from the cache (``fit()`` on a miss, stored sealed), or the
    error that says why it cannot be fitted."""
    path = cache_dir("scoring", "models") / f"{key}.pickle"
    try:
        return cached(path, fit, lambda p, v: save_sealed(p, pickle.dumps(v)), lambda p: pickle.loads(load_sealed(p)),
                      lock=True)
    except PyrabenchError as exc:
        return exc


def calibration(ref) -> tuple[Calibration | None, str]:
    """``(calibration, note)``: the SCU model fitted on the annotated corpus ``ref`` (cached), or
    None and why not."""
    key = fingerprint("own-calibration-v2", scu_sets.VERSION, scu_sets.RECALIBRATION, scu_sets.LITE_RECALIBRATION,
                      calibrated.VERSION, corpus_key(ref),
                      version("scikit-learn"))
    cal = _cached_model(key, lambda: _fit(ref))
    if isinstance(cal, PyrabenchError):
        return None, f"no estimate: the SCU model cannot be fitted on {ref.name} ({cal})"
    e = cal.model.summary_errors
    note = (f"model: the SCU model fitted on the {cal.held_out['summaries']:,} manual annotations of {ref.name} (a "
            f"topic of {ref.name} by the model that held it out); {e.confidence * 100:g} % interval of a summary "
            "from its held-out errors")
    return cal, note


def _fit_domains(domains: Domains) -> Calibration:
    model = scu_sets.fit(list(domains.corpora), lite=True, lite_data=domains.lite)
    frames = {c.name: scu_sets.corpus_frame(c) for c in domains.corpora}
    probs = scu_sets.held_out(frames, model.features)
    frame = pd.concat(list(frames.values()), ignore_index=True)
    p = model.recalibration(np.concatenate([probs[n] for n in frames]))
    keys = ["corpus", *calibrated.KEYS]
    frame["corpus"] = np.repeat(list(frames), [len(f) for f in frames.values()])
    figures = scu_sets.agreement(frame, scu_sets.counted(frame, p, keys), keys=keys)
    est = intervals.estimate_sd(frame, p, keys)
    manual = intervals.estimate_sd(frame, frame["y"].to_numpy(np.float64), keys)["estimate"]
    figures["pearson"] = float(np.corrcoef(manual, est["estimate"])[0, 1])
    figures["held_out"] = "domain" if len(frames) >= 2 else "topic"
    return Calibration(" + ".join(domains.names), model, figures)


def default_calibration(root) -> tuple[Calibration | None, str]:
    """``(calibration, note)``: the default model, fitted on every annotated domain under the data
    root path ``root`` (:func:`.domains.annotated`: the DUC corpora's pyramids and lite views, and
    the labelled lite dataset's crowd labels; cached), or None and why not."""
    domains = annotated(root)
    if not domains.corpora:
        return None, ("no estimate: no annotated DUC corpus under the data root to fit the model on "
                      "(give --calibrate-on CORPUS)")
    key = fingerprint("own-default-v1", scu_sets.VERSION, scu_sets.RECALIBRATION, scu_sets.LITE_RECALIBRATION,
                      calibrated.VERSION, [corpus_key(c) for c in domains.corpora],
                      [content_key(d) for d in domains.lite], version("scikit-learn"))
    cal = _cached_model(key, lambda: _fit_domains(domains))
    if isinstance(cal, PyrabenchError):
        return None, f"no estimate: the SCU model cannot be fitted on {' + '.join(domains.names)} ({cal})"
    e = cal.model.summary_errors
    duc = ", ".join(c.name for c in domains.corpora)
    lite = "".join(f" and the crowd labels of {lite_name(d)}" for d in domains.lite)
    note = (f"model: the default, fitted on every annotated domain of the data root: the manual annotations of {duc} "
            f"(pyramids and their lite views){lite}; --calibrate-on CORPUS narrows it to one; "
            f"{e.confidence * 100:g} % interval of a summary from its held-out errors")
    return cal, note


def units_view(pyramids) -> str:
    """How the scorer sees the units of ``pyramids`` (``{topic: Pyramid}``): "lite" when every
    pyramid has one model summary (one reference's units, each of weight 1: the lite model scores
    them, :attr:`.scu_sets.SCUModel.lite_model`), "pyramids" otherwise (a full pyramid in DUC's
    style: several model summaries, weights above 1)."""
    return "lite" if pyramids and all(p.n_summaries == 1 for p in pyramids.values()) else "pyramids"


def fitted_domain(cal: Calibration | None, pyramids) -> str | None:
    """The domain the model was fitted on whose units ``pyramids`` are (a pyramid's topic among the
    domain's training topics, with the same unit labels in the same order), None when they are of
    no such domain: *foreign* units (or no model)."""
    if cal is None:
        return None
    lite = cal.model.lite_model.training.items() if cal.model.lite_model is not None else ()
    for name, frame in (*cal.model.training.items(), *lite):
        trained = set(frame["topic"])
        for t, p in pyramids.items():
            if t in trained and frame.loc[frame["topic"] == t, "label"].tolist()[:len(p.scus)] == [
                    u.label for u in p.scus]:
                return name
    return None


def own_domain_line(cal: Calibration | None, pyramids) -> str | None:
    """What to say when the units scored are those of a labelled lite dataset the model trained on
    (each example is scored by the cross-fitting model that held it out, but the model has seen its
    domain's labels), None otherwise."""
    name = fitted_domain(cal, pyramids)
    lite = cal.model.lite_model if cal is not None else None
    if name is None or lite is None or name not in lite.training or name in cal.model.training:
        return None
    return (f"note: these units are {name}'s, whose crowd labels train the default model: each example is "
            "scored by the model that held it out, but the model has seen this domain; chapter 6's "
            "leave-one-domain-out table gives the figures for a domain it never saw")


def trust_line(cal: Calibration | None) -> str:
    """How far to trust the model, from its held-out figures on the corpus it was fitted on."""
    if cal is None:
        return "how far to trust it: no model, no figures"
    h = cal.held_out
    if h.get("held_out") == "domain":
        return (f"how far to trust it: each DUC corpus scored by the model of the others, the SCUs it counts agree "
                f"with the annotators' at F1 {h['f1']:.3f} (precision {h['precision']:.3f}, recall {h['recall']:.3f}, "
                f"Jaccard {h['jaccard']:.3f}, pooled over {h['summaries']:,} summaries) and its estimates correlate "
                f"with the manual scores at r = {h['pearson']:.3f}; chapter 6's leave-one-domain-out table gives "
                "every figure on a domain it never saw")
    return (f"how far to trust it: on {cal.corpus}'s held-out topics and systems the SCUs it counts agree with the "
            f"annotators' at F1 {h['f1']:.3f} (precision {h['precision']:.3f}, recall {h['recall']:.3f}, Jaccard "
            f"{h['jaccard']:.3f}, pooled over {h['summaries']:,} summaries) and its estimates correlate with the manual "
            f"scores at r = {h['pearson']:.3f}; its figures on corpora it was not fitted on are not measured here")


def found(cal: Calibration, items: Sequence[Item], tokens) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(per summary, per (summary, SCU))`` of the scored ``items`` by the SCU model: the
    estimate with its interval and the counted set's figures; every SCU's probability, evidence
    sentence (text and character span in the item's text) and whether it counts."""
    groups: dict[int, list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(id(item.pyramid), []).append(k)
    frames = []
    for members in groups.values():
        texts = [tokens[k].text for k in members]
        spans = [[(int(tokens[k].starts[a]), int(tokens[k].ends[b - 1])) for a, b in tokens[k].sentences]
                 for k in members]
        keys = pd.DataFrame([items[k].key for k in members])[["topic", "system"]]
        frame = scu_sets.summary_frame(items[members[0]].pyramid, texts, keys, spans)
        frame["evidence"] = [texts[i][a:b] for i, a, b in zip(np.repeat(np.arange(len(members)), len(frame) // len(members)),
                                                            frame["start"], frame["end"])]
        frames.append(frame)
    frame = pd.concat(frames, ignore_index=True)
    scus = cal.model.scus(frame, ("topic", "system"))
    per = cal.model.summaries(scus, ("topic", "system"))
    w = scus["weight"].to_numpy(np.float64) * scus["counted"].to_numpy(bool)
    g = scus.assign(w=w).groupby(["topic", "system"], sort=False).agg(weight=("w", "sum"), ideal=("ideal", "first"))
    g["counted"] = np.divide(g["weight"], g["ideal"], out=np.zeros(len(g)), where=g["ideal"] > 0)
    per = per.merge(g[["weight", "counted"]].reset_index(), on=["topic", "system"])
    per = per.astype({"weight": np.int64, "scus": np.int64})
    scus = scus.astype({"weight": np.int64, "counted": bool})
    return (per[["topic", "system", "estimate", "estimate_low", "estimate_high", "scus", "weight", "counted"]],
            scus[SCU_COLUMNS])


def no_scus() -> pd.DataFrame:
    """The per-(summary, SCU) frame of :func:`found` with no row (no model, or nothing to score)."""
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in zip(SCU_COLUMNS, (
        str, str, np.int64, str, np.int64, np.float64, bool, str, np.int64, np.int64))})
