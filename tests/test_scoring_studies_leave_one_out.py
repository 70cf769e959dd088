"""Leave one domain out: the model users get, fitted on every other annotated domain."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import pandas as pd

from pyrabench.errors import PyrabenchError
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
        assert row["pairs"] == row["systems"] * (row["systems"] - 1) // 2
        for score in ("estimate", "rouge_2"):
            assert 0 <= row[f"decided_{score}"] <= 1
            decided = row[f"decided_{score}"] > 0
            assert (0 <= row[f"sure_wrong_{score}"] <= row[f"wrong_{score}"] <= 1) if decided else np.isnan(
                row[f"wrong_{score}"])
            # the same draws at 99 %: each interval holds the 95 % one, so a pair decided at 99 % is decided at 95 %
            assert row[f"strict_decided_{score}"] <= row[f"decided_{score}"]
    assert "error" not in table and "summary_pearson_token_recall" not in table


def test_lite_row_is_label_agreement(sample_root):
    domains = annotated(sample_root)
    model = scu_sets.fit(list(domains.corpora), lite=True)
    frame, rouge = leave_one_out.dataset_lite(domains.lite[0])
    row = leave_one_out.lite_row(model, frame, rouge, n_resamples=20)
    scus = model.scus(frame, ("topic", "system"), own_topics=False)
    p, y = scus["p"].to_numpy(), scus["y"].to_numpy()
    # two code paths to one figure, their sums in other orders: equal within rounding
    assert row["ece"] == pytest.approx(label_agreement.expected_calibration_error(p, y), rel=1e-12, abs=1e-15)
    assert row["summaries"] == 16
    assert row["counted"] == pytest.approx(scus.groupby(["topic", "system"])["counted"].sum().mean(), rel=1e-12)


def test_duc_lite_keeps_one_annotator_and_scores_rouge_per_view(sample_root):
    corpus = annotated(sample_root).corpora[0]
    twice = replace(corpus.peers[0], annotator="zz-second")  # a peer annotated twice, as DUC 2006 D0631's
    corpus = replace(corpus, peers=(*corpus.peers, twice))
    frame, rouge = leave_one_out.duc_lite(corpus)
    assert not frame.duplicated(["topic", "system", "scu_id"]).any() and "zz-second" not in set(frame["annotator"])
    assert set(map(tuple, frame[["topic", "system"]].drop_duplicates().to_numpy())) == set(
        map(tuple, rouge[["topic", "system"]].to_numpy()))
    assert rouge["rouge_2"].between(0, 1).all() and rouge["rouge_2"].gt(0).any()
    # each view carries the DUC topic it comes from: the system comparisons draw a topic's views together
    assert set(rouge["pyramid"]) == {p.topic for p in corpus.pyramids}
    assert all(t.startswith(f"{p}-") for t, p in zip(rouge["topic"], rouge["pyramid"]))


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


def _level(estimate, truth, low, high):
    return pd.DataFrame({"estimate": estimate, "truth": truth, "estimate_low": low, "estimate_high": high})


def test_domain_term_intervals_read_only_the_other_domains_level_errors():
    """Three lite domains: a's level error is +.3 (estimates .8, truths .5), b's -.05, c's +.02;
    a pyramids domain d alone. a's term is the largest of b's and c's, .05, so its intervals
    [.75, .85] widen to [.70, .90] and still miss .5; b's and c's term is a's .3, so theirs widen
    by .3 each side, cut to [0, 1]; d has no other pyramid domain: no term."""
    a = _level([0.8, 0.8], [0.5, 0.5], [0.75, 0.75], [0.85, 0.85])
    b = _level([0.45, 0.45], [0.5, 0.5], [0.4, 0.4], [0.48, 0.48])
    c = _level([0.52, 0.52], [0.5, 0.5], [0.45, 0.45], [0.9, 0.9])
    rows = [{"held_out": n, "view": v, "_summaries": f, "_systems": f.iloc[:1]}
            for n, v, f in (("a", "lite", a), ("b", "lite", b), ("c", "lite", c), ("d", "pyramids", b))]
    leave_one_out.domain_term_intervals(rows)
    assert [r["level_error"] for r in rows] == pytest.approx([0.3, -0.05, 0.02, -0.05])
    assert [r["domain_term"] for r in rows[:3]] == pytest.approx([0.05, 0.3, 0.3]) and np.isnan(rows[3]["domain_term"])
    assert rows[0]["summary_coverage_domain"] == 0.0 and rows[0]["summary_width_domain"] == pytest.approx(0.2)
    assert rows[1]["system_coverage_domain"] == 1.0 and rows[1]["system_width_domain"] == pytest.approx(0.68)
    assert rows[2]["summary_width_domain"] == pytest.approx(1.0 - 0.15)  # [.15, 1.2] cut at 1
    assert np.isnan(rows[3]["summary_coverage_domain"])
    assert rows[0]["system_error_low"] == rows[0]["system_error_high"] == pytest.approx(0.3)


def _table(view, cov, cov_domain, n=3):
    return pd.DataFrame({"held_out": [f"d{i}" for i in range(n)], "view": view, "level_error": [0.01, -0.03, 0.02][:n],
                         "system_error_low": -0.05, "system_error_high": 0.05, "domain_term": 0.03,
                         "summary_coverage": 0.95, "system_coverage": cov, "summary_coverage_domain": 0.97,
                         "system_coverage_domain": cov_domain, "summary_width_domain": 0.4,
                         "system_width_domain": 0.2, "summary_width": 0.3, "system_width": 0.1, "summaries": 100,
                         "systems": 10})


def test_foreign_evidence_backs_an_interval_only_where_the_model_alone_holds():
    held = leave_one_out.foreign_evidence(_table("pyramids", [1.0, 0.96, 0.9], [1.0, 1.0, 0.96]), "pyramids")
    assert held.backed and held.term == pytest.approx(0.03) and len(held.directions) == 3  # the largest |level error|
    # widened, every domain holds; unwidened, one misses: the term would carry the coverage alone
    lone = leave_one_out.foreign_evidence(_table("lite", [1.0, 0.7, 0.95], [1.0, 0.9, 1.0]), "lite")
    assert not lone.backed and lone.why == ("on d1 held out, 70.0 % of the systems' intervals held their truth, "
                                            "below 90 %")
    widened_miss = leave_one_out.foreign_evidence(_table("lite", 0.95, [1.0, 0.85, 1.0]), "lite")
    assert not widened_miss.backed and "systems' widened intervals" in widened_miss.why
    one = leave_one_out.foreign_evidence(_table("lite", 1.0, 1.0, n=1), "lite")
    assert not one.backed and one.why == "1 held-out domain seen as lite (it needs 2)"
    none = leave_one_out.foreign_evidence(_table("lite", 1.0, 1.0), "pyramids")
    assert not none.backed and np.isnan(none.term) and len(none.directions) == 0
    with pytest.raises(PyrabenchError, match="view"):
        leave_one_out.foreign_evidence(_table("lite", 1.0, 1.0), "both")


def test_the_table_has_the_domain_term_columns(sample_root):
    table = leave_one_out_table(annotated(sample_root), n_resamples=20)
    assert set(leave_one_out.DOMAIN_COLUMNS) <= set(table)
    for row in table.to_dict("records"):  # the term is the largest level error of the view's other rows
        others = table[(table["view"] == row["view"]) & (table["held_out"] != row["held_out"])]
        assert row["domain_term"] == pytest.approx(others["level_error"].abs().max())
        assert row["system_coverage_domain"] >= row["system_coverage"]  # wider intervals hold at least as many


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
