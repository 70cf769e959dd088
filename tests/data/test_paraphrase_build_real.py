"""The benchmark on the real DUC/TAC pyramids: pinned counts and every rule checked row by row."""

import numpy as np
import pytest

from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase.pairs import binary_pairs, binary_pairs_loop
from pyrabench.paraphrase.policy import Policy
from pyrabench.text import words_many, words_one_by_one

pytestmark = pytest.mark.data

# established with the default policy (labels in) and cross-checked against the per-pair loop
PINNED = {
    "duc2006": dict(pyramids=20, scus=1594, items=3556, propositions=3180, ranking_questions=2387, positive_pairs=2187, negative_pairs=6911, words=31605, unique_words=4280),
    "duc2007": dict(pyramids=23, scus=1583, items=3775, propositions=3265, ranking_questions=2546, positive_pairs=2468, negative_pairs=13041, words=33642, unique_words=4319),
    "duc2007-update": dict(pyramids=30, scus=759, items=1788, propositions=1403, ranking_questions=1086, positive_pairs=1015, negative_pairs=1509, words=13219, unique_words=2335),
    "tac2008": dict(pyramids=48, scus=1448, items=3769, propositions=3274, ranking_questions=2818, positive_pairs=2830, negative_pairs=5051, words=28312, unique_words=3992),
}  # fmt: skip
PINNED_NO_LABELS = {  # contributors only: (positive, negative, questions)
    "duc2006": (925, 3397, 1126),
    "duc2007": (1088, 5648, 1242),
}


@pytest.fixture(scope="module")
def corpora(real_data):
    return benchmark.corpora_from_root(real_data, list(PINNED))


@pytest.fixture(scope="module")
def bench(corpora):
    return benchmark.build(corpora)


def test_pinned_counts(bench):
    for name, expected in PINNED.items():
        got = bench.stats["corpora"][name]
        assert {k: got[k] for k in expected} == expected, name
        assert got["total_pairs"] == got["positive_pairs"] + got["negative_pairs"]
    assert bench.stats["missing"] == ["duc2005"]
    g = bench.stats["groups"]["duc2006+duc2007"]
    assert (g["positive_pairs"], g["negative_pairs"], g["ranking_questions"]) == (4655, 19952, 4933)


def test_contributors_only_counts(corpora):
    b = benchmark.build({k: corpora[k] for k in PINNED_NO_LABELS}, Policy(include_labels=False))
    for name, (pos, neg, q) in PINNED_NO_LABELS.items():
        e = b.stats["corpora"][name]
        assert (e["positive_pairs"], e["negative_pairs"], e["ranking_questions"]) == (pos, neg, q)


def test_every_rule_holds_on_every_row(bench):
    """Re-tokenized text by text (spaCy, not the batched path) and checked independently."""
    policy = bench.policy
    b = bench.binary
    wa, wb = words_one_by_one(b.text_a.tolist()), words_one_by_one(b.text_b.tolist())
    content = lambda ws: {w for w in ws if w not in policy.stop_words and any(c.isalnum() for c in w)}  # noqa: E731
    for x, y, label, shared in zip(wa, wb, b.label.tolist(), b.shared_words.tolist()):
        sx, sy = set(x), set(y)
        assert len(x) >= 3 and len(y) >= 3
        assert not (sx | sy) & policy.pronouns
        assert content(sx) != content(sy)
        assert shared == len(sx & sy)
        if label == 0:
            assert len(sx & sy) > 3  # no negative pair shares <= 3 words
    assert (b.scu_a == b.scu_b).eq(b.label == 1).all()
    r = bench.ranking
    for col in ("question", "answer", "distractor_1", "distractor_2", "distractor_3"):
        for ws in words_one_by_one(r[col].tolist()):
            assert len(ws) >= 3 and not set(ws) & policy.pronouns
    scu = lambda col: r[col].str.split("/").str[2]  # noqa: E731
    assert (scu("question_id") == scu("answer_id")).all()
    for k in (1, 2, 3):
        assert (scu(f"distractor_{k}_id") != scu("question_id")).all()
    assert (r.distractor_1_shared_words >= r.distractor_2_shared_words).all()
    assert (r.distractor_2_shared_words >= r.distractor_3_shared_words).all()


def test_vectorized_equals_loop_and_tokenizers_agree(bench):
    items, policy = bench.items, bench.policy
    texts = items.frame.text.tolist()
    assert words_many(texts) == words_one_by_one(texts)
    res = binary_pairs(items, policy)
    assert binary_pairs_loop(items, policy) == list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist()))


def test_deterministic(corpora, bench):
    again = benchmark.build(corpora)
    assert again.binary.equals(bench.binary) and again.ranking.equals(bench.ranking)
    assert again.stats == bench.stats
    assert np.array_equal(again.binary.pair_id.to_numpy(), bench.binary.pair_id.to_numpy())
