"""Offline stand-ins for Levy & Goldberg's BOW2/BOW5 Wikipedia vectors.

The paper's word2vec-BOW2/BOW5 rows use skip-gram with negative sampling and a window of
2 or 5 words, trained on Wikipedia (Levy & Goldberg 2014). Those files cannot be downloaded
here, so we train the same model family with gensim on news text that *is* available
offline, and label the rows as stand-ins. The corpus, in this order:

1. the Lee background corpus that ships inside gensim (``gensim/test/test_data/
   lee_background.cor``: 300 Australian Broadcasting Corporation news stories, ~60k words),
   so a stand-in exists even with no data root;
2. when the data root has them, the DUC source news documents marked for SCUs
   (``duc2006/SCU-marked corpus/*.scu``, ``duc2007/2007 SCU-marked corpus/*.scu``,
   ``duc2007/2007 SCU-marked update corpus/*.scu``; the text of every ``<line>``), which
   are the very articles the pyramid summaries were written from (~0.9M words).

Words are :func:`pyrabench.text.words_many` (lower-cased spaCy tokens, no punctuation), as for
encoding. Training is deterministic (``workers=1``, fixed ``seed``; gensim 4 seeds its vector
initialization from ``seed``) and the vectors are cached under ``$PYRABENCH_CACHE/standins``,
keyed by the corpus files, parameters and gensim version. Such a small corpus gives much
weaker vectors than 2B-word Wikipedia: the rows show the *method*, not the paper's numbers.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

import gensim
import numpy as np
from gensim.models import Word2Vec
from gensim.test.utils import datapath

from ..cache import cache_dir, cached, file_fingerprint, fingerprint, load_vectors, save_vectors
from ..data import scu_marked
from ..data.corpora import word_counts
from ..files import read_utf8
from ..text import words_many
from .wordbag import WordBag

PARAMS = dict(vector_size=100, sg=1, negative=5, min_count=2, epochs=5, sample=1e-3)
WINDOWS = {"w2v-bow2-standin": 2, "w2v-bow5-standin": 5}


def lee_corpus() -> Path:
    """The Lee background news corpus bundled with gensim (one story per line)."""

    return Path(datapath("lee_background.cor"))


def corpus_files(data=None) -> list[Path]:
    """Files of the stand-in corpus: the Lee corpus, then the data root's SCU-marked documents."""

    return [lee_corpus(), *scu_marked.all_files(data)]


def corpus_texts(files: Iterable[Path]) -> list[str]:
    """One string per line (Lee: per story; SCU-marked: per sentence ``<line>``)."""
    texts: list[str] = []
    for f in files:
        if f.suffix == ".scu":
            texts.extend(s for d in scu_marked.read_collection(f).documents for s in d.sentences)
        else:
            texts.extend(t for t in read_utf8(f).splitlines() if t.strip())
    return texts


def corpus_words(data=None) -> int:
    """Words (as the stand-ins tokenize them) of the corpus the word2vec stand-ins train on:
    counted once, then read from the package cache (:func:`pyrabench.data.corpora.word_counts`),
    so that a chapter quoting it does not tokenize the whole corpus again on every run."""
    return word_counts(corpus_texts(corpus_files(data)))[0]


@lru_cache(maxsize=1)
def _sentences(files: tuple[Path, ...]) -> list[list[str]]:
    """The training sentences of ``files``, read and tokenized once for both stand-ins."""
    return [s for s in words_many(corpus_texts(files)) if s]


def train_word2vec(name: str, data=None, *, seed: int = 0) -> tuple[list[str], np.ndarray]:
    """Train the word2vec stand-in ``name`` (or read it from the cache): its words and vectors."""

    window = WINDOWS[name]
    files = corpus_files(data)
    key = fingerprint("v1", name, window, seed, sorted(PARAMS.items()), gensim.__version__,
                      [file_fingerprint(f)[1:] + (f.name,) for f in files])

    def compute() -> tuple[list[str], np.ndarray]:
        model = Word2Vec(sentences=_sentences(tuple(files)), window=window, workers=1, seed=seed, **PARAMS)
        return list(model.wv.index_to_key), np.asarray(model.wv.vectors, dtype=np.float32)

    return cached(cache_dir("standins") / f"{name}-{key}.npz", compute,
                  lambda path, value: save_vectors(path, *value), load_vectors)


def load_standin(name: str, vocabulary=None, *, data=None, seed: int = 0) -> WordBag:
    """The stand-in as an embedding (restricted to ``vocabulary`` when given)."""
    words, vectors = train_word2vec(name, data, seed=seed)
    if vocabulary is not None:
        wanted = {w.lower() for w in vocabulary}
        rows = [i for i, w in enumerate(words) if w in wanted]
        words, vectors = [words[i] for i in rows], vectors[rows]
    return WordBag(name, words, vectors, case="lower")
