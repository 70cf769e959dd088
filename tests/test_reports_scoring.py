"""Figures of the scoring chapter, drawn off-screen from hand-made variant tables and pairs."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
import seaborn as sns
from matplotlib.colors import to_rgba

from pyrabench.reports import scoring as reports
from pyrabench.scoring.auto.thresholds import determine_thresholds, kde

VARIANTS = pd.DataFrame({
    "similarity": ["uni", "uni", "lsa", "lsa", "uni"],
    "combine": ["max", "mean", "max", "mean", "min"],
    "pearson": [0.5, 0.7, np.nan, 0.6, 0.2],
    "pearson_lo": [0.4, 0.6, np.nan, np.nan, 0.1],
    "pearson_hi": [0.6, 0.8, np.nan, np.nan, 0.3],
    "spearman": [0.1, 0.2, 0.3, 0.4, 0.5],  # no interval columns
})  # fmt: skip


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
    said_good, said_bad = reports.transfer_claims(good, ceiling), reports.transfer_claims(bad, ceiling)
    assert "F1 ≥ 0.65 in 2 of 2 directions" in said_good and "F1 ≥ 0.65 in 1 of 2 directions" in said_bad
    assert "F1 0.875 (Jaccard 0.776, 22 peers)" in said_good
    assert "Pearson is at least ROUGE-2's in 2 of 2" in said_good and "in 1 of 2" in said_bad
    assert "systems in 1 of 2" in said_bad
    assert "reaches ROUGE-2's Pearson in 2 of 2 and its Kendall in 0 of 2" in said_good
    both = reports.transfer_combined_view(good)
    assert both.loc[0, "r: estimate / combined / ROUGE-2"] == "0.970 / 0.980 / 0.950"
    empty = pd.DataFrame([{"fitted_on": "a", "scored": "b", "error": "one class"}])
    assert "no direction" in reports.transfer_view(empty).iloc[0, 0]
    assert "too small" in reports.transfer_claims(empty, {"summaries": 0})
