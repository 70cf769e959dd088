"""Leave one domain out: the model users get, fitted on every other annotated domain."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import pandas as pd

from pyrabench.scoring.scu_model import label_agreement, scu_sets
from pyrabench.scoring.scu_model.domains import annotated
from pyrabench.scoring.studies import leave_one_out
from pyrabench.scoring.studies.leave_one_out import leave_one_out_table


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
    # the same ECE over the rows in another order: equal up to the order of the sums
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
