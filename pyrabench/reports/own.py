"""Summaries of your own among the DUC systems: the tables and figures of the chapter "Scoring
your own summaries" and of the fourth assignment.

:func:`placement` sets the systems scored by :func:`pyrabench.scoring.auto.own.score_summaries`
beside every DUC system of the corpus, on the same topics: the DUC systems with their manual
modified score (NIST convention), the estimate of the same model on their summaries given as text,
with its interval, and ROUGE-2; yours with the estimate, its interval and ROUGE-2.
:func:`trust` says how far an estimate can be trusted: the per-system agreement of the estimate
with the manual score over the DUC systems, its error on them, and, for a lead baseline, the manual score of NIST's
own lead. :func:`matched_view` sets the SCUs the calibrated model finds in a summary (probability,
evidence, counted) beside those NIST's annotator found in NIST's lead; :func:`plot_estimates`
draws the DUC systems' manual means against their estimates with intervals, and yours.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from ..extras import plotting
from ..scoring.baselines import NIST_LEAD
from ..scoring.correlate import correlations, per_summary, system_means
from ..scoring.manual import matched_set, score_corpus
from ..scoring.metrics import metric_frame
from ..text import count_words, words

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
    """Counts of a :func:`matched_view`: SCUs the model counts, SCUs NIST's annotator found in
    NIST's lead, and both, with their weights (plain ints, for the prose)."""
    auto = view["counted"].astype(bool)
    human = view["NIST lead"].astype(bool) if "NIST lead" in view else pd.Series(False, index=view.index)
    return {"auto": int(auto.sum()), "human": int(human.sum()), "both": int((auto & human).sum()),
            "auto_weight": int(view.loc[auto, "weight"].sum()), "human_weight": int(view.loc[human, "weight"].sum())}


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


def placement(scores, corpus, duc) -> pd.DataFrame:
    """One row per system, DUC's and yours (``kind`` "yours"), on the topics you scored; ``rank``
    orders every system by its estimate (1 = best). ``duc``: the DUC peers scored as text by the
    same model (:func:`pyrabench.scoring.auto.own.score_summaries` of
    :func:`~pyrabench.scoring.auto.own.peer_summaries`), whose estimates and intervals the DUC rows
    take, so all are ranked by the same scorer. Sorted by rank."""
    topics = sorted(set(scores.summaries["topic"]))
    theirs = duc.systems.set_index("system")[["estimate", "estimate_low", "estimate_high"]]
    duc_rows = _duc_systems(corpus, topics).join(theirs, on="system")
    mine = scores.systems.set_index("system")
    rouge = scores.summaries.groupby("system")["rouge_2"].mean() if "rouge_2" in scores.summaries else None
    yours = pd.DataFrame({
        "system": mine.index, "kind": "yours", "topics": mine["topics"].to_numpy(), "manual": np.nan,
        "estimate": mine["estimate"].to_numpy(), "estimate_low": mine["estimate_low"].to_numpy(),
        "estimate_high": mine["estimate_high"].to_numpy(),
        "rouge_2": rouge.reindex(mine.index).to_numpy() if rouge is not None else np.nan})
    table = pd.concat([duc_rows, yours], ignore_index=True)
    table["rank"] = table["estimate"].rank(ascending=False, method="min").astype("Int64")
    return table.sort_values(["rank", "system"], kind="mergesort")[PLACEMENT_COLUMNS].reset_index(drop=True)


def trust(table: pd.DataFrame, corpus, duc, system: str, n_resamples: int = 1000) -> dict:
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
    manual_frame = score_corpus(corpus)[["topic", "peer", "annotator", "modified"]]
    frame = manual_frame.merge(duc.summaries[["topic", "system", "estimate"]].rename(columns={"system": "peer"}),
                               on=["topic", "peer"])
    result = correlations(frame, ["estimate"], "modified", n_resamples=n_resamples,
                          levels=("system",))["levels"]["system"]["estimate"]
    duc_rows = table[table["kind"] != "yours"]
    errors = (duc_rows["estimate"] - duc_rows["manual"]).abs()
    row = table.set_index("system").loc[system]
    manual = np.sort(duc_rows["manual"].to_numpy(float))[::-1]
    low, high = (result.get("ci") or {}).get("pearson") or (np.nan, np.nan)  # no interval: an error instead
    out = {"systems": int(result.get("n", len(duc_rows))), "system_r": float(result.get("pearson", np.nan)),
           "system_r_low": float(low), "system_r_high": float(high),
           "mean_error": float(errors.mean()), "max_error": float(errors.max()),
           "estimate": float(row["estimate"]), "low": float(row["estimate_low"]), "high": float(row["estimate_high"]),
           "rank": int(row["rank"]), "of": len(table),
           "rank_high": int((manual > row["estimate_high"]).sum()) + 1,
           "rank_low": int((manual > row["estimate_low"]).sum()) + 1}
    lead = duc_rows[duc_rows["kind"] == "NIST lead"]
    if len(lead):
        out["nist_lead"] = float(lead["manual"].iloc[0])
        out["nist_lead_estimate"] = float(lead["estimate"].iloc[0])
    return out


def matched_view(scores, corpus, topic: str, system: str) -> pd.DataFrame:
    """The SCUs the calibrated model lists for ``system``'s summary of ``topic`` (those it counts
    and those it gives a chance, :meth:`~pyrabench.scoring.auto.own.OwnScores.explained`: the
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
    text = [f"Over the {f['systems']} DUC systems, their summaries scored as text, the estimate agrees with the "
            f"manual score at r = {f['system_r']:.3f} {interval} per system (Pearson). Its system means miss "
            f"the manual means by {f['mean_error']:.3f} on average and by {f['max_error']:.3f} at most."]
    text.append(f"`{system}` is estimated at {f['estimate']:.3f}, rank {f['rank']} of the {f['of']} systems by the "
                f"automated score. Its 95 % interval, {f['low']:.3f} to {f['high']:.3f}, would place it anywhere from "
                f"rank {f['rank_high']} to rank {f['rank_low']} among the DUC systems' manual scores: a finer rank is "
                "more than the estimate can tell.")
    if "nist_lead" in f:
        text.append(f"NIST's own lead baseline was scored {f['nist_lead']:.3f} by hand, and "
                    f"{f['nist_lead_estimate']:.3f} by the automated score.")
    return " ".join(text)



def _scus(n: int) -> str:
    return f"{n} SCU" if n == 1 else f"{n} SCUs"


def matching_reading(counts: dict, counted: float, estimate: float) -> str:
    """How the model's SCU set of one summary compares with the annotator's of NIST's lead
    (:func:`matched_counts`), and how the counted set's score compares with the estimate."""
    auto, human, both = counts["auto"], counts["human"], counts["both"]
    if auto == human == both:
        how = f"The model counts the {_scus(auto)} that the annotator found."
    else:
        more = "more than" if auto > human else "fewer than" if auto < human else "as many as"
        shared = "none is" if both == 0 else f"{both} {'is' if both == 1 else 'are'}"
        how = (f"The model counts {_scus(auto)}, {more} the {human} that the annotator found in NIST's lead; "
               f"{shared} in both.")
    gap = counted - estimate
    side = f"{abs(gap):.3f} above" if gap > 0 else f"{abs(gap):.3f} below" if gap < 0 else "equal to"
    return (f"{how} Over the topics, the counted sets score {counted:.3f}, {side} the estimate ({estimate:.3f}), "
            "which weighs every SCU by its probability instead of counting it or not.")


def plot_estimates(systems: pd.DataFrame):
    """Each DUC system's manual mean (x) against its estimate (y) with the estimate's interval,
    NIST's lead in its own colour, and every system nobody annotated (``kind`` "yours": no manual
    score) as a horizontal line at its estimate over its interval's band; y = x for reference.
    ``systems``: rows of :func:`placement` (columns ``system, kind, manual, estimate,
    estimate_low, estimate_high``)."""
    plt, _ = plotting()
    fig, ax = plt.subplots(figsize=(5.2, 5.4))
    duc = systems[systems["kind"] != "yours"]
    colours = {"DUC": "tab:blue", "NIST lead": "tab:red"}
    for kind, d in duc.groupby("kind", sort=False):
        low = (d["estimate"] - d["estimate_low"]).clip(lower=0).to_numpy(float)
        high = (d["estimate_high"] - d["estimate"]).clip(lower=0).to_numpy(float)
        label = "DUC systems" if kind == "DUC" else f"NIST's lead (peer {d['system'].iloc[0]})"
        ax.errorbar(d["manual"], d["estimate"], yerr=[low, high], fmt="o", ms=4, lw=0.8, capsize=2,
                    color=colours.get(kind, "tab:gray"), label=label, zorder=3 if kind != "DUC" else 2)
    values = systems[["manual", "estimate", "estimate_low", "estimate_high"]].to_numpy(float)
    lo, hi = 0.0, float(np.nanmax(values)) * 1.05 if np.isfinite(values).any() else 1.0
    ax.plot([lo, hi], [lo, hi], color="gray", lw=0.8, ls="--", label="y = x")
    for k, (_, row) in enumerate(systems[systems["kind"] == "yours"].iterrows()):
        colour = plt.get_cmap("Dark2")(k % 8)
        ax.axhspan(row["estimate_low"], row["estimate_high"], color=colour, alpha=0.12, lw=0)
        ax.axhline(row["estimate"], color=colour, lw=1.2, label=f"{row['system']} (estimate, no manual score)")
    ax.set(xlim=(lo, hi), ylim=(lo, hi), xlabel="manual modified score (system mean)",
           ylabel="estimate (system mean, 95 % interval)")
    ax.set_aspect("equal")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)  # hides no point
    fig.tight_layout()
    return fig
