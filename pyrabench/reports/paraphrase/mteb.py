"""The benchmark's scores under MTEB's definitions (pair classification and reranking) beside
ours, computed here without MTEB."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ...paraphrase import metrics
from ...paraphrase.evaluate import Scores


MTEB_COLUMNS = {
    "binary_f1": "our F (10/90 split)",
    "mteb_cosine_f1": "MTEB cosine_f1",
    "all_positive_f1": "all-positive F",
    "mteb_cosine_ap": "MTEB cosine_ap",
    "ranking_success": "success (%) = recall_at_1",
    "ranking_mrr": "MRR = mrr_at_10",
    "tied_questions": "tied questions",
}


def mteb_view(scores: Scores, row: dict) -> dict:
    """One embedding's scores under MTEB's definitions beside ours (``row`` from
    :func:`pyrabench.paraphrase.evaluate.summarize`), computed here without MTEB.

    Pair classification: MTEB fits *and* measures the threshold on all pairs (in-sample, so
    optimistic), never the "every pair is a paraphrase" rule, and its main score is the
    threshold-free average precision. Reranking: recall@1 and MRR@10 of one relevant document
    among four are our success rate and MRR, as long as no distractor ties with the answer
    (MTEB then orders tied scores by float rounding and document ids; we count a tie as chance).
    The MTEB test (``tests/test_paraphrase_mteb_tasks.py``) checks these equalities on MTEB itself.
    """
    tied = (np.abs(scores.ranking[:, 1:] - scores.ranking[:, :1]) <= metrics.TIE_TOLERANCE).any(axis=1)
    return {
        "embedding": scores.embedding,
        "binary_f1": row["binary_f1"],
        "mteb_cosine_f1": metrics.best_f_threshold(scores.binary, scores.labels, all_positive=False).f1,
        "all_positive_f1": metrics.all_positive_f(int(scores.labels.sum()), scores.labels.size),
        "mteb_cosine_ap": metrics.average_precision(scores.binary, scores.labels),
        "ranking_success": row["ranking_success"],
        "ranking_mrr": row["ranking_mrr"],
        "tied_questions": int(tied.sum()),
    }


def mteb_table(rows: Sequence[dict], scores: Sequence[Scores]) -> pd.DataFrame:
    """:func:`mteb_view` of several embeddings, labelled for the book (success in percent)."""
    by_name = {r["embedding"]: r for r in rows}
    frame = pd.DataFrame([mteb_view(s, by_name[s.embedding]) for s in scores])
    frame["ranking_success"] *= 100
    return frame.rename(columns=MTEB_COLUMNS).set_index("embedding")
