"""NIST's names: one topic pattern inside every file-name pattern, each name read as the readers need."""

from __future__ import annotations

import re

import pytest

from pyrabench.data import names


@pytest.mark.parametrize("topic", ["D0601", "D0601A", "d0801-A", "D0703-A", "D0743-C", "D1"])
def test_topic_ids(topic):
    assert names.TOPIC_ID.match(topic)


@pytest.mark.parametrize("text", ["X601", "D", "D0601AB", "D0703-a", "D0601 ", "0601", "D0703-AB"])
def test_not_topic_ids(text):
    assert not names.TOPIC_ID.match(text)


def test_peer_file_and_peer_text_share_the_peer_name():
    m = names.PEER_FILE.match("101.D0603.M.250.A.22.pan")
    assert m.group("annotator", "topic", "length", "selector", "system") == ("101", "D0603", "250", "A", "22")
    m = names.PEER_FILE.match("D0703-A.M.100.A.35.pan")
    assert m.group("annotator", "topic", "system") == (None, "D0703-A", "35")
    assert not names.PEER_FILE.match("D0701.M.250.A.1.txt") and not names.PEER_FILE.match("D0701.pan")
    m = names.PEER_TEXT.match("D0703-A.M.100.A.my-system.txt")
    assert m.group("topic", "length", "selector", "system") == ("D0703-A", "100", "A", "my-system")
    assert names.PEER_TEXT.match("D0701.M.250.A.1").group("system") == "1"
    assert not names.PEER_TEXT.match("101.D0603.M.250.A.22") and not names.PEER_TEXT.match("D0701.M.250.A.")


@pytest.mark.parametrize("name, topic, ids", [
    ("D0601-ABCD.pyr", "D0601", "ABCD"), ("D0601.pyr", "D0601", None), ("D0703-A.pyr", "D0703-A", None),
    ("D0703-A-ACDJ.pyr", "D0703-A", "ACDJ"), ("D0701-AB.pyr", "D0701", "AB"), ("d0801-A.pyr", "d0801-A", None),
])
def test_pyramid_file(name, topic, ids):
    m = names.PYRAMID_FILE.match(name)
    assert m.group("topic", "ids") == (topic, ids)
    # the same reading as the old pattern that looked ahead after the update part
    old = re.compile(r"^(?P<topic>[Dd]\d+[A-Za-z]?(?:-[A-Z](?=[-.]))?)(?:-(?P<ids>[A-Z]+))?\.pyr$")
    assert old.match(name).group("topic", "ids") == (topic, ids)


def test_scu_marked_file():
    assert names.SCU_MARKED_FILE.match("D0701.scu").group("topic", "set") == ("D0701", None)
    assert names.SCU_MARKED_FILE.match("D0706B-A.scu").group("topic", "set") == ("D0706", "-A")
    assert names.SCU_MARKED_FILE.match("D0601A1.scu").group("topic") == "D0601"
    assert not names.SCU_MARKED_FILE.match("notes.scu")
