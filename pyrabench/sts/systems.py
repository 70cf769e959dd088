"""STS systems: the official token-cos baseline, a seeded random baseline, any embedding, and
the score files of an outside system.

Token-cos (Agirre et al. 2012 §4.3; 2013 §4.2; 2014 §3.1; 2016 §6.3) "tokenized the input
sentences splitting at white spaces" into binary vectors compared by cosine. Reproducing the
published figures to the fourth decimal pins down *which* split: Perl's ``split /\\s+/`` —
case kept, punctuation attached, and a sentence that **starts** with whitespace gets one empty
leading token (trailing empties are dropped). Python's ``str.split()`` differs only on those
sentences, e.g. 2012 OnWN .5868 instead of the published .5864 (see chapter 4).
"""

from __future__ import annotations

import re
import zlib
from itertools import chain
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
from scipy import sparse

from .. import embeddings
from ..embeddings.encode import pair_similarities
from ..embeddings.specs import validate
from ..errors import MissingDataError, UnknownNameError
from .outputs import find_output, read_output
from .releases import STSDataset, STSRelease

_WHITESPACE = re.compile(r"[ \t\n\r\f\v]+")


def perl_whitespace_split(sentence: str) -> list[str]:
    """Perl ``split /\\s+/``: a leading empty field is kept, trailing empty fields are dropped."""
    fields = _WHITESPACE.split(sentence)
    while fields and fields[-1] == "":
        fields.pop()
    return fields


#: Readings of "splitting at white spaces" tested against the published figures (chapter 4).
SPLIT_VARIANTS = {
    "perl split /\\s+/": perl_whitespace_split,
    "python str.split()": str.split,
    "split on single spaces": lambda s: s.split(" "),
    "lower-cased str.split()": lambda s: s.lower().split(),
}


def binary_matrix(token_lists: Sequence[Sequence[str]]) -> sparse.csr_matrix:
    """Rows of 0/1 token indicators (columns: distinct tokens, numbered by ``pandas.factorize``)."""

    lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(token_lists))
    flat = np.fromiter(chain.from_iterable(token_lists), dtype=object, count=int(lengths.sum()))
    codes, uniques = pd.factorize(flat) if len(flat) else (np.zeros(0, dtype=np.int64), [])
    rows = np.repeat(np.arange(len(token_lists)), lengths)
    m = sparse.csr_matrix((np.ones(len(codes)), (rows, codes)), shape=(len(token_lists), max(len(uniques), 1)))
    m.sum_duplicates()
    m.data[:] = 1.0  # binary: a repeated token counts once
    return m


def token_cosine(sentences_a: Sequence[str], sentences_b: Sequence[str], split=perl_whitespace_split) -> np.ndarray:
    """Cosine of binary token vectors, all pairs at once (sparse row-wise products). Empty text → 0."""
    n = len(sentences_a)
    m = binary_matrix([split(s) for s in chain(sentences_a, sentences_b)])
    a, b = m[:n], m[n:]
    overlap = np.asarray(a.multiply(b).sum(axis=1)).ravel()
    norms = np.sqrt(np.diff(a.indptr).astype(float) * np.diff(b.indptr))
    return np.divide(overlap, norms, out=np.zeros_like(overlap), where=norms > 0)


class System:
    """Scores every pair of a dataset (``None``: this system cannot score it)."""

    name = "system"

    def prepare(self, releases: Iterable[STSRelease]) -> None:
        """Called once with every release to be scored (e.g. to load vectors for their words)."""

    def score(self, dataset: STSDataset) -> np.ndarray | None:
        raise NotImplementedError

    def score_with_confidence(self, dataset: STSDataset) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Scores and the system's confidence per pair (None: it gives none), in one pass."""
        return self.score(dataset), None


class TokenCos(System):
    """The organisers' baseline: whitespace tokens, binary vectors, cosine (scores in 0-1)."""

    name = "tokencos"

    def score(self, dataset):
        if not dataset.available:
            return None
        return token_cosine(dataset.sentences_a, dataset.sentences_b)


class RandomBaseline(System):
    """Uniform scores in [0, 5), seeded per (seed, year, dataset) so reruns are identical."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.name = "random" if seed == 0 else f"random:{seed}"

    def score(self, dataset):
        if not dataset.available:
            return None
        stream = zlib.crc32(f"{dataset.year}/{dataset.name}".encode())
        return np.random.default_rng([self.seed, stream]).uniform(0.0, 5.0, dataset.n_pairs)


class EmbeddingSystem(System):
    """Cosine of the sentences' embeddings (Baumel et al.: normalized sum of word vectors),
    through the one encode path (:func:`pyrabench.embeddings.encode.pair_similarities`)."""

    def __init__(self, spec: str, embedding=None, name: str | None = None, data=None):
        self.spec = spec
        self.name = name or spec
        self.embedding = embedding
        self.data = data  # the data root, for embeddings trained on it (WMF: sample slice or not)

    def prepare(self, releases):
        """Load the embedding restricted to the words of every release to be scored."""
        if self.embedding is not None:
            return
        texts = sorted({s for r in releases for d in r.available for s in (*d.sentences_a, *d.sentences_b)})
        self.embedding = embeddings.load_embedding(self.spec, vocabulary=embeddings.vocabulary(texts), data=self.data)

    def score(self, dataset):
        if not dataset.available:
            return None
        if self.embedding is None:
            self.prepare([])
        return pair_similarities(self.embedding, dataset.sentences_a, dataset.sentences_b)


class OutputFiles(System):
    """An outside system's official output files (``STS.output.<dataset>.txt``) in a folder.

    Several years in one folder go in sub-folders named by year (``DIR/2013/...``). Datasets
    with no output file are not scored (reported, left out of the aggregates).
    """

    def __init__(self, folder: str | Path, name: str | None = None):
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise MissingDataError(f"system output folder {self.folder} is not a directory")
        self.name = name or f"outputs:{self.folder.name}"

    def path_for(self, dataset: STSDataset) -> Path | None:
        year_dir = self.folder / dataset.year
        return find_output(year_dir if year_dir.is_dir() else self.folder, dataset.name)

    def score(self, dataset):
        return self.score_with_confidence(dataset)[0]

    def score_with_confidence(self, dataset):
        path = self.path_for(dataset)
        if path is None:
            return None, None
        output = read_output(path, n_expected=dataset.n_pairs)
        return output.scores, output.confidence


def resolve_system(spec: str) -> System:
    """``tokencos``, ``random`` / ``random:SEED`` (random scores), ``outputs:DIR``, or an
    embedding spec of :func:`pyrabench.embeddings.load_embedding` (``st:MODEL_DIR[@DEVICE]`` for any
    sentence-transformers model; ``emb:NAME`` forces the embedding reading, e.g. ``emb:random``
    for the random-vector embedding rather than random scores)."""
    if spec == "tokencos":
        return TokenCos()
    if spec == "random" or (spec.startswith("random:") and spec[7:].isdigit()):
        return RandomBaseline(int(spec[7:]) if ":" in spec else 0)
    if spec.startswith("outputs:"):
        return OutputFiles(spec[8:])
    name = spec[4:] if spec.startswith("emb:") else spec
    try:
        validate(name)  # a missing vector file or model directory is refused before any release is read
    except UnknownNameError as exc:
        raise UnknownNameError(
            f"unknown STS system {spec!r}: use tokencos, random[:SEED], outputs:DIR or an embedding ({exc})"
        ) from None
    return EmbeddingSystem(name, name=spec)
