"""How the scorer's output agrees with crowd labels of which units each summary holds.

Lite pyramids ship with labels (:func:`pyrabench.data.lite_pyramids.read_labels`: per summary,
1/0 per unit); the human score of a summary is the share of its units present. With them a user
checks the scorer on their own labelled data before trusting it (:func:`label_agreement`):

* **per unit**: precision, recall and F1 of the units the model counts (each summary's
  ``round(Σp)`` most probable, :func:`.scu_sets.agreement`, pooled over every (summary, unit)
  pair), the AUC of its probabilities ``p`` (how well they rank present above absent units),
  the **expected calibration error** (:func:`expected_calibration_error`: ten equal-width bins
  of ``p``, the mean gap between a bin's mean ``p`` and its share of present units, weighted by
  the bin's units) and the reliability curve it is read from (:func:`reliability`); and the
  mean number of units counted and present per summary;
* **per summary**: the correlation of the estimate with the human share in **Lite²Pyramid's
  definition** (Zhang & Bansal 2021: per example across its systems, then averaged; an example
  where either side is constant has no correlation and is left out, ``n`` counts the examples
  used; :func:`pyrabench.scoring.correlate.summary_level`), and **pooled** over every summary
  beside it (:func:`~pyrabench.scoring.correlate.global_level`); Pearson, Spearman, Kendall;
* **per system**: the correlation of the systems' mean estimates with their mean human shares;
* **intervals**: the share of summaries whose human share lies inside their interval
  (coverage) and the intervals' mean width, over the intervals that can be computed (and how
  many those are); the same for the systems' intervals;
* **system pairs** (:mod:`pyrabench.scoring.system_pairs`): for every pair of systems, whether
  each score tells them apart at 95 % (a paired bootstrap over the examples of the pair's mean
  difference), the share of pairs it decides, and the share of those decided in the wrong
  direction against the crowd's own system means; the crowd's shares are compared by the same
  bootstrap, so their own decided share stands beside.

ROUGE-2 (jackknifed recall against the units, as the scorer reports it) and MiniLM token recall
(:mod:`pyrabench.scoring.token_recall`, BERTScore's recall of the units) are correlated beside
the estimate when the summaries carry them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from ...resampling import N_RESAMPLES
from ..correlate import STATISTICS, global_level, summary_level, system_level
from ..system_pairs import SystemPairs, system_pairs
from .scu_sets import agreement

#: Equal-width bins of the probabilities for the ECE and the reliability curve.
RELIABILITY_BINS = 10
#: The scores correlated with the human share, when the summaries carry them.
SCORES = ("estimate", "rouge_2", "token_recall")
KEYS = ["topic", "system"]


def reliability(p, y, bins: int = RELIABILITY_BINS) -> pd.DataFrame:
    """One row per equal-width bin of ``p`` on [0, 1] (the last bin closed): ``low``, ``high``,
    ``n`` (units in it), ``p`` (their mean probability) and ``present`` (their share labelled
    present); NaN for an empty bin."""
    p, y = np.asarray(p, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if p.shape != y.shape or (len(p) and (np.nanmin(p) < 0 or np.nanmax(p) > 1 or np.isnan(p).any())):
        raise PyrabenchError("reliability needs probabilities in [0, 1] and labels of the same length")
    k = np.minimum((p * bins).astype(np.int64), bins - 1)
    n = np.bincount(k, minlength=bins)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_p = np.bincount(k, weights=p, minlength=bins) / n
        present = np.bincount(k, weights=y, minlength=bins) / n
    edges = np.arange(bins + 1) / bins
    return pd.DataFrame({"low": edges[:-1], "high": edges[1:], "n": n, "p": mean_p, "present": present})


def expected_calibration_error(p, y, bins: int = RELIABILITY_BINS) -> float:
    """``Σ_b n_b / N · |mean p_b − share present_b|`` over the :func:`reliability` bins (NaN
    with no unit)."""
    curve = reliability(p, y, bins)
    used = curve["n"] > 0
    if not used.any():
        return float("nan")
    gap = (curve.loc[used, "p"] - curve.loc[used, "present"]).abs()
    return float((gap * curve.loc[used, "n"]).sum() / curve.loc[used, "n"].sum())


def roc_auc(p, y) -> float:
    """The area under the ROC curve of ``p`` against the labels ``y`` (NaN when one class only)."""
    y = np.asarray(y, dtype=bool)
    if y.all() or not y.any():
        return float("nan")
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(y, np.asarray(p, dtype=np.float64)))


@dataclass
class LabelAgreement:
    """What :func:`label_agreement` measures (module docstring): ``units``, ``correlations``
    (score → level → figures), ``intervals``, the ``reliability`` curve and the counts."""

    summaries: int
    systems: int
    examples: int
    units: dict
    correlations: dict
    intervals: dict
    reliability: pd.DataFrame = field(repr=False)
    pairs: SystemPairs | None = field(default=None, repr=False)  # the crowd's shares are its ``human``

    def figures(self) -> dict[str, float]:
        """The headline figures, flat and in reading order (the table the CLI prints)."""
        out = {"units F1": self.units["f1"], "units precision": self.units["precision"],
               "units recall": self.units["recall"], "units AUC of p": self.units["auc"],
               "ECE of p (ten bins)": self.units["ece"],
               "units counted per summary": self.units["counted"],
               "units present per summary": self.units["present"]}
        for score, levels in self.correlations.items():
            for level, name in (("summary", "summary (per example, averaged)"), ("pooled", "summary (pooled)"),
                                ("system", "system")):
                figures = levels[level]
                for stat in STATISTICS:
                    out[f"{score}: {name} {stat}"] = figures.get(stat, float("nan"))
        out.update({"summaries with an interval": self.intervals["computed"],
                    "summaries inside their interval": self.intervals["coverage"],
                    "mean interval width": self.intervals["width"],
                    "systems with an interval": self.intervals["system_computed"],
                    "systems inside their interval": self.intervals["system_coverage"],
                    "mean system interval width": self.intervals["system_width"]})
        if self.pairs is not None:
            shares, level = self.pairs.shares(), f"{self.pairs.confidence * 100:g} %"
            for score in shares.index:
                name = "labels" if score == "human" else score
                out[f"{name}: system pairs decided ({level})"] = float(shares.loc[score, "decided_share"])
                if score != "human":
                    out[f"{name}: decided pairs wrong vs the labels"] = float(shares.loc[score, "wrong_share"])
        return out

    def to_json(self) -> dict:
        """Everything, JSON-ready (an undefined figure is null)."""
        def clean(v):
            if isinstance(v, dict):
                return {k: clean(x) for k, x in v.items()}
            if isinstance(v, (float, np.floating)):
                return float(v) if np.isfinite(v) else None
            return v.item() if hasattr(v, "item") else v

        curve = self.reliability.astype(object).where(self.reliability.notna(), None).to_dict("records")
        out = clean({"summaries": self.summaries, "systems": self.systems, "examples": self.examples,
                     "units": self.units, "correlations": self.correlations, "intervals": self.intervals,
                     "reliability": curve})
        if self.pairs is not None:
            out["pairs"] = self.pairs.to_json(listed=())
        return out


def _interval_figures(frame: pd.DataFrame, prefix: str) -> dict:
    """Coverage of the human share and mean width, over the intervals that could be computed
    (an interval with too few held-out summaries behind it is infinite: it holds everything and
    has no width), and how many those are of how many."""
    finite = np.isfinite(frame["estimate_low"]) & np.isfinite(frame["estimate_high"])
    known = frame[finite]
    inside = (known["estimate_low"] <= known["human"]) & (known["human"] <= known["estimate_high"])
    return {f"{prefix}coverage": float(inside.mean()) if len(known) else float("nan"),
            f"{prefix}width": float((known["estimate_high"] - known["estimate_low"]).mean()) if len(known) else float("nan"),
            f"{prefix}computed": int(finite.sum()), f"{prefix}total": int(len(frame))}


def _level(fn, frame: pd.DataFrame, score: str, n_resamples: int, seed: int) -> dict:
    try:
        return fn(frame, score, "human", n_resamples=n_resamples, seed=seed)
    except PyrabenchError as exc:
        return {"error": str(exc)}


def label_agreement(scus: pd.DataFrame, summaries: pd.DataFrame, systems: pd.DataFrame, labels: pd.DataFrame,
                    n_resamples: int = 1000, seed: int = 0, pair_resamples: int = N_RESAMPLES,
                    pair_units: dict | None = None) -> LabelAgreement:
    """Agreement of the scorer's output with ``labels`` (``topic``, ``system``, ``scu_id``, ``y``):
    ``scus`` per (summary, unit) (``p``, ``counted``), ``summaries`` per summary (``estimate``,
    ``estimate_low``, ``estimate_high``, optionally ``rouge_2``), ``systems`` per system (the
    same interval columns). A summary the model did not score (empty) counts no unit, ``p`` 0.
    Every labelled summary must be among ``summaries`` and every scored unit labelled.
    ``pair_resamples``: the system pairs' bootstrap (seeded by ``seed``), which draws the examples
    or, ``pair_units`` (example → group), groups of them."""
    keys = [*KEYS, "scu_id"]
    if labels.duplicated(keys).any():
        raise PyrabenchError("a (topic, system, unit) is labelled twice")
    rows = labels[keys + ["y"]].merge(scus[keys + ["p", "counted"]], on=keys, how="outer", indicator=True)
    if (rows["_merge"] == "right_only").any():
        first = rows.loc[rows["_merge"] == "right_only"].iloc[0]
        raise PyrabenchError(f"no label for unit {first['scu_id']} of topic {first['topic']!r}, system "
                             f"{first['system']!r}")
    scored = summaries.set_index(KEYS).index
    labelled = pd.MultiIndex.from_frame(labels[KEYS].drop_duplicates())
    if not labelled.isin(scored).all():
        topic, system = labelled[~labelled.isin(scored)][0]
        raise PyrabenchError(f"labels for a summary not scored: topic {topic!r}, system {system!r}")
    rows = rows.drop(columns="_merge").fillna({"p": 0.0, "counted": False})
    rows = rows.astype({"y": np.int64, "p": np.float64, "counted": bool}).sort_values(keys, kind="mergesort")
    p, y = rows["p"].to_numpy(), rows["y"].to_numpy()

    sets = agreement(rows, rows["counted"].to_numpy(), truth="y", keys=KEYS)
    units = {"precision": sets["precision"], "recall": sets["recall"], "f1": sets["f1"], "auc": roc_auc(p, y),
             "ece": expected_calibration_error(p, y), "counted": sets["counted"], "present": sets["marked"],
             "pairs": int(len(rows))}

    human = rows.groupby(KEYS, sort=True)["y"].mean().rename("human").reset_index()
    frame = human.merge(summaries, on=KEYS, how="left").rename(columns={"system": "peer"})
    correlations = {}
    for score in (s for s in SCORES if s in frame):
        correlations[score] = {"summary": _level(summary_level, frame, score, n_resamples, seed),
                               "pooled": _level(global_level, frame, score, n_resamples, seed),
                               "system": _level(system_level, frame, score, n_resamples, seed)}

    by_system = frame.groupby("peer", sort=True)["human"].mean().rename("human")
    sys_frame = systems.set_index("system").join(by_system, how="inner")
    intervals = {**_interval_figures(frame, ""), **_interval_figures(sys_frame, "system_")}
    pairs = system_pairs(frame, [s for s in SCORES if s in frame], truth="human", keys=("topic", "peer"),
                         n_resamples=pair_resamples, seed=seed, units=pair_units)
    return LabelAgreement(int(len(frame)), int(frame["peer"].nunique()), int(frame["topic"].nunique()), units,
                          correlations, intervals, reliability(p, y), pairs)
