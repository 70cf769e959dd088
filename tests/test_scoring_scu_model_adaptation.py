"""Adapting the SCU model on a few labelled examples: the draw, its errors, and a synthetic
miscalibrated domain the adaptation corrects."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model import adaptation, intervals
from pyrabench.scoring.scu_model.label_agreement import expected_calibration_error

pytest.importorskip("sklearn")

EXAMPLES = [f"e{k:02d}" for k in range(30)]


def test_split_is_seeded_disjoint_and_complete():
    used, rest = adaptation.split(EXAMPLES, 10, seed=3)
    assert len(used) == 10 and len(set(used)) == 10
    assert not set(used) & set(rest) and set(used) | set(rest) == set(EXAMPLES)
    assert adaptation.split(list(reversed(EXAMPLES)), 10, seed=3) == (used, rest)  # input order does not matter
    assert adaptation.split(EXAMPLES, 10, seed=4)[0] != used
    assert adaptation.split(EXAMPLES, 10) == adaptation.split(EXAMPLES, 10, seed=0)  # the default seed is 0


def test_split_keeps_a_group_out_of_the_rest():
    groups = {e: f"g{int(e[1:]) // 4}" for e in EXAMPLES}  # eight groups of four (the last of two)
    used, rest = adaptation.split(EXAMPLES, 6, seed=0, groups=groups)
    assert len(used) == 6
    touched = {groups[e] for e in used}
    assert len(touched) == 2 and not touched & {groups[e] for e in rest}
    assert len(rest) == len(EXAMPLES) - sum(1 for e in EXAMPLES if groups[e] in touched)


def test_a_draw_that_leaves_too_few_untouched_groups_says_so():
    groups = {"a": "g1", "b": "g1", "c": "g1", "d": "g1", "e": "g2"}  # 2 of 5 passes the count, not the groups
    with pytest.raises(PyrabenchError) as err:
        adaptation.split(list(groups), 2, seed=0, groups=groups)
    assert str(err.value) == ("adapting on 2 examples leaves 1 whose group was not drawn: too few to report on; "
                              "use fewer")


@pytest.mark.parametrize("n, message", [(1, "at least 2"), (29, "at most 28"), (40, "at most 28")])
def test_split_refuses_too_few_on_either_side(n, message):
    with pytest.raises(PyrabenchError, match=message):
        adaptation.split(EXAMPLES, n)


def _domain(seed: int, examples=EXAMPLES, systems=8, units=6, scale=1.0, shift=0.0):
    """Labelled rows whose true presence probability is ``q``; the model's ``p`` has the logit of
    ``q`` times ``scale`` plus ``shift`` (1 and 0: calibrated)."""
    rng = np.random.default_rng(seed)
    n = len(examples) * systems * units
    logit = rng.normal(-1.0, 1.6, n)
    q = 1 / (1 + np.exp(-logit))
    frame = pd.DataFrame({"topic": np.repeat(examples, systems * units),
                          "system": np.tile(np.repeat([f"s{k}" for k in range(systems)], units), len(examples)),
                          "scu_id": np.tile(np.arange(units), len(examples) * systems),
                          "weight": 1.0, "ideal": float(units), "y": rng.uniform(size=n) < q})
    return frame, 1 / (1 + np.exp(-(scale * logit + shift)))


def test_adaptation_corrects_a_miscalibrated_domain_on_the_other_examples():
    frame, p = _domain(0, scale=0.5, shift=-1.2)  # too timid and too low
    used, rest = adaptation.split(EXAMPLES, 10, seed=0)
    fitted = adaptation.fit(frame, p, used)
    assert fitted.recalibration.method == "platt" and fitted.brier["platt"] < fitted.brier["none"]
    on_rest = frame["topic"].isin(rest).to_numpy()
    y = frame.loc[on_rest, "y"].to_numpy()
    before, after = expected_calibration_error(p[on_rest], y), expected_calibration_error(fitted(p[on_rest]), y)
    assert after < 0.04 < 0.1 < before
    assert fitted.used == used and fitted.pairs == 10 * 8 * 6 and fitted.summaries == 80
    assert fitted.summary_errors.bounded and fitted.system_errors.n == 8


def test_a_calibrated_model_is_left_as_it_is():
    frame, p = _domain(1)
    fitted = adaptation.fit(frame, p, adaptation.split(EXAMPLES, 10, seed=0)[0])
    assert fitted.recalibration.method == "none"
    assert fitted(p).tolist() == p.tolist()


def test_the_prior_errors_only_widen_the_intervals():
    frame, p = _domain(2, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    alone = adaptation.fit(frame, p, used)
    prior = (intervals.SummaryErrors(-5.0, 0.1, 0.95, 100), intervals.SystemErrors(np.array([0.5, -0.5])))
    both = adaptation.fit(frame, p, used, prior=prior)
    assert both.summary_errors.low == -5.0 and both.summary_errors.high == alone.summary_errors.high
    assert both.system_errors.n == alone.system_errors.n + 2
    assert both.summary_errors.n == alone.summary_errors.n == 80  # the drawn summaries' residuals, not the prior's


def test_the_level_rate_and_folds_asked_are_those_used():
    frame, p = _domain(6, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    fitted = adaptation.fit(frame, p, used, confidence=0.8)
    assert fitted.summary_errors.confidence == 0.8
    assert fitted.rate == pytest.approx(frame.loc[frame["topic"].isin(used), "y"].mean())
    # one fold: no other fold to fit a map on, so no map is a candidate but none (the model as it is)
    alone = adaptation.fit(frame, p, used, folds=1)
    assert alone.recalibration.method == "none" and alone.brier["platt"] == float("inf")


def test_adapting_on_an_example_without_labels_is_an_error():
    frame, p = _domain(3)
    with pytest.raises(PyrabenchError, match="no labelled summary of the adaptation example 'zz'"):
        adaptation.fit(frame, p, ["e00", "zz"])


def test_a_map_that_cannot_be_fitted_is_not_a_candidate():
    frame, p = _domain(4, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 4, seed=0)[0]
    frame.loc[frame["topic"].isin(used), "y"] = False  # the drawn examples hold no present unit
    fitted = adaptation.fit(frame, p, used)
    assert fitted.recalibration.method == "none" and fitted.brier["platt"] == float("inf")
    with pytest.raises(PyrabenchError, match="no recalibration of platt can be fitted"):
        adaptation.fit(frame, p, used, candidates=("platt",))
    with pytest.raises(PyrabenchError, match="no recalibration of platt, isotonic can be fitted on their folds"):
        adaptation.fit(frame, p, used, candidates=("platt", "isotonic"))


def test_too_few_examples_to_adapt_at_all_says_how_many_are_needed():
    """With three labelled examples no N works (two to adapt, two to report on): the error says so
    instead of advising an N below the minimum."""
    with pytest.raises(PyrabenchError, match="adapting needs 4 labelled examples or more") as err:
        adaptation.split(["a", "b", "c"], 2)
    assert "at most" not in str(err.value)


def test_the_adapted_quantiles_are_those_of_the_out_of_fold_recalibrated_estimates_by_hand():
    from pyrabench.scoring.scu_model import reliability

    frame, p = _domain(5, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    fitted = adaptation.fit(frame, p, used, candidates=("platt",))
    rows = frame["topic"].isin(used).to_numpy()
    sub, ps, ys = frame[rows].reset_index(drop=True), p[rows], frame.loc[rows, "y"].to_numpy(float)
    # the drawn examples dealt into 5 folds in the order drawn; each fold mapped by the others' Platt map
    fold = sub["topic"].map({t: k % 5 for k, t in enumerate(used)}).to_numpy()
    oof = np.empty_like(ps)
    for k in range(5):
        oof[fold == k] = reliability.fit_recalibration(ps[fold != k], ys[fold != k], "platt")(ps[fold == k])
    # per summary (80 of them, 6 units of weight 1, Max(A) = 6): estimate Σp/6, sd √(Σp(1−p))/6, manual Σy/6
    g = sub.assign(p=oof, v=oof * (1 - oof), y=ys).groupby(["topic", "system"], sort=False)
    est, sd, manual = g["p"].sum() / 6, np.sqrt(g["v"].sum()) / 6, g["y"].sum() / 6
    r = np.sort(((manual - est) / sd).to_numpy())
    assert len(r) == 80 and fitted.summary_errors.n == 80
    # 95 %: ranks ⌊81 · .025⌋ = 2 and ⌈81 · .975⌉ = 79 of the 80 sorted scaled residuals
    assert fitted.summary_errors.low == pytest.approx(r[1], rel=1e-9)
    assert fitted.summary_errors.high == pytest.approx(r[78], rel=1e-9)
    # the systems' errors: each system's mean manual minus mean out-of-fold estimate
    by_system = (manual - est).groupby(level="system").mean().sort_index().to_numpy()
    assert fitted.system_errors.residuals == pytest.approx(by_system, rel=1e-9)
    # the raw probabilities' residuals give other quantiles (the model is off on this domain)
    raw = sub.assign(p=ps, v=ps * (1 - ps), y=ys).groupby(["topic", "system"], sort=False)
    r_raw = np.sort(((raw["y"].sum() - raw["p"].sum()) / np.sqrt(raw["v"].sum())).to_numpy())
    assert abs(r_raw[78] - r[78]) > 0.1
