"""Semantic Textual Similarity 2012-2016: the organisers' releases, measures and baselines.

``load_releases`` reads the data as distributed, ``resolve_system`` gives a scorer
(``tokencos``, ``random``, an embedding, or output files) and ``evaluate`` reports per-dataset
Pearson with the years' aggregates (Mean, ALL, ALLnorm).
"""

from .evaluate import (
    DatasetResult,
    YearResult,
    allnorm_expectation,
    compare_with_published,
    dataset_summary,
    embeddings_table,
    evaluate,
    evaluate_scores,
    fisher_table,
    gold_frame,
    interval_table,
    random_allnorm,
    results_table,
    tokenization_variants,
    wide_table,
)
from .outputs import SystemOutput, read_output, write_output
from .releases import (
    TEST_YEARS,
    STSDataset,
    STSRelease,
    discover,
    load_release,
    load_releases,
)
from .systems import (
    EmbeddingSystem,
    OutputFiles,
    RandomBaseline,
    System,
    TokenCos,
    resolve_system,
    token_cosine,
)

__all__ = [
    "DatasetResult", "YearResult", "compare_with_published", "dataset_summary", "evaluate",
    "evaluate_scores", "gold_frame", "results_table", "tokenization_variants", "wide_table", "interval_table", "fisher_table", "embeddings_table", "random_allnorm", "allnorm_expectation", "SystemOutput",
    "read_output", "write_output", "STSDataset", "STSRelease", "TEST_YEARS", "discover",
    "load_release", "load_releases", "EmbeddingSystem", "OutputFiles", "RandomBaseline", "System",
    "TokenCos", "resolve_system", "token_cosine",
]
