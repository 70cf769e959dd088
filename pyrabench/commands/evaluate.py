"""``pyrabench evaluate DIR --embedding SPEC ...``: Table 1 of Baumel et al. (2016) on a built benchmark."""

from __future__ import annotations

from ..dataroot import resolve
from ..embeddings import validate
from ..paraphrase import evaluate as evaluation
from ..paraphrase import store
from ..paraphrase.metrics import TIE_MODES
from ..reports import paraphrase as paraphrase_reports
from ._common import (
    ENCODER_EPILOG,
    add_data_argument,
    add_json_argument,
    nonempty,
    nonnegative_int,
    positive_int,
    print_json,
    print_table,
)


def add_arguments(parser) -> None:
    parser.add_argument("dir", metavar="DIR", type=nonempty, help="benchmark directory written by `pyrabench build`")
    parser.add_argument(
        "--embedding",
        metavar="SPEC",
        action="append",
        required=True,
        help="registry name (random, onehot, glove-6b-50d, minilm, ...), st:MODEL_DIR[@DEVICE] for any "
        "local sentence-transformers model, or name=path[:format] for a vector file; repeatable",
    )
    parser.add_argument("--seed", type=nonnegative_int, default=0, help="seed of the 10/90 split and the bootstrap (default 0)")
    parser.add_argument("--resamples", type=positive_int, default=1000, help="bootstrap/permutation resamples (default 1000)")
    parser.add_argument(
        "--ties", choices=TIE_MODES, default="split", help="how tied ranking scores count (default: split = chance)"
    )
    parser.add_argument(
        "--compare", action="store_true", help="paired tests of every other embedding against the first one"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bars (vector files, sentence encoding)")
    add_data_argument(parser)
    add_json_argument(parser)
    parser.epilog = ENCODER_EPILOG


def run(args) -> int:
    for spec in args.embedding:  # refuse a bad spec before reading anything
        validate(spec)
    bench = store.load_benchmark(args.dir)
    names = [evaluation.spec_name(s) for s in args.embedding]
    progress = False if args.no_progress else None
    embeddings = evaluation.load_embeddings(args.embedding, bench, data=resolve(args.data).path, progress=progress)
    options = {"n_resamples": args.resamples, "ties": args.ties}
    rows, scores = evaluation.evaluate_all(bench, embeddings, seed=args.seed, names=names, **options)
    comparisons = (
        [evaluation.compare(s, scores[0], seed=args.seed, **options) for s in scores[1:]] if args.compare else []
    )
    if args.json:
        out = {"rows": rows}
        if args.compare:
            out["comparisons"] = comparisons
        print_json(out)
        return 0
    print(f"Table 1 on {args.dir} (threshold fitted on a seeded 10% split, seed {args.seed}; ties: {args.ties})")
    print_table(paraphrase_reports.table(rows).set_index("embedding"), floatfmt="{:.3f}",  # the book's precision
                formats={"success rate (%)": "{:.1f}"})
    print("all-positive F: the F of calling every test pair a paraphrase, the floor a binary F is read against.")
    floor = paraphrase_reports.not_above_all_positive(rows)
    if floor:
        print(f"no better than that floor: {', '.join(floor)}.")
    if rows:
        r = rows[0]
        print(f"F of a random guess at the base rate (the paper's Random row): {r['binary_f1_base_rate_guess']:.4f} "
              f"[{r['binary_f1_base_rate_guess_low']:.4f}, {r['binary_f1_base_rate_guess_high']:.4f}]")
    if comparisons:
        print("\nPaired tests against", names[0], "(difference, 95% bootstrap CI, permutation p):")
        print_table(paraphrase_reports.embedding_difference_table(comparisons).set_index(["a", "b", "metric"]))
    return 0
