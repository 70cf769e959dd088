"""The optimal non-overlapping segment → SCU matching of one summary.

**Problem.** Given candidate segments (word spans ``[start, end)``), SCUs with integer weights,
and each segment's similarity to each SCU, choose pairs (segment, SCU) such that

1. the similarity of every chosen pair is ``>= threshold``,
2. chosen segments do not overlap (share no word),
3. every SCU is chosen at most once,

maximizing the **total weight** of the chosen SCUs. This is what "optimal" means in this
package and what the tests check against brute force: the weight is always the exact optimum
(certified, except at ``"milp-limit"``). Harnly et al. (2005)'s recursion (used by Passonneau
et al. 2013) optimizes each sentence separately and counts a repeated SCU once when summing,
which is not always optimal under constraint 3 across sentences; ours is.

**Ties.** Among selections of equal weight the objective prefers the larger total similarity:
each pair is worth ``weight + TIE_BREAK * similarity`` (clipped to [0, 1]; < 1e-4 in total, so
it never trades weight), over the pairs kept by the pruning of (a) (which keeps the weight
optimum, not always the most similar span). The DP of (b) honours it exactly, and breaks exact
ties by the order of the pruned pairs (end word, start word, SCU). HiGHS does not: its
optimality tolerances (1e-7) are about the size of the tie-break (1e-6 × a similarity
difference), so the LP and the branch and bound return *some* selection of optimal weight —
for about three in four of the first 190 DUC peers at the 2013-uni thresholds, not the one
with the largest similarity total; and HiGHS 1.16 (``highspy``) picks another vertex of the
same LP than the HiGHS inside SciPy 1.17. Which SCU set of optimal weight is returned past (b)
is thus the solver's choice, fixed by the method and the installed SciPy, not by the objective.

**Method.** (a) *Pruning*: a pair whose segment strictly contains another eligible segment for
the same SCU can be replaced by it without breaking any constraint, so only the minimal
eligible segments are kept — at most one per (end word, SCU). (b) *Relaxation by dynamic
programming*: dropping constraint 3 leaves weighted interval scheduling, solved exactly over
word positions (``best[t] = max(best[t-1], best[start] + value)`` for candidates ending at
``t``). Its optimum bounds the true one from above; when it uses no SCU twice it *is* the
optimum. (c) Otherwise the problem (a job-interval-selection problem, NP-hard in general,
small here) is written as a 0/1 program — one variable per pruned pair, one ≤ 1 row per SCU
and one per candidate start word (for intervals, pairwise overlap ⇔ both contain the later
start) — and its LP relaxation is solved with HiGHS (``scipy.optimize.linprog``); an integral
LP optimum is the integer optimum. (d) A fractional LP still bounds the weight by
``floor(LP optimum)`` (weights are integers), and a selection reaching that bound is optimal:
it is looked for cheapest first — ``"round"``: the LP's pairs above 1/2, the DP under
Lagrange multipliers equal to the LP's SCU-row duals with repeats dropped, or one fractional
pair forced in, each filled greedily in the LP's order; ``"support"``: branch and bound on the
pairs the LP uses (a few dozen). (e) Only when none reaches the bound does branch and bound
run on the whole program (``scipy.optimize.milp``, ``"milp"``), limited to ``MILP_NODE_LIMIT``
nodes per summary (a node limit keeps results independent of machine speed): a summary that
hits it keeps HiGHS's best incumbent and is reported as ``"milp-limit"`` (not certified
optimal). The previous method — (e) on every fractional LP — is kept as
:func:`best_matching_reference`; it finds the same weights, and the same SCU sets wherever (d)
is not needed. ``benchmarks/bench_autoscore.py --matcher`` compares the two on every DUC peer
and on the 2013 grid, with the count of each step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse
from scipy.optimize import Bounds, LinearConstraint, linprog, milp

TIE_BREAK = 1e-6  # similarity tie-break per pair; total stays far below one weight unit
MILP_NODE_LIMIT = 5000  # branch-and-bound nodes per summary; beyond it the best incumbent is kept
# (solver "milp-limit"). A node limit, not a time limit, so results never depend on machine speed.


@dataclass(frozen=True)
class Matching:
    starts: np.ndarray  # chosen segments, in text order
    ends: np.ndarray
    scus: np.ndarray  # column index of the SCU matched by each chosen segment
    similarities: np.ndarray
    weight: int
    solver: str  # "empty", "dp", "lp", "round", "support", "milp" or "milp-limit" (module docstring)

    @property
    def scu_set(self) -> frozenset[int]:
        return frozenset(int(s) for s in self.scus)


def prune_candidates(starts, ends, sims, threshold):
    """Minimal eligible (segment, SCU) pairs: arrays ``(start, end, scu, sim)``.

    For each SCU and end word keep the shortest eligible segment ending there, and drop it if
    an eligible segment for the same SCU ends earlier and starts no earlier (contained in it).
    """
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    sims = np.asarray(sims, dtype=np.float64)
    n_scu = sims.shape[1] if sims.ndim == 2 else 0
    empty = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0))
    if len(starts) == 0 or n_scu == 0:
        return empty
    eligible = sims >= threshold
    if not eligible.any():
        return empty
    n_end = int(ends.max()) + 1
    # best (largest) start per (end, scu) among eligible segments: the shortest one
    cand_start = np.where(eligible, starts[:, None], -1)
    order = np.argsort(ends, kind="stable")
    e_sorted = ends[order]
    first = np.nonzero(np.r_[True, e_sorted[1:] != e_sorted[:-1]])[0]
    best_start = np.full((n_end, n_scu), -1, dtype=np.int64)
    best_start[e_sorted[first]] = np.maximum.reduceat(cand_start[order], first, axis=0)
    # largest eligible start among segments ending strictly before e
    prev = np.maximum.accumulate(best_start, axis=0)
    before = np.vstack([np.full((1, n_scu), -1, dtype=np.int64), prev[:-1]])
    keep = (best_start >= 0) & (best_start > before)
    e_idx, scu_idx = np.nonzero(keep)
    s_idx = best_start[e_idx, scu_idx]
    # similarity of the kept pair: look the segment up
    key = starts * n_end + ends
    order = np.argsort(key, kind="stable")
    pos = order[np.searchsorted(key[order], s_idx * n_end + e_idx)]
    sim = sims[pos, scu_idx]
    o = np.lexsort((scu_idx, s_idx, e_idx))
    return s_idx[o], e_idx[o], scu_idx[o], sim[o]


def _interval_dp(s, e, value):
    """Exact weighted interval scheduling over word positions; returns chosen candidate indices."""
    n = int(e.max()) + 1
    best = np.zeros(n + 1)
    choice = np.full(n + 1, -1, dtype=np.int64)  # candidate ending at t used by best[t], or -1
    order = np.argsort(e, kind="stable")
    bounds = np.searchsorted(e[order], np.arange(n + 2))
    for t in range(1, n + 1):
        best[t], choice[t] = best[t - 1], -1
        idx = order[bounds[t] : bounds[t + 1]]
        if len(idx):
            totals = best[s[idx]] + value[idx]
            k = int(np.argmax(totals))
            if totals[k] > best[t]:
                best[t], choice[t] = totals[k], idx[k]
    chosen, t = [], n
    while t > 0:
        if choice[t] < 0:
            t -= 1
        else:
            chosen.append(int(choice[t]))
            t = int(s[choice[t]])
    return np.array(chosen[::-1], dtype=np.int64)


def _constraints(s, e, scu, n_scu):
    k = len(s)
    points = np.unique(s)
    lo = np.searchsorted(points, s)
    hi = np.searchsorted(points, e)
    counts = hi - lo
    cols = np.repeat(np.arange(k), counts)
    rows = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts - lo, counts)  # lo .. hi-1 per pair
    a_pos = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(points), k))
    a_scu = sparse.csr_matrix((np.ones(k), (scu, np.arange(k))), shape=(n_scu, k))
    return sparse.vstack([a_pos, a_scu]).tocsr()


def _lp(a, value):
    """The LP relaxation: ``(chosen, x, objective, row duals)``; ``chosen`` is ``None`` unless the
    LP optimum is integral (then it is the integer optimum)."""
    res = linprog(-value, A_ub=a, b_ub=np.ones(a.shape[0]), bounds=(0, 1), method="highs")
    if res.x is None:
        return None, None, np.inf, None
    duals = -res.ineqlin.marginals
    if np.any(np.minimum(np.abs(res.x), np.abs(1.0 - res.x)) > 1e-7):
        return None, res.x, -res.fun, duals
    return np.nonzero(res.x > 0.5)[0], res.x, -res.fun, duals


def _milp(a, value, fallback):
    """Branch and bound; ``(chosen, certified)``. At the node limit the incumbent is kept, or
    ``fallback`` (a feasible selection) when HiGHS has none yet."""
    k = a.shape[1]
    res = milp(c=-value, constraints=LinearConstraint(a, -np.inf, 1.0), integrality=np.ones(k), bounds=Bounds(0, 1),
               options={"node_limit": MILP_NODE_LIMIT})
    if res.x is None:
        return fallback, False
    chosen = np.nonzero(res.x > 0.5)[0]
    return chosen, res.status == 0


def _fill(take, order, s, e, scu, n_scu):
    """``take`` (a feasible selection) extended greedily by the candidates in ``order`` that
    still fit: an unused SCU and no shared word."""
    used = np.zeros(n_scu, dtype=bool)
    used[scu[take]] = True
    starts_minus_ends = np.zeros(int(e.max()) + 1, dtype=np.int64)
    np.add.at(starts_minus_ends, s[take], 1)
    np.add.at(starts_minus_ends, e[take], -1)
    occupied = np.cumsum(starts_minus_ends)[:-1] > 0  # per word
    before = np.r_[0, np.cumsum(occupied)]  # occupied words before each position
    free = ~used[scu[order]] & (before[e[order]] == before[s[order]])  # what fits ``take`` (vectorized)
    chosen = list(take)
    for i in order[free]:
        if not used[scu[i]] and not occupied[s[i] : e[i]].any():
            chosen.append(int(i))
            used[scu[i]] = True
            occupied[s[i] : e[i]] = True
    return np.array(chosen, dtype=np.int64)


MAX_DIVES = 20  # roundings forced through one fractional pair each, before branch and bound


def _roundings(s, e, scu, value, x, scu_duals, n_scu):
    """Feasible roundings of the LP, cheapest first, each filled greedily in the LP's order: from
    nothing (which takes the pairs at > 1/2 first: pairwise compatible); the interval DP under
    Lagrange multipliers = the LP's SCU-row duals, each repeated SCU kept once (its highest-value
    pair); then "dives", each forcing one fractional pair in (the largest first)."""
    index = np.arange(len(value))
    by_lp = np.lexsort((index, -value, -x))
    yield _fill(np.zeros(0, np.int64), by_lp, s, e, scu, n_scu)  # not ``x > 0.5``: HiGHS may give 0.5 + 1e-9
    relaxed = _interval_dp(s, e, value - scu_duals[scu])
    relaxed = relaxed[np.lexsort((relaxed, -value[relaxed]))]
    _, first = np.unique(scu[relaxed], return_index=True)
    yield _fill(relaxed[first], by_lp, s, e, scu, n_scu)
    fractional = by_lp[(x[by_lp] > 1e-9) & (x[by_lp] < 0.5)]
    for i in fractional[:MAX_DIVES]:
        yield _fill(np.array([i]), by_lp, s, e, scu, n_scu)


def _certified(a, s, e, scu, value, weights, x, objective, duals):
    """A selection whose weight meets the LP bound ``floor(objective)`` — weights are integers
    and the tie-break is worth < 1e-4, so no selection weighs more — and the step that found
    it, or ``(None, None)``: a rounding, else branch and bound on the LP's support (a few dozen
    pairs). (Branch and bound on the pairs whose reduced cost leaves room for the bound was
    tried as a third step: on the book's matchings it took as long as the whole program.)"""
    bound = int(np.floor(objective + 1e-3))  # a margin for HiGHS's tolerance: it can only loosen the bound
    n_scu = len(weights)
    for chosen in _roundings(s, e, scu, value, x, duals[-n_scu:], n_scu):
        if weights[scu[chosen]].sum() >= bound:
            return chosen, "round"
    support = np.nonzero(x > 1e-9)[0]
    sub, _ = _milp(a[:, support], value[support], np.zeros(0, np.int64))
    if weights[scu[support[sub]]].sum() >= bound:
        return support[sub], "support"
    return None, None


def _match(starts, ends, sims, weights, threshold: float, rounding: bool) -> Matching:
    weights = np.asarray(weights, dtype=np.int64)
    s, e, scu, sim = prune_candidates(starts, ends, sims, threshold)
    if len(s) == 0:
        z = np.zeros(0, np.int64)
        return Matching(z, z, z, np.zeros(0), 0, "empty")
    value = weights[scu] + TIE_BREAK * np.clip(sim, 0.0, 1.0)
    relaxed = chosen = _interval_dp(s, e, value)
    solver = "dp"
    if len(np.unique(scu[chosen])) < len(chosen):
        a = _constraints(s, e, scu, len(weights))
        chosen, x, objective, duals = _lp(a, value)
        solver = "lp"
        if chosen is None and rounding and x is not None:
            chosen, solver = _certified(a, s, e, scu, value, weights, x, objective, duals)
        if chosen is None:
            # a feasible fallback: the relaxation's choice, keeping each SCU's first segment
            _, first = np.unique(scu[relaxed], return_index=True)
            chosen, certified = _milp(a, value, relaxed[np.sort(first)])
            solver = "milp" if certified else "milp-limit"
    chosen = chosen[np.argsort(s[chosen], kind="stable")]
    return Matching(s[chosen], e[chosen], scu[chosen], sim[chosen], int(weights[scu[chosen]].sum()), solver)


def best_matching(starts, ends, sims, weights, threshold: float) -> Matching:
    """The optimal matching of the module docstring for one summary.

    ``sims`` is ``(n_segments, n_scus)``, ``weights`` ``(n_scus,)`` integers.
    """
    return _match(starts, ends, sims, weights, threshold, rounding=True)


def best_matching_reference(starts, ends, sims, weights, threshold: float) -> Matching:
    """The previous method, kept as the reference: branch and bound on every fractional LP
    (:func:`best_matching` certifies a rounding first). Same weights; see the module docstring."""
    return _match(starts, ends, sims, weights, threshold, rounding=False)
