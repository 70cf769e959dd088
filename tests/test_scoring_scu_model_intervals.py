"""Intervals of the calibrated estimate: each holds the level it claims on data with a known
distribution, within binomial tolerance, and a planted wrong quantile fails the same check."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model import intervals

N_CAL, N_NEW = 4000, 4000


def binomial_ok(inside: int, n: int, level: float, sds: float = 4.0) -> bool:
    """Is ``inside`` of ``n`` within ``sds`` binomial standard deviations of ``level · n``?"""
    return abs(inside - level * n) <= sds * np.sqrt(n * level * (1 - level))


def _summary_coverage(level: float, quantile_level: float, seed: int) -> tuple[int, int]:
    """Scaled residuals t-distributed (heavy tails, skewed by a shift): calibrate on one draw,
    cover a fresh one; ``quantile_level`` is the level the quantiles are read at."""
    rng = np.random.default_rng(seed)
    sd_cal, sd_new = rng.uniform(0.02, 0.1, N_CAL), rng.uniform(0.02, 0.1, N_NEW)
    est_cal, est_new = rng.uniform(0.3, 0.6, N_CAL), rng.uniform(0.3, 0.6, N_NEW)
    manual_cal = est_cal + sd_cal * (rng.standard_t(4, N_CAL) + 0.3)
    manual_new = est_new + sd_new * (rng.standard_t(4, N_NEW) + 0.3)
    errors = intervals.summary_errors(manual_cal, est_cal, sd_cal, quantile_level)
    lo, hi = errors.interval(est_new, sd_new)
    c = intervals.coverage(manual_new, lo, hi)
    return c["inside"], c["n"]


@pytest.mark.parametrize("level", [0.8, 0.95])
def test_summary_interval_holds_its_level(level):
    inside, n = _summary_coverage(level, level, seed=1)
    assert binomial_ok(inside, n, level)


@pytest.mark.parametrize("claimed,planted", [(0.95, 0.8), (0.8, 0.95), (0.95, 0.9)])
def test_a_planted_wrong_quantile_fails_the_check(claimed, planted):
    inside, n = _summary_coverage(claimed, planted, seed=2)
    assert not binomial_ok(inside, n, claimed)


def test_conformal_quantiles_ranks_and_small_samples():
    v = np.arange(1, 20, dtype=float)  # n = 19: ranks ⌊20·0.025⌋ = 0 → -inf, ⌈20·0.975⌉ = 20 → inf
    assert intervals.conformal_quantiles(v, 0.95) == (-np.inf, np.inf)
    v = np.arange(1, 40, dtype=float)  # n = 39: ranks 1 and 39
    assert intervals.conformal_quantiles(v, 0.95) == (1.0, 39.0)
    assert intervals.conformal_quantiles(np.arange(1, 100, dtype=float), 0.8) == (10.0, 90.0)
    with pytest.raises(PyrabenchError):
        intervals.conformal_quantiles(v, 1.0)


def _systems(n_systems: int, n_topics: int, rng, noise: float) -> pd.DataFrame:
    """Shares in [0, 1] (0.1 up to 0.74 over 800 systems), as the scale the intervals are cut to."""
    rows = []
    for s in range(n_systems):
        bias = rng.normal(0, 0.03)
        for t in range(n_topics):
            rows.append({"corpus": "c", "system": f"S{s:03d}", "topic": f"T{t:02d}",
                         "manual": 0.1 + 0.0008 * s, "estimate": 0.1 + 0.0008 * s - bias + rng.normal(0, noise)})
    return pd.DataFrame(rows)


@pytest.mark.parametrize("level", [0.8, 0.95])
def test_system_interval_holds_its_level_from_held_out_errors(level):
    """No topic noise: the interval is the held-out systems' errors alone, and must hold its level."""
    rng = np.random.default_rng(3)
    errors = intervals.system_errors(_systems(800, 3, rng, 0.0))
    new = _systems(800, 3, rng, 0.0)
    table = intervals.system_intervals(new, errors, level, seed=0, n_resamples=2000)
    truth = new.groupby("system")["manual"].mean().loc[table["system"]]
    c = intervals.coverage(truth, table["estimate_low"], table["estimate_high"])
    assert binomial_ok(c["inside"], c["n"], level)
    wrong = intervals.system_intervals(new, intervals.SystemErrors(errors.residuals * 0.5), level, 0, 2000)
    c = intervals.coverage(truth, wrong["estimate_low"], wrong["estimate_high"])
    assert not binomial_ok(c["inside"], c["n"], level)


def test_system_interval_adds_topic_sampling_and_is_order_free():
    rng = np.random.default_rng(4)
    new = _systems(5, 20, rng, 0.05)
    alone = intervals.system_intervals(new, None, seed=0)
    both = intervals.system_intervals(new, intervals.system_errors(_systems(50, 20, rng, 0.05)), seed=0)
    assert ((both["estimate_high"] - both["estimate_low"]) > (alone["estimate_high"] - alone["estimate_low"])).all()
    shuffled = intervals.system_intervals(new.sample(frac=1, random_state=1), None, seed=0)
    pd.testing.assert_frame_equal(alone, shuffled)
    one = intervals.system_intervals(new[new["system"] == "S002"], None, seed=0)
    pd.testing.assert_frame_equal(one.reset_index(drop=True), alone[alone["system"] == "S002"].reset_index(drop=True))


def test_estimate_sd_by_hand():
    frame = pd.DataFrame({"topic": ["a"] * 3 + ["b"] * 2, "weight": [3, 2, 1, 2, 2], "ideal": [6] * 3 + [4] * 2})
    p = np.array([1.0, 0.5, 0.0, 0.25, 0.0])
    out = intervals.estimate_sd(frame, p, ["topic"])
    assert out["estimate"].tolist() == pytest.approx([(3 + 1) / 6, 0.5 / 4])
    assert out["sd"].tolist() == pytest.approx([np.sqrt(4 * 0.25) / 6, np.sqrt(4 * 0.1875) / 4])


def test_conformal_quantiles_leave_out_undefined_values_and_check_the_level():
    v = np.concatenate([np.arange(39, 0, -1, dtype=float), [np.nan, np.inf, -np.inf]])
    assert intervals.conformal_quantiles(v, 0.95) == (1.0, 39.0)  # unsorted, non-finite left out
    assert intervals.conformal_quantiles(list(range(1, 40)), 0.95) == (1.0, 39.0)
    assert intervals.conformal_quantiles(np.arange(1, 10, dtype=float), 0.5) == (2.0, 8.0)  # ranks 2 and 8
    assert intervals.conformal_quantiles([], 0.5) == (-np.inf, np.inf)
    for bad in (0.0, 1.0, -0.5):
        with pytest.raises(PyrabenchError, match=rf"^confidence must be in \(0, 1\), got {bad}$"):
            intervals.conformal_quantiles([1.0, 2.0], bad)


def test_summary_errors_scale_residuals_and_leave_out_certain_summaries():
    manual = np.array([0.5, 0.2, 0.9, 0.4, 0.7])
    estimate = np.array([0.4, 0.4, 0.9, 0.1, 0.1])
    sd = np.array([0.1, 0.1, 0.0, 0.1, 0.2])  # residuals 1, -2, (left out), 3, 3
    e = intervals.summary_errors(manual, estimate, sd, 0.5)  # n = 4: ranks 1 and 4
    assert (e.low, e.high, e.confidence, e.n) == pytest.approx((-2.0, 3.0, 0.5, 4))
    low, high = e.interval([0.5, 0.1, 0.0], [0.1, 0.1, 0.0])
    assert low.tolist() == pytest.approx([0.3, 0.0, 0.0]) and high.tolist() == pytest.approx([0.8, 0.4, 0.0])
    assert e.interval([1], [0]) == (np.array([1.0]), np.array([1.0]))
    assert intervals.summary_errors(manual, estimate, sd).confidence == intervals.CONFIDENCE == 0.95


def test_system_errors_are_mean_manual_minus_mean_estimate_per_system():
    frame = pd.DataFrame({"corpus": ["c", "c", "c", "d"], "system": ["B", "B", "A", "B"],
                          "manual": [0.5, 0.3, 0.2, 0.9], "estimate": [0.2, 0.2, 0.4, 0.5]})
    assert intervals.system_errors(frame).residuals.tolist() == pytest.approx([-0.2, 0.2, 0.4])  # (c,A) (c,B) (d,B)
    alone = intervals.system_errors(frame, ["system"])
    assert alone.residuals.tolist() == pytest.approx([-0.2, (1.7 - 0.9) / 3]) and alone.n == 2


def test_system_intervals_are_the_seeded_bootstrap_over_sorted_topics():
    from pyrabench.resampling import bootstrap_indices, percentile_interval

    frame = pd.DataFrame({"system": ["B", "A", "A", "A", "C"], "topic": ["t1", "t3", "t1", "t2", "t1"],
                          "estimate": [0.5, 0.3, 0.1, 0.2, np.nan]})
    errors = intervals.SystemErrors(np.array([0.05, -0.1]))
    got = intervals.system_intervals(frame, errors, 0.8, seed=7, n_resamples=50)
    rng = np.random.default_rng(7)
    est = np.array([0.1, 0.2, 0.3])  # A's estimates by topic
    means = est[bootstrap_indices(3, 50, rng)].mean(axis=1) + errors.residuals[rng.integers(0, 2, 50)]
    low, high = percentile_interval(means, 0.8)
    assert got["system"].tolist() == ["A", "B", "C"] and got["topics"].tolist() == [3, 1, 1]
    assert got.loc[0, ["estimate", "estimate_low", "estimate_high"]].tolist() == pytest.approx([0.2, low, high])
    assert got.loc[1, "estimate"] == 0.5 and np.isnan(got.loc[1, "estimate_low"])  # one topic: no interval
    assert np.isnan(got.loc[2, "estimate"]) and np.isnan(got.loc[2, "estimate_high"])
    rng = np.random.default_rng(7)
    alone = est[bootstrap_indices(3, 50, rng)].mean(axis=1)
    got = intervals.system_intervals(frame, intervals.SystemErrors(np.zeros(0)), 0.8, seed=7, n_resamples=50)
    assert got.loc[0, ["estimate_low", "estimate_high"]].tolist() == pytest.approx(percentile_interval(alone, 0.8))
    default = intervals.system_intervals(frame, None)
    rng = np.random.default_rng(0)
    assert default.loc[0, ["estimate_low", "estimate_high"]].tolist() == pytest.approx(
        percentile_interval(est[bootstrap_indices(3, 1000, rng)].mean(axis=1), 0.95))
    assert list(intervals.system_intervals(frame.iloc[:0], None).columns) == intervals.SYSTEM_COLUMNS
    with pytest.raises(PyrabenchError, match="confidence must be in"):
        intervals.system_intervals(frame, None, 1.0)


def test_coverage_counts_truths_inside_closed_bounds():
    got = intervals.coverage([0.1, 0.5, 0.9, 0.4], [0.1, 0.6, 0.0, np.nan], [0.2, 0.7, 0.9, 0.5])
    assert got == {"coverage": 0.5, "width": pytest.approx((0.1 + 0.1 + 0.9) / 3), "n": 4, "inside": 2}
    empty = intervals.coverage([], [], [])
    assert np.isnan(empty["coverage"]) and np.isnan(empty["width"]) and (empty["n"], empty["inside"]) == (0, 0)


def test_estimate_of_a_summary_without_ideal_is_zero():
    frame = pd.DataFrame({"topic": ["a", "a", "b"], "system": ["s", "s", "s"], "weight": [2, 1, 3],
                          "ideal": [0, 0, 3]})
    out = intervals.estimate_sd(frame, [1.0, 0.5, 0.5], ["topic", "system"])
    assert out.to_dict("list") == {"topic": ["a", "b"], "system": ["s", "s"], "estimate": [0.0, 0.5],
                                   "sd": [0.0, pytest.approx(np.sqrt(9 * 0.25) / 3)]}


def test_a_system_interval_below_zero_is_floored_at_zero():
    """Two topics far apart and a held-out error far below: the bootstrap's lower percentile is
    negative, and a mean score cannot be."""
    new = pd.DataFrame({"system": ["a"] * 2, "topic": ["t1", "t2"], "estimate": [0.01, 0.5]})
    table = intervals.system_intervals(new, intervals.SystemErrors(np.array([-0.4, 0.3])), seed=0)
    assert table["estimate_low"].iloc[0] == 0.0 and table["estimate_high"].iloc[0] > 0.5


def test_a_systems_own_residuals_widen_its_interval_to_cover_them():
    """With ``by_system``, A's interval is the envelope of the pooled one and of the topic
    bootstrap shifted by the bootstrap mean of A's own residuals (replayed from the same seed);
    B, with no residuals of its own, keeps the pooled interval."""
    from pyrabench.resampling import bootstrap_indices, percentile_interval

    frame = pd.DataFrame({"system": ["A", "A", "A", "B", "B"], "topic": ["t1", "t2", "t3", "t1", "t2"],
                          "estimate": [0.1, 0.2, 0.3, 0.4, 0.6]})
    own = np.array([0.3, 0.25, 0.35])  # A is under-estimated by about .3 on its labelled examples
    pooled = intervals.SystemErrors(np.array([0.01, -0.01]))
    got = intervals.system_intervals(frame, intervals.SystemErrors(pooled.residuals, {"A": own}), 0.9, 3, 200)
    plain = intervals.system_intervals(frame, pooled, 0.9, 3, 200)
    rng = np.random.default_rng(3)
    est = np.array([0.1, 0.2, 0.3])
    means = est[bootstrap_indices(3, 200, rng)].mean(axis=1) + pooled.residuals[rng.integers(0, 2, 200)]
    low, high = percentile_interval(means, 0.9)
    shifted = est[bootstrap_indices(3, 200, rng)].mean(axis=1) + own[bootstrap_indices(3, 200, rng)].mean(axis=1)
    a, b = percentile_interval(shifted, 0.9)
    assert got.loc[0, ["estimate_low", "estimate_high"]].tolist() == pytest.approx([min(low, a), max(high, b)])
    assert plain.loc[0, ["estimate_low", "estimate_high"]].tolist() == pytest.approx([low, high])
    assert got.loc[0, "estimate_high"] > 0.2 + 0.25 > plain.loc[0, "estimate_high"]  # A's truth, about .5, is inside
    assert got.loc[1].tolist() == plain.loc[1].tolist()
