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


def test_row_correlations_equal_scipy_on_every_resample():
    rng = np.random.default_rng(3)
    x, y = rng.normal(size=12), rng.normal(size=12)
    y[:4] = x[:4]  # some agreement
    idx = rng.integers(0, 12, size=(40, 12))  # resamples with repeated points (ties)
    got = correlate.row_correlations(x[idx], y[idx])
    assert got.shape == (40, 3)
    for b in range(40):
        xs, ys = x[idx[b]], y[idx[b]]
        want = [stats.pearsonr(xs, ys)[0], stats.spearmanr(xs, ys)[0], stats.kendalltau(xs, ys)[0]]
        assert got[b] == pytest.approx(want)


def test_row_correlations_leave_absent_cells_out():
    """A row with gaps correlates over its present cells only, whatever the absent cells hold;
    long rows (scipy's τ-b one row at a time) agree with short ones (the vectorized τ-b)."""
    rng = np.random.default_rng(5)
    x, y = rng.normal(size=(6, 9)).round(1), rng.normal(size=(6, 9)).round(1)
    present = rng.random((6, 9)) < 0.7
    present[:, :3] = True
    got = correlate.row_correlations(np.where(present, x, 99.0), np.where(present, y, np.nan), present)
    for b in range(6):
        xs, ys = x[b][present[b]], y[b][present[b]]
        want = [stats.pearsonr(xs, ys)[0], stats.spearmanr(xs, ys)[0], stats.kendalltau(xs, ys)[0]]
        assert got[b] == pytest.approx(want)
    long_x, long_y = rng.normal(size=(2, 400)).round(1), rng.normal(size=(2, 400)).round(1)
    for b in range(2):
        assert correlate.row_correlations(long_x, long_y)[b, 2] == pytest.approx(stats.kendalltau(long_x[b], long_y[b])[0])


def test_constant_or_short_rows_have_no_correlation():
    x = np.array([1.0, 1.0, 1.0, 2.0])
    idx = np.array([[0, 1, 2, 0], [0, 1, 2, 3]])
    r = correlate.row_correlations(x[idx], x[idx])
    assert np.isnan(r[0]).all() and r[1] == pytest.approx([1.0, 1.0, 1.0])
    two = np.array([[True, True, False, False]])  # two present cells: no correlation
    assert np.isnan(correlate.row_correlations([[1.0, 2, 3, 4]], [[2.0, 1, 3, 4]], two)).all()


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


# --------------------------------------------------------------------------- resampling schemes


def repeated_topics(topics=5, systems=7):
    """Every topic holds the same scores: only the systems differ."""
    rng = np.random.default_rng(11)
    ref, m = rng.normal(size=systems), rng.normal(size=systems)
    return pd.DataFrame([{"topic": f"T{t}", "peer": str(s), "annotator": "x", "ref": ref[s], "m": m[s] + ref[s]}
                         for t in range(topics) for s in range(systems)])


@pytest.mark.parametrize("level", [correlate.summary_level, correlate.system_level])
def test_resampling_identical_topics_gives_a_degenerate_interval(level):
    """Resampling topics that are all alike cannot move the statistic; resampling the systems can."""
    df = repeated_topics()
    inputs = level(df, "m", "ref", n_resamples=300, scheme="inputs")
    lo, hi = inputs["ci"]["pearson"]
    assert lo == pytest.approx(inputs["pearson"]) and hi == pytest.approx(inputs["pearson"])
    assert inputs["ci"]["over"] == "topics"
    for scheme, over in (("systems", "systems"), ("both", "topics and systems")):
        got = level(df, "m", "ref", n_resamples=300, scheme=scheme)
        lo, hi = got["ci"]["pearson"]
        assert hi - lo > 0.1 and got["ci"]["over"] == over


def slow_both(df, level, n_resamples, seed, confidence=0.95):
    """The "both" scheme one resample at a time with scipy: the summaries of the drawn systems
    for the drawn topics (duplicates kept), then the level's statistic."""
    topics, peers = sorted(df.topic.unique()), sorted(df.peer.unique())
    cells = df.set_index(["topic", "peer"])
    from pyrabench.resampling import scheme_indices
    rows, cols = scheme_indices(len(peers), len(topics), "both", n_resamples, np.random.default_rng(seed))
    values = []
    for b in range(n_resamples):
        picked = [(topics[t], peers[s]) for t in cols[b] for s in rows[b] if (topics[t], peers[s]) in cells.index]
        sample = pd.DataFrame([{"topic": t, "peer": f"{p}", "m": cells.loc[(t, p), "m"], "ref": cells.loc[(t, p), "ref"]}
                               for t, p in picked])
        if level == "summary":
            rs = []
            for t in cols[b]:  # each drawn topic, as often as drawn
                g = sample[sample.topic == topics[t]].drop_duplicates()
                g = pd.concat([g[g.peer == peers[s]] for s in rows[b]])
                if len(g) >= 3 and g.m.nunique() > 1 and g.ref.nunique() > 1:
                    rs.append(stats.pearsonr(g.m, g.ref)[0])
            values.append(np.mean(rs) if rs else np.nan)
        else:
            means = []
            for s in rows[b]:
                g = pd.concat([sample[(sample.topic == topics[t]) & (sample.peer == peers[s])].head(1) for t in cols[b]])
                if len(g):
                    means.append((g.m.mean(), g.ref.mean()))
            x, y = np.array(means).T
            values.append(stats.pearsonr(x, y)[0] if len(x) >= 3 and np.ptp(x) > 0 and np.ptp(y) > 0 else np.nan)
    v = np.array(values)
    v = v[np.isfinite(v)]
    return list(np.quantile(v, [(1 - confidence) / 2, (1 + confidence) / 2]))


@pytest.mark.parametrize("level", ["summary", "system"])
def test_both_scheme_equals_a_slow_loop(level):
    """Topics and systems drawn jointly, with a gap in the matrix (a system missing on a topic)."""
    df = table(12, topics=4, systems=6)
    df = df[~((df.topic == "T1") & (df.peer == "3"))]
    fn = correlate.summary_level if level == "summary" else correlate.system_level
    got = fn(df, "m", "ref", n_resamples=60, seed=3, scheme="both")
    assert got["ci"]["pearson"] == pytest.approx(slow_both(df, level, 60, 3))


def test_correlations_pass_the_scheme_to_both_levels():
    df = table(13, topics=4, systems=6)
    out = correlate.correlations(df, ["m"], "ref", n_resamples=30, scheme="both", levels=correlate.ALL_LEVELS)
    overs = [out["levels"][lv]["m"]["ci"]["over"] for lv in correlate.ALL_LEVELS]
    assert overs == ["topics and systems", "topics and systems", "summaries"]
    assert "unknown resampling scheme" in correlate.correlations(df, ["m"], "ref", scheme="topics")["levels"]["summary"]["m"]["error"]


def test_paired_test_enumerates_every_swap_when_cheaper():
    """Five systems: 32 arrangements ≤ 1,000 resamples, so the test is exact; with a = the
    reference and b its negative only the observed arrangement is as extreme: p(A > B) = 1/32."""
    df = paired(3, topics=12, systems=5, noise_a=0.0, noise_b=0.0, b_signal=-1.0)
    got = correlate.compare(df, "a", "b", "ref", "system", n_resamples=1000)
    assert got["exact"] and got["permutations"] == 32
    assert got["p_greater"]["pearson"] == 1 / 32 and got["p_value"]["pearson"] == 2 / 32


@pytest.mark.parametrize("level, scheme, topics, systems, arrangements", [
    ("summary", "systems", 6, 5, 32), ("system", "inputs", 5, 6, 32),
    ("summary", "both", 2, 4, 256), ("system", "both", 2, 4, 256)])
def test_each_scheme_swaps_its_own_units(level, scheme, topics, systems, arrangements):
    """a = the reference, b = its negative: of every way to swap the scheme's units (systems,
    topics, or each summary on its own) only the identity is as extreme, so the exact one-sided
    p is 1 / arrangements: 2**systems, 2**topics or 2**(topics · systems)."""
    df = paired(5, topics=topics, systems=systems, noise_a=0.0, noise_b=0.0, b_signal=-1.0)
    got = correlate.compare(df, "a", "b", "ref", level, n_resamples=1000, scheme=scheme)
    assert got["scheme"] == scheme and got["over"] == correlate.SCHEME_UNITS[scheme]
    assert got["exact"] and got["permutations"] == arrangements
    assert got["p_greater"]["pearson"] == 1 / arrangements and got["p_value"]["pearson"] == 2 / arrangements
    assert got["difference"]["pearson"] == pytest.approx(2.0)


@pytest.mark.parametrize("level", ["summary", "system"])
def test_the_matrix_test_on_the_level_unit_equals_the_fast_path(level):
    """Two implementations of one test: the swaps of whole matrices on the level's own unit give
    the fast path's difference, p-values and interval, draw for draw."""
    df = paired(6, topics=9, systems=11, noise_b=1.0)
    df = df[~((df.topic == "T2") & (df.peer == "4"))]  # a gap in the matrix
    own = correlate.OWN_SCHEME[level]
    fast = correlate.compare(df, "a", "b", "ref", level, n_resamples=400, seed=2)
    rows = correlate.per_summary(df, ["ref", "a", "b"]).dropna()
    observed, swaps, null, boot, n = correlate._matrix_test(rows, "a", "b", "ref", level, own, 400,
                                                            np.random.default_rng(2))
    assert n == fast["n"] and len(swaps.mask) == fast["permutations"]
    assert observed == pytest.approx([fast["difference"][s] for s in correlate.STATISTICS])
    two_sided, _ = correlate.permutation_p_values(null, observed, swaps.exact)
    assert two_sided == pytest.approx([fast["p_value"][s] for s in correlate.STATISTICS])
    assert correlate.percentile_interval(boot[:, 0], 0.95) == pytest.approx(fast["ci"]["pearson"])
    assert correlate.compare(df, "a", "b", "ref", level, n_resamples=400, seed=2, scheme=own) == fast


@pytest.mark.parametrize("level", ["summary", "system"])
def test_both_scheme_gives_p_one_for_identical_metrics_and_finds_a_better_one(level):
    same = correlate.compare(paired().assign(b=lambda d: d["a"]), "a", "b", "ref", level, n_resamples=200,
                             scheme="both")
    assert same["p_value"]["pearson"] == 1.0 and same["ci"]["pearson"] == pytest.approx([0, 0], abs=1e-12)
    better = correlate.compare(paired(1, systems=20, b_signal=0.0), "a", "b", "ref", level, n_resamples=500,
                               scheme="both")
    assert better["p_greater"]["pearson"] < 0.01 and better["ci"]["pearson"][0] > 0


def test_a_scheme_is_for_the_summary_and_system_levels_only():
    df = paired()
    with pytest.raises(PyrabenchError, match="pools summaries"):
        correlate.compare(df, "a", "b", "ref", "global", scheme="both")
    with pytest.raises(PyrabenchError, match="unknown resampling scheme"):
        correlate.compare(df, "a", "b", "ref", "summary", scheme="topics")
    tests = correlate.comparisons(df, [("a", "b")], "ref", n_resamples=50, levels=correlate.ALL_LEVELS, scheme="both")
    assert [t["over"] for t in tests] == ["topics and systems", "topics and systems", "summaries"]


@pytest.mark.parametrize("n, levels", [(250, 7), (40, 1000), (6, 2)])
def test_resampled_kendall_is_scipys_bit_for_bit(n, levels):
    """The global level's τ-b of each bootstrap resample, from the draw counts, against scipy's
    τ-b of the resampled vectors: equal to the last bit, ties (within a side and copies of one
    summary) included; a resample with a constant side is NaN, as in scipy."""
    rng = np.random.default_rng(n)
    x = rng.integers(0, levels, n) / 7
    y = np.round(x + rng.normal(size=n) * 0.3, 1)
    idx = rng.integers(0, n, size=(200, n))
    idx[0] = 0  # one item drawn n times: both sides constant
    got = correlate._kendall_resampled(x, y, idx)
    want = np.array([stats.kendalltau(x[i], y[i])[0] for i in idx])
    assert np.isnan(got[0]) and np.isnan(want[0])
    assert np.array_equal(got, want, equal_nan=True)

