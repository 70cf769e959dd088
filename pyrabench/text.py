"""Tokenization shared by every module: spaCy's English rule-based tokenizer, no model.

Baumel et al. (2016) tokenized with spaCy; ``spacy.blank("en")`` gives the same tokenizer
without a model download, so it runs offline.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable


@lru_cache(maxsize=1)
def _nlp():
    import spacy

    return spacy.blank("en")


def tokenize(text: str) -> list[str]:
    """spaCy tokens, original case, whitespace tokens dropped."""
    return [t.text for t in _nlp().tokenizer(text) if not t.is_space]


def words(text: str) -> list[str]:
    """Lower-cased tokens that are not punctuation or whitespace: what "words" means here."""
    return [t.lower_ for t in _nlp().tokenizer(text) if not (t.is_punct or t.is_space)]


def words_many(texts: Iterable[str]) -> list[list[str]]:
    """:func:`words` over many texts, using spaCy's batched tokenizer."""
    return [
        [t.lower_ for t in doc if not (t.is_punct or t.is_space)]
        for doc in _nlp().tokenizer.pipe(texts, batch_size=1000)
    ]
