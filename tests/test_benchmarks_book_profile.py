"""``bench_book.py --profile``: the cells it adds around a page, the functions it keeps, the report
it merges page by page."""

from __future__ import annotations

import cProfile
import json
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import _book_profile as bp  # noqa: E402

from pyrabench import text  # noqa: E402


def test_profiling_cells_go_around_the_page_and_come_out_again(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_markdown_cell("# t")])
    bp.instrument(nb, tmp_path / "stats.prof", tmp_path / "tally.json")
    assert len(nb.cells) == 4 and "enable()" in nb.cells[0].source and str(tmp_path / "stats.prof") in nb.cells[-1].source
    compile(nb.cells[0].source, "prologue", "exec")
    compile(nb.cells[-1].source, "epilogue", "exec")
    bp.strip(nb)
    assert [c.source for c in nb.cells] == ["x = 1", "# t"]


def _entry(tmp_path) -> dict:
    profiler = cProfile.Profile()
    profiler.enable()
    text.words_many(["The cat sat.", "A dog ran."])
    profiler.disable()
    profiler.dump_stats(tmp_path / "stats.prof")
    tally = {"minilm asked": [1, 10, 2.0], "minilm encoded": [1, 4, 2.0], "minilm load": [1, 0, 1.5],
             "wmf fold-in": [2, 30, 0.5]}
    (tmp_path / "tally.json").write_text(json.dumps(tally))
    cells = [(1.5, "p.md", 1, "import x"), (0.01, "p.md", 2, "y = `1`")]
    return bp.page_profile(cells, tmp_path / "stats.prof", tmp_path / "tally.json", 1.51, 1.2)


def test_a_page_profile_keeps_the_package_functions_and_counts_the_encoders(tmp_path):
    entry = _entry(tmp_path)
    names = [f["function"] for f in entry["package_cumulative"]]
    assert "pyrabench.text:words_many" in names and all(n.startswith("pyrabench.") for n in names)
    cumulative = [f["cumulative_s"] for f in entry["package_cumulative"]]
    assert cumulative == sorted(cumulative, reverse=True)
    assert entry["cells"][0] == {"cell": 1, "seconds": 1.5, "first_line": "import x"}
    assert entry["encoders"]["minilm encoded"]["texts_per_second"] == 2.0
    assert entry["encoders"]["wmf fold-in"]["texts_per_second"] == 60.0


def test_the_report_replaces_a_page_and_keeps_the_others(tmp_path):
    report = tmp_path / "book_profile.md"
    entry = _entry(tmp_path)
    machine = {"date": "2026-01-01 00:00", "load": 1.0, "cores": 2}
    bp.merge("real data", "cold", {"a.md": entry, "b.md": entry}, machine, report)
    data = bp.merge("real data", "cold", {"a.md": {**entry, "seconds": 9.0}}, machine, report)
    assert data["real data"]["cold"]["a.md"]["seconds"] == 9.0 and data["real data"]["cold"]["b.md"]["seconds"] == 1.5
    bp.write_markdown(data, report)
    md = report.read_text()
    assert "## real data, cold" in md and "10.5 s summed over the 2 page(s)" in md
    assert "MiniLM asked 10 texts in 1 calls, encoded 4 (2.0 s, 2 texts/s; model load 1.5 s)" in md
    assert "`y = '1'`" not in md  # under 0.05 s: left out
    assert "**The figures are indicative**" in md
