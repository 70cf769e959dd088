"""Tokenization shared by every module: spaCy's English rule-based pipeline, no model.

Baumel et al. (2016) tokenized with spaCy; ``spacy.blank("en")`` gives the same tokenizer
without a model download, so it runs offline. The one pipeline (:func:`nlp`) also carries the
rule-based sentencizer, which only the automated scorer's segmentation runs; the stop list and
the content-word test live here too, so every task means the same by "word".

**Two counts, on purpose.** :func:`words` (spaCy tokens that are not punctuation) is what a word
is when texts are compared. :func:`count_words` and :func:`cut_words` count as NIST's length
limits did: a whitespace-separated token holding a letter or digit (``U.S.-led`` is one word,
``--`` none). Under that count every annotated DUC peer is within its corpus's limit, so a limit
never truncates a peer that was annotated; another count would move where summaries are cut.

spaCy is imported at the first tokenization, not with this module, and without torch: spaCy's
model library (thinc) imports torch whenever it is installed, a second of start-up that a
rule-based tokenizer never uses (:func:`_import_spacy`). The stop list is read from spaCy's own
file, so importing this module imports no spaCy at all.
"""

from __future__ import annotations

import importlib.abc
import importlib.metadata
import importlib.util
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np


def _spacy_stop_words() -> frozenset[str]:
    """spaCy's English stop list, executed from spaCy's source file (``spacy/lang/en/stop_words.py``,
    plain Python with no imports), so that reading it does not import spaCy."""
    if "spacy" in sys.modules:
        from spacy.lang.en.stop_words import STOP_WORDS as spacy_stop_words

        return frozenset(spacy_stop_words)
    package = importlib.util.find_spec("spacy")  # locates spaCy without importing it
    path = Path(package.origin).parent / "lang" / "en" / "stop_words.py"
    namespace: dict = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
    return frozenset(namespace["STOP_WORDS"])


#: spaCy's English stop list (the paper used spaCy).
STOP_WORDS: frozenset[str] = _spacy_stop_words()


class _HideTorch(importlib.abc.MetaPathFinder):
    """An import hook under which ``import torch`` fails as if torch were not installed."""

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "torch":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


def _import_spacy():
    """``import spacy`` with torch hidden when it is not imported yet: thinc then records "no
    torch" (``thinc.compat.has_torch``), which only thinc's own torch layers read; a sentence
    encoder imports torch itself afterwards, unaffected."""
    if "spacy" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    hide = _HideTorch()
    sys.meta_path.insert(0, hide)
    try:
        import spacy
    finally:
        sys.meta_path.remove(hide)
    return spacy


def tokenizer_version() -> str:
    """What the words depend on, for cache keys: spaCy's version, read without importing spaCy."""
    return f"spacy-{importlib.metadata.version('spacy')}-blank-en"


#: The longest text :func:`nlp` takes, in characters: any. spaCy's default (10**6, error E088)
#: guards its parser and named-entity models, which need about 1 GB per 100,000 characters; this
#: pipeline has neither, and its tokenizer and sentencizer take time and memory in proportion to
#: the text, so a long text is parsed whole, exactly as a short one.
MAX_LENGTH = sys.maxsize


@lru_cache(maxsize=1)
def nlp():
    """``spacy.blank("en")`` plus the rule-based sentencizer (``nlp.tokenizer`` alone tokenizes),
    for texts of any length (:data:`MAX_LENGTH`)."""
    pipeline = _import_spacy().blank("en")
    pipeline.add_pipe("sentencizer")
    pipeline.max_length = MAX_LENGTH
    return pipeline


def is_content_word(word: str, stop_words: frozenset[str] = STOP_WORDS) -> bool:
    """A word with a letter or digit that is not a stop word."""
    return word not in stop_words and any(ch.isalnum() for ch in word)


def tokenize(text: str) -> list[str]:
    """spaCy tokens, original case, whitespace tokens dropped."""
    return [t.text for t in nlp().tokenizer(text) if not t.is_space]


_WHITESPACE_TOKEN = re.compile(r"\S+")
_HAS_ALNUM = re.compile(r"\w")


def count_words(text: str) -> int:
    """Words as DUC's length limits count them (module docstring): whitespace-separated tokens
    with a letter or digit."""
    return sum(1 for m in _WHITESPACE_TOKEN.finditer(text) if _HAS_ALNUM.search(m.group()))


def cut_words(text: str, limit: int) -> tuple[str, int]:
    """``text`` up to its ``limit``-th word (:func:`count_words`), and how many words that is
    (at most ``limit``): the text as a length limit leaves it."""
    n = 0
    for m in _WHITESPACE_TOKEN.finditer(text):
        if _HAS_ALNUM.search(m.group()):
            n += 1
            if n == limit:
                return text[: m.end()], n
    return text, n


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
    from spacy.attrs import IDX, IS_PUNCT, IS_SPACE, LOWER, ORTH  # spaCy is imported by nlp()

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
