"""Sentence encoding (``st:PATH``, ``minilm``): no overhead over sentence-transformers on a cold
cache, and a cached text set served without the model.

Texts: the distinct texts of the benchmark built from the data root (``PYRABENCH_DATA``, else the
bundled sample), the first ``--limit``. Timed, with the model already loaded: our embedding on an
empty cache (spaCy word check, length-sorted chunks, cache writes included), then a fresh instance
on the filled cache (read from disk, the model never loaded). Reference in the same run:
``SentenceTransformer.encode`` on the same texts and batch size. The vectors must agree.

Usage: ``python benchmarks/bench_sentence_encoder.py [--spec minilm] [--limit N] [--batch-size B]``
"""

from __future__ import annotations

import argparse
import os
import tempfile

import numpy as np
from _timing import timed

from pyrabench import embeddings
from pyrabench.dataroot import resolve
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as evaluation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="minilm", help="a sentence-transformers spec (minilm, st:PATH)")
    parser.add_argument("--limit", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()

    root = resolve()
    texts = evaluation.text_index(benchmark.build_from_root(root))
    texts = [t for t in texts.texts][: args.limit]
    with tempfile.TemporaryDirectory() as cache:
        os.environ["PYRABENCH_CACHE"] = cache
        cold = embeddings.load(args.spec, progress=False)
        cold.batch_size = args.batch_size
        model = cold.model  # loaded outside the timings, as for the reference
        t_ref, ref = timed(lambda: model.encode(texts, batch_size=args.batch_size, normalize_embeddings=True,
                                                show_progress_bar=False), repeat=1)  # fmt: skip
        t_cold, x = timed(lambda: cold.encode(texts), repeat=1)
        warm = embeddings.load(args.spec, progress=False)
        t_warm, y = timed(lambda: warm.encode(texts), repeat=3)
    worded = x.any(axis=1)
    diff = float(np.abs(x[worded] - ref[worded]).max()) if worded.any() else 0.0
    print(f"{root.describe()}; {len(texts):,} distinct texts, {args.spec}, batch {args.batch_size}, device {cold.device}")
    print(f"reference SentenceTransformer.encode      {t_ref:8.2f} s  {len(texts) / t_ref:8.1f} texts/s")
    print(f"ours, empty cache                          {t_cold:8.2f} s  {len(texts) / t_cold:8.1f} texts/s   "
          f"ratio {t_cold / t_ref:5.2f}x the reference")
    print(f"ours, filled cache (model not loaded)      {t_warm:8.2f} s  {len(texts) / t_warm:8.1f} texts/s   "
          f"ratio {t_ref / t_warm:7.1f}x faster than the reference")
    print(f"agreement: max |ours - reference| = {diff:.2e}; cached == fresh: {np.array_equal(x, y)}; "
          f"texts with no word (zero row, not encoded): {int((~worded).sum())}")


if __name__ == "__main__":
    main()
