"""Table 1 and the results around it: our rows as the paper prints them, beside the paper's, their
differences, paired comparisons, both presets, and the sentences that read them, each laid out
from figures :mod:`pyrabench.paraphrase.analysis` computes."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ... import published
from ...embeddings import PAPER_ROWS, REGISTRY, available, paper_rows
from ...paraphrase.evaluate import Scores
from ..tables import format_interval, number


def preset_comparison(rows_by_policy: Mapping[str, Sequence[dict]]) -> pd.DataFrame:
    """Table 1's rows on each named benchmark
    (:func:`pyrabench.paraphrase.analysis.evaluate_presets`): F (threshold fitted), F of calling
    every pair a paraphrase, F of a random guess at the base rate, success, MRR."""
    records = []
    for name, rows in rows_by_policy.items():
        for r in rows:
            records.append({
                "policy": name,
                "embedding": r["embedding"],
                "F": r["binary_f1"],
                "F, every pair called a paraphrase": r["binary_f1_all_positive"],
                "F, random guess at the base rate": r["binary_f1_base_rate_guess"],
                "success rate (%)": 100 * r["ranking_success"],
                "MRR": r["ranking_mrr"],
                "questions": r["n_questions"],
            })
    return pd.DataFrame.from_records(records).set_index(["policy", "embedding"])


def preset_comparison_figures(table: pd.DataFrame, embedding: str, prefixes: Mapping[str, str]) -> dict[str, float]:
    """Numbers of one embedding in :func:`preset_comparison`, keyed ``<prefix>_<metric>`` for the
    policies named in ``prefixes`` (policy name -> prefix)."""
    out = {}
    for policy, prefix in prefixes.items():
        row = table.loc[(policy, embedding)]
        out.update({  # plain floats: myst-nb formats a glued value by parsing its text
            f"{prefix}_{embedding}_success": float(row["success rate (%)"]),
            f"{prefix}_{embedding}_mrr": float(row["MRR"]),
            f"{prefix}_{embedding}_f": float(row["F"]),
            f"{prefix}_f_all_positive": float(row["F, every pair called a paraphrase"]),
        })
    return out


def _ci(row, metric: str, percent: bool = False) -> str:
    """``[low, high]`` of a metric at the book's precision, in percent (no sign: the column says
    so) or as a fraction."""
    k, kind = (100, "percent") if percent else (1, "score")
    return format_interval(k * row[metric + "_low"], k * row[metric + "_high"], kind)


#: Columns of :func:`table`; success and its interval are both in percent.
TABLE_COLUMNS = ["embedding", "F-measure", "F 95 % CI", "all-positive F", "success rate (%)", "success 95 % CI (%)",
                 "MRR", "MRR 95 % CI"]  # fmt: skip


def table(rows: Sequence[dict]) -> pd.DataFrame:
    """Table 1 as the paper prints it (F-measure, success rate %, MRR) with 95 % CIs, and beside
    each F the F of calling every test pair a paraphrase (the floor an F must be read against)."""
    records = [
        {
            "embedding": r["embedding"],
            "F-measure": r["binary_f1"],
            "F 95 % CI": _ci(r, "binary_f1"),
            "all-positive F": r["binary_f1_all_positive"],
            "success rate (%)": 100 * r["ranking_success"],
            "success 95 % CI (%)": _ci(r, "ranking_success", percent=True),
            "MRR": r["ranking_mrr"],
            "MRR 95 % CI": _ci(r, "ranking_mrr"),
        }
        for r in rows
    ]
    return pd.DataFrame.from_records(records, columns=TABLE_COLUMNS)


def not_above_all_positive(rows: Sequence[dict]) -> list[str]:
    """Embeddings whose binary F on the test split is no better than calling every pair a
    paraphrase (often because the threshold fitted on the 10 % split is that rule)."""
    return [r["embedding"] for r in rows if r["binary_f1"] <= r["binary_f1_all_positive"] + 1e-12]


def embedding_difference_table(comparisons: Sequence[dict]) -> pd.DataFrame:
    """Paired tests (from :func:`compare`) as one line per pair and metric; success rate in
    percentage points, as :func:`table` gives it in percent."""
    metrics_ = (("binary_f1", "F-measure", 1, "score"), ("ranking_success", "success rate (points)", 100, "percent"),
                ("ranking_mrr", "MRR", 1, "score"))  # fmt: skip
    records = [
        {
            "a": c["a"],
            "b": c["b"],
            "metric": label,
            "a − b": number(k * c[f"{metric}_difference"], kind),  # rows of different units: text
            "95 % CI": format_interval(k * c[metric + "_low"], k * c[metric + "_high"], kind),
            "p": c[f"{metric}_p"],
        }
        for c in comparisons
        for metric, label, k, kind in metrics_
    ]
    return pd.DataFrame.from_records(records, columns=["a", "b", "metric", "a − b", "95 % CI", "p"])


def beside_paper(
    rows: Sequence[dict],
    unavailable: dict[str, str] | None = None,
    stand_ins: dict[str, str] | None = None,
) -> pd.DataFrame:
    """Our rows next to the paper's Table 1: all eight paper rows, then ours beyond them.

    ``rows`` are matched to paper rows by ``embedding`` == the paper row's ``spec``. A paper
    row whose vectors are missing may be filled by a stand-in (``stand_ins[spec]`` = the
    embedding of one of ``rows``, flagged in the note; a stand-in trained here is flagged *not
    comparable*); otherwise it shows ``unavailable[spec]`` (e.g. why, and the command that would
    compute it).

    The Random-Baseline row's F is, as in the paper, a random guess at the base rate (its F is
    the share of positives, :func:`pyrabench.paraphrase.metrics.base_rate_guess_f`); the F of a
    threshold tuned on random vectors follows as a row of its own.
    """
    ours = {r["embedding"]: r for r in rows}
    unavailable, stand_ins = unavailable or {}, stand_ins or {}
    records, used = [], set()
    for paper in published.TABLE1:
        name = paper.spec if paper.spec in ours else stand_ins.get(paper.spec)
        r = ours.get(name) if name else None
        if r is None:
            note = unavailable.get(paper.spec, "file not available in this build")
        else:
            used.add(name)
            note = "" if name == paper.spec else _stand_in_note(name)
        our_f = r["binary_f1"] if r else np.nan
        if r and paper.spec == "random" and "binary_f1_base_rate_guess" in r:
            our_f = r["binary_f1_base_rate_guess"]
            note = "F: a random guess at the base rate, as the paper (= the share of positives)"
        records.append({
            "paper row": paper.paper_row,
            "embedding": name if r else paper.spec,
            "paper F": paper.binary_f1,
            "our F": our_f,
            "paper success (%)": 100 * paper.ranking_success,
            "our success (%)": 100 * r["ranking_success"] if r else np.nan,
            "paper MRR": paper.ranking_mrr,
            "our MRR": r["ranking_mrr"] if r else np.nan,
            "note": note,
        })
        if r and paper.spec == "random" and "binary_f1_base_rate_guess" in r:
            records.append(_beyond_paper(f"{name}, threshold tuned", r, "F of a threshold fitted on random "
                                         "similarities: never below calling every pair a paraphrase"))
    for name, r in ours.items():
        if name in used:
            continue
        records.append(_beyond_paper(name, r))
    return pd.DataFrame.from_records(records)


def _beyond_paper(embedding: str, r: dict, note: str = "") -> dict:
    """A row of :func:`beside_paper` with no paper figures beside ours."""
    return {"paper row": "(not in the paper)", "embedding": embedding, "paper F": np.nan, "our F": r["binary_f1"],
            "paper success (%)": np.nan, "our success (%)": 100 * r["ranking_success"], "paper MRR": np.nan,
            "our MRR": r["ranking_mrr"], "note": note}


def _stand_in_note(name: str) -> str:
    e = REGISTRY.get(name)
    if e is not None and e.kind == "standin":
        return (f"NOT COMPARABLE: {name} is trained here on the DUC source news and gensim's Lee corpus, "
                "not on Wikipedia; it shows the method, not the paper's vectors")
    return f"stand-in: {name} (not the paper's vectors)"


def differences(side: pd.DataFrame) -> pd.DataFrame:
    """Ours − paper for each row of :func:`beside_paper`, with what differs besides the corpora.

    The reasons come from the embedding registry (titles, dimensions, stand-ins), not from
    the numbers, so they hold whatever the scores turn out to be.
    """
    def title(name):
        e = REGISTRY.get(name)
        return f"{e.title}, {e.dim} d" if e and e.dim else (e.title if e else name)

    spec_of = {r.paper_row: r.spec for r in published.TABLE1}
    records = []
    for r in side.itertuples(index=False):
        paper_spec = spec_of.get(r[0])
        ours = r.embedding
        if paper_spec is None:
            why = "beyond the paper"
        elif np.isnan(r[3]):
            why = "not computed here: " + r.note.split(". To compute")[0]
        elif ours != paper_spec and REGISTRY.get(ours) and REGISTRY[ours].kind == "standin":
            why = f"NOT COMPARABLE: {title(ours)}, trained on a small news corpus, instead of {title(paper_spec)}"
        elif ours != paper_spec:
            why = f"stand-in {title(ours)} instead of {title(paper_spec)}"
        elif REGISTRY.get(ours) and REGISTRY[ours].kind == "random":
            why = ("no information by construction: F is the share of positives, so only the class "
                   "balance and sampling noise differ")
        elif REGISTRY.get(ours) and REGISTRY[ours].kind == "onehot":
            why = "same method; its dimensions are this benchmark's words"
        else:
            why = "same vectors"
        records.append({
            "paper row": r[0],
            "embedding": ours,
            "Δ F": r[3] - r[2],
            "Δ success (points)": r[5] - r[4],
            "Δ MRR": r[7] - r[6],
            "what differs besides the corpora": why,
        })
    return pd.DataFrame.from_records(records)


def paper_row_notes() -> tuple[dict[str, str], dict[str, str]]:
    """From :func:`pyrabench.embeddings.paper_rows`: (notes for rows we cannot compute — status
    and command —, stand-ins running in place of missing vectors)."""
    status = paper_rows()
    missing = status[~status["available"]]
    unavailable = {r.embedding: f"{r.status}. To compute: {r.command}" for r in missing.itertuples()}
    stand_ins = {r.embedding: r.runs_as for r in missing.itertuples() if r.runs_as}
    return unavailable, stand_ins


def available_specs(include_stand_ins: bool = True) -> list[str]:
    """Every registry embedding this build can compute, paper rows first (registry order)."""
    names = [n for n in PAPER_ROWS if available(n)]
    names += [n for n, e in REGISTRY.items() if n not in names and (include_stand_ins or e.kind != "standin") and available(n)]
    return names


def pair_scores(scores: Scores) -> pd.DataFrame:
    """Long table of binary-test similarities with labels (for distribution plots)."""
    return pd.DataFrame({
        "embedding": scores.embedding,
        "similarity": scores.binary,
        "pair": np.where(scores.labels == 1, "paraphrase", "non-paraphrase"),
    })


def preset_claims(figures: Mapping[str, float], answers: Mapping[str, float], embedding: str = "onehot",
                  margin: float = 0.05) -> str:
    """The chapter's reading of :func:`preset_comparison_figures` (prefixes ``literal``, ``pairs``,
    ``labels``, with the paper's ``paper_<embedding>_*`` of
    :func:`pyrabench.paraphrase.analysis.row_figures`) and of
    :func:`pyrabench.paraphrase.analysis.single_answer_figures` (``answers``; empty: no sentence on
    them): every verdict from those figures. ``margin``: an F within it of the all-positive F is
    "barely above" it."""
    e = embedding
    f, f_all = figures[f"literal_{e}_f"], figures["literal_f_all_positive"]
    paper_success = figures[f"paper_{e}_success"]
    binary = ("barely above" if 0 <= f - f_all <= margin else "above" if f > f_all else "not above")
    literal = (f"With the `literal` preset the binary F of {e} ({f:.3f}) is {binary} calling every pair a paraphrase "
               f"({f_all:.3f})")
    if binary != "above":
        literal += ": with so few negatives the binary test carries little signal"
    harder = figures[f"literal_{e}_success"] < paper_success
    literal += (f", and its ranking questions are {'harder' if harder else 'no harder'} than the paper's "
                f"({figures[f'literal_{e}_success']:.1f} % success against {paper_success:.1f} %).")
    pairs, labels = figures[f"pairs_{e}_success"], figures[f"labels_{e}_success"]
    lo, hi = min(pairs, labels), max(pairs, labels)
    modes = ("lie on either side of the paper's figure" if lo <= paper_success <= hi else
             f"both lie {'above' if lo > paper_success else 'below'} the paper's figure")
    text = [literal, f"On the `paper` preset the two question modes ({pairs:.1f} % one question per pair, "
                     f"{labels:.1f} % one per label) {modes}."]
    if answers:
        single, rest = answers["single_success"], answers["rest_success"]
        shared_more = answers["single_shared"] > answers["rest_shared"]
        text.append(f"A label with a single answer shares {'more' if shared_more else 'no more'} words with it "
                    f"({answers['single_shared']:.2f} on average) and {e} answers those questions "
                    f"{'more' if single > rest else 'less'} often "
                    f"({single:.1f} % against {rest:.1f} % for labels with more answers)"
                    + (", so weighing every label equally scores higher." if labels > pairs else "."))
    return " ".join(text)
