"""A user's own labels on a new domain, over sizes and seeds: the adaptation grid, the levers behind
``--adapt``'s method, and which of the project's targets each direction reaches; writes
``benchmarks/adaptation.md`` and ``adaptation.json``.

Prints :func:`pyrabench.scoring.studies.adaptation.adaptation_table` over the whole grid: in each
lite direction the data root holds labels for (each DUC corpus's lite views scored by the model of
the other DUC corpora; PyrXSum by the model of all of them), the units' ECE, AUC and F1 and the
summaries' and systems' interval coverage, unadapted, after the label-shift correction, and adapted
on each of :data:`~pyrabench.scoring.studies.adaptation.NS` labelled examples (mean ± sd over
:data:`~pyrabench.scoring.studies.adaptation.SEEDS`, measured on the other examples only). Chapter 8
shows one row per domain at the recommended ``--adapt``
(:data:`~pyrabench.scoring.studies.adaptation.RECOMMENDED_N`). Then the lever table at :data:`N`
labelled examples: the draw (at random, or stratified by the examples' mean probability) × the
recalibration's prior (Platt alone; pulled toward the model's own probabilities by pseudo-pairs
worth k examples; or the method's, k damped as Platt's map alone moves the probabilities further),
each with the system intervals from the pooled residuals alone and with each system's own
residuals too (the method's). Then the same maps on PyrXSum with the model's probabilities pushed
off by hand (:data:`PUSHES`, in logit: as far off as the model is on a domain of another annotation
protocol), where a fixed prior holds the map back and the damped one does not. Then the targets,
and the seconds the table took (cold when ``PYRABENCH_NO_CACHE=1``; the features are read from the
package cache either way). Needs PYRABENCH_DATA (on the bundled sample it prints the figures and
writes no report). Usage: ``python benchmarks/bench_adapt.py [--no-levers]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pandas as pd

from _report import write_report
from _targets import ADAPTATION, adaptation_checklist, adaptation_met
from pyrabench.data.corpora import discover, load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports import adaptation as adaptation_reports
from pyrabench.scoring.scu_model import adaptation as fitting
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.studies import adaptation
from pyrabench.scoring.studies.levers import lite_dataset

DUC = ("duc2006", "duc2007", "duc2007-update")
#: The lever table's size: ``--adapt``'s recommended number of labelled examples.
N = adaptation.RECOMMENDED_N
INF = float("inf")
#: The levers: (stratified draw, prior in examples (0: Platt alone), the scale damping it (inf: none)).
LEVERS = [(False, 0.0, INF), (False, 10.0, INF), (False, fitting.PRIOR_EXAMPLES, fitting.PRIOR_SCALE),
          (True, 0.0, INF), (True, 5.0, INF), (True, 10.0, INF), (True, 20.0, INF),
          (True, fitting.PRIOR_EXAMPLES, fitting.PRIOR_SCALE)]


#: Synthetic domains: PyrXSum's probabilities p moved to sigmoid(a · logit p + b), (name, a, b).
PUSHES = [("pushed up (0.8, +0.7)", 0.8, 0.7), ("pushed down (0.6, -0.9)", 0.6, -0.9)]


class Pushed:
    """A fitted lite model whose probabilities are pushed off by hand (:data:`PUSHES`)."""

    def __init__(self, model, a: float, b: float):
        self.model, self.a, self.b = model, a, b
        self.summary_errors, self.system_errors = model.summary_errors, model.system_errors

    def probabilities(self, frame, own_topics=False):
        p = np.clip(self.model.probabilities(frame, own_topics=own_topics), 1e-6, 1 - 1e-6)
        return 1 / (1 + np.exp(-(self.a * np.log(p / (1 - p)) + self.b)))


def pushed_levers(duc: dict, dataset) -> pd.DataFrame:
    model = scu_sets.fit(list(duc.values()), lite=True).lite_model
    rate = float(np.mean(np.concatenate([f["y"].to_numpy(np.float64) for f in model.training.values()])))
    frame = scu_sets.labelled_frame(dataset)
    rows = []
    for name, a, b in PUSHES:
        for prior, scale in ((0.0, INF), (10.0, INF), (fitting.PRIOR_EXAMPLES, fitting.PRIOR_SCALE)):
            got = pd.DataFrame(adaptation.direction_rows(Pushed(model, a, b), rate, frame, None, ns=(N,),
                                                         prior_examples=prior, prior_scale=scale))
            adapted = got[got["method"] == f"adapt {N}"]
            rows.append({"PyrXSum": name, "map": "Platt alone" if not prior else f"prior {prior:g}" if scale == INF
                         else f"prior {prior:g}, damped at {scale:g}",
                         "ECE unadapted": round(float(got.loc[got["method"] == "none", "ece"].iloc[0]), 4),
                         "ECE": f"{adapted['ece'].mean():.4f} ± {adapted['ece'].std(ddof=1):.4f}",
                         "summaries": round(adapted["summary_coverage"].mean(), 3),
                         "systems": round(adapted["system_coverage"].mean(), 3)})
    return pd.DataFrame(rows).set_index(["PyrXSum", "map"])


def met(row) -> dict[str, bool]:
    return {"ece": row["ece"] <= ADAPTATION["ece_adapted"],
            "summaries": row["summary_coverage"] >= ADAPTATION["summary_coverage_adapted"],
            "systems": row["system_coverage"] >= ADAPTATION["system_coverage_adapted"]}


def per_direction(table: pd.DataFrame, n: int) -> pd.DataFrame:
    """Per scored direction at ``n``: mean ± sd of ECE and the coverages, and the targets met."""
    rows = table[table["method"] == f"adapt {n}"]
    g = rows.groupby("scored", sort=False)
    out = g[["ece", "summary_coverage", "system_coverage", "system_coverage_pooled"]].mean()
    out["ece sd"] = g["ece"].std(ddof=1)
    out["summary sd"] = g["summary_coverage"].std(ddof=1)
    out["ece_before"] = g["ece_before"].mean()
    out["targets met"] = [", ".join(k for k, v in met(r).items() if v) or "none" for _, r in out.iterrows()]
    return out


ABOUT = f"""
What a user's own labels buy on a new domain (`pyrabench.scoring.studies.adaptation`): in each lite
direction with labels, the SCU model's probabilities as fitted and after the label-shift correction
(EM on the scored summaries' own probabilities), on every example; and the model adapted
(`--adapt N`: recalibration and interval errors refitted) on N = {", ".join(map(str, adaptation.NS))}
labelled examples drawn with each of {len(adaptation.SEEDS)} seeds, measured on the examples not drawn
(mean ± sd over the seeds; "ECE before" is the unadapted model's on the same examples). Chapter 8
shows one row per domain at N = {adaptation.RECOMMENDED_N}. Then the levers behind `--adapt`'s method at
N = {N}: the draw, the recalibration's prior and the system intervals' residuals, and PyrXSum's
probabilities pushed off by hand.
"""


def main() -> int:
    root = resolve()
    print(root.describe())
    duc = {name: load_corpus(name, root.path) for name in DUC if name in discover(root.path)}
    dataset = lite_dataset(root.path)
    t0 = time.perf_counter()
    table = adaptation.adaptation_table(duc, dataset)
    seconds = time.perf_counter() - t0
    view = adaptation_reports.adaptation_view(table)
    summary = adaptation.summary_table(table)
    checklist = adaptation_checklist(summary, N, adaptation_reports.NAMES)
    sections = [("Every direction and method", view), ("The project's targets", checklist)]
    with pd.option_context("display.width", 250, "display.max_columns", 20):
        print(view.to_string())
        print(f"\n{checklist}")
        for n in adaptation.NS:
            by_direction = per_direction(table, n).round(4)
            print(f"\nN = {n}:")
            print(by_direction.to_string())
            sections.append((f"Adapted on {n} labelled examples, direction by direction", by_direction))
        if "--no-levers" not in sys.argv:
            rows = []
            for stratify, prior, scale in LEVERS:
                t = adaptation.adaptation_table(duc, dataset, ns=(N,), prior_examples=prior, prior_scale=scale,
                                                stratify=stratify)
                name = ("Platt alone" if not prior else f"prior {prior:g}" if scale == INF else
                        f"prior {prior:g}, damped at {scale:g}")
                for scored, r in per_direction(t, N).iterrows():
                    rows.append({"draw": "stratified" if stratify else "random", "map": name, "scored": scored,
                                 "ECE": f"{r['ece']:.4f} ± {r['ece sd']:.4f}", "summaries": round(r["summary_coverage"], 3),
                                 "systems own": round(r["system_coverage"], 3),
                                 "systems pooled": round(r["system_coverage_pooled"], 3)})
            levers = pd.DataFrame(rows).set_index(["draw", "map", "scored"])
            print(f"\nlevers at N = {N} (means over the seeds; systems: own = with each system's own residuals, "
                  "pooled = the pooled residuals alone):")
            print(levers.to_string())
            sections.append((f"The levers of --adapt at N = {N}", levers))
            if dataset is not None:
                pushed = pushed_levers(duc, dataset)
                print(f"\nPyrXSum pushed off by hand, N = {N}, stratified draw:")
                print(pushed.to_string())
                sections.append((f"PyrXSum pushed off by hand, N = {N}", pushed))
    print(f"\ntable: {seconds:.1f} s")
    write_report("adaptation", "A user's own labels: the adaptation grid over sizes and seeds, and its levers", ABOUT,
                 "python benchmarks/bench_adapt.py", root, sections,
                 {"corpora": list(duc), "ns": list(adaptation.NS), "seeds": list(adaptation.SEEDS),
                  "recommended_n": N, "table": table, "summary": summary, "targets": ADAPTATION,
                  "met": adaptation_met(summary, N)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
