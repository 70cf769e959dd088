"""The fuzz targets (fuzz/targets.py) without the fuzzer: every seed is a valid file its reader
reads without error (so fuzzing starts deep in each reader), and every input the fuzzer found
crashing a reader (tests/fuzz_regressions/<target>-<what>.bin) now ends in a documented error
naming the file, or reads."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from fuzz import targets
from pyrabench.errors import PyrabenchError, PyrabenchWarning

REGRESSIONS = Path(__file__).parent / "fuzz_regressions"


@pytest.fixture(autouse=True)
def _work_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(targets, "_WORK", tmp_path)


@pytest.mark.parametrize("name", sorted(targets.TARGETS))
def test_every_seed_reads_without_error(name):
    seeds = targets.TARGETS[name].seeds()
    assert seeds
    for seed in seeds:
        targets.TARGETS[name].run(seed)


def test_the_input_separator_splits_multi_file_targets():
    assert targets._split(b"a" + targets.SEP + b"b", 3) == [b"a", b"b", b""]
    assert targets._split(b"a" + targets.SEP + b"b" + targets.SEP + b"c", 2) == [b"a", b"b" + targets.SEP + b"c"]


def _target_of(path: Path) -> str:
    return max((n for n in targets.TARGETS if path.name.startswith(n + "-")), key=len)


@pytest.mark.parametrize("path", sorted(REGRESSIONS.glob("*.bin")), ids=lambda p: p.stem)
def test_fuzz_regression_ends_in_a_documented_error(path, tmp_path):
    """Replayed as the fuzzer ran it: warnings other than the package's are errors too."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.simplefilter("ignore", PyrabenchWarning)
        try:
            targets.TARGETS[_target_of(path)].run(path.read_bytes())
        except PyrabenchError as exc:
            assert str(tmp_path) in str(exc), f"the error does not name the file: {exc}"
