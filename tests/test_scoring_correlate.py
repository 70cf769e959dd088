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
