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
    assert r([0, 1]).dtype == np.float64  # integers in, probabilities out


def test_isotonic_maps_each_block_to_its_share_marked():
    # p 0.1, 0.2 -> one unmarked and one marked (pooled: 0.5), 0.6 and 0.9 -> marked (1.0)
    p = np.array([0.1, 0.2, 0.6, 0.9])
    r = reliability.fit_recalibration(p, [1, 0, 1, 1])  # isotonic is the default
    assert r.method == "isotonic" and type(r.mapper).__name__ == "IsotonicRegression"
    assert r(p).tolist() == [0.5, 0.5, 1.0, 1.0]
    assert r(np.array([0.0, 0.95])).tolist() == [0.5, 1.0]  # clipped outside the fitted range


def test_platt_corrects_an_overconfident_model():
    rng = np.random.default_rng(0)
    truth = rng.uniform(0.05, 0.95, 4000)
    y = rng.uniform(size=truth.size) < truth
    overconfident = 1 / (1 + np.exp(-3 * np.log(truth / (1 - truth))))  # logit tripled
    r = reliability.fit_recalibration(overconfident, y, "platt")
    assert r.method == "platt" and type(r.mapper).__name__ == "LogisticRegression"
    fixed = r(overconfident)
    assert np.all(np.diff(fixed[np.argsort(overconfident)]) >= 0)  # monotone
    assert np.abs(fixed - truth).mean() < 0.03 < np.abs(overconfident - truth).mean()


def test_platt_is_the_unregularized_logistic_fit_and_takes_certain_probabilities():
    """Platt's map is the maximum-likelihood logistic regression on logit p (no shrinkage: on
    six pairs a default-strength penalty would move it far), and p of exactly 0 or 1 is taken
    (its logit clipped at ±log((1 − ε)/ε)), never an infinite logit."""
    from scipy.optimize import minimize

    p = np.array([0.0, 0.2, 0.3, 0.6, 0.7, 1.0])
    y = np.array([0, 0, 1, 0, 1, 1])
    x = reliability._logit(p)
    eps = 1e-6
    assert x[[0, -1]].tolist() == pytest.approx([-np.log((1 - eps) / eps), np.log((1 - eps) / eps)])

    def nll(w):
        z = w[0] + w[1] * x
        return float(np.sum(np.logaddexp(0, z) - y * z))

    w = minimize(nll, [0.0, 1.0], method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 20000}).x
    r = reliability.fit_recalibration(p, y, "platt")
    assert np.all(np.isfinite(r(p)))
    assert r(p) == pytest.approx(1 / (1 + np.exp(-(w[0] + w[1] * x))), abs=1e-3)


def test_probabilities_of_exactly_0_and_1_are_taken():
    r = reliability.fit_recalibration([0.0, 1.0, 0.5], [0, 1, 1])
    assert r(np.array([0.0, 1.0])).tolist() == [0.0, 1.0]


def test_the_missing_library_is_named_for_what_needs_it(monkeypatch):
    asked = []
    monkeypatch.setattr(reliability, "require", lambda *args: asked.append(args) or pytest.importorskip(args[0]))
    reliability.fit_recalibration([0.2, 0.4], [0, 1], "platt")
    reliability.fit_recalibration([0.2, 0.4], [0, 1], "isotonic")
    assert asked == [("sklearn.linear_model", "scoring", "the calibrated SCU probabilities"),
                     ("sklearn.isotonic", "scoring", "recalibrated SCU probabilities")]


@pytest.mark.parametrize("p, y, method, message", [
    ([0.2, 0.4], [1, 1], "isotonic", "^recalibration needs both marked and unmarked SCUs$"),
    ([0.2, 0.4], [0, 1], "beta", "^unknown recalibration 'beta'; use one of none, platt, isotonic$"),
    ([0.2, 1.4], [0, 1], "platt", r"^probabilities must lie in \[0, 1\]$"),
    ([-0.2, 0.4], [0, 1], "isotonic", r"^probabilities must lie in \[0, 1\]$"),
    ([0.2], [0, 1], "platt", "^1 probabilities against 2 decisions$"),
    ([0.2, 0.4], [0, 2], "isotonic", "^decisions must be 0 or 1$"),
    ([0.2, 0.4], [0.5, 1], "platt", "^decisions must be 0 or 1$"),
])
def test_bad_input_is_a_clear_error(p, y, method, message):
    with pytest.raises(PyrabenchError, match=message):
        reliability.fit_recalibration(p, y, method)


def test_a_prior_pulls_platt_toward_the_identity_by_its_weight():
    """Pseudo-pairs with the model's own probabilities as their labels: the identity fits them
    exactly, so the map moves less from the identity (on average: two-parameter maps may cross
    near an end) as the prior grows; the fit is a weighted logistic fit written out by hand."""
    rng = np.random.default_rng(5)
    p = rng.uniform(0.05, 0.95, 400)
    y = (rng.uniform(size=400) < 1 / (1 + np.exp(-(0.5 * np.log(p / (1 - p)) + 0.8)))).astype(int)
    q = np.linspace(0.05, 0.95, 7)
    alone, some, much = (reliability.fit_recalibration(p, y, "platt", prior=k)(q) for k in (0.0, 1.0, 100.0))
    assert np.abs(much - q).mean() < np.abs(some - q).mean() < np.abs(alone - q).mean()
    assert np.abs(much - q).max() < 0.02
    x = np.log(p / (1 - p))[:, None]
    model = reliability.logistic_regression(1e6).fit(np.vstack([x, x, x]), np.r_[y, np.ones(400), np.zeros(400)],
                                                     sample_weight=np.r_[np.ones(400), p, 1 - p])
    assert some == pytest.approx(model.predict_proba(np.log(q / (1 - q))[:, None])[:, 1])


def test_a_prior_fits_labels_all_alike_and_must_be_a_weight():
    r = reliability.fit_recalibration([0.2, 0.4, 0.6], [0, 0, 0], "platt", prior=1.0)
    assert np.all(r(np.array([0.2, 0.4, 0.6])) < np.array([0.2, 0.4, 0.6]))  # pulled down, not to 0
    with pytest.raises(PyrabenchError, match="both marked and unmarked"):
        reliability.fit_recalibration([0.2, 0.4], [0, 0], "platt")
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(PyrabenchError, match="the prior of a recalibration is a weight of 0 or more"):
            reliability.fit_recalibration([0.2, 0.4], [0, 1], "platt", prior=bad)


def test_logistic_regression_fits_to_the_optimum_not_short_of_it():
    """Every logistic fit stops only when the largest entry of the gradient of its objective (the
    mean log-loss plus the penalty ``|w|² / (2 C n)``) is below ``LOGISTIC_TOL`` = 1e-10: what it
    returns is the optimum, not a point the solver's path and the CPU's rounding decide. On these
    200 rows, one column 30 times the other's scale, Newton's steps reach ~1e-15; lbfgs at the
    same tolerance stops near 1e-8, and Newton at scikit-learn's default tolerance (1e-4) near 2e-5."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 2)) * np.array([1.0, 30.0])
    y = rng.uniform(size=200) < 1 / (1 + np.exp(-(1.0 + 2.0 * x[:, 0] + 0.1 * x[:, 1])))
    C = 1e6
    model = reliability.logistic_regression(C).fit(x, y)
    p = model.predict_proba(x)[:, 1]
    gradient = np.c_[np.ones(200), x].T @ (p - y) / 200 + np.r_[0.0, model.coef_[0]] / (C * 200)
    assert np.abs(gradient).max() < 10 * reliability.LOGISTIC_TOL
