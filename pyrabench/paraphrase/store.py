"""A built benchmark in memory and on disk: the :class:`Benchmark` record, its files, its card.

``save(bench, out, fmt)`` writes ``binary.<fmt>``, ``ranking.<fmt>``, ``stats.json`` and
``README.md`` (the dataset card), each file atomically (:func:`pyrabench.files.atomic_write`), so
an interrupt never leaves a half-written file. ``load(dir)`` reads them back with pandas; the
same files load with ``datasets.load_dataset("json" | "parquet" | "csv", data_files=...)``.

Same inputs and policy give byte-identical files: the card and stats carry no timestamps or paths.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import DataFormatError, MissingDataError, UnknownNameError
from ..files import atomic_write
from .items import ItemTable
from .policy import RULES, Policy

FORMATS = ("jsonl", "parquet", "csv")
BINARY_REQUIRED = ["pair_id", "corpus", "topic", "text_a", "text_b", "label"]
RANKING_REQUIRED = ["question_id", "corpus", "topic", "question", "answer", "distractor_1", "distractor_2", "distractor_3"]
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
    counts = stats_table(s)
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
        "Rules: " + ", ".join(f"`{r}`" for r in RULES) + " (see `pyrabench.paraphrase.policy`).",
        "",
        "## Counts",
        "",
        "*items*: SCU appearances (and labels) after skipping empty and repeated texts; *propositions*:",
        "the items passing `min-words` and `no-pronouns`, whose words the last three columns count.",
        "The paper's row is DUC 2005-2007 as reported in its §3.",
        "",
        counts.astype(object).where(counts.notna(), "—").to_markdown(),
        "",
    ]
    return "\n".join(lines)


def _write_frame(df: pd.DataFrame, path: Path, fmt: str) -> None:
    if fmt == "jsonl":
        atomic_write(path, lambda p: _write_jsonl(df, p))
    elif fmt == "parquet":
        atomic_write(path, lambda p: df.to_parquet(p, index=False, engine="pyarrow"))
    elif fmt == "csv":
        atomic_write(path, lambda p: df.to_csv(p, index=False, lineterminator="\n"))
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
    atomic_write(out / "stats.json", lambda p: p.write_text(text, encoding="utf-8"))
    card = bench.card or dataset_card(bench)
    atomic_write(out / "README.md", lambda p: p.write_text(card, encoding="utf-8"))
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
