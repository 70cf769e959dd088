"""Locating a part's text in its summary, the documented rules that repair drifting offsets, and
the parts a writer must refuse because every reader skips them.

DUCView stores each part twice: as a label (the text) and as ``start``/``end`` offsets into the
summary text. They usually agree; when they do not, the label is the annotator's intent, so we
look for the label near the recorded offset, trying these rules in order (the first that finds
the text wins, and the rule's name is what the :class:`~pyrabench.data.repairs.RepairLog` counts):

``offset-shift``
    the label occurs verbatim elsewhere in the text: take the occurrence nearest ``start``.
``offset-entity``
    the label still carries XML/HTML entities (``&quot;``, ``&amp;``...) or the text does:
    unescape and match verbatim, nearest ``start``.
``offset-whitespace``
    the label matches when whitespace is ignored (line breaks, doubled or missing spaces):
    take the nearest whitespace-insensitive match.

A part no rule can place is *skipped* and logged with the file, SCU id and reason.
"""

from __future__ import annotations

import html
from functools import lru_cache

from ..errors import OutputError
from .model import Part
from .repairs import RepairLog

RULES = ("offset-shift", "offset-entity", "offset-whitespace")


def _nearest(matches: list[tuple[int, int]], start: int) -> tuple[int, int] | None:
    if not matches:
        return None
    return min(matches, key=lambda se: (abs(se[0] - start), se[0]))


def _verbatim(text: str, needle: str) -> list[tuple[int, int]]:
    if not needle:
        return []
    out, i = [], text.find(needle)
    while i >= 0:
        out.append((i, i + len(needle)))
        i = text.find(needle, i + 1)
    return out


@lru_cache(maxsize=256)
def _squeezed(text: str) -> tuple[str, tuple[int, ...]]:
    """``text`` without whitespace, and where each kept character was (cached per summary)."""
    keep = tuple(i for i, c in enumerate(text) if not c.isspace())
    return "".join(text[i] for i in keep), keep


def _whitespace_insensitive(text: str, needle: str) -> list[tuple[int, int]]:
    squeezed_needle = "".join(c for c in needle if not c.isspace())
    if not squeezed_needle:
        return []
    squeezed, keep = _squeezed(text)
    n = len(squeezed_needle)
    return [(keep[j], keep[j + n - 1] + 1) for j, _ in _verbatim(squeezed, squeezed_needle)]


def locate(text: str, label: str, start: int, end: int) -> tuple[int, int, str] | None:
    """``(start, end, rule)`` of ``label`` in ``text``; rule is ``""`` when the offsets were right.

    Returns ``None`` when no documented rule finds the label.
    """
    if 0 <= start <= end <= len(text) and text[start:end] == label:
        return start, end, ""
    found = _nearest(_verbatim(text, label), start)
    if found:
        return found[0], found[1], "offset-shift"
    unescaped = html.unescape(label)
    for variant in dict.fromkeys((unescaped, html.escape(label, quote=True))):
        if variant != label:
            found = _nearest(_verbatim(text, variant), start)
            if found:
                return found[0], found[1], "offset-entity"
    found = _nearest(_whitespace_insensitive(text, unescaped), start)
    if found:
        return found[0], found[1], "offset-whitespace"
    return None


def refuse_blank_parts(scus, path) -> None:
    """For the writers: a part of nothing but blanks is one every reader skips (:func:`checked_part`),
    so writing it would lose it; an :class:`~pyrabench.errors.OutputError` naming the file and
    the SCU instead, before the file is touched."""
    for scu in scus:
        for c in scu.contributors:
            if any(not p.text.strip() for p in c.parts):
                raise OutputError(f"{path}: cannot write SCU {scu.scu_id}: a part of it holds only blanks, which "
                                  "the readers skip (an annotation is a span of words)")


def checked_part(text: str, label: str, start: int, end: int, path, item: str, log: RepairLog) -> Part | None:
    """The :class:`Part` a reader should keep for ``label`` at ``[start:end]`` of ``text``.

    Applies the rules above and logs what it did: a repair (rule name), or a skip for an empty
    label or a label no rule can place (then ``None``). Every reader goes through here, so every
    format gets the same rules and the same counts.
    """
    if not label.strip():
        log.skip(path, "empty-part", f"part [{start}:{end}] has an empty label", item)
        return None
    found = locate(text, label, start, end)
    if found is None:
        log.skip(path, "offset-unmatched", f"part {label[:60]!r} [{start}:{end}] not found in text", item)
        return None
    new_start, new_end, rule = found
    if rule:
        log.repair(path, rule, f"[{start}:{end}] -> [{new_start}:{new_end}]", item)
    return Part(text[new_start:new_end], new_start, new_end)
