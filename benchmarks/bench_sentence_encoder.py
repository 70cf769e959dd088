"""Sentence encoding (``st:PATH``, ``minilm``): fewer encodings for the book, no overhead over
sentence-transformers on a cold cache, and a cached text set served without the model.

1. **The calibrated scorer's texts** (chapter 6's ``minilm`` variants): every peer sentence, SCU
   contributor and label of one DUC corpus (``--corpus``, default the first DUC corpus under the
   data root). Today's figure: one encode call per topic, as the scorer made them (each call
   sorted and batched on its own, so each topic pads its few batches). The new figure: all of
   the corpus's texts in one call (:meth:`UnitSimilarity.prefetch`), sorted by length once. Each
   on an empty cache, in this run; wall and CPU seconds, and the padded tokens the model ran
   (the load-independent measure of the work). The vectors must agree.
2. **Overhead and the cache**, on the distinct texts of the benchmark built from the data root
   (the first ``--limit``): our embedding on an empty cache against ``SentenceTransformer.encode``
   on the same texts and batch size, then a fresh instance on the filled cache (read from disk,
   the model never loaded).
3. ``--sweep``: torch threads (1, 2) and batch sizes (16–128) on those texts, CPU and wall seconds.

Usage: ``python benchmarks/bench_sentence_encoder.py [--spec minilm] [--corpus NAME] [--topics N] [--limit N]
[--batch-size B] [--sweep]``
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np
from _timing import timed

from pyrabench import embeddings
from pyrabench.data import corpora
from pyrabench.dataroot import resolve
from pyrabench.embeddings import sentence_encoder as se
from pyrabench.paraphrase import build as benchmark
from pyrabench.paraphrase import evaluate as evaluation
from pyrabench.scoring.manual import DEFAULT_CONVENTION
from pyrabench.scoring.scu_model import calibrated


def scorer_texts(corpus) -> list[list[str]]:
    """Per topic, the texts the calibrated scorer's unit similarity encodes (units, then targets)."""
    out = []
    for pyramid, peers in calibrated._by_topic(corpus):
        topic = calibrated._topic(pyramid, DEFAULT_CONVENTION)
        units = calibrated.peer_units(peers)
        out.append([*(u for us in units for u in us), *topic.contrib_texts, *topic.label_texts])
    return out


def padded_tokens(model, calls: list[list[str]], batch_size: int, seen: set | None = None) -> int:
    """Tokens the model runs (padding included) for ``calls``, each sorted by length and cut into
    batches as the encoder does; texts in ``seen`` (already cached) are not encoded again."""
    seen = set() if seen is None else seen
    total = 0
    for texts in calls:
        new = [t for t in dict.fromkeys(texts) if t not in seen]
        seen.update(new)
        lengths = sorted((min(model.max_seq_length, len(ids)) for ids in model.tokenizer(new)["input_ids"]), reverse=True)
        total += sum(len(lengths[i : i + batch_size]) * lengths[i] for i in range(0, len(lengths), batch_size))
    return total


def cold(spec: str, batch_size: int, run) -> tuple[float, float, object, int]:
    """(wall, CPU seconds, result, texts encoded) of ``run(embedding)`` on an empty cache, the
    model loaded beforehand (outside the timing)."""
    with tempfile.TemporaryDirectory() as cache:
        os.environ["PYRABENCH_CACHE"] = cache
        emb = embeddings.load_embedding(spec, progress=False)
        emb.batch_size = batch_size
        emb.model  # noqa: B018 - loaded outside the timing
        cpu, wall = time.process_time(), time.perf_counter()
        result = run(emb)
        return time.perf_counter() - wall, time.process_time() - cpu, result, emb.encoded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="minilm", help="a sentence-transformers spec (minilm, st:PATH)")
    parser.add_argument("--corpus", default=None, help="the DUC corpus of part 1 (default: the first present)")
    parser.add_argument("--topics", type=int, default=None, help="part 1 on the first N topics only")
    parser.add_argument("--limit", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--sweep", action="store_true", help="also time threads 1, 2 and batch sizes 16-128")
    args = parser.parse_args()

    import torch

    root = resolve()
    found = corpora.discover(root)
    name = args.corpus or next(n for n in ("duc2007", "duc2006", "duc2007-update") if n in found)
    topics = scorer_texts(corpora.load_corpus(name, root))[: args.topics]
    flat = [t for texts in topics for t in texts]
    print(f"{root.describe()}; {args.spec}, batch {args.batch_size}, torch threads {se.encoder_threads() or torch.get_num_threads()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"1. the calibrated scorer's texts of {name}: {len(topics)} topics, {len(flat):,} texts, "
          f"{len(set(flat)):,} distinct")
    t_old, c_old, old, n_old = cold(args.spec, args.batch_size, lambda e: [e.encode(texts) for texts in topics])
    t_new, c_new, new, n_new = cold(args.spec, args.batch_size, lambda e: e.encode(list(dict.fromkeys(flat))))
    model = embeddings.load_embedding(args.spec, progress=False).model
    p_old = padded_tokens(model, topics, args.batch_size)
    p_new = padded_tokens(model, [flat], args.batch_size)
    rows = dict(zip(dict.fromkeys(flat), new))
    diff = max(float(np.abs(o - np.array([rows[t] for t in texts])).max()) for o, texts in zip(old, topics))
    print(f"   today: a call per topic       {t_old:8.2f} s wall {c_old:8.2f} s CPU  {p_old:10,} padded tokens  "
          f"{n_old:,} texts encoded")
    print(f"   new:   one call for the corpus {t_new:8.2f} s wall {c_new:8.2f} s CPU  {p_new:10,} padded tokens  "
          f"{n_new:,} texts encoded")
    print(f"   ratio today/new: wall {t_old / t_new:.2f}x, CPU {c_old / c_new:.2f}x, padded tokens {p_old / p_new:.2f}x; "
          f"max |today - new| = {diff:.1e}")

    texts = list(evaluation.text_index(benchmark.build_from_root(root)).texts)[: args.limit]
    with tempfile.TemporaryDirectory() as cache:
        os.environ["PYRABENCH_CACHE"] = cache
        first = embeddings.load_embedding(args.spec, progress=False)
        first.batch_size = args.batch_size
        st = first.model  # loaded outside the timings, as for the reference
        t_ref, ref = timed(lambda: st.encode(texts, batch_size=args.batch_size, normalize_embeddings=True,
                                             show_progress_bar=False), repeat=1)  # fmt: skip
        t_cold, x = timed(lambda: first.encode(texts), repeat=1)
        warm = embeddings.load_embedding(args.spec, progress=False)
        t_warm, y = timed(lambda: warm.encode(texts), repeat=3)
    worded = x.any(axis=1)
    diff = float(np.abs(x[worded] - ref[worded]).max()) if worded.any() else 0.0
    print(f"2. the benchmark's first {len(texts):,} distinct texts, device {first.device}")
    print(f"   reference SentenceTransformer.encode      {t_ref:8.2f} s  {len(texts) / t_ref:8.1f} texts/s")
    print(f"   ours, empty cache                          {t_cold:8.2f} s  {len(texts) / t_cold:8.1f} texts/s   "
          f"ratio {t_cold / t_ref:5.2f}x the reference")
    print(f"   ours, filled cache (model not loaded)      {t_warm:8.2f} s  {len(texts) / t_warm:8.1f} texts/s   "
          f"ratio {t_ref / t_warm:7.1f}x faster than the reference")
    print(f"   agreement: max |ours - reference| = {diff:.2e}; cached == fresh: {np.array_equal(x, y)}; "
          f"texts with no word (zero row, not encoded): {int((~worded).sum())}")

    if args.sweep:
        print("3. threads and batch sizes (SentenceTransformer.encode on the same texts):")
        threads = torch.get_num_threads()
        try:
            for n in (1, 2):
                torch.set_num_threads(n)
                for batch in (16, 32, 64, 128):
                    cpu, wall = time.process_time(), time.perf_counter()
                    st.encode(texts, batch_size=batch, normalize_embeddings=True, show_progress_bar=False)
                    print(f"   threads {n} batch {batch:4d}: {time.perf_counter() - wall:7.2f} s wall "
                          f"{time.process_time() - cpu:7.2f} s CPU   load average {os.getloadavg()[0]:.1f}")
        finally:
            torch.set_num_threads(threads)


if __name__ == "__main__":
    main()
