"""The one interface every embedding implements: texts in, unit-length rows out.

Baumel et al. (2016) define sentence similarity as the cosine of the normalized sum of the
word vectors. With rows already L2-normalized, cosine is a row-wise dot product, so all pairs
are scored at once with numpy. A text with no known word encodes to the zero row, whose
similarity to anything is 0 (defined, never NaN).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

import numpy as np


class Embedding(ABC):
    """Text → vector. Subclasses set ``name`` and ``dim`` and implement :meth:`encode`."""

    name: str = "embedding"
    dim: int = 0

    @abstractmethod
    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Return a ``(len(texts), dim)`` float32 array of L2-normalized rows (zero row = unknown)."""


def normalize_rows(x: np.ndarray) -> np.ndarray:
    """L2-normalize each row; zero rows stay zero (no division by zero, no NaN)."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


def paired_cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of row i of ``a`` with row i of ``b`` for normalized rows: one vectorized dot."""
    return np.einsum("ij,ij->i", a, b)
