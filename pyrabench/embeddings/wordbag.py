"""Sentence vector = normalized sum of word vectors (Baumel et al. 2016, §4).

:class:`WordBag` is the one encoder behind every word-level embedding here (pretrained
vectors, stand-ins, One-Hot, per-type random vectors): tokens are mapped to row indices once,
then a sparse text×word count matrix times the word matrix sums all rows in one product.
Unknown words are skipped and counted (:attr:`WordBag.coverage`); a text with no known word
encodes to the zero row, whose cosine with anything is 0 — never NaN.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import scipy.sparse as sp

from .base import Embedding, normalize_rows
from .tokens import coverage_of, tokens_many


class WordBag(Embedding):
    """Bag-of-words encoder over a fixed word list and its ``(len(words), dim)`` matrix."""

    def __init__(self, name: str, words: Sequence[str], vectors: np.ndarray, case: str = "lower"):
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(words):
            raise ValueError(f"{name}: {len(words)} words but vectors of shape {vectors.shape}")
        self.name = name
        self.case = case
        self.words = list(words)
        self.vectors = vectors
        self.dim = int(vectors.shape[1])
        self.index: dict[str, int] = {}
        for i, w in enumerate(self.words):  # first occurrence wins (files list frequent forms first)
            self.index.setdefault(w, i)
        self._lower: dict[str, int] | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, words={len(self.words)}, dim={self.dim}, case={self.case!r})"

    @property
    def lower_index(self) -> dict[str, int]:
        """Lower-cased word → index of its first (most frequent) spelling, for cased files."""
        if self._lower is None:
            self._lower = {}
            for i, w in enumerate(self.words):
                self._lower.setdefault(w.lower(), i)
        return self._lower

    def lookup(self, flat_tokens: Sequence[str]) -> np.ndarray:
        """Row index of each token, -1 when unknown (cased: exact spelling, then lower-case)."""
        get = self.index.get
        idx = np.fromiter((get(t, -1) for t in flat_tokens), dtype=np.int64, count=len(flat_tokens))
        if self.case == "cased":
            missing = np.flatnonzero(idx < 0)
            if len(missing):
                lget = self.lower_index.get
                idx[missing] = [lget(flat_tokens[i].lower(), -1) for i in missing]
        return idx

    def counts(self, texts: Sequence[str]):
        """Sparse ``(len(texts), len(words))`` occurrence counts, and the coverage of ``texts``."""
        token_lists = tokens_many(texts, self.case)
        lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(token_lists))
        flat = [t for toks in token_lists for t in toks]
        idx = self.lookup(flat)
        rows = np.repeat(np.arange(len(token_lists)), lengths)
        known = idx >= 0
        matrix = sp.csr_matrix(
            (np.ones(int(known.sum()), dtype=np.float32), (rows[known], idx[known])),
            shape=(len(token_lists), len(self.words)),
        )
        matrix.sum_duplicates()
        return matrix, coverage_of(lengths, idx, flat)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        matrix, cov = self.counts(texts)
        self._record(cov)
        return normalize_rows(np.asarray(matrix @ self.vectors, dtype=np.float32))
