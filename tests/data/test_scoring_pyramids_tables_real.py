"""Chapter 9's agreement and correlation tables on DUC 2007, pinned to the precision the book
prints them at (the same rows, formatted by the same table function): a change to the builder's
recipe, the agreement rule or the scorer on built pyramids moves a printed figure. The built
pyramid's row can move in its last printed figures from one machine to another (the same commit
printed system τ 0.897 on one and 0.872 on another): its logistic fits are not converged
(scikit-learn's lbfgs stops at tol 1e-4), so they read the BLAS's rounding."""

from __future__ import annotations

import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.reports import pyramids as pyramid_reports
from pyrabench.reports.tables import book_table
from pyrabench.scoring.pyramids import evaluation

pytestmark = [pytest.mark.data, pytest.mark.pinned]

AGREEMENT = {"topics": "23", "NIST SCUs": "1,583", "built SCUs": "860", "NIST SCUs found (%)": "48.5",
             "NIST weight found (%)": "56.5", "built SCUs matched (%)": "89.3", "weights, Spearman ρ": "0.548",
             "weights, mean |difference|": "0.61", "weights equal (%)": "50.7", "NIST SCUs split (%)": "69.5",
             "built SCUs merged (%)": "89.3"}
CORRELATIONS = [
    {"corpus": "duc2007", "metric": "lex scorer, built pyramid", "calibrated on": "its other topics",
     "summary Pearson r": "0.698", "summary Pearson r 95 % CI": "[0.641, 0.747]", "summary Kendall τ": "0.533",
     "system Pearson r": "0.963", "system Pearson r 95 % CI": "[0.915, 0.988]", "system Kendall τ": "0.897"},
    {"corpus": "duc2007", "metric": "lex scorer, NIST's pyramid", "calibrated on": "its other topics",
     "summary Pearson r": "0.765", "summary Pearson r 95 % CI": "[0.706, 0.822]", "summary Kendall τ": "0.617",
     "system Pearson r": "0.939", "system Pearson r 95 % CI": "[0.864, 0.984]", "system Kendall τ": "0.821"},
    {"corpus": "duc2007", "metric": "ROUGE-2", "calibrated on": "",
     "summary Pearson r": "0.705", "summary Pearson r 95 % CI": "[0.642, 0.763]", "summary Kendall τ": "0.516",
     "system Pearson r": "0.979", "system Pearson r 95 % CI": "[0.937, 0.993]", "system Kendall τ": "0.949"},
]


@pytest.fixture(scope="module")
def duc2007(real_data):
    return {"duc2007": load_corpus("duc2007", real_data)}


def test_the_agreement_table_as_printed(duc2007):
    table = evaluation.agreement_table(duc2007)
    shown = book_table(pyramid_reports.agreement_view(table), kinds=pyramid_reports.AGREEMENT_KINDS,
                       transpose=True).data
    assert shown["duc2007"].to_dict() == AGREEMENT


def test_the_correlation_table_as_printed(duc2007):
    table = evaluation.correlation_table(duc2007)  # the chapter's resamples and seed
    assert book_table(pyramid_reports.correlation_view(table)).data.to_dict("records") == CORRELATIONS
