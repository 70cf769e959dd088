"""Word-vector files from other people: headers checked against the rows and the file size
before anything is allocated, corrupt archives, NaN/Inf named by file and line, FIFOs and
devices refused, multi-word entries counted — errors or counted repairs, never tracebacks."""

from __future__ import annotations

import bz2
import gzip
import os
import struct
import warnings
import zipfile

import numpy as np
import pytest

from pyrabench.embeddings import vectors
from pyrabench.errors import DataFormatError

ROWS = [("the", [0.1, 0.2, 0.3]), ("cat", [1.0, -2.0, 0.5]), ("sat", [0.0, 0.25, 4.0])]


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))


def _text(rows=ROWS, header: str | None = "auto") -> bytes:
    body = "".join(f"{w} {' '.join(repr(x) for x in v)}\n" for w, v in rows)
    if header == "auto":
        header = f"{len(rows)} {len(rows[0][1])}\n"
    return ((header or "") + body).encode()


def _binary(rows=ROWS, count: int | None = None, dim: int | None = None) -> bytes:
    d = len(rows[0][1])
    out = f"{len(rows) if count is None else count} {d if dim is None else dim}\n".encode()
    for w, v in rows:
        out += w.encode() + b" " + struct.pack(f"<{len(v)}f", *v) + b"\n"
    return out


def _read(path, fmt, vocab=None):
    return vectors.read_vectors(path, fmt, vocab, progress=False)


def test_valid_files_read(tmp_path):
    p = tmp_path / "v.txt"
    p.write_bytes(_text())
    words, vecs = _read(p, "word2vec-text")
    assert words == ["the", "cat", "sat"] and vecs.shape == (3, 3)
    b = tmp_path / "v.bin"
    b.write_bytes(_binary())
    words, vecs = _read(b, "word2vec-bin")
    np.testing.assert_allclose(vecs[1], [1.0, -2.0, 0.5])


# ---------------------------------------------------------------- text headers and rows


@pytest.mark.parametrize(
    "content, match, line",
    [
        (_text(header="3 4\n"), "expected 4 numbers after the word, got 3 \\(the header's dimension\\)", 2),
        (_text(header="3 2\n"), "more than 2 numbers \\(the header's dimension\\)", 2),
        (_text(header="5 3\n"), "header announces 5 vectors, the file holds 3", 1),
        (_text(header="2 3\n"), "header announces 2 vectors, the file holds 3", 1),
        (_text(header="3 0\n"), "dimension 0: no vectors", 1),
        (b"3 3\n", "no vectors in file \\(only a header\\)", None),
        (_text()[: _text().index(b"sat")], "header announces 3 vectors, the file holds 2", 1),  # cut at a row
        (_text(header=None) + b"dog 1 2 3 4\n", "more than 3 numbers \\(the first row's\\)", 4),
        (_text(header=None) + b"dog 1 2\n", "expected 3 numbers after the word, got 2", 4),
        (_text(header=None)[:-4] + b"\n", "expected 3 numbers", 3),  # cut inside the last row
        (b"9" * 5000 + b" 3\n" + _text(header=None), "too large", 1),
    ],
    ids=["dim-larger", "dim-smaller", "count-larger", "count-smaller", "dim-0", "header-only",
         "cut-at-row", "longer-row", "shorter-row", "cut-in-row", "5000-digits"],
)
def test_text_header_and_rows_are_checked(tmp_path, content, match, line):
    p = tmp_path / "v.txt"
    p.write_bytes(content)
    with pytest.raises(DataFormatError, match=match) as err:
        _read(p, "word2vec-text")
    assert err.value.path == str(p) and err.value.line == line


def test_rows_are_checked_even_outside_the_vocabulary(tmp_path):
    p = tmp_path / "glove.txt"
    p.write_bytes(_text(header=None) + b"dog 1 2 3 4\n")
    with pytest.raises(DataFormatError, match="more than 3 numbers"):
        _read(p, "glove", {"the"})


def test_multi_word_entries_are_skipped_and_counted(tmp_path):
    p = tmp_path / "glove.840B.txt"
    p.write_bytes(_text(header=None) + b". . . 1 2 3\nat name@domain.com 4 5 6\n")
    bag = vectors.load_vectors("g", p, "glove", {"the", "cat", "."}, progress=False)
    assert bag.words == ["the", "cat"] and bag.log.counts() == {"skipped:multi-word-entry": 2}
    again = vectors.load_vectors("g", p, "glove", {"the", "cat", "."}, progress=False)  # from the cache
    assert again.words == bag.words and again.log.counts() == bag.log.counts()


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "NaN"])
def test_non_finite_text_components_name_file_and_line(tmp_path, bad):
    rows = [*ROWS[:2], ("sat", [0.0, bad, 1.0])]
    p = tmp_path / "v.txt"
    p.write_bytes("".join(f"{w} {' '.join(str(x) for x in v)}\n" for w, v in rows).encode())
    with pytest.raises(DataFormatError, match="NaN or infinite") as err:
        _read(p, "glove", {"sat"})
    assert err.value.line == 3
    assert _read(p, "glove", {"the"})[0] == ["the"]  # rows outside the vocabulary are not parsed


@pytest.mark.parametrize("big", ["31e38", "-1e39"])
def test_text_component_beyond_float32_is_refused_without_a_warning(tmp_path, big):
    """Found by fuzzing: ``31e38`` became inf in the cast to float32, with numpy's overflow warning."""
    p = tmp_path / "v.txt"
    p.write_bytes(f"the 0.1 {big}\ncat 1 2\n".encode())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(DataFormatError, match="beyond float32's range") as err:
            _read(p, "glove", None)
    assert err.value.line == 1
    p.write_bytes(b"the 0.1 3.4e38\n")  # the largest float32 still reads
    assert _read(p, "glove", None)[1][0, 1] == np.float32(3.4e38)


# ---------------------------------------------------------------- binary headers


@pytest.mark.parametrize(
    "content, match",
    [
        (_binary(dim=10**12), "dimension 1000000000000, more than"),
        (_binary(dim=50_000), "at least .* bytes\\), but only .* bytes follow"),
        (_binary(count=10**9), "truncated file or wrong header"),
        (_binary(dim=0), "dimension 0: no vectors"),
        (_binary(count=0), "0 words"),
        (b"3 3\n", "truncated"),
        (b"-1 3\n", "no vectors"),
        (b"9" * 5000 + b" 3\n", "header should be"),
    ],
    ids=["huge-dim", "dim-vs-size", "count-vs-size", "dim-0", "count-0", "header-only", "negative", "5000-digits"],
)
def test_binary_header_is_checked_before_allocating(tmp_path, content, match, within):
    p = tmp_path / "v.bin"
    p.write_bytes(content)
    with pytest.raises(DataFormatError, match=match) as err:
        within(10, _read, p, "word2vec-bin")
    assert err.value.path == str(p)


def test_binary_huge_dim_in_a_gz_is_bounded(tmp_path, within):
    p = tmp_path / "v.bin.gz"
    p.write_bytes(gzip.compress(_binary(dim=4_000_000)))
    with pytest.raises(DataFormatError, match="more than 100000"):
        within(10, _read, p, "word2vec-bin")


def test_non_finite_binary_component_names_the_word(tmp_path):
    rows = [*ROWS[:2], ("sat", [0.0, float("nan"), 1.0])]
    p = tmp_path / "v.bin"
    p.write_bytes(_binary(rows))
    with pytest.raises(DataFormatError, match="word 3 \\('sat'\\): a vector component is NaN") as err:
        _read(p, "word2vec-bin")
    assert err.value.path == str(p)
    p.write_bytes(_binary([*ROWS[:2], ("sat", [float("inf"), 0.0, 1.0])]))
    with pytest.raises(DataFormatError, match="word 3"):
        _read(p, "word2vec-bin", {"sat"})


# ---------------------------------------------------------------- archives and special files


@pytest.mark.parametrize("suffix", [".txt.gz", ".txt.bz2", ".zip"])
def test_corrupt_archives_are_clean_errors(tmp_path, suffix):
    data = _text()
    good = {".txt.gz": gzip.compress(data), ".txt.bz2": bz2.compress(data)}.get(suffix)
    if suffix == ".zip":
        z = tmp_path / "ok.zip"
        with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("v.txt", data * 50)
        good = z.read_bytes()
    for corrupt in (good[: len(good) // 2], good[:20] + bytes(40) + good[60:], b"not an archive at all"):
        p = tmp_path / f"v{suffix}"
        p.write_bytes(corrupt)
        with pytest.raises(DataFormatError) as err:
            _read(p, "glove")
        assert err.value.path == str(p)


@pytest.mark.parametrize("where", ["directory", "local-header"])
def test_zip_entry_name_flagged_utf8_but_not_is_a_clean_error(tmp_path, where):
    """Found by fuzzing: zipfile decodes a name flagged UTF-8 and raised UnicodeDecodeError."""
    p = tmp_path / "v.zip"
    with zipfile.ZipFile(p, "w") as zf:
        zf.writestr("v\u00e9.txt", _text())  # a non-ASCII name: zipfile sets the UTF-8 flag
    raw = p.read_bytes()
    name, bad = "v\u00e9.txt".encode(), b"v\xff\xfe.txt"
    local, central = raw.index(name), raw.rindex(name)
    assert local < central
    at = central if where == "directory" else local
    p.write_bytes(raw[:at] + bad + raw[at + len(name):])
    with pytest.raises(DataFormatError, match="UnicodeDecodeError") as err:
        _read(p, "glove")
    assert err.value.path == str(p)


@pytest.mark.parametrize("fmt", ["glove", "word2vec-bin"])
def test_fifo_and_device_are_refused(tmp_path, fmt, within):
    fifo = tmp_path / "v.txt"
    os.mkfifo(fifo)
    with pytest.raises(DataFormatError, match="FIFO"):
        within(10, _read, fifo, fmt)
    with pytest.raises(DataFormatError, match="character device"):
        within(10, _read, "/dev/zero", fmt)


@pytest.mark.parametrize("where", [10, -6])
def test_space_free_garbage_in_a_binary_file_is_refused_at_once(tmp_path, where, within):
    """A long run without a space made the record regex retry from every byte (quadratic)."""
    data = _binary()
    p = tmp_path / "v.bin"
    p.write_bytes(data[:where] + b"[" * 2_000_000 + data[where:])
    with pytest.raises(DataFormatError, match="bytes without a space"):
        within(10, _read, p, "word2vec-bin")


def test_a_word_listed_twice_keeps_its_first_vector_and_is_counted(tmp_path):
    p = tmp_path / "glove.txt"
    p.write_bytes(_text(header=None) + b"cat 9 9 9\n")
    bag = vectors.load_vectors("g", p, "glove", {"cat"}, progress=False)
    assert bag.words == ["cat"] and bag.vectors[0].tolist() == [1.0, -2.0, 0.5]
    assert bag.log.counts() == {"skipped:duplicate-word": 1}
