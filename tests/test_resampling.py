"""The resampling engine: exact permutation p-values worked by hand, the bootstrap against a slow
obvious loop, what each scheme resamples, Holm against its definition."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from pyrabench import resampling
from pyrabench.errors import PyrabenchError


def sign_flip_test(d, n_resamples, seed=0):
    """A paired test of the mean difference ``d`` through the engine, as the tasks run it."""
    d = np.asarray(d, dtype=float)
    swaps = resampling.swap_masks(len(d), n_resamples, np.random.default_rng(seed))
    null = np.where(swaps.mask, -1.0, 1.0) @ d / len(d)
    two_sided, greater = resampling.permutation_p_values(null, d.mean(), swaps.exact)
    return float(two_sided), float(greater), swaps


# --------------------------------------------------------------------------- exact permutation p-values


def test_exact_p_value_worked_by_hand():
    """Differences 1, 2, 3: the 8 sign patterns give sums 6, 4, 2, 0, 0, −2, −4, −6 (mean = sum/3).
    Observed sum 6: one pattern (the observed itself) is as large, so p(greater) = 1/8; two
    have |sum| ≥ 6 (6 and −6), so the two-sided p = 2/8. Differences 1, 1, 2 with observed sum 4:
    sums 4, 2, 2, 0, 0, −2, −2, −4: p(greater) = 1/8, two-sided 2/8. Differences 3, −1, −1
    (observed sum 1): sums 5, 3, 3, 1, −1, −3, −3, −5, so 4 of 8 are ≥ 1 and all 8 have |sum| ≥ 1."""
    two_sided, greater, swaps = sign_flip_test([1.0, 2.0, 3.0], n_resamples=1000)
    assert swaps.exact and len(swaps.mask) == 8
    assert greater == 1 / 8 and two_sided == 2 / 8
    two_sided, greater, _ = sign_flip_test([1.0, 1.0, 2.0], n_resamples=1000)
    assert greater == 1 / 8 and two_sided == 2 / 8
    two_sided, greater, _ = sign_flip_test([3.0, -1.0, -1.0], n_resamples=1000)
    assert greater == 4 / 8 and two_sided == 1.0


def test_exact_p_value_is_never_zero_and_matches_scipy():
    """The observed arrangement is one of the 2**n: the smallest p is 1 / 2**n, not 0 (a count
    without the observed) and not 2 / (2**n + 1) (the +1 of drawn arrangements)."""
    d = np.array([0.5, 1.5, 2.0, 0.25, 1.0])
    two_sided, greater, swaps = sign_flip_test(d, n_resamples=10_000)
    assert swaps.exact and len(swaps.mask) == 32
    assert greater == 1 / 32 and two_sided == 2 / 32
    ref = stats.permutation_test((d,), lambda x, axis: np.mean(x, axis=axis), permutation_type="samples",
                                 alternative="greater", n_resamples=10_000, vectorized=True)
    assert greater == pytest.approx(ref.pvalue)


def test_exact_enumeration_is_used_when_cheaper_than_draws():
    """2**n ≤ resamples: every arrangement once (the identity first), no draw taken from the
    generator; otherwise exactly ``n_resamples`` random arrangements."""
    rng = np.random.default_rng(0)
    exact = resampling.swap_masks(10, 1024, rng)
    assert exact.exact is True and exact.mask.shape == (1024, 10) and exact.mask.dtype == bool
    assert not exact.mask[0].any() and len({row.tobytes() for row in exact.mask}) == 1024
    assert rng.random() == np.random.default_rng(0).random()  # nothing drawn
    drawn = resampling.swap_masks(11, 1024, rng)
    assert drawn.exact is False and drawn.mask.shape == (1024, 11) and drawn.mask.dtype == bool


def test_drawn_p_value_adds_the_observed_arrangement():
    """Drawn: (1 + count) / (1 + draws). With the observed the most extreme of all, p = 1 / (B + 1)."""
    null = np.array([0.0, 0.1, -0.2, 0.3])
    two, greater = resampling.permutation_p_values(null, 0.5)
    assert two == 1 / 5 and greater == 1 / 5
    two, greater = resampling.permutation_p_values(null, 0.1)  # 0.1 and 0.3 ≥ 0.1; |.| ≥ 0.1: 3
    assert greater == 3 / 5 and two == 4 / 5
    exact = np.array([0.5, -0.5, 0.1, -0.1])  # every arrangement, the observed 0.5 first
    two, greater = resampling.permutation_p_values(exact, 0.5, exact=True)
    assert greater == 1 / 4 and two == 2 / 4


def test_undefined_arrangements_are_left_out_and_ties_count():
    null = np.array([[np.nan, 1.0], [0.2, 1.0], [0.5, 1.0]])
    two, greater = resampling.permutation_p_values(null, np.array([0.5, 1.0 + 1e-13]))
    assert two.tolist() == [2 / 3, 1.0] and greater.tolist() == [2 / 3, 1.0]
    edge = 0.5 - resampling.TOLERANCE  # exactly at the tolerance: still as extreme
    assert resampling.permutation_p_values(np.array([edge, 0.0]), 0.5, exact=True) == (0.5, 0.5)
    assert resampling.permutation_p_values(np.array([-edge, 0.0]), -0.5, exact=True)[0] == 0.5


def test_drawn_arrangements_approach_the_exact_p_value():
    """16 units: 65,536 arrangements; 20,000 draws estimate the exact p within Monte Carlo error."""
    d = np.random.default_rng(1).normal(0.3, 1.0, size=16)
    exact_two, exact_greater, swaps = sign_flip_test(d, 2 ** 16)
    assert swaps.exact
    two, greater, swaps = sign_flip_test(d, 20_000, seed=2)
    assert not swaps.exact
    assert abs(greater - exact_greater) < 4 * np.sqrt(exact_greater * (1 - exact_greater) / 20_000)
    assert abs(two - exact_two) < 4 * np.sqrt(exact_two * (1 - exact_two) / 20_000)


def test_swap_counts_are_binomial_halves():
    counts = np.array([0, 10, 1000])
    swapped = resampling.swap_counts(counts, 4000, np.random.default_rng(3))
    assert swapped.shape == (4000, 3) and (swapped <= counts).all() and (swapped[:, 0] == 0).all()
    assert swapped[:, 2].mean() == pytest.approx(500, abs=2)


# --------------------------------------------------------------------------- bootstrap


def slow_bootstrap(x, y, statistic, n_resamples, seed):
    """One resample at a time, as a textbook writes it."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n_resamples):
        i = rng.integers(0, len(x), size=len(x))
        out.append(statistic(x[i], y[i]))
    return np.array(out)


def test_bootstrap_indices_and_interval_equal_a_slow_loop():
    """The vectorized draws are the loop's draws row by row, and the interval is their quantiles."""
    rng = np.random.default_rng(4)
    x = rng.normal(size=15)
    y = x + rng.normal(size=15)
    idx = resampling.bootstrap_indices(15, 300, np.random.default_rng(9))
    fast = np.array([np.corrcoef(x[i], y[i])[0, 1] for i in idx])
    slow = slow_bootstrap(x, y, lambda a, b: np.corrcoef(a, b)[0, 1], 300, 9)
    assert np.array_equal(fast, slow)
    low, high = resampling.percentile_interval(fast, 0.9)
    s = np.sort(slow)
    # linear interpolation between order statistics: position 0.05 · 299 = 14.95
    assert low == pytest.approx(s[14] + 0.95 * (s[15] - s[14]))
    assert high == pytest.approx(s[284] + 0.05 * (s[285] - s[284]))


def test_paired_bootstrap_interval_is_scipy_on_the_slow_loops_draws():
    rng = np.random.default_rng(5)
    x = rng.normal(size=20)
    y = x + rng.normal(size=20)

    def mean_difference(a, b, axis=-1):
        return (a - b).mean(axis=axis)

    low, high = resampling.paired_bootstrap_interval((x, y), mean_difference, 500, 0.95, np.random.default_rng(6))
    slow = slow_bootstrap(x, y, lambda a, b: (a - b).mean(), 500, 6)
    assert [low, high] == pytest.approx(resampling.percentile_interval(slow, 0.95), abs=1e-12)
    bca = resampling.paired_bootstrap_interval((x, y), mean_difference, 500, 0.95, np.random.default_rng(6), "BCa")
    assert bca != (low, high) and bca[0] < (x - y).mean() < bca[1]


def test_bootstrap_counts_is_the_bootstrap_of_the_items():
    """Counts of resampled categories: each row sums to n; the mean count is n · share."""
    counts = np.array([5, 0, 15])
    draws = resampling.bootstrap_counts(counts, 20_000, np.random.default_rng(7))
    assert (draws.sum(axis=1) == 20).all() and (draws[:, 1] == 0).all()
    assert draws.mean(axis=0) == pytest.approx([5, 0, 15], abs=0.1)
    nothing = resampling.bootstrap_counts([0, 0], 3, np.random.default_rng(0))
    assert nothing.tolist() == [[0, 0]] * 3 and nothing.dtype == draws.dtype == np.int64  # counts, not floats


def test_percentile_interval_leaves_undefined_resamples_out():
    assert resampling.percentile_interval([np.nan, 1.0, 3.0, np.inf], 0.5) == [1.5, 2.5]
    assert resampling.percentile_interval([np.nan, 1.0], 0.95) is None
    assert resampling.percentile_interval([None, 1.0, 3.0], 0.5) == [1.5, 2.5]  # None: not computed
    with pytest.raises(PyrabenchError, match=r"confidence must be in \(0, 1\), got 95"):
        resampling.percentile_interval([1.0, 2.0], 95)


def test_bootstrap_weights_count_the_same_draws():
    idx = resampling.bootstrap_indices(6, 50, np.random.default_rng(2))
    w = resampling.bootstrap_weights(6, 50, np.random.default_rng(2))
    assert w.shape == (50, 6) and (w.sum(axis=1) == 6).all()
    assert w.tolist() == [[float((row == k).sum()) for k in range(6)] for row in idx]
    x = np.arange(6.0) ** 2
    assert w @ x / 6 == pytest.approx(x[idx].mean(axis=1))  # a mean over the draws is one product


def test_percentile_intervals_are_the_interval_of_each_column():
    samples = np.array([[1.0, np.nan, 5.0], [3.0, np.nan, np.inf], [2.0, 4.0, 7.0], [4.0, np.nan, 6.0]])
    low, high = resampling.percentile_intervals(samples, 0.5)
    for k in (0, 2):
        assert [low[k], high[k]] == pytest.approx(resampling.percentile_interval(samples[:, k], 0.5))
    assert np.isnan(low[1]) and np.isnan(high[1])  # one defined resample: no interval
    assert [low[0], high[0]] == pytest.approx([1.75, 3.25])  # 1 2 3 4: positions .75 and 2.25


# --------------------------------------------------------------------------- the three schemes


@pytest.mark.parametrize("scheme, rows_vary, cols_vary", [("systems", True, False), ("inputs", False, True),
                                                           ("both", True, True)])
def test_each_scheme_resamples_what_it_says(scheme, rows_vary, cols_vary):
    rows, cols = resampling.scheme_indices(7, 5, scheme, 400, np.random.default_rng(8))
    assert rows.shape == (400, 7) and cols.shape == (400, 5)
    assert (rows == np.arange(7)).all() != rows_vary and (cols == np.arange(5)).all() != cols_vary


def test_a_scheme_over_one_unit_is_degenerate():
    """One topic: resampling the topics always draws that topic, so a statistic of the topics
    alone has a single value; resampling the systems still varies."""
    matrix = np.random.default_rng(9).normal(size=(6, 1))  # 6 systems, 1 topic
    rows, cols = resampling.scheme_indices(6, 1, "inputs", 200, np.random.default_rng(0))
    topic_means = matrix[rows[:, :, None], cols[:, None, :]].mean(axis=(1, 2))
    assert np.ptp(topic_means) == 0 and (cols == 0).all()
    rows, cols = resampling.scheme_indices(6, 1, "systems", 200, np.random.default_rng(0))
    assert np.ptp(matrix[rows[:, :, None], cols[:, None, :]].mean(axis=(1, 2))) > 0


def test_unknown_scheme_is_refused():
    with pytest.raises(PyrabenchError, match="unknown resampling scheme 'topics'"):
        resampling.scheme_indices(3, 3, "topics", 10, np.random.default_rng(0))


# --------------------------------------------------------------------------- Holm


def test_holm_worked_by_hand():
    """p = 0.01, 0.04, 0.03, 0.20 (m = 4): sorted 0.01·4 = 0.04, 0.03·3 = 0.09, 0.04·2 = 0.08 →
    0.09 (monotone), 0.20·1 = 0.20; back in the input's order."""
    assert resampling.holm([0.01, 0.04, 0.03, 0.20]) == pytest.approx([0.04, 0.09, 0.09, 0.20])
    assert resampling.holm([0.6, 0.9]) == pytest.approx([1.0, 1.0])  # 2 × 0.6 = 1.2, capped at 1
    out = resampling.holm([0.01, np.nan, 0.02])  # NaN is not a test: m = 2
    assert out[0] == pytest.approx(0.02) and np.isnan(out[1]) and out[2] == pytest.approx(0.02)
    out = resampling.holm([0.01, None, 0.02])  # nor is a test that could not be run
    assert out[0] == pytest.approx(0.02) and np.isnan(out[1]) and out[2] == pytest.approx(0.02)
    assert resampling.holm([]).size == 0


def test_holm_matches_its_step_down_definition():
    """Reject H(1) … H(k) for the largest k with p(j) ≤ α / (m − j + 1) for all j ≤ k: the same
    tests as adjusted p ≤ α, at every α."""
    p = np.random.default_rng(10).uniform(0, 0.1, size=9)
    adjusted = resampling.holm(p)
    order = np.argsort(p)
    for alpha in (0.01, 0.02, 0.05, 0.1):
        rejected = set()
        for j, i in enumerate(order):
            if p[i] > alpha / (len(p) - j):
                break
            rejected.add(int(i))
        assert rejected == set(np.flatnonzero(adjusted <= alpha).tolist())


def test_exhaustive_enumeration_is_every_sign_pattern():
    masks = resampling.swap_masks(3, 8, np.random.default_rng(0)).mask
    assert {tuple(m) for m in masks.tolist()} == set(itertools.product([False, True], repeat=3))


def test_bootstrap_mean_interval_is_the_percentile_interval_of_resampled_means():
    values = np.array([0.1, 0.4, 0.35, 0.8, 0.2])
    rng = np.random.default_rng(5)
    means = [values[rng.integers(0, 5, 5)].mean() for _ in range(300)]  # the obvious loop, same draws
    expected = np.quantile(means, [0.05, 0.95])
    got = resampling.bootstrap_mean_interval(values, 300, 0.9, np.random.default_rng(5))
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)
    assert resampling.bootstrap_mean_interval([0.3, 0.3, 0.3], 300, 0.9, np.random.default_rng(5)) == (0.3, 0.3)
    for undefined in ([0.3], [0.3, np.nan], []):
        assert np.isnan(resampling.bootstrap_mean_interval(undefined, 300, 0.9, np.random.default_rng(5))).all()


def test_leave_one_out_interval_is_mean_plus_minus_z_sd():
    values = [0.5, 0.7, np.nan, 0.6, 0.9]
    finite = np.array([0.5, 0.7, 0.6, 0.9])
    z = stats.norm.ppf(0.975)
    low, high = resampling.leave_one_out_interval(values, 0.95)
    np.testing.assert_allclose([low, high], [finite.mean() - z * finite.std(), finite.mean() + z * finite.std()],
                               rtol=1e-12)
    assert resampling.leave_one_out_interval([0.4, 0.4], 0.95) == (0.4, 0.4)
    assert np.isnan(resampling.leave_one_out_interval([0.4, np.nan], 0.95)).all()
    with pytest.raises(PyrabenchError, match="confidence"):
        resampling.leave_one_out_interval([0.4, 0.5], 1.5)


def test_significance_is_decided_here_at_alpha():
    from pyrabench.resampling import ALPHA, significant, significant_after_holm

    assert ALPHA == 0.05
    assert significant([0.01, 0.05, 0.2, float("nan"), None]).tolist() == [True, False, False, False, False]
    assert significant([0.01, 0.2], alpha=0.3).tolist() == [True, True]
    # Holm: 0.01 × 3 = 0.03 and 0.02 × 2 = 0.04 survive; 0.06 × 1 does not
    assert significant_after_holm([0.02, 0.06, 0.01]).tolist() == [True, False, True]
    assert significant_after_holm([0.04, 0.04]).tolist() == [False, False]
    assert bool(significant(0.001)) and not bool(significant(0.5))
