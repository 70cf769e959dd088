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

**The same vectors on every x86-64 CPU.** gensim's SGD computes its dot products and updates with
the BLAS's ``sdot`` and ``saxpy``, whose rounding follows the CPU kernel OpenBLAS picks (and gensim
even picks another ``sdot`` wrapper by kernel), and SGD carries a last-bit difference into the
printed figures: chapter 3's stand-in rows moved by .001 between kernels. So the training runs in a
child process on OpenBLAS's baseline x86-64 kernel (``OPENBLAS_CORETYPE=Prescott``, which every
x86-64 CPU runs). With that wrapper, gensim 4.4 reports a dot product of exactly −1 as an "Exception
ignored in ``our_dot_float``" on standard error (with no exception behind it: it trains on 0 there,
the same on every machine); those lines, which say nothing of the data, are kept out of the output
and any other line of the child's is passed on.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
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
from ..errors import EmbeddingError
from ..files import read_utf8
from ..text import words_many
from .wordbag import WordBag

PARAMS = dict(vector_size=100, sg=1, negative=5, min_count=2, epochs=5, sample=1e-3)
WINDOWS = {"w2v-bow2-standin": 2, "w2v-bow5-standin": 5}
# OpenBLAS's kernel for training, where the CPU is x86-64 (the baseline: every such CPU runs it).
TRAINING_KERNEL = {"x86_64": "Prescott", "amd64": "Prescott"}
GENSIM_DOT_REPORT = "Exception ignored in: 'gensim.models.word2vec_inner.our_dot_float'"


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
    key = fingerprint("v2", name, window, seed, sorted(PARAMS.items()), _kernel(), gensim.__version__,
                      [file_fingerprint(f)[1:] + (f.name,) for f in files])

    def compute() -> tuple[list[str], np.ndarray]:
        return _train_in_child(_sentences(tuple(files)), window, seed)

    return cached(cache_dir("standins") / f"{name}-{key}.npz", compute,
                  lambda path, value: save_vectors(path, *value), load_vectors)


def _kernel() -> str | None:
    return TRAINING_KERNEL.get(platform.machine().lower())


def _train_in_child(sentences: list[list[str]], window: int, seed: int) -> tuple[list[str], np.ndarray]:
    """Train in a child process whose OpenBLAS runs the fixed kernel (the module's docstring says why)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    if _kernel():
        env["OPENBLAS_CORETYPE"] = _kernel()
    with tempfile.TemporaryDirectory(prefix="pyrabench-word2vec-") as tmp:
        given, out = Path(tmp) / "sentences.json", Path(tmp) / "vectors.npz"
        given.write_text(json.dumps({"sentences": sentences, "window": window, "seed": seed}), encoding="utf-8")
        run = subprocess.run([sys.executable, "-c", f"from {__name__} import _child; _child()", str(given), str(out)],
                             env=env, capture_output=True, text=True)
        if run.returncode != 0 or not out.exists():
            raise EmbeddingError(f"training the word2vec stand-in failed (exit {run.returncode}):\n"
                                 + "\n".join(run.stderr.splitlines()[-15:]))
        sys.stderr.writelines(line for line in run.stderr.splitlines(True) if line.rstrip("\n") != GENSIM_DOT_REPORT)
        return load_vectors(out)


def _child() -> None:
    """The child's side of :func:`_train_in_child`: ``python -c ... SENTENCES OUT``."""
    given = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    model = Word2Vec(sentences=given["sentences"], window=given["window"], workers=1, seed=given["seed"], **PARAMS)
    save_vectors(Path(sys.argv[2]), list(model.wv.index_to_key), np.asarray(model.wv.vectors, dtype=np.float32))


def load_standin(name: str, vocabulary=None, *, data=None, seed: int = 0) -> WordBag:
    """The stand-in as an embedding (restricted to ``vocabulary`` when given)."""
    words, vectors = train_word2vec(name, data, seed=seed)
    if vocabulary is not None:
        wanted = {w.lower() for w in vocabulary}
        rows = [i for i, w in enumerate(words) if w in wanted]
        words, vectors = [words[i] for i in rows], vectors[rows]
    return WordBag(name, words, vectors, case="lower")
