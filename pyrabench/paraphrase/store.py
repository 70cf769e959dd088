"""A built benchmark in memory and on disk: the :class:`Benchmark` record, its files, its card.

``save(bench, out, fmt)`` writes ``binary.<fmt>``, ``ranking.<fmt>``, ``stats.json`` and
``README.md`` (the dataset card) into a sibling temporary directory and swaps it in whole
(:func:`pyrabench.files.atomic_directory`): an interrupted or concurrent build never leaves new
files beside old ones, and an existing ``out`` is replaced only if it holds nothing but these
files. ``stats.json`` records each test file's sha256 and row count; ``load_benchmark(dir)`` (and
``load_stats``) verify them and refuse a file changed since the build. Every row is checked
(JSON decoding, integer columns, labels 0/1), so a hand-edited file is a
:class:`DataFormatError` naming file and line, never a traceback. The card's YAML front matter
declares the two tests as Hugging Face configurations (their files and column types), so
``datasets.load_dataset(dir, "binary")`` and ``(dir, "ranking")`` load them too, offline,
whatever the format.

Same inputs and policy give byte-identical files: the card and stats carry no timestamps or paths.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from ..errors import DataFormatError, MissingDataError, UnknownNameError
from ..extras import require
from ..files import (
    atomic_directory,
    atomic_write,
    decode_utf8,
    open_regular,
    parse_json,
    read_bytes,
    read_utf8,
)
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
    "text_a, text_b": "the two items (a contributor read as the policy's item_text says, or an SCU label)",
    "id_a, id_b": "item ids corpus/topic/scu_id/contributor_index",
    "scu_a, scu_b, weight_a, weight_b": "SCU ids and weights (number of model summaries expressing the SCU)",
    "shared_words": "distinct lower-cased words the items share",
    "words_a, words_b": "number of words of each item",
}
RANKING_SCHEMA = {
    "question_id": "the question item's id corpus/topic/scu_id/contributor_index (+ >answer_index with one question per pair)",
    "corpus, topic, scu_id": "where the question comes from",
    "question, answer": "two appearances of the same SCU",
    "distractor_1..3": "the most lexically similar items of other SCUs, most similar first",
    "answer_id, distractor_k_id": "item ids",
    "answer_shared_words, distractor_k_shared_words": "shared words with the question",
}


#: Hugging Face names of the two tests (configurations) and their one split.
CONFIGS = ("binary", "ranking")
SPLIT = "test"
LABEL_NAMES = {"0": "different SCUs", "1": "same SCU (paraphrase)"}
#: How pandas reads each format back (for the card's snippet).
PANDAS_READERS = {
    "jsonl": 'pd.read_json("{name}.jsonl", lines=True)',
    "parquet": 'pd.read_parquet("{name}.parquet")',
    "csv": 'pd.read_csv("{name}.csv", keep_default_na=False)',
}


def _dtype(series: pd.Series) -> str:
    """The Hugging Face ``Value`` type of a column."""
    if pd.api.types.is_bool_dtype(series):
        return "bool"
    if pd.api.types.is_integer_dtype(series):
        return "int64"
    if pd.api.types.is_float_dtype(series):
        return "float64"
    return "string"


def _features(df: pd.DataFrame, required: list[str]) -> list[dict]:
    """``dataset_info`` features of a test: every column, the label as a class label."""
    columns = list(df.columns) or required
    out = []
    for c in columns:
        if c == "label":
            out.append({"name": c, "dtype": {"class_label": {"names": dict(LABEL_NAMES)}}})
        else:
            out.append({"name": c, "dtype": _dtype(df[c]) if c in df.columns else "string"})
    return out


def _arrow_nbytes(values: list, dtype: str) -> int:
    """``pyarrow.array(values, type=dtype).nbytes``, counted without pyarrow: a validity bitmap
    only when a value is None, one bit per bool, eight bytes per number, and per string a 4-byte
    offset plus its UTF-8 bytes (``tests/test_paraphrase_store.py`` checks it against pyarrow)."""
    n = len(values)
    validity = (n + 7) // 8 if any(v is None for v in values) else 0
    if dtype == "bool":
        return validity + (n + 7) // 8
    if dtype == "string":
        return validity + 4 * n + sum(len(v.encode("utf-8")) for v in values if v is not None)
    return validity + 8 * n  # int64, float64


def _num_bytes(df: pd.DataFrame, features: list[dict]) -> int:
    """Size of the test as an Arrow table of those features: what ``datasets`` records. Counted
    from plain lists, so a column without nulls has no validity buffer whatever pandas held."""
    columns = {f["name"]: f["dtype"] if isinstance(f["dtype"], str) else "int64"  # class label
               for f in features if f["name"] in df.columns}  # fmt: skip
    return int(sum(_arrow_nbytes(df[c].tolist(), t) for c, t in columns.items()))


def _size_category(n: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < limit:
            return name
    return "1M<n<10M"


def card_metadata(bench: Benchmark, fmt: str = "jsonl") -> dict:
    """The card's YAML front matter: one Hugging Face configuration per test (its file in
    ``fmt``, its column types, its row count), task categories, language, licence."""
    if fmt not in FORMATS:
        raise UnknownNameError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    frames = {"binary": (bench.binary, BINARY_REQUIRED), "ranking": (bench.ranking, RANKING_REQUIRED)}
    return {
        "pretty_name": "Pyramid paraphrase benchmark",
        "language": ["en"],
        "license": "other",
        "license_name": "nist-duc-tac-data-agreement",
        "task_categories": ["sentence-similarity", "text-classification", "text-ranking"],
        "task_ids": ["semantic-similarity-classification"],
        "tags": ["paraphrase", "pyramid-method", "summarization", "sentence-embeddings"],
        "size_categories": [_size_category(max(len(bench.binary), len(bench.ranking)))],
        "configs": [
            {"config_name": name, "data_files": [{"split": SPLIT, "path": f"{name}.{fmt}"}]} for name in CONFIGS
        ],
        "dataset_info": [_info(name, df, required) for name, (df, required) in frames.items()],
    }


def _info(name: str, df: pd.DataFrame, required: list[str]) -> dict:
    features = _features(df, required)
    size = _num_bytes(df, features)
    return {
        "config_name": name,
        "features": features,
        "splits": [{"name": SPLIT, "num_bytes": size, "num_examples": int(len(df))}],
        "dataset_size": size,
    }


def _front_matter(meta: dict) -> list[str]:
    text = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000)
    return ["---", *text.rstrip("\n").split("\n"), "---", ""]


def dataset_card(bench: Benchmark, fmt: str = "jsonl") -> str:
    """The dataset card (``README.md``): Hugging Face metadata, provenance, licence, how to
    load, schema, policy, counts."""
    s = bench.stats
    policy = Policy.from_dict(s["policy"])
    counts = stats_table(s)
    lines = [
        *_front_matter(card_metadata(bench, fmt)),
        "# Pyramid paraphrase benchmark",
        "",
        "Binary and ranking tests built from pyramid annotations (DUC/TAC Summary Content Units) after",
        "Baumel, Cohen & Elhadad (2016), *Sentence Embedding Evaluation Using Pyramid Annotation*, §3,",
        "by `pyrabench build`.",
        "",
        "## Licence",
        "",
        "The pyramids, model summaries and peer annotations these files are made of are distributed by",
        "NIST (DUC and TAC data) under an agreement with each recipient. Every text here is derived from",
        "them, so these files fall under the same agreement: they may not be redistributed — not",
        "published, not uploaded to a public hub — beyond what that agreement allows. The `license: other`",
        "field above says so to the Hugging Face tools; the code that built them is MIT-licensed.",
        "",
        "## Provenance",
        "",
        f"Corpora: {', '.join(s['corpora']) or 'none'}."
        + (f" Not available (used by the paper): {', '.join(s['missing'])}." if s["missing"] else ""),
        f"Generation preset `{s.get('preset', 'custom')}`"
        + (f" with changes {json.dumps(s['preset_changes'])}" if s.get("preset_changes") else "")
        + f"; policy fingerprint `{s['policy_fingerprint']}`.",
        "",
        "## Files",
        "",
        f"`binary.{fmt}` (one pair per row), `ranking.{fmt}` (one question per row), `stats.json` (counts,",
        "the full policy, per-rule removal counts, bad-input counters), this card.",
        "",
        "## Loading",
        "",
        "With the Hugging Face `datasets` library (offline: this directory is the dataset, each test a",
        f"configuration with one split, `{SPLIT}`):",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        *[f'{name} = load_dataset("path/to/this/directory", "{name}", split="{SPLIT}")' for name in CONFIGS],
        "```",
        "",
        "With pandas, from this directory:",
        "",
        "```python",
        "import pandas as pd",
        "",
        *[f"{name} = {PANDAS_READERS[fmt].format(name=name)}" for name in CONFIGS],
        "```",
        "",
        "Scoring an embedding (Table 1 of the paper) and any local sentence-transformers model:",
        "",
        "```bash",
        "pyrabench evaluate path/to/this/directory --embedding onehot --embedding minilm --embedding st:MODEL_DIR",
        "```",
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
    with open_regular(path) as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


#: What a benchmark directory may hold: an existing ``--out`` holding anything else is not replaced.
_OURS = re.compile(r"^(?:(?:binary|ranking)\.(?:jsonl|parquet|csv)|stats\.json|README\.md|\..+\.tmp)$")


def _is_benchmark_dir(path: Path) -> bool:
    return all(_OURS.match(p.name) and (p.is_file() or p.name.endswith(".tmp")) for p in path.iterdir())


def check_format(fmt: str) -> None:
    """A format :func:`save` can write here (parquet needs the ``parquet`` extra), else an error."""
    if fmt not in FORMATS:
        raise UnknownNameError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    if fmt == "parquet":
        require("pyarrow", "parquet", "the parquet format")


def save(bench: Benchmark, out, fmt: str = "jsonl") -> list[Path]:
    """Write the benchmark to directory ``out`` as a whole; returns the files written."""
    check_format(fmt)
    out = Path(out)
    files = {}
    with atomic_directory(out, _is_benchmark_dir) as tmp:
        for name, df in (("binary", bench.binary), ("ranking", bench.ranking)):
            path = tmp / f"{name}.{fmt}"
            _write_frame(df, path, fmt)
            files[path.name] = {"rows": int(len(df)), "sha256": _sha256(path)}
        stats = dict(bench.stats, format=fmt, files=files)
        text = json.dumps(stats, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        atomic_write(tmp / "stats.json", lambda p: p.write_text(text, encoding="utf-8"))
        card = dataset_card(bench, fmt)  # its configurations name the files just written
        atomic_write(tmp / "README.md", lambda p: p.write_text(card, encoding="utf-8"))
    bench.stats, bench.card = stats, card
    return [out / name for name in files] + [out / "stats.json", out / "README.md"]


_INT_COLUMNS = (
    "label", "scu_a", "scu_b", "weight_a", "weight_b", "shared_words", "words_a", "words_b", "scu_id",
    "answer_shared_words", "distractor_1_shared_words", "distractor_2_shared_words", "distractor_3_shared_words",
)  # fmt: skip


def _jsonl_frame(raw: bytes, path: Path) -> tuple[pd.DataFrame, list[dict]]:
    """Rows of a built ``*.jsonl``: every line one JSON object with the first line's keys."""
    text = decode_utf8(raw, path)
    records, keys = [], None
    for number, line in enumerate(text[:-1].split("\n") if text.endswith("\n") else text.split("\n"), start=1):
        if not line.strip():
            raise DataFormatError(path, "blank line in a JSON Lines file", line=number)
        obj = parse_json(line, path, number)
        if not isinstance(obj, dict):
            raise DataFormatError(path, f"expected a JSON object, got {type(obj).__name__}", line=number)
        if keys is None:
            keys = list(obj)
        elif list(obj) != keys:
            raise DataFormatError(path, f"keys {sorted(set(obj) ^ set(keys))} differ from the first line's", line=number)
        records.append(obj)
    return pd.DataFrame.from_records(records, columns=keys), records


#: Columns that hold text (every other required column is an integer).
_STR_COLUMNS = tuple(c for c in (*BINARY_REQUIRED, *RANKING_REQUIRED) if c != "label")


def _strict_int(v, lenient: bool) -> int | None:
    """``v`` as an int if it is one (a digit string in a csv; an integral float where a format
    stores integers as floats), else None. Booleans are not integers here."""
    if type(v) is int:
        return v
    if isinstance(v, str) and re.fullmatch(r"\s*-?\d{1,19}\s*", v):
        return int(v)
    if lenient and isinstance(v, float) and v.is_integer():
        return int(v)
    return None


def _check_columns(df: pd.DataFrame, path: Path, first_line: int, records: list | None = None) -> pd.DataFrame:
    """Text columns hold strings, integer columns integers (labels 0 or 1); the first bad row is
    named by its line (``first_line`` is the line of row 0: 2 in a csv, after its header).
    ``records`` are the decoded JSON rows, so a null is reported as written (pandas would have
    turned the column into floats)."""
    def raw(col):
        return [r.get(col) for r in records] if records is not None else df[col].tolist()

    def fail(col, i, what):
        raise DataFormatError(path, f"column {col!r}: {raw(col)[i]!r} is not {what}", line=first_line + i)

    for col in _STR_COLUMNS:
        if col in df.columns and pd.api.types.infer_dtype(df[col], skipna=False) not in ("string", "empty"):
            fail(col, next(i for i, v in enumerate(raw(col)) if not isinstance(v, str)), "a string")
    for col in _INT_COLUMNS:
        if col not in df.columns or not len(df):
            continue
        what = "0 or 1" if col == "label" else "a 64-bit integer"
        column = df[col]
        if pd.api.types.is_integer_dtype(column) and not pd.api.types.is_bool_dtype(column):
            values = column.to_numpy()
        else:
            ints = [_strict_int(v, records is None) for v in raw(col)]
            bad = [i for i, v in enumerate(ints) if v is None or not -(2**63) <= v < 2**63]
            if bad:
                fail(col, bad[0], what)
            values = np.asarray(ints, dtype=np.int64)
        if col == "label" and not np.isin(values, (0, 1)).all():
            fail(col, int(np.flatnonzero(~np.isin(values, (0, 1)))[0]), what)
        df[col] = values.astype(np.int64)
    return df


def _read_frame(path: Path, fmt: str, recorded: dict) -> pd.DataFrame:
    """One test file, checked against the sha256 and row count ``stats.json`` recorded for it."""
    try:
        raw = read_bytes(path)
    except MissingDataError:
        raise MissingDataError(f"{path} is missing (run `pyrabench build`)") from None
    if hashlib.sha256(raw).hexdigest() != recorded["sha256"]:
        raise DataFormatError(path, "does not match the sha256 recorded in stats.json: the file changed after "
                              "the build (or comes from another build); rebuild with `pyrabench build`")
    records = None
    if not raw:  # an empty test (e.g. a tiny pyramid) is an empty JSON-lines file
        df, first = pd.DataFrame(columns=BINARY_REQUIRED if path.stem == "binary" else RANKING_REQUIRED), 1
    elif fmt == "jsonl":
        (df, records), first = _jsonl_frame(raw, path), 1
    else:
        if fmt == "parquet":
            require("pyarrow", "parquet", "the parquet format")
        try:
            if fmt == "parquet":
                df, first = pd.read_parquet(io.BytesIO(raw)), 1
            else:
                df, first = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False, na_filter=False), 2
        except Exception as exc:  # pyarrow and the csv parser raise many kinds
            raise DataFormatError(path, f"cannot read as {fmt}: {exc}") from None
    if len(df) != recorded["rows"]:
        raise DataFormatError(path, f"{len(df)} rows, but stats.json recorded {recorded['rows']}; rebuild")
    return _check_columns(df, path, first, records)


def _recorded(stats: dict, stats_path: Path, name: str) -> dict:
    entry = stats.get("files", {}).get(name) if isinstance(stats.get("files"), dict) else None
    if not (isinstance(entry, dict) and isinstance(entry.get("sha256"), str)
            and type(entry.get("rows")) is int and entry["rows"] >= 0):
        raise DataFormatError(stats_path, f"records no sha256 and row count for {name} (not written by this "
                              "version of `pyrabench build`?); rebuild")
    return entry


def load_stats(directory, verify: bool = True) -> dict:
    """``stats.json`` of a built benchmark; with ``verify``, each test file's sha256 is checked
    against the one recorded (a changed or swapped file is refused)."""
    directory = Path(directory)
    stats_path = directory / "stats.json"
    try:
        text = read_utf8(stats_path)
    except MissingDataError:
        raise MissingDataError(f"{stats_path} is missing: not a benchmark directory (run `pyrabench build`)") from None
    stats = parse_json(text, stats_path)
    if not isinstance(stats, dict):
        raise DataFormatError(stats_path, "not a JSON object: not written by `pyrabench build`")
    for key in ("corpora", "overall", "paper", "missing"):
        if key not in stats:
            raise DataFormatError(stats_path, f"no {key!r} entry: not written by `pyrabench build`")
    fmt = stats.get("format")
    if fmt not in FORMATS:
        raise DataFormatError(stats_path, f"unknown format {fmt!r}")
    if verify:
        for name in ("binary", "ranking"):
            path = directory / f"{name}.{fmt}"
            entry = _recorded(stats, stats_path, path.name)
            if not path.is_file():
                raise MissingDataError(f"{path} is missing (run `pyrabench build`)")
            if _sha256(path) != entry["sha256"]:
                raise DataFormatError(path, "does not match the sha256 recorded in stats.json: the file changed "
                                      "after the build (or comes from another build); rebuild with `pyrabench build`")
    return stats


def load_benchmark(directory) -> Benchmark:
    """A benchmark written by :func:`save` / ``pyrabench build``."""
    directory = Path(directory)
    stats_path = directory / "stats.json"
    stats = load_stats(directory, verify=False)  # the files are verified as they are read
    fmt = stats["format"]
    binary = _read_frame(directory / f"binary.{fmt}", fmt, _recorded(stats, stats_path, f"binary.{fmt}"))
    ranking = _read_frame(directory / f"ranking.{fmt}", fmt, _recorded(stats, stats_path, f"ranking.{fmt}"))
    for df, cols, name in ((binary, BINARY_REQUIRED, "binary"), (ranking, RANKING_REQUIRED, "ranking")):
        missing = [c for c in cols if c not in df.columns]
        if missing and len(df):
            raise DataFormatError(directory / f"{name}.{fmt}", f"missing columns {', '.join(missing)}")
    card_path = directory / "README.md"
    card = read_utf8(card_path) if card_path.is_file() else ""
    return Benchmark(binary, ranking, stats, card)
