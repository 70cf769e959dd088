"""Leave one domain out: the model users get, fitted on every other annotated domain."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import pandas as pd

from pyrabench.scoring.scu_model import label_agreement, scu_sets
from pyrabench.scoring.scu_model.domains import annotated
from pyrabench.scoring.studies import leave_one_out
from pyrabench.scoring.studies.leave_one_out import TARGETS, leave_one_out_table, targets_met


def test_every_domain_held_out_as_pyramids_and_lite(sample_root, monkeypatch):
    trained = []
    fit = scu_sets.fit

    def spy(corpora, *args, **kwargs):
        trained.append((tuple(c.name for c in corpora), tuple(d.folder.name for d in kwargs.get("lite_data", ()))))
        return fit(corpora, *args, **kwargs)

    monkeypatch.setattr(scu_sets, "fit", spy)
    domains = annotated(sample_root)
    table = leave_one_out_table(domains, n_resamples=20, cache=False)
    assert list(zip(table["held_out"], table["view"])) == [
        ("duc2006", "pyramids"), ("duc2006", "lite"), ("duc2007", "pyramids"), ("duc2007", "lite"),
        ("duc2007-update", "pyramids"), ("duc2007-update", "lite"), ("lite", "lite")]
    assert trained == [(("duc2007", "duc2007-update"), ("lite",)), (("duc2006", "duc2007-update"), ("lite",)),
                       (("duc2006", "duc2007"), ("lite",)), (("duc2006", "duc2007", "duc2007-update"), ())]
    for row in table.to_dict("records"):
        assert row["held_out"] not in row["fitted_on"].split(" + ")
        assert 0 <= row["ece"] <= 1 and 0.5 < row["auc"] <= 1 and 0 < row["units_f1"] <= 1
        assert 0 <= row["system_coverage"] <= 1 and np.isfinite(row["system_pearson_rouge_2"])
    assert "error" not in table and "summary_pearson_token_recall" not in table


def test_lite_row_is_label_agreement(sample_root):
    domains = annotated(sample_root)
    model = scu_sets.fit(list(domains.corpora), lite=True)
    frame, rouge = leave_one_out.dataset_lite(domains.lite[0])
    row = leave_one_out.lite_row(model, frame, rouge, n_resamples=20)
    scus = model.scus(frame, ("topic", "system"), own_topics=False)
    p, y = scus["p"].to_numpy(), scus["y"].to_numpy()
    # the row's ECE sums its bins in another order: equal to 1e-12
    assert row["ece"] == pytest.approx(label_agreement.expected_calibration_error(p, y), rel=1e-12)
    assert row["summaries"] == 16
    assert row["counted"] == scus.groupby(["topic", "system"])["counted"].sum().mean()


def test_duc_lite_keeps_one_annotator_and_scores_rouge_per_view(sample_root):
    corpus = annotated(sample_root).corpora[0]
    twice = replace(corpus.peers[0], annotator="zz-second")  # a peer annotated twice, as DUC 2006 D0631's
    corpus = replace(corpus, peers=(*corpus.peers, twice))
    frame, rouge = leave_one_out.duc_lite(corpus)
    assert not frame.duplicated(["topic", "system", "scu_id"]).any() and "zz-second" not in set(frame["annotator"])
    assert set(map(tuple, frame[["topic", "system"]].drop_duplicates().to_numpy())) == set(
        map(tuple, rouge[["topic", "system"]].to_numpy()))
    assert rouge["rouge_2"].between(0, 1).all() and rouge["rouge_2"].gt(0).any()


def test_targets():
    good = {"ece": TARGETS["ece"], "units_f1": 0.7, "summary_coverage": 0.95, "system_coverage": 0.9,
            "summary_pearson_estimate": 0.66, "summary_pearson_rouge_2": 0.55, "system_pearson_estimate": 0.9,
            "system_pearson_rouge_2": 0.9, "system_kendall_estimate": 0.8, "system_kendall_rouge_2": 0.7}
    assert all(targets_met(good).values())
    assert targets_met({**good, "ece": 0.051})["ece"] is False
    assert targets_met({**good, "summary_pearson_token_recall": 0.57})["summary r"] is False
    assert targets_met({**good, "system_kendall_estimate": 0.69})["system τ"] is False
    assert targets_met({**good, "system_coverage": np.nan})["system coverage"] is False
    assert set(targets_met(pd.Series(good))) == {"ece", "units F1", "summary coverage", "system coverage",
                                                  "summary r", "system r", "system τ"}


def test_pooled_system_intervals_read_only_the_other_domains_errors():
    def systems(estimate, truth):
        return pd.DataFrame({"estimate": estimate, "truth": truth})

    n = 30
    small = systems(np.full(n, 0.5), np.full(n, 0.49))  # errors .01
    big = systems(np.full(n, 0.5), np.linspace(0.1, 0.3, n))  # errors .2 to .4
    rows = [{"held_out": "a", "view": "lite", "_systems": big}, {"held_out": "b", "view": "lite", "_systems": small},
            {"held_out": "c", "view": "pyramids", "_systems": small}]
    leave_one_out.pooled_system_intervals(rows)
    assert rows[0]["system_coverage_pooled"] == 0.0  # a's own errors are not read: .01 from b
    assert rows[0]["system_width_pooled"] == pytest.approx(0.02)
    assert rows[1]["system_coverage_pooled"] == 1.0 and rows[1]["system_width_pooled"] > 0.5
    assert np.isnan(rows[2]["system_coverage_pooled"])  # no other pyramid domain: no errors to read


def _systems(estimate, truth):
    return pd.DataFrame({"estimate": np.asarray(estimate, dtype=float), "truth": np.asarray(truth, dtype=float)})


def test_pooled_system_intervals_read_the_size_of_negative_errors():
    # domain b under-estimates every one of its 39 systems by .2 (estimate − truth = −.2): the
    # absolute errors are all .2, the ⌈40 · .95⌉ = 38th of them .2, so a's interval is .5 ± .2
    # and holds its truth .65 (coverage 1, width .4); signed errors would give .5 ± (−.2), empty
    rows = [{"held_out": "a", "view": "lite", "_systems": _systems([0.5], [0.65])},
            {"held_out": "b", "view": "lite", "_systems": _systems(np.full(39, 0.5), np.full(39, 0.7))}]
    leave_one_out.pooled_system_intervals(rows)
    assert rows[0]["system_coverage_pooled"] == 1.0
    assert rows[0]["system_width_pooled"] == pytest.approx(0.4)


@pytest.mark.parametrize("n, q", [(30, 0.30), (18, None)])
def test_pooled_conformal_rank_is_the_ceiling(n, q):
    # errors .01, .02, …, n/100 in domain b. n = 30: (30 + 1) · .95 = 29.45, rank ⌈29.45⌉ = 30, the
    # 30th error .30 (rounding would take the 29th, .29); a's system is off by .295, inside .5 ± .30
    # only. n = 18: 19 · .95 = 18.05, rank 19 > 18 errors: no interval (rounding would take the 18th)
    errors = np.arange(1, n + 1) / 100
    rows = [{"held_out": "a", "view": "pyramids", "_systems": _systems([0.5], [0.795])},
            {"held_out": "b", "view": "pyramids", "_systems": _systems(0.5 + errors, np.full(n, 0.5))}]
    leave_one_out.pooled_system_intervals(rows)
    if q is None:
        assert np.isnan(rows[0]["system_coverage_pooled"]) and np.isnan(rows[0]["system_width_pooled"])
    else:
        assert rows[0]["system_coverage_pooled"] == 1.0
        assert rows[0]["system_width_pooled"] == pytest.approx(2 * q)
