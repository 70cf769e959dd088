"""Views of the paraphrase task for the book and the CLI, in four modules, one per job:

* :mod:`.dataset`: the benchmark (presets and counts beside the paper's, rules, bad input,
  sweeps, propositions, example pairs, why a pair is or is not in the test);
* :mod:`.paper_figures`: the paper's Figures 2 and 3 in a build;
* :mod:`.results`: Table 1 beside the paper, its differences, paired comparisons, both presets;
* :mod:`.mteb`: the scores under MTEB's definitions beside ours.

Their public functions are re-exported here, so that a chapter calls
``paraphrase_reports.preset_table`` without knowing which module it lives in.
"""

from .dataset import (PAPER_YEARS, PRESET_COLUMNS, VARIANTS, bad_input_table, build_variants, constraint_table,
                      examples, explain_pair, item_text_claims, paper_years, policy_table, preset_table, propositions,
                      question_mode_claim, regime_claims, regime_figures, repeated_distractors, scu_weights, sweep, threshold_claims)
from .mteb import MTEB_COLUMNS, mteb_table, mteb_view
from .paper_figures import figure3_questions, figure_word_counts, paper_examples
from .results import (TABLE_COLUMNS, available_specs, beside_paper, differences, embedding_difference_table,
                      not_above_all_positive, pair_scores, paper_row_notes, preset_claims, preset_comparison,
                      preset_comparison_figures, table)

__all__ = [
    "PAPER_YEARS", "PRESET_COLUMNS", "VARIANTS", "bad_input_table", "build_variants", "constraint_table", "examples",
    "explain_pair", "item_text_claims", "paper_years", "policy_table", "preset_table", "propositions",
    "question_mode_claim", "regime_claims", "regime_figures", "repeated_distractors", "scu_weights", "sweep", "threshold_claims",
    "MTEB_COLUMNS", "mteb_table", "mteb_view",
    "figure3_questions", "figure_word_counts", "paper_examples",
    "TABLE_COLUMNS", "available_specs", "beside_paper", "differences", "embedding_difference_table", "not_above_all_positive",
    "pair_scores", "paper_row_notes", "preset_claims", "preset_comparison", "preset_comparison_figures", "table",
]  # fmt: skip
