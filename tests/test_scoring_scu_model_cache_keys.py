"""The SCU model's cached frames (a feature group's columns, the automated scores of a variant,
the SCU-set evidence, the lite and labelled frames) are keyed by every parameter they are
computed from: each one changed in turn is a new entry, the same call is a hit."""

from __future__ import annotations

import pandas as pd
import pytest

from pyrabench.data.lite_pyramids import read_dataset
from pyrabench.scoring.scu_model import calibrated, scu_sets, variants


@pytest.fixture
def keyed(monkeypatch, cache_key_check):
    for module in (calibrated, variants, scu_sets):
        monkeypatch.setattr(module, "corpus_key", lambda corpus: f"content of {corpus}")
    return cache_key_check


def test_group_frame_key(keyed):
    intercept, check = keyed
    intercept(calibrated, "cached_frame", "features")
    fn = calibrated.group_frame
    check(fn, fn, {"corpus": "A", "group": "lexical"},
          {"corpus": ["B"], "group": ["consistency", "similarity:uni", "similarity:lsa"], "convention": ["sacrerouge"]})


def test_auto_frame_key(keyed):
    intercept, check = keyed
    intercept(variants, "cached_frame", "auto")
    fn = variants.auto_frame
    check(fn, fn, {"corpus": "A"}, {"corpus": ["B"], "name": ["recall-cal", "2013-uni"], "folds": [3]})


def test_corpus_frame_evidence_key(keyed, monkeypatch):
    intercept, check = keyed
    intercept(scu_sets, "cached_frame", "features")
    monkeypatch.setattr(variants, "features", lambda corpus, cache=True, columns=(): pd.DataFrame())
    fn = scu_sets.corpus_frame
    check(fn, fn, {"corpus": "A"}, {"corpus": ["B"]})


def test_lite_frame_key(keyed):
    intercept, check = keyed
    intercept(scu_sets, "cached_frame", "features")
    fn = scu_sets.lite_frame
    check(fn, fn, {"corpus": "A"}, {"corpus": ["B"], "features": [scu_sets.FEATURES[:3], calibrated.LEXICAL]})


def _dataset(folder, units="A bridge opened.\tIt cost a lot.\n", summary="a bridge opened .\n", label="1\t0\n"):
    for name, text in (("SCUs.txt", units), ("summaries/s.summary", summary), ("labels/s.label", label)):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return read_dataset(folder)


def test_labelled_frame_key(keyed, tmp_path):
    intercept, check = keyed
    intercept(scu_sets, "cached_frame", "features")
    fn = scu_sets.labelled_frame
    others = [_dataset(tmp_path / "units", units="A bridge opened.\tIt cost little.\n"),
              _dataset(tmp_path / "summary", summary="a bridge closed .\n"),
              _dataset(tmp_path / "label", label="1\t1\n")]
    check(fn, fn, {"dataset": _dataset(tmp_path / "base")},
          {"dataset": others, "features": [scu_sets.FEATURES[:3], calibrated.LEXICAL]})
