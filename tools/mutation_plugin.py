"""pytest plugin for ``make mutation`` (``-p tools.mutation_plugin`` in ``[tool.mutmut]``): each
test session, that is each mutant's run, gets its own empty ``$PYRABENCH_CACHE``.

The package caches fitted models, features and parsed corpora on disk, keyed by the inputs and
the method's version but not by the code. Shared between mutants, an entry one mutant computed
wrongly would be read by the next (a false kill), and an entry the clean run computed would spare
a mutant's code from running at all (a false survivor). The sample corpora these tests read take
a second to compute afresh.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_ENV = "PYRABENCH_CACHE"
_saved: list[tuple[str | None, str]] = []


def pytest_configure(config):
    path = tempfile.mkdtemp(prefix="pyrabench-mutant-cache-")
    _saved.append((os.environ.get(_ENV), path))
    os.environ[_ENV] = path


def pytest_unconfigure(config):
    if not _saved:
        return
    before, path = _saved.pop()
    if before is None:
        os.environ.pop(_ENV, None)
    else:
        os.environ[_ENV] = before
    shutil.rmtree(path, ignore_errors=True)
