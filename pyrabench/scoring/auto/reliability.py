"""Do the SCU model's probabilities mean what they say? Reliability, ECE, and recalibration.

The probability beside each SCU is meant as the chance that an annotator marks it present.
Among the pairs given about 0.3, about 30 % should be marked. This module measures that and
corrects it:

* :func:`reliability_curve`: the pairs cut into ``bins`` equal-width bins of the probability
  (ten by default, the last one closed at 1). Per bin: the count, the mean probability and the
  share marked.
* :func:`ece`: the expected calibration error, ``Σ_b (n_b / N) · |mean p_b − share marked_b|``
  over the same bins (Guo et al. 2017).
* :class:`Recalibration`: a monotone map from the model's probability to a corrected one,
  fitted on *held-out* probabilities, each predicted by a model that never saw that pair's
  corpus (or topic). So the map learns how the model errs on data it was not fitted on.
  ``platt`` is a logistic regression on the logit of ``p`` (Platt 1999); ``isotonic`` is
  scikit-learn's isotonic regression (Zadrozny & Elkan 2002), clipped to the fitted range;
  ``none`` leaves ``p`` as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from ...extras import require

BINS = 10
METHODS = ("none", "platt", "isotonic")
_EPS = 1e-6


def _arrays(p, y) -> tuple[np.ndarray, np.ndarray]:
    p = np.asarray(p, dtype=np.float64).ravel()
    y = np.asarray(y, dtype=np.float64).ravel()
    if p.shape != y.shape:
        raise PyrabenchError(f"{len(p)} probabilities against {len(y)} decisions")
    if len(p) and (np.nanmin(p) < 0 or np.nanmax(p) > 1):
        raise PyrabenchError("probabilities must lie in [0, 1]")
    return p, y


def _bin_of(p: np.ndarray, bins: int) -> np.ndarray:
    if bins < 1:
        raise PyrabenchError(f"bins must be at least 1, got {bins}")
    return np.minimum((p * bins).astype(np.int64), bins - 1)


def reliability_curve(p, y, bins: int = BINS) -> pd.DataFrame:
    """One row per equal-width bin of ``p``: ``low``, ``high``, ``n``, ``mean_p`` and ``marked``
    (the share of ``y`` true; NaN in an empty bin)."""
    p, y = _arrays(p, y)
    b = _bin_of(p, bins)
    n = np.bincount(b, minlength=bins).astype(np.int64)
    sum_p = np.bincount(b, weights=p, minlength=bins)
    sum_y = np.bincount(b, weights=y, minlength=bins)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_p, marked = sum_p / n, sum_y / n
    edges = np.arange(bins + 1) / bins
    return pd.DataFrame({"low": edges[:-1], "high": edges[1:], "n": n, "mean_p": mean_p, "marked": marked})


def ece(p, y, bins: int = BINS) -> float:
    """Expected calibration error over ``bins`` equal-width bins (NaN with no pair)."""
    curve = reliability_curve(p, y, bins)
    total = curve["n"].sum()
    if not total:
        return float("nan")
    full = curve["n"] > 0
    gap = (curve.loc[full, "mean_p"] - curve.loc[full, "marked"]).abs()
    return float((gap * curve.loc[full, "n"]).sum() / total)


@dataclass(frozen=True)
class Recalibration:
    """A fitted monotone map of probabilities (module docstring); call it on an array."""

    method: str
    mapper: object = None

    def __call__(self, p) -> np.ndarray:
        p = np.asarray(p, dtype=np.float64)
        if self.method == "none" or not p.size:
            return p
        if self.method == "platt":
            return self.mapper.predict_proba(_logit(p)[:, None])[:, 1]
        return np.clip(self.mapper.predict(p), 0.0, 1.0)


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, _EPS, 1 - _EPS)
    return np.log(q / (1 - q))


def fit_recalibration(p, y, method: str = "isotonic") -> Recalibration:
    """The :class:`Recalibration` of held-out probabilities ``p`` against what the annotators
    marked, ``y``."""
    if method not in METHODS:
        raise PyrabenchError(f"unknown recalibration {method!r}; use one of {', '.join(METHODS)}")
    if method == "none":
        return Recalibration("none")
    p, y = _arrays(p, y)
    if y.all() or not y.any():
        raise PyrabenchError("recalibration needs both marked and unmarked SCUs")
    purpose = "recalibrated SCU probabilities"
    if method == "platt":
        linear_model = require("sklearn.linear_model", "scoring", purpose)
        return Recalibration("platt", linear_model.LogisticRegression(C=1e6, max_iter=1000).fit(_logit(p)[:, None], y > 0))
    isotonic = require("sklearn.isotonic", "scoring", purpose)
    return Recalibration("isotonic", isotonic.IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip").fit(p, y))
