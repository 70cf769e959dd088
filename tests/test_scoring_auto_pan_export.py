"""The SCUs the model counts as DUCView ``.pan`` files: written, read back by our reader (each
contributor the evidence sentence of a counted SCU), named safely, never over a folder that is not
ours."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyrabench.data import ducview
from pyrabench.data.corpora import load_corpus
from pyrabench.data.summaries import Summary
from pyrabench.errors import OutputError
from pyrabench.scoring.auto.own import peer_summaries, score_summaries
from pyrabench.scoring.auto.pan_export import pan_name, write_pan


def _as_text(peers):
    """Each (topic, peer) once, as a Summary given by its text."""
    return peer_summaries(SimpleNamespace(peers=peers))


def test_write_pan_round_trip(tmp_path, sample_root):
    corpus = load_corpus("duc2007", sample_root)
    got = score_summaries(_as_text(corpus.peers)[:3] + [Summary("D0702", "odd/name", "")], corpus="duc2007",
                          data=sample_root)
    paths = write_pan(got, tmp_path / "pans")
    assert sorted(p.name for p in (tmp_path / "pans").iterdir()) == sorted(p.name for p in paths)
    for a, path in zip(got.annotations, paths):
        back = ducview.read_peer(path, "duc2007", a.topic, a.peer_id)
        assert back.summary == a.summary and back.pyramid.summaries == a.pyramid.summaries
        assert back.pyramid.scus == a.pyramid.scus
        assert sorted((s.scu_id, s.contributors[0].parts) for s in back.scus if s.contributors) == sorted(
            (s.scu_id, s.contributors[0].parts) for s in a.scus)
        mine = got.scus[(got.scus["topic"] == a.topic) & (got.scus["system"] == a.peer_id) & got.scus["counted"]]
        assert sorted(back.matched_ids) == sorted(mine["scu_id"])
        assert {c.parts[0].text for s in back.scus for c in s.contributors} == set(mine["evidence"])
    assert paths[-1].name == "D0702.odd_name.pan" and not got.annotations[-1].scus
    assert sum(len(a.scus) for a in got.annotations) == got.scus["counted"].sum() > 0
    write_pan(got, tmp_path / "pans")  # our own folder is replaced
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError, match="did not write"):
        write_pan(got, tmp_path / "other")


def test_user_pyramid_pan_round_trip(tmp_path, sample_root):
    pyr = sample_root / "duc2007" / "mainPyramidEval" / "allpyramids"
    peer = load_corpus("duc2007", sample_root).peers[0]
    got = score_summaries([Summary(peer.topic, "s1", peer.summary)], pyramid=pyr, calibrate_on="duc2007",
                          data=sample_root)
    (path,) = write_pan(got, tmp_path / "out")
    back = ducview.read_peer(path, "mine", "t", "s1")
    assert back.summary == got.annotations[0].summary
    assert back.pyramid.summaries == got.annotations[0].pyramid.summaries
    assert back.pyramid.scus == got.annotations[0].pyramid.scus
    mine = got.scus[got.scus["counted"]]
    assert len(mine) > 0  # something counted, so the round trip has content to compare
    assert sorted(back.matched_ids) == sorted(mine["scu_id"])
    spans = {s.scu_id: [p.text for c in s.contributors for p in c.parts] for s in back.scus if s.contributors}
    assert spans == {i: [e] for i, e in zip(mine["scu_id"], mine["evidence"])}


def test_pan_name_is_safe():
    class A:
        topic, peer_id = "D07/01", "my system"

    assert pan_name(A) == "D07_01.my_system.pan"
    A.topic, A.peer_id = "", "..."
    assert pan_name(A) == "topic._.pan"
