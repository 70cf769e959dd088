"""Pyramids of the user's own: one ``.pyr``, a folder of them named by topic, SacreROUGE JSONL,
the rules a pyramid must meet to score, and each summary's pyramid found by its topic."""

from __future__ import annotations

import pytest

from pyrabench.data import ducview
from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.data.summaries import Summary
from pyrabench.data.user_pyramids import check_pyramid, pyramid_for, read_pyramid_file, read_user_pyramids
from pyrabench.errors import DataFormatError, MissingDataError, UnknownNameError

TEXTS = ("Magma rises to the surface.", "Lava cools into rock.", "Magma reaches the surface and cools.")


def _pyramid(n_summaries: int = 3, topic: str = "t") -> Pyramid:
    summaries = TEXTS[:n_summaries]
    word = "Magma"
    contributors = tuple(Contributor(word, (Part(word, s.index(word), s.index(word) + len(word)),), k)
                         for k, s in enumerate(summaries) if word in s)
    return Pyramid("pyramid", topic, summaries, tuple("ABC"[:n_summaries]), (SCU(1, "magma", contributors),))


def _write(folder, name: str, n_summaries: int = 3, header=ducview.Header(None, None)):
    folder.mkdir(parents=True, exist_ok=True)
    ducview.write_pyramid(_pyramid(n_summaries), folder / name, header)
    return folder / name


def test_one_file_scores_every_summary(tmp_path):
    path = _write(tmp_path, "mine.pyr")
    pyramids, single = read_user_pyramids(path)
    assert single and list(pyramids) == ["mine"] and pyramids["mine"].summaries == TEXTS
    assert read_pyramid_file(path).scus[0].weight == 2
    assert pyramid_for(Summary("anything", "s", "x"), pyramids, single, str(path)) is pyramids["mine"]


def test_folder_names_topics_by_duc_name_or_stem(tmp_path):
    _write(tmp_path / "pyrs", "D0601-ABC.pyr")
    _write(tmp_path / "pyrs", "volcanoes.pyr")
    _write(tmp_path / "pyrs", ".hidden.pyr", 1)  # skipped
    pyramids, single = read_user_pyramids(tmp_path / "pyrs")
    assert not single and sorted(pyramids) == ["D0601", "volcanoes"]
    assert pyramid_for(Summary("D0601", "s", "x"), pyramids, single, "pyrs") is pyramids["D0601"]
    with pytest.raises(UnknownNameError, match=r"here\.txt: unknown topic 'D0610' for pyrs; did you mean 'D0601'"):
        pyramid_for(Summary("D0610", "s", "x", None, "here.txt"), pyramids, single, "pyrs")
    with pytest.raises(DataFormatError, match="no topic"):
        pyramid_for(Summary("", "s", "x"), pyramids, single, "pyrs")
    _write(tmp_path / "pyrs", "D0601.pyr")
    with pytest.raises(DataFormatError, match="a second pyramid for topic 'D0601'"):
        read_user_pyramids(tmp_path / "pyrs")


def test_bad_pyramids_and_layouts_are_named(tmp_path):
    one, _ = read_user_pyramids(_write(tmp_path, "one.pyr", 1))  # a lite pyramid: every SCU weighs 1
    assert one["one"].n_summaries == 1 and one["one"].weights == {1: 1}
    with pytest.raises(DataFormatError, match="the pyramid of topic 't' has no model summary"):
        check_pyramid(Pyramid("pyramid", "t", (), (), _pyramid().scus), "here")
    with pytest.raises(DataFormatError, match="has no usable SCU"):
        check_pyramid(Pyramid("pyramid", "t", TEXTS, tuple("ABC"), ()), "here")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataFormatError, match="no .pyr file"):
        read_user_pyramids(tmp_path / "empty")
    with pytest.raises(MissingDataError, match="no such file"):
        read_user_pyramids(tmp_path / "absent.pyr")
    (tmp_path / "p.txt").write_text("x", encoding="utf-8")
    with pytest.raises(DataFormatError, match="unknown layout"):
        read_user_pyramids(tmp_path / "p.txt")


def test_sacrerouge_jsonl(sample_root):
    pyramids, single = read_user_pyramids(sample_root / "tac2008" / "pyramids.jsonl")
    assert not single and pyramids and all(p.topic == t and p.n_summaries >= 2 for t, p in pyramids.items())


def _reason(call, *args):
    with pytest.raises(DataFormatError) as caught:
        call(*args)
    return caught.value.path, caught.value.reason


def test_each_refusal_names_its_file_and_reason(tmp_path):
    assert _reason(check_pyramid, Pyramid("pyramid", "t", (), (), _pyramid().scus), "here") == (
        "here", "the pyramid of topic 't' has no model summary")
    assert _reason(check_pyramid, Pyramid("pyramid", "t", TEXTS, tuple("ABC"), ()), "here") == (
        "here", "the pyramid of topic 't' has no usable SCU")
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / ".hidden.pyr").write_text("x", encoding="utf-8")
    assert _reason(read_user_pyramids, tmp_path / "empty") == (str(tmp_path / "empty"), "no .pyr file in this folder")
    (tmp_path / "p.txt").write_text("x", encoding="utf-8")
    assert _reason(read_user_pyramids, tmp_path / "p.txt") == (
        str(tmp_path / "p.txt"), "unknown layout: give a .pyr file, a folder of .pyr files or a pyramids .jsonl")
    with pytest.raises(MissingDataError, match=r"absent\.pyr: no such file or folder$"):
        read_user_pyramids(tmp_path / "absent.pyr")
    first = _write(tmp_path / "pyrs", "D0601-ABC.pyr")
    second = _write(tmp_path / "pyrs", "D0601.pyr")
    assert _reason(read_user_pyramids, tmp_path / "pyrs") == (
        str(second), f"a second pyramid for topic 'D0601' (first: {first})")
    with pytest.raises(DataFormatError) as caught:
        pyramid_for(Summary("", "s", "x", None, "sys/x.txt"), {"a": _pyramid()}, False, "my pyramids")
    assert (caught.value.path, caught.value.reason) == ("sys/x.txt", "no topic: lay summaries out as "
                                                        "<system>/<topic>.txt to score them against my pyramids, or "
                                                        "give one .pyr file")


def test_a_file_read_on_its_own_takes_its_stem_or_the_given_topic(tmp_path):
    path = _write(tmp_path, "D0601-ABC.pyr")
    assert read_pyramid_file(path).topic == "D0601-ABC"
    assert read_pyramid_file(path, "mine").topic == "mine"
    pyramids, single = read_user_pyramids(path)
    assert single and list(pyramids) == ["D0601"] and pyramids["D0601"].source == str(path)
    folder, single = read_user_pyramids(tmp_path)
    assert not single and list(folder) == ["D0601"] and folder["D0601"].summaries == TEXTS


def test_passonneau_lines_are_read_when_duc_headers_match_nothing(tmp_path):
    path = _write(tmp_path, "own.pyr", header=ducview.Header(None, ducview.PASSONNEAU_REGEX))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"<startDocumentRegEx><![CDATA[{ducview.PASSONNEAU_REGEX}]]></startDocumentRegEx>",
                                 ""), encoding="utf-8")
    assert "<startDocumentRegEx>" not in path.read_text(encoding="utf-8")
    got = read_pyramid_file(path)
    assert got.summaries == TEXTS and got.scus == _pyramid().scus
    broken = tmp_path / "broken.pyr"
    broken.write_text("<pyramid><text><line>x</line></text>", encoding="utf-8")
    with pytest.raises(DataFormatError) as caught:
        read_pyramid_file(broken)
    assert "matches no summary header" not in caught.value.reason and caught.value.path == str(broken)


def test_an_unknown_topic_names_the_nearest_one_or_none():
    pyramids = {"D0601": _pyramid(), "volcanoes": _pyramid()}
    with pytest.raises(UnknownNameError, match=r"^s\.txt: unknown topic 'zzz' for mine; did you mean '\w+'\?$"):
        pyramid_for(Summary("zzz", "s", "x", None, "s.txt"), pyramids, False, "mine")
    with pytest.raises(UnknownNameError, match=r"^s\.txt: unknown topic 'D0601' for mine$"):
        pyramid_for(Summary("D0601", "s", "x", None, "s.txt"), {}, False, "mine")
    assert pyramid_for(Summary("volcanoes", "s", "x"), pyramids, False, "mine") is pyramids["volcanoes"]
    assert pyramid_for(Summary("nothing", "s", "x"), {"b": pyramids["volcanoes"], "a": pyramids["D0601"]}, True,
                       "mine") is pyramids["volcanoes"]


def test_every_layout_reads_pyramids_of_the_corpus_pyramid_and_checks_them_at_their_file(tmp_path):
    import json

    path = _write(tmp_path / "a", "D0601-ABC.pyr")
    assert read_pyramid_file(path).corpus == "pyramid"
    folder, _ = read_user_pyramids(tmp_path / "a")
    assert (folder["D0601"].corpus, folder["D0601"].topic) == ("pyramid", "D0601")
    own = _write(tmp_path / "b", "own.pyr", header=ducview.Header(None, ducview.PASSONNEAU_REGEX))
    own.write_text(own.read_text(encoding="utf-8").replace(
        f"<startDocumentRegEx><![CDATA[{ducview.PASSONNEAU_REGEX}]]></startDocumentRegEx>", ""), encoding="utf-8")
    assert read_pyramid_file(own).corpus == "pyramid"
    empty = tmp_path / "c" / "none.pyr"
    empty.parent.mkdir()
    ducview.write_pyramid(Pyramid("pyramid", "t", TEXTS, tuple("ABC"), ()), empty, ducview.Header(None, None))
    assert _reason(read_pyramid_file, empty) == (str(empty), "the pyramid of topic 'none' has no usable SCU")
    lines = tmp_path / "p.jsonl"
    lines.write_text(json.dumps({"instance_id": "d1", "summarizer_ids": ["A"], "summaries": ["Magma rises."],
                                 "scus": []}) + "\n", encoding="utf-8")
    assert _reason(read_user_pyramids, lines) == (str(lines), "the pyramid of topic 'd1' has no usable SCU")
    lines.write_text(json.dumps({"instance_id": "d1", "summarizer_ids": ["A"], "summaries": ["Magma rises."],
                                 "scus": [{"scu_id": 1, "label": "magma", "contributors": [
                                     {"summary_index": 0, "label": "Magma",
                                      "parts": [{"text": "Magma", "start": 0, "end": 5}]}]}]}) + "\n",
                     encoding="utf-8")
    read, single = read_user_pyramids(lines)
    assert not single and read["d1"].corpus == "pyramid" and read["d1"].scus[0].weight == 1


def test_a_pyramid_with_duc_headers_is_read_at_the_first_attempt(tmp_path):
    path = _write(tmp_path, "D0601.pyr", header=ducview.header_for(_pyramid(), "D0601"))
    got = read_pyramid_file(path)
    assert (got.corpus, got.topic, got.summaries) == ("pyramid", "D0601", TEXTS)
