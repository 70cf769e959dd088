"""The optimal non-overlapping segment → SCU matching of one summary.

**Problem.** Given candidate segments (word spans ``[start, end)``), SCUs with integer weights,
and each segment's similarity to each SCU, choose pairs (segment, SCU) such that

1. the similarity of every chosen pair is ``>= threshold``,
2. chosen segments do not overlap (share no word),
3. every SCU is chosen at most once,

maximizing the **total weight** of the chosen SCUs. Among selections of equal weight the one
with the larger total similarity is preferred (a tie-break worth < 0.01 in total, so it never
trades weight; exact in the DP, within HiGHS's default 1e-4 relative gap in the integer
program, which cannot cost a weight unit below a total weight of several thousand). This is what "optimal" means in this package and what the tests check against brute
force. Harnly et al. (2005)'s recursion (used by Passonneau et al. 2013) optimizes each
sentence separately and counts a repeated SCU once when summing, which is not always optimal
under constraint 3 across sentences; ours is.

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
LP optimum is the integer optimum. (d) Only when the LP is fractional does HiGHS's branch and
bound run (``scipy.optimize.milp``), limited to ``MILP_NODE_LIMIT`` branch-and-bound nodes per summary (a node
limit keeps results independent of machine speed): a summary that hits the limit keeps HiGHS's best incumbent and is reported as ``"milp-limit"``
(not certified optimal; never seen with the lexical similarity, possible with a latent one at
a low threshold, where most spans clear the threshold for dozens of SCUs). On the 1,481 DUC peers (uni, max, threshold 0.5), 170
are settled by (b), 1,150 by (c), 138 need (d) and 23 have no eligible pair; see
``benchmarks/bench_autoscore.py``.
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
    solver: str  # "empty", "dp" (relaxation feasible), "lp" (LP integral), "milp" or "milp-limit"

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
    rows = np.concatenate([np.arange(a, b) for a, b in zip(lo, hi)]) if k else np.zeros(0, np.int64)
    a_pos = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(points), k))
    a_scu = sparse.csr_matrix((np.ones(k), (scu, np.arange(k))), shape=(n_scu, k))
    return sparse.vstack([a_pos, a_scu]).tocsr()


def _lp(a, value):
    """The LP relaxation; returns the chosen indices when its optimum is integral, else None."""
    res = linprog(-value, A_ub=a, b_ub=np.ones(a.shape[0]), bounds=(0, 1), method="highs")
    if res.x is None or np.any(np.minimum(np.abs(res.x), np.abs(1.0 - res.x)) > 1e-7):
        return None
    return np.nonzero(res.x > 0.5)[0]


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


def best_matching(starts, ends, sims, weights, threshold: float) -> Matching:
    """The optimal matching of module docstring for one summary.

    ``sims`` is ``(n_segments, n_scus)``, ``weights`` ``(n_scus,)`` integers.
    """
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
        chosen, solver = _lp(a, value), "lp"
        if chosen is None:
            # a feasible fallback: the relaxation's choice, keeping each SCU's first segment
            _, first = np.unique(scu[relaxed], return_index=True)
            chosen, certified = _milp(a, value, relaxed[np.sort(first)])
            solver = "milp" if certified else "milp-limit"
    chosen = chosen[np.argsort(s[chosen], kind="stable")]
    return Matching(s[chosen], e[chosen], scu[chosen], sim[chosen], int(weights[scu[chosen]].sum()), solver)
