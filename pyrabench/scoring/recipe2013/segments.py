"""Candidate segments of a summary: every contiguous word span inside a sentence, up to a length.

Harnly et al. (2005) and Passonneau et al. (2013) let the dynamic program cut each sentence
into spans and match each span to at most one SCU; a contributor never crosses a sentence
boundary in their setting, and neither does a segment here. They considered every span of a
sentence. We bound the span length at ``max_len`` words (default :data:`DEFAULT_MAX_LEN`):
a sentence of ``n`` words then has about ``n * max_len`` candidates instead of ``n²/2``. The
bound is chosen from the data, not for speed alone: in the 1,481 DUC 2006/2007 peer annotations
the 9,291 human peer contributors are short clauses (median 10 words, 5th–95th percentile 3–28
words, see chapter 6); 83 % of them fit within 3–20 words.

Words are :func:`pyrabench.text.words` tokens (lower-cased, no punctuation), so punctuation
neither starts nor ends a segment. Sentences come from spaCy's rule-based ``sentencizer`` plus
every line break (DUC peers and student summaries put one sentence or item per line).

Spans shorter than ``min_len`` words (default 3, the 5th percentile of human contributor length)
are not candidates: the matcher maximizes weight, and one- or two-word spans ("matter",
"tribal casinos") clear a lexical threshold against many SCUs, so without the floor the
matcher shreds sentences into fragments and retrieves far more SCUs than a human would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ...text import nlp, words_many

DEFAULT_MAX_LEN = 20
DEFAULT_MIN_LEN = 3


@dataclass(frozen=True)
class Tokens:
    """A tokenized summary: its words, their character spans, and sentence word ranges."""

    text: str
    words: tuple[str, ...]
    starts: np.ndarray  # char offset of each word
    ends: np.ndarray
    sentences: tuple[tuple[int, int], ...]  # [first word, last word + 1) per sentence

    def __len__(self) -> int:
        return len(self.words)

    def span_text(self, start: int, end: int) -> str:
        """The original text of words ``start .. end-1``."""
        return self.text[int(self.starts[start]) : int(self.ends[end - 1])]


def _from_doc(text: str, doc) -> Tokens:
    words, starts, ends, sent_first = [], [], [], []
    new_sentence = True
    for tok in doc:
        if tok.is_sent_start:
            new_sentence = True
        if tok.is_space:
            if "\n" in tok.text:
                new_sentence = True
            continue
        if tok.is_punct:
            continue
        if new_sentence:
            sent_first.append(len(words))
            new_sentence = False
        words.append(tok.lower_)
        starts.append(tok.idx)
        ends.append(tok.idx + len(tok.text))
        if "\n" in tok.whitespace_:
            new_sentence = True
    bounds = sent_first + [len(words)]
    sentences = tuple((a, b) for a, b in zip(bounds[:-1], bounds[1:]) if b > a)
    return Tokens(text, tuple(words), np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64), sentences)


def tokenize_summary(text: str) -> Tokens:
    """Words with offsets and sentence boundaries (see the module docstring)."""
    return _from_doc(text, nlp()(text))


def tokenize_many(texts: Sequence[str]) -> list[Tokens]:
    """:func:`tokenize_summary` over many texts with spaCy's batched pipe."""
    return [_from_doc(t, d) for t, d in zip(texts, nlp().pipe(texts, batch_size=256))]


def tokenize_given(sentences: Sequence[str]) -> Tokens:
    """A summary given as sentences: each one sentence (not split further), joined by ``\\n``."""
    words, starts, ends, bounds = [], [], [], []
    offset = 0
    for sentence, tok in zip(sentences, tokenize_many(list(sentences))):
        if len(tok):
            bounds.append((len(words), len(words) + len(tok)))
        words.extend(tok.words)
        starts.append(tok.starts + offset)
        ends.append(tok.ends + offset)
        offset += len(sentence) + 1
    def joined(parts):
        return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, dtype=np.int64)
    return Tokens("\n".join(sentences), tuple(words), joined(starts), joined(ends), tuple(bounds))


def candidate_segments(tokens: Tokens, max_len: int = DEFAULT_MAX_LEN,
                       min_len: int = DEFAULT_MIN_LEN) -> tuple[np.ndarray, np.ndarray]:
    """``(starts, ends)`` word indices (end exclusive) of every span of ``min_len`` … ``max_len``
    words inside one sentence (a sentence shorter than ``min_len`` is one candidate), ordered
    by end then start (the order the dynamic program consumes them)."""
    if not 1 <= min_len <= max_len:
        raise ValueError(f"need 1 <= min_len <= max_len, got {min_len}, {max_len}")
    s_all, e_all = [], []
    for a, b in tokens.sentences:
        ends = np.arange(a + 1, b + 1)
        lo = min(min_len, b - a)
        lengths = np.arange(lo, max_len + 1)
        st = ends[:, None] - lengths[None, :]
        ok = st >= a
        s_all.append(st[ok])
        e_all.append(np.broadcast_to(ends[:, None], st.shape)[ok])
    if not s_all:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    s, e = np.concatenate(s_all), np.concatenate(e_all)
    order = np.lexsort((s, e))
    return s[order].astype(np.int64), e[order].astype(np.int64)


def contributor_lengths(peers) -> np.ndarray:
    """Word counts of the human peer contributors: the evidence for the segment length bounds."""

    texts = [c.text for p in peers for s in p.scus for c in s.contributors]
    return np.array([len(w) for w in words_many(texts)], dtype=np.int64)


def length_summary(peers, min_len: int = DEFAULT_MIN_LEN, max_len: int = DEFAULT_MAX_LEN) -> dict:
    """How well the segment bounds cover the human contributors (the chapter's evidence table)."""
    lengths = contributor_lengths(peers)
    return {
        "contributors": len(lengths),
        "median words": float(np.median(lengths)) if len(lengths) else float("nan"),
        "5th percentile": float(np.percentile(lengths, 5)) if len(lengths) else float("nan"),
        "95th percentile": float(np.percentile(lengths, 95)) if len(lengths) else float("nan"),
        f"share within {min_len}..{max_len} words": float(np.mean((lengths >= min_len) & (lengths <= max_len)))
        if len(lengths) else float("nan"),
    }
