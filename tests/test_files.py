import pytest

from pyrabench import files
from pyrabench.errors import DataFormatError, MissingDataError
from pyrabench.files import read_bytes, read_utf8


def test_missing_file_names_the_path(tmp_path):
    with pytest.raises(MissingDataError, match="nope.txt: file not found"):
        read_bytes(tmp_path / "nope.txt")


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(DataFormatError, match="cannot read file"):
        read_bytes(tmp_path)


def test_bad_utf8_names_the_line(tmp_path):
    p = tmp_path / "x.txt"
    p.write_bytes("one\ntwo\nthr\xe9e\n".encode("latin-1"))
    with pytest.raises(DataFormatError) as exc:
        read_utf8(p)
    assert exc.value.line == 3 and "not UTF-8" in str(exc.value)
    p.write_text("caf\u00e9\n", encoding="utf-8")
    assert read_utf8(p) == "caf\u00e9\n"


# --------------------------------------------------------------------------- a byte-order mark, every reader

#: The readers of outside text (fuzz targets, each writing its input where its reader looks) and
#: where their first file's text starts in a target's input (after a name or format line).
TEXT_READERS = {"ducview_pyr": 0, "ducview_pan": 0, "sacrerouge_pyramids": 0, "sacrerouge_annotations": 0,
                "sts_release": 0, "stsb": 0, "sts_output": 0, "vectors_text": 0, "judgments_content": 0,
                "judgments_quality": 0, "judgments_scores": 0, "wordnet": 0, "user_summaries": 1,
                "benchmark_stats": 0}


def _with_bom(data: bytes, after_lines: int) -> bytes:
    head = data.split(b"\n", after_lines)
    return b"\n".join(head[:after_lines] + [files.BOM + head[after_lines]]) if after_lines else files.BOM + data


@pytest.mark.parametrize("name", sorted(TEXT_READERS))
def test_every_text_reader_accepts_a_byte_order_mark(name, tmp_path, monkeypatch):
    """Each reader of outside text reads each of its valid seeds with a byte-order mark in front
    of its (first) file as it reads it without one."""
    from fuzz import targets

    monkeypatch.setattr(targets, "_WORK", tmp_path)
    for seed in targets.TARGETS[name].seeds():
        targets.TARGETS[name].run(_with_bom(seed, TEXT_READERS[name]))


def test_a_byte_order_mark_is_dropped_from_the_text_read(tmp_path):
    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    plain.write_bytes("é\nline".encode())
    marked.write_bytes(files.BOM + "é\nline".encode())
    assert files.read_utf8(marked) == files.read_utf8(plain) == "é\nline"
    assert files.decode_utf8(files.BOM + b"x", marked) == "x" and files.decode_utf8(b"x" + files.BOM, marked) == "x\ufeff"
    jsonl = tmp_path / "a.jsonl"
    jsonl.write_bytes(files.BOM + b'{"a": 1}\n{"b": 2}\n')
    assert list(files.read_jsonl(jsonl)) == [(1, {"a": 1}), (2, {"b": 2})]
    assert files.without_bom(files.BOM + files.BOM) == files.BOM  # one mark, at the start only
