"""The ranking test on hand-built pyramids."""

from test_paraphrase_pairs import TOY, make_pyramid

from pyrabench.paraphrase.items import build_items
from pyrabench.paraphrase.policy import Policy
from pyrabench.paraphrase.questions import ranking_questions
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
    policy = Policy(include_labels=False, **kw)
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


def test_every_question_obeys_the_rules():
    for labels in (False, True):
        policy = Policy(include_labels=labels)
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


def test_answer_choices_and_determinism():
    first, _ = questions([RANK], answer_choice="first")
    allq, _ = questions([RANK], answer_choice="all")
    r1, _ = questions([RANK, TOY], seed=3)
    r2, _ = questions([TOY, RANK], seed=3)
    assert len(allq) >= len(first)
    assert allq.question_id.is_unique and ">" in allq.question_id.iloc[0]
    # a pyramid's questions do not depend on the other pyramids built with it
    key = lambda d: d[d.topic == "T1"].sort_values("question_id").reset_index(drop=True)  # noqa: E731
    assert key(r1).equals(key(r2))


def test_jaccard_similarity():
    df, _ = questions([RANK], answer_choice="first", similarity="jaccard")
    assert len(df) and set(df.columns) >= {"distractor_1", "distractor_3"}


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
