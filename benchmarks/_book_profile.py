"""``bench_book.py --profile``: where each page's time goes, cell by cell and function by function.

Two cells are added around a page's own cells, in the same kernel (they are not counted in the
page's seconds): the first starts :mod:`cProfile` and counts what the encoders do; the last stops
it and writes the statistics and the counts to a temporary file that ``bench_book.py`` reads.

* **Functions**: cumulative seconds of the package's functions (``pyrabench.*``: where a page's
  time goes, nested calls counted in their callers too) and self seconds of any function (the hot
  spots inside libraries), the kernel's own machinery left out. cProfile charges every Python
  call: it adds a few per cent to numpy- or torch-bound code but multiplies the time of code that
  makes millions of small calls (a generator over every value of a column looked 17× slower than
  it is, 6 s instead of 0.34 s): time a function alone, unprofiled, before acting on it. The cells'
  seconds of a profiled run are therefore not the page's timing (``bench_book.py`` without
  ``--profile`` gives that). Work done in other threads or processes (torch's intra-op threads, a
  pool) counts in the function that waits for it.
* **Encoders**: per page, the texts MiniLM is asked for (``SentenceTransformerEmbedding.encode``),
  the texts it sends to the model (the rest come from its store) with the model's seconds, so
  texts per second on this machine, and its load time; WMF's fold-ins (``WMFModel.fold_in``: rows
  and seconds). The counts come from wrappers the first cell puts around those methods, so the
  page's code and the package are unchanged (that cell imports the two encoder modules, numpy
  and scipy with them: a profiled page's own first cell is that much shorter).

The report (``benchmarks/book_profile.md`` and ``.json``) keeps one section per data kind (sample,
real) and per run (cold, warm), and a page run again replaces its own entry only: the real-data
pages can be profiled one at a time.
"""

from __future__ import annotations

import json
import pstats
from pathlib import Path

import nbformat

PROFILE_TAG = "bench-profile"
REPORT = Path(__file__).resolve().with_name("book_profile.md")
TOP_CELLS, TOP_FUNCTIONS, TOP_SELF = 8, 15, 8
TICK, QUOTE = "`", "'"  # a cell's first line shown as code: no backtick inside
#: Frames of the kernel itself (the loop between cells, IPython's execution): never a page's cost.
KERNEL_FRAMES = ("ipykernel", "IPython", "asyncio", "tornado", "zmq", "traitlets", "jupyter_client", "selectors",
                 "threading.py", "contextlib.py", "<frozen", "_bench_")

_PROLOGUE = r'''
import cProfile as _bench_cprofile, time as _bench_time, functools as _bench_functools
from pyrabench.embeddings import sentence_encoder as _bench_se, wmf as _bench_wmf

_bench_tally = {"minilm asked": [0, 0, 0.0], "minilm encoded": [0, 0, 0.0], "minilm load": [0, 0, 0.0],
                "wmf fold-in": [0, 0, 0.0]}


def _bench_count(key, size):
    def wrap(method):
        @_bench_functools.wraps(method)
        def counted(self, *args, **kwargs):
            start = _bench_time.perf_counter()
            try:
                return method(self, *args, **kwargs)
            finally:
                entry = _bench_tally[key]
                entry[0] += 1
                entry[1] += size(args[0]) if args else 0
                entry[2] += _bench_time.perf_counter() - start
        return counted
    return wrap


_bench_se.SentenceTransformerEmbedding.encode = _bench_count("minilm asked", len)(_bench_se.SentenceTransformerEmbedding.encode)
_bench_se.SentenceTransformerEmbedding._model_rows = _bench_count("minilm encoded", len)(_bench_se.SentenceTransformerEmbedding._model_rows)
_bench_wmf.WMFModel.fold_in = _bench_count("wmf fold-in", lambda x: x.shape[0])(_bench_wmf.WMFModel.fold_in)
_bench_model = _bench_se.SentenceTransformerEmbedding.model.fget


def _bench_load(self):
    if self._model is not None:
        return self._model
    start = _bench_time.perf_counter()
    try:
        return _bench_model(self)
    finally:
        _bench_tally["minilm load"][0] += 1
        _bench_tally["minilm load"][2] += _bench_time.perf_counter() - start


_bench_se.SentenceTransformerEmbedding.model = property(_bench_load)
_bench_profiler = _bench_cprofile.Profile()
_bench_profiler.enable()
'''

_EPILOGUE = r'''
_bench_profiler.disable()
_bench_profiler.dump_stats({stats!r})
import json as _bench_json
with open({tally!r}, "w", encoding="utf-8") as _bench_file:
    _bench_json.dump(_bench_tally, _bench_file)
'''


def instrument(nb, stats: Path, tally: Path) -> None:
    """Put the profiling cells around ``nb``'s cells (tagged :data:`PROFILE_TAG`)."""
    first = nbformat.v4.new_code_cell(_PROLOGUE, metadata={"tags": [PROFILE_TAG]})
    last = nbformat.v4.new_code_cell(_EPILOGUE.format(stats=str(stats), tally=str(tally)), metadata={"tags": [PROFILE_TAG]})
    nb.cells = [first, *nb.cells, last]


def strip(nb) -> None:
    """Take the profiling cells out again (before the page's cells are timed or saved)."""
    nb.cells = [c for c in nb.cells if PROFILE_TAG not in c.get("metadata", {}).get("tags", [])]


def _where(key) -> str:
    filename, line, name = key
    path = filename.replace("\\", "/")
    if "/pyrabench/" in path:
        module = "pyrabench/" + path.rsplit("/pyrabench/", 1)[1]
    elif "site-packages/" in path:
        module = path.rsplit("site-packages/", 1)[1]
    else:
        module = path.rsplit("/", 1)[-1]
    return f"{module.removesuffix('.py').replace('/', '.')}:{name}" if line else name


def functions(stats_path: Path) -> dict:
    """The top functions of one profiled page: the package's by cumulative seconds, any by self seconds."""
    stats = pstats.Stats(str(stats_path)).stats  # key → (primitive calls, calls, self s, cumulative s, callers)
    rows = [(key, calls, own, cumulative) for key, (_, calls, own, cumulative, _) in stats.items()
            if not any(frame in key[0] for frame in KERNEL_FRAMES)]  # fmt: skip
    package = [r for r in rows if "/pyrabench/" in r[0][0].replace("\\", "/")]
    package.sort(key=lambda r: -r[3])
    rows.sort(key=lambda r: -r[2])
    as_dict = lambda r: {"function": _where(r[0]), "calls": r[1], "self_s": round(r[2], 2), "cumulative_s": round(r[3], 2)}
    return {"package_cumulative": [as_dict(r) for r in package[:TOP_FUNCTIONS]],
            "self": [as_dict(r) for r in rows[:TOP_SELF]]}


def encoders(tally_path: Path) -> dict:
    tally = json.loads(tally_path.read_text(encoding="utf-8"))
    out = {key: {"calls": c, "texts": n, "seconds": round(s, 2)} for key, (c, n, s) in tally.items()}
    encoded = out["minilm encoded"]
    encoded["texts_per_second"] = round(encoded["texts"] / encoded["seconds"], 1) if encoded["seconds"] else None
    folded = out["wmf fold-in"]
    folded["texts_per_second"] = round(folded["texts"] / folded["seconds"], 1) if folded["seconds"] else None
    return out


def page_profile(cells: list, stats_path: Path, tally_path: Path, seconds: float, cpu: float) -> dict:
    """One page's entry: its seconds, top cells, top functions and encoder counts."""
    top = sorted(cells, reverse=True)[:TOP_CELLS]
    return {"seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1),
            "cells": [{"cell": n, "seconds": round(s, 2), "first_line": first} for s, _, n, first in top],
            **functions(stats_path), "encoders": encoders(tally_path)}


def merge(kind: str, run: str, pages: dict, machine: dict, report: Path = REPORT) -> dict:
    """Add ``pages`` (page → :func:`page_profile`) under ``kind`` / ``run`` of the JSON report."""
    path = report.with_suffix(".json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    section = data.setdefault(kind, {}).setdefault(run, {})
    for page, entry in pages.items():
        section[page] = {**entry, "machine": machine}
    data[kind][run] = dict(sorted(section.items()))
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return data


def _encoder_line(enc: dict) -> str:
    parts = []
    asked, sent, load, fold = enc["minilm asked"], enc["minilm encoded"], enc["minilm load"], enc["wmf fold-in"]
    if asked["texts"]:
        rate = f", {sent['texts_per_second']:,.0f} texts/s" if sent["texts_per_second"] else ""
        parts.append(f"MiniLM asked {asked['texts']:,} texts in {asked['calls']} calls, encoded {sent['texts']:,} "
                     f"({sent['seconds']:.1f} s{rate}; model load {load['seconds']:.1f} s)")
    if fold["texts"]:
        parts.append(f"WMF folded in {fold['texts']:,} texts in {fold['calls']} calls "
                     f"({fold['seconds']:.1f} s, {fold['texts_per_second']:,.0f} texts/s)")
    return "; ".join(parts) or "no MiniLM or WMF encoding"


def write_markdown(data: dict, report: Path = REPORT) -> None:
    """The readable report, from the whole JSON (every kind, run and page profiled so far)."""
    lines = [
        "# Where the book's time goes: a profile per page",
        "",
        "Written by `benchmarks/bench_book.py --profile` (real data: `PYRABENCH_DATA` set; one page at a time",
        "with `--pages`); the JSON beside this file holds the same figures. **The figures are indicative**:",
        "they may be taken on a machine shared with other work (each table gives the load average when its run",
        "ended; a load above the number of cores slows every figure), and",
        "under cProfile, which charges every Python call: numpy- and torch-bound code barely slows, but code",
        "making millions of small calls can look many times slower than it is (a generator over a column's",
        "values: 6 s profiled, 0.34 s alone). Time a function alone before acting on it. The targets are",
        "measured by `bench_book.py` without `--profile`, on an idle machine.",
        "",
        "* **cold**: an empty package cache (`PYRABENCH_CACHE`), the pages run in book order, so a page",
        "  reads what an earlier page cached (run alone with `--pages`, a page pays its own training);",
        "* **warm**: the same page again on the package cache the cold run filled, a fresh kernel (a reader",
        "  rerunning a page in JupyterLab after the first build);",
        "* **functions**: cumulative seconds of the package's functions (a caller includes its callees) and",
        "  the largest self seconds of any function; the kernel's own machinery left out;",
        "* **encoders**: texts MiniLM was asked for and texts it sent to the model (the rest came from its",
        "  store), texts per second of the model on this machine; WMF's fold-ins.",
        "",
    ]
    columns = [(kind, run) for kind, runs in data.items() for run in ("cold", "warm") if runs.get(run)]
    pages = sorted({page for kind, run in columns for page in data[kind][run]})
    lines += ["## Summary: seconds per page (CPU seconds of the kernel in brackets)", "",
              "| page | " + " | ".join(f"{kind}, {run}" for kind, run in columns) + " |",
              "|---|" + "---:|" * len(columns)]
    for page in pages:
        cells = [data[kind][run].get(page) for kind, run in columns]
        lines.append(f"| {page} | " + " | ".join(f"{c['seconds']:.1f} ({c['cpu_seconds']:.1f})" if c else "—" for c in cells) + " |")
    lines.append("")
    for kind, runs in data.items():
        for run in ("cold", "warm"):
            pages = runs.get(run, {})
            if not pages:
                continue
            total = sum(p["seconds"] for p in pages.values())
            lines += [f"## {kind}, {run}", "", f"{total:.1f} s summed over the {len(pages)} page(s) profiled.", "",
                      "| page | s | CPU s | encoders | run ended |", "|---|---:|---:|---|---|"]
            for page, p in pages.items():
                m = p["machine"]
                lines.append(f"| {page} | {p['seconds']:.1f} | {p['cpu_seconds']:.1f} | {_encoder_line(p['encoders'])} | "
                             f"{m['date']}, load {m['load']:.1f} |")
            lines.append("")
            for page, p in pages.items():
                lines += [f"### {page} ({kind}, {run}): {p['seconds']:.1f} s", "", "Top cells:", ""]
                lines += [f"* cell {c['cell']}: {c['seconds']:.1f} s `{c['first_line'].replace(TICK, QUOTE)}`" for c in p["cells"] if c["seconds"] >= 0.05]
                lines += ["", "| package function | calls | cumulative s | self s |", "|---|---:|---:|---:|"]
                lines += [f"| `{f['function']}` | {f['calls']:,} | {f['cumulative_s']:.2f} | {f['self_s']:.2f} |"
                          for f in p["package_cumulative"]]
                lines += ["", "| hot spot (self time) | calls | self s |", "|---|---:|---:|"]
                lines += [f"| `{f['function']}` | {f['calls']:,} | {f['self_s']:.2f} |" for f in p["self"]]
                lines.append("")
    report.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")

