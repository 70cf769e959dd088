"""The SCU model adapted to a new domain on a few of its labelled examples, and judged on the others.

A model fitted on DUC gives probabilities, counts and intervals that sit off on a domain with
another presence rate and other writing (chapter 8). A user who labels a few examples of their
own data can correct that honestly:

* :func:`split` draws ``n`` examples with a fixed seed (every system's summaries of each); the
  figures are then measured on the **other** examples only. ``groups`` keeps examples that share
  a source together (a DUC topic's lite views share their peers): a group touched by the draw is
  left out of the rest, so no summary used to adapt is ever reported on. Given each example's
  ``score`` (the model's mean probability over its pairs: no label is read), the draw is
  *stratified*: the groups ranked by score are dealt into as many strata as groups are needed and
  one is drawn from each, so the drawn examples' presence rate follows the others' (drawn at
  random, 20 examples' rate is off the rest's by up to a third, and the map with it).
* :func:`fit` refits, on the drawn examples only: the recalibration map of the model's
  probabilities (:mod:`.reliability`), and the intervals' errors — the split-conformal
  quantiles of the summaries' scaled residuals and the systems' residuals (:mod:`.intervals`).
  The map is Platt's, pulled toward the model's own probabilities by a prior
  (:func:`.reliability.fit_recalibration`) worth :data:`PRIOR_EXAMPLES` examples when Platt's
  map alone would barely move them, and less the further it moves them: ``k / (1 + (d / s)²)``
  examples, ``d`` the mean move of the probabilities by Platt's map alone on the drawn pairs and
  ``s`` :data:`PRIOR_SCALE` (a heavy-tailed prior: it damps the noise of a few examples where
  the model holds, and lets a domain the model is far off on be corrected nearly in full). Labels all alike (every unit absent, or
  every one present) recalibrate nothing: the probabilities are kept, with a warning.
  Every residual is *out of fold*: the drawn examples are dealt into :data:`FOLDS` folds and
  each fold's probabilities are mapped by a map fitted on the other folds. The intervals carry
  the map's own error; given the model's own held-out errors (``prior``), the summary interval
  is the wider of the two at each end, the systems' residuals are pooled, and each system also
  keeps its own out-of-fold residuals on the drawn examples (:attr:`.intervals.SystemErrors.by_system`):
  an interval may widen, it never trusts 20 examples alone for its tails.

:data:`MIN_ADAPT` is the one minimum of ``n`` every message states (:data:`N_RULE`);
:func:`check_n` refuses an ``n`` before anything is scored.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ...errors import PyrabenchError, PyrabenchWarning
from . import intervals, reliability

#: The fewest examples to adapt on (two, so the residuals can be out of fold) …
MIN_ADAPT = 2
#: … and the fewest left to report on.
MIN_REST = 2
#: The rule on ``n`` every message states, word for word.
N_RULE = f"N must be {MIN_ADAPT} or more"
FOLDS = 5
#: The recalibration's prior toward the model's own probabilities, in examples' worth of pairs,
#: and the move of the probabilities at which it is halved (the lever search behind both:
#: benchmarks/bench_adapt.py; ``PRIOR_SCALE`` inf: a prior of ``PRIOR_EXAMPLES`` whatever the move).
PRIOR_EXAMPLES = 20
PRIOR_SCALE = 0.03


def check_n(n: int, examples: int) -> None:
    """Refuse adapting on ``n`` of ``examples`` labelled examples: ``n`` below :data:`MIN_ADAPT`,
    or leaving fewer than :data:`MIN_REST` to report on (a clear error, stating :data:`N_RULE`)."""
    if n < MIN_ADAPT:
        raise PyrabenchError(f"cannot adapt on {n} labelled examples: {N_RULE}")
    if n > examples - MIN_REST:
        most = examples - MIN_REST
        advice = (f"{N_RULE} and at most {most}" if most >= MIN_ADAPT else
                  f"{N_RULE}, so adapting needs {MIN_ADAPT + MIN_REST} labelled examples or more")
        raise PyrabenchError(f"cannot adapt on {n} examples: there are {examples} labelled examples and at least "
                             f"{MIN_REST} must be left to report on ({advice})")


def _draw_order(members: dict[str, list[str]], n: int, rng: np.random.Generator,
                score: Mapping[str, float] | None) -> list[str]:
    """The groups in the order they are drawn: seeded at random, or (``score``) first one group
    of each stratum of the groups ranked by their examples' mean score, then the others at random."""
    order = sorted(members)
    if score is None:
        return [order[k] for k in rng.permutation(len(order))]
    mean = {g: float(np.mean([score[e] for e in members[g]])) for g in order}
    ranked = sorted(order, key=lambda g: (mean[g], g))
    per_group = sum(map(len, members.values())) / len(order)
    strata = np.array_split(np.arange(len(ranked)), min(len(ranked), math.ceil(n / per_group)))
    first = [int(s[rng.integers(len(s))]) for s in strata]
    others = [k for k in rng.permutation(len(ranked)) if k not in set(first)]
    return [ranked[k] for k in first + others]


def example_scores(frame: pd.DataFrame, p) -> dict[str, float]:
    """Each example's (``topic``'s) mean probability over its pairs: what :func:`split`'s draw is
    stratified by."""
    return {str(t): float(v) for t, v in pd.Series(np.asarray(p, dtype=np.float64)).groupby(
        frame["topic"].astype(str).to_numpy()).mean().items()}


def split(examples: Sequence[str], n: int, seed: int = 0, groups: Mapping[str, str] | None = None,
          score: Mapping[str, float] | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(used, rest)``: ``n`` of the distinct ``examples`` drawn with ``seed`` (whole groups in
    the order of :func:`_draw_order`, stratified by ``score`` when given, a group's examples in
    sorted order, until ``n`` are drawn), in the order drawn, and the examples of the groups not
    touched, sorted. Too few examples on either side is a clear error (:func:`check_n`)."""
    examples = sorted(set(map(str, examples)))
    check_n(n, len(examples))
    if score is not None and set(examples) - set(score):
        raise PyrabenchError(f"no score to stratify the draw for example {sorted(set(examples) - set(score))[0]!r}")
    group = {e: str(groups[e]) if groups is not None else e for e in examples}
    members: dict[str, list[str]] = {}
    for e in examples:
        members.setdefault(group[e], []).append(e)
    used: list[str] = []
    touched: set[str] = set()
    for g in _draw_order(members, n, np.random.default_rng(seed), score):
        touched.add(g)
        used.extend(members[g][: n - len(used)])
        if len(used) >= n:
            break
    rest = tuple(e for e in examples if group[e] not in touched)
    if len(rest) < MIN_REST:
        raise PyrabenchError(f"adapting on {n} examples leaves {len(rest)} whose group was not drawn: too few to "
                             "report on; use fewer")
    return tuple(used), rest


@dataclass(frozen=True)
class Adaptation:
    """What :func:`fit` learned from the drawn examples (``used``): the recalibration map (call
    the adaptation on probabilities), the summaries' and systems' errors for the intervals, and
    the counts and presence rate behind them."""

    used: tuple[str, ...]
    recalibration: reliability.Recalibration  # its .method: "platt", or "none" on labels all alike
    summary_errors: intervals.SummaryErrors
    system_errors: intervals.SystemErrors
    pairs: int
    summaries: int
    rate: float
    brier: dict  # "none" (the model's probabilities) and "platt" (the map, out of fold) -> Brier score

    def __call__(self, p) -> np.ndarray:
        return self.recalibration(p)


def _envelope(own: intervals.SummaryErrors, prior: intervals.SummaryErrors | None) -> intervals.SummaryErrors:
    if prior is None:
        return own
    return intervals.SummaryErrors(min(own.low, prior.low), max(own.high, prior.high), own.confidence, own.n)


def prior_weight(p: np.ndarray, y: np.ndarray, prior_examples: float = PRIOR_EXAMPLES,
                 prior_scale: float = PRIOR_SCALE) -> float:
    """The prior's weight in examples (module docstring): ``prior_examples`` damped by the mean
    move of ``p`` by Platt's map alone on the labels ``y`` (undamped when labels all alike leave
    no map to fit)."""
    if prior_examples <= 0 or not np.isfinite(prior_scale) or y.all() or not y.any():
        return float(prior_examples)
    move = float(np.mean(np.abs(reliability.fit_recalibration(p, y, "platt")(p) - p)))
    return float(prior_examples / (1 + (move / prior_scale) ** 2))


def _map(p: np.ndarray, y: np.ndarray, examples: int, prior_examples: float,
         prior_scale: float) -> reliability.Recalibration:
    """Platt's map of ``p`` on the labels ``y`` of ``examples`` examples, with the module's prior."""
    return reliability.fit_recalibration(p, y, "platt",
                                         prior=prior_weight(p, y, prior_examples, prior_scale) / examples)


def fit(frame: pd.DataFrame, p, used: Sequence[str], keys: Sequence[str] = ("topic", "system"),
        system: str = "system", folds: int = FOLDS, confidence: float = intervals.CONFIDENCE,
        prior: tuple | None = None, prior_examples: float = PRIOR_EXAMPLES,
        prior_scale: float = PRIOR_SCALE) -> Adaptation:
    """The :class:`Adaptation` of the model's probabilities ``p`` (one per row of ``frame``:
    ``topic``, the summary ``keys`` with the ``system`` among them, ``weight``, ``ideal``, ``y``)
    on the rows of the ``used`` examples (topics), every residual out of fold (module
    docstring); ``prior``: the model's own ``(SummaryErrors, SystemErrors)``;
    ``prior_examples``, ``prior_scale``: the map's prior (:data:`PRIOR_EXAMPLES`, :data:`PRIOR_SCALE`)."""
    if folds < 2:
        raise PyrabenchError(f"the out-of-fold residuals need 2 folds or more, got {folds}")
    used = tuple(map(str, used))
    p = np.asarray(p, dtype=np.float64)
    topics = frame["topic"].astype(str).to_numpy()
    rows = np.isin(topics, used)
    if len(set(topics[rows])) != len(set(used)):
        missing = sorted(set(used) - set(topics[rows]))
        raise PyrabenchError(f"no labelled summary of the adaptation example {missing[0]!r}")
    sub, ps, ys = frame[rows].reset_index(drop=True), p[rows], frame.loc[rows, "y"].to_numpy(np.float64)
    fold_of = {t: k % min(folds, len(used)) for k, t in enumerate(used)}
    fold = sub["topic"].astype(str).map(fold_of).to_numpy()
    alike = bool(ys.all() or not ys.any())
    if alike:
        warnings.warn(f"the {len(used)} examples drawn to adapt on have every unit labelled "
                      f"{'present (1)' if ys.any() else 'absent (0)'}: no recalibration can be fitted on labels all "
                      "alike, so the model's probabilities are kept; only the intervals' errors are refitted",
                      PyrabenchWarning, stacklevel=2)
        recalibration, oof = reliability.Recalibration("none"), ps.copy()
    else:
        recalibration, oof = _map(ps, ys, len(used), prior_examples, prior_scale), np.empty_like(ps)
        for k in np.unique(fold):
            inside = fold == k
            others = sum(f != k for f in fold_of.values())
            oof[inside] = _map(ps[~inside], ys[~inside], others, prior_examples, prior_scale)(ps[inside])
    brier = {"none": float(np.mean((ps - ys) ** 2)), "platt": None if alike else float(np.mean((oof - ys) ** 2))}
    est = intervals.estimate_sd(sub, oof, keys)
    est["manual"] = intervals.estimate_sd(sub, ys, keys)["estimate"].to_numpy()
    own = intervals.system_errors(est, (system,))
    per_example = est.assign(r=est["manual"] - est["estimate"]).groupby([system, "topic"], sort=True)["r"].mean()
    by_system = {str(s): g.to_numpy(np.float64) for s, g in per_example.groupby(level=0, sort=True)}
    summary_errors = _envelope(intervals.summary_errors(est["manual"], est["estimate"], est["sd"], confidence),
                               prior[0] if prior else None)
    pooled = own.residuals if not prior or prior[1] is None else np.concatenate([own.residuals, prior[1].residuals])
    return Adaptation(used, recalibration, summary_errors, intervals.SystemErrors(pooled, by_system),
                      int(len(sub)), int(len(est)), float(ys.mean()), brier)
