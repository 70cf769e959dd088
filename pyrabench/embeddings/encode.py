"""Texts → vectors, the one path every task takes (paraphrase tests, STS, automated scoring).

:func:`encode` asks the embedding once for the *distinct* texts (tokenizing and encoding
dominate; benchmarks and STS repeat texts a lot), checks what comes back (shape, finite
values) and re-normalizes the rows, dense or sparse as the embedding declares. The paired
similarities of many (a, b) rows are then one gather and one row-wise product
(:func:`row_dots`), never a Python loop over pairs.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
import scipy.sparse as sp

from ..errors import EmbeddingError
from .base import Embedding, normalize_rows, paired_cosine

CHUNK_FLOATS = 1 << 20  # floats gathered per chunk when scoring dense pairs (4 MB of float32)


def _checked(embedding: Embedding, n: int, vectors):
    """Shape and finiteness checked, rows unit-normalized (zero rows stay zero)."""
    if not sp.issparse(vectors):
        vectors = np.asarray(vectors)
    if vectors.ndim != 2 or vectors.shape[0] != n:
        raise EmbeddingError(f"embedding {embedding.name}: encode returned shape {vectors.shape} for {n} texts")
    if sp.issparse(vectors):
        vectors = sp.csr_matrix(vectors, dtype=np.float32)
        if not np.isfinite(vectors.data).all():
            raise EmbeddingError(f"embedding {embedding.name}: encode returned NaN/infinite values")
        norms = np.sqrt(np.asarray(vectors.multiply(vectors).sum(axis=1)).ravel())
        scale = np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)
        return sp.csr_matrix(sp.diags(scale.astype(np.float32)) @ vectors)
    if not np.isfinite(vectors).all():
        raise EmbeddingError(f"embedding {embedding.name}: encode returned NaN/infinite values")
    return normalize_rows(vectors)


def encode(embedding: Embedding, texts: Sequence[str]):
    """Unit rows for ``texts`` (in order), each distinct text encoded once.

    Dense ``float32`` rows, or CSR when the embedding is :attr:`~Embedding.sparse`. A
    :attr:`~Embedding.per_occurrence` embedding encodes every occurrence on its own.
    """
    texts = [str(t) for t in texts]
    if embedding.per_occurrence or len(set(texts)) == len(texts):
        return _checked(embedding, len(texts), embedding.encode(texts))
    codes, uniques = pd.factorize(pd.Series(texts, dtype=object))
    rows = _checked(embedding, len(uniques), embedding.encode([str(t) for t in uniques]))
    return rows[codes]


def encode_dense(embedding: Embedding, texts: Sequence[str]) -> np.ndarray:
    """:func:`encode` as a dense array, for callers that do linear algebra on the rows."""
    rows = encode(embedding, texts)
    return rows.toarray() if sp.issparse(rows) else rows


def row_dots(vectors, rows_a: np.ndarray, rows_b: np.ndarray) -> np.ndarray:
    """Dot product of ``vectors[rows_a[i]]`` with ``vectors[rows_b[i]]`` for every i (cosines
    for unit rows), dense or sparse, in cache-sized chunks."""
    if sp.issparse(vectors):
        return np.asarray(vectors[rows_a].multiply(vectors[rows_b]).sum(axis=1), dtype=np.float64).ravel()
    out = np.empty(len(rows_a), dtype=np.float64)
    step = max(1, CHUNK_FLOATS // max(1, vectors.shape[1]))
    for start in range(0, len(rows_a), step):
        stop = start + step
        out[start:stop] = paired_cosine(vectors[rows_a[start:stop]], vectors[rows_b[start:stop]])
    return out


def pair_similarities(embedding: Embedding, texts_a: Sequence[str], texts_b: Sequence[str]) -> np.ndarray:
    """Cosine of each (a, b) text pair: both sides encoded in one call, then :func:`row_dots`."""
    n = len(texts_a)
    if len(texts_b) != n:
        raise ValueError(f"{n} texts against {len(texts_b)}")
    vectors = encode(embedding, [*texts_a, *texts_b])
    index = np.arange(n)
    return row_dots(vectors, index, index + n)
