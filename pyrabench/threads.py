"""Native thread pools (BLAS, OpenMP) held to one thread, where more threads cost more than they give.

Two cases in this package: many small solves (WMF's batched rows, its fold-ins), where a BLAS
thread pool spends more starting and joining than computing; and scikit-learn's OpenMP loops
(gradient-boosted trees) in processes that share the cores with others (the book's chapters run
side by side): OpenMP threads that wait for each other spin, and on a loaded 2-core machine a
boosted fit of 100,000 rows took 13 times the wall time and 12 times the CPU of the same fit on
one thread, with the same probabilities to the bit (``tests/test_threads.py`` compares them).
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def controller():
    """threadpoolctl's view of the loaded native libraries, found once: finding them scans the
    process's shared libraries (~7 ms), which every fold-in would otherwise repeat."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def one_thread(rescan: bool = False):
    """A context in which the native thread pools run one thread: those the last scan found, or
    (``rescan``) every one loaded by now, for a caller that may have loaded a library since
    (scikit-learn's OpenMP after WMF's first fold-in found the BLAS alone)."""
    if rescan:
        controller.cache_clear()
    return controller().limit(limits=1)
