"""What a user's own labels buy, as chapter 8 shows it (one row per domain at the recommended
``--adapt N``) and as ``benchmarks/bench_adapt.py`` prints the whole grid over sizes and seeds
(labels and words only: the figures are :func:`pyrabench.scoring.studies.adaptation.adaptation_table`'s)."""

from __future__ import annotations

import pandas as pd

from ..scoring.studies.adaptation import RECOMMENDED_N, summary_table

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


def adaptation_row_view(table: pd.DataFrame, n: int = RECOMMENDED_N) -> pd.DataFrame:
    """One row per scored domain, at ``--adapt n``: the units' ECE as fitted, after the label-shift
    correction and adapted on ``n`` examples (mean ± sd over the seeds, with the unadapted ECE on
    the same examples), and the summaries and systems inside their 95 % intervals as fitted and
    adapted ("—" where the domain has too few examples for ``n``)."""
    s = summary_table(table)
    rows = []
    for scored, g in s.groupby("scored", sort=False):
        by = g.set_index("method")
        none, shift = by.loc["none"], by.loc["label shift"]
        a = by.loc[f"adapt {n}"] if f"adapt {n}" in by.index else None

        def spread(col, digits=3):
            return "—" if a is None else _spread(pd.Series([a[col]]), pd.Series([a[f"{col} sd"]]), digits)[0]

        rows.append({
            "scored domain": NAMES.get(scored, scored),
            "ECE as fitted": f"{none['ece']:.3f}", "ECE, label shift": f"{shift['ece']:.3f}",
            f"ECE adapted on {n} (before)": "—" if a is None else f"{spread('ece')} ({a['ece_before']:.3f})",
            "summaries inside, as fitted": f"{none['summary_coverage']:.3f}",
            f"summaries inside, adapted on {n}": spread("summary_coverage"),
            "systems inside, as fitted": f"{none['system_coverage']:.3f}",
            f"systems inside, adapted on {n}": spread("system_coverage")})
    return pd.DataFrame(rows).set_index("scored domain")


def adaptation_reading(table: pd.DataFrame, n: int = RECOMMENDED_N) -> str:
    """In words, at ``--adapt n``: the range over the domains of the adapted ECE against the
    unadapted ECE on the same examples, and of the summaries inside their 95 % interval adapted
    and as fitted ("" when no domain has enough examples for ``n``)."""
    s = summary_table(table)
    a, none = s[s["method"] == f"adapt {n}"], s[s["method"] == "none"]
    if not len(a):
        return ""

    def span(col, frame, fmt):
        lo, hi = frame[col].min(), frame[col].max()
        return format(lo, fmt) if lo == hi else f"{format(lo, fmt)} to {format(hi, fmt)}"

    return (f"Adapted on {n} labelled examples, the ECE on the other examples is {span('ece', a, '.3f')} over the "
            f"{len(a)} domain(s), where the unadapted model's on the same examples is {span('ece_before', a, '.3f')}; "
            f"{span('summary_coverage', a, '.1%')} of those summaries fall inside their 95 % interval "
            f"({span('summary_coverage', none, '.1%')} as fitted, on every example).")
