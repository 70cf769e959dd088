"""``pyrabench data``: which pyramid corpora are under the data root, and what they hold."""

from __future__ import annotations

import warnings

import pandas as pd

from ..data import judgments
from ..data.corpora import CORPUS_NAMES, corpus_stats, discover, load_corpus
from ..dataroot import resolve
from ..errors import EmptyCorpusError, MissingDataError, PyrabenchWarning
from ._common import add_data_argument, add_json_argument, print_json, print_table

#: Columns of the human table, in order (JSON carries every key of corpus_stats).
COLUMNS = (
    "pyramids", "summaries", "scus", "contributors", "peers", "peer_matches",
    "contributor_words", "unique_words", "repairs", "skips",
)


#: Columns of the judgments table (JSON carries every key of judgments.coverage).
JUDGMENT_COLUMNS = ("judged", "matched", "unmatched_human", "unmatched_topic_without_pyramid",
                    "unmatched_system_not_annotated", "not_judged", "quality_judged", "table_rows")


def add_arguments(parser) -> None:
    add_data_argument(parser)
    add_json_argument(parser)
    parser.add_argument(
        "--corpus", action="append", choices=CORPUS_NAMES, metavar="NAME",
        help="only this corpus (repeatable); a corpus asked for by name must be present",
    )
    parser.add_argument("--log", action="store_true", help="also list every repair and skip (file, item, reason)")


def collect(data=None, names=None) -> dict:
    """The report as a JSON-ready dict: ``{"data_root", "sample", "corpora": {...}, "missing": [...],
    "empty": {name: reason}, "judgments": {name: counts}}`` (``judgments``: the corpora whose NIST
    judgments are under the root, :func:`pyrabench.data.judgments.coverage`). A corpus named in
    ``names`` must be present and hold SCUs; a corpus found empty by discovery is reported under
    ``empty`` (and warned about); a root with no corpus at all is an error."""
    root = resolve(data)
    present = discover(root.path)
    loaded, empty = {}, {}
    for name in names or present:
        try:
            loaded[name] = load_corpus(name, root.path)
        except EmptyCorpusError as exc:
            if names:  # asked for by name: an error
                raise
            empty[name] = str(exc)
            warnings.warn(f"left out: {exc}", PyrabenchWarning, stacklevel=2)
    if not loaded:
        detail = "; ".join(empty.values()) or "see `pyrabench.data.corpora` for the layouts"
        raise MissingDataError(f"no pyramid corpus under {root.path} ({detail})")
    corpora = {name: corpus_stats(c) for name, c in loaded.items()}
    missing = [n for n in CORPUS_NAMES if n not in present]
    judged = {name: judgments.coverage(judgments.load_judgments(name, root.path), c) for name, c in loaded.items()
              if judgments.folder(name, root.path) is not None}
    return {"data_root": str(root.path), "sample": root.is_sample, "corpora": corpora, "missing": missing,
            "empty": empty, "judgments": judged}


def run(args) -> int:
    report = collect(args.data, args.corpus)
    if args.json:
        if args.log:
            report["records"] = {
                name: [r.__dict__ for r in load_corpus(name, report["data_root"]).log.records]
                for name in report["corpora"]
            }
        print_json(report)
        return 0

    root = resolve(args.data)
    print(root.describe())
    if report["corpora"]:
        table = pd.DataFrame({n: {c: s[c] for c in COLUMNS} for n, s in report["corpora"].items()}).T
        table.index.name = "corpus"
        print_table(table)
        for name, stats in report["corpora"].items():
            if stats["log"]:
                print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in stats["log"].items()))
            if args.log:
                for r in load_corpus(name, root.path).log.records:
                    what = "skipped" if r.skipped else "repaired"
                    print(f"  {r.path} [{r.item}] {what} {r.kind}: {r.detail}")
    if report["judgments"]:
        print("NIST's judgments of the peers (summaries judged; those with a pyramid annotation; the rest by reason):")
        table = pd.DataFrame(report["judgments"]).T[list(JUDGMENT_COLUMNS)]
        table.index.name = "corpus"
        print_table(table)
    for name, reason in report["empty"].items():
        print(f"{name}: empty, left out ({reason})")
    if report["missing"]:
        print("missing: " + ", ".join(report["missing"]))
    return 0
