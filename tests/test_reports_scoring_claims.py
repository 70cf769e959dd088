"""The chapter's verdicts follow their figures: the same claim function, fed other figures, says
something else."""

import numpy as np
import pandas as pd
import pytest

from pyrabench.reports import scoring as reports


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


def test_default_claims_ahead_behind_level():
    res = _results({"a": {"summary": {"auto": 0.6, "rouge_2": 0.4}, "system": {"auto": 0.8, "rouge_2": 0.9},
                          "global": {"auto": 0.5, "rouge_2": 0.505}},
                    "b": {"summary": {"auto": 0.7, "rouge_2": 0.5}, "system": {"auto": 0.9, "rouge_2": 0.8},
                          "global": {"auto": 0.6, "rouge_2": 0.4}}})
    text = reports.default_claims(res)
    assert text.startswith("At summary level, the automated score is ahead of ROUGE-2 on every corpus")
    assert "It ranks the summaries of one input better" in text
    assert "At system level, the automated score is ahead of ROUGE-2 on b and behind it on a" in text
    assert "level with it (within 0.01) on a" in text
    res["b"]["levels"]["summary"]["auto"]["pearson"] = 0.1
    assert "It ranks the summaries" not in reports.default_claims(res)


def _variants(means: dict) -> pd.DataFrame:
    rows = [{"corpus": c, "variant": v, "summary_pearson": r + d} for v, r in means.items()
            for c, d in (("x", 0.01), ("y", -0.01))]
    return pd.DataFrame(rows)


def test_variant_claims_name_the_largest_gain_and_the_default():
    means = {"rouge_2": 0.50, "2013-uni": 0.40, "recall-raw": 0.52, "recall-cal": 0.62, "contributors": 0.63,
             "labels": 0.55, "sentences": 0.60, "whole": 0.50, "lex": 0.66, "lex-boosted": 0.65,
             "lex-hard": 0.41, "lex-top": 0.60, "minilm": 0.665, "minilm-only": 0.45}
    text = reports.variant_claims(_variants(means))
    assert "largest single gain at summary level (mean Pearson over corpora) is calibration" in text
    assert "lifts that single feature" in text and "do no better than `lex`" in text
    assert "throws information away" in text and "comes within 0.02 of the 2013 recipe" in text
    assert "contributors (0.630) carry more than labels" in text
    assert "Hence the default, `lex`" in text
    means.update({"lex-boosted": 0.70, "recall-cal": 0.50})
    text = reports.variant_claims(_variants(means))
    assert "does not lift" in text and "do better than `lex`" in text
    assert "`lex-boosted` scores +0.040 above it" in text
    assert "largest single gain at summary level (mean Pearson over corpora) is the other lexical features" in text


def test_variant_claims_leave_out_missing_variants():
    text = reports.variant_claims(_variants({"lex": 0.6, "lex-boosted": 0.5}))
    assert "MiniLM" not in text and "recall" not in text and "Hence the default" in text
    assert reports.variant_claims(_variants({"rouge_2": 0.5})) == ""


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


def _studies(pearson, jaccard, ratio, studies=("pyrabench", "2013")):
    return pd.DataFrame({"study": [s for s in studies for _ in range(2)], "pearson": pearson, "jaccard": jaccard,
                         "scu_ratio": ratio})


def test_study_claims_follow_the_best_pearsons_and_the_sets():
    text = reports.study_claims(_studies([0.8, 0.7, 0.78, 0.5], [0.4, 0.3, 0.35, 0.2], [1.5, 2.0, 1.2, 1.1]))
    assert "about equally well by the best variants of both studies (0.800 (pyrabench) against 0.780 (2013))" in text
    assert "every variant of either study retrieves more SCUs" in text and "stays below its score correlations" in text
    text = reports.study_claims(_studies([0.8, 0.7, 0.6, 0.5], [0.4, 0.9, 0.35, 0.2], [1.5, 0.8, 1.2, 1.1]))
    assert "reproduced better by the best variant of pyrabench (0.800 (pyrabench) against 0.600 (2013), more than 0.05" in text
    assert "3 of the 4 variants retrieve more SCUs" in text and "3 of the 4 have a Jaccard" in text
    assert "about equally" not in text and "every variant" not in text


def test_system_interval_claims_follow_the_widths():
    def results(system_ci):
        def level(ci):
            return {"auto": {"pearson": 0.5, "ci": {"pearson": ci}}, "rouge_2": {"error": "constant"}}
        return {"c1": {"levels": {"summary": level([0.5, 0.6]), "system": level(system_ci)}},
                "c2": {"levels": {"summary": level([0.6, 0.7]), "system": level(system_ci)}}}
    text = reports.system_interval_claims(results([0.3, 0.8]), 20, 30)
    assert text == ("With 20 to 30 systems per corpus, system-level correlations are coarse: their intervals in the "
                    "correlation table of the chapter on manual scores are wide (median width 0.50, against 0.10 at "
                    "summary level).")
    text = reports.system_interval_claims(results([0.5, 0.62]), 20, 30)
    assert "not much wider than the summary level's (median width 0.12, against 0.10" in text and "coarse" not in text
    assert "no interval here" in reports.system_interval_claims(results(None), 2, 3)
