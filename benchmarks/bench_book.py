"""The book's notebooks executed cold and cached: seconds per page, and the training's share.

Every page of ``_toc.yml`` that runs code (a MyST page with code cells, or an ``.ipynb`` the
build wrote) is executed as the book build executes it (nbclient, in the page's folder), twice:

* **cold**: an empty ``PYRABENCH_CACHE`` (unless ``--keep-package-cache``), as on a fresh machine;
* **cached**: again, on the package cache the cold run filled (what a rebuild after an edit costs).

Seconds are per-cell execution times recorded by nbclient, summed per page (kernel start-up not
included, as in MyST-NB's ``execution_seconds``). **Training**: cells tagged ``training`` (a model
the book fits from scratch, e.g. the WMF model) are summed separately, so the targets can be read
without them.

Targets: cold execution on the real data <= 180 s without training and <= 300 s with it; on the
bundled sample <= 40 s. The machine may be shared: say so when quoting, and compare runs made at
the same load (the load average is printed). ``--rebuild`` also times the full ``jupyter-book
build`` cold and a warm rebuild (target <= 30 s), in a temporary folder.

    PYRABENCH_DATA=/path/to/data .venv/bin/python benchmarks/bench_book.py [--pages 03 05] [--rebuild]
"""

from __future__ import annotations

import argparse
import os
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
import yaml

ROOT = Path(__file__).resolve().parents[1]
TRAINING_TAG = "training"
COLD_TARGET = {"real data": 180.0, "sample data": 40.0}  # without training
COLD_WITH_TRAINING_TARGET = {"real data": 300.0, "sample data": 60.0}
CACHED_REBUILD_TARGET = 30.0


def toc_pages() -> list[Path]:
    """The pages of ``_toc.yml`` in book order that run code."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
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
            path = ROOT / f"{f}{suffix}"
            if path.exists() and (suffix == ".ipynb" or "{code-cell}" in path.read_text(encoding="utf-8")):
                pages.append(path)
                break
    return pages


def _seconds(cell) -> float:
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not start or not end:
        return 0.0
    return (datetime.fromisoformat(end.replace("Z", "+00:00"))
            - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()


def execute(page: Path, env: dict, slowest: list | None = None, save: Path | None = None) -> tuple[float, float]:
    """(seconds of all code cells, seconds of the cells tagged ``training``) of one page;
    ``slowest`` collects ``(seconds, page, cell number, first line)`` of every code cell; ``save``
    is a folder the executed notebook is written to (to diff outputs between two versions). A page
    the build does not execute (``mystnb: execution_mode: off``, the student assignments) costs 0."""
    nb = jupytext.read(page)
    if nb.metadata.get("mystnb", {}).get("execution_mode") == "off":
        return 0.0, 0.0
    saved = dict(os.environ)
    os.environ.update(env)  # the kernel inherits this process's environment
    try:
        client = nbclient.NotebookClient(nb, timeout=3600, kernel_name="python3", record_timing=True,
                                         resources={"metadata": {"path": str(page.parent)}})
        client.execute()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, save / f"{page.stem}.ipynb")
    cells = [c for c in nb.cells if c.cell_type == "code"]
    total = sum(_seconds(c) for c in cells)
    training = sum(_seconds(c) for c in cells if TRAINING_TAG in c.get("metadata", {}).get("tags", []))
    if slowest is not None:
        slowest.extend((_seconds(c), page.name, n, c.source.strip().splitlines()[0][:70] if c.source.strip() else "")
                       for n, c in enumerate(cells, 1))
    return total, training


def _installed_corpora() -> dict:
    """WMF's training corpus where this machine has it: ``make corpora`` puts Brown under the
    package cache, which a cold run replaces; the corpus is input data, not a cached result."""
    from pyrabench.embeddings.wmf_corpus import ENV_BROWN, brown_source
    from pyrabench.errors import MissingDataError

    try:
        return {ENV_BROWN: str(brown_source())}
    except MissingDataError:
        return {}


def jupyter_book_build(out: Path, env: dict, *flags: str) -> float:
    """Wall seconds of one ``jupyter-book build`` of the repository into ``out``."""
    exe = Path(sys.executable).with_name("jupyter-book")
    start = time.perf_counter()
    done = subprocess.run([str(exe) if exe.exists() else "jupyter-book", "build", str(ROOT), "--path-output",
                           str(out), *flags], capture_output=True, text=True, env=env, cwd=ROOT)  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"book build failed (exit {done.returncode}):\n{done.stdout[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=None, metavar="PREFIX",
                        help="only the pages whose file name starts with one of these (e.g. 03 05)")
    parser.add_argument("--keep-package-cache", action="store_true",
                        help="start from the existing PYRABENCH_CACHE instead of an empty one")
    parser.add_argument("--rebuild", action="store_true",
                        help="also time jupyter-book build, cold and rebuilt on the warm jupyter cache")
    parser.add_argument("--cold-only", action="store_true", help="skip the cached run (profiling)")
    parser.add_argument("--save", type=Path, default=None, metavar="DIR",
                        help="write the cold run's executed notebooks to DIR (diff two versions' outputs)")
    parser.add_argument("--cells", type=int, default=0, metavar="N",
                        help="also list the N slowest code cells of the cold run (where the time goes)")
    args = parser.parse_args()

    data = os.environ.get("PYRABENCH_DATA") or ""
    kind = "real data" if data else "sample data"
    pages = [p for p in toc_pages() if not args.pages or p.name.startswith(tuple(args.pages))]
    print(f"book pages on the {kind}; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          "(on a shared machine compare runs at the same load)")
    with tempfile.TemporaryDirectory(prefix="bench-book-") as tmp:
        env = {"PYRABENCH_DATA": data}
        if not args.keep_package_cache:
            env["PYRABENCH_CACHE"] = str(Path(tmp) / "pyrabench-cache")
            env.update(_installed_corpora())
        slowest: list = []
        cold = {p: execute(p, env, slowest, args.save) for p in pages}
        cached = {p: (float("nan"), 0.0) if args.cold_only else execute(p, env) for p in pages}
        if args.rebuild:
            full_env = {**os.environ, **env, "PYRABENCH_CACHE": str(Path(tmp) / "rebuild-cache")}
            build_cold = jupyter_book_build(Path(tmp) / "out", full_env)
            build_warm = jupyter_book_build(Path(tmp) / "out", full_env, "--all")

    width = max((len(str(p.relative_to(ROOT))) for p in pages), default=10)
    print(f"{'page':<{width}}  {'cold s':>8}  {'cached s':>8}  {'training s':>10}")
    for p in pages:
        print(f"{str(p.relative_to(ROOT)):<{width}}  {cold[p][0]:8.1f}  {cached[p][0]:8.1f}  {cold[p][1]:10.1f}")
    total_cold = sum(t for t, _ in cold.values())
    training = sum(t for _, t in cold.values())
    total_cached = sum(t for t, _ in cached.values())
    share = training / total_cold if total_cold else 0.0
    print(f"{'total':<{width}}  {total_cold:8.1f}  {total_cached:8.1f}  {training:10.1f}   training share {share:.0%}")
    if args.cells:
        print(f"the {args.cells} slowest cells, cold:")
        for seconds, name, n, first in sorted(slowest, reverse=True)[: args.cells]:
            print(f"  {seconds:7.1f} s  {name} cell {n}: {first}")
    if args.pages:
        print("(some pages only: the targets apply to the whole book)")
        return
    without = total_cold - training
    print(f"cold without training: {without:.1f} s, target <= {COLD_TARGET[kind]:.0f} s: "
          f"{'met' if without <= COLD_TARGET[kind] else 'MISSED'}")
    print(f"cold with training: {total_cold:.1f} s, target <= {COLD_WITH_TRAINING_TARGET[kind]:.0f} s: "
          f"{'met' if total_cold <= COLD_WITH_TRAINING_TARGET[kind] else 'MISSED'}")
    if args.rebuild:
        print(f"jupyter-book build cold: {build_cold:.1f} s wall; rebuild on the warm jupyter cache: "
              f"{build_warm:.1f} s, target <= {CACHED_REBUILD_TARGET:.0f} s: "
              f"{'met' if build_warm <= CACHED_REBUILD_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
