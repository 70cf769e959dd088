"""The matcher is optimal: checked against brute force over every compatible set of pairs on
small random cases, beside the reference method (branch and bound on every fractional LP)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyrabench.scoring.recipe2013.matching import _roundings, best_matching, best_matching_reference, prune_candidates

MATCHERS = (best_matching, best_matching_reference)


def brute_force_best(starts, ends, sims, weights, threshold):
    """``(weight, similarity total)``, lexicographically largest over every set of pairwise
    disjoint segments with distinct SCUs (a depth-first enumeration of compatible sets)."""
    pairs = [(int(starts[i]), int(ends[i]), j, float(np.clip(sims[i, j], 0, 1)))
             for i in range(len(starts)) for j in range(sims.shape[1]) if sims[i, j] >= threshold]

    def best(k, taken):
        if k == len(pairs):
            return (0, 0.0)
        skip = best(k + 1, taken)
        s, e, j, sim = pairs[k]
        if any(j == tj or (s < te and ts < e) for ts, te, tj in taken):
            return skip
        w, total = best(k + 1, taken + [(s, e, j)])
        return max(skip, (w + int(weights[j]), total + sim))

    return best(0, [])


def brute_force(starts, ends, sims, weights, threshold):
    """Max total weight over all sets of pairwise disjoint segments with distinct SCUs."""
    return brute_force_best(starts, ends, sims, weights, threshold)[0]


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
    for match in MATCHERS:
        m = match(starts, ends, sims, weights, threshold)
        check_feasible(m, sims, weights, threshold, starts, ends)
        assert m.weight == brute_force(starts, ends, sims, weights, threshold)


def check_optimal(starts, ends, sims, weights, threshold):
    """Both matchers: feasible, the brute-force weight, the same weight; where the DP settles it,
    the brute-force similarity total over the pruned pairs too (the tie-break, exact there)."""
    weight, _ = brute_force_best(starts, ends, sims, weights, threshold)
    s, e, scu, sim = prune_candidates(starts, ends, sims, threshold)
    pruned = np.full((len(s), sims.shape[1]), -1.0)
    pruned[np.arange(len(s)), scu] = sim
    assert brute_force_best(s, e, pruned, weights, threshold)[0] == weight  # pruning keeps the optimum
    total = brute_force_best(s, e, pruned, weights, threshold)[1]
    found = []
    for match in MATCHERS:
        m = match(starts, ends, sims, weights, threshold)
        check_feasible(m, sims, weights, threshold, starts, ends)
        assert m.weight == weight
        if m.solver in ("dp", "empty"):
            assert np.clip(m.similarities, 0, 1).sum() == pytest.approx(total, abs=1e-9)
        found.append(m)
    return found


#: seeds of :func:`larger_case` whose matching ends in each step of the new matcher
STEP_SEEDS = {"lp": 0, "dp": 6, "support": 15, "round": 16, "milp": 34, "empty": 411}


def larger_case(seed):
    rng = np.random.default_rng(seed)
    return random_case(rng, n_words=int(rng.integers(6, 14)), n_scu=int(rng.integers(2, 6)), max_len=4)


@pytest.mark.parametrize("step", sorted(STEP_SEEDS))
def test_every_step_is_optimal(step):
    starts, ends, sims, weights = larger_case(STEP_SEEDS[step])
    new, ref = check_optimal(starts, ends, sims, weights, 0.5)
    assert new.solver == step
    if step in ("dp", "lp", "empty"):  # steps both methods share: the same selection
        assert (new.starts.tolist(), new.scus.tolist()) == (ref.starts.tolist(), ref.scus.tolist())


@pytest.mark.parametrize("seed", range(40))
def test_larger_random_cases_against_brute_force(seed):
    starts, ends, sims, weights = larger_case(1000 + seed)
    check_optimal(starts, ends, sims, weights, 0.5)


@st.composite
def tied_cases(draw):
    """Small cases full of ties: similarities from a few values, the threshold one of them,
    SCUs eligible for many spans (so the unconstrained DP repeats them), sometimes nothing."""
    n_words = draw(st.integers(1, 10))
    spans = draw(st.lists(st.tuples(st.integers(0, n_words - 1), st.integers(1, 4)), max_size=12, unique=True))
    starts = np.array([s for s, _ in spans], dtype=np.int64)
    ends = np.array([min(s + n, n_words) for s, n in spans], dtype=np.int64)
    n_scu = draw(st.integers(1, 4))
    values = st.sampled_from([0.0, 0.25, 0.5, 0.5, 0.75, 1.0])
    sims = np.array(draw(st.lists(values, min_size=len(spans) * n_scu, max_size=len(spans) * n_scu)),
                    dtype=np.float64).reshape(len(spans), n_scu)
    weights = np.array(draw(st.lists(st.integers(1, 3), min_size=n_scu, max_size=n_scu)))
    threshold = draw(st.sampled_from([0.25, 0.5, 0.75, 1.0]))
    return starts, ends, sims, weights, threshold


@settings(max_examples=200, deadline=None)
@given(tied_cases())
def test_ties_repeats_and_exact_thresholds_against_brute_force(case):
    starts, ends, sims, weights, threshold = case
    # a pair (segment, SCU) may appear once only when the segment is listed once: dedupe spans
    _, first = np.unique(starts * 100 + ends, return_index=True)
    first = np.sort(first)
    check_optimal(starts[first], ends[first], sims[first], weights, threshold)


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
    assert {"dp", "lp", "round"} <= solvers


def test_global_uniqueness_beats_sentence_by_sentence():
    # words 0-1 = sentence 1, words 2-3 = sentence 2. SCU 0 (weight 3) fits both sentences,
    # SCU 1 (weight 2) only sentence 1. Optimizing each sentence alone takes SCU 0 twice
    # (counted once: 3); the optimum is SCU 1 in sentence 1 + SCU 0 in sentence 2 = 5.
    starts, ends = np.array([0, 2]), np.array([2, 4])
    sims = np.array([[0.9, 0.8], [0.9, 0.0]])
    m = best_matching(starts, ends, sims, [3, 2], 0.5)
    assert m.weight == 5
    assert m.solver in ("lp", "round")
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


def test_fractional_lp_is_certified_by_its_weight_bound():
    # an odd cycle of conflicts c1-c2 (overlap), c2-c3 (SCU b), c3-c4, c4-c5 (overlap), c5-c1 (SCU a):
    # the LP takes every pair at 1/2 (2.5), so no selection weighs more than 2; a rounding of
    # weight 2 is optimal without branch and bound (which the reference runs)
    starts, ends = np.array([0, 1, 5, 6, 8]), np.array([2, 3, 7, 9, 10])
    sims = np.zeros((5, 3))
    for row, col in [(0, 0), (1, 1), (2, 1), (3, 2), (4, 0)]:
        sims[row, col] = 0.9
    m = best_matching(starts, ends, sims, [1, 1, 1], 0.5)
    assert (m.weight, m.solver) == (2, "round")
    assert m.weight == brute_force(starts, ends, sims, [1, 1, 1], 0.5)
    assert best_matching_reference(starts, ends, sims, [1, 1, 1], 0.5).solver == "milp"


def test_weight_bound_out_of_reach_falls_back_to_branch_and_bound():
    # three pairwise conflicting pairs of weight 3 (a triangle: two share SCU 0, the third
    # overlaps both): the LP takes each at 1/2 (bound 4), but only one fits (3)
    starts, ends = np.array([0, 2, 1]), np.array([2, 4, 3])
    sims = np.array([[0.9, 0.0], [0.9, 0.0], [0.0, 0.9]])
    m = best_matching(starts, ends, sims, [3, 3], 0.5)
    assert m.weight == brute_force(starts, ends, sims, [3, 3], 0.5) == 3


def test_roundings_stay_feasible_when_the_lp_sits_just_above_one_half():
    # HiGHS may return two pairs of one SCU at 0.5 + 1e-9 each (within its tolerance): a
    # rounding that took every pair above 1/2 would use the SCU twice
    s, e, scu = np.array([0, 3, 6]), np.array([2, 5, 8]), np.array([0, 0, 1])
    value = np.array([1.0, 1.0, 1.0])
    x = np.array([0.5 + 1e-9, 0.5 + 1e-9, 1.0])
    for chosen in _roundings(s, e, scu, value, x, np.zeros(2), 2):
        assert len(set(scu[chosen].tolist())) == len(chosen)
