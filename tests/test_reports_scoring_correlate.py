"""The scoring chapter's convention, correlation and variant views on the bundled sample:
shapes, no NaN cells (the 2013 figures are in ``test_reports_scoring.py``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.reports import scoring as reports
from pyrabench.scoring.auto import variants

pytest.importorskip("rouge_score")
pytest.importorskip("sklearn")


@pytest.fixture(scope="module")
def duc(sample_root):
    return {n: load_corpus(n, sample_root) for n in ("duc2006", "duc2007")}


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))


def test_convention_tables(duc):
    peer = reports.example_peer(duc)
    assert (peer.topic, peer.peer_id) == ("D0601", "1")
    ex = reports.convention_example(peer)
    assert list(ex.index) == ["nist", "sacrerouge"]
    assert (ex["modified"] == ex["D"] / ex["Max(A)"]).all()
    changes = reports.convention_changes_table(duc)
    assert list(changes.index) == ["duc2006", "duc2007", "all"]
    assert changes.loc["all", "peers"] == sum(len(c.peers) for c in duc.values())


def test_correlation_views_have_no_nan(duc):
    results = reports.correlation_results(duc, n_resamples=30)
    view = reports.correlations_view(results)
    assert view.shape == (8, 4) and not view.isna().any().any()
    table = reports.correlation_table(results["duc2006"])
    assert not table.isna().any().any() and set(table["level"]) == {"summary", "system"}
    numbers = reports.headline_numbers(results)
    assert set(numbers) >= {"duc2006_auto_summary", "duc2007_rouge_2_system"}


def test_error_rows_keep_the_reason():
    result = {"reference": "modified", "levels": {"summary": {"x": {"error": "needs an extra"}}, "system": {}}}
    table = reports.correlation_table(result)
    assert table.loc[0, "note"] == "needs an extra" and not table.isna().any().any()


def test_variants_view_and_figures(duc):
    table = variants.variant_table(duc, ["recall-raw", "lex"], n_resamples=30)
    view = reports.variants_view(table)
    assert list(view.index.get_level_values("variant")) == ["rouge_2", "recall-raw", "lex"]
    assert not view.isna().any().any()
    systems = reports.system_frame(duc)
    assert set(systems["corpus"]) == set(duc) and {"modified", "auto", "rouge_2"} <= set(systems.columns)
    assert reports.plot_system_scatter(systems) is not None
    assert reports.plot_agreement(pd.DataFrame()) is not None
    assert reports.agreement_view(pd.DataFrame()).iloc[0, 0].startswith("no peer")


# --------------------------------------------------------------------------- NIST's judgments (sample)


@pytest.fixture(scope="module")
def judged(sample_root):
    from pyrabench.data.corpora import load_corpus

    duc = {n: load_corpus(n, sample_root) for n in ("duc2006", "duc2007", "duc2007-update")}
    return duc, reports.judgment_results(duc, metrics=("modified", "rouge_2"), n_resamples=50,
                                         pairs={"responsiveness": (("modified", "rouge_2"),)},
                                         joint_pairs={"responsiveness": (("modified", "rouge_2"),)})


def test_agreement_table_finds_the_planted_differences(judged):
    duc, _ = judged
    table, off = reports.nist_agreement(duc)
    assert table.xs("nist", level="convention")["agree"].tolist() == [11, 8, 11]
    nist = off[off["convention"] == "nist"]
    assert nist[["corpus", "topic", "peer"]].values.tolist() == [["duc2006", "D0603", "22"], ["duc2007-update", "D0706-A", "36"]]
    assert reports.nist_figure(duc, reports.example_peer(duc, "D0601", "1")) == pytest.approx(
        round(reports.score_peer(reports.example_peer(duc, "D0601", "1")).modified, 4))


def test_judgment_tables_on_the_sample(judged):
    duc, results = judged
    assert list(results["duc2006"]) == ["modified", "responsiveness", "lq:Q1", "lq:Q2", "lq:Q3", "lq:Q4", "lq:Q5"]
    assert list(results["duc2007-update"]) == ["modified", "responsiveness"]
    wide = reports.judgment_view(results)
    assert ("system", "responsiveness") in wide.columns
    assert np.isnan(wide.loc[("duc2007-update", "rouge_2"), ("summary", "lq:Q1")])
    ceiling = reports.ceiling_view(results)
    assert (ceiling.xs("modified", level="metric")["− modified"] == 0).all()
    tests = reports.paired_view(results)
    assert set(tests.index.get_level_values("level")) == {"summary", "system"}
    assert list(tests.columns.get_level_values(0).unique()) == list(results)
    p = tests.xs("p", axis=1, level=1).stack()
    assert len(p) and ((p > 0) & (p <= 1)).all()
    cov = reports.judgment_coverage(duc)
    assert cov.loc["duc2006", "judged"] == cov.loc["duc2006"].iloc[1:5].sum()
    numbers = reports.judgment_numbers(results)
    assert "duc2007_update_responsiveness_modified_vs_rouge_2_system_p" in numbers


def _claims_with_p(p_of, r_of=lambda ref, level, metric: 0.3 if ref == "responsiveness" else 0.6):
    """judgment_claims on made-up paired tests whose two-sided p is ``p_of(corpus, reference, level,
    a, b)``, and correlations ``r_of(reference, level, metric)`` (by default lower against
    responsiveness than against the pyramid)."""
    def test(c, ref, level, a, b):
        p = p_of(c, ref, level, a, b)
        return {"a": a, "b": b, "reference": ref, "level": level, "n": 20, "difference": {"pearson": 0.1},
                "ci": {"pearson": [0.01, 0.2]}, "p_value": {"pearson": p}, "p_greater": {"pearson": p / 2}}

    def levels(ref):
        return {level: {m: {"pearson": r_of(ref, level, m)} for m in ("modified", "auto", "rouge_2") if m != ref}
                for level in ("summary", "system")}
    results = {c: {ref: {"levels": levels(ref), "comparisons": [test(c, ref, level, a, b) for a, b in pairs
                                                                for level in ("summary", "system")]}
                   for ref, pairs in reports.JUDGMENT_PAIRS.items()} for c in ("c1", "c2")}
    return reports.judgment_claims(results)


def test_the_responsiveness_sentence_follows_the_correlations():
    """The metrics' correlations with responsiveness against those with the pyramid (8: 2 corpora ×
    2 levels × 2 metrics): all lower, most lower, or few lower, each another sentence."""
    text = _claims_with_p(lambda *_: 0.5)
    assert ("so the metrics' correlations with it are lower than with the pyramid and indistinguishable from each "
            "other (none of the 12 differences survives the correction)") in text
    text = _claims_with_p(lambda *_: 0.5, lambda ref, level, m: 0.7 if (ref, level, m) == ("responsiveness", "system", "auto")
                          else 0.3 if ref == "responsiveness" else 0.6)
    assert "so 6 of the metrics' 8 correlations with it are lower than with the pyramid." in text
    assert "Against responsiveness the metrics are indistinguishable from each other" in text
    text = _claims_with_p(lambda *_: 0.001, lambda ref, level, m: 0.7 if ref == "responsiveness" else 0.6)
    assert "Only 0 of the metrics' 8 correlations with responsiveness are lower than with the pyramid." in text
    assert "Responsiveness judges the whole summary" not in text
    assert "Against responsiveness, 12 of the 12 differences between the metrics survive the correction." in text


def test_the_paired_tests_paragraph_counts_them_after_holm():
    """16 tests (2 corpora × 4 pairs × 2 levels): p = 0.04 everywhere is 16 raw significances and
    none after Holm (16 × 0.04 > 0.05); p = 0.001 survives it (16 × 0.001 < 0.05)."""
    text = _claims_with_p(lambda *_: 0.04)
    assert "16 of these 16 differences are significant at 0.05, where 0.8 would be by chance alone" in text
    assert "0 remain significant after Holm's correction for testing 16 at once" in text
    assert "indistinguishable from each other (none of the 12 differences survives the correction)" in text
    text = _claims_with_p(lambda *_: 0.001)
    assert "16 remain significant after Holm's correction" in text
    assert "yet 12 of the 12 differences between them survive the correction" in text
    text = _claims_with_p(lambda c, ref, level, a, b: 0.001 if (level, a, b) == ("system", "auto", "rouge_2") else 0.5)
    assert "4 remain significant" in text  # auto − ROUGE-2 at system level, both references, both corpora
    assert "mostly indistinguishable from each other (only 2 of the 12 differences survive the correction)" in text
    text = _claims_with_p(lambda c, ref, level, a, b: 0.001 if (ref, level, a) == ("modified", "system", "auto") else 0.5)
    assert "2 remain significant" in text and "indistinguishable from each other (none of the 12" in text
    text = _claims_with_p(lambda c, ref, level, a, b: 0.001 if (c, ref, level, a, b) == ("c1", "responsiveness", "system",
                                                                                      "auto", "modified") else 0.5)
    assert "1 remains significant" in text and "(only 1 of the 12 differences survives the correction)" in text


def test_joint_scheme_tests_run_beside_the_own_unit_on_the_sample(judged):
    _, results = judged
    view = reports.joint_scheme_view(results)
    assert view.index.names == ["corpus", "level"]  # one reference, one pair: the prose names them
    assert set(view["unit"]) == {"topics", "systems"}
    joint = [t for by_ref in results.values() for t in by_ref["responsiveness"].get("joint_comparisons", ())]
    assert joint and all(t.get("scheme") == "both" for t in joint if "error" not in t)


def _joint(own_ci, own_p, joint_ci, joint_p):
    """joint_scheme_claims on one made-up test run both ways."""
    def test(ci, p, over):
        return {"a": "auto", "b": "rouge_2", "level": "system", "over": over, "difference": {"pearson": 0.05},
                "ci": {"pearson": ci}, "p_value": {"pearson": p}}
    result = {"levels": {}, "comparisons": [test(own_ci, own_p, "systems")],
              "joint_comparisons": [test(joint_ci, joint_p, "topics and systems")]}
    return reports.joint_scheme_claims({"c1": {"modified": result}})


def test_joint_scheme_claims_follow_the_widths_and_the_verdicts():
    text = _joint([0.0, 0.1], 0.01, [-0.05, 0.15], 0.2)
    assert "widens the interval of the difference in 1 of the 1 tests (median width × 2.00" in text
    assert "The verdict at 0.05 changes in 1: c1 system level (auto − rouge_2: p 0.010 → 0.200)." in text
    assert "smaller p" not in text
    text = _joint([0.0, 0.1], 0.3, [0.02, 0.07], 0.2)
    assert "widens the interval of the difference in 0 of the 1 tests (median width × 0.50" in text
    assert "gives the smaller p in 1 of them" in text and "No verdict at 0.05 changes." in text
    assert reports.joint_scheme_claims({"c1": {"modified": {"levels": {}}}}) == ""
    assert "note" in reports.joint_scheme_view({"c1": {"modified": {"levels": {}}}}).columns


def test_the_quality_sentence_follows_the_signs():
    """Correlations of content metrics with a linguistic-quality question: mostly negative says the
    two are different judgments, mostly positive says the metrics follow readability here."""
    def results(rs):
        levels = {"summary": {m: {"pearson": r} for m, r in zip(("auto", "rouge_2", "modified"), rs)}}
        return {"c1": {"modified": {"levels": {}}, "lq:Q1": {"levels": levels}}}
    text = reports.judgment_claims(results([-0.2, -0.1, 0.05]))
    assert "2 of the 3 correlations of a content metric with a quality question are negative, the strongest -0.200" in text
    assert "different judgments" in text and "Most are positive" not in text
    text = reports.judgment_claims(results([0.2, 0.1, -0.05]))
    assert "1 of the 3 correlations" in text and "Most are positive" in text and "different judgments" not in text
