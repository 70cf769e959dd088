"""Pairs of the binary test on hand-built pyramids (our own sentences)."""

import numpy as np
import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.paraphrase.items import build_items
from pyrabench.paraphrase.pairs import binary_pairs, binary_pairs_loop, pairs_frame
from pyrabench.paraphrase.policy import PRESETS, Policy
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

