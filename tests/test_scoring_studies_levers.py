"""The lever table's view on a table written by hand, its levers, and its figures by hand."""

from __future__ import annotations

import pandas as pd

from pyrabench.reports import levers as lever_reports
from pyrabench.scoring.studies import levers


def table():
    return pd.DataFrame([
        {"lever": "base", "f1 a→b": 0.70, "auc a→b": 0.8, "ece a→b": 0.01, "f1 b→a": 0.60, "auc b→a": 0.75,
         "ece b→a": 0.06,
         "PyrXSum f1": 0.66, "PyrXSum auc": 0.8, "PyrXSum ece": 0.05, "PyrXSum summary_r": 0.69,
         "PyrXSum summary_r_pooled": 0.5, "PyrXSum system_r": 0.98, "PyrXSum counted": 1.09, "PyrXSum present": 1.0},
        {"lever": "better", "f1 a→b": 0.66, "auc a→b": 0.9, "ece a→b": 0.05, "f1 b→a": 0.65, "auc b→a": 0.85,
         "ece b→a": 0.02,
         "PyrXSum f1": 0.64, "PyrXSum auc": 0.8, "PyrXSum ece": 0.051, "PyrXSum summary_r": 0.70,
         "PyrXSum summary_r_pooled": 0.5, "PyrXSum system_r": 0.979, "PyrXSum counted": 1.11, "PyrXSum present": 1.0},
    ])


def test_view_and_groups():
    view = lever_reports.lever_view(table())
    assert list(view.columns[:4]) == ["lever", "F1 a→b", "F1 b→a", "DUC ECE (worst)"]
    assert view["DUC ECE (worst)"].tolist() == [0.06, 0.05]
    assert view["DUC AUC (worst)"].tolist() == [0.75, 0.85]
    assert view["PyrXSum counted / present"].tolist() == ["1.09 / 1.00", "1.11 / 1.00"]
    grouped = lever_reports.lever_groups(view)
    assert list(dict.fromkeys(grouped.columns.get_level_values(0))) == [
        "SCU-set F1, fitted on → scored (DUC)", "over the DUC directions", "PyrXSum, fitted on DUC"]
    assert grouped[("PyrXSum, fitted on DUC", "counted / present")].tolist() == ["1.09 / 1.00", "1.11 / 1.00"]
    assert grouped.index.tolist() == view["lever"].tolist()


def test_every_lever_measures_features_some_group_computes():
    from pyrabench.scoring.scu_model import calibrated

    assert calibrated.group_names(levers.ALL_FEATURES)  # raises if a column has no group
    assert len({lever.name for lever in levers.LEVERS}) == len(levers.LEVERS)


def test_duc_figures_by_hand():
    """F1, AUC, ECE and the expected score's r with the manual one, per summary and per system."""
    import numpy as np
    import pytest

    # two topics × two peers × two SCUs (weights 2 and 1, ideal 3)
    frame = pd.DataFrame({"topic": np.repeat(["t1", "t2"], 4), "peer": np.tile(np.repeat(["a", "b"], 2), 2),
                          "annotator": "x", "weight": np.tile([2.0, 1.0], 4), "ideal": 3.0,
                          "y": [1, 0, 0, 1, 1, 1, 0, 0]})
    p = np.array([0.9, 0.2, 0.3, 0.95, 0.8, 0.7, 0.1, 0.3])
    got = levers.duc_figures(frame, p)
    assert got["auc"] == pytest.approx(1.0)  # every present SCU above every absent one
    # manual: t1 (2/3, 1/3), t2 (1, 0); expected: t1 (2.0/3, 1.55/3), t2 (2.3/3, 0.5/3): both topics agree in order (unweighted, t1 would not)
    assert got["summary_r"] == pytest.approx(1.0)
    # systems: manual a (5/6), b (1/6); expected a (4.3/6), b (2.05/6): two points, r = 1
    assert got["system_r"] == pytest.approx(1.0)
    assert got["f1"] == pytest.approx(1.0)  # round(Σp) most probable: exactly the marked ones
