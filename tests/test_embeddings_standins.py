"""Offline word2vec stand-ins: corpus, determinism, caching."""

from __future__ import annotations

import numpy as np
import pytest

import pyrabench.embeddings as E
from pyrabench.embeddings import standins
from pyrabench.errors import DataFormatError


def test_corpus_is_lee_plus_the_roots_scu_marked_documents(tmp_path):
    (tmp_path / "duc2006" / "SCU-marked corpus").mkdir(parents=True)
    doc = tmp_path / "duc2006" / "SCU-marked corpus" / "D0001a.scu"
    doc.write_text('<?xml version="1.0"?><collection name="D0001a"><document name="X1">'
                   "<line>A ferry sank near the harbour.</line>"
                   '<line>Rescuers pulled ten people out.<annotation scu-count="0" sum-count="1" sums="3"/></line>'
                   "</document></collection>", encoding="utf-8")
    files = standins.corpus_files(tmp_path)
    assert files[0].name == "lee_background.cor" and files[1:] == [doc]
    texts = standins.corpus_texts(files)
    assert len(texts) == 300 + 2 and texts[-2:] == ["A ferry sank near the harbour.", "Rescuers pulled ten people out."]
    doc.write_text("<collection><line>broken", encoding="utf-8")
    with pytest.raises(DataFormatError) as err:
        standins.corpus_texts([doc])
    assert err.value.path == str(doc)


def test_training_is_deterministic_and_cached(tmp_path, monkeypatch, sample_root):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "a"))
    w1, v1 = standins.train_word2vec("w2v-bow2-standin", sample_root)
    assert len(w1) > 3000 and v1.shape == (len(w1), 100)
    assert len(list((tmp_path / "a" / "standins").glob("w2v-bow2-standin-*.npz"))) == 1
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "b"))  # fresh cache: trains again
    w2, v2 = standins.train_word2vec("w2v-bow2-standin", sample_root)
    assert w1 == w2
    np.testing.assert_array_equal(v1, v2)
    emb = E.load_embedding("w2v-bow2-standin", {"government", "police", "notawordatall"}, data=sample_root)
    assert sorted(emb.words) == ["government", "police"]
    x = emb.encode(["The government said", "police", "???"])
    assert np.isfinite(x).all() and (x[2] == 0).all()


def test_train_fits_only_the_models_the_package_trains(sample_root, tmp_path, monkeypatch):
    from pyrabench import embeddings

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    assert embeddings.fit_trained_models(["random", "onehot", "w2v-bow2-standin"], data=sample_root) == ["w2v-bow2-standin"]
    (cached,) = (tmp_path / "standins").glob("w2v-bow2-standin-*.npz")  # what a later load reads
    words, _ = standins.train_word2vec("w2v-bow2-standin", sample_root)
    assert cached.stat().st_size > 0 and len(words) > 100


def test_corpus_words_counts_the_training_text():
    """About one word per whitespace-separated token of the corpus files (the sample has the Lee
    corpus and a few SCU-marked documents): spaCy splits some tokens and drops punctuation."""
    tokens = sum(len(t.split()) for t in standins.corpus_texts(standins.corpus_files()))
    assert 0.85 * tokens < standins.corpus_words() < 1.25 * tokens


def test_corpus_words_is_counted_once_then_read_from_the_cache(tmp_path, monkeypatch):
    """A chapter quoting the count does not tokenize the corpus again: the count is cached."""
    from pyrabench.text import words_many

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = standins.corpus_texts(standins.corpus_files())
    first = standins.corpus_words()
    assert first == sum(len(ws) for ws in words_many(texts))
    assert list((tmp_path / "word-counts").glob("*.json"))
    monkeypatch.setattr("pyrabench.data.corpora.words_many", lambda texts: pytest.fail("tokenized again"))
    assert standins.corpus_words() == first


_HASH = ("import hashlib, sys; from pyrabench.embeddings import standins; "
         "print(hashlib.sha256(standins.train_word2vec('w2v-bow2-standin', sys.argv[1])[1].tobytes()).hexdigest())")


@pytest.mark.skipif(not standins._kernel(), reason="OpenBLAS's kernels are chosen by hand on x86-64 only")
def test_the_vectors_do_not_follow_the_cpu_kernel(tmp_path, sample_root):
    """SGD carries BLAS's last bits into the vectors: trained in processes on two OpenBLAS kernels,
    each from an empty cache, the stand-in is the same bytes (in-process training differed)."""
    import os
    import subprocess
    import sys

    printed = set()
    for kernel in ("Prescott", "Haswell"):
        env = dict(os.environ, OPENBLAS_CORETYPE=kernel, PYRABENCH_CACHE=str(tmp_path / kernel))
        printed.add(subprocess.run([sys.executable, "-c", _HASH, str(sample_root)], env=env, check=True,
                                   capture_output=True, text=True).stdout)
    assert len(printed) == 1


class _Child:
    """Stands in for the training child: writes what it is told to the vectors' path."""

    def __init__(self, code: int, stderr: str, vectors: bool = True):
        self.code, self.stderr, self.vectors, self.env = code, stderr, vectors, None

    def __call__(self, cmd, env, **kwargs):
        import subprocess

        self.env = env
        if self.vectors:
            standins.save_vectors(standins.Path(cmd[-1]), ["a", "b"], np.ones((2, 3), np.float32))
        return subprocess.CompletedProcess(cmd, self.code, "", self.stderr)


def test_the_child_runs_the_fixed_kernel_and_gensims_false_reports_are_kept_out(monkeypatch, capsys):
    child = _Child(0, f"{standins.GENSIM_DOT_REPORT}\na warning of another kind\n{standins.GENSIM_DOT_REPORT}\n")
    monkeypatch.setattr(standins.subprocess, "run", child)
    monkeypatch.setattr(standins.platform, "machine", lambda: "x86_64")
    monkeypatch.setenv("OPENBLAS_CORETYPE", "SkylakeX")
    words, vectors = standins._train_in_child([["a", "b"]], 2, 0)
    assert words == ["a", "b"] and vectors.shape == (2, 3)
    assert child.env["OPENBLAS_CORETYPE"] == "Prescott" and child.env["OPENBLAS_NUM_THREADS"] == "1"
    assert capsys.readouterr().err == "a warning of another kind\n"


def test_a_failed_child_is_an_embedding_error_with_its_cause(monkeypatch):
    from pyrabench.errors import EmbeddingError

    monkeypatch.setattr(standins.subprocess, "run", _Child(1, "Traceback (most recent call last):\nMemoryError\n",
                                                           vectors=False))
    with pytest.raises(EmbeddingError, match="exit 1"):
        try:
            standins._train_in_child([["a", "b"]], 2, 0)
        except EmbeddingError as error:
            assert "MemoryError" in str(error)
            raise
