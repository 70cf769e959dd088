"""The STS evaluation measures of 2012-2016, on arrays of system and gold scores.

SemEval-2012 reported three aggregates (Agirre et al. 2012, §4.1): **ALL**, Pearson on the
concatenation of all datasets; **ALLnorm**, Pearson after fitting each dataset's system scores
to its gold by least squares; **Mean**, the per-dataset Pearsons weighted by pair counts. From
2013 on only the weighted Mean was kept, with weighted Pearson for confidences and a one-tailed
Fisher-z test between systems. Undefined correlations (a constant system) are NaN, never 0.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from scipy import stats

from ..resampling import CONFIDENCE, N_RESAMPLES, paired_bootstrap_interval


def _pair(x, y) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"system and gold must be 1-d of one length, got {x.shape} and {y.shape}")
    return x, y


def _constant(x: np.ndarray) -> bool:
    return len(x) < 2 or bool(np.all(x == x[0]))


def pearson(system, gold) -> float:
    """Pearson r (scipy.stats.pearsonr); NaN when either side is constant."""
    x, y = _pair(system, gold)
    if _constant(x) or _constant(y):
        return float("nan")
    return float(stats.pearsonr(x, y).statistic)


def spearman(system, gold) -> float:
    """Spearman rho (scipy.stats.spearmanr); NaN when either side is constant."""
    x, y = _pair(system, gold)
    if _constant(x) or _constant(y):
        return float("nan")
    return float(stats.spearmanr(x, y).statistic)


def weighted_pearson(system, gold, weights) -> float:
    """Pearson with per-pair weights (the confidences 0-100), as the STS scripts computed it.

    Weighted means m_x, m_y; weighted covariance sum w(x-m_x)(y-m_y)/sum w; r = cov / sqrt(var var).
    Equal weights give plain Pearson. (scipy has no weighted Pearson.)
    """
    x, y = _pair(system, gold)
    w = np.asarray(weights, dtype=float)
    if w.shape != x.shape:
        raise ValueError("weights must have one value per pair")
    if np.any(w < 0) or w.sum() <= 0:
        raise ValueError("weights must be non-negative and not all zero")
    mx, my = np.average(x, weights=w), np.average(y, weights=w)
    dx, dy = x - mx, y - my
    vx, vy = np.average(dx * dx, weights=w), np.average(dy * dy, weights=w)
    if vx == 0 or vy == 0:
        return float("nan")
    return float(np.average(dx * dy, weights=w) / np.sqrt(vx * vy))


def weighted_mean(correlations: Sequence[float], sizes: Sequence[int]) -> float:
    """**Mean**: per-dataset correlations weighted by the number of scored pairs."""
    r = np.asarray(correlations, dtype=float)
    n = np.asarray(sizes, dtype=float)
    if len(r) == 0 or n.sum() == 0:
        return float("nan")
    return float(np.sum(r * n) / n.sum())


def pearson_all(systems: Sequence, golds: Sequence) -> float:
    """**ALL**: one Pearson over the concatenation of every dataset."""
    if not systems:
        return float("nan")
    return pearson(np.concatenate(systems), np.concatenate(golds))


def least_squares_normalize(system, gold) -> np.ndarray:
    """The system scores mapped by the line a*x + b that minimizes sum (gold - (a*x + b))^2.

    (scipy.stats.linregress of gold on system; a constant system maps to the gold mean.)
    """
    x, y = _pair(system, gold)
    if _constant(x):
        return np.full_like(y, y.mean())
    fit = stats.linregress(x, y)
    return fit.slope * x + fit.intercept


def pearson_allnorm(systems: Sequence, golds: Sequence) -> float:
    """**ALLnorm**: Pearson on the concatenation after per-dataset least-squares normalization."""
    if not systems:
        return float("nan")
    normalized = [least_squares_normalize(s, g) for s, g in zip(systems, golds)]
    return pearson(np.concatenate(normalized), np.concatenate(golds))


def fisher_z_test(r1: float, r2: float, n1: int, n2: int | None = None) -> tuple[float, float]:
    """One-tailed test that r1 > r2 on Fisher's z (Press et al. 2002, eq. 14.5.10).

    z = (atanh r1 - atanh r2) / sqrt(1/(n1-3) + 1/(n2-3)); returns ``(z, p)`` with
    p = P(Z >= z) under the null of equal correlations (scipy.stats.norm.sf).
    """
    n2 = n1 if n2 is None else n2
    if min(n1, n2) <= 3:
        raise ValueError("Fisher's z needs more than 3 pairs per sample")
    z = (np.arctanh(r1) - np.arctanh(r2)) / np.sqrt(1.0 / (n1 - 3) + 1.0 / (n2 - 3))
    return float(z), float(stats.norm.sf(z))


def bootstrap_ci(system, gold, confidence: float = CONFIDENCE, n_resamples: int = N_RESAMPLES, seed: int = 0,
                 method: str = "percentile") -> tuple[float, float]:
    """Confidence interval of Pearson by resampling pairs (scipy.stats.bootstrap, paired, vectorized,
    through :func:`pyrabench.resampling.paired_bootstrap_interval`); ``method="BCa"`` corrects for
    bias and skew."""
    x, y = _pair(system, gold)

    def statistic(a, b, axis=-1):
        a = a - a.mean(axis=axis, keepdims=True)
        b = b - b.mean(axis=axis, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            return (a * b).sum(axis=axis) / np.sqrt((a * a).sum(axis=axis) * (b * b).sum(axis=axis))

    return paired_bootstrap_interval((x, y), statistic, n_resamples, confidence, np.random.default_rng(seed), method)
