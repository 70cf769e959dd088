"""The sentences of the chapter "Scoring your own summaries" and of the fourth assignment, each
computed from its figures.

The figures themselves (the placement among the DUC systems, the trust figures, the matched
SCUs, the overlap of a lead with NIST's) are computed by :mod:`pyrabench.scoring.auto.placement`;
here they are only put into words, every verdict decided by the figures it is given.
"""

from __future__ import annotations

import numpy as np

#: A lead whose words are at least this share of NIST's lead's is "nearly the same text".
NEARLY_SAME = 0.9


def lead_reading(overlap: float) -> str:
    """Whether our leads are NIST's baseline, from the share of their words in NIST's lead
    (:func:`pyrabench.scoring.auto.placement.lead_overlap`)."""
    if not np.isfinite(overlap):
        return "The corpus has no NIST lead to set our leads beside."
    if overlap >= NEARLY_SAME:
        return (f"This is NIST's baseline: {overlap:.1%} of the words of our leads are in NIST's peer 1 of the same "
                "topic. The rest are the datelines the SCU-marked corpus dropped (`NICOSIA, March 24 (Xinhua) --`), "
                "which used up some of NIST's 250 words, so that our lead sometimes holds one sentence more.")
    if overlap >= 0.5:
        return (f"This is close to NIST's baseline, not the same: only {overlap:.1%} of the words of our leads are in "
                "NIST's peer 1 of the same topic, so on some topics the two take other sentences or another document.")
    return (f"This is not NIST's baseline: only {overlap:.1%} of the words of our leads are in NIST's peer 1 of the "
            "same topic.")


def trust_reading(figures: dict, system: str) -> str:
    """The chapter's paragraph on how far ``system``'s estimate can be trusted, every figure from
    :func:`pyrabench.scoring.auto.placement.trust`."""
    f = figures
    interval = (f"[{f['system_r_low']:.3f}, {f['system_r_high']:.3f}]" if np.isfinite(f["system_r_low"])
                else "(no interval)")
    text = [f"Over the {f['systems']} DUC systems the automated score agrees with the manual one at r = "
            f"{f['system_r']:.3f} {interval} per system (Pearson, chapter 5's system level). Its system means miss "
            f"the manual means by {f['mean_error']:.3f} on average and by {f['max_error']:.3f} at most."]
    where = (f"would place it at rank {f['rank_high']} among the DUC systems' manual scores whichever end is read: "
             "the estimate ranks it as finely as the table does." if f["rank_high"] == f["rank_low"] else
             f"would place it anywhere from rank {f['rank_high']} to rank {f['rank_low']} among the DUC systems' "
             "manual scores: a finer rank is more than the estimate can tell.")
    text.append(f"`{system}` is estimated at {f['estimate']:.3f}, rank {f['rank']} of the {f['of']} systems by the "
                f"automated score. Its 95 % interval, {f['low']:.3f} to {f['high']:.3f}, {where}")
    if "nist_lead" in f:
        text.append(f"NIST's own lead baseline was scored {f['nist_lead']:.3f} by hand, and "
                    f"{f['nist_lead_estimate']:.3f} by the automated score.")
    return " ".join(text)


def _where_found(overlap: float) -> str:
    """Where the annotator found the SCUs, said from how much of our lead NIST's lead holds."""
    if not np.isfinite(overlap):
        return "in NIST's lead"
    if overlap >= NEARLY_SAME:
        return f"in nearly the same text ({overlap:.0%} of our lead's words are in NIST's lead)"
    return f"in NIST's lead, which holds only {overlap:.0%} of our lead's words"


def matching_reading(counts: dict, modified: float, estimate: float, low: float, high: float,
                     overlap: float) -> str:
    """How the automated matching of one topic compares with an annotator's
    (:func:`pyrabench.scoring.auto.placement.matched_counts`; ``overlap``: the share of our lead's
    words in NIST's lead of that topic), and whether the matching's modified score falls within
    the estimate's interval ``[low, high]``."""
    auto, human = counts["auto"], counts["human"]
    found = _where_found(overlap)
    if auto > human:
        how = (f"The matching is generous: at one threshold it accepts segments that an annotator would not, {auto} "
               f"SCUs where the annotator found {human} {found}.")
    elif auto < human:
        how = f"The matching is strict here: {auto} SCUs where the annotator found {human} {found}."
    else:
        how = f"The matching finds as many SCUs as the annotator ({auto}, {found}), not all of them the same."
    head = f"{how} Over the topics its modified score is {modified:.3f} against an estimate of {estimate:.3f}"
    if low <= modified <= high:
        return (f"{head}, within the estimate's 95 % interval ({low:.3f} to {high:.3f}): here the two read alike, "
                "and the estimate is the one calibrated on manual scores.")
    return (f"{head}, outside the estimate's 95 % interval ({low:.3f} to {high:.3f}): the matching's score is not on "
            "the manual scale, and the estimate, calibrated on manual scores, is the score to read.")
