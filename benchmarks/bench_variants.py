"""The variant search of the calibrated scorer: every variant on every DUC corpus against the manual
modified score; writes ``benchmarks/variants.md`` and ``variants.json``.

Each variant (:data:`pyrabench.scoring.scu_model.variants.VARIANTS`) changes one lever of the
calibrated scorer (calibration, targets, segmentation, counting, similarity) or is the 2013 recipe;
ROUGE-2 comes first for comparison. Chapter 6 shows the default (``lex``) beside the 2013 recipe and
ROUGE-2; this is the search that chose it, with its reading at summary and system level
(:func:`pyrabench.reports.automated_scoring.variant_claims`). The table is
:func:`pyrabench.scoring.experiments.variant_table`, cached by content (``--no-cache`` computes it
afresh: minutes on a cold package cache, LSA, WMF and MiniLM cosines of every corpus included).
Needs PYRABENCH_DATA (on the bundled sample it prints the figures and writes no report).
Usage: ``python benchmarks/bench_variants.py [--no-cache]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import pandas as pd

from _report import write_report
from pyrabench.data.corpora import discover, load_corpus
from pyrabench.dataroot import resolve
from pyrabench.reports.automated_scoring import variant_claims, variants_view
from pyrabench.scoring import experiments
from pyrabench.scoring.scu_model import calibrated, variants

DUC = ("duc2006", "duc2007", "duc2007-update")

ABOUT = f"""
Every variant changes one lever of the calibrated scorer (`pyrabench.scoring.scu_model.variants`):
calibration, targets (contributors, labels), segmentation, how SCUs are counted (expected,
`p ≥ 0.5`, or only as many SCUs as the probabilities add up to), and the similarity (LSA, WMF and
the MiniLM sentence encoder next to the lexical features). Every calibrated variant is fitted on
held-out topics ({calibrated.FOLDS} folds); the 2013 recipe runs with the same discipline, its
threshold the KDE level {variants.KDE_LEVEL} of the other folds' human matches. Per variant and
corpus: Pearson at summary and system level with 95 % bootstrap intervals, and Kendall's τ at
summary level, against the manual modified score (NIST convention).
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-cache", action="store_true", help="compute the table afresh")
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    duc = {n: load_corpus(n, root.path) for n in DUC if n in discover(root.path)}
    t0 = time.perf_counter()
    table = experiments.variant_table(duc, cache=not args.no_cache)
    seconds = time.perf_counter() - t0
    view = variants_view(table)
    described = pd.DataFrame([{"variant": v.name, "lever": v.lever, "what it changes": v.description}
                              for v in variants.VARIANTS]).set_index("variant")
    reading = "\n\n".join(variant_claims(table, level) for level in ("summary", "system"))
    with pd.option_context("display.width", 250, "display.max_columns", 40, "display.max_colwidth", 40):
        print(view.to_string())
    print(f"\n{reading}")
    print(f"\ntable: {seconds:.1f} s ({'computed' if args.no_cache else 'from the cache when warm'})")
    sections = [("The variants", described)]
    sections += [(corpus, view[corpus]) for corpus in dict.fromkeys(view.columns.get_level_values(0))]
    sections.append(("Reading", reading))
    write_report("variants", "The calibrated scorer's variants on every DUC corpus", ABOUT,
                 "python benchmarks/bench_variants.py", root, sections,
                 {"corpora": list(duc), "default": variants.DEFAULT, "table": table})
    return 0


if __name__ == "__main__":
    sys.exit(main())
