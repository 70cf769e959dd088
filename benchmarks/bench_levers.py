"""The lever search of the SCU model: every lever in every direction, and which of the project's
targets each reaches; writes ``benchmarks/levers.md`` and ``levers.json``.

Each lever (:data:`pyrabench.scoring.studies.levers.LEVERS`) is the SCU model with one change,
measured on data the model never saw (:func:`pyrabench.scoring.studies.levers.lever_table`): every
DUC direction (fitted on one corpus, scoring another) and PyrXSum scored by a model of DUC alone.
The book's page across domains states what the model carries; this is the search that chose it.
The table is cached by content (``--no-cache`` computes it afresh: minutes, the MiniLM, WMF, token
recall and consistency features of every corpus included, themselves cached). Needs
PYRABENCH_DATA (on the bundled sample it prints the figures and writes no report).
Usage: ``python benchmarks/bench_levers.py [--no-cache]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import pandas as pd

from _report import write_report
from _targets import LEVER_DUC, LEVER_LITE, lever_checklist, lever_met
from pyrabench.data.corpora import discover, load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports.levers import lever_view
from pyrabench.scoring.studies import levers

DUC = ("duc2006", "duc2007", "duc2007-update")
LITE = "PyrXSum"

ABOUT = """
Each row changes one lever of the SCU model (`pyrabench.scoring.studies.levers`) and is measured on
data the model never saw: the SCU-set F1 of every DUC direction (fitted on one corpus, scoring
another) with the worst ECE and AUC among them, and PyrXSum, a lite pyramid (one reference, units
of weight 1, crowd labels) scored by a model fitted on DUC alone. ECE: ten bins of the
probability, each bin's mean probability against the share of its pairs the annotators marked.
The levers:

* **recalibration**: a monotone map of the probabilities, isotonic or Platt's, fitted on the
  training corpora's held-out probabilities (each topic fold predicted by a model fitted on the
  other folds; with several corpora, each corpus by a model of the others);
* **MiniLM** and **WMF**: the best cosine between a summary sentence and an SCU's contributors and
  label, each distinct sentence and unit encoded once;
* **MiniLM token recall**: BERTScore's recall of the best contributor and of the label, against the
  whole summary and against its best sentence (MiniLM's token vectors, IDF-weighted over the model
  summaries);
* **soft coverage**: the share of the label's content words its best sentence covers, a word
  counting by its WMF cosine to the closest sentence word where the stems differ;
* **mismatches**: numbers and names of the label missing from its best sentence, and a negation in
  one of the two only;
* **unit length**: the label's content words;
* **lite views**: a one-reference pyramid scored by a model fitted on the DUC pyramids seen as lite
  pyramids, each model summary's SCUs its units (DUC's own pyramids keep the full model).
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-cache", action="store_true", help="compute the table afresh")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    duc = {n: load_corpus(n, root.path) for n in DUC if n in discover(root.path)}
    dataset = levers.lite_dataset(root.path)
    t0 = time.perf_counter()
    table = levers.lever_table(duc, dataset, lite_name=LITE, cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    view = lever_view(table, LITE).set_index("lever")
    duc_cols = [c for c in view.columns if c.startswith("F1 ") or c.startswith("DUC ")]
    lite_cols = [c for c in view.columns if c.startswith(f"{LITE} ")]
    checklist = lever_checklist(table, LITE)
    targets = (f"Targets: per DUC direction SCU-set F1 ≥ {LEVER_DUC['f1']:.2f} and ECE ≤ {LEVER_DUC['ece']:.2f}; on "
               f"{LITE}, units F1 ≥ {LEVER_LITE['f1']:.2f}, ECE ≤ {LEVER_LITE['ece']:.2f}, summary r ≥ "
               f"{LEVER_LITE['summary_r']:.2f}, system r ≥ {LEVER_LITE['system_r']:.2f}, units counted within "
               f"{LEVER_LITE['counted']:.0%} of the units present.")
    with pd.option_context("display.width", 250, "display.max_columns", 40, "display.max_colwidth", 50):
        print(view.to_string())
    print(f"\n{targets}\n\n{checklist}")
    print(f"\ntable: {seconds:.1f} s ({'computed' if args.no_cache else 'from the cache when warm'})")
    sections = [("SCU-set F1, fitted on → scored (DUC), and the worst ECE and AUC over those directions",
                 view[duc_cols])]
    if lite_cols:
        sections.append((f"{LITE}, fitted on DUC", view[lite_cols].rename(columns=lambda c: c[len(LITE) + 1:])))
    sections.append(("The project's targets", f"{targets}\n\n{checklist}"))
    write_report("levers", "The SCU model's levers, every lever in every direction", ABOUT,
                 "python benchmarks/bench_levers.py", root, sections,
                 {"corpora": list(duc), "lite": LITE if dataset is not None else None, "table": table,
                  "targets": {"duc": LEVER_DUC, "lite": LEVER_LITE},
                  "met": {row["lever"]: lever_met(row, LITE) for _, row in table.iterrows()}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
