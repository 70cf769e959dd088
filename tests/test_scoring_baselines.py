"""The lead baseline: the most recent document (latest date, then greatest name), its leading
whole sentences within the word limit, one summary per topic of a corpus."""

from __future__ import annotations

import pytest

from pyrabench.data import scu_marked
from pyrabench.errors import PyrabenchError
from pyrabench.scoring import baselines
from pyrabench.text import count_words

DOCS = [("APW20000101.0001", ("Old news here.",)),
        ("NYT20000105.0010", ("Same day, smaller number.",)),
        ("NYT20000105.0200", ("The winner has five words.", "Then a second sentence of seven words.", "Last.")),
        ("XIE20000106.0001", ("  ",))]


def test_most_recent_is_the_latest_date_then_the_greatest_name():
    assert baselines.most_recent(DOCS)[0] == "NYT20000105.0200"  # XIE…0106 has no sentence
    assert baselines.most_recent(reversed(DOCS))[0] == "NYT20000105.0200"  # not the input order
    with pytest.raises(PyrabenchError, match="'X1' carries no date"):
        baselines.most_recent([("X1", ("A sentence.",))])
    with pytest.raises(PyrabenchError, match="no document with a sentence"):
        baselines.most_recent([("APW20000101.0001", ())])


@pytest.mark.parametrize("words, expected", [
    (250, "The winner has five words.\nThen a second sentence of seven words.\nLast."),
    (12, "The winner has five words.\nThen a second sentence of seven words."),
    (11, "The winner has five words."),
    (3, "The winner has"),
])
def test_lead_keeps_whole_sentences_within_the_limit(words, expected):
    text = baselines.lead_summary(DOCS, words)
    assert text == expected and count_words(text) <= words


def test_a_lead_needs_a_word():
    with pytest.raises(PyrabenchError, match="at least one word"):
        baselines.lead_summary(DOCS, 0)


def test_lead_summaries_of_the_sample(sample_root):
    for corpus, limit in (("duc2007", 250), ("duc2007-update", 100)):
        sources = scu_marked.load_documents(corpus, sample_root)
        leads = baselines.lead_summaries(corpus, sample_root)
        assert [s.topic for s in leads] == list(sources) and {s.system for s in leads} == {"lead"}
        for s in leads:
            assert s.text == "\n".join(s.sentences) == baselines.lead_summary(sources[s.topic].documents, limit)
            assert 0 < count_words(s.text) <= limit
            name, sentences = baselines.most_recent(sources[s.topic].documents)
            assert s.sentences == sentences[: len(s.sentences)] and s.source.endswith(name)
    # D0701's two latest documents share a date: the greater name leads
    tied = sorted(scu_marked.load_documents("duc2007", sample_root)["D0701"].documents, key=lambda d: (d.date, d.name))[-2:]
    assert tied[0].date == tied[1].date
    assert baselines.lead_summaries("duc2007", sample_root)[0].source.endswith(tied[1].name)
    assert count_words(baselines.lead_summaries("duc2007", sample_root, words=20)[0].text) <= 20
