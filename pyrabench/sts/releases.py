"""STS releases as the organisers distributed them, found by folder and file names.

Each year's release is a folder of ``STS.input.<dataset>.txt`` (tab-separated sentence pairs)
and ``STS.gs.<dataset>.txt`` (one gold score a line) files; 2016 prefixes ``STS2016.`` and adds
two source-note columns plus ``.ascii`` copies; the STS Benchmark is three ``sts-*.csv`` files.
We read them *as distributed*: sentences keep their stray spaces (the official token-cos
baseline is sensitive to them), an empty gold line means "pair not scored", and the 2013 SMT
input, which LDC licenses separately, is reported as unavailable while its gold is kept.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..data.repairs import RepairLog
from ..dataroot import resolve
from ..errors import DataFormatError, MissingDataError, UnknownNameError
from ..files import read_utf8

#: Dataset order used in the papers' tables; datasets not listed follow alphabetically.
PAPER_ORDER = {
    "2012": ("MSRpar", "MSRvid", "SMTeuroparl", "surprise.OnWN", "surprise.SMTnews"),
    "2012-train": ("MSRpar", "MSRvid", "SMTeuroparl"),
    "2013": ("headlines", "OnWN", "FNWN", "SMT"),
    "2014": ("deft-forum", "deft-news", "headlines", "images", "OnWN", "tweet-news"),
    "2015": ("answers-forums", "answers-students", "belief", "headlines", "images"),
    "2016": ("answer-answer", "headlines", "plagiarism", "postediting", "question-question"),
    "stsb": ("train", "dev", "test"),
}
#: The official test releases, in year order (the default of ``pyrabench sts``).
TEST_YEARS = ("2012", "2013", "2014", "2015", "2016")

_GOLD = re.compile(r"^(?P<prefix>STS(?:\d{4})?)\.gs\.(?P<name>.+)\.txt$")
_YEAR = re.compile(r"(?<!\d)(20\d\d)(?!\d)")
_STSB = {"sts-train.csv": "train", "sts-dev.csv": "dev", "sts-test.csv": "test"}


@dataclass(frozen=True, eq=False)
class STSDataset:
    """One evaluation set: sentence pairs, gold (NaN where not scored) and where they came from.

    ``available`` is False when the input sentences are not distributed (2013 SMT): the gold is
    still there, so a system *output* can be scored, but no system can be run on it.
    """

    year: str
    name: str
    sentences_a: tuple[str, ...]
    sentences_b: tuple[str, ...]
    gold: np.ndarray
    gold_path: Path
    input_path: Path | None
    available: bool = True
    note: str = ""
    notes: tuple[tuple[str, ...], ...] = ()  # extra input columns (2016 source notes, STS-B sources)

    @property
    def scored(self) -> np.ndarray:
        """Boolean mask of pairs with a gold score (empty gold lines are left out of scoring)."""
        return ~np.isnan(self.gold)

    @property
    def n_pairs(self) -> int:
        return len(self.gold)

    @property
    def n_scored(self) -> int:
        return int(self.scored.sum())


@dataclass(frozen=True, eq=False)
class STSRelease:
    """All datasets of one year (or one STS-B split set), in the papers' order."""

    year: str
    path: Path
    datasets: tuple[STSDataset, ...]
    log: RepairLog = field(default_factory=RepairLog)

    def __getitem__(self, name: str) -> STSDataset:
        for d in self.datasets:
            if d.name == name:
                return d
        raise UnknownNameError(f"STS {self.year} has no dataset {name!r}; it has {self.names}")

    @property
    def names(self) -> list[str]:
        return [d.name for d in self.datasets]

    @property
    def available(self) -> tuple[STSDataset, ...]:
        return tuple(d for d in self.datasets if d.available)


# --------------------------------------------------------------------------------------------
# discovery


def _sts_dir(root: Path) -> Path:
    return root / "sts" if (root / "sts").is_dir() else root


def _release_key(folder: Path, base: Path) -> str | None:
    parts = folder.relative_to(base).parts
    years = [m.group(1) for p in parts for m in [_YEAR.search(p)] if m]
    for f in sorted(folder.iterdir()):  # 2016 names carry the year: STS2016.gs.*.txt
        m = _GOLD.match(f.name)
        if m and m.group("prefix") != "STS":
            years.append(m.group("prefix")[3:])
    if not years:
        return None
    year = years[-1]
    return f"{year}-train" if "train" in folder.name.lower() else year


def discover(root: str | Path) -> dict[str, Path]:
    """``{"2012": folder, "2012-train": folder, ..., "stsb": folder}`` found under the data root.

    A release is a folder holding ``STS*.gs.*.txt`` files; its year comes from the folder path
    (or the ``STS2016.`` prefix), and a folder named ``*train*`` is that year's training data.
    """
    base = _sts_dir(Path(root))
    found: dict[str, Path] = {}
    if not base.is_dir():
        return found
    for folder in sorted({p.parent for p in base.rglob("*.gs.*.txt")}):
        if not any(_GOLD.match(f.name) for f in folder.iterdir()):
            continue
        key = _release_key(folder, base)
        if key is None:
            continue
        if key in found:
            raise DataFormatError(folder, f"two STS releases for {key}: {found[key]} and {folder}")
        found[key] = folder
    stsb = sorted({p.parent for name in _STSB for p in base.rglob(name)})
    if stsb:
        found["stsb"] = stsb[0]
    return dict(sorted(found.items(), key=lambda kv: (kv[0] == "stsb", kv[0])))


# --------------------------------------------------------------------------------------------
# line-level readers


def _read_lines(path: Path, log: RepairLog) -> list[str]:
    """Lines of a UTF-8 file without their newline; trailing empty lines are a counted repair."""
    lines = read_utf8(path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline
    while lines and lines[-1].strip() == "" and not path.name.startswith(("STS.gs", "STS2016.gs")):
        # the 2016 .ascii copies end with one extra blank line
        log.repair(path, "trailing-empty-input-line", "blank line after the last pair dropped", f"line {len(lines)}")
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


def parse_score(text: str, path: Path, line: int, what: str = "score") -> float:
    """A finite float, or a :class:`DataFormatError` naming file and line (NaN is refused)."""
    try:
        value = float(text)
    except ValueError:
        raise DataFormatError(path, f"{what} {text!r} is not a number", line) from None
    if not math.isfinite(value):
        raise DataFormatError(
            path, f"{what} {text!r} is not a finite number (NaN/inf has no agreed meaning: give a score 0-5)", line
        )
    return value


def read_gold(path: Path, log: RepairLog | None = None) -> np.ndarray:
    """Gold scores, NaN for an empty line (the organisers' "not scored" marker), counted in ``log``."""
    log = log if log is not None else RepairLog()
    lines = _read_lines(path, log)
    values = np.full(len(lines), np.nan)
    for i, ln in enumerate(lines):
        field_ = ln.split("\t")[0].strip()
        if field_ == "":
            log.skip(path, "unscored-pair", "empty gold line: pair not in the official scoring", f"line {i + 1}")
            continue
        value = parse_score(field_, path, i + 1, "gold score")
        if not 0.0 <= value <= 5.0:
            raise DataFormatError(path, f"gold score {value} is outside 0-5", i + 1)
        values[i] = value
    return values


def read_input(path: Path, log: RepairLog | None = None) -> tuple[list[str], list[str], list[tuple[str, ...]]]:
    """Sentence pairs of an ``STS*.input.*`` file: the first two tab fields; the rest are notes.

    Sentences are kept byte for byte (leading/trailing/double spaces included).
    """
    log = log if log is not None else RepairLog()
    a, b, notes = [], [], []
    for i, ln in enumerate(_read_lines(path, log)):
        fields = ln.split("\t")
        if len(fields) < 2:
            raise DataFormatError(path, f"expected two tab-separated sentences, found {len(fields)} field(s)", i + 1)
        a.append(fields[0])
        b.append(fields[1])
        notes.append(tuple(fields[2:]))
    return a, b, notes


# --------------------------------------------------------------------------------------------
# releases


def _ordered(key: str, names: list[str]) -> list[str]:
    order = PAPER_ORDER.get(key, ())
    known = [n for n in order if n in names]
    return known + sorted((n for n in names if n not in order), key=str.casefold)


def _load_year(key: str, folder: Path, encoding: str) -> STSRelease:
    log = RepairLog()
    golds = {}
    for f in sorted(folder.iterdir()):
        m = _GOLD.match(f.name)
        if m and m.group("name") != "ALL":
            golds[m.group("name")] = (m.group("prefix"), f)
    if not golds:
        raise MissingDataError(f"{folder}: no STS*.gs.*.txt gold files")
    datasets = []
    for name in _ordered(key, list(golds)):
        prefix, gold_path = golds[name]
        gold = read_gold(gold_path, log)
        suffix = ".ascii" if encoding == "ascii" else ".txt"
        input_path = folder / f"{prefix}.input.{name}{suffix}"
        if not input_path.exists() and suffix == ".ascii":
            input_path = folder / f"{prefix}.input.{name}.txt"
        if not input_path.exists():
            log.skip(gold_path, "input-unavailable", f"{input_path.name} is not distributed; gold kept", name)
            datasets.append(
                STSDataset(key, name, (), (), gold, gold_path, None, available=False,
                           note=f"input {input_path.name} not distributed (2013 SMT is LDC-licensed)")
            )
            continue
        a, b, notes = read_input(input_path, log)
        if len(a) != len(gold):
            raise DataFormatError(
                input_path, f"{len(a)} sentence pairs but {len(gold)} gold lines in {gold_path.name}"
            )
        datasets.append(STSDataset(key, name, tuple(a), tuple(b), gold, gold_path, input_path,
                                   notes=tuple(notes) if any(notes) else ()))
    _check_all_file(folder, datasets, log)
    return STSRelease(key, folder, tuple(datasets), log)


def _check_all_file(folder: Path, datasets: list[STSDataset], log: RepairLog) -> None:
    """2012's ``STS.gs.ALL.txt`` is the concatenation of the five test golds: verify, don't load twice."""
    path = folder / "STS.gs.ALL.txt"
    if not path.exists():
        return
    all_gold = read_gold(path, RepairLog())
    concat = np.concatenate([d.gold for d in datasets])
    if len(all_gold) != len(concat) or not np.array_equal(all_gold, concat, equal_nan=True):
        raise DataFormatError(path, "is not the concatenation of the per-dataset gold files in paper order")


def _load_stsb(folder: Path) -> STSRelease:
    """STS Benchmark csv: genre, file, year, id, score, sentence 1, sentence 2 [, sources...]."""
    log = RepairLog()
    datasets = []
    for filename, name in _STSB.items():
        path = folder / filename
        if not path.exists():
            continue
        a, b, gold, notes = [], [], [], []
        for i, ln in enumerate(_read_lines(path, log)):
            fields = ln.split("\t")
            if len(fields) < 7:
                raise DataFormatError(path, f"expected at least 7 tab-separated fields, found {len(fields)}", i + 1)
            if len(fields) > 7:
                log.repair(path, "stsb-extra-columns", f"{len(fields) - 7} source column(s) kept as notes", f"line {i + 1}")
            value = parse_score(fields[4].strip(), path, i + 1, "gold score")
            if not 0.0 <= value <= 5.0:
                raise DataFormatError(path, f"gold score {value} is outside 0-5", i + 1)
            gold.append(value)
            a.append(fields[5])
            b.append(fields[6])
            notes.append((fields[0], *fields[7:]))
        datasets.append(STSDataset("stsb", name, tuple(a), tuple(b), np.asarray(gold, float), path, path,
                                   notes=tuple(notes)))
    return STSRelease("stsb", folder, tuple(datasets), log)


def load_release(key: str, root: str | Path | None = None, encoding: str = "utf-8") -> STSRelease:
    """Load one release (``"2012"``, ``"2012-train"``, ..., ``"2016"``, ``"stsb"``) from the data root.

    ``encoding="ascii"`` reads the 2016 ``.ascii`` input copies instead of the UTF-8 ones (the
    published 2016 baseline was computed on the UTF-8 files; the copies change two datasets).
    """

    base = resolve(root).path
    releases = discover(base)
    if key not in releases:
        raise MissingDataError(f"no STS release {key!r} under {base}; found {sorted(releases)}")
    if key == "stsb":
        return _load_stsb(releases[key])
    return _load_year(key, releases[key], encoding)


def load_releases(keys=None, root: str | Path | None = None, encoding: str = "utf-8") -> dict[str, STSRelease]:
    """Several releases; ``keys=None`` loads the official test years found under the root."""

    base = resolve(root).path
    if keys is None:
        found = discover(base)
        keys = [k for k in found if k in TEST_YEARS]
        if not keys:
            raise MissingDataError(
                f"no STS test release (STS*.gs.*.txt of {', '.join(TEST_YEARS)}) under {base}"
                + (f"; found only {', '.join(found)}" if found else "")
            )
    return {k: load_release(k, base, encoding) for k in keys}
