"""STS measures pinned on cases small enough to compute by hand."""

import math

import numpy as np
import pytest

from pyrabench.sts import metrics


def test_pearson_and_spearman_hand_case():
    # dx = (-1, 0, 1), dy = (-1, 1, 0): sum dxdy = 1, sum dx^2 = sum dy^2 = 2 -> r = 0.5
    assert metrics.pearson([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    assert metrics.spearman([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    assert metrics.pearson([1, 2, 3, 4], [2, 4, 6, 8]) == pytest.approx(1.0)


def test_constant_system_is_undefined_not_zero():
    assert math.isnan(metrics.pearson([2.5, 2.5, 2.5], [1, 2, 3]))
    assert math.isnan(metrics.spearman([1, 2, 3], [4, 4, 4]))


def test_weighted_pearson_hand_case():
    # weights (1,1,2): means 2.25 and 2; cov 0.25, var_x 0.6875, var_y 0.5 -> 0.25/sqrt(0.34375)
    r = metrics.weighted_pearson([1, 2, 3], [1, 3, 2], [1, 1, 2])
    assert r == pytest.approx(0.25 / math.sqrt(0.34375))
    assert r == pytest.approx(0.4264014, abs=1e-7)


def test_weighted_pearson_equal_weights_is_pearson():
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=50), rng.normal(size=50)
    assert metrics.weighted_pearson(x, y, np.full(50, 100.0)) == pytest.approx(metrics.pearson(x, y))


def test_weighted_pearson_rejects_bad_weights():
    with pytest.raises(ValueError):
        metrics.weighted_pearson([1, 2, 3], [1, 2, 3], [0, 0, 0])


def test_weighted_mean():
    assert metrics.weighted_mean([0.5, 0.8], [100, 300]) == pytest.approx(0.725)
    assert math.isnan(metrics.weighted_mean([], []))


def test_all_allnorm_mean_on_two_offset_datasets():
    # A: system (0,1) gold (0,1); B: system (0,1) gold (4,5).
    systems = [np.array([0.0, 1.0]), np.array([0.0, 1.0])]
    golds = [np.array([0.0, 1.0]), np.array([4.0, 5.0])]
    # ALL: ds = (-.5,.5,-.5,.5), dg = (-2.5,-1.5,1.5,2.5): 1 / sqrt(1 * 17)
    assert metrics.pearson_all(systems, golds) == pytest.approx(1 / math.sqrt(17))
    # ALLnorm maps B onto (4, 5): the concatenation equals the gold
    assert metrics.pearson_allnorm(systems, golds) == pytest.approx(1.0)
    assert metrics.weighted_mean([metrics.pearson(s, g) for s, g in zip(systems, golds)], [2, 2]) == pytest.approx(1.0)


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
    with pytest.raises(ValueError):
        metrics.fisher_z_test(0.5, 0.3, 3)


def test_bootstrap_ci_is_seeded_and_brackets_r():
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 200)
    system = gold + rng.normal(0, 1.5, 200)
    lo, hi = metrics.bootstrap_ci(system, gold, n_resamples=400, seed=3)
    assert lo < metrics.pearson(system, gold) < hi
    assert (lo, hi) == metrics.bootstrap_ci(system, gold, n_resamples=400, seed=3)
    assert 0 < hi - lo < 0.3


def test_shape_mismatch_is_an_error():
    with pytest.raises(ValueError):
        metrics.pearson([1, 2, 3], [1, 2])
