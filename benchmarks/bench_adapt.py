"""A user's own labels on a new domain: the adaptation table (unadapted, label shift, ``--adapt N``).

Prints :func:`pyrabench.scoring.studies.adaptation.adaptation_table` as chapter 8 shows it: in each
lite direction the data root holds labels for (each DUC corpus's lite views scored by the model of
the other DUC corpora; PyrXSum by the model of all of them), the units' ECE, AUC and F1 and the
summaries' and systems' interval coverage, unadapted, after the label-shift correction, and
adapted on 10, 20 and 40 labelled examples (mean ± sd over five seeds, measured on the other
examples only); then which of the issue's targets are met, and the seconds the table took (cold
when ``PYRABENCH_NO_CACHE=1``; the features are read from the package cache either way).
Needs PYRABENCH_DATA (falls back to the bundled sample, where the figures mean little).
Usage: ``python benchmarks/bench_adapt.py``.
"""

from __future__ import annotations

import time

import pandas as pd

from pyrabench.data.corpora import load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports import adaptation as adaptation_reports
from pyrabench.scoring.studies import adaptation
from pyrabench.scoring.studies.levers import lite_dataset

DUC = ("duc2006", "duc2007", "duc2007-update")


def main() -> int:
    root = resolve()
    print(root.describe())
    duc = {name: load_corpus(name, root.path) for name in DUC}
    dataset = lite_dataset(root.path)
    t0 = time.perf_counter()
    table = adaptation.adaptation_table(duc, dataset)
    seconds = time.perf_counter() - t0
    with pd.option_context("display.width", 250, "display.max_columns", 20):
        print(adaptation_reports.adaptation_view(table).to_string())
    print()
    print(adaptation_reports.adaptation_claims(table))
    print(f"\ntable: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
