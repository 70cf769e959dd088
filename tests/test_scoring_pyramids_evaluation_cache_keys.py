"""The built pyramids and their scores are cached by the corpus content and every parameter."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pyrabench.scoring.pyramids import evaluation
from pyrabench.scoring.pyramids.builder import EDUA


@pytest.fixture
def keyed(monkeypatch, cache_key_check):
    monkeypatch.setattr(evaluation, "corpus_key", lambda corpus: f"content of {corpus}")
    intercept, check = cache_key_check
    return intercept, check


def test_built_pyramids_key(keyed):
    intercept, check = keyed
    intercept(evaluation, "cached_frame", "pyramids")
    fn = evaluation.built_pyramids
    check(fn, fn, {"corpus": "A"}, {"corpus": ["B"], "recipe": [replace(EDUA, unit="sentence"),
                                                                replace(EDUA, percentile=80.0)]})


def test_built_scores_key(keyed):
    intercept, check = keyed
    intercept(evaluation, "cached_frame", "auto")
    fn = evaluation.built_scores
    check(fn, fn, {"corpus": "A"}, {"corpus": ["B"], "recipe": [replace(EDUA, unit="sentence")],
                                    "calibrate_on": ["A", "C"]})
