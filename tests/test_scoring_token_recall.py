"""MiniLM token recall (BERTScore's recall of units): against a direct per-pair reference on
small random vectors, IDF by hand, and the baseline's per-summary score."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pyrabench.data.lite_pyramids import lite_pyramid
from pyrabench.embeddings.token_vectors import TokenVectors
from pyrabench.scoring import token_recall as tr


def _ragged(lengths, dim, rng, ids_high=7):
    lengths = np.asarray(lengths, dtype=np.int64)
    n = int(lengths.sum())
    v = rng.standard_normal((n, dim)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return TokenVectors(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
                        rng.integers(0, ids_high, n).astype(np.int64), v)


def _one(tv, i):
    a, b = tv.offsets[i], tv.offsets[i + 1]
    return tv.ids[a:b], tv.vectors[a:b].astype(np.float64)


def _reference(unit_ids, unit_vecs, target_vecs, idf):
    """BERTScore's recall of one unit against one target, pair by pair."""
    if not len(unit_ids):
        return 0.0
    w = np.array([idf(np.array([i]))[0] for i in unit_ids])
    if w.sum() == 0:
        w = np.ones(len(unit_ids))
    best = [max((float(u @ t) for t in target_vecs), default=0.0) for u in unit_vecs]
    return float(np.dot(w, best) / w.sum())


def test_idf_is_bertscores_smoothed_count_over_documents():
    idf = tr.IDF.of([[1, 2, 2, 3], [2, 5], [2]])  # token 2 in all three documents, 1 in one
    assert idf.documents == 3
    got = idf(np.array([2, 1, 5, 9]))
    assert got.tolist() == pytest.approx([math.log(4 / 4), math.log(4 / 2), math.log(4 / 2), math.log(4 / 1)])


def test_recall_matches_a_per_pair_reference():
    rng = np.random.default_rng(3)
    units = _ragged([3, 1, 0, 4, 2], 5, rng)  # the third unit has no token
    sentences = _ragged([2, 0, 3, 1, 4, 2], 5, rng)  # an empty sentence too
    per_summary = [2, 1, 0, 3]  # a summary with no sentence
    idf = tr.IDF.of([[0, 1, 2], [2, 3], [4, 2]])
    by_sent, by_summary = tr.recall(units, idf, sentences, per_summary)
    assert by_sent.shape == (5, 6) and by_summary.shape == (5, 4)
    bounds = np.concatenate([[0], np.cumsum(per_summary)])
    for u in range(len(units)):
        ids, vecs = _one(units, u)
        for s in range(len(sentences)):
            assert by_sent[u, s] == pytest.approx(_reference(ids, vecs, _one(sentences, s)[1], idf), abs=1e-5)
        for k in range(len(per_summary)):
            tokens = np.concatenate([_one(sentences, s)[1] for s in range(bounds[k], bounds[k + 1])] or [np.zeros((0, 5))])
            assert by_summary[u, k] == pytest.approx(_reference(ids, vecs, tokens, idf), abs=1e-5)
    assert (by_sent[2] == 0).all() and (by_summary[:, 2] == 0).all()
    # chunked products give the same figures
    small = tr.CHUNK_FLOATS
    try:
        tr.CHUNK_FLOATS = 7
        again = tr.recall(units, idf, sentences, per_summary)
    finally:
        tr.CHUNK_FLOATS = small
    assert np.allclose(again[0], by_sent) and np.allclose(again[1], by_summary)


def test_idf_weights_a_rare_token_above_a_common_one():
    # unit tokens: id 0 (in every document: weight 0) matched at cosine 1, id 1 (rare) at cosine 0
    e = np.eye(3, dtype=np.float32)
    units = TokenVectors(np.array([0, 2]), np.array([0, 1]), np.stack([e[0], e[1]]))
    sentence = TokenVectors(np.array([0, 1]), np.array([0]), e[:1])
    idf = tr.IDF.of([[0, 1], [0], [0]])
    _, by_summary = tr.recall(units, idf, sentence, [1])
    assert by_summary[0, 0] == pytest.approx(0.0)  # only the rare token counts, and it is not matched
    flat = tr.IDF.of([[0, 1], [0, 1]])  # both tokens in every document: the unit is averaged unweighted
    assert tr.recall(units, flat, sentence, [1])[1][0, 0] == pytest.approx(0.5)


def test_summary_scores_are_the_units_mean_recall_each_text_encoded_once(fake_token_encoder):
    words = "the storm hit the coast hundreds lost power officials said".split()
    enc = fake_token_encoder(words, dim=4)
    a = lite_pyramid("t1", ["The storm hit the coast", "Hundreds lost power"])
    b = lite_pyramid("t2", ["Officials said"])
    sentences = [["The storm hit the coast."], ["Hundreds lost power.", "The storm hit the coast!"], []]
    got = tr.summary_scores([a, a, b], sentences, enc)
    assert sorted(enc.calls) == sorted(set(enc.calls))  # one call, each distinct text once
    # first summary: the first unit is all there (recall 1); the second unit's words are absent
    idf = tr.reference_idf(enc, [a, b])
    ids, vecs = enc.token_ids(["Hundreds lost power"]), enc.encode(["Hundreds lost power"]).vectors
    second = _reference(ids[0], vecs.astype(np.float64), enc.encode(["The storm hit the coast."]).vectors, idf)
    assert got[0] == pytest.approx((1.0 + second) / 2, abs=1e-6)
    assert got[1] == pytest.approx(1.0, abs=1e-6)  # both units found, across two sentences
    assert got[2] == 0.0  # an empty summary


def _one_hot(fake_token_encoder, words):
    """A fake encoder whose word rows are one-hot: a cosine is 1 for the same word, else 0."""
    enc = fake_token_encoder(words, dim=4)
    enc.rows = np.eye(len(enc.vocab), dtype=np.float32)
    return enc


def test_summary_scores_weigh_a_full_pyramids_units_by_their_weights(fake_token_encoder):
    from pyrabench.data.model import SCU, Contributor, Part, Pyramid

    words = "the storm hit coast hundreds lost power".split()
    enc = _one_hot(fake_token_encoder, words)
    models = ("The storm hit the coast. Hundreds lost power.", "The storm hit the coast.", "The storm hit the coast.")

    def scu(k, label, summaries):
        return SCU(k, label, tuple(Contributor(label, (Part(label, 0, len(label)),), i) for i in summaries))

    pyramid = Pyramid("duc2006", "D0601", models, ("A", "B", "C"),
                      (scu(1, "storm hit coast", (0, 1, 2)), scu(2, "hundreds lost power", (0,))))
    assert [s.weight for s in pyramid.scus] == [3, 1]
    got = tr.summary_scores([pyramid, pyramid], [["The storm hit the coast."], ["Hundreds lost power."]], enc)
    # one-hot rows: a unit whose words are all in the summary recalls 1, one with none of them 0.
    # first summary: SCU 1 (weight 3) recalled 1, SCU 2 (weight 1) 0 -> (3·1 + 1·0) / 4 = 0.75
    # (the plain mean of the units would be 0.5); second: (3·0 + 1·1) / 4 = 0.25
    assert got.tolist() == pytest.approx([0.75, 0.25])


def test_idf_over_no_document_weighs_every_token_log_1():
    idf = tr.IDF.of([])  # M = 0: every token is of no document, log(0 + 1) = 0
    assert idf.documents == 0 and len(idf.ids) == 0
    assert idf(np.array([0, 5])).tolist() == [0.0, 0.0]


def test_recall_against_no_summary_has_no_column():
    rng = np.random.default_rng(0)
    units, sentences = _ragged([2, 1], 3, rng), _ragged([], 3, rng)
    by_sent, by_summary = tr.recall(units, tr.IDF.of([[0]]), sentences, [])
    assert by_sent.shape == (2, 0) and by_summary.shape == (2, 0)


def test_a_one_unit_pyramid_scores_its_recall_and_a_pyramid_without_unit_zero(fake_token_encoder):
    enc = _one_hot(fake_token_encoder, "the storm hit coast".split())
    one, none = lite_pyramid("t1", ["storm hit coast"]), lite_pyramid("t2", [])
    got = tr.summary_scores([one, none], [["The storm hit the coast."], ["The storm hit the coast."]], enc)
    assert got.tolist() == [1.0, 0.0]  # weight 1 of 1: its recall; no unit (weights sum to 0): 0
