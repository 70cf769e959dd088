"""Tokens for embeddings, and how many of them an embedding knows (coverage).

Words come from :mod:`pyrabench.text` (spaCy's rule-based English tokenizer, punctuation
dropped), as in Baumel et al. (2016). Lower-cased vector sets (GloVe 6B, Levy & Goldberg) are
looked up with lower-cased words; cased ones (GoogleNews) get the original spelling first and
fall back to the lower-cased form, so "Clinton" finds "Clinton" and "The" finds "the".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable, Sequence

import numpy as np

from .. import text as _text

CASES = ("lower", "cased")


def tokens_many(texts: Iterable[str], case: str = "lower") -> list[list[str]]:
    """Words of each text: lower-cased (``case="lower"``) or as written (``case="cased"``)."""
    if case not in CASES:
        raise ValueError(f"case must be one of {CASES}, not {case!r}")
    return _text.words_many(texts, lower=(case == "lower"))


def vocabulary(texts: Iterable[str], case: str = "cased") -> set[str]:
    """The word types of ``texts``: what a vocabulary-filtered load needs to keep.

    With ``case="cased"`` (default) the set holds each word as written *and* lower-cased, so
    one vocabulary serves cased and lower-cased vector files alike.
    """
    texts = list(texts)
    vocab = {w for ws in _text.words_many(texts) for w in ws}
    if case == "cased":
        vocab |= {w for ws in tokens_many(texts, "cased") for w in ws}
    return vocab


@dataclass(frozen=True)
class Coverage:
    """How much of a text set an embedding could see.

    ``tokens``/``known_tokens`` count word occurrences; ``texts_covered`` counts texts with at
    least one known word (the others encode to the zero row); ``texts_empty`` counts texts
    with no word at all (e.g. punctuation only).
    """

    texts: int = 0
    texts_covered: int = 0
    texts_empty: int = 0
    tokens: int = 0
    known_tokens: int = 0
    types: int = 0
    known_types: int = 0

    @property
    def token_share(self) -> float:
        return self.known_tokens / self.tokens if self.tokens else 0.0

    @property
    def text_share(self) -> float:
        return self.texts_covered / self.texts if self.texts else 0.0

    def as_dict(self) -> dict:
        return {**asdict(self), "token_share": self.token_share, "text_share": self.text_share}

    def __add__(self, other: "Coverage") -> "Coverage":
        # Types cannot be merged exactly without the sets; keep them as running sums of batches.
        return Coverage(*(a + b for a, b in zip(_values(self), _values(other))))


def _values(c: Coverage) -> tuple[int, ...]:
    return (c.texts, c.texts_covered, c.texts_empty, c.tokens, c.known_tokens, c.types, c.known_types)


def coverage_of(lengths: np.ndarray, index: np.ndarray, flat_tokens: Sequence[str]) -> Coverage:
    """Coverage from token counts per text, the vocabulary index per token (-1 = unknown)."""
    lengths = np.asarray(lengths, dtype=np.int64)
    known = np.asarray(index) >= 0
    text_of = np.repeat(np.arange(len(lengths)), lengths)
    per_text = np.bincount(text_of, weights=known, minlength=len(lengths))
    if len(flat_tokens):
        types, first = np.unique(np.asarray(flat_tokens, dtype=str), return_index=True)
        n_types, n_known_types = len(types), int(known[first].sum())
    else:
        n_types = n_known_types = 0
    return Coverage(
        texts=len(lengths),
        texts_covered=int((per_text > 0).sum()),
        texts_empty=int((lengths == 0).sum()),
        tokens=int(lengths.sum()),
        known_tokens=int(known.sum()),
        types=n_types,
        known_types=n_known_types,
    )
