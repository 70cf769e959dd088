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
    # "A!" scores as "A" does, but one of its metrics could not be computed
    monkeypatch.setattr(experiments, "metric_frame", lambda corpus, metrics, cache=True: (
        _frame(corpus.rstrip("!"), metrics), {"rouge_2": "failed"} if corpus.endswith("!") else {}))
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
          {"corpora": [*OTHER_CORPORA, {"c": "A!"}], "metrics": [("rouge_1",)], "reference": ["rouge_l"],
           "n_resamples": [11],
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
          {"corpora": [*OTHER_CORPORA, {"c": "A!"}], "metrics": [("auto", "rouge_2")], "n_resamples": [11],
           "levels": [("system",)],
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


@pytest.mark.parametrize("name, kind, cached, base", [
    ("correlation_results", "correlations", "cached_result", {"corpora": CORPORA}),
    ("variant_table", "variants", "cached_frame", {"corpora": CORPORA}),
    ("judgment_results", "judgments", "cached_result", {"corpora": CORPORA}),
    ("system_error_causes", "system-errors", "cached_frame", {"corpora": CORPORA}),
    ("sharpening", "sharpening", "cached_frame", {"corpora": CORPORA}),
])
def test_a_new_version_is_a_new_entry(stand_ins, cache_key_check, monkeypatch, name, kind, cached, base):
    intercept, check = cache_key_check
    intercept(experiments, cached, kind)
    fn = getattr(experiments, name)
    before = check(fn, lambda **kw: fn(**kw), base, {k: v for k, v in _ALL_CHANGES[name].items()})
    monkeypatch.setattr(experiments, "VERSION", "experiments-next")
    assert check(fn, lambda **kw: fn(**kw), base, _ALL_CHANGES[name]) != before


_ALL_CHANGES = {
    "correlation_results": {"corpora": OTHER_CORPORA, "metrics": [("rouge_1",)], "reference": ["rouge_l"],
                            "n_resamples": [11], "levels": [("system",)], "seed": [1]},
    "variant_table": {"corpora": OTHER_CORPORA, "names": [[v.name for v in variants.VARIANTS][:1]],
                      "baselines": [("rouge_1",)], "n_resamples": [11], "seed": [1]},
    "judgment_results": {"corpora": OTHER_CORPORA, "metrics": [("auto", "rouge_2")], "n_resamples": [11],
                         "levels": [("system",)], "pairs": [{"modified": (("auto", "rouge_1"),)}], "joint_pairs": [{}],
                         "seed": [1]},
    "system_error_causes": {"corpora": OTHER_CORPORA, "metric": ["auto:wmf"]},
    "sharpening": {"corpora": OTHER_CORPORA, "gammas": [(1.0, 2.0)], "choose_on": ["duc2007"]},
}


def test_every_parameter_reaches_the_computation(stand_ins, monkeypatch):
    """What an entry is keyed by is what it is computed with: each experiment hands its
    parameters on (computed here without the cache, each computation stood in for)."""
    calls = {}

    def record(name, value=None):
        def fn(*args, **kwargs):
            calls[name] = (args, kwargs)
            return value
        return fn

    monkeypatch.setattr(experiments, "correlate_corpus", record("correlate", {"levels": {}}))
    got = experiments.correlation_results(CORPORA, ("rouge_1",), "rouge_l", 11, ("system",), 3, cache=False)
    args, kwargs = calls["correlate"]
    assert got == {"c": {"levels": {}}} and args == ("A", ("rouge_1",), "rouge_l")
    assert kwargs["n_resamples"] == 11 and kwargs["seed"] == 3 and kwargs["levels"] == ("system",)
    assert kwargs["measured"][0].equals(_frame("A", ["rouge_l", "rouge_1"])) and kwargs["measured"][1] == {}

    monkeypatch.setattr(experiments.variants, "variant_table", record("variants", pd.DataFrame({"x": [1]})))
    experiments.variant_table(CORPORA, ["lex"], ("rouge_1",), 11, 3, cache=False)
    assert calls["variants"] == ((CORPORA, ["lex"], ("rouge_1",), 11, 3, False), {})

    monkeypatch.setattr(experiments, "_judgment_result", record("judgments", {}))
    pairs, joint = {"modified": (("auto", "rouge_1"),)}, {"modified": ()}
    experiments.judgment_results(CORPORA, ("auto", "rouge_2"), 11, ("system",), pairs, joint, 3, cache=False)
    args, _ = calls["judgments"]
    assert args[0].equals(_frame("A", ["auto", "rouge_2"])) and args[1:] == ({}, ["modified"], ("auto", "rouge_2"), 11,
                                                                             ("system",), pairs, joint, 3)

    monkeypatch.setattr(experiments.diagnosis, "system_error_causes", record("errors", pd.DataFrame({"x": [1]})))
    experiments.system_error_causes(CORPORA, "auto:wmf", cache=False)
    assert calls["errors"] == ((CORPORA, "auto:wmf"), {})

    monkeypatch.setattr(experiments.diagnosis, "sharpening", record("sharpening", pd.DataFrame({"x": [1]})))
    experiments.sharpening(CORPORA, (1.0, 2.0), "duc2007", cache=False)
    assert calls["sharpening"] == ((CORPORA, (1.0, 2.0), "duc2007"), {})
