"""Pairs of the binary test on hand-built pyramids (our own sentences)."""

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.paraphrase import pairs as pairs_module
from pyrabench.paraphrase.items import build_items, iter_matrices
from pyrabench.paraphrase.pairs import BINARY_COLUMNS, binary_pairs, binary_pairs_loop, pairs_frame
from pyrabench.paraphrase.policy import PRESETS, RULES, Policy
from pyrabench.text import words


def make_pyramid(scus, corpus="toy", topic="T1", n_summaries=4):
    """``scus``: {scu_id: (label, [text or (text, summary_index), ...])}.

    Each summary is its contributors' texts one after the other (". " between them), and each
    contributor is one part at its true offsets, so every item reading (span, parts, label) gives
    the text.
    """
    summaries = [""] * n_summaries
    out = []
    for scu_id, (label, texts) in scus.items():
        contribs = []
        for k, t in enumerate(texts):
            text, idx = (t, k % n_summaries) if isinstance(t, str) else t
            if summaries[idx]:
                summaries[idx] += ". "
            start = len(summaries[idx])
            summaries[idx] += text
            contribs.append(Contributor(text, (Part(text, start, start + len(text)),), idx))
        out.append(SCU(scu_id, label, tuple(contribs)))
    return Pyramid(corpus, topic, tuple(summaries), tuple("ABCD"[:n_summaries]), tuple(out))


TOY = make_pyramid(
    {
        1: ("The council approved the new harbour budget", [
            "The city council approved the new harbour budget on Monday",
            "Councillors voted to fund the harbour renovation",
            "It approved the harbour budget",  # pronoun
        ]),
        2: ("The council delayed the new harbour tunnel", [
            "The city council delayed the new harbour tunnel project",
            "Work on the tunnel was postponed",
        ]),
        3: ("Fishing quotas were cut", ["Fishing quotas were cut by a third", "Quotas cut"]),  # "Quotas cut" < 3 words
        4: ("", ["The city council approved the new harbour budget on Monday"]),  # same text as an SCU 1 item
    }
)  # fmt: skip


def no_labels(**changes) -> Policy:
    """The paper preset on author text only (contributors ask the ranking questions)."""
    return Policy(include_labels=False, question_items="any", **changes)


@pytest.fixture(params=["contributors", "labels", "literal"])
def policy(request):
    return {"contributors": no_labels(), "labels": Policy(), "literal": PRESETS["literal"]}[request.param]


def kept(items, policy):
    res = binary_pairs(items, policy)
    return res, pairs_frame(items, res)


def test_every_kept_pair_obeys_every_rule(policy):
    items = build_items([TOY], policy)
    res, df = kept(items, policy)
    assert len(df) > 0
    for row in df.itertuples():
        a, b = set(words(row.text_a)), set(words(row.text_b))
        assert len(words(row.text_a)) >= 3 and len(words(row.text_b)) >= 3
        assert not (a | b) & policy.pronouns
        content = lambda s: {w for w in s if w not in policy.stop_words and any(c.isalnum() for c in w)}  # noqa: E731
        assert content(a) != content(b)
        assert row.shared_words == len(a & b)
        if row.label == 0:
            assert len(a & b) >= policy.negative_min_shared
            assert row.scu_a != row.scu_b
        else:
            assert row.scu_a == row.scu_b


def test_known_pairs():
    policy = no_labels()
    items = build_items([TOY], policy)
    _, df = kept(items, policy)
    pairs = set(zip(df.id_a, df.id_b, df.label))
    assert ("toy/T1/1/0", "toy/T1/1/1", 1) in pairs  # paraphrases with little overlap are kept
    assert ("toy/T1/1/0", "toy/T1/2/0", 0) in pairs  # 6 shared words, different SCUs
    assert not any(x == "toy/T1/1/2" for a, b, _ in pairs for x in (a, b))  # the pronoun item
    assert not any(a.endswith("3/1") or b.endswith("3/1") for a, b, _ in pairs)  # 2 words
    # SCU 4 repeats SCU 1's first text verbatim: no lexical variety, so never paired with it
    assert ("toy/T1/1/0", "toy/T1/4/0", 0) not in pairs
    assert set(df.pair_id) >= {"toy/T1/1/0+1/1", "toy/T1/1/0+2/0"}


@pytest.mark.parametrize("name, threshold", [("paper", 2), ("literal", 4)])
def test_negative_overlap_threshold_at_its_boundary(name, threshold):
    """A negative pair needs ``threshold`` shared distinct lower-cased words, stop words included:
    one word fewer is rejected, and repeats or case do not count twice."""
    base = ["Alpha", "beta", "the", "of"]
    shared = base[:threshold]
    just = make_pyramid({
        1: ("", [" ".join(shared + ["one", "uno"])]),
        2: ("", [" ".join(w.upper() for w in shared) + " two two " + shared[0]]),
    })  # fmt: skip
    short = make_pyramid({1: ("", [" ".join(shared[:-1] + ["one", "uno", "eins"])]), 2: ("", [" ".join(shared[:-1] + ["two", "zwei", "deux"])])})
    policy = PRESETS[name].with_(include_labels=False, question_items="any")
    _, df = kept(build_items([just], policy), policy)
    assert list(df.label) == [0] and df.shared_words.iloc[0] == threshold
    assert len(kept(build_items([short], policy), policy)[1]) == 0
    looser = policy.with_(negative_min_shared=threshold - 1)
    assert len(kept(build_items([short], looser), looser)[1]) == 1


def test_constraint_counts_add_up(policy):
    items = build_items([TOY], policy)
    res, df = kept(items, policy)
    c = res.constraints["toy"]
    n = len(items)
    assert c["positive"]["candidates"] + c["negative"]["candidates"] == n * (n - 1) // 2
    for kind, label in (("positive", 1), ("negative", 0)):
        k = c[kind]
        removed = sum(k[f"removed:{r}"] for r in ("min-words", "no-pronouns", "negative-overlap", "lexical-variety"))
        assert k["candidates"] - removed == k["kept"] == int((df.label == label).sum())
        for r in ("min-words", "no-pronouns", "negative-overlap", "lexical-variety"):
            assert k[f"removed:{r}"] <= k[f"fails:{r}"]
    assert c["positive"]["fails:negative-overlap"] == 0


def test_vectorized_equals_loop(policy):
    rng = np.random.default_rng(1)
    vocab = "the a council harbour budget tunnel city new fish quota cut vote fund it they storm road bridge".split()
    pyrs = []
    for t in range(3):
        scus = {s: ("label " + " ".join(rng.choice(vocab, 4)), [" ".join(rng.choice(vocab, rng.integers(1, 9))) for _ in range(rng.integers(1, 5))]) for s in range(1, 9)}
        pyrs.append(make_pyramid(scus, topic=f"T{t}"))
    for p in (policy, policy.with_(negative_min_shared=2), policy.with_(require_lexical_variety=False)):
        items = build_items(pyrs, p)
        res = binary_pairs(items, p)
        assert binary_pairs_loop(items, p) == list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist()))


def test_bad_input_is_counted_not_fatal():
    single = make_pyramid({1: ("Only one summary here", ["Only one summary here today"])}, topic="S", n_summaries=1)
    odd = make_pyramid(
        {
            1: ("", ["Café prices rose in Zürich", "Café prices rose in Zürich", "Coffee became dearer in Zurich"]),
            2: ("   ", ["   ", "Storm closed the mountain road"]),
        },
        topic="O",
    )
    policy = Policy()
    items = build_items([single, odd], policy)
    c = items.counts["toy"]
    assert c["single-summary-pyramids"] == 1
    assert c["single-contributor-scus"] == 1
    assert c["duplicate-items"] == 1
    assert c["empty-items"] == 1
    assert c["empty-labels"] == 2
    assert c["non-ascii-items"] == 1
    res, df = kept(items, policy)
    assert df.text_a.str.contains("Zürich").any()
    assert len(build_items([], policy)) == 0
    assert len(binary_pairs(build_items([], policy), policy).label) == 0


def test_label_items_use_index_L():
    items = build_items([TOY], Policy())
    labels = items.frame[items.frame.kind == "label"]
    assert set(labels.contributor) == {"L"}
    assert "toy/T1/1/L" in set(labels.item_id)
    assert not labels.text.eq("").any()



# Every rule fails somewhere, alone or with others (items in order: a0 a1 d0 b0 b1 c0 e0).
# Word sets (spaCy tokens, lower-cased) and content words (spaCy stop words removed):
#   a0 {storm closed the road}          content {storm closed road}
#   a1 {the road was shut by rain}      content {road shut rain}
#   d0 {the storm closed a road}        content {storm closed road}  = a0's: no lexical variety
#   b0 {storm closed the bridge}        content {storm closed bridge}
#   b1 {bridge closed}                  2 words: min-words
#   c0 {they closed the road}           pronoun
#   e0 {fishermen protested new quotas} shares no word with any other item
RULED = {
    1: ("", ["storm closed the road", "the road was shut by rain"]),
    2: ("", ["the storm closed a road"]),
    3: ("", ["storm closed the bridge", "bridge closed"]),
    4: ("", ["they closed the road"]),
    5: ("", ["fishermen protested new quotas"]),
}
# kept: a0-a1 (positive, 2 shared), a0-b0 (3 shared), a1-d0 (2 shared), d0-b0 (3 shared)
RULED_KEPT = [(0, 1, 1), (0, 3, 0), (1, 2, 0), (2, 3, 0)]


def test_rule_counts_by_hand():
    """Codes of the 21 pairs worked out from the word sets above. Positive: a0-a1 kept, b0-b1
    min-words. Negative (19): kept a0-b0, a1-d0, d0-b0; min-words+overlap a0-b1, a1-b1, b1-d0,
    b1-e0 (code 5); pronoun c0 with a0, a1, b0, d0 (code 2); overlap only a0-e0, a1-b0, a1-e0,
    d0-e0, b0-e0 (code 4); pronoun+overlap c0-e0 (6); all three b1-c0 (7); lexical a0-d0 (8).
    Two pyramids of one corpus add up."""
    policy = no_labels()
    pyrs = [make_pyramid(RULED), make_pyramid(RULED, topic="T2")]
    one = binary_pairs(build_items(pyrs[:1], policy), policy).constraints["toy"]
    two = binary_pairs(build_items(pyrs, policy), policy).constraints["toy"]
    negative = {
        "candidates": 19, "kept": 3,
        "fails:min-words": 5, "fails:no-pronouns": 6, "fails:negative-overlap": 11, "fails:lexical-variety": 1,
        "removed:min-words": 5, "removed:no-pronouns": 5, "removed:negative-overlap": 5, "removed:lexical-variety": 1,
    }  # fmt: skip
    positive = {
        "candidates": 2, "kept": 1,
        "fails:min-words": 1, "fails:no-pronouns": 0, "fails:negative-overlap": 0, "fails:lexical-variety": 0,
        "removed:min-words": 1, "removed:no-pronouns": 0, "removed:negative-overlap": 0, "removed:lexical-variety": 0,
    }  # fmt: skip
    assert one == {"positive": positive, "negative": negative}
    assert two == {kind: {k: 2 * v for k, v in c.items()} for kind, c in one.items()}


def test_kept_pairs_by_hand_vectorized_and_loop():
    """The loop goes on to a0-b0 after rejecting a0-d0, and reads content words with the policy's
    stop words: with "a" no longer a stop word, d0 differs from a0 and a0-d0 (4 shared) is kept."""
    policy = no_labels()
    items = build_items([make_pyramid(RULED)], policy)
    res = binary_pairs(items, policy)
    assert list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist())) == RULED_KEPT
    assert res.shared.tolist() == [2, 3, 2, 3]
    assert binary_pairs_loop(items, policy) == RULED_KEPT
    for arr in (res.index_a, res.index_b, res.label, res.shared):
        assert arr.dtype == np.int64
    loose = policy.with_(stop_words=policy.stop_words - {"a"})
    items = build_items([make_pyramid(RULED)], loose)
    res = binary_pairs(items, loose)
    expected = sorted(RULED_KEPT + [(0, 2, 0)])
    assert list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist())) == expected
    assert binary_pairs_loop(items, loose) == expected


def test_pairs_frame_by_hand():
    policy = no_labels()
    items = build_items([make_pyramid(RULED, corpus="duc", topic="D7")], policy)
    df = pairs_frame(items, binary_pairs(items, policy))
    assert list(df.columns) == BINARY_COLUMNS
    expected = pd.DataFrame(
        {
            "pair_id": ["duc/D7/1/0+1/1", "duc/D7/1/0+3/0", "duc/D7/1/1+2/0", "duc/D7/2/0+3/0"],
            "corpus": ["duc"] * 4,
            "topic": ["D7"] * 4,
            "label": [1, 0, 0, 0],
            "text_a": ["storm closed the road", "storm closed the road", "the road was shut by rain", "the storm closed a road"],
            "text_b": ["the road was shut by rain", "storm closed the bridge", "the storm closed a road", "storm closed the bridge"],
            "id_a": ["duc/D7/1/0", "duc/D7/1/0", "duc/D7/1/1", "duc/D7/2/0"],
            "id_b": ["duc/D7/1/1", "duc/D7/3/0", "duc/D7/2/0", "duc/D7/3/0"],
            "scu_a": [1, 1, 1, 2],
            "scu_b": [1, 3, 2, 3],
            "weight_a": [2, 2, 2, 1],  # weight = contributors of the SCU
            "weight_b": [2, 2, 1, 2],
            "shared_words": [2, 3, 2, 3],
            "words_a": [4, 4, 6, 5],
            "words_b": [6, 4, 5, 4],
        }
    )
    ints = [c for c in BINARY_COLUMNS if expected[c].dtype.kind == "i"]
    assert all(df[c].dtype == np.int64 for c in ints)
    pd.testing.assert_frame_equal(df[ints], expected[ints].astype(np.int64))
    for c in set(BINARY_COLUMNS) - set(ints):
        assert df[c].tolist() == expected[c].tolist(), c


def test_given_matrices_are_used(monkeypatch):
    """A caller that already has the pair matrices passes them: nothing is computed again."""
    policy = no_labels()
    items = build_items([make_pyramid(RULED)], policy)
    matrices = list(iter_matrices(items))
    monkeypatch.setattr(pairs_module, "iter_matrices", lambda items: pytest.fail("matrices computed again"))
    res = binary_pairs(items, policy, matrices=matrices)
    assert list(zip(res.index_a.tolist(), res.index_b.tolist(), res.label.tolist())) == RULED_KEPT


def test_no_items_gives_empty_int_columns_and_zero_counts():
    """A corpus whose only pyramid has no item (its one contributor is blank) has zero counts,
    not a missing key, and no pairs as int64 columns."""
    policy = no_labels()
    blank = make_pyramid({1: ("", ["   "])}, corpus="solo")
    items = build_items([blank], policy)
    assert len(items.slices) == 1 and len(items) == 0
    res = binary_pairs(items, policy)
    for arr in (res.index_a, res.index_b, res.label, res.shared):
        assert arr.dtype == np.int64 and arr.size == 0
    assert res.constraints["solo"]["positive"]["candidates"] == 0
    assert res.constraints["solo"]["negative"] == {
        "candidates": 0, "kept": 0, **{f"{w}:{r}": 0 for w in ("fails", "removed") for r in RULES}
    }  # fmt: skip
