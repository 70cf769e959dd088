"""Chapters 2–4's verdicts follow their figures: fed other figures, the same function says
something else."""

import pandas as pd

from pyrabench.reports import paraphrase as paraphrase_reports
from pyrabench.reports import sts as sts_reports
from pyrabench.sts import analysis

PAPER = {"ratio": 22.0, "paper_ratio": 22.6, "mean_length": 5.1, "paper_mean_length": 5.0}


def test_regime_claims_near_far_and_missing_years():
    text = paraphrase_reports.regime_claims(PAPER, {"ratio": 2.0}, ["duc2006", "duc2007"])
    assert "about as many negatives per positive as the paper" in text and "items of about its length" in text
    assert "though duc2005 is missing" in text and "a small fraction (9%)" in text
    text = paraphrase_reports.regime_claims({**PAPER, "ratio": 5.0, "mean_length": 9.0}, {"ratio": 20.0},
                                            ["duc2005", "duc2006", "duc2007"])
    assert "5.0 negatives per positive against the paper's 22.6" in text and "items longer than its (9.00 against 5.0 words)" in text
    assert "missing" not in text and "88% of the paper's negatives per positive" in text


def _sweep(field, values, lengths, ratios, positives=(10, 10, 10, 10), totals=(250, 250, 250, 250)):
    return pd.DataFrame({field: values, "mean_proposition_length": lengths, "negatives per positive": ratios,
                         "positive_pairs": positives[:len(values)], "total_pairs": totals[:len(values)]})


def test_item_text_claims_nearest_reading_and_ratio():
    t = _sweep("item_text", ["span", "parts", "label"], [5.2, 4.0, 3.5], [22.0, 21.0, 23.0])
    text = paraphrase_reports.item_text_claims(t, PAPER)
    assert text.startswith("`span` is the reading whose mean length (5.20 words)")
    assert "`parts` and `label` give shorter items" in text and "stay near the paper's under every reading" in text
    t = _sweep("item_text", ["span", "parts", "label"], [3.0, 4.9, 6.0], [22.0, 5.0, 23.0])
    text = paraphrase_reports.item_text_claims(t, PAPER)
    assert text.startswith("`parts`") and "`span` gives shorter items" in text and "move with the reading" in text


def test_threshold_claims_and_the_all_positive_f():
    t = _sweep("negative_min_shared", [1, 2, 3, 4], [5] * 4, [80.0, 21.0, 6.0, 1.5],
               positives=(10, 10, 10, 100), totals=(250, 250, 250, 250))
    text = paraphrase_reports.threshold_claims(t, PAPER)
    assert text.startswith("Only a threshold of 2 comes near")
    assert "With 4 there are 1.50 negatives per positive" in text and "binary F-measure of 0.571" in text
    t = _sweep("negative_min_shared", [1, 2], [5] * 2, [80.0, 60.0])
    assert paraphrase_reports.threshold_claims(t, PAPER).startswith(
        "A threshold of 2 comes nearest the paper's negatives per positive, though not within a quarter (60.0 against")


def _figures(literal_f, all_f, literal_s, pairs_s, labels_s, paper_s=64.0):
    return {"literal_onehot_f": literal_f, "literal_f_all_positive": all_f, "literal_onehot_success": literal_s,
            "pairs_onehot_success": pairs_s, "labels_onehot_success": labels_s, "paper_onehot_success": paper_s}


ANSWERS = {"single_success": 80.0, "rest_success": 55.0, "single_shared": 3.0, "rest_shared": 2.0}


def test_preset_claims_follow_the_figures():
    text = paraphrase_reports.preset_claims(_figures(0.30, 0.28, 40.0, 60.0, 70.0), ANSWERS)
    assert "(0.300) is barely above calling every pair a paraphrase (0.280): with so few negatives" in text
    assert "ranking questions are harder than the paper's" in text
    assert "lie on either side of the paper's figure" in text
    assert "shares more words" in text and "answers those questions more often (80.0 % against 55.0 %" in text
    assert "weighing every label equally scores higher" in text
    text = paraphrase_reports.preset_claims(_figures(0.60, 0.28, 70.0, 66.0, 65.0), ANSWERS)
    assert "is above calling" in text and "little signal" not in text and "no harder" in text
    assert "both lie above the paper's figure" in text and "scores higher" not in text
    text = paraphrase_reports.preset_claims(_figures(0.60, 0.28, 70.0, 66.0, 65.0),
                                            {**ANSWERS, "single_success": 50.0, "single_shared": 1.5})
    assert "shares no more words with it (1.50 on average)" in text and "less often (50.0 % against 55.0 %" in text
    assert "single answer" not in paraphrase_reports.preset_claims(_figures(0.60, 0.28, 70.0, 66.0, 65.0), {})


def test_gold_distribution_claims_classify_by_quartiles():
    gold = pd.DataFrame({"year": "2012", "dataset": ["hi"] * 4 + ["lo"] * 4 + ["mid"] * 4 + ["wide"] * 4,
                         "gold": [4, 4.5, 5, 5, 0, 0.5, 1, 2, 2.8, 3, 3.2, 3.4, 0, 1, 4, 5]})
    text = sts_reports.gold_distribution_claims(analysis.gold_quartiles(gold))
    assert "2012 hi is concentrated at the top" in text and "2012 lo leans towards the low end" in text
    assert "2012 mid sits in the middle" in text and "2012 wide spreads over much of the scale" in text


def test_reading_claims_one_several_none():
    m = pd.DataFrame({"reproduced": [10, 8], "of": [10, 10]}, index=["perl", "python"])
    assert sts_reports.reading_claims(m) == "Only one reading reproduces every figure: **perl**."
    m["reproduced"] = [10, 10]
    assert sts_reports.reading_claims(m) == "**perl** and **python** reproduce every figure."
    m["reproduced"] = [7, 9]
    assert sts_reports.reading_claims(m) == "No reading reproduces every figure; **python** comes nearest (9 of 10)."


def test_question_mode_claim_compares_the_gaps():
    paper = {"questions_per_positive": 0.6, "paper_questions_per_positive": 0.55}
    assert "comes closer to" in paraphrase_reports.question_mode_claim(paper, {"questions_per_positive": 0.4})
    assert "farther from" in paraphrase_reports.question_mode_claim(paper, {"questions_per_positive": 0.56})
