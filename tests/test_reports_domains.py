"""The leave-one-domain-out table in words: every figure and verdict from the table given."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.reports import domains


def _row(held, view, ece=0.02, sys_cov=1.0, **more):
    row = {"held_out": held, "view": view, "fitted_on": "a + b", "units_f1": 0.6, "auc": 0.9, "ece": ece,
           "counted": 2.0, "present": 2.5, "summary_coverage": 0.95, "summary_width": 0.3,
           "system_coverage": sys_cov, "system_width": 0.1, "summaries": 10, "systems": 4}
    for level in ("summary", "system"):
        for stat in ("pearson", "kendall"):
            row[f"{level}_{stat}_estimate"], row[f"{level}_{stat}_rouge_2"] = 0.8, 0.75
    return {**row, **more}


def test_view_numbers_and_claims():
    table = pd.DataFrame([_row("duc2006", "pyramids"), _row("duc2006", "lite", ece=0.07, sys_cov=0.7),
                          _row("pyrxsum", "lite", system_kendall_estimate=0.5)])
    view = domains.domain_view(table)
    assert view["summary r (model / ROUGE-2)"].tolist() == ["0.800 / 0.750"] * 3
    assert view["systems inside (width)"].tolist() == ["100.0 % (0.10)", "70.0 % (0.10)", "100.0 % (0.10)"]
    assert view["counted / present"].iloc[0] == "2.00 / 2.50" and "summaries inside (width)" in view
    assert view.index.name == "held out" and all(" as " in k for k in view.index)
    numbers = domains.domain_numbers(table)
    assert numbers["lodo_rows"] == 3 and numbers["lodo_domains"] == 2
    assert numbers["lodo_worst_ece"] == 0.07 and numbers["lodo_worst_ece_where"] == "duc2006 as lite"
    assert numbers["lodo_median_ece"] == 0.02 and numbers["lodo_min_system_coverage"] == 70.0
    assert numbers["lodo_system_tau_wins"] == 2 and numbers["lodo_system_r_wins"] == 3
    # summary r: the model .80 against ROUGE-2's .75 in every row: a lead of .05
    assert numbers["lodo_summary_r_wins"] == 3
    assert numbers["lodo_summary_lead_low"] == pytest.approx(0.05) and numbers["lodo_summary_lead_high"] == pytest.approx(0.05)
    assert not any("target" in k for k in numbers)


def test_token_recall_shown_when_the_table_has_it():
    table = pd.DataFrame([_row("duc2007", "lite", summary_pearson_token_recall=0.7, summary_kendall_token_recall=0.5,
                               system_pearson_token_recall=0.9, system_kendall_token_recall=np.nan)])
    view = domains.domain_view(table)
    assert view["summary r (model / ROUGE-2 / MiniLM token recall)"].iloc[0] == "0.800 / 0.750 / 0.700"
    numbers = domains.domain_numbers(table)
    # the best baseline per summary is ROUGE-2's .75 (token recall .70): the model leads by .05
    assert numbers["lodo_summary_r_wins"] == 1 and numbers["lodo_summary_lead_low"] == pytest.approx(0.05)
    lagging = table.assign(summary_pearson_token_recall=0.9)  # now token recall is ahead of the model by .10
    numbers = domains.domain_numbers(lagging)
    assert numbers["lodo_summary_r_wins"] == 0 and numbers["lodo_summary_lead_high"] == pytest.approx(-0.1)


def test_foreign_table_and_numbers_say_what_each_view_prints():
    from pyrabench.reports.domains import foreign_numbers, foreign_table

    def row(held, view, sys_cov, sys_dom):
        return {"held_out": held, "view": view, "level_error": 0.01, "system_error_low": -0.02,
                "system_error_high": 0.03, "domain_term": 0.02, "summary_coverage": 0.95, "summary_width": 0.3,
                "summary_coverage_domain": 0.97, "summary_width_domain": 0.34, "system_coverage": sys_cov,
                "system_width": 0.1, "system_coverage_domain": sys_dom, "system_width_domain": 0.14,
                "summaries": 100, "systems": 10}

    table = pd.DataFrame([row("a", "pyramids", 1.0, 1.0), row("b", "pyramids", 0.95, 0.96),
                          row("a", "lite", 1.0, 1.0), row("c", "lite", 0.7, 0.9)])
    shown = foreign_table(table)
    assert list(shown.index) == ["a as pyramids", "b as pyramids", "a as lite", "c as lite"]
    assert shown["printed for foreign units"].tolist() == ["widened by the domain term"] * 2 + ["no level interval"] * 2
    assert shown.loc["c as lite", "systems inside, model (width)"] == "70.0 % (0.10)"
    got = foreign_numbers(table)
    assert got["foreign_pyramids_printed"] == "widened by the domain term" and got["foreign_adapt_n"] == 20
    assert got["foreign_lite_min_system_coverage"] == pytest.approx(70.0)
    assert got["foreign_lite_why"] == "on c held out, 70.0 % of the systems' intervals held their truth, below 90 %"


def _pairs(decided, wrong, sure, truth=0.5, rouge=(0.5, 0.0, 0.0), pairs=40, strict=(0.4, 0.0)):
    return {"pairs": pairs, "decided_truth": truth, "decided_estimate": decided, "wrong_estimate": wrong,
            "sure_wrong_estimate": sure, "decided_rouge_2": rouge[0], "wrong_rouge_2": rouge[1],
            "sure_wrong_rouge_2": rouge[2], "strict_decided_estimate": strict[0], "strict_wrong_estimate": strict[1]}


def test_pair_view_numbers_and_claims():
    # duc2006 pyramids: 40 pairs, 20 decided (.5), 1 wrong (.05, within the test's level), none against a sure truth;
    # pyrxsum: 40 pairs, 25 decided (.625), 2 wrong (.08 > .05), 1 of them against a sure truth (.04)
    table = pd.DataFrame([_row("duc2006", "pyramids", **_pairs(0.5, 0.05, 0.0, truth=0.4, rouge=(0.6, 0.1, 0.0))),
                          _row("pyrxsum", "lite", **_pairs(0.625, 0.08, 0.04, truth=0.7, strict=(0.5, 0.06))),
                          _row("duc2007", "lite", **_pairs(0.0, np.nan, np.nan, strict=(0.0, np.nan)))])
    view = domains.pair_view(table)
    assert list(view.columns) == ["pairs of systems", "truth decides", "model decides", "model wrong (vs a sure truth)",
                                  "ROUGE-2 decides", "ROUGE-2 wrong (vs a sure truth)", "model at 99 %: decides / wrong"]
    assert view.loc["pyrxsum as lite"].tolist() == [40, "70.0 %", "62.5 %", "8.0 % (4.0 %)", "50.0 %", "0.0 % (0.0 %)",
                                                    "50.0 % / 6.0 %"]
    assert view.loc["duc2007 as lite", "model at 99 %: decides / wrong"] == "0.0 % / —"
    assert view.loc["duc2007 as lite", "model wrong (vs a sure truth)"] == "—"  # none decided: no share
    numbers = domains.pair_numbers(table)
    assert numbers["pairs_rows"] == 3 and numbers["pairs_wrong_met"] == 2 and numbers["pairs_level"] == pytest.approx(5.0)
    assert numbers["pairs_wrong_max"] == 8.0 and numbers["pairs_wrong_max_where"] == "pyrxsum as lite"
    assert numbers["pairs_rouge_wrong_max"] == 10.0 and numbers["pairs_rouge_wrong_max_where"] == "duc2006 as pyramids"
    assert numbers["pairs_sure_wrong_max"] == 4.0 and (numbers["pairs_decided_low"], numbers["pairs_decided_high"]) == (
        0.0, 62.5)
    assert numbers["pairs_more_than_rouge"] == 1 and numbers["pairs_more_than_truth"] == 1
    assert (numbers["pairs_strict"], numbers["pairs_strict_wrong_max"], numbers["pairs_strict_wrong_max_where"]) == (
        99.0, 6.0, "pyrxsum as lite")
    assert numbers["pairs_strict_wrong_met"] == 2 and (numbers["pairs_strict_decided_low"],
                                                      numbers["pairs_strict_decided_high"]) == (0.0, 50.0)
    claims = domains.pair_claims(table)
    assert "more than 5 % wrong, the test's level, in pyrxsum as lite (2 of 25 decided pairs, 8.0 %; 1 of them" in claims
    assert "duc2006" not in claims and "it decides 45 pairs, 3 of them the other way" in claims
    assert "1 of those against a truth whose own bootstrap decides" in claims
    assert domains.pair_claims(table.iloc[:1].assign(wrong_estimate=0.0)).endswith("20 pairs, none the other way.")
    assert "at most 5 % wrong, the test's level, in every direction" in domains.pair_claims(table.iloc[:1])


def test_pair_numbers_when_the_worst_direction_decides_nothing():
    # the first direction decides no pair (its wrong share NaN: 0 of 0), the second none wrong:
    # the worst wrong share is 0 %, never NaN in the page's prose
    table = pd.DataFrame([_row("duc2006", "pyramids", **_pairs(0.0, np.nan, np.nan, strict=(0.0, np.nan))),
                          _row("lite", "lite", **_pairs(0.5, 0.0, 0.0, rouge=(0.5, np.nan, np.nan)))])
    numbers = domains.pair_numbers(table)
    assert (numbers["pairs_wrong_max"], numbers["pairs_strict_wrong_max"], numbers["pairs_rouge_wrong_max"]) == (
        0.0, 0.0, 0.0)
    assert numbers["pairs_wrong_met"] == 2
