"""The user's threshold and the SCU model fitted for them are cached by what they are computed from."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from pyrabench.scoring.own import calibration


@pytest.fixture
def keyed(monkeypatch, cache_key_check):
    monkeypatch.setattr(calibration, "corpus_key", lambda corpus: f"content of {corpus}")
    return cache_key_check


def _sim(name="uni", texts=None, sentences=None, dimensions=None):
    return NS(name=name, training_texts=texts, training_sentences=sentences, dimensions=dimensions)


def test_corpus_threshold_key(keyed):
    intercept, check = keyed
    intercept(calibration, "cached_frame", "thresholds")
    fn = calibration.corpus_threshold
    check(fn, fn, {"ref": "A", "sim": _sim()},
          {"ref": ["B"], "sim": [_sim("lsa"), _sim(texts=100), _sim(sentences=7), _sim(dimensions=50)],
           "combine": ["mean"], "seed": [1]})


def test_calibration_key(keyed):
    intercept, check = keyed
    intercept(calibration, "cached")
    check(calibration.calibration, calibration.calibration, {"ref": "A"}, {"ref": ["B"]})


def test_default_calibration_key(keyed, monkeypatch):
    """The default model's entry follows the domains a data root holds: each corpus's content
    and each labelled lite dataset's (name and content)."""
    from pyrabench.scoring.scu_model.domains import Domains

    roots = {"base": Domains((NS(name="duc2006", peers=(1,)),), ()),
             "other corpus": Domains((NS(name="duc2007", peers=(1,)),), ()),
             "with lite": Domains((NS(name="duc2006", peers=(1,)),), ("pyrxsum",))}
    monkeypatch.setattr(calibration, "annotated", lambda root: roots[root])
    monkeypatch.setattr(calibration, "content_key", lambda d: f"content of {d}")
    intercept, check = keyed
    intercept(calibration, "cached")
    check(calibration.default_calibration, calibration.default_calibration, {"root": "base"},
          {"root": ["other corpus", "with lite"]})
