"""The metrics of Baumel et al. (2016, §4), as pure functions of numpy arrays.

*Binary test.* A pair is called a paraphrase when its similarity is ``>= threshold``. The
threshold is the one that maximizes the F-measure on a seeded 10 % split of the pairs and the
F-measure is then measured on the other 90 % (:func:`split_indices`, :func:`best_f_threshold`,
:func:`f_at_threshold`). The paper's Random row is instead a random guess at the base rate, whose
F is the share of positives (:func:`base_rate_guess_f`).

*Ranking test.* Each question has four candidates; the score matrix has shape
``(n_questions, 4)`` with the correct answer in column 0. Success rate is precision@1 and MRR
is the mean reciprocal rank of the answer (:func:`ranking_outcomes`).

Ties are real here (a text with no known word encodes to the zero vector, so all its cosines
are 0), and how they are counted changes the numbers, so every choice is explicit:

* **Threshold candidates** are the distinct scores of the training pairs (plus ``+inf``,
  "call nothing a paraphrase"). Pairs with equal scores always fall on the same side. When
  several thresholds reach the same best F, the *highest* one is kept (fewest positive calls).
* **Ranking ties** (scores within ``TIE_TOLERANCE`` = 1e-6 of the answer's) default to ``"split"``: the answer's rank is the expected rank under a
  uniformly random order of the tied candidates, so a question where all four scores are equal
  earns success 1/4 and reciprocal rank (1 + 1/2 + 1/3 + 1/4)/4 = 0.5208 — exactly chance, which
  is what the paper's Random row shows (24.7 %, MRR 0.522). ``"pessimistic"`` ranks the answer
  below every tied distractor (ties count as failures); ``"optimistic"`` above them.

*Uncertainty.* Confidence intervals are the percentile bootstrap over items (pairs of the
test split, or questions), and the paired test between two embeddings is an approximate
randomization (permutation) test on the same items. Every statistic here depends on the items
only through a handful of category counts (true/false positive/negative codes, or the few
distinct per-question values), and resampling *n* items with replacement is exactly a
multinomial draw over those categories (:func:`pyrabench.resampling.bootstrap_counts`; the swaps
of the permutation test are binomial per category, :func:`~pyrabench.resampling.swap_counts`). So
each resample costs O(categories), not O(n), and a thousand resamples of 200,000 pairs take milliseconds; no ``(n_resamples, n)`` index matrix is
ever built. Items are treated as independent (no clustering by topic), which makes the
intervals somewhat narrow; see the baseline chapter.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import MetricInputError
from ..resampling import CONFIDENCE, N_RESAMPLES, bootstrap_counts, percentile_interval, permutation_p_values, swap_counts

TIE_MODES = ("split", "pessimistic", "optimistic")


# ----------------------------------------------------------------------------- input checks


def _scores(scores, name: str = "scores", ndim: int = 1) -> np.ndarray:
    arr = np.asarray(scores, dtype=np.float64)
    if arr.ndim != ndim:
        raise MetricInputError(f"{name} must be {ndim}-dimensional, got shape {arr.shape}")
    bad = ~np.isfinite(arr)
    if bad.any():
        first = np.argwhere(bad)[0]
        raise MetricInputError(f"{name} contains {int(bad.sum())} NaN/infinite value(s), first at index {tuple(first.tolist())}")
    return arr


def _labels(labels, n: int) -> np.ndarray:
    arr = np.asarray(labels)
    if arr.shape != (n,):
        raise MetricInputError(f"labels must have shape ({n},) like the scores, got {arr.shape}")
    if arr.dtype.kind == "f" and not np.isfinite(arr).all():
        raise MetricInputError("labels contain NaN")
    if not np.isin(arr, (0, 1)).all():
        raise MetricInputError("labels must be 0/1 (1 = paraphrase)")
    return arr.astype(bool)


def _f1(tp, fp, fn):
    """F1 = 2TP / (2TP + FP + FN), 0 when there is nothing to find and nothing called (no NaN)."""
    tp, fp, fn = (np.asarray(v, dtype=np.float64) for v in (tp, fp, fn))
    den = 2 * tp + fp + fn
    return np.divide(2 * tp, den, out=np.zeros(np.broadcast(tp, den).shape), where=den > 0)


def _ratio(num, den):
    num, den = np.asarray(num, dtype=np.float64), np.asarray(den, dtype=np.float64)
    return np.divide(num, den, out=np.zeros(np.broadcast(num, den).shape), where=den > 0)


# ----------------------------------------------------------------------------- binary test


@dataclass(frozen=True)
class ThresholdResult:
    """A decision threshold and the precision/recall/F it gives on the pairs it was measured on."""

    threshold: float
    f1: float
    precision: float
    recall: float
    tp: int
    fp: int
    fn: int
    tn: int


def f_curve(scores, labels) -> dict[str, np.ndarray]:
    """Precision, recall and F at every candidate threshold, highest threshold first.

    Candidates are the distinct scores (rule: paraphrase iff ``score >= threshold``) preceded by
    ``+inf``. One sort and two cumulative sums, so the whole curve costs O(n log n).
    """
    s = _scores(scores)
    y = _labels(labels, s.size)
    order = np.argsort(-s, kind="stable")
    s_sorted, y_sorted = s[order], y[order]
    cum_tp = np.cumsum(y_sorted)
    cum_fp = np.cumsum(~y_sorted)
    # the last index of each run of equal scores: everything up to it is called positive
    ends = np.flatnonzero(np.r_[s_sorted[1:] != s_sorted[:-1], True]) if s.size else np.array([], int)
    positives = int(y.sum())
    tp = np.r_[0, cum_tp[ends]]
    fp = np.r_[0, cum_fp[ends]]
    fn = positives - tp
    return {
        "threshold": np.r_[np.inf, s_sorted[ends]],
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": s.size - positives - fp,
        "precision": _ratio(tp, tp + fp),
        "recall": _ratio(tp, positives),
        "f1": _f1(tp, fp, fn),
    }


def best_f_threshold(scores, labels, all_positive: bool = True) -> ThresholdResult:
    """The threshold maximizing F on these pairs; on equal F the highest threshold wins.

    ``all_positive=False`` leaves out the lowest candidate, the rule "every pair is a
    paraphrase", as MTEB's pair-classification search does (it only places thresholds between
    two distinct scores).
    """
    curve = f_curve(scores, labels)
    f1 = curve["f1"] if all_positive or len(curve["f1"]) < 2 else curve["f1"][:-1]
    i = int(np.argmax(f1))  # first maximum = highest threshold (curve is descending)
    return ThresholdResult(
        threshold=float(curve["threshold"][i]),
        f1=float(curve["f1"][i]),
        precision=float(curve["precision"][i]),
        recall=float(curve["recall"][i]),
        tp=int(curve["tp"][i]),
        fp=int(curve["fp"][i]),
        fn=int(curve["fn"][i]),
        tn=int(curve["tn"][i]),
    )


def average_precision(scores, labels) -> float:
    """Average precision of the ranking of pairs by score: the precision at each distinct
    threshold weighted by the recall it adds, Σ (R_k − R_(k−1)) P_k — scikit-learn's
    ``average_precision_score``, MTEB's main pair-classification score. Threshold-free."""
    curve = f_curve(scores, labels)
    return float(np.sum(np.diff(curve["recall"]) * curve["precision"][1:]))


def confusion_codes(scores, labels, threshold: float) -> np.ndarray:
    """Per-pair outcome code ``2*called + label``: 0 = TN, 1 = FN, 2 = FP, 3 = TP."""
    s = _scores(scores)
    y = _labels(labels, s.size)
    return (2 * (s >= threshold) + y).astype(np.int8)


def _f_from_counts(counts: np.ndarray) -> np.ndarray:
    """F1 from ``(..., 4)`` counts ordered TN, FN, FP, TP (see :func:`confusion_codes`)."""
    return _f1(counts[..., 3], counts[..., 2], counts[..., 1])


def f_at_threshold(scores, labels, threshold: float) -> ThresholdResult:
    """Precision, recall and F of the rule ``score >= threshold`` on these pairs."""
    counts = np.bincount(confusion_codes(scores, labels, threshold), minlength=4)
    tn, fn, fp, tp = (int(c) for c in counts)
    return ThresholdResult(
        threshold=float(threshold),
        f1=float(_f1(tp, fp, fn)),
        precision=float(_ratio(tp, tp + fp)),
        recall=float(_ratio(tp, tp + fn)),
        tp=tp,
        fp=fp,
        fn=fn,
        tn=tn,
    )


def all_positive_f(positives: int, total: int) -> float:
    """F of calling every pair a paraphrase: precision = positives/total, recall 1, so
    F = 2·positives / (positives + total). The floor any threshold search can reach."""
    return float(_ratio(2 * positives, positives + total))


def base_rate_guess_f(
    positives: int, total: int, n_draws: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0
) -> "Interval":
    """F of a random guess at the base rate: each pair called a paraphrase with probability
    p = positives/total, independently of its text.

    In expectation TP = p·positives and calls = p·total = positives, so F = 2TP / (calls +
    positives) = p: the F of this guess *is* the share of positives. This is the paper's Random
    row (0.0406 beside its share 8,390 / 197,619 = 0.0425), not a threshold tuned on random
    scores, which cannot fall below the all-positive F (:func:`all_positive_f`). The interval is
    the spread of one guess: TP ~ Binomial(positives, p), FP ~ Binomial(negatives, p), drawn
    ``n_draws`` times (seeded).
    """
    if total <= 0 or positives <= 0:
        return Interval(0.0, 0.0, 0.0, confidence)
    p = positives / total
    rng = np.random.default_rng(seed)
    tp = rng.binomial(positives, p, size=n_draws)
    fp = rng.binomial(total - positives, p, size=n_draws)
    low, high = percentile_interval(_f1(tp, fp, positives - tp), confidence)
    return Interval(float(p), low, high, confidence)


def split_indices(labels, fraction: float = 0.1, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Seeded split into (threshold-fitting, test) index arrays, stratified by label.

    Stratified because positives are rare (about 4 % of the pairs): a plain 10 % sample would
    let the number of training positives, hence the threshold, wobble with the seed. Each class
    gives ``round(fraction * size)`` items. Both arrays are sorted; the split depends only on
    the labels and the seed, so every embedding is scored on the same pairs.
    """
    if not 0 < fraction < 1:
        raise MetricInputError(f"split fraction must be in (0, 1), got {fraction}")
    y = np.asarray(labels)
    y = _labels(y, y.shape[0] if y.ndim == 1 else -1)
    rng = np.random.default_rng(seed)
    train = []
    for value in (False, True):
        members = np.flatnonzero(y == value)
        take = int(round(fraction * members.size))
        train.append(rng.permutation(members)[:take])
    train_idx = np.sort(np.concatenate(train))
    mask = np.ones(y.size, dtype=bool)
    mask[train_idx] = False
    return train_idx, np.flatnonzero(mask)


# ----------------------------------------------------------------------------- ranking test


TIE_TOLERANCE = 1e-6  # float32 cosines: equal in exact arithmetic may differ by an ulp or two


def ranking_outcomes(score_matrix, ties: str = "split", tolerance: float = TIE_TOLERANCE) -> tuple[np.ndarray, np.ndarray]:
    """Per-question (success, reciprocal rank) for a ``(n, k)`` matrix, answer in column 0.

    A candidate ties with the answer when the scores differ by at most ``tolerance``: cosines
    computed in float32 from the same word counts can differ in the last bit.

    With ``b`` candidates scoring strictly above the answer and ``t`` tied with it, the answer's
    rank is ``b + 1 + t`` (pessimistic), ``b + 1`` (optimistic) or, by default ("split"), uniform
    on ``b+1 .. b+1+t``: success is then ``[b == 0] / (t + 1)`` and the reciprocal rank is
    ``(H(b+t+1) - H(b)) / (t + 1)`` with H the harmonic numbers.
    """
    if ties not in TIE_MODES:
        raise MetricInputError(f"ties must be one of {TIE_MODES}, got {ties!r}")
    m = _scores(score_matrix, "score matrix", ndim=2)
    k = m.shape[1]
    if k < 2:
        raise MetricInputError(f"a ranking question needs at least 2 candidates, got {k}")
    answer = m[:, :1]
    better = (m[:, 1:] > answer + tolerance).sum(axis=1)
    tied = (np.abs(m[:, 1:] - answer) <= tolerance).sum(axis=1)
    if ties == "pessimistic":
        rank = better + tied + 1
        return (rank == 1).astype(np.float64), 1.0 / rank
    if ties == "optimistic":
        rank = better + 1
        return (rank == 1).astype(np.float64), 1.0 / rank
    harmonic = np.r_[0.0, np.cumsum(1.0 / np.arange(1, k + 1))]
    success = (better == 0) / (tied + 1.0)
    reciprocal = (harmonic[better + tied + 1] - harmonic[better]) / (tied + 1.0)
    return success, reciprocal


def success_at_1(score_matrix, ties: str = "split", tolerance: float = TIE_TOLERANCE) -> float:
    """Fraction of questions whose answer scores highest (precision@1)."""
    return float(ranking_outcomes(score_matrix, ties, tolerance)[0].mean()) if len(score_matrix) else 0.0


def mean_reciprocal_rank(score_matrix, ties: str = "split", tolerance: float = TIE_TOLERANCE) -> float:
    """Mean over questions of 1 / rank of the answer (Craswell 2009)."""
    return float(ranking_outcomes(score_matrix, ties, tolerance)[1].mean()) if len(score_matrix) else 0.0


# ----------------------------------------------------------------------------- bootstrap


@dataclass(frozen=True)
class Interval:
    """A point estimate with its percentile-bootstrap confidence interval."""

    estimate: float
    low: float
    high: float
    confidence: float


def bootstrap_mean(values, n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0) -> Interval:
    """Percentile-bootstrap CI of the mean of per-item values (success, reciprocal rank...)."""
    v = _scores(values, "values")
    if v.size == 0:
        return Interval(0.0, 0.0, 0.0, confidence)
    distinct, counts = np.unique(v, return_counts=True)
    draws = bootstrap_counts(counts, n_resamples, np.random.default_rng(seed))
    means = draws @ distinct / v.size
    low, high = percentile_interval(means, confidence)
    return Interval(float(v.mean()), low, high, confidence)


def bootstrap_f(codes, n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0) -> Interval:
    """Percentile-bootstrap CI of F over pairs, threshold held fixed (codes from :func:`confusion_codes`)."""
    counts = np.bincount(np.asarray(codes, dtype=np.int64), minlength=4)
    draws = bootstrap_counts(counts, n_resamples, np.random.default_rng(seed))
    low, high = percentile_interval(_f_from_counts(draws), confidence)
    return Interval(float(_f_from_counts(counts)), low, high, confidence)


# ----------------------------------------------------------------------------- paired test


@dataclass(frozen=True)
class PairedResult:
    """Difference A − B on the same items, its bootstrap CI and a two-sided permutation p-value."""

    a: float
    b: float
    difference: float
    low: float
    high: float
    p_value: float
    n_items: int
    n_resamples: int


def paired_mean_test(
    values_a, values_b, n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0
) -> PairedResult:
    """Compare per-item means of two systems on the same items (e.g. success or reciprocal rank).

    The permutation test swaps the two systems' values item by item with probability 1/2, i.e.
    flips the sign of each difference; with the differences grouped by value the number of
    flips per group is binomial, so no per-item loop and no ``(R, n)`` matrix.
    """
    a = _scores(values_a, "values_a")
    b = _scores(values_b, "values_b")
    if a.shape != b.shape:
        raise MetricInputError(f"paired values must have the same shape, got {a.shape} and {b.shape}")
    n = a.size
    d = a - b
    observed = float(d.mean()) if n else 0.0
    distinct, counts = np.unique(d, return_counts=True)
    rng = np.random.default_rng(seed)
    boot = bootstrap_counts(counts, n_resamples, rng) @ distinct / max(n, 1)
    low, high = percentile_interval(boot, confidence) if n else (0.0, 0.0)
    flips = swap_counts(counts, n_resamples, rng)
    permuted = ((counts - 2 * flips) @ distinct) / max(n, 1)
    return PairedResult(
        a=float(a.mean()) if n else 0.0,
        b=float(b.mean()) if n else 0.0,
        difference=observed,
        low=low,
        high=high,
        p_value=float(permutation_p_values(permuted, observed)[0]),
        n_items=n,
        n_resamples=n_resamples,
    )


def paired_f_test(
    codes_a, codes_b, n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0
) -> PairedResult:
    """Compare the F of two systems' decisions on the same pairs (each at its own threshold).

    Items are summarized by the joint outcome (code_a, code_b), 16 categories. The bootstrap
    draws those jointly; the permutation test swaps A's and B's decision on each pair with
    probability 1/2 (a binomial number of swaps per joint category).
    """
    ca = np.asarray(codes_a, dtype=np.int64)
    cb = np.asarray(codes_b, dtype=np.int64)
    if ca.shape != cb.shape:
        raise MetricInputError(f"paired codes must have the same shape, got {ca.shape} and {cb.shape}")
    if ca.size and not np.array_equal(ca & 1, cb & 1):
        raise MetricInputError("paired codes disagree on the gold labels: not the same pairs")
    joint = np.bincount(4 * ca + cb, minlength=16)
    code_a, code_b = np.divmod(np.arange(16), 4)
    one_hot_a = np.eye(4, dtype=np.int64)[code_a]  # (16, 4): joint category -> A's outcome
    one_hot_b = np.eye(4, dtype=np.int64)[code_b]
    f_a = float(_f_from_counts(joint @ one_hot_a))
    f_b = float(_f_from_counts(joint @ one_hot_b))
    rng = np.random.default_rng(seed)
    boot = bootstrap_counts(joint, n_resamples, rng)
    diffs = _f_from_counts(boot @ one_hot_a) - _f_from_counts(boot @ one_hot_b)
    low, high = percentile_interval(diffs, confidence) if ca.size else (0.0, 0.0)
    swapped = swap_counts(joint, n_resamples, rng)
    kept = joint - swapped
    perm_a = kept @ one_hot_a + swapped @ one_hot_b
    perm_b = kept @ one_hot_b + swapped @ one_hot_a
    permuted = _f_from_counts(perm_a) - _f_from_counts(perm_b)
    return PairedResult(
        a=f_a,
        b=f_b,
        difference=f_a - f_b,
        low=low,
        high=high,
        p_value=float(permutation_p_values(permuted, f_a - f_b)[0]),
        n_items=int(ca.size),
        n_resamples=n_resamples,
    )
