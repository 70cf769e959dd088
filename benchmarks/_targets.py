"""The project's own targets for the calibrated scorer, and which of them a study's rows meet.

These are development goals, not findings: the book compares the scorer with ROUGE-2, token
recall, the papers' figures and the human judgments, never with a goal of ours. The scripts of
this folder (``bench_levers.py``, ``bench_domains.py``, ``bench_adapt.py``, ``bench_variants.py``)
print these checklists beside the tables the package computes, and write them into their reports.

Every figure read here comes from a table of :mod:`pyrabench.scoring.studies`; nothing is
computed but the comparisons.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

# --------------------------------------------------------------------------- the scorer across corpora

#: On a DUC corpus the model never saw (:func:`pyrabench.scoring.studies.transfer.transfer_table`):
#: SCU-set F1, the share of summaries and systems inside their 95 % intervals, and per system a
#: Pearson and a Kendall at least ROUGE-2's.
TRANSFER = {"set_f1": 0.65, "summary_coverage": 0.93, "system_coverage": 0.90}


def transfer_met(row) -> dict[str, bool]:
    """Which of :data:`TRANSFER` a transfer-table row meets, and whether its per-system Pearson and
    Kendall are at least ROUGE-2's (``pearson``, ``kendall``; the combined score's:
    ``combined_pearson``, ``combined_kendall``)."""
    out = {k: bool(row[k] >= v) for k, v in TRANSFER.items()}
    for stat in ("pearson", "kendall"):
        out[stat] = bool(row[f"system_{stat}_estimate"] >= row[f"system_{stat}_rouge_2"])
        if f"system_{stat}_combined" in row:
            out[f"combined_{stat}"] = bool(row[f"system_{stat}_combined"] >= row[f"system_{stat}_rouge_2"])
    return out


# --------------------------------------------------------------------------- the lever search

#: Per DUC direction of the lever table (fitted on one corpus, scoring another), and on a labelled
#: lite dataset (PyrXSum) calibrated on DUC alone (``counted``: the mean units counted within this
#: share of the mean units present).
LEVER_DUC = {"f1": 0.65, "ece": 0.05}
LEVER_LITE = {"f1": 0.65, "ece": 0.05, "summary_r": 0.70, "system_r": 0.98, "counted": 0.10}


def lever_met(row, lite_name: str = "PyrXSum") -> dict[str, bool]:
    """Which targets a lever-table row meets: ``DUC f1`` / ``DUC ece`` in every direction, and each
    of :data:`LEVER_LITE` on the lite dataset (when the row has it)."""
    f1 = [v for k, v in row.items() if k.startswith("f1 ")]
    ece = [v for k, v in row.items() if k.startswith("ece ")]
    out = {"DUC f1": bool(min(f1) >= LEVER_DUC["f1"]), "DUC ece": bool(max(ece) <= LEVER_DUC["ece"])}
    if f"{lite_name} f1" in row:
        g = {k: row[f"{lite_name} {k}"] for k in ("f1", "ece", "summary_r", "system_r", "counted", "present")}
        out.update({f"{lite_name} f1": bool(g["f1"] >= LEVER_LITE["f1"]),
                    f"{lite_name} ece": bool(g["ece"] <= LEVER_LITE["ece"]),
                    f"{lite_name} summary r": bool(g["summary_r"] >= LEVER_LITE["summary_r"]),
                    f"{lite_name} system r": bool(g["system_r"] >= LEVER_LITE["system_r"]),
                    f"{lite_name} counted": bool(abs(g["counted"] - g["present"]) <= LEVER_LITE["counted"] * g["present"])})
    return out


def lever_checklist(table: pd.DataFrame, lite_name: str = "PyrXSum") -> str:
    """Which lever reaches which target, in words (every figure from ``table``)."""
    met = {row["lever"]: lever_met(row, lite_name) for _, row in table.iterrows()}
    targets = list(next(iter(met.values())))
    lines = []
    for t in targets:
        who = [lever for lever, m in met.items() if m[t]]
        lines.append(f"* {t}: " + (", ".join(who) if who else "no lever") + ".")
    f1 = table[[c for c in table.columns if c.startswith("f1 ")]]
    best = f1.min(axis=1).idxmax()
    lines.append(f"\nThe best worst-direction SCU-set F1 is {f1.min(axis=1)[best]:.3f} "
                 f"({table.loc[best, 'lever']}); the target is {LEVER_DUC['f1']:.2f}.")
    return "Targets reached, lever by lever:\n\n" + "\n".join(lines)


# --------------------------------------------------------------------------- leave one domain out

#: On a domain the model never saw (:func:`pyrabench.scoring.studies.leave_one_out.leave_one_out_table`):
#: ECE at most, units F1 and interval coverage at least, per summary at least the best baseline's
#: Pearson plus ``summary_margin``, per system at least ROUGE-2's Pearson and Kendall.
DOMAINS = {"ece": 0.05, "units_f1": 0.65, "summary_coverage": 0.90, "system_coverage": 0.90, "summary_margin": 0.10,
           "pairs_wrong": 0.05}
#: The baselines a leave-one-domain-out row may carry (``summary_pearson_<baseline>``).
BASELINES = ("rouge_2", "token_recall")


def domain_met(row) -> dict[str, bool]:
    """Which of :data:`DOMAINS` a leave-one-domain-out row meets: ``ece``, ``units F1``, the two
    coverages, ``summary r`` (the estimate's Pearson at least every baseline's plus the margin)
    and per system ``system r`` and ``system τ`` at least ROUGE-2's; ``pairs wrong``: at most
    ``pairs_wrong`` of the pairs of systems the estimate decides are wrong (met when it decides none)."""
    def get(k):
        v = row.get(k, np.nan)
        return float(v) if v is not None else np.nan

    base = [get(f"summary_pearson_{b}") for b in BASELINES if f"summary_pearson_{b}" in row]
    return {"ece": bool(get("ece") <= DOMAINS["ece"]), "units F1": bool(get("units_f1") >= DOMAINS["units_f1"]),
            "summary coverage": bool(get("summary_coverage") >= DOMAINS["summary_coverage"]),
            "system coverage": bool(get("system_coverage") >= DOMAINS["system_coverage"]),
            "summary r": bool(base and get("summary_pearson_estimate") >= np.nanmax(base) + DOMAINS["summary_margin"]),
            "system r": bool(get("system_pearson_estimate") >= get("system_pearson_rouge_2")),
            "system τ": bool(get("system_kendall_estimate") >= get("system_kendall_rouge_2")),
            "pairs wrong": bool(not get("wrong_estimate") > DOMAINS["pairs_wrong"])}


def _where(row) -> str:
    return f"{row['held_out']} as {row['view']}"


def domain_checklist(table: pd.DataFrame) -> str:
    """Which held-out directions reach which of :data:`DOMAINS`, in words."""
    rows = table.dropna(subset=["ece"]) if "ece" in table else table.iloc[:0]
    met = {_where(r): domain_met(r) for r in rows.to_dict("records")}
    if not met:
        return "No direction could be fitted."
    lines = []
    for t in next(iter(met.values())):
        missed = [w for w, m in met.items() if not m[t]]
        lines.append(f"* {t}: " + ("every direction" if not missed else f"missed by {', '.join(missed)}") + ".")
    goal = (f"ECE ≤ {DOMAINS['ece']:.2f}, units F1 ≥ {DOMAINS['units_f1']:.2f}, ≥ {DOMAINS['summary_coverage']:.0%} "
            f"of the summaries and ≥ {DOMAINS['system_coverage']:.0%} of the systems inside their 95 % intervals, "
            f"summary r ≥ the best baseline's + {DOMAINS['summary_margin']:.2f}, system r and τ ≥ ROUGE-2's")
    return f"Targets ({goal}), direction by direction:\n\n" + "\n".join(lines)


def domain_table(table: pd.DataFrame) -> pd.DataFrame:
    """One row per direction, one column per target of :data:`DOMAINS`: ``yes`` or ``no``."""
    rows = table.dropna(subset=["ece"]).reset_index(drop=True)
    met = pd.DataFrame([domain_met(r) for r in rows.to_dict("records")]).replace({True: "yes", False: "no"})
    return pd.concat([rows[["held_out", "view"]], met], axis=1)


# --------------------------------------------------------------------------- a user's own labels

#: Unadapted ECE in every direction; with ``n`` labelled examples (the recommended
#: :data:`pyrabench.scoring.studies.adaptation.RECOMMENDED_N`), ECE and the share of the other
#: summaries inside their 95 % interval.
ADAPTATION = {"ece_unadapted": 0.05, "ece_adapted": 0.03, "summary_coverage_adapted": 0.93,
              "system_coverage_adapted": 0.90}


def adaptation_met(summary: pd.DataFrame, n: int) -> dict[str, dict[str, bool]]:
    """Per scored direction of :func:`pyrabench.scoring.studies.adaptation.summary_table`:
    unadapted ECE ≤ .05 (as fitted, and after the label-shift correction); with ``n`` labelled
    examples, mean ECE ≤ .03, mean summary coverage ≥ .93 and mean system coverage ≥ .90 on the
    other examples."""
    out = {}
    for scored, g in summary.groupby("scored", sort=False):
        by = g.set_index("method")
        adapted = by.loc[f"adapt {n}"] if f"adapt {n}" in by.index else None
        out[scored] = {"ece unadapted": bool(by.loc["none", "ece"] <= ADAPTATION["ece_unadapted"]),
                       "ece label shift": bool(by.loc["label shift", "ece"] <= ADAPTATION["ece_unadapted"]),
                       f"ece adapt {n}": adapted is not None and bool(adapted["ece"] <= ADAPTATION["ece_adapted"]),
                       f"summary coverage adapt {n}": adapted is not None and bool(
                           adapted["summary_coverage"] >= ADAPTATION["summary_coverage_adapted"]),
                       f"system coverage adapt {n}": adapted is not None and bool(
                           adapted["system_coverage"] >= ADAPTATION["system_coverage_adapted"])}
    return out


def adaptation_checklist(summary: pd.DataFrame, n: int, names: dict | None = None) -> str:
    """:func:`adaptation_met`, direction by direction, in words (``names``: how a direction is shown)."""
    names = names or {}
    met = adaptation_met(summary, n)
    lines = []
    for key, label in ((f"ece adapt {n}", f"ECE ≤ {ADAPTATION['ece_adapted']:.2f} with {n} labelled examples"),
                       (f"summary coverage adapt {n}",
                        f"≥ {ADAPTATION['summary_coverage_adapted'] * 100:.0f} % of the other summaries inside their "
                        f"interval with {n} labelled examples"),
                       (f"system coverage adapt {n}",
                        f"≥ {ADAPTATION['system_coverage_adapted'] * 100:.0f} % of the systems inside their interval "
                        f"with {n} labelled examples"),
                       ("ece unadapted", f"ECE ≤ {ADAPTATION['ece_unadapted']:.2f} unadapted"),
                       ("ece label shift", f"ECE ≤ {ADAPTATION['ece_unadapted']:.2f} after the label-shift correction")):
        yes = [names.get(d, d) for d, m in met.items() if m[key]]
        no = [names.get(d, d) for d, m in met.items() if not m[key]]
        lines.append(f"* {label}: met on {', '.join(yes) if yes else 'none'}"
                     + (f"; missed on {', '.join(no)}." if no else "."))
    return "Targets, direction by direction:\n\n" + "\n".join(lines)
