"""Author-year citations in round brackets, and a bibliography in first-author, year order.

sphinxcontrib-bibtex's ``author_year`` style puts the year in square brackets; the papers this
book reproduces, and most of its readers' fields, write it in round ones. The style is
registered under the name ``author_year_round`` (``bibtex_reference_style`` in _config.yml).

pybtex's ``plain`` style sorts by *every* author's name, so the STS task papers of 2012-2016 (all
led by Agirre, with different co-authors) came out as 2015, 2014, 2016, 2012, 2013, in the list
and inside a grouped citation. ``plain_first_author_year`` (``bibtex_default_style``) sorts by the
first author, then the year, then the title: the years read in order.
"""

from dataclasses import dataclass, field

import sphinxcontrib.bibtex.plugin
from pybtex.plugin import register_plugin
from pybtex.style.formatting.plain import Style as PlainStyle
from pybtex.style.sorting import BaseSortingStyle
from sphinxcontrib.bibtex.style.referencing import BracketStyle
from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle

STYLE_NAME = "author_year_round"


def _round() -> BracketStyle:
    return BracketStyle(left="(", right=")")


@dataclass
class RoundAuthorYearStyle(AuthorYearReferenceStyle):
    bracket_parenthetical: BracketStyle = field(default_factory=_round)
    bracket_textual: BracketStyle = field(default_factory=_round)
    bracket_author: BracketStyle = field(default_factory=_round)
    bracket_label: BracketStyle = field(default_factory=_round)
    bracket_year: BracketStyle = field(default_factory=_round)


sphinxcontrib.bibtex.plugin.register_plugin("sphinxcontrib.bibtex.style.referencing", STYLE_NAME, RoundAuthorYearStyle)

SORTING_NAME = "first_author_year_title"
FORMATTING_NAME = "plain_first_author_year"


class FirstAuthorYearTitle(BaseSortingStyle):
    def sorting_key(self, entry):
        persons = entry.persons.get("author") or entry.persons.get("editor") or []
        first = " ".join(persons[0].prelast_names + persons[0].last_names) if persons else ""
        first = first.replace("{", "").replace("}", "").lower()  # an institution's name is braced
        return (first, entry.fields.get("year", ""), entry.fields.get("title", "").lower())


class PlainFirstAuthorYear(PlainStyle):
    default_sorting_style = SORTING_NAME


register_plugin("pybtex.style.sorting", SORTING_NAME, FirstAuthorYearTitle)
register_plugin("pybtex.style.formatting", FORMATTING_NAME, PlainFirstAuthorYear)


def setup(app):
    return {"parallel_read_safe": True, "parallel_write_safe": True}
