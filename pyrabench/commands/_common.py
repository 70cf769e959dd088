"""Small helpers shared by the subcommands: the ``--data``/``--json`` options and output."""

from __future__ import annotations

import json
import sys
from typing import Any

import pandas as pd


def add_data_argument(parser) -> None:
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        help="data root (default: $PYRABENCH_DATA, else the bundled sample data)",
    )


def add_json_argument(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def print_json(obj: Any) -> None:
    """Stable JSON: sorted keys are *not* used, so the documented key order is kept; NaN is refused."""
    json.dump(obj, sys.stdout, indent=2, allow_nan=False, ensure_ascii=False)
    sys.stdout.write("\n")


def print_table(df, floatfmt: str = "{:.4f}") -> None:
    """A pandas DataFrame as a plain aligned text table."""

    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200):
        print(df.to_string(float_format=floatfmt.format))
