"""Scoring one embedding on Table 1-sized input must take ≤ 1 s once the vectors are encoded.

Two inputs. *Synthetic* (always): the size of the paper's benchmark, ~200,000 binary pairs and
~9,000 ranking questions over ~20,000 distinct texts, 300-d vectors; texts are invented (``s<i>``)
and vectors random: only the shapes matter. *Real* (with ``PYRABENCH_DATA``): the ``paper``
preset built from DUC 2006 + 2007 (main, update) + TAC 2008 (~217,000 pairs, ~5,200 questions),
scored with 300-d vectors per distinct text and with One-Hot (sparse, one dimension per word).

Timed: scoring all pairs and questions (:func:`pyrabench.paraphrase.evaluate.score_vectors`) and
every metric with its bootstrap CIs (:func:`pyrabench.paraphrase.evaluate.summarize`, 1,000
resamples), and a paired test. Reference, in the same run: the textbook per-pair Python loop (one
``np.dot`` per pair, one index resample per bootstrap replicate) on a slice, extrapolated to full
size. Peak memory of the scoring (tracemalloc) is printed.

Usage: ``python benchmarks/bench_evaluate.py [--pairs N] [--questions N]``
"""

from __future__ import annotations

import argparse
import os
import time
import tracemalloc

import numpy as np
import pandas as pd
from _timing import timed

from pyrabench.data.corpora import discover
from pyrabench.dataroot import ENV_DATA, resolve
from pyrabench.embeddings import load_embedding as load_embedding
from pyrabench.embeddings.base import normalize_rows
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as evaluation
from pyrabench.paraphrase import metrics
from pyrabench.paraphrase.store import Benchmark

TARGET_SECONDS = 1.0
REAL_CORPORA = ("duc2006", "duc2007", "duc2007-update", "tac2008")


def Bench(binary, ranking, stats):
    """A :class:`pyrabench.paraphrase.build.Benchmark` of synthetic frames (no card, no items)."""
    return Benchmark(binary, ranking, stats, card="")


def synthetic(n_pairs: int, n_questions: int, n_texts: int, seed: int = 0) -> Bench:
    rng = np.random.default_rng(seed)
    texts = np.array([f"s{i}" for i in range(n_texts)], dtype=object)
    pick = lambda n: texts[rng.integers(0, n_texts, n)]  # noqa: E731
    binary = pd.DataFrame({
        "pair_id": np.arange(n_pairs), "corpus": "x", "topic": "t",
        "text_a": pick(n_pairs), "text_b": pick(n_pairs),
        "label": (rng.random(n_pairs) < 0.042).astype(np.int8),
    })
    ranking = pd.DataFrame({
        "question_id": np.arange(n_questions), "corpus": "x", "topic": "t",
        **{c: pick(n_questions) for c in ("question", *evaluation.CANDIDATE_COLUMNS)},
    })
    return Bench(binary, ranking, {})




def peak_mib(fn) -> tuple[float, object]:
    """(peak MiB allocated while ``fn`` runs, its value), by tracemalloc."""
    tracemalloc.start()
    value = fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, value


def real(dim: int) -> None:
    """The paper preset on the real pyramids, scored with dense random vectors and One-Hot."""
    root = resolve(None)
    names = [n for n in REAL_CORPORA if n in discover(root.path)]
    bench = benchmark.build(benchmark.corpora_from_root(root, names))
    t_index, index = timed(lambda: evaluation.text_index(bench))
    print(f"\nreal: paper preset on {', '.join(names)}: {len(index.pair_a):,} pairs, "
          f"{len(index.question):,} questions, {len(index.texts):,} distinct texts (text index {t_index:.3f} s)")
    rng = np.random.default_rng(2)
    dense = normalize_rows(rng.standard_normal((len(index.texts), dim), dtype=np.float32))
    onehot = load_embedding("onehot", vocabulary=evaluation.vocabulary(bench))
    sparse = evaluation.encode(onehot, index.texts)
    for label, vectors in ((f"random {dim}-d", dense), ("One-Hot (sparse)", sparse)):
        t_score, scores = timed(lambda: evaluation.score_vectors(index, vectors, label))
        t_summary, row = timed(lambda: evaluation.summarize(scores, seed=0, n_resamples=1000))
        mem, _ = peak_mib(lambda: evaluation.summarize(evaluation.score_vectors(index, vectors, label), seed=0))
        total = t_score + t_summary
        print(f"  {label:18s} score {t_score:.3f} s + metrics/CIs {t_summary:.3f} s = {total:.3f} s   target ≤ "
              f"{TARGET_SECONDS:.1f} s: {'OK' if total <= TARGET_SECONDS else 'MISSED'}; peak {mem:.1f} MiB; "
              f"F {row['binary_f1']:.4f}, success {row['ranking_success']:.4f}, MRR {row['ranking_mrr']:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200_000)
    parser.add_argument("--questions", type=int, default=9_000)
    parser.add_argument("--texts", type=int, default=20_000)
    parser.add_argument("--dim", type=int, default=300)
    args = parser.parse_args()

    bench = synthetic(args.pairs, args.questions, args.texts)
    t_index, index = timed(lambda: evaluation.text_index(bench))
    rng = np.random.default_rng(1)
    vectors = normalize_rows(rng.standard_normal((len(index.texts), args.dim), dtype=np.float32))
    t_score, scores = timed(lambda: evaluation.score_vectors(index, vectors, "random"))
    mem, _ = peak_mib(lambda: evaluation.summarize(evaluation.score_vectors(index, vectors, "random"), seed=0))
    t_summary, row = timed(lambda: evaluation.summarize(scores, seed=0, n_resamples=1000))
    other = evaluation.score_vectors(index, normalize_rows(rng.standard_normal(vectors.shape, dtype=np.float32)), "b")
    t_compare, _ = timed(lambda: evaluation.compare(scores, other, n_resamples=1000))
    total = t_score + t_summary

    # reference: per-pair loop for scores, per-replicate index resampling for the F bootstrap
    n_slice = 20_000
    start = time.perf_counter()
    _ = [float(np.dot(vectors[a], vectors[b])) for a, b in zip(index.pair_a[:n_slice], index.pair_b[:n_slice])]
    t_loop = (time.perf_counter() - start) * args.pairs / n_slice
    fit, test = metrics.split_indices(scores.labels, 0.1, 0)
    s_test, y_test = scores.binary[test], scores.labels[test]
    threshold = row["binary_threshold"] if row["binary_threshold"] is not None else np.inf
    n_boot = 20
    start = time.perf_counter()
    for _ in range(n_boot):
        idx = rng.integers(0, test.size, test.size)
        metrics.f_at_threshold(s_test[idx], y_test[idx], threshold)
    t_boot_ref = (time.perf_counter() - start) * 1000 / n_boot

    print(f"input: {args.pairs:,} pairs, {args.questions:,} questions, {len(index.texts):,} distinct texts, dim {args.dim}")
    print(f"text index (factorize, once per benchmark)   {t_index:8.3f} s")
    print(f"score all pairs + questions                  {t_score:8.3f} s")
    print(f"metrics + 3 bootstrap CIs (1000 resamples)   {t_summary:8.3f} s")
    print(f"paired tests, 3 metrics (1000 resamples)     {t_compare:8.3f} s")
    print(f"scoring one embedding (score + metrics)      {total:8.3f} s   target ≤ {TARGET_SECONDS:.1f} s: "
          f"{'OK' if total <= TARGET_SECONDS else 'MISSED'}")
    print(f"reference per-pair loop (extrapolated)       {t_loop:8.3f} s   ratio {t_loop / t_score:7.1f}x")
    print(f"reference index bootstrap of F (extrap.)     {t_boot_ref:8.3f} s   ratio {t_boot_ref / t_summary:7.1f}x")
    print(f"sanity (random vectors): success {row['ranking_success']:.4f} (chance 0.25), "
          f"MRR {row['ranking_mrr']:.4f} (chance {25 / 48:.4f})")
    print(f"peak memory of scoring + metrics: {mem:.1f} MiB (tracemalloc)")
    if os.environ.get(ENV_DATA):
        real(args.dim)
    else:
        print(f"\n(set {ENV_DATA} to also time the paper preset on the real pyramids)")


if __name__ == "__main__":
    main()
