"""The 2013 study's grid of variants, cached, is keyed by the corpus and every argument."""

from __future__ import annotations

from pyrabench.scoring.recipe2013 import pipeline


def test_compare_variants_key(monkeypatch, cache_key_check):
    intercept, check = cache_key_check
    monkeypatch.setattr(pipeline, "corpus_key", lambda corpus: f"content of {corpus}")
    intercept(pipeline, "cached_frame", "compare-stats")
    fn = pipeline.compare_variants
    check(fn, fn, {"corpus": "A", "similarities": ["uni"], "cache": True},
          {"corpus": ["B"], "similarities": [["lsa"], ["uni", "lsa"]], "combines": [("max",)], "levels": [(0.1,)],
           "score": ["modified"], "ci": ["bootstrap"], "seed": [1], "kw": [{"threads": 2}]})
