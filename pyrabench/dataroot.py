"""Where the data comes from: ``--data DIR``, else ``PYRABENCH_DATA``, else the bundled sample.

The real corpora are licensed and never shipped; the package carries a small sample written
for this project (our own sentences, same layouts) so the book and the unit tests run anywhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .errors import MissingDataError

ENV_DATA = "PYRABENCH_DATA"
ENV_REQUIRE = "PYRABENCH_REQUIRE_DATA"
SAMPLE_ROOT = Path(__file__).resolve().parent / "sample_data"
#: Where a user learns how to obtain each corpus and lay it out (error messages point here).
DATA_PAGE = "the data page of the book (book/data.md)"


@dataclass(frozen=True)
class DataRoot:
    path: Path
    is_sample: bool

    def describe(self) -> str:
        if self.is_sample:
            return f"bundled sample data ({self.path}); set {ENV_DATA} to use the real corpora"
        return f"real data root {self.path}"


def resolve(data: DataRoot | str | os.PathLike | None = None) -> DataRoot:
    """The data root to use: explicit argument, then the environment, then the sample.

    Every public function that reads data takes its root in any of these forms and calls this
    once; a :class:`DataRoot` passes through unchanged.
    """
    if isinstance(data, DataRoot):
        return data
    chosen = data if data not in (None, "") else os.environ.get(ENV_DATA) or None
    if chosen is None:
        return DataRoot(SAMPLE_ROOT, is_sample=True)
    path = Path(chosen).expanduser().resolve()
    if not path.is_dir():
        source = "--data" if data not in (None, "") else ENV_DATA
        raise MissingDataError(f"data root {path} (from {source}) is not a directory")
    return DataRoot(path, is_sample=(path == SAMPLE_ROOT))


def data_required() -> bool:
    """True when CI asks that a missing real corpus be a failure rather than a skip."""
    return os.environ.get(ENV_REQUIRE, "").strip().lower() in {"1", "true", "yes"}
