"""Lite pyramids as the datasets ship them: one reference's content units, line-aligned
summaries and crowd labels.

REALSumm, PyrXSum and RoSE (after Shapira et al.'s *lite pyramid*; Lite²Pyramid's repository
lays them out so) give, per example, the *units* written from its one reference summary (every
unit weighs 1), the system summaries, and labels saying which units each summary holds; the
human score of a summary is the share of its units present. The files:

=================================  ===============================================================
units, text (``SCUs.txt``)         one line per example, its units separated by tabs; the
                                   examples are named by an ids file (``ids.txt``, one id a
                                   line, aligned), or by their line number without one
units, JSON Lines (``.jsonl``)     one object a line: ``{"instance_id": str, "units": [str, ...]}``
summaries (``summaries/``)         ``<system>.summary``: one summary a line, aligned with the
                                   units (a folder of them, or one file)
labels (``labels/``)               ``<system>.label``: per summary, ``1``/``0`` per unit,
                                   tab-separated, in the units' order
=================================  ===============================================================

Text is UTF-8 (a byte that is not is an error naming file and line), a leading byte-order mark
is dropped, ``\\r\\n`` reads as ``\\n`` and one line end closing the file is not a line; files are
read through :mod:`pyrabench.files` (regular files, a size limit). Blanks around a line (a tab
closing a units line, as in the shipped files) are not units. Everything else that does not fit
is a :class:`~pyrabench.errors.DataFormatError` naming file and line: an empty unit, a line
without one, an id twice, files of different lengths, a label that is not 0 or 1, a label line
whose length differs from its units.

:func:`lite_pyramid` makes each example a :class:`~pyrabench.data.model.Pyramid` of **one model
summary**: the units, one a line, each unit an SCU whose one contributor is itself (weight 1),
so the modified score of a summary is the share of its units present. :func:`read_dataset` reads
a dataset's folder as Lite²Pyramid's repository lays PyrXSum and REALSumm out (``SCUs.txt``,
``ids.txt``, ``summaries/``, ``labels/``); :func:`dataset_folder` finds one in a data root.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..errors import DataFormatError, MissingDataError
from ..files import read_jsonl, read_utf8
from .model import SCU, Contributor, Part, Pyramid
from .summaries import Summary

#: The corpus name lite pyramids carry.
LITE = "lite"
#: The one model summary's name: the reference the units were written from.
REFERENCE = "reference"
#: Where a data root keeps a lite dataset: PyrXSum as its authors ship it, else the bundled sample's.
LITE_FOLDERS = ("pyrxsum", "lite")
SUMMARY_SUFFIX = ".summary"
LABEL_SUFFIX = ".label"


@dataclass(frozen=True)
class LiteUnits:
    """The units of every example, in file order: ``ids[i]`` names ``units[i]``, read from
    ``source`` (line ``lines[i]``)."""

    ids: tuple[str, ...]
    units: tuple[tuple[str, ...], ...]
    source: str
    lines: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.ids)

    def pyramids(self) -> dict[str, Pyramid]:
        """``{id: pyramid}`` (:func:`lite_pyramid`), in file order."""
        return {i: lite_pyramid(i, u, f"{self.source}:{line}") for i, u, line in zip(self.ids, self.units, self.lines)}


def _lines(path: Path) -> list[str]:
    """The file's lines (module docstring: UTF-8, BOM, line ends, a closing line end)."""
    text = read_utf8(path).replace("\r\n", "\n").replace("\r", "\n")
    if not text:
        return []
    return text.removesuffix("\n").split("\n")


def _unit_line(line: str, path: Path, number: int) -> tuple[str, ...]:
    units = tuple(u.strip() for u in line.strip().split("\t"))
    if not units[0]:
        raise DataFormatError(path, "no unit on this line (units are separated by tabs)", line=number)
    for k, u in enumerate(units, 1):
        if not u:
            raise DataFormatError(path, f"unit {k} is empty (two tabs in a row?)", line=number)
    return units


def read_ids(path) -> tuple[str, ...]:
    """The example ids of an ids file, one a line: none blank, none twice."""
    path = Path(path)
    ids, seen = [], {}
    for number, line in enumerate(_lines(path), 1):
        name = line.strip()
        if not name:
            raise DataFormatError(path, "blank id", line=number)
        if name in seen:
            raise DataFormatError(path, f"id {name!r} appears twice (first on line {seen[name]})", line=number)
        seen[name] = number
        ids.append(name)
    if not ids:
        raise DataFormatError(path, "no id: the file is empty")
    return tuple(ids)


def _jsonl_units(path: Path) -> LiteUnits:
    ids, units, lines, seen = [], [], [], {}
    for number, obj in read_jsonl(path):
        if not isinstance(obj, dict) or "instance_id" not in obj or "units" not in obj:
            raise DataFormatError(path, 'expected an object {"instance_id": ..., "units": [...]}', line=number)
        name, raw = obj["instance_id"], obj["units"]
        if not isinstance(name, str) or not name.strip():
            raise DataFormatError(path, "'instance_id' should be a non-empty string", line=number)
        if not isinstance(raw, list) or not raw or not all(isinstance(u, str) for u in raw):
            raise DataFormatError(path, "'units' should be a non-empty list of strings", line=number)
        for k, u in enumerate(raw, 1):
            if not u.strip():
                raise DataFormatError(path, f"unit {k} is empty", line=number)
        if name in seen:
            raise DataFormatError(path, f"instance_id {name!r} appears twice (first on line {seen[name]})", line=number)
        seen[name] = number
        ids.append(name)
        units.append(tuple(u.strip() for u in raw))
        lines.append(number)
    if not ids:
        raise DataFormatError(path, "no example: the file is empty")
    return LiteUnits(tuple(ids), tuple(units), str(path), tuple(lines))


def read_units(path, ids=None) -> LiteUnits:
    """The units of a units file (module docstring): JSON Lines (``.jsonl``, which names its
    examples), or text with the examples named by the ids file ``ids`` (or by line number)."""
    path = Path(path)
    if not path.exists():
        raise MissingDataError(f"{path}: no such file")
    if path.suffix == ".jsonl":
        if ids is not None:
            raise DataFormatError(path, "a units .jsonl names its examples (instance_id): give no ids file")
        return _jsonl_units(path)
    lines = _lines(path)
    if not lines:
        raise DataFormatError(path, "no example: the file is empty")
    units = tuple(_unit_line(line, path, k) for k, line in enumerate(lines, 1))
    if ids is None:
        names = tuple(str(k) for k in range(1, len(units) + 1))
    else:
        names = read_ids(ids)
        if len(names) != len(units):
            raise DataFormatError(path, f"{len(units)} lines of units but {len(names)} ids in {ids}: the files "
                                        "must be aligned, one example a line")
    return LiteUnits(names, units, str(path), tuple(range(1, len(units) + 1)))


def lite_pyramid(topic: str, units, source: str = "") -> Pyramid:
    """The pyramid of one example's units: one model summary (the units, one a line), each unit
    an SCU (``scu_id`` its 1-based position) whose one contributor is itself, weight 1."""
    text, scus, start = "", [], 0
    for k, unit in enumerate(units, 1):
        end = start + len(unit)
        scus.append(SCU(k, unit, (Contributor(unit, (Part(unit, start, end),), 0),)))
        text += unit + "\n"
        start = end + 1
    return Pyramid(LITE, topic, (text.removesuffix("\n"),), (REFERENCE,), tuple(scus), source)


def _aligned_files(path: Path, suffix: str, what: str) -> list[Path]:
    if path.is_dir():
        files = sorted((p for p in path.iterdir() if p.suffix == suffix and not p.name.startswith(".")),
                       key=lambda p: p.name)
        if not files:
            raise DataFormatError(path, f"no <system>{suffix} file in this folder ({what})")
        return files
    if not path.exists():
        raise MissingDataError(f"{path}: no such file or folder")
    if path.suffix != suffix:
        raise DataFormatError(path, f"expected a <system>{suffix} file or a folder of them ({what})")
    return [path]


def _check_length(path: Path, lines: list, units: LiteUnits) -> None:
    if len(lines) != len(units):
        raise DataFormatError(path, f"{len(lines)} lines but {len(units)} examples in {units.source}: the files "
                                    "must be aligned, one example a line")


def is_line_aligned(path) -> bool:
    """True when ``path`` is a ``.summary`` file or a folder holding one (the layout
    :func:`read_line_summaries` reads)."""
    path = Path(path)
    if path.is_dir():
        return any(p.suffix == SUMMARY_SUFFIX and not p.name.startswith(".") for p in path.iterdir())
    return path.suffix == SUMMARY_SUFFIX


def read_line_summaries(path, units: LiteUnits) -> list[Summary]:
    """The summaries of ``<system>.summary`` files (a folder of them, or one), line ``i`` the
    summary of example ``units.ids[i]``; a blank line is an empty summary (scored 0, counted)."""
    out = []
    for f in _aligned_files(Path(path), SUMMARY_SUFFIX, "one summary a line"):
        lines = _lines(f)
        _check_length(f, lines, units)
        out.extend(Summary(topic, f.stem, text.strip(), None, f"{f}:{k}")
                   for k, (topic, text) in enumerate(zip(units.ids, lines), 1))
    return out


def read_labels(path, units: LiteUnits, systems=None, summaries=None) -> pd.DataFrame:
    """The crowd labels of ``<system>.label`` files (a folder of them, or one): one row per
    (example, system, unit): ``topic``, ``system``, ``scu_id`` (the unit's 1-based position),
    ``y`` (1: present). With ``systems``, every one of them needs a label file and no other
    file is taken (a label file of a system not scored is an error, not dropped in silence).
    With ``summaries`` (the ``(example, system)`` pairs given a summary), a labelled line with
    no summary is an error naming the file and line."""
    files = _aligned_files(Path(path), LABEL_SUFFIX, "per summary, 1/0 per unit, tab-separated")
    if systems is not None:
        wanted, have = set(systems), {f.stem for f in files}
        if wanted - have:
            raise DataFormatError(path, "no label file for system(s) " + ", ".join(sorted(wanted - have))
                                  + f" (expected <system>{LABEL_SUFFIX})")
        if have - wanted:
            raise DataFormatError(path, "label file(s) for system(s) not among the summaries scored: "
                                  + ", ".join(sorted(have - wanted)))
    topics, systems_, ids, ys = [], [], [], []
    for f in files:
        lines = _lines(f)
        _check_length(f, lines, units)
        for number, (topic, line, us) in enumerate(zip(units.ids, lines, units.units), 1):
            labels = line.strip().split("\t")
            if len(labels) != len(us):
                raise DataFormatError(f, f"{len(labels)} labels but {len(us)} units for example {topic!r} "
                                         f"({units.source}:{units.lines[number - 1]})", line=number)
            bad = next((x for x in labels if x.strip() not in ("0", "1")), None)
            if bad is not None:
                raise DataFormatError(f, f"label {bad!r} is not 0 or 1", line=number)
            if summaries is not None and (topic, f.stem) not in summaries:
                raise DataFormatError(f, f"labels for example {topic!r}, but no summary of it by system {f.stem!r} "
                                         "was given", line=number)
            topics.extend([topic] * len(us))
            systems_.extend([f.stem] * len(us))
            ids.extend(range(1, len(us) + 1))
            ys.extend(int(x) for x in labels)
    return pd.DataFrame({"topic": pd.Series(topics, dtype=str), "system": pd.Series(systems_, dtype=str),
                         "scu_id": pd.Series(ids, dtype="int64"), "y": pd.Series(ys, dtype="int64")})


@dataclass(frozen=True)
class LiteDataset:
    """A lite dataset's folder read (:func:`read_dataset`): its units, summaries and labels
    (None without a ``labels/`` folder)."""

    folder: Path
    units: LiteUnits
    summaries: tuple[Summary, ...]
    labels: pd.DataFrame | None


def read_dataset(folder) -> LiteDataset:
    """``SCUs.txt`` (named by ``ids.txt`` when there is one), ``summaries/`` and, when there,
    ``labels/`` of ``folder``, as Lite²Pyramid's repository lays its datasets out."""
    folder = Path(folder)
    ids = folder / "ids.txt"
    units = read_units(folder / "SCUs.txt", ids if ids.exists() else None)
    summaries = tuple(read_line_summaries(folder / "summaries", units))
    labels = None
    if (folder / "labels").is_dir():
        labels = read_labels(folder / "labels", units, {s.system for s in summaries})
    return LiteDataset(folder, units, summaries, labels)


def dataset_folder(root) -> Path:
    """The first of :data:`LITE_FOLDERS` under the data root path ``root``."""
    for name in LITE_FOLDERS:
        if (Path(root) / name / "SCUs.txt").is_file():
            return Path(root) / name
    raise MissingDataError(f"{root}: no lite dataset ({' or '.join(f'{n}/SCUs.txt' for n in LITE_FOLDERS)})")
