import json

import pytest

from pyrabench.errors import UnknownNameError
from pyrabench.paraphrase.policy import (
    DEFAULT,
    PERSONAL_PRONOUNS,
    POSSESSIVE_DETERMINERS,
    PRESETS,
    RULES,
    Policy,
    preset,
    preset_label,
    preset_of,
)


def test_default_is_the_paper_preset():
    p = Policy()
    assert p == PRESETS["paper"] == DEFAULT
    assert p.min_words == 3  # "at least 3 words"
    assert p.negative_min_shared == 2  # Figure 2's negative pair shares 3 words; 22.6 negatives per positive
    assert p.item_text == "span"  # Figure 2's "countries worldwide sent money equipment"
    assert (p.question_items, p.distractor_items) == ("labels", "contributors")  # Figure 3
    assert not p.distinct_distractor_scus  # Figure 3: two distractors of one SCU
    assert p.varied_distractors  # ... but never the same text twice
    assert p.tie_break == "random" and p.answer_choice == "all"
    assert p.require_lexical_variety and p.distractors == 3 and p.include_labels
    assert RULES == ("min-words", "no-pronouns", "negative-overlap", "lexical-variety")


def test_literal_preset_is_the_text_of_the_paper():
    p = PRESETS["literal"]
    assert p.negative_min_shared == 4  # "match on more than 3 words"
    assert p.item_text == "parts" and p.question_items == "any" and p.distinct_distractor_scus
    assert not p.varied_distractors
    assert (p.answer_choice, p.tie_break, p.distractor_items) == ("random", "jaccard", "any")
    assert p.include_labels and p.min_words == 3


def test_presets_are_named_back():
    assert preset("literal") is PRESETS["literal"]
    assert preset("paper", seed=4).seed == 4
    assert preset_of(Policy()) == {"name": "paper", "changes": {}}
    assert preset_of(PRESETS["literal"].with_(seed=5)) == {"name": "literal", "changes": {"seed": 5}}
    assert preset_label(PRESETS["literal"]) == "literal"
    assert preset_label(Policy(seed=5)) == "paper + seed=5"
    assert preset_label(Policy(stop_words={"the"})) == "paper + stop_words=(1 words)"
    with pytest.raises(UnknownNameError):
        preset("strict")


def test_pronoun_list_is_personal_pronouns_not_possessive_determiners():
    assert {"it", "he", "she", "they", "them", "him", "her", "we", "i"} <= PERSONAL_PRONOUNS
    assert "its" not in DEFAULT.pronouns  # Figure 3 keeps "its"
    assert POSSESSIVE_DETERMINERS.isdisjoint(DEFAULT.pronouns)


def test_stop_words_are_spacy_english():
    # spaCy 3's English list: 326 words, among them numbers and verbs one might not expect,
    # which decide whether two texts differ in content words (the lexical-variety rule)
    assert len(DEFAULT.stop_words) == 326
    assert {"the", "a", "of", "was", "it", "its", "not", "n't", "'s", "three", "first", "made", "say"} <= DEFAULT.stop_words
    assert not {"bridge", "council", "said", "new", "mr", "1971", "harbour"} & DEFAULT.stop_words
    assert Policy(stop_words={"The", "Bridge"}).stop_words == {"the", "bridge"}


def test_round_trip_and_fingerprint():
    p = Policy(include_labels=False, question_items="any", seed=7, pronouns={"It", "they"})
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
    "kwargs",
    [{"similarity": "cosine"}, {"answer_choice": "best"}, {"item_text": "sentence"}, {"tie_break": "coin"},
     {"question_items": "contributors"}, {"distractor_items": "labels"}],
)
def test_unknown_names_are_errors(kwargs):
    with pytest.raises(UnknownNameError):
        Policy(**kwargs)


def test_unknown_fields_in_dict():
    with pytest.raises(UnknownNameError):
        Policy.from_dict({"min_word": 3})


def test_bad_numbers_and_combinations():
    with pytest.raises(ValueError):
        Policy(distractors=0)
    with pytest.raises(ValueError):  # label questions need label items
        Policy(include_labels=False)
    assert Policy(include_labels=False, question_items="any").include_labels is False
