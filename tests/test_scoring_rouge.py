"""ROUGE recall: our vectorized counts against Google's rouge-score pair by pair, and the
jackknife over models worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring import rouge

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")


@pytest.fixture(scope="module")
def scorer():
    return rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)


@pytest.mark.parametrize("name", ["duc2006", "duc2007-update"])
def test_pair_recalls_equal_rouge_score(sample_root, scorer, name):
    corpus = load_corpus(name, sample_root)
    for peer in corpus.peers[:6]:
        models = peer.pyramid.summaries
        hits, counts = rouge.pair_counts([rouge.tokenize(peer.summary)], [rouge.tokenize(m) for m in models])
        for j, m in enumerate(models):
            ref = scorer.score(m, peer.summary)
            ours = hits[0, j] / counts[j]
            assert ours == pytest.approx([ref["rouge1"].recall, ref["rouge2"].recall, ref["rougeL"].recall], abs=1e-12)


@pytest.mark.parametrize("a, b", [("a b c d", "a c d b"), ("", "x"), ("x y", ""), ("a a a", "a"),
                                  ("the cat sat on the mat", "a cat sat on a mat the end")])
def test_lcs_length_equals_the_dynamic_program(a, b):
    x, y = a.split(), b.split()
    table = rouge_scorer._lcs_table(x, y) if x and y else [[0]]
    assert rouge.lcs_length(x, y) == table[-1][-1]


def test_lcs_length_random_sequences():
    rng = np.random.default_rng(0)
    for _ in range(50):
        x = list(rng.choice(list("abcde"), rng.integers(0, 70)))
        y = list(rng.choice(list("abcde"), rng.integers(0, 70)))
        want = rouge_scorer._lcs_table(x, y)[-1][-1] if x and y else 0
        assert rouge.lcs_length(x, y) == want


def test_jackknife_by_hand():
    # one peer, three models; ROUGE-1 hits 2, 4, 0 of model sizes 4, 8, 2
    hits = np.array([[[2, 0, 0], [4, 0, 0], [0, 0, 0]]])
    counts = np.array([[4, 1, 1], [8, 1, 1], [2, 1, 1]])
    pooled = rouge.pooled_recall(hits, counts, jackknife=False)[0, 0]
    assert pooled == pytest.approx(6 / 14)
    jack = rouge.pooled_recall(hits, counts, jackknife=True)[0, 0]
    assert jack == pytest.approx(np.mean([4 / 10, 2 / 6, 6 / 12]))
    one = rouge.pooled_recall(hits[:, :1], counts[:1], jackknife=True)[0, 0]
    assert one == pytest.approx(2 / 4)  # a single model is used as is
    zero = rouge.pooled_recall(np.zeros((1, 2, 3)), np.zeros((2, 3), dtype=int))
    assert (zero == 0).all()  # no reference n-gram: 0, never NaN


def test_rouge_frame_cached_and_equal(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    a = rouge.rouge_frame(corpus)
    assert len(list((tmp_path / "scoring" / "rouge").glob("*.pkl"))) == 1
    b = rouge.rouge_frame(corpus)
    assert a.equals(b) and len(a) == len(corpus.peers)
    assert list(a.columns) == ["topic", "peer", "annotator", "rouge_1", "rouge_2", "rouge_l"]
    assert a[["rouge_1", "rouge_2", "rouge_l"]].gt(0).all().all()
    assert (a["rouge_1"] >= a["rouge_2"]).all()


def test_rouge_items_scores_each_item_against_its_pyramid(sample_root):
    from pyrabench.scoring.recipe2013.pipeline import items_from_peers

    corpus = load_corpus("duc2007", sample_root)
    items = items_from_peers(corpus.peers)
    got = rouge.rouge_items(items)
    assert list(got.columns) == [*items[0].key, *rouge.ROUGE_TYPES] and len(got) == len(items)
    for item, (_, row) in zip(items, got.iterrows()):
        expected = rouge.rouge_pyramid(item.pyramid, [item.text])[0]
        np.testing.assert_allclose(row[list(rouge.ROUGE_TYPES)].to_numpy(float), expected, rtol=0, atol=1e-12)
