"""Coverage-guided fuzzing of every reader and writer of outside files (``make fuzz``, ``make fuzz-smoke``).

    python -m fuzz.run                       # every target, 100,000 inputs each, 2 at a time
    python -m fuzz.run --runs 2000           # the CI smoke pass
    python -m fuzz.run ducview_pyr brown     # some targets

Each target (:mod:`fuzz.targets`) runs in its own process under Atheris, which instruments
``pyrabench``'s bytecode so libFuzzer's mutations are guided by the branches they reach. The
corpus starts from the target's seeds (small valid files made by code) in a fresh directory,
with a fixed ``--seed``, so a run is reproducible.

A crash is any exception other than a :class:`~pyrabench.errors.PyrabenchError` (a warning
other than :class:`~pyrabench.errors.PyrabenchWarning` counts: warnings are made errors), a hang
over ``--timeout`` seconds, or memory over ``--rss-limit-mb``. An exception does not stop the
target: each distinct one (exception type and the ``pyrabench`` line it came from) is saved once
as ``_build/fuzz/crashes/<target>-<id>.bin`` beside its traceback (``.txt``), and the inputs
that raise it are counted. A hang or memory blow-up ends the target; libFuzzer saves the input
as ``_build/fuzz/crashes/<target>-timeout-…`` or ``…-oom-…``. Replay any saved input with
``python -m fuzz.run --replay FILE`` (the target is read from the file name).

At the end a table gives, per target, the inputs run, the coverage libFuzzer reached (``cov``:
instrumented edges; ``ft``: features, edges refined by hit counts), executions per second, the
distinct crashes found, and the time taken: wall time and the target's own CPU time (what it
would take on an idle core). The exit status is 1 when anything crashed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_build" / "fuzz"
#: Where targets write their files: memory when the system has it (a write to disk costs more
#: than most readers spend on a small input).
SCRATCH = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


# --------------------------------------------------------------------------- the child (one target)


def _signature(exc: BaseException) -> str:
    """Exception type and the innermost ``pyrabench`` frame: one bug, however many inputs hit it."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f"{os.sep}pyrabench{os.sep}" in f.filename] or frames
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
    return f"{type(exc).__name__} at {where}"


def _child(name: str, crashes: Path, libfuzzer_args: list[str]) -> None:
    import atheris

    with atheris.instrument_imports(include=["pyrabench"]):
        from pyrabench.errors import PyrabenchWarning

        from fuzz.targets import EXPECTED, TARGETS
    target = TARGETS[name]
    warnings.simplefilter("error")  # an undocumented warning is a crash too
    warnings.simplefilter("ignore", PyrabenchWarning)
    seen: dict[str, int] = {}

    def one_input(data: bytes) -> None:
        try:
            target.run(data)
        except EXPECTED:
            pass
        except Exception as exc:  # noqa: BLE001 - any other exception is what we are looking for
            sig = _signature(exc)
            ident = hashlib.sha1(sig.encode()).hexdigest()[:12]
            seen[sig] = seen.get(sig, 0) + 1
            if seen[sig] == 1:
                (crashes / f"{name}-{ident}.bin").write_bytes(data)
                text = "".join(traceback.format_exception(exc))
                (crashes / f"{name}-{ident}.txt").write_text(f"{sig}\n\n{text}", encoding="utf-8")
                print(f"CRASH {name}: {sig} -> {crashes / f'{name}-{ident}.bin'}", file=sys.stderr, flush=True)
            (crashes / f"{name}-{ident}.count").write_text(str(seen[sig]))

    atheris.Setup([sys.argv[0], *libfuzzer_args], one_input)
    atheris.Fuzz()


# --------------------------------------------------------------------------- the driver


@dataclass
class Result:
    name: str
    runs: int = 0
    cov: int = 0
    ft: int = 0
    exec_per_s: int = 0
    crashes: int = 0  # distinct exceptions
    crash_inputs: int = 0
    hang: str = ""  # "timeout" / "out-of-memory" / "died (...)" when libFuzzer stopped early
    seconds: float = 0.0  # wall time, start-up included
    cpu_seconds: float = 0.0  # the target process's CPU time: its cost on an idle core


def _dictionary(tokens, path: Path) -> None:
    """libFuzzer's ``-dict`` format: one quoted token a line, bytes outside printable ASCII escaped."""
    def quoted(token: bytes) -> str:
        return "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02x}" for b in token)

    path.write_text("".join(f'"{quoted(t)}"\n' for t in tokens), encoding="ascii")


def _prepare(name: str, out: Path) -> tuple[Path, Path | None]:
    """A fresh corpus of the target's seeds (and its dictionary), made in a child so the parent
    never imports ``pyrabench``."""
    corpus = out / name / "corpus"
    shutil.rmtree(corpus, ignore_errors=True)
    corpus.mkdir(parents=True)
    subprocess.run([sys.executable, "-m", "fuzz.run", "--write-seeds", name, str(corpus)], cwd=ROOT, check=True)
    dict_path = out / name / "tokens.dict"
    return corpus, dict_path if dict_path.exists() else None


def _max_len(corpus: Path) -> int:
    """Inputs may grow to twice the largest seed (at least 4 kB): libFuzzer's own guess is the
    largest seed, which would keep a target of tiny seeds from ever trying a long line."""
    return max(4096, 2 * max((p.stat().st_size for p in corpus.iterdir()), default=0))


def _write_seeds(name: str, corpus: Path) -> None:
    from fuzz.targets import TARGETS

    target = TARGETS[name]
    for i, seed in enumerate(target.seeds()):
        (corpus / f"seed-{i}").write_bytes(seed)
    dict_path = corpus.parent / "tokens.dict"
    dict_path.unlink(missing_ok=True)
    if target.tokens:
        _dictionary(target.tokens, dict_path)


def _parse(log: str, result: Result) -> None:
    stats = dict(re.findall(r"^stat::(\w+):\s*(\d+)", log, re.M))
    result.runs = int(stats.get("number_of_executed_units", 0))
    result.exec_per_s = int(stats.get("average_exec_per_sec", 0))
    cov = re.findall(r"cov: (\d+) ft: (\d+)", log)
    if cov:
        result.cov, result.ft = map(int, cov[-1])
    if "ERROR: libFuzzer: timeout" in log:
        result.hang = "timeout"
    elif "ERROR: libFuzzer: out-of-memory" in log:
        result.hang = "out-of-memory"


def _run_one(name: str, args, out: Path) -> Result:
    result = Result(name)
    crashes = out / "crashes"
    for old in crashes.glob(f"{name}-*"):
        old.unlink()
    corpus, dict_path = _prepare(name, out)
    work = Path(tempfile.mkdtemp(prefix=f"pyrabench-fuzz-{name}-", dir=SCRATCH))
    flags = [str(corpus), f"-runs={args.runs}", f"-seed={args.seed}", f"-timeout={args.timeout}",
             f"-rss_limit_mb={args.rss_limit_mb}", "-print_final_stats=1", f"-max_len={_max_len(corpus)}", f"-artifact_prefix={crashes}/{name}-"]
    if dict_path is not None:
        flags.append(f"-dict={dict_path}")
    log_path = out / name / "libfuzzer.log"
    env = dict(os.environ, PYRABENCH_FUZZ_WORK=str(work), PYTHONPATH=os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p))
    start = time.monotonic()
    try:
        with open(log_path, "w", encoding="utf-8") as log:
            proc = subprocess.Popen([sys.executable, "-m", "fuzz.run", "--child", name, str(crashes), "--", *flags],
                                    cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            _, status, usage = os.wait4(proc.pid, 0)  # the child's own CPU time, whatever else runs
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result.seconds = time.monotonic() - start
    result.cpu_seconds = usage.ru_utime + usage.ru_stime
    text = log_path.read_text(encoding="utf-8", errors="replace")
    _parse(text, result)
    code = os.waitstatus_to_exitcode(status)
    if code != 0 and not result.hang:
        result.hang = f"died (exit {code}, see {log_path})"
    result.crashes = len(list(crashes.glob(f"{name}-*.bin")))
    result.crash_inputs = sum(int(p.read_text() or 0) for p in crashes.glob(f"{name}-*.count"))
    for line in text.splitlines():
        if line.startswith("CRASH "):
            print(line, flush=True)
    status = result.hang or (f"{result.crashes} crash(es)" if result.crashes else "clean")
    print(f"{name}: {result.runs:,} inputs, cov {result.cov}, ft {result.ft}, {result.exec_per_s} exec/s, "
          f"{result.seconds:.0f} s ({result.cpu_seconds:.0f} s CPU): {status}", flush=True)
    return result


def _table(results: list[Result], wall: float) -> str:
    head = ("target", "inputs", "cov", "ft", "exec/s", "crashes", "crashing inputs", "hang/oom", "seconds", "CPU s")
    rows = [(r.name, f"{r.runs:,}", str(r.cov), str(r.ft), str(r.exec_per_s), str(r.crashes), str(r.crash_inputs),
             r.hang or "-", f"{r.seconds:.0f}", f"{r.cpu_seconds:.0f}") for r in results]
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    line = lambda cells: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    cpu = sum(r.cpu_seconds for r in results)
    return "\n".join([line(head), *map(line, rows), f"wall time {wall:.0f} s, CPU time {cpu:.0f} s"])


def _replay(path: Path) -> int:
    """Run one saved input through its target (named by the file name) and show what it raises."""
    from fuzz.targets import EXPECTED, TARGETS

    name = next((n for n in sorted(TARGETS, key=len, reverse=True) if path.name.startswith(n + "-")), None)
    if name is None:
        print(f"{path}: the file name does not start with a target name ({', '.join(TARGETS)})", file=sys.stderr)
        return 2
    warnings.simplefilter("error")
    try:
        TARGETS[name].run(path.read_bytes())
    except EXPECTED as exc:
        print(f"{name}: documented error: {exc}")
        return 0
    print(f"{name}: no error")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        name, crashes, sep, *rest = argv[1:]
        _child(name, Path(crashes), rest)
        return 0
    if argv[:1] == ["--write-seeds"]:
        _write_seeds(argv[1], Path(argv[2]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="targets to run (default: all)")
    parser.add_argument("--runs", type=int, default=100_000, help="inputs per target (default 100,000)")
    parser.add_argument("--jobs", type=int, default=2, help="targets run at once (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="libFuzzer's random seed (default 1)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds one input may take (default 10)")
    parser.add_argument("--rss-limit-mb", type=int, default=1024, help="memory limit (default 1024 MB)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"corpora, logs and crashes (default {OUT})")
    parser.add_argument("--replay", type=Path, help="run one saved input through its target and stop")
    parser.add_argument("--list", action="store_true", help="list the targets and stop")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.replay:
        return _replay(args.replay)
    if args.list or args.targets:
        from fuzz.targets import TARGETS  # imports pyrabench: only to list or check names

        if args.list:
            print("\n".join(TARGETS))
            return 0
        unknown = [t for t in args.targets if t not in TARGETS]
        if unknown:
            parser.error(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(TARGETS)}")
        names = args.targets
    else:
        names = _all_targets()
    (args.out / "crashes").mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda n: _run_one(n, args, args.out), names))
    print()
    print(_table(results, time.monotonic() - start))
    return 1 if any(r.crashes or r.hang for r in results) else 0


def _all_targets() -> list[str]:
    """Target names, read without importing ``pyrabench`` into the driver."""
    out = subprocess.run([sys.executable, "-m", "fuzz.run", "--list"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return out.split()


if __name__ == "__main__":
    sys.exit(main())
