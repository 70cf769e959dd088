"""The chapter on automated scoring: its figures drawn off-screen from hand-made variant tables
and pairs, the variants and cross-corpus views, and its verdicts following their figures."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
import seaborn as sns
from matplotlib.colors import to_rgba

from pyrabench.data.corpora import load_corpus
from pyrabench.reports import automated_scoring as reports
from pyrabench.scoring.recipe2013.thresholds import determine_thresholds, kde
from pyrabench.scoring.scu_model import variants


VARIANTS = pd.DataFrame({
    "similarity": ["uni", "uni", "lsa", "lsa", "uni"],
    "combine": ["max", "mean", "max", "mean", "min"],
    "pearson": [0.5, 0.7, np.nan, 0.6, 0.2],
    "pearson_lo": [0.4, 0.6, np.nan, np.nan, 0.1],
    "pearson_hi": [0.6, 0.8, np.nan, np.nan, 0.3],
    "spearman": [0.1, 0.2, 0.3, 0.4, 0.5],  # no interval columns
})  # fmt: skip


@pytest.fixture(scope="module")
def duc(sample_root):
    pytest.importorskip("rouge_score")
    pytest.importorskip("sklearn")
    return {n: load_corpus(n, sample_root) for n in ("duc2006", "duc2007")}


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_plot_variants_one_axis_per_statistic_variants_ranked():
    fig = reports.plot_variants(VARIANTS, statistics=("pearson", "spearman"))
    assert len(fig.axes) == 2
    pearson, spearman = fig.axes
    assert [ax.get_title() for ax in fig.axes] == ["pearson", "spearman"]
    assert spearman.get_xlabel() == "variant rank"
    assert len(pearson.lines) == 5 and len(spearman.lines) == 5  # one point per variant
    ys = [line.get_ydata()[0] for line in pearson.lines]
    assert ys[:4] == [0.7, 0.6, 0.5, 0.2] and np.isnan(ys[4])  # best first, NaN last
    assert [line.get_xdata()[0] for line in pearson.lines] == [1, 2, 3, 4, 5]
    assert [line.get_ydata()[0] for line in spearman.lines] == [0.5, 0.4, 0.3, 0.2, 0.1]
    # markers by combine (max o, mean s, min ^), colours by similarity (sorted: lsa, uni)
    assert [line.get_marker() for line in pearson.lines] == ["s", "s", "o", "^", "o"]
    palette = sns.color_palette(n_colors=3)
    assert [to_rgba(line.get_color()) for line in pearson.lines[:2]] == [to_rgba(palette[1]), to_rgba(palette[0])]
    # intervals where both ends are finite: ranks 1, 3 and 4
    segments = [seg for c in pearson.collections for seg in c.get_segments()]
    assert [tuple(map(tuple, s)) for s in segments] == [((1, 0.6), (1, 0.8)), ((3, 0.4), (3, 0.6)), ((4, 0.1), (4, 0.3))]
    assert not spearman.collections
    legend = pearson.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["lsa", "uni", "max", "mean", "min"]
    assert spearman.get_legend() is None


def test_plot_variants_top_and_default_statistics():
    table = VARIANTS.assign(kendall=[0.5, 0.1, 0.2, 0.3, 0.4], jaccard=[0.1, 0.9, 0.2, 0.8, 0.3])
    fig = reports.plot_variants(table, top=2)
    assert [ax.get_title() for ax in fig.axes] == ["pearson", "spearman", "kendall", "jaccard"]
    assert all(len(ax.lines) == 2 for ax in fig.axes)
    assert [line.get_ydata()[0] for line in fig.axes[3].lines] == [0.9, 0.8]


def similarity_pairs(seed=0):
    rng = np.random.default_rng(seed)
    frames = []
    for name, a in (("uni", 2.0), ("lsa", 5.0)):
        for how in ("min", "max"):
            frames.append(pd.DataFrame({"similarity_name": name, "combine": how,
                                        "similarity": rng.beta(a, 2.0, 60)}))
    return pd.concat(frames, ignore_index=True)


def test_plot_densities_one_axis_per_combine_curve_and_thresholds_per_similarity():
    pairs = similarity_pairs()
    axes = reports.plot_densities(pairs, grid=50)
    assert len(axes) == 2 and [ax.get_title() for ax in axes] == ["max", "min"]
    assert axes[-1].get_xlabel().startswith("similarity of human-matched")
    xs = np.linspace(0, 1, 50)
    for ax, how in zip(axes, ("max", "min")):
        expected = 0
        for name in ("lsa", "uni"):  # sorted
            g = pairs.loc[(pairs["combine"] == how) & (pairs["similarity_name"] == name), "similarity"]
            curve = ax.lines[expected]
            assert curve.get_label() == name
            np.testing.assert_allclose(curve.get_ydata(), kde(g)(xs))
            thresholds = list(determine_thresholds(g).values())
            marks = ax.lines[expected + 1: expected + 1 + len(thresholds)]
            assert [m.get_xdata()[0] for m in marks] == pytest.approx(thresholds)
            expected += 1 + len(thresholds)
        assert len(ax.lines) == expected
    assert [t.get_text() for t in axes[0].get_legend().get_texts()] == ["lsa", "uni"]


def test_plot_densities_on_a_given_axis():
    pairs = similarity_pairs()
    fig, ax = plt.subplots()
    axes = reports.plot_densities(pairs, ax=ax, grid=20)
    assert list(axes) == [ax, ax] and fig.axes == [ax]
    n_marks = sum(len(determine_thresholds(g["similarity"])) for _, g in pairs.groupby(["combine", "similarity_name"]))
    assert len(ax.lines) == 4 + n_marks  # two curves per combine
    assert ax.get_title() == "min"  # the last combine drawn


def _transfer_row(f1, summary_cov, system_inside, r_est, r_rouge):
    return {"fitted_on": "a", "scored": "b", "set_precision": 0.6, "set_recall": 0.6, "set_f1": f1,
            "set_jaccard": f1 / (2 - f1), "set_counted": 8.0, "set_marked": 8.5, "summary_coverage": summary_cov,
            "summary_width": 0.3, "systems_inside": system_inside, "systems": 10, "system_coverage": system_inside / 10,
            "system_width": 0.05, "system_pearson_estimate": r_est, "system_pearson_rouge_2": r_rouge,
            "system_kendall_estimate": 0.8, "system_kendall_rouge_2": 0.7, "p_systems_pearson": 0.2,
            "p_both_pearson": 0.3, "p_systems_kendall": 0.4, "p_both_kendall": 0.5,
            "system_pearson_combined": r_est + 0.01, "system_kendall_combined": 0.6, "p_combined_systems_pearson": 0.1,
            "p_combined_both_pearson": 0.2, "p_combined_systems_kendall": 0.3, "p_combined_both_kendall": 0.4}


def test_transfer_view_and_claims_follow_the_figures():
    good = pd.DataFrame([_transfer_row(0.7, 0.95, 10, 0.97, 0.95), _transfer_row(0.66, 0.94, 9, 0.96, 0.95)])
    bad = pd.DataFrame([_transfer_row(0.5, 0.80, 4, 0.90, 0.95), _transfer_row(0.66, 0.94, 9, 0.96, 0.95)])
    ceiling = {"f1": 0.875, "jaccard": 0.776, "summaries": 22}
    view = reports.transfer_view(good)
    assert view.loc[0, "systems in interval (width)"] == "10 of 10 (0.050)"
    assert view.loc[0, "system r, estimate / ROUGE-2"] == "0.970 / 0.950"
    grouped = reports.transfer_groups(view)
    assert grouped[("per system, against ROUGE-2", "system r, estimate / ROUGE-2")].iloc[0] == "0.970 / 0.950"
    assert grouped.index.names == ["fitted on", "scored"] and grouped.shape[1] == view.shape[1] - 2
    said_good, said_bad = reports.transfer_claims(good, ceiling), reports.transfer_claims(bad, ceiling)
    assert "F1 0.660–0.700 (Jaccard 0.493–0.538)" in said_good and "F1 0.500–0.660" in said_bad
    assert "F1 0.875 (Jaccard 0.776, 22 peers)" in said_good
    assert "hold the manual score for 94.0%–95.0% of the summaries" in said_good
    assert "manual mean for 40.0%–90.0% of the systems" in said_bad
    assert "Pearson is at least ROUGE-2's in 2 of 2" in said_good and "in 1 of 2" in said_bad
    assert "reaches ROUGE-2's Pearson in 2 of 2 and its Kendall in 0 of 2" in said_good
    assert "target" not in said_good + said_bad and "≥" not in said_good + said_bad
    both = reports.transfer_combined_view(good)
    assert both.loc[0, "r: estimate / combined / ROUGE-2"] == "0.970 / 0.980 / 0.950"
    empty = pd.DataFrame([{"fitted_on": "a", "scored": "b", "error": "one class"}])
    assert "no direction" in reports.transfer_view(empty).iloc[0, 0]
    assert reports.transfer_groups(reports.transfer_view(empty)).equals(reports.transfer_view(empty))
    assert "too small" in reports.transfer_claims(empty, {"summaries": 0})


def test_variants_view(duc):
    table = variants.variant_table(duc, ["recall-raw", "lex"], n_resamples=30)
    view = reports.variants_view(table)
    assert list(view.index.get_level_values("variant")) == ["rouge_2", "recall-raw", "lex"]
    assert not view.isna().any().any()


def test_default_2013_claims_count_the_corpora_above_each():
    rows = [{"corpus": c, "variant": v, "summary_pearson": r, "system_pearson": q}
            for c, v, r, q in (("x", "rouge_2", 0.5, 0.9), ("x", "2013-uni", 0.4, 0.95), ("x", "lex", 0.6, 0.92),
                               ("y", "rouge_2", 0.7, 0.8), ("y", "2013-uni", 0.3, 0.7), ("y", "lex", 0.6, 0.85))]
    text = reports.default_2013_claims(pd.DataFrame(rows))
    # summary: lex .6/.6 (mean .600) against 2013 .4/.3 (mean .350) and ROUGE-2 .5/.7 (mean .600)
    assert text.startswith("At summary level, `lex` (mean Pearson 0.600 over the corpora) is above the 2013 recipe "
                           "on 2 of 2 corpora (mean 0.350) and above ROUGE-2 on 1 of 2 corpora (mean 0.600).")
    # system: lex .92/.85 against 2013 .95/.70 and ROUGE-2 .9/.8
    assert "above the 2013 recipe on 1 of 2 corpora (mean 0.825) and above ROUGE-2 on 2 of 2" in text
    assert reports.default_2013_claims(pd.DataFrame(rows[:2])) == ""


def _results(values: dict) -> dict:
    """``{corpus: {level: {metric: r}}}`` → the shape of ``correlation_results``."""
    return {c: {"levels": {level: {m: {"pearson": r, "n": 10} for m, r in by_m.items()}
                           for level, by_m in levels.items()}} for c, levels in values.items()}


def test_default_claims_ahead_behind_level():
    res = _results({"a": {"summary": {"auto": 0.6, "rouge_2": 0.4}, "system": {"auto": 0.8, "rouge_2": 0.9},
                          "global": {"auto": 0.5, "rouge_2": 0.505}},
                    "b": {"summary": {"auto": 0.7, "rouge_2": 0.5}, "system": {"auto": 0.9, "rouge_2": 0.8},
                          "global": {"auto": 0.6, "rouge_2": 0.4}}})
    text = reports.default_claims(res)
    assert text.startswith("At summary level, the automated score is ahead of ROUGE-2 on every corpus")
    assert "It ranks the summaries of one input better" in text
    assert "At system level, the automated score is ahead of ROUGE-2 on b and behind it on a" in text
    assert "level with it (within 0.01) on a" in text
    res["b"]["levels"]["summary"]["auto"]["pearson"] = 0.1
    assert "It ranks the summaries" not in reports.default_claims(res)


def _variants(means: dict) -> pd.DataFrame:
    rows = [{"corpus": c, "variant": v, "summary_pearson": r + d} for v, r in means.items()
            for c, d in (("x", 0.01), ("y", -0.01))]
    return pd.DataFrame(rows)


def test_variant_claims_name_the_largest_gain_and_the_default():
    means = {"rouge_2": 0.50, "2013-uni": 0.40, "recall-raw": 0.52, "recall-cal": 0.62, "contributors": 0.63,
             "labels": 0.55, "sentences": 0.60, "whole": 0.50, "lex": 0.66, "lex-boosted": 0.65,
             "lex-hard": 0.41, "lex-top": 0.60, "minilm": 0.665, "minilm-only": 0.45}
    text = reports.variant_claims(_variants(means))
    assert "largest single gain at summary level (mean Pearson over corpora) is calibration" in text
    assert "lifts that single feature" in text and "do no better than `lex`" in text
    assert "throws information away" in text and "comes within 0.02 of the 2013 recipe" in text
    assert "contributors (0.630) carry more than labels" in text
    assert "Hence the default, `lex`" in text
    means.update({"lex-boosted": 0.70, "recall-cal": 0.50})
    text = reports.variant_claims(_variants(means))
    assert "does not lift" in text and "do better than `lex`" in text
    assert "`lex-boosted` scores +0.040 above it" in text
    assert "largest single gain at summary level (mean Pearson over corpora) is the other lexical features" in text


def test_variant_claims_leave_out_missing_variants():
    text = reports.variant_claims(_variants({"lex": 0.6, "lex-boosted": 0.5}))
    assert "MiniLM" not in text and "recall" not in text and "Hence the default" in text
    assert reports.variant_claims(_variants({"rouge_2": 0.5})) == ""


def _studies(pearson, jaccard, ratio, studies=("pyrabench", "2013")):
    return pd.DataFrame({"study": [s for s in studies for _ in range(2)], "pearson": pearson, "jaccard": jaccard,
                         "scu_ratio": ratio})


def test_study_claims_follow_the_best_pearsons_and_the_sets():
    text = reports.study_claims(_studies([0.8, 0.7, 0.78, 0.5], [0.4, 0.3, 0.35, 0.2], [1.5, 2.0, 1.2, 1.1]))
    assert "about equally well by the best variants of both studies (0.800 (pyrabench) against 0.780 (2013))" in text
    assert "every variant of either study retrieves more SCUs" in text and "stays below its score correlations" in text
    text = reports.study_claims(_studies([0.8, 0.7, 0.6, 0.5], [0.4, 0.9, 0.35, 0.2], [1.5, 0.8, 1.2, 1.1]))
    assert "reproduced better by the best variant of pyrabench (0.800 (pyrabench) against 0.600 (2013), more than 0.05" in text
    assert "3 of the 4 variants retrieve more SCUs" in text and "3 of the 4 have a Jaccard" in text
    assert "about equally" not in text and "every variant" not in text


def test_system_interval_claims_follow_the_widths():
    def results(system_ci):
        def level(ci):
            return {"auto": {"pearson": 0.5, "ci": {"pearson": ci}}, "rouge_2": {"error": "constant"}}
        return {"c1": {"levels": {"summary": level([0.5, 0.6]), "system": level(system_ci)}},
                "c2": {"levels": {"summary": level([0.6, 0.7]), "system": level(system_ci)}}}
    text = reports.system_interval_claims(results([0.3, 0.8]), 20, 30)
    assert text == ("With 20 to 30 systems per corpus, system-level correlations are coarse: their intervals in the "
                    "correlation table of the chapter on manual scores are wide (median width 0.50, against 0.10 at "
                    "summary level).")
    text = reports.system_interval_claims(results([0.5, 0.62]), 20, 30)
    assert "not much wider than the summary level's (median width 0.12, against 0.10" in text and "coarse" not in text
    assert "no interval here" in reports.system_interval_claims(results(None), 2, 3)
