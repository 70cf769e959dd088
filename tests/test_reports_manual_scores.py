"""The chapter on manual scores: its tables and figures on the bundled sample (shapes, no NaN
cells), and its verdicts following their figures (the same claim function, fed other figures,
says something else)."""

import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.reports import manual_scores as reports
from pyrabench.scoring import experiments


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))


@pytest.fixture(scope="module")
def duc(sample_root):
    pytest.importorskip("rouge_score")
    pytest.importorskip("sklearn")
    return {n: load_corpus(n, sample_root) for n in ("duc2006", "duc2007")}


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
    results = experiments.correlation_results(duc, n_resamples=30)
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


def test_system_points_and_figures(duc):
    systems = experiments.system_frame(duc)
    assert set(systems["corpus"]) == set(duc) and {"modified", "auto", "rouge_2"} <= set(systems.columns)
    assert reports.plot_system_scatter(systems) is not None
    assert reports.plot_agreement(pd.DataFrame()) is not None
    assert reports.agreement_view(pd.DataFrame()).iloc[0, 0].startswith("no peer")


def _results(values: dict) -> dict:
    """``{corpus: {level: {metric: r}}}`` → the shape of ``correlation_results``."""
    return {c: {"levels": {level: {m: {"pearson": r, "n": 10} for m, r in by_m.items()}
                           for level, by_m in levels.items()}} for c, levels in values.items()}


def test_annotator_claims_follow_the_agreement():
    alike = reports.annotator_claims({"peers": 8, "modified_spearman": 0.93, "modified_pearson": 0.95,
                                      "jaccard_mean": 0.61})
    assert "much alike" in alike and "differ in detail" in alike and "0.93" in alike and "0.61" in alike
    apart = reports.annotator_claims({"peers": 8, "modified_spearman": 0.2, "modified_pearson": 0.3,
                                      "jaccard_mean": 0.95})
    assert "differently" in apart and "nearly the same" in apart
    assert "too few" in reports.annotator_claims({"peers": 1})


def test_rouge_level_claims_follow_the_levels():
    closer = _results({"a": {"summary": {"rouge_2": 0.4}, "system": {"rouge_2": 0.9}},
                       "b": {"summary": {"rouge_2": 0.5}, "system": {"rouge_2": 0.8}}})
    text = reports.rouge_level_claims(closer)
    assert "on every corpus" in text and "ranks summarizers well" in text and "a 0.900 against 0.400" in text
    mixed = _results({"a": {"summary": {"rouge_2": 0.4}, "system": {"rouge_2": 0.9}},
                      "b": {"summary": {"rouge_2": 0.8}, "system": {"rouge_2": 0.5}}})
    text = reports.rouge_level_claims(mixed)
    assert "on a of the 2 corpora" in text and "every" not in text


def test_convention_claims_compare_with_nist():
    example = pd.DataFrame({"modified": [0.4286, 0.375]}, index=["nist", "sacrerouge"])
    changes = pd.DataFrame({"share": [0.2, 0.25]}, index=["duc2006", "all"])
    text = reports.convention_claims(example, 0.4286, changes, nist_share=0.99, sacrerouge_share=0.75, padded=8)
    assert "reproduces NIST's figure for this peer exactly" in text and "gives the lower score 0.3750" in text
    assert "25.0% of the scores" in text and "disagrees on 25.0%" in text and "(8 files)" in text
    text = reports.convention_claims(example, 0.375, changes, nist_share=0.5, sacrerouge_share=0.99, padded=0)
    assert "not NIST's 0.3750" in text and "reproduces it too" in text


def test_manual_score_claims_follow_the_means():
    manual = pd.DataFrame({"modified": [0.2, 0.3], "coverage": [0.1, 0.2], "original": [0.6, 0.8]})
    text = reports.manual_score_claims(manual)
    assert "average 0.25" in text and "lower still (0.15)" in text and "much higher (0.70)" in text
    assert "only a fraction of what the models say" in text and "because it only asks" in text
    manual["original"] = [0.2, 0.2]
    text = reports.manual_score_claims(manual)
    assert "no higher (0.20)." in text and "because" not in text
    manual["coverage"] = [0.6, 0.7]
    text = reports.manual_score_claims(manual)
    assert "coverage is higher (0.65)." in text and "fraction" not in text
