"""The real corpora: exact counts, each cross-checked by an independent route (tag counts on
the raw files, DUCView's own weight labels, a byte-exact SacreROUGE round trip).

Skips without ``PYRABENCH_DATA``; fails under ``PYRABENCH_REQUIRE_DATA=1``.
"""

from __future__ import annotations

import re

import pytest

from pyrabench.cli import main
from pyrabench.data import corpora, sacrerouge

REAL = ["duc2006", "duc2007", "duc2007-update", "tac2008", "passonneau2013"]

COUNTS = {
    "duc2006": dict(topics=20, pyramids=20, summaries=80, scus=1594, contributors=2445, peers=462,
                    peer_matches=2881, contributor_words=25054, unique_words=4311,
                    weights={"1": 1057, "2": 298, "3": 164, "4": 75}, repairs=20, skips=0),
    "duc2007": dict(topics=23, pyramids=23, summaries=92, scus=1583, contributors=2643, peers=299,
                    peer_matches=2561, contributor_words=28816, unique_words=4458,
                    weights={"1": 954, "2": 324, "3": 184, "4": 121}, repairs=113, skips=0),
    "duc2007-update": dict(topics=30, pyramids=30, summaries=120, scus=759, contributors=1328, peers=720,
                           peer_matches=2044, contributor_words=13662, unique_words=2636,
                           weights={"1": 427, "2": 165, "3": 97, "4": 70}, repairs=123, skips=2),
    "tac2008": dict(topics=48, pyramids=48, summaries=192, scus=1448, contributors=2596, peers=0,
                    peer_matches=0, contributor_words=23859, unique_words=4096,
                    weights={"1": 776, "2": 331, "3": 206, "4": 135}, repairs=0, skips=0),
    "passonneau2013": dict(topics=1, pyramids=1, summaries=5, scus=60, contributors=134, peers=20,
                           peer_matches=209, contributor_words=1337, unique_words=288,
                           weights={"1": 22, "2": 15, "3": 13, "4": 7, "5": 3}, repairs=0, skips=0),
}

LOGS = {
    "duc2006": {"repaired:contributor-across-summaries": 1, "repaired:offset-whitespace": 13,
                "repaired:peer-id-zero-padded": 6},
    "duc2007": {"repaired:contributor-across-summaries": 1, "repaired:offset-shift": 65, "repaired:offset-whitespace": 47},
    "duc2007-update": {
        "repaired:contributor-across-summaries": 6, "repaired:offset-shift": 2, "repaired:offset-whitespace": 115,
        "skipped:contributor-no-parts": 1, "skipped:offset-unmatched": 1,
    },
    "tac2008": {},
    "passonneau2013": {},
}


@pytest.fixture(scope="module")
def loaded(real_data):
    return {name: corpora.load_corpus(name, real_data) for name in REAL}


def test_all_five_corpora_discovered(real_data):
    found = corpora.discover(real_data)
    assert [n for n in found if n in REAL] == REAL
    assert set(found) == set(REAL)  # DUC 2005 and TAC 2009-2011 are not in the shared data


@pytest.mark.parametrize("name", REAL)
def test_exact_counts(loaded, name):
    stats = corpora.corpus_stats(loaded[name])
    assert {k: stats[k] for k in COUNTS[name]} == COUNTS[name]
    assert stats["log"] == LOGS[name]


@pytest.mark.parametrize("name", ["duc2006", "duc2007", "duc2007-update", "passonneau2013"])
def test_counts_match_raw_tags(loaded, name):
    """Every <scu> and <contributor> of the .pyr files is kept (repairs place, never drop, them);
    peers = .pan files; matches = non-empty <peerscu> (uid 0 excluded) minus the logged skips."""
    corpus = loaded[name]
    raw = "".join(p.read_text(errors="replace") for p in sorted(corpus.path.rglob("*.pyr")))
    stats = corpora.corpus_stats(corpus)
    assert stats["scus"] == raw.count("<scu ") and stats["contributors"] == raw.count("<contributor ")
    pans = sorted(corpus.path.rglob("*.pan"))
    assert stats["peers"] == len(pans)
    matched = 0
    for pan in pans:
        text = pan.read_text(errors="replace")
        annotation = text[text.index("<annotation>"):]
        matched += sum(u != "0" for u in re.findall(r'<peerscu uid="(\d+)"[^>]*>\s*<contributor', annotation))
    lost = corpus.log.counts().get("skipped:contributor-no-parts", 0)
    assert stats["peer_matches"] == matched - lost


@pytest.mark.parametrize("name, disagree", [("duc2006", 0), ("duc2007", 5), ("duc2007-update", 0), ("passonneau2013", 0)])
def test_weights_agree_with_ducview_labels(loaded, name, disagree):
    """DUCView writes each SCU's weight into the peer labels ("(4) ..."). It counts contributors;
    we count distinct summaries. They differ exactly for SCUs with two contributors in one summary."""
    corpus = loaded[name]
    differ = 0
    first_peer = {}
    for peer in corpus.peers:  # one peer per distinct pyramid the annotators worked against
        first_peer.setdefault(id(peer.pyramid), peer)
    for peer in first_peer.values():
        pyramid = peer.pyramid
        annotation = open(peer.source, errors="replace").read().split("<annotation>")[1]
        for uid, w in re.findall(r'<peerscu uid="(\d+)" label="\((\d+)\)', annotation):
            if int(uid) in pyramid.weights and pyramid.weights[int(uid)] != int(w):
                scu = pyramid.scu(int(uid))
                assert len(scu.contributors) == int(w) > scu.weight
                differ += 1
    assert differ == disagree


def test_every_part_matches_its_summary(loaded):
    for name in REAL:
        for p in loaded[name].pyramids:
            assert all(
                p.summaries[c.summary_index][x.start : x.end] == x.text for s in p.scus for c in s.contributors for x in c.parts
            )
        for peer in loaded[name].peers:
            assert all(peer.summary[x.start : x.end] == x.text for s in peer.scus for c in s.contributors for x in c.parts)


def test_duc2006_d0601(loaded):
    corpus = loaded["duc2006"]
    p = corpus.pyramid("D0601")
    assert p.summarizer_ids == ("A", "B", "C", "E") and len(p.scus) == 94 and p.scu(31).weight == 4
    assert p.summaries[0].startswith("Indians comprise less than 1% of the population")
    twice = {p.annotator for p in corpus.peers if p.topic == "D0631"}
    assert twice == {"114", "115"}  # D0631 was annotated twice; both are kept


def test_tac2008_round_trip_is_byte_identical(real_path, tmp_path):
    source = real_path("tac2008/pyramids.jsonl")
    out = tmp_path / "pyramids.jsonl"
    sacrerouge.write_pyramids(sacrerouge.read_pyramids(source, "tac2008"), out)
    assert out.read_bytes() == source.read_bytes()
    raw = source.read_text()
    assert raw.count('"scu_id"') == 1448 and raw.count('"summary_index"') == 2596


def test_cli_json_reports_the_five(real_data, capsys):
    import json

    assert main(["data", "--data", str(real_data), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["corpora"]) == REAL and report["sample"] is False
    assert {n: report["corpora"][n]["scus"] for n in REAL} == {n: COUNTS[n]["scus"] for n in REAL}
