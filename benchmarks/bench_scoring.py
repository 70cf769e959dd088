"""Summarization-evaluation speed: the default automated variant, ROUGE and ``correlate``.

Targets (the project's, so that scoring runs inside a book build): all 1,481 DUC peers scored by the default automated variant ≤ 60 s on 2
cores (cold: features and cross-fitting computed, nothing read from the cache); ``correlate``
for one corpus ≤ 10 s once the caches are filled; each scoring chapter (5, 6 and 7) ≤ 120 s
(``--chapter``, which executes the notebooks with an empty and then with a filled ``$PYRABENCH_CACHE``).

References measured in the same run: ROUGE against Google's ``rouge_score.RougeScorer`` called
pair by pair (peer × model) on a few peers and extrapolated; the automated variant against the
2013 recipe (segments, ``uni``, optimal matching) on a few peers, extrapolated. Needs
PYRABENCH_DATA (falls back to the bundled sample, where the figures mean little). Usage:
``python benchmarks/bench_scoring.py [--chapter]``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyrabench.data.corpora import load_corpus
from pyrabench.dataroot import resolve
from pyrabench.scoring import rouge
from pyrabench.scoring.metrics import correlate_corpus
from pyrabench.scoring.recipe2013 import pipeline
from pyrabench.scoring.scu_model import variants

DUC = ("duc2006", "duc2007", "duc2007-update")
TARGET_AUTO, TARGET_CORRELATE, TARGET_CHAPTER = 60.0, 10.0, 120.0
CHAPTERS = ("05_manual_scores", "06_automated_scoring", "06_scorer_across_domains", "07_judgments")  # in order: a cold run fills the cache the next reads
SAMPLE_PEERS = 10


def verdict(seconds: float, target: float) -> str:
    return f"{seconds:.1f} s vs target {target:.0f} s → {'OK' if seconds <= target else 'MISSED'}"


def bench_auto(corpora) -> None:
    t0 = time.perf_counter()
    n = sum(len(variants.auto_frame(c, cache=False)) for c in corpora.values())
    t_auto = time.perf_counter() - t0
    print(f"default automated variant ({variants.DEFAULT}), {n} peers, cold: {verdict(t_auto, TARGET_AUTO)} "
          f"({1000 * t_auto / max(n, 1):.1f} ms per peer)")
    peers = [p for c in corpora.values() for p in c.peers][:SAMPLE_PEERS]
    items = pipeline.items_from_peers(peers)
    sim = pipeline.build_similarity("uni", items)
    t0 = time.perf_counter()
    pipeline.auto_score(items, sim, "max", (0.5,))
    per_peer = (time.perf_counter() - t0) / len(items)
    print(f"  reference, the 2013 recipe (uni, one threshold): {1000 * per_peer:.0f} ms per peer on {len(items)} "
          f"peers, extrapolated {per_peer * n:.0f} s → default is ×{per_peer * n / t_auto:.1f} faster")


def bench_rouge(corpora) -> None:
    t0 = time.perf_counter()
    n = sum(len(rouge.rouge_frame(c, cache=False)) for c in corpora.values())
    t_rouge = time.perf_counter() - t0
    print(f"ROUGE-1/2/L, jackknifed, {n} peers, cold: {t_rouge:.1f} s")
    try:
        from rouge_score.rouge_scorer import RougeScorer
    except ImportError:
        print("  reference skipped: rouge-score is not installed")
        return
    scorer = RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    peers = [p for c in corpora.values() for p in c.peers][:SAMPLE_PEERS]
    t0 = time.perf_counter()
    for p in peers:
        for m in p.pyramid.summaries:
            scorer.score(m, p.summary)
    per_peer = (time.perf_counter() - t0) / len(peers)
    print(f"  reference, RougeScorer pair by pair: {1000 * per_peer:.0f} ms per peer, extrapolated "
          f"{per_peer * n:.0f} s → ×{per_peer * n / t_rouge:.0f}")


def bench_correlate(corpora) -> None:
    name = "duc2006" if "duc2006" in corpora else next(iter(corpora))
    correlate_corpus(corpora[name], ["rouge_2", "auto"])  # fill the caches
    t0 = time.perf_counter()
    correlate_corpus(corpora[name], ["rouge_2", "auto"])
    print(f"correlate {name} (rouge_2, auto; 1,000 resamples), caches filled: "
          f"{verdict(time.perf_counter() - t0, TARGET_CORRELATE)}")


def bench_chapter() -> None:
    root = Path(__file__).resolve().parents[1]
    python = Path(sys.executable).with_name("jupytext")
    for label, cache in (("cold (empty cache)", tempfile.mkdtemp(prefix="pyrabench-cache-")), ("warm", None)):
        env = dict(os.environ, PYTHONPATH=str(root))
        if cache is not None:
            env["PYRABENCH_CACHE"] = cache
        for chapter in CHAPTERS:
            out = Path(tempfile.mkdtemp()) / f"{chapter}.ipynb"
            t0 = time.perf_counter()
            subprocess.run([str(python), "--to", "ipynb", "--execute", str(root / "notebooks" / f"{chapter}.md"),
                            "-o", str(out)], check=True, env=env, cwd=root, capture_output=True)
            print(f"{chapter}, {label}: {verdict(time.perf_counter() - t0, TARGET_CHAPTER)}")


def main() -> int:
    root = resolve()
    print(root.describe())
    print(f"cores: {os.cpu_count()}; load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    corpora = {n: load_corpus(n, root.path) for n in DUC}
    bench_auto(corpora)
    bench_rouge(corpora)
    bench_correlate(corpora)
    if "--chapter" in sys.argv:
        bench_chapter()
    return 0


if __name__ == "__main__":
    sys.exit(main())
