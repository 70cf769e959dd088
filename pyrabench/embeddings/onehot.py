"""One-Hot ("None" in the paper): a sentence is its bag of words, nothing more.

Each vocabulary word is one dimension; the sentence vector is the normalized word-count
vector, so cosine measures pure word overlap. The vocabulary must be fixed before encoding
(every text must live in the same space): pass the benchmark's words, e.g.
``load_embedding("onehot", vocabulary=vocabulary(texts))`` or ``OneHotEmbedding.fit(texts)``. Words
outside it are skipped and counted like unknown words of any embedding.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np
import scipy.sparse as sp

from .tokens import vocabulary as _vocabulary
from .wordbag import WordBag


class OneHotEmbedding(WordBag):
    """Bag-of-words vectors over a fixed vocabulary (one dimension per word, sorted), sparse."""

    sparse = True

    def __init__(self, vocabulary: Iterable[str]):
        words = sorted({w.lower() for w in vocabulary})
        super().__init__("onehot", words, np.zeros((len(words), 0), dtype=np.float32))
        self.dim = len(words)

    @classmethod
    def fit(cls, texts: Iterable[str]) -> "OneHotEmbedding":
        """One dimension per (lower-cased) word type of ``texts``."""
        return cls(_vocabulary(texts, case="lower"))

    def encode(self, texts: Sequence[str]) -> sp.csr_matrix:
        """Normalized count rows as a CSR matrix."""
        matrix, cov = self.counts(list(texts))
        self._record(cov)
        norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
        scale = np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)
        return sp.csr_matrix(sp.diags(scale.astype(np.float32)) @ matrix, dtype=np.float32)
