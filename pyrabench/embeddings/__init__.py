"""Embeddings: text → unit vectors (see :mod:`pyrabench.embeddings.base`).

``load_embedding(spec, vocabulary)`` builds any embedding of Baumel et al. (2016, §4) — Random,
One-Hot, pretrained word vectors (word2vec, Levy & Goldberg, GloVe, Open IE) — plus offline
stand-ins and any local sentence-transformers model (``st:PATH``; all-MiniLM-L6-v2 is
``minilm``); ``REGISTRY`` describes them, ``validate(spec)`` checks a spec without loading
anything, ``available(spec)`` says what this build can compute, ``paper_rows()`` lists Table 1
with availability and the command for each missing row. Caches live under ``$PYRABENCH_CACHE``
(default ``~/.cache/pyrabench``); vector files are looked up in ``$PYRABENCH_VECTORS``.

The names below are resolved on first use (PEP 562), so importing :mod:`.specs` alone — what
the command line does to refuse a bad spec at once — does not import spaCy, torch or gensim.
"""

from __future__ import annotations

import importlib
import importlib.util

#: Public name → the submodule defining it.
_EXPORTS = {
    "Embedding": "base",
    "normalize_rows": "base",
    "paired_cosine": "base",
    "PAPER_ROWS": "specs",
    "REGISTRY": "specs",
    "EmbeddingSpec": "specs",
    "available": "specs",
    "command": "specs",
    "label": "specs",
    "locate": "specs",
    "validate": "specs",
    "catalog": "registry",
    "load_embedding": "registry",
    "paper_rows": "registry",
    "fit_trained_models": "registry",
    "vocabulary": "tokens",
    "Coverage": "tokens",
    "WordBag": "wordbag",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:  # a submodule: E.registry
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
