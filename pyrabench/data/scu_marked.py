"""The source news documents of the DUC pyramids, marked for SCUs (U. Ottawa): ``*.scu`` files.

One file per topic, in the folders :data:`pyrabench.data.corpora.SCU_MARKED_DIRS` names::

    <collection name="D0701"><document name="APW19990612.0141">
      <line>A sentence.<annotation scu-count="1" …><scu uid="9" label="…" weight="3"/></annotation></line>
      …

A ``<line>`` is one sentence of the document; its ``<annotation>`` (which SCUs the sentence
expresses) is not part of the text. The file name gives the topic as the pyramids name it: NIST's
assessor letter is dropped and an update set keeps its letter (``D0601a.scu`` → ``D0601``,
``D0703A-B.scu`` → ``D0703-B``). DUC 2006 topic D0631, annotated by two sites, has two files
(``D0631d.scu``, ``D0631d2.scu``) that mark the same documents: :func:`load` keeps the first,
and a second file whose documents differ is an error. These are the texts the model summaries were written from, so a
summarizer can be run on them (:mod:`pyrabench.scoring.baselines`), and the word2vec stand-ins
train on them (:mod:`pyrabench.embeddings.standins`).

Parsing is :func:`pyrabench.data.ducview.parse_xml` (no external entities, no network, libxml2's
limits). A file that is not such a collection (another root element, a ``<document>`` without a
name or twice the same name, no document at all, a collection named for another topic) is a
:class:`~pyrabench.errors.DataFormatError` naming the file and line. Whitespace inside a line is
collapsed; a line with no text is not a sentence, so it is left out (it holds nothing to read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from ..dataroot import DATA_PAGE, resolve
from ..errors import DataFormatError, MissingDataError, UnknownNameError
from .corpora import SCU_MARKED_DIRS
from .ducview import parse_xml
from .names import SCU_MARKED_FILE

#: A DUC/AQUAINT document id: source, date (YYYYMMDD), number of the story that day.
_DOCUMENT_NAME = re.compile(r"^(?P<source>[A-Z_]+)(?P<date>\d{8})\.(?P<number>\d+)$")


class Document(NamedTuple):
    """One source document: its DUC name (``APW19990612.0141``) and its sentences in order (a
    ``(name, sentences)`` pair, which is what a summarizer takes)."""

    name: str
    sentences: tuple[str, ...]

    @property
    def date(self) -> str | None:
        return document_date(self.name)


def document_date(name: str) -> str | None:
    """``YYYYMMDD`` from a DUC document name (``APW19990612.0141`` → ``19990612``), None when the
    name carries no date."""
    m = _DOCUMENT_NAME.match(name)
    return m.group("date") if m else None


@dataclass(frozen=True)
class Collection:
    """The source documents of one topic, in file order."""

    corpus: str
    topic: str
    documents: tuple[Document, ...]
    source: Path


def _topic(file_name: str) -> str | None:
    m = SCU_MARKED_FILE.match(file_name)
    return m.group("topic") + (m.group("set") or "") if m else None


def topic_of(path: str | Path) -> str:
    """The pyramid topic an ``.scu`` file belongs to (module docstring), from its name."""
    topic = _topic(Path(path).name)
    if topic is None:
        raise DataFormatError(path, "unknown layout: SCU-marked file name is not <topic>[<assessor>][-<set>].scu")
    return topic


def _text(line) -> str:
    """The sentence of a ``<line>``: its own text, not that of its ``<annotation>``."""
    return " ".join("".join(line.xpath("text()")).split())


def read_collection(path: str | Path, corpus: str = "") -> Collection:
    """One ``.scu`` file (module docstring for what is an error)."""
    path = Path(path)
    topic = topic_of(path)
    root = parse_xml(path)
    if root.tag != "collection":
        raise DataFormatError(path, f"root element is <{root.tag}>, not <collection>", line=root.sourceline)
    name = root.get("name")
    if name is not None and _topic(f"{name.strip()}.scu") != topic:
        raise DataFormatError(path, f"<collection name={name!r}> is not topic {topic} of the file name",
                              line=root.sourceline)
    documents, seen = [], {}
    for el in root.iterfind("document"):
        doc_name = (el.get("name") or "").strip()
        if not doc_name:
            raise DataFormatError(path, "<document> lacks its name", line=el.sourceline)
        if doc_name in seen:
            raise DataFormatError(path, f"document {doc_name} appears twice (first on line {seen[doc_name]})",
                                  line=el.sourceline)
        seen[doc_name] = el.sourceline
        sentences = tuple(t for t in map(_text, el.iterfind("line")) if t)
        documents.append(Document(doc_name, sentences))
    if not documents:
        raise DataFormatError(path, "no <document> in the collection", line=root.sourceline)
    return Collection(corpus, topic, tuple(documents), path)


def files(corpus: str, data=None) -> list[Path]:
    """The ``.scu`` files of ``corpus`` under the data root, by name (none when the folder is absent)."""
    if corpus not in SCU_MARKED_DIRS:
        raise UnknownNameError(f"no SCU-marked corpus for {corpus!r}; known: {', '.join(SCU_MARKED_DIRS)}")
    return sorted((resolve(data).path / SCU_MARKED_DIRS[corpus]).glob("*.scu"), key=lambda p: p.name)


def all_files(data=None) -> list[Path]:
    """Every ``.scu`` file under the data root, corpus by corpus."""
    return [f for corpus in SCU_MARKED_DIRS for f in files(corpus, data)]


def load_documents(corpus: str, data=None) -> dict[str, Collection]:
    """``{topic: Collection}`` of ``corpus`` (topic order); memoized per (corpus, root)."""
    return _load(corpus, resolve(data).path)


@lru_cache(maxsize=None)
def _load(corpus: str, root: Path) -> dict[str, Collection]:
    paths = files(corpus, root)
    if not paths:
        raise MissingDataError(f"no SCU-marked documents of {corpus} under {root / SCU_MARKED_DIRS[corpus]}; "
                               f"how to obtain them: {DATA_PAGE}")
    found: dict[str, Collection] = {}
    for path in paths:
        c = read_collection(path, corpus)
        first = found.setdefault(c.topic, c)
        if first.documents != c.documents:
            raise DataFormatError(path, f"a second file for topic {c.topic} with other documents than "
                                        f"{first.source.name}")
    return dict(sorted(found.items()))


def clear_cache() -> None:
    _load.cache_clear()
