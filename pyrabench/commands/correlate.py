"""``pyrabench correlate``: how well metrics agree with a manual pyramid score, summary and system level."""

from __future__ import annotations

from ..data.corpora import CORPUS_NAMES, load_corpus
from ..dataroot import resolve
from ..reports.scoring import correlation_table
from ..scoring.correlate import ALL_LEVELS, LEVELS, N_RESAMPLES
from ..scoring.metrics import correlate_corpus
from ._common import add_data_argument, add_json_argument, nonnegative_int, positive_int, print_json, print_table


def add_arguments(parser) -> None:
    add_data_argument(parser)
    add_json_argument(parser)
    parser.add_argument("--corpus", default="duc2006", choices=CORPUS_NAMES, metavar="NAME",
                        help="corpus (default duc2006): " + ", ".join(CORPUS_NAMES))
    parser.add_argument("--reference", default="modified", metavar="SCORE",
                        help="manual score to correlate against (default modified, NIST convention; "
                             "original, coverage, or SCORE:sacrerouge)")
    parser.add_argument("--metric", action="append", default=None, metavar="NAME",
                        help="metric (repeatable; default rouge_2 and auto): rouge_1, rouge_2, rouge_l, auto, "
                             "auto:VARIANT (e.g. auto:minilm), or a manual score")
    parser.add_argument("--resamples", type=positive_int, default=N_RESAMPLES,
                        help=f"bootstrap resamples (default {N_RESAMPLES})")
    parser.add_argument("--seed", type=nonnegative_int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--level", action="append", default=None, choices=ALL_LEVELS,
                        help="level (repeatable; default summary and system; global pools every summary)")


def run(args) -> int:
    corpus = load_corpus(args.corpus, resolve(args.data).path)
    result = correlate_corpus(corpus, args.metric or ["rouge_2", "auto"], args.reference,
                              n_resamples=args.resamples, seed=args.seed, levels=args.level or LEVELS)
    if args.json:
        print_json(result)
        return 0
    print(resolve(args.data).describe())
    print(f"{corpus.name}: correlation with the manual {result['reference']} score "
          f"(95% percentile bootstrap over topics / systems / summaries)")
    print_table(correlation_table(result), floatfmt="{:.3f}")
    return 0
