"""Optional extras: import a library that the core install leaves out, or say which extra adds it.

The core dependencies run every command on the bundled sample data. Plotting, the book, sentence
encoders, MTEB, ROUGE and the calibrated scorer are extras (``pyproject.toml``); the code that needs
one imports it through :func:`require`, where it is used, so a missing one is a one-line
:class:`~pyrabench.errors.MissingExtraError` naming the ``pip install`` that fixes it, and the
command line never pays for a library it does not use.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from .errors import MissingExtraError


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """``import module``, or a :class:`MissingExtraError` saying that ``purpose`` needs
    ``pip install "pyrabench[extra]"`` (also when one of the module's own dependencies is missing)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise missing(exc.name or module, extra, purpose) from None


def installed(module: str) -> bool:
    """Is ``module`` importable here? (Looked up, not imported: no start-up cost.)"""
    return importlib.util.find_spec(module.split(".")[0]) is not None


def missing(module: str, extra: str, purpose: str) -> MissingExtraError:
    """The error for ``purpose`` when ``module`` of the extra ``extra`` is not installed."""
    package = module.split(".")[0]  # the package pip installs
    return MissingExtraError(f'{purpose} needs the optional package {package!r}: pip install "pyrabench[{extra}]"')


def plotting() -> tuple[ModuleType, ModuleType]:
    """``(matplotlib.pyplot, seaborn)`` for a function that draws a figure (the ``plot`` extra)."""
    return require("matplotlib.pyplot", "plot", "a figure"), require("seaborn", "plot", "a figure")
