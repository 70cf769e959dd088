"""WMF: ALS on small hand-made matrices with known answers, the preprocessing rules by hand,
fold-in, determinism and the cache."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from pyrabench.embeddings import wmf
from pyrabench.embeddings.encode import encode_dense
from pyrabench.embeddings.wmf import WMFParams

SMALL = WMFParams(dim=4, lam=0.5, w_m=0.05, iterations=12, seed=3, init_scale=0.1)


def _sparse(seed=0, n=40, v=25, density=0.25):
    rng = np.random.default_rng(seed)
    x = sp.random(n, v, density=density, random_state=rng, dtype=np.float32, data_rvs=lambda k: rng.uniform(0.5, 3, k))
    x = sp.csr_matrix(x)
    x.sort_indices()
    return x


@pytest.mark.parametrize("exact_word_rows", [64, 2])  # every word exact / most by warm-started CG
def test_objective_never_increases(monkeypatch, exact_word_rows):
    monkeypatch.setattr(wmf, "EXACT_WORD_ROWS", exact_word_rows)
    x = _sparse()
    p, q, trace = wmf.train(x, SMALL, track_objective=True)
    assert len(trace) == SMALL.iterations
    steps = np.diff(trace)
    assert (steps <= 1e-4 * np.abs(trace[:-1])).all(), steps
    assert trace[-1] < 0.7 * trace[0]
    assert trace[-1] == pytest.approx(wmf.objective(x, p, q, SMALL))


def test_objective_counts_missing_cells_with_weight_w_m():
    x = sp.csr_matrix(np.array([[2.0, 0.0], [0.0, 1.0]], dtype=np.float32))
    p = np.array([[1.0], [1.0]], dtype=np.float32)  # words
    q = np.array([[1.0], [0.5]], dtype=np.float32)  # texts
    params = WMFParams(dim=1, lam=0.1, w_m=0.2)
    # observed cells: (1-2)^2 + (0.5-1)^2; missing: 0.2*(1^2 + 0.5^2); reg: 0.1*(2 + 1.25)
    expected = 1.0 + 0.25 + 0.2 * 1.25 + 0.1 * 3.25
    assert wmf.objective(x, p, q, params) == pytest.approx(expected)


def test_without_weights_and_regularization_texts_span_the_top_singular_subspace():
    rng = np.random.default_rng(1)
    u, _ = np.linalg.qr(rng.standard_normal((30, 30)))
    v, _ = np.linalg.qr(rng.standard_normal((12, 12)))
    s = np.array([20, 15, 10, 2, 1.5, 1, 0.8, 0.5, 0.3, 0.2, 0.1, 0.05])
    x = sp.csr_matrix((u[:, :12] * s) @ v.T, dtype=np.float32)
    params = WMFParams(dim=3, lam=1e-6, w_m=1.0, iterations=60, seed=0, init_scale=1.0)
    _, q, _ = wmf.train(x, params)
    basis, _ = np.linalg.qr(q.astype(np.float64))
    cosines = np.linalg.svd(basis.T @ u[:, :3], compute_uv=False)  # cosines of the principal angles
    assert cosines.min() > 1 - 1e-5


def test_fold_in_of_a_training_text_is_its_trained_vector(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = ["the cat sat on the mat", "a dog sat on a log", "cats and dogs", "the mat and the log",
             "a cat chased a dog", "dogs chase cats on mats"] * 3
    model = wmf.fit(texts, SMALL, cache=False, keep_texts=True)
    x = wmf.term_matrix(texts, SMALL.min_count).tfidf
    np.testing.assert_allclose(model.fold_in(x), model.q, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(model.vectors(texts[:2]), model.q[:2], rtol=1e-5, atol=1e-6)


def test_words_stems_and_the_rare_word_rule_by_hand():
    assert wmf.raw_words("Don't re-run U.S. data, 42times!") == ["don", "t", "re", "run", "u", "s", "data", "42times"]
    assert wmf.stems("Running runners ran; generously connected") == ["run", "runner", "ran", "gener", "connect"]
    texts = ["Cats run.", "A cat runs, cats ran", "Dogs bark", "dog"]
    tm = wmf.term_matrix(texts, min_count=2)
    # stems: cat ×3, run ×2, a ×1, ran ×1, dog ×2, bark ×1 → a, ran, bark occur once and go
    assert tm.vocab == ["cat", "run", "dog"]
    assert tm.stems_before_rule == 6
    counts = tm.counts.toarray()
    np.testing.assert_array_equal(counts, [[1, 1, 0], [2, 1, 0], [0, 0, 1], [0, 0, 1]])
    np.testing.assert_allclose(tm.idf, np.log([4 / 2, 4 / 2, 4 / 2]), rtol=1e-6)
    np.testing.assert_allclose(tm.tfidf.toarray(), counts * tm.idf, rtol=1e-6)
    assert wmf.term_matrix(texts, min_count=1).vocab == ["cat", "run", "a", "ran", "dog", "bark"]


def test_training_is_deterministic_to_the_byte():
    x = _sparse(seed=5)
    p1, q1, _ = wmf.train(x, SMALL)
    p2, q2, _ = wmf.train(x, SMALL)
    assert p1.tobytes() == p2.tobytes() and q1.tobytes() == q2.tobytes()
    p3, _, _ = wmf.train(x, WMFParams(**{**SMALL.__dict__, "seed": 4}))
    assert p3.tobytes() != p1.tobytes()


def test_cache_is_keyed_by_corpus_content_and_parameters(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = ["the cat sat", "the cat ran", "a dog sat", "a dog ran"]
    first = wmf.fit(texts, SMALL)
    cached = list((tmp_path / "wmf").glob("*.npz"))
    assert len(cached) == 1

    def no_training(*args, **kwargs):
        raise AssertionError("trained again although the corpus is cached")

    monkeypatch.setattr(wmf, "train", no_training)
    again = wmf.fit(list(texts), SMALL)
    assert again.p.tobytes() == first.p.tobytes() and again.vocab == first.vocab
    for other_texts, other_params in ((texts[:-1] + ["a dog sat"], SMALL),
                                      (texts, WMFParams(**{**SMALL.__dict__, "lam": 0.6}))):
        with pytest.raises(AssertionError, match="trained again"):
            wmf.fit(other_texts, other_params)


def test_embedding_encodes_through_the_one_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = ["the cat sat on the mat", "a dog sat on a log", "cats and dogs", "the mat and the log"] * 2
    emb = wmf.WMFEmbedding(wmf.fit(texts, SMALL))
    rows = encode_dense(emb, ["the cat sat", "zebra!", "", "the cat sat"])
    assert rows.shape == (4, SMALL.dim) and rows.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), [1, 0, 0, 1], atol=1e-6)
    assert rows[0].tobytes() == rows[3].tobytes()
    assert emb.last_coverage.texts == 3 and emb.last_coverage.texts_covered == 1
