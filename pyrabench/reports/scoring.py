"""Tables, figures and sentences of the scoring chapters and of ``pyrabench correlate``: the 2013
variants ranked with their intervals, the similarity densities of human-matched pairs with the KDE
thresholds, the NIST convention term by term, correlation tables, the system-level scatter, the
automated variants' table, and the verdicts read from them (``*_claims``).

Every figure comes from a task (:mod:`pyrabench.scoring`), every significance verdict from
:mod:`pyrabench.resampling` (:func:`~pyrabench.resampling.significant`); here they are labelled,
arranged and worded."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

import numpy as np
import pandas as pd

from ..data import judgments
from ..errors import MissingDataError
from ..extras import plotting
from ..resampling import ALPHA, significant, significant_after_holm
from ..scoring.auto import diagnosis
from ..scoring.auto.thresholds import determine_thresholds, kde
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


def paired_test_table(comparisons: Sequence[dict], statistics: Sequence[str] = ("pearson", "kendall")) -> pd.DataFrame:
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
#: The tests also run with topics and systems resampled and permuted jointly (Deutsch et al.'s
#: BOOT-BOTH and PERM-BOTH), beside each level's own unit.
JOINT_PAIRS = {"modified": (("auto", "rouge_2"),)}


def judgment_results(corpora: dict, metrics: Sequence[str] = JUDGED_METRICS, n_resamples: int = 1000,
                     levels: Sequence[str] = ("summary", "system"), pairs: dict = JUDGMENT_PAIRS,
                     joint_pairs: dict = JOINT_PAIRS) -> dict:
    """``{corpus: {reference: correlate result}}`` for every judgment NIST made of the corpus
    (responsiveness; ``lq:Q1`` … ``lq:Q5`` where judged) and the manual modified score, each
    with the paired tests of ``pairs[reference]``, and those of ``joint_pairs[reference]`` again
    under the joint scheme (``"joint_comparisons"``); one metric frame per corpus."""
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
            joint = [p for p in joint_pairs.get(ref, ()) if ref not in p]
            if joint:
                result["joint_comparisons"] = comparisons(frame, joint, ref, errors, n_resamples=n_resamples,
                                                          levels=levels, scheme="both")
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


def _joint_pairs(results: dict, statistic: str = "pearson") -> list[tuple[str, str, dict, dict]]:
    """``(corpus, reference, own-unit test, joint test)`` for every test run both ways."""
    out = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            own = {(t["a"], t["b"], t["level"]): t for t in result.get("comparisons", ()) if "error" not in t}
            for j in result.get("joint_comparisons", ()):
                key = (j.get("a"), j.get("b"), j.get("level"))
                if "error" not in j and key in own and own[key]["ci"][statistic] and j["ci"][statistic]:
                    out.append((corpus, ref, own[key], j))
    return out


def joint_scheme_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Each paired test run on its level's own unit and with topics and systems drawn jointly
    (``joint``): the interval of the difference and the two-sided p, side by side. The reference
    and the pair are index levels only when they vary."""
    rows = []
    for corpus, ref, own, joint in _joint_pairs(results, statistic):
        rows.append({"corpus": corpus, "reference": ref, "level": own["level"], "A − B": f"{own['a']} − {own['b']}",
                     "difference": own["difference"][statistic], "unit": own["over"],
                     "interval": _format_ci(own["ci"][statistic]), "p": own["p_value"][statistic],
                     "interval (joint)": _format_ci(joint["ci"][statistic]), "p (joint)": joint["p_value"][statistic]})
    if not rows:
        return pd.DataFrame({"note": ["no paired test could be run both ways on this data"]})
    frame = pd.DataFrame(rows)
    keys = ["corpus", *(k for k in ("reference", "A − B") if frame[k].nunique() > 1), "level"]  # one value: the prose says it
    return frame.drop(columns=[k for k in ("reference", "A − B") if k not in keys]).set_index(keys)


def joint_scheme_claims(results: dict, statistic: str = "pearson") -> str:
    """What drawing topics and systems jointly changes, counted from :func:`joint_scheme_view`'s
    tests: how many intervals widen, by how much, and which verdicts at ``ALPHA`` change."""
    pairs = _joint_pairs(results, statistic)
    if not pairs:
        return ""
    width = {id(t): t["ci"][statistic][1] - t["ci"][statistic][0] for _, _, o, j in pairs for t in (o, j)}
    ratios = np.array([width[id(j)] / width[id(o)] if width[id(o)] > 0 else np.inf for _, _, o, j in pairs])
    wider = int((ratios > 1).sum())
    changed = [(c, o, j) for c, _, o, j in pairs
               if significant(o["p_value"][statistic]) != significant(j["p_value"][statistic])]
    text = (f"Drawing topics and systems jointly widens the interval of the difference in {wider} of the "
            f"{len(pairs)} tests (median width × {np.median(ratios):.2f}, from × {ratios.min():.2f} to "
            f"× {ratios.max():.2f}): an interval over one unit treats the other as fixed, and a claim about new "
            "summarizers on new inputs has to pay for both.")
    sharper = sum(1 for _, _, o, j in pairs if j["p_value"][statistic] < o["p_value"][statistic])
    if sharper:
        text += (f" Yet the joint permutation test gives the smaller p in {sharper} of them: it swaps single "
                 "summaries, so each arrangement mixes both metrics within every topic and every system, and its "
                 "null differences stay closer to 0 than those of whole-unit swaps.")
    if not changed:
        return text + f" No verdict at {ALPHA} changes."
    lost = [f"{c} {o['level']} level ({o['a']} − {o['b']}: p {o['p_value'][statistic]:.3f} → "
            f"{j['p_value'][statistic]:.3f})" for c, o, j in changed]
    return text + (f" The verdict at {ALPHA} changes in {len(changed)}: " + "; ".join(lost) + ".")


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


def _test_phrase(t: dict, statistic: str = "pearson") -> str:
    lo, hi = t["ci"][statistic] or (float("nan"), float("nan"))
    verdict = "significant" if significant(t["p_value"][statistic]) else "not significant"
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
                   and significant(tests[c, ref, level, a, b]["p_value"][statistic])
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
    held = dict(zip(keys, significant_after_holm(p)))  # one family: every test of this paragraph
    responsive = [k for k in keys if k[1] == judgments.RESPONSIVENESS]
    apart = int(sum(held[k] for k in responsive))
    text.append(f"{int(significant(p).sum())} of these {len(tests)} differences are significant at {ALPHA}, where "
                f"{ALPHA * len(tests):.1f} would be by chance alone if no difference were real; "
                f"{sum(held.values())} {'remains' if sum(held.values()) == 1 else 'remain'} significant after Holm's "
                f"correction for testing {len(tests)} at once. " + _responsiveness_claim(results, statistic, apart, len(responsive)))
    quality = [(c, ref, level, m, r[statistic]) for c, by_ref in results.items() for ref, res in by_ref.items()
               if ref.startswith("lq:") for level, by_m in res["levels"].items() for m, r in by_m.items()
               if statistic in r]
    if quality:
        negative = sum(1 for q in quality if q[-1] < 0)
        worst = min(quality, key=lambda q: q[-1])
        text.append(f"Linguistic quality is another matter: {negative} of the {len(quality)} correlations of a "
                    f"content metric with a quality question are negative, the strongest {worst[-1]:.3f} "
                    f"({worst[3]} against {worst[1]}, {judgments.QUESTIONS[int(worst[1][-1])]}, {worst[0]}, "
                    f"{worst[2]} level). " + ("What a summary says and how well it reads are different judgments."
                                              if 2 * negative >= len(quality) else
                                              "Most are positive: on this data, the content metrics also follow how "
                                              "well a summary reads."))
    return "\n\n".join(text)


def _responsiveness_claim(results: dict, statistic: str, apart: int, tested: int) -> str:
    """Whether the metrics correlate less with responsiveness than with the manual pyramid, counted
    over every (corpus, level, metric) both were computed for, and whether they differ from each
    other: ``apart`` of the ``tested`` paired tests against responsiveness survive Holm's correction."""
    pairs = [(r[statistic], by_ref["modified"]["levels"][level][m][statistic])
             for by_ref in results.values() if judgments.RESPONSIVENESS in by_ref and "modified" in by_ref
             for level, by_m in by_ref[judgments.RESPONSIVENESS]["levels"].items() for m, r in by_m.items()
             if m != "modified" and statistic in r
             and statistic in by_ref["modified"]["levels"].get(level, {}).get(m, {})]
    lower = sum(1 for resp, pyramid in pairs if resp < pyramid)
    if apart == 0:
        alike = f"indistinguishable from each other (none of the {tested} differences survives the correction)"
    elif 2 * apart <= tested:
        alike = (f"mostly indistinguishable from each other (only {apart} of the {tested} differences "
                 f"{'survives' if apart == 1 else 'survive'} the correction)")
    else:
        alike = f"yet {apart} of the {tested} differences between them survive the correction"
    why = ("Responsiveness judges the whole summary in one grade, and NIST's assessors graded it against the topic's "
           "question, not against the models the pyramid and ROUGE both build on")
    if pairs and lower == len(pairs):
        return f"{why}, so the metrics' correlations with it are lower than with the pyramid and {alike}."
    between = f"Against responsiveness the metrics are {alike}." if not alike.startswith("yet") else (
        f"Against responsiveness, {apart} of the {tested} differences between the metrics survive the correction.")
    if not pairs:
        return between
    if 2 * lower > len(pairs):
        return f"{why}, so {lower} of the metrics' {len(pairs)} correlations with it are lower than with the pyramid. {between}"
    return f"Only {lower} of the metrics' {len(pairs)} correlations with responsiveness are lower than with the pyramid. {between}"


# --------------------------------------------------------------------------- the automated scorer per system


CAUSE_LABELS = {"words": "length (words)", "modified": "manual modified", "original": "manual original",
                "light": "share of weight-1 SCUs", "scu_error": "SCU count error"}


def system_error_view(corpora: dict, metric: str = "auto") -> pd.DataFrame:
    """:func:`pyrabench.scoring.auto.diagnosis.system_error_causes`, its causes labelled."""
    return diagnosis.system_error_causes(corpora, metric).rename(columns=CAUSE_LABELS)


def sharpening_view(corpora: dict, gammas: Sequence[float] = (1.0, 1.5, 2.0, 3.0), choose_on: str = "duc2006") -> pd.DataFrame:
    """:func:`pyrabench.scoring.auto.diagnosis.sharpening` (γ chosen on ``choose_on``)."""
    return diagnosis.sharpening(corpora, gammas, choose_on)


def _listed(items: Sequence[str], none: str) -> str:
    items = list(items)
    if not items:
        return none
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def system_gap_claims(results: dict, errors: pd.DataFrame, sharpening: pd.DataFrame, statistic: str = "pearson") -> str:
    """The chapter's reading of the automated scorer's system-level gap to ROUGE-2, from the
    paired tests against the manual modified score, the per-system error causes and the
    sharpening attempt: every figure and every verdict from the arguments."""
    tests = {c: t for c, by_ref in results.items() for t in by_ref["modified"].get("comparisons", ())
             if t.get("level") == "system" and (t["a"], t["b"]) == ("auto", "rouge_2") and "error" not in t}
    behind = [c for c, t in tests.items() if t["difference"][statistic] < 0]
    gaps = [c for c in behind if significant(tests[c]["p_value"][statistic])]
    text = [f"Per system, the automated score trails ROUGE-2 on {_listed(behind, 'no corpus')}"
            + (f"; the paired test finds that gap significant on {_listed(gaps, 'none of them')} ("
               + "; ".join(f"{c}: {_test_phrase(tests[c], statistic)}" for c in behind) + ")." if behind else ".")]
    causes = errors.drop(columns="systems")
    ranked = causes.abs().mean().sort_values(ascending=False).index.tolist()

    def rs(cause):
        return ", ".join(f"{causes.loc[c, cause]:+.2f}" + (f" on {c}" if cause == ranked[0] else "") for c in causes.index)

    sentence = (f"Across systems, its error (system mean minus the manual mean) tracks the {ranked[0]} most closely "
                f"(r = {rs(ranked[0])})")
    if len(ranked) > 2:
        sentence += f", then the {ranked[1]} (r = {rs(ranked[1])}), and the {ranked[-1]} least (r = {rs(ranked[-1])})"
    sentence += "."
    manual = CAUSE_LABELS["modified"]
    if manual in causes and (causes[manual] < 0).all():
        sentence += (f" The error falls as the {manual} score rises on every corpus: the expected score credits "
                     "every SCU with its probability, so a weak system collects many small probabilities for SCUs "
                     "it does not express and a strong one loses some of those it does, and the score is "
                     "compressed towards the middle, by an amount that differs from system to system.")
    text.append(sentence)
    text.append(_sharpening_claim(sharpening))
    return "\n\n".join(text)


def _sharpening_claim(sharpening: pd.DataFrame) -> str:
    """Whether sharpening the probabilities helps, read from :func:`sharpening_view`'s frame."""
    chosen_on = sharpening.attrs.get("chosen_on")
    gammas = sharpening.index.get_level_values("γ")
    base_gamma = float(gammas[0])
    chosen = sharpening[sharpening["chosen"]].reset_index().set_index("corpus")
    gamma = float(chosen["γ"].iloc[0])
    where = f"chosen on {chosen_on} by system-level Pearson" if chosen_on else "not chosen: its corpus was not loaded"
    if gamma == base_gamma:
        return (f"Sharpening the probabilities (p^γ, γ {where}) does not raise the system level on {chosen_on} "
                f"over γ = {base_gamma:g}, so the default keeps γ = {base_gamma:g}." if chosen_on else
                f"Sharpening the probabilities (p^γ) was not tried ({where}); the default keeps γ = {base_gamma:g}.")
    base = sharpening.xs(base_gamma, level="γ")
    delta = chosen["system"] - base["system"]
    lower = int((chosen["summary"] < base["summary"]).sum())
    moved = ", ".join(f"{c} {base.loc[c, 'system']:.3f} → {chosen.loc[c, 'system']:.3f}" for c in chosen.index)
    others = [c for c in chosen.index if c != chosen_on]
    helps_elsewhere = bool(others) and bool((delta[others] > 0).all()) and lower == 0
    verdict = ("it raises the system level on every other corpus without lowering the summary level, a lever the "
               f"default (γ = {base_gamma:g}) leaves unused" if helps_elsewhere else
               "it does not raise the system level on every corpus it was not chosen on"
               + (f" and lowers the summary level on {lower} of {len(chosen)}" if lower else "")
               + f": the compression is not a matter of how sharp the probabilities are, so the default keeps "
                 f"γ = {base_gamma:g}")
    return (f"Sharpening the probabilities (p^γ, γ = {gamma:g} {where}) moves the system level by at most "
            f"{float(delta.abs().max()):.3f} ({moved}); {verdict}.")


# --------------------------------------------------------------------------- verdicts read from the figures


def _corpora_phrase(corpora: Sequence[str], total: int) -> str:
    """"every corpus", "no corpus" or the names, for a claim about some of ``total`` corpora."""
    if len(corpora) == total:
        return "every corpus" if total > 1 else "the corpus"
    return _listed(corpora, "no corpus")


def annotator_claims(agree: dict) -> str:
    """What :func:`pyrabench.scoring.manual.agreement`'s summary says of two annotators: whether
    they rank the peers alike (Spearman of their modified scores) and how far their SCU sets
    overlap (mean Jaccard)."""
    if "modified_spearman" not in agree:
        return f"Only {agree.get('peers', 0)} peer(s) were annotated twice: too few to measure agreement."
    rho, jac = agree["modified_spearman"], agree["jaccard_mean"]
    ranking = ("rank the peers much alike" if rho >= 0.8 else "rank the peers somewhat alike" if rho >= 0.5
               else "rank the peers differently")
    overlap = ("their SCU sets differ in detail" if jac < 0.9 else "their SCU sets are nearly the same")
    return (f"Over {agree['peers']} peers annotated twice, the two annotators {ranking} (Spearman {rho:.2f} of "
            f"their modified scores, Pearson {agree['modified_pearson']:.2f}), while {overlap} (mean Jaccard "
            f"{jac:.2f}). This agreement is the ceiling an automated scorer can aim for.")


def _pearsons(results: dict, level: str, metric: str) -> dict[str, float]:
    return {c: r["levels"][level][metric]["pearson"] for c, r in results.items()
            if level in r["levels"] and "pearson" in r["levels"][level].get(metric, {})}


def rouge_level_claims(results: dict, metric: str = "rouge_2") -> str:
    """Whether ROUGE-2 tracks the manual scores more closely per system than per summary."""
    summary, system = _pearsons(results, "summary", metric), _pearsons(results, "system", metric)
    both = [c for c in results if c in summary and c in system]
    closer = [c for c in both if system[c] > summary[c]]
    figures = "; ".join(f"{c} {system[c]:.3f} against {summary[c]:.3f}" for c in both)
    if len(closer) == len(both):
        verdict = ("it ranks summarizers well, and the summaries of one input less well" if
                   min(system[c] - summary[c] for c in both) >= 0.2 else "it ranks summarizers somewhat better "
                   "than the summaries of one input")
        return (f"ROUGE-2 tracks the manual scores more closely at system level than for single summaries on "
                f"{_corpora_phrase(closer, len(both))} (Pearson {figures}): {verdict}.")
    return (f"ROUGE-2 tracks the manual scores more closely at system level than for single summaries on "
            f"{_corpora_phrase(closer, len(both))} of the {len(both)} corpora (Pearson, system against summary: "
            f"{figures}).")


def default_claims(results: dict, metric: str = "auto", baseline: str = "rouge_2", level_margin: float = 0.01) -> str:
    """The default automated score against ROUGE-2 at each level, per corpus: ahead, behind, or
    level (within ``level_margin`` of Pearson's r)."""
    names = {"summary": "at summary level", "system": "at system level", "global": "pooled over all summaries (global)"}
    sentences = []
    for level, phrase in names.items():
        a, b = _pearsons(results, level, metric), _pearsons(results, level, baseline)
        both = [c for c in results if c in a and c in b]
        if not both:
            continue
        ahead = [c for c in both if a[c] - b[c] > level_margin]
        behind = [c for c in both if b[c] - a[c] > level_margin]
        level_with = [c for c in both if c not in ahead and c not in behind]
        parts = [f"ahead of ROUGE-2 on {_corpora_phrase(ahead, len(both))}" if ahead else "",
                 f"behind it on {_corpora_phrase(behind, len(both))}" if behind else "",
                 f"level with it (within {level_margin}) on {_corpora_phrase(level_with, len(both))}" if level_with else ""]
        figures = "; ".join(f"{c} {a[c]:.3f} against {b[c]:.3f}" for c in both)
        sentences.append(f"{phrase[0].upper()}{phrase[1:]}, the automated score is "
                         + _listed([p for p in parts if p], "") + f" (Pearson, automated against ROUGE-2: {figures}).")
        if level == "summary" and len(ahead) == len(both):
            sentences.append("It ranks the summaries of one input better, because it knows which content the models "
                             "agree on and how much each piece weighs.")
    return " ".join(sentences)


def variant_claims(table: pd.DataFrame, level: str = "summary") -> str:
    """The chapter's reading of :func:`pyrabench.scoring.auto.variants.variant_table`: each lever
    against its neighbour, by the mean over corpora of ``level`` Pearson (variants the table
    lacks are left out of the reading)."""
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
                       f"scores below the expected score for {_listed(below, 'neither')}")
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


def study_claims(variants_both: pd.DataFrame, margin: float = 0.05) -> str:
    """The 2013 variants beside ours (``variants_both``: every variant of both studies, a
    ``study`` column, :func:`pyrabench.scoring.auto.stats.variant_table` figures): whether the best
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


def system_interval_claims(results: dict, min_systems: int, max_systems: int, statistic: str = "pearson") -> str:
    """How wide the system-level intervals of :func:`correlation_results` (the correlation table of
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


def convention_claims(example: pd.DataFrame, nist_modified: float, changes: pd.DataFrame, nist_share: float,
                      sacrerouge_share: float, padded: int) -> str:
    """Whether each convention reproduces NIST's figure for the example peer (to NIST's 4
    decimals), and how the share of scores the convention choice changes compares with the
    SacreROUGE convention's disagreement with NIST's whole table."""
    def agrees(name):
        return round(float(example.loc[name, "modified"]), NIST_DECIMALS) == round(nist_modified, NIST_DECIMALS)

    sr = float(example.loc["sacrerouge", "modified"])
    nist_text = ("reproduces NIST's figure for this peer exactly" if agrees("nist") else
                 f"gives {float(example.loc['nist', 'modified']):.4f} for this peer, not NIST's {nist_modified:.4f}")
    sr_text = ("reproduces it too" if agrees("sacrerouge") else
               f"gives the {'lower' if sr < nist_modified else 'higher'} score {sr:.4f}")
    changed = float(changes.loc["all", "share"])
    return (f"The NIST convention {nist_text}, and SacreROUGE's {sr_text}. The convention changes "
            f"{changed:.1%} of the scores here; against NIST's own table the SacreROUGE convention disagrees on "
            f"{1 - sacrerouge_share:.1%} of the peers and the NIST convention on {1 - nist_share:.1%}. DUC 2006 topic "
            f"D0647 names its peer files `…B.01.pan`; the reader takes them as systems `1` … `8`, like every other "
            f"topic, and logs each as a `peer-id-zero-padded` repair ({padded} files).")


def manual_score_claims(manual: pd.DataFrame) -> str:
    """How the three manual scores compare on average over every peer annotation (``manual``:
    :func:`pyrabench.scoring.manual.score_corpus` rows of every corpus)."""
    m, c, o = (float(manual[k].mean()) for k in ("modified", "coverage", "original"))
    coverage = (f"coverage is lower still ({c:.2f})" if c < m else f"coverage is higher ({c:.2f})")
    if c < 0.5:
        coverage += ": a peer expresses only a fraction of what the models say"
    original = ("much higher" if o >= 2 * m else "higher" if o > m else "no higher")
    why = " because it only asks whether the SCUs a peer does express are the heavy ones" if o > m else ""
    return f"Modified scores average {m:.2f} and {coverage}. The original score is {original} ({o:.2f}){why}."


# --------------------------------------------------------------------------- the calibrated scorer on new corpora


def transfer_view(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`pyrabench.scoring.auto.transfer.transfer_table` as the chapter shows it: per
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


def transfer_combined_view(table: pd.DataFrame) -> pd.DataFrame:
    """Per direction, per system: the estimate, the combined score (estimate and ROUGE-2,
    :func:`pyrabench.scoring.auto.transfer.combined`) and ROUGE-2, Pearson and Kendall, with the
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
    """Which targets (:data:`pyrabench.scoring.auto.transfer.TARGETS`) the calibrated scorer
    meets on the corpora it never saw, read from :func:`transfer_view`'s table, with the two
    annotators' agreement (:func:`pyrabench.scoring.auto.scu_sets.ceiling`) beside the SCU sets."""
    from ..scoring.auto.transfer import TARGETS, targets_met

    t = table.dropna(subset=["set_f1"]) if "set_f1" in table.columns else table.iloc[:0]
    if not len(t):
        return "No direction could be fitted on this data: the corpora are too small to measure transfer."
    met = pd.DataFrame([targets_met(r) for _, r in t.iterrows()])
    n = len(t)
    roof = (f" Two annotators of the same peers agree at F1 {ceiling['f1']:.3f} (Jaccard {ceiling['jaccard']:.3f}, "
            f"{ceiling['summaries']} peers)." if ceiling.get("summaries") else "")
    f1 = t["set_f1"]
    parts = [f"The counted SCU sets reach F1 ≥ {TARGETS['set_f1']:.2f} in {int(met['set_f1'].sum())} of {n} "
             f"directions (F1 {f1.min():.3f}–{f1.max():.3f}, Jaccard {t['set_jaccard'].min():.3f}–"
             f"{t['set_jaccard'].max():.3f}).{roof}",
             f"The summary intervals hold the manual score for ≥ {TARGETS['summary_coverage']:.0%} of the summaries in "
             f"{int(met['summary_coverage'].sum())} of {n} directions (coverage {t['summary_coverage'].min():.3f}–"
             f"{t['summary_coverage'].max():.3f}); the system intervals hold the manual mean for ≥ "
             f"{TARGETS['system_coverage']:.0%} of the systems in {int(met['system_coverage'].sum())} of {n} "
             f"(coverage {t['system_coverage'].min():.3f}–{t['system_coverage'].max():.3f}).",
             f"Per system, the estimate's Pearson is at least ROUGE-2's in {int(met['pearson'].sum())} of {n} "
             f"directions and its Kendall in {int(met['kendall'].sum())} of {n}."]
    if "combined_pearson" in met.columns:
        parts.append(f"The combined score (estimate and ROUGE-2) reaches ROUGE-2's Pearson in "
                     f"{int(met['combined_pearson'].sum())} of {n} and its Kendall in "
                     f"{int(met['combined_kendall'].sum())} of {n}.")
    return " ".join(parts)
