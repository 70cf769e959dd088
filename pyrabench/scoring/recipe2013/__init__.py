"""The seed's method: automated pyramid scoring as Passonneau et al. (2013) did it (after Harnly et al. 2005).

segments → similarity (uni / lsa / emb:<spec>) → combine per SCU → optimal matching →
scores; thresholds from the human matches; statistics against the manual scores.
"""

from .matching import Matching, best_matching
from .pipeline import (
    Item,
    auto_score,
    auto_score_grid,
    build_similarity,
    human_pair_similarities,
    items_from_peers,
)
from .segments import DEFAULT_MAX_LEN, candidate_segments, tokenize_summary
from .similarity import COMBINES, make_similarity
from .thresholds import LEVELS, determine_thresholds

__all__ = [
    "COMBINES", "DEFAULT_MAX_LEN", "Item", "LEVELS", "Matching", "auto_score", "auto_score_grid",
    "best_matching",
    "build_similarity", "candidate_segments", "determine_thresholds", "human_pair_similarities",
    "items_from_peers", "make_similarity", "tokenize_summary",
]
