"""An interval's bounds where a formula would leave the scale: every finite bound of a summary's
or a system's interval lies in [0, 1], the scale of a share of units; an infinite bound (too few
held-out errors) stays infinite, so the output can say why there is no interval."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pyrabench.scoring.scu_model import intervals


def test_a_summary_interval_below_zero_is_clipped_at_zero():
    errors = intervals.SummaryErrors(low=-3.0, high=2.0, confidence=0.95, n=100)
    low, high = errors.interval([0.05, 0.5, 0.0], [0.1, 0.1, 0.0])
    # 0.05 - 3 x 0.1 = -0.25 -> 0; 0.5 - 0.3 = 0.2 stays; an estimate of 0 with sd 0 stays at 0
    assert low.tolist() == [0.0, 0.5 + -3.0 * 0.1, 0.0]
    assert high.tolist() == [0.05 + 2.0 * 0.1, 0.5 + 2.0 * 0.1, 0.0]
    assert np.all(low >= 0.0)


def test_a_summary_interval_above_one_is_cut_at_one():
    """PyrXSum-like: 1,000 shares of a few units each, estimates up to .95, a wide upper quantile;
    the uncut upper bounds reach 0.95 + 3 x 0.15 = 1.40, the cut ones 1 and never less than the
    estimate."""
    rng = np.random.default_rng(0)
    est = rng.uniform(0.0, 0.95, 1000)
    sd = np.sqrt(est * (1 - est) / rng.integers(2, 8, 1000))  # a share of 2-7 Bernoulli units
    errors = intervals.SummaryErrors(low=-2.5, high=3.0, confidence=0.95, n=1000)
    assert (est + 3.0 * sd > 1).sum() > 50  # the formula alone leaves the scale, as it did on PyrXSum
    low, high = errors.interval(est, sd)
    assert np.all((0 <= low) & (low <= est) & (est <= high) & (high <= 1))
    assert high.max() == 1.0 and low[est + 3.0 * sd <= 1].tolist() == np.maximum(est - 2.5 * sd, 0)[
        est + 3.0 * sd <= 1].tolist()  # an interval inside the scale is not moved


def test_a_system_interval_above_one_is_cut_at_one():
    """Topics near 1 and a held-out error far above: the shifted bootstrap's upper percentile is
    above 1 (0.97 + 0.3), a mean share cannot be; the other error (-0.2) keeps the lower bound
    near 0.77."""
    new = pd.DataFrame({"system": ["a"] * 3, "topic": ["t1", "t2", "t3"], "estimate": [0.95, 0.97, 0.99]})
    table = intervals.system_intervals(new, intervals.SystemErrors(np.array([0.3, -0.2])), seed=0)
    assert table["estimate_high"].iloc[0] == 1.0 and 0.74 < table["estimate_low"].iloc[0] < 0.8


def test_bounded_keeps_an_infinite_bound():
    low, high = intervals.bounded([-0.2, -np.inf, 0.3], [1.4, np.inf, 0.6])
    assert low.tolist() == [0.0, -np.inf, 0.3] and high.tolist() == [1.0, np.inf, 0.6]


def test_too_few_held_out_summaries_give_infinite_quantiles_and_say_so():
    assert intervals.min_held_out(0.95) == 39 and intervals.min_held_out(0.8) == 9
    assert intervals.conformal_quantiles(np.arange(38.0), 0.95) == (-np.inf, np.inf)
    assert intervals.conformal_quantiles(np.arange(39.0), 0.95) == (0.0, 38.0)
    few = intervals.summary_errors(np.arange(8.0), np.zeros(8), np.ones(8))
    assert (few.n, few.bounded) == (8, False)
    assert intervals.summary_errors(np.arange(39.0), np.zeros(39), np.ones(39)).bounded


def test_an_infinite_quantile_gives_an_infinite_bound_even_where_sd_is_zero():
    errors = intervals.SummaryErrors(low=-np.inf, high=np.inf, confidence=0.95, n=8)
    with np.errstate(invalid="raise"):  # inf * 0 would be NaN
        low, high = errors.interval([0.4, 0.0], [0.1, 0.0])
    assert low.tolist() == [0.0, 0.0] and high.tolist() == [np.inf, np.inf]
