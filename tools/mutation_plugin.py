"""pytest plugin for ``make mutation`` (``-p tools.mutation_plugin`` in ``[tool.mutmut]``): each
test session, that is each mutant's run, starts from no computed result.

mutmut runs the clean tests in its own process and forks each mutant's run from it, and the
package keeps results twice: on disk (fitted models, features, parsed corpora, keyed by the inputs
and the method's version, not by the code) and in memory (tokenized words, corpus keys, peer
units). A result the clean run left would spare a mutant's code from running (a false
survivor), and an entry one mutant computed wrongly on disk would be read by the next (a false
kill). So each session gets its own empty ``$PYRABENCH_CACHE`` and the memos of :data:`MEMOS`
are emptied. The ``lru_cache``s stay: mutmut does not mutate a decorated function, and what they
hold (spaCy's pipeline, a similarity object, a parsed corpus, a trained WMF model) does not come
from the modules under test; rebuilding spaCy's pipeline for every mutant would double the run.
The imported libraries stay loaded too: that is what makes forking fast.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

_ENV = "PYRABENCH_CACHE"
#: The package's module-level memos (dicts) of results computed by the modules under test.
MEMOS = {
    "pyrabench.text": ("_MEMO",),
    "pyrabench.scoring.scu_model.calibrated": ("_UNITS", "_FRAMES"),
    "pyrabench.scoring.recipe2013.pipeline": ("_CORPUS_KEYS",),
    "pyrabench.scoring.pyramids.evaluation": ("_UNITS",),
    "pyrabench.scoring.manual": ("_TERMS",),
}
_saved: list[tuple[str | None, str]] = []


def forget_results() -> None:
    """Empty the memos of :data:`MEMOS` in the modules imported so far."""
    for name, attrs in MEMOS.items():
        module = sys.modules.get(name)
        for attr in attrs if module is not None else ():
            getattr(module, attr).clear()


def pytest_configure(config):
    path = tempfile.mkdtemp(prefix="pyrabench-mutant-cache-")
    _saved.append((os.environ.get(_ENV), path))
    os.environ[_ENV] = path
    forget_results()


def pytest_unconfigure(config):
    if not _saved:
        return
    before, path = _saved.pop()
    if before is None:
        os.environ.pop(_ENV, None)
    else:
        os.environ[_ENV] = before
    shutil.rmtree(path, ignore_errors=True)
