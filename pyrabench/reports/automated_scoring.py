"""Tables, figures and sentences of the chapter on automated scoring (``06_automated_scoring``):
the 2013 variants ranked with their intervals, the similarity densities of human-matched pairs
with the KDE thresholds, the calibrated variants' table (the default beside the 2013 recipe and
ROUGE-2 in the chapter; every variant in ``benchmarks/bench_variants.py``'s search), the
cross-corpus table, and the verdicts read from them (``*_claims``).

Every figure comes from the task (:mod:`pyrabench.scoring.recipe2013`,
:mod:`pyrabench.scoring.experiments`); here it is labelled, arranged and worded."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ..extras import plotting
from ..scoring.recipe2013.thresholds import determine_thresholds, kde
from .manual_scores import corpora_phrase, listed, pearsons
from .tables import column_groups


# --------------------------------------------------------------------------- the 2013 recipe


def plot_variants(table: pd.DataFrame, statistics: Sequence[str] = ("pearson", "spearman", "kendall", "jaccard"),
                  top: int | None = None):
    """The script's figure: per statistic, variants ranked by it, with their intervals."""
    plt, sns = plotting()
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
    plt, sns = plotting()
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


def study_claims(variants_both: pd.DataFrame, margin: float = 0.05) -> str:
    """The 2013 variants beside ours (``variants_both``: every variant of both studies, a
    ``study`` column, :func:`pyrabench.scoring.recipe2013.stats.variant_table` figures): whether the best
    of each study reproduces the absolute scores about equally well (Pearson within ``margin``),
    and how many variants retrieve more SCUs than the annotator and keep a Jaccard below their
    score correlation."""
    best = variants_both.groupby("study", sort=False)["pearson"].max()
    studies = list(best.index)
    figures = " against ".join(f"{best[s]:.3f} ({s})" for s in studies)
    if len(studies) == 2 and abs(best.iloc[0] - best.iloc[1]) <= margin:
        scores = f"The absolute scores are reproduced about equally well by the best variants of both studies ({figures})."
    elif len(studies) == 2:
        scores = (f"The absolute scores are reproduced better by the best variant of {best.idxmax()} ({figures}, more "
                  f"than {margin} apart).")
    else:
        scores = f"The best variant reproduces the absolute scores at {figures}."
    n = len(variants_both)
    more = int((variants_both["scu_ratio"] > 1).sum())
    below = int((variants_both["jaccard"] < variants_both["pearson"]).sum())
    if more == n:
        retrieved = ("The retrieved sets are another matter: every variant of either study retrieves more SCUs than "
                     "the annotator found (`scu_ratio` > 1)")
    else:
        retrieved = (f"The retrieved sets are another matter: {more} of the {n} variants retrieve more SCUs than the "
                     "annotator found (`scu_ratio` > 1)")
    if below == n:
        return f"{scores} {retrieved}, so its Jaccard with the human sets stays below its score correlations."
    return (f"{scores} {retrieved}, and {below} of the {n} have a Jaccard with the human sets below their score "
            "correlation.")


# --------------------------------------------------------------------------- the calibrated scorer


def variants_view(table: pd.DataFrame) -> pd.DataFrame:
    """The variant table as the chapter and the variant search show it: per variant and corpus,
    summary- and system-level Pearson with intervals, and summary-level Kendall."""
    def fmt(r, col):
        lo, hi = r[f"{col}_lo"], r[f"{col}_hi"]
        return f"{r[col]:.3f} [{lo:.3f}, {hi:.3f}]" if np.isfinite(lo) else f"{r[col]:.3f}"

    out = table.assign(**{"summary pearson": table.apply(fmt, axis=1, col="summary_pearson"),
                          "summary kendall": table["summary_kendall"].round(3),
                          "system pearson": table.apply(fmt, axis=1, col="system_pearson")})
    cols = ["summary pearson", "summary kendall", "system pearson"]
    wide = out.pivot_table(index=["lever", "variant"], columns="corpus", values=cols, aggfunc="first", sort=False)
    return wide.swaplevel(0, 1, axis=1).sort_index(axis=1, level=0, sort_remaining=False)


def variant_claims(table: pd.DataFrame, level: str = "summary") -> str:
    """The variant search's reading of :func:`pyrabench.scoring.scu_model.variants.variant_table`
    (``benchmarks/bench_variants.py``): each lever against its neighbour, by the mean over corpora
    of ``level`` Pearson (variants the table lacks are left out of the reading)."""
    r = table.groupby("variant", sort=False)[f"{level}_pearson"].mean()
    has = lambda *names: all(n in r for n in names)  # noqa: E731
    f = lambda n: f"{r[n]:.3f}"  # noqa: E731
    text = []
    gains = {}
    if has("recall-raw", "rouge_2"):
        n_corpora = table["corpus"].nunique()
        per = table.pivot_table(index="corpus", columns="variant", values=f"{level}_pearson")
        at_least = int((per["recall-raw"] >= per["rouge_2"]).sum())
        text.append(f"Raw recalls (`recall-raw`, {f('recall-raw')}) reach ROUGE-2 ({f('rouge_2')}) at {level} level "
                    f"on {at_least} of {n_corpora} corpora")
    if has("recall-raw", "recall-cal"):
        gains["calibration (`recall-raw` → `recall-cal`)"] = r["recall-cal"] - r["recall-raw"]
        text.append(f"a logistic model fitted on held-out topics {'lifts' if r['recall-cal'] > r['recall-raw'] else 'does not lift'} "
                    f"that single feature (`recall-cal`, {f('recall-cal')})")
    if has("recall-cal", "lex"):
        gains["the other lexical features (`recall-cal` → `lex`)"] = r["lex"] - r["recall-cal"]
    if has("lex", "lex-boosted"):
        gains["gradient-boosted trees (`lex` → `lex-boosted`)"] = r["lex-boosted"] - r["lex"]
        text.append(f"gradient-boosted trees in place of the logistic regression (`lex-boosted`, {f('lex-boosted')}) do "
                    + ("better than" if r["lex-boosted"] > r["lex"] else "no better than") + f" `lex` ({f('lex')})")
    if has("lex", "lex-hard", "lex-top"):
        below = [n for n in ("lex-hard", "lex-top") if r[n] < r["lex"]]
        text.append("counting only the SCUs above `p = 0.5` (`lex-hard`, " + f("lex-hard") + ") or the `round(Σp)` most "
                    "probable ones (`lex-top`, " + f("lex-top") + ") "
                    + ("throws information away: both score below the expected score" if len(below) == 2 else
                       f"scores below the expected score for {listed(below, 'neither')}")
                    + (f", and `lex-hard` comes within 0.02 of the 2013 recipe ({f('2013-uni')})"
                       if has("2013-uni") and abs(r["lex-hard"] - r["2013-uni"]) < 0.02 else
                       f" (the 2013 recipe: {f('2013-uni')})" if has("2013-uni") else ""))
    if has("contributors", "labels"):
        text.append("contributors (" + f("contributors") + ") carry " + ("more" if r["contributors"] > r["labels"] else "less")
                    + " than labels (" + f("labels") + ")")
    if has("sentences", "whole", "lex"):
        text.append(f"sentence units alone reach {r['sentences'] / r['lex']:.0%} of `lex`'s correlation and the whole "
                    f"peer alone {r['whole'] / r['lex']:.0%}")
    if has("minilm", "lex"):
        gains["the MiniLM sentence encoder (`lex` → `minilm`)"] = r["minilm"] - r["lex"]
        text.append(f"the MiniLM sentence encoder changes the lexical features' correlation by {r['minilm'] - r['lex']:+.3f} "
                    "(`minilm`), at the price of running a neural network over every peer sentence"
                    + (f"; alone (`minilm-only`, {f('minilm-only')}) it is "
                       + ("worse" if r["minilm-only"] < r["lex"] else "no worse") + " than `lex`" if has("minilm-only") else ""))
    if not text:
        return ""
    out = "; ".join(text) + "."
    out = out[0].upper() + out[1:]
    if gains:
        lever, gain = max(gains.items(), key=lambda kv: kv[1])
        out = f"The largest single gain at {level} level (mean Pearson over corpora) is {lever}: {gain:+.3f}. " + out
    lexical = [n for n in ("recall-raw", "recall-cal", "contributors", "labels", "sentences", "whole", "lex",
                           "lex-boosted", "lex-hard", "lex-top") if n in r]
    if "lex" in r and lexical:
        best = max(lexical, key=lambda n: r[n])
        out += (" Hence the default, `lex`: the best of the lexical variants." if best == "lex" else
                f" The default stays `lex`, though `{best}` scores {r[best] - r['lex']:+.3f} above it at {level} level.")
    return out


def default_2013_claims(table: pd.DataFrame, default: str = "lex", recipe: str = "2013-uni",
                        baseline: str = "rouge_2") -> str:
    """The default calibrated variant against the 2013 recipe and ROUGE-2 in
    :func:`pyrabench.scoring.scu_model.variants.variant_table`'s rows: per level, on how many
    corpora its Pearson is above each, with the means over corpora ("" without the default)."""
    if default not in set(table["variant"]):
        return ""
    n = table["corpus"].nunique()
    sentences = []
    for level in ("summary", "system"):
        per = table.pivot_table(index="corpus", columns="variant", values=f"{level}_pearson")
        others = [(o, name) for o, name in ((recipe, "the 2013 recipe"), (baseline, "ROUGE-2")) if o in per]
        if not others:
            continue
        said = [f"above {name} on {int((per[default] > per[o]).sum())} of {n} corpora (mean {per[o].mean():.3f})"
                for o, name in others]
        sentences.append(f"At {level} level, `{default}` (mean Pearson {per[default].mean():.3f} over the corpora) is "
                         + listed(said, "") + ".")
    return " ".join(sentences)


def system_interval_claims(results: dict, min_systems: int, max_systems: int, statistic: str = "pearson") -> str:
    """How wide the system-level intervals of
    :func:`pyrabench.scoring.experiments.correlation_results` (the correlation table of
    the chapter on manual scores) are against the summary level's: median widths over corpora and
    metrics; "wide" when the system level's is at least twice the summary level's."""
    def median_width(level):
        widths = [r["ci"][statistic][1] - r["ci"][statistic][0] for result in results.values()
                  for r in result["levels"].get(level, {}).values() if (r.get("ci") or {}).get(statistic)]
        return float(np.median(widths)) if widths else float("nan")

    system, summary = median_width("system"), median_width("summary")
    systems = f"With {min_systems} to {max_systems} systems per corpus"
    if not np.isfinite(system):
        return f"{systems}, the system-level correlations have no interval here."
    widths = f"median width {system:.2f}, against {summary:.2f} at summary level"
    if np.isfinite(summary) and system >= 2 * summary:
        return (f"{systems}, system-level correlations are coarse: their intervals in the correlation table of the "
                f"chapter on manual scores are wide ({widths}).")
    return (f"{systems}, the system-level intervals in the correlation table of the chapter on manual scores are not "
            f"much wider than the summary level's ({widths}).")


def default_claims(results: dict, metric: str = "auto", baseline: str = "rouge_2", level_margin: float = 0.01) -> str:
    """The default automated score against ROUGE-2 at each level, per corpus: ahead, behind, or
    level (within ``level_margin`` of Pearson's r)."""
    names = {"summary": "at summary level", "system": "at system level", "global": "pooled over all summaries (global)"}
    sentences = []
    for level, phrase in names.items():
        a, b = pearsons(results, level, metric), pearsons(results, level, baseline)
        both = [c for c in results if c in a and c in b]
        if not both:
            continue
        ahead = [c for c in both if a[c] - b[c] > level_margin]
        behind = [c for c in both if b[c] - a[c] > level_margin]
        level_with = [c for c in both if c not in ahead and c not in behind]
        parts = [f"ahead of ROUGE-2 on {corpora_phrase(ahead, len(both))}" if ahead else "",
                 f"behind it on {corpora_phrase(behind, len(both))}" if behind else "",
                 f"level with it (within {level_margin}) on {corpora_phrase(level_with, len(both))}" if level_with else ""]
        figures = "; ".join(f"{c} {a[c]:.3f} against {b[c]:.3f}" for c in both)
        sentences.append(f"{phrase[0].upper()}{phrase[1:]}, the automated score is "
                         + listed([p for p in parts if p], "") + f" (Pearson, automated against ROUGE-2: {figures}).")
        if level == "summary" and len(ahead) == len(both):
            sentences.append("It ranks the summaries of one input better, because it knows which content the models "
                             "agree on and how much each piece weighs.")
    return " ".join(sentences)


# --------------------------------------------------------------------------- the calibrated scorer on new corpora


def transfer_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`pyrabench.scoring.studies.transfer.transfer_table` as the chapter shows it: per
    direction, the SCU sets against the annotators, the intervals' coverage and width, and per
    system the estimate beside ROUGE-2 with the paired tests' p (PERM-SYSTEMS, PERM-BOTH)."""
    if "set_f1" not in table.columns or not len(table):
        return pd.DataFrame({"note": ["no direction could be fitted on this data"]})
    t = table.dropna(subset=["set_f1"])

    def pair(r, stat):
        return f"{r[f'system_{stat}_estimate']:.3f} / {r[f'system_{stat}_rouge_2']:.3f}"

    def ps(r, stat):
        return f"{r[f'p_systems_{stat}']:.3f} / {r[f'p_both_{stat}']:.3f}"

    return pd.DataFrame({
        "fitted on": t["fitted_on"], "scored": t["scored"],
        "P": t["set_precision"].round(3), "R": t["set_recall"].round(3), "F1": t["set_f1"].round(3),
        "Jaccard": t["set_jaccard"].round(3), "SCUs counted / marked": [
            f"{a:.1f} / {b:.1f}" for a, b in zip(t["set_counted"], t["set_marked"])],
        "summaries in interval (width)": [f"{c:.3f} ({w:.2f})" for c, w in zip(t["summary_coverage"],
                                                                              t["summary_width"])],
        "systems in interval (width)": [f"{i} of {n} ({w:.3f})" for i, n, w in zip(
            t["systems_inside"], t["systems"], t["system_width"])],
        "system r, estimate / ROUGE-2": [pair(r, "pearson") for _, r in t.iterrows()],
        "p, r (systems / both)": [ps(r, "pearson") for _, r in t.iterrows()],
        "system τ, estimate / ROUGE-2": [pair(r, "kendall") for _, r in t.iterrows()],
        "p, τ (systems / both)": [ps(r, "kendall") for _, r in t.iterrows()],
    }).reset_index(drop=True)


def transfer_groups(view: pd.DataFrame) -> pd.DataFrame:
    """:func:`transfer_view` in three tables (:func:`.tables.column_groups`): the SCU sets, the
    intervals, and per system against ROUGE-2; a view without directions as it is."""
    if "fitted on" not in view.columns:
        return view
    return column_groups(view, ["fitted on", "scored"], {
        "SCU sets against the annotators'": ["P", "R", "F1", "Jaccard", "SCUs counted / marked"],
        "95 % intervals": ["summaries in interval (width)", "systems in interval (width)"],
        "per system, against ROUGE-2": ["system r, estimate / ROUGE-2", "p, r (systems / both)",
                                        "system τ, estimate / ROUGE-2", "p, τ (systems / both)"]})


def transfer_combined_view(table: pd.DataFrame) -> pd.DataFrame:
    """Per direction, per system: the estimate, the combined score (estimate and ROUGE-2,
    :func:`pyrabench.scoring.studies.transfer.combined`) and ROUGE-2, Pearson and Kendall, with the
    combined score's paired p against ROUGE-2 (PERM-SYSTEMS / PERM-BOTH)."""
    if "system_pearson_combined" not in table.columns:
        return pd.DataFrame({"note": ["no direction could be fitted on this data"]})
    t = table.dropna(subset=["system_pearson_combined"])
    out = {"fitted on": t["fitted_on"], "scored": t["scored"]}
    for stat, sym in (("pearson", "r"), ("kendall", "τ")):
        out[f"{sym}: estimate / combined / ROUGE-2"] = [
            f"{r[f'system_{stat}_estimate']:.3f} / {r[f'system_{stat}_combined']:.3f} / {r[f'system_{stat}_rouge_2']:.3f}"
            for _, r in t.iterrows()]
        out[f"p, combined − ROUGE-2 {sym} (systems / both)"] = [
            f"{r[f'p_combined_systems_{stat}']:.3f} / {r[f'p_combined_both_{stat}']:.3f}" for _, r in t.iterrows()]
    return pd.DataFrame(out).reset_index(drop=True)


def transfer_claims(table: pd.DataFrame, ceiling: dict) -> str:
    """What the calibrated scorer does on the corpora it never saw, read from
    :func:`transfer_view`'s table: the range of its SCU sets' agreement with the annotators
    beside two annotators' agreement (:func:`pyrabench.scoring.scu_model.scu_sets.ceiling`), the
    share of summaries and systems inside their 95 % intervals, and in how many directions its
    per-system Pearson and Kendall (and the combined score's) are at least ROUGE-2's."""
    t = table.dropna(subset=["set_f1"]) if "set_f1" in table.columns else table.iloc[:0]
    if not len(t):
        return "No direction could be fitted on this data: the corpora are too small to measure transfer."
    n = len(t)
    roof = (f" Two annotators of the same peers agree at F1 {ceiling['f1']:.3f} (Jaccard {ceiling['jaccard']:.3f}, "
            f"{ceiling['summaries']} peers)." if ceiling.get("summaries") else "")

    def at_least(a, b):
        return int((t[a] >= t[b]).sum())

    parts = [f"Over the {n} directions, the counted SCU sets agree with the annotators' at F1 "
             f"{t['set_f1'].min():.3f}–{t['set_f1'].max():.3f} (Jaccard {t['set_jaccard'].min():.3f}–"
             f"{t['set_jaccard'].max():.3f}).{roof}",
             f"The 95 % summary intervals hold the manual score for {t['summary_coverage'].min():.1%}–"
             f"{t['summary_coverage'].max():.1%} of the summaries; the system intervals hold the manual mean for "
             f"{t['system_coverage'].min():.1%}–{t['system_coverage'].max():.1%} of the systems.",
             f"Per system, the estimate's Pearson is at least ROUGE-2's in "
             f"{at_least('system_pearson_estimate', 'system_pearson_rouge_2')} of {n} directions and its Kendall in "
             f"{at_least('system_kendall_estimate', 'system_kendall_rouge_2')} of {n}."]
    if "system_pearson_combined" in t.columns:
        parts.append(f"The combined score (estimate and ROUGE-2) reaches ROUGE-2's Pearson in "
                     f"{at_least('system_pearson_combined', 'system_pearson_rouge_2')} of {n} and its Kendall in "
                     f"{at_least('system_kendall_combined', 'system_kendall_rouge_2')} of {n}.")
    return " ".join(parts)
