"""The leave-one-domain-out table as the page across domains and ``benchmarks/bench_domains.py``
show it (labels and words only: the figures are
:func:`pyrabench.scoring.studies.leave_one_out.leave_one_out_table`'s)."""

from __future__ import annotations

import pandas as pd

from ..resampling import CONFIDENCE
from ..scoring.studies.leave_one_out import BASELINES, FOREIGN_RULE, STRICT, foreign_evidence

#: The share of wrong decisions a comparison at the 95 % level is read against: the test's own level.
LEVEL = 1 - CONFIDENCE

#: How a score is named in the table's headers.
SCORE_NAMES = {"estimate": "model", "rouge_2": "ROUGE-2", "token_recall": "MiniLM token recall"}


def _scores(table: pd.DataFrame) -> list[str]:
    return ["estimate", *(b for b in BASELINES if f"summary_pearson_{b}" in table)]


def domain_view(table: pd.DataFrame) -> pd.DataFrame:
    """One row per held-out domain and view (the index: "duc2006 as pyramids"): what it was fitted on, units F1, AUC, ECE, units
    counted / present per summary, per summary and per system Pearson and Kendall of the model and
    of each baseline ("model / ROUGE-2 [/ MiniLM token recall]"), and the 95 % intervals'
    coverage (mean width) for summaries and systems."""
    scores = _scores(table)
    out = pd.DataFrame({"fitted on": table["fitted_on"]})
    if "error" in table:
        out["error"] = table["error"].fillna("")
    out["units F1"] = table["units_f1"].round(3)
    out["AUC"] = table["auc"].round(3)
    out["ECE"] = table["ece"].round(3)
    out["counted / present"] = [f"{a:.2f} / {b:.2f}" for a, b in zip(table["counted"], table["present"])]
    for level in ("summary", "system"):
        for stat, sym in (("pearson", "r"), ("kendall", "τ")):
            cols = [table[f"{level}_{stat}_{s}"] for s in scores]
            out[f"{level} {sym} ({' / '.join(SCORE_NAMES[s] for s in scores)})"] = [
                " / ".join(f"{v:.3f}" for v in vals) for vals in zip(*cols)]
    for level, plural in (("summary", "summaries"), ("system", "systems")):
        out[f"{plural} inside (width)"] = [f"{c * 100:.1f} % ({w:.2f})" for c, w in
                                           zip(table[f"{level}_coverage"], table[f"{level}_width"])]
    if "system_coverage_pooled" in table:
        out["systems inside, pooled conformal (width)"] = [
            f"{c * 100:.1f} % ({w:.2f})" if c == c else "—" for c, w in
            zip(table["system_coverage_pooled"], table["system_width_pooled"])]
    out.index = pd.Index([f"{h} as {v}" for h, v in zip(table["held_out"], table["view"])], name="held out")
    return out


def _where(row) -> str:
    return f"{row['held_out']} as {row['view']}"


def domain_numbers(table: pd.DataFrame) -> dict:
    """The figures the page's prose glues: how many directions, the worst and the median ECE, the
    lowest interval coverages and the units F1 range and where, and in how many directions the
    model's Pearson and Kendall are at least ROUGE-2's per system, and its Pearson at least every
    baseline's per summary (with the smallest and largest lead over the best baseline)."""
    rows = table.dropna(subset=["ece"]).reset_index(drop=True)
    worst_ece = rows.loc[rows["ece"].idxmax()]
    low_sys = rows.loc[rows["system_coverage"].idxmin()]
    low_sum = rows.loc[rows["summary_coverage"].idxmin()]
    best_base = rows[[f"summary_pearson_{b}" for b in BASELINES if f"summary_pearson_{b}" in rows]].max(axis=1)
    lead = rows["summary_pearson_estimate"] - best_base
    return {"lodo_rows": int(len(rows)), "lodo_domains": int(rows["held_out"].nunique()),
            "lodo_worst_ece": float(worst_ece["ece"]), "lodo_worst_ece_where": _where(worst_ece),
            "lodo_median_ece": float(rows["ece"].median()),
            "lodo_min_system_coverage": float(low_sys["system_coverage"] * 100),
            "lodo_min_system_coverage_where": _where(low_sys),
            "lodo_min_summary_coverage": float(low_sum["summary_coverage"] * 100),
            "lodo_min_summary_coverage_where": _where(low_sum),
            "lodo_f1_low": float(rows["units_f1"].min()), "lodo_f1_high": float(rows["units_f1"].max()),
            "lodo_system_r_wins": int((rows["system_pearson_estimate"] >= rows["system_pearson_rouge_2"]).sum()),
            "lodo_system_tau_wins": int((rows["system_kendall_estimate"] >= rows["system_kendall_rouge_2"]).sum()),
            "lodo_summary_r_wins": int((lead >= 0).sum()),
            "lodo_summary_lead_low": float(lead.min()), "lodo_summary_lead_high": float(lead.max())}


def _inside(coverage, width) -> list[str]:
    return [f"{c * 100:.1f} % ({w:.2f})" if c == c else "—" for c, w in zip(coverage, width)]


def foreign_table(table: pd.DataFrame) -> pd.DataFrame:
    """Per held-out direction (the index: "duc2006 as pyramids"), what units of a domain the model
    never saw get: the level's error (mean estimate − mean truth; per system, its range), the
    domain term read off the other held-out domains of the view, the summaries and systems inside
    (mean width) of the model's own 95 % intervals and of the intervals widened by the term, and
    what the scorer prints for foreign units of that view (:func:`.leave_one_out.foreign_evidence`)."""
    rows = table.dropna(subset=["level_error"]).reset_index(drop=True) if "level_error" in table else table.iloc[:0]
    printed = {v: ("widened by the domain term" if foreign_evidence(rows, v).backed else "no level interval")
               for v in ("pyramids", "lite")}
    out = pd.DataFrame({
        "level's error": [f"{e:+.3f}" for e in rows["level_error"]],
        "per system": [f"{a:+.3f} to {b:+.3f}" for a, b in zip(rows["system_error_low"], rows["system_error_high"])],
        "domain term": [f"±{t:.3f}" if t == t else "—" for t in rows["domain_term"]],
        "summaries inside, model (width)": _inside(rows["summary_coverage"], rows["summary_width"]),
        "summaries inside, widened (width)": _inside(rows["summary_coverage_domain"], rows["summary_width_domain"]),
        "systems inside, model (width)": _inside(rows["system_coverage"], rows["system_width"]),
        "systems inside, widened (width)": _inside(rows["system_coverage_domain"], rows["system_width_domain"]),
        "printed for foreign units": [printed[v] for v in rows["view"]]})
    out.index = pd.Index([f"{h} as {v}" for h, v in zip(rows["held_out"], rows["view"])], name="held out")
    return out


def _share(v, decimals: int = 1) -> str:
    return f"{v * 100:.{decimals}f} %" if v == v else "—"


def pair_view(table: pd.DataFrame) -> pd.DataFrame:
    """The system comparisons of each held-out direction (the index as :func:`domain_view`'s):
    how many pairs of systems, the share the truth's own bootstrap decides (the manual scores, the
    labels), and per score the share it decides and, of those, the share decided against the
    truth's means (in brackets: against a truth that decides the pair itself); last, the model's
    decided and wrong shares at the stricter level :data:`~pyrabench.scoring.studies.leave_one_out.STRICT`."""
    rows = table.dropna(subset=["pairs"]).reset_index(drop=True) if "pairs" in table else table.iloc[:0]
    scores = [s for s in _scores(rows) if f"decided_{s}" in rows]
    out = pd.DataFrame({"pairs of systems": rows["pairs"].astype(int) if len(rows) else [],
                        "truth decides": [_share(v) for v in rows.get("decided_truth", [])]})
    for s in scores:
        out[f"{SCORE_NAMES[s]} decides"] = [_share(v) for v in rows[f"decided_{s}"]]
        out[f"{SCORE_NAMES[s]} wrong (vs a sure truth)"] = [
            f"{_share(w)} ({_share(u)})" if w == w else "—" for w, u in zip(rows[f"wrong_{s}"],
                                                                          rows[f"sure_wrong_{s}"])]
    if "strict_decided_estimate" in rows:
        out[f"model at {STRICT * 100:g} %: decides / wrong"] = [
            f"{_share(d)} / {_share(w)}" for d, w in zip(rows["strict_decided_estimate"], rows["strict_wrong_estimate"])]
    out.index = pd.Index([f"{h} as {v}" for h, v in zip(rows["held_out"], rows["view"])], name="held out")
    return out


def foreign_numbers(table: pd.DataFrame) -> dict:
    """The figures the page glues about foreign units, per view (``foreign_pyramids_*``,
    ``foreign_lite_*``): whether an interval is printed, the domain term, the lowest coverages of
    the model's own and of the widened intervals, and the rule's reason; the ``--adapt`` size."""
    from ..scoring.foreign import ADAPT_N

    out: dict = {"foreign_adapt_n": ADAPT_N, "foreign_rule_coverage": FOREIGN_RULE["coverage"] * 100,
                 "foreign_rule_directions": FOREIGN_RULE["directions"]}
    for view in ("pyramids", "lite"):
        ev = foreign_evidence(table, view)
        d = ev.directions
        low = {c: float(d[c].min() * 100) if len(d) else float("nan") for c in
               ("summary_coverage", "system_coverage", "summary_coverage_domain", "system_coverage_domain")}
        out.update({f"foreign_{view}_printed": "widened by the domain term" if ev.backed else "no level interval",
                    f"foreign_{view}_term": ev.term, f"foreign_{view}_why": ev.why,
                    f"foreign_{view}_directions": int(len(d)),
                    **{f"foreign_{view}_min_{k}": v for k, v in low.items()}})
    return out


def pair_numbers(table: pd.DataFrame) -> dict:
    """The figures the page's prose on system comparisons glues: the worst wrong share of the
    model and of ROUGE-2 and where, how many directions keep the model's wrong share within the
    test's level (:data:`LEVEL`), the range of the decided shares, in how many directions the
    model decides more pairs than ROUGE-2 and than the truth itself, and the worst share decided
    against a truth that decides the pair itself; the same at the stricter level (``pairs_strict_``)."""
    rows = table.dropna(subset=["decided_estimate"]).reset_index(drop=True)
    # a direction where a score decides no pair has none wrong (its share is NaN: 0 of 0)
    wrong = rows["wrong_estimate"].fillna(0.0)
    strict = rows["strict_wrong_estimate"].fillna(0.0)
    rouge = rows["wrong_rouge_2"].fillna(0.0)
    worst_strict, worst, worst_rouge = rows.loc[strict.idxmax()], rows.loc[wrong.idxmax()], rows.loc[rouge.idxmax()]
    return {"pairs_rows": int(len(rows)), "pairs_level": LEVEL * 100,
            "pairs_wrong_met": int((wrong <= LEVEL).sum()),
            "pairs_wrong_max": float(wrong.max() * 100), "pairs_wrong_max_where": _where(worst),
            "pairs_rouge_wrong_max": float(rouge.max() * 100),
            "pairs_rouge_wrong_max_where": _where(worst_rouge),
            "pairs_sure_wrong_max": float(rows["sure_wrong_estimate"].fillna(0.0).max() * 100),
            "pairs_decided_low": float(rows["decided_estimate"].min() * 100),
            "pairs_decided_high": float(rows["decided_estimate"].max() * 100),
            "pairs_more_than_rouge": int((rows["decided_estimate"] > rows["decided_rouge_2"]).sum()),
            "pairs_more_than_truth": int((rows["decided_estimate"] > rows["decided_truth"]).sum()),
            "pairs_strict": STRICT * 100, "pairs_strict_wrong_max": float(strict.max() * 100),
            "pairs_strict_wrong_max_where": _where(worst_strict),
            "pairs_strict_wrong_met": int((strict <= LEVEL).sum()),
            "pairs_strict_decided_low": float(rows["strict_decided_estimate"].min() * 100),
            "pairs_strict_decided_high": float(rows["strict_decided_estimate"].max() * 100)}


def pair_claims(table: pd.DataFrame) -> str:
    """Where more of the model's decided pairs than the test's level (:data:`LEVEL`) are wrong, with
    the counts, and how many of its wrong decisions are against a truth that decides the pair
    itself, in words."""
    rows = table.dropna(subset=["decided_estimate"]).to_dict("records")
    if not rows:
        return "No direction compared its systems."
    decided = [round(r["decided_estimate"] * r["pairs"]) for r in rows]
    wrong = [round(r["wrong_estimate"] * d) if d else 0 for r, d in zip(rows, decided)]
    sure = [round(r["sure_wrong_estimate"] * d) if d else 0 for r, d in zip(rows, decided)]
    missed = [f"{_where(r)} ({w} of {d} decided pairs, {w / d * 100:.1f} %; {s} of them against a truth that "
              "decides the pair)" for r, d, w, s in zip(rows, decided, wrong, sure) if d and w / d > LEVEL]
    level = f"{LEVEL * 100:g} %"
    text = (f"The model's decisions are at most {level} wrong, the test's level, in every direction." if not missed
            else f"The model's decisions are more than {level} wrong, the test's level, in {' and '.join(missed)}.")
    total, against = sum(wrong), sum(sure)
    if not total:
        return f"{text} Over the {len(rows)} directions it decides {sum(decided):,} pairs, none the other way."
    return (f"{text} Over the {len(rows)} directions it decides {sum(decided):,} pairs, {total:,} of them the "
            f"other way from the truth's means; {against:,} of those against a truth whose own bootstrap decides "
            "the pair, the rest on pairs the truth's own sample cannot order.")
