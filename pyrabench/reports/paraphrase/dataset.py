"""The benchmark as the dataset chapter shows it: the presets and their counts beside the paper's,
the policy settings, rule removals and bad input, threshold sweeps, the propositions, a few
pairs and questions, and why a given pair is (not) in the test."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ... import published
from ...errors import MissingDataError, UnknownNameError
from ...paraphrase.build import build
from ...paraphrase.policy import PRESETS, RULES, Policy
from ...paraphrase.store import RANKING_REQUIRED, Benchmark
from ...text import is_content_word
from ..tables import label


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


def paper_years(corpora: Mapping) -> dict:
    """The corpora of the paper's DUC years (:data:`PAPER_YEARS`) among ``corpora``, or all of
    them when none is (e.g. a data root with TAC only)."""
    chosen = {name: c for name, c in corpora.items() if name in PAPER_YEARS}
    return chosen or dict(corpora)


def build_variants(corpora, variants: Mapping[str, Policy] | None = None) -> dict[str, Benchmark]:
    """One benchmark per named policy (default :data:`VARIANTS`), from the same corpora."""
    return {name: build(corpora, policy) for name, policy in (variants or VARIANTS).items()}


#: Fields of :func:`preset_table`, labelled by :func:`pyrabench.reports.tables.label`.
PRESET_COLUMNS = ("items", "propositions", "ranking_questions", "positive_pairs", "negative_pairs", "total_pairs",
                  "ratio", "mean_proposition_length", "words", "unique_words")


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
    return table.rename(columns=label)


def policy_table(policies: Mapping[str, Policy]) -> pd.DataFrame:
    """Every policy setting (rows) of each named policy (columns), word lists as their sizes."""
    return pd.DataFrame({name: p.summary() for name, p in policies.items()}).astype(str)


def repeated_distractors(bench: Benchmark) -> int:
    """Questions offering the same distractor text twice."""
    r = bench.ranking
    d1, d2, d3 = (r[f"distractor_{k}"] for k in (1, 2, 3))
    return int(((d1 == d2) | (d2 == d3) | (d1 == d3)).sum())


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


# --------------------------------------------------------------------------- verdicts read from the figures

#: Two figures are "near" each other within this relative difference (a quarter).
NEAR = 0.25


def _near(value: float, reference: float) -> bool:
    return bool(np.isfinite(value) and np.isfinite(reference) and reference and abs(value / reference - 1) <= NEAR)


def regime_claims(paper: Mapping[str, float], literal: Mapping[str, float], corpora: Sequence[str]) -> str:
    """How the two presets' negatives per positive and item length compare with the paper's
    (:func:`regime_figures` of the ``paper`` preset, with the paper's figures, and of the
    ``literal`` one), and which of the paper's DUC years the build lacks."""
    missing = [c for c in published.BAUMEL2016_CORPORA if c not in corpora]
    ratio = ("about as many negatives per positive as the paper" if _near(paper["ratio"], paper["paper_ratio"]) else
             f"{paper['ratio']:.1f} negatives per positive against the paper's {paper['paper_ratio']:.1f}")
    length = ("items of about its length" if _near(paper["mean_length"], paper["paper_mean_length"]) else
              f"items {'longer' if paper['mean_length'] > paper['paper_mean_length'] else 'shorter'} than its "
              f"({paper['mean_length']:.2f} against {paper['paper_mean_length']:.1f} words)")
    share = literal["ratio"] / paper["paper_ratio"]
    literal_text = (f"a small fraction ({share:.0%}) of the paper's negatives" if share < 0.5 else
                    f"{share:.0%} of the paper's negatives per positive")
    return (f"With the `paper` preset the DUC years give {ratio}, and {length}"
            + (f", though {_listed(missing)} {'is' if len(missing) == 1 else 'are'} missing" if missing else "")
            + f"; the `literal` preset gives {literal_text}.")


def _listed(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def item_text_claims(sweep_table: pd.DataFrame, paper: Mapping[str, float], field_name: str = "item_text") -> str:
    """Which item-text reading comes nearest the paper's mean length, and whether the negatives
    per positive stay near the paper's under every reading (:func:`sweep` over ``item_text``)."""
    t = sweep_table.set_index(field_name)
    gap = (t["mean_proposition_length"] - paper["paper_mean_length"]).abs()
    nearest = gap.idxmin()
    others = [v for v in t.index if v != nearest]
    shorter = [v for v in others if t.loc[v, "mean_proposition_length"] < t.loc[nearest, "mean_proposition_length"]]
    ratios = t["negatives per positive"]
    every = all(_near(r, paper["paper_ratio"]) for r in ratios)
    text = (f"`{nearest}` is the reading whose mean length ({t.loc[nearest, 'mean_proposition_length']:.2f} words) "
            f"comes nearest the paper's ({paper['paper_mean_length']:.1f})")
    if shorter:
        text += f"; {_listed([f'`{v}`' for v in shorter])} give{'s' if len(shorter) == 1 else ''} shorter items"
    spread = f"{ratios.min():.1f}–{ratios.max():.1f} against the paper's {paper['paper_ratio']:.1f}"
    if every:
        return text + (f". The negatives per positive stay near the paper's under every reading ({spread}): the item "
                       "text does not decide that ratio, the overlap threshold does.")
    return text + f". The negatives per positive move with the reading ({spread})."


def threshold_claims(sweep_table: pd.DataFrame, paper: Mapping[str, float], field_name: str = "negative_min_shared") -> str:
    """Which negative thresholds come near the paper's negatives per positive, and what the
    largest leaves to the binary test: the F-measure of calling every pair a paraphrase."""
    t = sweep_table.set_index(field_name)
    ratios = t["negatives per positive"]
    near = [v for v in t.index if _near(ratios[v], paper["paper_ratio"])]
    nearest = (np.log(ratios / paper["paper_ratio"])).abs().idxmin()
    top = t.index.max()
    share = t.loc[top, "positive_pairs"] / t.loc[top, "total_pairs"]
    all_positive_f = 2 * share / (1 + share)
    lead = (f"Only a threshold of {near[0]} comes near the paper's negatives per positive" if len(near) == 1 else
            f"Thresholds {_listed([str(v) for v in near])} come near the paper's negatives per positive" if near else
            f"A threshold of {nearest} comes nearest the paper's negatives per positive, though not within a quarter")
    return (f"{lead} ({ratios[nearest]:.1f} against {paper['paper_ratio']:.1f}). With {top} there are {t.loc[top, 'negatives per positive']:.2f} "
            f"negatives per positive, so calling every pair a paraphrase already reaches a binary F-measure of "
            f"{all_positive_f:.3f} (see *The baseline table*).")


def question_mode_claim(paper: Mapping[str, float], per_label: Mapping[str, float]) -> str:
    """Whether one question per pair (:func:`regime_figures` of the ``paper`` preset) comes
    closer to the paper's questions per positive than one question per label."""
    pairs_gap = abs(paper["questions_per_positive"] - paper["paper_questions_per_positive"])
    label_gap = abs(per_label["questions_per_positive"] - paper["paper_questions_per_positive"])
    closer = pairs_gap <= label_gap
    return (f"One question per pair comes {'closer to' if closer else 'farther from'} that ratio than one question "
            f"per label, and it follows the paper's wording")
