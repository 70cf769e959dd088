"""Metric functions pinned on hand-computed cases and cross-checked against naive versions."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from pyrabench.errors import PyrabenchError
from pyrabench.paraphrase import metrics as m

# ----------------------------------------------------------------------------- F and thresholds


def test_f_curve_by_hand():
    s = [0.9, 0.8, 0.8, 0.3, 0.1]
    y = [1, 0, 1, 0, 1]
    c = m.f_curve(s, y)
    assert c["threshold"].tolist() == [np.inf, 0.9, 0.8, 0.3, 0.1]
    assert c["tp"].tolist() == [0, 1, 2, 2, 3]
    assert c["fp"].tolist() == [0, 0, 1, 2, 2]
    assert c["fn"].tolist() == [3, 2, 1, 1, 0]
    assert c["tn"].tolist() == [2, 2, 1, 0, 0]
    np.testing.assert_allclose(c["f1"], [0, 2 / 4, 4 / 6, 4 / 7, 6 / 8])
    np.testing.assert_allclose(c["precision"], [0, 1, 2 / 3, 1 / 2, 3 / 5])
    np.testing.assert_allclose(c["recall"], [0, 1 / 3, 2 / 3, 2 / 3, 1])


def test_best_threshold_by_hand():
    r = m.best_f_threshold([0.9, 0.8, 0.8, 0.3, 0.1], [1, 0, 1, 0, 1])
    assert (r.threshold, r.f1, r.precision, r.recall) == (0.1, 0.75, 0.6, 1.0)
    assert (r.tp, r.fp, r.fn, r.tn) == (3, 2, 0, 0)


def test_best_threshold_without_the_all_positive_rule():
    # the example above: its best F is the lowest threshold; without it, 0.8 (F = 4/6)
    r = m.best_f_threshold([0.9, 0.8, 0.8, 0.3, 0.1], [1, 0, 1, 0, 1], all_positive=False)
    assert (r.threshold, r.tp, r.fp) == (0.8, 2, 1) and r.f1 == pytest.approx(4 / 6)


def test_average_precision_by_hand_and_against_scikit_learn():
    # ranks by score: 0.9 (+), 0.8 & 0.8 (one +, one -: one step), 0.3 (-), 0.1 (+)
    ap = m.average_precision([0.9, 0.8, 0.8, 0.3, 0.1], [1, 0, 1, 0, 1])
    assert ap == pytest.approx(1 / 3 * 1 + 1 / 3 * 2 / 3 + 1 / 3 * 3 / 5)
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(5)
    s = np.round(rng.random(500), 2)  # many ties
    y = rng.random(500) < 0.1
    assert m.average_precision(s, y) == pytest.approx(sklearn_metrics.average_precision_score(y, s), rel=1e-12)


def test_equal_f_keeps_the_highest_threshold():
    # F = 2/3 at 0.9 (1 TP, 1 FN) and at 0.6 (2 TP, 2 FP)
    r = m.best_f_threshold([0.9, 0.8, 0.7, 0.6], [1, 0, 0, 1])
    assert r.threshold == 0.9 and r.f1 == pytest.approx(2 / 3)


def test_tied_scores_fall_on_one_side():
    r = m.best_f_threshold([0.5, 0.5, 0.2], [1, 0, 0])
    assert r.threshold == 0.5 and (r.tp, r.fp) == (1, 1) and r.f1 == pytest.approx(2 / 3)


def test_no_positive_means_call_nothing():
    r = m.best_f_threshold([0.3, 0.2], [0, 0])
    assert r.threshold == np.inf and r.f1 == 0.0


def test_best_threshold_matches_brute_force():
    rng = np.random.default_rng(3)
    s = np.round(rng.random(300), 2)  # many ties
    y = rng.random(300) < 0.2
    r = m.best_f_threshold(s, y)
    brute = max((m.f_at_threshold(s, y, t).f1, t) for t in np.unique(s))
    assert r.f1 == pytest.approx(brute[0])
    assert m.f_at_threshold(s, y, r.threshold).f1 == pytest.approx(r.f1)


def test_f_at_threshold_by_hand():
    s, y = [0.9, 0.5, 0.4, 0.2], [1, 1, 0, 0]
    assert m.f_at_threshold(s, y, 0.45).f1 == 1.0
    r = m.f_at_threshold(s, y, 0.3)
    assert (r.tp, r.fp, r.fn, r.tn) == (2, 1, 0, 1) and r.f1 == pytest.approx(0.8)
    assert m.f_at_threshold(s, y, 0.4).fp == 1  # ">= threshold" is a paraphrase call


def test_confusion_codes():
    codes = m.confusion_codes([0.9, 0.1, 0.9, 0.1], [1, 1, 0, 0], 0.5)
    assert codes.tolist() == [3, 1, 2, 0]  # TP, FN, FP, TN


def test_split_is_stratified_seeded_and_a_partition():
    y = np.r_[np.zeros(100, int), np.ones(20, int)]
    fit, test = m.split_indices(y, 0.1, seed=7)
    assert y[fit].sum() == 2 and (1 - y[fit]).sum() == 10
    assert np.array_equal(np.sort(np.r_[fit, test]), np.arange(120))
    again = m.split_indices(y, 0.1, seed=7)
    assert np.array_equal(fit, again[0]) and np.array_equal(test, again[1])
    assert not np.array_equal(fit, m.split_indices(y, 0.1, seed=8)[0])


@pytest.mark.parametrize(
    "scores, labels",
    [([0.1, np.nan], [0, 1]), ([0.1, 0.2], [0, 2]), ([0.1, 0.2], [0]), ([[0.1]], [0])],
)
def test_bad_binary_input_is_a_pyrabench_error(scores, labels):
    with pytest.raises(PyrabenchError):
        m.best_f_threshold(scores, labels)


# ----------------------------------------------------------------------------- ranking


def test_ranking_by_hand():
    matrix = [
        [0.9, 0.1, 0.2, 0.3],  # answer first
        [0.2, 0.9, 0.1, 0.3],  # two above: rank 3
        [0.0, 0.0, 0.0, 0.0],  # all tied
        [1.0, 2.0, 1.0, 0.0],  # one above, one tied
        [1.0, 1.0, 0.0, 0.0],  # one tied at the top
    ]
    success, rr = m.ranking_outcomes(matrix, "split")
    np.testing.assert_allclose(success, [1, 0, 1 / 4, 0, 1 / 2])
    np.testing.assert_allclose(rr, [1, 1 / 3, (1 + 1 / 2 + 1 / 3 + 1 / 4) / 4, (1 / 2 + 1 / 3) / 2, (1 + 1 / 2) / 2])
    success, rr = m.ranking_outcomes(matrix, "pessimistic")
    np.testing.assert_allclose(success, [1, 0, 0, 0, 0])
    np.testing.assert_allclose(rr, [1, 1 / 3, 1 / 4, 1 / 3, 1 / 2])
    success, rr = m.ranking_outcomes(matrix, "optimistic")
    np.testing.assert_allclose(success, [1, 0, 1, 0, 1])
    np.testing.assert_allclose(rr, [1, 1 / 3, 1, 1 / 2, 1])
    assert m.success_at_1(matrix) == pytest.approx((1 + 0.25 + 0.5) / 5)
    assert m.mean_reciprocal_rank(matrix) == pytest.approx((1 + 1 / 3 + 25 / 48 + 5 / 12 + 3 / 4) / 5)


def test_split_ties_equal_the_average_over_tie_orders():
    rng = np.random.default_rng(0)
    matrix = rng.integers(0, 3, size=(50, 4)).astype(float)
    success, rr = m.ranking_outcomes(matrix)
    for row, s, r in zip(matrix, success, rr):
        perms = list(itertools.permutations(range(4)))
        ranks = []
        for p in perms:  # break ties by a random order of the candidates
            order = sorted(range(4), key=lambda j: (-row[j], p[j]))
            ranks.append(order.index(0) + 1)
        assert s == pytest.approx(np.mean([k == 1 for k in ranks]))
        assert r == pytest.approx(np.mean([1 / k for k in ranks]))


def test_random_scores_are_at_chance():
    matrix = np.random.default_rng(1).random((40000, 4))
    assert m.success_at_1(matrix) == pytest.approx(0.25, abs=0.01)
    assert m.mean_reciprocal_rank(matrix) == pytest.approx(25 / 48, abs=0.01)


def test_bad_ranking_input():
    with pytest.raises(PyrabenchError):
        m.ranking_outcomes([[0.1, np.nan, 0, 0]])
    with pytest.raises(PyrabenchError):
        m.ranking_outcomes([[0.1, 0.2]], ties="coin")
    with pytest.raises(PyrabenchError):
        m.ranking_outcomes([0.1, 0.2])


# ----------------------------------------------------------------------------- bootstrap


def test_bootstrap_mean_agrees_with_scipy_percentile():
    values = np.random.default_rng(2).integers(0, 2, 2000).astype(float)
    ours = m.bootstrap_mean(values, n_resamples=4000, seed=0)
    ref = stats.bootstrap((values,), np.mean, n_resamples=4000, method="percentile", random_state=0)
    assert ours.estimate == values.mean()
    assert ours.low == pytest.approx(ref.confidence_interval.low, abs=0.006)
    assert ours.high == pytest.approx(ref.confidence_interval.high, abs=0.006)
    assert ours == m.bootstrap_mean(values, n_resamples=4000, seed=0)  # seeded


def test_bootstrap_of_a_constant_is_degenerate():
    ci = m.bootstrap_mean(np.full(50, 0.25))
    assert ci.low == ci.high == ci.estimate == 0.25


def test_bootstrap_f_matches_index_resampling():
    rng = np.random.default_rng(4)
    y = rng.random(3000) < 0.1
    s = rng.random(3000) + 0.5 * y
    codes = m.confusion_codes(s, y, 0.9)
    ours = m.bootstrap_f(codes, n_resamples=3000, seed=1)
    assert ours.estimate == pytest.approx(m.f_at_threshold(s, y, 0.9).f1)
    naive = []
    for _ in range(1000):  # the textbook bootstrap, one index draw per resample
        idx = rng.integers(0, 3000, 3000)
        naive.append(m.f_at_threshold(s[idx], y[idx], 0.9).f1)
    lo, hi = np.quantile(naive, [0.025, 0.975])
    assert ours.low == pytest.approx(lo, abs=0.01) and ours.high == pytest.approx(hi, abs=0.01)


# ----------------------------------------------------------------------------- paired tests


def test_paired_mean_test_identical_and_different():
    a = np.random.default_rng(5).random(500)
    same = m.paired_mean_test(a, a)
    assert same.difference == 0 and same.p_value == 1.0 and same.low == same.high == 0
    diff = m.paired_mean_test(a + 0.1, a, n_resamples=999)
    assert diff.difference == pytest.approx(0.1)
    assert diff.p_value == pytest.approx(1 / 1000)
    assert diff.low == pytest.approx(0.1) and diff.high == pytest.approx(0.1)


def test_paired_mean_permutation_matches_exact_enumeration():
    a = np.array([1, 1, 1, 0, 1, 0, 1, 1, 0, 1], float)
    b = np.array([0, 1, 0, 0, 0, 1, 1, 0, 0, 0], float)
    d = a - b
    observed = abs(d.mean())
    exact = np.mean([abs((d * signs).mean()) >= observed - 1e-12 for signs in itertools.product([1, -1], repeat=10)])
    ours = m.paired_mean_test(a, b, n_resamples=20000, seed=3)
    assert ours.p_value == pytest.approx(exact, abs=0.01)


def test_paired_f_test():
    rng = np.random.default_rng(6)
    y = rng.random(5000) < 0.1
    good = m.confusion_codes(rng.random(5000) + 0.6 * y, y, 0.9)
    bad = m.confusion_codes(rng.random(5000), y, 0.9)
    r = m.paired_f_test(good, bad, n_resamples=499)
    counts = np.bincount(good, minlength=4)  # TN, FN, FP, TP
    assert r.a == pytest.approx(2 * counts[3] / (2 * counts[3] + counts[2] + counts[1]))
    assert r.difference == pytest.approx(r.a - r.b) and r.difference > 0.1
    assert r.low > 0 and r.p_value == pytest.approx(1 / 500)
    swapped = m.paired_f_test(bad, good, n_resamples=499)
    assert swapped.difference == pytest.approx(-r.difference)
    same = m.paired_f_test(good, good)
    assert same.difference == 0 and same.p_value == 1.0
    with pytest.raises(PyrabenchError):
        m.paired_f_test(good, m.confusion_codes(rng.random(5000), ~y, 0.9))


def test_float_noise_counts_as_a_tie():
    one_ulp = np.float32(0.4082483) + np.float32(3e-8)
    success, _ = m.ranking_outcomes([[0.4082483, one_ulp, 0.1, 0.1]])
    assert success.tolist() == [0.5]
    success, _ = m.ranking_outcomes([[0.4082483, one_ulp, 0.1, 0.1]], tolerance=0)
    assert success.tolist() == [0.0]


def test_all_positive_f():
    assert m.all_positive_f(1, 4) == pytest.approx(2 * 0.25 / 1.25)  # P = 1/4, R = 1
    s, y = np.arange(10.0), np.r_[np.ones(3), np.zeros(7)]
    assert m.all_positive_f(3, 10) == pytest.approx(m.f_at_threshold(s, y, -np.inf).f1)
    assert m.all_positive_f(0, 0) == 0.0


def test_base_rate_guess_f_is_the_share_of_positives():
    r = m.base_rate_guess_f(400, 10_000, n_draws=4000, seed=1)
    assert r.estimate == pytest.approx(0.04)
    # the same guess simulated pair by pair: mean F at the share, spread as the interval says
    rng = np.random.default_rng(3)
    labels = np.r_[np.ones(400, bool), np.zeros(9600, bool)]
    fs = []
    for _ in range(1000):
        called = rng.random(labels.size) < 0.04
        tp = (called & labels).sum()
        fs.append(2 * tp / (called.sum() + labels.sum()))
    assert np.mean(fs) == pytest.approx(0.04, abs=0.002)
    low, high = np.quantile(fs, [0.025, 0.975])
    assert r.low == pytest.approx(low, abs=0.004) and r.high == pytest.approx(high, abs=0.004)
    assert m.base_rate_guess_f(0, 10).estimate == 0.0
    # far below what any threshold search on random scores gives (the all-positive F)
    assert r.high < m.all_positive_f(400, 10_000)
