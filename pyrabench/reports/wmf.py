"""WMF in the book: what it was trained on, and its STS 2012 row beside the seed's weiwei-run1.

Every sentence of :func:`weiwei_reading` is computed from the tables it is given, so the prose
of chapter 4 stays true on either data.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..published import WEIWEI_RUN1_2012, WMF_INDEPENDENT_CHECK
from ..sts.analysis import compare_with_published

DATASETS = list(WEIWEI_RUN1_2012.datasets)
AGGREGATES = ["Mean", "ALL", "ALLnorm"]


def corpus_table(embedding) -> pd.DataFrame:
    """The training corpus of a loaded WMF embedding: texts per part, then the matrix's size
    beside the independent check's figures."""
    stats = embedding.model.corpus
    rows = [{"": f"{name} (texts)", "here": n, "independent check": np.nan} for name, n in embedding.sources]
    labels = {"texts": "texts", "stems_before_rule": "stems before the rare-word rule",
              "stems": "stems kept (occurring twice or more)", "nonzeros": "nonzeros of the TF-IDF matrix"}
    for key, label in labels.items():
        rows.append({"": label, "here": stats.get(key, np.nan), "independent check": WMF_INDEPENDENT_CHECK.get(key, np.nan)})
    return pd.DataFrame(rows).set_index("")


def beside_weiwei(results: dict, **variants: dict) -> pd.DataFrame:
    """STS 2012, dataset by dataset: weiwei-run1's published row, ours, the difference, and the
    Pearson of each further variant (``seed_1=results``…) for comparison."""
    table = compare_with_published(results, {"2012": WEIWEI_RUN1_2012})
    table = table[table["year"] == "2012"].set_index("dataset")[["published", "ours", "difference"]]
    table = table.rename(columns={"published": "weiwei-run1", "ours": "WMF here"})
    for label, other in variants.items():
        yr = other["2012"]
        values = {d.name: d.pearson for d in yr.datasets}
        values.update({"Mean": yr.mean, "ALL": yr.all, "ALLnorm": yr.allnorm})
        table[label] = [values.get(name, np.nan) for name in table.index]
    return table


def weiwei_reading(table: pd.DataFrame, seed_column: str | None = None) -> str:
    """How our WMF row compares with weiwei-run1 (Mean within 0.02 and every dataset within 0.03
    is the reproduction criterion), and how much of the gap a different random start moves."""
    gaps = table.loc[DATASETS, "difference"]
    mean_gap = float(table.loc["Mean", "difference"])
    within = int((gaps.abs() <= 0.03).sum())
    worst = gaps.abs().idxmax()
    parts = [
        f"The Mean is {table.loc['Mean', 'WMF here']:.4f} against weiwei-run1's {table.loc['Mean', 'weiwei-run1']:.4f} "
        f"({mean_gap:+.4f}, {'within' if abs(mean_gap) <= 0.02 else 'outside'} 0.02), and {within} of {len(gaps)} "
        f"datasets are within 0.03 of the published row; the largest gap is {worst} ({gaps[worst]:+.4f}).",
    ]
    higher = [d for d in DATASETS if gaps[d] > 0.005]
    lower = [d for d in DATASETS if gaps[d] < -0.005]
    if higher:
        parts.append(f"Ours is higher on {', '.join(higher)}" + (f" and lower on {', '.join(lower)}." if lower else "."))
    if seed_column is not None:
        spread = (table.loc[DATASETS, seed_column] - table.loc[DATASETS, "WMF here"]).abs()
        parts.append(
            f"Training again from another random start moves the datasets by up to {spread.max():.4f} "
            f"({spread.idxmax()}) and the Mean by {abs(table.loc['Mean', seed_column] - table.loc['Mean', 'WMF here']):.4f}: "
            "differences of that size are the model's own variation, not a difference of method."
        )
    return " ".join(parts)


#: Our similarity → the 2013 one it reproduces (``cos``: WMF; ``aug``: WMF with the pyramid's text).
PAIRS_2013 = (("lsa", "cos"), ("lsa", "aug"), ("wmf", "cos"), ("wmf-aug", "aug"))


def agreement_reading(summary: pd.DataFrame) -> str:
    """Which of our similarities reproduces the 2013 WMF sets best, worded from
    :func:`pyrabench.scoring.recipe2013.reference.agreement_summary`."""
    parts = []
    for (mine, other), r in summary.iterrows():
        parts.append(f"`{mine}` against the 2013 `{other}` sets: mean Jaccard {r['mean Jaccard']:.3f} over "
                     f"{int(r['variants'])} matched variants, best {r['best Jaccard']:.3f} ({r['at']})")
    text = "; ".join(parts) + "."
    if ("wmf-aug", "aug") in summary.index and ("lsa", "aug") in summary.index:
        aug, lsa = summary.loc[("wmf-aug", "aug")], summary.loc[("lsa", "aug")]
        verdict = "better" if aug["best Jaccard"] > lsa["best Jaccard"] else "no better"
        text += (f" The 2013 `aug` sets are reproduced {verdict} by `wmf-aug` ({aug['best Jaccard']:.3f}) than by "
                 f"LSA ({lsa['best Jaccard']:.3f}).")
    return text


def thresholds_beside_2013(thresholds: pd.DataFrame, theirs: pd.DataFrame) -> pd.DataFrame:
    """The KDE thresholds of our ``wmf``/``wmf-aug`` beside those of the 2013 ``cos``/``aug`` (one
    row per pair and combine, one column per level): the same model on the same human matches
    should put them close together."""
    rows = []
    for mine, other in (("wmf", "cos"), ("wmf-aug", "aug")):
        for how in sorted(set(thresholds.loc[thresholds["similarity"] == mine, "combine"])):
            ours = sorted(thresholds.loc[(thresholds["similarity"] == mine) & (thresholds["combine"] == how), "threshold"])
            their = sorted(set(theirs.loc[(theirs["similarity"] == other) & (theirs["combine"] == how), "threshold"]))
            for label, values in ((mine, ours), (f"2013 {other}", their)):
                if values:
                    rows.append({"similarity": label, "combine": how,
                                 **{f"level {k}": v for k, v in enumerate(values, 1)}})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    frame["order"] = frame["combine"].map({c: i for i, c in enumerate(dict.fromkeys(frame["combine"]))})
    return frame.sort_values(["order"], kind="stable").drop(columns="order").set_index(["combine", "similarity"])
