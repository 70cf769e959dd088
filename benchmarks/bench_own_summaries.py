"""100 new summaries scored against DUC 2007, once the model is cached (target ≤ 15 s, 2 cores).

The summaries are 100 DUC 2007 peer texts given as text under new system names (the scorer is
told nothing about them): ``score_summaries(..., corpus="duc2007")`` — the calibrated model's
probabilities, evidence and counted SCUs, the estimate with its interval, ROUGE, the per-system
table. A first call on five summaries loads what any session loads once (the corpus, the cached
features the model is fitted on) and is reported apart. The reference, measured in the same run,
is the same call with ``recipe_2013=True`` (the 2013 recipe's matching with ``--similarity``,
default WMF, at the KDE threshold of DUC 2007's human matches), the path every call took before
the recipe became optional: the ratio says what leaving it out saves. Each is run ``--repeat``
times (default 3), interleaved, and the medians are printed (other jobs share the cores). Needs
PYRABENCH_DATA (falls back to the bundled sample, where the figures mean little).
Usage: ``python benchmarks/bench_own_summaries.py [--repeat N] [--similarity wmf]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings

from pyrabench.data.corpora import load_corpus
from pyrabench.data.summaries import Summary
from pyrabench.dataroot import resolve
from pyrabench.errors import PyrabenchWarning
from pyrabench.scoring.own.summaries import score_summaries

TARGET_SECONDS = 15.0
N_SUMMARIES = 100


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--similarity", default="wmf")
    args = parser.parse_args()
    warnings.simplefilter("ignore", PyrabenchWarning)  # an empty DUC peer among the 100
    root = resolve()
    print(root.describe())
    corpus = load_corpus("duc2007", root.path)
    peers = list(corpus.peers[:N_SUMMARIES])
    summaries = [Summary(p.topic, f"new-{k:03d}", p.summary) for k, p in enumerate(peers)]

    def run(recipe: bool):
        return score_summaries(summaries, corpus="duc2007", similarity=args.similarity, data=root,
                               recipe_2013=recipe)

    t0 = time.perf_counter()
    score_summaries(summaries[:5], corpus="duc2007", similarity=args.similarity, data=root, recipe_2013=True)
    t_first = time.perf_counter() - t0

    own, ref = [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        scores = run(False)
        own.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        with_recipe = run(True)
        ref.append(time.perf_counter() - t0)
    t_own, t_ref = statistics.median(own), statistics.median(ref)
    print(f"{len(scores.summaries)} summaries, {len(scores.systems)} systems; {scores.estimate_from}")
    print(f"first call on 5 summaries, with the 2013 recipe (loads the corpus, the model's features, "
          f"{args.similarity} and its threshold once per session): {t_first:.1f} s")
    print(f"100 new summaries: median {t_own:.1f} s over {args.repeat} runs ({', '.join(f'{t:.1f}' for t in own)}) "
          f"vs target {TARGET_SECONDS:.0f} s → {'OK' if t_own <= TARGET_SECONDS else 'MISSED'}")
    print(f"reference, the same call with the 2013 recipe ({with_recipe.recipe_2013.similarity}): median {t_ref:.1f} s "
          f"({', '.join(f'{t:.1f}' for t in ref)}) → ratio {t_own / t_ref:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
