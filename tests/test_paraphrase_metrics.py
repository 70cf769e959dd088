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
    # one distinct score: the only rule left is "nothing is a paraphrase"
    assert m.best_f_threshold([0.5, 0.5], [1, 0], all_positive=False).threshold == np.inf
    assert m.best_f_threshold([0.5, 0.5], [1, 0]).threshold == 0.5
    # no pairs: the +inf candidate alone stays
    assert m.best_f_threshold([], [], all_positive=False).threshold == np.inf


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
    assert np.all(np.diff(fit) > 0) and np.all(np.diff(test) > 0)
    # the draw itself is pinned (a seeded split that changes silently would move every figure)
    assert fit.tolist() == [4, 24, 26, 32, 42, 50, 53, 54, 70, 88, 105, 119]
    assert not np.array_equal(fit, m.split_indices(y, 0.1, seed=8)[0])
    assert not np.array_equal(fit, m.split_indices(y, 0.1)[0])  # the default seed is 0, not 7
    assert np.array_equal(m.split_indices(y)[0], m.split_indices(y, 0.1, 0)[0])
    # round(fraction * size) per class, Python's round: 22.5 -> 22 of 100, 4.5 -> 4 of 20
    fit25, _ = m.split_indices(y, 0.225, seed=7)
    assert (1 - y[fit25]).sum() == 22 and y[fit25].sum() == 4


@pytest.mark.parametrize("fraction", [0, 1, 1.5, -0.1])
def test_split_fraction_must_be_inside_zero_one(fraction):
    with pytest.raises(PyrabenchError, match=rf"^split fraction must be in \(0, 1\), got {fraction}$"):
        m.split_indices([0, 1, 0], fraction)


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


Z95, Z90 = 1.959964, 1.644854  # standard normal quantiles of 97.5 % and 95 %


def test_bootstrap_mean_of_a_proportion_is_the_binomial():
    # resampling 20,000 items of which 30 % are 1 draws exactly Binomial(20000, 0.3) / 20000:
    # the bounds are its quantiles and the half-width 1.96 SE, SE = sqrt(.3 * .7 / n)
    n = 20000
    values = np.r_[np.ones(6000), np.zeros(14000)]
    se = np.sqrt(0.3 * 0.7 / n)
    ci = m.bootstrap_mean(values, n_resamples=20000, seed=0)
    ci90 = m.bootstrap_mean(values, n_resamples=20000, confidence=0.90, seed=0)
    assert ci.estimate == 0.3 and ci.confidence == 0.95 and ci90.confidence == 0.90
    low, high = stats.binom.ppf([0.025, 0.975], n, 0.3) / n
    assert ci.low == pytest.approx(low, abs=0.1 * se) and ci.high == pytest.approx(high, abs=0.1 * se)
    # a 90 % interval reported as 95 % would be 16 % narrow; these hold to 2 %
    assert (ci.high - ci.low) / 2 == pytest.approx(Z95 * se, rel=0.02)
    assert (ci90.high - ci90.low) / 2 == pytest.approx(Z90 * se, rel=0.02)
    assert ci.low < ci90.low < ci.estimate < ci90.high < ci.high
    assert ci == m.bootstrap_mean(values, n_resamples=20000, seed=0)  # seeded
    assert ci != m.bootstrap_mean(values, n_resamples=20000, seed=1)


def test_bootstrap_mean_of_reciprocal_ranks_has_half_width_1_96_se():
    rng = np.random.default_rng(2)
    values = rng.choice([1, 1 / 2, 1 / 3, 1 / 4], size=20000, p=[0.4, 0.3, 0.2, 0.1])
    se = values.std() / np.sqrt(values.size)
    ci = m.bootstrap_mean(values, n_resamples=20000, seed=0)
    assert ci.estimate == pytest.approx(values.mean())
    assert (ci.high - ci.low) / 2 == pytest.approx(Z95 * se, rel=0.02)
    assert (ci.low + ci.high) / 2 == pytest.approx(values.mean(), abs=0.05 * se)


def test_bootstrap_defaults():
    values = np.random.default_rng(2).random(500)
    assert m.bootstrap_mean(values) == m.bootstrap_mean(values, 1000, 0.95, 0)
    assert m.bootstrap_mean(values) != m.bootstrap_mean(values, 1001, 0.95, 0)
    codes = np.random.default_rng(3).integers(0, 4, 500)
    assert m.bootstrap_f(codes) == m.bootstrap_f(codes, 1000, 0.95, 0)
    assert m.bootstrap_f(codes) != m.bootstrap_f(codes, 1000, 0.95, 1)


def test_bootstrap_of_a_constant_is_degenerate():
    ci = m.bootstrap_mean(np.full(50, 0.25))
    assert ci.low == ci.high == ci.estimate == 0.25
    assert m.bootstrap_mean([]) == m.Interval(0.0, 0.0, 0.0, 0.95)


@pytest.mark.parametrize("confidence", [0, 1, 95])
def test_bootstrap_confidence_must_be_a_fraction(confidence):
    with pytest.raises(PyrabenchError, match=rf"^confidence must be in \(0, 1\), got {confidence}$"):
        m.bootstrap_mean([0.0, 1.0], confidence=confidence)


def _f_standard_error(counts):
    """Delta-method SE of F = 2TP / (2TP + FP + FN) under multinomial resampling of the items."""
    n = counts.sum()
    pa, pb = counts[3] / n, (counts[1] + counts[2]) / n
    den = 2 * pa + pb
    grad = np.array([2 * pb, -2 * pa]) / den**2
    cov = np.array([[pa * (1 - pa), -pa * pb], [-pa * pb, pb * (1 - pb)]]) / n
    return float(np.sqrt(grad @ cov @ grad))


def test_bootstrap_f_half_width_is_1_96_delta_method_se():
    codes = np.random.default_rng(0).choice(4, size=20000, p=[0.8, 0.05, 0.05, 0.1])
    counts = np.bincount(codes, minlength=4)
    se = _f_standard_error(counts)
    ci = m.bootstrap_f(codes, n_resamples=20000, seed=1)
    ci90 = m.bootstrap_f(codes, n_resamples=20000, confidence=0.90, seed=1)
    assert ci.estimate == pytest.approx(2 * counts[3] / (2 * counts[3] + counts[2] + counts[1]))
    assert (ci.high - ci.low) / 2 == pytest.approx(Z95 * se, rel=0.02)
    assert (ci90.high - ci90.low) / 2 == pytest.approx(Z90 * se, rel=0.02)
    assert ci.low < ci90.low < ci.estimate < ci90.high < ci.high


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


def _discordant(n10, n01, n11, n00):
    """Binary per-item outcomes of two systems: n10 items only A gets right, n01 only B..."""
    a = np.r_[np.ones(n10), np.zeros(n01), np.ones(n11), np.zeros(n00)]
    b = np.r_[np.zeros(n10), np.ones(n01), np.ones(n11), np.zeros(n00)]
    return a, b


def test_paired_mean_test_on_binary_outcomes_is_exact_mcnemar():
    # flipping the sign of each difference is McNemar's exact test: with 30 items only A gets
    # right and 15 only B does, p = P(|Binomial(45, 1/2) - 22.5| >= 7.5) = 0.0357
    a, b = _discordant(30, 15, 200, 255)
    r = m.paired_mean_test(a, b, n_resamples=20000, seed=0)
    assert r.p_value == pytest.approx(stats.binomtest(30, 45, 0.5).pvalue, abs=0.004)
    assert (r.a, r.b, r.difference) == pytest.approx((230 / 500, 215 / 500, 15 / 500))
    assert (r.n_items, r.n_resamples) == (500, 20000)
    assert m.paired_mean_test(b, a, n_resamples=20000, seed=0).p_value == pytest.approx(r.p_value, abs=0.004)
    # a clearer difference: 30 against 5, p = 2 P(Binomial(35, 1/2) <= 5) = 1.6e-5 -> floor 1/(R+1)
    a, b = _discordant(30, 5, 200, 265)
    assert m.paired_mean_test(a, b, n_resamples=999, seed=0).p_value == pytest.approx(1 / 1000)


def test_paired_mean_interval_has_half_width_1_96_se():
    a, b = _discordant(1200, 600, 5000, 13200)
    d = a - b
    se = d.std() / np.sqrt(d.size)
    r = m.paired_mean_test(a, b, n_resamples=20000, seed=0)
    r90 = m.paired_mean_test(a, b, n_resamples=20000, confidence=0.90, seed=0)
    assert r.difference == pytest.approx(0.03)
    assert (r.high - r.low) / 2 == pytest.approx(Z95 * se, rel=0.03)
    assert (r90.high - r90.low) / 2 == pytest.approx(Z90 * se, rel=0.03)
    assert r.low < r90.low < r.difference < r90.high < r.high
    assert r.p_value == pytest.approx(1 / 20001)


def test_paired_mean_test_checks_its_input():
    with pytest.raises(PyrabenchError, match=r"^paired values must have the same shape, got \(2,\) and \(3,\)$"):
        m.paired_mean_test([0, 1], [0, 1, 1])
    empty = m.paired_mean_test([], [])
    assert (empty.a, empty.b, empty.difference, empty.low, empty.high, empty.n_items) == (0, 0, 0, 0, 0, 0)


def _naive_paired_f(ca, cb, n_resamples, seed):
    """Per-item reference: index bootstrap of F(A) - F(B), and a per-item coin for swapping A and B."""
    rng = np.random.default_rng(seed)
    n = ca.size

    def f(codes):  # codes (R, n) -> F per row
        counts = np.stack([(codes == k).sum(axis=1) for k in range(4)], axis=1)
        return m._f_from_counts(counts)

    idx = rng.integers(0, n, (n_resamples, n))
    boot = f(ca[idx]) - f(cb[idx])
    swap = rng.random((n_resamples, n)) < 0.5
    perm = f(np.where(swap, cb, ca)) - f(np.where(swap, ca, cb))
    observed = f(ca[None]) - f(cb[None])
    p = (1 + (np.abs(perm) >= abs(observed[0]) - 1e-12).sum()) / (1 + n_resamples)
    return boot, p


def test_paired_f_test_matches_per_item_resampling():
    # two close systems (B noisier): p about 0.24 and an interval that straddles 0
    rng = np.random.default_rng(8)
    y = rng.random(2000) < 0.2
    base = rng.random(2000) + 0.5 * y
    ca = m.confusion_codes(base + 0.15 * rng.random(2000), y, 0.95)
    cb = m.confusion_codes(base + 0.4 * rng.random(2000), y, 1.075)
    ours = m.paired_f_test(ca, cb, n_resamples=4000, seed=0)
    ours90 = m.paired_f_test(ca, cb, n_resamples=4000, confidence=0.90, seed=0)
    boot, p = _naive_paired_f(ca, cb, 2000, seed=1)
    assert 0.1 < p < 0.5 and ours.low < 0 < ours.high  # the case is not degenerate
    assert ours.p_value == pytest.approx(p, abs=0.04)
    lo, hi = np.quantile(boot, [0.025, 0.975])
    width = hi - lo
    assert ours.low == pytest.approx(lo, abs=0.05 * width) and ours.high == pytest.approx(hi, abs=0.05 * width)
    assert (ours.high - ours.low) / 2 == pytest.approx(Z95 * boot.std(), rel=0.05)
    assert ours.low < ours90.low < ours.difference < ours90.high < ours.high
    assert (ours.high - ours.low) / (ours90.high - ours90.low) == pytest.approx(Z95 / Z90, rel=0.05)
    assert ours.n_items == 2000 and ours.n_resamples == 4000


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


def test_base_rate_guess_interval_has_half_width_1_96_se():
    # F = 2T / (T + FP + P) with T ~ Bin(P, p), FP ~ Bin(N, p) independent, p = P / (P + N).
    # At the means the denominator is 2P, so dF/dT = 2(pN + P) / (2P)^2 and dF/dFP = -p / (2P):
    # the delta-method SE below. A 90 % interval reported as 95 % would be 16 % narrow.
    P, total = 400, 10_000
    N, p = total - P, P / total
    se = np.sqrt((2 * (p * N + P) / (2 * P) ** 2) ** 2 * P * p * (1 - p) + (p / (2 * P)) ** 2 * N * p * (1 - p))
    r = m.base_rate_guess_f(P, total, n_draws=20000, seed=1)
    r90 = m.base_rate_guess_f(P, total, n_draws=20000, confidence=0.90, seed=1)
    assert (r.estimate, r.confidence, r90.confidence) == (0.04, 0.95, 0.90)
    assert (r.high - r.low) / 2 == pytest.approx(Z95 * se, rel=0.03)
    assert (r90.high - r90.low) / 2 == pytest.approx(Z90 * se, rel=0.03)
    assert r.low < r90.low < r90.high < r.high
    assert r == m.base_rate_guess_f(P, total, n_draws=20000, seed=1)
    assert m.base_rate_guess_f(P, total) == m.base_rate_guess_f(P, total, 1000, 0.95, 0)
    assert m.base_rate_guess_f(P, total) != m.base_rate_guess_f(P, total, 1000, 0.95, 1)
    assert m.base_rate_guess_f(P, total) != m.base_rate_guess_f(P, total, 999, 0.95, 0)
    # nothing to find, or no pairs at all: zero, with the confidence asked for
    assert m.base_rate_guess_f(0, 10, confidence=0.9) == m.Interval(0.0, 0.0, 0.0, 0.9)
    assert m.base_rate_guess_f(3, 0) == m.Interval(0.0, 0.0, 0.0, 0.95)
    # one pair, a paraphrase: always called, F = 1; one paraphrase in four: F estimate 1/4
    assert m.base_rate_guess_f(1, 1) == m.Interval(1.0, 1.0, 1.0, 0.95)
    assert m.base_rate_guess_f(1, 4).estimate == 0.25


# ----------------------------------------------------------------------------- edges and messages


def test_f_at_threshold_reports_precision_recall_and_threshold():
    r = m.f_at_threshold([0.9, 0.5, 0.4, 0.2], [1, 1, 0, 1], 0.45)
    # called: 0.9, 0.5 (both paraphrases); missed: 0.2 -> P = 1, R = 2/3, F = 4/5
    assert (r.threshold, r.precision, r.recall, r.f1) == (0.45, 1.0, pytest.approx(2 / 3), pytest.approx(0.8))
    r = m.f_at_threshold([0.9, 0.5, 0.4, 0.2], [1, 0, 0, 1], 0.3)
    # called: 0.9 (TP), 0.5, 0.4 (FP); missed 0.2 -> P = 1/3, R = 1/2
    assert (r.precision, r.recall, r.f1) == (pytest.approx(1 / 3), 0.5, pytest.approx(0.4))
    nothing = m.f_at_threshold([0.1, 0.2], [0, 0], 0.5)
    assert (nothing.precision, nothing.recall, nothing.f1) == (0.0, 0.0, 0.0)


def test_empty_inputs():
    c = m.f_curve([], [])
    assert c["threshold"].tolist() == [np.inf] and c["tp"].tolist() == [0] and c["f1"].tolist() == [0.0]
    assert m.success_at_1(np.zeros((0, 4))) == 0.0 and m.mean_reciprocal_rank(np.zeros((0, 4))) == 0.0
    assert m.success_at_1([]) == 0.0 and m.mean_reciprocal_rank([]) == 0.0
    empty = m.paired_f_test([], [])
    assert (empty.a, empty.b, empty.difference, empty.low, empty.high, empty.n_items) == (0, 0, 0, 0, 0, 0)


def test_tolerance_reaches_the_summaries_and_is_inclusive():
    # answer 1.0, a distractor exactly one tolerance above: tied (not better), by |d| <= tolerance
    matrix = [[1.0, 1.5, 0.0]]
    success, rr = m.ranking_outcomes(matrix, tolerance=0.5)
    assert success.tolist() == [0.5] and rr.tolist() == [0.75]
    assert m.success_at_1(matrix, tolerance=0.5) == 0.5 and m.mean_reciprocal_rank(matrix, tolerance=0.5) == 0.75
    assert m.success_at_1(matrix, tolerance=0.0) == 0.0 and m.mean_reciprocal_rank(matrix, tolerance=0.0) == 0.5
    # float noise: the default tolerance ties what tolerance 0 separates
    noisy = [[0.5, 0.5 + 1e-9, 0.0]]
    assert m.success_at_1(noisy) == 0.5 and m.success_at_1(noisy, tolerance=0) == 0.0
    assert m.mean_reciprocal_rank(noisy) == 0.75 and m.mean_reciprocal_rank(noisy, tolerance=0) == 0.5


def test_two_candidates_are_a_question():
    success, rr = m.ranking_outcomes([[0.9, 0.1], [0.1, 0.9]])
    assert success.tolist() == [1.0, 0.0] and rr.tolist() == [1.0, 0.5]


def test_bootstrap_f_without_some_outcomes():
    # no true positive at all (codes 0-2 only): F is 0 and so is every resample
    ci = m.bootstrap_f([0, 1, 2, 2, 0])
    assert (ci.estimate, ci.low, ci.high, ci.confidence) == (0.0, 0.0, 0.0, 0.95)
    assert m.bootstrap_f([3, 3, 0], confidence=0.8).confidence == 0.8


def test_paired_f_test_without_some_joint_outcomes():
    # A always right, B always wrong on the same 3 paraphrases: joint outcomes (3, 1) only
    r = m.paired_f_test([3, 3, 3], [1, 1, 1], n_resamples=99)
    assert (r.a, r.b, r.difference, r.low, r.high) == (1.0, 0.0, 1.0, 1.0, 1.0)


def test_paired_defaults_and_seeding():
    a, b = _discordant(30, 15, 200, 255)
    r = m.paired_mean_test(a, b)
    assert r == m.paired_mean_test(a, b, 1000, 0.95, 0) and r.n_resamples == 1000
    assert r != m.paired_mean_test(a, b, 1000, 0.95, 1)
    assert r != m.paired_mean_test(a, b, 1001, 0.95, 0)
    rng = np.random.default_rng(9)
    y = rng.random(300) < 0.3
    ca, cb = m.confusion_codes(rng.random(300) + y, y, 0.9), m.confusion_codes(rng.random(300) + 0.5 * y, y, 0.9)
    f = m.paired_f_test(ca, cb)
    assert f == m.paired_f_test(ca, cb, 1000, 0.95, 0) and f.n_resamples == 1000
    assert f != m.paired_f_test(ca, cb, 1000, 0.95, 1)
    assert f != m.paired_f_test(ca, cb, 1001, 0.95, 0)


def test_paired_mean_test_of_one_item():
    r = m.paired_mean_test([1.0], [0.25], n_resamples=99)
    assert (r.difference, r.low, r.high) == (0.75, 0.75, 0.75)
    assert r.p_value == 1.0  # the one flip is as extreme as the observation


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: m.f_curve([0.1, 0.2], [0, 1, 1]), r"^labels must have shape \(2,\) like the scores, got \(3,\)$"),
        (lambda: m.f_curve([0.1, 0.2], [0.0, np.nan]), r"^labels contain NaN$"),
        (lambda: m.f_curve([0.1, 0.2], [0, 2]), r"^labels must be 0/1 \(1 = paraphrase\)$"),
        (lambda: m.f_curve([0.1, np.inf, np.nan], [0, 1, 1]), r"^scores contains 2 NaN/infinite value\(s\), first at index \(1,\)$"),
        (lambda: m.f_curve([[0.1]], [0]), r"^scores must be 1-dimensional, got shape \(1, 1\)$"),
        (lambda: m.f_curve([0.1, None], [0, 1]), r"^scores contains 1 NaN/infinite value\(s\), first at index \(1,\)$"),
        (lambda: m.bootstrap_mean([0.1, np.nan]), r"^values contains 1 NaN/infinite value\(s\), first at index \(1,\)$"),
        (lambda: m.paired_mean_test([np.nan], [0.0]), r"^values_a contains 1 NaN/infinite value\(s\), first at index \(0,\)$"),
        (lambda: m.paired_mean_test([0.0], [np.inf]), r"^values_b contains 1 NaN/infinite value\(s\), first at index \(0,\)$"),
        (lambda: m.paired_mean_test([0.0], [[0.0]]), r"^values_b must be 1-dimensional, got shape \(1, 1\)$"),
        (lambda: m.ranking_outcomes([[0.1, np.nan]]), r"^score matrix contains 1 NaN/infinite value\(s\), first at index \(0, 1\)$"),
        (lambda: m.ranking_outcomes([0.1, 0.2]), r"^score matrix must be 2-dimensional, got shape \(2,\)$"),
        (lambda: m.ranking_outcomes([[0.1]]), r"^a ranking question needs at least 2 candidates, got 1$"),
        (lambda: m.ranking_outcomes([[0.1, 0.2]], ties="coin"),
         r"^ties must be one of \('split', 'pessimistic', 'optimistic'\), got 'coin'$"),
        (lambda: m.paired_f_test([0, 1], [0]), r"^paired codes must have the same shape, got \(2,\) and \(1,\)$"),
        (lambda: m.paired_f_test([0, 1], [1, 1]), r"^paired codes disagree on the gold labels: not the same pairs$"),
        (lambda: m.split_indices([[0], [1], [0]]), r"^labels must have shape \(-1,\) like the scores, got \(3, 1\)$"),
    ],
)  # fmt: skip
def test_errors_say_what_is_wrong(call, message):
    with pytest.raises(PyrabenchError, match=message):
        call()
