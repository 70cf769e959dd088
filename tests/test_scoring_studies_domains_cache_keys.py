"""The leave-one-domain-out and adaptation tables are keyed by every parameter they are computed
from: each one changed in turn is a new entry, the same call is a hit. Corpora are stood in for by
their content keys, lite datasets by theirs."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.scu_model.domains import Domains
from pyrabench.scoring.studies import adaptation, leave_one_out


@pytest.fixture
def keyed(monkeypatch, cache_key_check):
    for module in (adaptation, leave_one_out):
        monkeypatch.setattr(module, "corpus_key", lambda corpus: f"content of {corpus}")
    monkeypatch.setattr(leave_one_out, "content_key", lambda d: f"content of {d}")
    monkeypatch.setattr(scu_sets, "dataset_key", lambda d: f"content of {d}")
    return cache_key_check


def test_leave_one_out_table_key(keyed):
    intercept, check = keyed
    intercept(leave_one_out, "cached_frame", "domains")
    fn = leave_one_out.leave_one_out_table
    a, b, c = (NS(name=n) for n in ("duc2006", "duc2007", "duc2007-update"))
    lite, other = NS(folder=NS(name="pyrxsum")), NS(folder=NS(name="other"))
    check(fn, fn, {"domains": Domains((a, b), (lite,))},
          {"domains": [Domains((a, c), (lite,)), Domains((a, b), (other,)), Domains((a, b), ())],
           "n_resamples": [11], "seed": [1]})


def test_adaptation_table_key(keyed):
    intercept, check = keyed
    intercept(adaptation, "cached_frame")
    fn = adaptation.adaptation_table
    check(fn, fn, {"duc": {"duc2006": "A"}},
          {"duc": [{"duc2006": "B"}, {"duc2007": "A"}], "dataset": ["L"], "lite_name": ["another"],
           "ns": [(10,)], "seeds": [(0,)], "n_resamples": [11], "prior_examples": [5.0],
           "prior_scale": [float("inf")], "stratify": [False]})
