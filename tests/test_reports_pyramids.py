"""The chapter's sentences on built pyramids change with the figures they read."""

from __future__ import annotations

import pandas as pd

from pyrabench.reports import pyramids as reports


def _beside(built, nist):
    t = pd.DataFrame({"corpus": ["duc2006", "duc2007"], "built": built, "nist": nist})
    t["gap"] = t["built"] - t["nist"]
    return t


def test_built_reading_says_where_the_built_pyramids_fall_short():
    assert reports.built_reading(_beside([0.93, 0.96], [0.90, 0.94])).startswith("On every corpus")
    short = reports.built_reading(_beside([0.93, 0.85], [0.90, 0.94]))
    # duc2007: .85 against .94, .09 short
    assert "on 1 of 2 corpora, and falls at most 0.090 short (duc2007)" in short and "0.090 below" in short
    assert "target" not in short
    assert "on 0 of 2 corpora" in reports.built_reading(_beside([0.80, 0.85], [0.95, 0.94]))


def test_lever_reading_names_best_and_worst():
    levers = pd.DataFrame({"recipe": ["base", "a", "b"], "system_pearson": [0.90, 0.95, 0.80]})
    text = reports.lever_reading(levers, "base")
    assert "best change" in text and "“a” (+0.050 over 0.900)" in text and "“b” (-0.100)" in text
    levers["system_pearson"] = [0.99, 0.95, 0.80]
    assert reports.lever_reading(levers, "base").startswith("No change to EDUA's settings raises")
    levers["system_pearson"] = [0.959, 0.965, 0.954]
    assert reports.lever_reading(levers, "base") == (
        "No change to EDUA's settings moves the system-level Pearson (0.959) by more than 0.02: the changes "
        "range from -0.005 to +0.006.")


def test_weights_reading_compares_top_weight_and_weight_one():
    table = pd.DataFrame({"corpus": "c", "weight": [1, 2, 3], "nist": [0.5, 0.3, 0.2], "auto": [0.6, 0.3, 0.1]})
    assert reports.weights_reading(table) == (
        "The built pyramids have fewer SCUs of the top weight, 3 (10.0 % against NIST's 20.0 %, averaged over the "
        "corpora), and more SCUs of weight 1 (60.0 % against NIST's 50.0 %, averaged over the corpora).")
    table["auto"] = [0.4, 0.3, 0.3]
    assert reports.weights_reading(table).startswith("The built pyramids have more SCUs of the top weight")


def test_views():
    weights = pd.DataFrame({"corpus": ["x", "x", "y"], "weight": [1, 2, 1], "nist": [0.6, 0.4, 1.0],
                            "auto": [0.5, 0.5, 1.0]})
    view = reports.weights_view(weights)
    assert list(view.columns) == ["corpus", "weight 1: NIST / built (%)", "weight 2: NIST / built (%)"]
    assert view["corpus"].tolist() == ["x", "y"]
    assert view["weight 1: NIST / built (%)"].tolist() == ["60.0 / 50.0", "100.0 / 100.0"]
    assert view["weight 2: NIST / built (%)"].tolist() == ["40.0 / 50.0", "0.0 / 0.0"]
    side = pd.DataFrame({"nist_id": [3, 0], "nist_weight": [2, 0], "nist_label": ["x" * 100, ""],
                         "auto_id": [0, 7], "auto_weight": [0, 1], "auto_label": ["", "short"]})
    shown = reports.side_by_side_view(side, width=10)
    assert shown["NIST label"].iloc[0] == "x" * 9 + "…" and shown["built SCU"].tolist() == ["", "7"]


def test_split_reading_counts_where_the_contributors_went():
    example = pd.DataFrame({"model": ["A", "B", "C"], "contributor": ["a", "b", "c"], "built_id": [4, 9, 4],
                            "built_weight": [2, 1, 2], "built_label": ["x", "y", "x"], "nist_id": 7,
                            "nist_label": "Fire burned"})
    assert "“Fire burned” (weight 3) is spread over 2 built SCUs" in reports.split_reading(example, "T")
    example["built_id"] = [4, 9, 5]
    assert "spread over 3 built SCUs" in reports.split_reading(example, "T")
    assert reports.split_reading(example.iloc[0:0], "T") == "No SCU of T is split."
