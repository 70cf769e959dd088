"""100 new summaries scored against DUC 2007 with WMF, once the model is cached (target ≤ 15 s, 2 cores).

The summaries are 100 DUC 2007 peer texts given as text under new system names (the scorer is
told nothing about them): ``score_summaries(..., corpus="duc2007", similarity="wmf")`` — the 2013
matching at the KDE threshold of DUC 2007's human matches, the calibrated estimate, ROUGE, the
per-system table. A first call on five summaries loads what any session loads once (the WMF model,
the cached corpus features and threshold) and is reported apart. The reference, measured in the
same run, is the corpus path's own automated scoring of the same 100 peers (``auto_score`` of their
``.pan`` items with the same trained similarity and threshold): the matching both share. Each is
run ``--repeat`` times (default 3), interleaved, and the medians are printed (other jobs share the
cores). Needs PYRABENCH_DATA (falls back to the bundled sample, where the figures mean little).
Usage: ``python benchmarks/bench_own_summaries.py [--repeat N] [--similarity wmf]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from pyrabench.data.corpora import load_corpus
from pyrabench.data.summaries import Summary
from pyrabench.dataroot import resolve
from pyrabench.scoring.auto.own import score_summaries
from pyrabench.scoring.auto.pipeline import auto_score, build_similarity, items_from_peers

TARGET_SECONDS = 15.0
N_SUMMARIES = 100


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--similarity", default="wmf")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    corpus = load_corpus("duc2007", root.path)
    peers = list(corpus.peers[:N_SUMMARIES])
    summaries = [Summary(p.topic, f"new-{k:03d}", p.summary) for k, p in enumerate(peers)]

    t0 = time.perf_counter()
    first = score_summaries(summaries[:5], corpus="duc2007", similarity=args.similarity, data=root)
    t_first = time.perf_counter() - t0
    sim = build_similarity(args.similarity, items_from_peers(corpus.peers))
    items = items_from_peers(peers)

    own, ref = [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        scores = score_summaries(summaries, corpus="duc2007", similarity=args.similarity, data=root)
        own.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        auto_score(items, sim, "max", (first.threshold,))
        ref.append(time.perf_counter() - t0)
    t_own, t_ref = statistics.median(own), statistics.median(ref)
    print(f"{len(scores.summaries)} summaries, {len(scores.systems)} systems, {args.similarity}, "
          f"{scores.thresholds_from.split(';')[0]}")
    print(f"first call on 5 summaries (loads the model and caches once per session): {t_first:.1f} s")
    print(f"100 new summaries: median {t_own:.1f} s over {args.repeat} runs ({', '.join(f'{t:.1f}' for t in own)}) "
          f"vs target {TARGET_SECONDS:.0f} s → {'OK' if t_own <= TARGET_SECONDS else 'MISSED'}")
    print(f"reference, the corpus path's matching of the same 100 peers: median {t_ref:.1f} s "
          f"({', '.join(f'{t:.1f}' for t in ref)}) → ratio {t_own / t_ref:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
