"""The command line: `python cli.py` opens the interactive menu; subcommands serve scripts.

Each area of the product registers its own subcommands (a module with `register(subparsers)`
that sets `func` on its parsers); this file only assembles them.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from bidding.model.errors import BridgeError

COMMAND_MODULES = (
    "bidding.interfaces.commands.conventions",
    "bidding.interfaces.commands.cases",
    "bidding.interfaces.commands.play",
    "bidding.interfaces.commands.simulate",
    "bidding.interfaces.commands.audit",
    "bidding.interfaces.commands.web",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cli.py",
        description="Bridge bidding engine and deal generator. Without a command, opens the menu.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    subparsers.add_parser(
        "dealer", add_help=False,
        help="run a dealer script: the same switches as `python -m dealer` (see `dealer -h`)")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["dealer"]:
        from dealer.__main__ import main as dealer_main
        return dealer_main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from bidding.interfaces.menu.menu import run_menu
        return run_menu()
    try:
        return args.func(args) or 0
    except BridgeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: not an error
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
