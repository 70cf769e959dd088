"""Recalibration of the SCU model's probabilities: the identity, isotonic and Platt maps by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model import reliability

pytest.importorskip("sklearn")


def test_none_is_the_identity():
    p = np.array([0.1, 0.7, 0.0])
    r = reliability.fit_recalibration(p, [0, 1, 0], "none")
    assert r.method == "none"
    assert r(p).tolist() == p.tolist()


def test_isotonic_maps_each_block_to_its_share_marked():
    # p 0.1, 0.2 -> one unmarked and one marked (pooled: 0.5), 0.6 and 0.9 -> marked (1.0)
    p = np.array([0.1, 0.2, 0.6, 0.9])
    r = reliability.fit_recalibration(p, [1, 0, 1, 1], "isotonic")
    assert r(p).tolist() == [0.5, 0.5, 1.0, 1.0]
    assert r(np.array([0.0, 0.95])).tolist() == [0.5, 1.0]  # clipped outside the fitted range


def test_platt_corrects_an_overconfident_model():
    rng = np.random.default_rng(0)
    truth = rng.uniform(0.05, 0.95, 4000)
    y = rng.uniform(size=truth.size) < truth
    overconfident = 1 / (1 + np.exp(-3 * np.log(truth / (1 - truth))))  # logit tripled
    r = reliability.fit_recalibration(overconfident, y, "platt")
    fixed = r(overconfident)
    assert np.all(np.diff(fixed[np.argsort(overconfident)]) >= 0)  # monotone
    assert np.abs(fixed - truth).mean() < 0.03 < np.abs(overconfident - truth).mean()


@pytest.mark.parametrize("p, y, method, message", [
    ([0.2, 0.4], [1, 1], "isotonic", "both marked and unmarked"),
    ([0.2, 0.4], [0, 1], "beta", "unknown recalibration"),
    ([0.2, 1.4], [0, 1], "platt", r"\[0, 1\]"),
    ([0.2], [0, 1], "platt", "1 probabilities against 2"),
])
def test_bad_input_is_a_clear_error(p, y, method, message):
    with pytest.raises(PyrabenchError, match=message):
        reliability.fit_recalibration(p, y, method)
