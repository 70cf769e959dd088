"""An interval's bounds where a formula would leave the scale: a summary's lower bound is
clipped at 0 (a modified pyramid score is never negative), its upper bound is not capped."""

from __future__ import annotations

import numpy as np

from pyrabench.scoring.auto import intervals


def test_a_summary_interval_below_zero_is_clipped_at_zero():
    errors = intervals.SummaryErrors(low=-3.0, high=2.0, confidence=0.95, n=100)
    low, high = errors.interval([0.05, 0.5, 0.0], [0.1, 0.1, 0.0])
    # 0.05 - 3 x 0.1 = -0.25 -> 0; 0.5 - 0.3 = 0.2 stays; an estimate of 0 with sd 0 stays at 0
    assert low.tolist() == [0.0, 0.5 + -3.0 * 0.1, 0.0]
    assert high.tolist() == [0.05 + 2.0 * 0.1, 0.5 + 2.0 * 0.1, 0.0]
    assert np.all(low >= 0.0)
