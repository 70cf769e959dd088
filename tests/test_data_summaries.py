"""The reader of the user's summaries: the four layouts, and every bad input named by file and line."""

from __future__ import annotations

import json

import pytest

from pyrabench.data.summaries import Summary, read_summaries, write_summaries
from pyrabench.errors import DataFormatError, MissingDataError, PyrabenchError


def _write(path, text, raw: bytes | None = None):
    path.parent.mkdir(parents=True, exist_ok=True)
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_duc_named_folder(tmp_path):
    _write(tmp_path / "D0702.M.250.B.zeta", "Second topic.")
    _write(tmp_path / "D0701.M.250.A.alpha", "One line.\nTwo lines.\n")
    _write(tmp_path / "D0703-A.M.100.A.7.txt", "Update.")
    _write(tmp_path / ".DS_Store", "not a summary")
    got = read_summaries(tmp_path)
    assert [(s.topic, s.system) for s in got] == [("D0701", "alpha"), ("D0702", "zeta"), ("D0703-A", "7")]
    assert got[0].text == "One line.\nTwo lines.\n" and got[0].sentences is None
    assert got[0].source == str(tmp_path / "D0701.M.250.A.alpha")


def test_system_folders_and_flat_folder(tmp_path):
    _write(tmp_path / "sys" / "b" / "T2.txt", "B on T2.")
    _write(tmp_path / "sys" / "a" / "T1.txt", "A on T1.")
    _write(tmp_path / "sys" / "a" / "T2.txt", "")  # an empty summary is kept
    got = read_summaries(tmp_path / "sys")
    assert [(s.topic, s.system, s.text) for s in got] == [("T1", "a", "A on T1."), ("T2", "a", ""), ("T2", "b", "B on T2.")]
    _write(tmp_path / "flat" / "s2.txt", "Two.")
    _write(tmp_path / "flat" / "s1.txt", "One.")
    (tmp_path / "flat" / "scored").mkdir()  # NIST's scored/ beside the texts is not a summary
    assert [(s.topic, s.system) for s in read_summaries(tmp_path / "flat")] == [("", "s1"), ("", "s2")]


def test_text_is_normalized(tmp_path):
    _write(tmp_path / "D0701.M.250.A.x", "", raw="\ufeffFirst.\r\nSecond.\rThird.".encode("utf-8"))
    assert read_summaries(tmp_path)[0].text == "First.\nSecond.\nThird."


def test_jsonl_layouts(tmp_path):
    lines = [
        {"instance_id": "d2", "summarizer_id": 3, "summary": "A string."},
        {"instance_id": "d1", "summarizer_id": "s", "summary": ["One.", "Two."]},
        {"instance_id": "d1", "summarizer_id": "r", "summary": {"text": ["Only."]}},
        {"instance_id": "d3", "summarizer_id": "r", "summary": {"text": "Text\r\nfield."}},
    ]
    path = _write(tmp_path / "s.jsonl", "\n".join(json.dumps(x) for x in lines) + "\n")
    got = read_summaries(path)
    assert got == [
        Summary("d1", "r", "Only.", ("Only.",), f"{path}:3"),
        Summary("d1", "s", "One.\nTwo.", ("One.", "Two."), f"{path}:2"),
        Summary("d2", "3", "A string.", None, f"{path}:1"),
        Summary("d3", "r", "Text\nfield.", None, f"{path}:4"),
    ]


@pytest.mark.parametrize("obj, message", [
    ({"summarizer_id": "a", "summary": "x"}, "missing field 'instance_id'"),
    ({"instance_id": "d1", "summary": "x"}, "missing field 'summarizer_id'"),
    ({"instance_id": "d1", "summarizer_id": "a"}, "missing field 'summary'"),
    ({"instance_id": "d1", "summarizer_id": "a", "summary": {"sentences": []}}, "missing field 'summary.text'"),
    ({"instance_id": "d1", "summarizer_id": "a", "summary": [1, 2]}, "'summary' should be"),
    ({"instance_id": 7, "summarizer_id": "a", "summary": "x"}, "'instance_id' should be a string"),
    ({"instance_id": "d1", "summarizer_id": True, "summary": "x"}, "'instance_id' should be a string"),
])
def test_jsonl_field_errors_name_the_line(tmp_path, obj, message):
    good = {"instance_id": "d0", "summarizer_id": "a", "summary": "fine"}
    path = _write(tmp_path / "s.jsonl", json.dumps(good) + "\n" + json.dumps(obj) + "\n")
    with pytest.raises(DataFormatError, match=message) as exc:
        read_summaries(path)
    assert exc.value.path == str(path) and exc.value.line == 2


def test_same_topic_and_system_twice(tmp_path):
    row = {"instance_id": "d1", "summarizer_id": "a", "summary": "x"}
    path = _write(tmp_path / "s.jsonl", json.dumps(row) + "\n" + json.dumps(row) + "\n")
    with pytest.raises(DataFormatError, match=r"s\.jsonl:2: topic 'd1', system 'a' given twice \(first: .*s\.jsonl:1\)"):
        read_summaries(path)
    _write(tmp_path / "duc" / "D0701.M.250.A.x", "One.")
    _write(tmp_path / "duc" / "D0701.M.250.B.x", "Two.")  # another selector, same topic and system
    with pytest.raises(DataFormatError, match=r"D0701\.M\.250\.B\.x: topic 'D0701', system 'x' given twice"):
        read_summaries(tmp_path / "duc")


def test_not_utf8_names_file_and_line(tmp_path):
    path = _write(tmp_path / "D0701.M.250.A.x", "", raw=b"fine\nstill fine\nbad \xff byte\n")
    with pytest.raises(DataFormatError, match="not UTF-8") as exc:
        read_summaries(tmp_path)
    assert (exc.value.path, exc.value.line) == (str(path), 3)
    jsonl = _write(tmp_path / "j" / "s.jsonl", "", raw=b'{"instance_id": "d", "summarizer_id": "a", "summary": "\xff"}\n')
    with pytest.raises(DataFormatError, match="not UTF-8") as exc:
        read_summaries(jsonl)
    assert exc.value.line == 1


@pytest.mark.parametrize("files", [
    {"D0701.M.250.A.x": "ok", "notes.md": "other"},  # DUC names beside something else
    {"a/T1.txt": "ok", "loose.txt": "other"},  # a file beside system folders
    {"a/T1.md": "wrong suffix"},
    {"s1.txt": "ok", "s2.doc": "other"},
    {"readme.md": "nothing known"},
])
def test_unknown_layout_names_the_file(tmp_path, files):
    for name, text in files.items():
        _write(tmp_path / name, text)
    with pytest.raises(DataFormatError, match="unknown layout"):
        read_summaries(tmp_path)


def test_missing_empty_and_other_paths(tmp_path):
    with pytest.raises(MissingDataError):
        read_summaries(tmp_path / "nowhere")
    with pytest.raises(DataFormatError, match="empty"):
        read_summaries(tmp_path)
    with pytest.raises(DataFormatError, match="unknown layout"):
        read_summaries(_write(tmp_path / "one.txt", "a single text file"))
    with pytest.raises(DataFormatError, match="no summaries"):
        read_summaries(_write(tmp_path / "e.jsonl", "", raw=b""))


def test_write_summaries_is_read_back(tmp_path):
    given = [Summary("D0702", "lead", "One.\nTwo."), Summary("D0701", "mine", "First sentence.\nSecond one.",
                                                            ("First sentence.", "Second one."))]
    written = write_summaries(given, tmp_path / "out")
    assert written == [tmp_path / "out" / "lead" / "D0702.txt", tmp_path / "out" / "mine" / "D0701.txt"]
    back = read_summaries(tmp_path / "out")
    assert [(s.topic, s.system, s.text, s.sentences) for s in back] == [
        ("D0701", "mine", "First sentence.\nSecond one.", None), ("D0702", "lead", "One.\nTwo.", None)]
    assert write_summaries(given, tmp_path / "s.jsonl") == [tmp_path / "s.jsonl"]
    back = read_summaries(tmp_path / "s.jsonl")
    assert [(s.topic, s.system, s.text, s.sentences) for s in back] == [
        (g.topic, g.system, g.text, g.sentences) for g in sorted(given, key=lambda g: g.topic)]
    for bad in (Summary("../x", "lead", "t"), Summary("D0701", "", "t"), Summary("D0701", ".hidden", "t")):
        with pytest.raises(PyrabenchError, match="cannot be a file name"):
            write_summaries([bad], tmp_path / "bad")
    with pytest.raises(DataFormatError, match="given twice"):
        write_summaries([given[0], Summary("D0702", "lead", "Other.")], tmp_path / "twice.jsonl")
    assert not (tmp_path / "bad").exists() and not (tmp_path / "twice.jsonl").exists()
