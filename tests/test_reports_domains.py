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
