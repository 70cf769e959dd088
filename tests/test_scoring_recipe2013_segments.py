import numpy as np
import pytest

from pyrabench.scoring.recipe2013.segments import candidate_segments, tokenize_summary


def test_sentences_split_on_punctuation_and_line_breaks():
    tok = tokenize_summary("Lava cools fast. Rocks form\nAsh falls, then rain")
    assert tok.words == ("lava", "cools", "fast", "rocks", "form", "ash", "falls", "then", "rain")
    assert tok.sentences == ((0, 3), (3, 5), (5, 9))
    assert tok.span_text(5, 9) == "Ash falls, then rain"


def test_candidate_segments_stay_inside_sentences_and_respect_lengths():
    tok = tokenize_summary("Lava cools very fast now. Ash falls")
    s, e = candidate_segments(tok, max_len=3, min_len=2)
    pairs = set(zip(s.tolist(), e.tolist()))
    # sentence 1 (words 0-5): lengths 2..3 → 4 + 3 spans; sentence 2 (5-7): one span of 2
    assert pairs == {(0, 2), (1, 3), (2, 4), (3, 5), (0, 3), (1, 4), (2, 5), (5, 7)}
    assert len(s) == len(pairs)
    assert np.all(np.diff(e) >= 0)  # ordered by end


def test_short_sentence_is_one_candidate():
    s, e = candidate_segments(tokenize_summary("Yes. It erupts now today"), max_len=4, min_len=3)
    assert (0, 1) in set(zip(s.tolist(), e.tolist()))


def test_bad_lengths_and_empty_text():
    with pytest.raises(ValueError):
        candidate_segments(tokenize_summary("a b"), max_len=2, min_len=3)
    s, e = candidate_segments(tokenize_summary("  \n "))
    assert len(s) == 0 and len(e) == 0


def test_length_summary_counts_the_bounds(sample_root):
    from pyrabench.data.corpora import load_corpus
    from pyrabench.scoring.recipe2013.segments import contributor_lengths, length_summary

    peers = load_corpus("duc2006", sample_root).peers
    lengths = contributor_lengths(peers)
    summary = length_summary(peers, min_len=3, max_len=20)
    assert summary["contributors"] == len(lengths) > 0
    assert summary["median words"] == np.median(lengths)
    assert summary["share within 3..20 words"] == np.mean((lengths >= 3) & (lengths <= 20))
    assert np.isnan(length_summary([])["median words"])
