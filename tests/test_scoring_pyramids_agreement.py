"""SCU agreement between two pyramids of the same models: the rule, split and merged SCUs."""

from __future__ import annotations

import math

import numpy as np

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



SPLIT = _pyr([[("Fire burned the forest", 0)], [("The forest burned", 1)],
              [("Schools closed. Winds spread it", 0), ("Winds spread the fire. Roads closed", 1)]])


def test_compare_gives_each_scu_its_match_and_the_pairs_greedily():
    # Candidates (human, auto): models agreeing, characters shared. (2, 3): 2 models, 15 + 21
    # characters; (1, 1): 22; (1, 2): 17; (3, 3): 14; (4, 3): 12. Taken in that order, each SCU once.
    res = compare(HUMAN, SPLIT)
    assert res.human.to_dict("list") == {"scu_id": [1, 2, 3, 4], "weight": [2, 2, 1, 1], "match": [1, 3, 0, 0],
                                         "split": [True, False, False, False]}
    assert res.auto.to_dict("list") == {"scu_id": [1, 2, 3], "weight": [1, 1, 2], "match": [1, 0, 2],
                                        "merged": [False, False, True]}
    assert res.pairs.to_dict("list") == {"human": [2, 1], "auto": [3, 1], "human_weight": [2, 2],
                                         "auto_weight": [2, 1], "models": [2, 1], "chars": [36, 22]}
    assert summary([res]) == pytest.approx({
        "topics": 1, "human_scus": 4, "auto_scus": 3, "human_found": 0.5, "human_found_weight": 4 / 6,
        "auto_matched": 2 / 3, "weight_spearman": float("nan"), "weight_mad": 0.5, "weight_equal": 0.5,
        "split": 0.5, "merged": 1.0}, nan_ok=True)


def test_a_weight_two_pair_needs_one_model_a_weight_four_pair_two():
    s = ("a b", "c d", "e f", "g h")
    ids = ("A", "B", "C", "D")
    human = Pyramid("t", "T", s, ids, (SCU(1, "x", tuple(_c(t[0], t, i) for i, t in enumerate(s))),))
    for agreeing, matched in ((1, False), (2, True)):  # the first word agrees, the last does not
        auto = Pyramid("t", "T", s, ids, (SCU(1, "y", tuple(_c(s[i][0], s[i], i) if i < agreeing else
                                                              _c(s[i][2], s[i], i) for i in range(4))),))
        res = compare(human, auto)
        assert (len(res.pairs) == 1) is matched and res.human["split"].tolist() == [False]
        assert res.auto["merged"].tolist() == [False]
    two = Pyramid("t", "T", s, ids, (SCU(1, "y", (_c("a b", s[0], 0), _c("d", s[1], 1))),))
    assert compare(human, two).pairs.to_dict("list") == {"human": [1], "auto": [1], "human_weight": [4],
                                                         "auto_weight": [2], "models": [1], "chars": [1]}


def test_share_sets_how_much_of_the_shorter_contributor_must_overlap():
    # "closed. Winds" (13 characters) holds 6 of "Schools closed" and 5 of "Winds spread it"
    auto = _pyr([[("closed. Winds", 0)]])
    assert compare(HUMAN, auto).pairs.empty
    assert compare(HUMAN, auto, share=0.45).pairs[["human", "chars"]].values.tolist() == [[3, 6]]
    both = compare(HUMAN, auto, share=0.3)
    assert both.pairs[["human", "auto", "models", "chars"]].values.tolist() == [[3, 1, 1, 6]]
    # no overlap never agrees, even at share 0: "Roads" and "Schools" touch one human SCU each
    apart = compare(HUMAN, _pyr([[("Roads", 1), ("Schools", 0)]]), share=0.0)
    assert apart.pairs.to_dict("list") == {"human": [3], "auto": [1], "human_weight": [1], "auto_weight": [2],
                                           "models": [1], "chars": [7]}
    assert apart.auto["merged"].tolist() == [True] and apart.human["split"].tolist() == [False] * 4


def test_model_texts_must_be_the_same():
    other = _pyr([[("Fire burned the forest", 0)]], ("A", "B"), (S1, S2 + " More."))
    with pytest.raises(PyrabenchError, match=r"^T: the built pyramid's model texts differ from NIST's$"):
        compare(HUMAN, other)
    with pytest.raises(PyrabenchError, match=r"^T: model 'Z' is not a model of NIST's pyramid$"):
        compare(HUMAN, _pyr([[("Fire burned the forest", 0)]], ("A", "Z")))


def test_weight_readings_over_several_topics():
    def topic(pairs, human_weights, auto_weights):
        from pyrabench.scoring.pyramids.agreement import TopicAgreement
        import pandas as pd

        return TopicAgreement(
            pd.DataFrame({"scu_id": range(1, len(human_weights) + 1), "weight": human_weights,
                          "match": [1] * len(pairs) + [0] * (len(human_weights) - len(pairs)),
                          "split": [w >= 3 for w in human_weights]}),
            pd.DataFrame({"scu_id": range(1, len(auto_weights) + 1), "weight": auto_weights,
                          "match": [1] * len(pairs) + [0] * (len(auto_weights) - len(pairs)),
                          "merged": [w >= 4 for w in auto_weights]}),
            pd.DataFrame([{"human": 1, "auto": 1, "human_weight": h, "auto_weight": a, "models": 1, "chars": 1}
                          for h, a in pairs],
                         columns=["human", "auto", "human_weight", "auto_weight", "models", "chars"]))

    got = summary([topic([(4, 3), (2, 2)], [4, 2, 1], [3, 2, 4, 1]), topic([(1, 1)], [1, 3], [1, 1])])
    assert got == pytest.approx({
        "topics": 2, "human_scus": 5, "auto_scus": 6, "human_found": 3 / 5, "human_found_weight": 7 / 11,
        "auto_matched": 3 / 6, "weight_spearman": 1.0, "weight_mad": 1 / 3, "weight_equal": 2 / 3,
        "split": 2 / 3, "merged": 1 / 3})
    # two pairs, or weights all alike on one side: no rank correlation
    assert math.isnan(summary([topic([(4, 3), (2, 2)], [4, 2], [3, 2])])["weight_spearman"])
    assert math.isnan(summary([topic([(2, 3), (2, 2), (2, 1)], [2, 2, 2], [3, 2, 1])])["weight_spearman"])
    assert math.isnan(summary([topic([(3, 2), (2, 2), (1, 2)], [3, 2, 1], [2, 2, 2])])["weight_spearman"])
    assert summary([topic([(3, 2), (2, 1), (1, 3)], [3, 2, 1], [2, 1, 3])])["weight_spearman"] == pytest.approx(-0.5)
    none = summary([topic([], [1], [1])])
    assert none["human_found"] == 0.0 and math.isnan(none["weight_mad"]) and math.isnan(none["weight_equal"])
    assert math.isnan(none["split"]) and math.isnan(none["merged"])
    empty = summary([topic([], [], [])])
    assert all(math.isnan(empty[k]) for k in ("human_found", "human_found_weight", "auto_matched"))


def test_weight_shares_of_both_sides_over_every_weight():
    shares = weight_shares([HUMAN, SPLIT], [SPLIT], "duc")
    assert shares.to_dict("list") == {"corpus": ["duc", "duc"], "weight": [1, 2], "nist": [4 / 7, 3 / 7],
                                      "auto": [2 / 3, 1 / 3]}


def test_weight_shares_list_a_weight_found_on_one_side_only():
    heavy = _pyr([[("Fire burned the forest", 0), ("The forest burned", 1)]])
    shares = weight_shares([HUMAN], [heavy])
    assert shares.to_dict("list") == {"corpus": ["", ""], "weight": [1, 2], "nist": [0.5, 0.5], "auto": [0.0, 1.0]}
    assert weight_shares([heavy], [heavy], "x").to_dict("list") == {"corpus": ["x"], "weight": [2], "nist": [1.0],
                                                                    "auto": [1.0]}


def test_a_rank_correlation_needs_two_distinct_weights_on_each_side():
    from pyrabench.scoring.pyramids.agreement import TopicAgreement
    import pandas as pd

    def pairs(human_weights, auto_weights):
        frame = pd.DataFrame({"human": 1, "auto": 1, "human_weight": human_weights, "auto_weight": auto_weights,
                              "models": 1, "chars": 1})
        side = pd.DataFrame({"scu_id": [1], "weight": [1], "match": [1], "split": [False]})
        return summary([TopicAgreement(side, side.rename(columns={"split": "merged"}), frame)])["weight_spearman"]

    assert pairs([2, 2, 3], [1, 2, 3]) == pytest.approx(0.8660254037844387)
    assert pairs([1, 2, 3], [2, 2, 3]) == pytest.approx(0.8660254037844387)


def test_half_of_the_shorter_contributor_is_enough_and_ids_stay_integers():
    # "fire. Roads " (12 characters) shares "Roads " (6) with "Roads closed" (12): exactly half
    res = compare(HUMAN, _pyr([[("fire. Roads ", 1)]]))
    assert res.pairs[["human", "auto", "chars"]].values.tolist() == [[4, 1, 6]]
    assert res.human["match"].dtype == res.auto["match"].dtype == np.int64
    assert res.human["weight"].dtype == res.auto["weight"].dtype == np.int64


def test_a_topic_without_pairs_keeps_its_columns():
    res = compare(HUMAN, _pyr([[("closed. Winds", 0)]]))
    assert list(res.pairs.columns) == ["human", "auto", "human_weight", "auto_weight", "models", "chars"]
    got = summary([res])
    assert got["human_found"] == 0.0 and math.isnan(got["weight_mad"])
