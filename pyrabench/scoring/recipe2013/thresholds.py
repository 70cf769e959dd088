"""Similarity thresholds from the human matches, as the 2013 ``determine_thresholds.py``.

The similarities of the pairs a human matched (peer contributor ↔ its SCU) are smoothed by a
Gaussian kernel density estimate (``scipy.stats.gaussian_kde``, Scott's bandwidth). A
threshold at level ``a`` is the *smallest observed similarity* ``s`` whose estimated mass on
``[0, s]`` is at least ``a``: the paper's ``ppf_kernelest``, which integrates from 0 (the
similarities are non-negative) and returns an observed value rather than solving for the
exact quantile. Levels 0.05 … 0.25 keep 75–95 % of the human matches above the threshold.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from scipy import special, stats

from ...errors import PyrabenchError

LEVELS = (0.05, 0.10, 0.15, 0.20, 0.25)


def kde(similarities: Sequence[float]) -> stats.gaussian_kde:
    x = np.asarray(similarities, dtype=np.float64)
    x = x[np.isfinite(x)]
    if len(x) < 2 or np.ptp(x) == 0:
        raise PyrabenchError(f"need at least two distinct human-match similarities for a KDE, got {len(x)}")
    return stats.gaussian_kde(x)


def determine_thresholds(similarities: Sequence[float], levels: Sequence[float] = LEVELS) -> dict[float, float]:
    """``{level: threshold}`` (see module docstring)."""
    x = np.asarray(similarities, dtype=np.float64)
    x = np.sort(x[np.isfinite(x)])
    est = kde(x)
    bw = float(np.sqrt(est.covariance[0, 0]))
    below_zero = special.ndtr((0.0 - x) / bw)  # each kernel's mass below 0

    def mass(i: int) -> float:
        """Estimated mass on [0, x[i]]: the mean over kernels of their mass between 0 and x[i]."""
        return float((special.ndtr((x[i] - x) / bw) - below_zero).mean())

    out = {}
    for a in levels:
        # the mass grows with x (sorted), so the first observed x reaching ``a`` is found by
        # bisection: O(n log n) for all levels instead of the mass at every observation
        lo, hi = 0, len(x)
        while lo < hi:
            mid = (lo + hi) // 2
            if mass(mid) >= a:
                hi = mid
            else:
                lo = mid + 1
        if lo == len(x):
            raise PyrabenchError(f"no observed similarity reaches KDE mass {a}")
        out[float(a)] = float(x[lo])
    return out
