"""The embeddings' cache entries (filtered vectors, the word2vec stand-ins, a trained WMF model,
WMF's parsed corpus, the sentence encoder's store) are keyed by everything they hold: each
parameter changed in turn is a new entry, the same call is a hit. Same-path cases rewrite the
file between calls: an entry is keyed by the file's identity, not by its name alone."""

from __future__ import annotations

import dataclasses
import shutil

import pytest

from pyrabench.embeddings import sentence_encoder, standins, vectors, wmf, wmf_corpus


def _write(path, text):
    """``path`` holding ``text``, written only when it holds something else (a rewrite is a new
    modification time, so another file identity)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def test_load_vectors_key(tmp_path, cache_key_check):
    intercept, check = cache_key_check
    intercept(vectors, "cached")
    fn = vectors.load_vectors
    same = _write(tmp_path / "v.txt", "a 1 2\nb 3 4\n")
    base = {"name": "v", "path": same, "fmt": "glove", "vocabulary": ["a", "b"]}
    changes = {"name": ["w"], "path": [_write(tmp_path / "u.txt", "a 1 2\nb 3 4\n")], "fmt": ["word2vec"],
               "vocabulary": [["a"], ["a", "b", "c"]], "member": ["inner.txt"]}
    before = check(fn, fn, base, changes)
    _write(same, "a 1 2\nb 3 5\n")  # the same file rewritten: a new entry
    assert check(fn, fn, base, changes) != before


def test_train_word2vec_key(tmp_path, monkeypatch, cache_key_check):
    intercept, check = cache_key_check
    intercept(standins, "cached")
    files = {None: [_write(tmp_path / "lee.cor", "one story\n")],
             "more": [_write(tmp_path / "lee.cor", "one story\n"), _write(tmp_path / "d.scu", "<x/>\n")],
             "other": [_write(tmp_path / "other" / "lee.cor", "another story\n")]}
    monkeypatch.setattr(standins, "corpus_files", lambda data=None: files[data])
    fn = standins.train_word2vec
    check(fn, fn, {"name": "w2v-bow2-standin"},
          {"name": ["w2v-bow5-standin"], "data": ["more", "other"], "seed": [1]})


def _other(value):
    return {bool: lambda v: not v, int: lambda v: v + 1, float: lambda v: v * 2,
            str: lambda v: "exact" if v != "exact" else "cg"}[type(value)](value)


def test_wmf_fit_key(cache_key_check):
    intercept, check = cache_key_check
    intercept(wmf, "cached")
    base = wmf.WMFParams()
    params = [dataclasses.replace(base, **{f.name: _other(getattr(base, f.name))}) for f in dataclasses.fields(base)]
    assert len(params) == len(dataclasses.fields(base)) >= 9
    check(wmf.fit, wmf.fit, {"texts": ["a text", "another text"]},
          {"texts": [["a text", "other text"], ["another text", "a text"], ["a text"]], "params": params})


def test_wmf_corpus_key(tmp_path, cache_key_check):
    intercept, check = cache_key_check
    intercept(wmf_corpus, "cached")

    def reader(path):
        raise AssertionError("the entry is intercepted before anything is read")

    def other_reader(path):
        raise AssertionError("the entry is intercepted before anything is read")

    wrapper = wmf_corpus._read_once(reader)
    same = _write(tmp_path / "corpus.txt", "one\n")
    folder = _write(tmp_path / "folder" / "corpus.txt", "one\n").parent
    before = check(wrapper, wrapper, {"path": same}, {"path": [_write(tmp_path / "other.txt", "one\n"), folder]})
    _write(same, "one two\n")  # the same file rewritten: a new entry
    after = check(wrapper, wrapper, {"path": same}, {"path": [folder]})
    assert after != before
    # the same file read by another reader is another corpus
    assert check(wrapper, wmf_corpus._read_once(other_reader), {"path": same}, {"path": [folder]}) != after


def test_sentence_encoder_store_key(tmp_path, make_st_model, cache_key_check):
    _, check = cache_key_check
    model = make_st_model(["a", "bridge", "opened"])
    edited = tmp_path / "edited"
    shutil.copytree(model, edited)
    config = next(p for p in sorted(edited.rglob("*.json")) if p.name != "README.md")
    config.write_text(config.read_text() + " ", encoding="utf-8")
    fn = sentence_encoder.SentenceTransformerEmbedding

    def call(**kw):
        return str(fn(**kw).store.directory)

    first = check(fn, call, {"path": model},
                  {"path": [make_st_model(["a", "bridge", "opened"], seed=1), make_st_model(["a", "bridge"]), edited]},
                  returns_key=True)
    copy = tmp_path / "copy"
    shutil.copytree(model, copy)
    assert call(path=copy) == first  # the same files elsewhere: the same vectors, one store
