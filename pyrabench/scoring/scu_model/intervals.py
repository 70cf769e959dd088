"""Intervals of the calibrated estimate that hold on data the scorer never saw: per summary, per system.

The estimate of a summary is ``Σ_k w_k p_k / Max(A)`` (:mod:`.calibrated`). Its error on a new
corpus has two parts the model's own probabilities do not see: the calibration is off by a
corpus-wide amount (a model fitted on 250-word summaries over-counts in 100-word ones), and
it is off by a system-specific amount (a system's style of writing fools the features
consistently). So both intervals are read off **held-out errors** — errors of a model on
annotations it was not fitted on (:func:`held_out`): with two or more training corpora, each
corpus predicted by a model fitted on the others (the errors then include a corpus shift, as
a new corpus will); with one, each (topic fold, system fold) cell by a model fitted on the
other topics *and* other systems.

* **Per summary** (:class:`SummaryErrors`): split-conformal with a *scaled* residual. Each
  summary's estimate has a model standard deviation ``sd = √(Σ w_k² p_k (1 − p_k)) / Max(A)``
  (independent Bernoulli SCUs); the held-out residuals ``(manual − estimate) / sd`` give the
  lower and upper conformal quantiles ``q_lo, q_hi`` (finite-sample rank ``⌈(n + 1)(1 ∓ α/2)⌉``),
  and the interval is ``estimate + sd · [q_lo, q_hi]`` (within [0, 1], :func:`bounded`). A short update summary
  has a small ``sd``, a long one a large one, so one set of quantiles serves both.
* **Per system** (:func:`system_intervals`): the bootstrap over topics of the system's mean
  estimate (:mod:`pyrabench.resampling`, one seed for every system), each resample shifted by a
  held-out system's error drawn at random from :attr:`SystemErrors.residuals` (manual mean −
  estimated mean of the held-out systems); the percentile interval of the shifted resamples.
  Topic sampling and the scorer's per-system error are both in it. When the errors also hold
  a system's *own* residuals (:attr:`SystemErrors.by_system`: its errors on a few labelled
  examples of the same data, as ``--adapt`` measures them), its interval also spans the
  bootstrap over topics shifted by the bootstrap mean of its own residuals: the wider of the
  two at each end, so a system the scorer misjudges consistently is covered.

**Every finite bound lies in [0, 1]** (:func:`bounded`): the score is a share of the units (a lite
pyramid's) or of the ideal weight (a pyramid's modified score), so an interval is cut to the scale
the truth lives on. Cutting moves no truth in [0, 1] from inside to outside, so coverage is unchanged
and widths only shrink; a modified score above 1 (a peer holding more weight than an average model
summary's ideal: one DUC 2007 update summary of 1,481 annotations, 1.077) then falls outside. An
infinite bound (too few held-out errors) stays infinite: the output says why, it is not an interval.

:func:`coverage` is how the chapter and the tests check a level: the share of true values
inside their intervals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from ...resampling import bootstrap_indices, percentile_interval

CONFIDENCE = 0.95
N_RESAMPLES = 1000
SYSTEM_COLUMNS = ["system", "topics", "estimate", "estimate_low", "estimate_high"]


def bounded(low, high) -> tuple[np.ndarray, np.ndarray]:
    """``low`` and ``high`` cut to [0, 1] (module docstring); an infinite bound is kept as it is."""
    low, high = np.asarray(low, dtype=np.float64), np.asarray(high, dtype=np.float64)
    return (np.where(np.isfinite(low), np.clip(low, 0.0, 1.0), low),
            np.where(np.isfinite(high), np.clip(high, 0.0, 1.0), high))


def _check(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise PyrabenchError(f"confidence must be in (0, 1), got {confidence}")


def _ranks(n: int, confidence: float) -> tuple[int, int]:
    """The ranks of the lower and upper conformal quantiles among ``n`` sorted values."""
    alpha = 1 - confidence
    lo_rank = math.floor((n + 1) * alpha / 2 + 1e-9)  # 1 - 0.8 is 0.19999…: no rank lost to rounding
    hi_rank = math.ceil((n + 1) * (1 - alpha / 2) - 1e-9)
    return lo_rank, hi_rank


def min_held_out(confidence: float = CONFIDENCE) -> int:
    """The fewest held-out values whose conformal quantiles are both finite at ``confidence``
    (39 at 95 %): with fewer, a summary's interval cannot be computed."""
    _check(confidence)
    n = 1
    while not (_ranks(n, confidence)[0] >= 1 and _ranks(n, confidence)[1] <= n):
        n += 1
    return n


def conformal_quantiles(values, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Lower and upper split-conformal quantiles of held-out ``values`` for a two-sided
    ``confidence`` interval: the ``⌊(n + 1) α/2⌋``-th and ``⌈(n + 1)(1 − α/2)⌉``-th smallest
    (±inf when ``n`` is too small for the level, :func:`min_held_out`)."""
    _check(confidence)
    v = np.sort(np.asarray(values, dtype=np.float64)[np.isfinite(values)])
    n = len(v)
    lo_rank, hi_rank = _ranks(n, confidence)
    lo = float(v[lo_rank - 1]) if lo_rank >= 1 else -math.inf
    hi = float(v[hi_rank - 1]) if hi_rank <= n else math.inf
    return lo, hi


def estimate_sd(frame: pd.DataFrame, p, keys: Sequence[str]) -> pd.DataFrame:
    """Per summary (``keys``): ``estimate`` (``Σ w p / Max(A)``) and its model ``sd``."""
    p = np.asarray(p, dtype=np.float64)
    w = frame["weight"].to_numpy(np.float64)
    f = frame[list(keys)].assign(e=w * p, v=w * w * p * (1 - p), ideal=frame["ideal"].to_numpy(np.float64))
    g = f.groupby(list(keys), sort=False).agg(e=("e", "sum"), v=("v", "sum"), ideal=("ideal", "first"))
    ideal = g["ideal"].to_numpy()
    est = np.divide(g["e"].to_numpy(), ideal, out=np.zeros(len(g)), where=ideal > 0)
    sd = np.divide(np.sqrt(g["v"].to_numpy()), ideal, out=np.zeros(len(g)), where=ideal > 0)
    return g.index.to_frame(index=False).assign(estimate=est, sd=sd)


@dataclass(frozen=True)
class SummaryErrors:
    """Conformal quantiles of held-out scaled residuals ``(manual − estimate) / sd``."""

    low: float
    high: float
    confidence: float
    n: int

    @property
    def bounded(self) -> bool:
        """Whether both quantiles are finite (enough held-out summaries, :func:`min_held_out`)."""
        return math.isfinite(self.low) and math.isfinite(self.high)

    def interval(self, estimate, sd) -> tuple[np.ndarray, np.ndarray]:
        """``estimate + sd · [low, high]`` within [0, 1] (:func:`bounded`); an infinite quantile
        gives an infinite bound whatever the ``sd`` (never ``inf · 0``, NaN), the lower one then 0."""
        est, sd = np.asarray(estimate, dtype=np.float64), np.asarray(sd, dtype=np.float64)
        low = est + self.low * sd if math.isfinite(self.low) else np.full(np.shape(est), self.low)
        high = est + self.high * sd if math.isfinite(self.high) else np.full(np.shape(est), self.high)
        low, high = bounded(low, high)
        return np.maximum(low, 0.0), high


def summary_errors(manual, estimate, sd, confidence: float = CONFIDENCE) -> SummaryErrors:
    """:class:`SummaryErrors` of held-out summaries (their manual score, estimate and sd);
    a summary with ``sd == 0`` (every SCU certain) is left out of the quantiles."""
    manual, estimate, sd = (np.asarray(x, dtype=np.float64) for x in (manual, estimate, sd))
    ok = sd > 0
    r = (manual[ok] - estimate[ok]) / sd[ok]
    lo, hi = conformal_quantiles(r, confidence)
    return SummaryErrors(lo, hi, confidence, int(ok.sum()))


@dataclass(frozen=True)
class SystemErrors:
    """Held-out systems' errors of the mean estimate (manual mean − estimated mean); optionally
    ``by_system``: a system's own errors, one per labelled example (module docstring)."""

    residuals: np.ndarray
    by_system: Mapping[str, np.ndarray] | None = None

    @property
    def n(self) -> int:
        return len(self.residuals)


def system_errors(summaries: pd.DataFrame, system: Sequence[str] = ("corpus", "system")) -> SystemErrors:
    """:class:`SystemErrors` from held-out ``summaries`` (columns ``manual``, ``estimate`` and
    the ``system`` keys): one residual per system, its mean manual score minus its mean estimate."""
    g = summaries.groupby(list(system), sort=True)[["manual", "estimate"]].mean()
    return SystemErrors((g["manual"] - g["estimate"]).to_numpy(np.float64))


def system_intervals(summaries: pd.DataFrame, errors: SystemErrors | None, confidence: float = CONFIDENCE,
                     seed: int = 0, n_resamples: int = N_RESAMPLES) -> pd.DataFrame:
    """Per system of ``summaries`` (columns ``system``, ``topic``, ``estimate``): topics, mean
    estimate and the interval of the module docstring, within [0, 1]
    (``errors=None``: the bootstrap over topics alone). Each system's draws come from the same seed, so no system's interval
    depends on the others or on the order of the rows (topics are sorted)."""
    _check(confidence)
    rows = []
    for system, g in summaries.groupby("system", sort=True):
        est = g.sort_values("topic", kind="stable")["estimate"].to_numpy(np.float64)
        low = high = float("nan")
        if len(est) >= 2 and np.isfinite(est).all():
            rng = np.random.default_rng(seed)
            means = est[bootstrap_indices(len(est), n_resamples, rng)].mean(axis=1)
            if errors is not None and errors.n:
                means = means + errors.residuals[rng.integers(0, errors.n, n_resamples)]
            low, high = percentile_interval(means, confidence)
            own = None if errors is None or errors.by_system is None else errors.by_system.get(system)
            if own is not None and len(own):
                shifted = (est[bootstrap_indices(len(est), n_resamples, rng)].mean(axis=1)
                           + own[bootstrap_indices(len(own), n_resamples, rng)].mean(axis=1))
                a, b = percentile_interval(shifted, confidence)
                low, high = min(low, a), max(high, b)
            low, high = (float(b) for b in bounded(low, high))
        rows.append({"system": system, "topics": len(g), "estimate": float(est.mean()),
                     "estimate_low": low, "estimate_high": high})
    return pd.DataFrame(rows, columns=SYSTEM_COLUMNS)


def coverage(truth, low, high) -> dict:
    """Share of ``truth`` inside ``[low, high]``, the mean width and the count (NaN bounds miss)."""
    t, lo, hi = (np.asarray(x, dtype=np.float64) for x in (truth, low, high))
    inside = (lo <= t) & (t <= hi)
    return {"coverage": float(inside.mean()) if len(t) else float("nan"),
            "width": float(np.nanmean(hi - lo)) if len(t) else float("nan"), "n": int(len(t)),
            "inside": int(inside.sum())}
