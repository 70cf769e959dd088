"""Baseline summarizers, to be scored like any system: NIST's lead baseline.

NIST's baseline peer 1 of DUC 2006 and 2007 (35 in the 2007 update task) is the *lead* of the
most recent document of the topic: its leading sentences, as many whole sentences as fit in the
word limit (250 words; 100 for the update task). The data shows the rule: on the real corpora,
every baseline summary holds the leading whole sentences of the document with the latest date in
its DUC name (``APW19990612.0141`` → 1999-06-12), the greatest name among those of that date
(``NYT20000814.0237`` over ``NYT20000814.0212``; ``tests/data/test_scoring_baselines_real.py``).
Words are counted as the scorer counts them (:func:`pyrabench.text.count_words`), so
a lead is never truncated when scored. The SCU-marked corpus (:mod:`pyrabench.data.scu_marked`)
has dropped the datelines (``BONN, April 20 (Xinhua) --``) that NIST's baseline kept: where the
dateline used up NIST's last words, our lead holds one sentence more; otherwise it is the same text.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..data import scu_marked
from ..data.summaries import Summary
from ..errors import PyrabenchError
from ..text import count_words, cut_words
from .limits import WORD_LIMITS

#: NIST's lead baseline among the peers of each DUC corpus (peer id).
NIST_LEAD = {"duc2006": "1", "duc2007": "1", "duc2007-update": "35"}


def most_recent(documents: Iterable[tuple[str, Sequence[str]]]) -> tuple[str, Sequence[str]]:
    """The document with the latest date in its DUC name, the greatest name among equal dates;
    documents without a sentence are passed over (there is nothing to lead with)."""
    dated = []
    for name, sentences in documents:
        date = scu_marked.document_date(name)
        if date is None:
            raise PyrabenchError(f"document {name!r} carries no date in its name (DUC names look like "
                                 "APW19990612.0141), so the most recent one cannot be found")
        if any(s.strip() for s in sentences):
            dated.append((date, name, sentences))
    if not dated:
        raise PyrabenchError("no document with a sentence to lead with")
    _, name, sentences = max(dated, key=lambda d: (d[0], d[1]))
    return name, sentences


def lead(sentences: Sequence[str], words: int) -> list[str]:
    """The leading whole sentences that fit in ``words`` words; a first sentence longer than
    that is cut at ``words`` words, so a lead is never empty."""
    kept, used = [], 0
    for sentence in sentences:
        n = count_words(sentence)
        if used + n > words:
            if not kept:
                kept.append(cut_words(sentence, words)[0])
            break
        if n:
            kept.append(sentence)
            used += n
    return kept


def lead_summary(documents: Iterable[tuple[str, Sequence[str]]], words: int = 250) -> str:
    """NIST's lead baseline of one topic: the leading whole sentences (at most ``words`` words)
    of its most recent document, one sentence a line. ``documents``: ``(name, sentences)`` pairs
    with DUC-style dated names, e.g. :class:`pyrabench.data.scu_marked.Document`."""
    if words < 1:
        raise PyrabenchError(f"a lead needs at least one word, not {words}")
    _, sentences = most_recent(documents)
    return "\n".join(lead(sentences, words))


def lead_summaries(corpus: str, data=None, words: int | None = None, system: str = "lead") -> list[Summary]:
    """The lead baseline of every topic of ``corpus`` with SCU-marked source documents, as
    summaries of ``system`` (sorted by topic), at the corpus's word limit unless ``words`` is given."""
    limit = WORD_LIMITS[corpus] if words is None else words
    out = []
    for topic, collection in scu_marked.load_documents(corpus, data).items():
        name, sentences = most_recent(collection.documents)
        chosen = tuple(lead(sentences, limit))
        out.append(Summary(topic=topic, system=system, text="\n".join(chosen), sentences=chosen,
                           source=f"{collection.source.name}: {name}"))
    return out
