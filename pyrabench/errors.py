"""Errors that name the file (and line) they come from.

Every failure a user can cause with bad input surfaces as a :class:`PyrabenchError`, so the
CLI can print one clear line instead of a traceback, and tests can assert on one type.
"""

from __future__ import annotations

from pathlib import Path


class PyrabenchError(Exception):
    """Base class: a problem the user can act on."""


class DataFormatError(PyrabenchError):
    """A file exists but cannot be read as the format it claims to be."""

    def __init__(self, path: str | Path, message: str, line: int | None = None):
        self.path = str(path)
        self.line = line
        self.reason = message
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


class MissingDataError(PyrabenchError):
    """A file, corpus or data root that was asked for by name is not there."""


class MissingExtraError(PyrabenchError):
    """An optional library (a ``pyrabench[...]`` extra) that a command or function needs is not
    installed; the message says which extra installs it (:func:`pyrabench.extras.require`)."""


class UnknownNameError(PyrabenchError):
    """A name (corpus, embedding, system, format) that the registry does not know."""


class EmbeddingError(PyrabenchError):
    """An embedding that returned unusable vectors (wrong shape, NaN or infinite values)."""


class EvaluationError(PyrabenchError):
    """A benchmark that cannot be scored (missing columns, empty cells, non-binary labels, two
    score sets from different benchmarks)."""


class MetricInputError(PyrabenchError, ValueError):
    """Scores or labels that no metric can be computed on (NaN, wrong shape, non-binary labels)."""


class EmptyCorpusError(MissingDataError):
    """A corpus asked for by name is present but holds no usable SCU (an empty file, no ``<scu>``)."""


class OutputError(PyrabenchError):
    """An output path that cannot be written: a file where a directory belongs, no permission,
    or a directory holding files that are not ours to replace."""


class PyrabenchWarning(UserWarning):
    """Something the user should know that is not an error (e.g. an empty corpus found while
    discovering every corpus under a data root); the CLI prints it as one line."""
