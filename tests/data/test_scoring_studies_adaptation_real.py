"""The adaptation table on the real lite data: every direction is there, the adapted rows are
measured on the examples not drawn, and the unadapted row is the model's own figures (not that
they reach a target).

Time: about 3 minutes with the features cached and the table cold on 2 loaded cores; seconds warm."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.studies import adaptation
from pyrabench.scoring.studies.levers import lite_dataset

pytestmark = pytest.mark.data

DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(scope="module")
def table(real_data):
    dataset = lite_dataset(real_data)
    if dataset is None:
        pytest.skip("no labelled lite dataset in the data root")
    return adaptation.adaptation_table({n: load_corpus(n, real_data) for n in DUC}, dataset), dataset


def test_every_direction_and_method(table):
    t, dataset = table
    assert "error" not in t or t["error"].isna().all()
    assert list(dict.fromkeys(t["scored"])) == [*DUC, "PyrXSum"]
    for _, g in t.groupby("scored"):
        assert set(g["method"]) == {"none", "label shift", *(f"adapt {n}" for n in adaptation.NS)}
        assert (g.groupby("method").size().drop(["none", "label shift"]) == len(adaptation.SEEDS)).all()


def test_adapted_rows_are_measured_on_the_other_examples(table):
    t, dataset = table
    lite = t[t["scored"] == "PyrXSum"].set_index("method")
    n_examples, n_systems = len(dataset.units), dataset.labels["system"].nunique()
    assert lite.loc["none", "examples"] == n_examples and lite.loc["none", "summaries"] == n_examples * n_systems
    for n in adaptation.NS:
        rows = lite.loc[[f"adapt {n}"]]
        assert (rows["examples"] == n_examples - n).all() and (rows["summaries"] == (n_examples - n) * n_systems).all()
    duc = t[(t["scored"] == "duc2006") & t["method"].str.startswith("adapt")]
    whole = t[(t["scored"] == "duc2006") & (t["method"] == "none")]["examples"].iloc[0]
    assert ((whole - duc["examples"]) % 4 == 0).all() and (whole - duc["examples"] >= duc["n"]).all()  # whole topics out


def test_the_unadapted_ece_is_the_models(table):
    t, _ = table
    none = t[t["method"] == "none"].set_index("scored")
    assert np.isfinite(none["ece"]).all() and (none["ece"] < 0.2).all()
