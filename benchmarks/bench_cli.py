"""The command line answers at once: start-up figures against a bare interpreter, in the same venv.

Each command runs in a fresh interpreter, as a user runs it, ``--repeat`` times, interleaved with
the reference so that both see the same load; the figures are medians (wall and CPU = user +
system from ``os.wait4``). On a shared machine wall time includes waiting for a core and CPU time
does not: read the ratios, and the CPU column when the machine is busy.

* ``pyrabench --help`` against ``python -c pass``: target at most 10x;
* ``pyrabench data`` on the bundled sample: target at most 1.5 s. The word counts are kept in the
  package cache (``PYRABENCH_CACHE``, a temporary one here), so this is a repeated call; the
  first call on an empty cache, which starts spaCy to count the words, is printed beside it;
* ``pyrabench evaluate DIR --embedding nosuch``, refused from the light spec module: under 4 s.

Usage: ``python benchmarks/bench_cli.py [--repeat N]``
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

HELP_RATIO_TARGET = 10.0
DATA_SECONDS_TARGET = 1.5
REFUSE_SECONDS_TARGET = 4.0


def run(argv: list[str], env: dict) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, exit status) of one command in a fresh interpreter."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def pyrabench_command() -> list[str]:
    """The installed ``pyrabench`` script of this venv (what a user types), else ``python -m pyrabench``."""
    script = Path(sys.executable).with_name("pyrabench")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pyrabench"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYRABENCH_DATA"}  # `data` on the bundled sample
    cli = pyrabench_command()
    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "pyrabench --help": [*cli, "--help"],
            "pyrabench data (sample)": [*cli, "data"],
            "evaluate --embedding nosuch": [*cli, "evaluate", tmp, "--embedding", "random", "--embedding", "nosuch"],
        }
        env["PYRABENCH_CACHE"] = str(Path(tmp) / "cache")
        first = "pyrabench data (sample, empty cache)"
        cases[first] = cases["pyrabench data (sample)"]
        run(cases["pyrabench data (sample)"], env)  # warm the file cache, __pycache__ and the word counts
        runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in cases}
        for k in range(args.repeat):  # interleaved: every case sees the same load
            for name, argv in cases.items():
                runs[name].append(run(argv, {**env, "PYRABENCH_CACHE": str(Path(tmp) / f"empty-{k}")}
                                      if name == first else env))
    for name, rs in runs.items():
        assert rs[-1][2] == (2 if "nosuch" in name else 0), f"{name} exited {rs[-1][2]}"
    med = {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs)) for name, rs in runs.items()}

    def verdict(ok: bool) -> str:
        return "OK" if ok else "MISSED"

    print(f"medians of {args.repeat} interleaved runs; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} (a shared machine: read the ratios)")
    for name, (wall, cpu) in med.items():
        print(f"{name:<30} wall {wall:6.3f} s   cpu {cpu:6.3f} s")
    bare_wall, bare_cpu = med["python -c pass"]
    help_wall, help_cpu = med["pyrabench --help"]
    ratio = help_wall / bare_wall
    print(f"--help / python -c pass: {ratio:5.1f}x wall, {help_cpu / max(bare_cpu, 1e-3):5.1f}x cpu   "
          f"target <= {HELP_RATIO_TARGET:.0f}x: {verdict(ratio <= HELP_RATIO_TARGET)}")
    data_wall = med["pyrabench data (sample)"][0]
    print(f"pyrabench data on the sample: {data_wall:5.2f} s   target <= {DATA_SECONDS_TARGET} s: "
          f"{verdict(data_wall <= DATA_SECONDS_TARGET)} (first call on an empty cache: {med[first][0]:5.2f} s)")
    refuse_wall = med["evaluate --embedding nosuch"][0]
    print(f"a bad --embedding refused: {refuse_wall:5.2f} s   target < {REFUSE_SECONDS_TARGET:.0f} s: "
          f"{verdict(refuse_wall < REFUSE_SECONDS_TARGET)}")


if __name__ == "__main__":
    main()
