"""The leave-one-domain-out table as the page across domains and ``benchmarks/bench_domains.py``
show it (labels and words only: the figures are
:func:`pyrabench.scoring.studies.leave_one_out.leave_one_out_table`'s)."""

from __future__ import annotations

import pandas as pd

from ..scoring.studies.leave_one_out import BASELINES

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
