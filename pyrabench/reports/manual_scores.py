"""Tables, figures and sentences of the chapter on manual scores (``05_manual_scores``) and of
``pyrabench correlate``: NIST's convention term by term, our scores against NIST's tables, the
correlation tables and the system-level scatter, the annotators' agreement, and the verdicts
read from them (``*_claims``).

Every figure comes from the task (:mod:`pyrabench.scoring.experiments`,
:mod:`pyrabench.scoring.manual`, :mod:`pyrabench.scoring.correlate`); here it is labelled,
arranged and worded. The helpers that word an interval or a list of corpora serve the two
chapters after this one too."""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from ..extras import plotting
from ..scoring.correlate import STATISTICS
from ..scoring.experiments import NIST_DECIMALS
from ..scoring.manual import CONVENTIONS, convention_changes, modified_size, score_peer


def format_interval(lo_hi) -> str:
    return f"[{lo_hi[0]:.3f}, {lo_hi[1]:.3f}]" if lo_hi else "undefined"


def listed(items: Sequence[str], none: str) -> str:
    items = list(items)
    if not items:
        return none
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def corpora_phrase(corpora: Sequence[str], total: int) -> str:
    """"every corpus", "no corpus" or the names, for a claim about some of ``total`` corpora."""
    if len(corpora) == total:
        return "every corpus" if total > 1 else "the corpus"
    return listed(corpora, "no corpus")


def pearsons(results: dict, level: str, metric: str) -> dict[str, float]:
    return {c: r["levels"][level][metric]["pearson"] for c, r in results.items()
            if level in r["levels"] and "pearson" in r["levels"][level].get(metric, {})}


# --------------------------------------------------------------------------- ``pyrabench correlate``


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
                    row[f"{s} 95% CI"] = format_interval(r["ci"][s])
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
            row.update({f"{s} A−B": round(c["difference"][s], 3), f"{s} 95% CI": format_interval(c["ci"][s]),
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


def convention_changes_table(corpora: dict) -> pd.DataFrame:
    """Per corpus: peers, peers whose modified score differs between the conventions, and topics
    whose ``Max(A)`` differs."""
    rows = {name: convention_changes(c.peers) for name, c in corpora.items()}
    df = pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")
    total = df[["peers", "changed", "topics_with_other_ideal", "topics"]].sum()
    df.loc["all"] = {**total.to_dict(), "share": total["changed"] / total["peers"]}
    return df.astype({"peers": int, "changed": int, "topics_with_other_ideal": int, "topics": int})


def example_peer(corpora: dict, topic: str = "D0601", peer: str = "1"):
    """The peer the chapter works through (DUC 2006 D0601 peer 1, whose figure NIST's DUC 2006
    score table gives), or the first peer of the first corpus when that one is absent."""
    for c in corpora.values():
        for p in c.peers:
            if p.topic == topic and p.peer_id == peer:
                return p
    return next(p for c in corpora.values() for p in c.peers)


# --------------------------------------------------------------------------- the manual scores and their agreement


def agreement_view(per_peer: pd.DataFrame) -> pd.DataFrame:
    """The per-peer table of :func:`pyrabench.scoring.manual.agreement`, or a one-line note when
    no peer is annotated twice (the bundled sample)."""
    if len(per_peer) == 0:
        return pd.DataFrame({"note": ["no peer is annotated twice in this data"]})
    return per_peer.round(3)


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


# --------------------------------------------------------------------------- correlations


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
                    row[f"{level} {s}"] = r.get("error") or f"{r[s]:.3f} {format_interval(r['ci'][s])}"
            rows.append(row)
    return pd.DataFrame(rows).set_index(["corpus", "metric"])


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


# --------------------------------------------------------------------------- verdicts read from the figures


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


def rouge_level_claims(results: dict, metric: str = "rouge_2") -> str:
    """Whether ROUGE-2 tracks the manual scores more closely per system than per summary."""
    summary, system = pearsons(results, "summary", metric), pearsons(results, "system", metric)
    both = [c for c in results if c in summary and c in system]
    closer = [c for c in both if system[c] > summary[c]]
    figures = "; ".join(f"{c} {system[c]:.3f} against {summary[c]:.3f}" for c in both)
    if len(closer) == len(both):
        verdict = ("it ranks summarizers well, and the summaries of one input less well" if
                   min(system[c] - summary[c] for c in both) >= 0.2 else "it ranks summarizers somewhat better "
                   "than the summaries of one input")
        return (f"ROUGE-2 tracks the manual scores more closely at system level than for single summaries on "
                f"{corpora_phrase(closer, len(both))} (Pearson {figures}): {verdict}.")
    return (f"ROUGE-2 tracks the manual scores more closely at system level than for single summaries on "
            f"{corpora_phrase(closer, len(both))} of the {len(both)} corpora (Pearson, system against summary: "
            f"{figures}).")
