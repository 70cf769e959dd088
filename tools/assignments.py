"""Classroom assignments: student and autograder versions from one source, checked end to end.

Each assignment is one MyST notebook with otter-grader's solution markers,
``assignments/src/<name>.md``. ``make assignments`` (this script, ``build``) turns every source
into ``_build/assignments/<name>/{student,autograder}/`` with ``otter assign``, then:

1. grades the solution notebook (autograder version, hidden tests included): every check must
   pass;
2. grades the blank student notebook: every auto-graded question must fail at least one check,
   so no check passes vacuously;
3. checks that each assignment has hidden tests, and that no student file and no book page holds
   a line of a solution or of a hidden test;
4. writes the student notebooks the book shows (``assignments/<name>.ipynb``, git-ignored).

The notebooks find the data as the book does (``PYRABENCH_DATA``, else the bundled sample), so
the same command checks the assignments on either data. Exit status 0 only when every check
holds. ``pages`` only writes the book's student notebooks; the book build runs it through
:func:`setup` (a Sphinx extension listed in ``_config.yml``), so ``jupyter-book build .`` never
needs a prior ``make assignments`` and never sees a solution.

Usage::

    python tools/assignments.py [build] [--only NAME ...]   # make assignments
    python tools/assignments.py pages                       # the book's student notebooks only
"""

from __future__ import annotations

import argparse
import contextlib
import html
import io
import json
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "assignments" / "src"
OUT = ROOT / "_build" / "assignments"
PAGES = ROOT / "assignments"  # where the book reads the student notebooks (git-ignored)
HTML = ROOT / "_build" / "html"

#: Markers that only a source or an autograder file may contain.
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "# SOLUTION", "BEGIN TESTS", "END TESTS", "# HIDDEN",
           "ASSIGNMENT CONFIG")
MIN_FRAGMENT = 12  # shorter solution lines ("return w", "x = 0") say too little to count as a leak


def sources(only: list[str] | None = None) -> list[Path]:
    """The assignment sources, by name; ``only`` restricts them (unknown names are an error)."""
    found = {p.stem: p for p in sorted(SOURCES.glob("*.md"))}
    if only:
        unknown = sorted(set(only) - set(found))
        if unknown:
            raise SystemExit(f"unknown assignment(s) {', '.join(unknown)}; known: {', '.join(found)}")
        return [found[n] for n in only]
    return list(found.values())


# --------------------------------------------------------------------------- reading a source


def read_master(source: Path):
    """The source as a notebook (jupytext), with cell ids made stable."""
    import jupytext

    nb = jupytext.read(source)
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
    return nb


def _lines(cell) -> list[str]:
    src = cell.source if isinstance(cell.source, str) else "".join(cell.source)
    return src.splitlines()


def _boundary(cell, word: str) -> bool:
    """Is ``cell`` otter's raw ``# BEGIN|END <word>`` cell?"""
    lines = _lines(cell)
    return cell.cell_type == "raw" and bool(lines) and re.match(rf"#\s*{word}\b", lines[0].strip(), re.I) is not None


@dataclass
class Secrets:
    """What must never reach a student: solution lines and hidden-test lines of one source."""

    solution: set[str] = field(default_factory=set)
    hidden: set[str] = field(default_factory=set)
    hidden_tests: int = 0
    questions: list[str] = field(default_factory=list)

    @property
    def fragments(self) -> set[str]:
        return self.solution | self.hidden


def _norm(line: str) -> str:
    return " ".join(line.split())


def _code_solution_lines(lines: list[str]) -> list[str]:
    """Lines otter replaces in a solution code cell: inside ``# BEGIN/END SOLUTION`` or ending ``# SOLUTION``."""
    out, inside = [], False
    for line in lines:
        s = line.strip()
        if s.endswith("# END SOLUTION"):
            inside = False
        elif re.match(r"#\s*BEGIN SOLUTION", s):
            inside = True
        elif inside:
            out.append(line)
        elif re.search(r"#\s?SOLUTION$", s):
            out.append(re.sub(r"#\s?SOLUTION$", "", s))
    return out


def secrets(master) -> Secrets:
    """Solution and hidden-test lines of a master notebook, minus lines shown to students anyway."""
    found = Secrets()
    public: set[str] = set()
    in_solution = in_tests = False
    for cell in master.cells:
        lines = _lines(cell)
        if _boundary(cell, "BEGIN QUESTION"):
            name = re.search(r"name:\s*(\S+)", "\n".join(lines))
            found.questions.append(name.group(1) if name else "?")
        if _boundary(cell, "BEGIN SOLUTION"):
            in_solution = True
        elif _boundary(cell, "END SOLUTION"):
            in_solution = False
        elif _boundary(cell, "BEGIN TESTS"):
            in_tests = True
        elif _boundary(cell, "END TESTS"):
            in_tests = False
        if cell.cell_type == "raw":
            continue
        if in_tests and lines and re.match(r"#\s*hidden\b", lines[0].strip(), re.I):
            found.hidden_tests += 1
            found.hidden.update(_norm(l) for l in lines[1:])
        elif in_solution and cell.cell_type == "markdown":
            found.solution.update(_norm(l) for l in lines)
        elif in_solution and cell.cell_type == "code":
            secret = _code_solution_lines(lines)
            found.solution.update(_norm(l) for l in secret)
            public.update(_norm(l) for l in lines if l not in secret)
        else:
            public.update(_norm(l) for l in lines)
    for group in (found.solution, found.hidden):
        group.difference_update({l for l in group if len(l) < MIN_FRAGMENT or l in public or _generic(l)})
    return found


def _generic(line: str) -> bool:
    """An import or a bare comment: found in any notebook, it reveals nothing."""
    return re.match(r"(from\s+\S+\s+)?import\s|#", line) is not None


# --------------------------------------------------------------------------- finding leaks


def _texts_of(path: Path) -> list[str]:
    """The text a reader of ``path`` can get: every string of a notebook (cells and metadata),
    the visible text of an HTML page, or the file itself."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        out: list[str] = []

        def walk(x):
            if isinstance(x, str):
                out.append(x)
            elif isinstance(x, list):
                if x and all(isinstance(i, str) for i in x):
                    out.append("".join(x))
                else:
                    for i in x:
                        walk(i)
            elif isinstance(x, dict):
                for v in x.values():
                    walk(v)

        walk(json.loads(raw))
        return out
    if path.suffix in (".html", ".htm"):
        return [html.unescape(re.sub(r"<[^>]+>", "", raw))]
    return [raw]


def leaks(path: Path, fragments: set[str], markers: bool = True) -> list[str]:
    """Solution fragments (and, with ``markers``, otter's markers) found in ``path``; empty: clean.

    Markers are searched in what students get; a book page may name them in prose (the
    instructors' page does), so pages are searched for solution lines only.
    """
    found = []
    for text in _texts_of(path):
        lines = {_norm(l) for l in text.splitlines()}
        joined = "\n".join(lines)
        if markers:
            found += [f"marker {m!r}" for m in MARKERS if m in text]
        found += [f"solution line {f!r}" for f in fragments if f in lines or (len(f) >= 30 and f in joined)]
    return sorted(set(found))


def student_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".ipynb", ".py", ".md", ".txt", ".json", ".html"))


def book_files(name: str) -> list[Path]:
    """After a book build, every page it rendered and every source it offers for download."""
    files = []
    if HTML.is_dir():
        files += sorted(HTML.rglob("*.html"))
        files += sorted((HTML / "_sources").rglob("*")) if (HTML / "_sources").is_dir() else []
    return [p for p in files if p.is_file() and p.suffix in (".ipynb", ".html", ".md", ".txt")]


# --------------------------------------------------------------------------- otter


@dataclass
class Assigned:
    name: str
    student: Path  # the student notebook
    solution: Path  # the autograder notebook (solutions)
    autograder: Path  # the autograder zip
    seconds: float


def package_wheel(folder: Path) -> Path:
    """A wheel of this checkout of pyrabench (sample data included), built from a scratch copy
    so the working tree gains no ``build/`` folder: the grading image of ``otter grade`` installs it."""
    import subprocess

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pyrabench-wheel-") as tmp:
        copy = Path(tmp) / "src"
        copy.mkdir()
        for item in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / item, copy / item)
        shutil.copytree(ROOT / "pyrabench", copy / "pyrabench", ignore=shutil.ignore_patterns("__pycache__"))
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(folder), str(copy)]
        done = subprocess.run([*command[:4], "--no-build-isolation", *command[4:]], capture_output=True, text=True)
        if done.returncode != 0:  # no setuptools in this environment: let pip fetch the build backend
            done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"building the pyrabench wheel failed:\n{done.stderr}")
    wheels = sorted(folder.glob("pyrabench-*.whl"))
    if not wheels:
        raise RuntimeError(f"pip wrote no pyrabench wheel to {folder}")
    return wheels[-1]


def with_grading_image(master, wheel: Path):
    """The master notebook with the pyrabench wheel added to the autograder zip and its
    requirements, so ``otter grade``'s Docker image can import the package and its sample data."""
    import yaml

    for cell in master.cells:
        lines = _lines(cell)
        if cell.cell_type == "raw" and lines and re.match(r"#\s*ASSIGNMENT CONFIG", lines[0], re.I):
            config = yaml.safe_load("\n".join(lines[1:])) or {}
            config["autograder_files"] = [*config.get("autograder_files", []), wheel.name]
            config["requirements"] = [*config.get("requirements", []),
                                      f"pyrabench[glove] @ file:///autograder/source/files/{wheel.name}"]
            cell.source = "# ASSIGNMENT CONFIG\n" + yaml.safe_dump(config, sort_keys=False)
            return master
    raise RuntimeError("the source has no ASSIGNMENT CONFIG cell")


def assign(source: Path, out: Path = OUT, wheel: Path | None = None) -> Assigned:
    """``otter assign`` on one source: ``out/<name>/{student,autograder}`` (and the master it read).

    With ``wheel``, the autograder zip carries it for ``otter grade`` (see :func:`with_grading_image`).
    """
    import nbformat
    from otter.assign import main as otter_assign

    started = time.perf_counter()
    name = source.stem
    folder = out / name
    master = folder / "master" / f"{name}.ipynb"
    master.parent.mkdir(parents=True, exist_ok=True)
    nb = read_master(source)
    if wheel is not None:
        shutil.copy2(wheel, master.parent / wheel.name)
        nb = with_grading_image(nb, wheel)
    nbformat.write(nb, master)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        otter_assign(str(master), str(folder), no_pdfs=True, no_run_tests=True)
    autograder = folder / "autograder"
    zips = sorted(autograder.glob(f"{name}-autograder_*.zip"))
    if not zips:
        raise RuntimeError(f"{name}: otter assign wrote no autograder zip")
    stable = autograder / f"{name}-autograder.zip"
    zips[-1].replace(stable)
    for stale in zips[:-1]:
        stale.unlink()
    return Assigned(name, folder / "student" / f"{name}.ipynb", autograder / f"{name}.ipynb", stable,
                    time.perf_counter() - started)


def grade(notebook: Path, autograder: Path):
    """Run every check (hidden ones too) on ``notebook`` without a container: otter's GradingResults."""
    from otter.api import grade_submission

    with _quiet_fd(2), contextlib.redirect_stderr(io.StringIO()):
        return grade_submission(str(notebook), str(autograder), quiet=True)


@contextlib.contextmanager
def _quiet_fd(fd: int):
    """Silence a file descriptor (the grading kernel's own start-up warnings go straight to it)."""
    import os

    saved = os.dup(fd)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), fd)
        try:
            yield
        finally:
            os.dup2(saved, fd)
            os.close(saved)


def question_scores(results) -> dict[str, tuple[float, float]]:
    """question -> (score, possible)."""
    return {q: (float(r.score), float(r.possible)) for q, r in sorted(results.results.items())}


# --------------------------------------------------------------------------- the book


def book_page(student_nb):
    """The student notebook as the book shows it: unexecuted (a blank notebook cannot run), stable ids."""
    import copy

    nb = copy.deepcopy(student_nb)
    nb.metadata["mystnb"] = {"execution_mode": "off"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
    return nb


def write_if_changed(path: Path, text: str) -> bool:
    """Write only when the content differs, so Sphinx does not re-read unchanged pages."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return True


def write_page(assigned: Assigned) -> Path:
    import nbformat

    page = PAGES / f"{assigned.name}.ipynb"
    write_if_changed(page, nbformat.writes(book_page(nbformat.read(assigned.student, as_version=4))) + "\n")
    return page


def pages(only: list[str] | None = None) -> list[Path]:
    """Student notebooks for the book, generated in a scratch folder (nothing else is kept)."""
    with tempfile.TemporaryDirectory(prefix="pyrabench-assignments-") as tmp:
        return [write_page(assign(src, Path(tmp))) for src in sources(only)]


def setup(app):
    """Sphinx extension (``_config.yml``: ``sphinx.local_extensions``): write the student pages
    before the table of contents is read, so a book build always shows current student versions."""
    try:
        import otter  # noqa: F401
    except ImportError as exc:
        raise RuntimeError("the book's Assignments part needs otter-grader: pip install -e '.[assignments]'") from exc
    pages()
    return {"parallel_read_safe": True, "parallel_write_safe": True}


# --------------------------------------------------------------------------- make assignments


@dataclass
class Report:
    name: str
    problems: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    solution: dict[str, tuple[float, float]] = field(default_factory=dict)
    blank: dict[str, tuple[float, float]] = field(default_factory=dict)


def check(source: Path, out: Path = OUT, wheel: Path | None = None) -> Report:
    """Build one assignment and run every check on it (see the module doc)."""
    import nbformat

    report = Report(source.stem)
    secret = secrets(read_master(source))
    if not secret.hidden_tests:
        report.problems.append("no hidden test")
    assigned = assign(source, out, wheel)
    report.timings["assign"] = assigned.seconds

    started = time.perf_counter()
    solved = grade(assigned.solution, assigned.autograder)
    report.timings["solution"] = time.perf_counter() - started
    report.solution = question_scores(solved)
    for q, (score, possible) in report.solution.items():
        if score < possible:
            report.problems.append(f"solution fails {q} ({score:g}/{possible:g}):\n{solved.results[q].summary()}")
    missing = sorted(set(secret.questions) - set(report.solution) - _manual(assigned.solution))
    if missing:
        report.problems.append(f"questions without checks: {', '.join(missing)}")

    started = time.perf_counter()
    blank = grade(assigned.student, assigned.autograder)
    report.timings["blank"] = time.perf_counter() - started
    report.blank = question_scores(blank)
    vacuous = [q for q, (score, possible) in report.blank.items() if score >= possible]
    if vacuous or not report.blank:
        report.problems.append(f"blank student notebook passes {', '.join(vacuous) or 'everything'}")

    page = write_page(assigned)
    student_nb = nbformat.read(assigned.student, as_version=4)
    if "tests" in student_nb.metadata.get("otter", {}):
        shown = "\n".join(student_nb.metadata["otter"]["tests"].values())
        if "hidden=True" in shown:
            report.problems.append("the student notebook carries hidden tests")
    handed_out = [*student_files(assigned.student.parent), page]
    for path in [*handed_out, *book_files(assigned.name)]:
        for leak in leaks(path, secret.fragments, markers=path in handed_out):
            report.problems.append(f"{_shown(path)}: {leak}")
    return report


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _manual(solution_notebook: Path) -> set[str]:
    """Questions graded by hand (``manual: true``): they have no checks by design."""
    import nbformat

    nb = nbformat.read(solution_notebook, as_version=4)
    tests = nb.metadata.get("otter", {}).get("tests", {})
    master = read_master(SOURCES / f"{solution_notebook.stem}.md")
    manual = set()
    for cell in master.cells:
        if _boundary(cell, "BEGIN QUESTION") and re.search(r"manual:\s*true", "".join(cell.source), re.I):
            name = re.search(r"name:\s*(\S+)", "".join(cell.source))
            if name and name.group(1) not in tests:
                manual.add(name.group(1))
    return manual


def _scores(scores: dict[str, tuple[float, float]]) -> str:
    return " ".join(f"{q}={s:g}/{p:g}" for q, (s, p) in scores.items())


def build(only: list[str] | None = None, out: Path = OUT) -> int:
    from pyrabench import dataroot

    print(f"assignments on the {dataroot.resolve().describe()}")
    started = time.perf_counter()
    wheel = package_wheel(out / "wheel")
    print(f"grading-image wheel: {wheel.name} ({time.perf_counter() - started:.1f} s)")
    failed = 0
    for source in sources(only):
        report = check(source, out, wheel)
        t = report.timings
        print(f"{report.name}: assign {t['assign']:.1f} s, solution {t['solution']:.1f} s, blank {t['blank']:.1f} s")
        print(f"  solution: {_scores(report.solution)}")
        print(f"  blank:    {_scores(report.blank)}")
        for problem in report.problems:
            print(f"  FAIL {problem}")
        failed += bool(report.problems)
        if not report.problems:
            print(f"  ok: {out / report.name}/{{student,autograder}}/")
    total = len(sources(only))
    print(f"assignments took {time.perf_counter() - started:.0f} s")
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="build", choices=("build", "pages"))
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these assignments")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    if args.command == "pages":
        for page in pages(args.only):
            print(page.relative_to(ROOT))
        return 0
    if args.out.exists() and not args.only:
        shutil.rmtree(args.out)
    return build(args.only, args.out.resolve())


if __name__ == "__main__":
    sys.exit(main())
