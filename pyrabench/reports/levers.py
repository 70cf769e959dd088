"""The SCU model's lever table as ``benchmarks/bench_levers.py`` prints it and writes it into
``benchmarks/levers.md`` (labels only: the figures are
:func:`pyrabench.scoring.studies.levers.lever_table`'s)."""

from __future__ import annotations

import pandas as pd

from .tables import column_groups

SHORT = {"duc2006": "06", "duc2007": "07", "duc2007-update": "07u"}


def _short(name: str) -> str:
    return SHORT.get(name, name)


def lever_view(table: pd.DataFrame, lite_name: str = "PyrXSum") -> pd.DataFrame:
    """One row per lever: the SCU-set F1 of each DUC direction (fitted on → scored), the worst
    ECE and AUC over them, and on the lite dataset its units F1, AUC, ECE, summary r (per example,
    averaged), system r and the units counted / present per summary."""
    out = pd.DataFrame({"lever": table["lever"]})
    for col in (c for c in table.columns if c.startswith("f1 ")):
        train, test = col[3:].split("→")
        out[f"F1 {_short(train)}→{_short(test)}"] = table[col].round(3)
    out["DUC ECE (worst)"] = table[[c for c in table.columns if c.startswith("ece ")]].max(axis=1).round(3)
    auc = [c for c in table.columns if c.startswith("auc ")]
    if auc:
        out["DUC AUC (worst)"] = table[auc].min(axis=1).round(3)
    if f"{lite_name} f1" in table.columns:
        for k, label in (("f1", "units F1"), ("auc", "AUC"), ("ece", "ECE"), ("summary_r", "summary r"),
                         ("system_r", "system r")):
            out[f"{lite_name} {label}"] = table[f"{lite_name} {k}"].round(3)
        out[f"{lite_name} counted / present"] = [f"{a:.2f} / {b:.2f}" for a, b in zip(
            table[f"{lite_name} counted"], table[f"{lite_name} present"])]
    return out.reset_index(drop=True)


def lever_groups(view: pd.DataFrame, lite_name: str = "PyrXSum") -> pd.DataFrame:
    """:func:`lever_view` in three tables (:func:`.tables.column_groups`): the F1 of each DUC
    direction, the worst ECE and AUC over them, and the lite dataset's figures (its name taken off
    their headers)."""
    lite = [c for c in view.columns if c.startswith(f"{lite_name} ")]
    shown = view.rename(columns={c: c[len(lite_name) + 1:] for c in lite})
    return column_groups(shown, ["lever"], {
        "SCU-set F1, fitted on → scored (DUC)": [c for c in view.columns if c.startswith("F1 ")],
        "over the DUC directions": ["DUC ECE (worst)", "DUC AUC (worst)"],
        f"{lite_name}, fitted on DUC": [c[len(lite_name) + 1:] for c in lite]})
