"""The ``pyrabench`` command. Each subcommand lives in ``pyrabench/commands/<name>.py``.

A subcommand module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``. Errors a user can cause are :class:`PyrabenchError` and print as one line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from .errors import PyrabenchError

COMMANDS = ("data", "build", "stats", "evaluate", "sts", "score")


def _available():
    for name in COMMANDS:
        try:
            yield name, importlib.import_module(f"pyrabench.commands.{name}")
        except ModuleNotFoundError as exc:  # a command not written yet is simply absent
            if exc.name != f"pyrabench.commands.{name}":
                raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyrabench", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    parser.subcommands = {}  # name -> sub-parser, for the book's command reference
    for name, module in _available():
        p = sub.add_parser(name, help=module.HELP.replace("%", "%%"), description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
        parser.subcommands[name] = p
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except PyrabenchError as exc:
        print(f"pyrabench {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and closed early: not an error
        sys.stderr = open(os.devnull, "w")  # silence the flush at interpreter exit
        return 0


if __name__ == "__main__":
    sys.exit(main())
