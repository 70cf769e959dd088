"""``pyrabench sts``: score systems on STS 2012-2016 with the organisers' measures."""

from __future__ import annotations

from ..dataroot import resolve
from ..errors import PyrabenchError
from ..reports.sts import results_table, wide_table
from ..sts import OutputFiles, evaluate, load_releases, resolve_system
from ._common import (
    ENCODER_EPILOG,
    add_data_argument,
    add_json_argument,
    name_list,
    nonempty,
    print_json,
    print_table,
)


def add_arguments(parser) -> None:
    add_data_argument(parser)
    parser.add_argument("--years", type=name_list, default=None, metavar="Y,...",
                        help="releases to score, e.g. 2012,2013 or 2012-train,stsb (default: 2012-2016 test sets found)")
    parser.add_argument("--system", action="append", default=[], metavar="SPEC",
                        help="tokencos, random[:SEED] (random scores), outputs:DIR, or an embedding spec: a registry name, "
                        "st:MODEL_DIR[@DEVICE] for any local sentence-transformers model (emb:NAME for a name like random); repeatable")
    parser.add_argument("--outputs", action="append", type=nonempty, default=[], metavar="DIR",
                        help="folder of official STS.output.<dataset>.txt files (per-year sub-folders allowed)")
    parser.add_argument("--ascii", action="store_true", help="read the 2016 .ascii input copies instead of UTF-8")
    add_json_argument(parser)
    parser.epilog = ENCODER_EPILOG


def run(args) -> int:
    specs = list(args.system)
    systems = [resolve_system(s) for s in specs] + [OutputFiles(d, name=f"outputs:{d}") for d in args.outputs]
    if not systems:
        raise PyrabenchError("give at least one --system SPEC or --outputs DIR")
    root = resolve(args.data)
    releases = load_releases(args.years, root.path, encoding="ascii" if args.ascii else "utf-8")
    results = {system.name: evaluate(system, releases) for system in systems}
    if args.json:
        as_json = {name: {year: yr.to_json() for year, yr in by_year.items()} for name, by_year in results.items()}
        print_json(as_json if len(as_json) > 1 else next(iter(as_json.values())))
        return 0
    wide = wide_table(results_table(results))
    print(f"# {root.describe()}")
    print_table(wide)
    for rel in releases.values():
        for kind, count in rel.log.counts().items():
            print(f"# {rel.year}: {count} × {kind}")
    return 0
