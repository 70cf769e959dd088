"""Score a system on STS releases: per-dataset Pearson/Spearman and the year's aggregates.

Only scored pairs (non-empty gold) count, and ``n`` is their number, which is also the weight
of a dataset in **Mean**. A dataset the system cannot score (2013 SMT: input not distributed;
no output file) is reported with ``pearson=None`` and left out of Mean, ALL and ALLnorm, so a
2013 aggregate here covers headlines+OnWN+FNWN (1500 pairs) where the paper's covers 2250.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import metrics
from .releases import STSRelease
from .systems import System


@dataclass(frozen=True)
class DatasetResult:
    name: str
    n: int  # scored pairs
    pearson: float | None  # None: not scored by this system
    spearman: float | None
    weighted_pearson: float | None = None  # only when the system gave confidences
    note: str = ""


@dataclass(frozen=True)
class YearResult:
    year: str
    system: str
    datasets: tuple[DatasetResult, ...]
    mean: float
    all: float
    allnorm: float

    def to_json(self) -> dict:
        """The ``pyrabench sts --json`` shape: ``{"datasets": {name: {"pearson", "n"}}, "mean", "all", "allnorm"}``."""

        def num(x):
            return None if x is None or not np.isfinite(x) else round(float(x), 6)

        datasets = {}
        for d in self.datasets:
            entry = {"pearson": num(d.pearson), "n": d.n}
            if d.weighted_pearson is not None:
                entry["weighted_pearson"] = num(d.weighted_pearson)
            if d.pearson is None:
                entry["unavailable"] = d.note
            datasets[d.name] = entry
        return {"datasets": datasets, "mean": num(self.mean), "all": num(self.all), "allnorm": num(self.allnorm)}


def evaluate_scores(release: STSRelease, scores: dict[str, np.ndarray | None], system: str = "system",
                    confidences: dict[str, np.ndarray | None] | None = None) -> YearResult:
    """Aggregate already-computed scores (one array per dataset, full length incl. unscored pairs)."""
    results, sys_parts, gold_parts, rs, ns = [], [], [], [], []
    for d in release.datasets:
        s = scores.get(d.name)
        if s is None:
            note = d.note if not d.available else "no system scores"
            results.append(DatasetResult(d.name, d.n_scored, None, None, note=note))
            continue
        s = np.asarray(s, dtype=float)
        if len(s) != d.n_pairs:
            raise ValueError(f"{release.year} {d.name}: {len(s)} scores for {d.n_pairs} pairs")
        m = d.scored
        x, y = s[m], d.gold[m]
        r = metrics.pearson(x, y)
        wr = None
        c = (confidences or {}).get(d.name)
        if c is not None:
            wr = metrics.weighted_pearson(x, y, np.asarray(c, dtype=float)[m])
        results.append(DatasetResult(d.name, int(m.sum()), r, metrics.spearman(x, y), wr))
        sys_parts.append(x)
        gold_parts.append(y)
        rs.append(r)
        ns.append(int(m.sum()))
    return YearResult(
        release.year, system, tuple(results),
        mean=metrics.weighted_mean(rs, ns),
        all=metrics.pearson_all(sys_parts, gold_parts),
        allnorm=metrics.pearson_allnorm(sys_parts, gold_parts),
    )


def score_release(system: System, release: STSRelease) -> dict[str, np.ndarray | None]:
    return {d.name: system.score(d) for d in release.datasets}


def evaluate(system: System, releases: dict[str, STSRelease]) -> dict[str, YearResult]:
    """``{year: YearResult}`` for one system over the given releases."""
    system.prepare(releases.values())
    out = {}
    for year, release in releases.items():
        scored = {d.name: system.score_with_confidence(d) for d in release.datasets}
        scores = {name: s for name, (s, _) in scored.items()}
        confidences = {name: c for name, (_, c) in scored.items()}
        out[year] = evaluate_scores(release, scores, system.name, confidences)
    return out


def allnorm_expectation(release: STSRelease) -> float:
    """ALLnorm expected of scores unrelated to the gold: the between-dataset share of the gold
    variance, plus each dataset's chance fit (E r^2 = 1/(n-1)), square-rooted."""
    golds = [d.gold[d.scored] for d in release.available]
    allg = np.concatenate(golds)
    total = ((allg - allg.mean()) ** 2).sum()
    between = sum(len(g) * (g.mean() - allg.mean()) ** 2 for g in golds)
    chance = sum(((g - g.mean()) ** 2).sum() / (len(g) - 1) for g in golds)
    return float(np.sqrt((between + chance) / total))
