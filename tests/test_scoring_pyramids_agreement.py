"""SCU agreement between two pyramids of the same models: the rule, split and merged SCUs."""

from __future__ import annotations

import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.errors import PyrabenchError
from pyrabench.scoring.pyramids.agreement import compare, summary, weight_shares

S1 = "Fire burned the forest. Schools closed. Winds spread it."
S2 = "The forest burned. Winds spread the fire. Roads closed."


def _c(text, summary, i):
    start = summary.index(text)
    return Contributor(text, (Part(text, start, start + len(text)),), i)


def _pyr(scus, ids=("A", "B"), summaries=(S1, S2)):
    return Pyramid("t", "T", summaries, ids, tuple(SCU(k, c[0][0], tuple(_c(t, summaries[i], i) for t, i in c))
                                                   for k, c in enumerate(scus, start=1)))


HUMAN = _pyr([[("Fire burned the forest", 0), ("The forest burned", 1)],
              [("Winds spread it", 0), ("Winds spread the fire", 1)],
              [("Schools closed", 0)], [("Roads closed", 1)]])


def test_a_pyramid_agrees_with_itself_in_any_model_order():
    flipped = _pyr([[("The forest burned", 0), ("Fire burned the forest", 1)],
                    [("Winds spread the fire", 0), ("Winds spread it", 1)],
                    [("Roads closed", 0)], [("Schools closed", 1)]], ("B", "A"), (S2, S1))
    got = summary([compare(HUMAN, flipped)])
    assert got["human_found"] == got["human_found_weight"] == got["auto_matched"] == 1.0
    assert got["weight_mad"] == 0.0 and got["weight_equal"] == 1.0
    assert got["split"] == 0.0 and got["merged"] == 0.0


def test_split_and_merged_scus_are_counted():
    split = _pyr([[("Fire burned the forest", 0)], [("The forest burned", 1)],
                  [("Schools closed. Winds spread it", 0), ("Winds spread the fire. Roads closed", 1)]])
    res = compare(HUMAN, split)
    got = summary([res])
    assert got["split"] == 0.5  # the forest SCU went to two automatic SCUs, the winds SCU did not
    assert got["merged"] == 1.0  # the weight-2 automatic SCU covers the winds SCU and both closings
    assert set(res.pairs["human"]) <= {1, 2, 3, 4} and len(res.pairs) == len(set(res.pairs["auto"]))
    assert got["human_found_weight"] < 1.0


def test_agreement_needs_half_of_the_shorter_contributor():
    # "forest" is 6 of "Fire burned the forest"'s 22 characters, "Winds" 5 of 15: no agreement;
    # "Schools closed" lies wholly inside: agreement, and a weight-1 SCU needs one model
    res = compare(HUMAN, _pyr([[("forest. Schools closed. Winds", 0)]]))
    assert res.pairs[["human", "auto"]].values.tolist() == [[3, 1]]


def test_foreign_models_are_refused():
    other = _pyr([[("Fire burned the forest", 0)]], ("A", "Z"))
    with pytest.raises(PyrabenchError, match="'Z' is not a model"):
        compare(HUMAN, other)


def test_weight_shares():
    shares = weight_shares([HUMAN], [HUMAN], "t")
    assert shares["nist"].tolist() == shares["auto"].tolist() == [0.5, 0.5]

