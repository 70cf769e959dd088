"""Table 1 and the results around it (reports.paraphrase.results): rows as the paper prints them,
beside the paper, differences, paired comparisons, both presets."""

import numpy as np
import pandas as pd
import pytest
from test_paraphrase_evaluate import WordCounts, synthetic_bench

from pyrabench import published
from pyrabench.embeddings import PAPER_ROWS, REGISTRY
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase.evaluate import Scores
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


def test_pair_scores_of_a_scored_bench():
    s = ev.score(synthetic_bench(n_pairs=500, n_questions=10), WordCounts([f"w{i}" for i in range(300)]))
    long = reports.pair_scores(s)
    assert len(long) == 500 and set(long["pair"]) == {"paraphrase", "non-paraphrase"}


def test_preset_comparison_labels_rows_by_policy():
    row = {**ROW, "binary_f1_base_rate_guess": 0.04, "n_questions": 12}
    table = reports.preset_comparison({"paper": [row, {**row, "embedding": "random"}], "literal": [row]})
    assert list(table.index) == [("paper", "onehot"), ("paper", "random"), ("literal", "onehot")]
    assert list(table.columns) == ["F", "F, every pair called a paraphrase", "F, random guess at the base rate",
                                   "success rate (%)", "MRR", "questions"]
    assert table.loc[("literal", "onehot")].tolist() == [0.26324, 0.3, 0.04, 100 * 0.63973, 0.77202, 12]
    figs = reports.preset_comparison_figures(table, "onehot", {"paper": "p", "literal": "l"})
    assert figs == {"p_onehot_success": 100 * 0.63973, "p_onehot_mrr": 0.77202, "p_onehot_f": 0.26324,
                    "p_f_all_positive": 0.3, "l_onehot_success": 100 * 0.63973, "l_onehot_mrr": 0.77202,
                    "l_onehot_f": 0.26324, "l_f_all_positive": 0.3}


def test_pair_scores_label_every_pair():
    s = hand_scores(n=50)
    long = reports.pair_scores(s)
    assert list(long.columns) == ["embedding", "similarity", "pair"]
    assert (long["embedding"] == "hand").all() and np.array_equal(long["similarity"], s.binary)
    assert (long["pair"] == "paraphrase").sum() == s.labels.sum()
    assert (long.loc[s.labels == 0, "pair"] == "non-paraphrase").all()


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
