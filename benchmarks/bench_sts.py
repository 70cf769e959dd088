"""STS timing: all test years for one embedding, after its vectors are loaded (target <= 2 s).

Prints the loading time of the releases, the time to score every year with token-cos and
with an embedding (default glove-6b-50d if installed, else random), and, as a reference
measured in the same run, token-cos computed with a per-pair Python set loop. The embedding
is timed twice: the first run pays spaCy tokenization of every distinct sentence (shared by
all embeddings in a process, see ``pyrabench.text.words_many``); the target applies
to scoring with vectors loaded and tokens cached.

    python benchmarks/bench_sts.py [--data DIR] [--embedding SPEC]
"""

from __future__ import annotations

import argparse
import math

from _timing import timed

from pyrabench import embeddings
from pyrabench.dataroot import resolve
from pyrabench.sts import EmbeddingSystem, TokenCos, evaluate, load_releases
from pyrabench.sts.systems import perl_whitespace_split


def loop_tokencos(releases):
    """Reference: the same baseline with a Python loop over pairs."""
    out = []
    for r in releases.values():
        for d in r.available:
            for a, b in zip(d.sentences_a, d.sentences_b):
                sa, sb = set(perl_whitespace_split(a)), set(perl_whitespace_split(b))
                out.append(len(sa & sb) / math.sqrt(len(sa) * len(sb)) if sa and sb else 0.0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=None)
    parser.add_argument("--embedding", default=None)
    args = parser.parse_args()
    root = resolve(args.data)
    spec = args.embedding or ("glove-6b-50d" if embeddings.available("glove-6b-50d") else "random")
    print(f"data: {root.describe()}")

    t_load, releases = timed(lambda: load_releases(None, root.path), repeat=1)
    n_pairs = sum(d.n_pairs for r in releases.values() for d in r.available)
    print(f"load releases {', '.join(releases)}: {t_load:.2f} s ({n_pairs} pairs with inputs)")

    t_ref, _ = timed(lambda: loop_tokencos(releases))
    t_tok, _ = timed(lambda: evaluate(TokenCos(), releases))
    print(f"token-cos, all years, vectorized + metrics: {t_tok:.3f} s; per-pair loop (no metrics): {t_ref:.3f} s;"
          f" ratio {t_ref / t_tok:.2f}x")

    system = EmbeddingSystem(spec)
    t_vec, _ = timed(lambda: system.prepare(releases.values()), repeat=1)
    print(f"load {spec} for the STS vocabulary: {t_vec:.2f} s (excluded from the target)")
    t_cold, _ = timed(lambda: evaluate(system, releases), repeat=1)
    print(f"{spec}, all years, first run (spaCy tokenization of every distinct sentence): {t_cold:.3f} s")
    # a fresh system on the same vectors: sentences re-encoded, tokens from the process cache
    t_emb, _ = timed(lambda: evaluate(EmbeddingSystem(spec, system.embedding), releases))
    verdict = "OK" if t_emb <= 2.0 else "OVER TARGET"
    print(f"{spec}, all years after loading (tokens cached): {t_emb:.3f} s  [target <= 2 s: {verdict}]"
          f" ({t_emb / t_tok:.2f}x token-cos)")


if __name__ == "__main__":
    main()
