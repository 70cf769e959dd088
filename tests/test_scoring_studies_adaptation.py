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


def test_the_label_shift_row_is_the_figures_of_the_probabilities_moved_to_the_estimated_rate():
    frame, train_rate = _domain(), 0.2
    rows = adaptation.direction_rows(Fitted(), train_rate, frame, None, ns=(), seeds=(), n_resamples=100)
    shifted = rows[1]
    assert shifted["method"] == "label shift"
    p0, rate = frame["q_model"].to_numpy(), shifted["rate"]
    # Bayes' rule by hand: odds times (π'/π) / ((1 − π')/(1 − π))
    a, b = rate / train_rate, (1 - rate) / (1 - train_rate)
    moved = a * p0 / (a * p0 + b * (1 - p0))
    assert moved.mean() == pytest.approx(rate, abs=1e-5)  # EM's fixed point: the mean moved probability
    assert abs(rate - train_rate) > 0.02  # the rate did move, so the two rows differ
    expected = adaptation.figures(frame, moved, Fitted.summary_errors, Fitted.system_errors, 0, 100)
    unmoved = adaptation.figures(frame, p0, Fitted.summary_errors, Fitted.system_errors, 0, 100)
    for k in ("ece", "f1", "counted", "summary_coverage", "summary_width"):
        assert shifted[k] == pytest.approx(expected[k], abs=1e-6), k
    assert shifted["ece"] != pytest.approx(unmoved["ece"], abs=1e-3)


def test_adapted_rows_leave_out_the_undrawn_examples_of_a_group_the_draw_cut():
    frame = _domain()
    topics = sorted(frame["topic"].unique())
    groups = {t: f"g{k // 4}" for k, t in enumerate(topics)}  # 15 groups of 4 examples
    rows = pd.DataFrame(adaptation.direction_rows(Fitted(), 0.2, frame, groups, ns=(6,), seeds=(0, 1),
                                                  n_resamples=100))
    adapted = rows[rows["method"] == "adapt 6"]
    # 6 drawn: one whole group of 4 and 2 of a second; that group's other 2 are not reported on
    # either, so 60 − 2 · 4 = 52 examples remain (not 60 − 6 = 54)
    assert len(adapted) == 2 and (adapted["examples"] == 52).all() and (adapted["summaries"] == 52 * 6).all()


def test_directions_pinned_for_three_corpora_and_a_lite_dataset():
    duc = {"duc2006": "A", "duc2007": "B", "duc2007-update": "C"}
    assert adaptation.directions(duc, "PyrXSum") == [
        (("duc2007", "duc2007-update"), "duc2006"), (("duc2006", "duc2007-update"), "duc2007"),
        (("duc2006", "duc2007"), "duc2007-update"), (("duc2006", "duc2007", "duc2007-update"), "PyrXSum")]
    assert adaptation.directions(duc) == adaptation.directions(duc, "PyrXSum")[:3]
    assert adaptation.directions({"duc2006": "A"}, "PyrXSum") == [(("duc2006",), "PyrXSum")]
