"""Item texts: a contributor read as its span in the summary, its parts, or its label."""

import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.paraphrase.items import build_items, contributor_text
from pyrabench.paraphrase.policy import PRESETS, Policy

SUMMARY_0 = "Aid arrived fast.  Countries worldwide sent money,\n equipment, experts and tents to the region."
SUMMARY_1 = "Tents, blankets and   rescue equipment poured in from around the world."


def part(summary: str, text: str, nth: int = 0) -> Part:
    """The ``nth`` occurrence of ``text`` in ``summary`` as a part with its true offsets."""
    start = -1
    for _ in range(nth + 1):
        start = summary.index(text, start + 1)
    return Part(text, start, start + len(text))


SENT = Contributor("Countries worldwide sent...equipment", (part(SUMMARY_0, "Countries worldwide sent"), part(SUMMARY_0, "equipment")), 0)
# parts listed out of reading order, across a run of spaces
POURED = Contributor(
    "rescue equipment...poured in from around the world",
    (part(SUMMARY_1, "poured in from around the world"), part(SUMMARY_1, "rescue equipment")),
    1,
)
EMPTY = Contributor("relief money came from abroad", (Part("", 5, 5),), 0)  # an empty span
NO_PARTS = Contributor("donors gave generously to the appeal", (), 1)
OUTSIDE = Contributor("a label for a contributor out of range", (Part("x", 0, 1),), 7)  # no summary 7

PYR = Pyramid(
    "toy", "T9", (SUMMARY_0, SUMMARY_1), ("A", "B"),
    (
        SCU(1, "Countries worldwide sent Equipment", (SENT, POURED)),
        SCU(2, "Money came from abroad", (EMPTY, NO_PARTS, OUTSIDE)),
    ),
)  # fmt: skip


def test_span_runs_from_the_first_part_start_to_the_last_part_end():
    # the words between the parts are kept and the whitespace is normalised
    assert contributor_text(PYR, SENT, "span") == ("Countries worldwide sent money, equipment", False)
    assert contributor_text(PYR, POURED, "span") == ("rescue equipment poured in from around the world", False)


def test_parts_and_label_readings():
    assert contributor_text(PYR, SENT, "parts") == ("Countries worldwide sent equipment", False)
    assert contributor_text(PYR, POURED, "parts") == ("rescue equipment poured in from around the world", False)
    assert contributor_text(PYR, SENT, "label") == ("Countries worldwide sent...equipment", False)


@pytest.mark.parametrize("con", [EMPTY, NO_PARTS, OUTSIDE], ids=["empty-span", "no-parts", "no-such-summary"])
def test_an_empty_span_falls_back_to_the_contributor_label(con):
    assert contributor_text(PYR, con, "span") == (con.label, True)


def test_items_follow_the_policy_and_count_fallbacks():
    items = build_items([PYR], Policy())
    texts = dict(zip(items.frame.item_id, items.frame.text))
    assert texts["toy/T9/1/0"] == "Countries worldwide sent money, equipment"
    assert texts["toy/T9/1/1"] == "rescue equipment poured in from around the world"
    assert texts["toy/T9/1/L"] == "Countries worldwide sent Equipment"
    assert texts["toy/T9/2/0"] == "relief money came from abroad"
    assert items.counts["toy"]["span-label-fallbacks"] == 3
    assert items.frame.set_index("item_id").at["toy/T9/1/0", "n_words"] == 5
    literal = build_items([PYR], PRESETS["literal"])
    assert dict(zip(literal.frame.item_id, literal.frame.text))["toy/T9/1/0"] == "Countries worldwide sent equipment"
    assert literal.counts["toy"]["span-label-fallbacks"] == 0
