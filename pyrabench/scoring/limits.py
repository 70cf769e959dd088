"""DUC's and TAC's summary length limits, and a summary cut to its limit as NIST cut peers.

Words are counted by :func:`pyrabench.text.count_words` (why that count: :mod:`pyrabench.text`).
"""

from __future__ import annotations

from ..data.summaries import Summary
from ..text import count_words, cut_words

#: DUC's and TAC's peer length limits, in words (NIST's peer names say it: ``D0701.M.250…``).
WORD_LIMITS = {"duc2005": 250, "duc2006": 250, "duc2007": 250, "duc2007-update": 100,
               "tac2008": 100, "tac2009": 100, "tac2010": 100, "tac2011": 100}


def within_limit(summary: Summary, limit: int | None) -> tuple[str, tuple[str, ...] | None, bool]:
    """``(text, sentences, truncated)`` of ``summary`` within ``limit`` words (None: no limit)."""
    if limit is None or count_words(summary.text) <= limit:
        return summary.text, summary.sentences, False
    if summary.sentences is None:
        return cut_words(summary.text, limit)[0], None, True
    kept, left = [], limit
    for sentence in summary.sentences:
        cut, n = cut_words(sentence, left)
        kept.append(cut)
        left -= n
        if left == 0:
            break
    return "\n".join(kept), tuple(kept), True
