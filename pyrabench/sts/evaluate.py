"""Score a system on STS releases: per-dataset Pearson/Spearman and the year's aggregates.

Only scored pairs (non-empty gold) count, and ``n`` is their number, which is also the weight
of a dataset in **Mean**. A dataset the system cannot score (2013 SMT: input not distributed;
no output file) is reported with ``pearson=None`` and left out of Mean, ALL and ALLnorm, so a
2013 aggregate here covers headlines+OnWN+FNWN (1500 pairs) where the paper's covers 2250.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

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


def results_table(results: dict[str, dict[str, YearResult]]) -> pd.DataFrame:
    """Long table: one row per (system, year, dataset) plus Mean/ALL/ALLnorm rows per year."""
    rows = []
    for system, by_year in results.items():
        for year, yr in by_year.items():
            for d in yr.datasets:
                rows.append({"system": system, "year": year, "dataset": d.name, "n": d.n,
                             "pearson": np.nan if d.pearson is None else d.pearson,
                             "spearman": np.nan if d.spearman is None else d.spearman})
            n_total = sum(d.n for d in yr.datasets if d.pearson is not None)
            for label, value in (("Mean", yr.mean), ("ALL", yr.all), ("ALLnorm", yr.allnorm)):
                rows.append({"system": system, "year": year, "dataset": label, "n": n_total,
                             "pearson": value, "spearman": np.nan})
    return pd.DataFrame(rows, columns=["system", "year", "dataset", "n", "pearson", "spearman"])


def wide_table(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`results_table` as one Pearson column per system, rows in the papers' order."""
    keys = list(dict.fromkeys(zip(table["year"], table["dataset"])))
    index = pd.MultiIndex.from_tuples(keys, names=["year", "dataset"])
    wide = pd.DataFrame(index=index)
    wide["n"] = table.groupby(["year", "dataset"])["n"].max().reindex(index).astype(int)
    for system, part in table.groupby("system", sort=False):
        wide[system] = part.set_index(["year", "dataset"])["pearson"].reindex(index)
    return wide


def gold_frame(releases: dict[str, STSRelease]) -> pd.DataFrame:
    """Scored gold values with their year and dataset, for distribution plots."""
    frames = [pd.DataFrame({"year": r.year, "dataset": d.name, "gold": d.gold[d.scored]})
              for r in releases.values() for d in r.datasets]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["year", "dataset", "gold"])


def dataset_summary(releases: dict[str, STSRelease]) -> pd.DataFrame:
    """Per dataset: pairs, scored pairs, whether the input is available, gold mean and sd."""
    rows = []
    for r in releases.values():
        for d in r.datasets:
            g = d.gold[d.scored]
            rows.append({"year": r.year, "dataset": d.name, "pairs": d.n_pairs, "scored": d.n_scored,
                         "input available": d.available, "gold mean": g.mean() if len(g) else np.nan,
                         "gold sd": g.std(ddof=1) if len(g) > 1 else np.nan})
    return pd.DataFrame(rows)


def compare_with_published(results: dict[str, YearResult], published=None) -> pd.DataFrame:
    """Our figures beside the papers' (``published.TOKENCOS`` by default), with the difference
    and whether ours rounds to the printed value at the paper's number of decimals."""
    from ..published import TOKENCOS

    published = TOKENCOS if published is None else published
    rows = []
    for year, yr in results.items():
        row = published.get(year)
        if row is None:
            continue
        ours = {d.name: d.pearson for d in yr.datasets}
        ours.update({"Mean": yr.mean, "ALL": yr.all, "ALLnorm": yr.allnorm})
        theirs = dict(row.datasets)
        theirs.update({k: v for k, v in (("Mean", row.mean), ("ALL", row.all), ("ALLnorm", row.allnorm))
                       if v is not None})
        for name, value in theirs.items():
            mine = ours.get(name)
            mine = np.nan if mine is None else mine
            rows.append({"year": year, "dataset": name, "published": value, "ours": mine,
                         "difference": mine - value,
                         "rounds to published": bool(np.isfinite(mine) and round(mine, row.decimals) == value),
                         "source": row.source})
    return pd.DataFrame(rows)


def tokenization_variants(releases: dict[str, STSRelease], variants=None) -> pd.DataFrame:
    """Token-cos Pearson per dataset under several readings of "split at white spaces"."""
    from .systems import SPLIT_VARIANTS, token_cosine

    variants = SPLIT_VARIANTS if variants is None else variants
    rows = []
    for year, r in releases.items():
        for d in r.available:
            row = {"year": year, "dataset": d.name}
            for label, split in variants.items():
                s = token_cosine(d.sentences_a, d.sentences_b, split=split)
                row[label] = metrics.pearson(s[d.scored], d.gold[d.scored])
            rows.append(row)
    return pd.DataFrame(rows)


def embeddings_table(specs, releases: dict[str, STSRelease], benchmark=None, seed: int = 0) -> pd.DataFrame:
    """One row per embedding: STS Mean per year and, with a pyramid ``benchmark``, its binary F1
    and ranking success/MRR (:func:`pyrabench.paraphrase.evaluate.evaluate`). Each embedding is loaded
    once, for the words of both the STS sentences and the benchmark texts."""
    from .. import embeddings
    from .systems import EmbeddingSystem

    texts = {s for r in releases.values() for d in r.available for s in (*d.sentences_a, *d.sentences_b)}
    if benchmark is not None:
        from ..paraphrase import evaluate as pyramid_evaluation

        texts |= set(pyramid_evaluation.text_index(benchmark).texts)
    vocabulary = embeddings.vocabulary(sorted(texts))
    rows = []
    for spec in specs:
        embedding = embeddings.load(spec, vocabulary=vocabulary)
        by_year = evaluate(EmbeddingSystem(spec, embedding), releases)
        row = {"embedding": spec}
        row.update({f"STS {year} Mean": yr.mean for year, yr in by_year.items()})
        if benchmark is not None:
            pyr = pyramid_evaluation.evaluate(benchmark, embedding, seed=seed)
            row.update({"pyramid binary F1": pyr["binary_f1"], "pyramid ranking success": pyr["ranking_success"],
                        "pyramid ranking MRR": pyr["ranking_mrr"]})
        rows.append(row)
    return pd.DataFrame(rows).set_index("embedding")


def random_allnorm(release: STSRelease, runs: int = 10) -> pd.DataFrame:
    """ALL, ALLnorm and Mean of ``runs`` seeded random baselines (the 2012 paper ran 10)."""
    from .systems import RandomBaseline

    rows = []
    for seed in range(runs):
        yr = evaluate(RandomBaseline(seed), {release.year: release})[release.year]
        rows.append({"seed": seed, "Mean": yr.mean, "ALL": yr.all, "ALLnorm": yr.allnorm})
    return pd.DataFrame(rows).set_index("seed")


def allnorm_expectation(release: STSRelease) -> float:
    """ALLnorm expected of scores unrelated to the gold: the between-dataset share of the gold
    variance, plus each dataset's chance fit (E r^2 = 1/(n-1)), square-rooted."""
    golds = [d.gold[d.scored] for d in release.available]
    allg = np.concatenate(golds)
    total = ((allg - allg.mean()) ** 2).sum()
    between = sum(len(g) * (g.mean() - allg.mean()) ** 2 for g in golds)
    chance = sum(((g - g.mean()) ** 2).sum() / (len(g) - 1) for g in golds)
    return float(np.sqrt((between + chance) / total))


def interval_table(system: System, releases: dict[str, STSRelease], n_resamples: int = 1000,
                   confidence: float = 0.95, seed: int = 0) -> pd.DataFrame:
    """Per dataset: Pearson of ``system`` and its bootstrap confidence interval (pairs resampled)."""
    system.prepare(releases.values())
    rows = []
    for year, r in releases.items():
        for d in r.datasets:
            s = system.score(d)
            if s is None:
                continue
            x, y = np.asarray(s, dtype=float)[d.scored], d.gold[d.scored]
            low, high = metrics.bootstrap_ci(x, y, confidence, n_resamples, seed)
            rows.append({"year": year, "dataset": d.name, "n": d.n_scored, "pearson": metrics.pearson(x, y),
                         "low": low, "high": high})
    return pd.DataFrame(rows).set_index(["year", "dataset"])


def fisher_table(a: dict[str, YearResult], b: dict[str, YearResult]) -> pd.DataFrame:
    """Per dataset: is system A's Pearson above B's? One-tailed Fisher-z test (2013 §4.1)."""
    rows = []
    for year in a:
        for da, db in zip(a[year].datasets, b[year].datasets):
            if da.pearson is None or db.pearson is None or da.n <= 3:
                continue
            z, p = metrics.fisher_z_test(da.pearson, db.pearson, da.n, db.n)
            rows.append({"year": year, "dataset": da.name, "n": da.n, a[year].system: da.pearson,
                         b[year].system: db.pearson, "z": z, "p (one-tailed)": p})
    return pd.DataFrame(rows).set_index(["year", "dataset"])
