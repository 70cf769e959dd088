"""Summaries nobody annotated: the user's own, read from (and written to) a folder or a JSON Lines file.

Four layouts, recognized by what ``path`` holds:

=====================================  ==========================================================
a folder of DUC-named files            ``D0701.M.250.A.<system>`` (update task
                                       ``D0703-A.M.100.A.<system>``): topic and system from the
                                       name, as NIST named its peers (an optional ``.txt`` suffix
                                       is allowed)
a folder of system folders             ``<system>/<topic>.txt``
a folder of ``<system>.txt`` files     one summary per system and no topic: for a single pyramid
                                       (``--pyramid file.pyr``), e.g. a class's essays
a JSON Lines file (``.jsonl``)         SacreROUGE's layout, one object a line: ``instance_id``
                                       (the topic), ``summarizer_id``, and ``summary`` as
                                       ``{"text": str | [sentences]}``, a bare string or a list
=====================================  ==========================================================

A summary given as a list of sentences keeps that segmentation (:attr:`Summary.sentences`);
a string is cut by the package's sentence splitter when scored. Text is UTF-8 (a byte that is
not is an error naming file and line); a leading byte-order mark is dropped and ``\\r\\n`` / ``\\r``
line ends read as ``\\n``, as Python's text mode reads them. Files whose name starts with ``.``
(``.DS_Store``) are not summaries and are passed over. Anything else is an error naming the file
(and line): a file that fits no layout, a JSON line without a field, the same (topic, system)
twice. An empty summary is kept: the scorer gives it 0 and counts it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import DataFormatError, MissingDataError, PyrabenchError
from ..files import atomic_write, read_jsonl, read_utf8
from .names import PEER_TEXT


@dataclass(frozen=True)
class Summary:
    """One summary to score: its topic ("" when a layout has none), its system, its text, the
    sentences it was given in (None: split when scored) and where it was read (file[:line])."""

    topic: str
    system: str
    text: str
    sentences: tuple[str, ...] | None = None
    source: str = ""


def _normalized(text: str) -> str:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _visible(folder: Path) -> list[Path]:
    return sorted((p for p in folder.iterdir() if not p.name.startswith(".")), key=lambda p: p.name)


def _from_file(path: Path, topic: str, system: str) -> Summary:
    return Summary(topic, system, _normalized(read_utf8(path)), None, str(path))


def _duc_folder(entries: list[Path]) -> list[Summary]:
    out = []
    for p in entries:
        m = PEER_TEXT.match(p.name)
        if m is None or not p.is_file():
            raise DataFormatError(p, "unknown layout: beside DUC-named summaries (D0701.M.250.A.<system>) "
                                     "every entry must be one")
        out.append(_from_file(p, m.group("topic"), m.group("system")))
    return out


def _system_folders(entries: list[Path]) -> list[Summary]:
    out = []
    for folder in entries:
        if not folder.is_dir():
            raise DataFormatError(folder, "unknown layout: beside system folders (<system>/<topic>.txt) "
                                          "every entry must be a folder")
        for p in _visible(folder):
            if p.suffix != ".txt" or not p.is_file():
                raise DataFormatError(p, "unknown layout: a system folder holds <topic>.txt files only")
            out.append(_from_file(p, p.stem, folder.name))
    return out


def _flat_folder(entries: list[Path]) -> list[Summary]:
    out = []
    for p in entries:
        if p.suffix != ".txt" or not p.is_file():
            raise DataFormatError(p, "unknown layout: beside <system>.txt summaries every entry must be one")
        out.append(_from_file(p, "", p.stem))
    return out


def _folder(path: Path) -> list[Summary]:
    entries = _visible(path)
    if not entries:
        raise DataFormatError(path, "no summaries: the folder is empty")
    first = entries[0]
    if PEER_TEXT.match(first.name) and first.is_file():
        return _duc_folder(entries)
    if first.is_dir():
        return _system_folders(entries)
    files = [p for p in entries if p.is_file()]
    if first.suffix == ".txt" and files:
        # a flat folder may hold other folders (NIST's scored/ beside the texts): they are not summaries
        return _flat_folder(files)
    raise DataFormatError(first, "unknown layout: expected DUC-named summaries (D0701.M.250.A.<system>), "
                                 "<system>/<topic>.txt folders, <system>.txt files, or a .jsonl file")


def _summary_field(value, path: Path, line: int) -> tuple[str, tuple[str, ...] | None]:
    if isinstance(value, dict):
        if "text" not in value:
            raise DataFormatError(path, "missing field 'summary.text'", line=line)
        value = value["text"]
    if isinstance(value, str):
        return _normalized(value), None
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        sentences = tuple(_normalized(s) for s in value)
        return "\n".join(sentences), sentences
    raise DataFormatError(path, "'summary' should be a string, a list of strings, or {\"text\": one of them}",
                          line=line)


def _jsonl(path: Path) -> list[Summary]:
    out = []
    for line, obj in read_jsonl(path):
        if not isinstance(obj, dict):
            raise DataFormatError(path, f"expected a JSON object, got {type(obj).__name__}", line=line)
        for key in ("instance_id", "summarizer_id", "summary"):
            if key not in obj:
                raise DataFormatError(path, f"missing field {key!r}", line=line)
        topic, system = obj["instance_id"], obj["summarizer_id"]
        if not isinstance(topic, str) or isinstance(system, bool) or not isinstance(system, (str, int)):
            raise DataFormatError(path, "'instance_id' should be a string and 'summarizer_id' a string or integer",
                                  line=line)
        text, sentences = _summary_field(obj["summary"], path, line)
        out.append(Summary(topic, str(system), text, sentences, f"{path}:{line}"))
    return out


def check_unique(summaries: Iterable[Summary]) -> None:
    """The same (topic, system) twice is an error naming both places."""
    seen: dict[tuple[str, str], Summary] = {}
    for s in summaries:
        first = seen.setdefault((s.topic, s.system), s)
        if first is not s:  # ``source`` is the file, or file:line for JSON Lines
            raise DataFormatError(s.source, f"topic {s.topic!r}, system {s.system!r} given twice (first: {first.source})")


def read_summaries(path) -> list[Summary]:
    """Every summary under ``path`` (module docstring), sorted by (topic, system)."""
    path = Path(path)
    if path.is_dir():
        found = _folder(path)
    elif path.is_file() and path.suffix == ".jsonl":
        found = _jsonl(path)
    elif not path.exists():
        raise MissingDataError(f"{path}: no such file or folder")
    else:
        raise DataFormatError(path, "unknown layout: give a folder of summaries or a .jsonl file")
    if not found:
        raise DataFormatError(path, "no summaries found")
    check_unique(found)
    return sorted(found, key=lambda s: (s.topic, s.system))


_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_writable(s: Summary, path: Path) -> None:
    """Refuse a summary :func:`read_summaries` would not read back as it is: a lone surrogate
    (no UTF-8 file holds one), a carriage return (read as a line end) or a leading byte-order
    mark (dropped) in its text or a sentence."""
    where = f"{path}: {s.source or f'topic {s.topic!r}, system {s.system!r}'}"
    sentences = ((f"sentence {i}", x) for i, x in enumerate(s.sentences or (), 1))
    for what, text in (("topic", s.topic), ("system", s.system), ("text", s.text), *sentences):
        bad = _SURROGATE.search(text)
        if bad:
            raise PyrabenchError(f"{where}: cannot write the summary: its {what} holds the lone surrogate "
                                 f"U+{ord(bad.group()):04X}, which no UTF-8 file can hold")
        if what not in ("topic", "system") and ("\r" in text or text.startswith("\ufeff")):
            raise PyrabenchError(f"{where}: cannot write the summary: its {what} holds a carriage return or begins "
                                 "with a byte-order mark, which reading turns into a line end or drops; use \\n")


def write_summaries(summaries: Iterable[Summary], path) -> list[Path]:
    """Write ``summaries`` where :func:`read_summaries` reads them back unchanged: a ``.jsonl``
    path gets SacreROUGE's JSON Lines (a summary given as sentences keeps them), any other path a
    folder ``<system>/<topic>.txt`` (the text as it is; the scorer splits it into sentences).
    Every file is written atomically. The same (topic, system) twice, or (in a folder) a topic or
    system that cannot be a file name (empty, a ``/``, a leading ``.``), or a text the reader
    would not read back as it is (a lone surrogate, a carriage return, a leading byte-order mark)
    is an error naming the summary, before anything is written. A folder keeps the text, not
    its sentences. Returns the files written."""
    summaries = list(summaries)
    check_unique(summaries)
    path = Path(path)
    for s in summaries:
        _check_writable(s, path)
    if path.suffix == ".jsonl":
        lines = [json.dumps({"instance_id": s.topic, "summarizer_id": s.system,
                             "summary": {"text": list(s.sentences) if s.sentences is not None else s.text}},
                            ensure_ascii=False) + "\n" for s in summaries]
        atomic_write(path, lambda tmp: tmp.write_text("".join(lines), encoding="utf-8", newline="\n"))
        return [path]
    for s in summaries:
        for what, name in (("topic", s.topic), ("system", s.system)):
            if not _SAFE_NAME.match(name):
                raise PyrabenchError(f"{s.source or 'a summary'}: {what} {name!r} cannot be a file name")
    written = []
    for s in summaries:
        target = path / s.system / f"{s.topic}.txt"
        atomic_write(target, lambda tmp, text=s.text: tmp.write_text(text, encoding="utf-8", newline="\n"))
        written.append(target)
    return written
