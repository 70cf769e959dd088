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


def _error(path):
    """The DataFormatError reading ``path`` raises: its file, line and reason."""
    with pytest.raises(DataFormatError) as caught:
        read_models(path)
    return caught.value


def test_each_layout_error_names_its_file_line_and_reason(tmp_path):
    _write(tmp_path / "duc" / "D0701.M.250.A.A", A)
    _write(tmp_path / "duc" / "notes.md", B)
    e = _error(tmp_path / "duc")
    assert (e.path, e.line) == (str(tmp_path / "duc" / "notes.md"), None)
    assert e.reason == ("unknown layout: beside DUC-named models (D0701.M.250.A.<model>) every entry must be one")
    (tmp_path / "duc" / "notes.md").unlink()
    (tmp_path / "duc" / "D0701.M.250.A.B").mkdir()  # named as a model, but a folder
    assert _error(tmp_path / "duc").path == str(tmp_path / "duc" / "D0701.M.250.A.B")
    _write(tmp_path / "tree" / "t1" / "x.txt", A)
    _write(tmp_path / "tree" / "t1" / "w.txt", B)
    _write(tmp_path / "tree" / "zz.txt", A)
    e = _error(tmp_path / "tree")
    assert (e.path, e.reason) == (str(tmp_path / "tree" / "zz.txt"), "unknown layout: beside topic folders "
                                  "(<topic>/<model>.txt) every entry must be a folder")
    (tmp_path / "tree" / "zz.txt").unlink()
    _write(tmp_path / "tree" / "t1" / "y.md", B)
    e = _error(tmp_path / "tree")
    assert (e.path, e.reason) == (str(tmp_path / "tree" / "t1" / "y.md"),
                                  "unknown layout: a topic folder holds <model>.txt files only")
    (tmp_path / "tree" / "t1" / "y.md").unlink()
    (tmp_path / "tree" / "t1" / "y.txt").mkdir()
    assert _error(tmp_path / "tree").path == str(tmp_path / "tree" / "t1" / "y.txt")
    e = _error(_write(tmp_path / "one" / "t1" / "x.txt", A).parent.parent)
    assert (e.path, e.reason) == (str(tmp_path / "one" / "t1"), "topic 't1' has 1 model summary; a pyramid needs "
                                  "at least two (an SCU's weight counts the models that express it)")


def test_model_sets_keep_ids_texts_and_sources_in_reading_order(tmp_path):
    _write(tmp_path / "duc" / "D0701.M.250.A.B", B + "\n\n")
    _write(tmp_path / "duc" / "D0701.M.250.A.A", "  " + A)
    (got,) = read_models(tmp_path / "duc")
    assert got.ids == ("A", "B") and got.texts == ("  " + A, B)  # leading blanks kept: offsets as given
    assert got.sources == (str(tmp_path / "duc" / "D0701.M.250.A.A"), str(tmp_path / "duc" / "D0701.M.250.A.B"))
    assert got.uneven is False


@pytest.mark.parametrize("line, reason", [
    ("[1, 2]", "expected a JSON object, got list"),
    ('{"summaries": ["a b"]}', "missing field 'instance_id'"),
    ('{"instance_id": "d1"}', "missing field 'summaries'"),
    ('{"instance_id": 1, "summaries": ["a b", "c d"]}', "'instance_id' should be a string and 'summaries' a list of "
                                                        "strings"),
    ('{"instance_id": "d1", "summaries": "a b"}', "'instance_id' should be a string and 'summaries' a list of "
                                                  "strings"),
    ('{"instance_id": "d1", "summaries": ["a b", 3]}', "'instance_id' should be a string and 'summaries' a list of "
                                                       "strings"),
    ('{"instance_id": "d1", "summaries": ["a b", "c d"], "summarizer_ids": "AB"}',
     "'summarizer_ids' should list one id (string or integer) per summary"),
    ('{"instance_id": "d1", "summaries": ["a b", "c d"], "summarizer_ids": ["A"]}',
     "'summarizer_ids' should list one id (string or integer) per summary"),
    ('{"instance_id": "d1", "summaries": ["a b", "c d"], "summarizer_ids": ["A", true]}',
     "'summarizer_ids' should list one id (string or integer) per summary"),
    ('{"instance_id": "d1", "summaries": ["a b", "c d"], "summarizer_ids": ["A", 1.5]}',
     "'summarizer_ids' should list one id (string or integer) per summary"),
])
def test_jsonl_errors_name_the_line(tmp_path, line, reason):
    good = json.dumps({"instance_id": "d0", "summaries": [A, B]})
    e = _error(_write(tmp_path / "m.jsonl", good + "\n" + line + "\n"))
    assert (e.path, e.line, e.reason) == (str(tmp_path / "m.jsonl"), 2, reason)


def test_jsonl_ids_default_to_positions_and_a_topic_is_given_once(tmp_path):
    path = _write(tmp_path / "m.jsonl", json.dumps({"instance_id": "d1", "summaries": [A, "\ufeff" + B + "\r\n"]})
                  + "\n")
    (got,) = read_models(path)
    assert got.ids == ("1", "2") and got.texts == (A, B) and got.sources == (f"{path}:1", f"{path}:1")
    line = json.dumps({"instance_id": "d1", "summaries": [A, B]})
    e = _error(_write(tmp_path / "twice.jsonl", line + "\n" + line + "\n"))
    assert (e.line, e.reason) == (2, "instance_id 'd1' given twice (first: line 1)")


def test_missing_empty_and_unknown_paths(tmp_path):
    from pyrabench.errors import MissingDataError

    with pytest.raises(MissingDataError, match=r"nowhere: no such file or folder$"):
        read_models(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    e = _error(tmp_path / "empty")
    assert (e.path, e.reason) == (str(tmp_path / "empty"), "no model summaries: the folder is empty")
    e = _error(_write(tmp_path / "models.txt", A))
    assert (e.path, e.reason) == (str(tmp_path / "models.txt"),
                                  "unknown layout: give a folder of model summaries or a .jsonl file")
    e = _error(_write(tmp_path / "none.jsonl", ""))
    assert (e.path, e.reason) == (str(tmp_path / "none.jsonl"), "no model summaries found")
    _write(tmp_path / "odd" / "notes.md", A)
    e = _error(tmp_path / "odd")
    assert e.reason == ("unknown layout: expected DUC-named models (D0701.M.250.A.<model>), <topic>/<model>.txt "
                        "folders, or a .jsonl file")


def test_three_times_the_words_is_still_even(tmp_path):
    four = "one two three four"
    _write(tmp_path / "t1" / "x.txt", four)
    _write(tmp_path / "t1" / "y.txt", " ".join([four] * 3))  # 12 words: exactly 3 times
    _write(tmp_path / "t2" / "x.txt", four)
    _write(tmp_path / "t2" / "y.txt", " ".join([four] * 3) + " thirteen")
    with pytest.warns(PyrabenchWarning) as caught:
        got = read_models(tmp_path)
    assert [m.uneven for m in got] == [False, True]
    (w,) = [w for w in caught if issubclass(w.category, PyrabenchWarning)]
    assert str(w.message) == f"{tmp_path / 't2'}: the models of topic 't2' differ wildly in length (4 to 13 words)"


def test_errors_name_the_first_file_the_topic_files_and_the_line(tmp_path):
    _write(tmp_path / "duc" / "D0701.M.250.A.A", A)
    _write(tmp_path / "duc" / "D0701.M.250.A.A.txt", B)
    e = _error(tmp_path / "duc")
    first = tmp_path / "duc" / "D0701.M.250.A.A"
    assert e.reason == f"model 'A' of topic 'D0701' given twice (first: {first})"
    e = _error(_write(tmp_path / "one" / "D0701.M.250.A.A", A).parent)
    assert (e.path, e.reason) == (str(tmp_path / "one" / "D0701.*"), "topic 'D0701' has 1 model summary; a pyramid "
                                  "needs at least two (an SCU's weight counts the models that express it)")
    path = _write(tmp_path / "m.jsonl", json.dumps({"instance_id": "d1", "summaries": [A]}) + "\n")
    e = _error(path)
    assert (e.path, e.line) == (f"{path}:1", None) and e.reason.startswith("topic 'd1' has 1 model summary")
    line = json.dumps({"instance_id": "d1", "summaries": [A, B]})
    e = _error(_write(tmp_path / "twice.jsonl", line + "\n" + line + "\n"))
    assert (e.path, e.line) == (str(tmp_path / "twice.jsonl"), 2)
    _write(tmp_path / "odd" / "notes.md", A)
    assert _error(tmp_path / "odd").path == str(tmp_path / "odd" / "notes.md")
