"""Scoring summaries nobody annotated: the automated pyramid scorer for the user's own summaries.

The method of Passonneau et al. (2013) exists to score summaries without a human annotation.
:func:`score_summaries` takes summaries (:mod:`pyrabench.data.summaries`) and a pyramid — a
corpus's (``corpus="duc2007"``: the topic picks its pyramid) or the user's own (``pyramid=``: a
DUCView ``.pyr`` every summary is scored against, a folder of them named by topic, or
SacreROUGE pyramids JSON Lines) — and returns, per summary:

* ``modified``: NIST's modified pyramid score of the automated matching (the 2013 recipe of
  :mod:`.pipeline`: 3–20-word segments, ``similarity``/``max``, optimal matching at one
  threshold), with the SCUs it matched, the span of the summary that matched each and its
  similarity;
* ``estimate``: the calibrated estimate of the manual modified score (:mod:`.calibrated`,
  variant ``variant``, default :data:`.variants.DEFAULT`, the scorer chapter 6 recommends), with
  a 95 % prediction interval: the estimate plus the 2.5 and 97.5 percentiles of the held-out
  errors (manual − estimate) of the same scorer on the annotated corpus (split-conformal);
* ``rouge_1/2/l``: ROUGE recall against the pyramid's model summaries, jackknifed, as
  :mod:`pyrabench.scoring.rouge` scores the annotated peers.

**Nothing is learned from the summaries scored.** The similarity is trained, the threshold read
(the KDE level :data:`.variants.KDE_LEVEL` of the human matches, :mod:`.thresholds`) and the
calibration fitted on the *annotated* corpus (``corpus``, or ``calibrate_on`` for a pyramid of
the user's own; a pyramid with no annotated corpus takes ``threshold=`` and has no estimate).
A summary of one of that corpus's topics is estimated by the model of the cross-fitting fold
that held its topic out, exactly as :func:`.variants.auto_frame` scores the annotated peers; a
summary of any other pyramid by a model fitted on every annotated topic. So a peer given as
text scores exactly as it does from its ``.pan`` file, and no result depends on the names of
the systems or the order of the input (each system's bootstrap draws from the same seed).

**Word limit.** DUC truncated peers at 250 words (100 for the update task, and TAC's); the
corpus's limit is applied (``truncate=False`` turns it off) and truncations are counted. A word
is a whitespace-separated token holding a letter or digit: under that count every DUC peer
annotation is within its limit (a stray line break before a comma made four DUC 2006 peers
252 whitespace tokens long), so truncation never changes an annotated peer. A user pyramid has
no limit. **Empty summaries** (no word) score 0 everywhere and are counted, with a warning.

Per system: the means over its topics, a bootstrap 95 % interval of the mean estimate over the
topics (percentile, ``seed``), the number of topics, and ``partial`` when it covers a different
set of topics than the union of all systems'.
"""

from __future__ import annotations

import difflib
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...data import ducview, sacrerouge
from ...data.corpora import CORPUS_NAMES, load_corpus, pyramid_file_topic
from ...data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from ...data.summaries import Summary, check_unique, read_summaries
from ...dataroot import resolve
from ...errors import (DataFormatError, MissingDataError, OutputError, PyrabenchError, PyrabenchWarning,
                       UnknownNameError)
from ...files import atomic_directory
from ...resampling import bootstrap_indices, percentile_interval
from ..manual import DEFAULT_CONVENTION, get_convention, score_corpus
from . import calibrated, variants
from .pipeline import (
    Item,
    auto_score,
    build_similarity,
    corpus_key,
    human_pair_similarities,
    item_tokens,
    items_from_peers,
)
from .thresholds import determine_thresholds

#: DUC's and TAC's peer length limits, in words (NIST's peer names say it: ``D0701.M.250…``).
WORD_LIMITS = {"duc2005": 250, "duc2006": 250, "duc2007": 250, "duc2007-update": 100,
               "tac2008": 100, "tac2009": 100, "tac2010": 100, "tac2011": 100}
COMBINE = "max"
N_RESAMPLES = 1000
CONFIDENCE = 0.95
MATCH_COLUMNS = ["topic", "system", "scu_id", "label", "weight", "span", "start", "end", "similarity"]
SYSTEM_COLUMNS = ["system", "topics", "modified", "estimate", "estimate_low", "estimate_high", "partial"]
_WORD = re.compile(r"\S+")
_HAS_ALNUM = re.compile(r"\w")


@dataclass
class OwnScores:
    """What :func:`score_summaries` returns (module docstring): per summary, per system, per
    matched SCU, and where the threshold and calibration came from."""

    summaries: pd.DataFrame
    systems: pd.DataFrame
    matches: pd.DataFrame
    thresholds_from: str
    truncated: int
    empty: int
    corpus: str | None
    similarity: str = ""
    threshold: float = float("nan")
    variant: str | None = None
    annotations: tuple[PeerAnnotation, ...] = field(default=(), repr=False)  # for write_pan


# --------------------------------------------------------------------------- words


def count_words(text: str) -> int:
    """Words as DUC's limits count them: whitespace-separated tokens with a letter or digit."""
    return sum(1 for m in _WORD.finditer(text) if _HAS_ALNUM.search(m.group()))


def _cut(text: str, limit: int) -> tuple[str, int]:
    """``text`` up to its ``limit``-th word, and how many words it has (at most ``limit``)."""
    n = 0
    for m in _WORD.finditer(text):
        if _HAS_ALNUM.search(m.group()):
            n += 1
            if n == limit:
                return text[: m.end()], n
    return text, n


def within_limit(summary: Summary, limit: int | None) -> tuple[str, tuple[str, ...] | None, bool]:
    """``(text, sentences, truncated)`` of ``summary`` within ``limit`` words (None: no limit)."""
    if limit is None or count_words(summary.text) <= limit:
        return summary.text, summary.sentences, False
    if summary.sentences is None:
        return _cut(summary.text, limit)[0], None, True
    kept, left = [], limit
    for sentence in summary.sentences:
        cut, n = _cut(sentence, left)
        kept.append(cut)
        left -= n
        if left == 0:
            break
    return "\n".join(kept), tuple(kept), True


# --------------------------------------------------------------------------- pyramids


def _check_pyramid(pyramid: Pyramid, where) -> Pyramid:
    if pyramid.n_summaries < 2:
        raise DataFormatError(where, f"the pyramid of topic {pyramid.topic!r} has {pyramid.n_summaries} model "
                                     "summary; a pyramid needs at least two (an SCU's weight counts them)")
    if not pyramid.scus:
        raise DataFormatError(where, f"the pyramid of topic {pyramid.topic!r} has no usable SCU")
    return pyramid


def read_pyramid_file(path, topic: str | None = None) -> Pyramid:
    """A DUCView ``.pyr`` of the user's: DUC's summary headers, or Passonneau's ``---`` lines
    when the file has no ``startDocumentRegEx`` and DUC's headers match nothing."""
    path = Path(path)
    topic = topic or path.stem
    try:
        pyramid = ducview.read_pyramid(path, "pyramid", topic)
    except DataFormatError as exc:
        if "matches no summary header" not in exc.reason:
            raise
        pyramid = ducview.read_pyramid(path, "pyramid", topic, default_regex=ducview.PASSONNEAU_REGEX)
    return _check_pyramid(pyramid, path)


def _pyramid_topic(path: Path) -> str:
    return pyramid_file_topic(path.name) or path.stem


def read_user_pyramids(path) -> tuple[dict[str, Pyramid], bool]:
    """``({topic: pyramid}, single)``: one ``.pyr`` (``single``: it scores every summary), a
    folder of ``.pyr`` (DUC names give the topic, else the file stem), or a SacreROUGE ``.jsonl``."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.glob("*.pyr") if not p.name.startswith("."))
        if not files:
            raise DataFormatError(path, "no .pyr file in this folder")
        found: dict[str, Pyramid] = {}
        for p in files:
            topic = _pyramid_topic(p)
            if topic in found:
                raise DataFormatError(p, f"a second pyramid for topic {topic!r} (first: {found[topic].source})")
            found[topic] = read_pyramid_file(p, topic)
        return found, False
    if not path.exists():
        raise MissingDataError(f"{path}: no such file or folder")
    if path.suffix == ".jsonl":
        return {p.topic: _check_pyramid(p, path) for p in sacrerouge.read_pyramids(path, "pyramid")}, False
    if path.suffix == ".pyr":
        pyramid = read_pyramid_file(path, _pyramid_topic(path))
        return {pyramid.topic: pyramid}, True
    raise DataFormatError(path, "unknown layout: give a .pyr file, a folder of .pyr files or a pyramids .jsonl")


def _pick(summary: Summary, pyramids: dict[str, Pyramid], single: bool, what: str) -> Pyramid:
    if single:
        return next(iter(pyramids.values()))
    if summary.topic in pyramids:
        return pyramids[summary.topic]
    if not summary.topic:
        raise DataFormatError(summary.source, f"no topic: lay summaries out as <system>/<topic>.txt to score them "
                                              f"against {what}, or give one .pyr file")
    nearest = difflib.get_close_matches(summary.topic, list(pyramids), n=1, cutoff=0.0)
    hint = f"; did you mean {nearest[0]!r}?" if nearest else ""
    raise UnknownNameError(f"{summary.source}: unknown topic {summary.topic!r} for {what}{hint}")


# --------------------------------------------------------------------------- calibration


def corpus_threshold(ref, sim, combine: str = COMBINE, seed: int = 0) -> tuple[float, int]:
    """``(threshold, human matches)``: the KDE level :data:`.variants.KDE_LEVEL` of the similarities
    of ``ref``'s human-matched pairs, cached under ``$PYRABENCH_CACHE/scoring/thresholds`` (keyed
    by the corpus content, the similarity and what it was trained on)."""
    trained = (getattr(sim, "training_texts", None), getattr(sim, "training_sentences", None),
               getattr(sim, "dimensions", None))
    key = fingerprint("own-threshold-v1", corpus_key(ref), sim.name, repr(trained), combine, seed, variants.KDE_LEVEL)

    def compute() -> pd.DataFrame:
        pairs = human_pair_similarities(ref.peers, sim, (combine,))
        try:
            t = determine_thresholds(pairs["similarity"].to_numpy(), (variants.KDE_LEVEL,))[variants.KDE_LEVEL]
        except PyrabenchError as exc:
            raise PyrabenchError(f"{ref.name} has too few human matches to read a threshold from ({exc}); "
                                 "give threshold=") from None
        return pd.DataFrame({"threshold": [t], "pairs": [len(pairs)]})

    row = cached_frame("thresholds", key, compute).iloc[0]
    return float(row["threshold"]), int(row["pairs"])


@dataclass
class _Calibration:
    """The calibrated scorer of an annotated corpus: fold models and the held-out error quantiles."""

    variant: variants.Variant
    topic_fold: dict[str, int]
    models: dict[int, object]
    frame: pd.DataFrame
    low: float
    high: float
    unit_similarity: object | None
    _all: object | None = None

    def model_for(self, topic: str | None):
        """The fold model that held ``topic`` out, or (another pyramid) one fitted on every topic."""
        if topic in self.topic_fold:
            return self.models[self.topic_fold[topic]]
        if self._all is None:
            self._all = calibrated.fit_model(self.frame, self.variant.features, self.variant.model)
        return self._all


def _calibration(ref, name: str | None) -> tuple[_Calibration | None, str]:
    v = variants.variant(name)
    if v.mode not in ("expected", "hard"):
        raise UnknownNameError(f"variant {v.name!r} ({v.mode}) cannot estimate new summaries; use an expected-score "
                               f"variant such as {variants.DEFAULT!r}")
    try:
        frame = variants.features(ref, v.similarity)
        fold, models = calibrated.fold_models(frame, v.features, calibrated.FOLDS, v.model)
        held = variants.auto_frame(ref, v.name)
    except PyrabenchError as exc:
        return None, f"no estimate: the {v.name} scorer cannot be calibrated on {ref.name} ({exc})"
    manual = score_corpus(ref)[[*calibrated.KEYS, "modified"]]
    both = manual.merge(held, on=list(calibrated.KEYS))
    low, high = np.quantile(both["modified"] - both["auto"], [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
    topic_fold = {t: int(k) for t, k in zip(frame["topic"], fold)}
    unit_sim = calibrated.UnitSimilarity(v.similarity, ref) if v.similarity else None
    note = (f"estimate: the {v.name} scorer calibrated on the {len(both):,} manual annotations of {ref.name} "
            f"(a topic of {ref.name} by the fold model that held it out), 95 % interval from its held-out errors")
    return _Calibration(v, topic_fold, models, frame, float(low), float(high), unit_sim), note


def _ref_topic(pyramid: Pyramid, ref) -> str | None:
    """The annotated corpus's topic whose pyramid ``pyramid`` is (same summaries and SCUs), if any."""
    for p in ref.pyramids:
        if p is pyramid or (p.summaries == pyramid.summaries and p.scus == pyramid.scus):
            return p.topic
    return None


def _estimates(cal: _Calibration, ref, items: Sequence[Item], tokens) -> pd.DataFrame:
    """``estimate`` and its interval per item (keys ``topic, system``)."""
    groups: dict[int, list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(id(item.pyramid), []).append(k)
    frames = []
    for members in groups.values():
        pyramid = items[members[0]].pyramid
        units = [[tokens[k].span_text(a, b) for a, b in tokens[k].sentences] for k in members]
        topic, feats = calibrated.unit_features(pyramid, units, cal.unit_similarity)
        n_s = len(topic.scu_ids)
        frame = pd.DataFrame({
            "topic": np.repeat([items[k].key["topic"] for k in members], n_s),
            "peer": np.repeat([items[k].key["system"] for k in members], n_s),
            "annotator": "",
            **{c: np.asarray(v, dtype=np.float64).ravel() for c, v in feats.items()},
            "weight": np.tile(topic.weights, len(members)), "ideal": float(topic.ideal),
        })
        x = frame[list(cal.variant.features)].to_numpy(np.float64)
        p = cal.model_for(_ref_topic(pyramid, ref)).predict_proba(x)[:, 1]
        frames.append(calibrated.scores(frame, p, cal.variant.mode))
    out = pd.concat(frames, ignore_index=True).rename(columns={"peer": "system", "auto": "estimate"})
    out["estimate_low"] = np.maximum(out["estimate"] + cal.low, 0.0)
    out["estimate_high"] = out["estimate"] + cal.high
    return out[["topic", "system", "estimate", "estimate_low", "estimate_high"]]


# --------------------------------------------------------------------------- systems


def system_table(summaries: pd.DataFrame, seed: int = 0, n_resamples: int = N_RESAMPLES) -> pd.DataFrame:
    """Per system: topics, mean modified and estimate, a percentile bootstrap interval of the mean
    estimate over topics (the same seed for every system), ``partial`` (module docstring)."""
    every = set(summaries["topic"])
    rows = []
    for system, g in summaries.groupby("system", sort=True):
        est = g["estimate"].to_numpy(np.float64)
        low = high = float("nan")
        if len(est) >= 2 and np.isfinite(est).all():
            if np.ptp(est) == 0:
                low = high = float(est[0])
            else:
                means = est[bootstrap_indices(len(est), n_resamples, np.random.default_rng(seed))].mean(axis=1)
                low, high = percentile_interval(means, CONFIDENCE)
        rows.append({"system": system, "topics": len(g), "modified": float(g["modified"].mean()),
                     "estimate": float(est.mean()), "estimate_low": low, "estimate_high": high,
                     "partial": set(g["topic"]) != every})
    return pd.DataFrame(rows, columns=SYSTEM_COLUMNS)


# --------------------------------------------------------------------------- scoring


def _annotation(item: Item, matched, label: dict[int, str]) -> PeerAnnotation:
    scus = tuple(SCU(sid, label[sid], (Contributor(item.text[a:b], (Part(item.text[a:b], a, b),), 0),))
                 for sid, a, b, _ in sorted(matched, key=lambda m: m[1]))
    return PeerAnnotation(item.pyramid.corpus, item.key["topic"], item.key["system"], "auto", item.text, scus,
                          item.pyramid)


def score_summaries(summaries, *, corpus: str | None = None, pyramid=None, similarity: str = "wmf",
                    threshold: float | None = None, calibrate_on: str | None = None, truncate: bool = True,
                    rouge: bool = True, data=None, seed: int = 0, variant: str | None = None,
                    combine: str = COMBINE, n_resamples: int = N_RESAMPLES) -> OwnScores:
    """Score ``summaries`` (a sequence of :class:`~pyrabench.data.summaries.Summary`, or a path
    for :func:`~pyrabench.data.summaries.read_summaries`) against exactly one of ``corpus`` (a
    corpus name) or ``pyramid`` (a path); see the module docstring for everything else."""
    if (corpus is None) == (pyramid is None):
        raise PyrabenchError("give exactly one of corpus= (a corpus name) or pyramid= (a .pyr, a folder of .pyr "
                             "or a pyramids .jsonl)")
    for name in (corpus, calibrate_on):
        if name is not None and name not in CORPUS_NAMES:
            nearest = difflib.get_close_matches(name, CORPUS_NAMES, n=1, cutoff=0.0)
            raise UnknownNameError(f"unknown corpus {name!r}; did you mean {nearest[0]!r}? (known: "
                                   f"{', '.join(CORPUS_NAMES)})")
    if threshold is not None and not np.isfinite(threshold):
        raise PyrabenchError(f"threshold {threshold!r} is not a finite number")
    summaries = read_summaries(summaries) if isinstance(summaries, (str, Path)) else list(summaries)
    if not summaries:
        raise PyrabenchError("no summaries to score")
    check_unique(summaries)
    summaries = sorted(summaries, key=lambda s: (s.topic, s.system))
    root = resolve(data).path
    ref_name = calibrate_on or corpus
    if pyramid is not None and ref_name is None and threshold is None:
        raise PyrabenchError("a pyramid of your own has no human matches to read a threshold from: give "
                             "threshold= (--threshold X) or calibrate_on= (--calibrate-on CORPUS), an annotated "
                             "corpus whose human matches set it")
    ref = load_corpus(ref_name, root) if ref_name else None
    if corpus is not None:
        pyramids, single, what = {p.topic: p for p in load_corpus(corpus, root).pyramids}, False, corpus
    else:
        pyramids, single = read_user_pyramids(pyramid)
        what = str(pyramid)
    limit = WORD_LIMITS.get(corpus) if truncate and corpus else None

    rows, items, empty = [], [], 0
    for s in summaries:
        pyr = _pick(s, pyramids, single, what)
        text, sentences, cut = within_limit(s, limit)
        topic = s.topic or pyr.topic
        rows.append({"topic": topic, "system": s.system, "words": count_words(s.text), "truncated": cut})
        item = Item(pyr, text, {"topic": topic, "system": s.system}, sentences)
        items.append(item)
        empty += count_words(text) == 0
    if empty:
        warnings.warn(f"{empty} empty summar{'y' if empty == 1 else 'ies'} (no word) scored 0", PyrabenchWarning,
                      stacklevel=2)
    scored = [it for it in items if count_words(it.text)]

    sim = build_similarity(similarity, items_from_peers(ref.peers) if ref is not None else items, seed)
    if threshold is None:
        threshold, pairs = corpus_threshold(ref, sim, combine, seed)
        source = (f"threshold {threshold:.4f}: KDE level {variants.KDE_LEVEL} of the {pairs:,} human matches "
                  f"of {ref.name} ({sim.name}/{combine})")
    else:
        threshold = float(threshold)
        source = f"threshold {threshold:.4f}: given"
    cal, note = _calibration(ref, variant) if ref is not None else (
        None, "no estimate: no annotated corpus to calibrate on (give calibrate_on=)")

    auto = auto_score(scored, sim, combine, (threshold,), seed=seed, spans=True)
    keys = ["topic", "system"]
    if len(auto):
        auto = auto[[*keys, "scus", "weight", "modified", "matched"]]
    else:
        auto = pd.DataFrame(columns=[*keys, "scus", "weight", "modified", "matched"])
    table = pd.DataFrame(rows).merge(auto, on=keys, how="left")
    table["matched"] = [m if isinstance(m, tuple) else () for m in table["matched"]]
    table[["scus", "weight", "modified"]] = table[["scus", "weight", "modified"]].fillna(0)
    table = table.astype({"scus": int, "weight": int, "modified": float})
    if cal is not None and scored:
        table = table.merge(_estimates(cal, ref, scored, item_tokens(scored)), on=keys, how="left")
        empty_rows = table["estimate"].isna()
        table.loc[empty_rows, ["estimate", "estimate_low", "estimate_high"]] = 0.0
    else:
        table[["estimate", "estimate_low", "estimate_high"]] = 0.0 if cal is not None else float("nan")
    if rouge:
        table = table.merge(_rouge(items), on=keys)

    matches, annotations = [], []
    for item, matched in zip(items, table["matched"]):
        labels = {s.scu_id: s.label for s in item.pyramid.scus}
        weights = get_convention(DEFAULT_CONVENTION).scu_weights(item.pyramid)
        matches.extend({**item.key, "scu_id": sid, "label": labels[sid], "weight": weights[sid],
                        "span": item.text[a:b], "start": a, "end": b, "similarity": v}
                       for sid, a, b, v in sorted(matched, key=lambda m: m[1]))
        annotations.append(_annotation(item, matched, labels))
    table = table.drop(columns="matched")
    return OwnScores(
        summaries=table.reset_index(drop=True),
        systems=system_table(table, seed, n_resamples),
        matches=pd.DataFrame(matches, columns=MATCH_COLUMNS),
        thresholds_from=f"{source}; {note}",
        truncated=int(table["truncated"].sum()),
        empty=empty,
        corpus=corpus,
        similarity=sim.name,
        threshold=threshold,
        variant=cal.variant.name if cal is not None else None,
        annotations=tuple(annotations),
    )



def _rouge(items: Sequence[Item]) -> pd.DataFrame:
    """ROUGE-1/2/L recall of each item against its pyramid's model summaries (jackknifed)."""
    from ..rouge import ROUGE_TYPES, rouge_pyramid

    groups: dict[int, list[Item]] = {}
    for item in items:
        groups.setdefault(id(item.pyramid), []).append(item)
    rows = []
    for members in groups.values():
        rec = rouge_pyramid(members[0].pyramid, [i.text for i in members])
        rows.extend({**i.key, **{n: float(v) for n, v in zip(ROUGE_TYPES, r)}} for i, r in zip(members, rec))
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- .pan files

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
_DUC_TOPIC = re.compile(r"^[Dd][0-9]+[A-Za-z]?(?:-[A-Z])?$")


def _header(pyramid: Pyramid, topic: str) -> ducview.Header:
    """DUC's dashed header when the topic and summarizer ids fit DUC's regex, else ``---`` lines."""
    if _DUC_TOPIC.match(topic) and all(re.fullmatch(r"[A-Z0-9]+", i) for i in pyramid.summarizer_ids):
        return ducview.Header(f"{topic}.M.250.A", ducview.DUC_REGEX)
    return ducview.Header(None, ducview.PASSONNEAU_REGEX)


def pan_name(annotation: PeerAnnotation) -> str:
    """``<topic>.<system>.pan``, other characters than letters, digits, ``_`` and ``-`` as ``_``."""
    return f"{_UNSAFE.sub('_', annotation.topic) or 'topic'}.{_UNSAFE.sub('_', annotation.peer_id) or 'system'}.pan"


def _ours(folder: Path) -> bool:
    return all(p.suffix == ".pan" and p.is_file() for p in folder.iterdir())


def write_pan(scores: OwnScores, folder) -> list[Path]:
    """The automated annotations as DUCView ``.pan`` files (each embeds its pyramid; the matched
    spans are the contributors), written as one directory at once (:func:`atomic_directory`);
    an existing ``folder`` is replaced only if it holds nothing but ``.pan`` files."""
    names = [pan_name(a) for a in scores.annotations]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise OutputError(f"{folder}: two summaries would share the file name {twice!r}")
    with atomic_directory(folder, _ours) as tmp:
        for a, name in zip(scores.annotations, names):
            ducview.write_peer(a, tmp / name, _header(a.pyramid, a.pyramid.topic))
    return [Path(folder) / n for n in names]
