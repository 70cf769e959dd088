"""Table 1 and the results around it (reports.paraphrase.results): rows as the paper prints them,
beside the paper, differences, paired comparisons, Random's two definitions, curves."""

import numpy as np
import pandas as pd
import pytest
from test_paraphrase_evaluate import WordCounts, synthetic_bench
from test_reports_paraphrase_paper_figures import figure_pyramids

from pyrabench import published
from pyrabench.embeddings import PAPER_ROWS, REGISTRY
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import metrics
from pyrabench.paraphrase.evaluate import FIT_FRACTION, Scores
from pyrabench.paraphrase.policy import PRESETS
from pyrabench.reports import book
from pyrabench.reports import paraphrase as paraphrase_reports
from pyrabench.reports.paraphrase import results as reports
from pyrabench.reports.tables import number

@pytest.fixture(scope="module")
def bench(sample_bench):
    return sample_bench


ROW = {"embedding": "onehot", "binary_f1": 0.26324, "binary_f1_low": 0.123449, "binary_f1_high": 0.5,
       "ranking_success": 0.63973, "ranking_success_low": 0.61234, "ranking_success_high": 0.6666,
       "ranking_mrr": 0.77202, "ranking_mrr_low": 0.75, "ranking_mrr_high": 0.8,
       "binary_f1_all_positive": 0.3}  # fmt: skip


def hand_scores(n=300, seed=1) -> Scores:
    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < 0.3).astype(np.int64)
    binary = np.round(np.clip(0.4 * labels + rng.normal(0.4, 0.2, n), 0, 1), 2)  # ties on purpose
    return Scores("hand", 2, binary, labels, np.zeros((0, 4)), n_texts=2 * n, zero_texts=0)



def test_table_prints_percent_and_intervals():
    t = reports.table([ROW, {**ROW, "embedding": "random"}])
    assert list(t.columns) == ["embedding", "F-measure", "F 95 % CI", "all-positive F", "success rate (%)",
                               "success 95 % CI (%)", "MRR", "MRR 95 % CI"]  # fmt: skip
    first = t.iloc[0]
    assert first["F-measure"] == 0.26324 and first["F 95 % CI"] == "[0.123, 0.500]" and first["all-positive F"] == 0.3
    # success and its interval in one unit: percent, the column says so
    assert first["success rate (%)"] == pytest.approx(63.973) and first["success 95 % CI (%)"] == "[61.2, 66.7]"
    assert first["MRR"] == 0.77202 and first["MRR 95 % CI"] == "[0.750, 0.800]"
    assert list(t["embedding"]) == ["onehot", "random"]
    assert list(reports.table([]).columns) == list(t.columns)


def test_tables():
    b = synthetic_bench(n_pairs=500, n_questions=100)
    rows = [
        {**ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)])), "embedding": "onehot"},
        ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)], "minilm")),
    ]
    t = reports.table(rows)
    assert list(t["embedding"]) == ["onehot", "minilm"]
    assert t["success rate (%)"].iloc[0] == pytest.approx(100 * rows[0]["ranking_success"])
    side = reports.beside_paper(rows, {"openie": "pyrabench evaluate DIR --embedding openie=PATH"})
    assert len(side) == 9 and side["paper row"].iloc[-1] == "(not in the paper)"
    assert list(side["paper row"][:8]) == [r.paper_row for r in published.TABLE1]
    onehot = side[side.embedding == "onehot"].iloc[0]
    assert onehot["our F"] == rows[0]["binary_f1"] and onehot["paper F"] == 0.26324 and onehot["note"] == ""
    assert onehot["our success (%)"] == pytest.approx(100 * rows[0]["ranking_success"])
    assert onehot["paper success (%)"] == pytest.approx(63.973)
    assert side.loc[side.embedding == "openie", "note"].item().startswith("pyrabench evaluate")
    assert side.loc[side.embedding == "random", "note"].item() == "file not available in this build"
    assert np.isnan(side.loc[side.embedding == "random", "our MRR"].item())
    assert np.isnan(side.loc[side.embedding == "minilm", "paper MRR"].item())


def test_embedding_difference_table_one_line_per_pair_and_metric():
    c = {"a": "onehot", "b": "random"}
    for k, m in enumerate(("binary_f1", "ranking_success", "ranking_mrr")):
        c.update({f"{m}_difference": 0.1 * (k + 1), f"{m}_low": 0.05 * (k + 1), f"{m}_high": 0.123456 * (k + 1),
                  f"{m}_p": 0.001 * (k + 1)})
    t = reports.embedding_difference_table([c, {**c, "b": "glove-6b-50d"}])
    assert list(t.columns) == ["a", "b", "metric", "a − b", "95 % CI", "p"]
    assert len(t) == 6 and list(t["b"]) == ["random"] * 3 + ["glove-6b-50d"] * 3
    assert list(t["metric"][:3]) == ["F-measure", "success rate (points)", "MRR"]
    assert t["a − b"][:3].tolist() == ["0.100", "20.0", "0.300"]  # success in percentage points, 1 decimal
    assert t["p"][:3].tolist() == pytest.approx([0.001, 0.002, 0.003])
    assert list(t["95 % CI"][:3]) == ["[0.050, 0.123]", "[10.0, 24.7]", "[0.150, 0.370]"]


def test_embedding_difference_table_of_real_comparisons():
    b = synthetic_bench(n_pairs=400, n_questions=80)
    good = ev.score(b, WordCounts([f"w{i}" for i in range(300)], "good"))
    weak = ev.score(b, WordCounts([f"w{i}" for i in range(30)], "weak"))
    c = ev.compare(good, weak, n_resamples=100)
    t = reports.embedding_difference_table([c]).set_index("metric")
    for m, label, k, kind in (("binary_f1", "F-measure", 1, "score"), ("ranking_success", "success rate (points)", 100, "percent"),
                              ("ranking_mrr", "MRR", 1, "score")):  # fmt: skip
        assert t.loc[label, "a − b"] == number(k * c[f"{m}_difference"], kind) and t.loc[label, "p"] == c[f"{m}_p"]


def test_stand_in_fills_a_paper_row():
    b = synthetic_bench(n_pairs=300, n_questions=20)
    rows = [ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)], "w2v-bow2-standin"))]
    side = reports.beside_paper(rows, stand_ins={"w2v-bow2-wiki": "w2v-bow2-standin"})
    assert len(side) == 8  # the stand-in is shown in place, not again below
    row = side[side["paper row"] == "word2vec-BOW2 (Wikipedia)"].iloc[0]
    assert row["embedding"] == "w2v-bow2-standin" and row["note"].startswith("NOT COMPARABLE")
    assert row["our MRR"] == rows[0]["ranking_mrr"]


def test_paper_row_wins_over_its_stand_in():
    rows = [{"embedding": n, "binary_f1": f, "ranking_success": 0.5, "ranking_mrr": 0.6}
            for n, f in (("glove-840b-300d", 0.3), ("glove-6b-50d", 0.2))]
    side = reports.beside_paper(rows, stand_ins={"glove-840b-300d": "glove-6b-50d"})
    glove = side[side["paper row"] == "GloVe"].iloc[0]
    assert glove["embedding"] == "glove-840b-300d" and glove["our F"] == 0.3 and glove["note"] == ""
    assert side.iloc[-1]["embedding"] == "glove-6b-50d" and side.iloc[-1]["paper row"] == "(not in the paper)"


def test_differences_explain_each_row():
    rows = [
        {"embedding": n, "binary_f1": 0.3, "ranking_success": 0.5, "ranking_mrr": 0.6}
        for n in ("random", "onehot", "glove-6b-50d", "word2vec-googlenews", "minilm")
    ]
    side = reports.beside_paper(rows, {"openie": "file not available in this build. To compute: x"},
                                {"glove-840b-300d": "glove-6b-50d"})
    d = reports.differences(side).set_index("paper row")
    assert len(d) == 9
    assert d.loc["One-Hot", "Δ F"] == pytest.approx(0.3 - 0.26324)
    assert d.loc["Random-Baseline", "Δ MRR"] == pytest.approx(0.6 - 0.52223)
    assert d.loc["word2vec-BOW (google-news)", "Δ success (points)"] == pytest.approx(50 - 66.96)
    why = d["what differs besides the corpora"]
    assert why["GloVe"].startswith("stand-in GloVe 6B 50d")
    assert why["GloVe"].endswith(f"instead of {REGISTRY['glove-840b-300d'].title}, 300 d")
    assert why["Open IE Embedding"] == "not computed here: file not available in this build"
    assert why["Random-Baseline"].startswith("no information by construction")
    assert why["One-Hot"] == "same method; its dimensions are this benchmark's words"
    assert why["word2vec-BOW (google-news)"] == "same vectors"
    assert np.isnan(d.loc["Open IE Embedding", "Δ F"])
    assert d.loc["(not in the paper)", "embedding"] == "minilm"
    assert d.loc["(not in the paper)", "what differs besides the corpora"] == "beyond the paper"


def test_papers_random_f_is_a_guess_at_the_base_rate_not_a_tuned_threshold():
    d = reports.paper_all_positive()
    floor = d["F of calling every pair a paraphrase (floor of a tuned threshold)"]
    assert floor == pytest.approx(2 * 8390 / (8390 + 197619))
    assert d["paper's Random F"] == 0.04059 < floor
    assert d["share of positives = F of a random guess at the base rate"] == pytest.approx(8390 / 197619)
    assert d["95% range of one such guess, low"] < 0.04059 < d["95% range of one such guess, high"]


def test_random_row_shows_the_base_rate_guess_and_the_tuned_threshold():
    b = synthetic_bench(n_pairs=400, n_questions=40)
    row = {**ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)])), "embedding": "random"}
    assert row["binary_f1_base_rate_guess"] == pytest.approx(row["n_positive_test"] / row["n_pairs_test"])
    side = reports.beside_paper([row])
    paper_row = side[side["paper row"] == "Random-Baseline"].iloc[0]
    assert paper_row["our F"] == row["binary_f1_base_rate_guess"] and "base rate" in paper_row["note"]
    tuned = side[side.embedding == "random, threshold tuned"].iloc[0]
    assert tuned["our F"] == row["binary_f1"] and np.isnan(tuned["paper F"])
    html = book.table(side.drop(columns="note")).to_html()
    assert "—" in html and "nan" not in html.lower()


def test_paper_row_notes(monkeypatch):
    status = pd.DataFrame([
        {"embedding": "random", "available": True, "runs_as": "random", "status": "available", "command": "c0"},
        {"embedding": "glove-840b-300d", "available": False, "runs_as": "glove-6b-50d",
         "status": "file not available in this build; stand-in: glove-6b-50d", "command": "get glove"},
        {"embedding": "openie", "available": False, "runs_as": "", "status": "file not available in this build",
         "command": "get openie"},
    ])  # fmt: skip
    monkeypatch.setattr(reports, "paper_rows", lambda: status)
    unavailable, stand_ins = reports.paper_row_notes()
    assert unavailable == {
        "glove-840b-300d": "file not available in this build; stand-in: glove-6b-50d. To compute: get glove",
        "openie": "file not available in this build. To compute: get openie",
    }
    assert stand_ins == {"glove-840b-300d": "glove-6b-50d"}
    # what differences() reads back out of such a note
    side = reports.beside_paper([], unavailable, stand_ins)
    why = reports.differences(side).set_index("paper row")["what differs besides the corpora"]
    assert why["Open IE Embedding"] == "not computed here: file not available in this build"


def test_paper_row_notes_here():
    unavailable, stand_ins = reports.paper_row_notes()
    assert set(unavailable) | set(stand_ins) <= set(PAPER_ROWS)
    assert set(stand_ins) <= set(unavailable)
    assert all(". To compute: " in note for note in unavailable.values())


def test_available_specs_puts_paper_rows_first(monkeypatch):
    here = {"onehot", "random", "glove-6b-50d", "w2v-bow2-standin", "glove-840b-300d"}
    monkeypatch.setattr(reports, "available", lambda name: name in here)
    assert reports.available_specs() == ["random", "onehot", "glove-840b-300d", "glove-6b-50d", "w2v-bow2-standin"]
    assert reports.available_specs(include_stand_ins=False) == ["random", "onehot", "glove-840b-300d", "glove-6b-50d"]


def test_available_specs_here():
    specs = reports.available_specs()
    assert specs[:2] == ["random", "onehot"] and len(specs) == len(set(specs))
    assert set(specs) <= set(REGISTRY)
    assert [s for s in specs if s in PAPER_ROWS] == specs[: sum(s in PAPER_ROWS for s in specs)]
    assert [s for s in specs if REGISTRY[s].kind != "standin"] == reports.available_specs(include_stand_ins=False)


def test_threshold_curve_against_brute_force():
    s = hand_scores()
    curve = reports.threshold_curve(s, seed=0)
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
    other = reports.threshold_curve(s, seed=1)
    assert not other.equals(curve)  # the fitting split follows the seed


def test_plot_tables():
    s = ev.score(synthetic_bench(n_pairs=500, n_questions=10), WordCounts([f"w{i}" for i in range(300)]))
    curve = reports.threshold_curve(s)
    assert np.isfinite(curve["threshold"]).all() and curve["f1"].between(0, 1).all()
    assert curve["threshold"].is_monotonic_decreasing
    long = reports.pair_scores(s)
    assert len(long) == 500 and set(long["pair"]) == {"paraphrase", "non-paraphrase"}


def test_pair_scores_label_every_pair():
    s = hand_scores(n=50)
    long = reports.pair_scores(s)
    assert list(long.columns) == ["embedding", "similarity", "pair"]
    assert (long["embedding"] == "hand").all() and np.array_equal(long["similarity"], s.binary)
    assert (long["pair"] == "paraphrase").sum() == s.labels.sum()
    assert (long.loc[s.labels == 0, "pair"] == "non-paraphrase").all()


def test_row_figures_and_preset_comparison(sample_corpora):
    benches = paraphrase_reports.build_variants(paraphrase_reports.paper_years(sample_corpora), {"paper": PRESETS["paper"], "literal": PRESETS["literal"]})
    table = reports.preset_comparison(benches, ["random", "onehot"])
    assert list(table.index) == [("paper", "random"), ("paper", "onehot"), ("literal", "random"), ("literal", "onehot")]
    assert table.loc[("paper", "onehot"), "questions"] == len(benches["paper"].ranking)
    # the base-rate guess is the share of positives, whatever the embedding
    assert table.loc[("paper", "random"), "F, random guess at the base rate"] == table.loc[("paper", "onehot"), "F, random guess at the base rate"]
    figs = reports.preset_comparison_figures(table, "onehot", {"paper": "p", "literal": "l"})
    assert figs["p_onehot_success"] == table.loc[("paper", "onehot"), "success rate (%)"] and "l_f_all_positive" in figs
    rows = [{**ev.evaluate(benches["paper"], e), "embedding": n}
            for n, e in zip(["random", "onehot"], ev.load_embeddings(["random", "onehot"], benches["paper"]))]
    r = reports.row_figures(rows)
    assert r["onehot_success"] == pytest.approx(100 * rows[1]["ranking_success"]) and r["paper_onehot_mrr"] == 0.77202


def test_ranking_by_answers_weights():
    b = benchmark.build(figure_pyramids())
    s = ev.score(b, ev.load_embeddings(["onehot"], b)[0])
    t = reports.ranking_by_answers(b, s)
    asker = b.ranking.question_id.str.split(">").str[0]
    assert t["questions"].sum() == len(b.ranking)
    assert t.loc["2", "questions"] == int((asker.map(asker.value_counts()) == 2).sum())
    success, _ = metrics.ranking_outcomes(s.ranking)
    assert (t["questions"] * t["success rate (%)"]).sum() == pytest.approx(100 * success.sum())


def test_standin_corpus_words_counts_the_training_text():
    """About one word per whitespace-separated token of the corpus files (the sample has the Lee
    corpus and a few SCU-marked documents): spaCy splits some tokens and drops punctuation."""
    from pyrabench.embeddings import standins

    tokens = sum(len(t.split()) for t in standins.corpus_texts(standins.corpus_files()))
    assert 0.85 * tokens < reports.standin_corpus_words() < 1.25 * tokens


def test_glued_numbers_are_plain_python_numbers(bench):
    """myst-nb formats ``{glue:text}`key:.2f``` by parsing the value's text: ``np.float64(0.5)``
    would not parse and would be printed as is."""
    values = {**paraphrase_reports.regime_figures(bench), **paraphrase_reports.figure_word_counts()}
    table = pd.DataFrame({"success rate (%)": [50.0], "MRR": [0.6], "F": [0.3], "F, every pair called a paraphrase": [0.2]},
                         index=pd.MultiIndex.from_tuples([("paper", "onehot")]))
    values.update(reports.preset_comparison_figures(table, "onehot", {"paper": "p"}))
    for key, value in values.items():
        assert type(value) in (int, float), key
        float(repr(value))
