"""The committed report of a study script: ``benchmarks/<name>.md`` for a reader and
``benchmarks/<name>.json`` with the same figures for a program.

A report holds what its script printed: a title, a paragraph on what was measured, the command
that reruns it, the data it ran on, then sections of tables and text. It carries no date, no
machine and no folder, so the same data give the same bytes on any machine; the figures are the
package's (:mod:`pyrabench.scoring.studies`), only formatted here.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Sequence

import pandas as pd

HERE = Path(__file__).resolve().parent


def _cell(value) -> str:
    if isinstance(value, float):
        return "—" if math.isnan(value) else f"{value:.3f}"
    text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(frame: pd.DataFrame) -> str:
    """``frame`` as a Markdown table, its index a first column unless it is a plain unnamed range
    (an unnamed index headed by the columns' name: a transposed table); MultiIndex columns joined
    by " / "; floats to three decimals, NaN as "—"."""
    plain = isinstance(frame.index, pd.RangeIndex) and frame.index.name is None
    if plain:
        shown = frame
    elif frame.index.nlevels == 1 and frame.index.name is None:
        shown = frame.rename_axis(frame.columns.name or "").reset_index()
    else:
        shown = frame.reset_index()
    columns = [" / ".join(str(c) for c in col if str(c)) if isinstance(col, tuple) else str(col)
               for col in shown.columns]
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |",
             "|" + "|".join("---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in shown.itertuples(index=False)]
    return "\n".join(lines)


def _jsonable(value):
    if isinstance(value, pd.DataFrame):
        return [{str(k): _jsonable(v) for k, v in r.items()} for r in value.reset_index(drop=True).to_dict("records")]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if isinstance(value, float):
        return None if math.isnan(value) else round(value, 6)
    return value


def data_phrase(root) -> str:
    """The data a report ran on, without the machine's folder."""
    return "the bundled sample (the figures mean little)" if root.is_sample else "the real data root (`PYRABENCH_DATA`)"


def write_report(name: str, title: str, about: str, command: str, root, sections: Sequence[tuple[str, object]],
                 data: dict, folder: Path = HERE, sample: bool = False) -> tuple[Path, Path] | None:
    """Write ``<folder>/<name>.md`` and ``.json``. ``sections``: ``(heading, table or text)`` in
    order; ``data``: the raw figures for the JSON (tables as lists of rows, floats to six
    decimals, NaN as null). Returns the two paths. On the bundled sample nothing is written
    unless ``sample`` (the committed reports are the real data's), and None is returned."""
    if root.is_sample and not sample:
        print(f"(bundled sample: {name}.md not written; the committed report is the real data's)")
        return None
    lines = [f"# {title}", "", about.strip(), "", f"Rerun: `{command}`. Data: {data_phrase(root)}.", ""]
    for heading, body in sections:
        lines += [f"## {heading}", ""]
        lines += [markdown_table(body) if isinstance(body, pd.DataFrame) else str(body).strip(), ""]
    md = folder / f"{name}.md"
    md.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    js = folder / f"{name}.json"
    payload = {"title": title, "data": "sample" if root.is_sample else "real", **_jsonable(data)}
    js.write_text(json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return md, js
