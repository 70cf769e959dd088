"""The SCU model's levers, one row each: what every added feature or calibration does on corpora
the model never saw.

Each :class:`Lever` is the SCU model with one change: features added to :data:`.scu_sets.FEATURES`
(MiniLM and WMF cosines, :mod:`.semantic`; MiniLM token recall, :mod:`.token_alignment`; soft coverage, mismatches and unit length,
:mod:`.consistency`), the probabilities recalibrated (isotonic or Platt, :mod:`.reliability`),
a one-reference pyramid scored by a model of the DUC corpora's lite views instead
(:func:`.scu_sets.lite_frame`; DUC's own pyramids are still scored by the model of the full
pyramids, so their figures do not move). Every row is measured the same way (:func:`lever_row`):

* **DUC, across corpora**: fitted on one DUC corpus, scoring another (every direction of
  :func:`.transfer.directions` without the pooled ones): the SCU-set F1 of the counted SCUs
  against the annotators' (:func:`.scu_sets.agreement`), the AUC and ECE of the probabilities
  (:func:`.label_agreement.expected_calibration_error`, ten bins), and the expected score's r
  with the manual modified score per summary (per topic, averaged) and per system;
* **a labelled lite dataset** (PyrXSum), fitted on every DUC corpus (or their lite views;
  nothing of the dataset):
  per-unit F1 of the counted units, AUC and ECE of the probabilities, the summary correlation
  in Lite²Pyramid's definition (per example across systems, averaged) and pooled, the system
  correlation (Pearson), and the mean units counted and present per summary.

The recalibration map is fitted on held-out probabilities of the training corpora only: with one
training corpus each topic fold predicted by a model fitted on the other folds
(:func:`.calibrated.crossfit`), with several each corpus by a model fitted on the others.
:func:`lever_table` caches the table by the corpora's and the dataset's content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ...cache import cached_frame, fingerprint
from ..recipe2013.pipeline import corpus_key
from ..scu_model import calibrated, consistency, label_agreement, reliability, scu_sets, semantic, token_alignment
from ..scu_model.calibrated import KEYS

VERSION = "levers-v3"  # v2: AUC and the expected score's r in every DUC direction; v3: keyed by the corpora's names
#: Parameters of the cached tables left out of their keys: ``cache`` never changes what they hold.
NOT_IN_KEY = {"lever_table": ("cache",), "lite_agreement": ("cache",)}


@dataclass(frozen=True)
class Lever:
    """One row of the lever table: ``features`` beyond :data:`.scu_sets.FEATURES`, the
    ``recalibration`` (:data:`.reliability.METHODS`) and whether the DUC lite views train too."""

    name: str
    added: tuple[str, ...] = ()
    recalibration: str = "none"
    lite: bool = False

    @property
    def features(self) -> tuple[str, ...]:
        return (*scu_sets.FEATURES, *self.added)


MISMATCH = ("num_miss_l", "name_miss_l", "neg_mismatch_l")
EVERYTHING = (*semantic.MINILM, *semantic.WMF, *consistency.COLUMNS)
LEVERS = (
    Lever("SCU model (lexical, distinctiveness, length, prior)"),
    Lever("+ isotonic recalibration", recalibration="isotonic"),
    Lever("+ Platt recalibration", recalibration="platt"),
    Lever("+ MiniLM cosine", semantic.MINILM),
    Lever("+ WMF cosine", semantic.WMF),
    Lever("+ MiniLM token recall", token_alignment.COLUMNS),
    Lever("+ soft coverage (WMF synonyms)", ("soft_cov_l",)),
    Lever("+ mismatched numbers, names, negations", MISMATCH),
    Lever("+ unit length", ("unit_len",)),
    Lever("+ lite views of the DUC pyramids", lite=True),
    Lever("+ lite views, isotonic", recalibration="isotonic", lite=True),
    Lever("+ lite views, MiniLM", semantic.MINILM, lite=True),
    Lever("+ lite views, MiniLM token recall", token_alignment.COLUMNS, lite=True),
    Lever("everything, lite views, isotonic", EVERYTHING, "isotonic", True),
    Lever("everything, lite views, Platt", EVERYTHING, "platt", True),
)
ALL_FEATURES = tuple(dict.fromkeys(f for lever in LEVERS for f in lever.features))


def held_out_probabilities(training: dict[str, pd.DataFrame], features: Sequence[str]) -> np.ndarray:
    """Every training row's probability by a model that never saw its corpus (several corpora)
    or its topic fold (one), in the order of ``training``'s rows."""
    if len(training) >= 2:
        held = scu_sets.held_out(training, features)
        return np.concatenate([held[n] for n in training])
    (frame,) = training.values()
    return calibrated.crossfit(frame, features)


def fit_lever(lever: Lever, training: dict[str, pd.DataFrame]):
    """``(classifier, recalibration)`` of ``lever`` fitted on ``training`` (``{corpus: its rows}``)."""
    rows = pd.concat(list(training.values()), ignore_index=True)
    classifier = calibrated.fit_model(rows, lever.features)
    recal = reliability.Recalibration("none")
    if lever.recalibration != "none":
        recal = reliability.fit_recalibration(held_out_probabilities(training, lever.features), rows["y"].to_numpy(),
                                              lever.recalibration)
    return classifier, recal


def predict(fitted, frame: pd.DataFrame, features: Sequence[str]) -> np.ndarray:
    classifier, recal = fitted
    return recal(classifier.predict_proba(frame[list(features)].to_numpy(np.float64))[:, 1])


def duc_figures(frame: pd.DataFrame, p: np.ndarray) -> dict:
    """SCU-set F1 of the counted sets, AUC and ECE of ``p`` on an annotated corpus's frame, and
    the expected modified score's Pearson r with the manual one: per summary (per topic across
    its peers, averaged) and per system (the peers' means)."""
    y = frame["y"].to_numpy(bool)
    a = scu_sets.agreement(frame, scu_sets.counted(frame, p))
    w, ideal = frame["weight"].to_numpy(np.float64), frame["ideal"].to_numpy(np.float64)
    g = frame[list(KEYS)].assign(e=w * p / ideal, h=w * y / ideal).groupby(list(KEYS), sort=False)[["e", "h"]].sum()
    return {"f1": a["f1"], "auc": label_agreement.roc_auc(p, y), "ece": label_agreement.expected_calibration_error(p, y),
            **_correlations(g.reset_index())}


def _correlations(g: pd.DataFrame) -> dict:
    """``summary_r`` (per topic across its summaries, averaged over topics where neither side is
    constant) and ``system_r`` (of the peers' means) of estimates ``e`` against human scores ``h``."""
    per_topic = [stats.pearsonr(x["e"], x["h"])[0] for _, x in g.groupby("topic", sort=True)
                 if x["e"].std() > 0 and x["h"].std() > 0]
    systems = g.groupby("peer")[["e", "h"]].mean()
    return {"summary_r": float(np.mean(per_topic)) if per_topic else float("nan"),
            "system_r": float(stats.pearsonr(systems["e"], systems["h"])[0])}


def lite_figures(frame: pd.DataFrame, p: np.ndarray) -> dict:
    """Per-unit F1, AUC, ECE; summary r (Lite²Pyramid's and pooled), system r; counted and present."""
    y = frame["y"].to_numpy(bool)
    a = scu_sets.agreement(frame, scu_sets.counted(frame, p))
    g = frame[list(KEYS)].assign(e=p, h=y.astype(np.float64)).groupby(list(KEYS), sort=False)[["e", "h"]].mean()
    g = g.reset_index()
    r = _correlations(g)
    return {"f1": a["f1"], "auc": label_agreement.roc_auc(p, y),
            "ece": label_agreement.expected_calibration_error(p, y),
            "summary_r": r["summary_r"], "summary_r_pooled": float(stats.pearsonr(g["e"], g["h"])[0]),
            "system_r": r["system_r"], "counted": a["counted"], "present": a["marked"]}


def lever_row(lever: Lever, frames: dict[str, pd.DataFrame], lites: dict[str, pd.DataFrame],
              labelled: pd.DataFrame | None = None, lite_name: str = "lite") -> dict:
    """One row of :func:`lever_table` (module docstring)."""
    row: dict = {"lever": lever.name}
    names = list(frames)
    for test in names:
        for train in names:
            if train != test:
                fitted = fit_lever(lever, {train: frames[train]})
                f = duc_figures(frames[test], predict(fitted, frames[test], lever.features))
                row.update({f"{k} {train}→{test}": v for k, v in f.items()})
    if labelled is not None:
        fitted = fit_lever(lever, lites if lever.lite else frames)
        f = lite_figures(labelled, predict(fitted, labelled, lever.features))
        row.update({f"{lite_name} {k}": v for k, v in f.items()})
    return row


def lever_table(duc: dict, dataset=None, levers: Sequence[Lever] = LEVERS, lite_name: str = "PyrXSum",
                cache: bool = True) -> pd.DataFrame:
    """One row per lever (:data:`LEVERS`) over the loaded DUC corpora ``duc`` (``{name: corpus}``)
    and, when given, a labelled lite dataset (:func:`pyrabench.data.lite_pyramids.read_dataset`).
    The features are computed once per corpus (cached with the corpus's feature groups); the
    table is cached by content."""
    names = list(duc)
    features = tuple(dict.fromkeys(f for lever in levers for f in lever.features))
    key = fingerprint(VERSION, scu_sets.VERSION, calibrated.VERSION, [(n, corpus_key(duc[n])) for n in names],
                      [repr(lever) for lever in levers], lite_name,
                      None if dataset is None else scu_sets.dataset_key(dataset))

    def compute() -> pd.DataFrame:
        frames = {n: scu_sets.corpus_frame(duc[n], cache, features) for n in names}
        lites = {n: scu_sets.lite_frame(duc[n], features, cache) for n in names}
        labelled = None if dataset is None else scu_sets.labelled_frame(dataset, features, cache)
        return pd.DataFrame([lever_row(lever, frames, lites, labelled, lite_name) for lever in levers])

    return cached_frame("levers", key, compute, cache)


def lite_agreement(duc: dict, dataset, features: Sequence[str] = scu_sets.FEATURES, n_resamples: int = 1000,
                   seed: int = 0, cache: bool = True) -> dict:
    """The labelled lite ``dataset`` scored by the SCU model users get, fitted on every DUC
    corpus in ``duc`` with its lite views (:func:`.scu_sets.fit`, ``lite=True``), measured against
    the labels (:func:`.label_agreement.label_agreement`): ``figures`` (its headline figures) and
    ``reliability`` (the curve of the probabilities). Cached by content."""
    names = list(duc)
    key = fingerprint(VERSION, "lite-agreement", scu_sets.VERSION, calibrated.VERSION, scu_sets.LITE_RECALIBRATION,
                      [corpus_key(duc[n]) for n in names], sorted(features), n_resamples, seed,
                      scu_sets.dataset_key(dataset))

    def compute() -> pd.DataFrame:
        model = scu_sets.fit([duc[n] for n in names], features, cache=cache, lite=True)
        frame = scu_sets.labelled_frame(dataset, features, cache).rename(columns={"peer": "system"})
        scus = model.scus(frame, ("topic", "system"), own_topics=False)
        summaries = model.summaries(scus, ("topic", "system"))
        systems = model.systems(summaries, seed, n_resamples)
        result = label_agreement.label_agreement(scus, summaries, systems, dataset.labels, n_resamples, seed)
        curve = result.reliability.assign(kind="reliability")
        return pd.concat([pd.DataFrame({"kind": "figure", "name": list(result.figures()),
                                        "value": list(result.figures().values())}), curve], ignore_index=True)

    table = cached_frame("levers", key, compute, cache)
    figures = table[table["kind"] == "figure"]
    return {"figures": dict(zip(figures["name"], figures["value"].astype(float))),
            "reliability": table[table["kind"] == "reliability"].drop(columns=["kind", "name", "value"]).reset_index(drop=True)}


def lite_dataset(root):
    """The data root's labelled lite dataset (:func:`pyrabench.data.lite_pyramids.dataset_folder`),
    or None when it has none or it carries no labels."""
    from ...data import lite_pyramids
    from ...errors import MissingDataError

    try:
        dataset = lite_pyramids.read_dataset(lite_pyramids.dataset_folder(root))
    except MissingDataError:
        return None
    return dataset if dataset.labels is not None else None
