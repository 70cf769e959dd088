"""Table 1 machinery on a small invented benchmark and a tiny bag-of-words embedding."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp

from pyrabench import published
from pyrabench.embeddings.base import Embedding, normalize_rows
from pyrabench.errors import PyrabenchError
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import metrics
from pyrabench.paraphrase.store import Benchmark


class WordCounts(Embedding):
    """Sum of one-hot word vectors over a fixed vocabulary (unknown words ignored)."""

    def __init__(self, vocab, name="counts"):
        self.vocab = {w: i for i, w in enumerate(vocab)}
        self.dim = len(self.vocab)
        self.name = name
        self.calls: list[list[str]] = []

    def encode(self, texts):
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                if w in self.vocab:
                    out[i, self.vocab[w]] += 1
        return normalize_rows(out)


class Broken(Embedding):
    name, dim = "broken", 2

    def __init__(self, result):
        self.result = result

    def encode(self, texts):
        return self.result(len(texts))


def Bench(binary, ranking, stats):
    """A :class:`pyrabench.paraphrase.build.Benchmark` of synthetic frames (no card, no items)."""
    return Benchmark(binary, ranking, stats, card="")


def tiny_bench() -> Bench:
    binary = pd.DataFrame({
        "pair_id": [0, 1, 2, 3],
        "corpus": "x",
        "topic": "t",
        "text_a": ["red cat sat", "red cat sat", "blue dog ran", "zzz qqq"],
        "text_b": ["red cat sat", "blue dog ran", "blue dog sat", "red cat"],
        "label": [1, 0, 1, 0],
    })
    ranking = pd.DataFrame({
        "question_id": [0, 1],
        "corpus": "x",
        "topic": "t",
        "question": ["red cat sat", "zzz"],
        "answer": ["red cat", "red cat"],
        "distractor_1": ["blue dog", "blue dog"],
        "distractor_2": ["red dog", "red dog"],
        "distractor_3": ["cat ran", "cat ran"],
    })
    return Bench(binary, ranking, {})


VOCAB = ["red", "cat", "sat", "blue", "dog", "ran"]


def synthetic_bench(n_pairs=4000, n_questions=600, seed=0) -> Bench:
    """Paraphrases share most words; negatives share fewer. Answers share more than distractors."""
    rng = np.random.default_rng(seed)
    words = np.array([f"w{i}" for i in range(300)])

    def sentence(base=None, keep=0.0):
        fresh = rng.choice(words, 8)
        if base is None:
            return fresh
        return np.where(rng.random(8) < keep, base, fresh)

    rows = []
    for i in range(n_pairs):
        a = sentence()
        label = int(rng.random() < 0.1)
        b = sentence(a, keep=0.6 if label else 0.3)
        rows.append((i, "x", f"t{i % 7}", " ".join(a), " ".join(b), label))
    binary = pd.DataFrame(rows, columns=["pair_id", "corpus", "topic", "text_a", "text_b", "label"])
    qs = []
    for i in range(n_questions):
        q = sentence()
        qs.append((i, "x", "t", " ".join(q), " ".join(sentence(q, 0.5)),
                   *(" ".join(sentence(q, 0.25)) for _ in range(3))))
    ranking = pd.DataFrame(qs, columns=["question_id", "corpus", "topic", "question", "answer",
                                        "distractor_1", "distractor_2", "distractor_3"])
    return Bench(binary, ranking, {})


def test_each_distinct_text_is_encoded_once():
    b = tiny_bench()
    emb = WordCounts(VOCAB)
    ev.score(b, emb)
    assert len(emb.calls) == 1
    texts = emb.calls[0]
    assert len(texts) == len(set(texts)) == 9


def test_scores_by_hand():
    s = ev.score(tiny_bench(), WordCounts(VOCAB))
    # identical; disjoint; 2 shared words of 3 each -> 2/3; unknown words -> zero vector -> 0
    np.testing.assert_allclose(s.binary, [1.0, 0.0, 2 / 3, 0.0], atol=1e-6)
    assert s.labels.tolist() == [1, 0, 1, 0]
    r = 1 / np.sqrt(6)  # "red cat sat" vs a two-word text sharing 2 words: 2/(sqrt3*sqrt2)
    np.testing.assert_allclose(s.ranking[0], [2 * r, 0, r, r], atol=1e-6)
    np.testing.assert_allclose(s.ranking[1], [0, 0, 0, 0])  # "zzz": no known word
    assert s.zero_texts == 2 and s.n_texts == 9 and s.dim == 6
    success, rr = metrics.ranking_outcomes(s.ranking)
    assert success.tolist() == [1.0, 0.25]


def test_evaluate_row():
    b = synthetic_bench()
    row = ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)]), seed=0, n_resamples=200)
    assert row["embedding"] == "counts"
    assert row["n_pairs_fit"] + row["n_pairs_test"] == 4000
    assert row["n_questions"] == 600
    for metric in ("binary_f1", "ranking_success", "ranking_mrr"):
        assert row[f"{metric}_low"] <= row[metric] <= row[f"{metric}_high"]
    assert row["binary_f1"] > 0.5  # paraphrases share twice as many words here
    assert row["ranking_success"] > 0.5 and row["ranking_mrr"] > row["ranking_success"]
    # the row is recomputable from the metric functions alone
    s = ev.score(b, WordCounts([f"w{i}" for i in range(300)]))
    fit, test = metrics.split_indices(s.labels, 0.1, 0)
    t = metrics.best_f_threshold(s.binary[fit], s.labels[fit]).threshold
    assert row["binary_threshold"] == t
    assert row["binary_f1"] == metrics.f_at_threshold(s.binary[test], s.labels[test], t).f1
    assert row["ranking_mrr"] == metrics.mean_reciprocal_rank(s.ranking)
    json.dumps(row, allow_nan=False)
    assert row == ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)]), seed=0, n_resamples=200)


def test_embedding_without_any_known_word_is_chance_on_ranking():
    b = synthetic_bench(n_pairs=500, n_questions=200)
    row = ev.evaluate(b, WordCounts(["nothing"], name="blank"))
    assert row["ranking_success"] == pytest.approx(0.25)
    assert row["ranking_mrr"] == pytest.approx(25 / 48)
    assert row["zero_texts"] == row["n_texts"]


@pytest.mark.parametrize(
    "result",
    [lambda n: np.full((n, 2), np.nan), lambda n: np.zeros((n + 1, 2)), lambda n: np.zeros(n)],
)
def test_broken_embedding_is_a_pyrabench_error(result):
    with pytest.raises(PyrabenchError, match="broken"):
        ev.score(tiny_bench(), Broken(result))


def test_missing_column_or_empty_cell():
    b = tiny_bench()
    with pytest.raises(PyrabenchError, match="distractor_3"):
        ev.text_index(Bench(b.binary, b.ranking.drop(columns="distractor_3"), {}))
    bad = b.binary.copy()
    bad.loc[1, "text_b"] = None
    with pytest.raises(PyrabenchError, match="NaN"):
        ev.text_index(Bench(bad, b.ranking, {}))


def test_compare_same_and_different():
    b = synthetic_bench(n_pairs=2000, n_questions=400)
    good = ev.score(b, WordCounts([f"w{i}" for i in range(300)], "good"))
    weak = ev.score(b, WordCounts([f"w{i}" for i in range(30)], "weak"))
    same = ev.compare(good, good, n_resamples=200)
    assert same["binary_f1_difference"] == 0 and same["ranking_mrr_p"] == 1.0
    diff = ev.compare(good, weak, n_resamples=200)
    assert diff["a"] == "good" and diff["b"] == "weak"
    assert diff["ranking_success_difference"] > 0 and diff["ranking_success_p"] < 0.01
    rows = [ev.summarize(good, n_resamples=200), ev.summarize(weak, n_resamples=200)]
    assert diff["ranking_mrr_difference"] == pytest.approx(rows[0]["ranking_mrr"] - rows[1]["ranking_mrr"])
    assert diff["binary_f1_difference"] == pytest.approx(rows[0]["binary_f1"] - rows[1]["binary_f1"])
    other = ev.score(synthetic_bench(n_pairs=100, n_questions=10), WordCounts(["w1"]))
    with pytest.raises(PyrabenchError):
        ev.compare(good, other)


def test_paper_table_is_the_published_one():
    t = published.TABLE1
    assert len(t) == 8
    r = published.table1_row("random")
    assert (r.binary_f1, r.ranking_success, r.ranking_mrr) == (0.04059, 0.24662, 0.52223)
    assert published.table1_row("word2vec-googlenews").ranking_success == 0.66960
    assert max(t, key=lambda row: row.binary_f1).spec == "openie"


class SparseWordCounts(WordCounts):
    """Same vectors, offered sparse (unnormalized, to check the re-normalization)."""

    sparse = True

    def encode(self, texts):
        return sp.csr_matrix(3 * super().encode(texts))


def test_sparse_encoding_gives_the_same_scores():
    b = synthetic_bench(n_pairs=300, n_questions=50)
    vocab = [f"w{i}" for i in range(100)]
    dense, sparse = ev.score(b, WordCounts(vocab)), ev.score(b, SparseWordCounts(vocab))
    np.testing.assert_allclose(sparse.binary, dense.binary, atol=1e-6)
    np.testing.assert_allclose(sparse.ranking, dense.ranking, atol=1e-6)
    assert (sparse.zero_texts, sparse.n_texts, sparse.dim) == (dense.zero_texts, dense.n_texts, dense.dim)
