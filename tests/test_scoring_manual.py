"""Manual pyramid scores on hand-made pyramids whose answers are worked out by hand."""

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
