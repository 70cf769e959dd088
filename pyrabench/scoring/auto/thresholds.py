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
from scipy import stats

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
    # mass on [0, s] for every observed s, vectorized: mean of normal CDF differences
    bw = float(np.sqrt(est.covariance[0, 0]))
    below_zero = stats.norm.cdf((0.0 - x) / bw)  # each kernel's mass below 0
    mass = np.empty(len(x))
    for a in range(0, len(x), 1024):  # blocks keep memory at 1024 × n
        z = (x[a : a + 1024, None] - x[None, :]) / bw
        mass[a : a + 1024] = (stats.norm.cdf(z) - below_zero[None, :]).mean(axis=1)
    out = {}
    for a in levels:
        ok = np.nonzero(mass >= a)[0]
        if len(ok) == 0:
            raise PyrabenchError(f"no observed similarity reaches KDE mass {a}")
        out[float(a)] = float(x[ok[0]])
    return out
