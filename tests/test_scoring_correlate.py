"""Summary- and system-level correlations against scipy on hand-made score tables."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from pyrabench.errors import PyrabenchError
from pyrabench.scoring import correlate


def table(seed=0, topics=6, systems=8, noise=0.5):
    rng = np.random.default_rng(seed)
    rows = []
    quality = rng.normal(size=systems)
    for t in range(topics):
        for s in range(systems):
            ref = quality[s] + rng.normal(scale=0.7)
            rows.append({"topic": f"T{t}", "peer": str(s + 1), "annotator": "a", "ref": ref,
                         "m": ref + rng.normal(scale=noise), "flat": 1.0})
    return pd.DataFrame(rows)


def test_summary_level_is_the_mean_of_per_topic_scipy_correlations():
    df = table()
    got = correlate.summary_level(df, "m", "ref", n_resamples=200)
    per = [(stats.pearsonr(g.m, g.ref)[0], stats.spearmanr(g.m, g.ref)[0], stats.kendalltau(g.m, g.ref)[0])
           for _, g in df.groupby("topic")]
    assert [got["pearson"], got["spearman"], got["kendall"]] == pytest.approx(np.mean(per, axis=0).tolist())
    assert got["n"] == 6
    lo, hi = got["ci"]["pearson"]
    assert lo <= got["pearson"] <= hi and got["ci"]["over"] == "topics"


def test_system_level_correlates_the_system_means():
    df = table(1)
    got = correlate.system_level(df, "m", "ref", n_resamples=200)
    means = df.groupby("peer")[["m", "ref"]].mean()
    assert got["pearson"] == pytest.approx(stats.pearsonr(means.m, means.ref)[0])
    assert got["kendall"] == pytest.approx(stats.kendalltau(means.m, means.ref)[0])
    assert got["n"] == 8 and got["ci"]["over"] == "systems"


def test_resampled_statistics_equal_scipy_on_every_resample():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=12), rng.normal(size=12)
    y[:4] = x[:4]  # some agreement
    idx = rng.integers(0, 12, size=(40, 12))  # resamples with repeated points (ties)
    got = correlate.resampled_correlations(x, y, idx)
    for b in range(40):
        xs, ys = x[idx[b]], y[idx[b]]
        assert got["pearson"][b] == pytest.approx(stats.pearsonr(xs, ys)[0])
        assert got["spearman"][b] == pytest.approx(stats.spearmanr(xs, ys)[0])
        assert got["kendall"][b] == pytest.approx(stats.kendalltau(xs, ys)[0])


def test_constant_resample_is_nan_and_dropped_from_the_interval():
    x = np.array([1.0, 1.0, 1.0, 2.0])
    idx = np.array([[0, 1, 2, 0], [0, 1, 2, 3]])
    k = correlate.kendall_rows(x[idx], x[idx])
    assert np.isnan(k[0]) and k[1] == pytest.approx(1.0)


def test_doubly_annotated_peers_count_once():
    df = table(2, topics=3, systems=5)
    extra = df[df.topic == "T0"].assign(annotator="b", ref=lambda d: d.ref + 1.0)
    both = pd.concat([df, extra], ignore_index=True)
    rows = correlate.per_summary(both, ["ref", "m"])
    assert len(rows) == 15
    t0 = rows[rows.topic == "T0"].set_index("peer")
    want = df[df.topic == "T0"].set_index("peer")
    assert (t0.ref - want.ref).round(12).eq(0.5).all()


def test_errors_are_reported_never_nan():
    df = table(4, topics=3, systems=5)
    out = correlate.correlations(df, ["m", "flat", "missing"], "ref", errors={"missing": "needs the X extra"},
                                 n_resamples=50)
    assert out["reference"] == "ref" and set(out["levels"]) == {"summary", "system"}
    for level in ("summary", "system"):
        assert out["levels"][level]["missing"] == {"error": "needs the X extra"}
        assert "error" in out["levels"][level]["flat"]  # constant metric: no correlation, a reason
        assert set(out["levels"][level]["m"]) == {"pearson", "spearman", "kendall", "n", "ci"}
    json.dumps(out, allow_nan=False)


def test_bootstrap_is_seeded():
    df = table(5)
    a = correlate.system_level(df, "m", "ref", n_resamples=100, seed=7)
    b = correlate.system_level(df, "m", "ref", n_resamples=100, seed=7)
    c = correlate.system_level(df, "m", "ref", n_resamples=100, seed=8)
    assert a == b and a["ci"]["pearson"] != c["ci"]["pearson"]


def test_global_level_pools_every_summary():
    df = table(6, topics=4, systems=6)
    got = correlate.global_level(df, "m", "ref", n_resamples=100)
    assert got["pearson"] == pytest.approx(stats.pearsonr(df.m, df.ref)[0])
    assert got["kendall"] == pytest.approx(stats.kendalltau(df.m, df.ref)[0])
    assert got["n"] == 24 and got["ci"]["over"] == "summaries"
    assert all(got["ci"][s] is not None for s in ("pearson", "spearman", "kendall"))


def test_levels_on_request_and_unknown_level():
    df = table(7, topics=3, systems=5)
    out = correlate.correlations(df, ["m"], "ref", n_resamples=20, levels=correlate.ALL_LEVELS)
    assert list(out["levels"]) == ["summary", "system", "global"]
    with pytest.raises(PyrabenchError, match="unknown level"):
        correlate.correlations(df, ["m"], "ref", levels=("topic",))


# --------------------------------------------------------------------------- paired test, resampling unit


def paired(seed=0, topics=8, systems=10, noise_a=0.2, noise_b=3.0, b_signal=1.0):
    """A reference, a metric close to it (``a``) and a noisy one (``b``; pure noise when ``b_signal`` is 0)."""
    df = table(seed, topics, systems, noise=noise_a).rename(columns={"m": "a"})
    return df.assign(b=b_signal * df["ref"] + np.random.default_rng(seed + 100).normal(scale=noise_b, size=len(df)))


@pytest.mark.parametrize("level", ["summary", "system", "global"])
def test_identical_metrics_give_p_one_and_a_zero_difference(level):
    df = paired().assign(b=lambda d: d["a"])
    got = correlate.compare(df, "a", "b", "ref", level, n_resamples=300)
    for s in correlate.STATISTICS:
        assert got["difference"][s] == pytest.approx(0, abs=1e-12)
        assert got["p_value"][s] == 1.0 and got["p_greater"][s] == 1.0
        assert got["ci"][s] == pytest.approx([0, 0], abs=1e-12)


@pytest.mark.parametrize("level", ["summary", "system", "global"])
def test_reference_plus_noise_beats_noise(level):
    df = paired(1, systems=20, b_signal=0.0)
    got = correlate.compare(df, "a", "b", "ref", level, n_resamples=500)
    for s in correlate.STATISTICS:
        assert got["difference"][s] > 0
        assert got["p_greater"][s] < 0.01 and got["p_value"][s] < 0.02
        lo, hi = got["ci"][s]
        assert 0 < lo <= got["difference"][s] <= hi
    reverse = correlate.compare(df, "b", "a", "ref", level, n_resamples=500)
    assert reverse["p_greater"]["pearson"] > 0.99 and reverse["difference"]["pearson"] < 0


def test_the_difference_is_the_difference_of_the_single_metric_correlations():
    df = paired(2, noise_b=1.0)
    got = correlate.compare(df, "a", "b", "ref", "system", n_resamples=50)
    single = {m: correlate.system_level(df, m, "ref", n_resamples=10) for m in ("a", "b")}
    for s in correlate.STATISTICS:
        assert got["difference"][s] == pytest.approx(single["a"][s] - single["b"][s])
    got = correlate.compare(df, "a", "b", "ref", "summary", n_resamples=50)
    single = {m: correlate.summary_level(df, m, "ref", n_resamples=10) for m in ("a", "b")}
    assert got["difference"]["kendall"] == pytest.approx(single["a"]["kendall"] - single["b"]["kendall"])


@pytest.mark.parametrize("level, unit, count", [("summary", "topics", 5), ("system", "systems", 5)])
def test_permutation_unit_is_pinned_by_the_smallest_possible_p(level, unit, count):
    """a = the reference, b = its negative: of the 2**count ways to swap whole units only the
    identity is as extreme as the data, so the one-sided p is about 1 / 2**count. A test that
    swapped single summaries (the wrong unit) would give about 1 / (B + 1) instead."""
    df = paired(3, topics=5 if level == "summary" else 12, systems=12 if level == "summary" else 5,
                noise_a=0.0, noise_b=0.0, b_signal=-1.0)
    got = correlate.compare(df, "a", "b", "ref", level, n_resamples=4000)
    assert got["over"] == unit and got["n"] == count
    assert 0.5 / 2 ** count < got["p_greater"]["pearson"] < 2.0 / 2 ** count


def test_paired_bootstrap_unit_is_pinned_by_the_interval_width():
    """Summary level: the interval of the mean per-topic difference has the width of a mean over
    T topics (2 · 1.96 · sd / √T). Drawing as many topics as there are summaries (T · peers)
    would make it √peers times narrower."""
    rng = np.random.default_rng(4)
    topics, peers = 12, 9
    rows = []
    for t in range(topics):
        ref = rng.normal(size=peers)
        good = "a" if t % 2 else "b"  # a per-topic difference of about ±1: a wide spread over topics
        for p in range(peers):
            rows.append({"topic": f"T{t}", "peer": str(p), "annotator": "x", "ref": ref[p],
                         good: ref[p], ("b" if good == "a" else "a"): rng.normal()})
    df = pd.DataFrame(rows)
    got = correlate.compare(df, "a", "b", "ref", "summary", n_resamples=4000)
    d = []
    for _, g in df.groupby("topic"):
        d.append(stats.pearsonr(g.a, g.ref)[0] - stats.pearsonr(g.b, g.ref)[0])
    expected = 2 * 1.96 * np.std(d) / np.sqrt(topics)
    lo, hi = got["ci"]["pearson"]
    assert 0.8 * expected < hi - lo < 1.2 * expected


def test_summary_level_bootstrap_unit_is_pinned_by_the_interval_width():
    """The single-metric summary-level interval: per-topic correlations of +1 and −1 in turn
    (sd 1), T topics: width ≈ 2 · 1.96 / √T; a bootstrap drawing one topic per summary would be
    √peers times narrower."""
    rows = []
    topics, peers = 10, 8
    for t in range(topics):
        for p in range(peers):
            rows.append({"topic": f"T{t}", "peer": str(p), "annotator": "x", "ref": float(p),
                         "m": float(p if t % 2 else -p)})
    got = correlate.summary_level(pd.DataFrame(rows), "m", "ref", n_resamples=4000)
    lo, hi = got["ci"]["pearson"]
    expected = 2 * 1.96 / np.sqrt(topics)
    assert got["pearson"] == pytest.approx(0) and 0.8 * expected < hi - lo < 1.2 * expected


def test_system_level_bootstrap_unit_is_pinned_by_a_resample_of_two_systems():
    """Four systems; a resample holding only systems 2 and 3 (probability 14/256 > 2.5 %) has
    r = −1, so the lower bound of a bootstrap over the 4 systems is −1. Resampling as many
    systems as there are summaries would almost never draw such a resample."""
    xs, ys = [1.0, 2.0, 3.0, 4.0], [1.0, 3.0, 2.0, 4.0]
    rows = [{"topic": f"T{t}", "peer": str(s), "annotator": "x", "m": xs[s], "ref": ys[s]}
            for t in range(6) for s in range(4)]
    got = correlate.system_level(pd.DataFrame(rows), "m", "ref", n_resamples=4000)
    assert got["ci"]["pearson"][0] == pytest.approx(-1.0)


def test_comparisons_keep_reasons():
    df = paired(5)
    out = correlate.comparisons(df, [("a", "b"), ("a", "gone")], "ref", {"gone": "no such package"}, n_resamples=20)
    assert [c["level"] for c in out] == ["summary", "system", "summary", "system"]
    assert out[2] == {"a": "a", "b": "gone", "reference": "ref", "level": "summary", "error": "no such package"}
    tiny = df[df.topic == "T0"]
    assert "fewer than 2 topics" in correlate.comparisons(tiny, [("a", "b")], "ref", levels=["summary"])[0]["error"]
