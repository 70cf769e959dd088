"""The ``pyrabench`` command: pyramid annotations as a paraphrase benchmark, STS, pyramid scoring.

A subcommand module (``pyrabench/commands/<name>.py``) defines ``HELP`` (one line),
``add_arguments(parser)`` and ``run(args) -> int``. Errors a user can cause are
:class:`PyrabenchError` and print as one line (exit 2, like a usage error); a bad option value
is a usage error from argparse (exit 2); Ctrl-C prints one line and exits 130 (128 + SIGINT,
the shell's convention); warnings (:class:`PyrabenchWarning`) print as one ``warning:`` line
each. No input prints a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from .commands import build, data, evaluate, score, stats, sts
from .errors import PyrabenchError, PyrabenchWarning

DESCRIPTION = (
    "Pyramid annotations (DUC/TAC) as a paraphrase benchmark for sentence embeddings, the STS "
    "2012-2016 evaluation conventions, and pyramid scoring of summaries. Every subcommand reads "
    "its data from --data DIR, else $PYRABENCH_DATA, else the bundled sample data."
)
#: Subcommands in the order a session uses them.
COMMANDS = {"data": data, "build": build, "stats": stats, "evaluate": evaluate, "sts": sts, "score": score}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyrabench", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    parser.subcommands = {}  # name -> sub-parser, for the book's command reference
    for name, module in COMMANDS.items():
        p = sub.add_parser(name, help=module.HELP.replace("%", "%%"), description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
        parser.subcommands[name] = p
    return parser


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """Warnings as one line; ours without the source location (it is about the data, not the code)."""
    out = file if file is not None else sys.stderr
    if issubclass(category, PyrabenchWarning):
        out.write(f"pyrabench: warning: {message}\n")
    else:
        out.write(warnings.formatwarning(message, category, filename, lineno, line))


def main(argv: list[str] | None = None) -> int:
    command = "pyrabench"
    try:
        args = build_parser().parse_args(argv)
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
