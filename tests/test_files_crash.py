"""Faults while writing and reading: a writer killed at random points, a full disk, two processes
on one cache entry, and inputs too large to read whole.

Every writer of the package goes through :func:`pyrabench.files.atomic_write` (a benchmark
through :func:`~pyrabench.files.atomic_directory`). Each is run in a forked child that kills itself
at each stage of a write (the temporary opened, half the bytes written, synced, before and after the
rename), so every outcome is asserted exactly on any machine; a few kills at seeded random times
follow. The parent reads what is there with the package's own reader, which must find one complete
version, never part of one.
A full disk is a file-size limit (``RLIMIT_FSIZE``, with ``SIGXFSZ`` ignored so that a write
fails with ``EFBIG``): the writer must raise an :class:`OutputError` naming the file and leave
nothing behind.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
import pytest

from pyrabench import cache, files
from pyrabench.data import ducview, judgments, sacrerouge
from pyrabench.errors import DataFormatError, OutputError
from pyrabench.paraphrase import store
from pyrabench.sts import outputs, releases

RANDOM_KILLS = 8  # per writer, beside the kills at each stage
SEED = 20260


@pytest.fixture(autouse=True)
def _cache_root(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.ENV_NO_CACHE, raising=False)


@dataclass
class Writer:
    """``write(i)`` writes version ``i % 2`` of ``path``; ``read()`` reads it back as the package
    does, returning a value to compare with ``versions``; leftovers are looked for in ``folder``."""

    path: Path
    write: Callable[[int], None]
    read: Callable[[], object]
    versions: tuple

    @property
    def folder(self) -> Path:
        return self.path.parent

    def leftovers(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir() if p.name != self.path.name)


def _bytes_of(path: Path) -> Callable[[], bytes]:
    return lambda: files.read_bytes(path)


def _exported(path: Path, write: Callable[[int], None]) -> Writer:
    """A writer of an export whose two versions are its bytes (each written once to learn them)."""
    versions = []
    for i in (0, 1):
        write(i)
        versions.append(path.read_bytes())
    assert versions[0] != versions[1]
    return Writer(path, write, _bytes_of(path), tuple(versions))


def _peer(sample_corpora):
    return next(p for c in sample_corpora.values() for p in c.peers if p.scus)


def _writers(kind: str, root: Path, sample_corpora, sample_bench) -> Writer:
    root.mkdir(parents=True, exist_ok=True)
    if kind == "pan":  # a DUCView peer annotation (the --write-pan export)
        peer, path = _peer(sample_corpora), root / "peer.pan"
        return _exported(path, lambda i: ducview.write_peer(peer, path, ducview.Header(), crlf=bool(i % 2)))
    if kind == "pyr":
        pyramid, path = _peer(sample_corpora).pyramid, root / "topic.pyr"
        return _exported(path, lambda i: ducview.write_pyramid(pyramid, path, ducview.Header(), crlf=bool(i % 2)))
    if kind == "sacrerouge":
        pyramids, path = [p for c in sample_corpora.values() for p in c.pyramids], root / "pyramids.jsonl"
        return _exported(path, lambda i: sacrerouge.write_pyramids(pyramids[: len(pyramids) - i % 2], path))
    if kind == "sts-output":
        scores, path = np.random.default_rng(0).uniform(0, 5, (2, 20_000)), root / "STS.output.x.txt"
        return _exported(path, lambda i: outputs.write_output(path, scores[i % 2]))
    if kind == "npz":  # a model or filtered vectors: an .npz cache entry
        words = [f"w{i}" for i in range(4000)]
        vectors = np.random.default_rng(1).standard_normal((2, 4000, 64)).astype(np.float32)
        path = cache.cache_dir("vectors") / "entry.npz"

        def read():
            return cache.cached(path, pytest.fail, None, cache.load_vectors)[1][0, 0]

        return Writer(path, lambda i: cache.save_vectors(path, words, vectors[i % 2]), read,
                      tuple(float(v[0, 0]) for v in vectors))
    if kind == "frame":  # a scoring result table: a sealed pickle
        frames = [pd.DataFrame({"x": np.arange(60_000) + k, "y": [[k]] * 60_000}) for k in (0, 1)]
        path = cache.cache_dir("scoring", "crash") / "key.pkl"

        def read():
            return int(cache.cached_frame("crash", "key", pytest.fail)["x"].iloc[0])

        return Writer(path, lambda i: cache.save_frame(path, frames[i % 2]), read, (0, 1))
    if kind == "benchmark":  # a built benchmark: a directory swapped in whole
        path = root / "bench"

        def read():
            loaded = store.load_benchmark(path)
            assert len(loaded.binary) == len(sample_bench.binary)
            return loaded.stats["format"]

        return Writer(path, lambda i: store.save(sample_bench, path, ("jsonl", "csv")[i % 2]), read, ("jsonl", "csv"))
    raise AssertionError(kind)


WRITERS = ("pan", "pyr", "sacrerouge", "sts-output", "npz", "frame", "benchmark")


def _fork(target: Callable[[], None]) -> tuple[int, int]:
    """``(pid, read end)`` of a child running ``target`` after writing one byte to the pipe; the
    child exits 0 if ``target`` returns, 1 on any exception (its text sent through the pipe)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            os.close(r)
            os.write(w, b".")
            target()
            code = 0
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            os.write(w, f"{type(exc).__name__}: {exc}".encode()[:4000])
        finally:
            os._exit(code)
    os.close(w)
    assert os.read(r, 1) == b"."
    return pid, r


def _forever(write: Callable[[int], None]) -> Callable[[], None]:
    def run():
        i = 0
        while True:
            write(i)
            i += 1

    return run


# --------------------------------------------------------------------------- kills at chosen stages

# Where a write is killed, in the order a write passes them. Each stage is a call the write makes
# (``hooks``): the child process SIGKILLs itself just before (``when="before"``) or just after it,
# at its first or its last occurrence in one write (a benchmark's directory holds files written
# atomically themselves: its own temporary is the first made, its own swap the last rename).
# ``half-written`` is the kernel's: a file-size limit of half the largest file sends SIGXFSZ when
# the write crosses it, with half the bytes on disk.
@dataclass(frozen=True)
class Stage:
    name: str
    hooks: tuple[str, ...] = ()
    when: str = "after"
    occurrence: str = "first"
    published: bool = False  # killed once the new version has its name


STAGES = (
    Stage("temporary-opened", ("tempfile.mkstemp", "tempfile.mkdtemp")),
    Stage("half-written"),
    Stage("synced", ("os.fsync",)),
    Stage("before-rename", ("os.replace", "os.rename", "files._exchange"), "before", "last"),
    Stage("renamed", ("os.replace", "os.rename", "files._exchange"), "after", "last", published=True),
)
_OWNERS = {"tempfile": tempfile, "os": os, "files": files}


def _hooked(hooks: tuple[str, ...], on_call: Callable[[str, Callable, tuple, dict], object]) -> list:
    """Replace each ``module.name`` of ``hooks`` by a wrapper calling ``on_call(name, real, args,
    kwargs)``; returns what to restore."""
    saved = []
    for hook in hooks:
        owner, name = hook.split(".")
        module = _OWNERS[owner]
        real = getattr(module, name)
        saved.append((module, name, real))
        setattr(module, name, lambda *a, _h=hook, _r=real, **k: on_call(_h, _r, a, k))
    return saved


def _restore(saved: list) -> None:
    for module, name, real in reversed(saved):
        setattr(module, name, real)


def _calls_in_one_write(writer: Writer, stage: Stage, version: int) -> int:
    """How many of ``stage``'s hooked calls one write of ``version`` makes (run in this process)."""
    count = 0

    def counting(_hook, real, args, kwargs):
        nonlocal count
        count += 1
        return real(*args, **kwargs)

    saved = _hooked(stage.hooks, counting)
    try:
        writer.write(version)
    finally:
        _restore(saved)
    return count


def _largest_file(path: Path) -> int:
    return max(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def _killed_at(stage: Stage, writer: Writer, version: int) -> Callable[[], None]:
    """The child's work: write ``version`` and die at ``stage`` (never return). Measured on the
    version in place, which it rewrites (write the old version after)."""
    if stage.name == "half-written":
        half = _largest_file(writer.path) // 2

        def run():
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            resource.setrlimit(resource.RLIMIT_FSIZE, (half, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)  # the kernel kills the writer at the limit
            writer.write(version)

        return run
    total = _calls_in_one_write(writer, stage, version)
    assert total, f"{stage.name}: the write never calls {stage.hooks}"
    target = 1 if stage.occurrence == "first" else total
    seen = 0

    def on_call(_hook, real, args, kwargs):
        nonlocal seen
        seen += 1
        if seen == target and stage.when == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if seen == target:
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    def run():
        _hooked(stage.hooks, on_call)
        writer.write(version)

    return run


@pytest.mark.parametrize("stage", STAGES, ids=[s.name for s in STAGES])
@pytest.mark.parametrize("kind", WRITERS)
def test_a_writer_killed_at_each_stage_leaves_the_old_version_or_the_new_one_whole(
        kind, stage, tmp_path, sample_corpora, sample_bench):
    """A kill before the rename leaves the old version and a stale temporary (swept by the next
    write); a kill after it, the new version. Deterministic: the child kills itself at the stage."""
    writer = _writers(kind, tmp_path / "out", sample_corpora, sample_bench)
    old, new = 0, 1
    writer.write(new)
    run = _killed_at(stage, writer, new)  # learns the new version's file sizes and hooked calls
    writer.write(old)
    pid, r = _fork(run)
    _, status = os.waitpid(pid, 0)
    error = os.read(r, 4000).decode()
    os.close(r)
    signal_expected = signal.SIGXFSZ if stage.name == "half-written" else signal.SIGKILL
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal_expected, (status, error)
    assert writer.read() == writer.versions[new if stage.published else old]
    if not stage.published:
        assert writer.leftovers(), "the killed write left no temporary: it was not killed inside the write"
    elif writer.path.is_file():
        assert writer.leftovers() == []  # the temporary took the name
    writer.write(old)  # the next write removes what the killed one left
    assert writer.leftovers() == [] and writer.read() == writer.versions[old]


@pytest.mark.parametrize("kind", WRITERS)
def test_a_writer_killed_at_random_times_leaves_a_complete_version(kind, tmp_path, sample_corpora, sample_bench):
    """Kills at seeded random times, wherever they land (the stages above are where they matter;
    how many land inside a write depends on the machine, so it is printed, never asserted)."""
    writer = _writers(kind, tmp_path / "out", sample_corpora, sample_bench)
    span = 2 * _seconds_per_write(writer)
    rng = random.Random(f"{SEED}-{kind}")
    mid_write = 0
    for _ in range(RANDOM_KILLS):
        pid, r = _fork(_forever(writer.write))
        time.sleep(rng.uniform(0, span))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        error = os.read(r, 4000).decode()
        os.close(r)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, error
        assert writer.read() in writer.versions  # the old version, or the new one, whole
        mid_write += bool(writer.leftovers())
    print(f"{kind}: {mid_write} of {RANDOM_KILLS} kills inside a write")
    writer.write(0)  # the next write removes what the killed ones left
    assert writer.leftovers() == [] and writer.read() == writer.versions[0]


def _seconds_per_write(writer: Writer) -> float:
    times = []
    for i in range(3):
        start = time.perf_counter()
        writer.write(i)
        times.append(time.perf_counter() - start)
    return sorted(times)[1]


def test_a_damaged_sealed_entry_is_never_read(tmp_path):
    """Every truncation and a flipped byte of a sealed table fail its check, so it is recomputed."""
    path = tmp_path / "t.pkl"
    df = pd.DataFrame({"x": range(100)})
    cache.save_frame(path, df)
    raw = path.read_bytes()
    rng = random.Random(SEED)
    for cut in sorted(rng.sample(range(len(raw)), 40)):
        path.write_bytes(raw[:cut])
        with pytest.raises(ValueError):
            cache.load_frame(path)
    flipped = bytearray(raw)
    flipped[len(raw) - 10] ^= 1
    path.write_bytes(bytes(flipped))
    with pytest.raises(ValueError, match="differ"):
        cache.load_frame(path)
    assert cache.cached(path, lambda: df, cache.save_frame, cache.load_frame).equals(df)
    assert cache.load_frame(path).equals(df)


def test_a_flipped_byte_in_an_npz_entry_is_caught_by_its_crc(tmp_path):
    path = tmp_path / "e.npz"
    cache.save_npz(path, a=np.arange(1000, dtype=np.int64))
    raw = bytearray(path.read_bytes())
    raw[raw.index(np.int64(500).tobytes())] ^= 1  # inside the array's data
    path.write_bytes(bytes(raw))
    value = cache.cached(path, lambda: {"a": np.arange(3)}, lambda p, v: cache.save_npz(p, **v), cache.load_npz)
    assert value["a"].tolist() == [0, 1, 2]


# --------------------------------------------------------------------------- a full disk


def _under_file_size_limit(write: Callable[[], None], limit: int) -> str:
    """The error ``write()`` raises in a child limited to files of ``limit`` bytes ('' if none)."""

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        write()

    pid, r = _fork(limited)
    _, status = os.waitpid(pid, 0)
    error = os.read(r, 4000).decode()
    os.close(r)
    assert os.WIFEXITED(status), status
    return error


@pytest.mark.parametrize("kind", WRITERS)
def test_a_full_disk_is_an_error_naming_the_file_and_leaves_nothing(kind, tmp_path, sample_corpora, sample_bench):
    writer = _writers(kind, tmp_path / "out", sample_corpora, sample_bench)
    writer.write(0)
    error = _under_file_size_limit(lambda: writer.write(1), limit=2048)
    assert error.startswith("OutputError: ") and "file too large" in error, error
    assert str(writer.folder) in error and ".tmp" not in error  # named where it belongs
    assert writer.leftovers() == [] and writer.read() == writer.versions[0]  # the old version, untouched


def test_a_full_disk_with_no_old_version_leaves_no_file(tmp_path):
    path = tmp_path / "new" / "x.txt"
    error = _under_file_size_limit(lambda: files.atomic_write(path, lambda p: p.write_bytes(b"x" * 10_000)), 1000)
    assert error == f"OutputError: {path}: cannot write the file: file too large (the file-size limit was reached, " \
                    "or the disk is full)"
    assert list(path.parent.iterdir()) == []


# --------------------------------------------------------------------------- concurrency


@pytest.mark.parametrize("kind", ["frame", "npz"])
def test_two_processes_computing_one_entry_both_succeed_and_leave_one(kind, tmp_path):
    df = pd.DataFrame({"x": np.arange(50_000)})
    for round_ in range(4):
        key = f"k{round_}"
        if kind == "frame":
            folder = cache.cache_dir("scoring", "both")

            def compute_and_check():
                time.sleep(0.05)
                assert cache.cached_frame("both", key, lambda: df).equals(df)
        else:
            folder = cache.cache_dir("npz-both")

            def compute_and_check():
                time.sleep(0.05)
                value = cache.cached(folder / f"{key}.npz", lambda: {"x": df["x"].to_numpy()},
                                     lambda p, v: cache.save_npz(p, **v), cache.load_npz)
                assert (value["x"] == df["x"].to_numpy()).all()

        children = [_fork(compute_and_check) for _ in range(2)]
        for pid, r in children:
            _, status = os.waitpid(pid, 0)
            error = os.read(r, 4000).decode()
            os.close(r)
            assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, error
        assert sorted(p.name for p in folder.iterdir() if p.name.startswith((key, f".{key}"))) == \
            [f"{key}.{'pkl' if kind == 'frame' else 'npz'}"]


def test_a_temporary_file_of_a_live_writer_is_not_swept(tmp_path):
    """A second writer of the same name leaves the first one's (locked) temporary file alone."""
    path = tmp_path / "x.txt"

    def first(tmp: Path) -> None:
        tmp.write_text("first")
        files.atomic_write(path, lambda p: p.write_text("second"))  # sweeps while the first writes
        assert tmp.read_text() == "first"

    files.atomic_write(path, first)
    assert path.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["x.txt"]


# --------------------------------------------------------------------------- size limits


def _sparse(path: Path, size: int = 1 << 30) -> Path:
    with open(path, "wb") as fh:
        fh.truncate(size)  # 1 GB on paper, no block on disk
    return path


@pytest.mark.parametrize("read", [
    files.read_bytes,
    files.read_utf8,
    lambda p: list(files.read_jsonl(p)),
    lambda p: sacrerouge.read_pyramids(p, "tac2008"),
    lambda p: ducview.read_pyramid(p, "duc2006", "D0601"),
    lambda p: releases.read_gold(p),
    lambda p: outputs.read_output(p),
    lambda p: judgments.read_content(p),
], ids=["read_bytes", "read_utf8", "read_jsonl", "sacrerouge", "ducview", "sts-gold", "sts-output", "judgments"])
def test_a_1gb_input_is_refused_with_the_limit(read, tmp_path):
    path = _sparse(tmp_path / "huge.txt")
    with pytest.raises(DataFormatError, match=r"1,073,741,824 bytes, larger than the 256 MiB limit") as exc:
        read(path)
    assert exc.value.path == str(path)


def test_a_1gb_stats_json_is_refused(tmp_path):
    _sparse(tmp_path / "stats.json")
    with pytest.raises(DataFormatError, match="256 MiB limit"):
        store.load_stats(tmp_path)


def test_a_jsonl_of_a_million_lines_is_streamed(tmp_path):
    """Peak memory while reading 10⁶ lines stays flat: reading the file whole held its bytes, its
    text and a list of 10⁶ line strings (~75 MB here)."""
    path = tmp_path / "big.jsonl"
    path.write_text("".join(f"{j}\n" for j in range(1_000_000)))
    code = (
        "import resource, sys\n"
        "from pyrabench.files import read_jsonl\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "n = sum(1 for _ in read_jsonl(sys.argv[1]))\n"
        "print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(files.__file__).parents[1]))
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env,
                          timeout=300, check=True)  # fmt: skip
    lines, grown_kib = map(int, done.stdout.split())
    assert lines == 1_000_000
    assert grown_kib < 8 * 1024, f"peak memory grew by {grown_kib} KiB"
