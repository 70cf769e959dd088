"""STS analyses beside the evaluation: the data's summary statistics, our figures against the
published ones, the readings of "split at white spaces", random baselines, bootstrap intervals
and Fisher tests, and the figures the chapter's sentences are decided by.

:mod:`pyrabench.reports.sts` lays these out and words them; every statistic and every
comparison is computed here.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..published import TOKENCOS
from ..resampling import CONFIDENCE, N_RESAMPLES
from . import metrics
from .evaluate import YearResult, evaluate
from .releases import STSRelease
from .systems import SPLIT_VARIANTS, RandomBaseline, System, token_cosine


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


def interval_table(system: System, releases: dict[str, STSRelease], n_resamples: int = N_RESAMPLES,
                   confidence: float = CONFIDENCE, seed: int = 0) -> pd.DataFrame:
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
    """Per dataset (matched by name): is system A's Pearson above B's? One-tailed Fisher-z test
    (2013 §4.1). The columns are ``A: <system>`` and ``B: <system>``, so two runs of one system
    (e.g. token-cos on two encodings) keep both correlations."""
    rows = []
    for year in a:
        if year not in b:
            continue
        theirs = {d.name: d for d in b[year].datasets}
        for da in a[year].datasets:
            db = theirs.get(da.name)
            if db is None or da.pearson is None or db.pearson is None or da.n <= 3:
                continue
            z, p = metrics.fisher_z_test(da.pearson, db.pearson, da.n, db.n)
            rows.append({"year": year, "dataset": da.name, "n": da.n, f"A: {a[year].system}": da.pearson,
                         f"B: {b[year].system}": db.pearson, "z": z, "p (one-tailed)": p})
    return pd.DataFrame(rows).set_index(["year", "dataset"])


def variant_matches(variants: pd.DataFrame, published=None) -> pd.DataFrame:
    """Per reading of "split at white spaces": how many published per-dataset figures it
    reproduces at the paper's decimals, and which it misses (ours → published)."""
    published = TOKENCOS if published is None else published
    labels = [c for c in variants.columns if c not in ("year", "dataset")]
    rows = []
    for label in labels:
        hit, total, missed = 0, 0, []
        for r in variants.to_dict("records"):
            row = published.get(r["year"])
            value = row.datasets.get(r["dataset"]) if row else None
            if value is None:
                continue
            total += 1
            if round(float(r[label]), row.decimals) == value:
                hit += 1
            else:
                missed.append(f"{r['year']} {r['dataset']} ({r[label]:.{row.decimals}f} for {value:.{row.decimals}f})")
        rows.append({"reading": label, "reproduced": hit, "of": total, "missed": "; ".join(missed) or "—"})
    return pd.DataFrame(rows).set_index("reading")


def gold_quartiles(gold: pd.DataFrame) -> pd.DataFrame:
    """Each dataset's gold quartiles (columns 0.25, 0.5, 0.75; index year, dataset) from
    :func:`pyrabench.reports.sts.gold_frame`."""
    return gold.groupby(["year", "dataset"], sort=True)["gold"].quantile([0.25, 0.5, 0.75]).unstack()


def allnorm_figures(runs: pd.DataFrame, expectation: float, published_mean: float) -> dict:
    """The random baseline's ALLnorm over ``runs`` (:func:`random_allnorm`) against its
    ``expectation`` and the paper's ``published_mean``: ``n``, ``mean``, ``sd``, ``se`` (standard
    error of the mean, NaN with fewer than two runs or no spread), ``expected_within`` (the
    expectation within two standard errors of the mean), ``gap`` (published − ours) and
    ``gap_se`` (|gap| in standard errors, NaN without one)."""
    mean, sd, n = float(runs["ALLnorm"].mean()), float(runs["ALLnorm"].std(ddof=1)), len(runs)
    se = sd / np.sqrt(n) if n > 1 and sd > 0 else np.nan
    gap = published_mean - mean
    return {"n": n, "mean": mean, "sd": sd, "se": se, "expectation": expectation,
            "expected_within": bool(abs(mean - expectation) <= 2 * (se if np.isfinite(se) else 0)),
            "gap": gap, "gap_se": abs(gap) / se if np.isfinite(se) else np.nan}
