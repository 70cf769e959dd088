"""Which systems differ: every pair of systems compared by a paired bootstrap over topics.

A metric scored per summary (one value per topic and system) ranks the systems by their means.
Whether it tells two systems apart is a question about the topics: another sample of topics
could reverse a small difference. :func:`system_pairs` answers it for every pair of systems at
once, for several metrics side by side, the way Deutsch, Dror & Roth (2021) resample the inputs
(their BOOT-INPUTS): each resample draws the topics with replacement, and both systems' summaries
of a drawn topic come with it (paired, so how hard a topic is cancels out). A pair's statistic is
the **mean difference** of the two systems' scores over the topics both summarized; the pair is
**decided** at 95 % when the percentile interval of its resampled mean differences excludes 0,
in the direction of the side the interval lies on (:data:`DECIDED`: ``1`` the first system of
the pair above the second, ``-1`` below, ``0`` undecided). On a lite dataset the topics are the
examples. When topics come in groups that are not independent (the lite views of one DUC topic,
each of its model summaries a one-reference pyramid of its own), ``units`` names the group each
topic belongs to, and a resample draws the groups, each with all its topics (a cluster
bootstrap): drawing the views one by one would count four views of one topic as four topics, and
decide pairs the topics do not.

**Vectorized.** One draw of the topics (:func:`pyrabench.resampling.bootstrap_weights`, the
counts of each topic per resample) serves every pair and every metric: with ``D`` the pairs'
per-topic differences (0 where a system lacks the topic) and ``N`` where both have it, the
resampled mean differences of every pair are ``(W @ D) / (W @ N)``; the intervals are their
column-wise percentile intervals (:func:`pyrabench.resampling.percentile_intervals`). A resample
that draws no topic of a pair leaves that pair undefined in it, and a pair with fewer than two
defined resamples is undecided; so is a pair that shares fewer than :data:`MIN_TOPICS` topics (one
topic has no spread to resample: every resample would repeat its difference, and decide it).

**Wrong among decided** (:meth:`SystemPairs.shares`, with a ``truth`` column: NIST's manual
scores, a crowd's labels): a decided pair is wrong when the truth's own mean difference over the
pair's topics does not lie on the decided side (a tie counts as wrong: the truth does not back
the direction). The truth is also compared with itself by the same bootstrap, so its own
decided share stands beside the metrics'. A truth is a sample too (its own means over the same
topics, with its annotators' noise): where its own bootstrap does not decide a pair, its
direction there is nearly a coin's, and a decision against it is as much the truth's noise as
the metric's error. ``sure_wrong`` counts the wrong decisions on pairs the truth does decide.

A summary scored twice (a peer annotated twice) is one summary: its rows are averaged first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ..errors import PyrabenchError
from ..resampling import CONFIDENCE, N_RESAMPLES, TOLERANCE, bootstrap_weights, percentile_intervals

#: What a pair's ``{metric}_decided`` column holds.
DECIDED = {1: "the first system above the second", -1: "the first below the second", 0: "undecided"}
#: The topics a pair must share to be decided (no interval below).
MIN_TOPICS = 2
#: Resampled mean differences held at once (pairs per chunk × resamples), a memory bound.
CHUNK_CELLS = 4_000_000


@dataclass
class SystemPairs:
    """What :func:`system_pairs` returns: one row per pair of systems (``a`` before ``b`` in
    sorted order) with, per metric, the observed mean difference ``a − b`` (``{m}``), its
    interval (``{m}_low``, ``{m}_high``) and ``{m}_decided`` (:data:`DECIDED`); ``{m}_topics``
    counts the topics the pair shares for that metric. ``topics``: how many topics there are,
    ``resampled``: how many units a resample draws (the topics, or their groups)."""

    pairs: pd.DataFrame
    metrics: tuple[str, ...]
    truth: str | None
    topics: int
    systems: int
    n_resamples: int
    confidence: float
    seed: int
    resampled: int

    def shares(self) -> pd.DataFrame:
        """Per metric (the truth's row last): ``pairs``, ``decided`` and ``decided_share``, and
        with a truth ``wrong`` and ``wrong_share`` (wrong among decided; NaN when none is
        decided) and ``sure_wrong`` and ``sure_wrong_share`` (wrong on a pair the truth's own
        bootstrap decides, among decided)."""
        n = len(self.pairs)
        rows = {}
        for m in self.metrics:
            d = self.pairs[f"{m}_decided"].to_numpy()
            row = {"pairs": n, "decided": int((d != 0).sum()),
                   "decided_share": float((d != 0).mean()) if n else float("nan")}
            if self.truth is not None:
                wrong = self.wrong(m)
                sure = int((wrong & (self.pairs[f"{self.truth}_decided"].to_numpy() != 0)).sum())
                row.update(wrong=int(wrong.sum()), sure_wrong=sure)
                row.update({f"{k}_share": row[k] / row["decided"] if row["decided"] else float("nan")
                            for k in ("wrong", "sure_wrong")})
            rows[m] = row
        return pd.DataFrame.from_dict(rows, orient="index").rename_axis("metric")

    def wrong(self, metric: str) -> np.ndarray:
        """Per pair: decided by ``metric`` on a side the truth's mean difference is not on (a tie,
        or a pair the truth does not score, counts: nothing backs the decision)."""
        if self.truth is None:
            raise PyrabenchError("no truth to judge the decided pairs against")
        d = self.pairs[f"{metric}_decided"].to_numpy()
        t = self.pairs[self.truth].to_numpy(np.float64)
        backed = np.where(t > TOLERANCE, 1, np.where(t < -TOLERANCE, -1, 0))
        return (d != 0) & (backed != d)

    def decided(self, metric: str) -> list[dict]:
        """The pairs ``metric`` decides, as ``better``, ``worse``, the mean difference
        ``better − worse`` and its interval, in the table's order."""
        out = []
        for r in self.pairs[self.pairs[f"{metric}_decided"] != 0].to_dict("records"):
            sign = int(r[f"{metric}_decided"])
            better, worse = (r["a"], r["b"]) if sign > 0 else (r["b"], r["a"])
            low, high = sorted((sign * r[f"{metric}_low"], sign * r[f"{metric}_high"]))
            out.append({"better": better, "worse": worse, "difference": float(sign * r[metric]),
                        "low": float(low), "high": float(high)})
        return out

    def to_json(self, listed: Sequence[str] = ("estimate",)) -> dict:
        """The counts per metric and, for each metric of ``listed`` computed, the decided pairs."""
        def clean(v):
            return None if isinstance(v, float) and not np.isfinite(v) else v

        shares = {m: {k: clean(v.item() if hasattr(v, "item") else v) for k, v in row.items()}
                  for m, row in self.shares().to_dict("index").items()}
        return {"systems": self.systems, "topics": self.topics, "resampled": self.resampled,
                "pairs": len(self.pairs),
                "confidence": self.confidence, "resamples": self.n_resamples, "seed": self.seed,
                "truth": self.truth, "method": "paired percentile bootstrap over topics of the mean difference "
                                               "(Deutsch et al. 2021's BOOT-INPUTS); decided: the interval excludes 0",
                "metrics": shares, "decided": {m: self.decided(m) for m in listed if m in self.metrics}}


def _matrix(frame: pd.DataFrame, columns: Sequence[str], keys: Sequence[str]) -> tuple[list, list, dict]:
    """Each column as a topics × systems matrix (sorted), NaN where a summary lacks it."""
    rows = frame.groupby(list(keys), sort=True)[list(columns)].mean()
    wide = rows.unstack(keys[1]).sort_index().sort_index(axis=1)
    systems = list(wide[columns[0]].columns)
    return [wide[c].reindex(columns=systems).to_numpy(np.float64) for c in columns], systems, list(wide.index)


def pair_differences(weights: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(observed, resampled, topics)`` of every pair ``i < j`` of the columns of ``x`` (topics
    × systems, NaN where missing), pairs in :func:`numpy.triu_indices` order: the mean of
    ``x_i − x_j`` over the topics both hold, the same under each row of ``weights`` (resamples
    × topics, draw counts) and how many topics the pair shares."""
    present = np.isfinite(x)
    values = np.where(present, x, 0.0)
    i, j = np.triu_indices(x.shape[1], k=1)
    observed = np.full(len(i), np.nan)
    resampled = np.full((len(weights), len(i)), np.nan)
    shared = np.zeros(len(i), dtype=np.int64)
    step = max(1, CHUNK_CELLS // max(1, len(weights)))
    for start in range(0, len(i), step):
        a, b = i[start:start + step], j[start:start + step]
        both = (present[:, a] & present[:, b]).astype(np.float64)
        diff = (values[:, a] - values[:, b]) * both
        n = both.sum(axis=0)
        shared[start:start + step] = n
        observed[start:start + step] = np.divide(diff.sum(axis=0), n, out=np.full(len(a), np.nan), where=n > 0)
        num, den = weights @ diff, weights @ both
        resampled[:, start:start + step] = np.divide(num, den, out=np.full(num.shape, np.nan), where=den > 0)
    return observed, resampled, shared


def system_pairs(frame: pd.DataFrame, metrics: Sequence[str], truth: str | None = None,
                 keys: Sequence[str] = ("topic", "system"), n_resamples: int = N_RESAMPLES,
                 confidence: float = CONFIDENCE, seed: int = 0, units: Mapping | None = None) -> SystemPairs:
    """Every pair of the systems of per-summary rows ``frame`` (``keys``: the topic, then the
    system) compared on each of ``metrics`` and, given, on ``truth``; ``units`` maps a topic to
    the group it is resampled with (a topic it does not name is its own group; module
    docstring)."""
    metrics = list(dict.fromkeys(metrics))
    columns = metrics + ([truth] if truth is not None and truth not in metrics else [])
    missing = [c for c in [*keys, *columns] if c not in frame]
    if missing:
        raise PyrabenchError(f"system pairs need the column {missing[0]!r}")
    if len(keys) != 2:
        raise PyrabenchError("system pairs need two keys: the topic, then the system")
    if frame.empty:
        raise PyrabenchError("no summaries to compare systems on")
    matrices, systems, topics = _matrix(frame, columns, keys)
    groups, of_topic = np.unique(np.array([str((units or {}).get(t, t)) for t in topics], dtype=object),
                                 return_inverse=True)
    weights = bootstrap_weights(len(groups), n_resamples, np.random.default_rng(seed))[:, of_topic]
    i, j = np.triu_indices(len(systems), k=1)
    out = {"a": [systems[k] for k in i], "b": [systems[k] for k in j]}
    for name, x in zip(columns, matrices):
        observed, resampled, shared = pair_differences(weights, x)
        low, high = percentile_intervals(resampled, confidence) if len(i) else (np.zeros(0), np.zeros(0))
        low[shared < MIN_TOPICS] = high[shared < MIN_TOPICS] = np.nan
        out.update({name: observed, f"{name}_low": low, f"{name}_high": high,
                    f"{name}_decided": np.where(low > 0, 1, np.where(high < 0, -1, 0)).astype(np.int64),
                    f"{name}_topics": shared})
    return SystemPairs(pd.DataFrame(out), tuple(columns), truth, len(topics), len(systems), n_resamples,
                       confidence, seed, len(groups))
