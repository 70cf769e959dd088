"""Embeddings: text → unit vectors (see :mod:`pyrabench.embeddings.base`).

``load(spec, vocabulary)`` builds any embedding of Baumel et al. (2016, §4) — Random,
One-Hot, pretrained word vectors (word2vec, Levy & Goldberg, GloVe, Open IE) — plus offline
stand-ins and a modern sentence encoder; ``REGISTRY`` describes them, ``available(spec)``
says what this build can compute, ``paper_rows()`` lists Table 1 with availability and the
command for each missing row. Caches live under ``$PYRABENCH_CACHE`` (default
``~/.cache/pyrabench``); vector files are looked up in ``$PYRABENCH_VECTORS``.
"""

from .base import Embedding, normalize_rows, paired_cosine
from .registry import (
    PAPER_ROWS,
    REGISTRY,
    EmbeddingSpec,
    available,
    catalog,
    command,
    load,
    locate,
    paper_rows,
)
from .tokens import Coverage, vocabulary
from .wordbag import WordBag

__all__ = [
    "Embedding",
    "normalize_rows",
    "paired_cosine",
    "load",
    "REGISTRY",
    "PAPER_ROWS",
    "EmbeddingSpec",
    "available",
    "catalog",
    "command",
    "locate",
    "paper_rows",
    "vocabulary",
    "Coverage",
    "WordBag",
]
