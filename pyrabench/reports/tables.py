"""How the book shows a number and names a column: one precision rule and one field→label mapping.

A reader should take a table in at a glance, so every table of every chapter goes through
:func:`book_table`, and every number glued into prose through :func:`number` (or its format
spec, :func:`spec`). Nothing sets a global pandas float format.

The precision rule (:data:`DECIMALS`), by *kind* of number:

===========  ==========================================  ==================
kind         what                                        shown as
===========  ==========================================  ==================
``percent``  a share already in percent (success rate)   ``82.6``
``share``    a share as a fraction, shown in percent      ``0.8256`` → ``82.6``
``score``    correlation, F, precision, recall, MRR       ``0.884``
``sts``      an STS correlation beside the papers'        ``0.6108`` (the STS papers print 4)
``nist``     a pyramid score beside NIST's tables         ``0.4677`` (NIST prints 4)
``measure``  a mean of counts, a ratio (words, s.d.)      ``11.84``
``count``    a count                                      ``197,619``
``p``        a p-value                                    ``0.012``, ``< 0.001``
===========  ==========================================  ==================

A column's kind comes from its field (:data:`FIELDS`), else from its label (``(%)`` or
``points`` → percent, ``p`` → p-value, ``n``/``pairs``/``questions``… with whole numbers →
count), else from its dtype (integers → count, floats → the table's ``kind``, default
``score``). Missing values show as "—".

Labels: :data:`FIELDS` maps a field name of the package (``binary_f1``, ``ranking_success``)
to words with their unit (``binary F1``, ``success (%)``); a field it does not know is shown with
its underscores as spaces, so no Python identifier reaches a header. A pair of columns
``X_lo``/``X_hi`` (or ``X_low``/``X_high``) becomes one column ``95 % CI`` (``X 95 % CI`` when a
table has several), ``[lo, hi]`` at X's precision. A column that *is* an option the reader types
(:data:`OPTIONS`: the generation policy's fields, e.g. ``min_words``) keeps its name, in code
font. The JSON of the CLI keeps its identifiers: labels are for pages only.

Usage, in a chapter::

    from pyrabench.reports.tables import book_table, number
    book_table(frame)                      # labels, precision by kind, no RangeIndex
    book_table(frame, kind="sts")          # floats of unknown kind at 4 decimals (STS tables)
    book_table(frame, kinds={"gold sd": "measure"}, wrap=["note"])
    book_table(frame, footnotes={"note": "command"})   # a long text column as numbered notes below
    book.glue(success=number(0.8256 * 100, "percent"))   # "82.6", glued as text
    # or keep a float and format in the prose: {glue:text}`success:.1f` (spec("percent") == ".1f")

:func:`book_table` returns a pandas ``Styler``: the frame keeps its values (tests can read
``styler.data``) and the page gets HTML with the labels and formats applied.
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, fields
from typing import Iterable, Mapping

import numpy as np
import pandas as pd

from ..paraphrase.policy import Policy

#: Decimals of each kind of number (``count`` is an integer with thousands separators, ``p``
#: uses ``< 0.001`` below 0.001).
DECIMALS = {"percent": 1, "share": 1, "score": 3, "sts": 4, "nist": 4, "measure": 2, "count": 0, "p": 3}
KINDS = (*DECIMALS, "text")
MISSING = "—"
P_FLOOR = 0.001
CI_LABEL = "95 % CI"


@dataclass(frozen=True)
class Field:
    label: str
    kind: str = "score"


#: Field name → label with its unit and kind. One place for every table of the book.
FIELDS: dict[str, Field] = {
    # the paraphrase benchmark: counts
    "items": Field("items", "count"),
    "propositions": Field("propositions", "count"),
    "ranking_questions": Field("questions", "count"),
    "n_questions": Field("questions", "count"),
    "positive_pairs": Field("positive pairs", "count"),
    "negative_pairs": Field("negative pairs", "count"),
    "total_pairs": Field("pairs", "count"),
    "words": Field("words", "count"),
    "unique_words": Field("unique words", "count"),
    "n_words": Field("words", "count"),
    "shared_words": Field("shared words", "count"),
    "answer_shared_words": Field("words shared with the answer", "count"),
    "candidates": Field("candidate pairs", "count"),
    "fails": Field("fail the rule", "count"),
    "removed_in_order": Field("removed (in order)", "count"),
    "kept": Field("kept", "count"),
    "mean_proposition_length": Field("mean length (words)", "measure"),
    "ratio": Field("negatives per positive", "measure"),
    # the paraphrase benchmark: texts and ids
    "pair_id": Field("pair", "text"),
    "item_id": Field("item", "text"),
    "question_id": Field("question id", "text"),
    "scu_id": Field("SCU", "text"),
    "text_a": Field("text A", "text"),
    "text_b": Field("text B", "text"),
    "same_scu": Field("same SCU", "text"),
    "in_benchmark": Field("in the benchmark", "text"),
    "peer_text": Field("peer's text", "text"),
    **{f"distractor_{k}": Field(f"distractor {k}", "text") for k in (1, 2, 3)},
    **{f"distractor_{k}_id": Field(f"distractor {k} (id)", "text") for k in (1, 2, 3)},
    **{f"distractor_{k}_shared_words": Field(f"words shared with distractor {k}", "count") for k in (1, 2, 3)},
    # Table 1 and its relatives
    "binary_f1": Field("binary F1"),
    "binary_f1_all_positive": Field("F1, every pair a paraphrase"),
    "binary_f1_base_rate_guess": Field("F1, random guess at the base rate"),
    "binary_precision": Field("precision"),
    "binary_recall": Field("recall"),
    "binary_threshold": Field("threshold (cosine)"),
    "ranking_success": Field("success (%)", "percent"),
    "ranking_mrr": Field("MRR"),
    "mteb_cosine_f1": Field("MTEB cosine F1"),
    "mteb_cosine_ap": Field("MTEB cosine AP"),
    "all_positive_f1": Field("F1, every pair a paraphrase"),
    "tied_questions": Field("tied questions", "count"),
    "f1": Field("F1"),
    "precision": Field("precision"),
    "recall": Field("recall"),
    "threshold": Field("threshold"),
    # correlations (STS, scoring)
    "pearson": Field("Pearson r"),
    "spearman": Field("Spearman ρ"),
    "kendall": Field("Kendall τ"),
    "jaccard": Field("Jaccard"),
    "weighted_pearson": Field("weighted Pearson r"),
    "n": Field("n", "count"),
    "year": Field("year", "text"),
    "pairs": Field("pairs", "count"),
    "scored": Field("scored pairs", "count"),
    "p": Field("p", "p"),
    "p_value": Field("p", "p"),
    # pyramids and scoring
    "scu_ratio": Field("SCUs found / SCUs by hand", "measure"),
    "topics_with_other_ideal": Field("topics with another ideal", "count"),
    "summarizer": Field("summarizer", "text"),
    "scu": Field("SCU label", "text"),
    "contributor_words": Field("contributor words", "count"),
    "peer_matches": Field("peer matches", "count"),
    "contributors": Field("contributors", "count"),
    "summaries": Field("summaries", "count"),
    "pyramids": Field("pyramids", "count"),
    "parts": Field("parts", "count"),
    "scus": Field("SCUs", "count"),
    "n_scus": Field("SCUs", "count"),
    "n_topics": Field("topics", "count"),
    "n_peers": Field("peers", "count"),
    "topics": Field("topics", "count"),
    "peers": Field("peers", "count"),
    "weight": Field("weight", "count"),
    "jaccard_mean": Field("mean Jaccard"),
    **{f"{score}_{side}": Field(f"{score} ({side.upper()})") for score in ("modified", "original") for side in "ab"},
    **{f"{score}_{stat}": Field(f"{score}: {words}") for score in ("modified", "original")
       for stat, words in (("pearson", "Pearson r"), ("spearman", "Spearman ρ"), ("mean_abs_diff", "mean |A − B|"))},
    "annotator_a": Field("annotator A", "text"),
    "annotator_b": Field("annotator B", "text"),
    "scus_a": Field("SCUs (A)", "count"),
    "scus_b": Field("SCUs (B)", "count"),
    "rouge_1": Field("ROUGE-1"),
    "rouge_2": Field("ROUGE-2"),
    "rouge_l": Field("ROUGE-L"),
    "similarity_2013": Field("similarity (2013)", "text"),
    "combine_2013": Field("combine (2013)", "text"),
    "threshold_2013": Field("threshold (2013)"),
    "retrieved_2013": Field("retrieved (2013)", "count"),
    "changed": Field("changed", "count"),
    "median words": Field("median words", "measure"),
    "5th percentile": Field("5th percentile (words)", "measure"),
    "95th percentile": Field("95th percentile (words)", "measure"),
    "share within 3..20 words": Field("within 3–20 words (%)", "share"),
    "gold mean": Field("gold mean", "measure"),
    "gold sd": Field("gold s.d.", "measure"),
    "mean_length": Field("mean length (words)", "measure"),
    "share": Field("share (%)", "share"),
    "mean words shared with the answer": Field("mean words shared with the answer", "measure"),
    "std": Field("s.d."),
    # one embedding on STS and on the pyramid test (reports.comparisons)
    "pyramid binary F1": Field("pyramid binary F1"),
    "pyramid ranking success": Field("pyramid success (%)", "share"),
    "pyramid ranking MRR": Field("pyramid MRR"),
}

# A frame already labelled (by :func:`label`) keeps its fields' kinds.
_KIND_OF_LABEL = {f.label: f.kind for f in FIELDS.values()}

#: Names the reader types: the generation policy's fields (``--min-words`` on the command line,
#: ``min_words`` in Python). A column with one of these names keeps it, in code font.
OPTIONS = frozenset(f.name for f in fields(Policy))

COUNT_WORDS = re.compile(r"^(n|count|items|pairs|questions|topics|peers|scus|words|documents)$|\b(pairs|questions|items)$",
                         re.IGNORECASE)
_CI_SUFFIXES = (("_lo", "_hi"), ("_low", "_high"))
_CI_BARE = (("lo", "hi"), ("low", "high"))


def spec(kind: str) -> str:
    """The format spec of a kind, for a glued float: ``{glue:text}`name:.1f``` (percent)."""
    if kind not in DECIMALS or kind in ("p", "share"):
        raise ValueError(f"no format spec for kind {kind!r}")
    return ",.0f" if kind == "count" else f".{DECIMALS[kind]}f"


def number(value, kind: str = "score") -> str:
    """``value`` as the book shows a number of ``kind`` (see :data:`DECIMALS`); "—" if missing."""
    if value is None or value is pd.NA or (isinstance(value, (float, np.floating)) and math.isnan(value)):
        return MISSING
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if kind == "text" or isinstance(value, str):
        return str(value)
    if kind == "count":
        return f"{int(round(float(value))):,}"
    if kind == "p":
        return f"< {P_FLOOR:g}" if value < P_FLOOR else f"{value:.{DECIMALS['p']}f}"
    if kind not in DECIMALS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    if kind == "share":
        value, kind = 100 * value, "percent"
    return f"{value:,.{DECIMALS[kind]}f}" if abs(value) >= 10_000 else f"{value:.{DECIMALS[kind]}f}"


def format_interval(low, high, kind: str = "score") -> str:
    """A 95 % interval as ``[low, high]`` at the precision of its metric."""
    if any(v is None or (isinstance(v, float) and math.isnan(v)) for v in (low, high)):
        return MISSING
    return f"[{number(low, kind)}, {number(high, kind)}]"


def label(name) -> str:
    """The header a reader sees for a field (:data:`FIELDS`; an option keeps its name)."""
    if not isinstance(name, str):
        return str(name)
    if name in FIELDS:
        return FIELDS[name].label
    if name in OPTIONS:
        return name
    return name.replace("_", " ") if re.fullmatch(r"[\w:.-]+", name) else name


def label_html(name) -> str:
    """:func:`label` as header HTML: an option in code font, every other label escaped."""
    if isinstance(name, str) and name in OPTIONS and name not in FIELDS:
        return f"<code>{html.escape(name)}</code>"
    return html.escape(label(name))


def kind_of(name, column: pd.Series, default: str = "score") -> str:
    """The kind of number a column holds: from its field (or a field's label), then its values."""
    if isinstance(name, str) and name in FIELDS:
        return FIELDS[name].kind
    if isinstance(name, str) and name in _KIND_OF_LABEL:
        return _KIND_OF_LABEL[name]
    text = label(name)
    values = column.dropna()
    if pd.api.types.is_bool_dtype(column) or not pd.api.types.is_numeric_dtype(column):
        return "text"
    if "(%)" in text or "points" in text:
        return "percent"
    if text in ("p", "p-value", "p value"):
        return "p"
    whole = len(values) > 0 and bool(np.all(np.mod(values.astype(float), 1) == 0))
    if pd.api.types.is_integer_dtype(column) or (whole and COUNT_WORDS.search(text)):
        return "count"
    return default


def _merge_intervals(frame: pd.DataFrame, kinds: dict) -> pd.DataFrame:
    """``X_lo``/``X_hi`` column pairs as one ``95 % CI`` column after X (or at the low's place)."""
    pairs = []
    for col in frame.columns:
        for lo, hi in _CI_SUFFIXES:
            if isinstance(col, str) and col.endswith(lo) and col[: -len(lo)] + hi in frame.columns:
                pairs.append((col[: -len(lo)], col, col[: -len(lo)] + hi))
    columns = list(frame.columns)
    for lo, hi in _CI_BARE:  # ``low``/``high`` right after the metric they bound
        if lo in columns and hi in columns and columns.index(lo) > 0:
            pairs.append((columns[columns.index(lo) - 1], lo, hi))
    if not pairs:
        return frame
    out = frame.copy()
    for base, lo, hi in pairs:
        kind = kinds.get(base) or (FIELDS[base].kind if base in FIELDS else "score")
        name = CI_LABEL if len(pairs) == 1 else f"{label(base)} {CI_LABEL}"
        values = [format_interval(a, b, kind) for a, b in zip(out[lo], out[hi])]
        where = list(out.columns).index(lo)
        out = out.drop(columns=[lo, hi])
        out.insert(min(where, len(out.columns)), name, values)
        kinds[name] = "text"
    return out


def _meaningless_index(index: pd.Index) -> bool:
    """A RangeIndex (or 0..n-1 without a name): row numbers that say nothing to a reader."""
    if index.nlevels > 1 or index.name is not None:
        return False
    return isinstance(index, pd.RangeIndex) or (
        pd.api.types.is_integer_dtype(index) and list(index) == list(range(len(index))))


def book_table(
    frame: pd.DataFrame,
    kind: str = "score",
    kinds: Mapping[str, str] | None = None,
    wrap: Iterable[str] = (),
    footnotes: Mapping[str, str] | None = None,
    caption: str | None = None,
    transpose: bool = False,
):
    """``frame`` as the book shows it: labelled headers, numbers by kind, "—" for missing.

    ``kind`` is the kind of float columns nothing else classifies (``"sts"`` for the STS
    tables); ``kinds`` sets a column's kind by field name or label. ``wrap`` names text columns
    to wrap within a narrow width. ``footnotes`` moves a long text column out of the table:
    ``{column: label}`` replaces each non-empty cell by a note number and lists the notes under
    the table. ``transpose`` shows one row per column (a wide table of few rows, each row
    formatted by its field's kind). A RangeIndex is dropped; a named index becomes the first
    column. ``styler.data`` holds the text shown in each cell.
    """
    if kind not in DECIMALS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(DECIMALS)}")
    if isinstance(frame, pd.Series):
        frame = frame.to_frame()
    if isinstance(frame.columns, pd.MultiIndex):
        raise ValueError("book_table takes flat columns; book_tables splits a wide table by its top level")
    frame = frame.copy()
    given = dict(kinds or {})
    notes = []
    for col, note_label in (footnotes or {}).items():
        numbers = []
        for text in frame[col].astype("string").fillna(""):
            if text:
                notes.append(text)
                numbers.append(str(len(notes)))
            else:
                numbers.append("")
        frame[col] = numbers
        frame = frame.rename(columns={col: note_label})
        given[note_label] = "text"
    frame = _merge_intervals(frame, given)
    if not transpose and frame.index.nlevels == 1 and frame.index.name is not None:
        frame = frame.reset_index()  # its name joins the other headers, on one row
    hide_index = _meaningless_index(frame.index)
    if hide_index:
        frame = frame.reset_index(drop=True)
    kinds_by_col = {col: given.get(col) or given.get(label(col)) or kind_of(col, frame[col], kind)
                    for col in frame.columns}
    shown = pd.DataFrame({col: [number(v, kinds_by_col[col]) for v in frame[col]] for col in frame.columns},
                         index=frame.index, columns=frame.columns)
    if transpose:
        shown = shown.T
        hide_index = False
        transposed_styles = [{"selector": "th.col_heading", "props": "overflow-wrap: anywhere;"}]  # ids as headers
    shown_kind = (lambda col: "text") if transpose else kinds_by_col.get

    styler = shown.style.format(html.escape)
    styler = styler.format_index(_heading_html, axis=1, escape=None)
    if hide_index:
        styler = styler.hide(axis="index")
    else:
        styler = styler.format_index(_heading_html, axis=0, escape=None)
        styler = styler.format_index_names(lambda v: label_html(v) if v is not None else "", axis=0, escape=None)
    if shown.columns.name is not None:
        styler = styler.format_index_names(label_html, axis=1, escape=None)
    # numbers right-aligned on one line; an interval may wrap after its comma in a narrow column
    styler = styler.map(lambda v: ("text-align: right;" + ("" if v.startswith("[") else " white-space: nowrap;"))
                        if _is_number(v) else "")
    if transpose:
        styler = styler.set_table_styles(transposed_styles, overwrite=False)
    numeric = [j for j, col in enumerate(shown.columns) if len(shown) and all(map(_is_number, shown[col]))]
    if numeric:  # a column of numbers has its header over the numbers' right edge
        styler = styler.set_table_styles([{"selector": f"th.col_heading.col{j}", "props": "text-align: right;"}
                                          for j in numeric], overwrite=False)
    wrapped = [c for c in wrap if c in shown.columns and shown_kind(c) == "text"]
    if wrapped:
        styler = styler.set_properties(subset=wrapped, **{"white-space": "normal", "max-width": "28em"})
    lines = ([html.escape(caption)] if caption else []) + [f"{k}. {html.escape(n)}" for k, n in enumerate(notes, start=1)]
    if lines:
        styler = styler.set_caption("<br>".join(lines))
        styler = styler.set_table_styles([{"selector": "caption",
                                           "props": "caption-side: bottom; text-align: left; font-size: 0.9em;"}],
                                         overwrite=False)
    return styler


def column_groups(frame: pd.DataFrame, index: list[str], groups: dict[str, list[str]]) -> pd.DataFrame:
    """``frame`` indexed by its ``index`` columns, its other columns under two levels: each
    group's title over its columns (``groups``: title → columns, in order; a column not present is
    skipped), so :func:`book_tables` shows one table per group, each narrow enough to read."""
    parts = {title: frame.set_index(index)[[c for c in cols if c in frame.columns]] for title, cols in groups.items()}
    return pd.concat({t: part for t, part in parts.items() if part.shape[1]}, axis=1)


def book_tables(frame: pd.DataFrame, **options):
    """A wide table whose columns have two levels as one :func:`book_table` per top-level key,
    one under the other, each titled by its key (e.g. one table per corpus); a frame with one
    level of columns is one table (split by key, every column would stand alone)."""
    from IPython.display import HTML

    if not isinstance(frame.columns, pd.MultiIndex):
        return book_table(frame, **options)
    parts = []
    for key in dict.fromkeys(frame.columns.get_level_values(0)):
        styler = book_table(frame[key].dropna(how="all"), **options)  # rows this key has no value for
        parts.append(f"<p><strong>{html.escape(label(key))}</strong></p>\n{styler.to_html()}")
    return HTML("\n".join(parts))


def _heading_html(value) -> str:
    return label_html(value) if isinstance(value, str) else html.escape(number(value, "text"))


_NUMBER_TEXT = re.compile(r"[<−-]?\s?[0-9][0-9,]*(\.[0-9]+)?|—|\[.*\]")


def _is_number(text) -> bool:
    return isinstance(text, str) and bool(_NUMBER_TEXT.fullmatch(text))


def labelled(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its column and index names as labels (for a plot's axes or a CSV a reader opens)."""
    out = frame.rename(columns=label)
    out.index = out.index.set_names([label(n) if n is not None else None for n in out.index.names])
    return out
