"""DUC's word limits: a summary cut as NIST cut peers, by whole sentences when it has them."""

from __future__ import annotations

from pyrabench.data.corpora import CORPUS_NAMES
from pyrabench.data.summaries import Summary
from pyrabench.scoring.limits import WORD_LIMITS, within_limit
from pyrabench.text import count_words


def test_within_limit_cuts_text_and_sentences():
    words = " ".join(f"word{k}" for k in range(300))
    text, sentences, cut = within_limit(Summary("D0701", "x", words), 250)
    assert cut and count_words(text) == 250 and text.endswith("word249") and sentences is None
    text, sentences, cut = within_limit(Summary("D0701", "x", "one two\nthree four five\nsix",
                                                ("one two", "three four five", "six")), 4)
    assert cut and sentences == ("one two", "three four") and text == "one two\nthree four"
    given = Summary("D0701", "x", "one two", ("one two",))
    assert within_limit(given, 2) == ("one two", ("one two",), False)
    assert within_limit(Summary("D0701", "x", words), None) == (words, None, False)


def test_limits_name_known_corpora():
    assert WORD_LIMITS["duc2007"] == 250 and WORD_LIMITS["duc2007-update"] == 100
    assert {name for name in CORPUS_NAMES if name.startswith(("duc", "tac"))} <= set(WORD_LIMITS)
