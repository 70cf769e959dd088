"""The calibrated scorer on corpora it never saw: every fitted-on → scored direction, measured.

For each direction (:func:`directions`: fitted on one other corpus, or on all the others),
the :class:`.scu_sets.SCUModel` is fitted on the training corpora's annotations only and
scores the held-out corpus's annotated peers as if they were new text. Measured against the
annotators of the scored corpus (:func:`direction_row`):

* the SCU sets (:func:`.scu_sets.agreement`): precision, recall, F1, Jaccard (micro) and the
  mean per-summary F1 and Jaccard, with the mean counted and marked set sizes;
* the summary and system intervals (:mod:`.intervals`): coverage of the manual score (system:
  its mean) and mean width;
* per system, Pearson and Kendall of the mean estimate with the manual mean beside ROUGE-2's,
  and the paired permutation tests (Deutsch et al. 2021) of estimate against ROUGE-2: systems
  swapped (PERM-SYSTEMS) and systems and topics jointly (PERM-BOTH), two-sided p;
* the same for the **combined score** (:func:`combined`), the estimate and ROUGE-2 each
  standardized over the scored summaries and averaged: not a pyramid estimate (it has no
  pyramid scale), a ranking of summaries and systems that leans on both.

:func:`transfer_table` caches the whole table under ``$PYRABENCH_CACHE/scoring/transfer``, keyed
by every corpus's content and the method's version.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...errors import PyrabenchError
from ..correlate import compare, correlations
from ..manual import score_corpus
from ..recipe2013.pipeline import corpus_key
from ..rouge import rouge_frame
from ..scu_model import calibrated, intervals, scu_sets
from ..scu_model.calibrated import KEYS

VERSION = "transfer-v3"  # v2: keyed by the corpora's names (the rows' directions); v3: intervals within [0, 1]
#: Parameters of the cached tables left out of their keys: ``cache`` never changes what they hold.
NOT_IN_KEY = {"transfer_table": ("cache",), "within_table": ("cache",)}
N_RESAMPLES = 1000


def directions(names: Sequence[str], pooled: bool = True) -> list[tuple[tuple[str, ...], str]]:
    """``[(fitted on, scored)]``: each corpus scored by a model of each single other corpus,
    then (``pooled``, three corpora or more) by a model of all the others."""
    out = [((a,), b) for b in names for a in names if a != b]
    if pooled and len(names) >= 3:
        out += [(tuple(a for a in names if a != b), b) for b in names]
    return out


#: Fitted models by training set (its corpora's content keys), for this process: a corpus is the
#: training set of its own held-out row and of each single-corpus direction from it, and the
#: fit (cross-fitted held-out errors, topic by system folds) is the costly part of a row.
_FITTED: dict[tuple[str, ...], scu_sets.SCUModel] = {}
_FITTED_MAX = 16


def fitted(corpora: Sequence, cache: bool = True) -> scu_sets.SCUModel:
    """:func:`.scu_sets.fit` of ``corpora``, fitted once per training set in a process (the
    model is a deterministic function of the corpora, so a second fit would be the same)."""
    key = tuple(corpus_key(c) for c in corpora)
    model = _FITTED.get(key)
    if model is None:
        model = scu_sets.fit(list(corpora), cache=cache)
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.pop(next(iter(_FITTED)))
        _FITTED[key] = model
    return model


def scored_frame(model: scu_sets.SCUModel, corpus, seed: int = 0, cache: bool = True):
    """``(scus, summaries, systems)`` of ``corpus``'s annotated peers scored by ``model`` as new
    text (a corpus the model was fitted on: each topic by the fold model that held it out), with the manual scores (``manual``; system: its mean) and ROUGE-2 beside them."""
    frame = scu_sets.corpus_frame(corpus, cache)
    scus = model.scus(frame, KEYS, own_topics=corpus.name in model.fitted_on)
    summaries = model.summaries(scus, KEYS)
    manual = score_corpus(corpus)[[*KEYS, "modified"]].astype({k: str for k in KEYS})
    rouge = rouge_frame(corpus, cache=cache)[[*KEYS, "rouge_2"]].astype({k: str for k in KEYS})
    summaries = summaries.merge(manual, on=list(KEYS)).merge(rouge, on=list(KEYS))
    summaries["system"] = summaries["peer"]
    # a peer annotated twice is one summary of its system: average its annotations first
    per = summaries.groupby(["topic", "system"], sort=True)[["estimate", "modified"]].mean().reset_index()
    systems = model.systems(per, seed).merge(
        per.groupby("system")["modified"].mean().rename("manual").reset_index(), on="system")
    return scus, summaries, systems


def combined(estimate, rouge_2) -> np.ndarray:
    """The mean of the estimate's and ROUGE-2's z-scores over the summaries scored together: it
    uses no manual score, so it is as available as either alone."""
    def z(v):
        v = np.asarray(v, dtype=np.float64)
        sd = v.std()
        return (v - v.mean()) / sd if sd > 0 else np.zeros_like(v)

    return (z(estimate) + z(rouge_2)) / 2


def direction_row(model: scu_sets.SCUModel, corpus, n_resamples: int = N_RESAMPLES, seed: int = 0,
                  cache: bool = True) -> dict:
    """One row of :func:`transfer_table` (module docstring)."""
    scus, summaries, systems = scored_frame(model, corpus, seed, cache)
    row = {"fitted_on": " + ".join(model.fitted_on), "scored": corpus.name,
           **{f"set_{k}": v for k, v in scu_sets.agreement(scus, scus["counted"].to_numpy()).items()}}
    s = intervals.coverage(summaries["modified"], summaries["estimate_low"], summaries["estimate_high"])
    row.update(summary_coverage=s["coverage"], summary_width=s["width"], summaries=s["n"])
    s = intervals.coverage(systems["manual"], systems["estimate_low"], systems["estimate_high"])
    row.update(system_coverage=s["coverage"], system_width=s["width"], systems=s["n"], systems_inside=s["inside"])
    frame = summaries[[*KEYS, "modified", "estimate", "rouge_2"]].assign(
        combined=combined(summaries["estimate"], summaries["rouge_2"]))
    res = correlations(frame, ["estimate", "combined", "rouge_2"], "modified", n_resamples=n_resamples, seed=seed)
    for metric in ("estimate", "combined", "rouge_2"):
        for stat in ("pearson", "kendall"):
            row[f"system_{stat}_{metric}"] = res["levels"]["system"][metric][stat]
    for metric, prefix in (("estimate", "p"), ("combined", "p_combined")):
        for scheme, label in ((None, "systems"), ("both", "both")):
            test = compare(frame, metric, "rouge_2", "modified", level="system", n_resamples=n_resamples,
                           seed=seed, scheme=scheme)
            for stat in ("pearson", "kendall"):
                row[f"{prefix}_{label}_{stat}"] = test["p_value"][stat]
    return row


def transfer_table(corpora: dict, pooled: bool = True, n_resamples: int = N_RESAMPLES, seed: int = 0,
                   cache: bool = True) -> pd.DataFrame:
    """One row per direction of :func:`directions` over the loaded ``corpora`` (``{name:
    corpus}``); a direction that cannot be fitted (a corpus without both classes of decision)
    keeps its reason in ``error``. Cached by content."""
    names = list(corpora)
    key = fingerprint(VERSION, scu_sets.VERSION, calibrated.VERSION, [(n, corpus_key(corpora[n])) for n in names], pooled,
                      n_resamples, seed)

    def compute() -> pd.DataFrame:
        rows = []
        for train, test in directions(names, pooled):
            try:
                model = fitted([corpora[n] for n in train], cache)
                rows.append(direction_row(model, corpora[test], n_resamples, seed, cache))
            except PyrabenchError as exc:
                rows.append({"fitted_on": " + ".join(train), "scored": test, "error": str(exc)})
        return pd.DataFrame(rows)

    return cached_frame("transfer", key, compute, cache)


def within_table(corpora: dict, n_resamples: int = N_RESAMPLES, seed: int = 0, cache: bool = True) -> pd.DataFrame:
    """:func:`transfer_table`'s rows for each corpus scored by its own model on held-out topics
    (cross-fitting; intervals from errors on held-out topics and systems). Cached by content."""
    names = list(corpora)
    key = fingerprint(VERSION, "within", scu_sets.VERSION, calibrated.VERSION,
                      [(n, corpus_key(corpora[n])) for n in names], n_resamples, seed)

    def compute() -> pd.DataFrame:
        rows = []
        for name in names:
            try:
                rows.append(direction_row(fitted([corpora[name]], cache), corpora[name], n_resamples, seed, cache))
            except PyrabenchError as exc:
                rows.append({"fitted_on": name, "scored": name, "error": str(exc)})
        return pd.DataFrame(rows)

    return cached_frame("transfer", key, compute, cache)
