"""The automated matches as DUCView ``.pan`` files: written, read back by our reader, named safely,
never over a folder that is not ours."""

from __future__ import annotations

import json

import pytest

from pyrabench.data import ducview
from pyrabench.data.corpora import load_corpus
from pyrabench.data.model import Pyramid
from pyrabench.data.summaries import Summary
from pyrabench.errors import OutputError
from pyrabench.scoring.auto.own import score_summaries
from pyrabench.scoring.auto.pan_export import _header, pan_name, write_pan


def _as_text(peers):
    """Each (topic, peer) once, as a Summary given by its text."""
    seen = {}
    for p in peers:
        seen.setdefault((p.topic, p.peer_id), Summary(p.topic, p.peer_id, p.summary, None, p.source))
    return list(seen.values())


def test_write_pan_round_trip(tmp_path, sample_root):
    corpus = load_corpus("duc2007", sample_root)
    got = score_summaries(_as_text(corpus.peers)[:3] + [Summary("D0702", "odd/name", "")], corpus="duc2007",
                          similarity="uni", data=sample_root)
    paths = write_pan(got, tmp_path / "pans")
    assert sorted(p.name for p in (tmp_path / "pans").iterdir()) == sorted(p.name for p in paths)
    for a, path in zip(got.annotations, paths):
        back = ducview.read_peer(path, "duc2007", a.topic, a.peer_id)
        assert back.summary == a.summary and back.pyramid.summaries == a.pyramid.summaries
        assert back.pyramid.scus == a.pyramid.scus
        assert sorted((s.scu_id, s.contributors[0].parts) for s in back.scus if s.contributors) == sorted(
            (s.scu_id, s.contributors[0].parts) for s in a.scus)
        mine = got.matches[(got.matches["topic"] == a.topic) & (got.matches["system"] == a.peer_id)]
        assert sorted(back.matched_ids) == sorted(mine["scu_id"])
        assert {c.parts[0].text for s in back.scus for c in s.contributors} == set(mine["span"])
    assert paths[-1].name == "D0702.odd_name.pan"
    write_pan(got, tmp_path / "pans")  # our own folder is replaced
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError, match="did not write"):
        write_pan(got, tmp_path / "other")


def test_user_pyramid_pan_round_trip(tmp_path, sample_root):
    base = sample_root / "passonneau2013"
    text = (base / "target_summaries" / "900000101.txt").read_text(encoding="utf-8")
    got = score_summaries([Summary("", "s1", text)], pyramid=base / "pyramid_HOW_VOLCANOES_FORM.pyr",
                          similarity="uni", threshold=0.5, data=sample_root)
    (path,) = write_pan(got, tmp_path / "out")
    back = ducview.read_peer(path, "mine", "t", "s1")
    assert back.pyramid.summaries == got.annotations[0].pyramid.summaries
    assert sorted(back.matched_ids) == sorted(got.matches["scu_id"])
    assert json.dumps(sorted(got.matches["scu_id"].tolist()))  # matched something to check


def test_header_is_duc_only_for_duc_names():
    duc = Pyramid("c", "D0701", ("a", "b"), ("A", "B"), ())
    assert _header(duc, "D0701").regex == ducview.DUC_REGEX
    assert _header(duc, "D0703-A").regex == ducview.DUC_REGEX
    assert _header(duc, "volcanoes").regex == ducview.PASSONNEAU_REGEX
    odd = Pyramid("c", "D0701", ("a", "b"), ("A", "b-2"), ())
    assert _header(odd, "D0701").regex == ducview.PASSONNEAU_REGEX


def test_pan_name_is_safe():
    class A:
        topic, peer_id = "D07/01", "my system"

    assert pan_name(A) == "D07_01.my_system.pan"
    A.topic, A.peer_id = "", "..."
    assert pan_name(A) == "topic._.pan"
