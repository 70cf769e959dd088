"""Mutation testing of the core modules: ``python tools/mutation.py [MODULE ...]`` (``make mutation``).

A test suite is worth the bugs it catches, so mutmut plants one small bug at a time (a flipped
comparison, an off-by-one, a dropped argument) in each core module of the three tasks and in the
scoring code (manual, automated and built pyramids, the readers of the user's files, the
tokenizer and the word limits) and runs the unit tests that call the mutated function; a mutant
no test fails on *survived*. The modules and the tests come from ``[tool.mutmut]`` in
``pyproject.toml`` (never ``tests/data``, so it runs without the real data); the pytest plugin
``tools/mutation_plugin.py`` gives each mutant's run an empty cache and empty memos. Each module
runs on its own with one worker (the machine is shared) and its time is printed. mutmut mutates
function bodies only: a module of patterns and constants (``data/names.py``) reports 0 mutants.

Writes ``_build/mutation/survivors.txt`` (every survivor with its diff, marked when
``tests/mutation-equivalents.md`` explains why it cannot be killed) and
``_build/mutation/summary.json``; prints killed / total per module. Exits 1 when a module kills
fewer than ``--target`` (0.90) of its mutants, or when an equivalent listed in the file no longer
matches the code (re-check it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

try:
    from tomllib import loads as toml_loads
except ModuleNotFoundError:  # Python 3.10: mutmut brings the toml package there
    from toml import loads as toml_loads

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_build" / "mutation"
EQUIVALENTS = ROOT / "tests" / "mutation-equivalents.md"
KILLED = {"killed", "timeout", "segfault", "caught by type check"}
SURVIVED = {"survived", "no tests"}
# | `pyrabench.sts.metrics.x_pearson__mutmut_11` | `return float("NAN")` | float() reads any case |
_ROW = re.compile(r"^\|\s*`(?P<name>[\w.]+)`\s*\|\s*`(?P<change>.*)`\s*\|\s*(?P<reason>.*?)\s*\|\s*$")


def core_modules() -> list[str]:
    config = toml_loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    return list(config["only_mutate"])


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def equivalents() -> dict[str, tuple[str, str]]:
    """``{mutant: (changed line, reason)}`` from the table in tests/mutation-equivalents.md."""
    if not EQUIVALENTS.exists():
        return {}
    out = {}
    for line in EQUIVALENTS.read_text().splitlines():
        m = _ROW.match(line)
        if m:
            out[m["name"]] = (m["change"].replace("\\|", "|").strip(), m["reason"])
    return out


def run_module(path: str) -> float:
    """Run mutmut on one module's mutants (named, so rerun every time); seconds taken."""
    start = time.perf_counter()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYRABENCH_DATA")}
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", "1", f"{module_name(path)}.*"]
    log = OUT / f"{module_name(path)}.log"
    with open(log, "w") as fh:
        code = subprocess.call(cmd, cwd=ROOT, env=env, stdout=fh, stderr=subprocess.STDOUT)
    if code != 0 and not (_no_mutants(path)):
        sys.exit(f"mutmut failed on {path} (exit {code}); see {log}")
    return time.perf_counter() - start


def _no_mutants(path: str) -> bool:
    """True when mutmut found nothing to mutate in ``path`` (it mutates function bodies only, so a
    module of patterns and constants has no mutant; mutmut then refuses the name filter)."""
    meta = ROOT / "mutants" / f"{path}.meta"
    return meta.exists() and not json.loads(meta.read_text())["exit_code_by_key"]


def results(path: str) -> dict[str, str]:
    """``{mutant: status}`` for one module, from mutmut's meta file."""
    from mutmut.stats import status_by_exit_code

    meta = json.loads((ROOT / "mutants" / f"{path}.meta").read_text())
    return {k: status_by_exit_code[v] for k, v in meta["exit_code_by_key"].items()}


def diff(name: str, path: str) -> str:
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        return get_diff_for_mutant(name, path=path)
    finally:
        os.chdir(cwd)


def changed_line(diff_text: str) -> str:
    """The mutant's version of the changed line(s), whitespace collapsed: what the table lists."""
    plus = [ln[1:] for ln in diff_text.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    return " ".join(" ".join(plus).split())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module paths (default: every module in [tool.mutmut] only_mutate)")
    parser.add_argument("--target", type=float, default=0.90, help="killed fraction each module must reach")
    parser.add_argument("--report-only", action="store_true", help="report the last run without running mutmut")
    args = parser.parse_args(argv)
    os.chdir(ROOT)  # mutmut reads its configuration from the current directory
    known = core_modules()
    modules = args.modules or known
    unknown = [m for m in modules if m not in known]
    if unknown:
        parser.error(f"not in [tool.mutmut] only_mutate: {unknown}")
    OUT.mkdir(parents=True, exist_ok=True)
    listed = equivalents()
    summary, lines, drafts, failed = {}, [], [], False
    for path in modules:
        seconds = None if args.report_only else run_module(path)
        status = results(path)
        killed = sum(s in KILLED for s in status.values())
        survivors = sorted((k for k, s in status.items() if s in SURVIVED), key=_natural)
        other = sorted(k for k, s in status.items() if s not in KILLED | SURVIVED)
        equivalent, stale = [], []
        lines.append(f"== {path}")
        for name in survivors:
            d = diff(name, path)
            change = changed_line(d)
            if name in listed and listed[name][0] == change:
                equivalent.append(name)
                lines.append(f"-- {name} ({status[name]}), equivalent: {listed[name][1]}")
            else:
                if name in listed:
                    stale.append(name)
                drafts.append(f"| `{name}` | `{change.replace('|', chr(92) + '|')}` | (why no test can tell) |")
                lines.append(f"-- {name} ({status[name]})" + (" LISTED AS EQUIVALENT FOR ANOTHER CHANGE" if name in listed else ""))
            lines.append(d)
        total = len(status)
        fraction = killed / total if total else 1.0
        summary[path] = {
            "total": total, "killed": killed, "survived": len(survivors), "equivalent": len(equivalent),
            "not_run": len(other), "killed_fraction": round(fraction, 4),
            "seconds": None if seconds is None else round(seconds, 1),
        }
        timing = "" if seconds is None else f" in {seconds:.0f} s"
        print(f"{path}: {killed}/{total} killed ({100 * fraction:.1f} %), {len(survivors)} survived "
              f"({len(equivalent)} listed as equivalent){timing}")
        if other:
            print(f"  {len(other)} not run: {', '.join(other[:5])}")
        if stale:
            print(f"  listed as equivalent but the mutant changed, re-check: {', '.join(stale)}")
        failed |= fraction < args.target or bool(stale) or bool(other)
    if drafts:
        lines += ["", "== rows for tests/mutation-equivalents.md, once a survivor is shown to be equivalent:", *drafts]
    (OUT / "survivors.txt").write_text("\n".join(lines) + "\n")
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    killed = sum(s["killed"] for s in summary.values())
    total = sum(s["total"] for s in summary.values())
    print(f"all: {killed}/{total} killed ({100 * killed / max(total, 1):.1f} %); survivors in {OUT / 'survivors.txt'}")
    return 1 if failed else 0


def _natural(name: str):
    stem, _, number = name.rpartition("_")
    return (stem, int(number) if number.isdigit() else 0)


if __name__ == "__main__":
    sys.exit(main())
