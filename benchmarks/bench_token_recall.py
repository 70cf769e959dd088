"""MiniLM token recall (``token_recall`` beside ROUGE): what 100 new summaries cost, model warm.

1. **Encoding.** The first ``--summaries`` summaries of the data root's lite dataset (PyrXSum;
   the bundled sample's without it) cut into sentences, with their pyramids' units: every
   distinct text's token vectors on an empty token store (:mod:`pyrabench.embeddings.token_vectors`,
   the model loaded before the clock starts), then again from the filled store (a fresh
   instance: read from disk, nothing encoded). Texts per second and the load average beside them
   (indicative on a shared machine).
2. **Scoring.** :func:`pyrabench.scoring.token_recall.summary_scores` of the same summaries, the
   vectors cached, against a per-pair Python loop (each unit against each summary, one small
   product at a time; the vectors read and the IDF counted as the function does), extrapolated
   from ``--pairs`` pairs; the figures must agree. A lite pyramid holds a handful of units and
   its summaries one sentence each, so the loop's products are already small: on such data the
   two cost about the same, a fraction of the encoding.

Target: encoding and scoring ≤ 15 s per 100 new summaries with a warm model (2 cores, idle).

Usage: ``python benchmarks/bench_token_recall.py [--summaries 100] [--pairs 300]``
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import numpy as np

from pyrabench.data import lite_pyramids
from pyrabench.dataroot import resolve
from pyrabench.embeddings import token_vectors
from pyrabench.scoring import token_recall
from pyrabench.scoring.scu_model.scu_sets import unit_spans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summaries", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    root = resolve(None)
    dataset = lite_pyramids.read_dataset(lite_pyramids.dataset_folder(root.path))
    summaries = dataset.summaries[: args.summaries]
    pyramids = dataset.units.pyramids()
    pyrs = [pyramids[s.topic] for s in summaries]
    sentences = [[s.text[a:b] for a, b in spans] for s, spans in zip(summaries, unit_spans([s.text for s in summaries]))]
    texts = list(dict.fromkeys([*(u for ss in sentences for u in ss), *(scu.label for p in pyrs for scu in p.scus)]))
    print(f"{len(summaries)} summaries of {root.path.name}: {len(texts)} distinct texts (sentences and units)")

    with tempfile.TemporaryDirectory() as cache:
        os.environ["PYRABENCH_CACHE"] = cache
        encoder = token_vectors.TokenEncoder(token_vectors.token_encoder().encoder)  # this cache's store
        encoder.encoder.model  # warm: loaded before the clock
        load = os.getloadavg()[0]
        start = time.perf_counter()
        cpu = time.process_time()
        encoder.encode(texts)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"encoding, empty store: {wall:.2f} s wall, {cpu:.2f} s CPU, {len(texts) / wall:.0f} texts/s "
              f"(load average {load:.1f}, threads {os.environ.get('PYRABENCH_ENCODER_THREADS', 'torch default')})")
        fresh = token_vectors.TokenEncoder(encoder.encoder)
        start = time.perf_counter()
        fresh.encode(texts)
        print(f"encoding, filled store (fresh instance): {time.perf_counter() - start:.3f} s, {fresh.encoded} encoded")

        start = time.perf_counter()
        scores = token_recall.summary_scores(pyrs, sentences, fresh)
        vectorized = time.perf_counter() - start
        print(f"scoring {len(summaries)} summaries (IDF, recall of every unit): {vectorized:.3f} s")
        total = wall + vectorized
        print(f"new summaries, encoding and scoring: {total:.2f} s, {100 * total / len(summaries):.2f} s per 100 "
              f"(target ≤ 15 s per 100, idle)")

        pairs, start = 0, time.perf_counter()
        rows = fresh.encode(texts)  # as summary_scores does: the vectors from the store, the IDF counted
        index = {t: k for k, t in enumerate(texts)}
        idf = token_recall.reference_idf(fresh, list({id(p): p for p in pyrs}.values()))
        loop = []
        for i, (p, ss) in enumerate(zip(pyrs, sentences)):
            s = rows.take([index[u] for u in ss])
            got = []
            for scu in p.scus:
                u = rows.take([index[scu.label]])
                w = idf(u.ids)
                best = (u.vectors @ s.vectors.T).max(axis=1) if len(s.ids) else np.zeros(len(u.ids))
                got.append(float(w @ best / w.sum()) if w.sum() > 0 else float(best.mean()))
                pairs += 1
            loop.append(np.mean(got))
            if pairs >= args.pairs:
                break
        per_pair = (time.perf_counter() - start) / pairs  # the fixed part spread over the pairs looped
        n_pairs = sum(len(p.scus) for p in pyrs)
        assert np.allclose(scores[: len(loop)], loop, atol=1e-5), "the per-pair loop disagrees"
        print(f"per-pair loop: {per_pair * 1e3:.2f} ms a pair, {per_pair * n_pairs:.3f} s for the {n_pairs} pairs "
              f"(extrapolated; {per_pair * n_pairs / max(vectorized, 1e-9):.1f}× the vectorized scoring); same figures")


if __name__ == "__main__":
    main()
