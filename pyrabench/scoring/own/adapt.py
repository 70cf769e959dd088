"""A user's own labels used honestly: the scorer adapted on ``n`` labelled examples and reported on
the others only (``pyrabench score … --labels DIR --adapt N``).

The model fitted on DUC holds its probabilities and intervals on DUC; on a new domain they may sit
off. A user who labels a few examples gets a scorer fitted to their domain (:mod:`.adaptation`):
``n`` examples are drawn with the seed (every system's summary of each; stratified by the
model's mean probability per example, no label read), the recalibration map and the intervals'
errors are refitted on them, and every summary, system and agreement figure returned is of the
**other** examples. An empty summary still scores 0; a label of a summary not scored is an error,
drawn or not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from ...resampling import N_RESAMPLES
from ..manual import modified_ideal
from ..scu_model import adaptation, intervals, scu_sets
from ..scu_model.label_agreement import LabelAgreement, label_agreement
from .summaries import CONFIDENCE, OwnScores, system_table

KEYS = ["topic", "system"]
#: What an adapted system's interval is (the header of the per-system table).
SYSTEM_INTERVAL = (f"estimate interval: bootstrap {CONFIDENCE * 100:g} % over topics, each draw shifted by a held-out system's error, "
                   "widened to cover the system's own out-of-fold error on the examples adapted on")


@dataclass
class Adapted:
    """:func:`adapt_scores`'s result: the scores and the agreement of the other examples
    (``rest``), the examples adapted on (``used``, in the order drawn) and what was fitted."""

    scores: OwnScores
    agreement: LabelAgreement
    adaptation: adaptation.Adaptation
    used: tuple[str, ...]
    rest: tuple[str, ...]
    seed: int

    def note(self) -> str:
        """The line the output prints: which examples adapted the model, and on what the figures are."""
        fitted = self.adaptation
        how = ("its probabilities recalibrated (Platt, pulled toward the model's own by a prior of up to "
               f"{adaptation.PRIOR_EXAMPLES:g} examples)" if fitted.recalibration.method == "platt" else
               "its probabilities kept (their labels are all alike: nothing to recalibrate on)")
        return (f"adapted on {len(self.used)} labelled examples drawn with seed {self.seed} ({', '.join(self.used)}): "
                f"{how}, its intervals from their out-of-fold errors and the model's own; every score and figure "
                f"below is of the other {len(self.rest)} examples only")

    def to_json(self) -> dict:
        fitted = self.adaptation
        return {"n": len(self.used), "seed": self.seed, "used": list(self.used), "reported_on": list(self.rest),
                "map": fitted.recalibration.method,
                "brier": dict(fitted.brier), "pairs": fitted.pairs,
                "presence_rate": fitted.rate, "note": self.note()}


def _frame(scores: OwnScores, labels: pd.DataFrame, pyramids: dict) -> pd.DataFrame:
    """Every labelled (summary, unit): ``y``, the model's ``p`` (0, and ``scored`` False, for a
    summary the model did not score), the unit's ``weight`` and the pyramid's ``ideal``."""
    keys = [*KEYS, "scu_id"]
    rows = labels[keys + ["y"]].merge(scores.scus[keys + ["p"]], on=keys, how="left", validate="one_to_one")
    rows["scored"] = rows["p"].notna()
    rows["p"] = rows["p"].fillna(0.0)
    weight = {(t, s.scu_id): float(s.weight) for t, pyr in pyramids.items() for s in pyr.scus}
    rows["weight"] = [weight[(t, i)] for t, i in zip(rows["topic"], rows["scu_id"])]
    ideal = {t: float(modified_ideal(pyr)) for t, pyr in pyramids.items()}
    rows["ideal"] = rows["topic"].map(ideal)
    return rows.sort_values(keys, kind="mergesort").reset_index(drop=True)


def adapt_scores(scores: OwnScores, labels: pd.DataFrame, pyramids: dict, n: int, seed: int = 0,
                 n_resamples: int = N_RESAMPLES) -> Adapted:
    """``scores`` (of :func:`.summaries.score_summaries`) adapted on ``n`` of the ``labels``'
    examples (module docstring); ``pyramids``: the lite pyramids scored against, by topic."""
    if scores.summary_errors is None:
        raise PyrabenchError("--adapt recalibrates the model's estimates: there is no model to adapt (give "
                             "--calibrate-on CORPUS)")
    scored = pd.MultiIndex.from_frame(scores.summaries[KEYS])
    labelled = pd.MultiIndex.from_frame(labels[KEYS].drop_duplicates())
    if not labelled.isin(scored).all():
        topic, system = labelled[~labelled.isin(scored)][0]
        raise PyrabenchError(f"labels for a summary not scored: example {topic!r}, system {system!r} (no summary of "
                             "it was given)")
    frame = _frame(scores, labels, pyramids)
    p = frame["p"].to_numpy()
    used, rest = adaptation.split(labels["topic"].unique(), n, seed, score=adaptation.example_scores(frame, p))
    fitted = adaptation.fit(frame, p, used, KEYS, "system",
                            prior=(scores.summary_errors, scores.system_errors))
    on = frame["topic"].isin(rest).to_numpy()
    sub = frame[on].reset_index(drop=True)
    p = np.where(sub["scored"], fitted(sub["p"].to_numpy()), 0.0)
    sub = sub.assign(p=p, counted=scu_sets.counted(sub, p, KEYS) & sub["scored"].to_numpy())
    est = intervals.estimate_sd(sub, p, KEYS)
    est["estimate_low"], est["estimate_high"] = fitted.summary_errors.interval(est["estimate"], est["sd"])
    w = sub["weight"] * sub["counted"]
    per = sub.assign(w=w).groupby(KEYS, sort=False).agg(scus=("counted", "sum"), weight=("w", "sum"),
                                                         ideal=("ideal", "first")).reset_index()
    per["counted"] = np.divide(per["weight"], per["ideal"], out=np.zeros(len(per)), where=per["ideal"] > 0)
    per = est.drop(columns="sd").merge(per.drop(columns="ideal"), on=KEYS)
    table = scores.summaries[scores.summaries["topic"].isin(rest)].drop(
        columns=["estimate", "estimate_low", "estimate_high", "scus", "weight", "counted"])
    columns = list(scores.summaries.columns)
    table = table.merge(per, on=KEYS, how="left")[columns].astype({"scus": int, "weight": int})
    scus = scores.scus[scores.scus["topic"].isin(rest)].drop(columns=["p", "counted"]).merge(
        sub[[*KEYS, "scu_id", "p", "counted"]], on=[*KEYS, "scu_id"], how="left")[list(scores.scus.columns)]
    adapted = replace(scores, summaries=table.reset_index(drop=True),
                      systems=system_table(table, fitted.system_errors, seed, n_resamples),
                      scus=scus.reset_index(drop=True), summary_errors=fitted.summary_errors,
                      system_errors=fitted.system_errors, system_interval=SYSTEM_INTERVAL,
                      items=tuple(it for it in scores.items if it.key["topic"] in set(rest)))
    agreement = label_agreement(adapted.scus, adapted.summaries, adapted.systems,
                                labels[labels["topic"].isin(rest)], n_resamples, seed)
    return Adapted(adapted, agreement, fitted, used, rest, seed)
