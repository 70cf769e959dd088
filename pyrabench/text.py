"""Tokenization shared by every module: spaCy's English rule-based pipeline, no model.

Baumel et al. (2016) tokenized with spaCy; ``spacy.blank("en")`` gives the same tokenizer
without a model download, so it runs offline. The one pipeline (:func:`nlp`) also carries the
rule-based sentencizer, which only the automated scorer's segmentation runs; the stop list and
the content-word test live here too, so every task means the same by "word".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

import numpy as np
import spacy
from spacy.attrs import IDX, IS_PUNCT, IS_SPACE, LOWER, ORTH
from spacy.lang.en.stop_words import STOP_WORDS as SPACY_STOP_WORDS

#: spaCy's English stop list (the paper used spaCy).
STOP_WORDS: frozenset[str] = frozenset(SPACY_STOP_WORDS)


@lru_cache(maxsize=1)
def nlp():
    """``spacy.blank("en")`` plus the rule-based sentencizer (``nlp.tokenizer`` alone tokenizes)."""
    pipeline = spacy.blank("en")
    pipeline.add_pipe("sentencizer")
    return pipeline


def is_content_word(word: str, stop_words: frozenset[str] = STOP_WORDS) -> bool:
    """A word with a letter or digit that is not a stop word."""
    return word not in stop_words and any(ch.isalnum() for ch in word)


def tokenize(text: str) -> list[str]:
    """spaCy tokens, original case, whitespace tokens dropped."""
    return [t.text for t in nlp().tokenizer(text) if not t.is_space]


def words(text: str, lower: bool = True) -> list[str]:
    """Tokens that are not punctuation or whitespace (lower-cased by default): what "words" means here."""
    return words_many([text], lower=lower)[0]


_MEMO: dict[tuple[bool, str], list[str]] = {}
_MEMO_LIMIT = 1_000_000  # texts; the benchmark, STS and the summaries together hold ~10^5


def words_many(texts: Iterable[str], lower: bool = True) -> list[list[str]]:
    """:func:`words` over many texts at once, each distinct text tokenized once per process.

    Tokenizing dominates encoding; the STS years, the benchmark and the scorer share many texts
    and compare several embeddings on them, so the words are memoized by text.
    """
    texts = list(texts)
    new = [t for t in dict.fromkeys(texts) if (lower, t) not in _MEMO]
    if new:
        if len(_MEMO) + len(new) > _MEMO_LIMIT:
            _MEMO.clear()  # and so every text of this call is new again
            new = list(dict.fromkeys(texts))
        _MEMO.update(((lower, t), ws) for t, ws in zip(new, _tokenize_words(new, lower)))
    return [list(_MEMO[(lower, t)]) for t in texts]


def _tokenize_words(texts: list[str], lower: bool) -> list[list[str]]:
    """The words of each text, tokenizing each distinct whitespace-free chunk once.

    spaCy's tokenizer splits a text at whitespace and tokenizes each whitespace-free chunk on its
    own. So each *distinct* chunk of all texts is tokenized once (in one ``Doc``, read through
    ``Doc.to_array`` without building ``Token`` objects), and a text's words are its chunks' words
    in order: several times faster than tokenizing text by text, with the same result (the tests
    compare the two on every real item).
    """
    chunked = [t.split() for t in texts]
    index: dict[str, int] = {}
    for chunks in chunked:
        for c in chunks:
            index.setdefault(c, len(index))
    if not index:
        return [[] for _ in chunked]
    unique = list(index)
    pipeline = nlp()
    lengths = np.fromiter((len(c) for c in unique), dtype=np.int64, count=len(unique))
    starts = np.concatenate([[0], np.cumsum(lengths + 1)[:-1]])
    arr = pipeline.tokenizer(" ".join(unique)).to_array([LOWER if lower else ORTH, IS_PUNCT, IS_SPACE, IDX])
    keep = (arr[:, 1] == 0) & (arr[:, 2] == 0)
    owner = np.searchsorted(starts, arr[keep, 3].astype(np.int64), side="right") - 1
    strings = pipeline.vocab.strings
    words_of: list[list[str]] = [[] for _ in unique]
    for k, h in zip(owner.tolist(), arr[keep, 0].tolist()):
        words_of[k].append(strings[h])
    return [[w for c in chunks for w in words_of[index[c]]] for chunks in chunked]


def words_one_by_one(texts: Iterable[str], lower: bool = True) -> list[list[str]]:
    """The straightforward reference for :func:`words_many`: one spaCy call per text (for tests)."""
    tok = nlp().tokenizer
    return [
        [t.lower_ if lower else t.text for t in tok(text) if not (t.is_punct or t.is_space)]
        for text in texts
    ]
