"""Agreement of automated with manual scores, as the 2013 ``get_score_stats.py``.

Per variant (similarity, combine, threshold): Pearson of the absolute scores, Spearman and
Kendall's τ of the rankings (scipy's ``spearmanr``/``kendalltau`` average tied ranks, as the
script's ordinals do), the mean Jaccard of retrieved vs human SCU sets, and the ratio of the
number of retrieved to human SCUs.

Confidence intervals follow the script: leave one summary out in turn, recompute the
statistic on the rest, and take the normal 95 % interval ``mean ± 1.96·sd`` of those values
(``ci="loo"``, :func:`pyrabench.resampling.leave_one_out_interval`). That interval describes the stability of the statistic under removing one
summary, not sampling error, and shrinks as the sample grows; ``ci="bootstrap"`` gives the
percentile interval of a bootstrap over summaries (:mod:`pyrabench.resampling`, seeded) instead.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ...resampling import CONFIDENCE, bootstrap_indices, leave_one_out_interval, percentile_interval
from ..manual import jaccard

STATS = ("pearson", "spearman", "kendall", "jaccard", "scu_ratio")


def _per_summary(human_sets, auto_sets):
    jac = np.array([jaccard(h, a) for h, a in zip(human_sets, auto_sets)])
    ratio = np.array([len(a) / len(h) if len(h) else np.nan for h, a in zip(human_sets, auto_sets)])
    return jac, ratio


def _stats_from(h, a, jac, ratio) -> dict[str, float]:
    const = np.ptp(h) == 0 or np.ptp(a) == 0
    return {
        "pearson": np.nan if const else float(stats.pearsonr(h, a)[0]),
        "spearman": np.nan if const else float(stats.spearmanr(h, a)[0]),
        "kendall": np.nan if const else float(stats.kendalltau(h, a)[0]),
        "jaccard": float(np.mean(jac)),
        "scu_ratio": float(np.nanmean(ratio)) if np.isfinite(ratio).any() else np.nan,
    }


def score_stats(human_scores: Sequence[float], auto_scores: Sequence[float],
                human_sets: Sequence, auto_sets: Sequence) -> dict[str, float]:
    """The five statistics over aligned summaries (NaN for a correlation with a constant side)."""
    h = np.asarray(human_scores, dtype=float)
    a = np.asarray(auto_scores, dtype=float)
    jac, ratio = _per_summary(human_sets, auto_sets)
    return _stats_from(h, a, jac, ratio)


def score_stats_ci(human_scores, auto_scores, human_sets, auto_sets, ci: str = "loo",
                   confidence: float = CONFIDENCE, n_resamples: int = 999, seed: int = 0) -> dict[str, float]:
    """:func:`score_stats` plus ``<stat>_lo``/``<stat>_hi`` (see module docstring). ``n_resamples``
    defaults to 999, not :data:`pyrabench.resampling.N_RESAMPLES`: the tables were drawn so."""
    h = np.asarray(human_scores, dtype=float)
    a = np.asarray(auto_scores, dtype=float)
    jac, ratio = _per_summary(human_sets, auto_sets)
    out = _stats_from(h, a, jac, ratio)
    n = len(h)
    if ci == "loo":
        folds = []
        for i in range(n):
            keep = np.arange(n) != i
            folds.append(_stats_from(h[keep], a[keep], jac[keep], ratio[keep]))
        for name in STATS:
            out[f"{name}_lo"], out[f"{name}_hi"] = leave_one_out_interval([f[name] for f in folds], confidence)
    elif ci == "none":
        pass
    elif ci == "bootstrap":
        resampled = [_stats_from(h[i], a[i], jac[i], ratio[i])
                     for i in bootstrap_indices(n, n_resamples, np.random.default_rng(seed))]
        for name in STATS:
            lo_hi = percentile_interval([r[name] for r in resampled], confidence)
            out[f"{name}_lo"], out[f"{name}_hi"] = lo_hi if lo_hi else (np.nan, np.nan)
    else:
        raise ValueError(f"ci must be 'loo', 'bootstrap' or 'none', got {ci!r}")
    return out


def variant_table(auto: pd.DataFrame, human: pd.DataFrame, on: Sequence[str], score: str = "weight",
                  human_score: str | None = None, ci: str = "loo", **kw) -> pd.DataFrame:
    """One row per variant of ``auto`` (columns ``similarity, combine, threshold`` plus ``on``
    keys, ``score`` and ``retrieved``) against ``human`` (``on`` keys, ``human_score``, ``human_set``)."""
    human_score = human_score or score
    rows = []
    for variant, g in auto.groupby(["similarity", "combine", "threshold"], sort=True):
        m = g.merge(human, on=list(on), how="inner", suffixes=("", "_human"))
        hs = m[f"{human_score}_human"] if f"{human_score}_human" in m else m[human_score]
        res = score_stats_ci(hs.to_numpy(), m[score].to_numpy(), list(m["human_set"]), list(m["retrieved"]), ci=ci, **kw)
        rows.append(dict(zip(["similarity", "combine", "threshold"], variant), n=len(m), **res))
    return pd.DataFrame(rows)
