"""The committed reports of the study scripts (``benchmarks/_report.py``): Markdown and JSON with the
same figures, no machine's folder, the same bytes on rerun, nothing written on the sample."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import _report as report  # noqa: E402


def test_markdown_table_formats_floats_nan_and_a_named_index():
    frame = pd.DataFrame({"a": [0.12345, np.nan], "b|c": ["x|y", "z"]}, index=pd.Index(["r1", "r2"], name="row"))
    assert report.markdown_table(frame).splitlines() == [
        "| row | a | b\\|c |", "|---|---|---|", "| r1 | 0.123 | x\\|y |", "| r2 | — | z |"]
    wide = pd.DataFrame([[1.0, 2.0]], columns=pd.MultiIndex.from_tuples([("x", "r"), ("y", "τ")]))
    assert report.markdown_table(wide).splitlines()[0] == "| x / r | y / τ |"  # a plain range index left out
    turned = pd.DataFrame({"a": [1.0], "b": [2.0]}, index=pd.Index(["r1"], name="held out")).T
    assert report.markdown_table(turned).splitlines() == ["| held out | r1 |", "|---|---|", "| a | 1.000 |",
                                                          "| b | 2.000 |"]


def test_report_written_on_real_data_only_and_the_same_bytes_twice(tmp_path):
    real = SimpleNamespace(is_sample=False, path=tmp_path / "secret-folder")
    table = pd.DataFrame({"lever": ["a"], "f1": [np.float64(0.1234567)], "ece": [np.nan]})
    args = ("t", "A title", "What was measured.", "python benchmarks/bench_t.py", real,
            [("Table", table.set_index("lever")), ("Words", "Some text.")], {"table": table, "n": np.int64(3)})
    md, js = report.write_report(*args, folder=tmp_path)
    first = md.read_bytes(), js.read_bytes()
    report.write_report(*args, folder=tmp_path)
    assert (md.read_bytes(), js.read_bytes()) == first
    text = md.read_text(encoding="utf-8")
    assert text.startswith("# A title\n\nWhat was measured.\n\nRerun: `python benchmarks/bench_t.py`.")
    assert "| lever | f1 | ece |" in text and "| a | 0.123 | — |" in text and "## Words\n\nSome text." in text
    assert "secret-folder" not in text + js.read_text(encoding="utf-8")
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data == {"title": "A title", "data": "real", "n": 3,
                    "table": [{"lever": "a", "f1": 0.123457, "ece": None}]}
    sample = SimpleNamespace(is_sample=True, path=tmp_path)
    assert report.write_report("s", "S", "", "cmd", sample, [], {}, folder=tmp_path) is None
    assert not (tmp_path / "s.md").exists()
