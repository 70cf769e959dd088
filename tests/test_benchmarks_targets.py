"""The project's targets (``benchmarks/_targets.py``): each read at its bound, on rows written by
hand, and the checklists in words."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import _targets as targets  # noqa: E402

from pyrabench.scoring.studies import adaptation  # noqa: E402
from test_scoring_studies_levers import table as lever_table  # noqa: E402  (the same two levers, by hand)


def test_lever_targets_are_read_at_their_bounds():
    base, better = (targets.lever_met(r) for _, r in lever_table().iterrows())
    assert base == {"DUC f1": False, "DUC ece": False, "PyrXSum f1": True, "PyrXSum ece": True,
                    "PyrXSum summary r": False, "PyrXSum system r": True, "PyrXSum counted": True}
    assert better == {"DUC f1": True, "DUC ece": True, "PyrXSum f1": False, "PyrXSum ece": False,
                      "PyrXSum summary r": True, "PyrXSum system r": False, "PyrXSum counted": False}
    claims = targets.lever_checklist(lever_table())
    assert "* DUC f1: better." in claims and "* PyrXSum f1: base." in claims
    assert "0.650 (better); the target is 0.65." in claims  # worst directions: base .60, better .65


def test_domain_targets():
    good = {"ece": targets.DOMAINS["ece"], "units_f1": 0.7, "summary_coverage": 0.95, "system_coverage": 0.9,
            "summary_pearson_estimate": 0.66, "summary_pearson_rouge_2": 0.55, "system_pearson_estimate": 0.9,
            "system_pearson_rouge_2": 0.9, "system_kendall_estimate": 0.8, "system_kendall_rouge_2": 0.7}
    assert all(targets.domain_met(good).values())
    assert targets.domain_met({**good, "ece": 0.051})["ece"] is False
    assert targets.domain_met({**good, "summary_pearson_token_recall": 0.57})["summary r"] is False  # .66 < .57 + .10
    assert targets.domain_met({**good, "system_kendall_estimate": 0.69})["system τ"] is False
    assert targets.domain_met({**good, "system_coverage": np.nan})["system coverage"] is False
    assert set(targets.domain_met(pd.Series(good))) == {"ece", "units F1", "summary coverage", "system coverage",
                                                         "summary r", "system r", "system τ", "pairs wrong"}
    assert targets.domain_met({**good, "wrong_estimate": 0.051})["pairs wrong"] is False
    assert targets.domain_met({**good, "wrong_estimate": np.nan})["pairs wrong"] is True  # none decided: none wrong
    table = pd.DataFrame([{"held_out": "duc2006", "view": "lite", **good},
                          {"held_out": "pyrxsum", "view": "lite", **good, "ece": 0.07}])
    text = targets.domain_checklist(table)
    assert "* ece: missed by pyrxsum as lite." in text and "* system r: every direction." in text
    assert targets.domain_table(table)["ece"].tolist() == ["yes", "no"]
    assert targets.domain_checklist(table.assign(ece=np.nan)) == "No direction could be fitted."


def test_transfer_targets():
    row = {"set_f1": 0.65, "summary_coverage": 0.93, "system_coverage": 0.89, "system_pearson_estimate": 0.9,
           "system_pearson_rouge_2": 0.9, "system_kendall_estimate": 0.7, "system_kendall_rouge_2": 0.71,
           "system_pearson_combined": 0.95, "system_kendall_combined": 0.6}
    assert targets.transfer_met(row) == {"set_f1": True, "summary_coverage": True, "system_coverage": False,
                                         "pearson": True, "kendall": False, "combined_pearson": True,
                                         "combined_kendall": False}


def _adaptation_table():
    def row(scored, method, ece, cov, seed=-1, systems=0.9):
        return {"scored": scored, "method": method, "seed": seed, "ece": ece, "summary_coverage": cov,
                "system_coverage": systems}
    return pd.DataFrame([row("a", "none", 0.05, 0.9), row("a", "label shift", 0.06, 0.9),
                         row("a", "adapt 20", 0.02, 0.93, 0, 1.0), row("a", "adapt 20", 0.04, 0.93, 1, 0.8),
                         row("b", "none", 0.051, 0.9), row("b", "label shift", 0.04, 0.9),
                         row("b", "adapt 20", 0.031, 0.94, 0, 0.9), row("b", "adapt 20", 0.031, 0.91, 1, 0.89)])


def test_adaptation_targets_are_read_at_their_bounds():
    summary = adaptation.summary_table(_adaptation_table())
    met = targets.adaptation_met(summary, 20)
    # a: adapted ECE mean .03 (≤ .03), coverage .93, systems .90 (≥ .90);
    # b: .031 (> .03), coverage .925 (< .93), systems .895 (< .90)
    assert met == {"a": {"ece unadapted": True, "ece label shift": False, "ece adapt 20": True,
                         "summary coverage adapt 20": True, "system coverage adapt 20": True},
                   "b": {"ece unadapted": False, "ece label shift": True, "ece adapt 20": False,
                         "summary coverage adapt 20": False, "system coverage adapt 20": False}}
    assert targets.adaptation_met(summary, 40)["a"]["ece adapt 40"] is False  # no row for 40
    claims = targets.adaptation_checklist(summary, 20, {"a": "A"})
    assert "* ECE ≤ 0.03 with 20 labelled examples: met on A; missed on b." in claims
    assert "after the label-shift correction: met on b; missed on A." in claims


def test_adaptation_targets_are_given_in_the_tables_order_of_directions():
    table = _adaptation_table()
    flipped = pd.concat([table[table["scored"] == "b"], table[table["scored"] == "a"]], ignore_index=True)
    assert list(targets.adaptation_met(adaptation.summary_table(flipped), 20)) == ["b", "a"]
    assert list(targets.adaptation_met(adaptation.summary_table(table), 20)) == ["a", "b"]


def test_no_package_module_nor_chapter_names_the_targets():
    """The targets live here only: no module of the package defines or reads them, and no chapter
    speaks of a target or a goal."""
    for path in (ROOT / "notebooks").glob("*.md"):
        text = path.read_text(encoding="utf-8").lower()
        assert "target" not in text and "goal" not in text, path.name
    for path in (ROOT / "pyrabench").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("TARGETS", "targets_met", "TARGET_N", "lever_claims", "domain_claims", "adaptation_claims"):
            assert name not in text, f"{path.relative_to(ROOT)} names {name}"
