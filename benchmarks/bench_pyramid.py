"""Pyramids built from model summaries with EDUA's recipe and WMF, once the model is cached
(targets: one topic of four models ≤ 2 s; DUC 2007's 23 topics ≤ 60 s; 2 cores).

The targets are read on the library path (``read_models`` → ``build_all`` → ``write_pyramids``, what
the command runs), in one process: a first call, which starts spaCy and loads the cached WMF model
once per session, is reported apart; then **one topic** (the first DUC 2007 topic's four models)
and **23 topics** (every DUC 2007 topic), each the median of ``--repeat`` runs (default 3). Beside
them, the command as a user runs it, in a fresh interpreter (``python -m pyrabench pyramid``), for
one topic and for the 23, so its start-up cost shows.

The reference, measured in the same run, is a fresh interpreter running a command that starts
the same libraries without building anything, the manual scores of DUC 2007
(``python -m pyrabench score --corpus duc2007 --summary``); the ratios say how much the builder
adds to that. Other
jobs share the cores: the load average is printed beside the figures. Needs PYRABENCH_DATA (falls
back to the bundled sample, where the figures mean little). Usage:
``python benchmarks/bench_pyramid.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyrabench.data.corpora import load_corpus
from pyrabench.data.model_summaries import read_models
from pyrabench.dataroot import resolve
from pyrabench.embeddings.wmf import load_wmf
from pyrabench.scoring.pyramids.builder import build_all, write_pyramids

ONE_TOPIC_SECONDS = 2.0
CORPUS_SECONDS = 60.0


def _write_models(pyramids, folder: Path) -> Path:
    for p in pyramids:
        (folder / p.topic).mkdir(parents=True, exist_ok=True)
        for model, text in zip(p.summarizer_ids, p.summaries):
            (folder / p.topic / f"{model}.txt").write_text(text, encoding="utf-8")
    return folder


def _run(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pyrabench", *argv], check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _library(models: Path, out: Path) -> float:
    start = time.perf_counter()
    write_pyramids([b.pyramid for b in build_all(read_models(models))], out)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    corpus = load_corpus("duc2007", root.path)
    load_wmf(root)  # trained once into the cache: the targets hold with WMF cached
    env = {**os.environ, "PYRABENCH_DATA": str(root.path)}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        one = _write_models(corpus.pyramids[:1], tmp / "one")
        every = _write_models(corpus.pyramids, tmp / "every")
        t_first = _library(one, tmp / "first")
        t_one, t_all, c_one, c_all, t_ref = [], [], [], [], []
        for _ in range(args.repeat):
            t_one.append(_library(one, tmp / "lib1"))
            t_all.append(_library(every, tmp / "lib23"))
            c_one.append(_run(["pyramid", "--models", str(one), "--out", str(tmp / "out1")], env))
            c_all.append(_run(["pyramid", "--models", str(every), "--out", str(tmp / "out23")], env))
            t_ref.append(_run(["score", "--corpus", "duc2007", "--summary"], env))
    m_one, m_all, m_c1, m_c23, m_ref = (statistics.median(t) for t in (t_one, t_all, c_one, c_all, t_ref))
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(f"first call, one topic (starts spaCy, loads the cached WMF model, once per session): {t_first:.2f} s")
    print(f"one topic, {corpus.pyramids[0].n_summaries} models: median {m_one:.2f} s "
          f"({', '.join(f'{t:.2f}' for t in t_one)}) vs target {ONE_TOPIC_SECONDS:.0f} s → "
          f"{'OK' if m_one <= ONE_TOPIC_SECONDS else 'MISSED'}")
    print(f"{len(corpus.pyramids)} topics: median {m_all:.2f} s ({', '.join(f'{t:.2f}' for t in t_all)}) vs target "
          f"{CORPUS_SECONDS:.0f} s → {'OK' if m_all <= CORPUS_SECONDS else 'MISSED'}")
    print(f"the command in a fresh interpreter: one topic median {m_c1:.2f} s ({', '.join(f'{t:.2f}' for t in c_one)}), "
          f"{len(corpus.pyramids)} topics median {m_c23:.2f} s ({', '.join(f'{t:.2f}' for t in c_all)})")
    print(f"reference, `pyrabench score --corpus duc2007 --summary` in a fresh interpreter: median {m_ref:.2f} s "
          f"({', '.join(f'{t:.2f}' for t in t_ref)}) → ratios {m_c1 / m_ref:.2f} (command, one topic), "
          f"{m_c23 / m_ref:.2f} (command, {len(corpus.pyramids)} topics)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
