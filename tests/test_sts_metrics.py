"""STS measures pinned on cases small enough to compute by hand."""

import math
import warnings

import numpy as np
import pytest

from pyrabench.sts import metrics


def test_pearson_and_spearman_hand_case():
    # dx = (-1, 0, 1), dy = (-1, 1, 0): sum dxdy = 1, sum dx^2 = sum dy^2 = 2 -> r = 0.5
    assert metrics.pearson([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    assert metrics.spearman([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    assert metrics.pearson([1, 2, 3, 4], [2, 4, 6, 8]) == pytest.approx(1.0)


def test_constant_system_is_undefined_not_zero():
    # either side constant is enough; a single pair is undefined too; and decided here, without
    # scipy's ConstantInputWarning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for f in (metrics.pearson, metrics.spearman):
            assert math.isnan(f([2.5, 2.5, 2.5], [1, 2, 3]))
            assert math.isnan(f([1, 2, 3], [4, 4, 4]))
            assert math.isnan(f([1], [2]))


def test_two_pairs_are_a_line():
    assert metrics.pearson([1, 2], [3, 5]) == pytest.approx(1.0)
    assert metrics.pearson([1, 2], [5, 3]) == pytest.approx(-1.0)
    assert metrics.spearman([1, 2], [5, 3]) == pytest.approx(-1.0)


def test_weighted_pearson_hand_case():
    # weights (1,1,2): means 2.25 and 2; cov 0.25, var_x 0.6875, var_y 0.5 -> 0.25/sqrt(0.34375)
    r = metrics.weighted_pearson([1, 2, 3], [1, 3, 2], [1, 1, 2])
    assert r == pytest.approx(0.25 / math.sqrt(0.34375))
    assert r == pytest.approx(0.4264014, abs=1e-7)


def test_weighted_pearson_hand_case_with_unequal_weighted_means():
    # y = (1, 3, 3), w = (1, 1, 2): m_x = 9/4, m_y = 10/4 (the plain means are 2 and 7/3);
    # cov = (1.875 - 0.125 + 2 * 0.375) / 4 = 0.625, var_x = 0.6875, var_y = 0.75
    r = metrics.weighted_pearson([1, 2, 3], [1, 3, 3], [1, 1, 2])
    assert r == pytest.approx(0.625 / math.sqrt(0.6875 * 0.75))
    assert r != pytest.approx(metrics.pearson([1, 2, 3], [1, 3, 3]), abs=1e-3)


def test_weighted_pearson_weights_are_relative_and_zero_drops_a_pair():
    x, y = [1, 2, 3, 7], [1, 3, 3, 0]
    r = metrics.weighted_pearson(x, y, [1, 1, 2, 0])  # a zero weight is allowed and drops the pair
    assert r == pytest.approx(0.625 / math.sqrt(0.6875 * 0.75))
    assert metrics.weighted_pearson(x, y, [0.25, 0.25, 0.5, 0]) == pytest.approx(r)  # sums to 1
    assert metrics.weighted_pearson(x, y, [0.1, 0.1, 0.2, 0]) == pytest.approx(r)  # sums below 1


def test_weighted_pearson_equal_weights_is_pearson():
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=50), rng.normal(size=50)
    assert metrics.weighted_pearson(x, y, np.full(50, 100.0)) == pytest.approx(metrics.pearson(x, y))


def test_weighted_pearson_of_a_constant_side_is_nan():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NaN by decision, not by 0/0
        assert math.isnan(metrics.weighted_pearson([2, 2, 2], [1, 2, 3], [1, 1, 1]))
        assert math.isnan(metrics.weighted_pearson([1, 2, 3], [2, 2, 2], [1, 1, 1]))
        # constant where the weight is: the zero-weight pair does not make x vary
        assert math.isnan(metrics.weighted_pearson([2, 2, 5], [1, 2, 3], [1, 1, 0]))


def test_weighted_pearson_with_unit_variances():
    # x = (0, 2, 0, 2) and y = (1, 1, 3, 3) have (equally) weighted variance exactly 1;
    # against z = (0, 1, 1, 2): sum dx dz = 2, sum dx^2 = 4, sum dz^2 = 2 -> 1/sqrt(2)
    x, y = [0, 2, 0, 2], [1, 1, 3, 3]
    assert metrics.weighted_pearson(x, [0, 1, 1, 2], [1, 1, 1, 1]) == pytest.approx(metrics.pearson(x, [0, 1, 1, 2]))
    assert metrics.weighted_pearson([0, 1, 1, 2], y, [1, 1, 1, 1]) == pytest.approx(metrics.pearson([0, 1, 1, 2], y))
    assert metrics.weighted_pearson(x, [0, 1, 1, 2], [1, 1, 1, 1]) == pytest.approx(1 / math.sqrt(2))


def test_weighted_pearson_rejects_bad_weights():
    with pytest.raises(ValueError, match=r"^weights must be non-negative and not all zero$"):
        metrics.weighted_pearson([1, 2, 3], [1, 2, 3], [0, 0, 0])
    with pytest.raises(ValueError, match=r"^weights must be non-negative and not all zero$"):
        metrics.weighted_pearson([1, 2, 3], [1, 2, 3], [2, -1, 1])
    with pytest.raises(ValueError, match=r"^weights must have one value per pair$"):
        metrics.weighted_pearson([1, 2, 3], [1, 2, 3], [1, 1])


def test_weighted_mean():
    assert metrics.weighted_mean([0.5, 0.8], [100, 300]) == pytest.approx(0.725)
    assert metrics.weighted_mean([0.4], [7]) == pytest.approx(0.4)
    assert metrics.weighted_mean([0.4], [1]) == pytest.approx(0.4)
    assert metrics.weighted_mean([0.5, 0.8], [0, 3]) == pytest.approx(0.8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no 0/0
        assert math.isnan(metrics.weighted_mean([], []))
        assert math.isnan(metrics.weighted_mean([0.5, 0.8], [0, 0]))


def test_all_and_allnorm_on_datasets_with_different_scales_and_slopes():
    # A: system (0,1,2), gold (0,2,1); B: system (10,20,30), gold (2,6,4).
    systems = [np.array([0.0, 1.0, 2.0]), np.array([10.0, 20.0, 30.0])]
    golds = [np.array([0.0, 2.0, 1.0]), np.array([2.0, 6.0, 4.0])]
    # least squares maps A to (0.5, 1, 1.5) (slope 1/2) and B to (3, 4, 5) (slope 1/10)
    assert metrics.least_squares_normalize(systems[0], golds[0]) == pytest.approx([0.5, 1, 1.5])
    assert metrics.least_squares_normalize(systems[1], golds[1]) == pytest.approx([3, 4, 5])
    # ALLnorm: fitted (.5,1,1.5,3,4,5) and gold (0,2,1,2,6,4) both have mean 2.5;
    # d_fit = (-2,-1.5,-1,.5,1.5,2.5), d_gold = (-2.5,-.5,-1.5,-.5,3.5,1.5):
    # sum d_fit d_gold = 16 = sum d_fit^2, sum d_gold^2 = 23.5 -> 4 / sqrt(23.5)
    assert metrics.pearson_allnorm(systems, golds) == pytest.approx(4 / math.sqrt(23.5))
    # ALL: x = (0,1,2,10,20,30) with mean 10.5: sum dx dg = 106.5, sum dx^2 = 743.5
    assert metrics.pearson_all(systems, golds) == pytest.approx(106.5 / math.sqrt(743.5 * 23.5))
    # one fit over the concatenation is a linear map: it would leave ALL unchanged
    assert metrics.pearson_all(systems, golds) != pytest.approx(metrics.pearson_allnorm(systems, golds), abs=0.01)
    # per dataset both are 0.5 (B is A scaled): ALL and ALLnorm see what the Mean cannot
    assert [metrics.pearson(s, g) for s, g in zip(systems, golds)] == pytest.approx([0.5, 0.5])


def test_aggregates_of_nothing_are_nan():
    assert math.isnan(metrics.pearson_all([], []))
    assert math.isnan(metrics.pearson_allnorm([], []))


def test_least_squares_normalize_recovers_a_line():
    assert metrics.least_squares_normalize([0, 1, 2], [1, 3, 5]) == pytest.approx([1, 3, 5])
    assert metrics.least_squares_normalize([2, 2, 2], [1, 3, 5]) == pytest.approx([3, 3, 3])


def test_fisher_z_hand_case():
    # (atanh .5 - atanh .3) / sqrt(2/100) = 0.2397865 / 0.1414214 = 1.695546; P(Z >= z) = 0.04499
    z, p = metrics.fisher_z_test(0.5, 0.3, 103)
    assert z == pytest.approx(1.695546, abs=1e-5)
    assert p == pytest.approx(0.04499, abs=1e-4)
    z2, p2 = metrics.fisher_z_test(0.3, 0.5, 103)
    assert z2 == pytest.approx(-z) and p2 == pytest.approx(1 - p)
    # unequal samples: sqrt(1/100 + 1/50) = 0.1732051 -> z = 1.384410
    z3, _ = metrics.fisher_z_test(0.5, 0.3, 103, 53)
    assert z3 == pytest.approx(0.2397865 / math.sqrt(0.03), abs=1e-6)
    # four pairs is the smallest sample: sqrt(1/1 + 1/1)
    assert metrics.fisher_z_test(0.5, 0.3, 4)[0] == pytest.approx(0.2397865 / math.sqrt(2), abs=1e-6)
    for n1, n2 in ((3, None), (103, 3)):
        with pytest.raises(ValueError, match=r"^Fisher's z needs more than 3 pairs per sample$"):
            metrics.fisher_z_test(0.5, 0.3, n1, n2)


def _correlated(n, seed):
    rng = np.random.default_rng(seed)
    gold = rng.normal(size=n)
    return 0.6 * gold + 0.8 * rng.normal(size=n), gold


def test_bootstrap_ci_is_scipy_pearson_on_the_same_resamples():
    from scipy import stats

    system, gold = _correlated(200, 5)
    ref = stats.bootstrap((system, gold), lambda a, b: stats.pearsonr(a, b).statistic, paired=True,
                          vectorized=False, n_resamples=300, method="percentile", rng=np.random.default_rng(2))
    lo, hi = metrics.bootstrap_ci(system, gold, n_resamples=300, seed=2)
    assert lo == pytest.approx(ref.confidence_interval.low, abs=1e-12)
    assert hi == pytest.approx(ref.confidence_interval.high, abs=1e-12)
    # the defaults are 1000 resamples, seed 0, percentile
    assert metrics.bootstrap_ci(system, gold) == metrics.bootstrap_ci(system, gold, 0.95, 1000, 0, "percentile")
    assert metrics.bootstrap_ci(system, gold) != metrics.bootstrap_ci(system, gold, 0.95, 1000, 1)
    assert metrics.bootstrap_ci(system, gold) != metrics.bootstrap_ci(system, gold, 0.95, 999, 0)


def test_bootstrap_ci_bca_is_scipys_bca():
    from scipy import stats

    system, gold = _correlated(60, 6)
    ref = stats.bootstrap((system, gold), lambda a, b: stats.pearsonr(a, b).statistic, paired=True,
                          vectorized=False, n_resamples=300, method="BCa", rng=np.random.default_rng(3))
    lo, hi = metrics.bootstrap_ci(system, gold, n_resamples=300, seed=3, method="BCa")
    assert lo == pytest.approx(ref.confidence_interval.low, abs=1e-12)
    assert hi == pytest.approx(ref.confidence_interval.high, abs=1e-12)
    assert (lo, hi) != metrics.bootstrap_ci(system, gold, n_resamples=300, seed=3)


def test_bootstrap_ci_half_width_is_1_96_standard_errors():
    # bivariate normal with rho = 0.6: SE(r) = (1 - r^2) / sqrt(n). Over seeds the bootstrap
    # half-width is 1.96 SE within about 5 %; a 90 % interval reported as 95 % is 16 % short.
    system, gold = _correlated(1000, 5)
    r = metrics.pearson(system, gold)
    se = (1 - r * r) / math.sqrt(1000)
    lo, hi = metrics.bootstrap_ci(system, gold, 0.95, n_resamples=2000, seed=1)
    lo90, hi90 = metrics.bootstrap_ci(system, gold, 0.90, n_resamples=2000, seed=1)
    assert lo < r < hi
    assert (hi - lo) / 2 == pytest.approx(1.959964 * se, rel=0.06)
    assert (hi90 - lo90) / 2 == pytest.approx(1.644854 * se, rel=0.06)
    assert lo < lo90 < r < hi90 < hi  # strictly inside
    # the ratio of the two widths does not depend on the SE formula: 1.96 / 1.645 = 1.19
    assert (hi - lo) / (hi90 - lo90) == pytest.approx(1.959964 / 1.644854, rel=0.03)
    assert (lo, hi) == metrics.bootstrap_ci(system, gold, 0.95, n_resamples=2000, seed=1)


def test_bootstrap_ci_warns_about_nothing():
    # five pairs: some resamples repeat one pair (no correlation, skipped), some hold two
    # distinct pairs (r = +-1), so the interval spans everything
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lo, hi = metrics.bootstrap_ci([1, 2, 3, 4, 6], [1, 3, 2, 5, 4], n_resamples=200)
    assert (lo, hi) == pytest.approx((-1.0, 1.0))


def test_shape_mismatch_is_an_error():
    with pytest.raises(ValueError, match=r"^system and gold must be 1-d of one length, got \(3,\) and \(2,\)$"):
        metrics.pearson([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match=r"^system and gold must be 1-d of one length, got \(1, 2\) and \(1, 2\)$"):
        metrics.pearson([[1, 2]], [[1, 2]])
