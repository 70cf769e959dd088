"""Semantic Textual Similarity 2012-2016: the organisers' releases, measures and baselines.

``load_releases`` reads the data as distributed, ``resolve_system`` gives a scorer
(``tokencos``, ``random``, an embedding, or output files) and ``evaluate`` reports per-dataset
Pearson with the years' aggregates (Mean, ALL, ALLnorm). Tables for reading them are in :mod:`pyrabench.reports.sts`.
"""

from .evaluate import (
    DatasetResult,
    YearResult,
    allnorm_expectation,
    evaluate,
    evaluate_scores,
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
    "DatasetResult", "YearResult", "evaluate", "evaluate_scores", "allnorm_expectation", "SystemOutput",
    "read_output", "write_output", "STSDataset", "STSRelease", "TEST_YEARS", "discover",
    "load_release", "load_releases", "EmbeddingSystem", "OutputFiles", "RandomBaseline", "System",
    "TokenCos", "resolve_system", "token_cosine",
]
