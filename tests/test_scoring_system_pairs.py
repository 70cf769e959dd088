"""Every pair of systems compared by a paired bootstrap over topics (pyrabench.scoring.system_pairs)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.resampling import bootstrap_indices
from pyrabench.scoring.system_pairs import pair_differences, system_pairs

# Three systems, four topics. Per topic the metric ``m`` gives
#   A: .50 .50 .50 .50
#   B: .40 .40 .40 .40      A − B = .10 on every topic: every resample's mean is .10 → [.10, .10], decided A > B
#   C: .20 .45 .20 .45      A − C = .30 .05 .30 .05: every resample's mean lies in [.05, .30] > 0 → decided A > C
#                           B − C = .20 −.05 .20 −.05: a resample of k topics at .20 has mean −.05 + .0625 k;
#                           k = 0 and k = 4 each have probability 1/16 = 6.25 % > 2.5 %, so the 2.5 % and
#                           97.5 % quantiles are −.05 and .20: the interval holds 0, undecided.
# The truth ``h``: A .6 and B .3 on every topic, C .9 .4 .9 .4 (mean .65). A > B backs the metric's
# decision; A > C does not (C's mean is above A's): 1 wrong of 2 decided, wrong share .5. The truth's
# own bootstrap decides A − B (.3 on every topic) and B − C (−.6 −.1 −.6 −.1, all below 0), not
# A − C (−.3 .2 −.3 .2: as B − C above, k = 0 and k = 4 each 6.25 %): 2 of 3 decided, none wrong,
# and the metric's wrong decision is on a pair the truth does not decide (sure_wrong 0).
M = {"A": [.5, .5, .5, .5], "B": [.4, .4, .4, .4], "C": [.2, .45, .2, .45]}
H = {"A": [.6] * 4, "B": [.3] * 4, "C": [.9, .4, .9, .4]}


def _frame() -> pd.DataFrame:
    return pd.DataFrame([{"topic": f"t{t}", "system": s, "m": M[s][t], "h": H[s][t]} for t in range(4) for s in "ABC"])


def test_three_systems_four_topics_worked_by_hand():
    got = system_pairs(_frame(), ["m"], truth="h", seed=0)
    table = got.pairs.set_index(["a", "b"])
    assert table["m_decided"].to_dict() == {("A", "B"): 1, ("A", "C"): 1, ("B", "C"): 0}
    assert table.loc[("A", "B"), ["m_low", "m_high"]].tolist() == pytest.approx([.1, .1])
    assert table.loc[("B", "C"), ["m_low", "m_high"]].tolist() == pytest.approx([-.05, .2])
    assert table.loc[("A", "C"), "m"] == pytest.approx(.175)  # (.30 + .05 + .30 + .05) / 4
    assert table["m_topics"].tolist() == [4, 4, 4]
    shares = got.shares()
    assert shares.loc["m", ["pairs", "decided", "wrong", "sure_wrong"]].tolist() == [3, 2, 1, 0]
    assert shares.loc["m", "decided_share"] == pytest.approx(2 / 3)
    assert shares.loc["m", "wrong_share"] == pytest.approx(.5)
    assert shares.loc["h", ["decided", "wrong"]].tolist() == [2, 0]
    assert table["h_decided"].tolist() == [1, 0, -1]  # A above B, A − C undecided, C above B
    assert got.wrong("m").tolist() == [False, True, False]
    # the truth made sure of C over A (C .9 on every topic): the same wrong decision is now sure
    sure = system_pairs(_frame().assign(h=lambda f: f["h"].where(f["system"] != "C", .9)), ["m"], truth="h")
    assert sure.shares().loc["m", ["wrong", "sure_wrong"]].tolist() == [1, 1]


def test_the_decision_does_not_hang_on_the_seed():
    for seed in range(5):
        assert system_pairs(_frame(), ["m"], seed=seed).pairs["m_decided"].tolist() == [1, 1, 0]


def test_vectorized_equals_a_slow_loop_over_pairs_and_resamples():
    rng = np.random.default_rng(7)
    topics, systems, resamples = 9, 5, 300
    x = rng.random((topics, systems))
    x[rng.random(x.shape) < 0.2] = np.nan  # systems missing some topics
    idx = bootstrap_indices(topics, resamples, np.random.default_rng(3))
    weights = np.stack([np.bincount(row, minlength=topics) for row in idx]).astype(float)
    observed, resampled, shared = pair_differences(weights, x)
    k = 0
    for i in range(systems):
        for j in range(i + 1, systems):
            both = np.isfinite(x[:, i]) & np.isfinite(x[:, j])
            assert shared[k] == both.sum()
            d = x[:, i] - x[:, j]
            assert observed[k] == pytest.approx(d[both].mean() if both.any() else np.nan, nan_ok=True)
            for b in range(resamples):
                drawn = idx[b][both[idx[b]]]
                want = d[drawn].mean() if len(drawn) else np.nan
                assert resampled[b, k] == pytest.approx(want, rel=1e-12, abs=1e-12, nan_ok=True)
            k += 1


def test_one_draw_serves_every_metric():
    """A metric and its copy shifted per topic (the same for every system) decide the same pairs
    with the same intervals: the topics drawn are the same, and a shift per topic cancels."""
    f = _frame()
    f["m2"] = f["m"] + f["topic"].str[1].astype(int) * 0.1
    got = system_pairs(f, ["m", "m2"], seed=4).pairs
    assert got["m_low"].to_numpy() == pytest.approx(got["m2_low"].to_numpy())
    assert got["m_high"].to_numpy() == pytest.approx(got["m2_high"].to_numpy())


def test_a_summary_scored_twice_is_averaged_and_a_missing_one_left_out():
    f = _frame()
    twice = f.iloc[[0]].assign(m=0.7)  # topic t0, system A scored again: its mean is .6
    got = system_pairs(pd.concat([f, twice]), ["m"], seed=0).pairs.set_index(["a", "b"])
    assert got.loc[("A", "B"), "m"] == pytest.approx((.2 + .1 + .1 + .1) / 4)
    gap = f.drop(index=f.index[(f["topic"] == "t1") & (f["system"] == "C")])
    got = system_pairs(gap, ["m"], seed=0).pairs.set_index(["a", "b"])
    assert got.loc[("A", "C"), "m_topics"] == 3 and got.loc[("A", "B"), "m_topics"] == 4
    assert got.loc[("A", "C"), "m"] == pytest.approx((.3 + .3 + .05) / 3)


def test_json_fields():
    out = system_pairs(_frame(), ["m"], truth="h", seed=0).to_json(listed=("m",))
    assert {k: out[k] for k in ("systems", "topics", "pairs", "resamples", "seed", "truth")} == {
        "systems": 3, "topics": 4, "pairs": 3, "resamples": 1000, "seed": 0, "truth": "h"}
    assert out["metrics"]["m"] == {"pairs": 3, "decided": 2, "decided_share": pytest.approx(2 / 3), "wrong": 1,
                                   "wrong_share": .5, "sure_wrong": 0, "sure_wrong_share": 0.0}
    assert out["resampled"] == 4
    assert [(p["better"], p["worse"]) for p in out["decided"]["m"]] == [("A", "B"), ("A", "C")]
    assert out["decided"]["m"][1]["difference"] == pytest.approx(.175)
    assert "h" not in out["decided"]
    # b above a: the listed pair names b better, with a positive difference and interval
    flipped = _frame().replace({"system": {"A": "Z"}})
    listed = system_pairs(flipped, ["m"], seed=0).to_json(listed=("m",))["decided"]["m"]
    assert [(p["better"], p["worse"]) for p in listed] == [("Z", "B"), ("Z", "C")]
    assert all(0 < p["low"] <= p["difference"] <= p["high"] for p in listed)
    nothing = system_pairs(_frame().assign(m=.5), ["m"], truth="h").to_json()
    assert nothing["metrics"]["m"]["wrong_share"] is None  # none decided: no share, not NaN


def test_bad_input_is_refused():
    with pytest.raises(PyrabenchError, match="'rouge_2'"):
        system_pairs(_frame(), ["rouge_2"])
    with pytest.raises(PyrabenchError, match="no summaries"):
        system_pairs(_frame().iloc[:0], ["m"])
    with pytest.raises(PyrabenchError, match="no truth"):
        system_pairs(_frame(), ["m"]).wrong("m")


def test_grouped_topics_are_drawn_together():
    """Each topic seen twice (two views, the same scores): drawing the four groups, each with its
    two views, is the plain bootstrap of the four topics, draw for draw (the same seed); drawing
    the eight views one by one is not."""
    f = _frame()
    views = pd.concat([f.assign(topic=f["topic"] + "-x"), f.assign(topic=f["topic"] + "-y")])
    groups = {t: t[:2] for t in views["topic"]}
    plain = system_pairs(f, ["m"], seed=5)
    grouped = system_pairs(views, ["m"], seed=5, units=groups)
    assert (grouped.topics, grouped.resampled, plain.resampled) == (8, 4, 4)
    for c in ("m_low", "m_high"):
        assert grouped.pairs[c].to_numpy() == pytest.approx(plain.pairs[c].to_numpy())
    alone = system_pairs(views, ["m"], seed=5)
    assert alone.pairs["m_low"].to_numpy() != pytest.approx(plain.pairs["m_low"].to_numpy())


def test_a_pair_sharing_one_topic_is_not_decided():
    """One shared topic: every resample repeats its difference, so the interval would be a point
    away from 0; the pair has no interval and stays undecided."""
    one = _frame()[_frame()["topic"] == "t0"]
    got = system_pairs(one, ["m"], seed=0).pairs
    assert got["m_decided"].tolist() == [0, 0, 0] and got["m_low"].isna().all()
    assert got["m"].tolist() == pytest.approx([.1, .3, .2])  # the observed differences stay
