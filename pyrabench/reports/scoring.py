"""Figures of the scoring chapter: the automated variants ranked with their intervals, and the
similarity densities of human-matched pairs with the KDE thresholds drawn on them."""

from __future__ import annotations

from typing import Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns

from ..scoring.auto.thresholds import determine_thresholds, kde


def plot_variants(table: pd.DataFrame, statistics: Sequence[str] = ("pearson", "spearman", "kendall", "jaccard"),
                  top: int | None = None):
    """The script's figure: per statistic, variants ranked by it, with their intervals."""
    fig, axes = plt.subplots(len(statistics), 1, figsize=(9, 2.4 * len(statistics)), squeeze=False)
    names = sorted(table["similarity"].unique())
    colors = dict(zip(names, sns.color_palette(n_colors=max(3, len(names)))))
    markers = dict(zip(sorted(table["combine"].unique()), "os^v<>"))
    for ax, name in zip(axes[:, 0], statistics):
        t = table.sort_values(name, ascending=False, na_position="last").reset_index(drop=True)
        if top:
            t = t.head(top)
        for i, r in t.iterrows():
            lo, hi = r.get(f"{name}_lo", np.nan), r.get(f"{name}_hi", np.nan)
            # the LOO interval is centred on the fold mean, which need not contain the full-sample value
            if np.isfinite(lo) and np.isfinite(hi):
                ax.vlines(i + 1, lo, hi, color=colors[r["similarity"]], lw=0.8)
            ax.plot(i + 1, r[name], marker=markers[r["combine"]], color=colors[r["similarity"]], ms=4, ls="")
        ax.set_title(name)
        ax.set_ylabel(name)
    axes[-1, 0].set_xlabel("variant rank")
    handles = [plt.Line2D([], [], color=colors[n], marker="o", ls="", label=n) for n in names]
    handles += [plt.Line2D([], [], color="gray", marker=m, ls="", label=c) for c, m in markers.items()]
    axes[0, 0].legend(handles=handles, fontsize=7, ncol=len(handles))
    fig.tight_layout()
    return fig


def plot_densities(pairs, ax=None, grid: int = 600):
    """One KDE curve per (similarity, combine) with its thresholds marked (the paper's figure)."""
    combines = sorted(pairs["combine"].unique())
    if ax is None:
        fig, axes = plt.subplots(len(combines), 1, sharex=True, figsize=(6, 2.2 * len(combines)), squeeze=False)
        axes = axes[:, 0]
    else:
        axes = [ax] * len(combines)
    xs = np.linspace(0, 1, grid)
    palette = dict(zip(sorted(pairs["similarity_name"].unique()), sns.color_palette(n_colors=8)))
    for a, how in zip(axes, combines):
        for name, g in pairs[pairs["combine"] == how].groupby("similarity_name", sort=True):
            est = kde(g["similarity"])
            a.plot(xs, est(xs), label=name, color=palette[name])
            for t in determine_thresholds(g["similarity"]).values():
                a.axvline(t, color=palette[name], alpha=0.3, lw=0.8)
        a.set_title(how)
        a.set_ylabel("density")
    axes[-1].set_xlabel("similarity of human-matched segment/SCU pairs")
    axes[0].legend(fontsize=8)
    return axes
