"""Automated pyramid scoring of every DUC 2006/2007 peer for one similarity (target ≤ 60 s, 2 cores),
and the optimal matcher against its reference (target ≥ 3× faster, same weights).

Scores all 1,481 peer annotations (DUC 2006, DUC 2007 main and update) with the unigram
similarity, combine ``max``, one threshold, and prints the time against a reference measured
in the same run: the same similarities computed pair by pair in Python (segment × target
loops) on a few peers, extrapolated.

``--matcher``: the matchings the book computes, collected once (segments × SCU similarities per
summary), then matched by :func:`best_matching` and by :func:`best_matching_reference` (the
previous method: branch and bound on every fractional LP), interleaved per matching, ``--repeat`` times
(medians); only the matching is timed. Two sets: *2013-uni* (every DUC peer, uni/max, the
KDE-0.15 threshold of the other topic folds, as ``variants._matching_2013``) and the *2013
grid* (the 2013 student summaries × ``default_similarities()`` × max/mean/min × the KDE levels, as
``compare_variants``). It prints, per set, how many matchings have the same weight and the same
SCU set, and the steps the new matcher took. Needs PYRABENCH_DATA (falls back to the bundled
sample, where the figures mean little).
Usage: ``python benchmarks/bench_autoscore.py [SIMILARITY] [--matcher [--repeat N] [--every K]]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import numpy as np

from pyrabench.data.corpora import load_corpus
from pyrabench.dataroot import resolve
from pyrabench.scoring.recipe2013 import pipeline
from pyrabench.scoring.recipe2013.matching import best_matching, best_matching_reference
from pyrabench.scoring.recipe2013.segments import candidate_segments, tokenize_many
from pyrabench.scoring.recipe2013.similarity import COMBINES
from pyrabench.scoring.recipe2013.similarity import combine as combine_columns
from pyrabench.scoring.recipe2013.thresholds import LEVELS, determine_thresholds
from pyrabench.scoring.scu_model import calibrated, variants

TARGET_SECONDS = 60.0
THRESHOLD = 0.5


def naive_unigram(sim, prepared, tokens):
    """Reference: the unigram Dice of every segment/target pair with Python sets and loops."""
    from spacy.lang.en.stop_words import STOP_WORDS

    texts, _ = pipeline.target_texts(prepared.pyramid)
    from pyrabench.text import words_many

    targets = [[w for w in t if w not in STOP_WORDS] for t in words_many(texts)]
    starts, ends = candidate_segments(tokens)
    out = np.zeros((len(targets), len(starts)))
    for j, (s, e) in enumerate(zip(starts, ends)):
        seg = [w for w in tokens.words[s:e] if w not in STOP_WORDS]
        for i, t in enumerate(targets):
            tset = set(t)
            m = min(sum(w in tset for w in seg), len(t))
            out[i, j] = 2 * m / max(len(seg) + len(t), 1)
    return out


def matching_instances(items, sim, thresholds_of) -> list[tuple]:
    """``(starts, ends, sims, weights, threshold)`` of every matching ``auto_score_grid`` makes,
    with ``thresholds_of(item) = {combine: thresholds}``."""
    prepared: dict = {}
    out = []
    for item, tok in zip(items, tokenize_many([i.text for i in items])):
        pp = prepared.get(id(item.pyramid))
        if pp is None:
            pp = prepared[id(item.pyramid)] = pipeline.prepare_pyramid(sim, item.pyramid)
        starts, ends = candidate_segments(tok)
        raw = sim.span_similarities(tok.words, starts, ends, pp.data)
        for how, levels in thresholds_of(item).items():
            agg = combine_columns(raw, pp.offsets, how).T
            out += [(starts, ends, agg, pp.weights, t) for t in levels]
    return out


def uni_2013_instances(root) -> list[tuple]:
    """The 2013-uni variant's matchings: each DUC corpus, each topic fold at the KDE-0.15
    threshold of the other folds' human matches."""
    out = []
    for name in ("duc2006", "duc2007", "duc2007-update"):
        corpus = load_corpus(name, root.path)
        items = pipeline.items_from_peers(corpus.peers)
        sim = pipeline.build_similarity("uni", items)
        pairs = pipeline.human_pair_similarities(corpus.peers, sim, ("max",))
        fold = dict(zip([p.topic for p in corpus.peers], calibrated.fold_of([p.topic for p in corpus.peers])))
        pair_fold = pairs["topic"].map(fold).to_numpy()
        level = variants.KDE_LEVEL
        threshold = {k: determine_thresholds(pairs.loc[pair_fold != k, "similarity"].to_numpy(), (level,))[level]
                     for k in set(fold.values())}
        out += matching_instances(items, sim, lambda item: {"max": [threshold[fold[item.key["topic"]]]]})
    return out


def grid_2013_instances(root) -> list[tuple]:
    """The 2013 grid's matchings: the student summaries, every default similarity and combine,
    at the KDE thresholds of their human matches."""
    corpus = load_corpus("passonneau2013", root.path)
    items = pipeline.items_from_peers(corpus.peers)
    out = []
    for name in pipeline.default_similarities():
        sim = pipeline.build_similarity(name, items)
        pairs = pipeline.human_pair_similarities(corpus.peers, sim, COMBINES)
        grid = {how: sorted(set(determine_thresholds(pairs.loc[pairs["combine"] == how, "similarity"].to_numpy(),
                                                     LEVELS).values())) for how in COMBINES}
        out += matching_instances(items, sim, lambda item: grid)
    return out


def compare_matchers(label: str, instances: list[tuple], repeat: int) -> None:
    """Median times of both matchers over ``instances`` (interleaved runs) and their agreement."""
    matchers = {"reference": best_matching_reference, "new": best_matching}
    times: dict[str, list[float]] = {key: [] for key in matchers}
    results: dict[str, list] = {}
    for _ in range(repeat):
        spent = dict.fromkeys(matchers, 0.0)
        results = {key: [] for key in matchers}
        for inst in instances:  # interleaved per matching, so a change of machine load hits both
            for key, match in matchers.items():
                t0 = time.perf_counter()
                results[key].append(match(*inst))
                spent[key] += time.perf_counter() - t0
        for key in matchers:
            times[key].append(spent[key])
    new, ref = results["new"], results["reference"]
    same_weight = sum(a.weight == b.weight for a, b in zip(new, ref))
    same_set = sum(a.scu_set == b.scu_set for a, b in zip(new, ref))
    t_new, t_ref = float(np.median(times["new"])), float(np.median(times["reference"]))
    print(f"{label}: {len(instances)} matchings; reference {t_ref:.1f} s, new {t_new:.1f} s "
          f"(medians of {repeat}) → ×{t_ref / t_new:.2f} vs target ×3 → {'OK' if t_ref >= 3 * t_new else 'MISSED'}")
    print(f"  same weight {same_weight}/{len(new)}; same SCU set {same_set}/{len(new)}")
    print("  new matcher's steps:", dict(Counter(m.solver for m in new)))
    print("  reference's steps:", dict(Counter(m.solver for m in ref)))
    differ = Counter(m.solver for m, r in zip(new, ref) if m.scu_set != r.scu_set)
    print("  SCU set differs, by the new matcher's step:", dict(differ))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("similarity", nargs="?", default="uni")
    parser.add_argument("--matcher", action="store_true", help="compare the matcher with its reference instead")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--every", type=int, default=1, help="every K-th matching only (a quicker look)")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    if args.matcher:
        for label, collect in (("2013-uni (DUC peers)", uni_2013_instances), ("2013 grid", grid_2013_instances)):
            compare_matchers(label, collect(root)[:: args.every], args.repeat)
        return 0
    name = args.similarity
    t0 = time.perf_counter()
    peers = [p for c in ("duc2006", "duc2007", "duc2007-update") for p in load_corpus(c, root.path).peers]
    t_load = time.perf_counter() - t0
    items = pipeline.items_from_peers(peers)

    t0 = time.perf_counter()
    sim = pipeline.build_similarity(name, items)
    t_fit = time.perf_counter() - t0
    t0 = time.perf_counter()
    df = pipeline.auto_score(items, sim, "max", [THRESHOLD])
    t_score = time.perf_counter() - t0
    total = t_fit + t_score
    print(f"peers scored: {len(df)} (similarity {name}, combine max, threshold {THRESHOLD})")
    print(f"corpus loading (not counted): {t_load:.1f} s")
    print(f"similarity training: {t_fit:.1f} s; scoring: {t_score:.1f} s "
          f"({1000 * t_score / max(len(df), 1):.1f} ms per peer); total {total:.1f} s "
          f"vs target {TARGET_SECONDS:.0f} s → {'OK' if total <= TARGET_SECONDS else 'MISSED'}")
    print("solver per peer:", df["solver"].value_counts().to_dict())
    print(f"retrieved SCUs per peer: mean {df['scus'].mean():.2f}")

    if name == "uni":
        k = min(5, len(items))
        toks = tokenize_many([i.text for i in items[:k]])
        prepared = [pipeline.prepare_pyramid(sim, it.pyramid) for it in items[:k]]
        t0 = time.perf_counter()
        for pp, tok in zip(prepared, toks):
            sim.span_similarities(tok.words, *candidate_segments(tok), pp.data)
        t_vec = (time.perf_counter() - t0) / k
        t0 = time.perf_counter()
        for pp, tok in zip(prepared, toks):
            ref = naive_unigram(sim, pp, tok)
            got = sim.span_similarities(tok.words, *candidate_segments(tok), pp.data)
            assert np.allclose(ref, got, atol=1e-5), "vectorized and naive similarities differ"
        t_naive = (time.perf_counter() - t0) / k
        print(f"similarities per peer: vectorized {1000 * t_vec:.1f} ms, pair-by-pair Python "
              f"{1000 * t_naive:.0f} ms (same values) → ×{t_naive / t_vec:.0f}; "
              f"naive extrapolated to all peers: {t_naive * len(items) / 60:.0f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
