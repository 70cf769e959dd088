"""The benchmark's tables (reports.paraphrase.dataset): rule removals and bad input counted by
hand on the toy pyramid, sweeps, propositions, examples, explain_pair, the presets beside the paper."""

import pandas as pd
import pytest
from test_paraphrase_pairs import TOY, make_pyramid

from pyrabench import published
from pyrabench.errors import MissingDataError, UnknownNameError
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import store
from pyrabench.paraphrase.policy import PRESETS, RULES
from pyrabench.reports import paraphrase as paraphrase_reports
from pyrabench.reports.paraphrase import dataset as reports

AUTHOR_TEXT = PRESETS["literal"].with_(include_labels=False)  # the rules as worded, author text only


@pytest.fixture(scope="module")
def bench(sample_bench):
    return sample_bench


@pytest.fixture(scope="module")
def toy():
    return benchmark.build([TOY], AUTHOR_TEXT)



def test_constraint_table_counts_on_the_toy_pyramid(toy):
    t = reports.constraint_table(toy.stats)
    assert len(t) == 2 * len(RULES)
    assert list(t["rule"]) == list(RULES) * 2 and list(t["kind"]) == ["positive"] * 4 + ["negative"] * 4
    c = t.set_index(["kind", "rule"])
    # positives: SCU 1 has 3 items (3 pairs), SCUs 2 and 3 two each: 5 candidates; "Quotas cut" has
    # 2 words (1 pair fails), "It approved ..." a pronoun (2 pairs fail); 2 are kept
    assert c.loc[("positive", "min-words"), ["candidates", "fails", "removed_in_order", "kept"]].tolist() == [5, 1, 1, 2]
    assert c.loc[("positive", "no-pronouns"), ["fails", "removed_in_order"]].tolist() == [2, 2]
    # negatives: C(8, 2) = 28 item pairs less the 5 same-SCU ones; "Quotas cut" meets 6 items of
    # other SCUs; the pronoun item meets 5, one of them "Quotas cut" (removed by min-words first)
    assert c.loc[("negative", "min-words"), ["candidates", "fails"]].tolist() == [23, 6]
    assert c.loc[("negative", "no-pronouns"), ["fails", "removed_in_order"]].tolist() == [5, 4]
    assert (c.loc["negative", "kept"] == 2).all()


def test_constraint_table_missing_counters_are_zero():
    stats = {"corpora": {"x": {"constraints": {"positive": {"candidates": 3, "fails:min-words": 1}}}}}
    t = reports.constraint_table(stats)
    assert list(t["rule"]) == list(RULES)
    assert t["candidates"].tolist() == [3] * 4 and t["fails"].tolist() == [1, 0, 0, 0]
    assert t["removed_in_order"].sum() == 0 and t["kept"].sum() == 0


def test_bad_input_table_zero_fills_across_corpora(toy):
    stats = {"corpora": {
        "a": {"bad_input": {"contributors": 8, "duplicate-items": 1}, "questions_not_generated": {"no-answer": 2}},
        "b": {"bad_input": {"contributors": 5}, "questions_not_generated": {}},
    }}  # fmt: skip
    t = reports.bad_input_table(stats)
    assert list(t.columns) == ["a", "b"]
    assert t.to_dict() == {
        "a": {"contributors": 8, "duplicate-items": 1, "questions:no-answer": 2},
        "b": {"contributors": 5, "duplicate-items": 0, "questions:no-answer": 0},
    }
    assert all(str(d).startswith("int") for d in t.dtypes)
    toy_table = reports.bad_input_table(toy.stats)["toy"]
    assert toy_table["single-contributor-scus"] == 1 and toy_table["items-failing-no-pronouns"] == 1


def test_sweep_rebuilds_for_each_value():
    df = reports.sweep([TOY], "negative_min_shared", [4, 5, 6], AUTHOR_TEXT)
    assert list(df["negative_min_shared"]) == [4, 5, 6]
    assert list(df["negative_pairs"]) == [2, 2, 0]  # both negatives share exactly 5 words
    assert list(df["positive_pairs"]) == [2, 2, 2]
    assert (df["total_pairs"] == df["positive_pairs"] + df["negative_pairs"]).all()
    b = benchmark.build([TOY], AUTHOR_TEXT.with_(negative_min_shared=6))
    counts = df.columns[1:-1]  # the last column is the ratio
    assert df.iloc[2][counts].to_dict() == {k: b.stats["overall"][k] for k in counts}
    assert list(df["negatives per positive"]) == [1.0, 1.0, 0.0]


def test_sweep_on_the_sample(sample_corpora):
    df = reports.sweep(sample_corpora, "negative_min_shared", [2, 4])
    assert df.negative_pairs.iloc[0] >= df.negative_pairs.iloc[1]


def test_propositions_and_scu_weights_on_the_toy_pyramid(toy):
    props = reports.propositions(toy)
    # eligible: not the pronoun item 1/2, not the two-word item 3/1
    assert list(props["item_id"]) == [f"toy/T1/{i}" for i in ("1/0", "1/1", "2/0", "2/1", "3/0", "4/0")]
    assert list(props["n_words"]) == [10, 7, 9, 6, 7, 10]
    assert list(props.columns) == ["item_id", "corpus", "topic", "scu_id", "kind", "text", "n_words", "weight"]
    w = reports.scu_weights(toy)
    assert list(w["scu_id"]) == [1, 2, 3, 4] and list(w["weight"]) == [3, 2, 2, 1]  # summaries per SCU
    loaded = store.Benchmark(toy.binary, toy.ranking, toy.stats, toy.card)
    for view in (reports.propositions, reports.scu_weights):
        with pytest.raises(MissingDataError):
            view(loaded)


def test_views_for_the_book(bench):
    props = reports.propositions(bench)
    assert len(props) == bench.stats["overall"]["propositions"]
    assert props.n_words.sum() == bench.stats["overall"]["words"]
    w = reports.scu_weights(bench)
    assert w.weight.between(1, 7).all()
    assert not w.duplicated(["corpus", "topic", "scu_id"]).any()
    ex = reports.examples(bench, n=2, seed=0)
    assert set(ex["positive"].pair_id) <= set(bench.binary[bench.binary.label == 1].pair_id)
    assert set(ex["negative"].pair_id) <= set(bench.binary[bench.binary.label == 0].pair_id)
    assert len(ex["ranking"]) == 2 and "distractor_3" in ex["ranking"].columns
    assert ex["ranking"].equals(reports.examples(bench, n=2, seed=0)["ranking"])


def test_examples_take_everything_when_few_and_keep_table_order(toy):
    ex = reports.examples(toy, n=5, seed=3)
    assert list(ex["positive"]["pair_id"]) == ["toy/T1/1/0+1/1", "toy/T1/2/0+2/1"]
    assert list(ex["negative"]["pair_id"]) == ["toy/T1/1/0+2/0", "toy/T1/2/0+4/0"]
    assert list(ex["negative"].columns) == ["pair_id", "text_a", "text_b", "shared_words"]
    assert list(ex["ranking"].columns) == ["question_id", "question", "answer", "distractor_1", "distractor_2", "distractor_3"]
    assert list(ex["ranking"]["question_id"]) == list(toy.ranking["question_id"])
    one = reports.examples(toy, n=1, seed=3)
    assert len(one["positive"]) == 1 and one["positive"]["pair_id"].item() in set(ex["positive"]["pair_id"])


def test_examples_of_an_empty_test():
    empty = benchmark.build([make_pyramid({1: ("", ["one two"])}, corpus="empty", topic="E")])
    ex = reports.examples(empty, n=2)
    assert all(len(f) == 0 for f in ex.values())


def test_explain_pair():
    b = benchmark.build([TOY], AUTHOR_TEXT)
    kept = reports.explain_pair(b, "toy/T1/1/0", "toy/T1/2/0")
    assert kept["in_benchmark"] and kept["negative-overlap"] and not kept["same_scu"]
    assert kept["shared_words"] == 5  # the, city, council, new, harbour
    rejected = reports.explain_pair(b, "toy/T1/4/0", "toy/T1/1/0")  # order does not matter
    assert not rejected["lexical-variety"] and not rejected["in_benchmark"]
    assert rejected["text_a"] == rejected["text_b"]
    assert not reports.explain_pair(b, "toy/T1/1/2", "toy/T1/1/0")["no-pronouns"]
    short = reports.explain_pair(b, "toy/T1/3/0", "toy/T1/3/1")
    assert short["same_scu"] and not short["min-words"] and not short["in_benchmark"]
    with pytest.raises(UnknownNameError):
        reports.explain_pair(b, "toy/T1/9/9", "toy/T1/1/0")
    with pytest.raises(MissingDataError):
        reports.explain_pair(store.Benchmark(b.binary, b.ranking, b.stats, b.card), "a", "b")


def test_explain_pair_agrees_with_the_binary_test(toy):
    ids = list(toy.items.frame["item_id"])
    in_test = {(a, b) for a, b in zip(toy.binary["id_a"], toy.binary["id_b"])}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            e = reports.explain_pair(toy, a, b)
            assert e["in_benchmark"] == ((a, b) in in_test)
            passes = e["min-words"] and e["no-pronouns"] and e["negative-overlap"] and e["lexical-variety"]
            assert passes == e["in_benchmark"], (a, b)


def test_explain_pair_items_of_two_corpora_are_not_one_scu():
    texts = ["The city council approved the new harbour budget on Monday", "Councillors voted to fund the harbour"]
    b = benchmark.build([make_pyramid({1: ("", texts)}, corpus="a"), make_pyramid({1: ("", texts[::-1])}, corpus="b")],
                        AUTHOR_TEXT)
    assert not reports.explain_pair(b, "a/T1/1/0", "b/T1/1/1")["same_scu"]


def test_preset_table(sample_corpora):
    benches = reports.build_variants(reports.paper_years(sample_corpora))
    assert list(benches) == list(reports.VARIANTS)
    t = reports.preset_table(benches)
    assert list(t.index) == [*reports.VARIANTS, "published (DUC 2005-2007)"]
    paper = benches["paper"].stats["overall"]
    assert t.loc["paper", "negatives per positive"] == pytest.approx(paper["negative_pairs"] / paper["positive_pairs"])
    assert t.loc["published (DUC 2005-2007)", "questions"] == 8755 and pd.isna(t.loc["published (DUC 2005-2007)", "items"])
    # one question per (label, contributor) pair gives more questions than one per label
    assert t.loc["paper", "questions"] > t.loc["paper, one question per label", "questions"]
    assert t.loc["paper", "positive pairs"] == t.loc["paper, one question per label", "positive pairs"]
    assert set(reports.paper_years(sample_corpora)) == {"duc2005", "duc2006", "duc2007", "duc2007-update"} & set(sample_corpora)
    assert "literal" in reports.policy_table(reports.VARIANTS).columns


def test_a_benchmark_built_already_is_reused_not_built_again(monkeypatch):
    """The chapters hand over what they built: a policy met again costs no second build."""
    paper = benchmark.build([TOY], AUTHOR_TEXT)
    calls = []
    monkeypatch.setattr(reports, "build", lambda corpora, policy: calls.append(policy) or benchmark.build(corpora, policy))
    df = reports.sweep([TOY], "negative_min_shared", [AUTHOR_TEXT.negative_min_shared, 6], AUTHOR_TEXT, built=[paper])
    assert calls == [AUTHOR_TEXT.with_(negative_min_shared=6)]
    assert df.iloc[0]["negative_pairs"] == paper.stats["overall"]["negative_pairs"]
    variants = reports.build_variants([TOY], {"mine": AUTHOR_TEXT, "other": AUTHOR_TEXT.with_(negative_min_shared=6)},
                                      built=[paper])
    assert variants["mine"] is paper and len(calls) == 2
