"""One embedding's STS figures beside its pyramid-test figures, on the sample STS releases and the
sample benchmark (built once for the module)."""

import pytest

from pyrabench import embeddings
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as paraphrase_evaluate
from pyrabench.reports import comparisons
from pyrabench.sts.evaluate import evaluate
from pyrabench.sts.releases import load_releases
from pyrabench.sts.systems import EmbeddingSystem

PYRAMID_COLUMNS = ["pyramid binary F1", "pyramid ranking success", "pyramid ranking MRR"]


@pytest.fixture(scope="module")
def releases(sample_root):
    return load_releases(root=sample_root)


@pytest.fixture(scope="module")
def bench(sample_root):
    return benchmark.build_from_root(sample_root)


@pytest.fixture(scope="module")
def table(releases, bench):
    return comparisons.embeddings_table(["random", "onehot"], releases, bench)


def expected_row(spec, releases, bench, seed=0):
    """The row recomputed task by task, each with the embedding loaded for its own texts."""
    texts = {s for r in releases.values() for d in r.available for s in (*d.sentences_a, *d.sentences_b)}
    texts |= set(paraphrase_evaluate.text_index(bench).texts)
    embedding = embeddings.load_embedding(spec, vocabulary=embeddings.vocabulary(sorted(texts)))
    row = {f"STS {y} Mean": yr.mean for y, yr in evaluate(EmbeddingSystem(spec, embedding), releases).items()}
    pyr = paraphrase_evaluate.evaluate(bench, embedding, seed=seed)
    row.update(dict(zip(PYRAMID_COLUMNS, (pyr["binary_f1"], pyr["ranking_success"], pyr["ranking_mrr"]))))
    return row


def test_one_row_per_embedding_sts_years_then_pyramid(table, releases):
    assert list(table.index) == ["random", "onehot"] and table.index.name == "embedding"
    assert list(table.columns) == [f"STS {y} Mean" for y in releases] + PYRAMID_COLUMNS
    assert list(releases) == ["2012", "2013", "2016"]


@pytest.mark.parametrize("spec", ["random", "onehot"])
def test_cells_are_the_tasks_figures(table, releases, bench, spec):
    assert table.loc[spec].to_dict() == pytest.approx(expected_row(spec, releases, bench))


def test_onehot_carries_signal_random_does_not(table):
    # the sample's STS pairs are scored by word overlap, and its questions' answers share words
    onehot, rnd = table.loc["onehot"], table.loc["random"]
    for y in ("2012", "2013", "2016"):
        assert onehot[f"STS {y} Mean"] > 0.8 > abs(rnd[f"STS {y} Mean"]) + 0.4
    assert onehot["pyramid ranking success"] > 0.6 and abs(rnd["pyramid ranking success"] - 0.25) < 0.05
    assert onehot["pyramid ranking MRR"] > rnd["pyramid ranking MRR"]


def test_without_a_benchmark_only_sts(table, releases):
    sts_only = comparisons.embeddings_table(["onehot"], releases)
    assert list(sts_only.columns) == [f"STS {y} Mean" for y in releases]
    # One-Hot's cosines do not depend on the benchmark's extra words in the vocabulary
    assert sts_only.loc["onehot"].to_dict() == pytest.approx(table.loc["onehot", sts_only.columns].to_dict())


def test_seed_reaches_the_pyramid_evaluation(releases, bench, table):
    one_year = {"2012": releases["2012"]}
    other = comparisons.embeddings_table(["onehot"], one_year, bench, seed=2)
    assert other.loc["onehot"].to_dict() == pytest.approx(expected_row("onehot", one_year, bench, seed=2))
    # the seed draws the threshold-fitting split: F moves, the ranking figures and STS do not
    assert other.loc["onehot", "pyramid binary F1"] != table.loc["onehot", "pyramid binary F1"]
    assert other.loc["onehot", "pyramid ranking MRR"] == table.loc["onehot", "pyramid ranking MRR"]
    assert other.loc["onehot", "STS 2012 Mean"] == pytest.approx(table.loc["onehot", "STS 2012 Mean"])
