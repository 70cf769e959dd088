"""Author-year citations in round brackets: "Baumel et al. (2016)" and "(Baumel et al., 2016)".

sphinxcontrib-bibtex's ``author_year`` style puts the year in square brackets; the papers this
book reproduces, and most of its readers' fields, write it in round ones. The style is
registered under the name ``author_year_round`` (``bibtex_reference_style`` in _config.yml).
"""

from dataclasses import dataclass, field

import sphinxcontrib.bibtex.plugin
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


def setup(app):
    return {"parallel_read_safe": True, "parallel_write_safe": True}
