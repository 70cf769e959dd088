"""The adaptation study on a synthetic miscalibrated domain, and its views and reading on a table
written by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.reports import adaptation as adaptation_reports
from pyrabench.scoring.scu_model import intervals
from pyrabench.scoring.studies import adaptation

pytest.importorskip("sklearn")


class Fitted:
    """A fitted model's surface as :func:`.adaptation.direction_rows` reads it: probabilities of a
    synthetic domain's rows (column ``q_model``) and held-out errors."""

    summary_errors = intervals.SummaryErrors(-2.5, 2.5, 0.95, 500)
    system_errors = intervals.SystemErrors(np.array([-0.02, 0.0, 0.03]))

    def probabilities(self, frame, own_topics=True):
        return frame["q_model"].to_numpy()


def _domain(seed=0, examples=60, systems=6, units=5):
    rng = np.random.default_rng(seed)
    n = examples * systems * units
    logit = rng.normal(-0.5, 1.5, n)
    y = rng.uniform(size=n) < 1 / (1 + np.exp(-logit))
    return pd.DataFrame({"topic": np.repeat([f"x{k:02d}" for k in range(examples)], systems * units),
                         "peer": np.tile(np.repeat([f"s{k}" for k in range(systems)], units), examples),
                         "annotator": "", "scu_id": np.tile(np.arange(units), examples * systems),
                         "weight": 1.0, "ideal": float(units), "y": y,
                         "q_model": 1 / (1 + np.exp(-(0.6 * logit - 1.5)))})  # timid and too low


def test_adapted_rows_measure_only_the_other_examples_and_fix_the_calibration():
    rows = pd.DataFrame(adaptation.direction_rows(Fitted(), 0.2, _domain(), None, ns=(15,), seeds=(0, 1),
                                                  n_resamples=100))
    assert rows["method"].tolist() == ["none", "label shift", "adapt 15", "adapt 15"]
    none, adapted = rows.iloc[0], rows.iloc[2:]
    assert none["examples"] == 60 and (adapted["examples"] == 45).all() and (adapted["summaries"] == 45 * 6).all()
    assert (adapted["map"] == "platt").all()
    # 1,350 pairs on the other examples: ECE's noise is .02-.03 a seed; the mean of two is under .05
    assert adapted["ece"].mean() < 0.05 and (adapted["ece"] < 0.06).all()
    assert (adapted["ece_before"] > 0.1).all() and none["ece"] > 0.1
    assert (adapted["summary_coverage"] >= adapted["summary_coverage_own"]).all()


def _table():
    def row(scored, method, ece, cov, seed=-1, before=float("nan")):
        return {"scored": scored, "method": method, "n": 0 if method.startswith("n") or method.startswith("l") else 20,
                "seed": seed, "ece": ece, "ece_before": before, "summary_coverage": cov, "f1": 0.5, "auc": 0.8,
                "summary_width": 0.3, "system_coverage": 0.9}
    return pd.DataFrame([row("a", "none", 0.05, 0.9), row("a", "label shift", 0.06, 0.9),
                         row("a", "adapt 20", 0.02, 0.93, 0, 0.05), row("a", "adapt 20", 0.04, 0.93, 1, 0.05),
                         row("b", "none", 0.051, 0.9), row("b", "label shift", 0.04, 0.9),
                         row("b", "adapt 20", 0.031, 0.94, 0, 0.05), row("b", "adapt 20", 0.031, 0.91, 1, 0.05)])


def test_views_and_reading():
    view = adaptation_reports.adaptation_view(_table())
    assert view.loc[("a", "adapted on 20 examples"), "ECE"] == "0.030 ± 0.014"  # mean .03, sd of (.02, .04)
    assert view.loc[("a", "as fitted"), "ECE"] == "0.050" and view.loc[("b", "label shift (EM)"), "AUC"] == 0.8
    rows = adaptation_reports.adaptation_row_view(_table())
    assert rows.index.tolist() == ["a", "b"]
    assert rows.loc["a", "ECE adapted on 20 (before)"] == "0.030 ± 0.014 (0.050)"
    assert rows.loc["b", "ECE as fitted"] == "0.051" and rows.loc["b", "ECE, label shift"] == "0.040"
    # b's coverage: mean (.94, .91) = .925, sd = .03/√2 = .021
    assert rows.loc["b", "summaries inside, adapted on 20"] == "0.925 ± 0.021"
    assert rows.loc["a", "systems inside, as fitted"] == "0.900"
    assert adaptation_reports.adaptation_row_view(_table(), n=40).loc["a", "ECE adapted on 40 (before)"] == "—"
    text = adaptation_reports.adaptation_reading(_table())
    # adapted ECE: a .03, b .031; before .05 in both; coverage a .93, b .925; as fitted .90 in both
    assert text == ("Adapted on 20 labelled examples, the ECE on the other examples is 0.030 to 0.031 over the "
                    "2 domain(s), where the unadapted model's on the same examples is 0.050; 92.5% to 93.0% of "
                    "those summaries fall inside their 95 % interval (90.0% as fitted, on every example).")
    assert adaptation_reports.adaptation_reading(_table(), n=40) == ""
