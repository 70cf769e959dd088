"""The benchmark on the real DUC/TAC pyramids: pinned counts of both presets, the paper's own
examples found in the build, and every rule checked row by row."""

import numpy as np
import pytest

from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase.pairs import binary_pairs, binary_pairs_loop
from pyrabench.paraphrase.policy import PRESETS
from pyrabench.reports import paraphrase as paraphrase_reports
from pyrabench.text import words_many, words_one_by_one

pytestmark = pytest.mark.data

# the paper preset (the default), established with it and cross-checked against the per-pair
# loop and an independent plain-Python re-implementation of the rules
PINNED = {
    "duc2006": dict(pyramids=20, scus=1594, items=3702, propositions=3300, ranking_questions=1514, positive_pairs=2424, negative_pairs=78479, words=37791, unique_words=4278),
    "duc2007": dict(pyramids=23, scus=1583, items=3879, propositions=3324, ranking_questions=1546, positive_pairs=2610, negative_pairs=85180, words=39453, unique_words=4320),
    "duc2007-update": dict(pyramids=30, scus=759, items=1843, propositions=1420, ranking_questions=563, positive_pairs=1085, negative_pairs=10761, words=15126, unique_words=2336),
    "tac2008": dict(pyramids=48, scus=1448, items=3803, propositions=3267, ranking_questions=1599, positive_pairs=2875, negative_pairs=33356, words=33047, unique_words=4001),
}  # fmt: skip
# the literal preset (the rules as the paper's text states them)
PINNED_LITERAL = {
    "duc2006": dict(pyramids=20, scus=1594, items=3556, propositions=3180, ranking_questions=2387, positive_pairs=2187, negative_pairs=6911, words=31605, unique_words=4280),
    "duc2007": dict(pyramids=23, scus=1583, items=3775, propositions=3265, ranking_questions=2546, positive_pairs=2468, negative_pairs=13041, words=33642, unique_words=4319),
    "duc2007-update": dict(pyramids=30, scus=759, items=1788, propositions=1403, ranking_questions=1086, positive_pairs=1015, negative_pairs=1509, words=13219, unique_words=2335),
    "tac2008": dict(pyramids=48, scus=1448, items=3769, propositions=3274, ranking_questions=2818, positive_pairs=2830, negative_pairs=5051, words=28312, unique_words=3992),
}  # fmt: skip
PINNED_NO_LABELS = {  # literal rules, contributors only: (positive, negative, questions)
    "duc2006": (925, 3397, 1126),
    "duc2007": (1088, 5648, 1242),
}
DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(scope="module")
def corpora(real_data):
    return benchmark.corpora_from_root(real_data, list(PINNED))


@pytest.fixture(scope="module")
def bench(corpora):
    return benchmark.build(corpora)


@pytest.fixture(scope="module")
def literal(corpora):
    return benchmark.build(corpora, PRESETS["literal"])


@pytest.mark.parametrize("preset, pinned", [("paper", PINNED), ("literal", PINNED_LITERAL)])
def test_pinned_counts(bench, literal, preset, pinned):
    b = bench if preset == "paper" else literal
    assert b.stats["preset"] == preset
    for name, expected in pinned.items():
        got = b.stats["corpora"][name]
        assert {k: got[k] for k in expected} == expected, name
        assert got["total_pairs"] == got["positive_pairs"] + got["negative_pairs"]
    assert b.stats["missing"] == ["duc2005"]


def test_paper_regime_on_the_duc_years(bench):
    """The paper's regime on DUC 2006 + 2007 + update: 18-32 negatives per positive (the paper
    22.6), mean item length near the paper's 12.1 words, and one question per (label,
    contributor) pair outnumbering one per label."""
    g = bench.stats["groups"]["duc2006+duc2007+update"]
    assert (g["positive_pairs"], g["negative_pairs"], g["ranking_questions"]) == (6119, 174420, 3623)
    assert 18 <= g["negative_pairs"] / g["positive_pairs"] <= 32
    assert 11.0 <= g["mean_proposition_length"] <= 13.0
    assert all(e["bad_input"]["span-label-fallbacks"] == 0 for e in bench.stats["corpora"].values())


def test_the_papers_examples_are_in_the_build(corpora, bench):
    ex = paraphrase_reports.paper_examples(bench).set_index("figure")
    assert ex.loc["Figure 2, non-paraphrase pair", "where"] == "duc2007/D0743/187/L+188/L"
    assert ex.loc["Figure 2, paraphrase pair", "where"] == "duc2007/D0743/187/0+187/1"
    assert ex.loc["Figure 2, paraphrase pair", "ours"] == (
        "Countries worldwide sent money, equipment / rescue equipment poured in from around the world")
    assert ex.loc["Figure 3, choice 1 (answer)", "where"] == "duc2007/D0701/8/L>0"
    for row in ("Figure 3, question", "Figure 3, choice 2 (distractor)", "Figure 3, choice 3 (distractor)",
                "Figure 3, choices 2 and 3 in one question"):
        assert ex.loc[row, "found"], row
    # choice 4 shares 2 words with the question, as our third distractors do: a tie, drawn
    assert ex.loc["Figure 3, choice 4 (distractor)", "found"] or "tied" in ex.loc["Figure 3, choice 4 (distractor)", "note"]
    # the literal rules reject Figure 2's negative pair (3 shared words) and keep the rest apart
    lit = paraphrase_reports.paper_examples(benchmark.build({k: corpora[k] for k in DUC}, PRESETS["literal"]))
    assert not lit.set_index("figure").loc["Figure 2, non-paraphrase pair", "found"]


def test_contributors_only_counts(corpora):
    b = benchmark.build({k: corpora[k] for k in PINNED_NO_LABELS}, PRESETS["literal"].with_(include_labels=False))
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
            assert len(sx & sy) >= 2  # no negative pair shares fewer than 2 words
    assert (b.scu_a == b.scu_b).eq(b.label == 1).all()
    r = bench.ranking
    for col in ("question", "answer", "distractor_1", "distractor_2", "distractor_3"):
        for ws in words_one_by_one(r[col].tolist()):
            assert len(ws) >= 3 and not set(ws) & policy.pronouns
    scu = lambda col: r[col].str.split("/").str[2]  # noqa: E731
    assert (scu("question_id") == scu("answer_id")).all()
    assert r.question_id.str.split(">").str[0].str.endswith("/L").all()  # SCU labels ask
    for k in (1, 2, 3):
        assert (scu(f"distractor_{k}_id") != scu("question_id")).all()
        assert not r[f"distractor_{k}_id"].str.endswith("/L").any()  # contributors distract
    qw, aw = words_one_by_one(r.question.tolist()), words_one_by_one(r.answer.tolist())
    for k in (1, 2, 3):
        for q, a, d in zip(qw, aw, words_one_by_one(r[f"distractor_{k}"].tolist())):
            assert content(set(d)) not in (content(set(q)), content(set(a)))
    assert (r.distractor_1_shared_words >= r.distractor_2_shared_words).all()
    assert (r.distractor_2_shared_words >= r.distractor_3_shared_words).all()


def test_vectorized_equals_loop_and_tokenizers_agree(bench, literal):
    for b in (bench, literal):
        items, policy = b.items, b.policy
        texts = items.frame.text.tolist()
        assert words_many(texts) == words_one_by_one(texts)
        res = binary_pairs(items, policy)
        assert binary_pairs_loop(items, policy) == list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist()))


def test_deterministic(corpora, bench):
    again = benchmark.build(corpora)
    assert again.binary.equals(bench.binary) and again.ranking.equals(bench.ranking)
    assert again.stats == bench.stats
    assert np.array_equal(again.binary.pair_id.to_numpy(), bench.binary.pair_id.to_numpy())
