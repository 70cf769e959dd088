"""WMF's book tables: the corpus, the 2012 row beside weiwei-run1, agreement with the 2013 sets."""

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from pyrabench.published import WEIWEI_RUN1_2012, WMF_INDEPENDENT_CHECK
from pyrabench.reports import wmf as reports
from pyrabench.scoring.recipe2013 import reference


def _year(offset):
    datasets = [SimpleNamespace(name=n, pearson=v + offset) for n, v in WEIWEI_RUN1_2012.datasets.items()]
    return {"2012": SimpleNamespace(datasets=datasets, mean=WEIWEI_RUN1_2012.mean + offset,
                                    all=WEIWEI_RUN1_2012.all + offset, allnorm=WEIWEI_RUN1_2012.allnorm + offset)}


def test_beside_weiwei_and_its_reading():
    table = reports.beside_weiwei(_year(0.01), **{"seed 1": _year(0.015)})
    assert list(table.index) == [*WEIWEI_RUN1_2012.datasets, "Mean", "ALL", "ALLnorm"]
    np.testing.assert_allclose(table["difference"], 0.01)
    np.testing.assert_allclose(table["seed 1"] - table["WMF here"], 0.005)
    text = reports.weiwei_reading(table, seed_column="seed 1")
    assert "(+0.0100, within 0.02)" in text and "5 of 5 datasets are within 0.03" in text
    assert "moves the datasets by up to 0.0050" in text
    far = reports.beside_weiwei(_year(-0.05))
    assert "outside 0.02" in reports.weiwei_reading(far) and "0 of 5" in reports.weiwei_reading(far)


def test_corpus_table_puts_the_independent_check_beside_ours():
    emb = SimpleNamespace(sources=[("WordNet 3.0", 3), ("Brown", 2)],
                          model=SimpleNamespace(corpus={"texts": 5, "stems": 4, "stems_before_rule": 7, "nonzeros": 9}))
    t = reports.corpus_table(emb)
    assert t["here"].tolist() == [3, 2, 5, 7, 4, 9]
    assert t.loc["texts", "independent check"] == WMF_INDEPENDENT_CHECK["texts"]


def test_agreement_summary_and_reading():
    agreement = pd.DataFrame({
        "similarity": ["lsa", "lsa", "wmf-aug", "wmf-aug"], "similarity_2013": ["aug"] * 4,
        "combine": ["max", "min", "max", "min"], "level": [1, 2, 1, 2], "jaccard": [0.5, 0.6, 0.7, 0.8]})
    table = pd.DataFrame({"similarity": ["lsa", "wmf-aug"], "pearson": [0.8, 0.9]})
    table_2013 = pd.DataFrame({"similarity": ["aug"], "pearson": [0.85]})
    s = reference.agreement_summary(agreement, table, table_2013)
    assert s.loc[("wmf-aug", "aug"), "mean Jaccard"] == pytest.approx(0.75)
    assert s.loc[("lsa", "aug"), "at"] == "min, level 2"
    assert s.loc[("wmf-aug", "aug"), "best Pearson, 2013"] == 0.85
    assert "reproduced better by `wmf-aug` (0.800) than by LSA (0.600)" in reports.agreement_reading(s)


def test_thresholds_beside_2013():
    ths = pd.DataFrame({"similarity": ["wmf"] * 2 + ["lsa"], "combine": ["max"] * 3, "threshold": [0.6, 0.5, 0.1]})
    theirs = pd.DataFrame({"similarity": ["cos"] * 3 + ["aug"], "combine": ["max"] * 4,
                           "threshold": [0.55, 0.62, 0.55, 0.7]})
    t = reports.thresholds_beside_2013(ths, theirs)
    assert list(t.index) == [("max", "wmf"), ("max", "2013 cos")]
    assert t.loc[("max", "wmf")].tolist() == [0.5, 0.6] and t.loc[("max", "2013 cos")].tolist() == [0.55, 0.62]
