"""Corpus tables for the book, on a hand-made pyramid (counts worked out below) and the sample."""


import pandas as pd

from pyrabench.data.corpora import Corpus, corpus_stats, discover, load_corpus, summary_counts, weight_distribution
from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from pyrabench.data.repairs import RepairLog
from pyrabench.reports import corpora as reports

SUMMARIES = (
    "The council met on Monday. Taxes rose sharply.",  # 8 words
    "On Monday the council met. Rain fell. Schools closed early. Taxes rose.",  # 12 words
    "Council members met Monday and taxes went up.",  # 8 words
)


def contributor(summary: int, *texts: str, source: tuple[str, ...] = SUMMARIES) -> Contributor:
    """A contributor of ``summary`` whose parts are ``texts``, at their offsets in that summary."""
    parts = []
    for t in texts:
        start = source[summary].index(t)
        parts.append(Part(t, start, start + len(t)))
    return Contributor(" ".join(texts), tuple(parts), summary)


# SCU weights: 7 -> 3 summaries; 3 -> 2 (three contributors, two from summary 0); 5 and 9 -> 1.
# Summary 0 holds SCUs 7 and 3; summary 1 holds 7, 3, 5 and 9; summary 2 only 7.
PYRAMID = Pyramid(
    "toy", "T1", SUMMARIES, ("A", "B", "C"),
    (
        SCU(3, "Taxes rose", (contributor(1, "Taxes rose"), contributor(0, "Taxes rose sharply"),
                              contributor(0, "rose sharply"))),
        SCU(5, "It rained", (contributor(1, "Rain fell"),)),
        SCU(7, "The council met on Monday", (contributor(1, "On Monday the council met"),
                                             contributor(0, "The council met on Monday"),
                                             contributor(2, "Council members met Monday"))),
        SCU(9, "Schools closed early", (contributor(1, "Schools closed", "early"),)),
    ),
)  # fmt: skip

OTHER = Pyramid(
    "toy", "T2", ("One two three.", "Four five."), ("A", "B"),
    (SCU(1, "one", (Contributor("One two", (Part("One two", 0, 7),), 0),
                    Contributor("Four", (Part("Four", 0, 4),), 1))),
     SCU(2, "three", (Contributor("three", (Part("three", 8, 13),), 0),))),
)  # fmt: skip

PEER_SUMMARY = "The council met. Taxes went up."
PEER = PeerAnnotation(
    "toy", "T1", "1", "100", PEER_SUMMARY,
    (
        SCU(3, "Taxes rose", (contributor(0, "Taxes went up", source=(PEER_SUMMARY,)),)),
        SCU(9, "Schools closed early", ()),  # listed without contributors: not a match
        SCU(7, "The council met on Monday", (contributor(0, "The council met", source=(PEER_SUMMARY,)),
                                             contributor(0, "met", source=(PEER_SUMMARY,)))),
    ),
    PYRAMID,
)  # fmt: skip


def corpus(name, pyramids=(), peers=(), log=None):
    return Corpus(name, tuple(pyramids), tuple(peers), log or RepairLog())


def test_contributor_offsets_are_consistent():  # the fixtures above are what the readers produce
    for s in PYRAMID.scus:
        for c in s.contributors:
            assert all(PYRAMID.summaries[c.summary_index][p.start:p.end] == p.text for p in c.parts)


def test_summary_frame_counts_words_and_scus_per_summary():
    f = reports.summary_frame(PYRAMID, preview=12)
    assert list(f.index) == [0, 1, 2] and f.index.name == "summary"
    assert list(f["summarizer"]) == ["A", "B", "C"]
    assert {"words": list(f["words"]), "scus": list(f["scus"])} == summary_counts(PYRAMID)
    assert list(f["begins"]) == ["The council …", "On Monday th…", "Council memb…"]
    assert reports.summary_frame(PYRAMID, preview=200)["begins"].tolist() == list(SUMMARIES)


def test_scu_frame_one_row_per_contributor_heaviest_first():
    f = reports.scu_frame(PYRAMID)
    assert len(f) == 8 == sum(len(s.contributors) for s in PYRAMID.scus)
    assert list(f["scu_id"]) == [7, 7, 7, 3, 3, 3, 5, 9]  # weight desc, then scu id
    assert list(f["weight"]) == [3, 3, 3, 2, 2, 2, 1, 1]
    assert list(f["summarizer"]) == ["A", "B", "C", "A", "A", "B", "B", "B"]  # by summary within an SCU
    assert list(f["contributor"][:3]) == ["The council met on Monday", "On Monday the council met",
                                          "Council members met Monday"]
    last = f.iloc[-1]
    assert (last["parts"], last["contributor"], last["scu"]) == (2, "Schools closed early", "Schools closed early")


def test_weight_frame_is_the_distribution_as_a_table():
    records = weight_distribution({"one": corpus("one", [PYRAMID]), "two": corpus("two", [PYRAMID, OTHER])})
    f = reports.weight_frame(records)
    assert list(f.columns) == ["corpus", "weight", "scus", "share"] and f.to_dict("records") == records


def test_peer_frame_marks_exactly_the_matched_scus():
    f = reports.peer_frame(PEER)
    assert list(f["scu_id"]) == [7, 3, 5, 9] and list(f["weight"]) == [3, 2, 1, 1]
    assert list(f["matched"]) == [True, True, False, False]  # SCU 9 is listed but has no contributor
    assert set(f.loc[f["matched"], "scu_id"]) == set(PEER.matched_ids) == {3, 7}
    assert list(f["peer_text"]) == ["The council met | met", "Taxes went up", "", ""]
    assert list(f["scu"]) == [s.label for s in sorted(PYRAMID.scus, key=lambda s: (-s.weight, s.scu_id))]


def test_repair_frame_zero_fills_rules_and_corpora():
    a, b = RepairLog(), RepairLog()
    a.repair("f.pyr", "offset-shift")
    a.repair("g.pyr", "offset-shift")
    a.skip("f.pyr", "empty-line")
    b.repair("h.pan", "offset-entity")
    f = reports.repair_frame({"a": corpus("a", log=a), "b": corpus("b", log=b), "c": corpus("c")})
    assert f.index.name == "rule" and list(f.columns) == ["a", "b", "c"]
    assert list(f.index) == ["repaired:offset-entity", "repaired:offset-shift", "skipped:empty-line"]
    assert f.to_dict("list") == {"a": [0, 2, 1], "b": [1, 0, 0], "c": [0, 0, 0]}
    assert all(str(t).startswith("int") for t in f.dtypes)
    assert reports.repair_frame({"c": corpus("c")}).empty


def test_stats_frame_is_corpus_stats_per_corpus(sample_root):
    f = reports.stats_frame(sample_root)
    assert list(f.index) == list(discover(sample_root)) and f.index.name == "corpus"
    for name in f.index:
        stats = corpus_stats(load_corpus(name, sample_root))
        expected = {k: v for k, v in stats.items() if k not in ("weights", "log")}
        assert list(f.columns) == list(expected)
        assert f.loc[name].to_dict() == expected, name
    assert reports.stats_frame(sample_root).equals(f)


def test_stats_frame_of_a_root_without_corpora_is_empty(tmp_path):
    assert reports.stats_frame(tmp_path).empty


def test_sample_tables_agree_with_the_model(sample_root):
    c = load_corpus("duc2006", sample_root)
    pyramid = c.pyramids[0]
    scus = reports.scu_frame(pyramid)
    assert len(scus) == sum(len(s.contributors) for s in pyramid.scus)
    assert scus["weight"].is_monotonic_decreasing
    for peer in c.peers:
        f = reports.peer_frame(peer)
        assert len(f) == len(peer.pyramid.scus)
        assert set(f.loc[f["matched"], "scu_id"]) == set(peer.matched_ids)
    weights = reports.weight_frame(weight_distribution({c.name: c}))
    assert dict(zip(weights["weight"].astype(str), weights["scus"])) == corpus_stats(c)["weights"]
    repairs = reports.repair_frame({c.name: c})
    assert repairs[c.name].to_dict() == c.log.counts() and repairs[c.name].sum() == len(c.log)
    summaries = reports.summary_frame(pyramid)
    assert len(summaries) == pyramid.n_summaries and isinstance(summaries, pd.DataFrame)
