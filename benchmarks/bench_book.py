"""The book's notebooks executed cold and cached: seconds per page, and the training's share.

Every page of ``_toc.yml`` that runs code (a MyST page with code cells, or an ``.ipynb`` the
build wrote) is executed as the book build executes it (nbclient, in the page's folder), twice:

* **cold**: an empty ``PYRABENCH_CACHE`` (unless ``--keep-package-cache``), as on a fresh machine;
* **cached**: again, on the package cache the cold run filled (what a rebuild after an edit costs).

Seconds are per-cell execution times recorded by nbclient, summed per page (kernel start-up not
included, as in MyST-NB's ``execution_seconds``), beside the kernel's CPU seconds (start-up
included), the figure a shared machine's load moves least. **Training**: cells tagged
``training`` (a model the book fits from scratch, e.g. the WMF model) are summed separately.

``--parallel`` also times ``make book`` cold (fresh package cache and jupyter cache, Brown given
as input data): ``tools/execute_book.py`` runs the pages in parallel into the jupyter cache, then
``jupyter-book build -W`` finds them cached; each page's seconds as the jupyter cache recorded
them, and the wall time of both steps. ``--record`` (real data) merges the cold seconds of the
pages run into ``tools/page_seconds.json``, the order in which a fresh clone's ``make book`` starts
the pages (``tools/execute_book.py``).

Targets: cold execution summed over the pages, training included, <= 400 s on the real
data and <= 60 s on the bundled sample; ``make book`` cold <= 4 minutes wall on 2 cores (real
data). The machine may be shared: say so when quoting, and compare runs made at the same load (the
load average is printed). ``--rebuild`` also times a serial ``jupyter-book build`` cold and a warm
rebuild (target <= 30 s), in a temporary folder.

``--profile`` profiles every page run, cold and warm (cProfile in the kernel, the texts MiniLM
and WMF encode), into ``benchmarks/book_profile.md`` and ``.json`` (``_book_profile.py`` says how;
a page's entry is replaced, the others kept, so the real-data pages can be profiled one by one).

    PYRABENCH_DATA=/path/to/data .venv/bin/python benchmarks/bench_book.py [--pages 03 05] [--parallel] [--rebuild] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import jupytext
import nbclient
import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from execute_book import toc_pages  # noqa: E402 - the pages the build executes, one definition

import _book_profile as book_profile  # noqa: E402 - beside this file
TRAINING_TAG = "training"
COLD_TARGET = {"real data": 400.0, "sample data": 60.0}  # summed over the pages, training included
BUILD_WALL_TARGET = {"real data": 240.0, "sample data": 120.0}  # make book cold, pages in parallel, 2 cores
CACHED_REBUILD_TARGET = 30.0


def _seconds(cell) -> float:
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not start or not end:
        return 0.0
    return (datetime.fromisoformat(end.replace("Z", "+00:00"))
            - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()


def children_cpu() -> float:
    """CPU seconds of this process's finished children (kernels, builds, their own children)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def execute(page: Path, env: dict, slowest: list | None = None, save: Path | None = None,
            profile: dict | None = None) -> tuple[float, float, float]:
    """(seconds of all code cells, seconds of the cells tagged ``training``, CPU seconds of the
    kernel, start-up included: on a shared machine the least load-dependent figure) of one page;
    ``slowest`` collects ``(seconds, page, cell number, first line)`` of every code cell; ``save``
    is a folder the executed notebook is written to (to diff outputs between two versions);
    ``profile`` (a dict) receives the page's profile (``_book_profile.page_profile``). A page
    the build does not execute (``mystnb: execution_mode: off``, the student assignments) costs 0."""
    nb = jupytext.read(page)
    if profile is not None:
        work = Path(tempfile.mkdtemp(prefix="bench-profile-"))
        book_profile.instrument(nb, work / "stats.prof", work / "tally.json")
    saved = dict(os.environ)
    cpu = children_cpu()
    os.environ.update(env)  # the kernel inherits this process's environment
    try:
        client = nbclient.NotebookClient(nb, timeout=3600, kernel_name="python3", record_timing=True,
                                         resources={"metadata": {"path": str(page.parent)}})
        client.execute()
        cpu = children_cpu() - cpu
    finally:
        os.environ.clear()
        os.environ.update(saved)
    if profile is not None:
        book_profile.strip(nb)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, save / f"{page.stem}.ipynb")
    cells = [c for c in nb.cells if c.cell_type == "code"]
    total = sum(_seconds(c) for c in cells)
    training = sum(_seconds(c) for c in cells if TRAINING_TAG in c.get("metadata", {}).get("tags", []))
    if slowest is not None:
        slowest.extend(_cell_rows(page, cells))
    if profile is not None:
        profile.update(book_profile.page_profile(_cell_rows(page, cells), work / "stats.prof", work / "tally.json", total, cpu))
        shutil.rmtree(work, ignore_errors=True)
    return total, training, cpu


def _cell_rows(page: Path, cells: list) -> list[tuple]:
    """``(seconds, page, cell number, first line)`` of every code cell."""
    return [(_seconds(c), page.name, n, c.source.strip().splitlines()[0][:70] if c.source.strip() else "")
            for n, c in enumerate(cells, 1)]


def _installed_corpora() -> dict:
    """WMF's training corpus where this machine has it: ``make corpora`` puts Brown under the
    package cache, which a cold run replaces; the corpus is input data, not a cached result."""
    from pyrabench.embeddings.wmf_corpus import ENV_BROWN, brown_source
    from pyrabench.errors import MissingDataError

    try:
        return {ENV_BROWN: str(brown_source())}
    except MissingDataError:
        return {}


def jupyter_book_build(out: Path, env: dict, *flags: str, log: list | None = None) -> float:
    """Wall seconds of one ``jupyter-book build`` of the repository into ``out`` (its output
    lines appended to ``log``)."""
    exe = Path(sys.executable).with_name("jupyter-book")
    start = time.perf_counter()
    done = subprocess.run([str(exe) if exe.exists() else "jupyter-book", "build", str(ROOT), "--path-output",
                           str(out), *flags], capture_output=True, text=True, env=env, cwd=ROOT)  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"book build failed (exit {done.returncode}):\n{done.stdout[-3000:]}")
    if log is not None:
        log.extend(done.stdout.splitlines())
    return time.perf_counter() - start


def parallel_build(out: Path, env: dict) -> dict:
    """``make book`` cold: ``tools/execute_book.py`` (the pages in parallel into the jupyter cache),
    then ``jupyter-book build -W`` on that cache. Wall and CPU seconds of each step, each page's
    execution seconds as recorded in the jupyter cache, and the pages the build executed again
    (none, when every page was cached)."""
    from jupyter_cache import get_cache

    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "execute_book.py"), "--path-output", str(out)],
                          capture_output=True, text=True, env=env, cwd=ROOT)  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"tools/execute_book.py failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    execute_wall, execute_cpu = time.perf_counter() - start, children_cpu() - cpu
    cpu, log = children_cpu(), []
    build_wall = jupyter_book_build(out, env, "-W", log=log)
    records = get_cache(str(out / "_build" / ".jupyter_cache")).list_cache_records()
    return {"execute_wall": execute_wall, "execute_cpu": execute_cpu, "build_wall": build_wall,
            "build_cpu": children_cpu() - cpu, "summary": done.stdout.strip().splitlines()[-1:],
            "pages": {Path(r.uri).name: r.data.get("execution_seconds") or 0.0 for r in records},
            "by_path": {Path(r.uri).resolve().relative_to(ROOT).as_posix(): round(r.data.get("execution_seconds") or 0.0, 1)
                        for r in records},
            "executed_by_build": sum("Executing notebook" in line for line in log)}


def record(measured: dict[str, float]) -> None:
    """Merge ``measured`` (page path → cold seconds) into ``tools/page_seconds.json``, dropping
    the pages the book no longer has."""
    from execute_book import RECORDED

    pages = {p.relative_to(ROOT).as_posix() for p in toc_pages()}
    try:
        old = json.loads(RECORDED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    merged = {k: v for k, v in {**old, **measured}.items() if k in pages}
    RECORDED.write_text(json.dumps(merged, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {len(measured)} page(s) in {RECORDED.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=None, metavar="PREFIX",
                        help="only the pages whose file name starts with one of these (e.g. 03 05)")
    parser.add_argument("--keep-package-cache", action="store_true",
                        help="start from the existing PYRABENCH_CACHE instead of an empty one")
    parser.add_argument("--rebuild", action="store_true",
                        help="also time jupyter-book build, cold and rebuilt on the warm jupyter cache")
    parser.add_argument("--parallel", action="store_true",
                        help="also time make book's cold build: the pages in parallel, then jupyter-book build")
    parser.add_argument("--parallel-only", action="store_true", help="only the parallel build (no page by page run)")
    parser.add_argument("--record", action="store_true",
                        help="on the real data: write the cold seconds of the pages run (the parallel build's, "
                             "else the page by page run's) into tools/page_seconds.json, the order in which "
                             "a fresh clone's make book starts the pages")
    parser.add_argument("--cold-only", action="store_true", help="skip the cached run (profiling)")
    parser.add_argument("--save", type=Path, default=None, metavar="DIR",
                        help="write the cold run's executed notebooks to DIR (diff two versions' outputs)")
    parser.add_argument("--profile", action="store_true",
                        help="profile every page, cold and warm (cProfile in the kernel, encoder counts) into "
                             "benchmarks/book_profile.md and .json (a page's entry replaced, the others kept)")
    parser.add_argument("--cells", type=int, default=0, metavar="N",
                        help="also list the N slowest code cells of the cold run (where the time goes)")
    args = parser.parse_args()

    data = os.environ.get("PYRABENCH_DATA") or ""
    kind = "real data" if data else "sample data"
    pages = [] if args.parallel_only else [p for p in toc_pages() if not args.pages or p.name.startswith(tuple(args.pages))]
    print(f"book pages on the {kind}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          "(on a shared machine compare runs at the same load; CPU seconds depend least on it)")
    with tempfile.TemporaryDirectory(prefix="bench-book-") as tmp:
        env = {"PYRABENCH_DATA": data}
        if not args.keep_package_cache:
            env["PYRABENCH_CACHE"] = str(Path(tmp) / "pyrabench-cache")
            env.update(_installed_corpora())
        slowest: list = []
        profiles = {"cold": {p: {} for p in pages}, "warm": {p: {} for p in pages}} if args.profile else None
        cold = {p: execute(p, env, slowest, args.save, profiles and profiles["cold"][p]) for p in pages}
        cached = {p: (float("nan"), 0.0, 0.0) if args.cold_only else execute(p, env, profile=profiles and profiles["warm"][p])
                  for p in pages}
        if args.rebuild:
            full_env = {**os.environ, **env, "PYRABENCH_CACHE": str(Path(tmp) / "rebuild-cache")}
            build_cold = jupyter_book_build(Path(tmp) / "out", full_env)
            build_warm = jupyter_book_build(Path(tmp) / "out", full_env, "--all")
        if args.parallel or args.parallel_only:
            par = parallel_build(Path(tmp) / "parallel", {**os.environ, **env, "PYRABENCH_CACHE": str(Path(tmp) / "parallel-cache")})

    if pages:
        width = max(len(str(p.relative_to(ROOT))) for p in pages)
        print(f"{'page':<{width}}  {'cold s':>8}  {'cold CPU s':>10}  {'cached s':>8}  {'training s':>10}")
        for p in pages:
            print(f"{str(p.relative_to(ROOT)):<{width}}  {cold[p][0]:8.1f}  {cold[p][2]:10.1f}  {cached[p][0]:8.1f}  {cold[p][1]:10.1f}")
        total_cold = sum(c[0] for c in cold.values())
        training = sum(c[1] for c in cold.values())
        total_cached = sum(c[0] for c in cached.values())
        cpu = sum(c[2] for c in cold.values())
        share = training / total_cold if total_cold else 0.0
        print(f"{'total':<{width}}  {total_cold:8.1f}  {cpu:10.1f}  {total_cached:8.1f}  {training:10.1f}   "
              f"training share {share:.0%}")
    if args.profile:
        machine = {"date": datetime.now().strftime("%Y-%m-%d %H:%M"), "load": round(os.getloadavg()[0], 1),
                   "cores": os.cpu_count()}
        data = {}
        for run, by_page in profiles.items():
            done = {p.relative_to(ROOT).as_posix(): entry for p, entry in by_page.items() if entry}
            if done:
                data = book_profile.merge(kind, run, done, machine)
        if data:
            book_profile.write_markdown(data)
        print(f"profile written to {book_profile.REPORT.relative_to(ROOT)} and its .json")
    if args.cells:
        print(f"the {args.cells} slowest cells, cold:")
        for seconds, name, n, first in sorted(slowest, reverse=True)[: args.cells]:
            print(f"  {seconds:7.1f} s  {name} cell {n}: {first}")
    if args.rebuild:
        print(f"jupyter-book build cold: {build_cold:.1f} s wall; rebuild on the warm jupyter cache: "
              f"{build_warm:.1f} s, target <= {CACHED_REBUILD_TARGET:.0f} s: "
              f"{'met' if build_warm <= CACHED_REBUILD_TARGET else 'MISSED'}")
    if args.parallel or args.parallel_only:
        wall = par["execute_wall"] + par["build_wall"]
        print(f"make book cold, pages in parallel: {' '.join(f'{n} {t:.1f}' for n, t in par['pages'].items())} s")
        print(f"  execute_book: {par['execute_wall']:.1f} s wall, {par['execute_cpu']:.1f} s CPU "
              f"({sum(par['pages'].values()):.1f} s summed over pages); {' '.join(par['summary'])}")
        print(f"  jupyter-book build -W on that cache: {par['build_wall']:.1f} s wall, {par['build_cpu']:.1f} s CPU; "
              f"pages it executed again: {par['executed_by_build']} (0 when execute_book cached every page)")
        print(f"  build wall {wall:.1f} s, target <= {BUILD_WALL_TARGET[kind]:.0f} s: "
              f"{'met' if wall <= BUILD_WALL_TARGET[kind] else 'MISSED'}")
    if args.record and data:
        measured = (par["by_path"] if args.parallel or args.parallel_only
                    else {p.relative_to(ROOT).as_posix(): round(cold[p][0], 1) for p in pages})
        record(measured)
    if args.pages:
        print("(some pages only: the targets apply to the whole book)")
        return
    if pages:
        print(f"cold execution summed over the pages, training included: {total_cold:.1f} s, "
              f"target <= {COLD_TARGET[kind]:.0f} s: {'met' if total_cold <= COLD_TARGET[kind] else 'MISSED'}")


if __name__ == "__main__":
    main()
