"""Label-shift correction of the SCU model's probabilities (Saerens et al. 2002): by hand, and on
a synthetic shift whose true rate is known."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model import label_shift


def test_adjust_rescales_the_odds_by_hand():
    # odds 1 at a training rate .2 (prior odds 1/4) -> at rate .5 (prior odds 1): odds 4, p .8
    assert label_shift.adjust([0.5], 0.2, 0.5).tolist() == pytest.approx([0.8])
    assert label_shift.adjust([0.0, 0.3, 1.0], 0.4, 0.4).tolist() == pytest.approx([0.0, 0.3, 1.0])


def test_two_em_steps_by_hand():
    # from .5: step 1 keeps p (mean .4); step 2 at .4: .2 -> .08/.56 = 1/7, .6 -> .24/.48 = .5
    shift = label_shift.estimate([0.2, 0.6], 0.5, max_iterations=2)
    assert shift.rate == pytest.approx((1 / 7 + 0.5) / 2)
    assert shift.iterations == 2 and shift.converged is False and shift.train_rate == 0.5
    one = label_shift.estimate([0.2, 0.6], 0.5, max_iterations=1)  # one step is allowed: the mean, .4
    assert (one.rate, one.iterations, one.converged) == (pytest.approx(0.4), 1, False)


def test_a_move_equal_to_the_tolerance_is_not_convergence():
    # step 1 at the training rate .5 keeps p: the mean .4, a move of |.4 − .5|; with exactly that
    # tolerance EM goes on (it stops on a move *less* than the tolerance): step 2 moves less
    shift = label_shift.estimate([0.4, 0.4], 0.5, tolerance=abs(0.4 - 0.5))
    assert shift.iterations == 2 and shift.converged


@pytest.mark.parametrize("p, floor", [([0.0, 0.0], True), ([1.0, 1.0], False)])
def test_a_rate_of_0_or_1_is_held_inside_the_open_interval(p, floor):
    # every pair certainly absent (present): the mean is 0 (1), kept at 1e-12 (1 − 1e-12) so the
    # next step's rate is still a rate; EM then stands still there
    shift = label_shift.estimate(p, 0.3)
    assert shift.converged and shift.iterations == 2
    assert shift.rate == (1e-12 if floor else 1 - 1e-12)


def test_integer_probabilities_0_and_1_stay_where_they_are():
    assert label_shift.adjust([0, 1], 0.2, 0.5).tolist() == [0.0, 1.0]


def test_em_converges_to_the_fixed_point():
    p = np.array([0.2, 0.6])
    shift = label_shift.estimate(p, 0.5)
    assert shift.converged and shift.iterations < label_shift.MAX_ITERATIONS
    assert shift(p).mean() == pytest.approx(shift.rate, abs=1e-5)


def _posterior(x, rate):
    """P(y = 1 | x) with x | y ~ N(±1, 1) at prior ``rate``."""
    odds = rate / (1 - rate) * np.exp(2 * x)
    return odds / (1 + odds)


@pytest.mark.parametrize("true_rate", [0.05, 0.45, 0.8])
def test_em_recovers_a_synthetic_shift(true_rate):
    """A classifier exact at training rate .2 scores a domain at ``true_rate``: EM finds it, and
    the corrected probabilities are the new domain's true posteriors."""
    rng = np.random.default_rng(7)
    y = rng.uniform(size=40000) < true_rate
    x = rng.normal(np.where(y, 1.0, -1.0), 1.0)
    shift = label_shift.estimate(_posterior(x, 0.2), 0.2)
    assert shift.converged
    assert shift.rate == pytest.approx(true_rate, abs=0.015)
    assert np.abs(shift(_posterior(x, 0.2)) - _posterior(x, true_rate)).max() < 0.03


def test_deterministic():
    p = np.random.default_rng(1).uniform(size=500)
    assert label_shift.estimate(p, 0.3) == label_shift.estimate(p.copy(), 0.3)


@pytest.mark.parametrize("p, rate, kwargs, message", [
    ([0.2], 0.0, {}, "training rate"),
    ([0.2], 1.0, {}, "training rate"),
    ([1.2], 0.3, {}, r"\[0, 1\]"),
    ([np.nan], 0.3, {}, r"\[0, 1\]"),
    ([], 0.3, {}, "at least one pair"),
    ([0.2], 0.3, {"max_iterations": 0}, "at least one step"),
    ([0.2], 0.3, {"tolerance": 0.0}, "a positive tolerance"),
])
def test_bad_input_is_a_clear_error(p, rate, kwargs, message):
    with pytest.raises(PyrabenchError, match=message):
        label_shift.estimate(p, rate, **kwargs)


@pytest.mark.parametrize("call, message", [
    (lambda: label_shift.estimate([0.2], 1.0), "the training rate must be strictly between 0 and 1, got 1.0"),
    (lambda: label_shift.estimate([1.2], 0.3), "label shift needs probabilities in [0, 1]"),
    (lambda: label_shift.estimate([], 0.3), "label shift needs the probabilities of at least one pair"),
    (lambda: label_shift.estimate([0.2], 0.3, max_iterations=0),
     "label shift needs a positive tolerance and at least one step"),
    (lambda: label_shift.adjust([0.2], 0.3, 0.0), "the new rate must be strictly between 0 and 1, got 0.0"),
    (lambda: label_shift.adjust([0.2], 0.0, 0.3), "the training rate must be strictly between 0 and 1, got 0.0"),
])
def test_each_error_says_what_is_wrong_in_full(call, message):
    with pytest.raises(PyrabenchError) as err:
        call()
    assert str(err.value) == message
