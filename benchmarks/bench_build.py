"""Benchmark generation speed: building both tests from DUC 2006 + 2007 (main, update) + TAC 2008.

Targets (the project's, for rebuilding the benchmark often): build both tests with the ``paper`` preset (about 217,000 pairs) in
<= 3 s wall after parsing, tokenizing included, and generate pairs >= 10x faster than a
straightforward per-pair Python loop run here on the same items (and checked to give the
identical pairs). The ``literal`` preset is timed beside it. Prints pairs examined per second and
peak memory.

    PYRABENCH_DATA=/path/to/data python benchmarks/bench_build.py [--repeat 3]

Without ``PYRABENCH_DATA`` it runs on the bundled sample (tiny, figures not meaningful).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
import tracemalloc

from _timing import timings

from pyrabench import text
from pyrabench.data.corpora import discover
from pyrabench.dataroot import resolve
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import store
from pyrabench.paraphrase.items import build_items
from pyrabench.paraphrase.pairs import binary_pairs, binary_pairs_loop
from pyrabench.paraphrase.policy import PRESETS
from pyrabench.text import words_many, words_one_by_one

CORPORA = ("duc2006", "duc2007", "duc2007-update", "tac2008")
TARGET_SECONDS = 3.0


def cold_build(corpora, policy):
    """A build as after parsing: the per-process tokenizer memo is emptied first."""
    text._MEMO.clear()
    return benchmark.build(corpora, policy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = resolve(args.data)
    print(f"data: {root.describe()}; cores available: {os.cpu_count()}; load average {os.getloadavg()[0]:.2f}")
    names = [n for n in CORPORA if n in discover(root.path)]
    t = time.perf_counter()
    corpora = benchmark.corpora_from_root(root, names)
    print(f"parsing {', '.join(names)}: {time.perf_counter() - t:.2f} s (not part of the target)")
    words_one_by_one(["warm up the spaCy tokenizer"])  # loading spaCy is import cost, not build cost

    for name, policy in PRESETS.items():
        bench, times = timings(lambda: cold_build(corpora, policy), args.repeat)
        s = bench.stats["overall"]
        median = statistics.median(times)
        print(
            f"[{name}] build (tokenize, pairs, questions, stats, card): median {median:.2f} s "
            f"(runs: {', '.join(f'{x:.2f}' for x in times)}); target <= {TARGET_SECONDS:.0f} s: "
            f"{'OK' if median <= TARGET_SECONDS else 'MISSED'}"
        )
        print(
            f"[{name}]   {s['positive_pairs']} positive + {s['negative_pairs']} negative = {s['total_pairs']} pairs, "
            f"{s['ranking_questions']} ranking questions"
        )
    policy = PRESETS["paper"]
    with tempfile.TemporaryDirectory() as tmp:
        _, e2e = timings(lambda: store.save(cold_build(corpora, policy), tmp, "jsonl"), args.repeat)
    print(f"[paper] build + write jsonl: median {statistics.median(e2e):.2f} s")

    # pair generation: vectorized masks vs the per-pair loop, on the same tokenized items
    pyramids = [p for c in corpora.values() for p in c.pyramids]
    items = build_items(pyramids, policy)
    examined = sum((sl.end - sl.start) * (sl.end - sl.start - 1) // 2 for sl in items.slices)
    # the fastest of several runs of each, in wall time and in CPU time (the steadier of the two
    # when other jobs share the cores)
    print(f"[paper] candidate pairs examined: {examined}")
    for clock_name, clock in (("wall", time.perf_counter), ("CPU", time.process_time)):
        fast, t_fast = timings(lambda: binary_pairs(items, policy), max(args.repeat, 5), clock)
        slow, t_slow = timings(lambda: binary_pairs_loop(items, policy), 2, clock)
        same = slow == list(zip(fast.index_a.tolist(), fast.index_b.tolist(), fast.label.tolist()))
        tf, ts = min(t_fast), min(t_slow)
        print(f"[paper] {clock_name} time: vectorized (pair matrices included) {tf:.3f} s = {examined / tf:,.0f} pairs/s; "
              f"per-pair Python loop {ts:.3f} s = {examined / ts:,.0f} pairs/s; speed-up {ts / tf:.1f}x "
              f"(target >= 10x); identical pairs ({len(fast.label)} kept): {same}")

    texts = items.frame["text"].tolist()

    def batch():
        text._MEMO.clear()
        return words_many(texts)

    _, t_batch = timings(batch, args.repeat)
    _, t_many = timings(lambda: words_one_by_one(texts), 1)
    print(
        f"tokenizing {len(texts)} items: words_many {statistics.median(t_batch):.2f} s, "
        f"per-text words_one_by_one {t_many[0]:.2f} s; identical: {words_many(texts) == words_one_by_one(texts)}"
    )

    tracemalloc.start()
    cold_build(corpora, policy)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"[paper] peak memory: {peak / 2**20:.1f} MiB allocated during build (tracemalloc); process max RSS {rss:.0f} MiB")


if __name__ == "__main__":
    main()
