"""The repository speaks of the project alone: no tracker numbers, no folders of one machine.

A reader of the source, the API docs or the book has neither this project's issue tracker nor
the machine a developer worked on, so "see issue 11" or a home folder tells them nothing. A
fact says where it comes from in words (a paper and its table, "NIST's tables in the data
root"). An outside project's issue or pull request is named in words too ("pull request 13402 of
the Sphinx repository"), so that a bare ``#`` number never appears. This file, which spells out
what it looks for, is the one file not walked.
"""

import re
from pathlib import Path

import pytest

THIS_FILE = Path(__file__).resolve()
ROOT = THIS_FILE.parent.parent
#: What a reader gets: the package, the book, the chapters, the tests, the tools, the fuzz targets, the
#: assignments, the benchmarks, and the files at the top (README, configuration, CI).
WALKED = ["pyrabench", "book", "notebooks", "tests", "tools", "assignments", "benchmarks", "fuzz", ".ci", ".github"]
TOP_FILES = ["README.md", "Makefile", "pyproject.toml", "environment.yml", "_config.yml", "_toc.yml", "CITATION.cff"]
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints", "_build"}
SKIPPED_SUFFIXES = {".ipynb", ".pyc", ".png", ".jpg", ".gif", ".bin", ".gz", ".zip", ".parquet", ".npy", ".npz"}

# "issue 11", "issues 3 and 10", "issue #4", "PR 87", "PR #87", a bare "#87" (but not "&#87;",
# an HTML character reference, nor a colour such as "#8fb3d9")
TRACKER = re.compile(r"\b(?:issues?|PRs?)[ \t-]*#?\d+\b|(?<![&\w])#\d+\b|(?<=\w)#\d+\b", re.IGNORECASE)
# a folder of one machine, written out: /work/..., /root/..., /home/..., /tmp/..., /Users/...
MACHINE_PATH = re.compile(r"(?<![\w.~-])/(?:work|root|home|tmp|Users|mnt)/")


def text_files():
    for name in TOP_FILES:
        if (ROOT / name).is_file():
            yield ROOT / name
    for top in WALKED:
        for path in sorted((ROOT / top).rglob("*")):
            if (
                path.is_file()
                and path != THIS_FILE
                and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)
                and path.suffix not in SKIPPED_SUFFIXES
            ):
                yield path


def hits(pattern: re.Pattern) -> list[str]:
    found = []
    for path in text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for m in pattern.finditer(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {m.group(0)!r} in {line.strip()[:120]}")
    return found


def test_the_walk_reaches_every_part_of_the_tree():
    seen = {p.relative_to(ROOT).parts[0] for p in text_files()}
    assert {"pyrabench", "book", "notebooks", "tests", "tools", "benchmarks", "README.md"} <= seen


def test_no_tracker_numbers():
    assert hits(TRACKER) == []


def test_no_absolute_machine_paths():
    assert hits(MACHINE_PATH) == []


@pytest.mark.parametrize(
    "line",
    ["see issue 11", "Targets (issues 3 and 10)", "fixed in #87", "sphinx-doc/sphinx#13402", "PR #5", "issue-24"],
)
def test_tracker_references_are_recognised(line):
    assert TRACKER.search(line)


@pytest.mark.parametrize("line", ["color=\"#8fb3d9\"", "&#8212;", "the 2013 issue of the journal", "`# 11 items`"])
def test_colours_entities_and_words_are_not_tracker_references(line):
    assert not TRACKER.search(line)


@pytest.mark.parametrize("line", ["PYRABENCH_DATA=/work/shared/data", "in /home/ann/data", "at /tmp/x", "cd /root/src"])
def test_machine_paths_are_recognised(line):
    assert MACHINE_PATH.search(line)


@pytest.mark.parametrize("line", ["PYRABENCH_DATA=/path/to/data", "tests/data/home/x", "../shared/data", "~/work/x"])
def test_relative_and_placeholder_paths_pass(line):
    assert not MACHINE_PATH.search(line)
