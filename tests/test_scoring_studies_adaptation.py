"""The adaptation study on a synthetic miscalibrated domain, and its views and reading on a table
written by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.reports import adaptation as adaptation_reports
from pyrabench.scoring.scu_model import intervals
from pyrabench.scoring.scu_model.label_agreement import expected_calibration_error, roc_auc
from pyrabench.scoring.studies import adaptation

pytest.importorskip("sklearn")


class Fitted:
    """A fitted model's surface as :func:`.adaptation.direction_rows` reads it: probabilities of a
    synthetic domain's rows (column ``q_model``) and held-out errors."""

    summary_errors = intervals.SummaryErrors(-2.5, 2.5, 0.95, 500)
    system_errors = intervals.SystemErrors(np.array([-0.02, 0.0, 0.03]))

    def probabilities(self, frame, own_topics=True):
        return frame["q_model"].to_numpy()


def _domain(seed=0, examples=60, systems=6, units=5):
    rng = np.random.default_rng(seed)
    n = examples * systems * units
    logit = rng.normal(-0.5, 1.5, n)
    y = rng.uniform(size=n) < 1 / (1 + np.exp(-logit))
    return pd.DataFrame({"topic": np.repeat([f"x{k:02d}" for k in range(examples)], systems * units),
                         "peer": np.tile(np.repeat([f"s{k}" for k in range(systems)], units), examples),
                         "annotator": "", "scu_id": np.tile(np.arange(units), examples * systems),
                         "weight": 1.0, "ideal": float(units), "y": y,
                         "q_model": 1 / (1 + np.exp(-(0.6 * logit - 1.5)))})  # timid and too low


def test_adapted_rows_measure_only_the_other_examples_and_fix_the_calibration():
    rows = pd.DataFrame(adaptation.direction_rows(Fitted(), 0.2, _domain(), None, ns=(15,), seeds=(0, 1),
                                                  n_resamples=100))
    assert rows["method"].tolist() == ["none", "label shift", "adapt 15", "adapt 15"]
    none, adapted = rows.iloc[0], rows.iloc[2:]
    assert none["examples"] == 60 and (adapted["examples"] == 45).all() and (adapted["summaries"] == 45 * 6).all()
    assert (adapted["map"] == "platt").all()
    # 1,350 pairs on the other examples: ECE's noise is .02-.03 a seed; the mean of two is under .05
    assert adapted["ece"].mean() < 0.05 and (adapted["ece"] < 0.06).all()
    assert (adapted["ece_before"] > 0.1).all() and none["ece"] > 0.1
    assert (adapted["summary_coverage"] >= adapted["summary_coverage_own"]).all()


def _table():
    def row(scored, method, ece, cov, seed=-1, before=float("nan")):
        return {"scored": scored, "method": method, "n": 0 if method.startswith("n") or method.startswith("l") else 20,
                "seed": seed, "ece": ece, "ece_before": before, "summary_coverage": cov, "f1": 0.5, "auc": 0.8,
                "summary_width": 0.3, "system_coverage": 0.9}
    return pd.DataFrame([row("a", "none", 0.05, 0.9), row("a", "label shift", 0.06, 0.9),
                         row("a", "adapt 20", 0.02, 0.93, 0, 0.05), row("a", "adapt 20", 0.04, 0.93, 1, 0.05),
                         row("b", "none", 0.051, 0.9), row("b", "label shift", 0.04, 0.9),
                         row("b", "adapt 20", 0.031, 0.94, 0, 0.05), row("b", "adapt 20", 0.031, 0.91, 1, 0.05)])


def test_views_and_reading():
    view = adaptation_reports.adaptation_view(_table())
    assert view.loc[("a", "adapted on 20 examples"), "ECE"] == "0.030 ± 0.014"  # mean .03, sd of (.02, .04)
    assert view.loc[("a", "as fitted"), "ECE"] == "0.050" and view.loc[("b", "label shift (EM)"), "AUC"] == 0.8
    rows = adaptation_reports.adaptation_row_view(_table())
    assert rows.index.tolist() == ["a", "b"]
    assert rows.loc["a", "ECE adapted on 20 (before)"] == "0.030 ± 0.014 (0.050)"
    assert rows.loc["b", "ECE as fitted"] == "0.051" and rows.loc["b", "ECE, label shift"] == "0.040"
    # b's coverage: mean (.94, .91) = .925, sd = .03/√2 = .021
    assert rows.loc["b", "summaries inside, adapted on 20"] == "0.925 ± 0.021"
    assert rows.loc["a", "systems inside, as fitted"] == "0.900"
    assert adaptation_reports.adaptation_row_view(_table(), n=40).loc["a", "ECE adapted on 40 (before)"] == "—"
    text = adaptation_reports.adaptation_reading(_table())
    # adapted ECE: a .03, b .031; before .05 in both; coverage a .93, b .925; as fitted .90 in both
    assert text == ("Adapted on 20 labelled examples, the ECE on the other examples is 0.030 to 0.031 over the "
                    "2 domain(s), where the unadapted model's on the same examples is 0.050; 92.5% to 93.0% of "
                    "those summaries fall inside their 95 % interval (90.0% as fitted, on every example).")
    assert adaptation_reports.adaptation_reading(_table(), n=40) == ""


def test_the_label_shift_row_is_the_figures_of_the_probabilities_moved_to_the_estimated_rate():
    frame, train_rate = _domain(), 0.2
    rows = adaptation.direction_rows(Fitted(), train_rate, frame, None, ns=(), seeds=(), n_resamples=100)
    shifted = rows[1]
    assert shifted["method"] == "label shift"
    p0, rate = frame["q_model"].to_numpy(), shifted["rate"]
    # Bayes' rule by hand: odds times (π'/π) / ((1 − π')/(1 − π))
    a, b = rate / train_rate, (1 - rate) / (1 - train_rate)
    moved = a * p0 / (a * p0 + b * (1 - p0))
    assert moved.mean() == pytest.approx(rate, abs=1e-5)  # EM's fixed point: the mean moved probability
    assert abs(rate - train_rate) > 0.02  # the rate did move, so the two rows differ
    expected = adaptation.figures(frame, moved, Fitted.summary_errors, Fitted.system_errors, 0, 100)
    unmoved = adaptation.figures(frame, p0, Fitted.summary_errors, Fitted.system_errors, 0, 100)
    for k in ("ece", "f1", "counted", "summary_coverage", "summary_width"):
        assert shifted[k] == pytest.approx(expected[k], abs=1e-6), k
    assert shifted["ece"] != pytest.approx(unmoved["ece"], abs=1e-3)


def test_adapted_rows_leave_out_the_undrawn_examples_of_a_group_the_draw_cut():
    frame = _domain()
    topics = sorted(frame["topic"].unique())
    groups = {t: f"g{k // 4}" for k, t in enumerate(topics)}  # 15 groups of 4 examples
    rows = pd.DataFrame(adaptation.direction_rows(Fitted(), 0.2, frame, groups, ns=(6,), seeds=(0, 1),
                                                  n_resamples=100))
    adapted = rows[rows["method"] == "adapt 6"]
    # 6 drawn: one whole group of 4 and 2 of a second; that group's other 2 are not reported on
    # either, so 60 − 2 · 4 = 52 examples remain (not 60 − 6 = 54)
    assert len(adapted) == 2 and (adapted["examples"] == 52).all() and (adapted["summaries"] == 52 * 6).all()


def test_directions_pinned_for_three_corpora_and_a_lite_dataset():
    duc = {"duc2006": "A", "duc2007": "B", "duc2007-update": "C"}
    assert adaptation.directions(duc, "PyrXSum") == [
        (("duc2007", "duc2007-update"), "duc2006"), (("duc2006", "duc2007-update"), "duc2007"),
        (("duc2006", "duc2007"), "duc2007-update"), (("duc2006", "duc2007", "duc2007-update"), "PyrXSum")]
    assert adaptation.directions(duc) == adaptation.directions(duc, "PyrXSum")[:3]
    assert adaptation.directions({"duc2006": "A"}, "PyrXSum") == [(("duc2006",), "PyrXSum")]


class Strict(Fitted):
    """:class:`Fitted` that refuses to be asked for its own topics' cross-fitted probabilities."""

    def probabilities(self, frame, own_topics=True):
        assert own_topics is False  # the scored examples are new text to the model
        return super().probabilities(frame)


def test_each_row_is_its_methods_figures_with_its_seed_and_errors():
    from pyrabench.scoring.scu_model import adaptation as adapting, label_shift

    frame, fitted, nr = _domain(), Strict(), 60
    k, s = 5.0, 0.1  # a prior other than the defaults (20, .03): the rows must be fitted with these
    rows = adaptation.direction_rows(fitted, 0.2, frame, None, ns=(59, 15), seeds=(3,), n_resamples=nr,
                                     prior_examples=k, prior_scale=s)
    p0 = frame["q_model"].to_numpy()
    errors = (Fitted.summary_errors, Fitted.system_errors)
    assert rows[0] == {"method": "none", "n": 0, "seed": -1, **adaptation.figures(frame, p0, *errors, 0, nr)}
    shift = label_shift.estimate(p0, 0.2)
    assert rows[1] == {"method": "label shift", "n": 0, "seed": -1, "rate": shift.rate,
                       "iterations": shift.iterations, **adaptation.figures(frame, shift(p0), *errors, 0, nr)}
    # n = 59 leaves one example to report on: no row, and the next n still has its rows
    assert [r["method"] for r in rows] == ["none", "label shift", "adapt 15"]
    # the draw is stratified by each example's mean probability, worked here by numpy over its 30 pairs
    score = {t: float(np.mean(p0[frame["topic"].to_numpy() == t])) for t in np.unique(frame["topic"])}
    used, rest = adapting.split(np.unique(frame["topic"]), 15, 3, None, score)
    assert set(used) != set(adapting.split(np.unique(frame["topic"]), 15, 3)[0])  # not the random draw
    both = adapting.fit(frame, p0, used, keys=adaptation.KEYS, system="peer", prior=errors, prior_examples=k,
                        prior_scale=s)
    alone = adapting.fit(frame, p0, used, keys=adaptation.KEYS, system="peer", prior_examples=k, prior_scale=s)
    default = adapting.fit(frame, p0, used, keys=adaptation.KEYS, system="peer", prior=errors)
    keep = frame["topic"].isin(rest).to_numpy()
    sub = frame[keep].reset_index(drop=True)
    p = both(p0[keep])
    assert not np.allclose(p, default(p0[keep]), atol=1e-4)  # the prior given moves the map
    own = adaptation._summary_coverage(sub, p, alone.summary_errors)
    assert own["coverage"] != adaptation._summary_coverage(sub, p, both.summary_errors)["coverage"]
    # the systems' intervals from the pooled residuals alone (no system's own), and with them
    pooled = adaptation.figures(sub, p, both.summary_errors, intervals.SystemErrors(both.system_errors.residuals),
                                3, nr)
    got = adaptation.figures(sub, p, both.summary_errors, both.system_errors, 3, nr)
    assert pooled["system_width"] < got["system_width"]  # each system's own residuals widen its interval
    assert rows[2] == {"method": "adapt 15", "n": 15, "seed": 3, "rate": both.rate,
                       "ece_before": expected_calibration_error(p0[keep], sub["y"].to_numpy(bool)),
                       "map": both.recalibration.method, "summary_coverage_own": own["coverage"],
                       "summary_width_own": own["width"], "system_coverage_pooled": pooled["system_coverage"],
                       "system_width_pooled": pooled["system_width"], **got}
    # stratify=False: the seeded random draw
    plain = adaptation.direction_rows(fitted, 0.2, frame, None, ns=(15,), seeds=(3,), n_resamples=nr,
                                      prior_examples=k, prior_scale=s, stratify=False)[2]
    used, rest = adapting.split(np.unique(frame["topic"]), 15, 3)
    random = adapting.fit(frame, p0, used, keys=adaptation.KEYS, system="peer", prior=errors, prior_examples=k,
                          prior_scale=s)
    keep = frame["topic"].isin(rest).to_numpy()
    assert plain["rate"] == random.rate and plain["rate"] != both.rate
    assert plain["ece"] == expected_calibration_error(random(p0[keep]), frame["y"].to_numpy(bool)[keep])


def test_figures_read_the_seed_the_errors_and_the_resamples_given():
    frame, p = _domain(), _domain()["q_model"].to_numpy()
    s, t = Fitted.summary_errors, Fitted.system_errors
    base = adaptation.figures(frame, p, s, t)
    assert base == adaptation.figures(frame, p, s, t, 0, adaptation.N_RESAMPLES)  # the defaults: seed 0, 1000
    assert set(base) == {"f1", "auc", "ece", "counted", "present", "summary_r", "system_r", "summary_coverage",
                         "summary_width", "summaries", "system_coverage", "system_width", "systems", "examples"}
    assert base["system_width"] != adaptation.figures(frame, p, s, t, 1)["system_width"]  # another seed
    assert base["system_width"] != adaptation.figures(frame, p, s, None)["system_width"]  # no system errors
    assert base["system_width"] != adaptation.figures(frame, p, s, t, 0, 100)["system_width"]
    y = frame["y"].to_numpy(bool)
    assert base["auc"] == roc_auc(p, y) and base["summaries"] == 360 and base["systems"] == 6
    # per system (6 of them): the mean over its 60 summaries of the estimate (Σp / 5) and the truth (Σy / 5)
    per = frame.assign(p=p, y=y.astype(float)).groupby(["peer", "topic"])[["p", "y"]].sum() / 5
    by_system = per.groupby("peer").mean()
    assert base["system_r"] == pytest.approx(np.corrcoef(by_system["p"], by_system["y"])[0, 1], rel=1e-9)
    # per example: Pearson across its 6 systems, averaged over the 60 examples
    r = [np.corrcoef(g["p"], g["y"])[0, 1] for _, g in per.groupby("topic")]
    assert base["summary_r"] == pytest.approx(np.mean(r), rel=1e-9)
    t_cov = base["system_coverage"]
    assert 0 <= t_cov <= 1 and base["system_width"] > 0


def test_per_example_r_skips_an_example_without_spread_and_is_nan_without_any():
    s = pd.DataFrame({"topic": ["a"] * 3 + ["b"] * 3 + ["c"] * 3, "x": [1, 2, 3, 1, 2, 3, 1, 1, 1],
                      "y": [1, 2, 4, 3, 2, 1, 5, 6, 7]})
    # a: r(1 2 3; 1 2 4) = 3 / √(2 · 14/3) = .9820; b: −1; c: x has no spread, skipped
    assert adaptation._per_example_r(s, "x", "y") == pytest.approx((3 / np.sqrt(2 * 14 / 3) - 1) / 2)
    assert adaptation._per_example_r(s, "y", "x") == pytest.approx((3 / np.sqrt(2 * 14 / 3) - 1) / 2)
    assert np.isnan(adaptation._per_example_r(s[s["topic"] == "c"], "x", "y"))
    assert np.isnan(adaptation._per_example_r(s[s["topic"] == "c"], "y", "x"))


def test_shown_n_duc_group_and_two_corpora():
    assert [adaptation.shown_n(e) for e in (100, 22, 21, 5, 3)] == [20, 20, 19, 3, 2]
    assert adaptation.shown_n(100, 7) == 7
    assert adaptation.duc_group("D0701-A") == "D0701" and adaptation.duc_group("d0801-A-B") == "d0801-A"
    assert adaptation.duc_group("plain") == "plain"
    assert adaptation.directions({"a": 1, "b": 2}) == [(("b",), "a"), (("a",), "b")]


def test_summary_table_keeps_the_tables_order_and_counts_seeds():
    table = _table()
    table = pd.concat([table[table["scored"] == "b"], table[table["scored"] == "a"]], ignore_index=True)
    table["method"] = table["method"].replace({"none": "z none"})  # a name sorting last stays first
    out = adaptation.summary_table(table)
    assert list(zip(out["scored"], out["method"])) == [("b", "z none"), ("b", "label shift"), ("b", "adapt 20"),
                                                       ("a", "z none"), ("a", "label shift"), ("a", "adapt 20")]
    assert out["seeds"].tolist() == [1, 1, 2, 1, 1, 2]
    # b's adapted rows: ECE (.031, .031) mean .031 sd 0; coverage (.94, .91) mean .925 sd .03/√2
    b = out[(out["scored"] == "b") & (out["method"] == "adapt 20")].iloc[0]
    assert b["ece"] == pytest.approx(0.031) and b["ece sd"] == pytest.approx(0.0, abs=1e-12)
    assert b["summary_coverage"] == pytest.approx(0.925)
    assert b["summary_coverage sd"] == pytest.approx(0.03 / np.sqrt(2))
    assert np.isnan(out.loc[0, "ece sd"])  # one row: no spread
    # only the columns the table has, each once, in the order asked
    assert [c for c in out.columns if not c.endswith(" sd")] == ["scored", "method", "f1", "auc", "ece",
                                                                 "summary_coverage", "summary_width",
                                                                 "system_coverage", "ece_before", "seeds"]


def test_the_table_scores_each_direction_with_its_model_rate_frame_and_groups(monkeypatch):
    from types import SimpleNamespace as NS

    from pyrabench.errors import PyrabenchError
    from pyrabench.scoring.scu_model import scu_sets

    fitted, seen = [], []

    def fit(corpora, cache=True, lite=False):
        assert lite is True and cache is False
        fitted.append(tuple(corpora))
        # training rows of each corpus fitted on: "A" holds 1 present of 4, "B" 3 of 4, "C" none of 2
        ys = {"A": [1, 0, 0, 0], "B": [1, 1, 1, 0], "C": [0, 0]}
        return NS(lite_model=NS(name="+".join(corpora), training={c: pd.DataFrame({"y": ys[c]}) for c in corpora}))

    def lite_frame(corpus, cache=True):
        assert cache is False  # the table's cache flag, passed on
        return pd.DataFrame({"topic": [f"{corpus}1-x", f"{corpus}1-y", f"{corpus}2-x"]})

    def labelled_frame(dataset, cache=True):
        assert dataset == "D" and cache is False
        return pd.DataFrame({"topic": ["e1", "e2"]})

    def rows(model, rate, frame, groups, ns, seeds, n_resamples, prior_examples, prior_scale, stratify):
        assert (prior_examples, prior_scale, stratify) == (3.0, 0.5, False)  # the table's, passed on
        seen.append((model.name, rate, list(frame["topic"]), groups, ns, seeds, n_resamples))
        if model.name == "A+B+C":
            raise PyrabenchError("too few")
        return [{"method": "none"}]

    monkeypatch.setattr(scu_sets, "fit", fit)
    monkeypatch.setattr(scu_sets, "lite_frame", lite_frame)
    monkeypatch.setattr(scu_sets, "labelled_frame", labelled_frame)
    monkeypatch.setattr(scu_sets, "dataset_key", lambda d: "L")
    monkeypatch.setattr(adaptation, "corpus_key", lambda c: c)
    monkeypatch.setattr(adaptation, "direction_rows", rows)
    table = adaptation.adaptation_table({"A": "A", "B": "B", "C": "C"}, dataset="D", lite_name="X", ns=(5,),
                                        seeds=(1, 2), n_resamples=7, prior_examples=3.0, prior_scale=0.5,
                                        stratify=False, cache=False)
    assert fitted == [("B", "C"), ("A", "C"), ("A", "B"), ("A", "B", "C")]
    groups = {"1-x": "1", "1-y": "1", "2-x": "2"}
    assert seen == [
        ("B+C", 3 / 6, ["A1-x", "A1-y", "A2-x"], {f"A{k}": f"A{v}" for k, v in groups.items()}, (5,), (1, 2), 7),
        ("A+C", 1 / 6, ["B1-x", "B1-y", "B2-x"], {f"B{k}": f"B{v}" for k, v in groups.items()}, (5,), (1, 2), 7),
        ("A+B", 4 / 8, ["C1-x", "C1-y", "C2-x"], {f"C{k}": f"C{v}" for k, v in groups.items()}, (5,), (1, 2), 7),
        ("A+B+C", 4 / 10, ["e1", "e2"], None, (5,), (1, 2), 7)]
    assert table["fitted_on"].tolist() == ["B + C", "A + C", "A + B", "A + B + C"]
    assert table["scored"].tolist() == ["A", "B", "C", "X"]
    assert table["train_rate"].tolist() == pytest.approx([0.5, 1 / 6, 0.5, 0.4])
    assert table["method"].tolist() == ["none", "none", "none", "error"]
    assert table["error"].iloc[3] == "too few" and table["error"].iloc[:3].isna().all()
    # without a dataset, no lite direction
    seen.clear()
    adaptation.adaptation_table({"A": "A", "B": "B"}, ns=(5,), seeds=(1,), n_resamples=7, prior_examples=3,
                                prior_scale=0.5, stratify=False, cache=False)
    assert [s[0] for s in seen] == ["B", "A"]


def test_summary_coverage_by_hand():
    # two summaries of 2 units (weight 1, Max(A) 2): p (.5, .5) and (.9, .9); y (1, 1) and (0, 0)
    frame = pd.DataFrame({"topic": ["t", "t", "t", "t"], "peer": ["a", "a", "b", "b"], "annotator": "",
                          "scu_id": [1, 2, 1, 2], "weight": 1.0, "ideal": 2.0, "y": [True, True, False, False]})
    p = np.array([0.5, 0.5, 0.9, 0.9])
    # a: estimate .5, sd √(2 · .25) / 2 = .3536, truth 1: inside .5 + .3536 · [−1, 1.5] = [.146, 1.030],
    #    cut to [0, 1]: [.146, 1], width 1 − .5 + .3536 = .8536
    # b: estimate .9, sd √(2 · .09) / 2 = .2121, truth 0: below .9 − .2121 = .688: outside;
    #    [.688, 1.218] cut to [.688, 1], width 1 − .9 + .2121 = .3121
    got = adaptation._summary_coverage(frame, p, intervals.SummaryErrors(-1.0, 1.5, 0.95, 50))
    assert got["coverage"] == 0.5 and got["n"] == 2
    assert got["width"] == pytest.approx((0.5 + np.sqrt(0.5) / 2 + 0.1 + np.sqrt(0.18) / 2) / 2)  # .5828
    # a lower bound below 0 is cut too: b's interval .9 + .2121 · [−5, −1] = [−.161, .688] → [0, .688],
    # truth 0 inside
    got = adaptation._summary_coverage(frame, p, intervals.SummaryErrors(-5.0, -1.0, 0.95, 50))
    assert got["coverage"] == 0.5  # a: .5 + .3536 · [−5, −1] = [0, .146]: truth 1 outside
    assert got["width"] == pytest.approx((0.5 - np.sqrt(0.5) / 2 + 0.9 - np.sqrt(0.18) / 2) / 2)  # (.1464 + .6879) / 2


def test_figures_units_and_calibration_by_the_units():
    from pyrabench.scoring.scu_model import scu_sets

    frame = _domain()
    p = frame["q_model"].to_numpy()
    got = adaptation.figures(frame, p, Fitted.summary_errors, Fitted.system_errors, 0, 50)
    sets = scu_sets.agreement(frame, scu_sets.counted(frame, p))
    assert (got["f1"], got["counted"], got["present"]) == (sets["f1"], sets["counted"], sets["marked"])
    assert got["ece"] == expected_calibration_error(p, frame["y"].to_numpy(bool)) and got["examples"] == 60
    low, high = Fitted.summary_errors.interval(*(lambda e: (e["estimate"], e["sd"]))(
        intervals.estimate_sd(frame, p, adaptation.KEYS)))
    assert got["summary_width"] == pytest.approx(float(np.mean(high - low)))


def test_the_tables_key_holds_every_constant_it_is_computed_with(monkeypatch):
    from pyrabench.scoring.scu_model import adaptation as adapting, calibrated, label_shift, scu_sets

    asked = []
    monkeypatch.setattr(adaptation, "cached_frame", lambda kind, key, compute, cache: asked.append((kind, key, cache)))
    monkeypatch.setattr(adaptation, "corpus_key", lambda c: c)
    monkeypatch.setattr(scu_sets, "dataset_key", lambda d: f"content of {d}" if d is not None else 1 / 0)

    def key(**kw):
        adaptation.adaptation_table({"A": "A"}, **kw)
        return asked[-1][1]

    base = key()
    assert asked[-1][0] == "adaptation" and asked[-1][2] is True  # cached by default, as the "adaptation" kind
    assert key(lite_name="PyrXSum") == base and key(dataset="D") != base
    assert key(dataset="D") != key(dataset="E")
    # every parameter of the table but ``cache`` (NOT_IN_KEY) changes the key
    for kw in ({"ns": (10,)}, {"seeds": (0,)}, {"n_resamples": 100}, {"prior_examples": 10},
               {"prior_scale": 0.06}, {"stratify": False}, {"duc": {"B": "B"}}):
        adaptation.adaptation_table(**{"duc": {"A": "A"}, **kw})
        assert asked[-1][1] != base, kw
    assert key(cache=False) == base and asked[-1][2] is False
    for module, name in [(adaptation, "VERSION"), (scu_sets, "VERSION"), (calibrated, "VERSION"),
                         (scu_sets, "LITE_RECALIBRATION"), (adapting, "FOLDS"), (adapting, "MIN_ADAPT"),
                         (adapting, "MIN_REST"), (label_shift, "TOLERANCE"), (label_shift, "MAX_ITERATIONS")]:
        with monkeypatch.context() as m:
            m.setattr(module, name, ("another", getattr(module, name)))
            assert key() != base, f"{module.__name__}.{name}"
    assert key() == base
