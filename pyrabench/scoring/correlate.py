"""How well a metric agrees with a reference score, the way summarization papers measure it.

Two levels (Deutsch et al. 2021 give the definitions; SacreROUGE's ``correlate`` computes them):

* **summary level**: for each topic, correlate the metric with the reference over the topic's
  peers; report the mean over topics. It asks "does the metric rank the summaries *of one
  input* as the reference does?". A topic where either side is constant has no correlation
  and is left out of the mean (``n`` counts the topics used).
* **system level**: average each system's scores over the topics, then correlate the systems'
  means (``n`` systems). It asks "does the metric rank the *summarizers* as the reference does?".

A third level, **global** (SacreROUGE's name), pools every summary of every topic into one
correlation; it mixes differences between topics into the comparison and is reported only on
request (``levels=``), with a bootstrap over summaries.

A summary without a value for the metric (or the reference) is left out of that metric's
statistics.

A peer annotated twice (DUC 2006 D0631) is one summary: its reference scores are averaged
over the annotators before anything else.

Each level reports Pearson's r, Spearman's ρ and Kendall's τ-b (scipy's definitions, ties
averaged) with a 95 % **percentile bootstrap** interval: ``n_resamples`` (default 1,000)
seeded resamples with replacement of the *topics* (summary level: the mean of the resampled
topics' correlations) or of the *systems* (system level: the correlations recomputed on the
resampled systems, vectorized over resamples). Resamples that make a side constant are
dropped. Deutsch et al. also resample topics and systems jointly; we resample the unit the
statistic averages over, which is what the interval is about.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import PyrabenchError

LEVELS = ("summary", "system")  # what ``pyrabench correlate`` reports by default
ALL_LEVELS = ("summary", "system", "global")
STATISTICS = ("pearson", "spearman", "kendall")
N_RESAMPLES = 1000
CONFIDENCE = 0.95


def per_summary(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """One row per (topic, peer): ``columns`` averaged over a peer's annotations."""
    return frame.groupby(["topic", "peer"], sort=True)[list(columns)].mean().reset_index()


def _corr3(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float] | None:
    """(pearson, spearman, kendall) or None when a side is constant or fewer than 3 points."""
    if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return None
    return (float(stats.pearsonr(x, y)[0]), float(stats.spearmanr(x, y)[0]), float(stats.kendalltau(x, y)[0]))


def _pearson_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Row-wise Pearson of ``(B, n)`` arrays; NaN for a constant row."""
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    den = np.sqrt((xc * xc).sum(axis=1) * (yc * yc).sum(axis=1))
    return np.divide((xc * yc).sum(axis=1), den, out=np.full(len(x), np.nan), where=den > 1e-300)


def kendall_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Row-wise Kendall τ-b of ``(B, n)`` arrays (scipy's default variant); NaN for a constant row."""
    n = x.shape[1]
    iu = np.triu_indices(n, k=1)
    dx = np.sign(x[:, :, None] - x[:, None, :])[:, iu[0], iu[1]]
    dy = np.sign(y[:, :, None] - y[:, None, :])[:, iu[0], iu[1]]
    num = (dx * dy).sum(axis=1)
    den = np.sqrt(np.count_nonzero(dx, axis=1).astype(float) * np.count_nonzero(dy, axis=1))
    return np.divide(num, den, out=np.full(len(x), np.nan), where=den > 0)


def row_correlations(xs: np.ndarray, ys: np.ndarray) -> dict[str, np.ndarray]:
    """The three statistics of every row pair ``xs[b], ys[b]`` of two ``(B, n)`` arrays at once."""
    rx, ry = stats.rankdata(xs, axis=1), stats.rankdata(ys, axis=1)  # average ranks, as spearmanr
    return {"pearson": _pearson_rows(xs, ys), "spearman": _pearson_rows(rx, ry),
            "kendall": kendall_rows(xs, ys)}


def resampled_correlations(x: np.ndarray, y: np.ndarray, idx: np.ndarray) -> dict[str, np.ndarray]:
    """The three statistics on every resample ``x[idx[b]], y[idx[b]]`` at once."""
    return row_correlations(x[idx], y[idx])


def per_topic_correlations(frame: pd.DataFrame, metric: str, reference: str) -> np.ndarray:
    """``(topics, 3)``: Pearson, Spearman and Kendall of each topic with a defined correlation
    (3 or more summaries, neither side constant), in topic order. Topics with the same number of
    summaries are computed together, row-wise (as the bootstrap is), not one scipy call each."""
    codes, topics = pd.factorize(frame["topic"], sort=True)
    x, y = frame[metric].to_numpy(float), frame[reference].to_numpy(float)
    order = np.argsort(codes, kind="stable")  # each topic's rows together, in frame order
    sizes = np.bincount(codes, minlength=len(topics))
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    out = np.full((len(topics), 3), np.nan)
    for n in np.unique(sizes[sizes >= 3]):
        group = np.nonzero(sizes == n)[0]
        rows = order[starts[group][:, None] + np.arange(n)]
        xs, ys = x[rows], y[rows]
        defined = (np.ptp(xs, axis=1) > 0) & (np.ptp(ys, axis=1) > 0)
        r = row_correlations(xs[defined], ys[defined])
        out[group[defined]] = np.column_stack([r[s] for s in STATISTICS])
    return out[~np.isnan(out[:, 0])]


def _interval(values: np.ndarray, confidence: float) -> list[float] | None:
    v = values[np.isfinite(values)]
    if len(v) < 2:
        return None
    a = (1 - confidence) / 2
    return [float(np.quantile(v, a)), float(np.quantile(v, 1 - a))]


def _ci_block(samples: dict[str, np.ndarray], confidence: float, n_resamples: int, over: str, seed: int) -> dict:
    out = {s: _interval(samples[s], confidence) for s in STATISTICS}
    out.update({"confidence": confidence, "resamples": n_resamples, "over": over, "seed": seed,
                "method": "percentile bootstrap"})
    return out


def summary_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                  confidence: float = CONFIDENCE, seed: int = 0) -> dict:
    """Mean over topics of the per-topic correlations, with a bootstrap over topics (module docstring)."""
    r = per_topic_correlations(frame.dropna(subset=[metric, reference]), metric, reference)
    if not len(r):
        raise PyrabenchError(f"no topic has a defined correlation between {metric} and {reference}")
    idx = np.random.default_rng(seed).integers(0, len(r), size=(n_resamples, len(r)))
    means = r[idx].mean(axis=1)  # (B, 3)
    samples = {s: means[:, k] for k, s in enumerate(STATISTICS)}
    point = r.mean(axis=0)
    return {**{s: float(point[k]) for k, s in enumerate(STATISTICS)}, "n": len(r),
            "ci": _ci_block(samples, confidence, n_resamples, "topics", seed)}


def system_means(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """Each system's (peer id's) mean of ``columns`` over the topics it summarized."""
    return frame.groupby("peer", sort=True)[list(columns)].mean()


def system_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                 confidence: float = CONFIDENCE, seed: int = 0) -> dict:
    """Correlation of the systems' mean scores, with a bootstrap over systems (module docstring)."""
    means = system_means(frame.dropna(subset=[metric, reference]), [metric, reference])
    x, y = means[metric].to_numpy(float), means[reference].to_numpy(float)
    point = _corr3(x, y)
    if point is None:
        raise PyrabenchError(f"system-level correlation of {metric} and {reference} is undefined "
                             f"({len(x)} systems, or a constant side)")
    idx = np.random.default_rng(seed).integers(0, len(x), size=(n_resamples, len(x)))
    samples = resampled_correlations(x, y, idx)
    return {**dict(zip(STATISTICS, point)), "n": len(x),
            "ci": _ci_block(samples, confidence, n_resamples, "systems", seed)}


def global_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                 confidence: float = CONFIDENCE, seed: int = 0) -> dict:
    """One correlation over every summary of every topic, with a bootstrap over summaries."""
    rows = frame.dropna(subset=[metric, reference])
    x, y = rows[metric].to_numpy(float), rows[reference].to_numpy(float)
    point = _corr3(x, y)
    if point is None:
        raise PyrabenchError(f"global correlation of {metric} and {reference} is undefined "
                             f"({len(x)} summaries, or a constant side)")
    idx = np.random.default_rng(seed).integers(0, len(x), size=(n_resamples, len(x)))
    samples = {"pearson": _pearson_rows(x[idx], y[idx]),
               "spearman": _pearson_rows(stats.rankdata(x[idx], axis=1), stats.rankdata(y[idx], axis=1)),
               # τ-b is O(n²) in memory when vectorized over resamples: scipy's O(n log n) per resample
               "kendall": np.array([stats.kendalltau(x[i], y[i])[0] for i in idx])}
    return {**dict(zip(STATISTICS, point)), "n": len(x),
            "ci": _ci_block(samples, confidence, n_resamples, "summaries", seed)}


LEVEL_FUNCTIONS = {"summary": summary_level, "system": system_level, "global": global_level}


def correlations(frame: pd.DataFrame, metrics: Sequence[str], reference: str, errors: dict | None = None,
                 n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0,
                 levels: Sequence[str] = LEVELS) -> dict:
    """The ``pyrabench correlate --json`` object for per-annotation rows ``frame`` (columns
    ``topic, peer``, the reference and the metrics). A metric in ``errors`` (name → reason) or
    with no defined correlation is reported as ``{"error": reason}``, never as NaN."""
    unknown = [lv for lv in levels if lv not in LEVEL_FUNCTIONS]
    if unknown:
        raise PyrabenchError(f"unknown level {unknown[0]!r}; use {', '.join(ALL_LEVELS)}")
    errors = dict(errors or {})
    present = [m for m in metrics if m not in errors]
    rows = per_summary(frame, [reference, *present])
    out: dict = {level: {} for level in levels}
    for metric in metrics:
        for level in levels:
            fn = LEVEL_FUNCTIONS[level]
            if metric in errors:
                out[level][metric] = {"error": errors[metric]}
                continue
            try:
                out[level][metric] = fn(rows, metric, reference, n_resamples, confidence, seed)
            except PyrabenchError as exc:
                out[level][metric] = {"error": str(exc)}
    return {"reference": reference, "levels": out}



# --------------------------------------------------------------------------- paired test of two metrics

#: The unit each level resamples and permutes: what its statistic is an average or a correlation over.
UNITS = {"summary": "topics", "system": "systems", "global": "summaries"}
_KENDALL_CELLS = 4_000_000  # pairwise-sign cells per vectorized Kendall chunk (memory bound)


def _rows3(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pearson, Spearman and Kendall τ-b of every row pair of ``(B, n)`` arrays: ``(B, 3)``."""
    rx, ry = stats.rankdata(x, axis=1), stats.rankdata(y, axis=1)
    step = max(1, _KENDALL_CELLS // max(1, x.shape[1] ** 2))
    kendall = np.concatenate([kendall_rows(x[i:i + step], y[i:i + step]) for i in range(0, len(x), step)])
    return np.column_stack([_pearson_rows(x, y), _pearson_rows(rx, ry), kendall])


def _standardized(values: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """``values`` on the scale of ``cells`` standardized (mean 0, sd 1), so that swapping two
    metrics' scores swaps like with like (Deutsch et al. 2021 standardize before permuting)."""
    sd = float(np.std(cells))
    return (values - float(np.mean(cells))) / (sd if sd > 0 else 1.0)


def _units(rows: pd.DataFrame, a: str, b: str, reference: str, level: str):
    """Per resampling unit, what the statistic needs: ``("topics", d)`` with the per-topic
    correlation differences ``(T, 3)``, or ``(unit, xa, xb, y)`` vectors (standardized
    metrics) whose correlations with ``y`` are compared."""
    if level == "summary":
        diffs = []
        for _, g in rows.groupby("topic", sort=True):
            ref = g[reference].to_numpy(float)
            ca, cb = _corr3(g[a].to_numpy(float), ref), _corr3(g[b].to_numpy(float), ref)
            if ca is not None and cb is not None:
                diffs.append(np.subtract(ca, cb))
        if len(diffs) < 2:
            raise PyrabenchError(f"fewer than 2 topics where both {a} and {b} correlate with {reference}")
        return np.asarray(diffs)
    columns = list(dict.fromkeys([a, b, reference]))
    if level == "system":
        means = system_means(rows, columns)
    elif level == "global":
        means = rows[columns]
    else:
        raise PyrabenchError(f"unknown level {level!r}; use {', '.join(ALL_LEVELS)}")
    xa = _standardized(means[a].to_numpy(float), rows[a].to_numpy(float))
    xb = _standardized(means[b].to_numpy(float), rows[b].to_numpy(float))
    y = means[reference].to_numpy(float)
    if len(y) < 3 or np.ptp(y) == 0 or np.ptp(xa) == 0 or np.ptp(xb) == 0:
        raise PyrabenchError(f"{level}-level correlations of {a} and {b} with {reference} are undefined "
                             f"({len(y)} {UNITS[level]}, or a constant side)")
    return xa, xb, y


def _p_values(null: np.ndarray, observed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(two-sided, one-sided A > B) permutation p-values per statistic, counting the observed
    arrangement itself ((1 + hits) / (1 + B)); ties count as hits, so identical metrics give 1."""
    tol = 1e-12
    ok = np.isfinite(null)
    n = ok.sum(axis=0)
    greater = ((null >= observed - tol) & ok).sum(axis=0)
    both = ((np.abs(null) >= np.abs(observed) - tol) & ok).sum(axis=0)
    return (1 + both) / (1 + n), (1 + greater) / (1 + n)


def compare(frame: pd.DataFrame, a: str, b: str, reference: str, level: str = "summary",
            n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0) -> dict:
    """Is ``a``'s correlation with ``reference`` higher than ``b``'s, at ``level``?

    Paired, on the summaries both metrics and the reference score. Following Deutsch, Dror &
    Roth (2021, "A Statistical Analysis of Summarization Evaluation Metrics using Resampling
    Methods"): a **permutation test** that swaps the two metrics' standardized scores per unit at
    random (their PERM-INPUTS at summary level, PERM-SYSTEMS at system level; per summary at the
    global level) gives the p-values, and a **paired bootstrap** of the same units gives the
    percentile interval of the difference ``r(a) − r(b)``. The unit is the one the level's
    statistic is taken over (:data:`UNITS`), as for the single-metric intervals. At summary
    level a swap within a topic exchanges that topic's two correlations, so the permutation is
    a sign flip of the per-topic differences. Everything is vectorized over resamples.
    """
    columns = list(dict.fromkeys([reference, a, b]))  # a metric compared with itself is one column
    rows = per_summary(frame, columns).dropna(subset=columns)
    rng = np.random.default_rng(seed)
    units = _units(rows, a, b, reference, level)
    if level == "summary":
        d = units
        observed = d.mean(axis=0)
        signs = rng.choice(np.array([-1.0, 1.0]), size=(n_resamples, len(d)))
        null = signs @ d / len(d)
        boot = d[rng.integers(0, len(d), size=(n_resamples, len(d)))].mean(axis=1)
        n = len(d)
    else:
        xa, xb, y = units
        n = len(y)
        observed = _rows3(xa[None], y[None])[0] - _rows3(xb[None], y[None])[0]
        swap = rng.random((n_resamples, n)) < 0.5
        ys = np.broadcast_to(y, swap.shape)
        null = _rows3(np.where(swap, xb, xa), ys) - _rows3(np.where(swap, xa, xb), ys)
        idx = rng.integers(0, n, size=(n_resamples, n))
        boot = _rows3(xa[idx], y[idx]) - _rows3(xb[idx], y[idx])
    two_sided, greater = _p_values(null, observed)
    return {
        "a": a, "b": b, "reference": reference, "level": level, "n": int(n), "over": UNITS[level],
        "difference": {s: float(observed[k]) for k, s in enumerate(STATISTICS)},
        "ci": {s: _interval(boot[:, k], confidence) for k, s in enumerate(STATISTICS)},
        "p_value": {s: float(two_sided[k]) for k, s in enumerate(STATISTICS)},
        "p_greater": {s: float(greater[k]) for k, s in enumerate(STATISTICS)},
        "confidence": confidence, "resamples": n_resamples, "seed": seed,
        "method": "permutation test (p) and paired percentile bootstrap (interval), Deutsch et al. 2021",
    }


def comparisons(frame: pd.DataFrame, pairs: Sequence[tuple[str, str]], reference: str, errors: dict | None = None,
                n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0,
                levels: Sequence[str] = LEVELS) -> list[dict]:
    """:func:`compare` for every pair and level; a pair that cannot be tested keeps its reason."""
    errors = errors or {}
    out = []
    for a, b in pairs:
        for level in levels:
            missing = [m for m in (a, b) if m in errors]
            if missing:
                out.append({"a": a, "b": b, "reference": reference, "level": level, "error": errors[missing[0]]})
                continue
            try:
                out.append(compare(frame, a, b, reference, level, n_resamples, confidence, seed))
            except PyrabenchError as exc:
                out.append({"a": a, "b": b, "reference": reference, "level": level, "error": str(exc)})
    return out
