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
