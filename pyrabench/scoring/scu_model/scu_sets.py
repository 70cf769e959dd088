"""The SCUs a summary holds, by the calibrated model: probability, evidence, counted or not.

The calibrated scorer (:mod:`.calibrated`) gives every (summary, SCU) pair the probability
``p`` that an annotator would mark the SCU in the summary. This module turns those
probabilities into what a reader can check — the summary's *SCU set* — and measures it
against the annotators' sets:

* **Features.** :data:`FEATURES` are the lexical features of :mod:`.calibrated` plus
  :data:`DISTINCT`, the features that made the sets agree with the annotators on corpora the
  model never saw (the lever search, `benchmarks/levers.md`, measures every lever):

  - ``ri_sent_c`` / ``ri_sent_l``: the best *distinctiveness-weighted* unigram recall of a
    contributor / the label in one peer sentence. A stem's weight is ``log((S + 1) / (s + 1))``
    with ``S`` the pyramid's SCUs and ``s`` the SCUs whose contributors or label hold it: the
    topic's own words ("SPLC", "hurricane"), found in every SCU, weigh nothing, so a sentence
    must share the words that tell *this* SCU from the others;
  - ``len_ratio``: the peer's content words over the mean of the model summaries' (a 100-word
    update summary holds fewer SCUs than a 250-word one; the ratio carries this across corpora);
  - ``prior``: ``log(m / S)``, the mean number of SCUs in a model summary over the pyramid's
    SCUs — the share of the pyramid a model summary holds. DUC 2007 update pyramids have 25
    SCUs, the main tasks' 70–80: without it a model of one task over- or under-counts in the
    other by a third (with the log SCU count alone in its place, by as much).

* **Evidence.** For each pair, the peer sentence with the best distinctiveness-weighted recall
  of a contributor or the label: its index among the summary's sentences and its character
  span in the summary's text.
* **Counting.** A summary's SCU set is its ``round(Σp)`` most probable SCUs (:func:`counted`):
  ``Σp`` is the calibrated expected number of SCUs, so the set has the size the model expects
  and holds the SCUs it is surest of. (Counting the SCUs with ``p ≥ 0.5`` keeps only the sure
  ones: high precision, half the recall.)
* **Agreement** (:func:`agreement`): precision, recall, F1 and Jaccard of the counted sets
  against the annotators' — micro (pooled over every (summary, SCU) pair) and the mean over
  summaries; :func:`ceiling` is the same between DUC 2006 D0631's two annotators.

* **Lite pyramids** (one reference, units of weight 1, Shapira et al. 2019): a DUC pyramid's
  every model summary is also a lite pyramid of its own (:func:`lite_pyramid`, :func:`lite_frame`:
  its SCUs' labels as units), scored against the same annotations. ``fit(..., lite=True)`` fits a
  second model on those views, :attr:`SCUModel.lite_model`, which scores the one-reference
  pyramids (rows with ``models == 1``); on PyrXSum it counts about as many units as the crowd
  marks where the model of full pyramids counts far more (the lever search, `benchmarks/levers.md`).
* **Recalibration** (:mod:`.reliability`): ``fit(..., recalibration=...)`` maps the probabilities
  through an isotonic or Platt map fitted on the held-out probabilities (:data:`RECALIBRATION`).
* **More features**: any registered feature group's columns can be asked for (``features``):
  :mod:`.semantic` (MiniLM and WMF cosines), :mod:`.token_alignment` (MiniLM token recall,
  BERTScore's recall of the contributors and label) and :mod:`.consistency` (soft coverage,
  mismatched numbers, names and negations, unit length) are the measured levers (:mod:`.levers`).

The user-facing scorer is :class:`SCUModel` (:func:`fit` on annotated corpora;
:meth:`SCUModel.score` on any summaries of a pyramid): per (summary, SCU) ``p``, ``counted`` and
the evidence; per summary the estimate (expected manual modified score) and its interval; per
system the mean estimate and its interval (:mod:`.intervals`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np
import pandas as pd
from scipy import sparse

from ...cache import cached_frame, fingerprint
from ...errors import PyrabenchError
from ...text import words_many
from ...threads import one_thread
from ..manual import DEFAULT_CONVENTION, average_model_scus, double_annotations, matched_set
from . import calibrated, consistency, intervals, reliability, semantic, token_alignment  # noqa: F401  (they register feature groups)
from ..recipe2013.pipeline import corpus_key
from ..recipe2013.segments import tokenize_many
from .calibrated import KEYS, LEXICAL, _bags, _by_topic, _max_groups, _topic, content_stems

DISTINCT = ("ri_sent_c", "ri_sent_l", "len_ratio", "prior")
FEATURES = LEXICAL + DISTINCT
EVIDENCE = ("unit", "start", "end")
VERSION = "scu-sets-v2"
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
#: ``corpus_frame``'s own entry is the SCU-set evidence, which depends on the corpus alone: its
#: ``features`` come from their own entries (:func:`.calibrated.group_frame`, keyed per group).
NOT_IN_KEY = {"corpus_frame": ("cache", "features"), "lite_frame": ("cache",), "labelled_frame": ("cache",)}
#: How :func:`fit` recalibrates the probabilities (:data:`.reliability.METHODS`), of the model of
#: full pyramids and of the model of lite views (the lever search, `benchmarks/levers.md`).
RECALIBRATION = "none"
LITE_RECALIBRATION = "none"
SCU_COLUMNS = ["topic", "summary", "scu_id", "label", "weight", "p", "counted", "unit", "start", "end"]


# --------------------------------------------------------------------------- units


def unit_spans(texts: Sequence[str]) -> list[list[tuple[int, int]]]:
    """Each text's sentences (the units) as character spans ``[start, end)``: spaCy's
    sentencizer and every line break (:func:`.segments.tokenize_many`), as the features use."""
    out = []
    for t in tokenize_many(list(texts)):
        out.append([(int(t.starts[a]), int(t.ends[b - 1])) for a, b in t.sentences if b > a])
    return out


def _unit_texts(texts: Sequence[str], spans) -> list[list[str]]:
    return [[text[a:b] for a, b in s] for text, s in zip(texts, spans)]


# --------------------------------------------------------------------------- features


def _distinct_weights(topic, c_bags: sparse.csr_matrix, l_bags: sparse.csr_matrix) -> np.ndarray:
    """``log((S + 1) / (s + 1))`` per stem: ``s`` SCUs of ``S`` hold it (contributors or label)."""
    n_s = len(topic.scu_ids)
    to_scu = sparse.csr_matrix((np.ones(len(topic.contrib_scu)), (topic.contrib_scu, np.arange(len(topic.contrib_scu)))),
                               shape=(n_s, c_bags.shape[0]))
    held = (to_scu @ c_bags + l_bags).tocsr()
    held.data[:] = 1.0
    s = np.asarray(held.sum(axis=0)).ravel()
    return np.log((n_s + 1.0) / (s + 1.0))


def _weighted_recall(units: sparse.csr_matrix, targets: sparse.csr_matrix, w: np.ndarray) -> np.ndarray:
    """``(units, targets)``: the weight of a target's stems found in a unit over all its stems'."""
    tw = targets.multiply(w[None, :]).tocsr()
    ov = np.asarray((units @ tw.T).todense(), dtype=np.float64)
    total = np.asarray(tw.sum(axis=1), dtype=np.float64).ravel()[None, :]
    return np.divide(ov, total, out=np.zeros_like(ov), where=total > 0)


def distinct_features(topic, units: list[list[str]]) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The :data:`DISTINCT` features ``(summaries, SCUs)`` of summaries cut into ``units`` against
    a prepared topic (:func:`.calibrated.unit_features`), and the evidence: the index of each
    pair's best sentence within its summary (−1 for a summary with no sentence)."""
    n_p, n_s = len(units), len(topic.scu_ids)
    flat = [u for us in units for u in us]
    counts = np.array([len(us) for us in units], dtype=np.int64)
    unit_peer = np.repeat(np.arange(n_p), counts)
    unit_stems = [content_stems(w) for w in words_many(flat)]
    vocab: dict = {}
    c = _bags([content_stems(w) for w in words_many(topic.contrib_texts)], 1, vocab)
    lab = _bags([content_stems(w) for w in words_many(topic.label_texts)], 1, vocab)
    u = _bags(unit_stems, 1, vocab)
    c, lab = (sparse.csr_matrix((m.data, m.indices, m.indptr), shape=(m.shape[0], len(vocab))) for m in (c, lab))
    w = _distinct_weights(topic, c, lab)
    rc = _weighted_recall(u, c, w)
    rl = _weighted_recall(u, lab, w)
    scu_idx = np.arange(n_s)
    feats = {"ri_sent_c": _max_groups(rc, unit_peer, n_p, topic.contrib_scu, n_s),
             "ri_sent_l": _max_groups(rl, unit_peer, n_p, scu_idx, n_s)}
    words = np.bincount(unit_peer, weights=[len(s) for s in unit_stems], minlength=n_p) if len(flat) else np.zeros(n_p)
    model_words = np.mean([len(content_stems(x)) for x in words_many(list(topic.pyramid.summaries))])
    feats["len_ratio"] = np.broadcast_to((words / max(model_words, 1.0))[:, None], (n_p, n_s))
    feats["prior"] = np.full((n_p, n_s), np.log(max(average_model_scus(topic.pyramid), 1e-9) / max(n_s, 1)))
    # evidence: per (unit, SCU) the best of its contributors and label, argmax over a peer's units
    per_unit = np.zeros((len(flat), n_s))
    if len(flat) and rc.size:
        np.maximum.at(per_unit.T, topic.contrib_scu, rc.T)
    per_unit = np.maximum(per_unit, rl)
    best = np.full((n_p, n_s), -1, dtype=np.int64)
    if len(flat):
        offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
        for i in np.nonzero(counts)[0]:
            block = per_unit[offsets[i]: offsets[i] + counts[i]]
            best[i] = block.argmax(axis=0)
    return feats, best


def summary_frame(pyramid, texts: Sequence[str], keys: pd.DataFrame, spans=None,
                  convention: str = DEFAULT_CONVENTION, features: Sequence[str] = FEATURES) -> pd.DataFrame:
    """One row per (summary, SCU of ``pyramid``) of any summaries: ``keys`` (one row per text,
    repeated over the SCUs), ``scu_id``, ``label``, ``features``, ``weight``, ``ideal`` and the
    evidence (``unit`` index among the summary's sentences, its ``start`` and ``end`` in the text).
    ``spans``: each text's sentence spans (default :func:`unit_spans`)."""
    return summaries_frame([(pyramid, texts, keys, spans)], convention, features)


def summaries_frame(parts: Sequence[tuple], convention: str = DEFAULT_CONVENTION,
                    features: Sequence[str] = FEATURES) -> pd.DataFrame:
    """:func:`summary_frame` of several pyramids' summaries at once, ``parts`` being ``(pyramid,
    texts, keys, spans or None)``: every feature group computed in one call over all of them (a
    sentence encoder encodes every distinct text once, in one call)."""
    spans_of = [unit_spans(texts) if spans is None else [list(s) for s in spans] for _, texts, _, spans in parts]
    units_of = [_unit_texts(texts, spans) for (_, texts, _, _), spans in zip(parts, spans_of)]
    topics = [calibrated._topic(pyramid, convention) for pyramid, *_ in parts]
    cut = calibrated.CorpusUnits(None, convention, tuple((None, t, u) for t, u in zip(topics, units_of)))
    per_topic = [dict() for _ in parts]
    for name in calibrated.group_names(set(features) - set(DISTINCT)):
        for got, computed in zip(per_topic, calibrated.FEATURE_GROUPS[name].compute(cut, None)):
            got.update(computed)
    frames = []
    for (_, _, keys, _), topic, units, spans, feats in zip(parts, topics, units_of, spans_of, per_topic):
        dist, best = distinct_features(topic, units)
        frames.append(_rows(topic, keys, {k: v for k, v in {**feats, **dist}.items() if k in features}, best, spans))
    if not frames:
        raise PyrabenchError("no summaries to score")
    return pd.concat(frames, ignore_index=True)


def _rows(topic, keys: pd.DataFrame, feats: dict, best: np.ndarray, spans) -> pd.DataFrame:
    n_p, n_s = best.shape
    starts = np.array([[s[k][0] if k >= 0 else 0 for k in row] for s, row in zip(spans, best)], dtype=np.int64)
    ends = np.array([[s[k][1] if k >= 0 else 0 for k in row] for s, row in zip(spans, best)], dtype=np.int64)
    out = keys.loc[keys.index.repeat(n_s)].reset_index(drop=True)
    out["scu_id"] = np.tile(topic.scu_ids, n_p)
    out["label"] = np.tile(np.array(topic.label_texts, dtype=object), n_p)
    for k, v in feats.items():
        out[k] = np.asarray(v, dtype=np.float64).reshape(n_p * n_s)
    out["weight"] = np.tile(topic.weights, n_p)
    out["ideal"] = float(topic.ideal)
    out["models"] = topic.pyramid.n_summaries
    out["unit"] = best.ravel()
    out["start"] = starts.reshape(n_p * n_s)
    out["end"] = ends.reshape(n_p * n_s)
    return out


def _distinct_group(units, option: str | None = None) -> list[dict[str, np.ndarray]]:
    return [distinct_features(topic, u)[0] for _, topic, u in units.topics]


calibrated.register(calibrated.FeatureGroup("distinct", DISTINCT, _distinct_group, "distinct-v1"))


def corpus_frame(corpus, cache: bool = True, features: Sequence[str] = FEATURES) -> pd.DataFrame:
    """:func:`summary_frame` of every peer annotation of an annotated ``corpus`` (keys
    :data:`.calibrated.KEYS`), with ``y`` (the annotator marked the SCU): the ``features``
    from the corpus's one feature computation (:func:`.calibrated.corpus_features`, the
    ``distinct`` group registered here), the labels and the evidence (cached by content)."""
    from . import variants

    def evidence() -> pd.DataFrame:
        frames = []
        for pyramid, peers in _by_topic(corpus):
            texts = [p.summary for p in peers]
            spans = unit_spans(texts)
            topic = _topic(pyramid, DEFAULT_CONVENTION)
            _, best = distinct_features(topic, _unit_texts(texts, spans))
            keys = pd.DataFrame({"topic": [p.topic for p in peers]})
            frames.append(_rows(topic, keys, {}, best, spans)[["scu_id", "label", *EVIDENCE]])
        if not frames:
            raise PyrabenchError(f"{corpus.name}: no peer annotation to score")
        return pd.concat(frames, ignore_index=True)

    feats = variants.features(corpus, cache=cache, columns=features)
    ev = cached_frame("features", fingerprint(VERSION, "evidence", calibrated.VERSION, corpus_key(corpus)), evidence,
                      cache)
    if not (feats["scu_id"].to_numpy() == ev["scu_id"].to_numpy()).all():
        raise PyrabenchError(f"{corpus.name}: the SCU-set evidence is not aligned with the features")
    return pd.concat([feats.reset_index(drop=True), ev.drop(columns="scu_id")], axis=1).astype(
        {"topic": str, "peer": str, "annotator": str})


# --------------------------------------------------------------------------- lite views


def lite_pyramid(pyramid, reference: int):
    """The lite pyramid of one model summary of ``pyramid`` (Shapira et al. 2019): the labels of
    the SCUs it holds as its units, each of weight 1, laid out as a units file's line reads
    (:func:`pyrabench.data.lite_pyramids.lite_pyramid`: the one model summary is the units, one
    a line; each unit its own contributor)."""
    from ...data.lite_pyramids import lite_pyramid as from_units

    held = [s for s in pyramid.scus if any(c.summary_index == reference for c in s.contributors)]
    lite = from_units(f"{pyramid.topic}-{pyramid.summarizer_ids[reference]}", [s.label for s in held], pyramid.source)
    return replace(lite, corpus=pyramid.corpus,
                   scus=tuple(replace(u, scu_id=s.scu_id) for u, s in zip(lite.scus, held)))


def lite_frame(corpus, features: Sequence[str] = FEATURES, cache: bool = True) -> pd.DataFrame:
    """The annotated ``corpus`` seen as lite pyramids: each model summary of a topic a pyramid of
    its own (:func:`lite_pyramid`, topic ``<topic>-<summarizer>``), each peer scored against it,
    ``y`` whether the annotator marked the SCU. The same annotations teach the model what a
    one-reference pyramid with units of weight 1 looks like (cached by content)."""
    def compute() -> pd.DataFrame:
        parts, marked = [], []
        for pyramid, peers in _by_topic(corpus):
            texts = [p.summary for p in peers]
            spans = unit_spans(texts)
            sets = [matched_set(p) for p in peers]
            for j in range(pyramid.n_summaries):
                lite = lite_pyramid(pyramid, j)
                keys = pd.DataFrame({"topic": lite.topic, "peer": [p.peer_id for p in peers],
                                     "annotator": [p.annotator for p in peers]})
                parts.append((lite, texts, keys, spans))
                marked.append(np.array([[s.scu_id in m for s in lite.scus] for m in sets], dtype=bool).ravel())
        if not parts:
            raise PyrabenchError(f"{corpus.name}: no peer annotation to score")
        frame = summaries_frame(parts, features=features)
        return frame.assign(y=np.concatenate(marked))

    key = fingerprint(VERSION, "lite-v2", calibrated.VERSION, corpus_key(corpus), sorted(features),
                      [calibrated.FEATURE_GROUPS[g].version for g in calibrated.group_names(set(features) - set(DISTINCT))])
    return cached_frame("features", key, compute, cache, lock=True).astype({"topic": str, "peer": str, "annotator": str})


def dataset_key(dataset) -> str:
    """A fingerprint of everything a result on a labelled lite ``dataset`` is computed from: its
    examples' units (as pyramids), its summaries and its labels."""
    return fingerprint([(p.topic, p.summaries, [s.label for s in p.scus]) for p in dataset.units.pyramids().values()],
                       [(x.topic, x.system, x.text) for x in dataset.summaries],
                       None if dataset.labels is None else dataset.labels.to_numpy().tolist())


def labelled_frame(dataset, features: Sequence[str] = FEATURES, cache: bool = True) -> pd.DataFrame:
    """A labelled lite dataset (:func:`pyrabench.data.lite_pyramids.read_dataset`) as the
    annotated corpora's frames are: one row per (example, system, unit), keys ``topic``, ``peer``
    (the system), ``annotator`` (""), the ``features`` and ``y`` (the crowd marked the unit);
    cached by the dataset's content."""
    if dataset.labels is None:
        raise PyrabenchError(f"{dataset.folder}: no labels/ to measure the SCU model against")
    pyramids = dataset.units.pyramids()
    by_topic: dict[str, list] = {}
    for summary in dataset.summaries:
        by_topic.setdefault(summary.topic, []).append(summary)

    def compute() -> pd.DataFrame:
        parts = [(pyramids[t], [x.text for x in ss], pd.DataFrame({"topic": t, "peer": [x.system for x in ss],
                                                                   "annotator": ""}), None)
                 for t, ss in by_topic.items()]
        frame = summaries_frame(parts, features=features)
        y = dataset.labels.rename(columns={"system": "peer"})
        out = frame.merge(y, on=["topic", "peer", "scu_id"], how="left", validate="one_to_one")
        if out["y"].isna().any():
            raise PyrabenchError(f"{dataset.folder}: a summary's unit has no label")
        return out.assign(y=out["y"].astype(bool))

    key = fingerprint(VERSION, "labelled-v2", calibrated.VERSION, sorted(features),
                      [calibrated.FEATURE_GROUPS[g].version for g in calibrated.group_names(set(features) - set(DISTINCT))],
                      dataset_key(dataset))
    return cached_frame("features", key, compute, cache, lock=True).astype({"topic": str, "peer": str, "annotator": str})


# --------------------------------------------------------------------------- counting and agreement


def counted(frame: pd.DataFrame, p: np.ndarray, keys: Sequence[str] = KEYS) -> np.ndarray:
    """True for each summary's ``round(Σp)`` most probable SCUs (ties: the pyramid's order)."""
    g = frame[list(keys)].assign(p=np.asarray(p, dtype=np.float64))
    by = g.groupby(list(keys), sort=False)["p"]
    rank = by.rank(ascending=False, method="first").to_numpy()
    n = np.floor(by.transform("sum").to_numpy() + 0.5)
    return rank <= n


def agreement(frame: pd.DataFrame, counted_: np.ndarray, truth: str = "y", keys: Sequence[str] = KEYS) -> dict:
    """Precision, recall, F1 and Jaccard of the counted SCU sets against ``truth``: ``micro``
    pools every pair; ``mean`` averages each summary's F1 and Jaccard (two empty sets agree: 1).
    Also the mean size of each side per summary and the number of summaries."""
    y = frame[truth].to_numpy(bool)
    c = np.asarray(counted_, dtype=bool)
    d = frame[list(keys)].assign(tp=y & c, fp=~y & c, fn=y & ~c, counted=c, marked=y)
    g = d.groupby(list(keys), sort=False)[["tp", "fp", "fn", "counted", "marked"]].sum()
    tp, fp, fn = (float(g[k].sum()) for k in ("tp", "fp", "fn"))
    p = tp / (tp + fp) if tp + fp else float("nan")
    r = tp / (tp + fn) if tp + fn else float("nan")
    union = (g["tp"] + g["fp"] + g["fn"]).to_numpy(np.float64)
    f1_each = np.divide(2 * g["tp"].to_numpy(np.float64), union + g["tp"].to_numpy(np.float64),
                        out=np.ones(len(g)), where=union > 0)
    j_each = np.divide(g["tp"].to_numpy(np.float64), union, out=np.ones(len(g)), where=union > 0)
    return {"precision": p, "recall": r, "f1": 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else float("nan"),
            "jaccard": tp / (tp + fp + fn) if tp + fp + fn else float("nan"),
            "f1_mean": float(f1_each.mean()) if len(g) else float("nan"),
            "jaccard_mean": float(j_each.mean()) if len(g) else float("nan"),
            "counted": float(g["counted"].mean()) if len(g) else float("nan"),
            "marked": float(g["marked"].mean()) if len(g) else float("nan"), "summaries": int(len(g))}


def ceiling(peers) -> dict:
    """:func:`agreement` between two annotators of the same peers (DUC 2006 D0631): the first
    annotator's set (by name) counted against the second's; F1 and Jaccard are symmetric."""
    rows = []
    for (topic, peer), anns in double_annotations(peers).items():
        a, b = matched_set(anns[0]), matched_set(anns[1])
        ids = sorted(s.scu_id for s in anns[0].pyramid.scus)
        rows.extend({"topic": topic, "peer": peer, "annotator": "", "a": i in a, "b": i in b} for i in ids)
    if not rows:
        return {"summaries": 0}
    frame = pd.DataFrame(rows)
    return agreement(frame, frame["a"].to_numpy(), truth="b")


# --------------------------------------------------------------------------- the model


def _fit(frame: pd.DataFrame, features: Sequence[str], model: str):
    return calibrated.fit_model(frame, features, model)


def _predict(classifier, frame: pd.DataFrame, features: Sequence[str]) -> np.ndarray:
    if not len(frame):
        return np.zeros(0)
    with one_thread():  # as the fit (calibrated.fit_model): the same bits on any machine
        return classifier.predict_proba(frame[list(features)].to_numpy(np.float64))[:, 1]


def held_out(frames: dict[str, pd.DataFrame], features: Sequence[str] = FEATURES, model: str = "logistic",
             folds: int = calibrated.FOLDS) -> dict[str, np.ndarray]:
    """``P(marked)`` of every row of each training corpus by a model that never saw its
    corpus (two or more corpora: fitted on the others) or, with one corpus, never saw its
    topic nor its system (topics and systems each dealt into ``folds`` folds; a cell is
    predicted by a model fitted on the rows of the other topic folds *and* system folds)."""
    if len(frames) >= 2:
        return {name: _predict(_fit(pd.concat([f for n, f in frames.items() if n != name], ignore_index=True),
                                    features, model), frame, features)
                for name, frame in frames.items()}
    (name, frame), = frames.items()
    topic_fold = calibrated.fold_of(frame["topic"].to_numpy(), folds)
    systems = np.unique(frame["peer"].to_numpy())
    system_fold = dict(zip(systems, np.arange(len(systems)) % max(2, min(folds, len(systems)))))
    sfold = frame["peer"].map(system_fold).to_numpy()
    p = np.zeros(len(frame))
    for k in np.unique(topic_fold):
        for j in np.unique(sfold):
            cell = (topic_fold == k) & (sfold == j)
            train = (topic_fold != k) & (sfold != j)
            if cell.any():
                p[cell] = _predict(_fit(frame[train], features, model), frame[cell], features)
    return {name: p}


@dataclass
class SCUModel:
    """The calibrated SCU model fitted on annotated corpora (:func:`fit`), with the held-out
    errors its intervals are read from. Call :meth:`scus` for per (summary, SCU) rows,
    :meth:`summaries` and :meth:`systems` for the estimates with their intervals."""

    fitted_on: tuple[str, ...]
    classifier: object
    summary_errors: intervals.SummaryErrors
    system_errors: intervals.SystemErrors
    features: tuple[str, ...] = FEATURES
    model: str = "logistic"
    training: dict = field(default_factory=dict, repr=False)  # corpus name -> its training frame
    recalibration: reliability.Recalibration = field(default_factory=lambda: reliability.Recalibration("none"))
    lite_model: "SCUModel | None" = field(default=None, repr=False)  # scores one-reference pyramids (fit(lite=True))

    def _lite(self, frame: pd.DataFrame) -> bool:
        """Whether ``frame``'s rows are all of one-reference pyramids (column ``models``) and a
        lite model is there to score them."""
        return (self.lite_model is not None and "models" in frame.columns and len(frame) > 0
                and bool((frame["models"] == 1).all()))
    _fold_models: dict | None = field(default=None, repr=False)  # training topic -> model that held it out

    def fold_model(self, topic: str):
        """The cross-fitting model that held training topic ``topic`` out (None: not a training
        topic); the fold models are fitted on first use."""
        if self._fold_models is None:
            self._fold_models = {}
            for frame in self.training.values():
                fold, fitted = calibrated.fold_models(frame, self.features, calibrated.FOLDS, self.model)
                self._fold_models.update({t: fitted[int(k)] for t, k in zip(frame["topic"], fold)})
        return self._fold_models.get(topic)

    def probabilities(self, frame: pd.DataFrame, own_topics: bool = True) -> np.ndarray:
        """``P(marked)`` per row of a :func:`summary_frame`; with ``own_topics``, a row of a
        training corpus's topic (column ``topic``) is predicted by the cross-fitting model that
        held that topic out, so no annotation ever informs its own topic's score. The
        probabilities are then recalibrated (:attr:`recalibration`)."""
        if self._lite(frame):
            return self.lite_model.probabilities(frame, own_topics)
        p = _predict(self.classifier, frame, self.features)
        if own_topics and self.training and len(frame):
            topics = frame["topic"].astype(str).to_numpy()
            known = set().union(*(set(f["topic"]) for f in self.training.values()))
            for t in np.unique(topics):
                m = self.fold_model(t) if t in known else None
                if m is not None:
                    rows = topics == t
                    p[rows] = _predict(m, frame[rows], self.features)
        return self.recalibration(p)

    def scus(self, frame: pd.DataFrame, keys: Sequence[str] = ("topic", "summary"), own_topics: bool = True
             ) -> pd.DataFrame:
        """``frame`` with ``p`` and ``counted`` (the summary's ``round(Σp)`` most probable SCUs)."""
        p = self.probabilities(frame, own_topics)
        return frame.assign(p=p, counted=counted(frame, p, keys))

    def summaries(self, scus: pd.DataFrame, keys: Sequence[str] = ("topic", "summary")) -> pd.DataFrame:
        """Per summary of :meth:`scus`: ``estimate``, ``estimate_low``/``estimate_high`` (the
        summary interval), ``sd``, ``scus`` (counted), ``expected_scus`` (``Σp``) and, when the
        rows say it, ``models`` (the pyramid's model summaries)."""
        if self._lite(scus):
            return self.lite_model.summaries(scus, keys)
        out = intervals.estimate_sd(scus, scus["p"].to_numpy(), keys)
        out["estimate_low"], out["estimate_high"] = self.summary_errors.interval(out["estimate"], out["sd"])
        more = {"models": ("models", "first")} if "models" in scus.columns else {}
        g = scus.groupby(list(keys), sort=False).agg(scus=("counted", "sum"), expected_scus=("p", "sum"), **more)
        return out.merge(g.reset_index(), on=list(keys))

    def systems(self, summaries: pd.DataFrame, seed: int = 0, n_resamples: int = intervals.N_RESAMPLES
                ) -> pd.DataFrame:
        """Per system (column ``system``) of :meth:`summaries`: mean estimate and its interval."""
        if self._lite(summaries):
            return self.lite_model.systems(summaries, seed, n_resamples)
        return intervals.system_intervals(summaries, self.system_errors, self.summary_errors.confidence, seed,
                                          n_resamples)


def _fitted(frames: dict[str, pd.DataFrame], features: Sequence[str], model: str, confidence: float,
            recalibration: str) -> SCUModel:
    if not frames:
        raise PyrabenchError("no annotated corpus to fit the SCU model on")
    probs = held_out(frames, features, model)
    recal = reliability.fit_recalibration(np.concatenate([probs[n] for n in frames]),
                                          np.concatenate([f["y"].to_numpy() for f in frames.values()]), recalibration)
    summaries = held_out_summaries(frames, features, model, {n: recal(p) for n, p in probs.items()})
    allrows = pd.concat(list(frames.values()), ignore_index=True)
    return SCUModel(tuple(frames), _fit(allrows, features, model),
                    intervals.summary_errors(summaries["manual"], summaries["estimate"], summaries["sd"], confidence),
                    intervals.system_errors(summaries), tuple(features), model, frames, recal)


def fit(corpora: Sequence, features: Sequence[str] = FEATURES, model: str = "logistic",
        confidence: float = intervals.CONFIDENCE, cache: bool = True, recalibration: str = RECALIBRATION,
        lite: bool = False, lite_data: Sequence = ()) -> SCUModel:
    """The :class:`SCUModel` fitted on every annotation of the annotated ``corpora``, its
    probabilities recalibrated (``recalibration``, fitted on the :func:`held_out` probabilities),
    its intervals read off the recalibrated held-out errors, and cross-fitting models for their
    own topics. With ``lite``, a second model of the same kind fitted on the corpora's lite views
    (:func:`lite_frame`) and on the labelled lite datasets ``lite_data`` (:func:`labelled_frame`,
    each a domain of its own, named by :func:`.domains.lite_name`) scores the one-reference
    pyramids (:attr:`SCUModel.lite_model`). The model of full pyramids needs a corpus (a lite
    dataset has no full pyramid); without one, the lite model is the whole model."""
    from .domains import lite_name

    if lite_data and not lite:
        raise PyrabenchError("a labelled lite dataset trains the lite model only: give lite=True")
    lite_frames = {c.name: lite_frame(c, features, cache) for c in corpora} if lite else {}
    lite_frames.update({lite_name(d): labelled_frame(d, features, cache) for d in lite_data})
    if not corpora:
        return _fitted(lite_frames, features, model, confidence, LITE_RECALIBRATION)
    fitted = _fitted({c.name: corpus_frame(c, cache, features) for c in corpora}, features, model, confidence,
                     recalibration)
    if lite:
        fitted.lite_model = _fitted(lite_frames, features, model, confidence, LITE_RECALIBRATION)
    return fitted


def held_out_summaries(frames: dict[str, pd.DataFrame], features: Sequence[str] = FEATURES,
                       model: str = "logistic", probs: dict[str, np.ndarray] | None = None) -> pd.DataFrame:
    """Per training summary (``corpus``, :data:`.calibrated.KEYS`, ``system`` = peer): the
    manual modified score, the held-out estimate and its sd (``probs``, by default
    :func:`held_out`'s)."""
    probs = held_out(frames, features, model) if probs is None else probs
    out = []
    for name, frame in frames.items():
        est = intervals.estimate_sd(frame, probs[name], KEYS)
        manual = intervals.estimate_sd(frame, frame["y"].to_numpy(np.float64), KEYS)["estimate"].to_numpy()
        out.append(est.assign(corpus=name, manual=manual, system=est["peer"].to_numpy()))
    return pd.concat(out, ignore_index=True)
