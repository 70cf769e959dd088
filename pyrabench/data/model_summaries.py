"""Model (reference) summaries of a topic, read to build a pyramid from them.

Three layouts, recognized by what ``path`` holds:

=====================================  ==========================================================
a folder of DUC-named files            ``D0701.M.250.A.<model>`` (an optional ``.txt``): topic and
                                       model id from the name, as NIST named its models
a folder of topic folders              ``<topic>/<model>.txt``
a JSON Lines file (``.jsonl``)         SacreROUGE's pyramid layout without the SCUs: one object a
                                       line with ``instance_id`` (the topic), ``summaries`` (the
                                       texts) and ``summarizer_ids`` (the models); ``scus``, when
                                       present (a pyramid file), is not read
=====================================  ==========================================================

Text is read as :mod:`pyrabench.data.summaries` reads it (UTF-8, a byte-order mark dropped, line
ends as ``\\n``), and blanks at a summary's end are dropped (a text file's closing line end is
no part of the summary, and a DUCView ``.pyr`` cannot hold them); the offsets into each model
stay those of the text as given. The checks a pyramid needs, each an error naming the file (and line): fewer
than two models for a topic (an SCU's weight counts them), a model id given twice for a topic,
a model summary without a word. A topic whose longest model has more than
:data:`LENGTH_RATIO` times the words of its shortest is kept, with a warning
(:class:`ModelSet.uneven`), since its weights mostly reflect the long model's extra content.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataFormatError, MissingDataError, PyrabenchWarning
from ..files import read_jsonl
from ..text import count_words
from .names import PEER_TEXT
from .summaries import _from_file, _normalized, _visible

#: A topic whose longest model has more than this many times the words of its shortest is uneven.
LENGTH_RATIO = 3.0


@dataclass(frozen=True)
class ModelSet:
    """One topic's model summaries as given: ids, texts, and where each was read (file[:line])."""

    topic: str
    ids: tuple[str, ...]
    texts: tuple[str, ...]
    sources: tuple[str, ...]
    uneven: bool = False


def _checked(topic: str, entries: list[tuple[str, str, str]], where) -> ModelSet:
    """``entries``: ``(model id, text, source)``; the checks of the module docstring."""
    entries = [(model, text.rstrip(), source) for model, text, source in entries]
    seen: dict[str, str] = {}
    for model, text, source in entries:
        if model in seen:
            raise DataFormatError(source, f"model {model!r} of topic {topic!r} given twice (first: {seen[model]})")
        seen[model] = source
        if count_words(text) == 0:
            raise DataFormatError(source, f"model {model!r} of topic {topic!r} is empty: a pyramid needs its words")
    if len(entries) < 2:
        raise DataFormatError(where, f"topic {topic!r} has {len(entries)} model summary; a pyramid needs at least "
                                     "two (an SCU's weight counts the models that express it)")
    counts = [count_words(t) for _, t, _ in entries]
    uneven = max(counts) > LENGTH_RATIO * min(counts)
    if uneven:
        warnings.warn(f"{where}: the models of topic {topic!r} differ wildly in length ({min(counts)} to "
                      f"{max(counts)} words)", PyrabenchWarning, stacklevel=3)
    return ModelSet(topic, tuple(e[0] for e in entries), tuple(e[1] for e in entries), tuple(e[2] for e in entries),
                    uneven)


def _duc_folder(path: Path, entries: list[Path]) -> list[ModelSet]:
    topics: dict[str, list[tuple[str, str, str]]] = {}
    for p in entries:
        m = PEER_TEXT.match(p.name)
        if m is None or not p.is_file():
            raise DataFormatError(p, "unknown layout: beside DUC-named models (D0701.M.250.A.<model>) every entry "
                                     "must be one")
        s = _from_file(p, m.group("topic"), m.group("system"))
        topics.setdefault(s.topic, []).append((s.system, s.text, s.source))
    return [_checked(t, e, path / f"{t}.*") for t, e in topics.items()]


def _topic_folders(entries: list[Path]) -> list[ModelSet]:
    out = []
    for folder in entries:
        if not folder.is_dir():
            raise DataFormatError(folder, "unknown layout: beside topic folders (<topic>/<model>.txt) every entry "
                                          "must be a folder")
        models = []
        for p in _visible(folder):
            if p.suffix != ".txt" or not p.is_file():
                raise DataFormatError(p, "unknown layout: a topic folder holds <model>.txt files only")
            s = _from_file(p, folder.name, p.stem)
            models.append((s.system, s.text, s.source))
        out.append(_checked(folder.name, models, folder))
    return out


def _jsonl(path: Path) -> list[ModelSet]:
    out, topics = [], {}
    for line, obj in read_jsonl(path):
        where = f"{path}:{line}"
        if not isinstance(obj, dict):
            raise DataFormatError(path, f"expected a JSON object, got {type(obj).__name__}", line=line)
        for key in ("instance_id", "summaries"):
            if key not in obj:
                raise DataFormatError(path, f"missing field {key!r}", line=line)
        topic, texts = obj["instance_id"], obj["summaries"]
        if not isinstance(topic, str) or not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise DataFormatError(path, "'instance_id' should be a string and 'summaries' a list of strings", line=line)
        ids = obj.get("summarizer_ids", [str(i + 1) for i in range(len(texts))])
        if (not isinstance(ids, list) or len(ids) != len(texts)
                or not all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids)):
            raise DataFormatError(path, "'summarizer_ids' should list one id (string or integer) per summary",
                                  line=line)
        if topic in topics:
            raise DataFormatError(path, f"instance_id {topic!r} given twice (first: line {topics[topic]})", line=line)
        topics[topic] = line
        out.append(_checked(topic, [(str(i), _normalized(t), where) for i, t in zip(ids, texts)], where))
    return out


def read_models(path) -> list[ModelSet]:
    """Every topic's models under ``path`` (module docstring), sorted by topic."""
    path = Path(path)
    if path.is_dir():
        entries = _visible(path)
        if not entries:
            raise DataFormatError(path, "no model summaries: the folder is empty")
        if PEER_TEXT.match(entries[0].name) and entries[0].is_file():
            found = _duc_folder(path, entries)
        elif entries[0].is_dir():
            found = _topic_folders(entries)
        else:
            raise DataFormatError(entries[0], "unknown layout: expected DUC-named models (D0701.M.250.A.<model>), "
                                              "<topic>/<model>.txt folders, or a .jsonl file")
    elif path.is_file() and path.suffix == ".jsonl":
        found = _jsonl(path)
    elif not path.exists():
        raise MissingDataError(f"{path}: no such file or folder")
    else:
        raise DataFormatError(path, "unknown layout: give a folder of model summaries or a .jsonl file")
    if not found:
        raise DataFormatError(path, "no model summaries found")
    return sorted(found, key=lambda m: m.topic)
