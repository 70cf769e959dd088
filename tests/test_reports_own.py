"""The sentences of the chapter "Scoring your own summaries": each verdict follows the figures it
is given (other figures, another sentence)."""

from __future__ import annotations

import math

from pyrabench.reports.own import lead_reading, matching_reading, trust_reading

FIGURES = {"systems": 30, "system_r": 0.85, "system_r_low": 0.7, "system_r_high": 0.93, "mean_error": 0.04,
           "max_error": 0.12, "estimate": 0.25, "low": 0.18, "high": 0.33, "rank": 12, "of": 31,
           "rank_high": 5, "rank_low": 20, "nist_lead": 0.2, "nist_lead_estimate": 0.22}


def test_trust_reading_says_a_finer_rank_cannot_be_told_only_when_the_interval_spans_ranks():
    text = trust_reading(FIGURES, "lead")
    assert "r = 0.850 [0.700, 0.930]" in text and "from rank 5 to rank 20" in text
    assert "a finer rank is more than the estimate can tell" in text and "NIST's own lead baseline was scored 0.200" in text
    one = trust_reading({**FIGURES, "rank_high": 7, "rank_low": 7}, "lead")
    assert "at rank 7 among the DUC systems' manual scores whichever end is read" in one
    assert "finer rank is more" not in one
    bare = {k: v for k, v in FIGURES.items() if not k.startswith("nist_lead")}
    no_ci = trust_reading({**bare, "system_r_low": math.nan, "system_r_high": math.nan}, "mine")
    assert "(no interval)" in no_ci and "NIST's own lead" not in no_ci and "`mine`" in no_ci


def test_matching_reading_follows_the_counts_the_overlap_and_the_interval():
    generous = matching_reading({"auto": 9, "human": 4}, 0.9, 0.2, 0.1, 0.3, 0.95)
    assert "generous" in generous and "in nearly the same text (95% of our lead's words" in generous
    assert "outside the estimate's 95 % interval (0.100 to 0.300)" in generous and "is the score to read" in generous
    strict = matching_reading({"auto": 2, "human": 4}, 0.25, 0.2, 0.1, 0.3, 0.6)
    assert "strict" in strict and "in NIST's lead, which holds only 60% of our lead's words" in strict
    assert "within the estimate's 95 % interval" in strict and "score to read" not in strict
    assert "nearly the same text" not in strict
    same = matching_reading({"auto": 3, "human": 3}, 0.2, 0.2, 0.1, 0.3, math.nan)
    assert "as many SCUs as the annotator (3, in NIST's lead)" in same


def test_lead_reading_says_nists_baseline_only_when_the_overlap_says_so():
    assert lead_reading(0.97).startswith("This is NIST's baseline: 97.0% of the words") and "datelines" in lead_reading(0.97)
    close = lead_reading(0.7)
    assert "close to NIST's baseline, not the same: only 70.0%" in close and "datelines" not in close
    far = lead_reading(0.2)
    assert far.startswith("This is not NIST's baseline: only 20.0%") and "datelines" not in far
    assert "no NIST lead" in lead_reading(math.nan)
