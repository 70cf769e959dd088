"""Clause units of model summaries: where a sentence is cut, and that units are spans as given."""

from __future__ import annotations

import pytest

from pyrabench.errors import UnknownNameError
from pyrabench.scoring.pyramids.units import split_units

TEXT = ("The fire, which started on Monday, burned 8,000 acres; crews from France, Germany and Italy "
        "fought it, but the winds spread the flames.\nSchools closed.")


def test_clauses_are_cut_at_marks_and_openers_only():
    units = split_units([TEXT])[0]
    assert [u.text for u in units] == [
        "The fire, which started on Monday, burned 8,000 acres",
        "crews from France, Germany and Italy fought it",
        "but the winds spread the flames",
        "Schools closed",
    ]
    for u in units:
        assert TEXT[u.start:u.end] == u.text and u.model == 0


def test_sentences_keep_sentences_whole():
    assert [u.text for u in split_units([TEXT], "sentence")[0]] == [TEXT.split("\n")[0].rstrip("."), "Schools closed"]


def test_unknown_unit():
    with pytest.raises(UnknownNameError):
        split_units([TEXT], "word")


def _spans(text, **kw):
    return [(u.text, u.start, u.end) for u in split_units([text], **kw)[0]]


def test_every_hard_mark_cuts_and_short_pieces_join_a_neighbour():
    # ":" "(" ")" "--" cut; ", which" cuts; "He said" (2 words) joins the piece after it, "crews
    # left" (2) and "and roads reopened" (3) the piece before them
    text = "He said: the fire, which burned for days, was out -- crews left (all of them went home) and roads reopened."
    assert _spans(text) == [("He said: the fire", 0, 17),
                            ("which burned for days, was out -- crews left", 19, 63),
                            ("all of them went home) and roads reopened", 65, 106)]
    # a short first piece and a short last piece leave one unit: the whole sentence
    assert _spans("Yes; the big fire burned down the old mill, because nobody came.") == [
        ("Yes; the big fire burned down the old mill, because nobody came", 0, 63)]


def test_dashes_brackets_and_capitalised_openers_cut_commas_alone_do_not():
    text = "The old mill burned down \u2014 nobody saw the fire start [the police said so] - and the town slept on."
    assert _spans(text, min_words=3) == [("The old mill burned down", 0, 24), ("nobody saw the fire start", 27, 52),
                                         ("the police said so", 54, 72), ("and the town slept on", 76, 97)]
    text = "The old mill burned down \u2013 nobody saw the fire start, whereas the town slept well that night."
    assert _spans(text, min_words=3) == [("The old mill burned down", 0, 24), ("nobody saw the fire start", 27, 52),
                                         ("whereas the town slept well that night", 54, 92)]
    assert _spans("The old mill burned down, the town slept, the fire spread.", min_words=3) == [
        ("The old mill burned down, the town slept, the fire spread", 0, 57)]
    assert _spans("The old mill, burned down last night, And the town slept well.", min_words=3) == [
        ("The old mill, burned down last night", 0, 36), ("And the town slept well", 38, 61)]
    # an opener without a comma does not cut
    assert _spans("The old mill burned and the town slept on.", min_words=1) == [
        ("The old mill burned and the town slept on", 0, 41)]


def test_min_words_and_the_model_index_of_each_text():
    texts = ["Fire burned; it was very bad.", "Crews came, and they fought the fire all night long."]
    got = split_units(texts, min_words=2)
    assert [[(u.model, u.text) for u in us] for us in got] == [
        [(0, "Fire burned"), (0, "it was very bad")], [(1, "Crews came"), (1, "and they fought the fire all night long")]]
    assert [[u.text for u in us] for us in split_units(texts, min_words=3)] == [
        ["Fire burned; it was very bad"], ["Crews came, and they fought the fire all night long"]]
    assert [[u.text for u in us] for us in split_units(texts)] == [
        ["Fire burned; it was very bad"], ["Crews came, and they fought the fire all night long"]]
    # a sentence shorter than min_words stays one unit
    assert _spans("A b c d e f g h; i j k l m n.\nOne two.") == [("A b c d e f g h", 0, 15), ("i j k l m n.", 17, 29),
                                                              ("One two", 30, 37)]
    assert split_units([]) == []
    with pytest.raises(UnknownNameError, match=r"^unknown unit 'word'; use one of clause, sentence$"):
        split_units([TEXT], "word")


def test_a_cut_after_the_first_word_of_each_sentence():
    assert _spans("Yes; the fire burned. No: the town slept.", min_words=1) == [
        ("Yes", 0, 3), ("the fire burned", 5, 20), ("No", 22, 24), ("the town slept", 26, 40)]


def test_each_short_piece_joins_the_long_piece_before_it():
    assert _spans("The big fire burned all night; crews came; roads closed.") == [
        ("The big fire burned all night; crews came; roads closed", 0, 55)]
    assert _spans("The big fire burned all night; crews came; the town slept well; roads closed.") == [
        ("The big fire burned all night; crews came", 0, 41), ("the town slept well; roads closed", 43, 76)]


def test_a_mark_between_sentences_cuts_nothing_even_without_a_minimum():
    assert _spans("Fire burned all night. (Schools closed early today.)", min_words=0) == [
        ("Fire burned all night", 0, 21), ("Schools closed early today", 24, 50)]
