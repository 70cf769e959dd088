"""A user's own labels on a new domain, over sizes and seeds: the adaptation grid, and which of the
project's targets each direction reaches; writes ``benchmarks/adaptation.md`` and ``adaptation.json``.

Prints :func:`pyrabench.scoring.studies.adaptation.adaptation_table` over the whole grid: in each
lite direction the data root holds labels for (each DUC corpus's lite views scored by the model of
the other DUC corpora; PyrXSum by the model of all of them), the units' ECE, AUC and F1 and the
summaries' and systems' interval coverage, unadapted, after the label-shift correction, and adapted
on each of :data:`~pyrabench.scoring.studies.adaptation.NS` labelled examples (mean ± sd over
:data:`~pyrabench.scoring.studies.adaptation.SEEDS`, measured on the other examples only). Chapter 8
shows one row per domain at the recommended ``--adapt``
(:data:`~pyrabench.scoring.studies.adaptation.RECOMMENDED_N`). Then the targets, and the seconds the
table took (cold when ``PYRABENCH_NO_CACHE=1``; the features are read from the package cache either
way). Needs PYRABENCH_DATA (on the bundled sample it prints the figures and writes no report).
Usage: ``python benchmarks/bench_adapt.py``.
"""

from __future__ import annotations

import sys
import time

import pandas as pd

from _report import write_report
from _targets import ADAPTATION, adaptation_checklist, adaptation_met
from pyrabench.data.corpora import discover, load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports import adaptation as adaptation_reports
from pyrabench.scoring.studies import adaptation
from pyrabench.scoring.studies.levers import lite_dataset

DUC = ("duc2006", "duc2007", "duc2007-update")

ABOUT = f"""
What a user's own labels buy on a new domain (`pyrabench.scoring.studies.adaptation`): in each lite
direction with labels, the SCU model's probabilities as fitted and after the label-shift correction
(EM on the scored summaries' own probabilities), on every example; and the model adapted
(`--adapt N`: recalibration and interval errors refitted) on N = {", ".join(map(str, adaptation.NS))}
labelled examples drawn with each of {len(adaptation.SEEDS)} seeds, measured on the examples not drawn
(mean ± sd over the seeds; "ECE before" is the unadapted model's on the same examples). Chapter 8
shows one row per domain at N = {adaptation.RECOMMENDED_N}.
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
    n = adaptation.RECOMMENDED_N
    checklist = adaptation_checklist(summary, n, adaptation_reports.NAMES)
    with pd.option_context("display.width", 250, "display.max_columns", 20):
        print(view.to_string())
    print(f"\n{checklist}")
    print(f"\ntable: {seconds:.1f} s")
    write_report("adaptation", "A user's own labels: the adaptation grid over sizes and seeds", ABOUT,
                 "python benchmarks/bench_adapt.py", root,
                 [("Every direction and method", view), ("The project's targets", checklist)],
                 {"corpora": list(duc), "ns": list(adaptation.NS), "seeds": list(adaptation.SEEDS),
                  "recommended_n": n, "table": table, "summary": summary, "targets": ADAPTATION,
                  "met": adaptation_met(summary, n)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
