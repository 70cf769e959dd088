"""Offset repair (:mod:`pyrabench.data.offsets`): every rule, its order, the nearest-occurrence
choice and what a reader is handed and logs, each with the expected span written out."""

from __future__ import annotations

import pytest

from pyrabench.data.model import Part
from pyrabench.data.offsets import RULES, checked_part, locate
from pyrabench.data.repairs import Repair, RepairLog


def test_rule_names_in_the_order_they_are_tried():
    assert RULES == ("offset-shift", "offset-entity", "offset-whitespace")


@pytest.mark.parametrize(
    "text, label, start, end, expected",
    [
        # right offsets: kept, no rule
        ("The river rose.", "river", 4, 9, (4, 9, "")),
        ("river rose", "river", 0, 5, (0, 5, "")),  # at the very start
        ("The river rose.", "", 3, 3, (3, 3, "")),  # empty at consistent offsets (checked_part skips it)
        ("   ", "  ", 1, 3, (1, 3, "")),
        # wrong, reversed or out-of-range offsets: the label found verbatim
        ("The river rose.", "river", 0, 5, (4, 9, "offset-shift")),
        ("The river rose.", "river", 9, 4, (4, 9, "offset-shift")),
        ("The river rose.", "river", 4, 99, (4, 9, "offset-shift")),
        ("The river rose.", "river", -4, 1, (4, 9, "offset-shift")),
        # overlapping occurrences all count (0, 1, 2): the one at the recorded start wins
        ("aaaa", "aa", 2, 3, (2, 4, "offset-shift")),
        ("aaaa", "aa", 1, 2, (1, 3, "offset-shift")),
        # nearest to the recorded start; on equal distance the earlier one
        ("ab xx ab xx ab", "ab", 10, 11, (12, 14, "offset-shift")),
        ("ab xx ab", "ab", 3, 4, (0, 2, "offset-shift")),
        ("ab xx ab", "ab", 4, 5, (6, 8, "offset-shift")),
        # entities in the label, or in the text (quotes too)
        ("salt & pepper", "salt &amp; pepper", 0, 17, (0, 13, "offset-entity")),
        ("salt &amp; pepper", "salt & pepper", 0, 13, (0, 17, "offset-entity")),
        ('He said &quot;go&quot;.', 'said "go"', 3, 12, (3, 22, "offset-entity")),
        ("x &amp; y, x &amp; y", "x & y", 11, 16, (11, 20, "offset-entity")),
        # whitespace ignored: from the first to the last non-space character
        ("now.\nThe  bridge", "now. The bridge", 0, 15, (0, 16, "offset-whitespace")),
        ("co-founded it", "co -  founded", 0, 13, (0, 10, "offset-whitespace")),
        ("a b. a  b.", "a   b", 6, 11, (5, 9, "offset-whitespace")),
        ("a b. a  b.", "ab", 0, 2, (0, 3, "offset-whitespace")),
        # entity and whitespace at once: the unescaped label, whitespace ignored
        ("salt &\npepper", "salt &amp;  pepper", 0, 18, (0, 13, "offset-whitespace")),
        # nothing places these
        ("The river rose.", "the river", 0, 9, None),
        ("The river rose.", "", 2, 5, None),
        ("The river rose.", "   ", 2, 5, None),
        ("", "river", 0, 5, None),
    ],
)  # fmt: skip
def test_locate(text, label, start, end, expected):
    found = locate(text, label, start, end)
    assert found == expected
    if found is not None and found[2] != "offset-whitespace":
        s, e, _ = found
        assert text[s:e] in (label, label.replace("&amp;", "&"), label.replace("&", "&amp;").replace('"', "&quot;"))


def test_the_first_rule_that_finds_the_label_wins():
    # the label is in the text verbatim far away and, whitespace-insensitively, right at start:
    # offset-shift is tried first and wins
    text = "red  fox ... red fox"
    assert locate(text, "red fox", 0, 7) == (13, 20, "offset-shift")


def test_checked_part_keeps_right_offsets_silently():
    log = RepairLog()
    assert checked_part("The river rose.", "river", 4, 9, "a.pyr", "scu 3", log) == Part("river", 4, 9)
    assert len(log) == 0


def test_checked_part_repairs_and_logs_the_rule():
    log = RepairLog()
    part = checked_part("now.\nThe  bridge", "now. The bridge", 2, 17, "a.pyr", "scu 3", log)
    # the part's text is the summary's, not the label
    assert part == Part("now.\nThe  bridge", 0, 16)
    assert log.records == [Repair("a.pyr", "offset-whitespace", "[2:17] -> [0:16]", "scu 3", False)]
    assert log.counts() == {"repaired:offset-whitespace": 1}


def test_checked_part_skips_an_empty_label():
    log = RepairLog()
    assert checked_part("The river rose.", " \n", 3, 5, "a.pyr", "scu 3", log) is None
    assert log.records == [Repair("a.pyr", "empty-part", "part [3:5] has an empty label", "scu 3", True)]


def test_checked_part_skips_what_no_rule_places():
    log = RepairLog()
    label = "a flood of " + "x" * 80
    assert checked_part("The river rose.", label, 0, 9, "a.pyr", "scu 3", log) is None
    assert log.records == [
        Repair("a.pyr", "offset-unmatched", f"part {label[:60]!r} [0:9] not found in text", "scu 3", True)
    ]
    assert log.counts() == {"skipped:offset-unmatched": 1}
