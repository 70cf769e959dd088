"""Manual pyramid scores on hand-made pyramids whose answers are worked out by hand."""

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from pyrabench.errors import PyrabenchError
from pyrabench.scoring import manual as scoring


def contrib(text, i):
    return Contributor(text, (Part(text, 0, len(text)),), i)


def make_pyramid():
    # 4 model summaries; SCU weights 4, 3, 3, 2, 1, 1 (total 14)
    spec = {1: [0, 1, 2, 3], 2: [0, 1, 2], 3: [1, 2, 3], 4: [0, 3], 5: [2], 6: [3]}
    scus = tuple(SCU(i, f"label {i}", tuple(contrib(f"scu {i} in {j}", j) for j in idx)) for i, idx in spec.items())
    return Pyramid("test", "T1", ("a", "b", "c", "d"), ("A", "B", "C", "D"), scus)
    # SCUs per model: A: 1,2,4 =3; B: 1,2,3 =3; C: 1,2,3,5 =4; D: 1,3,4,6 =4 → average 3.5


def peer(pyr, ids, annotator="1", extra_contribs=None, unmatched=0):
    scus = []
    for i in ids:
        n = (extra_contribs or {}).get(i, 1)
        scus.append(SCU(i, f"label {i}", tuple(contrib(f"peer says {i} #{k}", 0) for k in range(n))))
    junk = tuple(contrib(f"off topic #{k}", 0) for k in range(unmatched))
    return PeerAnnotation("test", pyr.topic, "P", annotator, "peer text", tuple(scus), pyr, unmatched=junk)


def test_ideal_weight_takes_the_heaviest():
    assert scoring.ideal_weight([1, 4, 3, 3, 2, 1], 3) == 10
    assert scoring.ideal_weight([1, 4], 5) == 5
    assert scoring.ideal_weight([1, 4], 0) == 0
    with pytest.raises(ValueError):
        scoring.ideal_weight([1], -1)


def test_average_model_scus():
    assert scoring.average_model_scus(make_pyramid()) == pytest.approx(3.5)


def test_three_scores_by_hand():
    pyr = make_pyramid()
    s = scoring.score_peer(peer(pyr, [2, 5], unmatched=1))
    # D = 3 + 1 = 4; X = 2 matched + 1 unmatched = 3 → Max = 4+3+3 = 10
    assert (s.scus, s.unmatched, s.weight, s.weights) == (2, 1, 4, (3, 1))
    assert s.original == pytest.approx(4 / 10)
    # A = 3.5 → ceil 4 → Max = 4+3+3+2 = 12
    assert s.modified == pytest.approx(4 / 12)
    assert s.coverage == pytest.approx(4 / 14)


def test_unmatched_lowers_only_the_original_score():
    pyr = make_pyramid()
    a = scoring.score_peer(peer(pyr, [1, 2], unmatched=0))
    b = scoring.score_peer(peer(pyr, [1, 2], unmatched=2))
    assert a.original == pytest.approx(7 / 7) and b.original == pytest.approx(7 / 12)
    assert a.modified == b.modified and a.coverage == b.coverage


def test_repetitions_count_once():
    pyr = make_pyramid()
    s = scoring.score_peer(peer(pyr, [1], extra_contribs={1: 3}))
    assert (s.scus, s.weight, s.repetitions) == (1, 4, 2)
    assert s.original == 1.0


def test_unknown_scu_id_counts_as_unmatched_and_empty_scus_are_not_matches():
    pyr = make_pyramid()
    p = PeerAnnotation("test", "T1", "P", "1", "x",
                       (SCU(0, "All non-matching SCUs go here", (contrib("junk", 0),)), SCU(3, "label 3", ())), pyr)
    s = scoring.score_peer(p)
    assert (s.scus, s.unmatched, s.weight, s.original, s.modified) == (0, 1, 0, 0.0, 0.0)


def test_empty_peer_scores_zero_not_nan():
    s = scoring.score_peer(peer(make_pyramid(), []))
    assert (s.original, s.modified, s.coverage) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    "rounding, average, ideal",
    [
        ("ceil", 3.5, 12), ("floor", 3.5, 10), ("round", 3.5, 12),
        ("ceil", 2.5, 10), ("floor", 2.5, 7), ("round", 2.5, 10),  # half-up: Python's round(2.5) is 2 -> 7
        ("ceil", 3.4, 12), ("floor", 3.4, 10), ("round", 3.4, 10),
        ("ceil", 3.0, 10), ("floor", 3.0, 10), ("round", 3.0, 10),
    ],
)  # fmt: skip
def test_rounding_of_the_average(rounding, average, ideal):
    # weights 4, 3, 3, 2, 1, 1: the heaviest 2, 3, 4 SCUs weigh 7, 10, 12
    o, m, c = scoring.score_counts([4, 3, 3, 2, 1, 1], [4], 0, average, rounding)
    assert m == pytest.approx(4 / ideal)
    assert o == 1.0 and c == pytest.approx(4 / 14)  # the rounding touches the modified score only


def test_unknown_rounding_is_an_error():
    with pytest.raises(PyrabenchError):
        scoring.score_counts([1], [1], 0, 1.0, "banker")


def test_score_table_orders_numerically_and_agreement():
    pyr = make_pyramid()

    def named(pid, ids, ann):
        p = peer(pyr, ids, ann)
        return PeerAnnotation(p.corpus, p.topic, pid, ann, p.summary, p.scus, pyr, f"{ann}.{pid}")

    peers = [named("10", [1, 2], "a"), named("2", [1], "a"), named("3", [1, 4], "a"),
             named("10", [1], "b"), named("2", [1], "b"), named("3", [1, 4, 5], "b")]
    df = scoring.score_table(peers)
    assert list(df["peer"]) == ["2", "2", "3", "3", "10", "10"]
    per_peer, summary = scoring.agreement(peers)
    assert list(per_peer["peer"]) == ["2", "3", "10"]  # numerically, not "10" < "2"
    assert list(per_peer["jaccard"]) == pytest.approx([1.0, 2 / 3, 1 / 2])
    assert summary["peers"] == 3
    assert summary["jaccard_mean"] == pytest.approx((0.5 + 1 + 2 / 3) / 3)


def test_topic_summary():
    pyr = make_pyramid()
    other = Pyramid("test", "T0", pyr.summaries, pyr.summarizer_ids, pyr.scus)
    peers = [peer(pyr, [1, 2]), peer(pyr, [1]), peer(other, [1, 2, 3])]
    df = scoring.score_table(peers)
    summary = scoring.topic_summary(df)
    assert list(summary.index) == ["T0", "T1"] and list(summary["annotations"]) == [1, 2]
    t1 = df[df["topic"] == "T1"]
    assert summary.loc["T1", "mean modified"] == pytest.approx(t1["modified"].mean())
    assert summary.loc["T1", "best modified"] == t1["modified"].max()
    assert summary.loc["T1", "mean scus"] == 1.5
    assert scoring.topic_summary(df.iloc[:0]).empty


def test_jaccard_of_empty_sets_is_one():
    assert scoring.jaccard(frozenset(), frozenset()) == 1.0
    assert scoring.jaccard(frozenset({1}), frozenset()) == 0.0


# --------------------------------------------------------------------------- conventions


def pyramid_from(spec, n_models):
    """``spec``: {scu_id: [summary index of each contributor]} (an index may repeat)."""
    scus = tuple(SCU(i, f"label {i}", tuple(contrib(f"scu {i} #{k} in {j}", j) for k, j in enumerate(idx)))
                 for i, idx in spec.items())
    return Pyramid("test", "T", tuple("abcdefgh"[:n_models]), tuple("ABCDEFGH"[:n_models]), scus)


def test_nist_rounds_half_up_not_to_even():
    # contributors per model: 3 and 2 → A = 2.5; half up → 3 (banker's rounding would give 2)
    pyr = pyramid_from({1: [0, 1], 2: [0, 1], 3: [0]}, 2)
    assert scoring.average_model_contributors(pyr) == 2.5
    assert scoring.modified_size(pyr, "nist") == 3 and round(2.5) == 2
    assert scoring.modified_ideal(pyr, "nist") == 2 + 2 + 1
    # A = 3.5 → 4 (round-half-even would also say 4: the boundary must go up on both sides)
    pyr = pyramid_from({1: [0, 1], 2: [0, 1], 3: [0, 1], 4: [0]}, 2)
    assert scoring.modified_size(pyr, "nist") == 4


@pytest.mark.parametrize("a, nist, sacrerouge", [(36.25, 36, 37), (36.5, 37, 37), (36.75, 37, 37), (36.0, 36, 36)])
def test_rounding_boundaries(a, nist, sacrerouge):
    assert scoring.ROUNDINGS[scoring.CONVENTIONS["nist"].rounding](a) == nist
    assert scoring.ROUNDINGS[scoring.CONVENTIONS["sacrerouge"].rounding](a) == sacrerouge


def test_two_contributors_from_one_summary():
    """SCU 1 is marked twice in model 0: NIST weighs it 3 (contributors), SacreROUGE 2 (summaries);
    model 0 holds 3 contributors but 2 distinct SCUs."""
    pyr = pyramid_from({1: [0, 0, 1], 2: [0, 1], 3: [1]}, 2)
    nist, sr = scoring.CONVENTIONS["nist"], scoring.CONVENTIONS["sacrerouge"]
    assert nist.scu_weights(pyr) == {1: 3, 2: 2, 3: 1} and sr.scu_weights(pyr) == {1: 2, 2: 2, 3: 1}
    assert scoring.average_model_contributors(pyr) == 3.0  # (3 + 3) / 2
    assert scoring.average_model_scus(pyr) == 2.5  # (2 + 3) / 2
    p = peer(pyr, [1])
    a = scoring.score_peer(p, "nist")
    b = scoring.score_peer(p, "sacrerouge")
    assert (a.weight, a.ideal, a.modified) == (3, 3 + 2 + 1, pytest.approx(3 / 6))
    assert (b.weight, b.ideal, b.modified) == (2, 2 + 2 + 1, pytest.approx(2 / 5))  # ceil(2.5) = 3 SCUs
    assert a.convention == "nist" and b.convention == "sacrerouge"
    assert a.coverage == pytest.approx(3 / 6) and b.coverage == pytest.approx(2 / 5)


def test_d0601_like_example_nist_87_sacrerouge_88():
    """Four models holding 43, 31, 38, 33 contributors, as DUC 2006 D0601 (A = 36.25), every SCU
    once per summary: NIST takes the 36 heaviest SCUs, SacreROUGE 37 (on the real D0601 that is
    87 vs 88, so peer 1 scores 9/87 vs 9/88; checked in tests/data/test_scoring_real.py)."""
    counts = [43, 31, 38, 33]
    spec, next_id = {}, 1
    # 25 SCUs of weight 3 in models 0, 2, 3 (heaviest), then singletons to fill every model's count
    for _ in range(25):
        spec[next_id] = [0, 2, 3]
        next_id += 1
    left = [counts[0] - 25, counts[1], counts[2] - 25, counts[3] - 25]
    for j, n in enumerate(left):
        for _ in range(n):
            spec[next_id] = [j]
            next_id += 1
    pyr = pyramid_from(spec, 4)
    assert scoring.average_model_contributors(pyr) == 36.25
    assert scoring.modified_ideal(pyr, "nist") == 25 * 3 + 11 and scoring.modified_ideal(pyr, "sacrerouge") == 25 * 3 + 12
    s = scoring.score_peer(peer(pyr, [1, 2, 26, 27, 28]))  # weights 3, 3, 1, 1, 1 = 9
    assert s.weight == 9 and s.modified == pytest.approx(9 / 86)


def test_unknown_convention_is_an_error_and_rounding_overrides():
    pyr = make_pyramid()
    with pytest.raises(PyrabenchError, match="unknown convention"):
        scoring.score_peer(peer(pyr, [1]), "ceil")
    # make_pyramid: A = 3.5 either way (no repeated summary); floor → 3 SCUs → 4+3+3
    assert scoring.score_peer(peer(pyr, [1]), rounding="floor").modified == pytest.approx(4 / 10)


def test_convention_changes_counts_peers():
    pyr = pyramid_from({1: [0, 0, 1], 2: [0, 1], 3: [1]}, 2)
    peers = [PeerAnnotation("test", "T", str(i), "1", "x", p.scus, pyr, f"src{i}")
             for i, p in enumerate([peer(pyr, [1]), peer(pyr, [3]), peer(pyr, [])])]
    out = scoring.convention_changes(peers)
    # peer [1]: 3/6 vs 2/5; peer [3]: 1/6 vs 1/5; the empty peer scores 0 under both
    assert out == {"peers": 3, "changed": 2, "share": pytest.approx(2 / 3), "topics_with_other_ideal": 1, "topics": 1}


# --------------------------------------------------------------------------- every option by hand

#: Model 0 holds SCU 1 twice, SCUs 2 and 4 (4 contributors, 3 distinct SCUs); model 1 holds
#: SCUs 1, 2, 3 (3 and 3). NIST: weights {1: 3, 2: 2, 3: 1, 4: 1} (total 7), A = 3.5;
#: SacreROUGE: weights {1: 2, 2: 2, 3: 1, 4: 1} (total 6), A = 3.0.
REP = {1: [0, 0, 1], 2: [0, 1], 3: [1], 4: [0]}
#: Model 0 holds SCU 1 twice and SCU 2 (3 contributors, 2 SCUs); model 1 SCUs 1, 3, 4 (3 and 3).
#: NIST: weights {1: 3, 2: 1, 3: 1, 4: 1}, A = 3.0; SacreROUGE: {1: 2, 2: 1, 3: 1, 4: 1}, A = 2.5.
HALF = {1: [0, 0, 1], 2: [0], 3: [1], 4: [1]}


@pytest.mark.parametrize(
    "spec, convention, rounding, size, ideal",
    [
        # REP: NIST A = 3.5 -> 4 (half up and ceil), 3 (floor); Max(4) = 3+2+1+1, Max(3) = 3+2+1
        (REP, "nist", None, 4, 7), (REP, "nist", "round", 4, 7), (REP, "nist", "ceil", 4, 7), (REP, "nist", "floor", 3, 6),
        # REP: SacreROUGE A = 3.0 -> 3 whatever the rounding; Max(3) = 2+2+1
        (REP, "sacrerouge", None, 3, 5), (REP, "sacrerouge", "round", 3, 5), (REP, "sacrerouge", "floor", 3, 5),
        # HALF: NIST A = 3.0 -> 3; Max(3) = 3+1+1
        (HALF, "nist", None, 3, 5), (HALF, "nist", "floor", 3, 5),
        # HALF: SacreROUGE A = 2.5 -> 3 (ceil; "round" is half up, banker's would give 2), 2 (floor)
        (HALF, "sacrerouge", None, 3, 4), (HALF, "sacrerouge", "round", 3, 4), (HALF, "sacrerouge", "floor", 2, 3),
    ],
)  # fmt: skip
def test_every_convention_and_rounding_by_hand(spec, convention, rounding, size, ideal):
    pyr = pyramid_from(spec, 2)
    assert scoring.modified_size(pyr, convention, rounding) == size
    assert scoring.modified_ideal(pyr, convention, rounding) == ideal
    # the peer expresses SCU 1 and SCU 3 (weights 3+1 NIST, 2+1 SacreROUGE)
    s = scoring.score_peer(peer(pyr, [1, 3]), convention, rounding=rounding)
    d = 4 if convention == "nist" else 3
    assert (s.weight, s.ideal, s.convention) == (d, ideal, convention)
    assert s.modified == pytest.approx(d / ideal)
    # a Convention object with the same counts and rounding gives the same score
    conv = scoring.Convention("mine", scoring.CONVENTIONS[convention].weight, rounding or scoring.CONVENTIONS[convention].rounding)
    assert scoring.score_peer(peer(pyr, [1, 3]), conv).modified == s.modified


def test_peer_score_fields_repetitions_and_unmatched_by_hand():
    """On REP: SCU 1 said twice, SCU 3 once, SCU 1 listed again with one contributor, an empty
    SCU 2, an id the pyramid lacks (2 contributors) and one uid-0 contributor.
    matched {1, 3}; repetitions 1 + 1 = 2; unmatched 1 + 2 = 3; X = 2 + 3 = 5."""
    pyr = pyramid_from(REP, 2)
    scus = (
        SCU(2, "label 2", ()),  # empty: not a match, and the SCUs after it still count
        SCU(1, "label 1", (contrib("one", 0), contrib("one again", 0))),
        SCU(3, "label 3", (contrib("three", 0),)),
        SCU(1, "label 1", (contrib("one, third time", 0),)),
        SCU(99, "not in the pyramid", (contrib("x", 0), contrib("y", 0))),
    )
    p = PeerAnnotation("duc", "T", "7", "ann", "text", scus, pyr, "file.pan", unmatched=(contrib("junk", 0),))
    nist = scoring.score_peer(p)
    # NIST: D = 3 + 1 = 4; Max(5) = 3+2+1+1 = 7 (all); Max(A=4) = 7; total 7
    assert nist == scoring.PeerScore("duc", "T", "7", "ann", 2, 3, 2, 4, (3, 1), 4 / 7, 4 / 7, 4 / 7, "file.pan", 7, "nist")
    sr = scoring.score_peer(p, "sacrerouge", rounding="floor")
    # SacreROUGE: D = 2 + 1 = 3; Max(5) = 6 (all); A = 3.0 -> 3: Max = 2+2+1 = 5; total 6
    assert sr == scoring.PeerScore("duc", "T", "7", "ann", 2, 3, 2, 3, (2, 1), 3 / 6, 3 / 5, 3 / 6, "file.pan", 5, "sacrerouge")
    assert scoring.matched_set(p) == frozenset({1, 3})


def test_one_model_summary_and_none():
    one = pyramid_from({1: [0], 2: [0, 0]}, 1)
    assert scoring.average_model_contributors(one) == 3.0 and scoring.average_model_scus(one) == 2.0
    none = Pyramid("test", "T42", (), (), ())
    with pytest.raises(PyrabenchError, match="T42: pyramid has no model summaries"):
        scoring.average_model_scus(none)


def test_errors_name_the_choices():
    with pytest.raises(ValueError, match="must be >= 0, got -1"):
        scoring.ideal_weight([1], -1)
    with pytest.raises(PyrabenchError, match=r"unknown rounding 'banker'; choose one of \['ceil', 'floor', 'round'\]"):
        scoring.modified_size(make_pyramid(), "nist", "banker")
    with pytest.raises(PyrabenchError, match=r"unknown rounding 'banker'; choose one of \['ceil', 'floor', 'round'\]"):
        scoring.score_counts([1], [1], 0, 1.0, "banker")
    with pytest.raises(PyrabenchError, match="choose one of nist, sacrerouge"):
        scoring.get_convention("duc")


def test_score_counts_defaults_to_half_up_and_divides_by_one():
    # weights 2, 1, 1; A = 1.5 -> 2 (half up) -> Max = 3; a pyramid of one SCU of weight 1: 1/1
    assert scoring.score_counts([2, 1, 1], [2], 0, 1.5) == (1.0, pytest.approx(2 / 3), pytest.approx(2 / 4))
    assert scoring.score_counts([1], [1], 0, 1.0) == (1.0, 1.0, 1.0)


def test_peer_order_numbers_first_then_names():
    assert sorted(["B", "10", "A", "2", "03"], key=scoring.peer_order) == ["2", "03", "10", "A", "B"]


def test_score_table_columns_rounding_and_corpus():
    pyr = pyramid_from(REP, 2)
    peers = [
        PeerAnnotation("test", "T", pid, "1", "x", peer(pyr, ids).scus, pyr, f"src{pid}")
        for pid, ids in (("B", [2]), ("10", [1]), ("2", [1, 3]))
    ]
    fields = list(scoring.PeerScore.__dataclass_fields__)
    df = scoring.score_table(peers, rounding="floor")
    assert list(df.columns) == fields and list(df.index) == [0, 1, 2]
    assert list(df.peer) == ["2", "10", "B"]
    # NIST, A = 3.5 floored to 3: Max = 3+2+1 = 6; D = 4, 3, 2
    assert df.modified.tolist() == pytest.approx([4 / 6, 3 / 6, 2 / 6])
    assert list(scoring.score_table([]).columns) == fields

    class Corpus:
        pass

    corpus = Corpus()
    corpus.peers = peers
    # SacreROUGE, A = 3.0: Max = 2+2+1 = 5 whatever the rounding; D = 3, 2, 2
    sr = scoring.score_corpus(corpus, "sacrerouge", rounding="floor")
    assert sr.modified.tolist() == pytest.approx([3 / 5, 2 / 5, 2 / 5]) and set(sr.convention) == {"sacrerouge"}
    assert scoring.score_corpus(corpus, rounding="floor").equals(df)


def test_topic_summary_columns_and_order():
    pyr = make_pyramid()
    other = Pyramid("test", "T0", pyr.summaries, pyr.summarizer_ids, pyr.scus)
    table = pd.concat([scoring.score_table([peer(pyr, [1, 2])]), scoring.score_table([peer(other, [1])])])
    summary = scoring.topic_summary(table)  # T1 comes first in the table, T0 first in the summary
    names = ["annotations", "mean scus", "mean original", "mean modified", "mean coverage"]
    assert list(summary.index) == ["T0", "T1"] and list(summary.columns) == names + ["best modified"]
    assert summary.loc["T0", "mean scus"] == 1 and summary.loc["T1", "mean modified"] == pytest.approx(7 / 12)
    assert list(scoring.topic_summary(table.iloc[:0]).columns) == names


def test_agreement_by_hand():
    """make_pyramid, NIST (A = 3.5 -> 4, Max = 12). Annotators a and b of peers 2, 3, 10:
    D_a = 4, 6, 7 and D_b = 4, 7, 4 (peer 4 has one annotation and is left out).
    modified: Pearson of (4, 6, 7) and (4, 7, 4) = 1 / sqrt(14/3 * 6) = 1 / sqrt(28); Spearman of
    ranks (1, 2, 3) and (1.5, 3, 1.5) = 0; mean |diff| = (0 + 1 + 3) / 12 / 3.
    original (X = number of SCUs): a = 4/4, 6/7, 7/7; b = 4/4, 7/10, 4/4: both vary only at peer
    3, so Pearson = Spearman = 1; mean |diff| = (6/7 - 7/10) / 3."""
    pyr = make_pyramid()

    def named(pid, ids, ann):
        p = peer(pyr, ids, ann)
        return PeerAnnotation(p.corpus, p.topic, pid, ann, p.summary, p.scus, pyr, f"{ann}.{pid}")

    peers = [named("10", [1, 2], "a"), named("2", [1], "a"), named("3", [1, 4], "a"), named("4", [1], "a"),
             named("10", [1], "b"), named("2", [1], "b"), named("3", [1, 4, 5], "b")]  # fmt: skip
    assert list(scoring.double_annotations(peers)) == [("T1", "2"), ("T1", "3"), ("T1", "10")]
    per_peer, summary = scoring.agreement(peers)
    assert per_peer[["topic", "peer", "annotator_a", "annotator_b", "scus_a", "scus_b"]].values.tolist() == [
        ["T1", "2", "a", "b", 1, 1], ["T1", "3", "a", "b", 2, 3], ["T1", "10", "a", "b", 2, 1],
    ]  # fmt: skip
    assert per_peer.modified_a.tolist() == pytest.approx([4 / 12, 6 / 12, 7 / 12])
    assert per_peer.modified_b.tolist() == pytest.approx([4 / 12, 7 / 12, 4 / 12])
    assert summary == {
        "peers": 3,
        "modified_pearson": pytest.approx(1 / np.sqrt(28)), "modified_spearman": pytest.approx(0, abs=1e-12),
        "modified_mean_abs_diff": pytest.approx(4 / 36),
        "original_pearson": pytest.approx(1.0), "original_spearman": pytest.approx(1.0),
        "original_mean_abs_diff": pytest.approx((6 / 7 - 7 / 10) / 3),
        "jaccard_mean": pytest.approx((1 + 2 / 3 + 1 / 2) / 3),
    }  # fmt: skip
    # A floored to 3 (Max = 10), by the rounding or by a convention that floors
    for kw in ({"rounding": "floor"}, {"convention": scoring.Convention("floor", "summaries", "floor")}):
        per_peer, _ = scoring.agreement(peers, **kw)
        assert per_peer.modified_a.tolist() == pytest.approx([4 / 10, 6 / 10, 7 / 10])
        assert per_peer.modified_b.tolist() == pytest.approx([4 / 10, 7 / 10, 4 / 10])


def test_convention_changes_either_way_and_empty():
    pyr = pyramid_from({1: [0, 0, 1], 2: [0, 1], 3: [1]}, 2)
    peers = [PeerAnnotation("test", "T", str(i), "1", "x", p.scus, pyr, f"src{i}")
             for i, p in enumerate([peer(pyr, [1]), peer(pyr, [3]), peer(pyr, [])])]
    out = scoring.convention_changes(peers, "sacrerouge", "nist")
    assert out == {"peers": 3, "changed": 2, "share": pytest.approx(2 / 3), "topics_with_other_ideal": 1, "topics": 1}
    assert scoring.convention_changes([]) == {"peers": 0, "changed": 0, "share": 0.0, "topics_with_other_ideal": 0, "topics": 0}
