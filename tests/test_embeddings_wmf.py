"""WMF: both solvers against a dense weighted least-squares solve, the CG solver against the
exact one, the one tokenization, TF-IDF rows, fold-in, determinism and the cache."""

from __future__ import annotations

import re

import numpy as np
import pytest
import scipy.sparse as sp
from threadpoolctl import threadpool_limits

from pyrabench import text
from pyrabench.embeddings import wmf
from pyrabench.embeddings.encode import encode_dense
from pyrabench.embeddings.wmf import WMFParams

SMALL = WMFParams(dim=4, lam=0.5, w_m=0.05, iterations=12, seed=3, init_scale=0.1)


def _params(base: WMFParams = SMALL, **changes) -> WMFParams:
    return WMFParams(**{**base.__dict__, **changes})


def _sparse(seed=0, n=40, v=25, density=0.25):
    rng = np.random.default_rng(seed)
    x = sp.random(n, v, density=density, random_state=rng, dtype=np.float32, data_rvs=lambda k: rng.uniform(0.5, 3, k))
    x = sp.csr_matrix(x)
    x.sort_indices()
    return x


def _dense_rows(m: sp.csr_matrix, fixed: np.ndarray, params: WMFParams) -> np.ndarray:
    """Each row's minimizer of Σⱼ Wⱼ (x·fⱼ − mⱼ)² + λ‖x‖², W = 1 on nonzeros and w_m elsewhere,
    by the dense weighted normal equations in float64: what every solver must agree with."""
    dense, f = m.toarray().astype(np.float64), fixed.astype(np.float64)
    out = []
    for row in dense:
        w = np.where(row != 0, 1.0, params.w_m)
        out.append(np.linalg.solve(f.T @ (w[:, None] * f) + params.lam * np.eye(f.shape[1]), f.T @ (w * row)))
    return np.array(out)


def _dense_als(x: sp.csr_matrix, params: WMFParams) -> tuple[np.ndarray, np.ndarray]:
    """ALS by dense weighted least squares, from the same seeded start as :func:`wmf.factorize`."""
    q = (np.random.default_rng(params.seed).standard_normal((x.shape[0], params.dim)) * params.init_scale)
    q = q.astype(np.float32).astype(np.float64)
    xt = sp.csr_matrix(x.T)
    for _ in range(params.iterations):
        p = _dense_rows(xt, q, params)
        q = _dense_rows(x, p, params)
    return p, q


@pytest.mark.parametrize("side", ["words", "texts"])
def test_exact_rows_are_the_dense_weighted_least_squares_solve(side):
    """w_m < 1 and λ > 0; rows shorter than K (Woodbury) and longer (normal equations)."""
    x = _sparse(seed=1, n=60, v=30, density=0.3)
    m = sp.csr_matrix(x.T) if side == "words" else x
    lengths = np.diff(m.indptr)
    params = _params(dim=int(np.median(lengths)), lam=0.7, w_m=0.05)
    assert lengths.min() < params.dim < lengths.max()
    fixed = np.random.default_rng(2).standard_normal((m.shape[1], params.dim)).astype(np.float32)
    np.testing.assert_allclose(wmf.solve_rows(m, fixed, params, solver="exact"), _dense_rows(m, fixed, params),
                               rtol=1e-4, atol=1e-5)


def test_cg_reaches_the_exact_rows_in_enough_steps():
    """CG on (I + c·HᵀH) z: at most K + 1 steps from any start give the exact solve."""
    x = _sparse(seed=4, n=50, v=20, density=0.4)
    params = _params(dim=5, lam=0.3, w_m=0.02, cg_steps=12)
    fixed = np.random.default_rng(5).standard_normal((x.shape[1], params.dim)).astype(np.float32)
    start = np.random.default_rng(6).standard_normal((x.shape[0], params.dim)).astype(np.float32)
    exact = _dense_rows(x, fixed, params)
    np.testing.assert_allclose(wmf.solve_rows(x, fixed, params, start=start), exact, rtol=1e-3, atol=1e-4)
    few = wmf.solve_rows(x, fixed, _params(params, cg_steps=1), start=start)
    assert np.abs(few - exact).max() > 1e-2  # one step is not the solve: the test above can fail


def test_reference_als_is_the_dense_als():
    x = _sparse(seed=7, n=45, v=30, density=0.3)
    params = _params(dim=6, lam=0.8, w_m=0.03, iterations=5, solver="exact", init_scale=0.3)
    p, q, _ = wmf.factorize(x, params)
    dense_p, dense_q = _dense_als(x, params)
    np.testing.assert_allclose(p, dense_p, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(q, dense_q, rtol=1e-3, atol=1e-4)


@pytest.mark.parametrize("cg_steps", [2, 3])
def test_cg_objective_is_within_a_hair_of_the_exact_solver(cg_steps):
    """The published weights (w_m = 0.01, λ = 20 scaled to the data), rows longer than the steps."""
    x = _sparse(seed=8, n=300, v=120, density=0.08) * 4
    params = _params(dim=10, lam=2.0, w_m=0.01, iterations=20, init_scale=0.01, seed=0)
    _, _, exact = wmf.factorize(x, _params(params, solver="exact"), track_objective=True)
    _, _, cg = wmf.factorize(x, _params(params, cg_steps=cg_steps), track_objective=True)
    assert cg[-1] == pytest.approx(exact[-1], rel=5e-3)
    assert cg[-1] < 0.5 * cg[0]


@pytest.mark.parametrize("solver,cg_steps", [("exact", 3), ("cg", 1), ("cg", 3)])
def test_objective_never_increases(solver, cg_steps):
    x = _sparse()
    params = _params(solver=solver, cg_steps=cg_steps)
    p, q, trace = wmf.factorize(x, params, track_objective=True)
    assert len(trace) == params.iterations
    steps = np.diff(trace)
    assert (steps <= 1e-4 * np.abs(trace[:-1])).all(), steps
    assert trace[-1] < 0.7 * trace[0]
    assert trace[-1] == pytest.approx(wmf.objective(x, p, q, params))


def test_objective_counts_missing_cells_with_weight_w_m():
    x = sp.csr_matrix(np.array([[2.0, 0.0], [0.0, 1.0]], dtype=np.float32))
    p = np.array([[1.0], [1.0]], dtype=np.float32)  # words
    q = np.array([[1.0], [0.5]], dtype=np.float32)  # texts
    params = WMFParams(dim=1, lam=0.1, w_m=0.2)
    # observed cells: (1-2)^2 + (0.5-1)^2; missing: 0.2*(1^2 + 0.5^2); reg: 0.1*(2 + 1.25)
    expected = 1.0 + 0.25 + 0.2 * 1.25 + 0.1 * 3.25
    assert wmf.objective(x, p, q, params) == pytest.approx(expected)


@pytest.mark.parametrize("solver", wmf.SOLVERS)
def test_without_weights_and_regularization_texts_span_the_top_singular_subspace(solver):
    rng = np.random.default_rng(1)
    u, _ = np.linalg.qr(rng.standard_normal((30, 30)))
    v, _ = np.linalg.qr(rng.standard_normal((12, 12)))
    s = np.array([20, 15, 10, 2, 1.5, 1, 0.8, 0.5, 0.3, 0.2, 0.1, 0.05])
    x = sp.csr_matrix((u[:, :12] * s) @ v.T, dtype=np.float32)
    params = WMFParams(dim=3, lam=1e-6, w_m=1.0, iterations=60, seed=0, init_scale=1.0, solver=solver)
    _, q, _ = wmf.factorize(x, params)
    basis, _ = np.linalg.qr(q.astype(np.float64))
    cosines = np.linalg.svd(basis.T @ u[:, :3], compute_uv=False)  # cosines of the principal angles
    assert cosines.min() > 1 - 1e-4


def test_unknown_solver_is_refused():
    with pytest.raises(ValueError, match="solver"):
        WMFParams(solver="sgd")
    with pytest.raises(ValueError, match="solver"):
        wmf.solve_rows(_sparse(), np.ones((25, 4), np.float32), SMALL, solver="sgd")


def test_fold_in_of_a_training_text_is_its_trained_vector():
    texts = ["the cat sat on the mat", "a dog sat on a log", "cats and dogs", "the mat and the log",
             "a cat chased a dog", "dogs chase cats on mats"] * 3
    model = wmf.fit(texts, _params(solver="exact"), cache=False, keep_texts=True)
    x = wmf.term_matrix(texts, SMALL.min_count).tfidf
    np.testing.assert_allclose(model.fold_in(x), model.q, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(model.vectors(texts[:2]), model.q[:2], rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- the one tokenization

TRICKY = ["Don't re-run U.S. data, 42times!", "It cannot be; gonna CANNOT (cannot) 'cause Mr. Smith's",
          "at 3pm, 10km south; e.g. $5.50 or US$5", "İstanbul café naïve Ünal", "well-known x-ray co-operate",
          "http://example.com/a_b?c=d user@mail.org", "She'd've gone... “quoted” (parenthesized) [x] {y}",
          "id hes ill wont cant dont im", "", "   ", "ALL CAPS Words And 1990s 2nd"]


def test_words_are_the_runs_of_spacys_words_each_chunk_asked_only_when_needed():
    expected = [[r for w in text.words(t) for r in re.findall(r"[a-z0-9]+", w)] for t in TRICKY]
    assert wmf.text_words(TRICKY) == expected
    assert wmf.text_words(["Don't re-run U.S. data, 42times!"]) == [["do", "n", "t", "re", "run", "u", "s", "data", "42times"]]
    assert wmf.text_words(["cannot Gonna 3pm"]) == [["can", "not", "gon", "na", "3", "pm"]]


def test_the_scorers_words_get_the_same_stems_as_their_text():
    model = wmf.fit(["the dogs do not bark", "dogs don't bark at 3pm", "cannot bark"] * 2,
                    _params(min_count=1, iterations=2), cache=False)
    for t in ["Dogs don't bark at 3pm; they cannot!", "The dog's bark"]:
        words = text.words(t)
        per_word, ids = model.word_ids(words)
        assert per_word.sum() == len(ids) and len(per_word) == len(words)
        rows, _ = model.text_matrix([t])
        assert (wmf.tfidf_rows(np.array([len(ids)]), ids, model.idf) != rows).nnz == 0


def test_words_stems_and_the_rare_word_rule_by_hand():
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


def test_tfidf_rows_count_known_ids_and_weigh_them():
    idf = np.array([0.5, 2.0, 3.0], dtype=np.float32)
    rows = wmf.tfidf_rows(np.array([3, 0, 2]), np.array([1, 1, -1, 2, 0]), idf)
    np.testing.assert_allclose(rows.toarray(), [[0, 4, 0], [0, 0, 0], [0.5, 0, 3]])
    assert rows.dtype == wmf.DTYPE and rows.has_sorted_indices


# --------------------------------------------------------------------------- determinism and the cache


def test_training_is_deterministic_to_the_byte_whatever_the_threads(monkeypatch):
    x = _sparse(seed=5, n=400, v=60, density=0.1)
    params = _params(dim=8, iterations=3)
    monkeypatch.setattr(wmf, "BATCH_FLOATS", 1024)  # many chunks, so the threads share them
    runs = []
    for threads, blas in ((1, 1), (2, 2), (2, 1)):
        monkeypatch.setattr(wmf, "THREADS", threads)
        with threadpool_limits(blas):
            runs.append(wmf.factorize(x, params)[:2])
    for p, q in runs[1:]:
        assert p.tobytes() == runs[0][0].tobytes() and q.tobytes() == runs[0][1].tobytes()
    p3, _, _ = wmf.factorize(x, _params(params, seed=4))
    assert p3.tobytes() != runs[0][0].tobytes()


def test_cache_is_keyed_by_corpus_parameters_solver_and_tokenizer(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = ["the cat sat", "the cat ran", "a dog sat", "a dog ran"]
    first = wmf.fit(texts, SMALL)
    cached = list((tmp_path / "wmf").glob("*.npz"))
    assert len(cached) == 1
    with np.load(cached[0]) as z:
        assert {f"corpus_{k}" for k in wmf.CORPUS_FIELDS} <= set(z.files)
    assert first.corpus == {"texts": 4, "stems": 6, "stems_before_rule": 6, "nonzeros": 12}

    def no_training(*args, **kwargs):
        raise AssertionError("trained again although the corpus is cached")

    monkeypatch.setattr(wmf, "factorize", no_training)
    again = wmf.fit(list(texts), SMALL)
    assert again.p.tobytes() == first.p.tobytes() and again.vocab == first.vocab and again.corpus == first.corpus
    for other_texts, other_params in ((texts[:-1] + ["a dog sat"], SMALL), (texts, _params(lam=0.6)),
                                      (texts, _params(solver="exact")), (texts, _params(cg_steps=2))):
        with pytest.raises(AssertionError, match="trained again"):
            wmf.fit(other_texts, other_params)
    monkeypatch.setattr(wmf, "tokenizer_version", lambda: "another tokenizer")
    with pytest.raises(AssertionError, match="trained again"):
        wmf.fit(texts, SMALL)


def test_embedding_encodes_through_the_one_path():
    texts = ["the cat sat on the mat", "a dog sat on a log", "cats and dogs", "the mat and the log"] * 2
    emb = wmf.WMFEmbedding(wmf.fit(texts, SMALL, cache=False), sources=[("toy", 8)], sample=True)
    assert (emb.sources, emb.sample, emb.name) == ([("toy", 8)], True, "wmf")
    rows = encode_dense(emb, ["the cat sat", "zebra!", "", "the cat sat"])
    assert rows.shape == (4, SMALL.dim) and rows.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(rows, axis=1), [1, 0, 0, 1], atol=1e-6)
    assert rows[0].tobytes() == rows[3].tobytes()
    assert emb.last_coverage.texts == 3 and emb.last_coverage.texts_covered == 1
