"""STS analyses: on hand-made releases and results (values worked out in
tests/test_reports_sts.py) and on the bundled sample releases."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from test_reports_sts import A, B, BY_HAND, GOLD, TOY, dataset, releases, tokencos, year  # noqa: F401 - fixtures

from pyrabench.published import TOKENCOS, PublishedRow
from pyrabench.sts import analysis
from pyrabench.sts.evaluate import evaluate
from pyrabench.sts.systems import SPLIT_VARIANTS, RandomBaseline, TokenCos


def test_compare_with_published_on_a_fake_row():
    ours = {
        "2099": year("2099", "tokencos", [("toy", 6, 0.41234, 0.4), ("off", 6, 0.4994, 0.4), ("gone", 5, None, None)],
                     0.12344, 0.2, 0.3),
        "2098": year("2098", "tokencos", [("toy", 6, 0.5, 0.5)], 0.5, 0.5, 0.5),  # no published row
    }  # fmt: skip
    row = PublishedRow("2099", "tokencos", {"toy": 0.412, "off": 0.5, "gone": 0.25, "absent": 0.1},
                       mean=0.123, all=None, allnorm=0.31, decimals=3, source="fake table")
    t = analysis.compare_with_published(ours, {"2099": row, "2097": row})
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
    t = analysis.compare_with_published(tokencos)
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
    t = analysis.tokenization_variants({"2099": TOY})
    assert list(t.columns) == ["year", "dataset", *SPLIT_VARIANTS]
    assert list(t["dataset"]) == ["toy", "one"]  # "hidden" has no input
    toy = t.set_index("dataset").loc["toy"]
    gold = np.array(GOLD[:6])
    for label, scores in BY_HAND.items():
        assert toy[label] == pytest.approx(np.corrcoef(scores, gold)[0, 1]), label
    assert toy["lower-cased str.split()"] == pytest.approx(1.0)
    assert np.isnan(t.set_index("dataset").loc["one", "perl split /\\s+/"])  # one pair: no correlation
    custom = analysis.tokenization_variants({"2099": TOY}, {"first letter": lambda s: [s.strip()[:1]]})
    assert list(custom.columns) == ["year", "dataset", "first letter"]
    first = np.array([1, 1, 0, 0, 1, 1])  # "A" vs "a" differ; "c d" starts elsewhere
    assert custom.loc[0, "first letter"] == pytest.approx(np.corrcoef(first, gold)[0, 1])


def test_tokenization_variants_perl_reading_is_the_baseline(releases, tokencos):
    t = analysis.tokenization_variants(releases).set_index(["year", "dataset"])
    assert len(t) == sum(len(r.available) for r in releases.values())
    for y, yr in tokencos.items():
        for d in yr.datasets:
            if d.pearson is not None:
                assert t.loc[(y, d.name), "perl split /\\s+/"] == pytest.approx(d.pearson, abs=1e-12)
    msrpar = t.loc[("2012", "MSRpar")]  # stray spaces in the sample: the readings differ there
    assert msrpar["perl split /\\s+/"] != msrpar["split on single spaces"]


def test_random_allnorm_one_row_per_seed(releases):
    r12 = releases["2012"]
    t = analysis.random_allnorm(r12, runs=3)
    assert list(t.index) == [0, 1, 2] and t.index.name == "seed" and list(t.columns) == ["Mean", "ALL", "ALLnorm"]
    for seed in range(3):
        yr = evaluate(RandomBaseline(seed), {"2012": r12})["2012"]
        assert t.loc[seed].tolist() == [yr.mean, yr.all, yr.allnorm]
    assert t["ALLnorm"].nunique() == 3  # each seed draws different scores
    assert analysis.random_allnorm(r12, runs=3).equals(t)
    assert analysis.random_allnorm(r12, runs=2).equals(t.iloc[:2])


def test_interval_table_contains_the_estimate(releases, tokencos):
    some = {y: releases[y] for y in ("2012", "2013")}
    t = analysis.interval_table(TokenCos(), some, n_resamples=200)
    assert list(t.columns) == ["n", "pearson", "low", "high"] and t.index.names == ["year", "dataset"]
    expected = [(y, d.name) for y in some for d in tokencos[y].datasets if d.pearson is not None]
    assert list(t.index) == expected  # 2013 SMT cannot be scored
    for (y, name), r in t.iterrows():
        d = releases[y][name]
        assert r["n"] == d.n_scored
        assert r["pearson"] == pytest.approx(next(x.pearson for x in tokencos[y].datasets if x.name == name))
        assert r["low"] <= r["pearson"] <= r["high"] <= 1
    narrow = analysis.interval_table(TokenCos(), some, n_resamples=200, confidence=0.5)
    assert (narrow["low"] >= t["low"]).all() and (narrow["high"] <= t["high"]).all()
    assert (narrow["high"] - narrow["low"] < t["high"] - t["low"]).all()
    assert analysis.interval_table(TokenCos(), some, n_resamples=200).equals(t)  # seeded


def test_fisher_table_against_scipy(releases, tokencos):
    rnd = evaluate(RandomBaseline(0), releases)
    t = analysis.fisher_table(tokencos, rnd)
    assert list(t.columns) == ["n", "A: tokencos", "B: random", "z", "p (one-tailed)"]
    assert len(t) == sum(d.pearson is not None for yr in tokencos.values() for d in yr.datasets)
    for (y, name), r in t.iterrows():
        a = next(d for d in tokencos[y].datasets if d.name == name)
        b = next(d for d in rnd[y].datasets if d.name == name)
        assert (r["n"], r["A: tokencos"], r["B: random"]) == (a.n, a.pearson, b.pearson)
        z = (np.arctanh(a.pearson) - np.arctanh(b.pearson)) / np.sqrt(2 / (a.n - 3))
        assert r["z"] == pytest.approx(z)
        assert r["p (one-tailed)"] == pytest.approx(stats.norm.sf(z))
    reverse = analysis.fisher_table(rnd, tokencos)
    np.testing.assert_allclose(reverse["z"], -t["z"])
    np.testing.assert_allclose(reverse["p (one-tailed)"], 1 - t["p (one-tailed)"])


def test_fisher_table_skips_unscored_and_tiny_datasets():
    a = {"2099": year("2099", "a", [("big", 103, 0.6, 0.6), ("tiny", 3, 0.9, 0.9), ("none", 50, None, None)],
                      0.6, 0.6, 0.6)}
    b = {"2099": year("2099", "b", [("big", 103, 0.4, 0.4), ("tiny", 3, 0.1, 0.1), ("none", 50, 0.2, 0.2)],
                      0.4, 0.4, 0.4)}  # fmt: skip
    t = analysis.fisher_table(a, b)
    assert list(t.index) == [("2099", "big")]
    z = (np.arctanh(0.6) - np.arctanh(0.4)) / np.sqrt(2 / 100)
    assert t.loc[("2099", "big"), "z"] == pytest.approx(z)
    assert t.loc[("2099", "big"), "p (one-tailed)"] == pytest.approx(stats.norm.sf(z))
    assert isinstance(t, pd.DataFrame)


def test_fisher_table_keeps_both_pearsons_when_the_systems_share_a_name():
    a = {"2099": year("2099", "tokencos", [("big", 103, 0.6, 0.6)], 0.6, 0.6, 0.6)}
    b = {"2099": year("2099", "tokencos", [("big", 103, 0.4, 0.4)], 0.4, 0.4, 0.4)}
    row = analysis.fisher_table(a, b).loc[("2099", "big")]
    assert {0.6, 0.4} <= set(row.to_numpy().tolist())




def test_variant_matches_counts_reproduced_figures():
    variants = pd.DataFrame({
        "year": ["2099", "2099", "2099", "2098"],
        "dataset": ["a", "b", "unpublished", "a"],
        "exact": [0.41234, 0.5, 0.9, 0.1],
        "loose": [0.4126, 0.49949, 0.9, 0.1],
    })  # fmt: skip
    published = {"2099": PublishedRow("2099", "tokencos", {"a": 0.412, "b": 0.5}, decimals=3)}
    t = analysis.variant_matches(variants, published)
    assert list(t.index) == ["exact", "loose"] and t.index.name == "reading"
    assert t.loc["exact"].tolist() == [2, 2, "—"]  # "unpublished" and year 2098 are not counted
    assert t.loc["loose"].tolist() == [0, 2, "2099 a (0.413 for 0.412); 2099 b (0.499 for 0.500)"]


def test_variant_matches_on_the_sample_defaults_to_tokencos(releases):
    variants = analysis.tokenization_variants(releases)
    t = analysis.variant_matches(variants)
    assert list(t.index) == list(SPLIT_VARIANTS)
    published = sum(d in TOKENCOS[y].datasets for y, d in zip(variants["year"], variants["dataset"]))
    assert (t["of"] == published).all() and (t["reproduced"] == 0).all()  # invented sentences
