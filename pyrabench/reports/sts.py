"""STS tables for the book and the CLI: results long and wide, the data, the published
figures beside ours, tokenization readings, random baselines, intervals and Fisher tests."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..published import TOKENCOS
from ..sts import metrics
from ..sts.evaluate import YearResult, evaluate
from ..sts.releases import STSRelease
from ..sts.systems import SPLIT_VARIANTS, RandomBaseline, System, token_cosine


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


def random_allnorm(release: STSRelease, runs: int = 10) -> pd.DataFrame:
    """ALL, ALLnorm and Mean of ``runs`` seeded random baselines (the 2012 paper ran 10)."""
    rows = []
    for seed in range(runs):
        yr = evaluate(RandomBaseline(seed), {release.year: release})[release.year]
        rows.append({"seed": seed, "Mean": yr.mean, "ALL": yr.all, "ALLnorm": yr.allnorm})
    return pd.DataFrame(rows).set_index("seed")


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
