"""The studies' cached tables (levers, transfer) are keyed by every parameter they are computed
from: each one changed in turn is a new entry, the same call is a hit. Corpora are stood in for
by their content keys; the lite dataset is a real one, written here."""

from __future__ import annotations

import pytest

from pyrabench.data.lite_pyramids import read_dataset
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.studies import levers, transfer

DUC = {"duc2006": "A"}
#: another content under the same name, and the same content under another name (a column label)
OTHER = [{"duc2006": "B"}, {"duc2007": "A"}]


def _dataset(folder, units="A bridge opened.\tIt cost a lot.\n", summary="a bridge opened .\n", label="1\t0\n"):
    for name, text in (("SCUs.txt", units), ("summaries/s.summary", summary), ("labels/s.label", label)):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return read_dataset(folder)


@pytest.fixture
def datasets(tmp_path):
    """A lite dataset, and three that differ from it in one thing each: a unit, a summary, a label."""
    return (_dataset(tmp_path / "base"),
            [_dataset(tmp_path / "units", units="A bridge opened.\tIt cost little.\n"),
             _dataset(tmp_path / "summary", summary="a bridge closed .\n"),
             _dataset(tmp_path / "label", label="1\t1\n")])


@pytest.fixture
def keyed(monkeypatch, cache_key_check):
    for module in (levers, transfer):
        monkeypatch.setattr(module, "corpus_key", lambda corpus: f"content of {corpus}")
    return cache_key_check


def test_lever_table_key(keyed, datasets):
    intercept, check = keyed
    intercept(levers, "cached_frame", "levers")
    base, others = datasets
    fn = levers.lever_table
    check(fn, fn, {"duc": DUC}, {"duc": OTHER, "dataset": [base, *others], "levers": [levers.LEVERS[:1]],
                                  "lite_name": ["another"]})
    check(fn, fn, {"duc": DUC, "dataset": base}, {"duc": OTHER, "dataset": [None, *others],
                                                  "levers": [levers.LEVERS[:1]], "lite_name": ["another"]})


def test_lite_agreement_key(keyed, datasets):
    intercept, check = keyed
    intercept(levers, "cached_frame", "levers")
    base, others = datasets
    fn = levers.lite_agreement
    # the corpora's names label nothing here: only their content (and order) is fitted on
    check(fn, fn, {"duc": DUC, "dataset": base},
          {"duc": [OTHER[0], {"duc2006": "A", "duc2007": "B"}], "dataset": others,
           "features": [scu_sets.FEATURES[:1]], "n_resamples": [11], "seed": [1]})


def test_transfer_and_within_table_keys(keyed):
    intercept, check = keyed
    intercept(transfer, "cached_frame", "transfer")
    check(transfer.transfer_table, transfer.transfer_table, {"corpora": DUC},
          {"corpora": OTHER, "pooled": [False], "n_resamples": [11], "seed": [1]})
    check(transfer.within_table, transfer.within_table, {"corpora": DUC},
          {"corpora": OTHER, "n_resamples": [11], "seed": [1]})
