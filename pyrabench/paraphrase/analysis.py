"""Paraphrase analyses beside Table 1: the evaluation on several presets, the figures the prose
quotes, the ranking grouped by the asking item's answers, and the F curve behind the threshold.

:mod:`pyrabench.reports.paraphrase` lays these out and words them; every figure is computed here.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from .. import published
from . import evaluate as evaluation
from . import metrics
from .evaluate import FIT_FRACTION, Scores
from .store import Benchmark


def evaluate_presets(benches: Mapping[str, Benchmark], specs: Sequence[str], data=None,
                     seed: int = 0) -> dict[str, list[dict]]:
    """Table 1's rows (:func:`~pyrabench.paraphrase.evaluate.evaluate_all`) of each embedding of
    ``specs`` on each named benchmark, keyed by the benchmark's name."""
    out = {}
    for name, b in benches.items():
        embeddings = evaluation.load_embeddings(specs, b, data=data, progress=False)
        out[name], _ = evaluation.evaluate_all(b, embeddings, seed=seed, names=list(specs))
    return out


def row_figures(rows: Sequence[dict]) -> dict[str, float]:
    """The numbers the book's prose quotes from Table 1 rows, keyed ``<embedding>_<metric>``
    (success rate in percent), with the paper's as ``paper_<embedding>_<metric>``."""
    out = {}
    for r in rows:
        name = r["embedding"]
        out.update({
            f"{name}_f": r["binary_f1"],
            f"{name}_f_all_positive": r["binary_f1_all_positive"],
            f"{name}_f_base_rate_guess": r["binary_f1_base_rate_guess"],
            f"{name}_success": 100 * r["ranking_success"],
            f"{name}_mrr": r["ranking_mrr"],
        })
        paper = published.table1_row(name)
        if paper is not None:
            out.update({
                f"paper_{name}_f": paper.binary_f1,
                f"paper_{name}_success": 100 * paper.ranking_success,
                f"paper_{name}_mrr": paper.ranking_mrr,
            })
    return out


def ranking_by_answers(bench: Benchmark, scores: Scores, ties: str = "split") -> pd.DataFrame:
    """Ranking results grouped by how many questions the asking item has (its number of valid
    answers in one-question-per-pair mode): questions, success (%), MRR, words shared with the
    answer. Shows what weighting every (label, contributor) pair instead of every label does."""
    success, reciprocal = metrics.ranking_outcomes(scores.ranking, ties)
    r = bench.ranking
    asker = r["question_id"].str.split(">").str[0]
    answers = asker.map(asker.value_counts())
    frame = pd.DataFrame({
        "answers of the question's item": np.minimum(answers.to_numpy(), 4),
        "success": success,
        "reciprocal": reciprocal,
        "shared": r["answer_shared_words"].to_numpy() if "answer_shared_words" in r else np.nan,
    })
    out = frame.groupby("answers of the question's item").agg(
        questions=("success", "size"), success=("success", "mean"), MRR=("reciprocal", "mean"),
        shared=("shared", "mean"),
    )
    out["success"] *= 100
    out = out.rename(columns={"success": "success rate (%)", "shared": "mean words shared with the answer"})
    out.index = [f"{k}+" if k == 4 else str(k) for k in out.index]
    out.index.name = "answers of the question's item"
    return out


def single_answer_figures(by_answers: pd.DataFrame) -> dict[str, float]:
    """Questions of items with a single answer against the rest (their means weighted by
    questions), from :func:`ranking_by_answers`: success (%) and words shared with the answer;
    empty when there is no such item or nothing else."""
    if "1" not in by_answers.index or len(by_answers) <= 1:
        return {}
    single, rest = by_answers.loc["1"], by_answers.drop(index="1")
    shared = "mean words shared with the answer"
    return {
        "single_success": float(single["success rate (%)"]),
        "rest_success": float(np.average(rest["success rate (%)"], weights=rest["questions"])),
        "single_shared": float(single[shared]),
        "rest_shared": float(np.average(rest[shared], weights=rest["questions"])),
    }


def paper_all_positive() -> dict:
    """The paper's Random F beside what two kinds of "random" give at the paper's own class
    balance (8,390 positives of 197,619 pairs, §3): a random guess at the base rate (F = the
    share of positives, with the range of one guess on a 90 % test split) and a threshold tuned
    on random scores (at best F of calling every pair a paraphrase)."""
    paper = published.BAUMEL2016_COUNTS
    pos, total = paper["positive_pairs"], paper["total_pairs"]
    guess = metrics.base_rate_guess_f(round((1 - FIT_FRACTION) * pos), round((1 - FIT_FRACTION) * total))
    return {
        "paper positives": pos,
        "paper pairs": total,
        "share of positives = F of a random guess at the base rate": pos / total,
        "95% range of one such guess, low": guess.low,
        "95% range of one such guess, high": guess.high,
        "F of calling every pair a paraphrase (floor of a tuned threshold)": metrics.all_positive_f(pos, total),
        "paper's Random F": published.table1_row("random").binary_f1,
    }


def threshold_curve(scores: Scores, seed: int = 0) -> pd.DataFrame:
    """F, precision and recall against the threshold on the fitting split (for plotting)."""
    fit, _ = metrics.split_indices(scores.labels, FIT_FRACTION, seed)
    curve = metrics.f_curve(scores.binary[fit], scores.labels[fit])
    frame = pd.DataFrame({k: curve[k] for k in ("threshold", "precision", "recall", "f1")})
    frame = frame[np.isfinite(frame["threshold"])]
    frame.insert(0, "embedding", scores.embedding)
    return frame.reset_index(drop=True)
