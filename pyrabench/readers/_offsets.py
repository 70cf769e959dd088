"""Locating a part's text in its summary, and the documented rules that repair drifting offsets.

DUCView stores each part twice: as a label (the text) and as ``start``/``end`` offsets into the
summary text. They usually agree; when they do not, the label is the annotator's intent, so we
look for the label near the recorded offset, trying these rules in order (the first that finds
the text wins, and the rule's name is what the :class:`~pyrabench.repairs.RepairLog` counts):

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
import re

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


def _whitespace_pattern(needle: str) -> re.Pattern | None:
    chars = [c for c in needle if not c.isspace()]
    if not chars:
        return None
    return re.compile(r"\s*".join(re.escape(c) for c in chars))


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
    pattern = _whitespace_pattern(unescaped)
    if pattern is not None:
        found = _nearest([m.span() for m in pattern.finditer(text)], start)
        if found:
            return found[0], found[1], "offset-whitespace"
    return None
