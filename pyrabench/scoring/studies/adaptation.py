"""What a user's own labels buy on a new domain: the SCU model unadapted, corrected for label shift,
and adapted on ``n`` labelled examples, each measured on the examples it did not use.

The directions are the lite data the package holds labels for (:func:`directions`): each DUC
corpus's lite views (:func:`.scu_sets.lite_frame`) scored by the lite model fitted on the other
DUC corpora, and a labelled lite dataset (PyrXSum) scored by the lite model fitted on every DUC
corpus. In each, per method (:func:`direction_rows`):

* ``none``: the model's probabilities as they come, on every example;
* ``label shift``: the probabilities moved to the presence rate EM estimates from the scored
  summaries' own unlabelled probabilities (:mod:`.label_shift`; the training rate is that of the
  lite rows the model was fitted on), on every example;
* ``adapt n``: the model recalibrated, and its intervals' errors refitted, on ``n`` examples drawn
  with a seed (:mod:`.adaptation`; stratified by the examples' mean probability unless
  ``stratify`` is False; a DUC topic's lite views drawn together), measured on the other
  examples only, for each of :data:`SEEDS` seeds; ``map`` is the recalibration (Platt with a
  prior worth ``prior_examples`` examples), ``ece_before`` the unadapted ECE on the same
  examples, ``summary_coverage_own`` / ``summary_width_own`` the summary intervals from the
  adaptation's residuals alone (the figures' intervals also keep the model's own held-out
  tails) and ``system_coverage_pooled`` / ``system_width_pooled`` the system intervals from the
  pooled residuals alone (the figures' also span each system's own residuals). An ``n`` that
  leaves too few examples to report on (:func:`.adaptation.split`) has no row.

Figures (:func:`figures`): the units' F1 (counted sets), AUC and ECE of the probabilities, the
units counted and present per summary, the summary correlation in Lite²Pyramid's definition and
the system correlation (Pearson), and the coverage and mean width of the summaries' and systems'
95 % intervals. :func:`adaptation_table` caches the table by content; :func:`summary_table` gives
each method's mean and spread over the seeds.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...errors import PyrabenchError
from ..recipe2013.pipeline import corpus_key
from ..scu_model import adaptation, calibrated, intervals, label_agreement, label_shift, scu_sets
from ..scu_model.calibrated import KEYS

VERSION = "adaptation-v5"  # v4: stratified draw, Platt with a prior, systems' own residuals; v5: MIN_REST keyed
#: Parameters of the cached table left out of its key: ``cache`` never changes what it holds.
NOT_IN_KEY = {"adaptation_table": ("cache",)}
#: Labelled examples to adapt on (the curve), and the seeds each is drawn with.
NS = (10, 20, 40)
SEEDS = (0, 1, 2, 3, 4)
N_RESAMPLES = 1000
#: The labelled examples the book recommends adapting on (chapter 8 shows this ``n`` only; the
#: curve over :data:`NS` is ``benchmarks/bench_adapt.py``'s).
RECOMMENDED_N = 20
FIGURES = ("f1", "auc", "ece", "counted", "present", "summary_r", "system_r", "summary_coverage", "summary_width",
           "system_coverage", "system_width")


def directions(duc: dict, lite_name: str | None = None) -> list[tuple[tuple[str, ...], str]]:
    """``[(fitted on, scored)]``: each DUC corpus's lite views by the other DUC corpora's model
    (two DUC corpora or more), then the lite dataset ``lite_name`` by every DUC corpus's."""
    names = list(duc)
    out = [(tuple(n for n in names if n != test), test) for test in names] if len(names) >= 2 else []
    return out + ([(tuple(names), lite_name)] if lite_name else [])


def _per_example_r(summaries: pd.DataFrame, a: str, b: str) -> float:
    r = [np.corrcoef(g[a], g[b])[0, 1] for _, g in summaries.groupby("topic", sort=True)
         if g[a].std() > 0 and g[b].std() > 0]
    return float(np.mean(r)) if r else float("nan")


def _system_figures(est: pd.DataFrame, system_errors: intervals.SystemErrors | None, confidence: float, seed: int,
                    n_resamples: int) -> tuple[pd.DataFrame, dict]:
    per = est.groupby(["topic", "peer"], sort=True)[["estimate", "manual"]].mean().reset_index()
    per["system"] = per["peer"]
    systems = intervals.system_intervals(per, system_errors, confidence, seed, n_resamples).merge(
        per.groupby("system")["manual"].mean().rename("manual").reset_index(), on="system")
    return systems, intervals.coverage(systems["manual"], systems["estimate_low"], systems["estimate_high"])


def figures(frame: pd.DataFrame, p, summary_errors: intervals.SummaryErrors,
            system_errors: intervals.SystemErrors | None, seed: int = 0, n_resamples: int = N_RESAMPLES) -> dict:
    """The module docstring's figures of probabilities ``p`` on a labelled frame (``topic``,
    :data:`.calibrated.KEYS`, ``weight``, ``ideal``, ``y``); a peer annotated twice is one
    summary of its system for the correlations and the system intervals."""
    p = np.asarray(p, dtype=np.float64)
    y = frame["y"].to_numpy(bool)
    sets = scu_sets.agreement(frame, scu_sets.counted(frame, p))
    est = intervals.estimate_sd(frame, p, KEYS)
    est["manual"] = intervals.estimate_sd(frame, y.astype(np.float64), KEYS)["estimate"].to_numpy()
    est["estimate_low"], est["estimate_high"] = summary_errors.interval(est["estimate"], est["sd"])
    s = intervals.coverage(est["manual"], est["estimate_low"], est["estimate_high"])
    per = est.groupby(["topic", "peer"], sort=True)[["estimate", "manual"]].mean().reset_index()
    systems, t = _system_figures(est, system_errors, summary_errors.confidence, seed, n_resamples)
    return {"f1": sets["f1"], "auc": label_agreement.roc_auc(p, y),
            "ece": label_agreement.expected_calibration_error(p, y), "counted": sets["counted"],
            "present": sets["marked"], "summary_r": _per_example_r(per, "estimate", "manual"),
            "system_r": float(np.corrcoef(systems["estimate"], systems["manual"])[0, 1]),
            "summary_coverage": s["coverage"], "summary_width": s["width"], "summaries": s["n"],
            "system_coverage": t["coverage"], "system_width": t["width"], "systems": t["n"],
            "examples": int(frame["topic"].nunique())}


def _summary_coverage(frame: pd.DataFrame, p, errors: intervals.SummaryErrors) -> dict:
    est = intervals.estimate_sd(frame, p, KEYS)
    manual = intervals.estimate_sd(frame, frame["y"].to_numpy(np.float64), KEYS)["estimate"]
    return intervals.coverage(manual, *errors.interval(est["estimate"], est["sd"]))


def shown_n(examples: int, n: int = RECOMMENDED_N) -> int:
    """The ``--adapt N`` a chapter shows on a dataset of ``examples`` labelled examples: ``n``, or
    as many as leave :data:`.adaptation.MIN_REST` to report on."""
    return max(adaptation.MIN_ADAPT, min(n, examples - adaptation.MIN_REST))


def duc_group(topic: str) -> str:
    """The DUC topic of a lite view's topic ``<topic>-<summarizer>`` (:func:`.scu_sets.lite_pyramid`)."""
    return topic.rpartition("-")[0] or topic


def direction_rows(model: scu_sets.SCUModel, train_rate: float, frame: pd.DataFrame, groups: dict | None,
                   ns: Sequence[int] = NS, seeds: Sequence[int] = SEEDS, n_resamples: int = N_RESAMPLES,
                   prior_examples: float = adaptation.PRIOR_EXAMPLES, prior_scale: float = adaptation.PRIOR_SCALE,
                   stratify: bool = True) -> list[dict]:
    """The rows of one direction (module docstring): ``model`` is the lite model, ``train_rate``
    the presence rate of its training rows, ``frame`` the scored labelled rows, ``groups`` each
    example's group (None: each its own)."""
    p0 = model.probabilities(frame, own_topics=False)
    rows = [{"method": "none", "n": 0, "seed": -1,
             **figures(frame, p0, model.summary_errors, model.system_errors, 0, n_resamples)}]
    shift = label_shift.estimate(p0, train_rate)
    rows.append({"method": "label shift", "n": 0, "seed": -1, "rate": shift.rate, "iterations": shift.iterations,
                 **figures(frame, shift(p0), model.summary_errors, model.system_errors, 0, n_resamples)})
    topics = frame["topic"].astype(str).to_numpy()
    score = adaptation.example_scores(frame, p0) if stratify else None
    for n in ns:
        for seed in seeds:
            try:
                used, rest = adaptation.split(np.unique(topics), n, seed, groups, score)
            except PyrabenchError:
                break  # too few examples for n here: the row is left out
            fitted = adaptation.fit(frame, p0, used, keys=KEYS, system="peer",
                                    prior=(model.summary_errors, model.system_errors), prior_examples=prior_examples,
                                    prior_scale=prior_scale)
            keep = np.isin(topics, rest)
            sub = frame[keep].reset_index(drop=True)
            p = fitted(p0[keep])
            got = figures(sub, p, fitted.summary_errors, fitted.system_errors, seed, n_resamples)
            alone = adaptation.fit(frame, p0, used, keys=KEYS, system="peer", prior_examples=prior_examples,
                                   prior_scale=prior_scale)
            own = _summary_coverage(sub, p, alone.summary_errors)
            est = intervals.estimate_sd(sub, p, KEYS)
            est["manual"] = intervals.estimate_sd(sub, sub["y"].to_numpy(np.float64), KEYS)["estimate"].to_numpy()
            pooled = _system_figures(est, intervals.SystemErrors(fitted.system_errors.residuals),
                                     fitted.summary_errors.confidence, seed, n_resamples)[1]
            before = label_agreement.expected_calibration_error(p0[keep], sub["y"].to_numpy(bool))
            rows.append({"method": f"adapt {n}", "n": n, "seed": seed, "rate": fitted.rate, "ece_before": before,
                         "map": fitted.recalibration.method, "summary_coverage_own": own["coverage"],
                         "summary_width_own": own["width"], "system_coverage_pooled": pooled["coverage"],
                         "system_width_pooled": pooled["width"], **got})
    return rows


def adaptation_table(duc: dict, dataset=None, lite_name: str = "PyrXSum", ns: Sequence[int] = NS,
                     seeds: Sequence[int] = SEEDS, n_resamples: int = N_RESAMPLES,
                     prior_examples: float = adaptation.PRIOR_EXAMPLES, prior_scale: float = adaptation.PRIOR_SCALE,
                     stratify: bool = True, cache: bool = True) -> pd.DataFrame:
    """Every row of every direction of :func:`directions` over the loaded DUC corpora ``duc``
    (``{name: corpus}``) and, when given, a labelled lite dataset; columns ``fitted_on``,
    ``scored``, ``method``, ``n``, ``seed`` and the figures; ``prior_examples``, ``prior_scale`` and ``stratify``:
    :func:`direction_rows`'s (the levers benchmarks/bench_adapt.py compares). Cached by content."""
    names = list(duc)
    key = fingerprint(VERSION, scu_sets.VERSION, calibrated.VERSION, scu_sets.LITE_RECALIBRATION,
                      [(n, corpus_key(duc[n])) for n in names], lite_name, list(ns), list(seeds), n_resamples,
                      float(prior_examples), float(prior_scale), bool(stratify), adaptation.FOLDS, adaptation.MIN_ADAPT,
                      adaptation.MIN_REST, label_shift.TOLERANCE, label_shift.MAX_ITERATIONS,
                      None if dataset is None else scu_sets.dataset_key(dataset))

    def compute() -> pd.DataFrame:
        out = []
        for train, test in directions(duc, lite_name if dataset is not None else None):
            model = scu_sets.fit([duc[n] for n in train], cache=cache, lite=True).lite_model
            rate = float(np.mean(np.concatenate([f["y"].to_numpy(np.float64) for f in model.training.values()])))
            if test in duc:
                frame = scu_sets.lite_frame(duc[test], cache=cache)
                groups = {t: duc_group(t) for t in frame["topic"].unique()}
            else:
                frame, groups = scu_sets.labelled_frame(dataset, cache=cache), None
            try:
                rows = direction_rows(model, rate, frame, groups, ns, seeds, n_resamples, prior_examples,
                                      prior_scale, stratify)
            except PyrabenchError as exc:
                rows = [{"method": "error", "error": str(exc)}]
            out.extend({"fitted_on": " + ".join(train), "scored": test, "train_rate": rate, **r} for r in rows)
        return pd.DataFrame(out)

    return cached_frame("adaptation", key, compute, cache)


def summary_table(table: pd.DataFrame, columns: Sequence[str] = (*FIGURES, "ece_before", "summary_coverage_own",
                                                                  "summary_width_own", "system_coverage_pooled",
                                                                  "system_width_pooled")) -> pd.DataFrame:
    """Per (scored, method): each figure's mean over the seeds and, for the adapted rows, its
    standard deviation (``<figure> sd``), in the table's order."""
    cols = list(dict.fromkeys(c for c in columns if c in table))
    g = table.groupby(["scored", "method"], sort=False)[cols]
    out = g.mean().join(g.std(ddof=1).add_suffix(" sd")).reset_index()
    out["seeds"] = table.groupby(["scored", "method"], sort=False).size().to_numpy()
    return out
