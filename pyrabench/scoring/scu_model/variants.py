"""Every automated-scorer variant of the variant search (``benchmarks/bench_variants.py``), and the
default (``auto``) the chapter sets beside the 2013 recipe and ROUGE-2.

Each variant changes one lever of :mod:`.calibrated` (or is the 2013 recipe of
:mod:`.pipeline`), so the table shows what each lever is worth, losers included:

* *the 2013 recipe*: 3–20-word segments, ``uni``/``max``, optimal matching, one threshold
  (the KDE level 0.15 of the human matches of **held-out topics** — the 2013 study read it off
  the same summaries it scored);
* *calibration*: none (soft sum of raw recalls) vs a logistic model (or gradient-boosted trees)
  fitted on held-out topics;
* *targets*: contributors, labels, or both;
* *segmentation*: peer sentences, the whole peer, or both;
* *counting*: expected score vs counting the SCUs with ``p ≥ 0.5`` vs the ``round(Σp)`` most
  probable SCUs (calibrating how many SCUs a summary may match);
* *similarity*: lexical features alone, or with the MiniLM sentence encoder or LSA cosines.

:data:`DEFAULT` (``lex``) is what ``pyrabench correlate --metric auto`` scores. Any
similarity name ``S`` of :func:`.similarity.make_similarity` (or ``minilm``) also gives a
variant ``auto:S`` = lexical features + ``S``. A variant computes no feature itself: it names its
columns, and :func:`features` asks :func:`.calibrated.corpus_features` for the feature groups
holding them, each computed once per corpus and cached (so ``lex``, ``lex-hard``, ``labels`` … share
one lexical table, ``minilm`` and ``minilm-only`` one MiniLM table). Scores are cached per corpus
and variant under ``$PYRABENCH_CACHE/scoring`` (keyed by the corpus content and the recipe), so the
book and ``correlate`` recompute nothing that has not changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...errors import UnknownNameError
from ..correlate import correlations, flat_row
from ..manual import score_corpus
from ..recipe2013.pipeline import auto_score, corpus_key, build_similarity, human_pair_similarities, items_from_peers
from ..recipe2013.thresholds import determine_thresholds
from ..rouge import rouge_frame
from . import calibrated
from .calibrated import KEYS, LEXICAL, SIMILARITY

KDE_LEVEL = 0.15  # the middle of the 2013 levels 0.05 … 0.25


@dataclass(frozen=True)
class Variant:
    name: str
    lever: str
    description: str
    features: tuple[str, ...] = LEXICAL
    similarity: str | None = None  # unit similarity adding SIMILARITY features ("minilm", "lsa", …)
    mode: str = "expected"  # expected | hard | top | uncalibrated | matching-2013
    model: str = "logistic"  # calibration model of calibrated.crossfit


_NO_LABEL = tuple(f for f in LEXICAL if not f.endswith("_l"))
_LABEL = tuple(f for f in LEXICAL if f.endswith("_l")) + ("weight_share",)
_SENTENCES = tuple(f for f in LEXICAL if "_peer_" not in f)
_WHOLE = ("r1_peer_c", "r2_peer_c", "weight_share")

VARIANTS: tuple[Variant, ...] = (
    Variant("2013-uni", "2013 recipe", "segments of 3–20 words, uni/max, optimal matching, KDE-0.15 threshold "
            "of held-out topics' human matches", mode="matching-2013", similarity="uni"),
    Variant("recall-raw", "calibration", "no learning: Σ w·(best sentence unigram recall of a contributor) / Max(A)",
            features=("r1_sent_c",), mode="uncalibrated"),
    Variant("recall-cal", "calibration", "that one recall, calibrated on held-out topics", features=("r1_sent_c",)),
    Variant("contributors", "targets", "lexical features of the contributors only (no label)", features=_NO_LABEL),
    Variant("labels", "targets", "lexical features of the labels only", features=_LABEL),
    Variant("sentences", "segmentation", "sentence units only (no whole-peer features)", features=_SENTENCES),
    Variant("whole", "segmentation", "the whole peer as the only unit", features=_WHOLE),
    Variant("lex", "default", "all lexical features, expected score"),
    Variant("lex-boosted", "calibration", "all lexical features, gradient-boosted trees instead of the logistic "
            "regression", model="boosted"),
    Variant("lex-hard", "counting", "all lexical features, SCUs with p ≥ 0.5 count fully", mode="hard"),
    Variant("lex-top", "counting", "all lexical features, the round(Σp) most probable SCUs count fully", mode="top"),
    Variant("lsa", "similarity", "lexical features + LSA cosines of sentences", features=LEXICAL + SIMILARITY,
            similarity="lsa"),
    Variant("wmf", "similarity", "lexical features + WMF cosines of sentences (Guo & Diab 2012, the 2013 study's "
            "model)", features=LEXICAL + SIMILARITY, similarity="wmf"),
    Variant("minilm", "similarity", "lexical features + MiniLM cosines of sentences", features=LEXICAL + SIMILARITY,
            similarity="minilm"),
    Variant("minilm-only", "similarity", "MiniLM cosines of sentences only", features=SIMILARITY + ("weight_share",),
            similarity="minilm"),
)
BY_NAME = {v.name: v for v in VARIANTS}
DEFAULT = "lex"
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
NOT_IN_KEY = {"auto_frame": ("cache",)}
SLOW = ("2013-uni", "lex-boosted", "minilm", "minilm-only")  # minutes on a cold cache; cached afterwards


def variant(name: str | None = None) -> Variant:
    """A variant by name; an unknown name that is a similarity gives lexical + that similarity."""
    name = name or DEFAULT
    if name in BY_NAME:
        return BY_NAME[name]
    if name in ("uni", "lsa", "wmf", "wmf-aug", "minilm") or (name.startswith("emb:") and len(name) > 4):
        return Variant(name, "similarity", f"lexical features + {name} cosines of sentences",
                       features=LEXICAL + SIMILARITY, similarity=name)
    raise UnknownNameError(f"unknown automated variant {name!r}; use one of {', '.join(BY_NAME)}, "
                           "or a similarity: uni, lsa, wmf, wmf-aug, minilm, emb:<embedding>")


# --------------------------------------------------------------------------- features (cached)


def features(corpus, similarity: str | None = None, cache: bool = True,
             columns: Sequence[str] = LEXICAL) -> pd.DataFrame:
    """:func:`.calibrated.feature_frame` of ``corpus`` with the groups holding ``columns`` (by
    default the lexical ones), and the ``similarity`` columns when asked: each group computed
    once per corpus (:func:`.calibrated.corpus_features`), whichever variant asks."""
    wanted = [*columns, *(SIMILARITY if similarity else ())]
    return calibrated.corpus_features(corpus, calibrated.group_names(wanted, similarity), cache=cache)


# --------------------------------------------------------------------------- scores


def _top(frame: pd.DataFrame, p: np.ndarray) -> np.ndarray:
    """1 for the ``round(Σp)`` most probable SCUs of each peer annotation, else 0."""
    g = frame[list(KEYS)].assign(p=p)
    rank = g.groupby(list(KEYS), sort=False)["p"].rank(ascending=False, method="first")
    n = g.groupby(list(KEYS), sort=False)["p"].transform("sum").round()
    return (rank <= n).to_numpy(np.float64)


def _matching_2013(corpus, v: Variant, folds: int) -> pd.DataFrame:
    """The 2013 recipe, each topic fold at the threshold of the other folds' human matches."""
    items = items_from_peers(corpus.peers)
    sim = build_similarity(v.similarity, items)
    pairs = human_pair_similarities(corpus.peers, sim, ("max",))
    fold_peer = calibrated.fold_of([p.topic for p in corpus.peers], folds)
    topic_fold = {p.topic: f for p, f in zip(corpus.peers, fold_peer)}
    pair_fold = pairs["topic"].map(topic_fold).to_numpy()
    out = []
    for k in np.unique(fold_peer):
        t = determine_thresholds(pairs.loc[pair_fold != k, "similarity"].to_numpy(), (KDE_LEVEL,))[KDE_LEVEL]
        mine = [i for i, f in zip(items, fold_peer) if f == k]
        out.append(auto_score(mine, sim, "max", (t,)))
    df = pd.concat(out, ignore_index=True)
    return df.rename(columns={"modified": "auto", "weight": "auto_weight", "scus": "auto_scus"})[
        [*KEYS, "auto", "auto_weight", "auto_scus"]]


def _score(corpus, v: Variant, folds: int, cache: bool) -> pd.DataFrame:
    if v.mode == "matching-2013":
        return _matching_2013(corpus, v, folds)
    f = features(corpus, v.similarity, cache, v.features)
    if v.mode == "uncalibrated":
        p = f[v.features[0]].to_numpy(np.float64)
        return calibrated.scores(f, p, "expected")
    p = calibrated.crossfit(f, v.features, folds, v.model)
    if v.mode == "top":
        return calibrated.scores(f, _top(f, p), "expected")
    return calibrated.scores(f, p, v.mode)


def auto_frame(corpus, name: str | None = None, folds: int = calibrated.FOLDS, cache: bool = True) -> pd.DataFrame:
    """Automated scores of every peer annotation of ``corpus`` with variant ``name`` (default
    :data:`DEFAULT`): columns ``topic, peer, annotator, auto, auto_weight, auto_scus``."""
    v = variant(name)
    recipe = (v.features, v.similarity, v.mode, v.model, folds, KDE_LEVEL if v.mode == "matching-2013" else None)
    key = fingerprint("auto-v2", calibrated.VERSION, corpus_key(corpus), recipe)
    df = cached_frame("auto", key, lambda: _score(corpus, v, folds, cache), cache, lock=True)
    return df.astype({"topic": str, "peer": str, "annotator": str})


# --------------------------------------------------------------------------- the chapter's table


def variant_table(corpora: dict, names: Sequence[str] | None = None, baselines: Sequence[str] = ("rouge_2",),
                  n_resamples: int = 1000, seed: int = 0, cache: bool = True) -> pd.DataFrame:
    """One row per (variant, corpus): summary- and system-level Pearson and Kendall against the
    manual modified score (NIST convention), with bootstrap intervals; ``baselines`` (ROUGE
    columns of :func:`pyrabench.scoring.rouge.rouge_frame`) come first for comparison."""
    names = list(names or [v.name for v in VARIANTS])
    rows = []
    for corpus_name, corpus in corpora.items():
        base = score_corpus(corpus)[[*KEYS, "modified"]]
        frame = base.merge(rouge_frame(corpus, cache=cache)[[*KEYS, *baselines]], on=list(KEYS))
        metrics = list(baselines)
        for n in names:
            col = f"auto:{n}"
            frame = frame.merge(auto_frame(corpus, n, cache=cache)[[*KEYS, "auto"]].rename(columns={"auto": col}),
                                on=list(KEYS))
            metrics.append(col)
        res = correlations(frame, metrics, "modified", n_resamples=n_resamples, seed=seed)
        for m in metrics:
            v = variant(m[5:]) if m.startswith("auto:") else None
            rows.append({"corpus": corpus_name, "variant": m[5:] if v else m, "lever": v.lever if v else "baseline",
                         "description": v.description if v else "ROUGE recall, jackknifed over the models",
                         **flat_row(res, m)})
    return pd.DataFrame(rows)
