"""Wall-clock helpers shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import time


def timings(fn, repeat: int = 3):
    """``(value, [seconds per run])`` of ``repeat`` calls of ``fn`` (the last call's value)."""
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return value, times


def timed(fn, repeat: int = 3):
    """``(best seconds, value)``: the fastest of ``repeat`` runs, the least disturbed by other load."""
    value, times = timings(fn, repeat)
    return min(times), value
