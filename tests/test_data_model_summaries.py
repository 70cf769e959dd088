"""The reader of model summaries for the pyramid builder: three layouts, and each bad input named."""

from __future__ import annotations

import json

import pytest

from pyrabench.data.model_summaries import read_models
from pyrabench.errors import DataFormatError, PyrabenchWarning
from tests.test_data_summaries import _write

A = "The fire burned eight thousand acres of forest in three days."
B = "Crews from three states fought the fire through the night."


def test_three_layouts(tmp_path):
    _write(tmp_path / "duc" / "D0701.M.250.A.B", B)
    _write(tmp_path / "duc" / "D0701.M.250.A.A", A + "\r\n")
    _write(tmp_path / "duc" / "D0702.M.250.B.C.txt", A)
    _write(tmp_path / "duc" / "D0702.M.250.B.D", B)
    got = read_models(tmp_path / "duc")
    assert [(m.topic, m.ids) for m in got] == [("D0701", ("A", "B")), ("D0702", ("C", "D"))]
    assert got[0].texts[0] == A and not got[0].uneven  # CR LF read as \n, the closing line end dropped
    _write(tmp_path / "tree" / "t2" / "x.txt", A)
    _write(tmp_path / "tree" / "t2" / "y.txt", B)
    _write(tmp_path / "tree" / "t1" / "y.txt", B)
    _write(tmp_path / "tree" / "t1" / "x.txt", A)
    got = read_models(tmp_path / "tree")
    assert [(m.topic, m.ids, m.texts) for m in got] == [("t1", ("x", "y"), (A, B)), ("t2", ("x", "y"), (A, B))]
    lines = [{"instance_id": "d1", "summaries": [A, B], "summarizer_ids": ["A", 7]},
             {"instance_id": "d0", "summaries": [B, A], "summarizer_ids": ["E", "F"], "scus": []}]
    path = _write(tmp_path / "m.jsonl", "".join(json.dumps(o) + "\n" for o in lines))
    got = read_models(path)
    assert [(m.topic, m.ids) for m in got] == [("d0", ("E", "F")), ("d1", ("A", "7"))]
    assert got[1].sources[0] == f"{path}:1"


def test_fewer_than_two_models_names_the_folder(tmp_path):
    _write(tmp_path / "t1" / "x.txt", A)
    with pytest.raises(DataFormatError, match=r"t1.*has 1 model summary"):
        read_models(tmp_path)


def test_model_id_twice_names_the_line(tmp_path):
    path = _write(tmp_path / "m.jsonl", json.dumps({"instance_id": "d1", "summaries": [A, B],
                                                    "summarizer_ids": ["A", "A"]}) + "\n")
    with pytest.raises(DataFormatError, match=r"m\.jsonl:1.*model 'A' of topic 'd1' given twice"):
        read_models(path)
    _write(tmp_path / "duc" / "D0701.M.250.A.A", A)
    _write(tmp_path / "duc" / "D0701.M.250.A.A.txt", B)
    with pytest.raises(DataFormatError, match=r"D0701\.M\.250\.A\.A.*given twice"):
        read_models(tmp_path / "duc")


def test_empty_model_names_the_file(tmp_path):
    _write(tmp_path / "t1" / "x.txt", A)
    _write(tmp_path / "t1" / "y.txt", " \n-- \n")
    with pytest.raises(DataFormatError, match=r"y\.txt.*model 'y' of topic 't1' is empty"):
        read_models(tmp_path)


def test_non_utf8_names_the_file(tmp_path):
    _write(tmp_path / "t1" / "x.txt", A)
    _write(tmp_path / "t1" / "y.txt", "", raw=b"caf\xe9 au lait")
    with pytest.raises(DataFormatError, match=r"y\.txt.*UTF-8"):
        read_models(tmp_path)


def test_uneven_lengths_warn_and_are_kept(tmp_path):
    _write(tmp_path / "t1" / "x.txt", A)
    _write(tmp_path / "t1" / "y.txt", " ".join([B] * 5))
    _write(tmp_path / "t2" / "x.txt", A)
    _write(tmp_path / "t2" / "y.txt", B)
    with pytest.warns(PyrabenchWarning, match=r"t1.*differ wildly in length \(11 to 50 words\)") as caught:
        got = read_models(tmp_path)
    assert len([w for w in caught if issubclass(w.category, PyrabenchWarning)]) == 1
    assert [m.uneven for m in got] == [True, False]


def test_unknown_layout(tmp_path):
    _write(tmp_path / "notes.md", A)
    with pytest.raises(DataFormatError, match="unknown layout"):
        read_models(tmp_path)
