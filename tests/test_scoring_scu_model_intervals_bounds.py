"""An interval's bounds where a formula would leave the scale: a summary's lower bound is
clipped at 0 (a modified pyramid score is never negative), its upper bound is not capped."""

from __future__ import annotations

import numpy as np

from pyrabench.scoring.scu_model import intervals


def test_a_summary_interval_below_zero_is_clipped_at_zero():
    errors = intervals.SummaryErrors(low=-3.0, high=2.0, confidence=0.95, n=100)
    low, high = errors.interval([0.05, 0.5, 0.0], [0.1, 0.1, 0.0])
    # 0.05 - 3 x 0.1 = -0.25 -> 0; 0.5 - 0.3 = 0.2 stays; an estimate of 0 with sd 0 stays at 0
    assert low.tolist() == [0.0, 0.5 + -3.0 * 0.1, 0.0]
    assert high.tolist() == [0.05 + 2.0 * 0.1, 0.5 + 2.0 * 0.1, 0.0]
    assert np.all(low >= 0.0)


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
