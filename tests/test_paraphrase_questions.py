"""The ranking test on hand-built pyramids: the ``literal`` rules (any item asks, one distractor
per SCU, ties by Jaccard) and the ``paper`` rules (label questions, contributor distractors,
several per SCU, ties drawn)."""

import numpy as np
import pytest
from test_paraphrase_pairs import TOY, make_pyramid

from pyrabench.paraphrase import questions as questions_module
from pyrabench.paraphrase.items import build_items, iter_matrices
from pyrabench.paraphrase.policy import PRESETS, Policy
from pyrabench.paraphrase.questions import _first_in_row, ranking_questions
from pyrabench.text import words

RANK = make_pyramid(
    {
        1: ("", ["storm closed the coastal road near the harbour", "heavy rain shut the harbour highway"]),
        2: ("", ["storm closed the coastal road near the bridge"]),  # 6 shared with the first item
        3: ("", ["storm closed the coastal road near town", "storm closed the coastal road near the old town"]),
        4: ("", ["the harbour reopened after two weeks"]),  # 2 shared
        5: ("", ["fishermen protested new quotas"]),  # 0 shared
        6: ("", ["storm closed schools"]),  # 2 shared
    }
)  # fmt: skip


def questions(pyramids, **kw):
    """The literal rules on author text only."""
    policy = PRESETS["literal"].with_(include_labels=False, **kw)
    return ranking_questions(build_items(pyramids, policy), policy)


def test_question_structure_and_distractor_order():
    df, counts = questions([RANK], answer_choice="first")
    q = df.set_index("question_id").loc["toy/T1/1/0"]
    assert q.answer == "heavy rain shut the harbour highway"
    # most shared words first (6 each); tie with equal Jaccard (6/8) -> pyramid order (SCU 2 first);
    # one distractor per SCU: SCU 3's "near town" (6/8) beats its "near the old town" (6/9)
    assert q.distractor_1 == "storm closed the coastal road near the bridge"
    assert q.distractor_2 == "storm closed the coastal road near town"
    assert q.distractor_1_id == "toy/T1/2/0" and q.distractor_2_id == "toy/T1/3/0"
    assert [q.distractor_1_shared_words, q.distractor_2_shared_words] == [6, 6]
    # third: ties at 2 shared words (SCU 4 and SCU 6) broken by Jaccard: "storm closed schools" is shorter
    assert q.distractor_3 == "storm closed schools"
    assert q.answer_shared_words == len(set(words(q.question)) & set(words(q.answer)))


def test_every_question_obeys_the_literal_rules():
    for labels in (False, True):
        policy = PRESETS["literal"].with_(include_labels=labels)
        df, _ = ranking_questions(build_items([TOY, RANK], policy), policy)
        assert len(df) > 0
        for row in df.itertuples():
            texts = [row.question, row.answer, row.distractor_1, row.distractor_2, row.distractor_3]
            ids = [row.question_id, row.answer_id, row.distractor_1_id, row.distractor_2_id, row.distractor_3_id]
            scus = [i.split("/")[2] for i in ids]
            assert scus[0] == scus[1] and scus[0] not in scus[2:]
            assert len(set(scus[2:])) == 3  # distinct SCUs
            for t in texts:
                assert len(words(t)) >= 3 and not set(words(t)) & policy.pronouns
            sims = [row.distractor_1_shared_words, row.distractor_2_shared_words, row.distractor_3_shared_words]
            assert sims == sorted(sims, reverse=True)


def test_distinct_scus_off_allows_two_from_one_scu():
    df, _ = questions([RANK], answer_choice="first", distinct_distractor_scus=False)
    q = df.set_index("question_id").loc["toy/T1/1/0"]
    assert [q.distractor_2_id, q.distractor_3_id] == ["toy/T1/3/0", "toy/T1/3/1"]


# SCU 1 appears four times, so a "random" answer is a real choice among three
WIDE = make_pyramid(
    {
        1: ("", ["storm closed the coastal road near the harbour", "heavy rain shut the harbour highway",
                 "gales blocked the seaside road", "the harbour road was shut by the storm"]),
        2: ("", ["storm closed the coastal road near the bridge"]),
        3: ("", ["storm closed the coastal road near town"]),
        4: ("", ["the harbour reopened after two weeks"]),
        5: ("", ["fishermen protested new quotas"]),
    },
    topic="T3",
)  # fmt: skip


def test_answer_choices_and_determinism():
    first, _ = questions([WIDE], answer_choice="first")
    allq, _ = questions([WIDE], answer_choice="all")
    # "first": the SCU's first other appearance; "all": one question per (question, answer) pair
    assert first[["question_id", "answer_id"]].values.tolist() == [
        ["toy/T3/1/0", "toy/T3/1/1"], ["toy/T3/1/1", "toy/T3/1/0"],
        ["toy/T3/1/2", "toy/T3/1/0"], ["toy/T3/1/3", "toy/T3/1/0"],
    ]  # fmt: skip
    assert len(allq) == 4 * 3 and allq.question_id.is_unique
    pairs = {(q.rsplit(">", 1)[0], a) for q, a in zip(allq.question_id, allq.answer_id)}
    assert pairs == {(f"toy/T3/1/{i}", f"toy/T3/1/{j}") for i in range(4) for j in range(4) if i != j}
    assert "toy/T3/1/0>3" in set(allq.question_id)
    # "random" is seeded: pinned for seed 3, and another seed picks other answers
    seeded, _ = questions([WIDE], seed=3)
    assert seeded[["question_id", "answer_id"]].values.tolist() == [
        ["toy/T3/1/0", "toy/T3/1/3"], ["toy/T3/1/1", "toy/T3/1/3"],
        ["toy/T3/1/2", "toy/T3/1/3"], ["toy/T3/1/3", "toy/T3/1/2"],
    ]  # fmt: skip
    assert questions([WIDE], seed=5)[0].answer_id.tolist() != seeded.answer_id.tolist()
    # a pyramid's questions do not depend on the other pyramids built with it (topics differ,
    # so no item id is shared)
    key = lambda d: d[d.topic == "T3"].sort_values("question_id").reset_index(drop=True)  # noqa: E731
    for others in ([WIDE, RANK], [RANK, WIDE], [TOY, WIDE, RANK]):
        both, _ = questions(others, seed=3)
        assert set(both.topic) == {"T1", "T3"}
        assert key(both).equals(key(seeded))


# Q = "storm closed the coastal road near the harbour": 7 word types
SIM = make_pyramid(
    {
        1: ("", ["storm closed the coastal road near the harbour", "heavy rain shut the harbour highway"]),
        2: ("", ["storm closed the coastal road near the bridge and the old mill by the river"]),  # 6 shared of 12 types: J = 6/13
        3: ("", ["storm closed the road"]),  # 4 shared of 4: J = 4/7
        4: ("", ["the coastal road near harbour"]),  # 5 shared of 5: J = 5/7
        5: ("", ["fishermen protested new quotas"]),  # 0
        6: ("", ["closed schools near town"]),  # 2 shared of 4: J = 2/9
        7: ("", ["storm closed coastal road near harbour"]),  # Q's content words exactly: 6 shared, J = 6/7
    },
    topic="J",
)  # fmt: skip


def _distractors(df, question_id):
    q = df.set_index("question_id").loc[question_id]
    return [q.distractor_1_id.rsplit("/", 2)[1], q.distractor_2_id.rsplit("/", 2)[1], q.distractor_3_id.rsplit("/", 2)[1]], [
        q.distractor_1_shared_words, q.distractor_2_shared_words, q.distractor_3_shared_words]


def test_shared_words_and_jaccard_rank_differently():
    df, _ = questions([SIM], answer_choice="first")
    # shared words: SCU 2 (6), 4 (5), 3 (4); SCU 7 would lead (6, J 6/7) but repeats Q's content words
    assert _distractors(df, "toy/J/1/0") == (["2", "4", "3"], [6, 5, 4])
    df, _ = questions([SIM], answer_choice="first", similarity="jaccard")
    # Jaccard: SCU 4 (5/7 = .71), 3 (4/7 = .57), 2 (6/13 = .46); the shared counts are reported as they are
    assert _distractors(df, "toy/J/1/0") == (["4", "3", "2"], [5, 4, 6])


def test_distractors_differ_from_the_question_in_content_words():
    # without the rule, SCU 7 (same content words as Q) ties SCU 2 at 6 shared words and wins on Jaccard
    df, _ = questions([SIM], answer_choice="first", require_lexical_variety=False)
    assert _distractors(df, "toy/J/1/0") == (["7", "2", "4"], [6, 6, 5])
    df, _ = questions([SIM], answer_choice="first", similarity="jaccard", require_lexical_variety=False)
    assert _distractors(df, "toy/J/1/0") == (["7", "4", "3"], [6, 5, 4])


# the answer "engineers shut the crossing" and SCU 2's item have the same content words
VARIETY = make_pyramid(
    {
        1: ("", ["the bridge was closed for the whole of the week", "engineers shut the crossing"]),
        2: ("", ["the engineers had been shut out of the crossing once again"]),  # shares "the", "of" with Q
        3: ("", ["rain fell in the valley"]),  # shares "the"
        4: ("", ["fishermen protested new quotas"]),
        5: ("", ["schools stayed shut"]),
        6: ("", ["prices rose sharply"]),
    },
    topic="V",
)  # fmt: skip


def test_distractors_differ_from_the_answer_in_content_words():
    df, _ = questions([VARIETY], answer_choice="first")
    # SCU 2 is the most similar to the question but a copy of the answer's content: left out;
    # then SCU 3 (1 shared) and the 0-shared SCUs in pyramid order
    assert _distractors(df, "toy/V/1/0") == (["3", "4", "5"], [1, 0, 0])
    df, _ = questions([VARIETY], answer_choice="first", require_lexical_variety=False)
    assert _distractors(df, "toy/V/1/0") == (["2", "3", "4"], [2, 1, 0])


def test_too_few_distractors_counted():
    tiny = make_pyramid({1: ("", ["storm closed the road", "rain shut the highway"]), 2: ("", ["storm closed the school"])}, topic="X")
    df, counts = questions([tiny])
    assert len(df) == 0
    assert counts["toy"]["too-few-distractors"] == 2
    df, counts = questions([tiny], distractors=1)
    assert len(df) == 2


def test_single_contributor_scus_give_no_question():
    p = make_pyramid({k: ("", [f"storm number {k} closed the road"]) for k in range(1, 6)})
    df, counts = questions([p])
    assert len(df) == 0 and counts["toy"]["no-answer"] == 5


# --------------------------------------------------------------------------- the paper's rules

#: Figure 3 in miniature: a label question whose two most similar contributors (3 shared words
#: each) belong to one SCU, then a tie at 1 shared word among three contributors of other SCUs.
DEES = make_pyramid(
    {
        8: ("Morris Dees founded the law center", [
            "Morris Dees started the law center in 1971",
            "the center's founder is a lawyer from Alabama",
        ]),
        16: ("Lawsuits bankrupt hate groups", [
            "Dees and the law firm sued hate groups into ruin",
            "Dees and the law team won huge civil verdicts",
        ]),
        19: ("The magazine tracks extremists", ["the quarterly magazine tracks extremists nationwide"]),
        20: ("Donations fund the work", ["donors fund the legal work generously"]),
        21: ("Offices opened in Montgomery", ["offices opened in the capital city"]),
        22: ("Threats followed", ["threats followed every major trial verdict"]),
        23: ("Appeals were filed quickly", ["appeals were filed quickly"]),  # label = contributor's words
    },
    topic="F3",
)  # fmt: skip


def paper_questions(pyramids, **kw):
    policy = Policy(**kw)
    return ranking_questions(build_items(pyramids, policy), policy)


def test_label_asks_contributors_answer_and_distract():
    df, counts = paper_questions([DEES])
    assert len(df) and df.question_id.str.split(">").str[0].str.endswith("/L").all()
    assert not df.answer_id.str.endswith("/L").any()
    for k in (1, 2, 3):
        assert not df[f"distractor_{k}_id"].str.endswith("/L").any()
    # one question per (label, contributor) pair; a label with one contributor asks one question
    assert sorted(df.question_id) == [
        "toy/F3/16/L>0", "toy/F3/16/L>1", "toy/F3/19/L>0", "toy/F3/20/L>0", "toy/F3/21/L>0",
        "toy/F3/8/L>0", "toy/F3/8/L>1",
    ]  # fmt: skip
    # SCU 22's label is too short; SCU 23's label has no lexically varied answer (counted)
    assert counts["toy"]["no-answer"] == 1


def test_two_distractors_may_come_from_one_scu():
    df, _ = paper_questions([DEES])
    q = df.set_index("question_id").loc["toy/F3/8/L>0"]
    assert {q.distractor_1_id, q.distractor_2_id} == {"toy/F3/16/0", "toy/F3/16/1"}
    assert [q.distractor_1_shared_words, q.distractor_2_shared_words] == [3, 3]  # dees, the, law
    distinct, _ = paper_questions([DEES], distinct_distractor_scus=True)
    d = distinct.set_index("question_id").loc["toy/F3/8/L>0"]
    assert len({d.distractor_1_id.split("/")[2], d.distractor_2_id.split("/")[2], d.distractor_3_id.split("/")[2]}) == 3


def test_ties_go_to_a_seeded_draw():
    """The third distractor of "Morris Dees founded the law center" is one of the contributors
    sharing only "the" with it; which one depends on the seed, never on pyramid order alone."""
    tied = {"toy/F3/19/0", "toy/F3/20/0", "toy/F3/21/0"}
    picks = set()
    for seed in range(12):
        df, _ = paper_questions([DEES], seed=seed)
        q = df.set_index("question_id").loc["toy/F3/8/L>1"]
        assert q.distractor_3_id in tied and q.distractor_3_shared_words == 1
        picks.add(q.distractor_3_id)
        again, _ = paper_questions([DEES], seed=seed)
        assert again.equals(df)
    assert len(picks) >= 2
    # ties broken by Jaccard then pyramid order instead: always the same item
    fixed = {paper_questions([DEES], seed=s, tie_break="jaccard")[0].set_index("question_id").loc["toy/F3/8/L>1"].distractor_3_id for s in range(4)}
    assert len(fixed) == 1


def test_one_question_per_label_mode():
    pairs, _ = paper_questions([DEES])
    per_label, _ = paper_questions([DEES], answer_choice="random")
    assert sorted(per_label.question_id) == ["toy/F3/16/L", "toy/F3/19/L", "toy/F3/20/L", "toy/F3/21/L", "toy/F3/8/L"]
    for row in per_label.itertuples():
        assert row.answer_id in set(pairs.answer_id[pairs.question_id.str.startswith(row.question_id + ">")])
    answers = {paper_questions([DEES], answer_choice="random", seed=s)[0].set_index("question_id").loc["toy/F3/8/L"].answer_id for s in range(12)}
    assert answers == {"toy/F3/8/0", "toy/F3/8/1"}


def test_distractors_differ_lexically_from_question_and_answer():
    """A contributor with the same content words as the answer is never its distractor, even
    when it shares the most words with the question."""
    p = make_pyramid({
        1: ("storm closed the coastal road", ["the storm closed the coastal road today", "rain shut the highway"]),
        2: ("", ["Rain shut the highway", "the storm closed schools near the coast"]),  # copy of the answer (case aside)
        3: ("", ["the council met on the road budget"]),
        4: ("", ["the ferry stopped in the storm"]),
        5: ("", ["the mayor praised the road crews"]),
    })  # fmt: skip
    df, _ = paper_questions([p])
    row = df.set_index("question_id").loc["toy/T1/1/L>1"]
    assert row.answer == "rain shut the highway"
    assert "toy/T1/2/0" not in {row.distractor_1_id, row.distractor_2_id, row.distractor_3_id}
    for r in df.itertuples():
        q, a = set(words(r.question)), set(words(r.answer))
        for d in (r.distractor_1, r.distractor_2, r.distractor_3):
            content = lambda s: {w for w in s if w not in Policy().stop_words}  # noqa: E731
            assert content(set(words(d))) not in (content(q), content(a))


@pytest.mark.parametrize("seed", [0, 1])
def test_distractors_are_the_most_similar_contributors(seed):
    """Against a plain loop: every chosen item is in the pool, no two share their content words,
    and their shared-word counts are the top 3 of the pool's content-word groups."""
    policy = Policy(seed=seed)
    items = build_items([DEES, TOY], policy)
    df, _ = ranking_questions(items, policy)
    f = items.frame.set_index("item_id")
    sets = {i: set(ws) for i, ws in zip(items.frame.item_id, items.words)}
    stop = policy.stop_words
    content = {i: frozenset(w for w in s if w not in stop and any(c.isalnum() for c in w)) for i, s in sets.items()}
    for r in df.itertuples():
        q = r.question_id.split(">")[0]
        pool = [
            i for i in f.index
            if f.at[i, "topic"] == f.at[q, "topic"] and f.at[i, "scu_id"] != f.at[q, "scu_id"] and f.at[i, "kind"] == "contributor"
            and f.at[i, "eligible"] and content[i] not in (content[q], content[r.answer_id])
        ]  # fmt: skip
        best_of_words: dict = {}  # no two distractors with the same content words: best of each
        for i in pool:
            best_of_words[content[i]] = max(best_of_words.get(content[i], -1), len(sets[q] & sets[i]))
        best = sorted(best_of_words.values(), reverse=True)[:3]
        chosen = [r.distractor_1_id, r.distractor_2_id, r.distractor_3_id]
        assert set(chosen) <= set(pool) and len({content[i] for i in chosen}) == 3
        assert [len(sets[q] & sets[i]) for i in chosen] == best
    assert np.array_equal(df.distractor_1_shared_words >= df.distractor_3_shared_words, np.ones(len(df), bool))


def test_no_two_distractors_with_the_same_words():
    """Two contributors of different SCUs with one span (the same sentence annotated twice) are
    never both distractors of a question, unless the policy allows it."""
    p = make_pyramid({
        1: ("The storm closed the coastal road", ["storm closed the coastal road on Monday", "rain shut the highway"]),
        2: ("Schools shut", ["the storm closed the road and schools"]),
        3: ("Ferries halted", ["the storm closed the road and schools"]),  # same span as SCU 2
        4: ("Power failed", ["the storm cut power along the coastal towns"]),
        5: ("Crews cleared trees", ["crews cleared the road of fallen trees"]),
    }, topic="V")  # fmt: skip
    df, _ = paper_questions([p])
    row = df.set_index("question_id").loc["toy/V/1/L>1"]
    texts = [row.distractor_1, row.distractor_2, row.distractor_3]
    assert texts.count("the storm closed the road and schools") == 1 and len(set(texts)) == 3
    loose, _ = paper_questions([p], varied_distractors=False)
    row = loose.set_index("question_id").loc["toy/V/1/L>1"]
    assert [row.distractor_1, row.distractor_2].count("the storm closed the road and schools") == 2


# --------------------------------------------------------------------------- by hand, column by column

#: One SCU with a label and one contributor (the only question under the paper rules: the other
#: labels are empty), and three single-contributor SCUs sharing 3, 2 and 0 words with the label.
ONE = make_pyramid(
    {
        5: ("storm closed the coastal road", ["heavy rain shut the harbour highway"]),  # shares "the"
        6: ("", ["storm closed the bridge"]),  # storm, closed, the
        7: ("", ["the road flooded again"]),  # the, road
        8: ("", ["fishermen protested new quotas"]),  # nothing
    },
    corpus="duc",
    topic="D1",
)  # fmt: skip


def test_one_question_column_by_column():
    df, counts = paper_questions([ONE])
    expected = {
        "question_id": ["duc/D1/5/L>0"], "corpus": ["duc"], "topic": ["D1"], "scu_id": [5],
        "question": ["storm closed the coastal road"], "answer": ["heavy rain shut the harbour highway"],
        "distractor_1": ["storm closed the bridge"], "distractor_2": ["the road flooded again"],
        "distractor_3": ["fishermen protested new quotas"],
        "answer_id": ["duc/D1/5/0"],
        "distractor_1_id": ["duc/D1/6/0"], "distractor_2_id": ["duc/D1/7/0"], "distractor_3_id": ["duc/D1/8/0"],
        "answer_shared_words": [1],
        "distractor_1_shared_words": [3], "distractor_2_shared_words": [2], "distractor_3_shared_words": [0],
    }  # fmt: skip
    assert list(df.columns) == list(expected)
    assert {c: df[c].tolist() for c in df.columns} == expected
    for c in ("scu_id", "answer_shared_words", "distractor_1_shared_words", "distractor_2_shared_words", "distractor_3_shared_words"):
        assert df[c].dtype == np.int64, c
    assert counts == {"duc": {"no-answer": 0, "too-few-distractors": 0}}


def test_no_question_keeps_integer_columns():
    p = make_pyramid({k: ("", [f"storm number {k} closed the road"]) for k in range(1, 6)})
    df, _ = questions([p])
    assert len(df) == 0
    for c in ("scu_id", "answer_shared_words", "distractor_1_shared_words", "distractor_3_shared_words"):
        assert df[c].dtype == np.int64, c


def test_counts_add_up_over_the_pyramids_of_a_corpus():
    """5 askers without an answer per pyramid; 2 questions short of distractors per pyramid."""
    lonely = {k: ("", [f"storm number {k} closed the road"]) for k in range(1, 6)}
    _, counts = questions([make_pyramid(lonely, topic="A"), make_pyramid(lonely, topic="B")])
    assert counts["toy"]["no-answer"] == 10
    tiny = {1: ("", ["storm closed the road", "rain shut the highway"]), 2: ("", ["storm closed the school"])}
    _, counts = questions([make_pyramid(tiny, topic="X"), make_pyramid(tiny, topic="Y")])
    assert counts["toy"]["too-few-distractors"] == 4


def test_any_item_may_be_answered_by_a_label():
    """With ``question_items="any"`` and labels in, a contributor's answer may be its SCU label;
    no item ever answers itself, even without the lexical-variety rule (which would remove it)."""
    policy = PRESETS["literal"].with_(include_labels=True, answer_choice="all")
    df, _ = ranking_questions(build_items([ONE], policy), policy)
    assert sorted(zip(df.question_id, df.answer_id)) == [("duc/D1/5/0>L", "duc/D1/5/L"), ("duc/D1/5/L>0", "duc/D1/5/0")]
    df, _ = questions([WIDE], answer_choice="all", require_lexical_variety=False)
    assert len(df) == 4 * 3
    assert not (df.question_id.str.split(">").str[0] == df.answer_id).any()


def test_jaccard_with_random_ties_ranks_by_jaccard():
    """SCU 4 (5/7), 3 (4/7), 2 (6/13): no two equal, so the draw never matters."""
    for seed in (0, 1):
        df, _ = questions([SIM], answer_choice="first", similarity="jaccard", tie_break="random", seed=seed)
        assert _distractors(df, "toy/J/1/0") == (["4", "3", "2"], [5, 4, 6])


def test_first_in_row_by_hand():
    """Row 0: key 1 first among the masked (position 0 is masked out). Row 1: key 1 twice, the
    second is not first. Keys of one row never collide with another row's or with the mask."""
    keys = np.array([[0, 1], [1, 1]])
    mask = np.array([[False, True], [True, True]])
    assert _first_in_row(keys, mask).tolist() == [[False, True], [True, False]]
    assert _first_in_row(np.array([[1, 1]]), np.array([[False, True]])).tolist() == [[False, True]]
    assert _first_in_row(np.zeros((0, 3), np.int64), np.zeros((0, 3), bool)).shape == (0, 3)


def test_given_matrices_are_used(monkeypatch):
    policy = Policy()
    items = build_items([ONE], policy)
    matrices = list(iter_matrices(items))
    expected, _ = ranking_questions(items, policy)
    monkeypatch.setattr(questions_module, "iter_matrices", lambda items: pytest.fail("matrices computed again"))
    df, _ = ranking_questions(items, policy, matrices=matrices)
    assert df.equals(expected)


def test_jaccard_of_one_word_and_wordless_items():
    """With ``min_words=0`` and no lexical-variety rule: "storm" and "Storm" share their one word
    (union 1, J = 1) and beat "storm closed" (J = 1/2); two wordless items have J = 0 (not nan),
    so "..." ranks every candidate at 0 in pyramid order."""
    p = make_pyramid(
        {
            1: ("", ["...", "!!"]),
            2: ("", ["?"]),
            3: ("", ["rain now"]),
            6: ("", ["storm", "gale"]),
            7: ("", ["storm closed"]),
            8: ("", ["Storm"]),
            9: ("", ["wind"]),
        },
        topic="W",
    )  # fmt: skip
    df, _ = questions([p], min_words=0, require_lexical_variety=False, similarity="jaccard", answer_choice="first")
    assert _distractors(df, "toy/W/6/0") == (["8", "7", "1"], [1, 1, 0])  # then the 0s in pyramid order
    assert _distractors(df, "toy/W/1/0") == (["2", "3", "6"], [0, 0, 0])
