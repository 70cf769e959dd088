"""Probabilities carried to a domain where units are present more (or less) often: label shift.

A model fitted where a share ``π`` of the (summary, unit) pairs are present gives each pair
``p = P(present | x)`` under that share. On a new domain the share is ``π'``; if only the share
moved (the features of a present pair look as they did, *label shift*), Bayes' rule rescales each
probability's odds by ``π' / π`` against ``(1 − π') / (1 − π)``:

    p' = (π'/π) p / ((π'/π) p + ((1 − π')/(1 − π)) (1 − p))

``π'`` is not known without labels. Saerens, Latinne & Decaestecker (2002) estimate it by EM on
the *unlabelled* probabilities of the pairs being scored: start at ``π``, adjust every ``p`` to
the current estimate, take the mean adjusted probability as the next estimate, until it moves
less than a tolerance (:func:`estimate`). The summaries scored teach the correction nothing but
their own probabilities: no label is read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import PyrabenchError

#: EM stops when the estimated rate moves less than this between two steps …
TOLERANCE = 1e-10  # the fixed point to the last printed digit and far below, on any CPU
#: … or after this many steps (it then says it did not converge).
MAX_ITERATIONS = 10_000
_EPS = 1e-12


def _check_rate(rate: float, what: str) -> float:
    rate = float(rate)
    if not 0 < rate < 1:
        raise PyrabenchError(f"{what} must be strictly between 0 and 1, got {rate}")
    return rate


def _probabilities(p) -> np.ndarray:
    p = np.asarray(p, dtype=np.float64)
    if p.size and (np.isnan(p).any() or p.min() < 0 or p.max() > 1):
        raise PyrabenchError("label shift needs probabilities in [0, 1]")
    return p


def adjust(p, train_rate: float, rate: float) -> np.ndarray:
    """Each probability of a model fitted at presence rate ``train_rate`` moved to a domain at
    ``rate`` (the module docstring's formula; 0 and 1 stay where they are)."""
    p = _probabilities(p)
    a = _check_rate(rate, "the new rate") / _check_rate(train_rate, "the training rate")
    b = (1 - rate) / (1 - train_rate)
    num = a * p
    return np.divide(num, num + b * (1 - p), out=np.zeros_like(p), where=(num + b * (1 - p)) > _EPS)


@dataclass(frozen=True)
class LabelShift:
    """The estimated shift: the training rate, the new domain's rate, the EM steps taken and
    whether EM converged. Call it on probabilities to move them to the new rate."""

    train_rate: float
    rate: float
    iterations: int
    converged: bool

    def __call__(self, p) -> np.ndarray:
        return adjust(p, self.train_rate, self.rate)


def estimate(p, train_rate: float, tolerance: float = TOLERANCE, max_iterations: int = MAX_ITERATIONS) -> LabelShift:
    """The :class:`LabelShift` of unlabelled probabilities ``p`` from a model fitted at
    ``train_rate`` (EM of Saerens et al. 2002, module docstring); deterministic."""
    p = _probabilities(p).ravel()
    train_rate = _check_rate(train_rate, "the training rate")
    if not p.size:
        raise PyrabenchError("label shift needs the probabilities of at least one pair")
    if tolerance <= 0 or max_iterations < 1:
        raise PyrabenchError("label shift needs a positive tolerance and at least one step")
    rate = train_rate
    for step in range(1, max_iterations + 1):
        new = float(np.clip(adjust(p, train_rate, rate).mean(), _EPS, 1 - _EPS))
        moved = abs(new - rate)
        rate = new
        if moved < tolerance:
            return LabelShift(train_rate, rate, step, True)
    return LabelShift(train_rate, rate, max_iterations, False)
