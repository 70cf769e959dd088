"""Your systems among the DUC systems: the placement table, the trust figures, the matched SCUs
beside NIST's lead and the lead overlap; exact figures from tables and texts made here, and the
whole on the sample (a lead scored against the sample's DUC 2007)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from pyrabench.data import corpora, scu_marked
from pyrabench.data.summaries import Summary
from pyrabench.scoring import baselines
from pyrabench.scoring.manual import score_corpus
from pyrabench.scoring.own import placement, summaries as own


def _table() -> pd.DataFrame:
    return placement.rank_by_estimate(pd.DataFrame({
        "system": ["c", "me", "a", "b"], "kind": ["DUC", "yours", "DUC", "NIST lead"],
        "manual": [0.1, np.nan, 0.5, 0.3], "estimate": [0.2, 0.33, 0.4, 0.35],
        "estimate_low": [np.nan, 0.25, np.nan, np.nan], "estimate_high": [np.nan, 0.45, np.nan, np.nan]}))


def test_rank_by_estimate_ranks_best_first_ties_sharing_the_best_rank():
    table = _table()
    assert list(table["system"]) == ["a", "b", "me", "c"] and list(table["rank"]) == [1, 2, 3, 4]
    tied = placement.rank_by_estimate(pd.DataFrame({"system": ["y", "x", "z"], "estimate": [0.5, 0.5, 0.1]}))
    assert list(tied["system"]) == ["x", "y", "z"] and list(tied["rank"]) == [1, 1, 3]


def test_manual_rank_counts_the_scores_above():
    assert placement.manual_rank([0.5, 0.3, 0.1], 0.45) == 2
    assert placement.manual_rank([0.5, 0.3, 0.1], 0.6) == 1
    assert placement.manual_rank([0.5, 0.3, 0.1], 0.3) == 2  # a tie takes the better rank
    assert placement.manual_rank([0.5, 0.3, 0.1], 0.0) == 4


def test_trust_figures_exact_from_a_table_made_here():
    f = placement.trust_figures(_table(), "me", {"n": 3, "pearson": 0.9, "ci": {"pearson": [0.5, 0.99]}})
    assert f == pytest.approx({
        "systems": 3, "system_r": 0.9, "system_r_low": 0.5, "system_r_high": 0.99,
        "mean_error": 0.25 / 3, "max_error": 0.1, "estimate": 0.33, "low": 0.25, "high": 0.45,
        "rank": 3, "of": 4, "rank_high": 2, "rank_low": 3, "nist_lead": 0.3, "nist_lead_estimate": 0.35})
    failed = placement.trust_figures(_table(), "me", {"error": "constant"})
    assert np.isnan(failed["system_r"]) and np.isnan(failed["system_r_low"]) and failed["systems"] == 3


def _corpus():
    peer = lambda topic, peer_id, summary: SimpleNamespace(topic=topic, peer_id=peer_id, summary=summary)  # noqa: E731
    return SimpleNamespace(name="duc2007", peers=[peer("D1", "1", "The cat sat on the mat."), peer("D1", "7", "A hat."),
                                                  peer("D2", "1", "Dogs bark.")])


def test_lead_overlap_exact_from_texts_made_here():
    assert placement.word_overlap("The cat sat on a hat.", "The cat sat on the mat.") == pytest.approx(4 / 6)
    assert placement.word_overlap("", "anything") == 0
    leads = [Summary("D1", "x", "The cat sat on a hat."), Summary("D2", "x", "Dogs bark loudly."),
             Summary("D3", "x", "No lead here.")]
    assert placement.lead_overlap(leads, _corpus()) == pytest.approx((4 / 6 + 2 / 3) / 2)
    assert placement.lead_overlap(leads[:1], _corpus()) == pytest.approx(4 / 6)
    assert np.isnan(placement.lead_overlap(leads[2:], _corpus()))
    assert np.isnan(placement.lead_overlap(leads, SimpleNamespace(name="tac2008", peers=_corpus().peers)))


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
    table = placement.placement(scores, corpus, duc_scores)
    assert list(table.columns) == placement.PLACEMENT_COLUMNS
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


def test_trust_is_the_system_level_agreement_of_the_duc_systems_as_text(scored):
    _, scores, corpus, duc_scores = scored
    table = placement.placement(scores, corpus, duc_scores)
    f = placement.trust(table, corpus, duc_scores, "lead", n_resamples=50)
    duc = table[table["kind"] != "yours"]
    assert f["systems"] == len(duc) and -1 <= f["system_r"] <= 1
    assert f["mean_error"] == pytest.approx((duc["estimate"] - duc["manual"]).abs().mean())
    assert 1 <= f["rank_high"] <= f["rank_low"] <= len(duc) + 1 and f["of"] == len(table)
    assert f["nist_lead"] == pytest.approx(duc.set_index("system").loc["1", "manual"])


def test_matched_view_sets_the_models_scus_beside_nists_lead(scored):
    _, scores, corpus, _ = scored
    view = placement.matched_view(scores, corpus, "D0701", "lead")
    listed = scores.explained()
    listed = listed[(listed["topic"] == "D0701") & (listed["system"] == "lead")]
    (nist,) = [p for p in corpus.peers if p.topic == "D0701" and p.peer_id == "1"]
    human = {s.scu_id for s in nist.scus if s.contributors}
    assert set(view.index[view["NIST lead"]]) == human and set(view.index) == set(listed["scu_id"]) | human
    assert list(view.columns) == ["label", "weight", "p", "evidence", "counted", "NIST lead"]
    assert view["p"].is_monotonic_decreasing
    mine = scores.scus[(scores.scus["topic"] == "D0701") & (scores.scus["system"] == "lead")].set_index("scu_id")
    assert (view["p"] == mine.loc[view.index, "p"]).all() and (view["counted"] == mine.loc[view.index, "counted"]).all()
    counts = placement.matched_counts(view)
    counted = set(mine.index[mine["counted"]])
    assert counts["auto"] == len(counted) and counts["human"] == len(human)
    assert counts["both"] == len(human & counted)


def test_placement_takes_the_duc_systems_estimates_and_intervals(scored):
    _, scores, corpus, duc = scored
    table = placement.placement(scores, corpus, duc)
    rows = table[table["kind"] != "yours"].set_index("system")
    theirs = duc.systems.set_index("system")
    np.testing.assert_allclose(rows.loc[theirs.index, "estimate_low"], theirs["estimate_low"])
    np.testing.assert_allclose(rows.loc[theirs.index, "estimate"], theirs["estimate"], atol=1e-12)


def test_source_figures_and_lead_overlap_on_the_sample(scored, sample_root):
    leads, _, corpus, _ = scored
    sources = scu_marked.load_documents("duc2007", sample_root)
    f = placement.source_figures(sources, leads)
    assert f["topics"] == 2 and f["documents"] == sum(len(c.documents) for c in sources.values())
    assert f["lead_words"] == pytest.approx(np.mean([len(s.text.split()) for s in leads]))
    nist = [p for p in corpus.peers if p.peer_id == "1"]
    assert placement.lead_overlap([Summary(p.topic, "x", p.summary) for p in nist], corpus) == 1.0
