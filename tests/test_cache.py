"""The one cache: keys, atomic entries, an unreadable entry recomputed."""

from __future__ import annotations

import multiprocessing

import numpy as np
import pandas as pd
import pytest

from pyrabench import cache


@pytest.fixture(autouse=True)
def _cache_root(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_NO_CACHE, raising=False)


def test_fingerprint_depends_on_items_and_string_order():
    assert cache.fingerprint("a", strings=["x", "y"]) == cache.fingerprint("a", strings=["x", "y"])
    assert cache.fingerprint("a", strings=["x", "y"]) != cache.fingerprint("a", strings=["y", "x"])
    assert cache.fingerprint("a") != cache.fingerprint("b")
    # the separators keep ("ab",) and ("a", "b") apart
    assert cache.fingerprint(strings=["ab"]) != cache.fingerprint(strings=["a", "b"])


def test_cache_dir_is_under_the_variable(tmp_path):
    assert cache.cache_dir("x", "y") == tmp_path / "cache" / "x" / "y"
    assert (tmp_path / "cache" / "x" / "y").is_dir()


def test_cached_computes_once_then_reads(tmp_path):
    calls = []

    def compute():
        calls.append(1)
        return {"a": np.arange(3)}

    path = cache.cache_dir("t") / "e.npz"
    save = lambda p, v: cache.save_npz(p, **v)  # noqa: E731
    first = cache.cached(path, compute, save, cache.load_npz)
    second = cache.cached(path, compute, save, cache.load_npz)
    assert len(calls) == 1
    np.testing.assert_array_equal(first["a"], second["a"])
    assert [p.name for p in path.parent.iterdir()] == ["e.npz"]  # no temporary left


@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 truncated", b"not a zip at all"])
def test_an_unreadable_entry_is_recomputed_and_replaced(damage):
    path = cache.cache_dir("t") / "e.npz"
    path.write_bytes(damage)
    value = cache.cached(path, lambda: {"a": np.ones(2)}, lambda p, v: cache.save_npz(p, **v), cache.load_npz)
    np.testing.assert_array_equal(value["a"], np.ones(2))
    np.testing.assert_array_equal(cache.load_npz(path)["a"], np.ones(2))


def test_a_truncated_npz_entry_is_recomputed():
    path = cache.cache_dir("t") / "e.npz"
    cache.save_npz(path, a=np.arange(1000))
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    value = cache.cached(path, lambda: {"a": np.arange(5)}, lambda p, v: cache.save_npz(p, **v), cache.load_npz)
    assert value["a"].tolist() == list(range(5))


def test_cached_frame_round_trip_and_damaged_pickle():
    df = pd.DataFrame({"x": [1, 2], "y": [[1], [2, 3]]})
    calls = []

    def compute():
        calls.append(1)
        return df

    out = cache.cached_frame("k", "key", compute)
    assert out.equals(df)
    assert cache.cached_frame("k", "key", compute).equals(df) and len(calls) == 1
    (cache.cache_dir("scoring", "k") / "key.pkl").write_bytes(b"\x80\x04garbage")
    assert cache.cached_frame("k", "key", compute).equals(df) and len(calls) == 2


def test_cached_result_round_trip_damaged_entry_and_no_cache(monkeypatch):
    value = {"duc2006": {"levels": {"system": {"auto": {"pearson": 0.5, "ci": {"pearson": [0.25, 0.75]}}}}}}
    calls = []

    def compute():
        calls.append(1)
        return value

    assert cache.cached_result("r", "key", compute) == value
    assert cache.cached_result("r", "key", compute, lock=True) == value and len(calls) == 1
    path = cache.cache_dir("scoring", "r") / "key.pkl"
    path.write_bytes(path.read_bytes()[:-1] + b"\x00")  # the seal no longer matches: recomputed
    assert cache.cached_result("r", "key", compute) == value and len(calls) == 2
    monkeypatch.setenv(cache.ENV_NO_CACHE, "1")
    assert cache.cached_result("r", "other", compute) == value and len(calls) == 3
    assert not (cache.cache_dir("scoring", "r") / "other.pkl").exists()


def test_no_cache_variable_bypasses_reads_and_writes(monkeypatch):
    monkeypatch.setenv(cache.ENV_NO_CACHE, "1")
    cache.cached_frame("k", "key", lambda: pd.DataFrame({"x": [1]}))
    assert not (cache.cache_dir("scoring", "k") / "key.pkl").exists()


def test_vectors_round_trip():
    path = cache.cache_dir("t") / "v.npz"
    cache.save_vectors(path, ["a", "ü"], np.eye(2))
    words, vectors = cache.load_vectors(path)
    assert words == ["a", "ü"] and vectors.dtype == np.float32


def _first(path, marks, lock, started, release):
    """Computes the entry and holds it (and, with ``lock``, the entry's lock) until ``release``."""
    def compute():
        with open(marks, "a") as fh:
            fh.write("computed\n")
        started.set()
        release.wait(60)  # a safety bound only: the test sets it as soon as the second one is ready
        return {"a": np.arange(4)}

    value = cache.cached(path, compute, lambda p, v: cache.save_npz(p, **v), cache.load_npz, lock=lock)
    assert value["a"].tolist() == [0, 1, 2, 3]


def _second(path, marks, lock, ready, blocked):
    """Asks for the same entry while the first process computes it; sets ``blocked`` when its
    lock request finds the lock taken, ``ready`` once it is blocked there or computing itself."""
    import fcntl
    import types

    def flock(fd, operation):
        try:
            fcntl.flock(fd, operation | fcntl.LOCK_NB)
        except BlockingIOError:
            blocked.set()
            ready.set()
            fcntl.flock(fd, operation)

    cache.fcntl = types.SimpleNamespace(flock=flock, LOCK_EX=fcntl.LOCK_EX, LOCK_NB=fcntl.LOCK_NB)

    def compute():
        with open(marks, "a") as fh:
            fh.write("computed\n")
        ready.set()
        return {"a": np.arange(4)}

    value = cache.cached(path, compute, lambda p, v: cache.save_npz(p, **v), cache.load_npz, lock=lock)
    assert value["a"].tolist() == [0, 1, 2, 3]


def _race(tmp_path, lock: bool) -> tuple[int, bool]:
    """Two processes ask for one entry, the second while the first is computing it (events, no
    sleeps): how many computed it, and whether the second found the lock taken."""
    path, marks = cache.cache_dir("t") / "e.npz", tmp_path / "marks"
    ctx = multiprocessing.get_context("fork")
    started, release, ready, blocked = (ctx.Event() for _ in range(4))
    first = ctx.Process(target=_first, args=(path, marks, lock, started, release))
    first.start()
    assert started.wait(60)
    second = ctx.Process(target=_second, args=(path, marks, lock, ready, blocked))
    second.start()
    assert ready.wait(60)  # the second is blocked on the lock, or computing the entry itself
    release.set()
    for p in (first, second):
        p.join(60)
    assert [p.exitcode for p in (first, second)] == [0, 0]
    assert cache.load_npz(path)["a"].tolist() == [0, 1, 2, 3]
    return marks.read_text().count("computed"), blocked.is_set()


def test_with_a_lock_a_second_process_waits_and_reads_the_entry(tmp_path):
    """``cached(..., lock=True)``: the second process waits for the first and reads its entry, so the
    entry is computed once."""
    assert _race(tmp_path, lock=True) == (1, True)


def test_without_the_lock_both_processes_compute_the_entry(tmp_path):
    """The control: the same two processes without the lock both compute the entry, so the test
    above sees the lock at work, not a schedule that happened to keep them apart."""
    assert _race(tmp_path, lock=False) == (2, False)
