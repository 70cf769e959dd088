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
