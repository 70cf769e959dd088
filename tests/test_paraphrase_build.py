"""Building, exporting and loading the benchmark on the bundled sample."""

import json

import pandas as pd
import pytest
from test_paraphrase_pairs import TOY, make_pyramid, no_labels

from pyrabench.errors import DataFormatError, MissingDataError, UnknownNameError
from pyrabench.files import atomic_write
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import store
from pyrabench.paraphrase.policy import PRESETS, Policy


@pytest.fixture(scope="module")
def bench(sample_bench):
    return sample_bench


def test_contract_columns(bench):
    assert set(store.BINARY_REQUIRED) <= set(bench.binary.columns)
    assert set(store.RANKING_REQUIRED) <= set(bench.ranking.columns)
    assert set(bench.binary.label.unique()) == {0, 1}
    assert bench.binary.label.dtype == "int64"
    assert bench.binary.pair_id.is_unique and bench.ranking.question_id.is_unique


def test_stats_agree_with_the_tables(bench):
    s = bench.stats
    assert s["overall"]["positive_pairs"] == int((bench.binary.label == 1).sum())
    assert s["overall"]["negative_pairs"] == int((bench.binary.label == 0).sum())
    assert s["overall"]["total_pairs"] == len(bench.binary)
    assert s["overall"]["ranking_questions"] == len(bench.ranking)
    for name, entry in s["corpora"].items():
        assert entry["positive_pairs"] == int(((bench.binary.corpus == name) & (bench.binary.label == 1)).sum())
        assert entry["constraints"]["negative"]["kept"] == entry["negative_pairs"]
    assert sum(e["total_pairs"] for e in s["corpora"].values()) == s["overall"]["total_pairs"]
    assert s["paper"]["total_pairs"] == 197619 == s["paper"]["positive_pairs"] + s["paper"]["negative_pairs"]
    table = store.stats_table(s)
    assert "overall" in table.index and "paper (duc2005-2007)" in table.index


@pytest.mark.parametrize("fmt", store.FORMATS)
def test_save_load_round_trip_and_bytes(bench, sample_corpora, tmp_path, fmt):
    files = store.save(bench, tmp_path / "a", fmt)
    assert {f.name for f in files} == {f"binary.{fmt}", f"ranking.{fmt}", "stats.json", "README.md"}
    loaded = store.load_benchmark(tmp_path / "a")
    pd.testing.assert_frame_equal(loaded.binary, bench.binary, check_dtype=False)
    pd.testing.assert_frame_equal(loaded.ranking, bench.ranking, check_dtype=False)
    assert loaded.binary.label.dtype == "int64"
    assert loaded.stats["format"] == fmt and "\n# Pyramid paraphrase benchmark\n" in loaded.card
    assert loaded.policy == Policy()
    # same inputs + policy -> identical bytes
    store.save(benchmark.build(sample_corpora), tmp_path / "b", fmt)
    for f in files:
        assert f.read_bytes() == (tmp_path / "b" / f.name).read_bytes(), f.name
    assert not list((tmp_path / "a").glob(".*tmp"))


def test_loads_with_datasets(bench, tmp_path):
    datasets = pytest.importorskip("datasets")
    for fmt, builder in (("jsonl", "json"), ("parquet", "parquet"), ("csv", "csv")):
        store.save(bench, tmp_path / fmt, fmt)
        ds = datasets.load_dataset(builder, data_files=str(tmp_path / fmt / f"binary.{fmt}"), split="train")
        assert ds.num_rows == len(bench.binary)
        assert set(store.BINARY_REQUIRED) <= set(ds.column_names)


def test_card_has_schema_policy_counts(bench):
    card = bench.card
    for needle in ("## Schema", "## Policy", "## Counts", "pair_id", "distractor_1..3", "include_labels", "paper"):
        assert needle in card


def test_atomic_write_leaves_no_partial_file(tmp_path):
    target = tmp_path / "x.json"

    def boom(p):
        p.write_text("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(target, boom)
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_load_errors(tmp_path):
    with pytest.raises(MissingDataError):
        store.load_benchmark(tmp_path)
    (tmp_path / "stats.json").write_text("{not json")
    with pytest.raises(DataFormatError):
        store.load_benchmark(tmp_path)
    (tmp_path / "stats.json").write_text(json.dumps({"corpora": {}, "overall": {}, "paper": {}, "missing": [], "format": "xml"}))
    with pytest.raises(DataFormatError):
        store.load_benchmark(tmp_path)


def test_unknown_format_and_corpus(bench, tmp_path):
    with pytest.raises(UnknownNameError):
        store.save(bench, tmp_path, "xml")
    with pytest.raises(UnknownNameError):
        benchmark.corpora_from_root(names=["duc1999"])


def test_build_from_pyramids_and_empty_tests(tmp_path):
    b = benchmark.build([TOY, make_pyramid({1: ("", ["one two"])}, corpus="empty", topic="E")], no_labels())
    assert set(b.stats["corpora"]) == {"toy", "empty"}
    assert b.stats["corpora"]["empty"]["total_pairs"] == 0
    assert b.stats["missing"] == ["duc2005", "duc2006", "duc2007"]
    e = benchmark.build([make_pyramid({1: ("", ["one two"])}, corpus="empty", topic="E")])
    store.save(e, tmp_path, "jsonl")
    loaded = store.load_benchmark(tmp_path)
    assert len(loaded.binary) == 0 and list(loaded.ranking.columns) == store.RANKING_REQUIRED


def test_preset_in_stats_and_card(sample_corpora, tmp_path):
    paper = benchmark.build(sample_corpora)
    assert paper.stats["preset"] == "paper" and paper.stats["preset_changes"] == {}
    assert "Generation preset `paper`" in paper.card and "| item_text | span |" in paper.card
    literal = benchmark.build(sample_corpora, PRESETS["literal"].with_(seed=3))
    assert literal.stats["preset"] == "literal" and literal.stats["preset_changes"] == {"seed": 3}
    assert "Generation preset `literal` with changes" in literal.card
    store.save(literal, tmp_path)
    loaded = store.load_benchmark(tmp_path)
    assert loaded.policy == PRESETS["literal"].with_(seed=3) and loaded.stats["preset"] == "literal"
