"""STS tables and sentences for the book and the CLI: results long and wide, the gold scores, and
the chapter's readings, each worded from figures :mod:`pyrabench.sts.analysis` computes."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..published import TOKENCOS
from ..sts.evaluate import YearResult
from ..sts.releases import STSRelease


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


# --------------------------------------------------------------------------- readings for the prose
# Each returns Markdown built from computed numbers, so the chapter says only what its build found.


# --------------------------------------------------------------------------- readings for the prose
# Each returns Markdown built from computed numbers, so the chapter says only what its build found.


def random_allnorm_reading(figures: dict, published_mean: float, published_sd: float,
                           compare_published: bool = True) -> str:
    """The random baseline's ALLnorm against its expectation and (on the real data, where the
    comparison means something) the 2012 paper's figure; ``figures``:
    :func:`pyrabench.sts.analysis.allnorm_figures`."""
    f = figures
    sentences = [
        f"Our {f['n']} seeded runs give ALLnorm {f['mean']:.4f} ± {f['sd']:.4f}; the expectation derived above is "
        f"{f['expectation']:.4f}, {'within' if f['expected_within'] else 'outside'} two standard errors of the runs' mean.",
    ]
    if not compare_published:
        return " ".join(sentences)
    sentences += [
        f"The paper prints {published_mean:.4f} with a standard deviation of {published_sd:.4f} over its ten runs: "
        f"{abs(f['gap']):.4f} {'above' if f['gap'] > 0 else 'below'} ours.",
    ]
    if np.isfinite(f["gap_se"]):
        k = f["gap_se"]
        sentences.append(
            f"That gap is {k:.1f} standard errors of a {f['n']}-run mean, "
            + ("so it is not chance. The paper does not describe its random generator, so we report the gap and "
               "do not try to explain it further." if k > 3 else "so it is within what chance gives.")
        )
    return " ".join(sentences)


def published_reading(comparison: pd.DataFrame) -> str:
    """How our token-cos figures compare with the published ones, by the tables' precision."""
    parts = []
    for decimals, g in comparison.groupby(comparison["source"].map(_decimals_of), sort=True):
        ok = int(g["rounds to published"].sum())
        years = ", ".join(sorted(g["year"].unique()))
        parts.append(
            f"- **{years} ({decimals} decimals).** {ok} of {len(g)} figures round to the printed value; the "
            f"largest difference is {g['difference'].abs().max():.1e}."
        )
    return "\n".join(parts)


def _decimals_of(source: str) -> int:
    return next((row.decimals for row in TOKENCOS.values() if row.source == source), 4)


def embeddings_reading(table: pd.DataFrame, tokencos_means: dict[str, float]) -> str:
    """What :func:`pyrabench.reports.comparisons.embeddings_table` shows, as bullets computed
    from it: random at chance, One-Hot against token-cos, GloVe against One-Hot."""
    sts_cols = [c for c in table.columns if c.startswith("STS ")]
    out = []
    if "random" in table.index:
        r = table.loc["random"]
        worst = max(abs(float(r[c])) for c in sts_cols) if sts_cols else float("nan")
        line = f"- **Random** (a fresh direction per sentence occurrence): STS Means within ±{worst:.2f} of zero"
        if "pyramid ranking success" in table.columns:
            line += f", ranking success {100 * r['pyramid ranking success']:.1f} % (chance: 25 %)"
        out.append(line + ".")
    if "onehot" in table.index and tokencos_means:
        years = [c for c in sts_cols if c.split()[1] in tokencos_means]
        wins = sum(float(table.loc["onehot", c]) > tokencos_means[c.split()[1]] for c in years)
        out.append(
            f"- **One-Hot against token-cos**: One-Hot (lower-cased spaCy words, count vectors) has the higher "
            f"STS Mean in {wins} of {len(years)} years; token-cos uses raw whitespace tokens and binary vectors."
        )
    if {"onehot", "glove-6b-50d"} <= set(table.index):
        g, o = table.loc["glove-6b-50d"], table.loc["onehot"]
        sts_wins = sum(float(g[c]) > float(o[c]) for c in sts_cols)
        line = f"- **GloVe 50d against One-Hot**: GloVe has the higher STS Mean in {sts_wins} of {len(sts_cols)} years"
        if "pyramid ranking success" in table.columns:
            ahead = g["pyramid ranking success"] > o["pyramid ranking success"]
            line += (f"; on the pyramid ranking test it is {'ahead' if ahead else 'behind'} "
                     f"({100 * g['pyramid ranking success']:.1f} % against {100 * o['pyramid ranking success']:.1f} %)")
        out.append(line + ".")
    return "\n".join(out)


def gold_distribution_claims(q: pd.DataFrame, top: float = 3.5, low: float = 3.0, wide: float = 2.0) -> str:
    """Which datasets' gold scores sit at the top of the 0–5 scale, lean to the low end, sit in
    the middle or spread over much of it, from each dataset's quartiles
    (:func:`pyrabench.sts.analysis.gold_quartiles`): the lower quartile at or above ``top``; the
    upper quartile below ``low``; an interquartile range below ``wide`` (the middle) or not (spread)."""
    groups: dict[str, list[str]] = {"top": [], "low": [], "middle": [], "spread": []}
    for (year, name), (q1, _, q3) in q.iterrows():
        kind = "top" if q1 >= top else "low" if q3 < low else "middle" if q3 - q1 < wide else "spread"
        groups[kind].append(f"{year} {name}")
    phrases = {"top": (f"is concentrated at the top of the scale (lower quartile at least {top:g})",
                       f"are concentrated at the top of the scale (lower quartiles at least {top:g})"),
               "low": (f"leans towards the low end (upper quartile below {low:g})",
                       f"lean towards the low end (upper quartiles below {low:g})"),
               "middle": (f"sits in the middle (interquartile range under {wide:g})",
                          f"sit in the middle (interquartile ranges under {wide:g})"),
               "spread": (f"spreads over much of the scale (interquartile range {wide:g} or more)",
                          f"spread over much of the scale (interquartile ranges {wide:g} or more)")}
    parts = [f"{_listed(names)} {phrases[kind][len(names) > 1]}" for kind, names in groups.items() if names]
    return "; ".join(parts) + "."


def _listed(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def reading_claims(matches: pd.DataFrame) -> str:
    """Which readings of "split at white spaces" reproduce every published figure
    (:func:`variant_matches`), in Markdown."""
    full = [r for r in matches.index if matches.loc[r, "reproduced"] == matches.loc[r, "of"]]
    if len(full) == 1:
        return f"Only one reading reproduces every figure: **{full[0]}**."
    if full:
        return f"{_listed([f'**{r}**' for r in full])} reproduce every figure."
    best = matches["reproduced"].idxmax()
    return (f"No reading reproduces every figure; **{best}** comes nearest ({matches.loc[best, 'reproduced']} of "
            f"{matches.loc[best, 'of']}).")
