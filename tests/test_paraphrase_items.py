"""Item texts: a contributor read as its span in the summary, its parts, or its label."""

import numpy as np
import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.paraphrase.items import build_items, contributor_text, iter_matrices
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
JUST_OUTSIDE = Contributor("a label for the summary after the last", (Part("x", 0, 1),), 2)  # 2 summaries

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


@pytest.mark.parametrize(
    "con", [EMPTY, NO_PARTS, OUTSIDE, JUST_OUTSIDE], ids=["empty-span", "no-parts", "no-such-summary", "one-past-the-last"]
)
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


# --------------------------------------------------------------------------- the whole table
# Two corpora, three pyramids. T1: two summaries; an SCU of two contributors, one of a contributor
# listed twice (plus non-ASCII and pronoun items), one with no text at all (no item: no SCU start);
# T2: a single-summary pyramid; T3 (another corpus): a pyramid whose every text is empty.
S0 = "The storm hit the coast on Monday night. Café owners said he was fine."
S1 = "Thousands lost power when the storm hit."
STORM_0 = Contributor("storm hit the coast", (part(S0, "storm hit the coast"),), 0)
STORM_1 = Contributor("the storm hit", (part(S1, "the storm hit"),), 1)
POWER = Contributor("Thousands lost power", (part(S1, "Thousands lost power"),), 1)
CAFE = Contributor("Café owners said he was fine", (part(S0, "Café owners said he was fine"),), 0)
NOTHING = Contributor("", (), 0)
T1 = Pyramid(
    "c1", "T1", (S0, S1), ("A", "B"),
    (
        SCU(1, "A storm hit the coast", (STORM_0, STORM_1)),
        SCU(2, "Thousands lost power", (POWER, POWER, CAFE)),
        SCU(3, "", (NOTHING,)),
    ),
)  # fmt: skip
BRIDGE = "They rebuilt the old bridge in a week."
T2 = Pyramid("c1", "T2", (BRIDGE,), ("A",), (SCU(7, "Bridge rebuilt", (Contributor("rebuilt the old bridge", (part(BRIDGE, "rebuilt the old bridge"),), 0),)),))
T3 = Pyramid("c2", "T3", ("x", "y"), ("A", "B"), (SCU(9, "", (Contributor("", (), 0), Contributor("", (), 1))),))


RELAY = "Zoë won the relay race easily."
T4 = Pyramid("c1", "T4", (RELAY,), ("A",), (SCU(11, "Zoë won the relay", (Contributor("Zoë won the relay race", (part(RELAY, "Zoë won the relay race"),), 0),)),))


@pytest.fixture
def table():
    # built in each test (it takes milliseconds), so that mutation testing maps every test to
    # build_items and runs each against its mutants
    return build_items([T1, T2, T3], Policy())


def test_every_rule_is_counted_per_corpus():
    from collections import Counter

    table = build_items([T1, T2, T4, T3], Policy())  # T4: a second single-summary pyramid, non-ASCII text
    assert table.counts["c1"] == Counter({
        "pyramids": 3, "single-summary-pyramids": 2, "scus": 5, "contributors": 8,
        "single-contributor-scus": 3, "empty-items": 1, "empty-labels": 1, "duplicate-items": 2,
        "non-ascii-items": 3, "span-label-fallbacks": 1,
        "items": 9, "items-failing-min-words": 1, "items-failing-no-pronouns": 1, "eligible-items": 7,
    })  # fmt: skip
    assert table.counts["c2"] == Counter({
        "pyramids": 1, "scus": 1, "contributors": 2, "empty-items": 2, "empty-labels": 1,
        "span-label-fallbacks": 2,
    })  # fmt: skip
    assert list(table.counts) == ["c1", "c2"]


def test_the_frame_keeps_pyramid_order_with_typed_columns(table):
    f = table.frame
    assert f.columns.tolist() == [
        "item_id", "corpus", "topic", "scu_id", "contributor", "kind", "text", "weight",
        "n_words", "n_types", "n_content", "content_key", "enough_words", "no_pronoun", "eligible",
    ]  # fmt: skip
    assert f.item_id.tolist() == ["c1/T1/1/0", "c1/T1/1/1", "c1/T1/1/L", "c1/T1/2/0", "c1/T1/2/2", "c1/T2/7/0", "c1/T2/7/L"]
    for column in ("scu_id", "weight", "n_words", "n_types", "n_content", "content_key"):
        assert f[column].dtype == np.int64, column
    assert f.weight.tolist() == [2, 2, 2, 2, 2, 1, 1]
    assert f.n_words.tolist() == [4, 3, 5, 3, 6, 4, 2]
    assert f.n_types.tolist() == [4, 3, 5, 3, 6, 4, 2]
    assert f.n_content.tolist() == [3, 2, 3, 3, 4, 3, 2]
    # equal content-word sets share an id ("storm hit the coast" and its label), ids in order of appearance
    assert f.content_key.tolist() == [0, 1, 0, 2, 3, 4, 5]
    assert f.enough_words.tolist() == [True] * 6 + [False]
    assert f.no_pronoun.tolist() == [True, True, True, True, False, True, True]
    assert f.eligible.tolist() == [True, True, True, True, False, True, False]


def test_words_vocabulary_and_matrices(table):
    assert table.words[4] == ["café", "owners", "said", "he", "was", "fine"]
    # the vocabulary numbers words in order of first appearance (deterministic, no sort)
    assert list(table.vocabulary)[:9] == ["storm", "hit", "the", "coast", "a", "thousands", "lost", "power", "café"]
    assert list(table.vocabulary.values()) == list(range(len(table.vocabulary)))
    assert table.is_content.dtype == bool
    content = dict(zip(table.vocabulary, table.is_content))
    assert content["storm"] and content["café"] and not content["the"] and not content["he"]
    assert table.incidence.shape == table.content.shape == (7, len(table.vocabulary))
    assert table.incidence.dtype == table.content.dtype == np.int32  # 0/1 counts, not floats
    assert table.incidence[2].toarray().sum() == 5 and table.content[2].toarray().sum() == 3
    assert table.content.toarray().max() == 1 and (table.content.toarray() <= table.incidence.toarray()).all()


def test_slices_start_each_scu_that_has_items(table):
    starts = [(sl.corpus, sl.topic, sl.start, sl.end, sl.scu_starts.tolist()) for sl in table.slices]
    # T1's SCU 3 has no item, so no start; T2's offsets are relative to its own first row
    assert starts == [("c1", "T1", 0, 5, [0, 3]), ("c1", "T2", 5, 7, [0]), ("c2", "T3", 7, 7, [])]
    assert all(sl.scu_starts.dtype == np.int64 for sl in table.slices)


def test_pair_matrices_skip_empty_pyramids_and_hold_integer_counts():
    items = build_items([T1, T3, T2], Policy())  # the empty pyramid in the middle
    got = list(iter_matrices(items))
    assert [sl.topic for sl, _ in got] == ["T1", "T2"]
    t1, t2 = (m for _, m in got)
    assert t1.shared.dtype == np.int32
    assert t1.shared.tolist() == [[4, 3, 4, 0, 0], [3, 3, 3, 0, 0], [4, 3, 5, 0, 0], [0, 0, 0, 3, 0], [0, 0, 0, 0, 6]]
    assert t2.shared.tolist() == [[4, 2], [2, 2]]  # "rebuilt" and "bridge"
    assert t1.n_types.tolist() == [4, 3, 5, 3, 6]
    assert t1.same_content[0, 2] and not t1.same_content[0, 1]


def test_no_pyramid_gives_an_empty_table():
    items = build_items([], Policy())
    assert len(items) == 0 and items.incidence.shape == (0, 0) and items.counts == {}
    assert list(iter_matrices(items)) == []
