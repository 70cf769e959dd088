"""The scorer on corpora and domains it never saw, against the project's targets; writes
``benchmarks/domains.md`` and ``domains.json``.

Two tables the book's page across domains shows, each with the checklist of the project's targets
(``_targets.py``) the page does not carry:

* **across DUC corpora**: :func:`pyrabench.scoring.studies.transfer.transfer_table`, the model fitted
  on one DUC corpus (or the two others) scoring another's annotated peers as plain text;
* **leave one domain out**: :func:`pyrabench.scoring.studies.leave_one_out.leave_one_out_table`, the
  model users get fitted on every annotated domain the data root holds but one (DUC 2006, DUC 2007,
  the DUC 2007 update task, each as pyramids and as lite views, and PyrXSum as lite), scoring the
  one it never saw.

Both are cached by content (``--no-cache`` computes them afresh and reports the seconds, which are
not a timing figure on a shared machine). Needs PYRABENCH_DATA (on the bundled sample it prints the
figures and writes no report). Usage: ``python benchmarks/bench_domains.py [--no-cache]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import pandas as pd

from _report import write_report
from _targets import DOMAINS, TRANSFER, domain_checklist, domain_met, domain_table, transfer_met
from pyrabench.data.corpora import discover, load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports.automated_scoring import transfer_view
from pyrabench.reports.domains import domain_view, pair_view
from pyrabench.scoring.scu_model.domains import annotated
from pyrabench.scoring.studies import transfer
from pyrabench.scoring.studies.leave_one_out import leave_one_out_table

DUC = ("duc2006", "duc2007", "duc2007-update")

ABOUT = """
The page across domains of the book shows what the calibrated scorer does on data it was not fitted
on, against ROUGE-2, token recall and the annotators. This report adds, for each direction, which of
the project's own targets it meets: the goals the scorer was developed towards, not findings.
"""


def transfer_checklist(table: pd.DataFrame) -> pd.DataFrame:
    """One row per direction of the transfer table, one column per target: ``yes`` or ``no``."""
    rows = table.dropna(subset=["set_f1"]).reset_index(drop=True) if "set_f1" in table else table.iloc[:0]
    met = pd.DataFrame([transfer_met(r) for _, r in rows.iterrows()]).replace({True: "yes", False: "no"})
    return pd.concat([rows[["fitted_on", "scored"]], met], axis=1) if len(rows) else pd.DataFrame()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-cache", action="store_true", help="compute the tables afresh")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    duc = {n: load_corpus(n, root.path) for n in DUC if n in discover(root.path)}
    domains = annotated(root.path)
    print(f"domains: {', '.join(domains.names)}")
    t0 = time.perf_counter()
    moved = pd.concat([transfer.within_table(duc, cache=not args.no_cache),
                       transfer.transfer_table(duc, cache=not args.no_cache)], ignore_index=True)
    table = leave_one_out_table(domains, cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    moved_targets = transfer_checklist(moved)
    lodo_targets = domain_table(table)
    transfer_goal = (f"Targets across DUC corpora: SCU-set F1 ≥ {TRANSFER['set_f1']:.2f}, ≥ "
                     f"{TRANSFER['summary_coverage']:.0%} of the summaries and ≥ {TRANSFER['system_coverage']:.0%} of "
                     "the systems inside their 95 % intervals, per system Pearson and Kendall ≥ ROUGE-2's (and the "
                     "combined score's).")
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.max_colwidth", 40):
        print(transfer_view(moved).to_string(index=False))
        print(f"\n{transfer_goal}")
        print(moved_targets.to_string(index=False))
        print()
        print(domain_view(table).T.to_string())
        print(f"\n{domain_checklist(table)}")
        print(lodo_targets.to_string(index=False))
        if "pairs" in table:
            print("\nsystem comparisons (benchmarks/bench_pairs.py tries the levers):")
            print(pair_view(table).to_string())
    print(f"\n{seconds:.1f} s ({'computed' if args.no_cache else 'from the cache when warm'})")
    write_report("domains", "The scorer across corpora and domains, against the project's targets", ABOUT,
                 "python benchmarks/bench_domains.py", root,
                 [("Across DUC corpora", transfer_view(moved)), ("Targets across DUC corpora", transfer_goal),
                  ("Across DUC corpora: targets met", moved_targets),
                  ("Leave one domain out", domain_view(table).T),
                  ("Leave one domain out: targets met", domain_checklist(table)),
                  ("Leave one domain out: targets met, direction by direction", lodo_targets)],
                 {"corpora": list(duc), "domains": list(domains.names), "transfer": moved, "leave_one_out": table,
                  "targets": {"transfer": TRANSFER, "domains": DOMAINS},
                  "met": {"transfer": [transfer_met(r) for _, r in moved.dropna(subset=["set_f1"]).iterrows()]
                          if "set_f1" in moved else [],
                          "domains": [domain_met(r) for r in table.dropna(subset=["ece"]).to_dict("records")]
                          if "ece" in table else []}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
