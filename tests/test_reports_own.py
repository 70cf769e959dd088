"""The sentences of the chapter "Scoring your own summaries": each verdict follows the figures it
is given (other figures, another sentence)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from pyrabench.reports.own import lead_reading, matching_reading, plot_estimates, trust_reading

FIGURES = {"systems": 30, "system_r": 0.85, "system_r_low": 0.7, "system_r_high": 0.93, "mean_error": 0.04,
           "max_error": 0.12, "estimate": 0.25, "low": 0.18, "high": 0.33, "rank": 12, "of": 31,
           "rank_high": 5, "rank_low": 20, "nist_lead": 0.2, "nist_lead_estimate": 0.22}


def test_trust_reading_says_a_finer_rank_cannot_be_told_only_when_the_interval_spans_ranks():
    text = trust_reading(FIGURES, "lead")
    assert "r = 0.850 [0.700, 0.930]" in text and "from rank 5 to rank 20" in text
    assert "a finer rank is more than the estimate can tell" in text and "NIST's own lead baseline was scored 0.200" in text
    one = trust_reading({**FIGURES, "rank_high": 7, "rank_low": 7}, "lead")
    assert "at rank 7 among the DUC systems' manual scores whichever end is read" in one
    assert "finer rank is more" not in one
    bare = {k: v for k, v in FIGURES.items() if not k.startswith("nist_lead")}
    no_ci = trust_reading({**bare, "system_r_low": math.nan, "system_r_high": math.nan}, "mine")
    assert "(no interval)" in no_ci and "NIST's own lead" not in no_ci and "`mine`" in no_ci


def test_lead_reading_says_nists_baseline_only_when_the_overlap_says_so():
    assert lead_reading(0.97).startswith("This is NIST's baseline: 97.0% of the words") and "datelines" in lead_reading(0.97)
    close = lead_reading(0.7)
    assert "close to NIST's baseline, not the same: only 70.0%" in close and "datelines" not in close
    far = lead_reading(0.2)
    assert far.startswith("This is not NIST's baseline: only 20.0%") and "datelines" not in far
    assert "no NIST lead" in lead_reading(math.nan)


def test_matching_reading_follows_the_counts():
    text = matching_reading({"auto": 9, "human": 4, "both": 3}, 0.9, 0.2)
    assert "counts 9 SCUs, more than the 4" in text and "3 are in both" in text and "0.700 above the estimate" in text
    text = matching_reading({"auto": 2, "human": 4, "both": 2}, 0.15, 0.2)
    assert "fewer than the 4" in text and "0.050 below" in text
    assert "counts the 3 SCUs that the annotator found" in matching_reading({"auto": 3, "human": 3, "both": 3}, 0.2, 0.2)
    text = matching_reading({"auto": 3, "human": 3, "both": 1}, 0.2, 0.2)
    assert "as many as the 3" in text and "1 is in both" in text and "0.200, equal to the estimate" in text
    assert "counts 1 SCU, fewer than the 2" in matching_reading({"auto": 1, "human": 2, "both": 0}, 0.1, 0.2)
    assert "none is in both" in matching_reading({"auto": 1, "human": 2, "both": 0}, 0.1, 0.2)



def test_plot_estimates_marks_nists_lead_and_yours():
    table = pd.DataFrame({
        "system": ["1", "7", "lead"], "kind": ["NIST lead", "DUC", "yours"], "manual": [0.14, 0.3, np.nan],
        "estimate": [0.16, 0.28, 0.15], "estimate_low": [0.1, 0.2, 0.09], "estimate_high": [0.22, 0.35, 0.21]})
    ax = plot_estimates(table).axes[0]
    labels = ax.get_legend_handles_labels()[1]
    assert "NIST's lead (peer 1)" in labels and "lead (estimate, no manual score)" in labels
    assert "DUC systems" in labels and ax.get_xlabel().startswith("manual") and ax.get_ylabel().startswith("estimate")


def test_explain_blocks_fit_a_terminal_of_100_columns():
    from pyrabench.reports.own import explain_blocks

    label = "The Southern Poverty Law Center tracks hate groups " * 6
    evidence = "x" * 250  # one word longer than a line is cut, never overflows
    explained = pd.DataFrame({"topic": ["D0701", "D0701", "D0702"], "system": ["s" * 120, "s" * 120, "b"],
                              "scu_id": [1, 2, 3], "label": [label, "short", "one"], "weight": [4, 1, 2],
                              "p": [0.953, 0.31, 0.5], "counted": [True, False, True],
                              "evidence": [evidence, "A sentence.", ""]})
    summaries = pd.DataFrame({"topic": ["D0701", "D0702"], "system": ["s" * 120, "b"], "estimate": [0.41, 0.2],
                              "estimate_low": [0.2, 0.0], "estimate_high": [0.6, float("inf")], "scus": [1, 1]})
    text = explain_blocks(explained, summaries, "SCUs the model finds " + "(a long rule) " * 10)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 100
    assert lines[0].startswith("SCUs the model finds") and "" in lines
    assert "  counted p 0.953 w 4  The Southern Poverty" in text and "          p 0.310 w 1  short" in text
    assert "evidence: A sentence." in text and "evidence: -" not in text
    assert "D0702 / b: estimate 0.200 [—], 1 SCU counted" in text and "inf" not in text  # no interval
    assert sum(line.startswith("D070") for line in lines) == 2  # one block per summary
    assert explain_blocks(explained.iloc[:0], summaries).strip() == "(none)"
    assert max(map(len, explain_blocks(explained, summaries, width=60).splitlines())) <= 60


def test_lite_agreement_table_sets_published_figures_in_their_rows():
    from pyrabench.published import LiteFigure
    from pyrabench.reports.own import LITE_ROWS, lite_agreement_table, plot_reliability
    from pyrabench.scoring.scu_model.label_agreement import LabelAgreement, reliability

    units = {"f1": 0.5, "precision": 0.4, "recall": 0.7, "auc": 0.8, "ece": 0.1, "counted": 1.3, "present": 0.9}
    corr = {"estimate": {"summary": {"pearson": 0.55, "spearman": 0.5}, "pooled": {"pearson": 0.53},
                         "system": {"pearson": 0.98, "spearman": 0.9}},
            "rouge_2": {"summary": {"pearson": 0.52}, "pooled": {"error": "constant"}, "system": {"pearson": 0.99}}}
    agree = LabelAgreement(10, 2, 5, units, corr, {"coverage": 0.95, "width": 0.66, "system_coverage": 0.0,
                                                   "system_width": 0.1}, reliability([0.1, 0.9], [0, 1]))
    figures = (LiteFigure("zhang2021finding", "NLI", "REALSumm", "system", "pearson", 0.945),
               LiteFigure("nawrath2024role", "NLI", "PyrXSum", "summary", "pearson", 0.7))
    table = lite_agreement_table({"ours": agree}, figures)
    assert list(table.index) == [label for label, _ in LITE_ROWS]
    assert table.columns.tolist() == ["ours", "ROUGE-2",
                                      "NLI, REALSumm (Zhang & Bansal (2021), published)",
                                      "NLI, PyrXSum (Nawrath et al. (2024), published)"]
    assert table.loc["units counted: F1 against the crowd", "ours"] == 0.5
    assert table.loc["summary r (per example, averaged)", "ours"] == 0.55
    assert table.loc["summaries inside their 95 % interval", "ours"] == 0.95
    rouge = table["ROUGE-2"]
    assert rouge["system r"] == 0.99 and np.isnan(rouge["summary r (pooled)"]) and np.isnan(rouge["units counted: recall"])
    assert table.loc["system r", "NLI, REALSumm (Zhang & Bansal (2021), published)"] == 0.945
    assert table["NLI, PyrXSum (Nawrath et al. (2024), published)"].notna().sum() == 1
    assert table.loc["summary r (per example, averaged)", "NLI, PyrXSum (Nawrath et al. (2024), published)"] == 0.7
    fig = plot_reliability({"ours": agree.reliability}, "t")
    assert fig.axes[0].get_xlim() == (0.0, 1.0)
    # MiniLM token recall gets its column beside ROUGE-2 when the summaries carried it
    corr["token_recall"] = {"summary": {"pearson": 0.63}, "pooled": {"pearson": 0.5}, "system": {"pearson": 0.97}}
    table = lite_agreement_table({"ours": agree})
    tokens = "MiniLM token recall"
    assert table.columns.tolist() == ["ours", "ROUGE-2", tokens]
    assert table.loc["summary r (per example, averaged)", tokens] == 0.63 and np.isnan(table.loc["units counted: recall", tokens])


def test_figure_text_never_prints_nan_or_inf():
    from pyrabench.reports.own import figure_text

    assert [figure_text(v) for v in (1234, 0.12345, float("nan"), float("inf"))] == ["1,234", "0.123", "—", "—"]


def test_lite_interval_claims_say_when_no_interval_could_be_computed():
    from types import SimpleNamespace

    from pyrabench.reports.own import lite_interval_claims

    agreement = SimpleNamespace(intervals={"computed": 8, "total": 10, "coverage": 0.875, "width": 0.5,
                                           "system_computed": 0, "system_total": 2, "system_coverage": float("nan"),
                                           "system_width": float("nan")})
    assert lite_interval_claims(agreement) == (
        "A summary's 95 % interval holds its human share for 87.5% of the summaries (the 8 of 10 with an "
        "interval), at a mean width of 0.50 on the 0–1 scale; no system interval could be computed (too few "
        "held-out summaries behind the model).")


def test_lite_baseline_claims_word_both_baselines_or_say_one_is_missing():
    from types import SimpleNamespace

    from pyrabench.reports.own import lite_baseline_claims

    corr = {"estimate": {"summary": {"pearson": 0.564}, "system": {"pearson": 0.975}},
            "rouge_2": {"summary": {"pearson": 0.52}, "system": {"error": "constant"}}}
    text = lite_baseline_claims(SimpleNamespace(correlations=corr))
    assert "0.564 per summary and 0.975 per system" in text and "0.520 per summary and — per system" in text
    assert "not computed here" in text
    corr["token_recall"] = {"summary": {"pearson": 0.635}, "system": {"pearson": 0.983}}
    text = lite_baseline_claims(SimpleNamespace(correlations=corr))
    assert "gets 0.635 per summary and 0.983 per system" in text and "not computed" not in text


def test_the_text_tables_are_narrow_and_say_missing_intervals():
    from pyrabench.reports.own import NAME_WIDTH, summaries_text, systems_text

    frame = pd.DataFrame({"topic": ["t" * 30, "t2"], "system": ["s1", "s2"], "words": [10, 12],
                          "estimate": [0.5, 0.5], "estimate_low": [0.2, float("nan")],
                          "estimate_high": [0.9, float("nan")], "scus": [2, 1], "weight": [3, 1],
                          "counted": [0.5, 0.25], "rouge_1": [0.4, 0.3], "rouge_2": [0.2, 0.1],
                          "rouge_l": [0.3, 0.2], "truncated": [False, False]})
    text = summaries_text(frame, [None, "why"])
    assert list(text) == ["topic", "system", "words", "estimate", "interval", "scus", "counted", "rouge_2"]
    assert text["topic"].tolist() == ["t" * (NAME_WIDTH - 1) + "…", "t2"]
    assert text["interval"].tolist() == ["0.200–0.900", "—"]
    systems = frame[["system", "estimate", "estimate_low", "estimate_high", "counted"]].assign(
        topics=[2, 2], partial=[False, True], estimate=[0.5, 0.7])
    got = systems_text(systems, [None, None])
    assert got["rank"].tolist() == ["2", "1"] and got["partial"].tolist() == ["", "partial"]


def test_foreign_lines_for_a_pyramid_without_figures():
    from pyrabench.reports.own import foreign_lines
    from pyrabench.scoring.foreign import Foreign

    said = Foreign("pyramids", "duc2007", None, "no leave-one-domain-out figures on this data root: one domain",
                   "withheld")
    lines = foreign_lines(said)
    assert lines[0].startswith("FOREIGN UNITS: these are a full pyramid (several model summaries, weights above 1)")
    assert lines[1] == "no leave-one-domain-out figures on this data root: one domain"
    assert lines[2].startswith("So no level interval is given: no figure backs one.")
    assert len(lines) == 3  # no --adapt for a full pyramid
    assert all(len(x) <= 100 for line in lines for x in line.splitlines())


def test_pair_lines_fit_a_terminal_and_say_what_was_decided():
    from pyrabench.reports.own import pair_lines
    from pyrabench.scoring.system_pairs import system_pairs

    rng = np.random.default_rng(0)
    systems = [f"a-system-with-a-long-name-{k}" for k in range(60)]  # 1,770 pairs
    frame = pd.DataFrame([{"topic": f"t{t}", "system": s, "estimate": k / 60 + rng.normal(0, .05),
                           "rouge_2": rng.random(), "token_recall": rng.random(), "human": k / 60}
                          for t in range(12) for k, s in enumerate(systems)])
    got = system_pairs(frame, ["estimate", "rouge_2", "token_recall"], truth="human", n_resamples=200)
    text = pair_lines(got, "examples")
    lines = text.splitlines()
    assert max(map(len, lines)) <= 100
    head = " ".join(" ".join(lines[:4]).split())
    assert "which of the 1,770 pairs of systems differ at 95 %" in head and "over the 12 examples" in head
    shares = got.shares()
    row = next(line for line in lines if line.split()[0] == "estimate").split()
    assert row[1:] == [f"{shares.loc['estimate', 'decided']:,}", f"{shares.loc['estimate', 'decided_share']:.3f}",
                       f"{shares.loc['estimate', 'wrong']:,}", f"{shares.loc['estimate', 'wrong_share']:.3f}"]
    labels = next(line for line in lines if line.lstrip().startswith("the labels themselves")).split()
    assert len(labels) == 5  # the truth's own row: decided and share, no wrong column
    assert pair_lines(system_pairs(frame[frame["system"] == systems[0]], ["estimate"])) == (
        "system comparisons: one system, no pair to compare.")
