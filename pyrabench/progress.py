"""Progress bars: one rule for every long step.

A bar is text on stderr, shown on a terminal only unless the caller asks otherwise. Plain
``tqdm``, never ``tqdm.auto``: inside a notebook ``tqdm.auto`` draws an ipywidget whatever
``disable=None`` says, and the book's page then loads the widget's script from a CDN (the book is
read offline) to show a bar that had finished before the page was built.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from tqdm import tqdm


def shown(wanted: bool | None) -> bool:
    """``True`` shows, ``False`` hides, ``None`` shows on a terminal only."""
    return wanted if wanted is not None else sys.stderr.isatty()


def progress_bar(iterable: Iterable | None = None, *, wanted: bool | None = None, **kwargs) -> tqdm:
    """A text bar on stderr that leaves no line behind; ``wanted`` as in :func:`shown`."""
    return tqdm(iterable, file=sys.stderr, disable=not shown(wanted), leave=False, **kwargs)
