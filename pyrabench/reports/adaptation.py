"""What a user's own labels buy, as chapter 8 shows it (labels and words only: the figures are
:func:`pyrabench.scoring.studies.adaptation.adaptation_table`'s)."""

from __future__ import annotations

import pandas as pd

from ..scoring.studies.adaptation import TARGET_N, TARGETS, summary_table, targets_met

NAMES = {"duc2006": "DUC 2006 (lite views)", "duc2007": "DUC 2007 (lite views)",
         "duc2007-update": "DUC 2007 update (lite views)"}
METHODS = {"none": "as fitted", "label shift": "label shift (EM)"}


def _method(m: str) -> str:
    return METHODS.get(m, m.replace("adapt ", "adapted on ") + " examples" if m.startswith("adapt ") else m)


def _spread(mean: pd.Series, sd: pd.Series, digits: int = 3) -> list[str]:
    return [f"{m:.{digits}f}" if pd.isna(s) else f"{m:.{digits}f} ± {s:.{digits}f}" for m, s in zip(mean, sd)]


def adaptation_view(table: pd.DataFrame) -> pd.DataFrame:
    """One row per (scored data, method): the units' ECE (adapted: mean ± sd over the seeds, and
    the unadapted ECE on the same examples), AUC and F1, the summaries inside their 95 % interval
    with its mean width, and the systems inside theirs."""
    s = summary_table(table)
    out = pd.DataFrame({"scored": s["scored"].map(lambda n: NAMES.get(n, n)), "scorer": s["method"].map(_method)})
    out["ECE"] = _spread(s["ece"], s["ece sd"])
    out["ECE before, same examples"] = [f"{v:.3f}" if pd.notna(v) else "" for v in s.get("ece_before", pd.Series(
        [float("nan")] * len(s)))]
    out["AUC"] = s["auc"].round(3)
    out["units F1"] = s["f1"].round(3)
    out["summaries inside"] = _spread(s["summary_coverage"], s["summary_coverage sd"])
    out["summary width"] = s["summary_width"].round(3)
    out["systems inside"] = _spread(s["system_coverage"], s["system_coverage sd"])
    return out.set_index(["scored", "scorer"])


def adaptation_claims(table: pd.DataFrame, n: int = TARGET_N) -> str:
    """The targets (:data:`.adaptation.TARGETS`), direction by direction, in words (every figure from ``table``)."""
    s = summary_table(table)
    met = targets_met(s, n)
    lines = []
    for name, label in ((f"ece adapt {n}", f"ECE ≤ {TARGETS['ece_adapted']:.2f} with {n} labelled examples"),
                        (f"summary coverage adapt {n}",
                         f"≥ {TARGETS['summary_coverage_adapted'] * 100:.0f} % of the other summaries inside their "
                         f"interval with {n} labelled examples"),
                        ("ece unadapted", f"ECE ≤ {TARGETS['ece_unadapted']:.2f} unadapted"),
                        ("ece label shift", f"ECE ≤ {TARGETS['ece_unadapted']:.2f} after the label-shift correction")):
        yes = [NAMES.get(d, d) for d, m in met.items() if m[name]]
        no = [NAMES.get(d, d) for d, m in met.items() if not m[name]]
        lines.append(f"* {label}: met on {', '.join(yes) if yes else 'none'}"
                     + (f"; missed on {', '.join(no)}." if no else "."))
    return "Targets, direction by direction:\n\n" + "\n".join(lines)
