"""Similarity between every candidate segment of a summary and every SCU, all at once.

An SCU is represented by its *targets*: the texts of its contributors in the model summaries,
plus (``use_label=True``) its label. Segment/target similarities are combined per SCU by
``max``, ``mean`` or ``min`` — the paper's three "combine" functions.

Three families:

``uni`` (lexical; Harnly et al. 2005's unigram overlap)
    Dice coefficient of content words: ``2·m / (|seg| + |target|)`` where ``|·|`` counts
    non-stopword words (spaCy's English stop list) and ``m`` the segment's content words that
    occur in the target (capped at ``|target|``). Stopwords would otherwise make every span
    overlap every SCU.
``lsa`` (latent; stands in for the paper's WMF, Guo & Diab 2012)
    gensim ``LsiModel`` (``random_seed`` fixed) over tf-idf, trained on the text the corpus
    itself offers offline: the sentences of its model summaries and peer summaries, and its
    SCU labels and contributors — the same transductive choice as the paper's "aug" variant,
    which added the pyramid text to WMF's dictionary-definition training data. WMF needs a
    separate, non-Python release; LSA is its closest well-kept relative (both factorize the
    word–sentence matrix; WMF down-weights missing words). A text's vector is gensim's
    ``lsi[tfidf[bow]]``, i.e. the sum of ``idf(w)·U[w]`` over its words (cosine ignores
    tf-idf's length normalization).
``wmf`` and ``wmf-aug`` (latent; the paper's own model, Guo & Diab 2012)
    The cosine of WMF vectors (:mod:`pyrabench.embeddings.wmf`, trained on WordNet 3.0 and
    Brown): every segment and target is folded in, the exact least-squares solve, so a text's
    vector is not a sum of word vectors. ``wmf-aug`` adds the corpus's own text (the sentences
    LSA trains on) to the training data, as the paper's "aug" variant did.
``emb:<spec>`` (any embedding of :mod:`pyrabench.embeddings`)
    A text is the sum of its words' vectors (each word encoded by ``Embedding.encode``),
    as in Baumel et al. (2016). For a sentence encoder this is a word-level approximation.

Dense similarities are cosines computed from prefix sums, never per segment: with ``P`` the
cumulative sum of the word vectors and ``T`` the unit target vectors, the segment ``[i, j)``
has dot product ``(P T')[j] - (P T')[i]`` and squared norm ``G[j,j] + G[i,i] - 2 G[i,j]``
with ``G = P P'`` — cost ``O(words · dim · targets)`` plus one gather per segment/target.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Iterable, Sequence

import numpy as np
from gensim.corpora import Dictionary
from gensim.models import LsiModel, TfidfModel
from scipy import sparse

from ... import embeddings
from ...embeddings.base import normalize_rows
from ...embeddings.encode import encode_dense
from ...embeddings.wmf import load_wmf
from ...errors import UnknownNameError
from ...text import STOP_WORDS

COMBINES = ("max", "mean", "min")


class Vocabulary:
    """Word → id, growing on demand; shared by a similarity's targets and segments."""

    def __init__(self):
        self.index: dict[str, int] = {}
        self.words: list[str] = []

    def ids(self, words: Sequence[str]) -> np.ndarray:
        out = np.empty(len(words), dtype=np.int64)
        for k, w in enumerate(words):
            i = self.index.get(w)
            if i is None:
                i = self.index[w] = len(self.words)
                self.words.append(w)
            out[k] = i
        return out


class Similarity(ABC):
    name: str = "similarity"
    needs_training: bool = False
    #: whether :meth:`fit` reads the sentences it is given (the plain WMF model does not: it
    #: trains on its own corpus, so its caller need not tokenize the scored corpus for it)
    trains_on_corpus: bool = True

    def __init__(self):
        self.vocab = Vocabulary()

    def fit(self, sentences: Iterable[Sequence[str]]) -> "Similarity":
        """Train on tokenized sentences (only the latent model needs it)."""
        return self

    @abstractmethod
    def prepare(self, target_words: list[Sequence[str]]):
        """Similarity-specific representation of target texts."""

    @abstractmethod
    def span_similarities(self, words: Sequence[str], starts: np.ndarray, ends: np.ndarray, data) -> np.ndarray:
        """``(n_targets, n_segments)`` similarities of word spans ``[starts, ends)`` of ``words``
        (targets first: the per-SCU combination then reduces contiguous rows)."""

    def text_similarities(self, words_list: list[Sequence[str]], data) -> list[np.ndarray]:
        """Similarity of each whole text to every target (for human-matched pairs)."""
        return [self.span_similarities(w, np.array([0]), np.array([len(w)]), data)[:, 0] for w in words_list]


class Unigram(Similarity):
    """Content-word Dice overlap (see module docstring)."""

    name = "uni"

    def __init__(self):
        super().__init__()
        self._stop = STOP_WORDS
        self._is_content = np.zeros(0, dtype=bool)

    def _content_mask(self, ids: np.ndarray) -> np.ndarray:
        have = len(self._is_content)
        if have < len(self.vocab.words):
            new = np.array([w not in self._stop for w in self.vocab.words[have:]], dtype=bool)
            self._is_content = np.concatenate([self._is_content, new])
        return self._is_content[ids]

    def prepare(self, target_words):
        rows, cols = [], []
        lengths = np.zeros(len(target_words), dtype=np.float64)
        for r, words in enumerate(target_words):
            ids = self.vocab.ids(words)
            content = np.unique(ids[self._content_mask(ids)])
            rows.append(np.full(len(content), r))
            cols.append(content)
            lengths[r] = self._content_mask(ids).sum()
        rows_a = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        cols_a = np.concatenate(cols) if cols else np.zeros(0, np.int64)
        member = sparse.csr_matrix(
            (np.ones(len(rows_a)), (rows_a, cols_a)), shape=(len(target_words), len(self.vocab.words))
        )
        # words first seen later are in no target: they get an all-zero membership row
        return {"member_t": member.T.tocsr(), "n": len(target_words), "lengths": lengths}

    def span_similarities(self, words, starts, ends, data):
        ids = self.vocab.ids(words)
        content = self._content_mask(ids)
        member_t = data["member_t"]
        known = ids < member_t.shape[0]
        m_tok = np.zeros((data["n"], len(ids) + 1), dtype=np.float32)  # targets × (words + 1)
        m_tok[:, 1:][:, known] = member_t[ids[known]].toarray().T
        m_tok[:, 1:] *= content[None, :]
        cum = np.cumsum(m_tok, axis=1)
        ccum = np.concatenate([[0.0], np.cumsum(content)]).astype(np.float32)
        m = cum[:, ends] - cum[:, starts]  # targets × segments
        tlen = data["lengths"].astype(np.float32)[:, None]
        np.minimum(m, tlen, out=m)
        den = (ccum[ends] - ccum[starts])[None, :] + tlen  # whole counts: 0 only where m is 0
        m *= 2.0
        m /= np.maximum(den, 1.0)
        return m


class Dense(Similarity):
    """Cosine of summed word vectors, computed by prefix sums (see module docstring)."""

    def _vectors(self, new_words: list[str]) -> np.ndarray:
        raise NotImplementedError

    def _matrix(self) -> np.ndarray:
        have = 0 if not hasattr(self, "_w") else self._w.shape[0]
        if have < len(self.vocab.words):
            new = np.asarray(self._vectors(self.vocab.words[have:]), dtype=np.float64)
            self._w = new if have == 0 else np.vstack([self._w, new])
        return self._w

    def _text_vectors(self, target_words) -> np.ndarray:
        ids_list = [self.vocab.ids(w) for w in target_words]
        w = self._matrix()
        out = np.zeros((len(target_words), w.shape[1]))
        for r, ids in enumerate(ids_list):
            if len(ids):
                out[r] = w[ids].sum(axis=0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)

    def prepare(self, target_words):
        return self._text_vectors(target_words)

    def span_similarities(self, words, starts, ends, data):
        ids = self.vocab.ids(words)
        w = self._matrix()
        p = np.vstack([np.zeros((1, w.shape[1])), np.cumsum(w[ids], axis=0)])
        q = (data @ p.T).astype(np.float32)  # (n_targets, n_words + 1)
        g = p @ p.T
        norm2 = g[ends, ends] + g[starts, starts] - 2.0 * g[starts, ends]
        norm = np.sqrt(np.maximum(norm2, 0.0)).astype(np.float32)[None, :]
        dots = q[:, ends] - q[:, starts]
        return np.divide(dots, norm, out=np.zeros_like(dots), where=norm > 1e-6)


class LSA(Dense):
    """gensim LsiModel over tf-idf of the training sentences (see module docstring)."""

    name = "lsa"
    needs_training = True

    def __init__(self, num_topics: int = 100, seed: int = 0):
        super().__init__()
        self.num_topics, self.seed = num_topics, seed
        self._word_vec: dict[str, np.ndarray] | None = None

    def fit(self, sentences):
        docs = [list(s) for s in sentences if len(s)]
        dictionary = Dictionary(docs)
        bows = [dictionary.doc2bow(d) for d in docs]
        tfidf = TfidfModel(bows, id2word=dictionary)
        k = max(1, min(self.num_topics, len(dictionary) - 1, len(docs) - 1))
        lsi = LsiModel(tfidf[bows], id2word=dictionary, num_topics=k, random_seed=self.seed)
        u = lsi.projection.u[:, : lsi.num_topics]
        idf = np.array([tfidf.idfs.get(i, 0.0) for i in range(len(dictionary))])
        mat = u * idf[:, None]
        self._word_vec = {w: mat[i] for w, i in dictionary.token2id.items()}
        self._dim = mat.shape[1]
        self.training_sentences = len(docs)
        self.dimensions = self._dim
        return self

    def _vectors(self, new_words):
        if self._word_vec is None:
            raise RuntimeError("LSA similarity used before fit()")
        zero = np.zeros(self._dim)
        return np.array([self._word_vec.get(w, zero) for w in new_words]).reshape(len(new_words), self._dim)


class WMF(Similarity):
    """Cosine of WMF fold-in vectors of segments and targets (see module docstring)."""

    needs_training = True

    def __init__(self, augment: bool = False, data=None):
        super().__init__()
        self.augment, self.data = augment, data
        self.name = "wmf-aug" if augment else "wmf"
        self.trains_on_corpus = augment
        self.model = None

    def fit(self, sentences):
        extra = [" ".join(s) for s in sentences if len(s)] if self.augment else ()
        embedding = load_wmf(self.data, extra=extra, name=self.name)
        self.model, self.training_texts = embedding.model, embedding.model.corpus.get("texts")
        self.dimensions = embedding.dim
        return self

    def _trained(self):
        if self.model is None:
            self.fit([])
        return self.model

    def prepare(self, target_words):
        model = self._trained()
        lengths = np.array([len(ws) for ws in target_words], dtype=np.int64)
        ends = np.cumsum(lengths)
        return normalize_rows(model.fold_in(model.span_rows([w for ws in target_words for w in ws], ends - lengths, ends)))

    def span_similarities(self, words, starts, ends, data):
        """Each span's TF-IDF row is built from its words' stems at once (one sparse matrix
        for all spans, WMF's own tokenization of spaCy's words), then folded in with one
        batched solve."""
        model = self._trained()
        spans = normalize_rows(model.fold_in(model.span_rows(words, starts, ends)))
        return (data @ spans.T).astype(np.float32)


class EmbeddingSimilarity(Dense):
    """Sum of word vectors from :func:`pyrabench.embeddings.load_embedding` (see module docstring)."""

    def __init__(self, spec: str):
        super().__init__()
        self.spec = spec
        self.name = f"emb:{spec}"
        self.needs_training = True  # the vocabulary is passed to embeddings.load_embedding
        self._emb = None
        self._fit_vocab: set[str] | None = None

    def fit(self, sentences):
        self._fit_vocab = {w for s in sentences for w in s}
        return self

    def _vectors(self, new_words):
        if self._emb is None:
            self._emb = embeddings.load_embedding(self.spec, vocabulary=self._fit_vocab or set(new_words))
        return encode_dense(self._emb, new_words)


def make_similarity(name: str, **kwargs) -> Similarity:
    """``"uni"``, ``"lsa"``, ``"wmf"``, ``"wmf-aug"`` or ``"emb:<embedding spec>"``."""
    if name == "uni":
        return Unigram()
    if name == "lsa":
        return LSA(**kwargs)
    if name in ("wmf", "wmf-aug"):
        return WMF(augment=name == "wmf-aug", **kwargs)
    if name.startswith("emb:") and len(name) > 4:
        return EmbeddingSimilarity(name[4:])
    raise UnknownNameError(f"unknown similarity {name!r}; use 'uni', 'lsa', 'wmf', 'wmf-aug' or 'emb:<embedding>'")


def combine(sims: np.ndarray, offsets: np.ndarray, how: str) -> np.ndarray:
    """Per-SCU combination of ``(n_targets, n)`` similarities whose rows are grouped by SCU
    (``offsets``: first row of each SCU); returns ``(n_scus, n)``.

    Done as ``k`` row gathers (``k`` = most targets of one SCU, a handful) rather than
    ``ufunc.reduceat``, which is several times slower on these shapes.
    """
    if how not in COMBINES:
        raise UnknownNameError(f"unknown combine {how!r}; use one of {COMBINES}")
    n_t = sims.shape[0]
    if n_t == 0 or len(offsets) == 0:
        return np.zeros((0, sims.shape[1]), dtype=sims.dtype)
    offsets = np.asarray(offsets, dtype=np.int64)
    counts = np.diff(np.append(offsets, n_t))
    out = sims[offsets].copy()
    for k in range(1, int(counts.max())):
        has = counts > k
        rows = sims[offsets[has] + k]
        if how == "max":
            np.maximum(out[has], rows, out=rows)
        elif how == "min":
            np.minimum(out[has], rows, out=rows)
        else:
            rows += out[has]
        out[has] = rows
    if how == "mean":
        out /= counts[:, None].astype(out.dtype)
    return out
