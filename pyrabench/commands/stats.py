"""``pyrabench stats DIR [--json]``: the §3 figures of a built benchmark beside the paper's."""

from __future__ import annotations

from ..paraphrase import store
from ._common import add_json_argument, nonempty, print_json, print_table


def add_arguments(parser) -> None:
    parser.add_argument("dir", metavar="DIR", type=nonempty, help="benchmark directory written by `pyrabench build`")
    add_json_argument(parser)


def run(args) -> int:
    stats = store.load_stats(args.dir)
    table = store.stats_table(stats)
    if args.json:
        print_json(
            {
                "preset": stats.get("preset"),
                "preset_changes": stats.get("preset_changes", {}),
                "corpora": {name: {k: e[k] for k in store.COUNT_KEYS} for name, e in stats["corpora"].items()},
                "groups": stats.get("groups", {}),
                "overall": stats["overall"],
                "paper": stats["paper"],
                "missing": stats["missing"],
                "bad_input": {name: e["bad_input"] for name, e in stats["corpora"].items()},
                "constraints": {name: e["constraints"] for name, e in stats["corpora"].items()},
            }
        )
        return 0
    if "preset" in stats:
        changes = stats.get("preset_changes") or {}
        print(f"preset {stats['preset']}" + (f" with changes {changes}" if changes else ""))
    print_table(table, floatfmt="{:.2f}")
    if stats["missing"]:
        print(f"\nnot available here (used by the paper): {', '.join(stats['missing'])}; "
              "the paper's row covers DUC 2005-2007, ours the corpora listed.")  # fmt: skip
    return 0
