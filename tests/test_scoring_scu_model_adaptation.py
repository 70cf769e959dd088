"""Adapting the SCU model on a few labelled examples: the draw, its errors, and a synthetic
miscalibrated domain the adaptation corrects."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from pyrabench.errors import PyrabenchError, PyrabenchWarning
from pyrabench.scoring.scu_model import adaptation, intervals, reliability
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


@pytest.mark.parametrize("n, message", [(-1, "on -1 labelled"), (0, "on 0 labelled"), (1, "on 1 labelled"),
                                        (29, "at most 28"), (40, "at most 28")])
def test_split_refuses_too_few_on_either_side(n, message):
    with pytest.raises(PyrabenchError, match=message) as err:
        adaptation.split(EXAMPLES, n)
    assert adaptation.N_RULE in str(err.value)  # one minimum, stated in every refusal
    assert "at least 2 labelled" not in str(err.value) and "1 or more" not in str(err.value)


def test_the_rule_on_n_is_stated_once_from_the_minimum():
    assert adaptation.N_RULE == f"N must be {adaptation.MIN_ADAPT} or more" == "N must be 2 or more"
    adaptation.check_n(2, 4)  # two to adapt on, two left: the least that works
    for n, examples in ((1, 30), (3, 4), (2, 3)):
        with pytest.raises(PyrabenchError, match=adaptation.N_RULE):
            adaptation.check_n(n, examples)


def test_a_stratified_draw_takes_one_example_of_each_stratum():
    """Scores 0..29 in the examples' order: ten strata of three consecutive examples; the draw
    takes exactly one of each (worked by hand: e00–e02, e03–e05, …), seeded."""
    score = {e: float(k) for k, e in enumerate(EXAMPLES)}
    used, rest = adaptation.split(EXAMPLES, 10, seed=3, score=score)
    assert sorted(int(e[1:]) // 3 for e in used) == list(range(10))
    assert set(used) | set(rest) == set(EXAMPLES) and not set(used) & set(rest)
    assert adaptation.split(EXAMPLES, 10, seed=3, score=score) == (used, rest)
    assert adaptation.split(EXAMPLES, 10, seed=4, score=score)[0] != used
    with pytest.raises(PyrabenchError, match="no score to stratify the draw for example 'e29'"):
        adaptation.split(EXAMPLES, 10, score={e: 0.0 for e in EXAMPLES[:-1]})


def test_a_stratified_draw_of_groups_keeps_them_whole():
    groups = {e: f"g{int(e[1:]) // 5}" for e in EXAMPLES}  # six groups of five
    score = {e: float(int(e[1:]) // 5) for e in EXAMPLES}  # a group's score: its number
    used, rest = adaptation.split(EXAMPLES, 10, seed=0, groups=groups, score=score)
    touched = {groups[e] for e in used}
    # two groups needed: strata {g0, g1, g2} and {g3, g4, g5}, one drawn from each
    assert len(used) == 10 and len(touched) == 2 and sorted(int(g[1:]) // 3 for g in touched) == [0, 1]
    assert not touched & {groups[e] for e in rest}


def test_example_scores_are_the_mean_probability_of_each_example():
    frame = pd.DataFrame({"topic": ["a", "a", "b", "b", "b"]})
    assert adaptation.example_scores(frame, [0.2, 0.4, 0.0, 0.3, 0.6]) == pytest.approx({"a": 0.3, "b": 0.3})


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


def test_a_calibrated_model_is_barely_moved():
    frame, p = _domain(1)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    fitted = adaptation.fit(frame, p, used)
    alone = adaptation.fit(frame, p, used, prior_examples=0)  # Platt on the ten examples alone
    assert fitted.recalibration.method == "platt"
    moved, moved_alone = np.abs(fitted(p) - p).max(), np.abs(alone(p) - p).max()
    assert moved < 0.05 and moved < moved_alone  # the prior pulls the map toward the model's own


def test_the_prior_shrinks_the_map_toward_the_model_by_its_weight():
    frame, p = _domain(5, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    gaps = [np.abs(adaptation.fit(frame, p, used, prior_examples=k, prior_scale=float("inf"))(p) - p).mean()
            for k in (0, 10, 1000)]
    assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < 0.01  # a prior of 1000 examples: hardly a move


def test_the_prior_is_damped_as_platt_alone_moves_the_probabilities_further():
    frame, p = _domain(8, scale=0.5, shift=-1.2)
    rows = frame["topic"].isin(adaptation.split(EXAMPLES, 10, seed=0)[0]).to_numpy()
    ps, ys = p[rows], frame.loc[rows, "y"].to_numpy(np.float64)
    move = np.mean(np.abs(reliability.fit_recalibration(ps, ys, "platt")(ps) - ps))
    assert move > 0.1  # far off: the prior is a small fraction of its 20 examples
    expected = 20 / (1 + (move / 0.03) ** 2)
    assert adaptation.prior_weight(ps, ys, 20, 0.03) == pytest.approx(expected) and expected < 2
    assert adaptation.prior_weight(ps, ys, 20, float("inf")) == 20.0
    assert adaptation.prior_weight(ps, np.zeros_like(ys), 20, 0.03) == 20.0  # no map to measure a move by


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
    # one fold leaves no other fold to fit a map on: refused
    with pytest.raises(PyrabenchError, match="the out-of-fold residuals need 2 folds or more, got 1"):
        adaptation.fit(frame, p, used, folds=1)
    # three folds asked: the ten drawn examples dealt 0, 1, 2, 0, …: the summary errors follow the folds
    assert adaptation.fit(frame, p, used, folds=3).summary_errors.low != adaptation.fit(frame, p, used).summary_errors.low


def test_adapting_on_an_example_without_labels_is_an_error():
    frame, p = _domain(3)
    with pytest.raises(PyrabenchError, match="no labelled summary of the adaptation example 'zz'"):
        adaptation.fit(frame, p, ["e00", "zz"])


@pytest.mark.parametrize("value, said", [(False, "absent (0)"), (True, "present (1)")])
def test_labels_all_alike_keep_the_probabilities_and_warn(value, said):
    frame, p = _domain(4, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 4, seed=0)[0]
    frame.loc[frame["topic"].isin(used), "y"] = value  # the drawn examples: every unit alike
    with pytest.warns(PyrabenchWarning, match=f"have every unit labelled {re.escape(said)}: no recalibration can be "
                                              "fitted.*probabilities are kept"):
        fitted = adaptation.fit(frame, p, used)
    assert fitted.recalibration.method == "none" and fitted.brier["platt"] is None
    assert fitted(p).tolist() == p.tolist() and fitted.summary_errors.n == 4 * 8


def test_one_fold_of_labels_alike_is_fitted_through_the_prior():
    frame, p = _domain(6, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    frame.loc[frame["topic"].isin(used[:6]), "y"] = False  # folds 0 and 1 hold only absent units …
    frame.loc[frame["topic"] == used[0], "y"] = True  # … but not all of them: the fit goes on
    fitted = adaptation.fit(frame, p, used)
    assert fitted.recalibration.method == "platt" and np.isfinite(fitted.brier["platt"])


def test_each_system_keeps_its_own_residuals_per_example():
    frame, p = _domain(7, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    fitted = adaptation.fit(frame, p, used)
    own = fitted.system_errors.by_system
    assert sorted(own) == [f"s{k}" for k in range(8)] and all(len(r) == 10 for r in own.values())
    # a system's pooled residual (its mean manual minus mean estimate) is the mean of its own per example
    assert sorted(np.mean(r) for r in own.values()) == pytest.approx(sorted(fitted.system_errors.residuals))


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
    fitted = adaptation.fit(frame, p, used)
    rows = frame["topic"].isin(used).to_numpy()
    sub, ps, ys = frame[rows].reset_index(drop=True), p[rows], frame.loc[rows, "y"].to_numpy(float)
    # the drawn examples dealt into 5 folds in the order drawn; each fold mapped by the others' Platt map,
    # pulled toward the model by the prior of the other 8 examples' labels
    fold = sub["topic"].map({t: k % 5 for k, t in enumerate(used)}).to_numpy()
    oof = np.empty_like(ps)
    for k in range(5):
        out = fold != k
        prior = adaptation.prior_weight(ps[out], ys[out], adaptation.PRIOR_EXAMPLES, adaptation.PRIOR_SCALE) / 8
        oof[fold == k] = reliability.fit_recalibration(ps[out], ys[out], "platt", prior=prior)(ps[fold == k])
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


def test_the_prior_is_undamped_only_without_a_map_and_damped_from_one_example():
    """Labels all present leave no Platt map to measure a move by (its fit would be refused): the
    prior keeps its whole weight; a prior of one example is damped like any other:
    1 / (1 + (move / .03)²) of it."""
    frame, p = _domain(8, scale=0.5, shift=-1.2)
    rows = frame["topic"].isin(adaptation.split(EXAMPLES, 10, seed=0)[0]).to_numpy()
    ps, ys = p[rows], frame.loc[rows, "y"].to_numpy(np.float64)
    assert adaptation.prior_weight(ps, np.ones_like(ys), 20, 0.03) == 20.0
    move = np.mean(np.abs(reliability.fit_recalibration(ps, ys, "platt")(ps) - ps))
    damped = 1 / (1 + (move / 0.03) ** 2)  # move > .1 (the test above): below .1
    assert adaptation.prior_weight(ps, ys, 1, 0.03) == pytest.approx(damped) and damped < 0.1


def test_two_folds_are_the_fewest_and_are_taken():
    """Two folds leave each fold another to fit its map on: accepted (only 1 is refused), and the
    ten drawn examples are dealt 0, 1, 0, 1, …: other residuals than five folds give."""
    frame, p = _domain(6, scale=0.5, shift=-1.2)
    used = adaptation.split(EXAMPLES, 10, seed=0)[0]
    two = adaptation.fit(frame, p, used, folds=2)
    assert two.recalibration.method == "platt" and two.summary_errors.n == 80
    assert two.summary_errors.low != adaptation.fit(frame, p, used).summary_errors.low
