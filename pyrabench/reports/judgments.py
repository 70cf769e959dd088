"""Tables and sentences of the chapter on NIST's judgments (``07_judgments``): every metric
against every judgment, the ceiling the manual pyramid sets, the paired tests on each level's
own unit and jointly, the automated scorer's error per system, and the verdicts read from them
(``*_claims``).

Every figure comes from the task (:func:`pyrabench.scoring.experiments.judgment_results`,
:func:`~pyrabench.scoring.experiments.system_error_causes`,
:func:`~pyrabench.scoring.experiments.sharpening`), every significance verdict from
:mod:`pyrabench.resampling`; here they are labelled, arranged and worded."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..data import judgments
from ..resampling import ALPHA, significant, significant_after_holm
from .manual_scores import format_interval, listed


# --------------------------------------------------------------------------- what the assessors judged


def judgment_coverage(corpora: dict) -> pd.DataFrame:
    """Per corpus: summaries NIST judged, those with a pyramid annotation, and the rest by reason
    (:func:`pyrabench.data.judgments.coverage`)."""
    rows = {name: judgments.coverage(judgments.for_corpus(c), c) for name, c in corpora.items()}
    table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")
    keep = {"judged": "judged", "matched": "with a pyramid annotation", "unmatched_human": "humans (A–J)",
            "unmatched_topic_without_pyramid": "topic without pyramid",
            "unmatched_system_not_annotated": "system not annotated", "not_judged": "annotated, not judged"}
    return table[list(keep)].rename(columns=keep)


def judgment_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Metric × judgment × level: one row per (corpus, metric), columns ``(level, judgment)`` (one
    table per level in the book, so each fits the page), ``statistic`` of the metric against the
    judgment (NaN where NIST did not judge)."""
    rows = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            for level, by_metric in result["levels"].items():
                for metric, r in by_metric.items():
                    rows.append({"corpus": corpus, "metric": metric, "judgment": ref, "level": level,
                                 "r": r.get(statistic, np.nan)})
    long = pd.DataFrame(rows)
    wide = long.pivot_table(index=["corpus", "metric"], columns=["level", "judgment"], values="r", sort=False)
    return wide.rename_axis(columns=[None, None])


def judgment_numbers(results: dict, statistic: str = "pearson") -> dict[str, float]:
    """Flat figures for the prose: ``duc2006_responsiveness_modified_system`` (a correlation) and
    ``duc2006_responsiveness_auto_vs_rouge_2_system_p`` (a two-sided p)."""
    out = {}
    for corpus, by_ref in results.items():
        c = corpus.replace("-", "_")
        for ref, result in by_ref.items():
            r = ref.replace(":", "_")
            for level, by_metric in result["levels"].items():
                for metric, v in by_metric.items():
                    if statistic in v:
                        out[f"{c}_{r}_{metric}_{level}"] = v[statistic]
            for t in result.get("comparisons", ()):
                if "error" not in t:
                    out[f"{c}_{r}_{t['a']}_vs_{t['b']}_{t['level']}_p"] = t["p_value"][statistic]
                    out[f"{c}_{r}_{t['a']}_vs_{t['b']}_{t['level']}_diff"] = t["difference"][statistic]
    return out


def ceiling_view(results: dict, reference: str = judgments.RESPONSIVENESS, ceiling: str = "modified",
                 statistic: str = "pearson") -> pd.DataFrame:
    """Per corpus, level and metric: its correlation with ``reference`` with the interval, and its
    distance to the manual pyramid's own correlation (the ceiling an automated pyramid can hope for)."""
    rows = []
    for corpus, by_ref in results.items():
        result = by_ref[reference]
        for level, by_metric in result["levels"].items():
            top = by_metric[ceiling].get(statistic, np.nan)
            for metric, r in by_metric.items():
                if "error" in r:
                    continue
                lo, hi = r["ci"][statistic] or (np.nan, np.nan)
                rows.append({"corpus": corpus, "level": level, "metric": metric, "r": r[statistic],
                             "r_lo": lo, "r_hi": hi, "n": r["n"], f"− {ceiling}": r[statistic] - top})
    return pd.DataFrame(rows).set_index(["corpus", "level", "metric"])


# --------------------------------------------------------------------------- paired tests


def paired_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Every paired test of :func:`pyrabench.scoring.experiments.judgment_results`: difference
    with its interval and p-values, columns ``(corpus, field)`` (one table per corpus in the book)."""
    rows = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            for c in result.get("comparisons", ()):
                if "error" in c:
                    continue
                lo, hi = c["ci"][statistic] or (np.nan, np.nan)
                rows.append({"corpus": corpus, "reference": ref, "level": c["level"], "A − B": f"{c['a']} − {c['b']}",
                             "n": c["n"], "difference": c["difference"][statistic], "difference_lo": lo,
                             "difference_hi": hi, "p": c["p_value"][statistic], "p (A > B)": c["p_greater"][statistic]})
    long = pd.DataFrame(rows).set_index(["corpus", "reference", "level", "A − B"])
    return long.unstack("corpus").swaplevel(axis=1).reindex(columns=list(dict.fromkeys(long.index.get_level_values("corpus"))), level=0)


def _test_phrase(t: dict, statistic: str = "pearson") -> str:
    lo, hi = t["ci"][statistic] or (float("nan"), float("nan"))
    verdict = "significant" if significant(t["p_value"][statistic]) else "not significant"
    return (f"{t['difference'][statistic]:+.3f} [{lo:.3f}, {hi:.3f}], p = {t['p_value'][statistic]:.3f}, "
            f"{verdict}")


def judgment_claims(results: dict, statistic: str = "pearson") -> str:
    """The chapter's reading of :func:`pyrabench.scoring.experiments.judgment_results`, sentence
    by sentence from the figures:
    each claim names its paired test (difference of Pearson's r, 95 % interval, two-sided p)."""
    tests = {(corpus, ref, t["level"], t["a"], t["b"]): t for corpus, by_ref in results.items()
             for ref, r in by_ref.items() for t in r.get("comparisons", ()) if "error" not in t}

    def line(ref, level, a, b):
        parts = [f"{c} {_test_phrase(tests[c, ref, level, a, b], statistic)}" for c in results
                 if (c, ref, level, a, b) in tests]
        return "; ".join(parts)

    def count(ref, level, a, b, sign):
        return sum(1 for c in results if (c, ref, level, a, b) in tests
                   and significant(tests[c, ref, level, a, b]["p_value"][statistic])
                   and np.sign(tests[c, ref, level, a, b]["difference"][statistic]) == sign)

    n = len(results)
    text = [
        f"**Against the manual modified score**, the automated score minus ROUGE-2 (r) at summary level: "
        f"{line('modified', 'summary', 'auto', 'rouge_2')}. It is significantly ahead on "
        f"{count('modified', 'summary', 'auto', 'rouge_2', 1)} of {n} corpora. At system level: "
        f"{line('modified', 'system', 'auto', 'rouge_2')}; ROUGE-2 is significantly ahead on "
        f"{count('modified', 'system', 'auto', 'rouge_2', -1)} of {n}.",
        f"**Against responsiveness**, the manual pyramid minus ROUGE-2 at summary level: "
        f"{line('responsiveness', 'summary', 'modified', 'rouge_2')}; at system level: "
        f"{line('responsiveness', 'system', 'modified', 'rouge_2')}. The automated score minus ROUGE-2 at summary "
        f"level: {line('responsiveness', 'summary', 'auto', 'rouge_2')}; at system level: "
        f"{line('responsiveness', 'system', 'auto', 'rouge_2')}. The automated score minus the manual pyramid, its "
        f"ceiling, at summary level: {line('responsiveness', 'summary', 'auto', 'modified')}; at system level: "
        f"{line('responsiveness', 'system', 'auto', 'modified')}.",
    ]
    keys = list(tests)
    p = np.array([tests[k]["p_value"][statistic] for k in keys])
    held = dict(zip(keys, significant_after_holm(p)))  # one family: every test of this paragraph
    responsive = [k for k in keys if k[1] == judgments.RESPONSIVENESS]
    apart = int(sum(held[k] for k in responsive))
    text.append(f"{int(significant(p).sum())} of these {len(tests)} differences are significant at {ALPHA}, where "
                f"{ALPHA * len(tests):.1f} would be by chance alone if no difference were real; "
                f"{sum(held.values())} {'remains' if sum(held.values()) == 1 else 'remain'} significant after Holm's "
                f"correction for testing {len(tests)} at once. " + _responsiveness_claim(results, statistic, apart, len(responsive)))
    quality = [(c, ref, level, m, r[statistic]) for c, by_ref in results.items() for ref, res in by_ref.items()
               if ref.startswith("lq:") for level, by_m in res["levels"].items() for m, r in by_m.items()
               if statistic in r]
    if quality:
        negative = sum(1 for q in quality if q[-1] < 0)
        worst = min(quality, key=lambda q: q[-1])
        text.append(f"Linguistic quality is another matter: {negative} of the {len(quality)} correlations of a "
                    f"content metric with a quality question are negative, the strongest {worst[-1]:.3f} "
                    f"({worst[3]} against {worst[1]}, {judgments.QUESTIONS[int(worst[1][-1])]}, {worst[0]}, "
                    f"{worst[2]} level). " + ("What a summary says and how well it reads are different judgments."
                                              if 2 * negative >= len(quality) else
                                              "Most are positive: on this data, the content metrics also follow how "
                                              "well a summary reads."))
    return "\n\n".join(text)


def _responsiveness_claim(results: dict, statistic: str, apart: int, tested: int) -> str:
    """Whether the metrics correlate less with responsiveness than with the manual pyramid, counted
    over every (corpus, level, metric) both were computed for, and whether they differ from each
    other: ``apart`` of the ``tested`` paired tests against responsiveness survive Holm's correction."""
    pairs = [(r[statistic], by_ref["modified"]["levels"][level][m][statistic])
             for by_ref in results.values() if judgments.RESPONSIVENESS in by_ref and "modified" in by_ref
             for level, by_m in by_ref[judgments.RESPONSIVENESS]["levels"].items() for m, r in by_m.items()
             if m != "modified" and statistic in r
             and statistic in by_ref["modified"]["levels"].get(level, {}).get(m, {})]
    lower = sum(1 for resp, pyramid in pairs if resp < pyramid)
    if apart == 0:
        alike = f"indistinguishable from each other (none of the {tested} differences survives the correction)"
    elif 2 * apart <= tested:
        alike = (f"mostly indistinguishable from each other (only {apart} of the {tested} differences "
                 f"{'survives' if apart == 1 else 'survive'} the correction)")
    else:
        alike = f"yet {apart} of the {tested} differences between them survive the correction"
    why = ("Responsiveness judges the whole summary in one grade, and NIST's assessors graded it against the topic's "
           "question, not against the models the pyramid and ROUGE both build on")
    if pairs and lower == len(pairs):
        return f"{why}, so the metrics' correlations with it are lower than with the pyramid and {alike}."
    between = f"Against responsiveness the metrics are {alike}." if not alike.startswith("yet") else (
        f"Against responsiveness, {apart} of the {tested} differences between the metrics survive the correction.")
    if not pairs:
        return between
    if 2 * lower > len(pairs):
        return f"{why}, so {lower} of the metrics' {len(pairs)} correlations with it are lower than with the pyramid. {between}"
    return f"Only {lower} of the metrics' {len(pairs)} correlations with responsiveness are lower than with the pyramid. {between}"


def _joint_pairs(results: dict, statistic: str = "pearson") -> list[tuple[str, str, dict, dict]]:
    """``(corpus, reference, own-unit test, joint test)`` for every test run both ways."""
    out = []
    for corpus, by_ref in results.items():
        for ref, result in by_ref.items():
            own = {(t["a"], t["b"], t["level"]): t for t in result.get("comparisons", ()) if "error" not in t}
            for j in result.get("joint_comparisons", ()):
                key = (j.get("a"), j.get("b"), j.get("level"))
                if "error" not in j and key in own and own[key]["ci"][statistic] and j["ci"][statistic]:
                    out.append((corpus, ref, own[key], j))
    return out


def joint_scheme_view(results: dict, statistic: str = "pearson") -> pd.DataFrame:
    """Each paired test run on its level's own unit and with topics and systems drawn jointly
    (``joint``): the interval of the difference and the two-sided p, side by side. The reference
    and the pair are index levels only when they vary."""
    rows = []
    for corpus, ref, own, joint in _joint_pairs(results, statistic):
        rows.append({"corpus": corpus, "reference": ref, "level": own["level"], "A − B": f"{own['a']} − {own['b']}",
                     "difference": own["difference"][statistic], "unit": own["over"],
                     "interval": format_interval(own["ci"][statistic]), "p": own["p_value"][statistic],
                     "interval (joint)": format_interval(joint["ci"][statistic]), "p (joint)": joint["p_value"][statistic]})
    if not rows:
        return pd.DataFrame({"note": ["no paired test could be run both ways on this data"]})
    frame = pd.DataFrame(rows)
    keys = ["corpus", *(k for k in ("reference", "A − B") if frame[k].nunique() > 1), "level"]  # one value: the prose says it
    return frame.drop(columns=[k for k in ("reference", "A − B") if k not in keys]).set_index(keys)


def joint_scheme_claims(results: dict, statistic: str = "pearson") -> str:
    """What drawing topics and systems jointly changes, counted from :func:`joint_scheme_view`'s
    tests: how many intervals widen, by how much, and which verdicts at ``ALPHA`` change."""
    pairs = _joint_pairs(results, statistic)
    if not pairs:
        return ""
    width = {id(t): t["ci"][statistic][1] - t["ci"][statistic][0] for _, _, o, j in pairs for t in (o, j)}
    ratios = np.array([width[id(j)] / width[id(o)] if width[id(o)] > 0 else np.inf for _, _, o, j in pairs])
    wider = int((ratios > 1).sum())
    changed = [(c, o, j) for c, _, o, j in pairs
               if significant(o["p_value"][statistic]) != significant(j["p_value"][statistic])]
    text = (f"Drawing topics and systems jointly widens the interval of the difference in {wider} of the "
            f"{len(pairs)} tests (median width × {np.median(ratios):.2f}, from × {ratios.min():.2f} to "
            f"× {ratios.max():.2f}): an interval over one unit treats the other as fixed, and a claim about new "
            "summarizers on new inputs has to pay for both.")
    sharper = sum(1 for _, _, o, j in pairs if j["p_value"][statistic] < o["p_value"][statistic])
    if sharper:
        text += (f" Yet the joint permutation test gives the smaller p in {sharper} of them: it swaps single "
                 "summaries, so each arrangement mixes both metrics within every topic and every system, and its "
                 "null differences stay closer to 0 than those of whole-unit swaps.")
    if not changed:
        return text + f" No verdict at {ALPHA} changes."
    lost = [f"{c} {o['level']} level ({o['a']} − {o['b']}: p {o['p_value'][statistic]:.3f} → "
            f"{j['p_value'][statistic]:.3f})" for c, o, j in changed]
    return text + (f" The verdict at {ALPHA} changes in {len(changed)}: " + "; ".join(lost) + ".")


# --------------------------------------------------------------------------- the automated scorer per system


CAUSE_LABELS = {"words": "length (words)", "modified": "manual modified", "original": "manual original",
                "light": "share of weight-1 SCUs", "scu_error": "SCU count error"}


def system_error_view(errors: pd.DataFrame) -> pd.DataFrame:
    """:func:`pyrabench.scoring.experiments.system_error_causes`, its causes labelled."""
    return errors.rename(columns=CAUSE_LABELS)


def system_gap_claims(results: dict, errors: pd.DataFrame, sharpening: pd.DataFrame, statistic: str = "pearson") -> str:
    """The chapter's reading of the automated scorer's system-level gap to ROUGE-2, from the
    paired tests against the manual modified score, the per-system error causes and the
    sharpening attempt: every figure and every verdict from the arguments."""
    tests = {c: t for c, by_ref in results.items() for t in by_ref["modified"].get("comparisons", ())
             if t.get("level") == "system" and (t["a"], t["b"]) == ("auto", "rouge_2") and "error" not in t}
    behind = [c for c, t in tests.items() if t["difference"][statistic] < 0]
    gaps = [c for c in behind if significant(tests[c]["p_value"][statistic])]
    text = [f"Per system, the automated score trails ROUGE-2 on {listed(behind, 'no corpus')}"
            + (f"; the paired test finds that gap significant on {listed(gaps, 'none of them')} ("
               + "; ".join(f"{c}: {_test_phrase(tests[c], statistic)}" for c in behind) + ")." if behind else ".")]
    causes = errors.drop(columns="systems")
    ranked = causes.abs().mean().sort_values(ascending=False).index.tolist()

    def rs(cause):
        return ", ".join(f"{causes.loc[c, cause]:+.2f}" + (f" on {c}" if cause == ranked[0] else "") for c in causes.index)

    sentence = (f"Across systems, its error (system mean minus the manual mean) tracks the {ranked[0]} most closely "
                f"(r = {rs(ranked[0])})")
    if len(ranked) > 2:
        sentence += f", then the {ranked[1]} (r = {rs(ranked[1])}), and the {ranked[-1]} least (r = {rs(ranked[-1])})"
    sentence += "."
    manual = CAUSE_LABELS["modified"]
    if manual in causes and (causes[manual] < 0).all():
        sentence += (f" The error falls as the {manual} score rises on every corpus: the expected score credits "
                     "every SCU with its probability, so a weak system collects many small probabilities for SCUs "
                     "it does not express and a strong one loses some of those it does, and the score is "
                     "compressed towards the middle, by an amount that differs from system to system.")
    text.append(sentence)
    text.append(_sharpening_claim(sharpening))
    return "\n\n".join(text)


def _sharpening_claim(sharpening: pd.DataFrame) -> str:
    """Whether sharpening the probabilities helps, read from :func:`pyrabench.scoring.experiments.sharpening`'s frame."""
    chosen_on = sharpening.attrs.get("chosen_on")
    gammas = sharpening.index.get_level_values("γ")
    base_gamma = float(gammas[0])
    chosen = sharpening[sharpening["chosen"]].reset_index().set_index("corpus")
    gamma = float(chosen["γ"].iloc[0])
    where = f"chosen on {chosen_on} by system-level Pearson" if chosen_on else "not chosen: its corpus was not loaded"
    if gamma == base_gamma:
        return (f"Sharpening the probabilities (p^γ, γ {where}) does not raise the system level on {chosen_on} "
                f"over γ = {base_gamma:g}, so the default keeps γ = {base_gamma:g}." if chosen_on else
                f"Sharpening the probabilities (p^γ) was not tried ({where}); the default keeps γ = {base_gamma:g}.")
    base = sharpening.xs(base_gamma, level="γ")
    delta = chosen["system"] - base["system"]
    lower = int((chosen["summary"] < base["summary"]).sum())
    moved = ", ".join(f"{c} {base.loc[c, 'system']:.3f} → {chosen.loc[c, 'system']:.3f}" for c in chosen.index)
    others = [c for c in chosen.index if c != chosen_on]
    helps_elsewhere = bool(others) and bool((delta[others] > 0).all()) and lower == 0
    verdict = ("it raises the system level on every other corpus without lowering the summary level, a lever the "
               f"default (γ = {base_gamma:g}) leaves unused" if helps_elsewhere else
               "it does not raise the system level on every corpus it was not chosen on"
               + (f" and lowers the summary level on {lower} of {len(chosen)}" if lower else "")
               + f": the compression is not a matter of how sharp the probabilities are, so the default keeps "
                 f"γ = {base_gamma:g}")
    return (f"Sharpening the probabilities (p^γ, γ = {gamma:g} {where}) moves the system level by at most "
            f"{float(delta.abs().max()):.3f} ({moved}); {verdict}.")
