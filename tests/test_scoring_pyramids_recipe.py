"""EDUA's recipe pinned on pyramids built and compared by hand.

The builder's similarity is replaced by a table whose every pairwise score is written below, so
each step of the recipe (Gao et al. 2019; the settings of PyrEval's ``Pyramid/``) can be followed
on paper: the units, the threshold (the 83rd percentile of the cross-model pairs), the edges
above it, the layers under the power-law capacity, each SCU's contributors, weight and label.
The agreement rule is pinned the same way, on a pair of pyramids made by hand.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.scoring.pyramids import builder
from pyrabench.scoring.pyramids.agreement import compare
from pyrabench.scoring.pyramids.builder import EDUA, build, capacity

# Three models, given under ids and in an order that are not the canonical one (by text).
GIVEN = {
    "c": "The blaze destroyed the forest. Winds pushed the blaze east. Schools closed for a week; parents kept "
         "children home.",
    "a": "A fire burned the forest. Strong winds spread the flames. Nobody was hurt in the fire.",
    "b": "Dry winds spread the fire. The forest burned for days. Officials asked for federal aid.",
}
# Units in canonical order (models a, b, c; each model's units in reading order): (model, start, end, text).
UNITS = [
    (0, 0, 24, "A fire burned the forest"),
    (0, 26, 56, "Strong winds spread the flames"),
    (0, 58, 85, "Nobody was hurt in the fire"),
    (1, 0, 25, "Dry winds spread the fire"),
    (1, 27, 53, "The forest burned for days"),
    (1, 55, 86, "Officials asked for federal aid"),
    (2, 0, 30, "The blaze destroyed the forest"),
    (2, 32, 59, "Winds pushed the blaze east"),
    (2, 61, 86, "Schools closed for a week"),
    (2, 88, 114, "parents kept children home"),  # cut at the semicolon
]
# Similarities of the pairs of units from different models; every other such pair is LOW. Two
# triangles: the forest (0, 4, 6) and the winds (1, 3, 7); one pair just below the edges (2, 5).
CROSS = {(0, 4): 0.90, (4, 6): 0.80, (0, 6): 0.70,
         (1, 3): 0.85, (3, 7): 0.75, (1, 7): 0.65,
         (2, 5): 0.40}
LOW = 0.10
SAME_MODEL = 0.95  # pairs of one model: never edges, never in the percentile
# 3 x 3 + 3 x 4 + 3 x 4 = 33 cross-model pairs; the 83rd percentile (linear) lies at rank
# 0.83 x 32 = 26.56 of the sorted 33: 0.40 + 0.56 x (0.65 - 0.40) = 0.54. Six pairs lie above it.
THRESHOLD = 0.40 + 0.56 * (0.65 - 0.40)
EDGES = {(0, 4), (4, 6), (0, 6), (1, 3), (3, 7), (1, 7)}


def _table() -> np.ndarray:
    model = np.array([u[0] for u in UNITS])
    sim = np.where(model[:, None] == model[None, :], SAME_MODEL, LOW)
    for (i, j), s in CROSS.items():
        sim[i, j] = sim[j, i] = s
    np.fill_diagonal(sim, 1.0)
    return sim


class _Table:
    """A similarity that knows the units' texts: the table above, made slightly asymmetric (the
    builder takes the mean of both directions, as for Dice)."""

    def __init__(self, sim: np.ndarray):
        skew = 0.01 * np.subtract.outer(np.arange(len(sim)), np.arange(len(sim)))
        self.matrix_of = sim + skew
        self.index = {u[3]: k for k, u in enumerate(UNITS)}

    def matrix(self, rows, cols):
        return self.matrix_of[np.ix_([self.index[t] for t in rows], [self.index[t] for t in cols])]


@pytest.fixture
def table(monkeypatch):
    sim = _table()
    monkeypatch.setattr(builder, "_unit_similarity", lambda name: _Table(sim))
    return sim


def _built(recipe=EDUA):
    return build(list(GIVEN), list(GIVEN.values()), "T", recipe)


def _scus(pyramid):
    """Each SCU as (id, weight, label, contributors as unit numbers)."""
    number = {(u[0], u[1], u[2]): k for k, u in enumerate(UNITS)}
    return [(s.scu_id, s.weight, s.label,
             tuple(number[(c.summary_index, c.parts[0].start, c.parts[0].end)] for c in s.contributors))
            for s in pyramid.scus]


def test_the_hand_built_pyramid(table):
    b = _built()
    p = b.pyramid
    # step 0: the canonical order is by text, whatever the ids and the order given
    assert p.summarizer_ids == ("a", "b", "c")
    assert p.summaries == (GIVEN["a"], GIVEN["b"], GIVEN["c"])
    # step 1: the units, each a span of its model summary
    assert b.units == len(UNITS)
    spans = sorted((c.summary_index, c.parts[0].start, c.parts[0].end, c.text) for s in p.scus for c in s.contributors)
    assert spans == sorted(UNITS)
    # step 3: the threshold is the 83rd percentile of the cross-model pairs only
    assert b.threshold == pytest.approx(THRESHOLD, abs=1e-12)
    assert sorted(table[i, j] for i, j in EDGES) == sorted(
        table[i, j] for i in range(len(UNITS)) for j in range(i + 1, len(UNITS))
        if UNITS[i][0] != UNITS[j][0] and table[i, j] > b.threshold)
    # step 4: 10 units give layer capacities floor(20 / 3^2.5) = 1 and floor(20 / 2^2.5) = 3
    assert (capacity(3, 10, EDUA), capacity(2, 10, EDUA)) == (1, 3)
    # layer 3 takes the forest triangle (mean 0.80) and, full, leaves the winds triangle (0.75);
    # layer 2 takes the best remaining edge, (1, 3) at 0.85, which uses both ends of the two
    # others; step 5: every unit left is an SCU of weight 1, in unit order
    assert _scus(p) == [
        (1, 3, "The forest burned for days", (0, 4, 6)),  # central: sums 1.6, 1.7, 1.5
        (2, 2, "Strong winds spread the flames", (1, 3)),  # a tie: the first in model order
        (3, 1, "Nobody was hurt in the fire", (2,)),
        (4, 1, "Officials asked for federal aid", (5,)),
        (5, 1, "Winds pushed the blaze east", (7,)),
        (6, 1, "Schools closed for a week", (8,)),
        (7, 1, "parents kept children home", (9,)),
    ]
    assert b.cohesion[:2] == pytest.approx((0.80, 0.85), abs=1e-12)
    assert all(np.isnan(c) for c in b.cohesion[2:])


def test_without_capacity_both_triangles_are_scus(table):
    p = _built(EDUA.with_(capacity=False)).pyramid
    assert _scus(p)[:2] == [(1, 3, "The forest burned for days", (0, 4, 6)),
                            (2, 3, "Dry winds spread the fire", (1, 3, 7))]  # sums 1.5, 1.6, 1.4
    assert [s.weight for s in p.scus] == [3, 3, 1, 1, 1, 1]


def test_scus_of_one_weight_are_numbered_by_cohesion(monkeypatch):
    # the winds triangle made the tighter one (mean 0.93 against 0.80): with both taken it comes first
    sim = _table()
    for (i, j), s in {(1, 3): 0.95, (3, 7): 0.93, (1, 7): 0.91}.items():
        sim[i, j] = sim[j, i] = s
    monkeypatch.setattr(builder, "_unit_similarity", lambda name: _Table(sim))
    b = _built(EDUA.with_(capacity=False))
    assert _scus(b.pyramid)[:2] == [(1, 3, "Dry winds spread the fire", (1, 3, 7)),
                                    (2, 3, "The forest burned for days", (0, 4, 6))]
    assert b.cohesion[:2] == pytest.approx((0.93, 0.80), abs=1e-12)


def test_a_pair_at_the_threshold_is_no_edge(table):
    # at the 84.375th percentile the threshold is the 28th of 33 sorted similarities exactly
    # (27 / 32 = 0.84375): the winds pair (1, 7) at 0.65 is no edge, so the winds are no triangle
    b = _built(EDUA.with_(capacity=False, percentile=84.375))
    assert b.threshold == pytest.approx(0.65, abs=1e-12)
    assert _scus(b.pyramid)[:2] == [(1, 3, "The forest burned for days", (0, 4, 6)),
                                    (2, 2, "Strong winds spread the flames", (1, 3))]


def test_edges_join_units_of_different_models_only(monkeypatch):
    # the two units of model a are the most similar pair of all, and still no SCU holds both
    texts = {"a": "Crews fought the fire all night. Crews battled the fire overnight.",
             "b": "Firefighters fought the blaze for hours."}
    units = ["Crews fought the fire all night", "Crews battled the fire overnight",
             "Firefighters fought the blaze for hours"]
    sim = np.array([[1.0, 0.99, 0.3], [0.99, 1.0, 0.2], [0.3, 0.2, 1.0]])

    class Fixed:
        def matrix(self, rows, cols):
            return sim[np.ix_([units.index(t) for t in rows], [units.index(t) for t in cols])]

    monkeypatch.setattr(builder, "_unit_similarity", lambda name: Fixed())
    b = build(list(texts), list(texts.values()), "T", EDUA.with_(percentile=0.0))
    assert b.threshold == pytest.approx(0.2)  # the lower of the two cross pairs, 0.99 not among them
    assert [(s.weight, s.label) for s in b.pyramid.scus] == [
        (2, "Crews fought the fire all night"), (1, "Crews battled the fire overnight")]


# --------------------------------------------------------------------------- the agreement rule

MODELS = ("Fire burned the forest near the town. Winds spread it fast.",
          "The forest burned near town. Fast winds spread the fire.",
          "A forest fire burned near the town. The winds spread it.",
          "Near the town the forest burned. Winds spread the blaze fast.")


def _span(text: str, i: int) -> Contributor:
    start = MODELS[i].index(text)
    return Contributor(text, (Part(text, start, start + len(text)),), i)


def _pyramid(scus) -> Pyramid:
    return Pyramid("t", "T", MODELS, ("A", "B", "C", "D"),
                   tuple(SCU(k, c[0][0], tuple(_span(t, i) for t, i in c)) for k, c in scus))


FIRE = [("Fire burned the forest near the town", 0), ("The forest burned near town", 1),
        ("A forest fire burned near the town", 2), ("Near the town the forest burned", 3)]
WIND = [("Winds spread it fast", 0), ("Fast winds spread the fire", 1), ("The winds spread it", 2),
        ("Winds spread the blaze fast", 3)]


def test_the_hand_made_match_set():
    human = _pyramid([(10, FIRE), (20, WIND[:3]), (30, WIND[3:])])
    auto = _pyramid([
        # against NIST's 10 (weight 4 each): agrees in models 0 and 1, 2 >= ceil(4 / 2) -> a candidate;
        # against 20 (weight 3): in model 2 only, 1 < ceil(3 / 2) = 2 -> none;
        # against 30 (weight 1): "blaze fast" lies inside it, 1 >= ceil(1 / 2) -> a candidate
        (1, [FIRE[0], FIRE[1], WIND[2], ("blaze fast", 3)]),
        # against 10: "A forest fire" inside model 2's, "Near the town the forest" inside model 3's:
        # 2 >= ceil(3 / 2) -> a candidate, with fewer characters (37) than SCU 1's (63);
        # against 20: model 0 only, 1 < 2 -> none
        (2, [WIND[0], ("A forest fire", 2), ("Near the town the forest", 3)]),
        # against 20: model 1, 1 >= ceil(min(3, 2) / 2) = 1 -> a candidate; "burned. Winds" shares
        # 6 of its 13 characters with model 3's fire clause and 5 with its winds one: under half
        (3, [WIND[1], ("burned. Winds", 3)]),
    ])
    res = compare(human, auto)
    # taken by agreeing models, then characters: 10-1 (2, 63) before 10-2 (2, 37), then 20-3;
    # 30-1 comes last and SCU 1 is taken
    assert res.pairs.to_dict("records") == [
        {"human": 10, "auto": 1, "human_weight": 4, "auto_weight": 4, "models": 2, "chars": 63},
        {"human": 20, "auto": 3, "human_weight": 3, "auto_weight": 2, "models": 1, "chars": 26},
    ]
    assert res.human["match"].tolist() == [1, 3, 0]
    assert res.auto["match"].tolist() == [10, 0, 20]
    assert res.human["split"].tolist() == [True, True, False]  # 10 agrees with SCUs 1 and 2, 20 with 1, 2, 3
    assert res.auto["merged"].tolist() == [True, True, False]  # 1: with 10, 20, 30; 2: with 10 and 20


def test_pairs_agreeing_in_more_models_are_taken_first_whatever_their_characters():
    human = _pyramid([(1, FIRE[:2])])
    # SCU 1 agrees in both models with 24 characters; SCU 2 in one, with all 36 of model 0's clause
    auto = _pyramid([(1, [("Fire burned", 0), ("forest burned", 1)]), (2, FIRE[:1])])
    assert compare(human, auto).pairs[["human", "auto", "models", "chars"]].values.tolist() == [[1, 1, 2, 24]]


@pytest.mark.parametrize("human_weight, auto_weight, agreeing, matched", [
    (1, 1, 1, True), (2, 2, 1, True), (2, 3, 1, True), (3, 2, 1, True), (4, 2, 1, True),
    (3, 3, 1, False), (3, 3, 2, True), (4, 3, 1, False), (4, 3, 2, True), (4, 4, 1, False), (4, 4, 2, True),
])
def test_two_scus_match_when_they_agree_in_half_the_models_both_could_share(human_weight, auto_weight, agreeing,
                                                                            matched):
    # the human SCU holds the fire clause of models 0 .. w-1; the automatic one the fire clause of
    # its first ``agreeing`` models and the winds clause of the others
    human = _pyramid([(1, FIRE[:human_weight])])
    auto = _pyramid([(1, FIRE[:agreeing] + WIND[agreeing:auto_weight])])
    res = compare(human, auto)
    assert len(res.pairs) == int(matched)
    if matched:
        assert res.pairs["models"].tolist() == [agreeing]
