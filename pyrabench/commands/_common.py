"""Small helpers shared by the subcommands: the ``--data``/``--json`` options and output."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

import pandas as pd

# Option types: a bad value is an argparse usage error (exit 2, one line), never a traceback
# from deep inside a command.


def nonnegative_int(text: str) -> int:
    """A seed: an integer >= 0 (numpy refuses negative seeds)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def positive_int(text: str) -> int:
    """A count (e.g. resamples): an integer >= 1."""
    value = nonnegative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def finite_float(text: str) -> float:
    """A finite number (NaN and infinities are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def nonempty(text: str) -> str:
    """A path that is not the empty string (``--data ''`` would silently mean "the default")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path; omit the option to use the default")
    return text


def name_list(text: str) -> list[str]:
    """A comma-separated list with at least one name: ``2012,2013``."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"{text!r} names nothing; give e.g. 2012,2013")
    return names


#: Epilog of the commands that take sentence-transformers models.
ENCODER_EPILOG = (
    "A sentence-transformers model (st:MODEL_DIR, minilm) runs on CUDA when torch sees one, else on the "
    "CPU; choose with @DEVICE (st:MODEL_DIR@cpu, minilm@cuda:1) or $PYRABENCH_DEVICE. Its vectors are "
    "cached per model and text under $PYRABENCH_CACHE (default ~/.cache/pyrabench)."
)


def add_data_argument(parser) -> None:
    parser.add_argument(
        "--data",
        metavar="DIR",
        type=nonempty,
        default=None,
        help="data root (default: $PYRABENCH_DATA, else the bundled sample data)",
    )


def add_json_argument(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def print_json(obj: Any) -> None:
    """Stable JSON: sorted keys are *not* used, so the documented key order is kept; NaN is refused."""
    json.dump(obj, sys.stdout, indent=2, allow_nan=False, ensure_ascii=False)
    sys.stdout.write("\n")


def print_table(df, floatfmt: str = "{:.4f}", formats: dict[str, str] | None = None) -> None:
    """A pandas DataFrame as a plain aligned text table (``formats``: column → format string)."""

    formatters = {c: f.format for c, f in (formats or {}).items() if c in df.columns}
    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200):
        print(df.to_string(float_format=floatfmt.format, formatters=formatters or None))
