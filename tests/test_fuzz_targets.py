"""The fuzz targets (fuzz/targets.py) without the fuzzer: every seed is a valid file its reader
reads without error (so fuzzing starts deep in each reader), and every input the fuzzer found
crashing a reader (tests/fuzz_regressions/<target>-<what>.bin) now ends in the outcome
:data:`EXPECTED_OUTCOMES` records for it: a documented error naming the file and saying what is
wrong, or a read without error."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from fuzz import targets
from pyrabench.errors import DataFormatError, MetricInputError, OutputError, PyrabenchError, PyrabenchWarning

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


#: Each regression input's expected outcome: the error class and a fragment of its message, or
#: None when the reader must read it without error. An input saved without an entry here fails.
EXPECTED_OUTCOMES = {
    "judgments_content-superscript-digit": (DataFormatError, "responsiveness '²' is not an integer from 1 to 5"),
    "judgments_quality-superscript-digit": (DataFormatError, "question number '²2' is not an integer from 1 to 5"),
    "judgments_scores-header-not-utf8": (DataFormatError, "2006-header.txt:1: not UTF-8"),
    "judgments_scores-header-without-setid": (DataFormatError, "no 'setid' column"),
    "vectors_compressed-zip-member-name-not-utf8": (DataFormatError, "vectors.txt.zip: cannot read"),
    "vectors_compressed-zip-name-not-utf8": (DataFormatError, "vectors.txt.zip: cannot read"),
    "vectors_text-float32-overflow": (DataFormatError, "vectors.txt:1: a vector component is beyond float32's range"),
    "write_pan-nul-in-summary": (OutputError, "the peer summary: it holds U+0000 at character 8"),
    "write_pyr-summary-ending-in-blanks": (OutputError, "cannot write model summary 'A': it would read back as another"),
    "write_pyr-summary-holding-a-header-line": (OutputError, "its 2 model summaries would read back as 3"),
    "write_pyr-blank-part": (OutputError, "written.pyr: cannot write SCU 1: a part of it holds only blanks"),
    "write_sacrerouge-blank-part": (OutputError, "pyramids.jsonl: cannot write SCU 1: a part of it holds only blanks"),
    "write_summaries-carriage-return-in-a-sentence": (PyrabenchError, "its text holds a carriage return"),
    "write_summaries-lone-surrogate-in-the-text": (PyrabenchError, "its text holds the lone surrogate U+DCFF"),
    "write_sts_output-nan-score": (MetricInputError, "every score must be a finite number"),
}


def test_every_regression_input_has_an_expected_outcome():
    assert sorted(p.stem for p in REGRESSIONS.glob("*.bin")) == sorted(EXPECTED_OUTCOMES)


@pytest.mark.parametrize("path", sorted(REGRESSIONS.glob("*.bin")), ids=lambda p: p.stem)
def test_fuzz_regression_ends_in_its_expected_outcome(path, tmp_path):
    """Replayed as the fuzzer ran it (warnings other than the package's are errors too): a
    refused input raises its documented error, naming the file; a readable one reads."""
    expected = EXPECTED_OUTCOMES[path.stem]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.simplefilter("ignore", PyrabenchWarning)
        if expected is None:
            targets.TARGETS[_target_of(path)].run(path.read_bytes())
            return
        error, message = expected
        name = _target_of(path)
        if name.startswith("write_"):  # a writer's refusal is the target's normal end, not an exception
            targets.REFUSED[0] = None
            targets.TARGETS[name].run(path.read_bytes())
            refused = targets.REFUSED[0]
            assert isinstance(refused, error), f"the writer did not refuse with {error.__name__}: {refused!r}"
        else:
            with pytest.raises(error) as caught:
                targets.TARGETS[name].run(path.read_bytes())
            refused = caught.value
    assert str(tmp_path) in str(refused), f"the error does not name the file: {refused}"
    assert message in str(refused)
