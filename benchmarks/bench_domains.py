"""Leave one domain out: the SCU model users get, fitted on every annotated domain but one,
scoring the one it never saw, and which targets (leave_one_out.TARGETS) each direction meets.

The domains are those the data root holds (:func:`pyrabench.scoring.scu_model.domains.annotated`:
DUC 2006, DUC 2007, the DUC 2007 update task, each as pyramids and as lite views, and PyrXSum as
lite). The table is :func:`pyrabench.scoring.studies.leave_one_out.leave_one_out_table` (cached:
``--no-cache`` computes it afresh and reports the seconds, which are not a timing figure on a
shared machine). Needs PYRABENCH_DATA (falls back to the bundled sample, where the figures mean
little). Usage: ``python benchmarks/bench_domains.py [--no-cache]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import pandas as pd

from pyrabench.dataroot import resolve
from pyrabench.reports.domains import domain_view, pair_view, targets_table
from pyrabench.scoring.scu_model.domains import annotated
from pyrabench.scoring.studies.leave_one_out import TARGETS, leave_one_out_table


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    domains = annotated(root.path)
    print(f"domains: {', '.join(domains.names)}")
    t0 = time.perf_counter()
    table = leave_one_out_table(domains, cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.max_colwidth", 40):
        print(domain_view(table).T.to_string())
        print(f"\ntargets: {TARGETS} (per system: r and τ ≥ ROUGE-2's)")
        print(targets_table(table).to_string(index=False))
        if "pairs" in table:
            print("\nsystem comparisons (benchmarks/bench_pairs.py tries the levers):")
            print(pair_view(table).to_string())
    print(f"\n{seconds:.1f} s ({'computed' if args.no_cache else 'from the cache when warm'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
