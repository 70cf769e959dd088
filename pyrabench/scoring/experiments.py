"""The experiments the scoring chapters show, each one function computed once and cached.

A chapter asks for a result here; two chapters that ask for the same result get the same cache
entry (:func:`pyrabench.cache.cached_result`), computed under the entry's lock, so chapters
executed side by side never compute it twice. Each entry is keyed by
what the result is computed from:

* the correlations, the judgments and the variants table: the scores they correlate (each
  summary's manual, ROUGE and automated scores and NIST's judgments, as
  :func:`pyrabench.scoring.metrics.metric_frame` reads them from their own cache entries), the
  metrics that could not be computed, and the parameters;
* the system-level diagnosis: the corpus content (:func:`.recipe2013.pipeline.corpus_key`) with the
  scores it reads or the versions of the features it computes;

plus :data:`VERSION`, raised whenever a computation here or in :mod:`.correlate` and
:mod:`pyrabench.resampling` changes its figures. What is cheap once the metric frames are cached
(the system means, NIST's tables beside ours) is computed here on each call, not stored; it is
still the task's, and :mod:`pyrabench.reports` only labels it.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Sequence

import numpy as np
import pandas as pd

from ..cache import cached_frame, cached_result, fingerprint
from ..data import judgments
from ..errors import MissingDataError
from ..resampling import N_RESAMPLES
from .correlate import LEVELS, comparisons, correlations, per_summary, system_means
from .manual import CONVENTIONS, score_corpus
from .metrics import KEYS, correlate_corpus, metric_frame
from .recipe2013.pipeline import corpus_key
from .rouge import rouge_frame
from .scu_model import calibrated, variants
from .scu_model.variants import auto_frame
from .studies import diagnosis

#: Raised whenever an experiment's figures change for the same inputs (a fix in this module, in
#: :mod:`.correlate` or in :mod:`pyrabench.resampling`), so no stale entry is read.
VERSION = "experiments-v1"

#: The metrics the chapter on manual scores correlates with the manual modified score.
CORRELATED_METRICS = ("rouge_1", "rouge_2", "rouge_l", "auto")
#: What the judgments chapter correlates with NIST's judgments (``auto:wmf``: the scorer with the
#: 2013 study's WMF cosines beside its lexical features), and the pairs it tests.
JUDGED_METRICS = ("modified", "rouge_1", "rouge_2", "rouge_l", "auto", "auto:wmf")
JUDGMENT_PAIRS = {"modified": (("auto", "rouge_2"),),
                  judgments.RESPONSIVENESS: (("auto", "rouge_2"), ("modified", "rouge_2"), ("auto", "modified"))}
#: The tests also run with topics and systems resampled and permuted jointly (Deutsch et al.'s
#: BOOT-BOTH and PERM-BOTH), beside each level's own unit.
JOINT_PAIRS = {"modified": (("auto", "rouge_2"),)}
#: The sharpening exponents tried (``p ** γ``; the first is no sharpening) and the corpus γ is chosen on.
GAMMAS = (1.0, 1.5, 2.0, 3.0)
CHOOSE_ON = "duc2006"
#: Two scores agree when ours, rounded to NIST's 4 decimals, is NIST's figure.
NIST_DECIMALS = 4
#: The parameters of the cached experiments left out of their keys: ``cache`` says whether to
#: read and write the entry, never what it holds (:mod:`pyrabench.cache`).
NOT_IN_KEY = {"correlation_results": ("cache",), "variant_table": ("cache",), "judgment_results": ("cache",),
              "system_error_causes": ("cache",), "sharpening": ("cache",)}


def frame_key(frame: pd.DataFrame) -> str:
    """A fingerprint of a table's columns, dtypes and every cell (row order included)."""
    cells = pd.util.hash_pandas_object(frame, index=False).to_numpy()
    return fingerprint(list(frame.columns), [str(t) for t in frame.dtypes], hashlib.sha256(cells.tobytes()).hexdigest())


# --------------------------------------------------------------------------- correlations (chapters 5 and 6)


def correlation_results(corpora: dict, metrics: Sequence[str] = CORRELATED_METRICS, reference: str = "modified",
                        n_resamples: int = N_RESAMPLES, levels: Sequence[str] = LEVELS, seed: int = 0,
                        cache: bool = True) -> dict:
    """``{corpus: correlate result}`` (what ``pyrabench correlate --json`` prints): each metric
    against ``reference`` with bootstrap intervals, per level. Cached per corpus."""
    out = {}
    for name, corpus in corpora.items():
        measured = metric_frame(corpus, [reference, *metrics], cache)
        key = fingerprint(VERSION, "correlations", name, frame_key(measured[0]), sorted(measured[1].items()),
                          list(metrics), reference, n_resamples, list(levels), seed)
        out[name] = cached_result("correlations", key, lambda c=corpus, m=measured: correlate_corpus(
            c, metrics, reference, n_resamples=n_resamples, seed=seed, levels=levels, measured=m), cache, lock=True)
    return out


def system_frame(corpora: dict, metrics: Sequence[str] = ("auto", "rouge_2"), reference: str = "modified",
                 cache: bool = True) -> pd.DataFrame:
    """Each system's mean reference and metric scores per corpus (the system-level points), from
    the cached metric frames; a metric that cannot be computed is left out."""
    frames = []
    for name, c in corpora.items():
        frame, errors = metric_frame(c, [reference, *metrics], cache)
        ok = [m for m in metrics if m not in errors]
        means = system_means(per_summary(frame, [reference, *ok]), [reference, *ok])
        frames.append(means.reset_index().assign(corpus=name))
    return pd.concat(frames, ignore_index=True)


# --------------------------------------------------------------------------- the calibrated variants (chapter 6)


def variant_table(corpora: dict, names: Sequence[str] | None = None, baselines: Sequence[str] = ("rouge_2",),
                  n_resamples: int = N_RESAMPLES, seed: int = 0, cache: bool = True) -> pd.DataFrame:
    """:func:`pyrabench.scoring.scu_model.variants.variant_table`, cached by every score it correlates
    (each variant's automated scores, ROUGE and the manual modified score of each corpus, each
    read from its own cache entry) and the parameters."""
    names = list(names or [v.name for v in variants.VARIANTS])
    keys = list(KEYS)
    scores = [(name, frame_key(score_corpus(c)[[*keys, "modified"]]),
               frame_key(rouge_frame(c, cache=cache)[[*keys, *baselines]]),
               [frame_key(auto_frame(c, n, cache=cache)[[*keys, "auto"]]) for n in names])
              for name, c in corpora.items()]
    key = fingerprint(VERSION, "variants", scores, names, list(baselines), n_resamples, seed)
    return cached_frame("variants", key, lambda: variants.variant_table(corpora, names, baselines, n_resamples, seed,
                                                                        cache), cache, lock=True)


# --------------------------------------------------------------------------- NIST's score tables (chapter 5)


def nist_table_scores(corpus, convention: str) -> pd.DataFrame:
    """Our modified score of every peer beside NIST's own score table (the data root's
    ``*_modified_scores.txt``): topic, peer, annotator, ``ours``, ``nist``, ``agrees``. Rows are
    joined on topic and peer, and on the annotator when both sides name annotators (DUC 2006)."""
    table = judgments.for_corpus(corpus).table
    if table is None:
        raise MissingDataError(f"{corpus.name}: no NIST score table (*_modified_scores.txt) in the judgments folder")
    ours = score_corpus(corpus, convention)[["topic", "peer", "annotator", "modified", "source"]].rename(
        columns={"modified": "ours"})
    keys = ["topic", "peer"]
    if "annotator" in table and (ours["annotator"] != "").all():
        keys.append("annotator")
    nist = table[[*keys, "modified"]].rename(columns={"modified": "nist"})
    both = ours.merge(nist, on=keys, how="outer", indicator=True)
    both["agrees"] = (both["ours"].round(NIST_DECIMALS) - both["nist"]).abs() < 0.5 * 10 ** -NIST_DECIMALS
    return both


def nist_agreement(corpora: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per corpus and convention: peers in NIST's table, peers we score, how many agree to 4 d.p.
    (and the share); and the peers that do not agree, with both scores (NIST convention first)."""
    counts, misses = [], []
    for name, corpus in corpora.items():
        for convention in CONVENTIONS:
            both = nist_table_scores(corpus, convention)
            paired = both[both["_merge"] == "both"]
            counts.append({"corpus": name, "convention": convention, "nist peers": int(both["nist"].notna().sum()),
                           "scored": int(both["ours"].notna().sum()), "agree": int(paired["agrees"].sum()),
                           "share": float(paired["agrees"].mean()) if len(paired) else float("nan")})
            skips = Counter(r.path for r in corpus.log.skips)
            bad = both[~both["agrees"]].assign(corpus=name, convention=convention)
            bad = bad.assign(**{"contributors skipped by the reader": bad["source"].map(lambda p: skips.get(p, 0))})
            misses.append(bad[["corpus", "convention", "topic", "peer", "annotator", "ours", "nist",
                               "contributors skipped by the reader"]])
    table = pd.DataFrame(counts).set_index(["corpus", "convention"])
    mismatches = pd.concat(misses, ignore_index=True)
    return table, mismatches


def nist_figure(corpora: dict, peer) -> float:
    """NIST's own modified score of ``peer`` (its score table in the data root)."""
    both = nist_table_scores(corpora[peer.corpus], "nist")
    row = both[(both["topic"] == peer.topic) & (both["peer"] == peer.peer_id) & (both["source"] == peer.source)]
    if row.empty or row["nist"].isna().all():
        raise MissingDataError(f"NIST's table has no score for {peer.corpus} topic {peer.topic} peer {peer.peer_id}")
    return float(row["nist"].iloc[0])


# --------------------------------------------------------------------------- NIST's judgments (chapter 7)


def _judgment_result(frame: pd.DataFrame, errors: dict, references: Sequence[str], metrics: Sequence[str],
                     n_resamples: int, levels: Sequence[str], pairs: dict, joint_pairs: dict, seed: int) -> dict:
    out = {}
    for ref in references:
        others = [m for m in metrics if m != ref]
        result = correlations(frame, others, ref, errors, n_resamples=n_resamples, seed=seed, levels=levels)
        tests = [p for p in pairs.get(ref, ()) if ref not in p]
        if tests:
            result["comparisons"] = comparisons(frame, tests, ref, errors, n_resamples=n_resamples, seed=seed,
                                                levels=levels)
        joint = [p for p in joint_pairs.get(ref, ()) if ref not in p]
        if joint:
            result["joint_comparisons"] = comparisons(frame, joint, ref, errors, n_resamples=n_resamples, seed=seed,
                                                      levels=levels, scheme="both")
        out[ref] = result
    return out


def judgment_results(corpora: dict, metrics: Sequence[str] = JUDGED_METRICS, n_resamples: int = N_RESAMPLES,
                     levels: Sequence[str] = LEVELS, pairs: dict = JUDGMENT_PAIRS, joint_pairs: dict = JOINT_PAIRS,
                     seed: int = 0, cache: bool = True) -> dict:
    """``{corpus: {reference: correlate result}}`` for every judgment NIST made of the corpus
    (responsiveness; ``lq:Q1`` … ``lq:Q5`` where judged) and the manual modified score, each
    with the paired tests of ``pairs[reference]``, and those of ``joint_pairs[reference]`` again
    under the joint scheme (``"joint_comparisons"``); one metric frame per corpus, one cache
    entry per corpus."""
    out = {}
    for name, corpus in corpora.items():
        refs = judgments.for_corpus(corpus).references()
        references = ["modified", *(r for r in (judgments.RESPONSIVENESS, *judgments.QUALITY) if r in refs)]
        frame, errors = metric_frame(corpus, [*metrics, *references[1:]], cache)
        key = fingerprint(VERSION, "judgments", name, frame_key(frame), sorted(errors.items()), references,
                          list(metrics), n_resamples, list(levels), sorted(pairs.items()), sorted(joint_pairs.items()),
                          seed)
        out[name] = cached_result("judgments", key, lambda f=frame, e=errors, r=references: _judgment_result(
            f, e, r, metrics, n_resamples, levels, pairs, joint_pairs, seed), cache, lock=True)
    return out


def system_error_causes(corpora: dict, metric: str = "auto", cache: bool = True) -> pd.DataFrame:
    """:func:`pyrabench.scoring.studies.diagnosis.system_error_causes`, cached by the corpora's
    content and their ``metric`` scores."""
    option = None if metric == "auto" else metric.partition(":")[2]
    key = fingerprint(VERSION, "system-errors", metric,
                      [(n, corpus_key(c), frame_key(auto_frame(c, option, cache=cache))) for n, c in corpora.items()])
    return cached_frame("system-errors", key, lambda: diagnosis.system_error_causes(corpora, metric), cache, lock=True)


def sharpening(corpora: dict, gammas: Sequence[float] = GAMMAS, choose_on: str = CHOOSE_ON,
               cache: bool = True) -> pd.DataFrame:
    """:func:`pyrabench.scoring.studies.diagnosis.sharpening` (γ chosen on ``choose_on``), cached by
    what its calibrated features are computed from (the corpora's content and the feature groups'
    versions: :func:`.scu_model.calibrated.group_frame`'s key), so a hit reads no feature."""
    groups = [calibrated.FEATURE_GROUPS[g.partition(":")[0]].version for g in calibrated.group_names(calibrated.LEXICAL)]
    key = fingerprint(VERSION, "sharpening", calibrated.VERSION, groups, list(gammas), choose_on,
                      [(n, corpus_key(c)) for n, c in corpora.items()])
    # the frame's attrs (the corpus γ was chosen on) are pickled with it
    return cached_frame("sharpening", key, lambda: diagnosis.sharpening(corpora, gammas, choose_on), cache, lock=True)


def system_points(corpora: dict, metrics: Sequence[str] = ("modified", "auto", "rouge_2"),
                  reference: str = judgments.RESPONSIVENESS, cache: bool = True) -> pd.DataFrame:
    """Per corpus and metric, each system's mean ``metric`` and mean ``reference`` over the
    summaries that have both: exactly the points the system-level correlation of
    :func:`judgment_results` is taken over (columns ``corpus, metric, peer, value, reference``).
    A metric that cannot be computed is left out."""
    frames = []
    for name, c in corpora.items():
        frame, errors = metric_frame(c, [reference, *metrics], cache)
        ok = [m for m in metrics if m not in errors and m != reference]
        rows = per_summary(frame, [reference, *ok])
        for m in ok:
            means = system_means(rows.dropna(subset=[m, reference]), [m, reference])
            frames.append(pd.DataFrame({"corpus": name, "metric": m, "peer": means.index,
                                        "value": means[m].to_numpy(), "reference": means[reference].to_numpy()}))
    return pd.concat(frames, ignore_index=True)


def pair_agreement(points: pd.DataFrame) -> pd.DataFrame:
    """Per corpus and metric of :func:`system_points`: of the pairs of systems that the reference
    tells apart, how many the metric orders the same way (``agree``), the other way
    (``disagree``) or ties (``ties``), and the share that agree (``share``)."""
    rows = []
    for (corpus, metric), g in points.groupby(["corpus", "metric"], sort=False):
        v, r = g["value"].to_numpy(float), g["reference"].to_numpy(float)
        i, j = np.triu_indices(len(v), k=1)
        dv, dr = np.sign(v[i] - v[j]), np.sign(r[i] - r[j])
        apart = dr != 0
        agree, disagree = int(((dv == dr) & apart).sum()), int(((dv == -dr) & apart).sum())
        pairs = int(apart.sum())
        rows.append({"corpus": corpus, "metric": metric, "systems": len(v), "pairs": pairs, "agree": agree,
                     "disagree": disagree, "ties": pairs - agree - disagree,
                     "share": agree / pairs if pairs else float("nan")})
    return pd.DataFrame(rows).set_index(["corpus", "metric"])
