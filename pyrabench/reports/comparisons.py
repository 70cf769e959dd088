"""Comparisons that span tasks: one embedding's STS figures beside its pyramid-test figures.

A task never imports another task; when the book puts two tasks side by side, the join is here.
"""

from __future__ import annotations

import pandas as pd

from .. import embeddings
from ..paraphrase import evaluate as paraphrase_evaluate
from ..sts.evaluate import evaluate
from ..sts.releases import STSRelease
from ..sts.systems import EmbeddingSystem


def embeddings_table(specs, releases: dict[str, STSRelease], benchmark=None, seed: int = 0) -> pd.DataFrame:
    """One row per embedding: STS Mean per year and, with a pyramid ``benchmark``, its binary F1
    and ranking success/MRR (:func:`pyrabench.paraphrase.evaluate.evaluate`). Each embedding is loaded
    once, for the words of both the STS sentences and the benchmark texts."""
    texts = {s for r in releases.values() for d in r.available for s in (*d.sentences_a, *d.sentences_b)}
    if benchmark is not None:
        texts |= set(paraphrase_evaluate.text_index(benchmark).texts)
    vocabulary = embeddings.vocabulary(sorted(texts))
    rows = []
    for spec in specs:
        embedding = embeddings.load_embedding(spec, vocabulary=vocabulary)
        by_year = evaluate(EmbeddingSystem(spec, embedding), releases)
        row = {"embedding": spec}
        row.update({f"STS {year} Mean": yr.mean for year, yr in by_year.items()})
        if benchmark is not None:
            pyr = paraphrase_evaluate.evaluate(benchmark, embedding, seed=seed)
            row.update({"pyramid binary F1": pyr["binary_f1"], "pyramid ranking success": pyr["ranking_success"],
                        "pyramid ranking MRR": pyr["ranking_mrr"]})
        rows.append(row)
    return pd.DataFrame(rows).set_index("embedding")
