"""STS tables for the book: on hand-made releases and results (values worked out below) and on
the bundled sample releases."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from pyrabench.published import TOKENCOS
from pyrabench.reports import sts as reports
from pyrabench.sts import analysis
from pyrabench.sts.evaluate import DatasetResult, YearResult, evaluate
from pyrabench.sts.releases import STSDataset, STSRelease, load_releases
from pyrabench.sts.systems import RandomBaseline, TokenCos


def dataset(name, pairs, gold, year="2099"):
    a, b = zip(*pairs) if pairs else ((), ())
    available = bool(pairs)
    return STSDataset(year, name, a, b, np.asarray(gold, dtype=float), Path(f"STS.gs.{name}.txt"),
                      Path(f"STS.input.{name}.txt") if available else None, available,
                      "" if available else "input not distributed")


# token-cos by hand under the four readings of "split at white spaces" (perl, str.split, " ", lower)
PAIRS = [
    ("a b", "a b"),  # 1, 1, 1, 1
    ("a b", "a c"),  # 1/2 everywhere
    ("a b", "c d"),  # 0 everywhere
    ("A b", "a b"),  # 1/2, 1/2, 1/2, 1
    ("a  b", "a b"),  # split(" ") gives a, "", b: 2/sqrt(6); else 1
    (" a b", "a b"),  # perl and split(" ") keep a leading "": 2/sqrt(6); else 1
    ("x y", "x y"),  # not scored (empty gold)
]
GOLD = [5, 2.5, 0, 5, 5, 5, np.nan]
R6 = 2 / np.sqrt(6)
BY_HAND = {
    "perl split /\\s+/": [1, 0.5, 0, 0.5, 1, R6],
    "python str.split()": [1, 0.5, 0, 0.5, 1, 1],
    "split on single spaces": [1, 0.5, 0, 0.5, R6, R6],
    "lower-cased str.split()": [1, 0.5, 0, 1, 1, 1],  # = gold / 5: Pearson 1
}
TOY = STSRelease("2099", Path("toy"), (
    dataset("toy", PAIRS, GOLD),
    dataset("hidden", [], [1.0, 2.0, 3.0]),
    dataset("one", [("p q", "p q")], [4.0]),
))  # fmt: skip


@pytest.fixture(scope="module")
def releases(sample_root):
    return load_releases(root=sample_root)


@pytest.fixture(scope="module")
def tokencos(releases):
    return evaluate(TokenCos(), releases)


def year(y, system, datasets, mean, all_, allnorm):
    return YearResult(y, system, tuple(DatasetResult(*d) for d in datasets), mean, all_, allnorm)


A = {
    "2012": year("2012", "a", [("x", 10, 0.5, 0.4), ("y", 20, 0.7, 0.6), ("z", 30, None, None)], 0.63, 0.61, 0.8),
    "2013": year("2013", "a", [("w", 5, 0.1, 0.2)], 0.1, 0.1, 0.1),
}
B = {"2013": year("2013", "b", [("w", 5, 0.3, 0.2)], 0.3, 0.3, 0.3)}


def test_results_table_rows_in_order_with_the_aggregates():
    t = reports.results_table({"a": A, "b": B})
    assert list(t.columns) == ["system", "year", "dataset", "n", "pearson", "spearman"]
    assert list(zip(t["system"], t["year"], t["dataset"])) == [
        ("a", "2012", "x"), ("a", "2012", "y"), ("a", "2012", "z"),
        ("a", "2012", "Mean"), ("a", "2012", "ALL"), ("a", "2012", "ALLnorm"),
        ("a", "2013", "w"), ("a", "2013", "Mean"), ("a", "2013", "ALL"), ("a", "2013", "ALLnorm"),
        ("b", "2013", "w"), ("b", "2013", "Mean"), ("b", "2013", "ALL"), ("b", "2013", "ALLnorm"),
    ]  # fmt: skip
    a12 = t[(t["system"] == "a") & (t["year"] == "2012")].set_index("dataset")
    assert a12.loc[["x", "y"], "pearson"].tolist() == [0.5, 0.7] and a12.loc["y", "spearman"] == 0.6
    assert np.isnan(a12.loc["z", "pearson"]) and np.isnan(a12.loc["z", "spearman"])
    assert a12.loc[["Mean", "ALL", "ALLnorm"], "pearson"].tolist() == [0.63, 0.61, 0.8]
    assert (a12.loc[["Mean", "ALL", "ALLnorm"], "n"] == 30).all()  # x + y: z is not scored
    assert a12.loc[["Mean", "ALL", "ALLnorm"], "spearman"].isna().all()


def test_results_table_on_the_sample_equals_the_year_results(tokencos):
    t = reports.results_table({"tokencos": tokencos})
    for y, yr in tokencos.items():
        part = t[t["year"] == y].set_index("dataset")
        assert list(part.index) == [d.name for d in yr.datasets] + ["Mean", "ALL", "ALLnorm"]
        assert part.loc["Mean", "pearson"] == yr.mean and part.loc["ALL", "pearson"] == yr.all
        assert part.loc["ALLnorm", "pearson"] == yr.allnorm
        for d in yr.datasets:
            assert part.loc[d.name, "n"] == d.n
            if d.pearson is None:
                assert np.isnan(part.loc[d.name, "pearson"])
            else:
                assert part.loc[d.name, "pearson"] == d.pearson
    assert np.isnan(t.set_index(["year", "dataset"]).loc[("2013", "SMT"), "pearson"])


def test_wide_table_one_column_per_system_rows_in_the_papers_order():
    w = reports.wide_table(reports.results_table({"a": A, "b": B}))
    assert list(w.columns) == ["n", "a", "b"]
    assert list(w.index) == [("2012", "x"), ("2012", "y"), ("2012", "z"), ("2012", "Mean"), ("2012", "ALL"),
                             ("2012", "ALLnorm"), ("2013", "w"), ("2013", "Mean"), ("2013", "ALL"), ("2013", "ALLnorm")]
    assert w.index.names == ["year", "dataset"]
    assert w["n"].tolist() == [10, 20, 30, 30, 30, 30, 5, 5, 5, 5] and str(w["n"].dtype).startswith("int")
    assert w.loc[("2013", "w"), "a"] == 0.1 and w.loc[("2013", "w"), "b"] == 0.3
    assert w.loc[("2013", "ALLnorm"), "b"] == 0.3
    assert w.loc["2012", "b"].isna().all()  # b did not run 2012
    assert w.loc[("2012", "Mean"), "a"] == 0.63


def test_wide_table_on_the_sample(tokencos, releases):
    rnd = evaluate(RandomBaseline(0), releases)
    w = reports.wide_table(reports.results_table({"tokencos": tokencos, "random": rnd}))
    assert list(w.columns) == ["n", "tokencos", "random"]
    for y in tokencos:
        assert w.loc[(y, "Mean"), "tokencos"] == tokencos[y].mean and w.loc[(y, "ALL"), "random"] == rnd[y].all
    assert len(w) == sum(len(yr.datasets) + 3 for yr in tokencos.values())


def test_gold_frame_and_dataset_summary_by_hand():
    g = reports.gold_frame({"2099": TOY})
    assert list(g.columns) == ["year", "dataset", "gold"]
    assert g.groupby("dataset", sort=False).size().to_dict() == {"toy": 6, "hidden": 3, "one": 1}
    assert g.loc[g["dataset"] == "toy", "gold"].tolist() == [5, 2.5, 0, 5, 5, 5]  # the empty gold is left out
    s = analysis.dataset_summary({"2099": TOY}).set_index("dataset")
    assert s["pairs"].tolist() == [7, 3, 1] and s["scored"].tolist() == [6, 3, 1]
    assert s["input available"].tolist() == [True, False, True]
    assert s.loc["toy", "gold mean"] == 3.75 and s.loc["hidden", "gold mean"] == 2.0
    assert s.loc["toy", "gold sd"] == pytest.approx(np.std([5, 2.5, 0, 5, 5, 5], ddof=1))
    assert s.loc["hidden", "gold sd"] == 1.0 and np.isnan(s.loc["one", "gold sd"])
    assert reports.gold_frame({}).empty and list(reports.gold_frame({}).columns) == ["year", "dataset", "gold"]


def test_gold_frame_and_dataset_summary_on_the_sample(releases):
    g = reports.gold_frame(releases)
    s = analysis.dataset_summary(releases)
    assert len(g) == s["scored"].sum() == sum(d.n_scored for r in releases.values() for d in r.datasets)
    assert list(zip(s["year"], s["dataset"])) == [(y, d.name) for y, r in releases.items() for d in r.datasets]
    assert (s["scored"] <= s["pairs"]).all() and (s["scored"] < s["pairs"]).any()  # 2016 has empty gold lines
    smt = s[(s["year"] == "2013") & (s["dataset"] == "SMT")].iloc[0]
    assert not smt["input available"] and smt["scored"] == 22
    means = g.groupby(["year", "dataset"])["gold"].mean()
    for _, r in s.iterrows():
        assert r["gold mean"] == pytest.approx(means[(r["year"], r["dataset"])])


# --------------------------------------------------------------------------- readings for the prose

RUNS = pd.DataFrame({"ALLnorm": [0.58, 0.60, 0.59, 0.61]})  # mean 0.595, sd sqrt(0.0005 / 3) = 0.0129


def test_random_allnorm_reading_by_hand():
    own = ("Our 4 seeded runs give ALLnorm 0.5950 ± 0.0129; the expectation derived above is 0.6000, "
           "within two standard errors of the runs' mean.")
    assert reports.random_allnorm_reading(analysis.allnorm_figures(RUNS, 0.6, 0.5891), 0.5891, 0.0005, compare_published=False) == own
    # se = 0.0129 / 2 = 0.00645: 0.6 is 0.005 away (within), 0.62 is 0.025 away (outside)
    assert "0.6200, outside two standard errors" in reports.random_allnorm_reading(analysis.allnorm_figures(RUNS, 0.62, 0.5891), 0.5891, 0.0005, False)
    close = reports.random_allnorm_reading(analysis.allnorm_figures(RUNS, 0.6, 0.5891), 0.5891, 0.0005)
    assert close == own + (" The paper prints 0.5891 with a standard deviation of 0.0005 over its ten runs: "
                           "0.0059 below ours. That gap is 0.9 standard errors of a 4-run mean, "
                           "so it is within what chance gives.")
    far = reports.random_allnorm_reading(analysis.allnorm_figures(RUNS, 0.6, 0.65), 0.65, 0.0005)
    assert "0.0550 above ours. That gap is 8.5 standard errors of a 4-run mean, so it is not chance." in far


def test_random_allnorm_reading_of_the_sample_runs(releases):
    runs = analysis.random_allnorm(releases["2012"], runs=3)
    text = reports.random_allnorm_reading(analysis.allnorm_figures(runs, 0.5, 0.5891), 0.5891, 0.0005)
    assert text.startswith(f"Our 3 seeded runs give ALLnorm {runs['ALLnorm'].mean():.4f} ± "
                           f"{runs['ALLnorm'].std(ddof=1):.4f}")
    assert "nan" not in text


def test_published_reading_groups_by_the_tables_precision():
    comparison = pd.DataFrame({
        "year": ["2016", "2012", "2012", "2013", "2099"],
        "rounds to published": [True, True, False, True, False],
        "difference": [1e-6, -2e-5, 3.4e-3, np.nan, 1e-4],
        "source": [TOKENCOS["2016"].source, TOKENCOS["2012"].source, TOKENCOS["2012"].source,
                   TOKENCOS["2013"].source, "a table we do not know"],
    })  # fmt: skip
    assert reports.published_reading(comparison) == (
        "- **2012, 2013, 2099 (4 decimals).** 2 of 4 figures round to the printed value; the largest difference is 3.4e-03.\n"
        "- **2016 (5 decimals).** 1 of 1 figures round to the printed value; the largest difference is 1.0e-06."
    )


EMB = pd.DataFrame(
    {"STS 2012 Mean": [0.03, 0.55, 0.60], "STS 2013 Mean": [-0.05, 0.58, 0.50], "pyramid ranking success": [0.25, 0.65, 0.70]},
    index=pd.Index(["random", "onehot", "glove-6b-50d"], name="embedding"),
)


def test_embeddings_reading_by_hand():
    text = reports.embeddings_reading(EMB, {"2012": 0.5, "2013": 0.6, "2016": 0.9})
    lines = text.split("\n")
    assert lines[0] == ("- **Random** (a fresh direction per sentence occurrence): STS Means within ±0.05 of zero, "
                        "ranking success 25.0 % (chance: 25 %).")
    assert lines[1].startswith("- **One-Hot against token-cos**: One-Hot (lower-cased spaCy words, count vectors) "
                               "has the higher STS Mean in 1 of 2 years")  # 2016 is not in the table
    assert lines[2] == ("- **GloVe 50d against One-Hot**: GloVe has the higher STS Mean in 1 of 2 years; on the "
                        "pyramid ranking test it is ahead (70.0 % against 65.0 %).")
    assert len(lines) == 3


def test_embeddings_reading_says_only_what_the_table_has():
    sts_only = EMB.drop(columns="pyramid ranking success")
    text = reports.embeddings_reading(sts_only.loc[["random", "onehot"]], {})
    assert text == "- **Random** (a fresh direction per sentence occurrence): STS Means within ±0.05 of zero."
    behind = EMB.assign(**{"pyramid ranking success": [0.25, 0.75, 0.70]})
    assert "it is behind (70.0 % against 75.0 %)" in reports.embeddings_reading(behind, {"2012": 0.5})
    assert reports.embeddings_reading(EMB.iloc[:0], {"2012": 0.5}) == ""
