"""System output files in the official STS format: one score a line, optionally a tab and a
confidence between 0 and 100 (e.g. the organisers' sample ``STS.output.*.txt``: ``2.5<TAB>100``).

The 2012 organisers received Not-a-Number scores and "had to request whether those were to be
taken as a 0 or as a 5"; 2013 replaced them by 5. We do neither silently: NaN, a non-number, an
empty line or a line count different from the dataset's pairs is a :class:`DataFormatError`
naming the file and line, so the submitter decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..data.repairs import RepairLog
from ..errors import DataFormatError, MetricInputError
from ..files import atomic_write
from .releases import _read_lines, parse_score


@dataclass(frozen=True, eq=False)
class SystemOutput:
    path: Path
    scores: np.ndarray
    confidence: np.ndarray | None  # None when no line carries a confidence
    log: RepairLog | None = None  # e.g. a blank line after the last score, dropped and counted


def read_output(path: str | Path, n_expected: int | None = None) -> SystemOutput:
    """Read one output file; every line must hold a finite score (and optional confidence 0-100)."""
    path = Path(path)
    log = RepairLog()
    lines = _read_lines(path, log)
    if n_expected is not None and len(lines) != n_expected:
        raise DataFormatError(path, f"{len(lines)} lines but the dataset has {n_expected} sentence pairs",
                              min(len(lines), n_expected) + 1)
    scores = np.empty(len(lines))
    confidence = np.full(len(lines), np.nan)
    for i, ln in enumerate(lines):
        fields = ln.strip().split("\t")
        if fields == [""]:
            raise DataFormatError(path, "empty line: every pair needs a score", i + 1)
        if len(fields) > 2:
            raise DataFormatError(path, f"expected 'score' or 'score<TAB>confidence', found {len(fields)} fields", i + 1)
        scores[i] = parse_score(fields[0].strip(), path, i + 1, "score")
        if len(fields) == 2:
            c = parse_score(fields[1].strip(), path, i + 1, "confidence")
            if not 0.0 <= c <= 100.0:
                raise DataFormatError(path, f"confidence {c} is outside 0-100", i + 1)
            confidence[i] = c
    has = ~np.isnan(confidence)
    if has.any() and not has.all():
        first = int(np.flatnonzero(~has)[0]) + 1
        raise DataFormatError(path, "some lines carry a confidence and others do not", first)
    return SystemOutput(path, scores, confidence if has.all() and len(lines) else None, log)


_OUTPUT_NAME = "{prefix}.output.{name}.txt"


def find_output(folder: Path, dataset_name: str) -> Path | None:
    """``STS.output.<name>.txt`` (or ``STS2016.output.<name>.txt``) in ``folder``, if present."""
    for prefix in ("STS", *sorted({m.group(1) for p in folder.glob("STS*.output.*.txt")
                                   for m in [re.match(r"(STS\d{4})\.", p.name)] if m})):
        p = folder / _OUTPUT_NAME.format(prefix=prefix, name=dataset_name)
        if p.exists():
            return p
    return None


def write_output(path: str | Path, scores, confidence=None) -> Path:
    """Write scores in the official format, atomically (:func:`pyrabench.files.atomic_write`):
    each score with 6 decimals, the confidence as ``%g``. What :func:`read_output` would refuse
    (a score that is not finite, a confidence outside 0-100) is a :class:`MetricInputError`
    before the file is touched."""
    path = Path(path)
    scores = np.asarray(scores, dtype=float)
    if not np.all(np.isfinite(scores)):
        raise MetricInputError(f"{path}: not written: every score must be a finite number (the format has no NaN)")
    if confidence is None:
        text = "".join(f"{s:.6f}\n" for s in scores)
    else:
        confidence = np.asarray(confidence, dtype=float)
        if confidence.shape != scores.shape or not np.all((confidence >= 0) & (confidence <= 100)):
            raise MetricInputError(f"{path}: not written: one confidence per score, each from 0 to 100")
        text = "".join(f"{s:.6f}\t{c:g}\n" for s, c in zip(scores, confidence))
    atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return path
