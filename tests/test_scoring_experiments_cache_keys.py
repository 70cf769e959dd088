"""Every cached experiment's key covers every parameter it is computed from: each one changed
in turn is a new entry (never the stale result of the first call), the same call is a hit.
The score tables the keys are read from are stood in for by small frames that depend on the
corpus and the score asked for, and the entry is intercepted before anything is computed."""

from __future__ import annotations

import zlib
from types import SimpleNamespace

import pandas as pd
import pytest

from pyrabench.scoring import experiments
from pyrabench.scoring.scu_model import variants

CORPORA = {"c": "A"}
#: another content under the same name, and the same content under another name
OTHER_CORPORA = [{"c": "B"}, {"d": "A"}]


def _frame(corpus, columns, tag=""):
    """One summary's row whose scores depend on the corpus, the column and ``tag``."""
    return pd.DataFrame({"topic": ["t"], "peer": ["1"], "annotator": ["x"],
                         **{c: [float(zlib.crc32(f"{corpus}|{c}|{tag}".encode()))] for c in columns}})


@pytest.fixture
def stand_ins(monkeypatch):
    monkeypatch.setattr(experiments, "metric_frame", lambda corpus, metrics, cache=True: (_frame(corpus, metrics), {}))
    monkeypatch.setattr(experiments, "score_corpus", lambda corpus, *a: _frame(corpus, ["modified"]))
    monkeypatch.setattr(experiments, "rouge_frame", lambda corpus, cache=True: _frame(corpus, ["rouge_1", "rouge_2"]))
    monkeypatch.setattr(experiments, "auto_frame", lambda corpus, name=None, cache=True: _frame(corpus, ["auto"], name))
    monkeypatch.setattr(experiments, "corpus_key", lambda corpus: f"content of {corpus}")
    monkeypatch.setattr(experiments.judgments, "for_corpus", lambda corpus: SimpleNamespace(references=lambda: ()))


def test_correlation_results_key(stand_ins, cache_key_check):
    intercept, check = cache_key_check
    intercept(experiments, "cached_result", "correlations")
    fn = experiments.correlation_results
    check(fn, fn, {"corpora": CORPORA, "n_resamples": 10},
          {"corpora": OTHER_CORPORA, "metrics": [("rouge_1",)], "reference": ["rouge_l"], "n_resamples": [11],
           "levels": [("system",)], "seed": [1]})


def test_variant_table_key(stand_ins, cache_key_check):
    intercept, check = cache_key_check
    intercept(experiments, "cached_frame", "variants")
    fn = experiments.variant_table
    names = [v.name for v in variants.VARIANTS]
    check(fn, fn, {"corpora": CORPORA, "n_resamples": 10},
          {"corpora": OTHER_CORPORA, "names": [names[:1], names[::-1]], "baselines": [("rouge_1",)],
           "n_resamples": [11], "seed": [1]})


def test_judgment_results_key(stand_ins, cache_key_check):
    intercept, check = cache_key_check
    intercept(experiments, "cached_result", "judgments")
    fn = experiments.judgment_results
    check(fn, fn, {"corpora": CORPORA, "n_resamples": 10},
          {"corpora": OTHER_CORPORA, "metrics": [("auto", "rouge_2")], "n_resamples": [11], "levels": [("system",)],
           "pairs": [{"modified": (("auto", "rouge_1"),)}], "joint_pairs": [{}], "seed": [1]})


def test_system_error_causes_key(stand_ins, cache_key_check):
    intercept, check = cache_key_check
    intercept(experiments, "cached_frame", "system-errors")
    fn = experiments.system_error_causes
    check(fn, fn, {"corpora": CORPORA}, {"corpora": OTHER_CORPORA, "metric": ["auto:wmf"]})


def test_sharpening_key(stand_ins, cache_key_check):
    intercept, check = cache_key_check
    intercept(experiments, "cached_frame", "sharpening")
    fn = experiments.sharpening
    check(fn, fn, {"corpora": CORPORA}, {"corpora": OTHER_CORPORA, "gammas": [(1.0, 2.0)], "choose_on": ["duc2007"]})
