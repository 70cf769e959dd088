"""``pyrabench correlate``: how well metrics agree with a manual pyramid score or one of NIST's
judgments, summary and system level, and whether one metric agrees significantly better than another."""

from __future__ import annotations

import argparse

from ..data.corpora import CORPUS_NAMES, load_corpus
from ..dataroot import resolve
from ..reports.manual_scores import correlation_table, paired_test_table
from ..resampling import N_RESAMPLES, SCHEMES
from ..scoring.correlate import ALL_LEVELS, LEVELS, SCHEME_UNITS
from ..scoring.metrics import correlate_corpus
from ._common import (
    add_data_argument,
    add_json_argument,
    name_list,
    nonnegative_int,
    positive_int,
    print_json,
    print_table,
)


def add_arguments(parser) -> None:
    add_data_argument(parser)
    add_json_argument(parser)
    parser.add_argument("--corpus", default="duc2006", choices=CORPUS_NAMES, metavar="NAME",
                        help="corpus (default duc2006): " + ", ".join(CORPUS_NAMES))
    parser.add_argument("--reference", default="modified", metavar="SCORE",
                        help="score to correlate against (default modified, NIST convention; original, coverage, "
                             "SCORE:sacrerouge; NIST's judgments: responsiveness, lq:Q1 … lq:Q5 — grammaticality, "
                             "non-redundancy, referential clarity, focus, structure and coherence)")
    parser.add_argument("--metric", action="append", default=None, metavar="NAME",
                        help="metric (repeatable; default rouge_2 and auto): rouge_1, rouge_2, rouge_l, auto, "
                             "auto:VARIANT (e.g. auto:minilm), or a manual score")
    parser.add_argument("--resamples", type=positive_int, default=N_RESAMPLES,
                        help=f"bootstrap resamples (default {N_RESAMPLES})")
    parser.add_argument("--seed", type=nonnegative_int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--level", action="append", default=None, choices=ALL_LEVELS,
                        help="level (repeatable; default summary and system; global pools every summary)")
    parser.add_argument("--compare", action="append", default=None, type=_pair, metavar="A,B",
                        help="paired test (repeatable): is metric A's correlation with the reference higher than "
                             "B's? Permutation p-values and a bootstrap interval of the difference over topics "
                             "(summary level) or systems (Deutsch et al. 2021)")
    parser.add_argument("--scheme", default=None, choices=SCHEMES,
                        help="what the summary and system levels resample and permute instead of their own unit "
                             "(topics, systems): systems, inputs (topics) or both jointly, which Deutsch et al. "
                             "(2021) recommend for conclusions about new summarizers and new inputs")


def _pair(text: str) -> tuple[str, str]:
    names = name_list(text)
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: give two metrics, A,B")
    return names[0], names[1]


def run(args) -> int:
    corpus = load_corpus(args.corpus, resolve(args.data).path)
    result = correlate_corpus(corpus, args.metric or ["rouge_2", "auto"], args.reference,
                              n_resamples=args.resamples, seed=args.seed, levels=args.level or LEVELS,
                              compare=args.compare or (), scheme=args.scheme)
    if args.json:
        print_json(result)
        return 0
    print(resolve(args.data).describe())
    over = ("topics / systems" if args.scheme is None
            else f"{SCHEME_UNITS[args.scheme]} at summary and system level") + " / summaries"
    print(f"{corpus.name}: correlation with {result['reference']} (95% percentile bootstrap over {over})")
    print_table(correlation_table(result), floatfmt="{:.3f}")
    if "excluded" in result:
        ex = result["excluded"]
        print(f"Only summaries with a pyramid annotation take part: left out {ex['human']} judged summaries of human "
              f"summarizers (A-J, never annotated), {ex['topic_without_pyramid']} of topics without a pyramid, "
              f"{ex['system_not_annotated']} of systems not annotated; {ex['not_judged']} annotated summaries NIST "
              f"did not judge.")
    if result.get("comparisons"):
        print(f"Paired tests (H1: A correlates better than B; {args.resamples} permutations and bootstrap resamples"
              f"{'' if args.scheme is None else ' of ' + SCHEME_UNITS[args.scheme]})")
        print_table(paired_test_table(result["comparisons"]), floatfmt="{:.3f}")
    return 0
