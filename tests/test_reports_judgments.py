"""The chapter on NIST's judgments: its tables on the bundled sample, and its verdicts following
their figures (made-up paired tests and correlations, each another sentence)."""

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.reports import judgments as reports
from pyrabench.scoring import experiments


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))


@pytest.fixture(scope="module")
def judged(sample_root, tmp_path_factory):
    pytest.importorskip("rouge_score")
    pytest.importorskip("sklearn")
    duc = {n: load_corpus(n, sample_root) for n in ("duc2006", "duc2007", "duc2007-update")}
    with pytest.MonkeyPatch.context() as mp:  # a module fixture runs before the function's _cache
        mp.setenv("PYRABENCH_CACHE", str(tmp_path_factory.mktemp("cache")))
        return duc, experiments.judgment_results(duc, metrics=("modified", "rouge_2"), n_resamples=50,
                                                 pairs={"responsiveness": (("modified", "rouge_2"),)},
                                                 joint_pairs={"responsiveness": (("modified", "rouge_2"),)})


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
                   for ref, pairs in experiments.JUDGMENT_PAIRS.items()} for c in ("c1", "c2")}
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


def _gap_inputs(difference: float, p: float, manual_r: float, gamma_system: tuple, gamma_summary: tuple):
    test = {"level": "system", "a": "auto", "b": "rouge_2", "difference": {"pearson": difference},
            "ci": {"pearson": (difference - 0.1, difference + 0.1)}, "p_value": {"pearson": p}}
    results = {c: {"modified": {"comparisons": [test]}} for c in ("duc2006", "duc2007")}
    errors = pd.DataFrame({"systems": [30, 30], "length (words)": [0.05, -0.1],
                           "manual modified": [manual_r, manual_r], "SCU count error": [0.8, 0.7]},
                          index=pd.Index(["duc2006", "duc2007"], name="corpus"))
    rows = []
    for i, c in enumerate(("duc2006", "duc2007")):
        rows.append({"corpus": c, "γ": 1.0, "chosen": False, "summary": 0.6, "system": 0.7})
        rows.append({"corpus": c, "γ": 2.0, "chosen": True, "summary": gamma_summary[i], "system": gamma_system[i]})
    sharpening = pd.DataFrame(rows).set_index(["corpus", "γ"])
    sharpening.attrs["chosen_on"] = "duc2006"
    return results, errors, sharpening


def test_system_gap_claims_follow_the_figures():
    text = reports.system_gap_claims(*_gap_inputs(-0.1, 0.01, -0.5, (0.75, 0.69), (0.58, 0.6)))
    assert "trails ROUGE-2 on duc2006 and duc2007" in text and "significant on duc2006 and duc2007" in text
    assert "tracks the SCU count error most closely" in text and "then the manual modified" in text
    assert "length (words) least" in text
    assert "compressed towards the middle" in text  # the manual score's r is negative everywhere
    assert "chosen on duc2006" in text and "so the default keeps γ = 1" in text
    text = reports.system_gap_claims(*_gap_inputs(0.1, 0.5, 0.3, (0.75, 0.8), (0.6, 0.6)))
    assert "trails ROUGE-2 on no corpus" in text and "compressed" not in text
    assert "raises the system level on every other corpus" in text and "leaves unused" in text


def test_system_gap_claims_when_sharpening_does_not_move():
    results, errors, sharpening = _gap_inputs(-0.1, 0.5, -0.5, (0.75, 0.69), (0.58, 0.6))
    kept = sharpening.reset_index()
    kept = kept[kept["γ"] == 1.0].assign(chosen=True).set_index(["corpus", "γ"])
    kept.attrs["chosen_on"] = "duc2007"
    text = reports.system_gap_claims(results, errors, kept)
    assert "does not raise the system level on duc2007" in text and "not significant" not in text.split("(")[0]
