"""Agreement of the scorer with crowd labels, on values computed by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model.label_agreement import (expected_calibration_error, label_agreement, reliability,
                                                    roc_auc)


def test_reliability_ece_and_auc_by_hand():
    p, y = [0.05, 0.15, 0.18, 0.95, 1.0], [0, 1, 0, 1, 1]
    curve = reliability(p, y)
    assert curve["n"].tolist() == [1, 2, 0, 0, 0, 0, 0, 0, 0, 2]  # 1.0 falls in the last bin
    assert curve["low"].tolist()[:2] == [0.0, 0.1] and curve["high"].tolist()[-1] == 1.0
    assert curve.loc[[0, 1, 9], "p"].tolist() == pytest.approx([0.05, 0.165, 0.975])
    assert curve.loc[[0, 1, 9], "present"].tolist() == pytest.approx([0.0, 0.5, 1.0])
    assert curve.loc[2:8, "p"].isna().all()
    # (1·0.05 + 2·|0.165 − 0.5| + 2·|0.975 − 1|) / 5
    assert expected_calibration_error(p, y) == pytest.approx(0.77 / 5)
    assert roc_auc(p, y) == pytest.approx(5 / 6)  # positives beat negatives in 5 of 6 pairs
    assert math.isnan(roc_auc([0.2, 0.3], [1, 1])) and math.isnan(expected_calibration_error([], []))
    with pytest.raises(PyrabenchError, match=r"\[0, 1\]"):
        reliability([1.5], [1])


# two examples × three systems, two units each: human shares t1 (1, .5, 0), t2 (.5, 0, 1)
Y = {("t1", "a"): [1, 1], ("t1", "b"): [1, 0], ("t1", "c"): [0, 0],
     ("t2", "a"): [1, 0], ("t2", "b"): [0, 0], ("t2", "c"): [1, 1]}
# one false positive (t1/b unit 2), one false negative (t2/a unit 1)
COUNTED = {("t1", "a"): [1, 1], ("t1", "b"): [1, 1], ("t1", "c"): [0, 0],
           ("t2", "a"): [0, 0], ("t2", "b"): [0, 0], ("t2", "c"): [1, 1]}
ESTIMATE = {("t1", "a"): (0.8, 0.6, 1.0), ("t1", "b"): (0.6, 0.4, 0.8), ("t1", "c"): (0.1, 0.0, 0.3),
            ("t2", "a"): (0.3, 0.1, 0.45), ("t2", "b"): (0.2, 0.0, 0.4), ("t2", "c"): (0.9, 0.7, 1.0)}


def _frames():
    labels, scus = [], []
    for (t, s), ys in Y.items():
        for k, (y, c) in enumerate(zip(ys, COUNTED[(t, s)]), 1):
            labels.append({"topic": t, "system": s, "scu_id": k, "y": y})
            scus.append({"topic": t, "system": s, "scu_id": k, "p": 0.9 if c else 0.1, "counted": bool(c)})
    summaries = pd.DataFrame([{"topic": t, "system": s, "estimate": e, "estimate_low": lo, "estimate_high": hi}
                              for (t, s), (e, lo, hi) in ESTIMATE.items()])
    systems = pd.DataFrame({"system": ["a", "b", "c"], "estimate_low": [0.5, 0.2, 0.4],
                            "estimate_high": [0.6, 0.3, 0.6]})
    return pd.DataFrame(scus), summaries, systems, pd.DataFrame(labels)


def _pearson(x, y):
    x, y = np.asarray(x) - np.mean(x), np.asarray(y) - np.mean(y)
    return float((x * y).sum() / np.sqrt((x * x).sum() * (y * y).sum()))


def test_label_agreement_by_hand():
    a = label_agreement(*_frames(), n_resamples=50)
    assert (a.summaries, a.systems, a.examples) == (6, 3, 2)
    u = a.units
    assert (u["precision"], u["recall"], u["f1"]) == pytest.approx((5 / 6, 5 / 6, 5 / 6))
    assert (u["counted"], u["present"], u["pairs"]) == (1.0, 1.0, 12)
    # AUC: five positives at 0.9 beat five negatives at 0.1 and tie one; the one at 0.1 ties five: 30/36
    assert u["auc"] == pytest.approx(30 / 36)
    assert u["ece"] == pytest.approx(1 / 15)  # both bins: |p − share present| = 1/15
    est = a.correlations["estimate"]
    # per example across systems: t1 r = .35/sqrt(.5·.26), t2 r = .35/sqrt(.5·.28667); ranks agree in both
    r1, r2 = 0.35 / math.sqrt(0.5 * 0.26), 0.35 / math.sqrt(0.5 * (0.25 + 0.64 + 1.69) / 9)
    assert est["summary"]["pearson"] == pytest.approx((r1 + r2) / 2)
    assert (est["summary"]["spearman"], est["summary"]["kendall"], est["summary"]["n"]) == (
        pytest.approx(1.0), pytest.approx(1.0), 2)
    assert est["pooled"]["pearson"] == pytest.approx(_pearson([1, .5, 0, .5, 0, 1], [.8, .6, .1, .3, .2, .9]))
    assert est["pooled"]["n"] == 6
    # systems: human means (.75, .25, .5), estimates (.55, .4, .5)
    assert est["system"]["pearson"] == pytest.approx(_pearson([.75, .25, .5], [.55, .4, .5]))
    assert est["system"]["kendall"] == pytest.approx(1.0) and "rouge_2" not in a.correlations
    # t2/a's human share .5 lies above its interval [.1, .45]; system a's .75 above [.5, .6]
    assert a.intervals["coverage"] == pytest.approx(5 / 6)
    assert a.intervals["width"] == pytest.approx((0.4 + 0.4 + 0.3 + 0.35 + 0.4 + 0.3) / 6)
    assert a.intervals["system_coverage"] == pytest.approx(2 / 3)
    assert a.intervals["system_width"] == pytest.approx(0.4 / 3)
    figures = a.figures()
    assert figures["units F1"] == pytest.approx(5 / 6) and "estimate: summary (pooled) kendall" in figures
    out = a.to_json()
    assert out["units"]["f1"] == pytest.approx(5 / 6) and len(out["reliability"]) == 10
    assert out["reliability"][5]["p"] is None  # an empty bin is null, never NaN


def test_an_example_constant_on_one_side_is_left_out():
    scus, summaries, systems, labels = _frames()
    summaries.loc[summaries["topic"] == "t2", "estimate"] = 0.5
    est = label_agreement(scus, summaries, systems, labels, n_resamples=20).correlations["estimate"]
    assert est["summary"]["n"] == 1 and est["summary"]["pearson"] == pytest.approx(0.35 / math.sqrt(0.5 * 0.26))


def test_an_unscored_summary_counts_no_unit_and_bad_joins_are_refused():
    scus, summaries, systems, labels = _frames()
    empty = scus[(scus["topic"] == "t1") & (scus["system"] == "c")].index
    a = label_agreement(scus.drop(index=empty), summaries, systems, labels, n_resamples=20)
    assert a.units["pairs"] == 12 and a.units["f1"] == pytest.approx(5 / 6)
    with pytest.raises(PyrabenchError, match="no label for unit 2 of topic 't1', system 'a'"):
        label_agreement(scus, summaries, systems, labels.drop(index=1), n_resamples=20)
    with pytest.raises(PyrabenchError, match="labels for a summary not scored: topic 't2', system 'c'"):
        label_agreement(scus, summaries.iloc[:5], systems, labels, n_resamples=20)
    with pytest.raises(PyrabenchError, match="labelled twice"):
        label_agreement(scus, summaries, systems, pd.concat([labels, labels.iloc[:1]]), n_resamples=20)


def test_an_unscored_summary_enters_the_agreement_with_p_zero():
    """t1/c (labels 0, 0) has no row in ``scus`` (an empty summary the model did not score): its
    two units enter every figure of ``p`` at exactly 0, not at the 0.1 it had or any prior."""
    scus, summaries, systems, labels = _frames()
    unscored = scus[(scus["topic"] == "t1") & (scus["system"] == "c")].index
    a = label_agreement(scus.drop(index=unscored), summaries, systems, labels, n_resamples=20)
    # bins: [0, .1) holds t1/c's two units at p 0 (none present); [.1, .2) the four others at .1
    # (one present); [.9, 1] six at .9 (five present)
    curve = a.reliability
    assert curve["n"].tolist() == [2, 4, 0, 0, 0, 0, 0, 0, 0, 6]
    assert curve.loc[0, "p"] == 0.0 and curve.loc[0, "present"] == 0.0
    assert curve.loc[[1, 9], "p"].tolist() == pytest.approx([0.1, 0.9])
    assert curve.loc[[1, 9], "present"].tolist() == pytest.approx([0.25, 5 / 6])
    assert a.units["ece"] == pytest.approx((2 * 0 + 4 * 0.15 + 6 * (0.9 - 5 / 6)) / 12)
    # the positive at .1 now beats the two units at 0 and ties the three others at .1: 31 of 36
    assert a.units["auc"] == pytest.approx(31 / 36)
    assert (a.units["counted"], a.units["pairs"]) == (1.0, 12)


def test_intervals_that_cannot_be_computed_are_counted_not_averaged():
    """An infinite interval (too few held-out summaries) holds everything and has no width: the
    coverage and width are over the others, and how many those are is said."""
    scus, summaries, systems, labels = _frames()
    summaries.loc[summaries["topic"] == "t2", "estimate_high"] = np.inf
    systems["estimate_high"] = np.inf
    iv = label_agreement(scus, summaries, systems, labels, n_resamples=20).intervals
    assert (iv["computed"], iv["total"], iv["system_computed"], iv["system_total"]) == (3, 6, 0, 3)
    assert iv["coverage"] == pytest.approx(1.0)  # t1's three intervals hold their shares
    assert iv["width"] == pytest.approx((0.4 + 0.4 + 0.3) / 3)
    assert np.isnan(iv["system_coverage"]) and np.isnan(iv["system_width"])


def test_baselines_are_correlated_beside_the_estimate():
    scus, summaries, systems, labels = _frames()
    # token recall ranks t1 as the humans do and t2 backwards
    summaries["token_recall"] = [0.9, 0.5, 0.2, 0.6, 0.7, 0.1]
    a = label_agreement(scus, summaries, systems, labels, n_resamples=20)
    assert set(a.correlations) == {"estimate", "token_recall"}
    tok = a.correlations["token_recall"]
    r1, r2 = _pearson([1, .5, 0], [.9, .5, .2]), _pearson([.5, 0, 1], [.6, .7, .1])
    assert tok["summary"]["pearson"] == pytest.approx((r1 + r2) / 2)
    assert tok["system"]["pearson"] == pytest.approx(_pearson([.75, .25, .5], [.75, .6, .15]))
    assert "token_recall: summary (per example, averaged) pearson" in a.figures()


def test_each_level_is_resampled_as_asked_and_defaults_to_1000_draws_from_seed_0():
    a = label_agreement(*_frames(), n_resamples=20, seed=3)
    for level in ("summary", "pooled", "system"):
        ci = a.correlations["estimate"][level]["ci"]
        assert (ci["resamples"], ci["seed"]) == (20, 3)
    default = label_agreement(*_frames()).correlations["estimate"]["pooled"]["ci"]
    assert (default["resamples"], default["seed"]) == (1000, 0)


def test_a_level_that_cannot_be_computed_keeps_its_reason_and_its_figures_are_nan():
    scus, summaries, systems, labels = _frames()
    summaries["estimate"] = 0.5  # constant: no correlation at any level
    a = label_agreement(scus, summaries, systems, labels, n_resamples=20)
    for level in ("summary", "pooled", "system"):
        got = a.correlations["estimate"][level]
        assert list(got) == ["error"] and "estimate" in got["error"]
    figures = a.figures()
    assert all(isinstance(figures[f"estimate: {name} {stat}"], float) and math.isnan(figures[f"estimate: {name} {stat}"])
               for name in ("summary (per example, averaged)", "summary (pooled)", "system")
               for stat in ("pearson", "spearman", "kendall"))


def test_the_figures_and_the_json_name_every_figure():
    a = label_agreement(*_frames(), n_resamples=20)
    figures = a.figures()
    levels = ("summary (per example, averaged)", "summary (pooled)", "system")
    assert list(figures) == ["units F1", "units precision", "units recall", "units AUC of p", "ECE of p (ten bins)",
                             "units counted per summary", "units present per summary",
                             *(f"estimate: {name} {stat}" for name in levels for stat in ("pearson", "spearman", "kendall")),
                             "summaries with an interval", "summaries inside their interval", "mean interval width",
                             "systems with an interval", "systems inside their interval", "mean system interval width",
                             "estimate: system pairs decided (95 %)", "estimate: decided pairs wrong vs the labels",
                             "labels: system pairs decided (95 %)"]
    # pairs over the two examples: a − b is .2 and .1 by the estimate (.5 and .5 by the labels), above 0
    # in every resample: decided, the labels' way; a − c (.7, −.6; labels 1, −.5) and b − c (.5, −.7;
    # labels .5, −1) change sign with the examples drawn (each of the two drawn twice: 1/4): undecided
    assert [figures[k] for k in ("estimate: system pairs decided (95 %)", "estimate: decided pairs wrong vs the labels",
                                 "labels: system pairs decided (95 %)")] == pytest.approx([1 / 3, 0.0, 1 / 3])
    assert [figures[k] for k in ("units precision", "units recall", "units AUC of p", "ECE of p (ten bins)",
                                 "units counted per summary", "units present per summary")] == pytest.approx(
        [5 / 6, 5 / 6, 30 / 36, 1 / 15, 1.0, 1.0])
    assert figures["estimate: system kendall"] == pytest.approx(1.0)
    assert [figures[k] for k in ("summaries with an interval", "summaries inside their interval", "mean interval width",
                                 "systems with an interval", "systems inside their interval",
                                 "mean system interval width")] == pytest.approx([6, 5 / 6, 2.15 / 6, 3, 2 / 3, 0.4 / 3])
    out = a.to_json()
    assert list(out) == ["summaries", "systems", "examples", "units", "correlations", "intervals", "reliability",
                         "pairs"]
    assert out["pairs"]["truth"] == "human" and out["pairs"]["metrics"]["estimate"]["decided"] == 1
    assert out["pairs"]["decided"] == {}  # the counts only: the command lists the pairs once
    assert (out["summaries"], out["systems"], out["examples"]) == (6, 3, 2)
    assert out["correlations"]["estimate"]["pooled"]["pearson"] == pytest.approx(a.correlations["estimate"]["pooled"]["pearson"])
    assert out["intervals"]["system_coverage"] == pytest.approx(2 / 3)
    assert type(out["reliability"][0]["n"]) is int and type(out["units"]["pairs"]) is int  # numpy scalars made plain
    a.intervals["width"] = float("inf")
    assert a.to_json()["intervals"]["width"] is None  # not finite: null


def test_a_system_without_labels_is_not_among_the_systems_measured():
    scus, summaries, systems, labels = _frames()
    systems = pd.concat([systems, pd.DataFrame({"system": ["z"], "estimate_low": [0.0], "estimate_high": [1.0]})])
    iv = label_agreement(scus, summaries, systems, labels, n_resamples=20).intervals
    assert (iv["system_total"], iv["system_computed"]) == (3, 3) and iv["system_coverage"] == pytest.approx(2 / 3)


def test_a_unit_labelled_twice_with_two_answers_is_refused():
    scus, summaries, systems, labels = _frames()
    twice = pd.concat([labels, labels.iloc[:1].assign(y=1 - labels["y"].iloc[0])])
    with pytest.raises(PyrabenchError, match=r"^a \(topic, system, unit\) is labelled twice$"):
        label_agreement(scus, summaries, systems, twice, n_resamples=20)


def test_ece_with_other_bins_and_messages_and_warnings():
    import warnings

    # two bins: [0, .5) holds .1 and .2 (one present), [.5, 1] holds .9 (present)
    assert expected_calibration_error([0.1, 0.2, 0.9], [1, 0, 1], bins=2) == pytest.approx((2 * 0.35 + 0.1) / 3)
    with pytest.raises(PyrabenchError, match=r"^reliability needs probabilities in \[0, 1\] and labels of the same length$"):
        reliability([0.5], [1, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # empty bins (0/0) and one class give NaN without a warning
        assert reliability([0.05], [1])["p"].isna().sum() == 9
        assert math.isnan(roc_auc([0.2, 0.3], [1, 1])) and math.isnan(roc_auc([0.2, 0.3], [0, 0]))
        assert math.isnan(expected_calibration_error([], []))  # no unit: NaN, not 0/0


def test_json_makes_numpy_scalars_plain():
    a = label_agreement(*_frames(), n_resamples=20)
    a.units["pairs"], a.units["flag"] = np.int64(12), np.bool_(True)
    out = a.to_json()["units"]
    assert type(out["pairs"]) is int and out["pairs"] == 12 and out["flag"] is True


def test_the_system_pairs_draw_as_asked_and_compare_every_score_with_the_labels():
    """The system pairs resample ``pair_resamples`` times from ``seed`` (N_RESAMPLES and 0 by
    default); ``pair_units`` draws groups of examples: both examples in one group leave one unit
    to draw, where each example alone gives two. Every score the summaries carry is compared, and
    the labels' shares (``human``) are the truth."""
    from pyrabench.resampling import N_RESAMPLES

    scus, summaries, systems, labels = _frames()
    default = label_agreement(scus, summaries, systems, labels, n_resamples=20).pairs
    assert (default.n_resamples, default.seed, default.resampled, default.topics) == (N_RESAMPLES, 0, 2, 2)
    assert default.metrics == ("estimate", "human") and default.truth == "human" and default.systems == 3
    summaries["token_recall"] = [0.9, 0.5, 0.2, 0.6, 0.7, 0.1]
    asked = label_agreement(scus, summaries, systems, labels, n_resamples=20, seed=3, pair_resamples=50,
                            pair_units={"t1": "g", "t2": "g"}).pairs
    assert (asked.n_resamples, asked.seed, asked.resampled, asked.topics) == (50, 3, 1, 2)
    assert asked.metrics == ("estimate", "token_recall", "human")
    # one group holding both examples: every resample draws them both, the observed means; a − b is
    # .55 − .40 = .15 by the estimate (.75 − .25 = .5 by the labels) in every resample, so decided the labels' way
    pairs = asked.pairs.set_index(["a", "b"])
    assert pairs.loc[("a", "b"), "estimate"] == pytest.approx(0.15)
    assert pairs.loc[("a", "b"), "estimate_decided"] == 1
