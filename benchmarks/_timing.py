"""Wall-clock helpers shared by the benchmark scripts (run as ``python benchmarks/bench_*.py``)."""

from __future__ import annotations

import time


def timings(fn, repeat: int = 3, clock=time.perf_counter):
    """``(value, [seconds per run])`` of ``repeat`` calls of ``fn`` (the last call's value).

    ``clock=time.process_time`` measures this process's CPU time instead of wall time: on a
    machine shared with other jobs it is the steadier basis for a ratio between two runs.
    """
    times, value = [], None
    for _ in range(repeat):
        start = clock()
        value = fn()
        times.append(clock() - start)
    return value, times


def timed(fn, repeat: int = 3):
    """``(best seconds, value)``: the fastest of ``repeat`` runs, the least disturbed by other load."""
    value, times = timings(fn, repeat)
    return min(times), value
