"""Embeddings: text → unit vectors (see :mod:`pyrabench.embeddings.base`).

``load(spec, vocabulary)`` builds any embedding of Baumel et al. (2016, §4) — Random,
One-Hot, pretrained word vectors (word2vec, Levy & Goldberg, GloVe, Open IE) — plus offline
stand-ins and any local sentence-transformers model (``st:PATH``; all-MiniLM-L6-v2 is ``minilm``); ``REGISTRY`` describes them, ``available(spec)``
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
    label,
    load,
    locate,
    paper_rows,
    validate,
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
    "label",
    "validate",
    "locate",
    "paper_rows",
    "vocabulary",
    "Coverage",
    "WordBag",
]
