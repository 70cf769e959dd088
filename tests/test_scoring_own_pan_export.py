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
from pyrabench.scoring.own.pan_export import pan_name, write_pan
from pyrabench.scoring.own.summaries import peer_summaries, score_summaries


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


def test_annotation_lists_counted_scus_in_text_order_with_their_evidence():
    import pandas as pd

    from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
    from pyrabench.scoring.own.pan_export import annotation
    from pyrabench.scoring.recipe2013.pipeline import Item

    models = ("Fire burned the forest.", "Schools closed.")
    pyramid = Pyramid("mine", "D0701", models, ("A", "B"), (
        SCU(1, "Fire burned the forest", (Contributor("Fire burned the forest", (Part("Fire burned the forest", 0, 22),), 0),)),
        SCU(2, "Schools closed", (Contributor("Schools closed", (Part("Schools closed", 0, 14),), 1),))))
    text = "Schools closed. The fire burned it all."
    counted = pd.DataFrame({"scu_id": [1, 2, 3], "label": ["fire", "schools", "later"],
                            "start": [16, 0, 16], "end": [39, 15, 39]})
    got = annotation(Item(pyramid, text, {"topic": "D0701", "system": "s1"}), counted)
    assert got == PeerAnnotation("mine", "D0701", "s1", "auto", text, (
        SCU(2, "schools", (Contributor("Schools closed.", (Part("Schools closed.", 0, 15),), 0),)),
        SCU(1, "fire", (Contributor("The fire burned it all.", (Part("The fire burned it all.", 16, 39),), 0),)),
        SCU(3, "later", (Contributor("The fire burned it all.", (Part("The fire burned it all.", 16, 39),), 0),)),
    ), pyramid)
    assert got.pyramid is pyramid


def test_written_pan_files_hold_the_annotations_and_are_named_by_topic_and_system(tmp_path):
    import pandas as pd

    from pyrabench.data.model import SCU, Contributor, Part, Pyramid
    from pyrabench.scoring.own.pan_export import annotation
    from pyrabench.scoring.recipe2013.pipeline import Item

    models = ("Fire burned the forest.", "Schools closed.")
    pyramid = Pyramid("mine", "my topic", models, ("a", "b"), (
        SCU(1, "Fire burned the forest", (Contributor("Fire burned the forest", (Part("Fire burned the forest", 0, 22),), 0),)),
        SCU(2, "Schools closed", (Contributor("Schools closed", (Part("Schools closed", 0, 14),), 1),))))
    text = "Schools closed."
    counted = pd.DataFrame({"scu_id": [2], "label": ["Schools closed"], "start": [0], "end": [15]})
    annotations = [annotation(Item(pyramid, text, {"topic": "my topic", "system": s}), counted) for s in ("x", "y")]
    paths = write_pan(SimpleNamespace(annotations=annotations), tmp_path / "pans")
    assert paths == [tmp_path / "pans" / "my_topic.x.pan", tmp_path / "pans" / "my_topic.y.pan"]
    back = ducview.read_peer(paths[1], "mine", "my topic", "y")
    assert back.summary == text and back.matched_ids == (2,)
    assert back.scus[[s.scu_id for s in back.scus].index(2)].contributors[0].parts == (Part("Schools closed.", 0, 15),)
    assert back.pyramid.summaries == models  # the header splits the embedded models back as given
    twice = [annotations[1], annotations[0], annotations[0]]  # the name given twice is the second
    with pytest.raises(OutputError, match=r"pans2: two summaries would share the file name 'my_topic\.x\.pan'$"):
        write_pan(SimpleNamespace(annotations=twice), tmp_path / "pans2")
    assert not (tmp_path / "pans2").exists()
    (tmp_path / "pans" / "sub").mkdir()  # a folder inside is not ours: never replaced
    with pytest.raises(OutputError):
        write_pan(SimpleNamespace(annotations=annotations), tmp_path / "pans")
    (tmp_path / "pans" / "sub").rmdir()
    (tmp_path / "pans" / "x.pan.txt").write_text("mine")
    with pytest.raises(OutputError):
        write_pan(SimpleNamespace(annotations=annotations), tmp_path / "pans")


def test_pan_name_of_empty_ids():
    assert pan_name(SimpleNamespace(topic="", peer_id="")) == "topic.system.pan"
    assert pan_name(SimpleNamespace(topic="D0701-A", peer_id="run_2")) == "D0701-A.run_2.pan"
