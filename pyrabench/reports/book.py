"""What every chapter needs to stay true on either data: a note when it runs on the sample,
text that only the real data supports, numbers glued into the prose, and no machine paths.

A chapter's prose may only state what its build computed. Numbers go through :func:`glue`
(myst-nb's ``{glue:text}`` role reads them); claims that hold only on the real corpora go through
:func:`real_data_only`, which shows them when the build ran on the real data and nothing
otherwise.
"""

from __future__ import annotations

import os
from pathlib import Path

from IPython.core.formatters import format_display_data
from IPython.display import Markdown, display as _display

from ..dataroot import ENV_DATA, SAMPLE_ROOT, DataRoot
from .tables import book_table, book_tables

SAMPLE_NOTE = (
    "This chapter ran on the **bundled sample data**: small invented corpora in the original "
    "layouts, so its numbers show the method, not the published results. Set `{env}` to the real "
    "data and rebuild to get those (see {{doc}}`{data_page}`)."
)


def chapter_note(root: DataRoot, data_page: str = "../book/data") -> Markdown | None:
    """One line at the top of a chapter: which data it ran on (nothing to say on the real data;
    None, not an empty Markdown, whose page would show its repr)."""
    if root.is_sample:
        return Markdown(":::{note}\n" + SAMPLE_NOTE.format(env=ENV_DATA, data_page=data_page) + "\n:::")
    return None


def prose(text: str) -> Markdown | None:
    """``text`` as Markdown, or nothing when there is nothing to say: an empty ``Markdown`` would
    show its repr in the built page."""
    return Markdown(text) if text.strip() else None


def real_data_only(root: DataRoot, text: str, title: str = "On the real data") -> Markdown | None:
    """``text`` (MyST Markdown) in an admonition when the build ran on the real data, else nothing."""
    if root.is_sample:
        return None
    return Markdown(f":::{{admonition}} {title}\n:class: note\n{text}\n:::")


#: myst-nb's MIME prefix for a value glued without being displayed (``myst_nb.ext.glue.GLUE_PREFIX``).
GLUE_PREFIX = "application/papermill.record/"


def _myst_glue(name: str, value, display: bool = True) -> None:
    """``myst_nb.glue``'s output, without importing myst-nb in the kernel: its import pulls in
    nbformat and jsonschema's format checkers, a second or more of every page's time
    (``benchmarks/book_profile.md``). The output is the one myst-nb writes and reads (a test
    compares them): the value's display data, its MIME types prefixed when not displayed, and
    its name under the ``scrapbook`` metadata key."""
    bundle, metadata = format_display_data(value)
    prefix = "" if display else GLUE_PREFIX
    metadata["scrapbook"] = dict(name=name, mime_prefix=prefix)
    _display({prefix + k: v for k, v in bundle.items()}, raw=True, metadata=metadata)


def glue(**values) -> None:
    """Glue each value under its keyword name for ``{glue:text}`` roles, without displaying it."""
    for name, value in values.items():
        _myst_glue(name, value, display=False)


def shown_path(path: str | os.PathLike, root: DataRoot) -> str:
    """A path as a page may show it: relative to the data root (or the sample), never absolute."""
    path = Path(path)
    try:
        rel = path.resolve().relative_to(root.path)
    except ValueError:
        return path.name
    return str(rel) if str(rel) != "." else "."


def shown_text(text: str, root: DataRoot) -> str:
    """Printed output as a page may show it: the data root's path named, not spelled out (what
    ``pyrabench`` commands print first)."""
    return text.replace(str(root.path), f"pyrabench/{SAMPLE_ROOT.name}" if root.is_sample else f"${ENV_DATA}")


#: A frame as a page shows it: labelled headers, numbers at their precision, "—" for missing
#: values (:func:`pyrabench.reports.tables.book_table`, the one rule for every table).
table = book_table
tables = book_tables  # a wide table, one per top-level column key
