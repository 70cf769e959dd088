"""Probabilities that mean what they say: the SCU model's probabilities recalibrated.

The probability beside each SCU is meant as the chance that an annotator marks it present:
among the pairs given about 0.3, about 30 % should be marked. The reliability curve and the
expected calibration error that measure it are :mod:`.label_agreement`'s; this module corrects:

* :class:`Recalibration`: a monotone map from the model's probability to a corrected one,
  fitted on *held-out* probabilities, each predicted by a model that never saw that pair's
  corpus (or topic). So the map learns how the model errs on data it was not fitted on.
  ``platt`` is a logistic regression on the logit of ``p`` (Platt 1999), optionally shrunk toward
  the identity by a ``prior`` (pseudo-pairs whose labels are the model's own probabilities, a
  data-augmentation prior: with few labels the map moves only as far as they show); ``isotonic`` is
  scikit-learn's isotonic regression (Zadrozny & Elkan 2002), constant beyond the fitted range
  (its values are block means of the 0/1 decisions, so within [0, 1]);
  ``none`` leaves ``p`` as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from ...extras import require
from ...threads import one_thread

METHODS = ("none", "platt", "isotonic")
_EPS = 1e-6


def _arrays(p, y) -> tuple[np.ndarray, np.ndarray]:
    p = np.asarray(p, dtype=np.float64).ravel()
    y = np.asarray(y, dtype=np.float64).ravel()
    if p.shape != y.shape:
        raise PyrabenchError(f"{len(p)} probabilities against {len(y)} decisions")
    if len(p) and (np.nanmin(p) < 0 or np.nanmax(p) > 1):
        raise PyrabenchError("probabilities must lie in [0, 1]")
    if not np.isin(y, (0, 1)).all():
        raise PyrabenchError("decisions must be 0 or 1")
    return p, y


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
        return self.mapper.predict(p)  # block means of 0/1 decisions: within [0, 1]


#: The solver of every logistic fit (the SCU model's and Platt's): Newton steps with a Cholesky
#: solve, stopped when the largest gradient entry is below ``LOGISTIC_TOL``. It reaches the optimum
#: in 5–10 steps, so what a fit returns does not follow the BLAS's rounding; lbfgs stopped at its
#: default tolerance .026 in probability short of it, and the printed figures moved with the CPU.
LOGISTIC_SOLVER = "newton-cholesky"
LOGISTIC_TOL = 1e-10
LOGISTIC_MAX_ITER = 100


def logistic_regression(C: float):
    """scikit-learn's ``LogisticRegression`` with penalty ``1/C``, fitted to convergence
    (:data:`LOGISTIC_SOLVER`); one that stops short warns (``ConvergenceWarning``, an error in
    the tests)."""
    linear_model = require("sklearn.linear_model", "scoring", "the calibrated SCU probabilities")
    return linear_model.LogisticRegression(C=C, solver=LOGISTIC_SOLVER, tol=LOGISTIC_TOL,
                                           max_iter=LOGISTIC_MAX_ITER)


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, _EPS, 1 - _EPS)
    return np.log(q / (1 - q))


def fit_recalibration(p, y, method: str = "isotonic", prior: float = 0.0) -> Recalibration:
    """The :class:`Recalibration` of held-out probabilities ``p`` against what the annotators
    marked, ``y``. ``prior`` (``platt`` only): pseudo-pairs per pair, each pair once more as
    marked with weight ``prior · p`` and as unmarked with weight ``prior · (1 − p)``, so the
    identity map fits them exactly and the map is pulled toward it; with a prior, labels all
    alike can be fitted (the map then moves toward them as far as the prior lets it)."""
    if method not in METHODS:
        raise PyrabenchError(f"unknown recalibration {method!r}; use one of {', '.join(METHODS)}")
    if method == "none":
        return Recalibration("none")
    p, y = _arrays(p, y)
    if not (prior >= 0 and np.isfinite(prior)):
        raise PyrabenchError(f"the prior of a recalibration is a weight of 0 or more, got {prior}")
    if (y.all() or not y.any()) and not (method == "platt" and prior > 0 and len(p)):
        raise PyrabenchError("recalibration needs both marked and unmarked SCUs")
    if method == "platt":
        x, marked, weight = _logit(p)[:, None], y > 0, None  # no prior: the plain fit, unweighted
        if prior > 0:
            x, marked = np.vstack([x, x, x]), np.concatenate([marked, np.ones_like(marked), np.zeros_like(marked)])
            weight = np.concatenate([np.ones_like(p), prior * p, prior * (1 - p)])
        with one_thread(rescan=True):  # as the SCU model's fits (calibrated.fit_model)
            return Recalibration("platt", logistic_regression(C=1e6).fit(x, marked, sample_weight=weight))
    isotonic = require("sklearn.isotonic", "scoring", "recalibrated SCU probabilities")
    return Recalibration("isotonic", isotonic.IsotonicRegression(out_of_bounds="clip").fit(p, y))
