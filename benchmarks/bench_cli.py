"""A bad ``--embedding`` must be refused in under 4 s, before the command loads anything.

Timed, each in a fresh interpreter as a user would run it (best of ``--repeat``):
``pyrabench evaluate DIR --embedding random --embedding nosuch`` (refused from the light
:mod:`pyrabench.embeddings.specs`), and ``pyrabench --help``. Reference in the same run: the
start-up every command pays once it imports its modules (``import pyrabench.cli`` and building
the full parser: spaCy, which imports torch when it is installed, gensim, scipy.stats, pandas),
which is what the refusal cost when the specs were checked after the imports. The CPU time of
each (user + system, from ``os.wait4``) is printed too: on a busy machine wall time includes
waiting for a core, CPU time does not.

Usage: ``python benchmarks/bench_cli.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

TARGET_SECONDS = 4.0


def run(argv: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, exit status) of one command in a fresh interpreter."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def best(argv: list[str], repeat: int) -> tuple[float, float, int]:
    runs = [run(argv) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[-1][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    py = [sys.executable]
    with tempfile.TemporaryDirectory() as tmp:
        refuse = best([*py, "-m", "pyrabench", "evaluate", tmp, "--embedding", "random", "--embedding", "nosuch"], args.repeat)
    help_ = best([*py, "-m", "pyrabench", "--help"], args.repeat)
    startup = best([*py, "-c", "import pyrabench.cli as c; c.build_parser()"], args.repeat)
    assert refuse[2] == 2, f"the refusal exited {refuse[2]}, not 2"
    print(f"evaluate --embedding nosuch (refused)     wall {refuse[0]:6.2f} s  cpu {refuse[1]:6.2f} s   "
          f"target < {TARGET_SECONDS:.0f} s: {'OK' if refuse[0] < TARGET_SECONDS else 'MISSED'}")
    print(f"pyrabench --help                          wall {help_[0]:6.2f} s  cpu {help_[1]:6.2f} s")
    print(f"reference: import every command module    wall {startup[0]:6.2f} s  cpu {startup[1]:6.2f} s   "
          f"ratio {startup[0] / refuse[0]:5.1f}x wall, {startup[1] / max(refuse[1], 1e-3):5.1f}x cpu")


if __name__ == "__main__":
    main()
