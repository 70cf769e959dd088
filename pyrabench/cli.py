"""The ``pyrabench`` command: pyramid annotations as a paraphrase benchmark, STS, pyramid scoring.

A subcommand is a module ``pyrabench/commands/<name>.py`` that defines
``add_arguments(parser)`` and ``run(args) -> int``, and a one-line help in :data:`COMMANDS`. Errors a user can cause are
:class:`PyrabenchError` and print as one line (exit 2, like a usage error); a bad option value
is a usage error from argparse (exit 2); Ctrl-C prints one line and exits 130 (128 + SIGINT,
the shell's convention); warnings (:class:`PyrabenchWarning`) print as one ``warning:`` line
each. No input prints a traceback.

The command line answers at once: the help lines live here, so ``pyrabench --help`` imports no
command module, and a run imports only its own command's module (the work it does pulls in
pandas, spaCy, gensim, scipy). ``evaluate``'s embedding specs are checked before that, with the
light :mod:`pyrabench.embeddings.specs`, so a mistyped name is refused at once.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from typing import Iterable

from .errors import PyrabenchError, PyrabenchWarning

DESCRIPTION = (
    "Pyramid annotations (DUC/TAC) as a paraphrase benchmark for sentence embeddings, the STS "
    "2012-2016 evaluation conventions, and pyramid scoring of summaries. Every subcommand reads "
    "its data from --data DIR, else $PYRABENCH_DATA, else the bundled sample data."
)
#: Subcommands (modules ``pyrabench/commands/<name>.py``) in the order a session uses them, with
#: their one-line help.
COMMANDS = {
    "data": "list the pyramid corpora under the data root with their counts and repairs, and NIST's "
            "judgments of their peers",
    "build": "build the binary and ranking tests (Baumel et al. 2016 §3) from the pyramid corpora",
    "stats": "counts of a built benchmark per corpus and overall, beside Baumel et al. (2016) §3",
    "evaluate": "score embeddings on a built benchmark (F-measure, success rate, MRR with 95% CIs)",
    "sts": "STS 2012-2016: per-dataset Pearson and n, Mean, ALL, ALLnorm for one or more systems",
    "score": "pyramid scores (original, modified, coverage) per topic and peer; --auto SIMILARITY for "
             "automated scoring",
    "pyramid": "build a pyramid per topic from model summaries, no annotator (EDUA's recipe): DUCView .pyr "
               "files and SacreROUGE pyramids JSONL for score --pyramid",
    "correlate": "Pearson, Spearman and Kendall of metrics (rouge_1/2/l, auto[:VARIANT], manual scores) "
                 "against a manual score or NIST's responsiveness / linguistic quality, per topic (summary "
                 "level) and per system, with bootstrap 95% intervals; --compare A,B tests whether A "
                 "correlates better than B",
}  # fmt: skip


def build_parser(commands: Iterable[str] = tuple(COMMANDS)) -> argparse.ArgumentParser:
    """The full parser; the options of only ``commands`` (the others keep their help line), so
    that a run imports just the command it runs."""
    parser = argparse.ArgumentParser(prog="pyrabench", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    parser.subcommands = {}  # name -> sub-parser, for the book's command reference
    for name, help_line in COMMANDS.items():
        p = sub.add_parser(name, help=help_line.replace("%", "%%"), description=help_line)
        if name in commands:
            module = importlib.import_module(f".commands.{name}", __package__)
            module.add_arguments(p)
            p.set_defaults(_run=module.run)
        parser.subcommands[name] = p
    return parser


def check_specs_early(argv: list[str]) -> None:
    """Validate ``evaluate --embedding`` specs from the raw arguments, before any command
    module is imported (``evaluate`` validates them again, for library callers)."""
    if not argv or argv[0] != "evaluate" or {"-h", "--help"} & set(argv):
        return
    from .embeddings.specs import validate  # here, not at the top: it imports numpy, which --help need not

    pre = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    pre.add_argument("--embedding", action="append", default=[])
    try:
        known, _ = pre.parse_known_args(argv[1:])
    except argparse.ArgumentError:
        return  # malformed: the full parser says what is wrong
    for spec in known.embedding:
        validate(spec)


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """Warnings as one line; ours without the source location (it is about the data, not the code)."""
    out = file if file is not None else sys.stderr
    if issubclass(category, PyrabenchWarning):
        out.write(f"pyrabench: warning: {message}\n")
    else:
        out.write(warnings.formatwarning(message, category, filename, lineno, line))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command = "pyrabench"
    try:
        if argv:
            command = f"pyrabench {argv[0]}"
        check_specs_early(argv)
        args = build_parser(argv[:1]).parse_args(argv)
        command = f"pyrabench {args.command}"
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            warnings.simplefilter("default", PyrabenchWarning)
            return int(args._run(args) or 0)
    except PyrabenchError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and closed early: not an error
        sys.stderr = open(os.devnull, "w")  # silence the flush at interpreter exit
        return 0
    except OSError as exc:  # the system refused something (disk full, a file vanished): one line
        print(f"{command}: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
