"""Views of the paraphrase task for the book and the CLI.

The benchmark: rule removals, bad input, threshold sweeps, the propositions, examples, and why a
given pair is (not) in the test. Table 1: our rows as the paper prints them, beside the paper's,
their differences, paired comparisons, and the curves behind the binary threshold.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from .. import published
from ..embeddings import PAPER_ROWS, REGISTRY, available, paper_rows
from ..errors import MissingDataError, UnknownNameError
from ..paraphrase import metrics
from ..paraphrase.build import build
from ..paraphrase.evaluate import FIT_FRACTION, Scores
from ..paraphrase.policy import RULES, Policy
from ..paraphrase.store import RANKING_REQUIRED, Benchmark
from ..text import is_content_word


def constraint_table(stats: dict) -> pd.DataFrame:
    """Candidate pairs each rule removes, per corpus and pair kind (long format)."""
    rows = []
    for corpus, entry in stats["corpora"].items():
        for kind, c in entry["constraints"].items():
            for rule in RULES:
                rows.append(
                    {
                        "corpus": corpus,
                        "kind": kind,
                        "rule": rule,
                        "candidates": c.get("candidates", 0),
                        "fails": c.get(f"fails:{rule}", 0),
                        "removed_in_order": c.get(f"removed:{rule}", 0),
                        "kept": c.get("kept", 0),
                    }
                )
    return pd.DataFrame(rows)


def bad_input_table(stats: dict) -> pd.DataFrame:
    """Bad-input and rule counters per corpus (rows: counter, columns: corpus)."""
    data = {c: {**e["bad_input"], **{f"questions:{k}": v for k, v in e["questions_not_generated"].items()}} for c, e in stats["corpora"].items()}
    return pd.DataFrame(data).fillna(0).astype(int)


def sweep(corpora, field_name: str, values, policy: Policy | None = None) -> pd.DataFrame:
    """Overall counts for several values of one policy field (e.g. ``negative_min_shared``)."""
    policy = policy or Policy()
    rows = []
    for v in values:
        b = build(corpora, policy.with_(**{field_name: v}))
        rows.append({field_name: v, **{k: b.stats["overall"][k] for k in ("propositions", "ranking_questions", "positive_pairs", "negative_pairs", "total_pairs")}})
    return pd.DataFrame(rows)


def propositions(bench: Benchmark) -> pd.DataFrame:
    """The eligible items (the "propositions" the counts describe): corpus, kind, words, weight."""
    if bench.items is None:
        raise MissingDataError("propositions need a benchmark built in memory (benchmark.build)")
    f = bench.items.frame
    return f.loc[f["eligible"], ["item_id", "corpus", "topic", "scu_id", "kind", "text", "n_words", "weight"]].reset_index(drop=True)


def scu_weights(bench: Benchmark) -> pd.DataFrame:
    """One row per SCU with at least one item: corpus, topic, scu_id, weight."""
    if bench.items is None:
        raise MissingDataError("SCU weights need a benchmark built in memory (benchmark.build)")
    f = bench.items.frame
    return f.drop_duplicates(["corpus", "topic", "scu_id"])[["corpus", "topic", "scu_id", "weight"]].reset_index(drop=True)


def examples(bench: Benchmark, n: int = 2, seed: int = 0) -> dict[str, pd.DataFrame]:
    """A few positive pairs, negative pairs and ranking questions, drawn with a fixed seed."""
    rng = np.random.default_rng(seed)

    def pick(df):
        if len(df) == 0:
            return df
        return df.iloc[np.sort(rng.choice(len(df), size=min(n, len(df)), replace=False))]

    b = bench.binary
    cols = ["pair_id", "text_a", "text_b", "shared_words"]
    return {
        "positive": pick(b[b["label"] == 1])[cols].reset_index(drop=True),
        "negative": pick(b[b["label"] == 0])[cols].reset_index(drop=True),
        "ranking": pick(bench.ranking)[RANKING_REQUIRED[:1] + RANKING_REQUIRED[3:]].reset_index(drop=True),
    }


def explain_pair(bench: Benchmark, id_a: str, id_b: str) -> pd.Series:
    """Which rules a pair of items passes, and whether it is in the binary test (built in memory)."""
    if bench.items is None:
        raise MissingDataError("explain_pair needs a benchmark built in memory (benchmark.build)")
    f = bench.items.frame
    where = {item_id: k for k, item_id in enumerate(f["item_id"])}
    unknown = [x for x in (id_a, id_b) if x not in where]
    if unknown:
        raise UnknownNameError(f"unknown item id {', '.join(unknown)}")
    i, j = sorted((where[id_a], where[id_b]))
    policy = bench.policy
    wa, wb = bench.items.words[i], bench.items.words[j]
    sa, sb = set(wa), set(wb)
    content = lambda s: {w for w in s if is_content_word(w, policy.stop_words)}  # noqa: E731
    same = all(f[key].iat[i] == f[key].iat[j] for key in ("corpus", "topic", "scu_id"))
    pair_ids = {(a, b) for a, b in zip(bench.binary["id_a"], bench.binary["id_b"])}
    return pd.Series(
        {
            "text_a": f["text"].iat[i],
            "text_b": f["text"].iat[j],
            "same_scu": bool(same),
            "shared_words": len(sa & sb),
            "min-words": len(wa) >= policy.min_words and len(wb) >= policy.min_words,
            "no-pronouns": not (sa | sb) & policy.pronouns,
            "negative-overlap": bool(same) or len(sa & sb) >= policy.negative_min_shared,
            "lexical-variety": (not policy.require_lexical_variety) or content(sa) != content(sb),
            "in_benchmark": (f["item_id"].iat[i], f["item_id"].iat[j]) in pair_ids,
        }
    )


# --------------------------------------------------------------------------- Table 1


def _ci(row, metric: str, percent: bool = False) -> str:
    k = 100 if percent else 1
    fmt = "{:.2f}%" if percent else "{:.4f}"
    return f"[{fmt.format(k * row[metric + '_low'])}, {fmt.format(k * row[metric + '_high'])}]"


def table(rows: Sequence[dict]) -> pd.DataFrame:
    """Table 1 as the paper prints it (F-measure, success rate %, MRR) with 95 % CIs."""
    records = [
        {
            "embedding": r["embedding"],
            "F-measure": r["binary_f1"],
            "F 95% CI": _ci(r, "binary_f1"),
            "success rate (%)": 100 * r["ranking_success"],
            "success 95% CI": _ci(r, "ranking_success", percent=True),
            "MRR": r["ranking_mrr"],
            "MRR 95% CI": _ci(r, "ranking_mrr"),
        }
        for r in rows
    ]
    columns = ["embedding", "F-measure", "F 95% CI", "success rate (%)", "success 95% CI", "MRR", "MRR 95% CI"]
    return pd.DataFrame.from_records(records, columns=columns)


def comparison_table(comparisons: Sequence[dict]) -> pd.DataFrame:
    """Paired tests (from :func:`compare`) as one line per pair and metric."""
    records = [
        {
            "a": c["a"],
            "b": c["b"],
            "metric": metric,
            "a − b": c[f"{metric}_difference"],
            "95% CI": f"[{c[metric + '_low']:.4f}, {c[metric + '_high']:.4f}]",
            "p": c[f"{metric}_p"],
        }
        for c in comparisons
        for metric in ("binary_f1", "ranking_success", "ranking_mrr")
    ]
    return pd.DataFrame.from_records(records, columns=["a", "b", "metric", "a − b", "95% CI", "p"])


def beside_paper(
    rows: Sequence[dict],
    unavailable: dict[str, str] | None = None,
    stand_ins: dict[str, str] | None = None,
) -> pd.DataFrame:
    """Our rows next to the paper's Table 1: all eight paper rows, then ours beyond them.

    ``rows`` are matched to paper rows by ``embedding`` == the paper row's ``spec``. A paper
    row whose vectors are missing may be filled by a stand-in (``stand_ins[spec]`` = the
    embedding of one of ``rows``, flagged in the note); otherwise it shows
    ``unavailable[spec]`` (e.g. why, and the command that would compute it).
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
            note = "" if name == paper.spec else f"stand-in: {name} (not the paper's vectors)"
        records.append({
            "paper row": paper.paper_row,
            "embedding": name if r else paper.spec,
            "paper F": paper.binary_f1,
            "our F": r["binary_f1"] if r else np.nan,
            "paper success (%)": 100 * paper.ranking_success,
            "our success (%)": 100 * r["ranking_success"] if r else np.nan,
            "paper MRR": paper.ranking_mrr,
            "our MRR": r["ranking_mrr"] if r else np.nan,
            "note": note,
        })
    for name, r in ours.items():
        if name in used:
            continue
        records.append({
            "paper row": "(not in the paper)",
            "embedding": name,
            "paper F": np.nan,
            "our F": r["binary_f1"],
            "paper success (%)": np.nan,
            "our success (%)": 100 * r["ranking_success"],
            "paper MRR": np.nan,
            "our MRR": r["ranking_mrr"],
            "note": "",
        })
    return pd.DataFrame.from_records(records)


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
        elif ours != paper_spec:
            why = f"stand-in {title(ours)} instead of {title(paper_spec)}"
        elif REGISTRY.get(ours) and REGISTRY[ours].kind == "random":
            why = "no information by construction: only sampling noise and the binary class balance differ"
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


def paper_all_positive() -> dict:
    """The paper's Random F beside the F of "everything is a paraphrase" at the paper's own
    class balance (8,390 positives of 197,619 pairs, §3)."""
    paper = published.BAUMEL2016_COUNTS
    random_f = published.table1_row("random").binary_f1
    return {
        "paper positives": paper["positive_pairs"],
        "paper pairs": paper["total_pairs"],
        "F of calling every pair a paraphrase": metrics.all_positive_f(paper["positive_pairs"], paper["total_pairs"]),
        "paper's Random F": random_f,
    }


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


def threshold_curve(scores: Scores, seed: int = 0) -> pd.DataFrame:
    """F, precision and recall against the threshold on the fitting split (for plotting)."""
    fit, _ = metrics.split_indices(scores.labels, FIT_FRACTION, seed)
    curve = metrics.f_curve(scores.binary[fit], scores.labels[fit])
    frame = pd.DataFrame({k: curve[k] for k in ("threshold", "precision", "recall", "f1")})
    frame = frame[np.isfinite(frame["threshold"])]
    frame.insert(0, "embedding", scores.embedding)
    return frame.reset_index(drop=True)


def pair_scores(scores: Scores) -> pd.DataFrame:
    """Long table of binary-test similarities with labels (for distribution plots)."""
    return pd.DataFrame({
        "embedding": scores.embedding,
        "similarity": scores.binary,
        "pair": np.where(scores.labels == 1, "paraphrase", "non-paraphrase"),
    })
