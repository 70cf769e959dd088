"""The one interface every embedding implements: texts in, unit-length rows out.

Baumel et al. (2016) define sentence similarity as the cosine of the normalized sum of the
word vectors. With rows already L2-normalized, cosine is a row-wise dot product, so all pairs
are scored at once with numpy. A text with no known word encodes to the zero row, whose
similarity to anything is 0 (defined, never NaN).

What a caller may need to know about an embedding is declared here, not guessed: whether its
rows come sparse (:attr:`Embedding.sparse`), whether one text may get different vectors on
different occurrences (:attr:`Embedding.per_occurrence`), and how much of the text it saw
(:attr:`Embedding.coverage`). Callers encode through :func:`pyrabench.embeddings.encode.encode`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

import numpy as np

from .tokens import Coverage


class Embedding(ABC):
    """Text → vector. Subclasses set ``name`` and ``dim`` and implement :meth:`encode`."""

    name: str = "embedding"
    dim: int = 0
    #: :meth:`encode` returns a ``scipy.sparse`` CSR matrix (One-Hot: a dimension per word type,
    #: far too wide to densify for a whole benchmark).
    sparse: bool = False
    #: Every occurrence of a text gets a fresh vector (the paper's Random baseline), so rows must
    #: never be shared between occurrences of one text.
    per_occurrence: bool = False
    #: Words seen and known, accumulated over every :meth:`encode` call, and of the last call.
    coverage: Coverage = Coverage()
    last_coverage: Coverage = Coverage()

    @abstractmethod
    def encode(self, texts: Sequence[str]):
        """Return ``(len(texts), dim)`` float32 L2-normalized rows (zero row = unknown); dense
        ``np.ndarray``, or CSR when :attr:`sparse`."""

    def _record(self, coverage: Coverage) -> None:
        """Account the coverage of one :meth:`encode` call."""
        self.last_coverage = coverage
        self.coverage = self.coverage + coverage


def normalize_rows(x: np.ndarray) -> np.ndarray:
    """L2-normalize each row; zero rows stay zero (no division by zero, no NaN)."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


def paired_cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of row i of ``a`` with row i of ``b`` for normalized rows: one vectorized dot."""
    return np.einsum("ij,ij->i", a, b)
