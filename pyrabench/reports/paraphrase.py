"""Views of the paraphrase task for the book and the CLI.

The benchmark: rule removals, bad input, threshold sweeps, the propositions, examples, and why a
given pair is (not) in the test. Table 1: our rows as the paper prints them, beside the paper's,
their differences, paired comparisons, and the curves behind the binary threshold.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from .. import published
from ..embeddings import PAPER_ROWS, REGISTRY, available, paper_rows, standins
from ..errors import MissingDataError, UnknownNameError
from ..paraphrase import evaluate as evaluation
from ..paraphrase import metrics
from ..paraphrase.build import build
from ..paraphrase.evaluate import FIT_FRACTION, Scores
from ..paraphrase.policy import PRESETS, RULES, Policy
from ..paraphrase.store import RANKING_REQUIRED, Benchmark
from ..text import is_content_word, words_many

#: The paper's DUC years as pyramid corpora: DUC 2005-2007, the 2007 update task included (its
#: pyramids are DUC 2007 files too; the paper does not say whether it used them).
PAPER_YEARS = ("duc2005", "duc2006", "duc2007", "duc2007-update")

#: The generation policies compared in the book: both presets, and the paper preset's other
#: question mode (one question per label, with a seeded answer).
VARIANTS = {
    "paper": PRESETS["paper"],
    "paper, one question per label": PRESETS["paper"].with_(answer_choice="random"),
    "literal": PRESETS["literal"],
}


# --------------------------------------------------------------------------- presets


def paper_years(corpora: Mapping) -> dict:
    """The corpora of the paper's DUC years (:data:`PAPER_YEARS`) among ``corpora``, or all of
    them when none is (e.g. a data root with TAC only)."""
    chosen = {name: c for name, c in corpora.items() if name in PAPER_YEARS}
    return chosen or dict(corpora)


def build_variants(corpora, variants: Mapping[str, Policy] | None = None) -> dict[str, Benchmark]:
    """One benchmark per named policy (default :data:`VARIANTS`), from the same corpora."""
    return {name: build(corpora, policy) for name, policy in (variants or VARIANTS).items()}


PRESET_COLUMNS = {
    "items": "items",
    "propositions": "propositions",
    "ranking_questions": "questions",
    "positive_pairs": "positive pairs",
    "negative_pairs": "negative pairs",
    "total_pairs": "pairs",
    "ratio": "negatives per positive",
    "mean_proposition_length": "mean length (words)",
    "words": "words",
    "unique_words": "unique words",
}


def _ratio_of(counts: Mapping) -> float:
    pos = counts.get("positive_pairs") or 0
    return counts["negative_pairs"] / pos if pos else np.nan


def preset_table(benches: Mapping[str, Benchmark], paper: bool = True) -> pd.DataFrame:
    """Presets × (items, questions, positives, negatives, their ratio, mean length, ...), with the
    paper's published counts (DUC 2005-2007) as the last row; NaN where the paper gives none."""
    rows = {}
    for name, b in benches.items():
        o = b.stats["overall"]
        rows[name] = {**{k: o.get(k) for k in PRESET_COLUMNS if k != "ratio"}, "ratio": _ratio_of(o)}
    if paper:
        p = published.BAUMEL2016_COUNTS
        rows["published (DUC 2005-2007)"] = {**{k: p.get(k, np.nan) for k in PRESET_COLUMNS if k != "ratio"}, "ratio": _ratio_of(p)}
    table = pd.DataFrame.from_dict(rows, orient="index")[list(PRESET_COLUMNS)].astype(float)
    for col in PRESET_COLUMNS:
        if col not in ("ratio", "mean_proposition_length"):
            table[col] = table[col].round().astype("Int64")  # counts; <NA> where the paper gives none
    table.index.name = "policy"
    return table.rename(columns=PRESET_COLUMNS)


def policy_table(policies: Mapping[str, Policy]) -> pd.DataFrame:
    """Every policy setting (rows) of each named policy (columns), word lists as their sizes."""
    return pd.DataFrame({name: p.summary() for name, p in policies.items()}).astype(str)


def _word_key(texts) -> list[str]:
    """Texts compared as the paper printed them: lower-cased words, punctuation dropped."""
    return [" ".join(ws) for ws in words_many([str(t) for t in texts])]


def paper_examples(bench: Benchmark) -> pd.DataFrame:
    """Where the items of the paper's Figures 2 and 3 are in this build.

    Texts are matched on their lower-cased words (punctuation dropped), because the paper prints
    Figure 2's positive item lower-cased and without the comma of the summary ("countries
    worldwide sent money equipment" is "Countries worldwide sent money, equipment"). One row per
    figure element: whether it is found, where (pair or question ids), and our text.
    """
    rows = []
    b, r = bench.binary, bench.ranking
    key_a, key_b = (pd.Series(_word_key(b[c]), index=b.index, dtype=object) for c in ("text_a", "text_b"))
    for kind, label in (("negative", 0), ("positive", 1)):
        x, y = _word_key(published.BAUMEL2016_FIGURE2[kind])
        hit = (((key_a == x) & (key_b == y)) | ((key_a == y) & (key_b == x))) & (b["label"] == label)
        found = b[hit]
        rows.append({
            "figure": f"Figure 2, {'non-' if kind == 'negative' else ''}paraphrase pair",
            "paper": " / ".join(published.BAUMEL2016_FIGURE2[kind]),
            "found": bool(len(found)),
            "where": ", ".join(found["pair_id"]),
            "ours": " / ".join(found[["text_a", "text_b"]].iloc[0]) if len(found) else "",
        })
    fig3 = published.BAUMEL2016_FIGURE3
    (question,) = _word_key([fig3["question"]])
    asked = r[pd.Series(_word_key(r["question"]), index=r.index, dtype=object) == question]
    rows.append({
        "figure": "Figure 3, question",
        "paper": fig3["question"],
        "found": bool(len(asked)),
        "where": ", ".join(asked["question_id"]),
        "ours": asked["question"].iloc[0] if len(asked) else "",
    })
    columns = ["answer", "distractor_1", "distractor_2", "distractor_3"]
    keys = {c: _word_key(asked[c]) for c in columns}
    choice_keys = _word_key(fig3["choices"])
    holds = []
    texts = set(b["text_a"]) | set(b["text_b"])
    item_of = dict(zip(_word_key(texts), texts))
    for k, (text, key) in enumerate(zip(fig3["choices"], choice_keys), start=1):
        cols = columns[:1] if k == 1 else columns[1:]
        where = [qid for i, qid in enumerate(asked["question_id"]) if any(keys[c][i] == key for c in cols)]
        holds.append(set(where))
        note = ""
        if not where and k > 1 and key in item_of and len(asked):
            shared = len(set(key.split()) & set(question.split()))
            last = asked["distractor_3_shared_words"].to_numpy()
            if (last == shared).any():
                note = (f"an item of this build sharing {shared} words with the question, tied with our "
                        "third distractor; the seeded tie draw chose another item")
        rows.append({
            "figure": f"Figure 3, choice {k} ({'answer' if k == 1 else 'distractor'})",
            "paper": text,
            "found": bool(where),
            "where": ", ".join(where),
            "ours": item_of.get(key, "") if where or note else "",
            "note": note,
        })
    both = sorted(holds[1] & holds[2])
    rows.append({
        "figure": "Figure 3, choices 2 and 3 in one question",
        "paper": "both 'Dees and the SPLC' distractors",
        "found": bool(both),
        "where": ", ".join(both),
        "ours": "",
    })
    return pd.DataFrame(rows).fillna({"note": ""})


def repeated_distractors(bench: Benchmark) -> int:
    """Questions offering the same distractor text twice."""
    r = bench.ranking
    d1, d2, d3 = (r[f"distractor_{k}"] for k in (1, 2, 3))
    return int(((d1 == d2) | (d2 == d3) | (d1 == d3)).sum())


def figure3_questions(bench: Benchmark) -> pd.DataFrame:
    """Our questions asked by Figure 3's question (matched on lower-cased words), with their
    candidates and the words each shares with the question."""
    (question,) = _word_key([published.BAUMEL2016_FIGURE3["question"]])
    r = bench.ranking
    asked = r[pd.Series(_word_key(r["question"]), index=r.index, dtype=object) == question]
    cols = ["question_id", "question", "answer", "answer_shared_words"]
    for k in (1, 2, 3):
        cols += [f"distractor_{k}", f"distractor_{k}_id", f"distractor_{k}_shared_words"]
    return asked[[c for c in cols if c in asked.columns]].reset_index(drop=True)


def preset_comparison(benches: Mapping[str, Benchmark], specs: Sequence[str], data=None, seed: int = 0) -> pd.DataFrame:
    """Each embedding of ``specs`` scored on each named benchmark: F (threshold fitted), F of
    calling every pair a paraphrase, F of a random guess at the base rate, success, MRR."""
    records = []
    for name, b in benches.items():
        embeddings = evaluation.load_embeddings(specs, b, data=data, progress=False)
        rows, _ = evaluation.evaluate_all(b, embeddings, seed=seed, names=list(specs))
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


def regime_figures(bench: Benchmark, with_paper: bool = True) -> dict[str, float]:
    """The numbers the book's prose quotes about one build (glued by name), with the paper's §3
    figures as ``paper_*`` unless ``with_paper`` is False."""
    o = bench.stats["overall"]
    out = {
        "positives": o["positive_pairs"],
        "negatives": o["negative_pairs"],
        "questions": o["ranking_questions"],
        "ratio": _ratio_of(o),
        "mean_length": o["mean_proposition_length"],
        "questions_per_positive": o["ranking_questions"] / o["positive_pairs"] if o["positive_pairs"] else np.nan,
        "positive_share": o["positive_pairs"] / o["total_pairs"] if o["total_pairs"] else np.nan,
    }
    if with_paper:
        p = published.BAUMEL2016_COUNTS
        out.update({
            "paper_positives": p["positive_pairs"],
            "paper_negatives": p["negative_pairs"],
            "paper_pairs": p["total_pairs"],
            "paper_questions": p["ranking_questions"],
            "paper_ratio": _ratio_of(p),
            "paper_mean_length": p["mean_proposition_length"],
            "paper_questions_per_positive": p["ranking_questions"] / p["positive_pairs"],
            "paper_positive_share": p["positive_pairs"] / p["total_pairs"],
        })
    return out


def figure_word_counts() -> dict[str, int]:
    """Distinct lower-cased words shared by the paper's example items (its Figures 2 and 3)."""
    fig2, fig3 = published.BAUMEL2016_FIGURE2, published.BAUMEL2016_FIGURE3

    def shared(a: str, b: str) -> int:
        x, y = _word_key([a, b])
        return len(set(x.split()) & set(y.split()))

    return {
        "figure2_negative_shared": shared(*fig2["negative"]),
        "figure2_positive_shared": shared(*fig2["positive"]),
        **{f"figure3_choice{k}_shared": shared(fig3["question"], c) for k, c in enumerate(fig3["choices"], start=1)},
    }


# --------------------------------------------------------------------------- the benchmark


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
    """Overall counts for several values of one policy field (e.g. ``negative_min_shared``),
    starting from ``policy`` (default: the ``paper`` preset)."""
    policy = policy or Policy()
    rows = []
    for v in values:
        b = build(corpora, policy.with_(**{field_name: v}))
        o = b.stats["overall"]
        rows.append({
            field_name: v,
            **{k: o[k] for k in ("propositions", "ranking_questions", "positive_pairs", "negative_pairs", "total_pairs")},
            "mean_proposition_length": o["mean_proposition_length"],
            "negatives per positive": _ratio_of(o),
        })
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
    """``[low, high]`` of a metric, in percent (no sign: the column says so) or as a fraction."""
    k, fmt = (100, "{:.2f}") if percent else (1, "{:.4f}")
    return f"[{fmt.format(k * row[metric + '_low'])}, {fmt.format(k * row[metric + '_high'])}]"


#: Columns of :func:`table`; success and its interval are both in percent.
TABLE_COLUMNS = ["embedding", "F-measure", "F 95% CI", "all-positive F", "success rate (%)", "success 95% CI (%)",
                 "MRR", "MRR 95% CI"]  # fmt: skip


def table(rows: Sequence[dict]) -> pd.DataFrame:
    """Table 1 as the paper prints it (F-measure, success rate %, MRR) with 95 % CIs, and beside
    each F the F of calling every test pair a paraphrase (the floor an F must be read against)."""
    records = [
        {
            "embedding": r["embedding"],
            "F-measure": r["binary_f1"],
            "F 95% CI": _ci(r, "binary_f1"),
            "all-positive F": r["binary_f1_all_positive"],
            "success rate (%)": 100 * r["ranking_success"],
            "success 95% CI (%)": _ci(r, "ranking_success", percent=True),
            "MRR": r["ranking_mrr"],
            "MRR 95% CI": _ci(r, "ranking_mrr"),
        }
        for r in rows
    ]
    return pd.DataFrame.from_records(records, columns=TABLE_COLUMNS)


def not_above_all_positive(rows: Sequence[dict]) -> list[str]:
    """Embeddings whose binary F on the test split is no better than calling every pair a
    paraphrase (often because the threshold fitted on the 10 % split is that rule)."""
    return [r["embedding"] for r in rows if r["binary_f1"] <= r["binary_f1_all_positive"] + 1e-12]


def comparison_table(comparisons: Sequence[dict]) -> pd.DataFrame:
    """Paired tests (from :func:`compare`) as one line per pair and metric; success rate in
    percentage points, as :func:`table` gives it in percent."""
    metrics_ = (("binary_f1", "F-measure", 1, "{:.4f}"), ("ranking_success", "success rate (points)", 100, "{:.2f}"),
                ("ranking_mrr", "MRR", 1, "{:.4f}"))  # fmt: skip
    records = [
        {
            "a": c["a"],
            "b": c["b"],
            "metric": label,
            "a − b": k * c[f"{metric}_difference"],
            "95% CI": f"[{fmt.format(k * c[metric + '_low'])}, {fmt.format(k * c[metric + '_high'])}]",
            "p": c[f"{metric}_p"],
        }
        for c in comparisons
        for metric, label, k, fmt in metrics_
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


def standin_corpus_words(data=None) -> int:
    """Words (as the stand-ins tokenize them) of the corpus the word2vec stand-ins train on."""
    texts = standins.corpus_texts(standins.corpus_files(data))
    return int(sum(len(ws) for ws in words_many(texts)))


def row_figures(rows: Sequence[dict]) -> dict[str, float]:
    """The numbers the book's prose quotes from Table 1 rows, keyed ``<embedding>_<metric>``
    (success rate in percent), with the paper's as ``paper_<embedding>_<metric>``."""
    out = {}
    for r in rows:
        name = r["embedding"]
        out.update({
            f"{name}_f": r["binary_f1"],
            f"{name}_f_all_positive": r["binary_f1_all_positive"],
            f"{name}_f_base_rate_guess": r["binary_f1_base_rate_guess"],
            f"{name}_success": 100 * r["ranking_success"],
            f"{name}_mrr": r["ranking_mrr"],
        })
        paper = published.table1_row(name)
        if paper is not None:
            out.update({
                f"paper_{name}_f": paper.binary_f1,
                f"paper_{name}_success": 100 * paper.ranking_success,
                f"paper_{name}_mrr": paper.ranking_mrr,
            })
    return out


def ranking_by_answers(bench: Benchmark, scores: Scores, ties: str = "split") -> pd.DataFrame:
    """Ranking results grouped by how many questions the asking item has (its number of valid
    answers in one-question-per-pair mode): questions, success (%), MRR, words shared with the
    answer. Shows what weighting every (label, contributor) pair instead of every label does."""
    success, reciprocal = metrics.ranking_outcomes(scores.ranking, ties)
    r = bench.ranking
    asker = r["question_id"].str.split(">").str[0]
    answers = asker.map(asker.value_counts())
    frame = pd.DataFrame({
        "answers of the question's item": np.minimum(answers.to_numpy(), 4),
        "success": success,
        "reciprocal": reciprocal,
        "shared": r["answer_shared_words"].to_numpy() if "answer_shared_words" in r else np.nan,
    })
    out = frame.groupby("answers of the question's item").agg(
        questions=("success", "size"), success=("success", "mean"), MRR=("reciprocal", "mean"),
        shared=("shared", "mean"),
    )
    out["success"] *= 100
    out = out.rename(columns={"success": "success rate (%)", "shared": "words shared with the answer"})
    out.index = [f"{k}+" if k == 4 else str(k) for k in out.index]
    out.index.name = "answers of the question's item"
    return out


def paper_all_positive() -> dict:
    """The paper's Random F beside what two kinds of "random" give at the paper's own class
    balance (8,390 positives of 197,619 pairs, §3): a random guess at the base rate (F = the
    share of positives, with the range of one guess on a 90 % test split) and a threshold tuned
    on random scores (at best F of calling every pair a paraphrase)."""
    paper = published.BAUMEL2016_COUNTS
    pos, total = paper["positive_pairs"], paper["total_pairs"]
    guess = metrics.base_rate_guess_f(round((1 - FIT_FRACTION) * pos), round((1 - FIT_FRACTION) * total))
    return {
        "paper positives": pos,
        "paper pairs": total,
        "share of positives = F of a random guess at the base rate": pos / total,
        "95% range of one such guess, low": guess.low,
        "95% range of one such guess, high": guess.high,
        "F of calling every pair a paraphrase (floor of a tuned threshold)": metrics.all_positive_f(pos, total),
        "paper's Random F": published.table1_row("random").binary_f1,
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


MTEB_COLUMNS = {
    "binary_f1": "our F (10/90 split)",
    "mteb_cosine_f1": "MTEB cosine_f1",
    "all_positive_f1": "all-positive F",
    "mteb_cosine_ap": "MTEB cosine_ap",
    "ranking_success": "success (%) = recall_at_1",
    "ranking_mrr": "MRR = mrr_at_10",
    "tied_questions": "tied questions",
}


def mteb_view(scores: Scores, row: dict) -> dict:
    """One embedding's scores under MTEB's definitions beside ours (``row`` from
    :func:`pyrabench.paraphrase.evaluate.summarize`), computed here without MTEB.

    Pair classification: MTEB fits *and* measures the threshold on all pairs (in-sample, so
    optimistic), never the "every pair is a paraphrase" rule, and its main score is the
    threshold-free average precision. Reranking: recall@1 and MRR@10 of one relevant document
    among four are our success rate and MRR, as long as no distractor ties with the answer
    (MTEB then orders tied scores by float rounding and document ids; we count a tie as chance).
    The MTEB test (``tests/test_paraphrase_mteb_tasks.py``) checks these equalities on MTEB itself.
    """
    tied = (np.abs(scores.ranking[:, 1:] - scores.ranking[:, :1]) <= metrics.TIE_TOLERANCE).any(axis=1)
    return {
        "embedding": scores.embedding,
        "binary_f1": row["binary_f1"],
        "mteb_cosine_f1": metrics.best_f_threshold(scores.binary, scores.labels, all_positive=False).f1,
        "all_positive_f1": metrics.all_positive_f(int(scores.labels.sum()), scores.labels.size),
        "mteb_cosine_ap": metrics.average_precision(scores.binary, scores.labels),
        "ranking_success": row["ranking_success"],
        "ranking_mrr": row["ranking_mrr"],
        "tied_questions": int(tied.sum()),
    }


def mteb_table(rows: Sequence[dict], scores: Sequence[Scores]) -> pd.DataFrame:
    """:func:`mteb_view` of several embeddings, labelled for the book (success in percent)."""
    by_name = {r["embedding"]: r for r in rows}
    frame = pd.DataFrame([mteb_view(s, by_name[s.embedding]) for s in scores])
    frame["ranking_success"] *= 100
    return frame.rename(columns=MTEB_COLUMNS).set_index("embedding")


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
