"""Benchmark the book build: per-chapter execution seconds with a cold cache, then a cached rebuild.

Targets (the project's, for a reader who rebuilds the book): executing the chapters with cold caches <= 300 s on the real data and <= 60 s
on the bundled sample; rebuilding every page with the notebook cache warm <= 30 s wall.

The book is built twice into a temporary folder (``jupyter-book build --path-output``), so the
repository's ``_build`` and its jupyter cache are left alone: first cold (an empty jupyter cache
and, unless ``--keep-package-cache``, an empty ``PYRABENCH_CACHE``, as on a fresh machine), then
``--all`` again on the warm caches. Per-chapter seconds are the execution times MyST-NB records
in the jupyter-cache database (``execution_seconds`` of each cache record).

    PYRABENCH_DATA=/path/to/data .venv/bin/python benchmarks/bench_book.py [--keep-package-cache]

Without ``PYRABENCH_DATA`` it builds the sample-data book and applies the 60 s target.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jupyter_cache import get_cache

ROOT = Path(__file__).resolve().parents[1]
COLD_TARGET = {"real data": 300.0, "sample data": 60.0}
CACHED_REBUILD_TARGET = 30.0


def jupyter_book() -> str:
    """The jupyter-book of this interpreter's environment (the project's .venv under `make`)."""
    beside = Path(sys.executable).with_name("jupyter-book")
    return str(beside) if beside.exists() else shutil.which("jupyter-book") or "jupyter-book"


def build(out: Path, env: dict, log: Path, *flags: str) -> float:
    """Wall seconds of one book build into ``out``; the build's output goes to ``log``."""
    start = time.perf_counter()
    with log.open("w") as handle:
        done = subprocess.run(
            [jupyter_book(), "build", str(ROOT), "--path-output", str(out), *flags],
            stdout=handle, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
        )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        print(log.read_text(errors="replace")[-3000:], file=sys.stderr)
        sys.exit(f"book build failed (exit {done.returncode}); log above")
    return seconds


def execution_seconds(out: Path) -> dict[str, float]:
    """Execution seconds per page, as MyST-NB recorded them in the jupyter cache."""
    cache = get_cache(out / "_build" / ".jupyter_cache")
    records = {}
    for record in cache.list_cache_records():
        page = Path(record.uri).resolve().relative_to(ROOT).as_posix()
        records[page] = float(record.data.get("execution_seconds") or 0.0)
    return dict(sorted(records.items()))


def verdict(value: float, target: float) -> str:
    return f"target <= {target:.0f} s: {'met' if value <= target else 'MISSED'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--keep-package-cache", action="store_true",
        help="use the existing PYRABENCH_CACHE (trained stand-ins, encoder outputs) instead of an empty one",
    )
    args = parser.parse_args()

    data = os.environ.get("PYRABENCH_DATA") or ""
    kind = "real data" if data else "sample data"
    print(f"book on the {kind}{f' ({data})' if data else ''}; cores: {os.cpu_count()}; "
          f"load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="bench-book-") as tmp:
        tmp = Path(tmp)
        env = dict(os.environ, PYRABENCH_DATA=data)
        if not args.keep_package_cache:
            env["PYRABENCH_CACHE"] = str(tmp / "pyrabench-cache")
        cold = build(tmp / "out", env, tmp / "cold.log")
        pages = execution_seconds(tmp / "out")
        warm = build(tmp / "out", env, tmp / "warm.log", "--all")

    width = max(map(len, pages), default=10)
    print(f"{'page':<{width}}  execution s (cold)")
    for page, seconds in pages.items():
        print(f"{page:<{width}}  {seconds:8.1f}")
    executed = sum(pages.values())
    print(f"{'total':<{width}}  {executed:8.1f}   {verdict(executed, COLD_TARGET[kind])}")
    print(f"cold build wall: {cold:.1f} s (execution + Sphinx)")
    print(f"cached rebuild wall (--all, warm jupyter cache): {warm:.1f} s   {verdict(warm, CACHED_REBUILD_TARGET)}")


if __name__ == "__main__":
    main()
