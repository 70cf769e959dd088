"""``pyrabench build [--data DIR] [--corpus NAME ...] [--preset paper|literal] --out DIR [--format jsonl|parquet|csv]``."""

from __future__ import annotations

import sys

from ..dataroot import resolve
from ..paraphrase import build as benchmark
from ..paraphrase import store
from ..paraphrase.policy import DEFAULT_PRESET, PRESETS, preset
from ._common import add_data_argument, nonempty, nonnegative_int


def add_arguments(parser) -> None:
    add_data_argument(parser)
    parser.add_argument(
        "--corpus", metavar="NAME", nargs="+", action="extend", default=None,
        help="corpora to use (default: every pyramid corpus found under the data root)",
    )  # fmt: skip
    parser.add_argument("--out", metavar="DIR", type=nonempty, required=True, help="output directory (created if needed)")
    parser.add_argument(
        "--preset", choices=tuple(PRESETS), default=DEFAULT_PRESET,
        help="generation policy: paper (the benchmark as the paper built it, default) or literal "
        "(the rules as the paper's text states them)",
    )  # fmt: skip
    parser.add_argument("--format", choices=("jsonl", "parquet", "csv"), default="jsonl", help="file format (default jsonl; parquet needs the parquet extra)")
    labels = parser.add_mutually_exclusive_group()
    labels.add_argument("--labels", dest="labels", action="store_true", default=None, help="include SCU labels as items (default)")
    labels.add_argument("--no-labels", dest="labels", action="store_false", help="contributors only (with label questions, contributors then ask the questions)")
    parser.add_argument("--seed", type=nonnegative_int, default=None, help="seed of the answer and tie draws (default 0)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")


def run(args) -> int:
    changes = {}
    if args.labels is not None:
        changes["include_labels"] = args.labels
        if not args.labels and PRESETS[args.preset].question_items == "labels":
            changes["question_items"] = "any"  # no label to ask: contributors ask instead
    if args.seed is not None:
        changes["seed"] = args.seed
    policy = preset(args.preset, **changes)
    store.check_format(args.format)  # before the build, not after it
    root = resolve(args.data)
    benchmark.corpus_names(root, args.corpus)  # a refusal comes before any output
    progress = not args.no_progress
    if progress:
        print(f"loading {', '.join(args.corpus) if args.corpus else 'every corpus'} from {root.describe()}", file=sys.stderr)
    corpora = benchmark.corpora_from_root(root, args.corpus, progress=progress)
    bench = benchmark.build(corpora, policy, progress=progress)
    files = store.save(bench, args.out, args.format)
    s = bench.stats["overall"]
    print(
        f"{s['positive_pairs']} positive + {s['negative_pairs']} negative = {s['total_pairs']} pairs, "
        f"{s['ranking_questions']} ranking questions from {', '.join(bench.stats['corpora'])} "
        f"(preset {args.preset})"
    )
    if bench.stats["missing"]:
        print(f"not available (used by the paper): {', '.join(bench.stats['missing'])}")
    for f in files:
        print(f"wrote {f}")
    return 0
