import pytest

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
