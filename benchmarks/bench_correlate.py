"""``pyrabench correlate`` against a NIST judgment, with a paired test, on one corpus.

Target: ``correlate --reference responsiveness --metric modified --metric rouge_2 --metric auto
--compare auto,rouge_2`` with 1,000 resamples (bootstrap intervals of three metrics at two
levels, and the paired permutation test and bootstrap at two levels) ≤ 5 s once the caches are
filled. Reference measured in the same run: the same paired test written the way resampling
code is often written, one Python iteration per resample calling scipy on each topic's summaries
(timed on a few resamples and extrapolated to 1,000). Beside it, the intervals under Deutsch et
al.'s joint scheme (``scheme="both"``: topics and systems drawn together, every topic's
correlation recomputed on every resample) against the same scheme with one loop iteration per
resample calling scipy per topic and per system vector. Needs PYRABENCH_DATA (falls back to the
bundled sample, where the figures mean little). Usage: ``python benchmarks/bench_correlate.py``.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np
from scipy import stats

from pyrabench.data.corpora import load_corpus
from pyrabench.dataroot import resolve
from pyrabench.resampling import scheme_indices
from pyrabench.scoring.correlate import correlations, per_summary, system_means
from pyrabench.scoring.metrics import correlate_corpus, metric_frame

TARGET = 5.0
METRICS = ["modified", "rouge_2", "auto"]
REFERENCE_RESAMPLES = 20


def _three(x, y):
    return np.array([stats.pearsonr(x, y)[0], stats.spearmanr(x, y)[0], stats.kendalltau(x, y)[0]])


def reference_loop(frame, a: str, b: str, ref: str, resamples: int, seed: int = 0) -> float:
    """Seconds for ``resamples`` permutations + bootstraps at summary and system level, one loop
    iteration per resample (scipy per topic and per system vector)."""
    rows = per_summary(frame, [ref, a, b]).dropna()
    topics = [g for _, g in rows.groupby("topic")]
    means = system_means(rows, [a, b, ref])
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    for _ in range(resamples):
        for mode in ("permute", "boot"):
            picked = topics if mode == "permute" else [topics[i] for i in rng.integers(0, len(topics), len(topics))]
            d = []
            for g in picked:
                swap = mode == "permute" and rng.random() < 0.5
                xa, xb = (g[b], g[a]) if swap else (g[a], g[b])
                d.append(_three(xa, g[ref]) - _three(xb, g[ref]))
            idx = rng.integers(0, len(means), len(means))
            m = means.iloc[idx] if mode == "boot" else means
            _three(m[a], m[ref]) - _three(m[b], m[ref])
    return time.perf_counter() - t0


def reference_both(frame, metric: str, ref: str, resamples: int, seed: int = 0) -> float:
    """Seconds for ``resamples`` joint (topics and systems) resamples at summary and system level,
    one loop iteration per resample, scipy per drawn topic and on the drawn systems' means."""
    rows = per_summary(frame, [ref, metric]).dropna()
    wide = rows.pivot(index="topic", columns="peer", values=[metric, ref])
    x, y = wide[metric].to_numpy(float), wide[ref].to_numpy(float)
    topics, systems = x.shape
    picked, cols = scheme_indices(systems, topics, "both", resamples, np.random.default_rng(seed))
    t0 = time.perf_counter()
    for b in range(resamples):
        xs, ys = x[cols[b]][:, picked[b]], y[cols[b]][:, picked[b]]
        for xt, yt in zip(xs, ys):
            keep = np.isfinite(xt) & np.isfinite(yt)
            if keep.sum() >= 3 and np.ptp(xt[keep]) > 0 and np.ptp(yt[keep]) > 0:
                _three(xt[keep], yt[keep])
        _three(np.nanmean(xs, axis=0), np.nanmean(ys, axis=0))
    return time.perf_counter() - t0


def main() -> int:
    root = resolve()
    print(root.describe())
    print(f"cores: {os.cpu_count()}; load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    name = "duc2006"
    corpus = load_corpus(name, root.path)
    args = dict(metrics=METRICS, reference="responsiveness", n_resamples=1000, compare=[("auto", "rouge_2")])
    correlate_corpus(corpus, **args)  # fill the caches
    t0 = time.perf_counter()
    correlate_corpus(corpus, **args)
    ours = time.perf_counter() - t0
    print(f"correlate {name} --reference responsiveness ({', '.join(METRICS)}; --compare auto,rouge_2; 1,000 "
          f"resamples), caches filled: {ours:.2f} s vs target {TARGET:.0f} s → {'OK' if ours <= TARGET else 'MISSED'}")
    frame, _ = metric_frame(corpus, ["responsiveness", "auto", "rouge_2"])
    loop = reference_loop(frame, "auto", "rouge_2", "responsiveness", REFERENCE_RESAMPLES) * 1000 / REFERENCE_RESAMPLES
    print(f"  reference, the paired test alone with a per-resample loop over topics (scipy), extrapolated to 1,000 "
          f"resamples: {loop:.1f} s → the whole command is ×{loop / ours:.1f} faster")
    per_summary_frame = per_summary(frame, ["responsiveness", "rouge_2"])
    t0 = time.perf_counter()
    correlations(per_summary_frame, ["rouge_2"], "responsiveness", n_resamples=1000, scheme="both")
    both = time.perf_counter() - t0
    loop = reference_both(frame, "rouge_2", "responsiveness", REFERENCE_RESAMPLES) * 1000 / REFERENCE_RESAMPLES
    print(f"joint scheme (topics and systems) for rouge_2 at both levels, 1,000 resamples: {both:.2f} s; reference, "
          f"one loop iteration per resample (scipy per topic), extrapolated: {loop:.1f} s → ×{loop / both:.1f} faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
