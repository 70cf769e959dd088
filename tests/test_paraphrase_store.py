"""The benchmark on disk: its dataset card loads as a Hugging Face dataset, offline, in every format."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml

from pyrabench.dataroot import resolve
from pyrabench.paraphrase import build as benchmark_mod
from pyrabench.paraphrase import store


@pytest.fixture(scope="module")
def bench(sample_root):
    return benchmark_mod.build_from_root(resolve(sample_root))


def front_matter(card: str) -> dict:
    assert card.startswith("---\n")
    return yaml.safe_load(card.split("---\n", 2)[1])


@pytest.mark.parametrize("fmt", store.FORMATS)
def test_card_declares_both_tests(bench, tmp_path, fmt):
    store.save(bench, tmp_path, fmt)
    card = (tmp_path / "README.md").read_text(encoding="utf-8")
    meta = front_matter(card)
    assert [c["config_name"] for c in meta["configs"]] == ["binary", "ranking"]
    for config in meta["configs"]:
        (files,) = config["data_files"]
        assert files == {"split": "test", "path": f"{config['config_name']}.{fmt}"}
        assert (tmp_path / files["path"]).is_file()
    info = {i["config_name"]: i for i in meta["dataset_info"]}
    for name, df in (("binary", bench.binary), ("ranking", bench.ranking)):
        assert [f["name"] for f in info[name]["features"]] == list(df.columns)  # every column, in order
        assert info[name]["splits"][0]["num_examples"] == len(df)
    types = {f["name"]: f["dtype"] for f in info["binary"]["features"]}
    assert types["text_a"] == "string" and types["shared_words"] == "int64"
    assert types["label"] == {"class_label": {"names": {"0": "different SCUs", "1": "same SCU (paraphrase)"}}}
    assert meta["license"] == "other" and "sentence-similarity" in meta["task_categories"]
    assert "## Licence" in card and "may not be redistributed" in card
    assert 'load_dataset("path/to/this/directory", "ranking", split="test")' in card
    assert f"binary.{fmt}" in card.split("```python")[2]  # the pandas snippet reads this format


def test_card_follows_the_format_of_a_resave(bench, tmp_path):
    store.save(bench, tmp_path / "a", "jsonl")
    again = store.load_benchmark(tmp_path / "a")
    store.save(again, tmp_path / "b", "parquet")
    meta = front_matter((tmp_path / "b" / "README.md").read_text(encoding="utf-8"))
    assert meta["configs"][0]["data_files"][0]["path"] == "binary.parquet"


def test_card_is_deterministic(bench, tmp_path):
    store.save(bench, tmp_path / "a", "csv")
    store.save(bench, tmp_path / "b", "csv")
    assert (tmp_path / "a" / "README.md").read_bytes() == (tmp_path / "b" / "README.md").read_bytes()


LOAD_ALL = """
import json, sys
from datasets import load_dataset
out = {}
for directory, cache in zip(sys.argv[1::2], sys.argv[2::2]):
    for name in ("binary", "ranking"):
        ds = load_dataset(directory, name, split="test", cache_dir=cache)
        out[directory + "/" + name] = {"rows": ds.to_pandas().astype(str).to_dict("list"),
                                       "label": str(ds.features.get("label", "")),
                                       "size": ds.data.nbytes}
print(json.dumps(out))
"""


def test_load_dataset_offline_in_every_format(bench, tmp_path):
    """``datasets.load_dataset(DIR, "binary")`` and ``(DIR, "ranking")`` on a fresh build, with
    the hub switched off, give the rows pandas reads back, in jsonl, parquet and csv."""
    pytest.importorskip("datasets")
    argv = []
    for fmt in store.FORMATS:
        store.save(bench, tmp_path / fmt, fmt)
        argv += [str(tmp_path / fmt), str(tmp_path / f"hf-cache-{fmt}")]
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf-home")}
    done = subprocess.run([sys.executable, "-c", LOAD_ALL, *argv], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Ignoring part of dataset_info" not in done.stderr  # the YAML is complete
    loaded = json.loads(done.stdout)
    for fmt in store.FORMATS:
        info = {i["config_name"]: i for i in front_matter((tmp_path / fmt / "README.md").read_text())["dataset_info"]}
        for name, df in (("binary", bench.binary), ("ranking", bench.ranking)):
            got = loaded[f"{tmp_path / fmt}/{name}"]
            assert got["rows"] == df.astype(str).to_dict("list"), (fmt, name)
            assert info[name]["splits"][0]["num_bytes"] == got["size"]  # the card's size: the loaded Arrow table's
        assert "same SCU (paraphrase)" in loaded[f"{tmp_path / fmt}/binary"]["label"]


@pytest.mark.parametrize("values, dtype", [
    ([], "string"), (["a", "bcé", ""], "string"), (["x", None], "string"), ([None], "string"),
    ([True] * 9, "bool"), ([True, None] * 5, "bool"), ([], "bool"),
    ([1, 2, 3], "int64"), ([1, None], "int64"), ([1.5, float("nan")], "float64"),
])
def test_arrow_sizes_are_counted_as_pyarrow_counts_them(values, dtype):
    pa = pytest.importorskip("pyarrow")  # the count needs no pyarrow; checking it does
    assert store._arrow_nbytes(values, dtype) == pa.array(values, type=getattr(pa, "bool_" if dtype == "bool" else dtype)()).nbytes
