"""The matcher is optimal: checked against brute force over every subset on small random cases."""

import itertools

import numpy as np
import pytest

from pyrabench.scoring.auto.matching import best_matching, prune_candidates


def brute_force(starts, ends, sims, weights, threshold):
    """Max total weight over all sets of pairwise disjoint segments with distinct SCUs."""
    pairs = [(i, j) for i in range(len(starts)) for j in range(sims.shape[1]) if sims[i, j] >= threshold]
    best = 0
    for r in range(len(pairs) + 1):
        for combo in itertools.combinations(pairs, r):
            segs = sorted((starts[i], ends[i]) for i, _ in combo)
            if any(a[1] > b[0] for a, b in zip(segs, segs[1:])):
                continue
            scus = [j for _, j in combo]
            if len(set(scus)) < len(scus):
                continue
            best = max(best, sum(weights[j] for j in scus))
    return best


def check_feasible(m, sims, weights, threshold, starts, ends):
    seg = {(int(s), int(e)): k for k, (s, e) in enumerate(zip(starts, ends))}
    order = np.argsort(m.starts)
    assert np.all(m.ends[order][:-1] <= m.starts[order][1:]), "segments overlap"
    assert len(set(m.scus.tolist())) == len(m.scus), "an SCU is used twice"
    for s, e, j in zip(m.starts, m.ends, m.scus):
        assert sims[seg[(int(s), int(e))], j] >= threshold
    assert m.weight == int(np.sum(np.asarray(weights)[m.scus]))


def random_case(rng, n_words, n_scu, max_len):
    starts, ends = [], []
    for e in range(1, n_words + 1):
        for length in range(1, max_len + 1):
            if e - length >= 0:
                starts.append(e - length)
                ends.append(e)
    starts, ends = np.array(starts), np.array(ends)
    keep = rng.random(len(starts)) < 0.6
    starts, ends = starts[keep], ends[keep]
    sims = rng.random((len(starts), n_scu)) * (rng.random((len(starts), n_scu)) < 0.35)
    weights = rng.integers(1, 5, n_scu)
    return starts, ends, sims, weights


@pytest.mark.parametrize("seed", range(60))
def test_optimal_against_brute_force(seed):
    rng = np.random.default_rng(seed)
    starts, ends, sims, weights = random_case(rng, n_words=int(rng.integers(3, 7)), n_scu=int(rng.integers(1, 4)), max_len=3)
    threshold = 0.5
    # keep brute force small: at most 12 eligible pairs
    while (sims >= threshold).sum() > 12:
        i, j = np.argwhere(sims >= threshold)[rng.integers((sims >= threshold).sum())]
        sims[i, j] = 0.0
    m = best_matching(starts, ends, sims, weights, threshold)
    check_feasible(m, sims, weights, threshold, starts, ends)
    assert m.weight == brute_force(starts, ends, sims, weights, threshold)


def test_both_solvers_are_exercised_and_agree_with_brute_force():
    solvers = set()
    for seed in range(200):
        rng = np.random.default_rng(1000 + seed)
        starts, ends, sims, weights = random_case(rng, 5, 3, 2)
        while (sims >= 0.4).sum() > 10:
            i, j = np.argwhere(sims >= 0.4)[0]
            sims[i, j] = 0.0
        m = best_matching(starts, ends, sims, weights, 0.4)
        solvers.add(m.solver)
        assert m.weight == brute_force(starts, ends, sims, weights, 0.4)
    assert {"dp", "lp"} <= solvers


def test_global_uniqueness_beats_sentence_by_sentence():
    # words 0-1 = sentence 1, words 2-3 = sentence 2. SCU 0 (weight 3) fits both sentences,
    # SCU 1 (weight 2) only sentence 1. Optimizing each sentence alone takes SCU 0 twice
    # (counted once: 3); the optimum is SCU 1 in sentence 1 + SCU 0 in sentence 2 = 5.
    starts, ends = np.array([0, 2]), np.array([2, 4])
    sims = np.array([[0.9, 0.8], [0.9, 0.0]])
    m = best_matching(starts, ends, sims, [3, 2], 0.5)
    assert m.weight == 5
    assert m.solver in ("lp", "milp")
    assert sorted(zip(m.starts.tolist(), m.scus.tolist())) == [(0, 1), (2, 0)]


def test_overlap_forbidden():
    # two overlapping segments for two SCUs: only one can be chosen
    m = best_matching(np.array([0, 1]), np.array([2, 3]), np.array([[0.9, 0.0], [0.0, 0.9]]), [1, 2], 0.5)
    assert (m.weight, m.scus.tolist()) == (2, [1])


def test_threshold_is_inclusive_and_nothing_eligible_is_empty():
    m = best_matching(np.array([0]), np.array([1]), np.array([[0.5]]), [2], 0.5)
    assert m.weight == 2
    m = best_matching(np.array([0]), np.array([1]), np.array([[0.49]]), [2], 0.5)
    assert (m.weight, m.solver, len(m.scus)) == (0, "empty", 0)
    m = best_matching(np.zeros(0, int), np.zeros(0, int), np.zeros((0, 3)), [1, 1, 1], 0.5)
    assert m.weight == 0


def test_pruning_keeps_only_minimal_segments():
    starts = np.array([0, 1, 0, 2, 1])
    ends = np.array([1, 2, 2, 3, 3])
    sims = np.array([[0.9], [0.1], [0.9], [0.1], [0.9]])
    s, e, scu, sim = prune_candidates(starts, ends, sims, 0.5)
    # [0,2) contains eligible [0,1) → dropped; [1,3) contains no eligible span → kept
    assert list(zip(s.tolist(), e.tolist())) == [(0, 1), (1, 3)]


def test_tie_break_prefers_higher_similarity():
    m = best_matching(np.array([0, 1]), np.array([1, 2]), np.array([[0.6], [0.95]]), [1], 0.5)
    assert (m.starts.tolist(), m.weight) == ([1], 1)


def test_fractional_lp_goes_to_branch_and_bound():
    # an odd cycle of conflicts c1-c2 (overlap), c2-c3 (SCU b), c3-c4, c4-c5 (overlap), c5-c1 (SCU a):
    # the LP takes every pair at 1/2 (2.5); the integer optimum is 2
    starts, ends = np.array([0, 1, 5, 6, 8]), np.array([2, 3, 7, 9, 10])
    sims = np.zeros((5, 3))
    for row, col in [(0, 0), (1, 1), (2, 1), (3, 2), (4, 0)]:
        sims[row, col] = 0.9
    m = best_matching(starts, ends, sims, [1, 1, 1], 0.5)
    assert (m.weight, m.solver) == (2, "milp")
    assert m.weight == brute_force(starts, ends, sims, [1, 1, 1], 0.5)
