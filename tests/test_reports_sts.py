"""STS tables for the book: on hand-made releases and results (values worked out below) and on
the bundled sample releases."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from pyrabench.published import TOKENCOS, PublishedRow
from pyrabench.reports import sts as reports
from pyrabench.sts.evaluate import DatasetResult, YearResult, evaluate
from pyrabench.sts.releases import STSDataset, STSRelease, load_releases
from pyrabench.sts.systems import SPLIT_VARIANTS, RandomBaseline, TokenCos


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
    s = reports.dataset_summary({"2099": TOY}).set_index("dataset")
    assert s["pairs"].tolist() == [7, 3, 1] and s["scored"].tolist() == [6, 3, 1]
    assert s["input available"].tolist() == [True, False, True]
    assert s.loc["toy", "gold mean"] == 3.75 and s.loc["hidden", "gold mean"] == 2.0
    assert s.loc["toy", "gold sd"] == pytest.approx(np.std([5, 2.5, 0, 5, 5, 5], ddof=1))
    assert s.loc["hidden", "gold sd"] == 1.0 and np.isnan(s.loc["one", "gold sd"])
    assert reports.gold_frame({}).empty and list(reports.gold_frame({}).columns) == ["year", "dataset", "gold"]


def test_gold_frame_and_dataset_summary_on_the_sample(releases):
    g = reports.gold_frame(releases)
    s = reports.dataset_summary(releases)
    assert len(g) == s["scored"].sum() == sum(d.n_scored for r in releases.values() for d in r.datasets)
    assert list(zip(s["year"], s["dataset"])) == [(y, d.name) for y, r in releases.items() for d in r.datasets]
    assert (s["scored"] <= s["pairs"]).all() and (s["scored"] < s["pairs"]).any()  # 2016 has empty gold lines
    smt = s[(s["year"] == "2013") & (s["dataset"] == "SMT")].iloc[0]
    assert not smt["input available"] and smt["scored"] == 22
    means = g.groupby(["year", "dataset"])["gold"].mean()
    for _, r in s.iterrows():
        assert r["gold mean"] == pytest.approx(means[(r["year"], r["dataset"])])


def test_compare_with_published_on_a_fake_row():
    ours = {
        "2099": year("2099", "tokencos", [("toy", 6, 0.41234, 0.4), ("off", 6, 0.4994, 0.4), ("gone", 5, None, None)],
                     0.12344, 0.2, 0.3),
        "2098": year("2098", "tokencos", [("toy", 6, 0.5, 0.5)], 0.5, 0.5, 0.5),  # no published row
    }  # fmt: skip
    row = PublishedRow("2099", "tokencos", {"toy": 0.412, "off": 0.5, "gone": 0.25, "absent": 0.1},
                       mean=0.123, all=None, allnorm=0.31, decimals=3, source="fake table")
    t = reports.compare_with_published(ours, {"2099": row, "2097": row})
    assert list(t.columns) == ["year", "dataset", "published", "ours", "difference", "rounds to published", "source"]
    t = t.set_index("dataset")
    assert list(t.index) == ["toy", "off", "gone", "absent", "Mean", "ALLnorm"]  # no ALL: not published
    assert (t["year"] == "2099").all() and (t["source"] == "fake table").all()
    assert t.loc["toy", "difference"] == pytest.approx(0.00034) and t.loc["toy", "rounds to published"]
    assert t.loc["off", "difference"] == pytest.approx(-0.0006) and not t.loc["off", "rounds to published"]
    assert t.loc["Mean", "ours"] == 0.12344 and t.loc["Mean", "rounds to published"]
    assert t.loc["ALLnorm", "difference"] == pytest.approx(-0.01) and not t.loc["ALLnorm", "rounds to published"]
    for name in ("gone", "absent"):  # not scored here, or not a dataset of ours
        assert np.isnan(t.loc[name, "ours"]) and np.isnan(t.loc[name, "difference"])
        assert not t.loc[name, "rounds to published"]


def test_compare_with_published_defaults_to_tokencos(tokencos):
    t = reports.compare_with_published(tokencos)
    expected = [(y, name) for y in tokencos for name in
                [*TOKENCOS[y].datasets, *(k for k in ("Mean", "ALL", "ALLnorm")
                                          if getattr(TOKENCOS[y], k.lower()) is not None)]]
    assert list(zip(t["year"], t["dataset"])) == expected
    by = t.set_index(["year", "dataset"])
    assert by.loc[("2012", "ALLnorm"), "published"] == TOKENCOS["2012"].allnorm
    assert by.loc[("2012", "ALLnorm"), "ours"] == tokencos["2012"].allnorm
    assert by.loc[("2016", "headlines"), "ours"] == tokencos["2016"].datasets[1].pearson
    assert np.isnan(by.loc[("2013", "SMT"), "ours"])  # the input is not distributed
    assert not by["rounds to published"].any()  # the sample's invented sentences are not the papers'


def test_tokenization_variants_by_hand():
    t = reports.tokenization_variants({"2099": TOY})
    assert list(t.columns) == ["year", "dataset", *SPLIT_VARIANTS]
    assert list(t["dataset"]) == ["toy", "one"]  # "hidden" has no input
    toy = t.set_index("dataset").loc["toy"]
    gold = np.array(GOLD[:6])
    for label, scores in BY_HAND.items():
        assert toy[label] == pytest.approx(np.corrcoef(scores, gold)[0, 1]), label
    assert toy["lower-cased str.split()"] == pytest.approx(1.0)
    assert np.isnan(t.set_index("dataset").loc["one", "perl split /\\s+/"])  # one pair: no correlation
    custom = reports.tokenization_variants({"2099": TOY}, {"first letter": lambda s: [s.strip()[:1]]})
    assert list(custom.columns) == ["year", "dataset", "first letter"]
    first = np.array([1, 1, 0, 0, 1, 1])  # "A" vs "a" differ; "c d" starts elsewhere
    assert custom.loc[0, "first letter"] == pytest.approx(np.corrcoef(first, gold)[0, 1])


def test_tokenization_variants_perl_reading_is_the_baseline(releases, tokencos):
    t = reports.tokenization_variants(releases).set_index(["year", "dataset"])
    assert len(t) == sum(len(r.available) for r in releases.values())
    for y, yr in tokencos.items():
        for d in yr.datasets:
            if d.pearson is not None:
                assert t.loc[(y, d.name), "perl split /\\s+/"] == pytest.approx(d.pearson, abs=1e-12)
    msrpar = t.loc[("2012", "MSRpar")]  # stray spaces in the sample: the readings differ there
    assert msrpar["perl split /\\s+/"] != msrpar["split on single spaces"]


def test_random_allnorm_one_row_per_seed(releases):
    r12 = releases["2012"]
    t = reports.random_allnorm(r12, runs=3)
    assert list(t.index) == [0, 1, 2] and t.index.name == "seed" and list(t.columns) == ["Mean", "ALL", "ALLnorm"]
    for seed in range(3):
        yr = evaluate(RandomBaseline(seed), {"2012": r12})["2012"]
        assert t.loc[seed].tolist() == [yr.mean, yr.all, yr.allnorm]
    assert t["ALLnorm"].nunique() == 3  # each seed draws different scores
    assert reports.random_allnorm(r12, runs=3).equals(t)
    assert reports.random_allnorm(r12, runs=2).equals(t.iloc[:2])


def test_interval_table_contains_the_estimate(releases, tokencos):
    some = {y: releases[y] for y in ("2012", "2013")}
    t = reports.interval_table(TokenCos(), some, n_resamples=200)
    assert list(t.columns) == ["n", "pearson", "low", "high"] and t.index.names == ["year", "dataset"]
    expected = [(y, d.name) for y in some for d in tokencos[y].datasets if d.pearson is not None]
    assert list(t.index) == expected  # 2013 SMT cannot be scored
    for (y, name), r in t.iterrows():
        d = releases[y][name]
        assert r["n"] == d.n_scored
        assert r["pearson"] == pytest.approx(next(x.pearson for x in tokencos[y].datasets if x.name == name))
        assert r["low"] <= r["pearson"] <= r["high"] <= 1
    narrow = reports.interval_table(TokenCos(), some, n_resamples=200, confidence=0.5)
    assert (narrow["low"] >= t["low"]).all() and (narrow["high"] <= t["high"]).all()
    assert (narrow["high"] - narrow["low"] < t["high"] - t["low"]).all()
    assert reports.interval_table(TokenCos(), some, n_resamples=200).equals(t)  # seeded


def test_fisher_table_against_scipy(releases, tokencos):
    rnd = evaluate(RandomBaseline(0), releases)
    t = reports.fisher_table(tokencos, rnd)
    assert list(t.columns) == ["n", "A: tokencos", "B: random", "z", "p (one-tailed)"]
    assert len(t) == sum(d.pearson is not None for yr in tokencos.values() for d in yr.datasets)
    for (y, name), r in t.iterrows():
        a = next(d for d in tokencos[y].datasets if d.name == name)
        b = next(d for d in rnd[y].datasets if d.name == name)
        assert (r["n"], r["A: tokencos"], r["B: random"]) == (a.n, a.pearson, b.pearson)
        z = (np.arctanh(a.pearson) - np.arctanh(b.pearson)) / np.sqrt(2 / (a.n - 3))
        assert r["z"] == pytest.approx(z)
        assert r["p (one-tailed)"] == pytest.approx(stats.norm.sf(z))
    reverse = reports.fisher_table(rnd, tokencos)
    np.testing.assert_allclose(reverse["z"], -t["z"])
    np.testing.assert_allclose(reverse["p (one-tailed)"], 1 - t["p (one-tailed)"])


def test_fisher_table_skips_unscored_and_tiny_datasets():
    a = {"2099": year("2099", "a", [("big", 103, 0.6, 0.6), ("tiny", 3, 0.9, 0.9), ("none", 50, None, None)],
                      0.6, 0.6, 0.6)}
    b = {"2099": year("2099", "b", [("big", 103, 0.4, 0.4), ("tiny", 3, 0.1, 0.1), ("none", 50, 0.2, 0.2)],
                      0.4, 0.4, 0.4)}  # fmt: skip
    t = reports.fisher_table(a, b)
    assert list(t.index) == [("2099", "big")]
    z = (np.arctanh(0.6) - np.arctanh(0.4)) / np.sqrt(2 / 100)
    assert t.loc[("2099", "big"), "z"] == pytest.approx(z)
    assert t.loc[("2099", "big"), "p (one-tailed)"] == pytest.approx(stats.norm.sf(z))
    assert isinstance(t, pd.DataFrame)


def test_fisher_table_keeps_both_pearsons_when_the_systems_share_a_name():
    a = {"2099": year("2099", "tokencos", [("big", 103, 0.6, 0.6)], 0.6, 0.6, 0.6)}
    b = {"2099": year("2099", "tokencos", [("big", 103, 0.4, 0.4)], 0.4, 0.4, 0.4)}
    row = reports.fisher_table(a, b).loc[("2099", "big")]
    assert {0.6, 0.4} <= set(row.to_numpy().tolist())


# --------------------------------------------------------------------------- readings for the prose

RUNS = pd.DataFrame({"ALLnorm": [0.58, 0.60, 0.59, 0.61]})  # mean 0.595, sd sqrt(0.0005 / 3) = 0.0129


def test_random_allnorm_reading_by_hand():
    own = ("Our 4 seeded runs give ALLnorm 0.5950 ± 0.0129; the expectation derived above is 0.6000, "
           "within two standard errors of the runs' mean.")
    assert reports.random_allnorm_reading(RUNS, 0.6, 0.5891, 0.0005, compare_published=False) == own
    # se = 0.0129 / 2 = 0.00645: 0.6 is 0.005 away (within), 0.62 is 0.025 away (outside)
    assert "0.6200, outside two standard errors" in reports.random_allnorm_reading(RUNS, 0.62, 0.5891, 0.0005, False)
    close = reports.random_allnorm_reading(RUNS, 0.6, 0.5891, 0.0005)
    assert close == own + (" The paper prints 0.5891 with a standard deviation of 0.0005 over its ten runs: "
                           "0.0059 below ours. That gap is 0.9 standard errors of a 4-run mean, "
                           "so it is within what chance gives.")
    far = reports.random_allnorm_reading(RUNS, 0.6, 0.65, 0.0005)
    assert "0.0550 above ours. That gap is 8.5 standard errors of a 4-run mean, so it is not chance." in far


def test_random_allnorm_reading_of_the_sample_runs(releases):
    runs = reports.random_allnorm(releases["2012"], runs=3)
    text = reports.random_allnorm_reading(runs, 0.5, 0.5891, 0.0005)
    assert text.startswith(f"Our 3 seeded runs give ALLnorm {runs['ALLnorm'].mean():.4f} ± "
                           f"{runs['ALLnorm'].std(ddof=1):.4f}")
    assert "nan" not in text


def test_variant_matches_counts_reproduced_figures():
    variants = pd.DataFrame({
        "year": ["2099", "2099", "2099", "2098"],
        "dataset": ["a", "b", "unpublished", "a"],
        "exact": [0.41234, 0.5, 0.9, 0.1],
        "loose": [0.4126, 0.49949, 0.9, 0.1],
    })  # fmt: skip
    published = {"2099": PublishedRow("2099", "tokencos", {"a": 0.412, "b": 0.5}, decimals=3)}
    t = reports.variant_matches(variants, published)
    assert list(t.index) == ["exact", "loose"] and t.index.name == "reading"
    assert t.loc["exact"].tolist() == [2, 2, "—"]  # "unpublished" and year 2098 are not counted
    assert t.loc["loose"].tolist() == [0, 2, "2099 a (0.413 for 0.412); 2099 b (0.499 for 0.500)"]


def test_variant_matches_on_the_sample_defaults_to_tokencos(releases):
    variants = reports.tokenization_variants(releases)
    t = reports.variant_matches(variants)
    assert list(t.index) == list(SPLIT_VARIANTS)
    published = sum(d in TOKENCOS[y].datasets for y, d in zip(variants["year"], variants["dataset"]))
    assert (t["of"] == published).all() and (t["reproduced"] == 0).all()  # invented sentences


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
