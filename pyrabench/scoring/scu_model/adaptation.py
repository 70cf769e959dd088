"""The SCU model adapted to a new domain on a few of its labelled examples, and judged on the others.

A model fitted on DUC gives probabilities, counts and intervals that sit off on a domain with
another presence rate and other writing (chapter 8). A user who labels a few examples of their
own data can correct that honestly:

* :func:`split` draws ``n`` examples with a fixed seed (every system's summaries of each); the
  figures are then measured on the **other** examples only. ``groups`` keeps examples that share
  a source together (a DUC topic's lite views share their peers): a group touched by the draw is
  left out of the rest, so no summary used to adapt is ever reported on.
* :func:`fit` refits, on the drawn examples only: the recalibration map of the model's
  probabilities (:mod:`.reliability`), and the intervals' errors — the split-conformal
  quantiles of the summaries' scaled residuals and the systems' residuals (:mod:`.intervals`).
  Everything is judged *out of fold*: the drawn examples are dealt into :data:`FOLDS` folds and
  each fold's probabilities are mapped by a map fitted on the other folds. The map kept is the
  one of :data:`CANDIDATES` with the lowest out-of-fold Brier score: Platt (two parameters, safe
  on a few hundred pairs) where the model is off on the new domain, none where it already holds
  (a map fitted on 20 examples only adds noise there). The intervals carry the kept map's own
  error; given the model's own held-out errors (``prior``), the summary interval is the wider
  of the two at each end and the systems' residuals are pooled: an interval may widen, it never
  trusts 20 examples alone for its tails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ...errors import PyrabenchError
from . import intervals, reliability

#: The fewest examples to adapt on (two, so the residuals can be out of fold) …
MIN_ADAPT = 2
#: … and the fewest left to report on.
MIN_REST = 2
FOLDS = 5
#: The recalibration maps :func:`fit` chooses between (:data:`.reliability.METHODS`).
CANDIDATES = ("none", "platt")


def split(examples: Sequence[str], n: int, seed: int = 0, groups: Mapping[str, str] | None = None
          ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(used, rest)``: ``n`` of the distinct ``examples`` drawn with ``seed`` (whole groups in a
    seeded order, a group's examples in sorted order, until ``n`` are drawn), in the order drawn,
    and the examples of the groups not touched, sorted. Too few examples on either side is a
    clear error."""
    examples = sorted(set(map(str, examples)))
    if n < MIN_ADAPT:
        raise PyrabenchError(f"adapting needs at least {MIN_ADAPT} labelled examples, got {n}")
    if n > len(examples) - MIN_REST:
        most = len(examples) - MIN_REST
        advice = (f"use at most {most}" if most >= MIN_ADAPT else
                  f"adapting needs {MIN_ADAPT + MIN_REST} labelled examples or more")
        raise PyrabenchError(f"cannot adapt on {n} examples: there are {len(examples)} labelled examples and at least "
                             f"{MIN_REST} must be left to report on ({advice})")
    group = {e: str(groups[e]) if groups is not None else e for e in examples}
    members: dict[str, list[str]] = {}
    for e in examples:
        members.setdefault(group[e], []).append(e)
    order = sorted(members)
    used: list[str] = []
    touched: set[str] = set()
    for k in np.random.default_rng(seed).permutation(len(order)):
        touched.add(order[k])
        used.extend(members[order[k]][: n - len(used)])
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
    recalibration: reliability.Recalibration  # its .method: the candidate kept
    summary_errors: intervals.SummaryErrors
    system_errors: intervals.SystemErrors
    pairs: int
    summaries: int
    rate: float
    brier: dict  # candidate map -> its out-of-fold Brier score on the drawn examples

    def __call__(self, p) -> np.ndarray:
        return self.recalibration(p)


def _recalibration(p: np.ndarray, y: np.ndarray, method: str, what: str) -> reliability.Recalibration:
    try:
        return reliability.fit_recalibration(p, y, method)
    except PyrabenchError as exc:
        raise PyrabenchError(f"cannot adapt on {what}: {exc}") from None


def _envelope(own: intervals.SummaryErrors, prior: intervals.SummaryErrors | None) -> intervals.SummaryErrors:
    if prior is None:
        return own
    return intervals.SummaryErrors(min(own.low, prior.low), max(own.high, prior.high), own.confidence, own.n)


def fit(frame: pd.DataFrame, p, used: Sequence[str], keys: Sequence[str] = ("topic", "system"),
        system: str = "system", candidates: Sequence[str] = CANDIDATES, folds: int = FOLDS,
        confidence: float = intervals.CONFIDENCE, prior: tuple | None = None) -> Adaptation:
    """The :class:`Adaptation` of the model's probabilities ``p`` (one per row of ``frame``:
    ``topic``, the summary ``keys`` with the ``system`` among them, ``weight``, ``ideal``, ``y``)
    on the rows of the ``used`` examples (topics), every choice and residual out of fold (module
    docstring); ``prior``: the model's own ``(SummaryErrors, SystemErrors)``."""
    used = tuple(map(str, used))
    p = np.asarray(p, dtype=np.float64)
    topics = frame["topic"].astype(str).to_numpy()
    rows = np.isin(topics, used)
    if len(set(topics[rows])) != len(set(used)):
        missing = sorted(set(used) - set(topics[rows]))
        raise PyrabenchError(f"no labelled summary of the adaptation example {missing[0]!r}")
    sub, ps, ys = frame[rows].reset_index(drop=True), p[rows], frame.loc[rows, "y"].to_numpy(np.float64)
    fold_of = {t: k % max(1, min(folds, len(used))) for k, t in enumerate(used)}
    fold = sub["topic"].astype(str).map(fold_of).to_numpy()
    oof, brier = {}, {}
    for method in candidates:
        oof[method] = np.empty_like(ps)
        try:
            for k in np.unique(fold):
                inside = fold == k
                oof[method][inside] = reliability.fit_recalibration(ps[~inside], ys[~inside], method)(ps[inside])
            brier[method] = float(np.mean((oof[method] - ys) ** 2))
        except PyrabenchError:  # e.g. a fold whose other examples hold no present unit: not a candidate here
            brier[method] = float("inf")
    best = min(candidates, key=lambda m: (brier[m], candidates.index(m)))
    if not np.isfinite(brier[best]):
        raise PyrabenchError(f"cannot adapt on the {len(used)} examples drawn: no recalibration of "
                             f"{', '.join(candidates)} can be fitted on their folds")
    est = intervals.estimate_sd(sub, oof[best], keys)
    manual = intervals.estimate_sd(sub, ys, keys)["estimate"].to_numpy()
    own = intervals.system_errors(est.assign(manual=manual), (system,))
    summary_errors = _envelope(intervals.summary_errors(manual, est["estimate"], est["sd"], confidence),
                               prior[0] if prior else None)
    system_errors = own if not prior or prior[1] is None else intervals.SystemErrors(
        np.concatenate([own.residuals, prior[1].residuals]))
    return Adaptation(used, _recalibration(ps, ys, best, f"the {len(used)} examples drawn"), summary_errors,
                      system_errors, int(len(sub)), int(len(est)), float(ys.mean()), brier)
