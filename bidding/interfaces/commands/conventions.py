"""The `conventions validate|show|format|list` and `systems list|show|rules` commands, over
the plain functions of bidding.engine.authoring. Without an action they list their actions
instead of a bare usage error."""
from __future__ import annotations

import argparse
import sys

from bidding.engine.authoring import (convention_role, convention_tree, format_file,
                                      list_conventions, list_systems, rules_after,
                                      system_summary, validate)
from bidding.engine.library import ConventionLibrary
from bidding.interfaces.commands.options import add_directory_option
from bidding.model.auction import Auction
from bidding.model.cards import Seat, Vulnerability
from bidding.model.errors import BridgeError


def register(subparsers) -> None:
    """Add `conventions validate|show|format|list` and `systems list|show|rules`."""
    _add_commands(subparsers)
    for name in ("conventions", "systems"):
        subparsers.choices[name].set_defaults(func=run, parser=subparsers.choices[name])


def run(args) -> int:
    """Run the chosen subcommand; problems in files are printed, not raised. Exit status."""
    if not hasattr(args, "run"):
        print(f"{args.command}: choose an action\n", file=sys.stderr)
        args.parser.print_help(sys.stderr)
        return 2
    try:
        return args.run(args)
    except BridgeError as error:
        print(error, file=sys.stderr)
        return 1


def _add_commands(subparsers) -> None:
    """Add `conventions` and `systems` commands; each parser sets `args.run`."""
    directory = argparse.ArgumentParser(add_help=False)
    add_directory_option(directory)

    conventions = subparsers.add_parser("conventions", help="check, show and format conventions")
    commands = conventions.add_subparsers(dest="conventions_command")
    command = commands.add_parser("validate", parents=[directory],
                                  help="check convention or system files, all problems at once")
    command.add_argument("files", nargs="+", metavar="FILE")
    command.set_defaults(run=_run_validate)
    command = commands.add_parser("show", parents=[directory],
                                  help="a convention as a tree with priorities and sources")
    command.add_argument("name")
    command.add_argument("--depth", type=_positive, metavar="N",
                         help="levels of actions to show (default: all)")
    command.set_defaults(run=_run_show_convention)
    command = commands.add_parser("format", parents=[directory],
                                  help="pretty-print files in place, keeping comments (.bak kept)")
    command.add_argument("files", nargs="+", metavar="FILE")
    command.set_defaults(run=_run_format)
    command = commands.add_parser("list", parents=[directory], help="every known convention")
    command.set_defaults(run=_run_list_conventions)

    systems = subparsers.add_parser("systems", help="list and show bidding systems")
    commands = systems.add_subparsers(dest="systems_command")
    command = commands.add_parser("list", parents=[directory], help="every known system")
    command.set_defaults(run=_run_list_systems)
    command = commands.add_parser("show", parents=[directory], help="a system and its roots")
    command.add_argument("name")
    command.add_argument("--depth", type=_positive, default=1, metavar="N",
                         help="levels of actions to show (default 1)")
    command.set_defaults(run=_run_show_system)
    command = commands.add_parser("rules", parents=[directory],
                                  help="the ordered rules for the player to act after an auction")
    command.add_argument("name", metavar="SYSTEM")
    command.add_argument("auction", metavar="AUCTION",
                         help='the calls so far from the dealer, e.g. "1NT P 2C (X)"; '
                              'opponents\' calls included; "" before the first call')
    command.add_argument("--dealer", type=_reading(Seat.parse), default=Seat.NORTH,
                         help="dealer: N, E, S or W (default N)")
    command.add_argument("--vul", type=_reading(Vulnerability.parse),
                         default=Vulnerability.NONE,
                         help="vulnerability: None, NS, EW or Both (default None)")
    command.set_defaults(run=_run_rules)


def _reading(parse):
    """An argparse type from a model parser: its BridgeError becomes argparse's message."""
    def read(text: str):
        try:
            return parse(text)
        except BridgeError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    read.__name__ = parse.__self__.__name__.lower()
    return read


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of levels (1 or more)")
    return int(text)


def _run_validate(args) -> int:
    problems = validate(args.files, args.dir)
    for problem in problems:
        print(problem)
    errors = sum(1 for p in problems if not p.warning)
    print(f"{len(args.files)} file(s): {errors} error(s), {len(problems) - errors} warning(s)")
    return 1 if errors else 0


def _run_show_convention(args) -> int:
    print(convention_tree(args.name, ConventionLibrary(args.dir), args.depth))
    return 0


def _run_format(args) -> int:
    for file in args.files:
        changed = format_file(file, args.dir)
        print(f"{file}: {'formatted (original kept as .bak)' if changed else 'already formatted'}")
    return 0


def _run_list_conventions(args) -> int:
    library = ConventionLibrary(args.dir)
    for convention in list_conventions(library):
        print(f"{convention.name} ({convention_role(convention, library)}) -- "
              f"{convention.source.file}")
    return 0


def _run_list_systems(args) -> int:
    for spec in list_systems(ConventionLibrary(args.dir)):
        aliases = f" (also: {', '.join(spec.names[1:])})" if len(spec.names) > 1 else ""
        print(f"{spec.name}{aliases} -- {spec.source.file}")
    return 0


def _run_show_system(args) -> int:
    print(system_summary(args.name, ConventionLibrary(args.dir), args.depth))
    return 0


def _run_rules(args) -> int:
    auction = Auction.parse(args.auction.replace("(", " ").replace(")", " "), args.dealer,
                            args.vul)
    print(rules_after(args.name, ConventionLibrary(args.dir), auction))
    return 0
