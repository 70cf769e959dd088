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
averaged; :func:`row_correlations`, the module's one correlation path, computes every row of a
matrix at once) with a 95 % **percentile bootstrap** interval: ``n_resamples`` (default 1,000)
seeded resamples, drawn by :mod:`pyrabench.resampling` and computed all at once. By default each
level resamples the unit its statistic averages over, which is what the interval is about: the
*topics* at summary level (the mean of the resampled topics' correlations), the *systems* at
system level (the correlations recomputed on the resampled systems). Deutsch et al. (2021) name
three schemes, resampling the systems, the inputs (topics) or both jointly, which they
recommend for an interval that generalizes to new summarizers *and* new inputs; ``scheme=``
picks one at either level (``"both"``: each resample draws systems and topics, and the
statistic is recomputed on the summaries of the drawn systems for the drawn topics). Resamples
that make a side constant are dropped.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ..errors import PyrabenchError
from ..resampling import (CONFIDENCE, N_RESAMPLES, SCHEMES, bootstrap_indices, percentile_interval,
                          permutation_p_values, scheme_indices, swap_masks)

LEVELS = ("summary", "system")  # what ``pyrabench correlate`` reports by default
ALL_LEVELS = ("summary", "system", "global")
STATISTICS = ("pearson", "spearman", "kendall")
#: What each resampling scheme (:data:`pyrabench.resampling.SCHEMES`) draws, as the intervals report it.
SCHEME_UNITS = {"systems": "systems", "inputs": "topics", "both": "topics and systems"}
_KENDALL_CELLS = 2_000_000  # pairs per vectorized Kendall chunk (memory bound)
_KENDALL_VECTOR_MAX = 200  # longer rows: scipy's O(n log n) τ-b, one row at a time


def per_summary(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """One row per (topic, peer): ``columns`` averaged over a peer's annotations."""
    return frame.groupby(["topic", "peer"], sort=True)[list(columns)].mean().reset_index()


def _centered(v: np.ndarray, present: np.ndarray | None) -> np.ndarray:
    """Rows minus their mean over the present cells; absent cells 0."""
    if present is None:
        return v - v.mean(axis=1, keepdims=True)
    n = np.maximum(present.sum(axis=1, keepdims=True), 1)
    mean = np.where(present, v, 0.0).sum(axis=1, keepdims=True) / n
    return np.where(present, v - mean, 0.0)


def _pearson_rows(x: np.ndarray, y: np.ndarray, present: np.ndarray | None) -> np.ndarray:
    xc, yc = _centered(x, present), _centered(y, present)
    den = np.sqrt((xc * xc).sum(axis=1) * (yc * yc).sum(axis=1))
    return np.divide((xc * yc).sum(axis=1), den, out=np.full(len(x), np.nan), where=den > 1e-300)


def _signs(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """sign(a − b) as int8 (−1, 0, 1): an eighth of the memory of float signs."""
    return np.greater(a, b).view(np.int8) - np.less(a, b).view(np.int8)


def _kendall_rows(x: np.ndarray, y: np.ndarray, present: np.ndarray | None) -> np.ndarray:
    """τ-b from the signs of every pair's differences, pairs with an absent cell left out.
    Memory grows as n² per row, so rows go in chunks, and long rows (the global level's
    thousand summaries) go to scipy's O(n log n) τ-b one at a time."""
    n = x.shape[1]
    if n > _KENDALL_VECTOR_MAX:
        keep = np.ones(x.shape, dtype=bool) if present is None else present
        return np.array([stats.kendalltau(xb[k], yb[k])[0] for xb, yb, k in zip(x, y, keep)], dtype=float)
    i, j = np.triu_indices(n, k=1)
    step = max(1, _KENDALL_CELLS // max(1, len(i)))
    out = []
    for start in range(0, len(x), step):
        xs, ys = x[start:start + step], y[start:start + step]
        dx, dy = _signs(xs[:, i], xs[:, j]), _signs(ys[:, i], ys[:, j])
        if present is not None:
            ps = present[start:start + step]
            both = (ps[:, i] & ps[:, j]).view(np.int8)
            dx *= both
            dy *= both
        den = np.sqrt(np.count_nonzero(dx, axis=1).astype(float) * np.count_nonzero(dy, axis=1))
        num = (dx * dy).sum(axis=1, dtype=np.int64)
        out.append(np.divide(num, den, out=np.full(len(xs), np.nan), where=den > 0))
    return np.concatenate(out) if out else np.empty(0)


def _spread(v: np.ndarray, present: np.ndarray | None) -> np.ndarray:
    """Each row's range over its present cells (−inf for a row with none)."""
    if present is None:
        return np.ptp(v, axis=1)
    return np.max(v, axis=1, where=present, initial=-np.inf) - np.min(v, axis=1, where=present, initial=np.inf)


def _kendall_resampled(x: np.ndarray, y: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """τ-b of every bootstrap resample ``x[idx[b]], y[idx[b]]`` (scipy's τ-b, bit for bit), from
    how often each item is drawn. With ``w_i`` copies of item i, concordant minus discordant
    pairs are ``Σ_{i<j} w_i w_j sign(x_i − x_j) sign(y_i − y_j)`` and the pairs tied in x
    ``Σ_{i<j} w_i w_j [x_i = x_j] + Σ_i w_i (w_i − 1) / 2`` (two copies of one item tie on
    both sides): quadratic forms in the counts, one ``(B, n) × (n, n)`` product for the first
    and sums over groups of equal values for the ties, instead of a sort per resample. Every sum
    is of integers below 2**53, so exact; the last step is scipy's own formula."""
    b, n = idx.shape
    w = np.bincount((idx + n * np.arange(b)[:, None]).ravel(), minlength=b * n).reshape(b, n).astype(np.float64)
    concordance = np.sign(x[:, None] - x[None, :]) * np.sign(y[:, None] - y[None, :])

    def tied(v: np.ndarray) -> np.ndarray:  # Σ over groups of equal values of (copies drawn)², less the diagonal
        _, group = np.unique(v, return_inverse=True)
        order = np.argsort(group, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(group[order]) != 0])
        return (np.square(np.add.reduceat(w[:, order], starts, axis=1)).sum(axis=1) - n) / 2

    tot = n * (n - 1) // 2
    con_minus_dis = np.rint(np.einsum("bi,bi->b", w @ concordance, w)) / 2
    xtie, ytie = tied(x), tied(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        tau = np.minimum(1.0, np.maximum(-1.0, con_minus_dis / np.sqrt(tot - xtie) / np.sqrt(tot - ytie)))
    tau[(xtie == tot) | (ytie == tot)] = np.nan
    return tau


def row_correlations(x, y, present=None, kendall: bool = True) -> np.ndarray:
    """Pearson, Spearman and Kendall τ-b (scipy's definitions, ties averaged) of every row pair
    ``x[b], y[b]`` of two ``(B, n)`` arrays at once: ``(B, 3)``, columns in :data:`STATISTICS`.
    ``present`` (``(B, n)`` booleans) leaves cells out, so rows of a topics × systems matrix
    with gaps are correlated over the summaries they hold. A row with fewer than 3 present
    cells or a constant side has no correlation: NaN. The one correlation path of the module
    (``kendall=False``: τ left NaN, for a caller that computes it another way)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if present is not None:
        present = np.asarray(present, dtype=bool)
        x, y = np.where(present, x, 0.0), np.where(present, y, 0.0)  # absent cells never reach a sum
    counts = np.full(len(x), x.shape[1]) if present is None else present.sum(axis=1)
    defined = (counts >= 3) & (_spread(x, present) > 0) & (_spread(y, present) > 0)
    out = np.full((len(x), 3), np.nan)
    if not defined.any():
        return out
    x, y = x[defined], y[defined]
    present = None if present is None else present[defined]
    if present is None:
        rx, ry = stats.rankdata(x, axis=1), stats.rankdata(y, axis=1)
    else:  # ranks among the present cells (NaN elsewhere, then zeroed by the mask)
        rx = stats.rankdata(np.where(present, x, np.nan), axis=1, nan_policy="omit")
        ry = stats.rankdata(np.where(present, y, np.nan), axis=1, nan_policy="omit")
        rx, ry = np.where(present, rx, 0.0), np.where(present, ry, 0.0)
    tau = _kendall_rows(x, y, present) if kendall else np.full(len(x), np.nan)
    out[defined] = np.column_stack([_pearson_rows(x, y, present), _pearson_rows(rx, ry, present), tau])
    return out


def _matrix(rows: pd.DataFrame, columns: Sequence[str]) -> tuple[list[np.ndarray], np.ndarray]:
    """Each column of per-summary ``rows`` as a topics × systems matrix (topics and peer ids
    sorted), and where all of them are present."""
    distinct = list(dict.fromkeys(columns))  # a metric compared with itself is one column
    wide = rows.pivot(index="topic", columns="peer", values=distinct).sort_index().sort_index(axis=1)
    values = {c: wide[c].to_numpy(float) for c in distinct}
    present = np.logical_and.reduce([np.isfinite(v) for v in values.values()])
    return [values[c] for c in columns], present


def per_topic_correlations(frame: pd.DataFrame, metric: str, reference: str) -> np.ndarray:
    """``(topics, 3)``: Pearson, Spearman and Kendall of each topic with a defined correlation
    (3 or more summaries, neither side constant), in topic order: the rows of the topics ×
    systems matrix correlated at once."""
    (x, y), present = _matrix(frame, [metric, reference])
    r = row_correlations(x, y, present)
    return r[~np.isnan(r[:, 0])]


def _ci_block(samples: np.ndarray, confidence: float, n_resamples: int, over: str, seed: int) -> dict:
    out = {s: percentile_interval(samples[:, k], confidence) for k, s in enumerate(STATISTICS)}
    out.update({"confidence": confidence, "resamples": n_resamples, "over": over, "seed": seed,
                "method": "percentile bootstrap"})
    return out


def _nanmean(values: np.ndarray, present: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """Mean over the present cells along ``axis`` and whether any cell was present."""
    n = present.sum(axis=axis)
    total = np.where(present, values, 0.0).sum(axis=axis)
    return np.divide(total, n, out=np.zeros(total.shape), where=n > 0), n > 0


def _per_topic(x: np.ndarray, y: np.ndarray, present: np.ndarray) -> np.ndarray:
    """``(B, topics, 3)``: each topic's correlation over its systems, for ``(B, topics, systems)``
    stacks of matrices (resamples or arrangements)."""
    b, topics, systems = x.shape
    return row_correlations(x.reshape(-1, systems), y.reshape(-1, systems),
                            present.reshape(-1, systems)).reshape(b, topics, 3)


def _topic_mean(r: np.ndarray) -> np.ndarray:
    """``(B, 3)``: the mean over topics of ``(B, topics, 3)`` correlations, the undefined topics
    left out (NaN when none is defined)."""
    out, _ = _nanmean(r, ~np.isnan(r), axis=1)
    out[np.isnan(r).all(axis=1)] = np.nan
    return out


def _system_correlations(x: np.ndarray, y: np.ndarray, present: np.ndarray) -> np.ndarray:
    """``(B, 3)``: the correlation of the systems' means over their present topics, for
    ``(B, topics, systems)`` stacks of matrices."""
    xs, held = _nanmean(x, present, axis=1)
    ys, _ = _nanmean(y, present, axis=1)
    return row_correlations(xs, ys, held)


def summary_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                  confidence: float = CONFIDENCE, seed: int = 0, scheme: str = "inputs") -> dict:
    """Mean over topics of the per-topic correlations, with a bootstrap of the topics (``scheme``
    ``"inputs"``, the default), of the systems (each topic's correlation over the resampled
    systems) or of both; the topics with a defined correlation are the inputs."""
    (x, y), present = _matrix(frame.dropna(subset=[metric, reference]), [metric, reference])
    r = row_correlations(x, y, present)
    defined = ~np.isnan(r[:, 0])
    if not defined.any():
        raise PyrabenchError(f"no topic has a defined correlation between {metric} and {reference}")
    x, y, present, r = x[defined], y[defined], present[defined], r[defined]
    topics, systems = x.shape
    rows, cols = scheme_indices(systems, topics, scheme, n_resamples, np.random.default_rng(seed))
    if scheme == "inputs":  # a topic's correlation is the same in every resample
        samples = r[cols].mean(axis=1)
    else:
        pick = (cols[:, :, None], rows[:, None, :])  # (B, topics, systems)
        samples = _topic_mean(_per_topic(x[pick], y[pick], present[pick]))
    point = r.mean(axis=0)
    return {**{s: float(point[k]) for k, s in enumerate(STATISTICS)}, "n": len(r),
            "ci": _ci_block(samples, confidence, n_resamples, SCHEME_UNITS[scheme], seed)}


def system_means(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """Each system's (peer id's) mean of ``columns`` over the topics it summarized."""
    return frame.groupby("peer", sort=True)[list(columns)].mean()


def system_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                 confidence: float = CONFIDENCE, seed: int = 0, scheme: str = "systems") -> dict:
    """Correlation of the systems' mean scores, with a bootstrap of the systems (``scheme``
    ``"systems"``, the default), of the topics (the means taken over the resampled topics) or of
    both."""
    rows = frame.dropna(subset=[metric, reference])
    means = system_means(rows, [metric, reference])
    x, y = means[metric].to_numpy(float), means[reference].to_numpy(float)
    point = row_correlations(x[None], y[None])[0]
    if np.isnan(point[0]):
        raise PyrabenchError(f"system-level correlation of {metric} and {reference} is undefined "
                             f"({len(x)} systems, or a constant side)")
    if scheme == "systems":  # a system's mean is the same in every resample: no topics × systems matrix
        picked, _ = scheme_indices(len(x), 0, scheme, n_resamples, np.random.default_rng(seed))
        samples = row_correlations(x[picked], y[picked])
    else:
        (mx, my), present = _matrix(rows, [metric, reference])
        topics, systems = mx.shape
        picked, cols = scheme_indices(systems, topics, scheme, n_resamples, np.random.default_rng(seed))
        pick = (cols[:, :, None], picked[:, None, :])  # (B, topics, systems)
        samples = _system_correlations(mx[pick], my[pick], present[pick])
    return {**dict(zip(STATISTICS, map(float, point))), "n": len(x),
            "ci": _ci_block(samples, confidence, n_resamples, SCHEME_UNITS[scheme], seed)}


def global_level(frame: pd.DataFrame, metric: str, reference: str, n_resamples: int = N_RESAMPLES,
                 confidence: float = CONFIDENCE, seed: int = 0) -> dict:
    """One correlation over every summary of every topic, with a bootstrap over summaries."""
    rows = frame.dropna(subset=[metric, reference])
    x, y = rows[metric].to_numpy(float), rows[reference].to_numpy(float)
    point = row_correlations(x[None], y[None])[0]
    if np.isnan(point[0]):
        raise PyrabenchError(f"global correlation of {metric} and {reference} is undefined "
                             f"({len(x)} summaries, or a constant side)")
    idx = bootstrap_indices(len(x), n_resamples, np.random.default_rng(seed))
    samples = row_correlations(x[idx], y[idx], kendall=False)  # τ from the draw counts: no sort per resample
    samples[:, 2] = np.where(np.isnan(samples[:, 0]), np.nan, _kendall_resampled(x, y, idx))
    return {**dict(zip(STATISTICS, map(float, point))), "n": len(x),
            "ci": _ci_block(samples, confidence, n_resamples, "summaries", seed)}


LEVEL_FUNCTIONS = {"summary": summary_level, "system": system_level, "global": global_level}


def correlations(frame: pd.DataFrame, metrics: Sequence[str], reference: str, errors: dict | None = None,
                 n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0,
                 levels: Sequence[str] = LEVELS, scheme: str | None = None) -> dict:
    """The ``pyrabench correlate --json`` object for per-annotation rows ``frame`` (columns
    ``topic, peer``, the reference and the metrics). A metric in ``errors`` (name → reason) or
    with no defined correlation is reported as ``{"error": reason}``, never as NaN. ``scheme``
    (:data:`pyrabench.resampling.SCHEMES`) replaces the summary and system levels' own units;
    the global level always resamples summaries (its intervals say ``"over"``)."""
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
                own = {} if scheme is None or level == "global" else {"scheme": scheme}
                out[level][metric] = fn(rows, metric, reference, n_resamples, confidence, seed, **own)
            except PyrabenchError as exc:
                out[level][metric] = {"error": str(exc)}
    return {"reference": reference, "levels": out}


def flat_row(result: dict, metric: str, levels: Sequence[str] = ("summary", "system"),
             statistics: Sequence[str] = ("pearson", "kendall")) -> dict:
    """One metric of a :func:`correlations` result as flat columns for a table:
    ``{level}_{statistic}`` with ``_lo`` / ``_hi`` (NaN when there is no interval)."""
    row = {}
    for level in levels:
        r = result["levels"][level][metric]
        for stat in statistics:
            lo, hi = r["ci"][stat] or (np.nan, np.nan)
            row.update({f"{level}_{stat}": r[stat], f"{level}_{stat}_lo": lo, f"{level}_{stat}_hi": hi})
    return row



# --------------------------------------------------------------------------- paired test of two metrics

#: The unit each level resamples and permutes: what its statistic is an average or a correlation over.
UNITS = {"summary": "topics", "system": "systems", "global": "summaries"}
#: Each level's own unit as a resampling scheme (the global level has none: it pools summaries).
OWN_SCHEME = {"summary": "inputs", "system": "systems"}


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
        (xa, xb, y), present = _matrix(rows, [a, b, reference])
        d = row_correlations(xa, y, present) - row_correlations(xb, y, present)
        d = d[~np.isnan(d).any(axis=1)]  # topics where both metrics correlate with the reference
        if len(d) < 2:
            raise PyrabenchError(f"fewer than 2 topics where both {a} and {b} correlate with {reference}")
        return d
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


def _matrix_test(rows: pd.DataFrame, a: str, b: str, reference: str, level: str, scheme: str,
                 n_resamples: int, rng: np.random.Generator):
    """``(observed, swaps, null, boot, n)`` of :func:`compare` under any of Deutsch et al.'s
    schemes: the topics × systems matrices of the two standardized metrics swapped per topic
    (PERM-INPUTS), per system (PERM-SYSTEMS) or per summary (PERM-BOTH), and bootstrapped the
    same way, the level's statistic recomputed on each stack of matrices at once."""
    (xa, xb, y), present = _matrix(rows, [a, b, reference])
    xa, xb = _standardized(xa, xa[present]), _standardized(xb, xb[present])
    topics, systems = y.shape

    def difference(ma, mb, my, held):
        if level == "summary":  # the per-topic differences, averaged over the topics both define
            return _topic_mean(_per_topic(ma, my, held) - _per_topic(mb, my, held))
        return _system_correlations(ma, my, held) - _system_correlations(mb, my, held)

    observed = difference(xa[None], xb[None], y[None], present[None])[0]
    if np.isnan(observed).any():
        raise PyrabenchError(f"{level}-level correlations of {a} and {b} with {reference} are undefined")
    if scheme == "both":
        swaps = swap_masks(topics * systems, n_resamples, rng)
        mask = swaps.mask.reshape(-1, topics, systems)
    elif scheme == "inputs":
        swaps = swap_masks(topics, n_resamples, rng)
        mask = swaps.mask[:, :, None]
    else:
        swaps = swap_masks(systems, n_resamples, rng)
        mask = swaps.mask[:, None, :]
    shape = (len(swaps.mask), topics, systems)
    null = difference(np.where(mask, xb, xa), np.where(mask, xa, xb), np.broadcast_to(y, shape),
                      np.broadcast_to(present, shape))
    picked, cols = scheme_indices(systems, topics, scheme, n_resamples, rng)
    pick = (cols[:, :, None], picked[:, None, :])  # (B, topics, systems)
    boot = difference(xa[pick], xb[pick], y[pick], present[pick])
    n = {"both": int(present.sum()), "inputs": topics, "systems": systems}[scheme]
    return observed, swaps, null, boot, n


def compare(frame: pd.DataFrame, a: str, b: str, reference: str, level: str = "summary",
            n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0,
            scheme: str | None = None) -> dict:
    """Is ``a``'s correlation with ``reference`` higher than ``b``'s, at ``level``?

    Paired, on the summaries both metrics and the reference score. Following Deutsch, Dror &
    Roth (2021, "A Statistical Analysis of Summarization Evaluation Metrics using Resampling
    Methods"): a **permutation test** that swaps the two metrics' standardized scores per unit at
    random (their PERM-INPUTS at summary level, PERM-SYSTEMS at system level; per summary at the
    global level) gives the p-values, and a **paired bootstrap** of the same units gives the
    percentile interval of the difference ``r(a) − r(b)``. The unit is the one the level's
    statistic is taken over (:data:`UNITS`), as for the single-metric intervals; ``scheme``
    (:data:`pyrabench.resampling.SCHEMES`) picks another at summary or system level, ``"both"``
    being their PERM-BOTH and BOOT-BOTH: each summary's two scores swapped on its own, systems
    and topics drawn jointly. At summary
    level a swap within a topic exchanges that topic's two correlations, so the permutation is
    a sign flip of the per-topic differences. When the ``2**n`` ways to swap n units are no more
    than ``n_resamples``, all are enumerated and the p-values are exact (``"exact"``,
    ``"permutations"``; :func:`pyrabench.resampling.swap_masks`). Everything is vectorized over
    resamples.
    """
    columns = list(dict.fromkeys([reference, a, b]))  # a metric compared with itself is one column
    rows = per_summary(frame, columns).dropna(subset=columns)
    rng = np.random.default_rng(seed)
    if scheme is not None and scheme != OWN_SCHEME.get(level):
        if level not in OWN_SCHEME:
            raise PyrabenchError(f"the {level} level pools summaries: a resampling scheme applies to the "
                                 f"{' and '.join(OWN_SCHEME)} levels")
        if scheme not in SCHEMES:
            raise PyrabenchError(f"unknown resampling scheme {scheme!r}; use {', '.join(SCHEMES)}")
        observed, swaps, null, boot, n = _matrix_test(rows, a, b, reference, level, scheme, n_resamples, rng)
        return _comparison(a, b, reference, level, n, SCHEME_UNITS[scheme], observed, swaps, null, boot,
                           confidence, n_resamples, seed, scheme)
    units = _units(rows, a, b, reference, level)
    if level == "summary":  # a swap within a topic flips the sign of its difference
        d = units
        n = len(d)
        observed = d.mean(axis=0)
        swaps = swap_masks(n, n_resamples, rng)
        null = np.where(swaps.mask, -1.0, 1.0) @ d / n
        boot = d[bootstrap_indices(n, n_resamples, rng)].mean(axis=1)
    else:
        xa, xb, y = units
        n = len(y)
        observed = row_correlations(xa[None], y[None])[0] - row_correlations(xb[None], y[None])[0]
        swaps = swap_masks(n, n_resamples, rng)
        ys = np.broadcast_to(y, swaps.mask.shape)
        null = (row_correlations(np.where(swaps.mask, xb, xa), ys)
                - row_correlations(np.where(swaps.mask, xa, xb), ys))
        idx = bootstrap_indices(n, n_resamples, rng)
        boot = row_correlations(xa[idx], y[idx]) - row_correlations(xb[idx], y[idx])
    return _comparison(a, b, reference, level, n, UNITS[level], observed, swaps, null, boot, confidence,
                       n_resamples, seed, scheme)


def _comparison(a, b, reference, level, n, over, observed, swaps, null, boot, confidence, n_resamples, seed,
                scheme) -> dict:
    """The JSON object of one paired test."""
    two_sided, greater = permutation_p_values(null, observed, swaps.exact)
    own = {} if scheme is None or scheme == OWN_SCHEME.get(level) else {"scheme": scheme}
    return {
        "a": a, "b": b, "reference": reference, "level": level, "n": int(n), "over": over, **own,
        "difference": {s: float(observed[k]) for k, s in enumerate(STATISTICS)},
        "ci": {s: percentile_interval(boot[:, k], confidence) for k, s in enumerate(STATISTICS)},
        "p_value": {s: float(two_sided[k]) for k, s in enumerate(STATISTICS)},
        "p_greater": {s: float(greater[k]) for k, s in enumerate(STATISTICS)},
        "confidence": confidence, "resamples": n_resamples, "seed": seed,
        "permutations": len(swaps.mask), "exact": swaps.exact,
        "method": "permutation test (p) and paired percentile bootstrap (interval), Deutsch et al. 2021",
    }


def comparisons(frame: pd.DataFrame, pairs: Sequence[tuple[str, str]], reference: str, errors: dict | None = None,
                n_resamples: int = N_RESAMPLES, confidence: float = CONFIDENCE, seed: int = 0,
                levels: Sequence[str] = LEVELS, scheme: str | None = None) -> list[dict]:
    """:func:`compare` for every pair and level; a pair that cannot be tested keeps its reason.
    ``scheme`` replaces the summary and system levels' own units, as in :func:`correlations`."""
    errors = errors or {}
    out = []
    for a, b in pairs:
        for level in levels:
            missing = [m for m in (a, b) if m in errors]
            if missing:
                out.append({"a": a, "b": b, "reference": reference, "level": level, "error": errors[missing[0]]})
                continue
            try:
                own = None if level not in OWN_SCHEME else scheme
                out.append(compare(frame, a, b, reference, level, n_resamples, confidence, seed, own))
            except PyrabenchError as exc:
                out.append({"a": a, "b": b, "reference": reference, "level": level, "error": str(exc)})
    return out
