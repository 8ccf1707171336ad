"""The `conventions` and `systems` subcommands, for the lead's cli.py to wire in:

    from bidding.interfaces.commands import conventions as cli_conventions
    cli_conventions.register(subparsers)
    ...
    if getattr(args, "run", None) and args.command in ("conventions", "systems"):
        return cli_conventions.run(args)
"""
from __future__ import annotations

import sys

from bidding.engine.authoring import add_conventions_commands
from bidding.model.errors import BridgeError


def register(subparsers) -> None:
    """Add `conventions validate|show|format|list` and `systems list|show`."""
    add_conventions_commands(subparsers)
    for name in ("conventions", "systems"):
        subparsers.choices[name].set_defaults(func=run)


def run(args) -> int:
    """Run the chosen subcommand; problems in files are printed, not raised. Exit status."""
    try:
        return args.run(args)
    except BridgeError as error:
        print(error, file=sys.stderr)
        return 1
