"""Automated pyramid scoring of every DUC 2006/2007 peer for one similarity (target ≤ 60 s, 2 cores).

Scores all 1,481 peer annotations (DUC 2006, DUC 2007 main and update) with the unigram
similarity, combine ``max``, one threshold, and prints the time against a reference measured
in the same run: the same similarities computed pair by pair in Python (segment × target
loops) on a few peers, extrapolated. Needs PYRABENCH_DATA (falls back to the bundled sample,
where the figures mean little). Usage: ``python benchmarks/bench_autoscore.py [SIMILARITY]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from pyrabench.data.corpora import load_corpus
from pyrabench.dataroot import resolve
from pyrabench.scoring.auto import pipeline
from pyrabench.scoring.auto.segments import candidate_segments, tokenize_many

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


def main() -> int:
    name = sys.argv[1] if len(sys.argv) > 1 else "uni"
    root = resolve()
    print(root.describe())
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
