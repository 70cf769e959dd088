"""The continuous integration runs the test suite before it builds or publishes the book: the
GitHub workflow on the bundled sample, the project's own CI script on the real data."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _runs(steps) -> list[str]:
    return [s.get("run", "").strip() for s in steps]


def test_the_book_workflow_runs_the_suite_before_it_builds():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "book.yml").read_text(encoding="utf-8"))
    runs = _runs(workflow["jobs"]["build"]["steps"])
    tests = [i for i, r in enumerate(runs) if r.startswith("make test ") or r == "make test"]
    books = [i for i, r in enumerate(runs) if r.startswith("make book")]
    assert tests and books, runs
    assert tests[0] < books[0]
    assert "PYRABENCH_DATA" not in (ROOT / ".github" / "workflows" / "book.yml").read_text(encoding="utf-8")  # the sample


def test_the_ci_script_runs_the_suite_and_the_fuzz_smoke_before_the_book():
    lines = [line.split("#")[0].strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    order = [next(i for i, line in enumerate(lines) if line.startswith(cmd)) for cmd in ("make test ", "make fuzz-smoke", "make book")]
    assert order == sorted(order)
