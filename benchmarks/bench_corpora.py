"""Benchmark corpus loading: seconds per corpus, against two references measured in the same run.

* ``parse floor``: lxml parsing every file of the corpus and nothing else (no reader can be faster);
* ``no memo``: the same readers with the embedded-pyramid cache disabled, i.e. every ``.pan``
  rebuilds its pyramid (what a straightforward reader does).

Target: a cold load of all of DUC 2006/2007/TAC 2008 in a few seconds, within ~2x of the parse
floor and well ahead of the no-memo reader.

    PYRABENCH_DATA=/path/to/data python benchmarks/bench_corpora.py [--repeat 3]

Without ``PYRABENCH_DATA`` it runs on the bundled sample (tiny, figures not meaningful).
"""

from __future__ import annotations

import argparse
import statistics
import time
from unittest import mock

from lxml import etree

from pyrabench.data import corpora, ducview
from pyrabench.dataroot import resolve


class _NoMemo(ducview.PyramidCache):
    def get(self, el, path, corpus, topic, default_regex):
        self._by_digest.clear()
        self._same.clear()
        return super().get(el, path, corpus, topic, default_regex)


def _best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        corpora.clear_cache()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    print(f"{'corpus':16} {'files':>6} {'load s':>8} {'median':>8} {'parse s':>8} {'vs parse':>9} {'no memo s':>10} {'speed-up':>9}")
    total = 0.0
    for name, path in corpora.discover(root.path).items():
        files = sorted(p for p in path.rglob("*") if p.suffix in {".pyr", ".pan", ".jsonl"})
        load, median = _best(lambda: corpora.load_corpus(name, root.path), args.repeat)
        total += load
        parse, _ = _best(lambda: [etree.parse(str(f)) for f in files if f.suffix != ".jsonl"], args.repeat)
        with mock.patch.object(ducview, "PyramidCache", _NoMemo):
            naive, _ = _best(lambda: corpora.load_corpus(name, root.path), 1)
        ratio = f"{load / parse:8.2f}x" if parse > 0.001 else "      n/a"
        print(f"{name:16} {len(files):6d} {load:8.3f} {median:8.3f} {parse:8.3f} {ratio} {naive:10.3f} {naive / load:8.1f}x")
    print(f"total cold load (best of {args.repeat}): {total:.2f} s")


if __name__ == "__main__":
    main()
