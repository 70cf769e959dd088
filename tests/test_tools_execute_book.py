"""tools/execute_book.py: which pages the build executes, and pages executed into the jupyter cache
that MyST-NB then finds (same hash), a failing page left to the build."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("tools_execute_book", ROOT / "tools" / "execute_book.py")
execute_book = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = execute_book
_spec.loader.exec_module(execute_book)

HEADER = "---\nfile_format: mystnb\nkernelspec: {name: python3, display_name: Python 3}\n---\n"  # a MyST-NB page


def page(path: Path, code: str, tags: str = "") -> Path:
    path.write_text(HEADER + f"\n# A page\n\n```{{code-cell}} ipython3\n{tags}{code}\n```\n", encoding="utf-8")
    return path


def test_the_pages_the_build_executes():
    pages = [p.relative_to(ROOT).as_posix() for p in execute_book.toc_pages(ROOT)]
    assert [p for p in pages if p.startswith("notebooks/")] == sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.md"))
    assert "book/references.md" not in pages  # no code cell
    assert execute_book.execute_settings(ROOT) == {"timeout": 1800, "allow_errors": False}


def test_executed_pages_are_the_ones_myst_nb_finds_cached_and_a_failure_is_left_out(tmp_path):
    from jupyter_cache import get_cache
    from myst_nb.core.read import myst_nb_reader_plugin

    good = page(tmp_path / "good.md", 'print("six", 2 * 3)', tags=":tags: [remove-input]\n")
    bad = page(tmp_path / "bad.md", "raise ValueError('planted')")
    failed, _ = execute_book.execute_pages([good, bad], tmp_path / "cache")
    assert failed == [str(bad)]
    cache = get_cache(str(tmp_path / "cache"))
    record = cache.match_cache_notebook(myst_nb_reader_plugin(str(good)))  # how the build looks it up
    (cell,) = [c for c in cache.get_cache_bundle(record.pk).nb.cells if c.cell_type == "code"]
    assert "six 6" in cell.outputs[0]["text"]
    with pytest.raises(KeyError):
        cache.match_cache_notebook(myst_nb_reader_plugin(str(bad)))
    assert execute_book.execute_pages([good], tmp_path / "cache")[0] == []  # cached: nothing to run


def test_the_context_follows_the_package_and_the_input_roots(tmp_path, monkeypatch):
    for name in execute_book.INPUT_ROOTS:
        monkeypatch.delenv(name, raising=False)
    package = tmp_path / "pyrabench"
    (package / "__pycache__").mkdir(parents=True)
    (package / "sample_data").mkdir()
    (package / "a.py").write_text("x = 1\n")
    (package / "sample_data" / "t.txt").write_text("sample\n")
    first = execute_book.context(tmp_path)
    (package / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"compiled")
    assert execute_book.context(tmp_path) == first  # byte code is not a source
    (package / "sample_data" / "t.txt").write_text("sample, edited\n")
    edited = execute_book.context(tmp_path)
    assert edited["package"] != first["package"]
    monkeypatch.setenv("PYRABENCH_DATA", str(tmp_path / "data"))
    assert execute_book.context(tmp_path) == {**edited, "inputs": {"PYRABENCH_DATA": str((tmp_path / "data").resolve())}}


def test_a_book_built_under_another_context_is_forgotten(tmp_path):
    """The jupyter cache and Sphinx's environment both go: with the environment kept, Sphinx would
    not read the unchanged pages again and their HTML would keep the old outputs."""
    from jupyter_cache import get_cache

    good = page(tmp_path / "good.md", "print(1)")
    build_dir = tmp_path / "_build"
    cache_path, environment = build_dir / ".jupyter_cache", build_dir / ".doctrees" / "environment.pickle"
    assert execute_book.refresh(build_dir, {"package": "a", "inputs": {}}) is False  # nothing built yet
    assert execute_book.execute_pages([good], cache_path)[0] == []
    environment.parent.mkdir(parents=True)
    environment.write_bytes(b"sphinx")
    assert execute_book.refresh(build_dir, {"package": "a", "inputs": {}}) is False
    assert not get_cache(str(cache_path)).list_unexecuted([str(good)]) and environment.exists()  # kept
    assert execute_book.refresh(build_dir, {"package": "a", "inputs": {"PYRABENCH_DATA": "/real"}}) is True
    assert get_cache(str(cache_path)).list_cache_records() == [] and not environment.exists()
    (cache_path / execute_book.STAMP).write_text("{torn")
    execute_book.execute_pages([good], cache_path)
    assert execute_book.refresh(build_dir, {"package": "a", "inputs": {"PYRABENCH_DATA": "/real"}}) is True
    environment.parent.mkdir(parents=True)
    environment.write_bytes(b"sphinx")  # pages built, their cache deleted by hand
    get_cache(str(cache_path)).clear_cache()
    assert execute_book.refresh(build_dir, {"package": "b", "inputs": {}}) is True and not environment.exists()


def test_pages_start_longest_first_by_the_cache_then_the_record_then_their_size(tmp_path):
    from jupyter_cache import get_cache

    root = tmp_path
    (root / "notebooks").mkdir()
    small = page(root / "notebooks" / "a_small.md", "print(1)")
    big = page(root / "notebooks" / "b_big.md", "print(2)\n" + "# padding\n" * 400)
    measured = page(root / "notebooks" / "c_measured.md", "print(3)")
    cache = get_cache(str(tmp_path / "cache"))
    recorded = {"notebooks/a_small.md": 120.0, "notebooks/gone.md": 999.0}
    seconds = execute_book.expected_seconds(cache, [small, big, measured], recorded, root)
    assert seconds[small] == 120.0  # the record beats the size
    assert seconds[big] == big.stat().st_size / 100.0 and seconds[measured] == measured.stat().st_size / 100.0
    assert execute_book.execute_pages([measured], tmp_path / "cache", root=root)[0] == []
    (record,) = cache.list_cache_records()
    took = record.data["execution_seconds"]
    assert execute_book.expected_seconds(cache, [measured], {"notebooks/c_measured.md": 999.0}, root)[measured] == took


def test_measured_seconds_outlive_an_emptied_cache_and_override_the_committed_record(tmp_path):
    good = page(tmp_path / "good.md", "print(1)")
    build_dir = tmp_path / "_build"
    cache_path = build_dir / ".jupyter_cache"
    committed = tmp_path / "page_seconds.json"
    committed.write_text('{"good.md": 500.0, "other.md": 7}')
    assert execute_book.recorded_seconds(build_dir, tmp_path, committed) == {"good.md": 500.0, "other.md": 7.0}
    execute_book.execute_pages([good], cache_path, root=tmp_path)
    measured = execute_book.remember_seconds(build_dir, cache_path, tmp_path)
    assert 0 < measured["good.md"] < 500
    execute_book.refresh(build_dir, {"package": "changed", "inputs": {}})  # empties the jupyter cache
    assert execute_book.recorded_seconds(build_dir, tmp_path, committed) == {**measured, "other.md": 7.0}
    (build_dir / execute_book.SECONDS).write_text("[torn")
    assert execute_book.recorded_seconds(build_dir, tmp_path, committed)["good.md"] == 500.0


def test_pages_are_handed_out_one_by_one_in_the_order_given(tmp_path, monkeypatch):
    """``Pool.map`` would cut 10 pages into chunks of 2 on 2 cores: the two longest pages could run
    one after the other on one core. Each page goes to the next free worker instead."""
    import multiprocessing

    from jupyter_cache import get_cache

    pages = [page(tmp_path / f"p{i}.md", f"print({i})") for i in range(10)]
    cache = get_cache(str(tmp_path / "cache"))
    for p in reversed(pages):
        cache.add_nb_to_project(str(p), read_data=execute_book.MYST_READER)
    handed = {}

    class Pool:
        def __init__(self, processes=None):
            handed["processes"] = processes

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def imap_unordered(self, worker, work, chunksize=1):
            handed.update(chunksize=chunksize, uris=[w.uri for w in work])
            return iter([(0 if not w.uri.endswith("p3.md") else 1, w.uri) for w in work])

    monkeypatch.setattr(multiprocessing, "Pool", Pool)
    order = [str(p) for p in pages]
    failed = execute_book.run_in_order(cache, order, timeout=30, allow_errors=False, processes=2)
    assert handed == {"processes": 2, "chunksize": 1, "uris": order} and failed == [str(pages[3])]


def test_the_committed_record_names_pages_of_the_book():
    """A renamed page would start by its size again: ``bench_book.py --record`` drops the old names."""
    recorded = execute_book._read_seconds(execute_book.RECORDED)
    pages = {p.relative_to(ROOT).as_posix() for p in execute_book.toc_pages(ROOT)}
    assert set(recorded) <= pages and all(s > 0 for s in recorded.values())
