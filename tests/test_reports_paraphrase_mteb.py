"""The scores under MTEB's definitions beside ours (reports.paraphrase.mteb), without MTEB: the
equalities with MTEB itself are checked in test_paraphrase_mteb_tasks."""

import numpy as np
import pytest
from test_paraphrase_evaluate import WordCounts, synthetic_bench

from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import metrics
from pyrabench.reports.paraphrase import mteb


def test_mteb_view_beside_our_row():
    b = synthetic_bench(n_pairs=300, n_questions=40)
    scores = ev.score(b, WordCounts([f"w{i}" for i in range(300)]))
    row = {**ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)])), "embedding": scores.embedding}
    view = mteb.mteb_view(scores, row)
    assert view["binary_f1"] == row["binary_f1"] and view["ranking_mrr"] == row["ranking_mrr"]
    # in-sample best F over all pairs, never the all-positive rule; AP needs no threshold
    best = metrics.best_f_threshold(scores.binary, scores.labels, all_positive=False).f1
    assert view["mteb_cosine_f1"] == best and 0 <= view["mteb_cosine_ap"] <= 1
    assert view["all_positive_f1"] == pytest.approx(metrics.all_positive_f(int(scores.labels.sum()), scores.labels.size))
    tied = (np.abs(scores.ranking[:, 1:] - scores.ranking[:, :1]) <= metrics.TIE_TOLERANCE).any(axis=1)
    assert view["tied_questions"] == int(tied.sum())


def test_mteb_table_labels_and_percent():
    b = synthetic_bench(n_pairs=300, n_questions=40)
    scores = ev.score(b, WordCounts([f"w{i}" for i in range(300)]))
    row = {**ev.evaluate(b, WordCounts([f"w{i}" for i in range(300)])), "embedding": scores.embedding}
    table = mteb.mteb_table([row], [scores])
    assert list(table.columns) == list(mteb.MTEB_COLUMNS.values())[:len(table.columns)]
    assert table.iloc[0]["success (%) = recall_at_1"] == pytest.approx(100 * row["ranking_success"])
