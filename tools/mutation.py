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

The last result of each module is kept in ``tests/mutation-record.json`` (committed; merged per
module after each run): killed, total, equivalents, survivors, seconds and the commit it was
measured at. A full run of every module takes hours on a shared two-core machine, so
``--changed`` (``make mutation-changed``) mutates only what changed since each module's recorded
commit (or ``--base REV``): the functions whose lines the ``git diff`` touches (its hunks mapped
to the functions' line ranges with :mod:`ast`), and those that read a module-level name a hunk
binds (a constant, an import); mutmut runs only their mutants (``module.x_name__mutmut_*``) with
the tests that call them. A module never measured is named and skipped (run it whole once).
When mutmut's ``mutants/`` then holds a result for every mutant of a module (mutmut keeps the
results of the functions that did not change, by their hash), the module's record is renewed from
it. Otherwise (a fresh clone has no ``mutants/``) the rerun functions' figures replace theirs in
the record's per-function figures (``functions``: killed, total, equivalent of each function, kept
by every run) and the module's totals are their sums: the unchanged functions keep the figures of
their last run (``scope`` says so). An entry without per-function figures is not merged (run
the module whole once). Each renewed entry keeps the commit and the fingerprint of the code
measured (``code``: its syntax tree without comments, docstrings or layout).

``--survivors`` reruns the last run's survivors (and timeouts) of each module on the tests as
they are now, after tests were added for them, and recounts the module's entry.

``--check`` (``make mutation-check``, in CI) runs no mutant: it fails when a listed module's code
changed since its record entry was measured (the fingerprint differs from ``code`` and from that
of the file at the entry's commit: a comment, a docstring or the layout changed is not a
change), names each such module and the command to run, and lists the modules never measured
(not a failure). A developer runs ``make mutation-changed MODULES=...`` on what they changed and
commits the renewed record with the change.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
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
RECORD = ROOT / "tests" / "mutation-record.json"
CLASS_SEPARATOR = "ǁ"  # mutmut names a method's mutants x<sep>Class<sep>method__mutmut_N
KILLED = {"killed", "timeout", "segfault", "caught by type check"}
SURVIVED = {"survived", "no tests"}
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "PYRABENCH_ENCODER_THREADS")
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


def _mutmut(names: list[str], log: Path) -> int:
    """``mutmut run`` of the mutants ``names`` (globs; named, so rerun every time), one worker."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYRABENCH_DATA")}
    # one thread for BLAS and OpenMP: mutmut forks each mutant's run from a process that ran every
    # test, and a thread pool started there can leave a forked run waiting on a lock forever (a
    # false "timeout", counted as killed); one worker on a shared machine wants no pool anyway
    env.update(dict.fromkeys(THREAD_VARIABLES, "1"))
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", "1", *names]
    with open(log, "w") as fh:
        return subprocess.call(cmd, cwd=ROOT, env=env, stdout=fh, stderr=subprocess.STDOUT)


def run_module(path: str) -> float:
    """Run mutmut on one module's mutants; seconds taken."""
    start = time.perf_counter()
    log = OUT / f"{module_name(path)}.log"
    code = _mutmut([f"{module_name(path)}.*"], log)
    if code != 0 and not (_no_mutants(path)):
        sys.exit(f"mutmut failed on {path} (exit {code}); see {log}")
    return time.perf_counter() - start


# --------------------------------------------------------------------------- the record and what changed


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def head() -> str:
    return git("rev-parse", "HEAD").strip()


def read_record() -> dict:
    return json.loads(RECORD.read_text()) if RECORD.exists() else {}


def write_record(updates: dict) -> None:
    """Merge ``updates`` (module → entry) into the record: one entry per listed module, sorted;
    a listed module without a measurement says so."""
    record = {**read_record(), **updates}
    out = {m: record.get(m, {"measured": False, "note": "not measured yet: run `make mutation MODULES=" + m + "`"})
           for m in core_modules()}
    RECORD.write_text(json.dumps(dict(sorted(out.items())), indent=2, ensure_ascii=False) + "\n")


def functions(source: str) -> dict[str, tuple[int, int, ast.AST]]:
    """``{mutmut's name of the function: (first line, last line, node)}`` for every top-level
    function and every method of a top-level class (what mutmut mutates; a nested function is
    part of the one it is in); the first line is the first decorator's."""
    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[f"x_{node.name}"] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out[f"x{CLASS_SEPARATOR}{node.name}{CLASS_SEPARATOR}{item.name}"] = item
    return {name: (min([n.lineno, *(d.lineno for d in n.decorator_list)]), n.end_lineno, n) for name, n in out.items()}


_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(?P<start>\d+)(?:,(?P<count>\d+))? @@", re.M)


def changed_lines(path: str, base: str) -> list[tuple[int, int]]:
    """The line ranges of ``path`` (as it is now, in the working tree) that ``git diff base``
    changes; a deletion is the range of the lines around it."""
    out = []
    for m in _HUNK.finditer(git("diff", "-U0", base, "--", path)):
        start, count = int(m["start"]), int(m["count"] or 1)
        out.append((start, start + count - 1) if count else (start, start + 1))
    return out


def changed_functions(path: str, base: str) -> list[str]:
    """mutmut's names of the functions of ``path`` that changed since ``base``: those a hunk
    touches, and those that read a module-level name bound by a statement a hunk touches."""
    source = (ROOT / path).read_text()
    spans = changed_lines(path, base)
    funcs = functions(source)
    hit = lambda a, b: any(a <= e and s <= b for s, e in spans)  # noqa: E731
    changed = {name for name, (a, b, _) in funcs.items() if hit(a, b)}
    bound = set()
    for stmt in ast.parse(source).body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or not hit(stmt.lineno, stmt.end_lineno):
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, ast.alias):
                bound.add((node.asname or node.name).split(".")[0])
        # a class attribute changed: every method of the class
    for stmt in ast.parse(source).body:
        if isinstance(stmt, ast.ClassDef) and any(hit(x.lineno, x.end_lineno) for x in stmt.body
                                                  if not isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef))):
            changed |= {n for n in funcs if n.startswith(f"x{CLASS_SEPARATOR}{stmt.name}{CLASS_SEPARATOR}")}
    for name, (_, _, node) in funcs.items():
        if bound & {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}:
            changed.add(name)
    return sorted(changed)


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


def measure(path: str, listed: dict, only: set[str] | None = None):
    """The module's figures from mutmut's results (``only``: of those mutants alone), the
    survivors' report lines and draft rows, and the equivalents listed for another change."""
    status = results(path)
    if only is not None:
        status = {k: v for k, v in status.items() if k in only}
    killed = sum(s in KILLED for s in status.values())
    survivors = sorted((k for k, s in status.items() if s in SURVIVED), key=_natural)
    other = sorted(k for k, s in status.items() if s not in KILLED | SURVIVED)
    equivalent, stale, lines, drafts = [], [], [f"== {path}"], []
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
    entry = {"total": total, "killed": killed, "survived": len(survivors), "equivalent": len(equivalent),
             "not_run": len(other), "killed_fraction": round(killed / total, 4) if total else 1.0,
             "functions": by_function(status, set(equivalent))}
    return entry, lines, drafts, stale, other


def function_of(mutant: str) -> str:
    """mutmut's name of the function a mutant is of (``pkg.mod.x_f__mutmut_3`` → ``x_f``)."""
    return mutant.rpartition(".")[2].rpartition("__mutmut_")[0]


def by_function(status: dict[str, str], equivalent: set[str]) -> dict[str, list[int]]:
    """``{function: [killed, total, equivalent]}`` of the mutants in ``status``, sorted."""
    out: dict[str, list[int]] = {}
    for name, s in status.items():
        row = out.setdefault(function_of(name), [0, 0, 0])
        row[0] += s in KILLED
        row[1] += 1
        row[2] += name in equivalent
    return dict(sorted(out.items()))


def merged_entry(old: dict, rerun: dict, rerun_functions, source: str) -> dict | None:
    """The module's entry when only ``rerun_functions`` were rerun (``rerun``: their
    :func:`measure` entry): their figures replace those of the last run in ``old["functions"]``,
    the functions no longer in ``source`` are dropped, and the totals are the sums (None without
    per-function figures in ``old``: the module must be run whole once)."""
    if "functions" not in old:
        return None
    present = set(functions(source))
    funcs = {f: v for f, v in old["functions"].items() if f in present and f not in set(rerun_functions)}
    funcs = dict(sorted({**funcs, **rerun["functions"]}.items()))
    killed, total, equivalent = (sum(v[i] for v in funcs.values()) for i in range(3))
    return {"total": total, "killed": killed, "survived": total - killed, "equivalent": equivalent, "not_run": 0,
            "killed_fraction": round(killed / total, 4) if total else 1.0, "functions": funcs}


def _report(path: str, entry: dict, stale: list, other: list, seconds: float | None, what: str = "") -> None:
    timing = "" if seconds is None else f" in {seconds:.0f} s"
    print(f"{path}{what}: {entry['killed']}/{entry['total']} killed ({100 * entry['killed_fraction']:.1f} %), "
          f"{entry['survived']} survived ({entry['equivalent']} listed as equivalent){timing}")
    if other:
        print(f"  {len(other)} not run: {', '.join(other[:5])}")
    if stale:
        print(f"  listed as equivalent but the mutant changed, re-check: {', '.join(stale)}")


def _uncommitted(path: str) -> bool:
    return bool(git("status", "--porcelain", "--", path).strip())


def run_changed(modules: list[str], base: str | None, target: float, listed: dict) -> int:
    """``--changed``: the mutants of the functions changed since each module's recorded commit
    (or ``base``), in one mutmut run; the record is renewed for a module whose every mutant
    then has a result."""
    record = read_record()
    globs, names_by_module, skipped = [], {}, []
    for path in modules:
        since = base or record.get(path, {}).get("commit")
        if since is None:
            skipped.append(path)
            continue
        funcs = changed_functions(path, since)
        if funcs:
            names_by_module[path] = funcs
            globs += [f"{module_name(path)}.{f}__mutmut_*" for f in funcs]
            print(f"{path}: {len(funcs)} function(s) changed since {since[:10]}: {', '.join(funcs)}")
    for path in skipped:
        print(f"{path}: never measured, skipped (run it whole: make mutation MODULES={path})")
    if not globs:
        print("no mutated function changed")
        return 0
    start = time.perf_counter()
    log = OUT / "changed.log"
    code = _mutmut(globs, log)
    seconds = time.perf_counter() - start
    if code != 0 and "nothing matches" in log.read_text(errors="replace"):
        print(f"the changed functions have no mutant (mutmut mutates function bodies only) ({seconds:.0f} s)")
        return 0
    if code != 0:
        sys.exit(f"mutmut failed (exit {code}); see {log}")
    failed, lines, drafts, updates, commit = False, [], [], {}, head()
    for path, funcs in names_by_module.items():
        prefixes = tuple(f"{module_name(path)}.{f}__mutmut_" for f in funcs)
        only = {k for k in results(path) if k.startswith(prefixes)}
        entry, ls, ds, stale, other = measure(path, listed, only)
        lines += ls
        drafts += ds
        _report(path, entry, stale, other, None, " (changed functions)")
        failed |= entry["killed_fraction"] < target or bool(stale) or bool(other)
        whole, _, _, whole_stale, whole_other = measure(path, listed)
        stamp = {"seconds": record.get(path, {}).get("seconds"), "commit": commit, "uncommitted": _uncommitted(path),
                 "code": code_fingerprint((ROOT / path).read_text())}
        if not whole_other:
            updates[path] = {**whole, **stamp, "scope": "full (changed functions rerun)"}
            _report(path, whole, whole_stale, [], None, " (whole module, renewed in the record)")
            continue
        merged = merged_entry(record.get(path, {}), entry, funcs, (ROOT / path).read_text())
        if merged is None:
            print(f"{path}: its record has no per-function figures to merge the rerun into; "
                  f"run it whole once: make mutation MODULES={path}")
            failed = True
            continue
        since = record[path].get("commit", "?")[:10]
        updates[path] = {**merged, **stamp,
                         "scope": f"{', '.join(funcs)} rerun; the other functions as measured at {since}"}
        _report(path, merged, [], [], None, " (rerun functions merged into the record's per-function figures)")
    print(f"changed functions: {seconds:.0f} s")
    _write_survivors(lines, drafts)
    if updates:
        write_record(updates)
    return 1 if failed else 0


def code_fingerprint(source: str) -> str:
    """What mutmut mutates of a module, as a digest: its syntax tree without docstrings (comments
    and layout are not in a tree), so only a change of code changes it."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return hashlib.sha256(ast.dump(tree).encode()).hexdigest()[:16]


def _at(commit: str, path: str) -> str | None:
    """``path`` as it was at ``commit`` (None when git has no such file or commit)."""
    got = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True)
    return got.stdout if got.returncode == 0 else None


def check(modules: list[str]) -> int:
    """``--check``: 1 when a measured module's code changed since its record entry (module
    docstring), naming the modules and the command; the modules never measured are listed."""
    record, changed, unmeasured = read_record(), [], []
    for path in modules:
        entry = record.get(path, {})
        if "commit" not in entry:
            unmeasured.append(path)
            continue
        file = ROOT / path
        now = code_fingerprint(file.read_text()) if file.exists() else None
        if now is not None and entry.get("code") == now:
            continue
        before = _at(entry["commit"], path)
        if now is None or before is None or code_fingerprint(before) != now:
            why = ("no longer there" if now is None else
                   f"its commit {entry['commit'][:10]} is not in this clone" if before is None else
                   f"its code changed since {entry['commit'][:10]}, where its record was measured")
            print(f"{path}: {why}")
            changed.append(path)
    if unmeasured:
        print(f"not measured ({len(unmeasured)}, not a failure): {', '.join(unmeasured)}")
    if changed:
        print(f"the mutation record is out of date for {len(changed)} module(s); run\n"
              f"  make mutation-changed MODULES=\"{' '.join(changed)}\"\n"
              "and commit tests/mutation-record.json with the change")
        return 1
    print(f"the mutation record is current for the {len(modules) - len(unmeasured)} measured module(s)")
    return 0


def _write_survivors(lines: list, drafts: list) -> None:
    if drafts:
        lines += ["", "== rows for tests/mutation-equivalents.md, once a survivor is shown to be equivalent:", *drafts]
    (OUT / "survivors.txt").write_text("\n".join(lines) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module paths (default: every module in [tool.mutmut] only_mutate)")
    parser.add_argument("--target", type=float, default=0.90, help="killed fraction each module must reach")
    parser.add_argument("--report-only", action="store_true", help="report the last run without running mutmut")
    parser.add_argument("--survivors", action="store_true",
                        help="rerun the last run's survivors (after tests were added) and recount the modules")
    parser.add_argument("--changed", action="store_true",
                        help="only the functions changed since each module's recorded commit (tests/mutation-record.json)")
    parser.add_argument("--base", help="with --changed: the commit to diff against instead of the recorded ones")
    parser.add_argument("--no-record", action="store_true", help="do not write tests/mutation-record.json")
    parser.add_argument("--check", action="store_true",
                        help="run no mutant: fail when a module changed since its record entry was measured")
    args = parser.parse_args(argv)
    os.chdir(ROOT)  # mutmut reads its configuration from the current directory
    known = core_modules()
    modules = args.modules or known
    unknown = [m for m in modules if m not in known]
    if unknown:
        parser.error(f"not in [tool.mutmut] only_mutate: {unknown}")
    if args.check:
        return check(modules)
    OUT.mkdir(parents=True, exist_ok=True)
    listed = equivalents()
    if args.changed:
        return run_changed(modules, args.base, args.target, listed)
    summary, lines, drafts, failed, commit = {}, [], [], False, head()
    if args.survivors:  # the survivors of the last run, rerun on the tests as they are now; then recounted
        names = [k for path in modules for k, s in results(path).items() if s in SURVIVED | {"timeout"}]
        start = time.perf_counter()
        if names and _mutmut(names, OUT / "survivors.log") != 0:
            sys.exit(f"mutmut failed; see {OUT / 'survivors.log'}")
        print(f"{len(names)} survivors rerun in {time.perf_counter() - start:.0f} s")
    for path in modules:
        seconds = None if args.report_only or args.survivors else run_module(path)
        entry, ls, ds, stale, other = measure(path, listed)
        lines += ls
        drafts += ds
        summary[path] = {**{k: v for k, v in entry.items() if k != "functions"},
                         "seconds": None if seconds is None else round(seconds, 1)}
        _report(path, entry, stale, other, seconds)
        failed |= entry["killed_fraction"] < args.target or bool(stale) or bool(other)
        if seconds is not None and not other and not args.no_record:
            write_record({path: {**summary[path], "functions": entry["functions"], "commit": commit,
                                 "uncommitted": _uncommitted(path), "code": code_fingerprint((ROOT / path).read_text()),
                                 "scope": "full"}})
        elif (seconds is None and not args.no_record and not other
              and read_record().get(path, {}).get("total") == entry["total"]):
            # --report-only after the table of equivalents was edited, or survivors rerun on new tests
            # (`mutmut run NAME ...`): the same mutants, recounted
            write_record({path: {**read_record()[path], **{k: entry[k] for k in (
                "killed", "survived", "equivalent", "killed_fraction", "functions")}}})
    _write_survivors(lines, drafts)
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
