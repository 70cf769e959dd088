"""Scoring summaries nobody annotated: the automated pyramid scorer for the user's own summaries.

The method of Passonneau et al. (2013) exists to score summaries without a human annotation.
:func:`score_summaries` takes summaries (:mod:`pyrabench.data.summaries`) and a pyramid — a
corpus's (``corpus="duc2007"``: the topic picks its pyramid) or the user's own (``pyramid=``: a
DUCView ``.pyr`` every summary is scored against, a folder of them named by topic, or
SacreROUGE pyramids JSON Lines, :mod:`pyrabench.data.user_pyramids`) — and returns, per summary:

* ``modified``: NIST's modified pyramid score of the automated matching (the 2013 recipe of
  :mod:`.pipeline`: 3–20-word segments, ``similarity``/``max``, optimal matching at one
  threshold), with the SCUs it matched, the span of the summary that matched each and its
  similarity;
* ``estimate``: the calibrated estimate of the manual modified score (:mod:`.calibration`,
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
corpus's limit is applied (:mod:`pyrabench.scoring.limits`; ``truncate=False`` turns it off) and
truncations are counted. A word is a whitespace-separated token holding a letter or digit
(:func:`pyrabench.text.count_words`): under that count every DUC peer annotation is within its
limit (a stray line break before a comma made four DUC 2006 peers 252 whitespace tokens long), so
truncation never changes an annotated peer. A user pyramid has no limit. **Empty summaries** (no word) score 0 everywhere and are counted, with a warning.

Per system: the means over its topics, a bootstrap 95 % interval of the mean estimate over the
topics (percentile, ``seed``), the number of topics, and ``partial`` when it covers a different
set of topics than the union of all systems'. :func:`.pan_export.write_pan` writes the matches
as DUCView ``.pan`` files.
"""

from __future__ import annotations

import difflib
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ...data.corpora import CORPUS_NAMES, load_corpus
from ...data.model import PeerAnnotation
from ...data.summaries import check_unique, read_summaries
from ...data.user_pyramids import pyramid_for, read_user_pyramids
from ...dataroot import resolve
from ...errors import PyrabenchError, PyrabenchWarning, UnknownNameError
from ...resampling import CONFIDENCE, N_RESAMPLES, bootstrap_mean_interval
from ...text import count_words
from ..limits import WORD_LIMITS, within_limit
from ..manual import DEFAULT_CONVENTION, get_convention
from . import variants
from .calibration import COMBINE, calibration, corpus_threshold, estimates
from .pan_export import annotation
from .pipeline import Item, auto_score, build_similarity, item_tokens, items_from_peers

MATCH_COLUMNS = ["topic", "system", "scu_id", "label", "weight", "span", "start", "end", "similarity"]
SYSTEM_COLUMNS = ["system", "topics", "modified", "estimate", "estimate_low", "estimate_high", "partial"]


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


def system_table(summaries: pd.DataFrame, seed: int = 0, n_resamples: int = N_RESAMPLES) -> pd.DataFrame:
    """Per system: topics, mean modified and estimate, a percentile bootstrap interval of the mean
    estimate over topics (the same seed for every system), ``partial`` (module docstring)."""
    every = set(summaries["topic"])
    rows = []
    for system, g in summaries.groupby("system", sort=True):
        est = g["estimate"].to_numpy(np.float64)
        low, high = bootstrap_mean_interval(est, n_resamples, CONFIDENCE, np.random.default_rng(seed))
        rows.append({"system": system, "topics": len(g), "modified": float(g["modified"].mean()),
                     "estimate": float(est.mean()), "estimate_low": low, "estimate_high": high,
                     "partial": set(g["topic"]) != every})
    return pd.DataFrame(rows, columns=SYSTEM_COLUMNS)


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
        pyr = pyramid_for(s, pyramids, single, what)
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
    cal, note = calibration(ref, variant) if ref is not None else (
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
        table = table.merge(estimates(cal, ref, scored, item_tokens(scored)), on=keys, how="left")
        empty_rows = table["estimate"].isna()
        table.loc[empty_rows, ["estimate", "estimate_low", "estimate_high"]] = 0.0
    else:
        table[["estimate", "estimate_low", "estimate_high"]] = 0.0 if cal is not None else float("nan")
    if rouge:
        from ..rouge import rouge_items

        table = table.merge(rouge_items(items), on=keys)

    matches, annotations = [], []
    for item, matched in zip(items, table["matched"]):
        labels = {s.scu_id: s.label for s in item.pyramid.scus}
        weights = get_convention(DEFAULT_CONVENTION).scu_weights(item.pyramid)
        matches.extend({**item.key, "scu_id": sid, "label": labels[sid], "weight": weights[sid],
                        "span": item.text[a:b], "start": a, "end": b, "similarity": v}
                       for sid, a, b, v in sorted(matched, key=lambda m: m[1]))
        annotations.append(annotation(item, matched, labels))
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
