"""Resampling, in one place: the bootstrap and the paired permutation test every task uses.

The tasks ask different questions of their resamples (a correlation over systems, a mean over
topics, an F over 200,000 pairs), but draw them, turn them into an interval and into a p-value
here, so that every interval and p-value in the book follows the same conventions:

* **Seeded.** Every function takes a ``numpy.random.Generator``; a task seeds one per result, so
  the same call gives the same bytes.
* **Bootstrap** draws are ``rng.integers(0, n, (n_resamples, n))``, one row per resample (what
  ``scipy.stats.bootstrap`` draws), computed on all at once; :func:`bootstrap_weights` gives the
  same draws as counts per item, for statistics that are sums over the items. When a statistic
  depends on the items only through category counts, :func:`bootstrap_counts` draws those counts
  directly (a multinomial), which costs O(categories) per resample instead of O(n).
* **Defaults**: :data:`N_RESAMPLES` resamples and :data:`CONFIDENCE`, unless a caller names others.
* **Percentile interval** (:func:`percentile_interval`): the quantiles of the resampled values;
  resamples on which the statistic is undefined (NaN: a constant side of a correlation) are
  left out (:func:`percentile_intervals`: of many statistics at once). ``scipy.stats.bootstrap``
  (:func:`paired_bootstrap_interval`, with BCa) serves statistics defined on every resample.
  :func:`bootstrap_mean_interval` is the percentile interval of a mean.
* **Leave-one-out normal interval** (:func:`leave_one_out_interval`): Passonneau et al.'s (2013)
  ``mean ± z·sd`` of a statistic recomputed with each item left out in turn. It measures how
  stable the statistic is to removing one item, not sampling error; kept to reproduce the 2013
  statistics.
* **Three schemes** for a metric scored on a systems × inputs matrix (Deutsch, Dror & Roth 2021,
  :data:`SCHEMES`): resample the ``"systems"`` (rows), the ``"inputs"`` (columns, the topics), or
  ``"both"`` jointly (:func:`scheme_indices`). Which one an interval uses says what it is about:
  other summarizers, other inputs, or both.
* **Paired permutation test** (:func:`swap_masks`, :func:`permutation_p_values`): the two
  systems' (or metrics') values are swapped per unit, each with probability 1/2. When the
  ``2**n`` arrangements are no more than the resamples asked for, all of them are enumerated
  instead (as ``scipy.stats.permutation_test`` does) and the p-value is exact. The observed
  arrangement is always counted, so p is never 0: exact, p = (arrangements at least as extreme
  as the observed, the observed included) / 2**n; drawn, p = (1 + draws at least as extreme) /
  (1 + draws). A grouped variant (:func:`swap_counts`) draws the number of swapped items per
  category.
* **Multiplicity** (:func:`holm`): Holm's step-down adjustment of a family of p-values (scipy has
  none, and statsmodels is not a dependency).
* **Significance** (:func:`significant`, :func:`significant_after_holm`): a test is significant at
  level :data:`ALPHA` when its p-value (or, in a family, its Holm-adjusted p-value) is below it;
  a test without a p-value never is. Every verdict in the book is decided here.
"""

from __future__ import annotations

import warnings
from typing import Callable, NamedTuple, Sequence

import numpy as np
from scipy import stats

from .errors import MetricInputError

SCHEMES = ("systems", "inputs", "both")
#: Resamples and confidence level of every interval and p-value unless a caller names others.
N_RESAMPLES = 1000
CONFIDENCE = 0.95
#: The level a test's p-value must be below to call it significant, unless a caller names another.
ALPHA = 0.05
TOLERANCE = 1e-12  # resampled values this close to the observed one count as ties (as extreme)


def _check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise MetricInputError(f"confidence must be in (0, 1), got {confidence}")


# --------------------------------------------------------------------------- bootstrap


def bootstrap_indices(n: int, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``(n_resamples, n)`` indices drawn with replacement, one resample per row."""
    return rng.integers(0, n, size=(n_resamples, n))


def bootstrap_weights(n: int, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``(n_resamples, n)``: how many times each item is drawn in each resample of
    :func:`bootstrap_indices` (the same draws from the same ``rng``). A statistic that is a
    ratio of sums over the items, such as a mean over the items both sides hold, is then one
    matrix product for every resample and every column of per-item values at once."""
    idx = bootstrap_indices(n, n_resamples, rng)
    flat = (idx + n * np.arange(n_resamples)[:, None]).ravel()
    return np.bincount(flat, minlength=n_resamples * n).reshape(n_resamples, n).astype(np.float64)


def bootstrap_counts(counts, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``(n_resamples, k)`` category counts of the items resampled with replacement: resampling
    n items whose statistic depends only on how many fall in each of k categories is exactly a
    multinomial draw over those categories, O(k) per resample."""
    counts = np.asarray(counts, dtype=np.int64)
    n = int(counts.sum())
    if n == 0:
        return np.zeros((n_resamples, counts.size), dtype=np.int64)
    return rng.multinomial(n, counts / n, size=n_resamples)


def scheme_indices(n_systems: int, n_inputs: int, scheme: str, n_resamples: int,
                   rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Row (system) and column (input) indices of ``n_resamples`` resamples of a systems ×
    inputs matrix under ``scheme``, each ``(n_resamples, size)``; an axis the scheme keeps is
    the identity on every row. ``"both"`` draws the systems first, then the inputs."""
    if scheme not in SCHEMES:
        raise MetricInputError(f"unknown resampling scheme {scheme!r}; use {', '.join(SCHEMES)}")
    rows = (bootstrap_indices(n_systems, n_resamples, rng) if scheme in ("systems", "both")
            else np.broadcast_to(np.arange(n_systems), (n_resamples, n_systems)))
    cols = (bootstrap_indices(n_inputs, n_resamples, rng) if scheme in ("inputs", "both")
            else np.broadcast_to(np.arange(n_inputs), (n_resamples, n_inputs)))
    return rows, cols


def percentile_interval(samples, confidence: float) -> list[float] | None:
    """The percentile interval of resampled values: the ``(1 − confidence) / 2`` and
    ``(1 + confidence) / 2`` quantiles (linear interpolation, as numpy and scipy). Undefined
    resamples (NaN, or None) are left out; None when fewer than two remain."""
    _check_confidence(confidence)
    v = np.asarray(samples, dtype=float)
    v = v[np.isfinite(v)]
    if len(v) < 2:
        return None
    alpha = (1 - confidence) / 2
    low, high = np.quantile(v, [alpha, 1 - alpha])
    return [float(low), float(high)]


def percentile_intervals(samples, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """:func:`percentile_interval` of each column of ``(n_resamples, k)`` resampled values at once:
    ``(low, high)``, each of length k; NaN for a column with fewer than two defined resamples."""
    _check_confidence(confidence)
    v = np.asarray(samples, dtype=float)
    v = np.where(np.isfinite(v), v, np.nan)
    alpha = (1 - confidence) / 2
    enough = np.isfinite(v).sum(axis=0) >= 2
    low, high = np.full(v.shape[1], np.nan), np.full(v.shape[1], np.nan)
    if enough.any():
        low[enough], high[enough] = np.nanquantile(v[:, enough], [alpha, 1 - alpha], axis=0)
    return low, high


def bootstrap_mean_interval(values, n_resamples: int, confidence: float,
                            rng: np.random.Generator) -> tuple[float, float]:
    """The percentile interval of the mean of ``values`` over ``n_resamples`` bootstrap resamples:
    NaN with fewer than two values or a non-finite one, the value itself when all are equal (no
    resample is drawn then)."""
    v = np.asarray(values, dtype=np.float64)
    if len(v) < 2 or not np.isfinite(v).all():
        return float("nan"), float("nan")
    if np.ptp(v) == 0:
        return float(v[0]), float(v[0])
    low, high = percentile_interval(v[bootstrap_indices(len(v), n_resamples, rng)].mean(axis=1), confidence)
    return low, high


def leave_one_out_interval(values, confidence: float) -> tuple[float, float]:
    """The normal interval ``mean ± z·sd`` (population sd) of leave-one-out values of a statistic
    (module docstring); non-finite values are left out, NaN when fewer than two remain, the mean
    itself when they are all equal."""
    _check_confidence(confidence)
    v = np.asarray(values, dtype=float)
    v = v[np.isfinite(v)]
    if len(v) < 2:
        return float("nan"), float("nan")
    m, sd = v.mean(), v.std()
    low, high = stats.norm.interval(confidence, loc=m, scale=sd) if sd > 0 else (m, m)
    return float(low), float(high)


def paired_bootstrap_interval(data: Sequence, statistic: Callable, n_resamples: int, confidence: float,
                              rng: np.random.Generator, method: str = "percentile") -> tuple[float, float]:
    """``scipy.stats.bootstrap`` of paired samples (items resampled together), vectorized, for a
    statistic defined on every resample; ``method`` may be ``"BCa"``. A resample that makes the
    statistic undefined gives a NaN bound, not a warning."""
    _check_confidence(confidence)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=RuntimeWarning)
        res = stats.bootstrap(tuple(data), statistic, paired=True, vectorized=True, n_resamples=n_resamples,
                              confidence_level=confidence, method=method, rng=rng)
    return float(res.confidence_interval.low), float(res.confidence_interval.high)


# --------------------------------------------------------------------------- paired permutation test


class Swaps(NamedTuple):
    """Which units are swapped in each arrangement (``(arrangements, n)`` booleans), and whether
    the arrangements are all ``2**n`` of them (exact) or random draws."""

    mask: np.ndarray
    exact: bool


def swap_masks(n: int, n_resamples: int, rng: np.random.Generator) -> Swaps:
    """The arrangements of a paired permutation test over ``n`` units: every one of the ``2**n``
    (the identity first) when that is no more than ``n_resamples`` draws, else ``n_resamples``
    random ones, each unit swapped with probability 1/2."""
    if n < 63 and 2 ** n <= n_resamples:
        every = (np.arange(2 ** n)[:, None] >> np.arange(n)) & 1
        return Swaps(every.astype(bool), True)
    return Swaps(rng.random((n_resamples, n)) < 0.5, False)


def swap_counts(counts, n_resamples: int, rng: np.random.Generator) -> np.ndarray:
    """``(n_resamples, k)``: how many of the items in each of k categories a random arrangement
    swaps, each item with probability 1/2 (a binomial per category): the grouped form of
    :func:`swap_masks` for statistics that depend on the items only through category counts."""
    return rng.binomial(np.asarray(counts, dtype=np.int64), 0.5, size=(n_resamples, len(counts)))


def permutation_p_values(null, observed, exact: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided and one-sided (greater) p-values of ``observed`` against the statistic on each
    arrangement (``null``, one row per arrangement, one column per statistic).

    Values within :data:`TOLERANCE` count as at least as extreme, so identical systems give
    p = 1. Undefined arrangements (NaN) are left out. Exact (``null`` holds every arrangement,
    the observed one among them): p = count / arrangements. Drawn: p = (1 + count) /
    (1 + draws), the observed arrangement added to the draws (Phipson & Smyth 2010), so a
    p-value is never 0.
    """
    null = np.asarray(null, dtype=float)
    observed = np.asarray(observed, dtype=float)
    defined = np.isfinite(null)
    n = defined.sum(axis=0)
    greater = ((null >= observed - TOLERANCE) & defined).sum(axis=0)
    extreme = ((np.abs(null) >= np.abs(observed) - TOLERANCE) & defined).sum(axis=0)
    added = 0 if exact else 1
    return (added + extreme) / (added + n), (added + greater) / (added + n)


# --------------------------------------------------------------------------- multiplicity


def holm(p_values) -> np.ndarray:
    """Holm's (1979) step-down adjusted p-values of one family of tests, in the input's order: the
    i-th smallest p times (m − i + 1), made non-decreasing, capped at 1. A test is significant at
    level α after the correction when its adjusted p is below α; the family-wise error rate is
    then at most α whatever the dependence between the tests. A test without a p-value (NaN or
    None) stays NaN and does not count in m."""
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    known = np.flatnonzero(np.isfinite(p))
    order = known[np.argsort(p[known], kind="stable")]
    m = len(order)
    scaled = (m - np.arange(m)) * p[order]
    out[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return out


def significant(p_values, alpha: float = ALPHA) -> np.ndarray:
    """Whether each test is significant at level ``alpha``: its p-value below ``alpha`` (a test
    without a p-value, NaN or None, is not)."""
    p = np.asarray(p_values, dtype=float)
    return np.isfinite(p) & (np.nan_to_num(p, nan=1.0) < alpha)


def significant_after_holm(p_values, alpha: float = ALPHA) -> np.ndarray:
    """Whether each test of one family stays significant at level ``alpha`` after Holm's
    correction (:func:`holm`): the family-wise error rate is then at most ``alpha``."""
    return significant(holm(p_values), alpha)
