"""Tables and figures of the scoring chapter and of ``pyrabench correlate``: the 2013 variants
ranked with their intervals, the similarity densities of human-matched pairs with the KDE
thresholds, the NIST convention term by term, correlation tables, the system-level scatter and
the automated variants' table."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

import numpy as np
import pandas as pd

from ..data import judgments
from ..errors import MissingDataError
from ..extras import plotting
from ..resampling import holm
from ..scoring.auto import calibrated
from ..scoring.auto.thresholds import determine_thresholds, kde
from ..scoring.auto.variants import auto_frame, features
from ..scoring.correlate import STATISTICS, comparisons, correlations, per_summary, system_means
from ..scoring.manual import CONVENTIONS, convention_changes, modified_size, score_corpus, score_peer
from ..scoring.metrics import correlate_corpus, metric_frame


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


def _format_ci(lo_hi) -> str:
    return f"[{lo_hi[0]:.3f}, {lo_hi[1]:.3f}]" if lo_hi else "undefined"


def correlation_table(result: dict, statistics: Sequence[str] = STATISTICS) -> pd.DataFrame:
    """A ``correlate`` result as a table: one row per (level, metric), each statistic with its
    interval as text; a metric that could not be computed keeps its reason in ``note``."""
    rows = []
    for level, by_metric in result["levels"].items():
        for metric, r in by_metric.items():
            row = {"level": level, "metric": metric}
            if "error" in r:
                row.update({"n": "", **{s: "" for s in statistics}, **{f"{s} 95% CI": "" for s in statistics},
                            "note": r["error"]})
            else:
                row["n"] = r["n"]
                for s in statistics:
                    row[s] = round(r[s], 3)
                    row[f"{s} 95% CI"] = _format_ci(r["ci"][s])
                row["note"] = ""
            rows.append(row)
    return pd.DataFrame(rows)


def comparison_table(comparisons: Sequence[dict], statistics: Sequence[str] = ("pearson", "kendall")) -> pd.DataFrame:
    """Paired tests (:func:`pyrabench.scoring.correlate.comparisons`) as a table: per pair and
    level, the difference r(A) − r(B) with its interval, the two-sided p and the one-sided p of A > B."""
    rows = []
    for c in comparisons:
        row = {"level": c["level"], "A": c["a"], "B": c["b"], "n": c.get("n", "")}
        for s in statistics:
            if "error" in c:
                row.update({f"{s} A−B": "", f"{s} 95% CI": "", f"{s} p": "", f"{s} p(A>B)": ""})
                continue
            row.update({f"{s} A−B": round(c["difference"][s], 3), f"{s} 95% CI": _format_ci(c["ci"][s]),
                        f"{s} p": round(c["p_value"][s], 3), f"{s} p(A>B)": round(c["p_greater"][s], 3)})
        row["note"] = c.get("error", "")
        rows.append(row)
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- NIST's convention


def convention_example(peer) -> pd.DataFrame:
    """The modified score of one peer under each convention, term by term (``D / Max(A)``)."""
    rows = []
    for name, conv in CONVENTIONS.items():
        s = score_peer(peer, name)
        rows.append({"convention": name, "SCU weight": f"number of {conv.weight}",
                     "A per model": "contributors" if conv.weight == "contributors" else "distinct SCUs",
                     "A": conv.average_size(peer.pyramid), "rounding": {"round": "half up", "ceil": "up"}[conv.rounding],
                     "A rounded": modified_size(peer.pyramid, name), "Max(A)": s.ideal, "D": s.weight,
                     "modified": s.modified})
    return pd.DataFrame(rows).set_index("convention")


#: Two scores agree when ours, rounded to NIST's 4 decimals, is NIST's figure.
NIST_DECIMALS = 4


def nist_table_scores(corpus, convention: str) -> pd.DataFrame:
    """Our modified score of every peer beside NIST's own score table (the data root's
    ``*_modified_scores.txt``): topic, peer, annotator, ``ours``, ``nist``, ``agrees``. Rows are
    joined on topic and peer, and on the annotator when both sides name annotators (DUC 2006)."""
    table = judgments.for_corpus(corpus).table
    if table is None:
        raise MissingDataError(f"{corpus.name}: no NIST score table (*_modified_scores.txt) in the judgments folder")
    ours = score_corpus(corpus, convention)[["topic", "peer", "annotator", "modified", "source"]].rename(
        columns={"modified": "ours"})
    keys = ["topic", "peer"]
    if "annotator" in table and (ours["annotator"] != "").all():
        keys.append("annotator")
    nist = table[[*keys, "modified"]].rename(columns={"modified": "nist"})
    both = ours.merge(nist, on=keys, how="outer", indicator=True)
    both["agrees"] = (both["ours"].round(NIST_DECIMALS) - both["nist"]).abs() < 0.5 * 10 ** -NIST_DECIMALS
    return both


def nist_agreement(corpora: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per corpus and convention: peers in NIST's table, peers we score, how many agree to 4 d.p.
    (and the share); and the peers that do not agree, with both scores (NIST convention first)."""
    counts, misses = [], []
    for name, corpus in corpora.items():
        for convention in CONVENTIONS:
            both = nist_table_scores(corpus, convention)
            paired = both[both["_merge"] == "both"]
            counts.append({"corpus": name, "convention": convention, "nist peers": int(both["nist"].notna().sum()),
                           "scored": int(both["ours"].notna().sum()), "agree": int(paired["agrees"].sum()),
                           "share": float(paired["agrees"].mean()) if len(paired) else float("nan")})
            skips = Counter(r.path for r in corpus.log.skips)
            bad = both[~both["agrees"]].assign(corpus=name, convention=convention)
            bad = bad.assign(**{"contributors skipped by the reader": bad["source"].map(lambda p: skips.get(p, 0))})
            misses.append(bad[["corpus", "convention", "topic", "peer", "annotator", "ours", "nist",
                               "contributors skipped by the reader"]])
    table = pd.DataFrame(counts).set_index(["corpus", "convention"])
    mismatches = pd.concat(misses, ignore_index=True)
    return table, mismatches


def nist_figure(corpora: dict, peer) -> float:
    """NIST's own modified score of ``peer`` (its score table in the data root)."""
    both = nist_table_scores(corpora[peer.corpus], "nist")
    row = both[(both["topic"] == peer.topic) & (both["peer"] == peer.peer_id) & (both["source"] == peer.source)]
    if row.empty or row["nist"].isna().all():
        raise MissingDataError(f"NIST's table has no score for {peer.corpus} topic {peer.topic} peer {peer.peer_id}")
    return float(row["nist"].iloc[0])


def convention_changes_table(corpora: dict) -> pd.DataFrame:
    """Per corpus: peers, peers whose modified score differs between the conventions, and topics
    whose ``Max(A)`` differs."""
    rows = {name: convention_changes(c.peers) for name, c in corpora.items()}
    df = pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")
    total = df[["peers", "changed", "topics_with_other_ideal", "topics"]].sum()
    df.loc["all"] = {**total.to_dict(), "share": total["changed"] / total["peers"]}
    return df.astype({"peers": int, "changed": int, "topics_with_other_ideal": int, "topics": int})


# --------------------------------------------------------------------------- correlations


def correlation_results(corpora: dict, metrics: Sequence[str] = ("rouge_1", "rouge_2", "rouge_l", "auto"),
                        reference: str = "modified", n_resamples: int = 1000,
                        levels: Sequence[str] = ("summary", "system")) -> dict:
    """``{corpus: correlate result}`` for the chapter (what ``pyrabench correlate --json`` prints)."""
    return {name: correlate_corpus(c, metrics, reference, n_resamples=n_resamples, levels=levels)
            for name, c in corpora.items()}


def correlations_view(results: dict, statistics: Sequence[str] = ("pearson", "kendall")) -> pd.DataFrame:
    """One row per (corpus, metric), one column per (level, statistic): ``r [lo, hi]`` text."""
    rows = []
    for corpus, result in results.items():
        metrics = list(next(iter(result["levels"].values())))
        for m in metrics:
            row = {"corpus": corpus, "metric": m}
            for level in result["levels"]:
                r = result["levels"][level][m]
                for s in statistics:
                    row[f"{level} {s}"] = r.get("error") or f"{r[s]:.3f} {_format_ci(r['ci'][s])}"
            rows.append(row)
    return pd.DataFrame(rows).set_index(["corpus", "metric"])


def system_frame(corpora: dict, metrics: Sequence[str] = ("auto", "rouge_2"), reference: str = "modified") -> pd.DataFrame:
    """Each system's mean reference and metric scores per corpus (the system-level points)."""
    frames = []
    for name, c in corpora.items():
        frame, errors = metric_frame(c, [reference, *metrics])
        ok = [m for m in metrics if m not in errors]
        means = system_means(per_summary(frame, [reference, *ok]), [reference, *ok])
        frames.append(means.reset_index().assign(corpus=name))
    return pd.concat(frames, ignore_index=True)


def plot_system_scatter(systems: pd.DataFrame, metric: str = "auto", reference: str = "modified"):
    """Per corpus, each system's mean ``metric`` against its mean manual ``reference``, with y = x."""
    plt, _ = plotting()
    corpora = list(dict.fromkeys(systems["corpus"]))
    fig, axes = plt.subplots(1, len(corpora), figsize=(3.6 * len(corpora), 3.4), squeeze=False)
    for ax, name in zip(axes[0], corpora):
        d = systems[systems["corpus"] == name]
        ax.scatter(d[reference], d[metric], s=18, alpha=0.8)
        lo = float(min(d[reference].min(), d[metric].min())) * 0.9
        hi = float(max(d[reference].max(), d[metric].max())) * 1.05
        ax.plot([lo, hi], [lo, hi], color="gray", lw=0.8, label="y = x")
        ax.set(xlim=(lo, hi), ylim=(lo, hi), title=name, xlabel=f"manual {reference} (system mean)",
               ylabel=f"{metric} (system mean)")
        ax.set_aspect("equal")
    axes[0, 0].legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    return fig


def variants_view(table: pd.DataFrame) -> pd.DataFrame:
    """The variant table as the chapter shows it: per variant and corpus, summary- and
    system-level Pearson with intervals, and summary-level Kendall."""
    def fmt(r, col):
        lo, hi = r[f"{col}_lo"], r[f"{col}_hi"]
        return f"{r[col]:.3f} [{lo:.3f}, {hi:.3f}]" if np.isfinite(lo) else f"{r[col]:.3f}"

    out = table.assign(**{"summary pearson": table.apply(fmt, axis=1, col="summary_pearson"),
                          "summary kendall": table["summary_kendall"].round(3),
                          "system pearson": table.apply(fmt, axis=1, col="system_pearson")})
    cols = ["summary pearson", "summary kendall", "system pearson"]
    wide = out.pivot_table(index=["lever", "variant"], columns="corpus", values=cols, aggfunc="first", sort=False)
    return wide.swaplevel(0, 1, axis=1).sort_index(axis=1, level=0, sort_remaining=False)


def plot_agreement(per_peer: pd.DataFrame):
    """The two annotators' modified scores of each doubly annotated peer, sized by the Jaccard of
    their SCU sets, with y = x; a note instead when nothing is annotated twice."""
    plt, sns = plotting()
    fig, ax = plt.subplots(figsize=(4.2, 4))
    if len(per_peer) == 0:
        ax.text(0.5, 0.5, "no peer is annotated twice in this data", ha="center", va="center")
        ax.set_axis_off()
        return fig
    sns.scatterplot(per_peer, x="modified_a", y="modified_b", size="jaccard", sizes=(20, 120), ax=ax)
    lim = [0, float(per_peer[["modified_a", "modified_b"]].max().max()) * 1.05]
    ax.plot(lim, lim, color="gray", lw=0.8)
    ax.set(xlim=lim, ylim=lim, xlabel=f"modified score, annotator {per_peer['annotator_a'].iloc[0]}",
           ylabel=f"annotator {per_peer['annotator_b'].iloc[0]}")
    fig.tight_layout()
    return fig


def example_peer(corpora: dict, topic: str = "D0601", peer: str = "1"):
    """The peer the chapter works through (DUC 2006 D0601 peer 1, whose figure NIST's DUC 2006
    score table gives), or the first peer of the first corpus when that one is absent."""
    for c in corpora.values():
        for p in c.peers:
            if p.topic == topic and p.peer_id == peer:
                return p
    return next(p for c in corpora.values() for p in c.peers)


def headline_numbers(results: dict, metrics: Sequence[str] = ("rouge_2", "auto")) -> dict[str, float]:
    """Pearson of each metric per corpus and level, flat (``duc2007_update_auto_summary``…), for
    the chapter's prose; a metric that could not be computed is left out."""
    out = {}
    for corpus, result in results.items():
        for level in ("summary", "system"):
            for m in metrics:
                r = result["levels"][level].get(m, {})
                if "pearson" in r:
                    out[f"{corpus.replace('-', '_')}_{m}_{level}"] = r["pearson"]
    return out


def agreement_view(per_peer: pd.DataFrame) -> pd.DataFrame:
    """The per-peer table of :func:`pyrabench.scoring.manual.agreement`, or a one-line note when
    no peer is annotated twice (the bundled sample)."""
    if len(per_peer) == 0:
        return pd.DataFrame({"note": ["no peer is annotated twice in this data"]})
    return per_peer.round(3)


# --------------------------------------------------------------------------- NIST's human judgments

#: What the chapter correlates with NIST's judgments (``auto:wmf``: the scorer with the 2013 study's
#: WMF cosines beside its lexical features), and the pairs it tests.
JUDGED_METRICS = ("modified", "rouge_1", "rouge_2", "rouge_l", "auto", "auto:wmf")
JUDGMENT_PAIRS = {"modified": (("auto", "rouge_2"),),
                  judgments.RESPONSIVENESS: (("auto", "rouge_2"), ("modified", "rouge_2"), ("auto", "modified"))}


def judgment_results(corpora: dict, metrics: Sequence[str] = JUDGED_METRICS, n_resamples: int = 1000,
                     levels: Sequence[str] = ("summary", "system"), pairs: dict = JUDGMENT_PAIRS) -> dict:
    """``{corpus: {reference: correlate result}}`` for every judgment NIST made of the corpus
    (responsiveness; ``lq:Q1`` … ``lq:Q5`` where judged) and the manual modified score, each
    with the paired tests of ``pairs[reference]``; one metric frame per corpus."""
    out = {}
    for name, corpus in corpora.items():
        refs = judgments.for_corpus(corpus).references()
        references = ["modified", *(r for r in (judgments.RESPONSIVENESS, *judgments.QUALITY) if r in refs)]
        frame, errors = metric_frame(corpus, [*metrics, *references[1:]])
        out[name] = {}
        for ref in references:
            others = [m for m in metrics if m != ref]
            result = correlations(frame, others, ref, errors, n_resamples=n_resamples, levels=levels)
            tests = [p for p in pairs.get(ref, ()) if ref not in p]
            if tests:
                result["comparisons"] = comparisons(frame, tests, ref, errors, n_resamples=n_resamples, levels=levels)
            out[name][ref] = result
    return out


def judgment_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Metric × judgment × level: one row per (corpus, metric), columns ``(level, judgment)`` (one
    table per level in the book, so each fits the page), ``statistic`` of the metric against the
    judgment (NaN where NIST did not judge)."""
    rows = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            for level, by_metric in result["levels"].items():
                for metric, r in by_metric.items():
                    rows.append({"corpus": corpus, "metric": metric, "judgment": ref, "level": level,
                                 "r": r.get(statistic, np.nan)})
    long = pd.DataFrame(rows)
    wide = long.pivot_table(index=["corpus", "metric"], columns=["level", "judgment"], values="r", sort=False)
    return wide.rename_axis(columns=[None, None])


def ceiling_view(results: dict, reference: str = judgments.RESPONSIVENESS, ceiling: str = "modified",
                 statistic: str = "pearson") -> pd.DataFrame:
    """Per corpus, level and metric: its correlation with ``reference`` with the interval, and its
    distance to the manual pyramid's own correlation (the ceiling an automated pyramid can hope for)."""
    rows = []
    for corpus, by_ref in results.items():
        result = by_ref[reference]
        for level, by_metric in result["levels"].items():
            top = by_metric[ceiling].get(statistic, np.nan)
            for metric, r in by_metric.items():
                if "error" in r:
                    continue
                lo, hi = r["ci"][statistic] or (np.nan, np.nan)
                rows.append({"corpus": corpus, "level": level, "metric": metric, "r": r[statistic],
                             "r_lo": lo, "r_hi": hi, "n": r["n"], f"− {ceiling}": r[statistic] - top})
    return pd.DataFrame(rows).set_index(["corpus", "level", "metric"])


def paired_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Every paired test of :func:`judgment_results`: difference with its interval and p-values,
    columns ``(corpus, field)`` (one table per corpus in the book)."""
    rows = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            for c in result.get("comparisons", ()):
                if "error" in c:
                    continue
                lo, hi = c["ci"][statistic] or (np.nan, np.nan)
                rows.append({"corpus": corpus, "reference": ref, "level": c["level"], "A − B": f"{c['a']} − {c['b']}",
                             "n": c["n"], "difference": c["difference"][statistic], "difference_lo": lo,
                             "difference_hi": hi, "p": c["p_value"][statistic], "p (A > B)": c["p_greater"][statistic]})
    long = pd.DataFrame(rows).set_index(["corpus", "reference", "level", "A − B"])
    return long.unstack("corpus").swaplevel(axis=1).reindex(columns=list(dict.fromkeys(long.index.get_level_values("corpus"))), level=0)


def judgment_numbers(results: dict, statistic: str = "pearson") -> dict[str, float]:
    """Flat figures for the prose: ``duc2006_responsiveness_modified_system`` (a correlation) and
    ``duc2006_responsiveness_auto_vs_rouge_2_system_p`` (a two-sided p)."""
    out = {}
    for corpus, by_ref in results.items():
        c = corpus.replace("-", "_")
        for ref, result in by_ref.items():
            r = ref.replace(":", "_")
            for level, by_metric in result["levels"].items():
                for metric, v in by_metric.items():
                    if statistic in v:
                        out[f"{c}_{r}_{metric}_{level}"] = v[statistic]
            for t in result.get("comparisons", ()):
                if "error" not in t:
                    out[f"{c}_{r}_{t['a']}_vs_{t['b']}_{t['level']}_p"] = t["p_value"][statistic]
                    out[f"{c}_{r}_{t['a']}_vs_{t['b']}_{t['level']}_diff"] = t["difference"][statistic]
    return out



def judgment_coverage(corpora: dict) -> pd.DataFrame:
    """Per corpus: summaries NIST judged, those with a pyramid annotation, and the rest by reason
    (:func:`pyrabench.data.judgments.coverage`)."""
    rows = {name: judgments.coverage(judgments.for_corpus(c), c) for name, c in corpora.items()}
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")
    keep = {"judged": "judged", "matched": "with a pyramid annotation", "unmatched_human": "humans (A–J)",
            "unmatched_topic_without_pyramid": "topic without pyramid",
            "unmatched_system_not_annotated": "system not annotated", "not_judged": "annotated, not judged"}
    return table[list(keep)].rename(columns=keep)


ALPHA = 0.05


def _test_phrase(t: dict, statistic: str = "pearson") -> str:
    lo, hi = t["ci"][statistic] or (float("nan"), float("nan"))
    verdict = "significant" if t["p_value"][statistic] < ALPHA else "not significant"
    return (f"{t['difference'][statistic]:+.3f} [{lo:.3f}, {hi:.3f}], p = {t['p_value'][statistic]:.3f}, "
            f"{verdict}")


def judgment_claims(results: dict, statistic: str = "pearson") -> str:
    """The chapter's reading of :func:`judgment_results`, sentence by sentence from the figures:
    each claim names its paired test (difference of Pearson's r, 95 % interval, two-sided p)."""
    tests = {(corpus, ref, t["level"], t["a"], t["b"]): t for corpus, by_ref in results.items()
             for ref, r in by_ref.items() for t in r.get("comparisons", ()) if "error" not in t}

    def line(ref, level, a, b):
        parts = [f"{c} {_test_phrase(tests[c, ref, level, a, b], statistic)}" for c in results
                 if (c, ref, level, a, b) in tests]
        return "; ".join(parts)

    def count(ref, level, a, b, sign):
        return sum(1 for c in results if (c, ref, level, a, b) in tests
                   and tests[c, ref, level, a, b]["p_value"][statistic] < ALPHA
                   and np.sign(tests[c, ref, level, a, b]["difference"][statistic]) == sign)

    n = len(results)
    text = [
        f"**Against the manual modified score**, the automated score minus ROUGE-2 (r) at summary level: "
        f"{line('modified', 'summary', 'auto', 'rouge_2')}. It is significantly ahead on "
        f"{count('modified', 'summary', 'auto', 'rouge_2', 1)} of {n} corpora. At system level: "
        f"{line('modified', 'system', 'auto', 'rouge_2')}; ROUGE-2 is significantly ahead on "
        f"{count('modified', 'system', 'auto', 'rouge_2', -1)} of {n}.",
        f"**Against responsiveness**, the manual pyramid minus ROUGE-2 at summary level: "
        f"{line('responsiveness', 'summary', 'modified', 'rouge_2')}; at system level: "
        f"{line('responsiveness', 'system', 'modified', 'rouge_2')}. The automated score minus ROUGE-2 at summary "
        f"level: {line('responsiveness', 'summary', 'auto', 'rouge_2')}; at system level: "
        f"{line('responsiveness', 'system', 'auto', 'rouge_2')}. The automated score minus the manual pyramid, its "
        f"ceiling, at summary level: {line('responsiveness', 'summary', 'auto', 'modified')}; at system level: "
        f"{line('responsiveness', 'system', 'auto', 'modified')}.",
    ]
    keys = list(tests)
    p = np.array([tests[k]["p_value"][statistic] for k in keys])
    held = dict(zip(keys, holm(p) < ALPHA))  # one family: every test of this paragraph
    responsive = [k for k in keys if k[1] == judgments.RESPONSIVENESS]
    apart = sum(held[k] for k in responsive)
    if apart == 0:
        alike = f"indistinguishable from each other (none of the {len(responsive)} differences survives the correction)"
    elif 2 * apart <= len(responsive):
        alike = (f"mostly indistinguishable from each other (only {apart} of the {len(responsive)} differences "
                 f"{'survives' if apart == 1 else 'survive'} the correction)")
    else:
        alike = f"yet {apart} of the {len(responsive)} differences between them survive the correction"
    text.append(f"{int((p < ALPHA).sum())} of these {len(tests)} differences are significant at {ALPHA}, where "
                f"{ALPHA * len(tests):.1f} would be by chance alone if no difference were real; "
                f"{sum(held.values())} {'remains' if sum(held.values()) == 1 else 'remain'} significant after Holm's "
                f"correction for testing {len(tests)} at once. "
                "Responsiveness judges the whole summary in one grade, and NIST's assessors graded it against the "
                "topic's question, not against the models the pyramid and ROUGE both build on, so the metrics' "
                f"correlations with it are lower than with the pyramid and {alike}.")
    quality = [(c, ref, level, m, r[statistic]) for c, by_ref in results.items() for ref, res in by_ref.items()
               if ref.startswith("lq:") for level, by_m in res["levels"].items() for m, r in by_m.items()
               if statistic in r]
    if quality:
        negative = sum(1 for q in quality if q[-1] < 0)
        worst = min(quality, key=lambda q: q[-1])
        text.append(f"Linguistic quality is another matter: {negative} of the {len(quality)} correlations of a "
                    f"content metric with a quality question are negative, the strongest {worst[-1]:.3f} "
                    f"({worst[3]} against {worst[1]}, {judgments.QUESTIONS[int(worst[1][-1])]}, {worst[0]}, "
                    f"{worst[2]} level). What a summary says and how well it reads are different judgments.")
    return "\n\n".join(text)


# --------------------------------------------------------------------------- the automated scorer per system


def system_error_view(corpora: dict, metric: str = "auto") -> pd.DataFrame:
    """Why a metric misses per system: per corpus, the correlation over systems of its error
    (system mean of ``metric`` − system mean of the manual modified score) with candidate causes:
    summary length in words, the manual score itself (an error that shrinks strong and lifts weak
    systems), the manual original score (precision), the share of weight-1 SCUs among the
    matches, and the error in the number of SCUs (automated − manual)."""
    keys = ["topic", "peer", "annotator"]
    rows = []
    for name, corpus in corpora.items():
        manual = score_corpus(corpus)
        words = {p.source: len(p.summary.split()) for p in corpus.peers}
        auto = auto_frame(corpus, None if metric == "auto" else metric.partition(":")[2])
        df = manual.merge(auto, on=keys)
        df = df.assign(words=df["source"].map(words), error=df["auto"] - df["modified"],
                       light=[np.mean([w <= 1 for w in ws]) if len(ws) else np.nan for ws in df["weights"]],
                       scu_error=df["auto_scus"] - df["scus"])
        means = df.groupby("peer")[["error", "words", "modified", "original", "light", "scu_error"]].mean()
        row = {"corpus": name, "systems": len(means)}
        for cause, label in (("words", "length (words)"), ("modified", "manual modified"),
                             ("original", "manual original"), ("light", "share of weight-1 SCUs"),
                             ("scu_error", "SCU count error")):
            row[label] = float(np.corrcoef(means["error"], means[cause])[0, 1])
        rows.append(row)
    return pd.DataFrame(rows).set_index("corpus")


def sharpening_view(corpora: dict, gammas: Sequence[float] = (1.0, 1.5, 2.0, 3.0), choose_on: str = "duc2006") -> pd.DataFrame:
    """One attempt to close the system-level gap: the default variant's probabilities sharpened
    (``p ** γ``: less credit for SCUs it is unsure of), γ chosen on ``choose_on`` by system-level
    Pearson with the manual modified score and reported on every corpus, beside γ = 1."""
    keys = ["topic", "peer", "annotator"]
    found = {}
    for name, corpus in corpora.items():
        f = features(corpus)
        p = calibrated.crossfit(f, calibrated.LEXICAL)
        frame, _ = metric_frame(corpus, ["modified"])
        for g in gammas:
            s = calibrated.scores(f, p ** g)[[*keys, "auto"]]
            r = correlations(frame.merge(s, on=keys), ["auto"], "modified", n_resamples=10)["levels"]
            found[name, g] = (r["summary"]["auto"]["pearson"], r["system"]["auto"]["pearson"])
    best = max(gammas, key=lambda g: found[choose_on, g][1]) if choose_on in corpora else gammas[0]
    rows = [{"corpus": name, "γ": g, "chosen": g == best, "summary": found[name, g][0], "system": found[name, g][1]}
            for name in corpora for g in dict.fromkeys((gammas[0], best))]
    return pd.DataFrame(rows).set_index(["corpus", "γ"])


def system_gap_claims(results: dict, errors: pd.DataFrame, sharpening: pd.DataFrame, statistic: str = "pearson") -> str:
    """The chapter's reading of the automated scorer's system-level gap to ROUGE-2, from the
    paired tests against the manual modified score, the per-system error causes and the
    sharpening attempt (every figure from the arguments)."""
    tests = {c: t for c, by_ref in results.items() for t in by_ref["modified"].get("comparisons", ())
             if t.get("level") == "system" and (t["a"], t["b"]) == ("auto", "rouge_2") and "error" not in t}
    behind = [c for c, t in tests.items() if t["difference"][statistic] < 0]
    significant = [c for c in behind if tests[c]["p_value"][statistic] < ALPHA]
    causes = errors.drop(columns="systems")
    strongest = causes.abs().mean().idxmax()
    chosen = sharpening[sharpening["chosen"]].reset_index()
    base = sharpening.xs(1.0, level="γ")["system"] if 1.0 in sharpening.index.get_level_values("γ") else None
    gamma = float(chosen["γ"].iloc[0])
    text = [f"Per system, the automated score trails ROUGE-2 on {', '.join(behind) or 'no corpus'}; the paired test "
            f"finds that gap significant on {', '.join(significant) or 'none of them'} ("
            + "; ".join(f"{c}: {_test_phrase(tests[c], statistic)}" for c in behind) + ")."]
    text.append(f"Across systems, its error (system mean minus the manual mean) tracks the {strongest} most "
                f"closely (r = " + ", ".join(f"{causes.loc[c, strongest]:+.2f} on {c}" for c in causes.index)
                + f"), then the manual modified score itself (r = "
                + ", ".join(f"{causes.loc[c, 'manual modified']:+.2f}" for c in causes.index)
                + "), and summary length hardly (r = "
                + ", ".join(f"{causes.loc[c, 'length (words)']:+.2f}" for c in causes.index)
                + "). The expected score credits every SCU with its probability, so a weak system collects many "
                "small probabilities for SCUs it does not express and a strong one loses some of those it does: the "
                "score is compressed towards the middle, by an amount that differs from system to system.")
    if base is not None and gamma != 1.0:
        moved = ", ".join(f"{c} {base[c]:.3f} → {v:.3f}" for c, v in zip(chosen["corpus"], chosen["system"]))
        shift = float((chosen.set_index("corpus")["system"] - base).abs().max())
        base_summary = sharpening.xs(1.0, level="γ")["summary"]
        lower = int((chosen.set_index("corpus")["summary"] < base_summary).sum())
        text.append(f"Sharpening the probabilities (p^γ, γ = {gamma:g} chosen on DUC 2006 by system-level Pearson) "
                    f"moves the system level by at most {shift:.3f} ({moved}) and lowers the summary level on "
                    f"{lower} of {len(chosen)} corpora: the compression is not a matter of how sharp the "
                    "probabilities are, so the default keeps γ = 1.")
    else:
        text.append("Sharpening the probabilities (p^γ) does not improve the system level on DUC 2006, where it "
                    "is chosen, so the default keeps γ = 1.")
    return "\n\n".join(text)
