"""The analyses beside Table 1 (paraphrase.analysis): the evaluation on several presets, the
figures the prose quotes, the ranking by the asking item's answers, the threshold curve, and the
paper's Random F beside its two readings."""

import numpy as np
import pandas as pd
import pytest
from test_paraphrase_evaluate import WordCounts, synthetic_bench
from test_reports_paraphrase_paper_figures import figure_pyramids
from test_reports_paraphrase_results import hand_scores

from pyrabench.paraphrase import analysis
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import metrics
from pyrabench.paraphrase.evaluate import FIT_FRACTION
from pyrabench.paraphrase.policy import PRESETS
from pyrabench.reports import paraphrase as paraphrase_reports


def test_papers_random_f_is_a_guess_at_the_base_rate_not_a_tuned_threshold():
    d = analysis.paper_all_positive()
    floor = d["F of calling every pair a paraphrase (floor of a tuned threshold)"]
    assert floor == pytest.approx(2 * 8390 / (8390 + 197619))
    assert d["paper's Random F"] == 0.04059 < floor
    assert d["share of positives = F of a random guess at the base rate"] == pytest.approx(8390 / 197619)
    assert d["95% range of one such guess, low"] < 0.04059 < d["95% range of one such guess, high"]


def test_threshold_curve_against_brute_force():
    s = hand_scores()
    curve = analysis.threshold_curve(s, seed=0)
    fit, _ = metrics.split_indices(s.labels, FIT_FRACTION, 0)
    x, y = s.binary[fit], s.labels[fit]
    assert list(curve.columns) == ["embedding", "threshold", "precision", "recall", "f1"]
    assert (curve["embedding"] == "hand").all()
    assert curve["threshold"].tolist() == sorted(set(x.tolist()), reverse=True)  # every fit score, no +inf
    for r in curve.itertuples():
        called = x >= r.threshold
        tp = int((called & (y == 1)).sum())
        p, rec = tp / called.sum(), tp / (y == 1).sum()
        assert (r.precision, r.recall) == pytest.approx((p, rec))
        assert r.f1 == pytest.approx(2 * p * rec / (p + rec) if tp else 0.0)
    assert curve["recall"].iloc[-1] == 1.0
    assert curve["f1"].max() == pytest.approx(metrics.best_f_threshold(x, y).f1)
    other = analysis.threshold_curve(s, seed=1)
    assert not other.equals(curve)  # the fitting split follows the seed


def test_threshold_curve_of_a_scored_bench():
    s = ev.score(synthetic_bench(n_pairs=500, n_questions=10), WordCounts([f"w{i}" for i in range(300)]))
    curve = analysis.threshold_curve(s)
    assert np.isfinite(curve["threshold"]).all() and curve["f1"].between(0, 1).all()
    assert curve["threshold"].is_monotonic_decreasing


def test_evaluate_presets_is_evaluate_all_per_benchmark(sample_corpora):
    benches = paraphrase_reports.build_variants(paraphrase_reports.paper_years(sample_corpora),
                                                {"paper": PRESETS["paper"], "literal": PRESETS["literal"]})
    rows = analysis.evaluate_presets(benches, ["random", "onehot"])
    assert list(rows) == ["paper", "literal"]
    for name, b in benches.items():
        expected, _ = ev.evaluate_all(b, ev.load_embeddings(["random", "onehot"], b), names=["random", "onehot"])
        assert [r["embedding"] for r in rows[name]] == ["random", "onehot"]
        assert pd.DataFrame(rows[name]).equals(pd.DataFrame(expected))
        assert rows[name][1]["n_questions"] == len(b.ranking)


def test_row_figures_by_hand():
    rows = [{"embedding": "onehot", "binary_f1": 0.25, "binary_f1_all_positive": 0.2, "binary_f1_base_rate_guess": 0.1,
             "ranking_success": 0.5, "ranking_mrr": 0.75},
            {"embedding": "mine", "binary_f1": 0.5, "binary_f1_all_positive": 0.2, "binary_f1_base_rate_guess": 0.1,
             "ranking_success": 0.25, "ranking_mrr": 0.5}]  # fmt: skip
    assert analysis.row_figures(rows) == {
        "onehot_f": 0.25, "onehot_f_all_positive": 0.2, "onehot_f_base_rate_guess": 0.1, "onehot_success": 50.0,
        "onehot_mrr": 0.75, "paper_onehot_f": 0.26324, "paper_onehot_success": 100 * 0.63973, "paper_onehot_mrr": 0.77202,
        "mine_f": 0.5, "mine_f_all_positive": 0.2, "mine_f_base_rate_guess": 0.1, "mine_success": 25.0, "mine_mrr": 0.5,
    }  # fmt: skip


def test_ranking_by_answers_weights():
    b = benchmark.build(figure_pyramids())
    s = ev.score(b, ev.load_embeddings(["onehot"], b)[0])
    t = analysis.ranking_by_answers(b, s)
    asker = b.ranking.question_id.str.split(">").str[0]
    assert t["questions"].sum() == len(b.ranking)
    assert t.loc["2", "questions"] == int((asker.map(asker.value_counts()) == 2).sum())
    success, _ = metrics.ranking_outcomes(s.ranking)
    assert (t["questions"] * t["success rate (%)"]).sum() == pytest.approx(100 * success.sum())


def _by_answers(index, questions, success, shared):
    return pd.DataFrame({"questions": questions, "success rate (%)": success, "MRR": 0.5,
                         "mean words shared with the answer": shared},
                        index=pd.Index(index, name="answers of the question's item"))


def test_single_answer_figures_weigh_the_rest_by_questions():
    t = _by_answers(["1", "2", "3"], [100, 300, 100], [80.0, 55.0, 40.0], [3.0, 2.0, 1.0])
    assert analysis.single_answer_figures(t) == {"single_success": 80.0, "rest_success": 51.25,
                                                 "single_shared": 3.0, "rest_shared": 1.75}
    assert analysis.single_answer_figures(t.drop(index="1")) == {}
    assert analysis.single_answer_figures(t.loc[["1"]]) == {}
