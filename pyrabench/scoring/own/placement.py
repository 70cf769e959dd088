"""Your systems among a corpus's DUC systems: the placement table, how far an estimate can be
trusted, the SCUs matched beside NIST's lead, and how close a lead is to NIST's.

:func:`placement` sets the systems scored by :func:`pyrabench.scoring.own.summaries.score_summaries`
beside every DUC system of the corpus, on the same topics: the DUC systems with their manual
modified score (NIST convention), the estimate of the same model on their summaries given as text
with its interval, and ROUGE-2; yours with the estimate, its interval and ROUGE-2; every system
ranked by the same scorer (:func:`rank_by_estimate`). :func:`trust` measures how far an estimate
can be trusted: the per-system agreement of the estimate with the manual score over the DUC
systems, its error on them, the ranks the ends of the estimate's interval would take, and, for a
lead baseline, NIST's own lead. :func:`matched_view` sets the SCUs the calibrated model finds in a
summary (probability, evidence, counted) beside those NIST's annotator found in NIST's lead. The
figures are computed here; :mod:`pyrabench.reports.own` only words and draws them.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from ...resampling import N_RESAMPLES
from ...text import count_words, words
from ..baselines import NIST_LEAD
from ..correlate import correlations, per_summary, system_means
from ..manual import matched_set, score_corpus
from ..metrics import metric_frame

PLACEMENT_COLUMNS = ["system", "kind", "topics", "manual", "estimate", "estimate_low", "estimate_high", "rouge_2",
                     "rank"]


def source_figures(sources: dict, leads) -> dict:
    """Counts for the prose: topics and documents of an SCU-marked corpus (``{topic:
    Collection}``), the mean length of the ``leads`` in words, and the documents' date range."""
    dates = sorted(d.date for c in sources.values() for d in c.documents if d.date)
    return {"topics": len(sources), "documents": sum(len(c.documents) for c in sources.values()),
            "lead_words": float(np.mean([count_words(s.text) for s in leads])),
            "first_year": dates[0][:4] if dates else "", "last_year": dates[-1][:4] if dates else ""}


def _duc_systems(corpus, topics) -> pd.DataFrame:
    """Per DUC system: topics, manual modified and ROUGE-2 means over ``topics``."""
    frame, errors = metric_frame(corpus, ["modified", "rouge_2"])
    for name in errors:
        frame[name] = np.nan
    frame = per_summary(frame[frame["topic"].isin(topics)], ["modified", "rouge_2"])
    means = system_means(frame, ["modified", "rouge_2"])
    means["topics"] = frame.groupby("peer")["topic"].nunique()
    lead = NIST_LEAD.get(corpus.name)
    return pd.DataFrame({
        "system": means.index, "kind": ["NIST lead" if s == lead else "DUC" for s in means.index],
        "topics": means["topics"].to_numpy(), "manual": means["modified"].to_numpy(),
        "rouge_2": means["rouge_2"].to_numpy()})


def rank_by_estimate(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with ``rank``: every system by its estimate, 1 = best, ties sharing the best rank
    (``min``); sorted by rank, then system."""
    table = table.assign(rank=table["estimate"].rank(ascending=False, method="min").astype("Int64"))
    return table.sort_values(["rank", "system"], kind="mergesort").reset_index(drop=True)


def placement(scores, corpus, duc) -> pd.DataFrame:
    """One row per system, DUC's and yours (``kind`` "yours"), on the topics you scored; ``rank``
    orders every system by its estimate (1 = best). ``duc``: the DUC peers scored as text by the
    same model (:func:`pyrabench.scoring.own.summaries.score_summaries` of
    :func:`~pyrabench.scoring.own.summaries.peer_summaries`), whose estimates and intervals the DUC rows
    take, so all are ranked by the same scorer. Sorted by rank."""
    topics = sorted(set(scores.summaries["topic"]))
    theirs = duc.systems.set_index("system")[["estimate", "estimate_low", "estimate_high"]]
    duc = _duc_systems(corpus, topics).join(theirs, on="system")
    mine = scores.systems.set_index("system")
    rouge = scores.summaries.groupby("system")["rouge_2"].mean() if "rouge_2" in scores.summaries else None
    yours = pd.DataFrame({
        "system": mine.index, "kind": "yours", "topics": mine["topics"].to_numpy(), "manual": np.nan,
        "estimate": mine["estimate"].to_numpy(), "estimate_low": mine["estimate_low"].to_numpy(),
        "estimate_high": mine["estimate_high"].to_numpy(),
        "rouge_2": rouge.reindex(mine.index).to_numpy() if rouge is not None else np.nan})
    return rank_by_estimate(pd.concat([duc, yours], ignore_index=True))[PLACEMENT_COLUMNS]


def manual_rank(manual, score: float) -> int:
    """The rank ``score`` would take among the ``manual`` scores (1 = above them all)."""
    return int((np.asarray(manual, dtype=float) > score).sum()) + 1


def trust_figures(table: pd.DataFrame, system: str, agreement: dict) -> dict:
    """:func:`trust`'s figures from a :func:`placement` table and the system-level correlation
    result ``agreement`` (a :func:`pyrabench.scoring.correlate.correlations` entry: ``n``,
    ``pearson``, ``ci``; an entry with an ``error`` instead gives NaN)."""
    duc = table[table["kind"] != "yours"]
    errors = (duc["estimate"] - duc["manual"]).abs()
    row = table.set_index("system").loc[system]
    low, high = (agreement.get("ci") or {}).get("pearson") or (np.nan, np.nan)  # no interval: an error instead
    out = {"systems": int(agreement.get("n", len(duc))), "system_r": float(agreement.get("pearson", np.nan)),
           "system_r_low": float(low), "system_r_high": float(high),
           "mean_error": float(errors.mean()), "max_error": float(errors.max()),
           "estimate": float(row["estimate"]), "low": float(row["estimate_low"]), "high": float(row["estimate_high"]),
           "rank": int(row["rank"]), "of": len(table),
           "rank_high": manual_rank(duc["manual"], row["estimate_high"]),
           "rank_low": manual_rank(duc["manual"], row["estimate_low"])}
    lead = duc[duc["kind"] == "NIST lead"]
    if len(lead):
        out["nist_lead"] = float(lead["manual"].iloc[0])
        out["nist_lead_estimate"] = float(lead["estimate"].iloc[0])
    return out


def trust(table: pd.DataFrame, corpus, duc, system: str, n_resamples: int = N_RESAMPLES) -> dict:
    """How far ``system``'s estimate can be trusted, as figures for the prose (plain floats/ints):

    * ``system_r``, ``system_r_low``, ``system_r_high``, ``systems``: the system-level Pearson
      correlation of the estimate with the manual score over the DUC systems (``duc``: their
      peers scored as text, as for :func:`placement`), with its bootstrap interval;
    * ``mean_error``, ``max_error``: the mean and largest |estimate − manual| over the DUC systems;
    * ``estimate``, ``low``, ``high``, ``rank``, ``of``: the system's estimate, interval and rank;
    * ``rank_low``, ``rank_high``: the ranks among the DUC systems' manual scores that the ends of
      the interval would take (best first);
    * ``nist_lead`` (NIST's lead, manual) and ``nist_lead_estimate`` when the corpus has a lead.
    """
    manual = score_corpus(corpus)[["topic", "peer", "annotator", "modified"]]
    frame = manual.merge(duc.summaries[["topic", "system", "estimate"]].rename(columns={"system": "peer"}),
                         on=["topic", "peer"])
    result = correlations(frame, ["estimate"], "modified", n_resamples=n_resamples, levels=("system",))
    return trust_figures(table, system, result["levels"]["system"]["estimate"])


def matched_view(scores, corpus, topic: str, system: str) -> pd.DataFrame:
    """The SCUs the calibrated model lists for ``system``'s summary of ``topic`` (those it counts
    and those it gives a chance, :meth:`~pyrabench.scoring.own.summaries.OwnScores.explained`: the
    probability, the sentence carrying the evidence, whether it counts) beside those NIST's
    annotator found in NIST's lead peer of the topic (``NIST lead``, when the corpus has one):
    one row per SCU of either, most probable first."""
    listed = scores.explained()
    mine = scores.scus[(scores.scus["topic"] == topic) & (scores.scus["system"] == system)].set_index("scu_id")
    shown = set(listed.loc[(listed["topic"] == topic) & (listed["system"] == system), "scu_id"])
    lead = NIST_LEAD.get(corpus.name)
    human = set().union(*(matched_set(p) for p in corpus.peers if p.topic == topic and p.peer_id == lead))
    ids = [i for i in mine.index if i in shown or i in human]
    table = mine.loc[ids, ["label", "weight", "p", "evidence", "counted"]]
    if lead is not None:
        table["NIST lead"] = [i in human for i in ids]
    return table.sort_values(["p", "weight"], ascending=False, kind="mergesort")


def matched_counts(view: pd.DataFrame) -> dict:
    """Counts of a :func:`matched_view`: SCUs the model counts, SCUs NIST's annotator found in
    NIST's lead, and both, with their weights (plain ints, for the prose)."""
    auto = view["counted"].astype(bool)
    human = view["NIST lead"].astype(bool) if "NIST lead" in view else pd.Series(False, index=view.index)
    return {"auto": int(auto.sum()), "human": int(human.sum()), "both": int((auto & human).sum()),
            "auto_weight": int(view.loc[auto, "weight"].sum()), "human_weight": int(view.loc[human, "weight"].sum())}


def word_overlap(ours: str, theirs: str) -> float:
    """The share of ``ours``'s words (:func:`pyrabench.text.words`, lower-cased, with multiplicity)
    found in ``theirs`` (0 when ``ours`` has none)."""
    a, b = Counter(words(ours)), Counter(words(theirs))
    return sum((a & b).values()) / max(sum(a.values()), 1)


def lead_overlap(summaries, corpus) -> float:
    """How much of each of ``summaries`` (leads) NIST's own lead peer of its topic holds
    (:func:`word_overlap`), averaged over the summaries whose topic has one (NaN when none does;
    one summary: that summary's share)."""
    nist = {p.topic: p.summary for p in corpus.peers if p.peer_id == NIST_LEAD.get(corpus.name)}
    shares = [word_overlap(s.text, nist[s.topic]) for s in summaries if s.topic in nist]
    return float(np.mean(shares)) if shares else float("nan")
