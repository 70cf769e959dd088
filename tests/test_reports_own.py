"""Your summaries among the DUC systems: the placement table, the matched SCUs beside NIST's lead,
and the trust figures, on the sample (a lead scored against the sample's DUC 2007)."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data import corpora, scu_marked
from pyrabench.data.summaries import Summary
from pyrabench.reports import own as own_reports
from pyrabench.scoring import baselines
from pyrabench.scoring.auto import own
from pyrabench.scoring.manual import score_corpus


@pytest.fixture(scope="module")
def scored(sample_root):
    leads = baselines.lead_summaries("duc2007", sample_root)
    scores = own.score_summaries(leads, corpus="duc2007", data=sample_root, n_resamples=200)
    corpus = corpora.load_corpus("duc2007", sample_root)
    duc = own.score_summaries(own.peer_summaries(corpus), corpus="duc2007", data=sample_root, rouge=False,
                              n_resamples=200)
    return leads, scores, corpus, duc


def test_placement_sets_yours_beside_every_duc_system(scored):
    _, scores, corpus, duc_scores = scored
    table = own_reports.placement(scores, corpus, duc_scores)
    assert list(table.columns) == own_reports.PLACEMENT_COLUMNS
    manual = score_corpus(corpus).groupby("peer")["modified"].mean()
    duc = table[table["kind"] != "yours"].set_index("system")
    assert sorted(duc.index) == sorted(manual.index)
    np.testing.assert_allclose(duc.loc[manual.index, "manual"], manual.to_numpy())
    assert duc.loc["1", "kind"] == "NIST lead" and set(duc["kind"]) == {"NIST lead", "DUC"}
    lead = table.set_index("system").loc["lead"]
    assert lead["kind"] == "yours" and np.isnan(lead["manual"])
    assert lead["estimate"] == pytest.approx(scores.systems.set_index("system").loc["lead", "estimate"])
    assert list(table["rank"]) == sorted(table["rank"]) and table["rank"].iloc[0] == 1
    assert table["estimate"].is_monotonic_decreasing


def test_trust_figures_and_reading(scored):
    _, scores, corpus, duc_scores = scored
    table = own_reports.placement(scores, corpus, duc_scores)
    f = own_reports.trust(table, corpus, duc_scores, "lead", n_resamples=50)
    duc = table[table["kind"] != "yours"]
    assert f["systems"] == len(duc) and -1 <= f["system_r"] <= 1
    assert f["mean_error"] == pytest.approx((duc["estimate"] - duc["manual"]).abs().mean())
    assert 1 <= f["rank_high"] <= f["rank_low"] <= len(duc) + 1 and f["of"] == len(table)
    assert f["nist_lead"] == pytest.approx(duc.set_index("system").loc["1", "manual"])
    text = own_reports.trust_reading(f, "lead")
    assert f"{f['system_r']:.3f}" in text and f"{f['nist_lead']:.3f}" in text and "nan" not in text


def test_matched_view_sets_the_models_scus_beside_nists_lead(scored):
    _, scores, corpus, _ = scored
    view = own_reports.matched_view(scores, corpus, "D0701", "lead")
    listed = scores.explained()
    listed = listed[(listed["topic"] == "D0701") & (listed["system"] == "lead")]
    (nist,) = [p for p in corpus.peers if p.topic == "D0701" and p.peer_id == "1"]
    human = {s.scu_id for s in nist.scus if s.contributors}
    assert set(view.index[view["NIST lead"]]) == human and set(view.index) == set(listed["scu_id"]) | human
    assert list(view.columns) == ["label", "weight", "p", "evidence", "counted", "NIST lead"]
    assert view["p"].is_monotonic_decreasing
    mine = scores.scus[(scores.scus["topic"] == "D0701") & (scores.scus["system"] == "lead")].set_index("scu_id")
    assert (view["p"] == mine.loc[view.index, "p"]).all() and (view["counted"] == mine.loc[view.index, "counted"]).all()
    counts = own_reports.matched_counts(view)
    counted = set(mine.index[mine["counted"]])
    assert counts["auto"] == len(counted) and counts["human"] == len(human)
    assert counts["both"] == len(human & counted)


def test_placement_takes_the_duc_systems_estimates_and_intervals(scored):
    _, scores, corpus, duc = scored
    table = own_reports.placement(scores, corpus, duc)
    rows = table[table["kind"] != "yours"].set_index("system")
    theirs = duc.systems.set_index("system")
    np.testing.assert_allclose(rows.loc[theirs.index, "estimate_low"], theirs["estimate_low"])
    np.testing.assert_allclose(rows.loc[theirs.index, "estimate"], theirs["estimate"], atol=1e-12)
    fig = own_reports.plot_estimates(table)
    ax = fig.axes[0]
    labels = ax.get_legend_handles_labels()[1]
    assert "NIST's lead (peer 1)" in labels and "lead (estimate, no manual score)" in labels
    assert ax.get_xlabel().startswith("manual") and ax.get_ylabel().startswith("estimate")


def test_source_figures_and_lead_overlap(scored, sample_root):
    leads, _, corpus, _ = scored
    sources = scu_marked.load_documents("duc2007", sample_root)
    f = own_reports.source_figures(sources, leads)
    assert f["topics"] == 2 and f["documents"] == sum(len(c.documents) for c in sources.values())
    assert f["first_year"] <= f["last_year"] and f["lead_words"] > 0
    assert 0 <= own_reports.lead_overlap(leads, corpus) <= 1
    nist = [p for p in corpus.peers if p.peer_id == "1"]
    assert own_reports.lead_overlap([Summary(p.topic, "x", p.summary) for p in nist], corpus) == 1.0


def test_matching_reading_follows_the_counts():
    from pyrabench.reports.own import matching_reading

    text = matching_reading({"auto": 9, "human": 4, "both": 3}, 0.9, 0.2)
    assert "counts 9 SCUs, more than the 4" in text and "3 are in both" in text and "0.700 above the estimate" in text
    text = matching_reading({"auto": 2, "human": 4, "both": 2}, 0.15, 0.2)
    assert "fewer than the 4" in text and "0.050 below" in text
    assert "counts the 3 SCUs that the annotator found" in matching_reading({"auto": 3, "human": 3, "both": 3}, 0.2, 0.2)
    text = matching_reading({"auto": 3, "human": 3, "both": 1}, 0.2, 0.2)
    assert "as many as the 3" in text and "1 is in both" in text and "0.200, equal to the estimate" in text
    assert "counts 1 SCU, fewer than the 2" in matching_reading({"auto": 1, "human": 2, "both": 0}, 0.1, 0.2)
    assert "none is in both" in matching_reading({"auto": 1, "human": 2, "both": 0}, 0.1, 0.2)
