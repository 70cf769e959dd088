"""Embeddings: text → unit vectors (see :mod:`pyrabench.embeddings.base`)."""

from .base import Embedding, normalize_rows, paired_cosine

__all__ = ["Embedding", "normalize_rows", "paired_cosine"]
