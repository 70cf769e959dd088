"""Summaries of your own among the DUC systems: the tables and figures of the chapter "Scoring
your own summaries" and of the fourth assignment.

:func:`placement` sets the systems scored by :func:`pyrabench.scoring.auto.own.score_summaries`
beside every DUC system of the corpus, on the same topics: the DUC systems with their manual
modified score (NIST convention), the calibrated automated score of the same variant (cross-fitted
as chapter 5 scores them) and ROUGE-2; yours with the estimate, its interval and ROUGE-2.
:func:`trust` says how far an estimate can be trusted: the per-system agreement of that automated
score with the manual one that chapter 5 measures (:func:`pyrabench.reports.scoring.correlation_results`,
system level), its error on the DUC systems, and, for a lead baseline, the manual score of NIST's
own lead.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from ..scoring.auto import variants
from ..scoring.baselines import NIST_LEAD
from ..scoring.correlate import per_summary, system_means
from ..scoring.manual import get_convention, matched_set
from ..scoring.metrics import metric_frame
from ..text import count_words, words
from .scoring import correlation_results

PLACEMENT_COLUMNS = ["system", "kind", "topics", "manual", "estimate", "estimate_low", "estimate_high", "rouge_2",
                     "rank"]


def source_figures(sources: dict, leads) -> dict:
    """Counts for the prose: topics and documents of an SCU-marked corpus (``{topic:
    Collection}``), the mean length of the ``leads`` in words, and the documents' date range."""
    dates = sorted(d.date for c in sources.values() for d in c.documents if d.date)
    return {"topics": len(sources), "documents": sum(len(c.documents) for c in sources.values()),
            "lead_words": float(np.mean([count_words(s.text) for s in leads])),
            "first_year": dates[0][:4] if dates else "", "last_year": dates[-1][:4] if dates else ""}


def matched_counts(view: pd.DataFrame) -> dict:
    """Counts of a :func:`matched_view`: SCUs matched automatically, found by NIST's annotator in
    NIST's lead, and both (plain ints, for the prose)."""
    auto = view["span"].notna()
    human = view["NIST lead"].astype(bool) if "NIST lead" in view else pd.Series(False, index=view.index)
    return {"auto": int(auto.sum()), "human": int(human.sum()), "both": int((auto & human).sum()),
            "auto_weight": int(view.loc[auto, "weight"].sum()), "human_weight": int(view.loc[human, "weight"].sum())}


def metric_of(scores) -> str:
    """The name (:mod:`pyrabench.scoring.metrics`) of the automated score ``scores`` estimated with."""
    return "auto" if scores.variant in (None, variants.DEFAULT) else f"auto:{scores.variant}"


def _duc_systems(corpus, topics, metric: str) -> pd.DataFrame:
    """Per DUC system: topics, manual modified, automated and ROUGE-2 means over ``topics``."""
    frame, errors = metric_frame(corpus, ["modified", metric, "rouge_2"])
    for name in errors:
        frame[name] = np.nan
    frame = per_summary(frame[frame["topic"].isin(topics)], ["modified", metric, "rouge_2"])
    means = system_means(frame, ["modified", metric, "rouge_2"])
    means["topics"] = frame.groupby("peer")["topic"].nunique()
    lead = NIST_LEAD.get(corpus.name)
    return pd.DataFrame({
        "system": means.index, "kind": ["NIST lead" if s == lead else "DUC" for s in means.index],
        "topics": means["topics"].to_numpy(), "manual": means["modified"].to_numpy(),
        "estimate": means[metric].to_numpy(), "rouge_2": means["rouge_2"].to_numpy()})


def placement(scores, corpus) -> pd.DataFrame:
    """One row per system, DUC's and yours (``kind`` "yours"), on the topics you scored; ``rank``
    orders every system by its estimate (1 = best; a DUC system's estimate is the automated score
    of its own summaries, so all are ranked by the same scorer). Sorted by rank."""
    topics = sorted(set(scores.summaries["topic"]))
    duc = _duc_systems(corpus, topics, metric_of(scores))
    mine = scores.systems.set_index("system")
    rouge = scores.summaries.groupby("system")["rouge_2"].mean() if "rouge_2" in scores.summaries else None
    yours = pd.DataFrame({
        "system": mine.index, "kind": "yours", "topics": mine["topics"].to_numpy(), "manual": np.nan,
        "estimate": mine["estimate"].to_numpy(), "estimate_low": mine["estimate_low"].to_numpy(),
        "estimate_high": mine["estimate_high"].to_numpy(),
        "rouge_2": rouge.reindex(mine.index).to_numpy() if rouge is not None else np.nan})
    table = pd.concat([duc, yours], ignore_index=True)
    table["rank"] = table["estimate"].rank(ascending=False, method="min").astype("Int64")
    return table.sort_values(["rank", "system"], kind="mergesort")[PLACEMENT_COLUMNS].reset_index(drop=True)


def trust(table: pd.DataFrame, corpus, scores, system: str, n_resamples: int = 1000) -> dict:
    """How far ``system``'s estimate can be trusted, as figures for the prose (plain floats/ints):

    * ``system_r``, ``system_r_low``, ``system_r_high``, ``systems``: the system-level Pearson
      correlation of the automated score with the manual one over the DUC systems, with its
      bootstrap interval (chapter 5's measure);
    * ``mean_error``, ``max_error``: the mean and largest |estimate − manual| over the DUC systems;
    * ``estimate``, ``low``, ``high``, ``rank``, ``of``: the system's estimate, interval and rank;
    * ``rank_low``, ``rank_high``: the ranks among the DUC systems' manual scores that the ends of
      the interval would take (best first);
    * ``nist_lead`` (NIST's lead, manual) and ``nist_lead_estimate`` when the corpus has a lead.
    """
    metric = metric_of(scores)
    result = correlation_results({corpus.name: corpus}, metrics=(metric,), n_resamples=n_resamples,
                                 levels=("system",))[corpus.name]["levels"]["system"][metric]
    duc = table[table["kind"] != "yours"]
    errors = (duc["estimate"] - duc["manual"]).abs()
    row = table.set_index("system").loc[system]
    manual = np.sort(duc["manual"].to_numpy(float))[::-1]
    low, high = (result.get("ci") or {}).get("pearson") or (np.nan, np.nan)  # no interval: an error instead
    out = {"systems": int(result.get("n", len(duc))), "system_r": float(result.get("pearson", np.nan)),
           "system_r_low": float(low), "system_r_high": float(high),
           "mean_error": float(errors.mean()), "max_error": float(errors.max()),
           "estimate": float(row["estimate"]), "low": float(row["estimate_low"]), "high": float(row["estimate_high"]),
           "rank": int(row["rank"]), "of": len(table),
           "rank_high": int((manual > row["estimate_high"]).sum()) + 1,
           "rank_low": int((manual > row["estimate_low"]).sum()) + 1}
    lead = duc[duc["kind"] == "NIST lead"]
    if len(lead):
        out["nist_lead"] = float(lead["manual"].iloc[0])
        out["nist_lead_estimate"] = float(lead["estimate"].iloc[0])
    return out


def matched_view(scores, corpus, topic: str, system: str) -> pd.DataFrame:
    """The SCUs the automated matching found in ``system``'s summary of ``topic`` (span and
    similarity) beside those NIST's annotator found in NIST's lead peer of the topic (``NIST
    lead``, when the corpus has one): one row per SCU of either, heaviest first."""
    pyramid = corpus.pyramid(topic)
    weights = get_convention("nist").scu_weights(pyramid)
    labels = {u.scu_id: u.label for u in pyramid.scus}
    m = scores.matches[(scores.matches["topic"] == topic) & (scores.matches["system"] == system)]
    auto = m.set_index("scu_id")[["span", "similarity"]]
    lead = NIST_LEAD.get(corpus.name)
    human = set().union(*(matched_set(p) for p in corpus.peers if p.topic == topic and p.peer_id == lead))
    ids = sorted(set(auto.index) | human, key=lambda i: (-weights.get(i, 0), i))
    table = pd.DataFrame({"scu_id": ids, "label": [labels.get(i, "") for i in ids],
                          "weight": [weights.get(i, 0) for i in ids]}).set_index("scu_id")
    table = table.join(auto)
    if lead is not None:
        table["NIST lead"] = [i in human for i in ids]
    return table


def lead_overlap(summaries, corpus) -> float:
    """How much of each of ``summaries`` (leads) NIST's own lead of its topic holds: the share of
    its words (:func:`pyrabench.text.words`, lower-cased, with multiplicity) found in NIST's lead
    peer, averaged over the topics that have one (NaN when none does)."""
    nist = {p.topic: p.summary for p in corpus.peers if p.peer_id == NIST_LEAD.get(corpus.name)}
    shares = []
    for s in summaries:
        if s.topic in nist:
            ours, theirs = Counter(words(s.text)), Counter(words(nist[s.topic]))
            shares.append(sum((ours & theirs).values()) / max(sum(ours.values()), 1))
    return float(np.mean(shares)) if shares else float("nan")


def trust_reading(figures: dict, system: str) -> str:
    """The chapter's paragraph on how far ``system``'s estimate can be trusted, every figure from
    :func:`trust`."""
    f = figures
    interval = (f"[{f['system_r_low']:.3f}, {f['system_r_high']:.3f}]" if np.isfinite(f["system_r_low"])
                else "(no interval)")
    text = [f"Over the {f['systems']} DUC systems the automated score agrees with the manual one at r = "
            f"{f['system_r']:.3f} {interval} per system (Pearson, chapter 5's system level). Its system means miss "
            f"the manual means by {f['mean_error']:.3f} on average and by {f['max_error']:.3f} at most."]
    text.append(f"`{system}` is estimated at {f['estimate']:.3f}, rank {f['rank']} of the {f['of']} systems by the "
                f"automated score. Its 95 % interval, {f['low']:.3f} to {f['high']:.3f}, would place it anywhere from "
                f"rank {f['rank_high']} to rank {f['rank_low']} among the DUC systems' manual scores: a finer rank is "
                "more than the estimate can tell.")
    if "nist_lead" in f:
        text.append(f"NIST's own lead baseline was scored {f['nist_lead']:.3f} by hand, and "
                    f"{f['nist_lead_estimate']:.3f} by the automated score.")
    return " ".join(text)



def matching_reading(counts: dict, modified: float, estimate: float) -> str:
    """How the automated matching of one topic compares with an annotator's (:func:`matched_counts`)
    and why the estimate, not the matching's modified score, is the figure to read."""
    auto, human = counts["auto"], counts["human"]
    if auto > human:
        how = (f"The matching is generous: at one threshold it accepts segments that an annotator would not, {auto} "
               f"SCUs where the annotator found {human} in nearly the same text.")
    elif auto < human:
        how = f"The matching is strict here: {auto} SCUs where the annotator found {human} in nearly the same text."
    else:
        how = f"The matching finds as many SCUs as the annotator ({auto}), not all of them the same."
    gap = abs(modified - estimate)
    return (f"{how} Over the topics its modified score is {modified:.3f} against an estimate of {estimate:.3f} "
            f"({'far from' if gap >= 0.1 else 'near'} it); the estimate, calibrated on manual scores, is the score to "
            "read.")
