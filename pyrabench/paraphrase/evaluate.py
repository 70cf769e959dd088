"""Table 1 of Baumel et al. (2016): score embeddings on the binary and ranking tests.

Sentence similarity is the cosine of the normalized sum of the word vectors, which is what
:meth:`Embedding.encode` returns row by row. Every distinct text of the benchmark is encoded
once per embedding; pairs and questions then index into that matrix, so scoring 200,000 pairs
is one gather and one row-wise dot product (:func:`score_vectors`). The metrics and their tie,
split and bootstrap conventions are in :mod:`pyrabench.paraphrase.metrics`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
import scipy.sparse as sp

from .. import embeddings
from ..embeddings.base import Embedding
from ..embeddings.encode import encode, row_dots
from ..embeddings.tokens import vocabulary as word_types
from ..errors import EvaluationError
from ..resampling import CONFIDENCE, N_RESAMPLES
from . import metrics

PAIR_COLUMNS = ("text_a", "text_b")
CANDIDATE_COLUMNS = ("answer", "distractor_1", "distractor_2", "distractor_3")
FIT_FRACTION = 0.1  # the paper fits the threshold on 10 % of the pairs and tests on the rest



# ----------------------------------------------------------------------------- encoding


@dataclass(frozen=True)
class TextIndex:
    """Every distinct text of a benchmark once, and where each pair/question points into it."""

    texts: list[str]
    pair_a: np.ndarray  # (n_pairs,) indices into texts
    pair_b: np.ndarray
    labels: np.ndarray  # (n_pairs,) 1 = paraphrase
    question: np.ndarray  # (n_questions,)
    candidates: np.ndarray  # (n_questions, 4), the answer in column 0


def _require(frame: pd.DataFrame, columns: Iterable[str], what: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise EvaluationError(f"the {what} table lacks column(s) {', '.join(missing)}")
    if len(frame) and frame[list(columns)].isna().to_numpy().any():
        raise EvaluationError(f"the {what} table has empty (NaN) cells in {', '.join(columns)}")


def text_index(benchmark) -> TextIndex:
    """Factorize all benchmark texts (first-appearance order) so each is encoded only once."""
    binary, ranking = benchmark.binary, benchmark.ranking
    _require(binary, (*PAIR_COLUMNS, "label"), "binary")
    _require(ranking, ("question", *CANDIDATE_COLUMNS), "ranking")
    n_pairs, n_questions = len(binary), len(ranking)
    columns = [binary[c] for c in PAIR_COLUMNS] + [ranking[c] for c in ("question", *CANDIDATE_COLUMNS)]
    all_texts = pd.concat(columns, ignore_index=True).astype(str)
    codes, uniques = pd.factorize(all_texts)
    codes = codes.astype(np.int64)
    pair_a, pair_b = codes[:n_pairs], codes[n_pairs : 2 * n_pairs]
    rest = codes[2 * n_pairs :].reshape(1 + len(CANDIDATE_COLUMNS), n_questions).T
    labels = binary["label"].to_numpy()
    if not np.isin(labels, (0, 1)).all():
        raise EvaluationError("binary labels must be 0/1")
    return TextIndex(
        texts=[str(t) for t in uniques],
        pair_a=pair_a,
        pair_b=pair_b,
        labels=labels.astype(np.int8),
        question=rest[:, 0].copy(),
        candidates=np.ascontiguousarray(rest[:, 1:]),
    )


def vocabulary(benchmark) -> set[str]:
    """The word types of every benchmark text (as written and lower-cased): what One-Hot is
    built on, and what a vocabulary-filtered vector load keeps."""

    return word_types(text_index(benchmark).texts)


# ----------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Scores:
    """All similarities of one embedding on one benchmark (inputs of every metric)."""

    embedding: str
    dim: int
    binary: np.ndarray  # (n_pairs,) cosine, benchmark.binary row order
    labels: np.ndarray  # (n_pairs,) 1 = paraphrase
    ranking: np.ndarray  # (n_questions, 4) cosine, answer in column 0
    n_texts: int
    zero_texts: int  # distinct texts with no known word (zero vector, similarity 0 to all)


def score_vectors(index: TextIndex, vectors, name: str = "embedding") -> Scores:
    """Pair cosines and question×candidate cosines from the encoded distinct texts (vectorized)."""
    v = vectors if sp.issparse(vectors) else np.asarray(vectors, dtype=np.float32)
    binary = row_dots(v, index.pair_a, index.pair_b)
    ranking = np.column_stack([row_dots(v, index.question, c) for c in index.candidates.T])
    zero = int((v.getnnz(axis=1) == 0).sum()) if sp.issparse(v) else int((~v.any(axis=1)).sum())
    ranking = ranking.reshape(len(index.question), index.candidates.shape[1])
    return Scores(name, int(v.shape[1]), binary, index.labels, ranking, int(v.shape[0]), zero)


def score(benchmark, embedding: Embedding, index: TextIndex | None = None, name: str | None = None) -> Scores:
    """Encode each distinct text once and score every pair and question."""
    index = index or text_index(benchmark)
    return score_vectors(index, encode(embedding, index.texts), name or embedding.name)


def _finite(x: float) -> float | None:
    """JSON-safe number: +inf (the "call nothing" threshold) becomes None."""
    return float(x) if math.isfinite(x) else None


def summarize(
    scores: Scores,
    seed: int = 0,
    n_resamples: int = N_RESAMPLES,
    confidence: float = CONFIDENCE,
    ties: str = "split",
) -> dict:
    """One row of Table 1 from precomputed scores: metrics, thresholds and 95 % CIs."""
    fit, test = metrics.split_indices(scores.labels, FIT_FRACTION, seed)
    fitted = metrics.best_f_threshold(scores.binary[fit], scores.labels[fit])
    codes = metrics.confusion_codes(scores.binary[test], scores.labels[test], fitted.threshold)
    tested = metrics.f_at_threshold(scores.binary[test], scores.labels[test], fitted.threshold)
    f_ci = metrics.bootstrap_f(codes, n_resamples, confidence, seed)
    guess = metrics.base_rate_guess_f(tested.tp + tested.fn, int(test.size), n_resamples, confidence, seed)
    success, reciprocal = metrics.ranking_outcomes(scores.ranking, ties)
    s_ci = metrics.bootstrap_mean(success, n_resamples, confidence, seed)
    m_ci = metrics.bootstrap_mean(reciprocal, n_resamples, confidence, seed)
    return {
        "embedding": scores.embedding,
        "binary_f1": tested.f1,
        "binary_f1_low": f_ci.low,
        "binary_f1_high": f_ci.high,
        "ranking_success": s_ci.estimate,
        "ranking_success_low": s_ci.low,
        "ranking_success_high": s_ci.high,
        "ranking_mrr": m_ci.estimate,
        "ranking_mrr_low": m_ci.low,
        "ranking_mrr_high": m_ci.high,
        "binary_threshold": _finite(fitted.threshold),
        "binary_fit_f1": fitted.f1,
        "binary_f1_all_positive": metrics.f_at_threshold(scores.binary[test], scores.labels[test], -np.inf).f1,
        "binary_f1_base_rate_guess": guess.estimate,
        "binary_f1_base_rate_guess_low": guess.low,
        "binary_f1_base_rate_guess_high": guess.high,
        "binary_precision": tested.precision,
        "binary_recall": tested.recall,
        "n_pairs_fit": int(fit.size),
        "n_pairs_test": int(test.size),
        "n_positive_test": int(tested.tp + tested.fn),
        "n_questions": int(scores.ranking.shape[0]),
        "n_texts": scores.n_texts,
        "zero_texts": scores.zero_texts,
        "dim": scores.dim,
        "ties": ties,
        "confidence": confidence,
        "seed": seed,
    }


def evaluate(benchmark, embedding: Embedding, seed: int = 0, **options) -> dict:
    """Score one embedding on a benchmark: a row of Table 1 (see :func:`summarize` for options)."""
    return summarize(score(benchmark, embedding), seed=seed, **options)


def compare(
    a: Scores,
    b: Scores,
    seed: int = 0,
    n_resamples: int = N_RESAMPLES,
    confidence: float = CONFIDENCE,
    ties: str = "split",
) -> dict:
    """Paired tests A vs B on the same items: F on the test split (each at its own fitted
    threshold), success and MRR per question. Bootstrap CI of A − B, permutation p-value."""
    if a.labels.shape != b.labels.shape or not np.array_equal(a.labels, b.labels) or a.ranking.shape != b.ranking.shape:
        raise EvaluationError(f"{a.embedding} and {b.embedding} were not scored on the same benchmark")
    fit, test = metrics.split_indices(a.labels, FIT_FRACTION, seed)
    codes = []
    for s in (a, b):
        threshold = metrics.best_f_threshold(s.binary[fit], s.labels[fit]).threshold
        codes.append(metrics.confusion_codes(s.binary[test], s.labels[test], threshold))
    out_a = metrics.ranking_outcomes(a.ranking, ties)
    out_b = metrics.ranking_outcomes(b.ranking, ties)
    tests = {
        "binary_f1": metrics.paired_f_test(*codes, n_resamples, confidence, seed),
        "ranking_success": metrics.paired_mean_test(out_a[0], out_b[0], n_resamples, confidence, seed),
        "ranking_mrr": metrics.paired_mean_test(out_a[1], out_b[1], n_resamples, confidence, seed),
    }
    row = {"a": a.embedding, "b": b.embedding}
    for metric, r in tests.items():
        row.update({
            f"{metric}_difference": r.difference,
            f"{metric}_low": r.low,
            f"{metric}_high": r.high,
            f"{metric}_p": r.p_value,
        })
    return row


# ----------------------------------------------------------------------------- many embeddings


def load_embeddings(specs: Sequence[str], benchmark, data=None, progress: bool | None = None) -> list[Embedding]:
    """Load registry names or ``name=path[:format]`` specs, restricted to the benchmark words.

    ``data`` is the data root the stand-ins train on (see :mod:`pyrabench.embeddings.standins`).
    """

    for spec in specs:  # every spec checked before the benchmark's words are read
        embeddings.validate(spec)
    words = vocabulary(benchmark)
    return [embeddings.load_embedding(spec, vocabulary=words, data=data, progress=progress) for spec in specs]


def spec_name(spec: str) -> str:
    """The row label of an embedding spec: the registry name, ``name`` of ``name=path``, or
    ``st:PATH`` (without ``@DEVICE``)."""
    return embeddings.label(spec)


def evaluate_all(
    benchmark, embeddings_: Sequence[Embedding], seed: int = 0, names: Sequence[str] | None = None, **options
) -> tuple[list[dict], list[Scores]]:
    """Rows of Table 1 for several embeddings (texts factorized once for all of them)."""
    index = text_index(benchmark)
    names = list(names) if names is not None else [None] * len(embeddings_)
    all_scores = [score(benchmark, e, index, n) for e, n in zip(embeddings_, names)]
    return [summarize(s, seed=seed, **options) for s in all_scores], all_scores
