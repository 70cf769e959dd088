"""The paper's Figures 2 and 3 in a build (reports.paraphrase.paper_figures): found where the
paper's items are, absent from the sample, and the words the figures' items share."""

import pytest
from test_paraphrase_pairs import make_pyramid

from pyrabench import published
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import store
from pyrabench.paraphrase.policy import PRESETS
from pyrabench.reports import paraphrase as paraphrase_reports
from pyrabench.reports.paraphrase import paper_figures as reports

def figure_pyramids():
    """Pyramids holding the paper's printed example items (from :mod:`pyrabench.published`) among
    invented ones, the figures' layout as the paper describes it."""
    fig2, fig3 = published.BAUMEL2016_FIGURE2, published.BAUMEL2016_FIGURE3
    two = make_pyramid({
        187: (fig2["negative"][0], ["Countries worldwide sent money, equipment", fig2["positive"][1]]),
        188: (fig2["negative"][1], ["relief workers arrived from many nations"]),
    }, topic="F2")  # fmt: skip
    three = make_pyramid({
        8: (fig3["question"], [fig3["choices"][0], "Morris Dees started the law center with a partner"]),
        16: ("Lawsuits against hate groups", list(fig3["choices"][1:3])),
        19: ("The center tracks hate groups", [fig3["choices"][3]]),
        20: ("Donations fund the work", ["donors fund the legal work of the center"]),
    }, topic="F3")  # fmt: skip
    return [two, three]


def test_paper_examples_found_in_a_build():
    b = benchmark.build(figure_pyramids())
    ex = reports.paper_examples(b).set_index("figure")
    assert ex.loc["Figure 2, non-paraphrase pair", "where"] == "toy/F2/187/L+188/L"
    assert ex.loc["Figure 2, paraphrase pair", "where"] == "toy/F2/187/0+187/1"
    assert ex.loc["Figure 2, paraphrase pair", "ours"].startswith("Countries worldwide sent money, equipment")
    assert ex.loc["Figure 3, question", "found"] and ex.loc["Figure 3, choice 1 (answer)", "where"] == "toy/F3/8/L>0"
    assert ex.loc["Figure 3, choices 2 and 3 in one question", "found"]
    assert ex.found.all()
    # under the literal rules the Figure 2 negative pair (3 shared words) is not in the test
    literal = reports.paper_examples(benchmark.build(figure_pyramids(), PRESETS["literal"])).set_index("figure")
    assert not literal.loc["Figure 2, non-paraphrase pair", "found"]


def test_paper_examples_absent_from_the_sample(sample_bench):
    ex = reports.paper_examples(sample_bench)
    assert len(ex) == 8 and not ex["found"].any() and (ex["where"] == "").all()


def test_regime_and_figure_numbers(sample_bench):
    f = paraphrase_reports.regime_figures(sample_bench)
    o = sample_bench.stats["overall"]
    assert f["ratio"] == pytest.approx(o["negative_pairs"] / o["positive_pairs"])
    assert f["questions_per_positive"] == pytest.approx(o["ranking_questions"] / o["positive_pairs"])
    assert f["paper_ratio"] == pytest.approx(189229 / 8390) and f["paper_questions"] == 8755
    assert not any(k.startswith("paper_") for k in paraphrase_reports.regime_figures(sample_bench, with_paper=False))
    words = reports.figure_word_counts()
    # "countries worldwide sent": the shared words that the rule as worded rejects
    assert words["figure2_negative_shared"] == 3 and words["figure3_choice4_shared"] == 2
    assert words["figure3_choice2_shared"] == words["figure3_choice3_shared"] == 3  # dees, the, splc


def test_figure3_questions_and_repeated_distractors():
    b = benchmark.build(figure_pyramids())
    q = reports.figure3_questions(b)
    assert list(q.question_id) == ["toy/F3/8/L>0", "toy/F3/8/L>1"]
    assert {q.distractor_1_id[0], q.distractor_2_id[0]} == {"toy/F3/16/0", "toy/F3/16/1"}
    assert paraphrase_reports.repeated_distractors(b) == 0
    twice = b.ranking.assign(distractor_3=b.ranking.distractor_1)
    assert paraphrase_reports.repeated_distractors(store.Benchmark(b.binary, twice, b.stats, b.card)) == len(twice)
