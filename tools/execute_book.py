"""Execute the book's pages in parallel into the jupyter cache, before ``jupyter-book build``.

``make book`` runs this first: every page of ``_toc.yml`` that runs code and is not cached yet is
executed by jupyter-cache's parallel executor (one kernel per page, as many at a time as there
are cores), into the cache ``execute_notebooks: cache`` reads
(``<output>/_build/.jupyter_cache``). The build then finds every page cached and executes nothing.
The pages are read as MyST-NB reads them (its ``myst_nb_md`` reader), so the cache's hashes of
their code are the ones the build computes.

**Longest first.** Pages start longest first, one at a time as a core frees up, so the longest
chapter does not start last and the wall time approaches the sum over two cores. A page's
expected time is, in this order: its execution time in the jupyter cache; its last measured time
in this output folder (``_build/page-seconds.json``, written after every run, kept when the cache
is emptied); the committed record of a cold build on the real data (:data:`RECORDED`, page path →
seconds; ``benchmarks/bench_book.py --parallel --record`` rewrites it); else its size (a proxy:
the size of a page says little of what its cells compute). jupyter-cache's own executor hands
out pages with ``Pool.map``, whose chunks pair pages once there are more than four a core (the
two longest could run one after the other on one core): the pages are handed out one by one
here instead.

The cache keys a page by its code cells alone, so a page whose code is unchanged would keep the
outputs of another package version or another data root. The script therefore stamps the cache
with what else the outputs depend on (:func:`context`: the package's files, the bundled sample,
the data root and the other input roots) and empties it when that changes, with Sphinx's
environment (``_build/.doctrees``), which would otherwise keep the built pages whose sources did not
change; the package's own cache keeps the re-execution warm.

A page that fails is not cached: this script reports it and exits 0, and the build executes it
again and reports the error as it always does (``-W`` fails on it). Kernels run with
``PYRABENCH_ENCODER_THREADS=1`` unless set: side by side on a few cores, a one-thread encoder
wastes no CPU waiting on its threads (``pyrabench.embeddings.sentence_encoder``). Chapters share
the package cache, which is process-safe (``pyrabench.cache``).

    python tools/execute_book.py [--path-output DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import jupytext
import yaml
from jupyter_cache import get_cache

ROOT = Path(__file__).resolve().parents[1]
MYST_READER = {"type": "plugin", "name": "myst_nb_md"}  # MyST-NB's reader, as the build reads .md pages
ENV_THREADS = "PYRABENCH_ENCODER_THREADS"  # pyrabench.embeddings.sentence_encoder.ENV_THREADS (no torch import here)
#: The variables naming the inputs a page reads (data root, vectors, WMF's training corpus).
INPUT_ROOTS = ("PYRABENCH_DATA", "PYRABENCH_VECTORS", "PYRABENCH_WORDNET", "PYRABENCH_BROWN")
STAMP = "pyrabench-context.json"
SECONDS = "page-seconds.json"  # in <output>/_build: page path → seconds last measured there
RECORDED = ROOT / "tools" / "page_seconds.json"  # committed: page path → seconds, a cold real-data build


def toc_pages(root: Path = ROOT) -> list[Path]:
    """The pages of ``_toc.yml`` in book order that the build executes: a MyST page with code
    cells or an ``.ipynb`` the build wrote, unless it turns execution off (``mystnb:
    execution_mode: off``, the student assignments)."""
    toc = yaml.safe_load((root / "_toc.yml").read_text())
    files = [toc["root"]]

    def walk(entries):
        for e in entries or []:
            if "file" in e:
                files.append(e["file"])
            walk(e.get("sections"))

    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    pages = []
    for f in files:
        for suffix in (".md", ".ipynb"):
            path = root / f"{f}{suffix}"
            if path.exists() and (suffix == ".ipynb" or "{code-cell}" in path.read_text(encoding="utf-8")):
                if jupytext.read(path).metadata.get("mystnb", {}).get("execution_mode") != "off":
                    pages.append(path)
                break
    return pages


def execute_settings(root: Path = ROOT) -> dict:
    """``timeout`` and ``allow_errors`` of ``_config.yml``'s ``execute`` section."""
    execute = (yaml.safe_load((root / "_config.yml").read_text()) or {}).get("execute", {})
    return {"timeout": int(execute.get("timeout", 30)), "allow_errors": bool(execute.get("allow_errors", False))}


def context(root: Path = ROOT) -> dict:
    """What the pages' outputs depend on besides their code cells: a digest of every file of
    the package (its code and the bundled sample data) and the input roots, resolved."""
    digest = hashlib.sha256()
    package = root / "pyrabench"
    for path in sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    roots = {name: str(Path(os.environ[name]).resolve()) for name in INPUT_ROOTS if os.environ.get(name)}
    return {"package": digest.hexdigest(), "inputs": roots}


def refresh(build_dir: Path, now: dict) -> bool:
    """Forget what the book in ``build_dir`` (``<output>/_build``) holds when it was built under
    another :func:`context`: the jupyter cache, and Sphinx's environment, which would otherwise
    keep the pages whose sources did not change as they were; stamp the cache with ``now``.
    True when something was forgotten."""
    cache_path, doctrees = build_dir / ".jupyter_cache", build_dir / ".doctrees"
    stamp = cache_path / STAMP
    try:
        before = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        before = None
    cache = get_cache(str(cache_path))
    stale = before != now and (bool(cache.list_cache_records()) or doctrees.exists())
    if stale:
        if cache_path.exists():
            cache.clear_cache()
        shutil.rmtree(doctrees, ignore_errors=True)
    cache_path.mkdir(parents=True, exist_ok=True)
    stamp.write_text(json.dumps(now, sort_keys=True), encoding="utf-8")
    return stale


def _read_seconds(path: Path) -> dict[str, float]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.items() if isinstance(v, (int, float))} if isinstance(data, dict) else {}


def _name(page: Path, root: Path) -> str:
    page = Path(page).resolve()
    return page.relative_to(root.resolve()).as_posix() if page.is_relative_to(root.resolve()) else page.name


def recorded_seconds(build_dir: Path, root: Path = ROOT, committed: Path | None = None) -> dict[str, float]:
    """Page path (relative to ``root``) → seconds: the committed record (:data:`RECORDED`),
    overridden by what was last measured in ``build_dir``."""
    return {**_read_seconds(RECORDED if committed is None else committed), **_read_seconds(build_dir / SECONDS)}


def remember_seconds(build_dir: Path, cache_path: Path, root: Path = ROOT) -> dict[str, float]:
    """Add the execution times the jupyter cache holds to ``build_dir/page-seconds.json`` (which
    outlives the cache when :func:`refresh` empties it); the times written."""
    measured = _read_seconds(build_dir / SECONDS)
    for r in get_cache(str(cache_path)).list_cache_records():
        if r.data.get("execution_seconds"):
            measured[_name(Path(r.uri), root)] = float(r.data["execution_seconds"])
    build_dir.mkdir(parents=True, exist_ok=True)
    (build_dir / SECONDS).write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return measured


def expected_seconds(cache, pages: list[Path], recorded: dict[str, float], root: Path = ROOT) -> dict[Path, float]:
    """Each page's expected execution time: the jupyter cache's record, else ``recorded`` (page
    path → seconds), else its size / 100 (a proxy)."""
    cached: dict[str, float] = {}
    for r in cache.list_cache_records():
        cached[r.uri] = max(cached.get(r.uri, 0.0), r.data.get("execution_seconds") or 0.0)
    return {p: cached.get(str(p)) or recorded.get(_name(p, root)) or p.stat().st_size / 100.0 for p in pages}


def run_in_order(cache, uris: list[str], timeout: int, allow_errors: bool, processes: int | None = None) -> list[str]:
    """Execute the project notebooks ``uris`` into ``cache``, at most ``processes`` at a time
    (default: one per core), handed out one by one in the order given; the uris that failed."""
    import multiprocessing

    from jupyter_cache.cache.db import NbProjectRecord
    from jupyter_cache.executors.basic import REPORT_LEVEL, ExecutionWorkerLocalMProc, ProcessData

    by_uri = {r.uri: r for r in cache.list_project_records(uris)}
    records = [by_uri[u] for u in uris if u in by_uri]
    NbProjectRecord.remove_tracebacks([r.pk for r in records], cache.db)
    work = [ProcessData(r.pk, r.uri, cache, timeout, allow_errors) for r in records]
    multiprocessing.log_to_stderr(REPORT_LEVEL)  # the workers' "Executing: <page>" lines, as jupyter-cache shows them
    with multiprocessing.Pool(processes) as pool:
        results = list(pool.imap_unordered(ExecutionWorkerLocalMProc(), work, chunksize=1))
    return sorted(uri for status, uri in results if status != 0)


def execute_pages(pages: list[Path], cache_path: Path, recorded: dict[str, float] | None = None,
                  root: Path = ROOT) -> tuple[list[str], float]:
    """Execute the ``pages`` not cached in ``cache_path``, in parallel, longest first
    (:func:`expected_seconds`); returns the pages that failed and the wall seconds taken."""
    cache = get_cache(str(cache_path))
    expected = expected_seconds(cache, pages, recorded or {}, root)
    order = sorted(pages, key=lambda p: -expected[p])
    for record in cache.list_project_records():  # re-added below in the order to run them
        if Path(record.uri) in pages:
            cache.remove_nb_from_project(record.pk)
    for page in order:
        cache.add_nb_to_project(str(page), read_data=MYST_READER if page.suffix == ".md" else None)
    todo = [str(p) for p in order if cache.list_unexecuted([str(p)])]
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    started = time.perf_counter()
    if not todo:
        return [], 0.0
    logging.getLogger("execute_book").info("execute_book: running %s, longest expected first", ", ".join(
        f"{Path(u).name} ({expected[Path(u)]:.0f} s)" for u in todo))
    settings = execute_settings(ROOT)
    threads = os.environ.get(ENV_THREADS)
    os.environ[ENV_THREADS] = threads or "1"  # the kernels inherit it
    try:
        failed = run_in_order(cache, todo, **settings)
    finally:
        if threads is None:
            del os.environ[ENV_THREADS]
    return failed, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path-output", type=Path, default=ROOT,
                        help="jupyter-book's --path-output (the cache is <it>/_build/.jupyter_cache)")
    args = parser.parse_args()
    pages = toc_pages(ROOT)
    build_dir = args.path_output / "_build"
    cache_path = build_dir / ".jupyter_cache"
    if refresh(build_dir, context(ROOT)):
        print("execute_book: the package or the data root changed since the pages were cached; executing them again")
    failed, seconds = execute_pages(pages, cache_path, recorded_seconds(build_dir, ROOT))
    remember_seconds(build_dir, cache_path, ROOT)
    print(f"execute_book: {len(pages)} pages cached or executed in {seconds:.1f} s wall"
          + (f"; failed (the build executes them again and reports the error): {', '.join(failed)}" if failed else ""))
    sys.exit(0)


if __name__ == "__main__":
    main()
