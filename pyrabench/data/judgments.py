"""NIST's human judgments of the DUC peers: content responsiveness, linguistic quality, and the
modified-score tables distributed with the pyramid data.

Layout (relative to the data root; the bundled sample mirrors it):

===================  ======================================================================
``duc2006``          ``duc2006/nist_judgments/``
``duc2007``          ``duc2007/nist_judgments/main/``
``duc2007-update``   ``duc2007/nist_judgments/update/``
===================  ======================================================================

Each folder holds, by NIST's file names:

* ``*_content.table``: header lines (``Topic``, then lines starting with ``|``), then one
  tab-separated line per topic × summarizer: topic, selector, assessor, summarizer,
  responsiveness (1–5). Every summarizer NIST judged, humans ``A``–``J`` included, on every
  topic of the task, also the topics that have no pyramid.
* ``*_linguistic_quality.table`` (main tasks only): the same, with a question number (1–5)
  before the score: one line per topic × summarizer × question.
* ``*_modified_scores.txt``: NIST's score table of the pyramid evaluation, one line per
  topic × peer (× annotator when a topic was annotated twice); its columns are named in
  ``*-header.txt`` and described in ``*-data-description.txt``, whose stated column count
  must agree with the header.

A judgment NIST did not make is a missing value, counted by :func:`coverage`: ``-1`` in a
``.table`` (DUC 2007 update, D0743-C peer 43), an empty cell in a score table (DUC 2006 topic
D0647 has no linguistic-quality or content column).

Topics carry their set letter in the update task (``D0703-A``). Summarizer ids are normalised
as the ``.pan`` reader does (:func:`pyrabench.data.corpora.normalized_peer_id`), so they match
the peers of the pyramid annotations. A line that is not what its file promises (a wrong number
of columns, a score outside 1–5, a repeated key) is a :class:`~pyrabench.errors.DataFormatError`
naming the file and line; judgments of summarizers that have no pyramid annotation are kept
and counted by :func:`coverage`, never dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pandas as pd

from ..dataroot import resolve
from ..errors import DataFormatError, MissingDataError
from ..files import read_bytes, read_utf8
from .corpora import data_root_of, normalized_peer_id
from .names import TOPIC_ID

JUDGMENT_DIRS = {
    "duc2006": "duc2006/nist_judgments",
    "duc2007": "duc2007/nist_judgments/main",
    "duc2007-update": "duc2007/nist_judgments/update",
}

#: DUC's five linguistic-quality questions (DUC 2006/2007 task descriptions).
QUESTIONS = {1: "grammaticality", 2: "non-redundancy", 3: "referential clarity", 4: "focus",
             5: "structure and coherence"}
RESPONSIVENESS = "responsiveness"
#: The column name of each question's score: ``lq:Q1`` … ``lq:Q5``.
QUALITY = tuple(f"lq:Q{q}" for q in QUESTIONS)

#: NIST's column names in ``*-header.txt`` → ours.
HEADER_NAMES = {
    "setid": "topic", "peerid": "peer", "modifiedscore": "modified", "numscus": "scus",
    "numrepetitions": "repetitions", "annotatorid": "annotator", "pyramidcreator": "creator",
    **{f"lingqual{q}": f"lq:Q{q}" for q in QUESTIONS}, "content": RESPONSIVENESS,
}
_NUMERIC = {"modified": float, "scus": int, "repetitions": int, RESPONSIVENESS: int,
            **{c: int for c in QUALITY}}

#: NIST's mark for a summary it did not judge (DUC 2007 update, D0743-C peer 43): a missing value.
NOT_JUDGED = "-1"
_SUMMARIZER = re.compile(r"^(?:[A-Z]|\d+)$")
_DESCRIBED = re.compile(r"each of the (\d+) columns")


@dataclass(frozen=True)
class Judgments:
    """One task's judgments: ``content`` (topic, peer, selector, assessor, responsiveness),
    ``quality`` (topic, peer, ``lq:Q1`` … ``lq:Q5``; empty for the update task) and ``table``
    (NIST's modified-score table, our column names; None when absent)."""

    corpus: str
    folder: Path
    content: pd.DataFrame = field(repr=False)
    quality: pd.DataFrame = field(repr=False)
    table: pd.DataFrame | None = field(repr=False, default=None)
    files: tuple[Path, ...] = ()

    def references(self) -> pd.DataFrame:
        """One row per judged (topic, peer): responsiveness and, where judged, ``lq:Q1`` … ``lq:Q5``."""
        if len(self.quality):
            return self.content[["topic", "peer", RESPONSIVENESS]].merge(self.quality, on=["topic", "peer"], how="outer")
        return self.content[["topic", "peer", RESPONSIVENESS]].copy()


def _one(folder: Path, pattern: str, required: bool) -> Path | None:
    found = sorted(folder.glob(pattern))
    if len(found) > 1:
        raise DataFormatError(folder, f"more than one {pattern}: {', '.join(p.name for p in found)}")
    if not found and required:
        raise MissingDataError(f"{folder}: no {pattern}")
    return found[0] if found else None


def _lines(path: Path):
    """``(line number, text)`` of the data lines: after the header (``Topic``/``|`` lines), not blank."""
    text = read_utf8(path)  # a regular file of at most files.MAX_READ_BYTES, UTF-8
    in_header = True
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if in_header and (stripped == "Topic" or stripped.startswith("|")):
            continue
        in_header = False
        if stripped:
            yield number, line.rstrip("\r\n")


def _score(path: Path, number: int, text: str, what: str, missing: bool = False) -> int | None:
    if missing and text == NOT_JUDGED:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 5:  # "²" is a digit int() refuses
        raise DataFormatError(path, f"{what} {text!r} is not an integer from 1 to 5", number)
    return int(text)


def _key(path: Path, number: int, topic: str, summarizer: str) -> tuple[str, str]:
    if not TOPIC_ID.match(topic):
        raise DataFormatError(path, f"topic {topic!r} is not a DUC topic id (D0601, D0703-A)", number)
    if not _SUMMARIZER.match(summarizer):
        raise DataFormatError(path, f"summarizer {summarizer!r} is neither a letter A–J nor a system number", number)
    return topic, normalized_peer_id(summarizer)


def _judged_lines(path: Path, columns: tuple[str, ...]):
    """``(line, cells, topic, peer, what)`` of a ``.table``'s data lines: ``columns`` tab-separated
    cells, a valid key, and no key twice (``what`` names the judgment: the key plus any question)."""
    seen: dict[tuple, int] = {}
    for number, line in _lines(path):
        cells = [c.strip() for c in line.split("\t")]
        if len(cells) != len(columns):
            raise DataFormatError(path, f"expected {len(columns)} tab-separated columns ({', '.join(columns)}), "
                                        f"found {len(cells)}", number)
        topic, peer = _key(path, number, cells[0], cells[3])
        question = _score(path, number, cells[4], "question number") if len(columns) == 6 else None
        key = (topic, peer, question)
        what = f"topic {topic} summarizer {peer}" + (f" question {question}" if question else "")
        if key in seen:
            raise DataFormatError(path, f"{what} judged twice (first on line {seen[key]})", number)
        seen[key] = number
        yield number, cells, topic, peer, question
    if not seen:
        raise DataFormatError(path, "no judgment line after the header")


def read_content(path: Path) -> pd.DataFrame:
    """``*_content.table`` → topic, peer, selector, assessor, responsiveness (file order)."""
    rows = [(topic, peer, cells[1], cells[2], _score(path, number, cells[4], "responsiveness", missing=True))
            for number, cells, topic, peer, _ in _judged_lines(path, ("topic", "selector", "assessor", "summarizer", "score"))]
    return pd.DataFrame(rows, columns=["topic", "peer", "selector", "assessor", RESPONSIVENESS]).astype({RESPONSIVENESS: float})


def read_quality(path: Path) -> pd.DataFrame:
    """``*_linguistic_quality.table`` → topic, peer, ``lq:Q1`` … ``lq:Q5`` (one row per summary;
    a question NIST did not ask of a summary is NaN)."""
    columns = ("topic", "selector", "assessor", "summarizer", "question", "score")
    rows = [(topic, peer, f"lq:Q{question}", _score(path, number, cells[5], "quality score", missing=True))
            for number, cells, topic, peer, question in _judged_lines(path, columns)]
    long = pd.DataFrame(rows, columns=["topic", "peer", "question", "score"])
    wide = long.pivot(index=["topic", "peer"], columns="question", values="score")
    order = long[["topic", "peer"]].drop_duplicates()
    wide = wide.reindex(columns=[q for q in QUALITY if q in wide.columns])
    return order.merge(wide.reset_index(), on=["topic", "peer"], how="left").reset_index(drop=True)


def read_header(path: Path, description: Path | None = None) -> tuple[str, ...]:
    """Our names of the score table's columns (``*-header.txt``), checked against the column
    count ``*-data-description.txt`` states when it is there."""
    names = read_utf8(path).split()
    if not names:
        raise DataFormatError(path, "no column names")
    unknown = [n for n in names if n.lower() not in HEADER_NAMES]
    if unknown:
        raise DataFormatError(path, f"unknown column {unknown[0]!r}; known: {', '.join(HEADER_NAMES)}", 1)
    ours = tuple(HEADER_NAMES[n.lower()] for n in names)
    twice = next((n for n in names if ours.count(HEADER_NAMES[n.lower()]) > 1), None)
    if twice is not None:
        raise DataFormatError(path, f"column {twice!r} is named twice", 1)
    for name, key in (("setid", "topic"), ("peerid", "peer")):
        if key not in ours:
            raise DataFormatError(path, f"no {name!r} column: each score line needs its topic and peer", 1)
    if description is not None:
        m = _DESCRIBED.search(" ".join(read_bytes(description).decode("utf-8", errors="replace").split()))
        if m and int(m.group(1)) != len(ours):
            raise DataFormatError(description, f"describes {m.group(1)} columns but {path.name} names {len(ours)}")
    return ours


def read_table(path: Path, columns: tuple[str, ...]) -> pd.DataFrame:
    """``*_modified_scores.txt`` with ``columns`` (from :func:`read_header`); a trailing empty
    column (DUC 2006 ends each line with a tab) is not a column."""
    rows, seen = [], {}
    for number, line in _lines(path):
        cols = [c.strip() for c in line.split("\t")]
        if len(cols) == len(columns) + 1 and cols[-1] == "":
            cols = cols[:-1]
        if len(cols) != len(columns):
            raise DataFormatError(path, f"expected {len(columns)} tab-separated columns (as the header names), "
                                        f"found {len(cols)}", number)
        row = dict(zip(columns, cols))
        row["topic"], row["peer"] = _key(path, number, row["topic"], row["peer"])
        for name, kind in _NUMERIC.items():
            if name not in row:
                continue
            if row[name] == "" and (name in QUALITY or name == RESPONSIVENESS):
                row[name] = None  # NIST left the judgment out (DUC 2006 D0647): missing, counted by coverage()
                continue
            try:
                row[name] = kind(row[name])
            except ValueError:
                raise DataFormatError(path, f"{name} {row[name]!r} is not a number", number) from None
            if name in QUALITY or name == RESPONSIVENESS:
                _score(path, number, str(row[name]), name)
        key = (row["topic"], row["peer"], row.get("annotator", ""))
        if key in seen:
            raise DataFormatError(path, f"topic {key[0]} peer {key[1]} listed twice (first on line {seen[key]})", number)
        seen[key] = number
        rows.append(row)
    if not rows:
        raise DataFormatError(path, "no score line")
    return pd.DataFrame(rows, columns=list(columns))


def folder(name: str, root=None) -> Path | None:
    """The judgments folder of corpus ``name`` under the data root, or None when absent."""
    if name not in JUDGMENT_DIRS:
        return None
    path = resolve(root).path / JUDGMENT_DIRS[name]
    return path if any(path.glob("*_content.table")) else None


@lru_cache(maxsize=None)
def _load(name: str, path: Path) -> Judgments:
    content_path = _one(path, "*_content.table", required=True)
    quality_path = _one(path, "*_linguistic_quality.table", required=False)
    table_path = _one(path, "*_modified_scores.txt", required=False)
    files = [content_path]
    content = read_content(content_path)
    quality = pd.DataFrame(columns=["topic", "peer", *QUALITY])
    if quality_path is not None:
        quality = read_quality(quality_path)
        files.append(quality_path)
    table = None
    if table_path is not None:
        header = _one(path, "*-header.txt", required=True)
        description = _one(path, "*-data-description.txt", required=False)
        table = read_table(table_path, read_header(header, description))
        files += [p for p in (table_path, header, description) if p is not None]
    return Judgments(name, path, content, quality, table, tuple(files))


def load_judgments(name: str, root=None) -> Judgments:
    """The judgments of corpus ``name`` (memoized); :class:`MissingDataError` when absent."""
    path = folder(name, root)
    if path is None:
        where = JUDGMENT_DIRS.get(name)
        raise MissingDataError(f"no NIST judgments for {name} under {resolve(root).path}"
                               + (f" (expected {where}/*_content.table)" if where else " (NIST judged only the DUC corpora)"))
    return _load(name, path)


def for_corpus(corpus) -> Judgments:
    """The judgments of a loaded DUC corpus, found from where the corpus was read."""
    if corpus.name not in JUDGMENT_DIRS or corpus.path is None:
        raise MissingDataError(f"NIST judged only the DUC corpora ({', '.join(JUDGMENT_DIRS)}), not {corpus.name}")
    return load_judgments(corpus.name, data_root_of(corpus))


def coverage(judgments: Judgments, corpus) -> dict:
    """How the judged summaries meet the pyramid peers: judged, matched, and the unmatched
    counted by reason (a human summarizer, a topic without pyramid, a system not annotated),
    plus pyramid peers NIST did not judge."""
    peers = {(p.topic, p.peer_id) for p in corpus.peers}
    topics = {p.topic for p in corpus.pyramids}
    judged = list(zip(judgments.content["topic"], judgments.content["peer"]))
    unmatched = [k for k in judged if k not in peers]
    humans = sum(1 for _, peer in unmatched if peer.isalpha())
    no_topic = sum(1 for t, peer in unmatched if not peer.isalpha() and t not in topics)
    return {
        "judged": len(judged),
        "matched": len(judged) - len(unmatched),
        "unmatched": len(unmatched),
        "unmatched_human": humans,
        "unmatched_topic_without_pyramid": no_topic,
        "unmatched_system_not_annotated": len(unmatched) - humans - no_topic,
        "peers_not_judged": len(peers - set(judged)),
        "not_judged": int(judgments.content[RESPONSIVENESS].isna().sum()),
        "quality_judged": len(judgments.quality),
        "table_rows": 0 if judgments.table is None else len(judgments.table),
        "table_rows_without_judgment": 0 if judgments.table is None or RESPONSIVENESS not in judgments.table
        else int(judgments.table[RESPONSIVENESS].isna().sum()),
    }


def clear_cache() -> None:
    _load.cache_clear()
