"""Tables, figure and sentences of the chapter "Building the pyramid automatically": built
pyramids beside NIST's (:mod:`pyrabench.scoring.pyramids.evaluation` computes every figure)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..extras import plotting

METRIC_LABELS = {"auto_built": "lex scorer, built pyramid", "auto_nist": "lex scorer, NIST's pyramid",
                 "rouge_2": "ROUGE-2"}
AGREEMENT_LABELS = {
    "corpus": "corpus", "topics": "topics", "human_scus": "NIST SCUs", "auto_scus": "built SCUs",
    "human_found": "NIST SCUs found (%)", "human_found_weight": "NIST weight found (%)",
    "auto_matched": "built SCUs matched (%)", "weight_spearman": "weights, Spearman ρ",
    "weight_mad": "weights, mean |difference|", "weight_equal": "weights equal (%)",
    "split": "NIST SCUs split (%)", "merged": "built SCUs merged (%)",
}
AGREEMENT_KINDS = {"NIST SCUs found (%)": "share", "NIST weight found (%)": "share", "built SCUs matched (%)": "share",
                   "weights equal (%)": "share", "NIST SCUs split (%)": "share", "built SCUs merged (%)": "share",
                   "weights, mean |difference|": "measure", "topics": "count", "NIST SCUs": "count",
                   "built SCUs": "count"}


def agreement_view(table: pd.DataFrame) -> pd.DataFrame:
    """One row per corpus (the index), labelled (the book formats it with :data:`AGREEMENT_KINDS`)."""
    return table[list(AGREEMENT_LABELS)].rename(columns=AGREEMENT_LABELS).set_index("corpus")


def correlation_view(table: pd.DataFrame) -> pd.DataFrame:
    """Per corpus and metric: summary- and system-level Pearson (with interval) and Kendall."""
    out = table.assign(metric=table["metric"].map(METRIC_LABELS), **{"calibrated on": table["calibrated_on"]})
    cols = ["corpus", "metric", "calibrated on"]
    for level in ("summary", "system"):
        out[f"{level} Pearson r"] = out[f"{level}_pearson"]
        out[f"{level} Pearson r_lo"] = out[f"{level}_pearson_lo"]
        out[f"{level} Pearson r_hi"] = out[f"{level}_pearson_hi"]
        out[f"{level} Kendall τ"] = out[f"{level}_kendall"]
        cols += [f"{level} Pearson r", f"{level} Pearson r_lo", f"{level} Pearson r_hi", f"{level} Kendall τ"]
    return out[cols]


def lever_view(table: pd.DataFrame) -> pd.DataFrame:
    """The lever table: per recipe, agreement readings and the scorer's Pearson on the built pyramids."""
    cols = {"recipe": "recipe", "corpus": "corpus", "human_found_weight": "NIST weight found (%)",
            "auto_matched": "built SCUs matched (%)", "weight_spearman": "weights, Spearman ρ",
            "summary_pearson": "summary Pearson r", "system_pearson": "system Pearson r"}
    return table[[c for c in cols if c in table.columns]].rename(columns=cols)


def weights_view(table: pd.DataFrame) -> pd.DataFrame:
    """Share of SCUs at each weight, one row per corpus, each cell NIST's share beside the built
    pyramids' (in percent): eight share columns would not fit a page."""
    wide = table.pivot(index="corpus", columns="weight", values=["nist", "auto"]).fillna(0.0)
    corpora = list(dict.fromkeys(table["corpus"]))
    weights = sorted(table["weight"].unique())
    return pd.DataFrame({"corpus": corpora, **{
        f"weight {w}: NIST / built (%)": [f"{100 * wide.at[c, ('nist', w)]:.1f} / {100 * wide.at[c, ('auto', w)]:.1f}"
                                          for c in corpora] for w in weights}})


def plot_weights(table: pd.DataFrame):
    """Per corpus, the share of SCUs at each weight: NIST's bars beside the built pyramids'."""
    plt, _ = plotting()
    corpora = list(dict.fromkeys(table["corpus"]))
    fig, axes = plt.subplots(1, len(corpora), figsize=(2.6 * len(corpora), 2.8), squeeze=False, sharey=True)
    for ax, name in zip(axes[0], corpora):
        d = table[table["corpus"] == name]
        x = d["weight"].to_numpy()
        ax.bar(x - 0.2, 100 * d["nist"], width=0.4, label="NIST")
        ax.bar(x + 0.2, 100 * d["auto"], width=0.4, label="built")
        ax.set(title=name, xlabel="weight (models)", xticks=x)
    axes[0, 0].set_ylabel("SCUs (%)")
    axes[0, 0].legend(fontsize=8)
    fig.tight_layout()
    return fig


def side_by_side_view(frame: pd.DataFrame, width: int = 90) -> pd.DataFrame:
    """The one-topic comparison with labels cut to ``width`` characters and ids blank where absent."""
    def cut(text: str) -> str:
        return text if len(text) <= width else text[: width - 1].rstrip() + "…"

    return pd.DataFrame({
        "NIST SCU": [str(i) if i else "" for i in frame["nist_id"]],
        "NIST weight": [str(w) if w else "" for w in frame["nist_weight"]],
        "NIST label": frame["nist_label"].map(cut),
        "built SCU": [str(i) if i else "" for i in frame["auto_id"]],
        "built weight": [str(w) if w else "" for w in frame["auto_weight"]],
        "built label (a contributor)": frame["auto_label"].map(cut),
    })


def built_reading(frame: pd.DataFrame) -> str:
    """The scorer on the built pyramids beside the same scorer on NIST's, per system, from
    :func:`.evaluation.built_beside_nist`: on how many corpora it is at least as high, the
    largest shortfall, and each corpus's figures."""
    parts = [f"{r.corpus}: {r.built:.3f} against {r.nist:.3f} on NIST's pyramid "
             f"({abs(r.gap):.3f} {'above' if r.gap > 0 else 'below' if r.gap < 0 else 'apart'})"
             for r in frame.itertuples()]
    n, level = len(frame), int((frame["gap"] >= 0).sum())
    if level == n:
        verdict = ("On every corpus the scorer on the built pyramids reaches at least the system-level Pearson of the "
                   "same scorer on NIST's pyramids")
    else:
        worst = frame.loc[frame["gap"].idxmin()]
        verdict = (f"The scorer on the built pyramids reaches the system-level Pearson of the same scorer on NIST's "
                   f"pyramids on {level} of {n} corpora, and falls at most {abs(worst['gap']):.3f} short "
                   f"({worst['corpus']})")
    return verdict + ": " + "; ".join(parts) + "."


def lever_reading(levers: pd.DataFrame, base: str, metric: str = "system_pearson", negligible: float = 0.02) -> str:
    """Which change to EDUA's settings helps the scorer most and which hurts most (``metric``), or
    that none moves it by more than ``negligible``."""
    d = levers.dropna(subset=[metric])
    if base not in set(d["recipe"]) or len(d) < 2:
        return ""
    ref = float(d.loc[d["recipe"] == base, metric].mean())
    others = d[d["recipe"] != base].groupby("recipe", sort=False)[metric].mean() - ref
    best, worst = others.idxmax(), others.idxmin()
    if others.abs().max() <= negligible:
        return (f"No change to EDUA's settings moves the system-level Pearson ({ref:.3f}) by more than "
                f"{negligible:.2f}: the changes range from {others.min():+.3f} to {others.max():+.3f}.")
    if others.max() <= 0:
        first = f"No change to EDUA's settings raises the system-level Pearson ({ref:.3f})"
    else:
        first = f"The best change to EDUA's settings is “{best}” ({others.max():+.3f} over {ref:.3f})"
    return first + f"; the worst is “{worst}” ({others.min():+.3f})."


def failure_figures(table: pd.DataFrame) -> dict[str, float]:
    """Per corpus, the shares of split and merged SCUs (for the prose), as flat names."""
    out = {}
    for r in table.itertuples():
        key = r.corpus.replace("-", "_")
        out[f"{key}_split"] = 100 * float(r.split) if not math.isnan(r.split) else float("nan")
        out[f"{key}_merged"] = 100 * float(r.merged) if not math.isnan(r.merged) else float("nan")
        out[f"{key}_found_weight"] = 100 * float(r.human_found_weight)
        out[f"{key}_auto_matched"] = 100 * float(r.auto_matched)
    return out


def mean_of(table: pd.DataFrame, column: str) -> float:
    """The mean of a column over corpora (a figure for the prose)."""
    return float(np.nanmean(table[column].to_numpy(np.float64)))


def weights_reading(table: pd.DataFrame) -> str:
    """How the built weights differ from NIST's, pooled over corpora: the top weight and weight 1."""
    top = int(table["weight"].max())
    pooled = table.groupby("weight")[["nist", "auto"]].mean()

    def compare(w: int, what: str) -> str:
        n, a = 100 * pooled.at[w, "nist"], 100 * pooled.at[w, "auto"]
        side = "more" if a > n else "fewer" if a < n else "as many"
        return f"{side} SCUs of {what} ({a:.1f} % against NIST's {n:.1f} %, averaged over the corpora)"

    return f"The built pyramids have {compare(top, f'the top weight, {top}')}, and {compare(1, 'weight 1')}."


def split_view(example: pd.DataFrame, width: int = 70) -> pd.DataFrame:
    """The split example as the chapter shows it: texts cut to ``width`` characters."""
    def cut(text: str) -> str:
        return text if len(text) <= width else text[: width - 1].rstrip() + "…"

    return pd.DataFrame({"model": example["model"], "NIST contributor": example["contributor"].map(cut),
                         "built SCU": [str(i) if i else "" for i in example["built_id"]],
                         "built weight": [str(w) if w else "" for w in example["built_weight"]],
                         "built label": example["built_label"].map(cut)})


def split_reading(example: pd.DataFrame, topic: str) -> str:
    """Where the contributors of the split example went, in a sentence."""
    if example.empty:
        return f"No SCU of {topic} is split."
    went = example.loc[example["built_id"] > 0, "built_id"].nunique()
    return (f"On {topic}, NIST's SCU “{example['nist_label'].iloc[0]}” (weight {example['model'].nunique()}) is spread over "
            f"{went} built SCUs: each of its contributors went where its clause fitted best.")
