import json

import pytest

from pyrabench.errors import UnknownNameError
from pyrabench.paraphrase.policy import (
    DEFAULT,
    PERSONAL_PRONOUNS,
    POSSESSIVE_DETERMINERS,
    RULES,
    Policy,
)


def test_defaults_follow_the_paper():
    p = Policy()
    assert p.min_words == 3  # "at least 3 words"
    assert p.negative_min_shared == 4  # "match on more than 3 words"
    assert p.require_lexical_variety
    assert p.distractors == 3
    assert p.include_labels  # "... and the label given to the SCU by annotators"
    assert RULES == ("min-words", "no-pronouns", "negative-overlap", "lexical-variety")


def test_pronoun_list_is_personal_pronouns_not_possessive_determiners():
    assert {"it", "he", "she", "they", "them", "him", "her", "we", "i"} <= PERSONAL_PRONOUNS
    assert "its" not in DEFAULT.pronouns  # Figure 3 keeps "its"
    assert POSSESSIVE_DETERMINERS.isdisjoint(DEFAULT.pronouns)


def test_stop_words_are_spacy_english():
    from spacy.lang.en.stop_words import STOP_WORDS

    assert DEFAULT.stop_words == frozenset(STOP_WORDS)


def test_round_trip_and_fingerprint():
    p = Policy(include_labels=False, seed=7, pronouns={"It", "they"})
    assert p.pronouns == {"it", "they"}
    d = json.loads(json.dumps(p.to_dict()))
    q = Policy.from_dict(d)
    assert q == p
    assert q.fingerprint() == p.fingerprint()
    assert p.fingerprint() != Policy().fingerprint()
    assert p.with_(seed=8).seed == 8 and p.seed == 7


def test_summary_is_short():
    s = Policy().summary()
    assert "spaCy" in s["stop_words"]
    assert isinstance(s["pronouns"], str)


@pytest.mark.parametrize(
    "kwargs", [{"similarity": "cosine"}, {"answer_choice": "best"}]
)
def test_unknown_names_are_errors(kwargs):
    with pytest.raises(UnknownNameError):
        Policy(**kwargs)


def test_unknown_fields_in_dict():
    with pytest.raises(UnknownNameError):
        Policy.from_dict({"min_word": 3})


def test_bad_numbers():
    with pytest.raises(ValueError):
        Policy(distractors=0)
