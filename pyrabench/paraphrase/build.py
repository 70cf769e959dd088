"""The benchmark: both tests built from pyramids in memory, exported, loaded back, described.

``build(corpora, policy)`` → :class:`Benchmark` (``binary``, ``ranking`` DataFrames, ``stats``
dict, dataset ``card`` text). ``save(bench, out, fmt)`` writes ``binary.<fmt>``,
``ranking.<fmt>``, ``stats.json`` and ``README.md`` (the dataset card), each file atomically
(temporary file + ``os.replace``), so an interrupt never leaves a half-written file. ``load(dir)``
reads them back with pandas; the same files load with ``datasets.load_dataset("json" |
"parquet" | "csv", data_files=...)``.

Same inputs and policy give byte-identical files: rows keep corpus → topic → pyramid order, the
only randomness is the seeded answer draw, and the card and stats carry no timestamps or paths.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np
import pandas as pd

from ..errors import DataFormatError, MissingDataError, UnknownNameError
from .pairs import ItemTable, build_items, collect_pairs, iter_matrices, pairs_frame, pyramid_pairs
from .policy import RULES, Policy
from ..data.model import Pyramid
from .questions import pyramid_questions, questions_frame

FORMATS = ("jsonl", "parquet", "csv")
BINARY_REQUIRED = ["pair_id", "corpus", "topic", "text_a", "text_b", "label"]
RANKING_REQUIRED = ["question_id", "corpus", "topic", "question", "answer", "distractor_1", "distractor_2", "distractor_3"]

#: Baumel, Cohen & Elhadad (2016) §3, from DUC 2005, 2006 and 2007 pyramids.
PAPER = {
    "corpora": "duc2005+duc2006+duc2007",
    "ranking_questions": 8755,
    "positive_pairs": 8390,
    "negative_pairs": 189229,
    "total_pairs": 197619,
    "words": 95286,
    "unique_words": 6882,
    "mean_proposition_length": 12.1,
}
#: Corpora the paper used; the ones missing from a data root are listed in ``stats["missing"]``.
PAPER_CORPORA = ("duc2005", "duc2006", "duc2007")
#: Aggregates shown beside the per-corpus figures: what the paper's years available here give.
GROUPS = {
    "duc2005+duc2006+duc2007": PAPER_CORPORA,
    "duc2006+duc2007": ("duc2006", "duc2007"),
    "duc2006+duc2007+update": ("duc2006", "duc2007", "duc2007-update"),
}
COUNT_KEYS = (
    "pyramids", "scus", "items", "propositions", "ranking_questions", "positive_pairs", "negative_pairs",
    "total_pairs", "words", "unique_words", "mean_proposition_length",
)  # fmt: skip


@dataclass
class Benchmark:
    """Both tests and their description. ``items`` is only set when built in memory."""

    binary: pd.DataFrame
    ranking: pd.DataFrame
    stats: dict
    card: str
    items: ItemTable | None = field(default=None, repr=False)

    @property
    def policy(self) -> Policy:
        return Policy.from_dict(self.stats["policy"])


# --------------------------------------------------------------------------- inputs


def _named_pyramids(corpora) -> list[tuple[str, list[Pyramid], dict]]:
    """``(corpus name, pyramids sorted by topic, reader repair counts)`` from what callers have.

    Accepts a mapping name → Corpus / pyramids, an iterable of Corpus objects (``.name``,
    ``.pyramids``, ``.log``), or an iterable of :class:`Pyramid` (grouped by ``.corpus``).
    """
    groups: dict[str, list[Pyramid]] = {}
    repairs: dict[str, dict] = {}
    items = corpora.items() if isinstance(corpora, Mapping) else [(None, c) for c in corpora]
    for name, obj in items:
        if isinstance(obj, Pyramid):
            groups.setdefault(obj.corpus, []).append(obj)
            continue
        pyramids = list(getattr(obj, "pyramids", obj))
        key = name or getattr(obj, "name", None) or (pyramids[0].corpus if pyramids else "unknown")
        groups.setdefault(key, []).extend(pyramids)
        log = getattr(obj, "log", None)
        if log is not None:
            repairs[key] = log.counts()
    out = []
    for name, pyrs in groups.items():
        wrong = [p for p in pyrs if p.corpus != name]
        if wrong:
            pyrs = [p if p.corpus == name else _renamed(p, name) for p in pyrs]
        out.append((name, sorted(pyrs, key=lambda p: p.topic), repairs.get(name, {})))
    return out


def _renamed(p: Pyramid, name: str) -> Pyramid:
    from dataclasses import replace

    return replace(p, corpus=name)


def corpora_from_root(root=None, names: Iterable[str] | None = None) -> dict[str, Any]:
    """Load the named corpora (default: every pyramid corpus found) from a data root."""
    from ..data import corpora as corpora_mod
    from ..dataroot import resolve

    root = root if hasattr(root, "is_sample") else resolve(root)
    found = corpora_mod.discover(root.path)
    if names:
        names = list(dict.fromkeys(names))
        unknown = [n for n in names if n not in corpora_mod.CORPUS_NAMES]
        if unknown:
            raise UnknownNameError(f"unknown corpus {', '.join(unknown)}; known: {', '.join(corpora_mod.CORPUS_NAMES)}")
        missing = [n for n in names if n not in found]
        if missing:
            raise MissingDataError(f"corpus {', '.join(missing)} not found under {root.path}")
    else:
        names = [n for n in corpora_mod.CORPUS_NAMES if n in found]
    if not names:
        raise MissingDataError(f"no pyramid corpus found under {root.path}")
    return {n: corpora_mod.load_corpus(n, root.path) for n in names}


# --------------------------------------------------------------------------- build


def build(corpora, policy: Policy | None = None, progress: bool = False) -> Benchmark:
    """Both tests from the pyramids of ``corpora`` (see :func:`_named_pyramids` for accepted forms)."""
    policy = policy or Policy()
    named = _named_pyramids(corpora)
    pyramids = [p for _, pyrs, _ in named for p in pyrs]
    items = build_items(pyramids, policy)
    pair_parts, question_parts = [], []
    constraints = {sl.corpus: {} for sl in items.slices}
    q_counts = {sl.corpus: Counter() for sl in items.slices}
    matrices = iter_matrices(items)
    if progress:
        from tqdm.auto import tqdm

        matrices = tqdm(matrices, total=len(items.slices), desc="pairs and questions", unit="pyramid", leave=False)
    for sl, m in matrices:
        pair_parts.append(pyramid_pairs(items, sl, m, policy, constraints[sl.corpus]))
        question_parts.append(pyramid_questions(items, sl, m, policy, q_counts[sl.corpus]))
    pairs = collect_pairs(pair_parts, constraints)
    binary = pairs_frame(items, pairs)
    ranking = questions_frame(items, question_parts, policy)
    stats = compute_stats(named, items, binary, ranking, pairs.constraints, q_counts, policy)
    bench = Benchmark(binary, ranking, stats, "", items)
    bench.card = dataset_card(bench)
    return bench


def build_from_root(root=None, names=None, policy: Policy | None = None, progress: bool = False) -> Benchmark:
    return build(corpora_from_root(root, names), policy, progress=progress)


# --------------------------------------------------------------------------- stats


def _counts(items: ItemTable, binary: pd.DataFrame, ranking: pd.DataFrame, names) -> dict:
    f = items.frame
    sel = f["corpus"].isin(names).to_numpy()
    props = sel & f["eligible"].to_numpy()
    vocab = np.unique(items.incidence[np.nonzero(props)[0]].indices)
    n_props = int(props.sum())
    words = int(f["n_words"].to_numpy()[props].sum())
    b = binary[binary["corpus"].isin(names)]
    pos = int((b["label"] == 1).sum())
    neg = int((b["label"] == 0).sum())
    return {
        "pyramids": sum(1 for s in items.slices if s.corpus in names),
        "scus": int(f.loc[sel, ["topic", "scu_id"]].drop_duplicates().shape[0]),
        "items": int(sel.sum()),
        "propositions": n_props,
        "ranking_questions": int(ranking["corpus"].isin(names).sum()),
        "positive_pairs": pos,
        "negative_pairs": neg,
        "total_pairs": pos + neg,
        "words": words,
        "unique_words": len(vocab),
        "mean_proposition_length": round(words / n_props, 2) if n_props else 0.0,
    }


def compute_stats(named, items, binary, ranking, constraints, q_counts, policy: Policy) -> dict:
    """``stats.json``: counts per corpus, per group and overall, beside the paper's."""
    names = [n for n, _, _ in named]
    per_corpus = {}
    for name, pyrs, repairs in named:
        entry = _counts(items, binary, ranking, [name])
        bad = dict(sorted(items.counts.get(name, {}).items()))
        entry["bad_input"] = {k: int(v) for k, v in bad.items() if k not in entry}
        entry["constraints"] = constraints.get(name, {})
        entry["questions_not_generated"] = dict(sorted(q_counts.get(name, {}).items()))
        entry["reader_repairs"] = repairs
        per_corpus[name] = entry
    groups = {g: _counts(items, binary, ranking, members) for g, members in GROUPS.items() if all(m in names for m in members)}
    return {
        "policy": policy.to_dict(),
        "policy_fingerprint": policy.fingerprint(),
        "rules": list(RULES),
        "corpora": per_corpus,
        "groups": groups,
        "overall": _counts(items, binary, ranking, names),
        "paper": dict(PAPER),
        "missing": [c for c in PAPER_CORPORA if c not in names],
    }


def stats_table(stats: dict, paper: bool = True) -> pd.DataFrame:
    """One row per corpus, group and overall (and the paper's row): the §3 figures."""
    rows = {name: {k: e[k] for k in COUNT_KEYS} for name, e in stats["corpora"].items()}
    rows.update({name: dict(e) for name, e in stats.get("groups", {}).items()})
    rows["overall"] = dict(stats["overall"])
    if paper:
        rows["paper (duc2005-2007)"] = {k: stats["paper"].get(k) for k in COUNT_KEYS}
    table = pd.DataFrame.from_dict(rows, orient="index")[list(COUNT_KEYS)]
    for col in COUNT_KEYS:
        if col != "mean_proposition_length":
            table[col] = table[col].astype("Int64")
    table.index.name = "corpus"
    return table


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


# --------------------------------------------------------------------------- card


def _md_table(df: pd.DataFrame) -> str:
    cols = [df.index.name or ""] + [str(c) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for idx, row in df.iterrows():
        lines.append("| " + " | ".join([str(idx)] + [_fmt(v) for v in row]) + " |")
    return "\n".join(lines)


def _fmt(v) -> str:
    if v is None or v is pd.NA or (isinstance(v, float) and np.isnan(v)):
        return "—"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


BINARY_SCHEMA = {
    "pair_id": "corpus/topic/scu_a/contributor_a+scu_b/contributor_b (contributor index, L = SCU label)",
    "corpus, topic": "where the pyramid comes from",
    "label": "1 = both items from the same SCU (paraphrases), 0 = different SCUs of the same pyramid",
    "text_a, text_b": "the two items (contributor text, parts joined in reading order, or an SCU label)",
    "id_a, id_b": "item ids corpus/topic/scu_id/contributor_index",
    "scu_a, scu_b, weight_a, weight_b": "SCU ids and weights (number of model summaries expressing the SCU)",
    "shared_words": "distinct lower-cased words the items share",
    "words_a, words_b": "number of words of each item",
}
RANKING_SCHEMA = {
    "question_id": "the question item's id corpus/topic/scu_id/contributor_index",
    "corpus, topic, scu_id": "where the question comes from",
    "question, answer": "two appearances of the same SCU",
    "distractor_1..3": "the most lexically similar items of other SCUs, most similar first",
    "answer_id, distractor_k_id": "item ids",
    "answer_shared_words, distractor_k_shared_words": "shared words with the question",
}


def dataset_card(bench: Benchmark) -> str:
    """The dataset card (``README.md``): provenance, schema, policy, counts."""
    s = bench.stats
    policy = Policy.from_dict(s["policy"])
    lines = [
        "# Pyramid paraphrase benchmark",
        "",
        "Binary and ranking tests built from pyramid annotations (DUC/TAC Summary Content Units) after",
        "Baumel, Cohen & Elhadad (2016), *Sentence Embedding Evaluation Using Pyramid Annotation*, §3,",
        "by `pyrabench build`. The pyramids are licensed by NIST; these files are derived from them and",
        "must not be redistributed beyond what the NIST agreement allows.",
        "",
        "## Provenance",
        "",
        f"Corpora: {', '.join(s['corpora']) or 'none'}."
        + (f" Not available (used by the paper): {', '.join(s['missing'])}." if s["missing"] else ""),
        f"Policy fingerprint `{s['policy_fingerprint']}`.",
        "",
        "## Files",
        "",
        "`binary.*` (one pair per row), `ranking.*` (one question per row), `stats.json` (counts, the",
        "full policy, per-rule removal counts, bad-input counters), this card.",
        "",
        "## Schema",
        "",
        "Binary test:",
        "",
        "| column | meaning |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in BINARY_SCHEMA.items()],
        "",
        "Ranking test:",
        "",
        "| column | meaning |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in RANKING_SCHEMA.items()],
        "",
        "## Policy",
        "",
        "| setting | value |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in policy.summary().items()],
        "",
        "Rules: " + ", ".join(f"`{r}`" for r in RULES) + " (see `pyrabench.policy`).",
        "",
        "## Counts",
        "",
        "*items*: SCU appearances (and labels) after skipping empty and repeated texts; *propositions*:",
        "the items passing `min-words` and `no-pronouns`, whose words the last three columns count.",
        "The paper's row is DUC 2005-2007 as reported in its §3.",
        "",
        _md_table(stats_table(s)),
        "",
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------- files


def _atomic_write(path: Path, write) -> None:
    """``write(tmp_path)`` then ``os.replace``: readers never see a partial file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        write(Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_frame(df: pd.DataFrame, path: Path, fmt: str) -> None:
    if fmt == "jsonl":
        _atomic_write(path, lambda p: _write_jsonl(df, p))
    elif fmt == "parquet":
        _atomic_write(path, lambda p: df.to_parquet(p, index=False, engine="pyarrow"))
    elif fmt == "csv":
        _atomic_write(path, lambda p: df.to_csv(p, index=False, lineterminator="\n"))
    else:
        raise UnknownNameError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")


def _write_jsonl(df: pd.DataFrame, path: Path) -> None:
    """One JSON object a line, UTF-8, keys in column order (pandas would escape every ``/``)."""
    columns = list(df.columns)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for row in zip(*(df[c].tolist() for c in columns)):
            fh.write(json.dumps(dict(zip(columns, row)), ensure_ascii=False, allow_nan=False))
            fh.write("\n")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def save(bench: Benchmark, out, fmt: str = "jsonl") -> list[Path]:
    """Write the benchmark to directory ``out``; returns the files written."""
    if fmt not in FORMATS:
        raise UnknownNameError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    out = Path(out)
    written = []
    files = {}
    for name, df in (("binary", bench.binary), ("ranking", bench.ranking)):
        path = out / f"{name}.{fmt}"
        _write_frame(df, path, fmt)
        files[path.name] = {"rows": int(len(df)), "sha256": _sha256(path)}
        written.append(path)
    stats = dict(bench.stats, format=fmt, files=files)
    text = json.dumps(stats, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    _atomic_write(out / "stats.json", lambda p: p.write_text(text, encoding="utf-8"))
    card = bench.card or dataset_card(bench)
    _atomic_write(out / "README.md", lambda p: p.write_text(card, encoding="utf-8"))
    bench.stats = stats
    return written + [out / "stats.json", out / "README.md"]


_INT_COLUMNS = (
    "label", "scu_a", "scu_b", "weight_a", "weight_b", "shared_words", "words_a", "words_b", "scu_id",
    "answer_shared_words", "distractor_1_shared_words", "distractor_2_shared_words", "distractor_3_shared_words",
)  # fmt: skip


def _read_frame(path: Path, fmt: str) -> pd.DataFrame:
    if not path.is_file():
        raise MissingDataError(f"{path} is missing (run `pyrabench build`)")
    if path.stat().st_size == 0:  # an empty test (e.g. a tiny pyramid) is an empty JSON-lines file
        return pd.DataFrame(columns=BINARY_REQUIRED if path.stem == "binary" else RANKING_REQUIRED)
    try:
        if fmt == "jsonl":
            df = pd.read_json(path, lines=True, dtype=False)
        elif fmt == "parquet":
            df = pd.read_parquet(path)
        else:
            df = pd.read_csv(path, dtype=str, keep_default_na=False, na_filter=False)
    except (ValueError, OSError) as exc:
        raise DataFormatError(path, f"cannot read as {fmt}: {exc}") from exc
    for col in _INT_COLUMNS:
        if col in df.columns:
            df[col] = df[col].astype(np.int64)
    return df


def load_stats(directory) -> dict:
    """``stats.json`` of a built benchmark (without reading the tests)."""
    stats_path = Path(directory) / "stats.json"
    if not stats_path.is_file():
        raise MissingDataError(f"{stats_path} is missing: not a benchmark directory (run `pyrabench build`)")
    try:
        stats = json.loads(stats_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataFormatError(stats_path, f"invalid JSON: {exc.msg}", exc.lineno) from exc
    for key in ("corpora", "overall", "paper", "missing"):
        if key not in stats:
            raise DataFormatError(stats_path, f"no {key!r} entry: not written by `pyrabench build`")
    return stats


def load(directory) -> Benchmark:
    """A benchmark written by :func:`save` / ``pyrabench build``."""
    directory = Path(directory)
    stats_path = directory / "stats.json"
    stats = load_stats(directory)
    fmt = stats.get("format")
    if fmt not in FORMATS:
        raise DataFormatError(stats_path, f"unknown format {fmt!r}")
    binary = _read_frame(directory / f"binary.{fmt}", fmt)
    ranking = _read_frame(directory / f"ranking.{fmt}", fmt)
    for df, cols, name in ((binary, BINARY_REQUIRED, "binary"), (ranking, RANKING_REQUIRED, "ranking")):
        missing = [c for c in cols if c not in df.columns]
        if missing and len(df):
            raise DataFormatError(directory / f"{name}.{fmt}", f"missing columns {', '.join(missing)}")
    card_path = directory / "README.md"
    card = card_path.read_text(encoding="utf-8") if card_path.is_file() else ""
    return Benchmark(binary, ranking, stats, card)


# --------------------------------------------------------------------------- views for the book


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
    content = lambda s: {w for w in s if w not in policy.stop_words and any(c.isalnum() for c in w)}  # noqa: E731
    same = f["scu_id"].iat[i] == f["scu_id"].iat[j] and f["topic"].iat[i] == f["topic"].iat[j]
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
