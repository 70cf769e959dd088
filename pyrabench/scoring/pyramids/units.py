"""The units a pyramid is built from: each model summary cut into clauses (or sentences).

EDUA (Gao et al. 2019) decomposes each sentence into clauses with a dependency parser and
builds SCUs from them. The package's spaCy pipeline is rule-based (no parser), so a clause here
is cut by surface marks, within a sentence (:func:`.segments.tokenize_many`: spaCy's sentencizer
and every line break):

* before a word preceded by ``;``, ``:``, a dash or a parenthesis;
* before a clause opener (:data:`OPENERS`: ``and``, ``but``, ``which``, ``while``, ``because``, …)
  preceded by a comma.

A comma alone does not cut (it would split lists: "France, Germany and Italy"). A piece shorter
than :data:`MIN_WORDS` words joins the piece before it (the first piece, the one after it), so a
unit never is a fragment such as "he said". ``unit="sentence"`` keeps sentences whole.

A unit is a character span of the model summary exactly as given: ``text[start:end]`` from its
first word's first character to its last word's last (punctuation inside kept, around dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ...errors import UnknownNameError
from ..recipe2013.segments import Tokens, tokenize_many

UNITS = ("clause", "sentence")
MIN_WORDS = 4
OPENERS = frozenset({"and", "but", "or", "yet", "so", "while", "whereas", "although", "though", "because", "since",
                     "which", "who", "whose", "whom", "where", "when", "after", "before", "until", "unless", "if",
                     "including", "according", "as"})
_HARD = re.compile(r"[;:()\[\]]|--|\u2014|\u2013| - ")


@dataclass(frozen=True)
class Unit:
    """One unit: its model (index into the models given), character span and text."""

    model: int
    start: int
    end: int
    text: str


def _cuts(tok: Tokens, a: int, b: int) -> list[int]:
    """Word indices in ``(a, b)`` before which a clause starts (module docstring)."""
    cuts = []
    for i in range(a + 1, b):
        gap = tok.text[int(tok.ends[i - 1]) : int(tok.starts[i])]
        if _HARD.search(gap) or ("," in gap and tok.words[i] in OPENERS):
            cuts.append(i)
    return cuts


def _merged(bounds: list[int], min_words: int) -> list[int]:
    """Drop cut points so that every piece has at least ``min_words`` words (where the sentence
    has them): a short piece joins the piece before it, a short first piece the one after."""
    pieces = [[s, e] for s, e in zip(bounds[:-1], bounds[1:])]
    k = 0
    while k < len(pieces):
        if pieces[k][1] - pieces[k][0] < min_words and len(pieces) > 1:
            if k > 0:
                pieces[k - 1][1] = pieces[k][1]
                del pieces[k]
                k -= 1
            else:
                pieces[1][0] = pieces[0][0]
                del pieces[0]
            continue
        k += 1
    return [p[0] for p in pieces] + [pieces[-1][1]]


def split_units(texts: Sequence[str], unit: str = "clause", min_words: int = MIN_WORDS) -> list[list[Unit]]:
    """Each text's units in reading order."""
    if unit not in UNITS:
        raise UnknownNameError(f"unknown unit {unit!r}; use one of {', '.join(UNITS)}")
    out = []
    for m, tok in enumerate(tokenize_many(list(texts))):
        units = []
        for a, b in tok.sentences:
            bounds = [a, *(_cuts(tok, a, b) if unit == "clause" else []), b]
            bounds = _merged(bounds, min_words)
            for s, e in zip(bounds[:-1], bounds[1:]):
                start, end = int(tok.starts[s]), int(tok.ends[e - 1])
                units.append(Unit(m, start, end, tok.text[start:end]))
        out.append(units)
    return out

