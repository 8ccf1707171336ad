"""The `audit` subcommand: where a system's robots lose the most, by class of mistake.

    cli.py audit --system NAME [--deals N] [--seed S] [--dealer FILE | --pbn FILE]
                 [--out DIR] [--jobs J | --scheduler ADDRESS] [--no-dd]

The deals are chosen as for `simulate` (the same arguments, read by the same code); without
--out the table and two examples of each class go to the terminal.
"""
from __future__ import annotations

from bidding.interfaces.commands.options import load_systems
from bidding.interfaces.commands.simulate import (ProgressBar, boards_of, kept_blocks,
                                                  run_arguments, runner_of)
from bidding.laboratory.audit import AUDIT_FILES, audit, audit_text, write_audit


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "audit", help="bid many deals with a system and list its mistakes by class",
        description="Four robots of the system bid each deal; double dummy scores it; the "
                    "boards are sorted into classes of mistakes (20+ HCP passed out, missed "
                    "games and slams, slams off two aces, minor games when 3NT makes, costly "
                    "doubled contracts, passes of forcing calls, calls off the tree), each with "
                    "examples and the rule at fault.")
    run_arguments(parser, AUDIT_FILES, "only the classes that do not need it")
    parser.set_defaults(func=run_audit)


def run_audit(args) -> int:
    system = load_systems([args.system], args.dir)[args.system]
    boards, origin, _ = boards_of(args)
    kept = args.out and kept_blocks(args.out.target, f"audit {args.system} dd {not args.no_dd}",
                                    (system,))
    with runner_of(args) as (runner, jobs):
        found = audit(boards, system, double_dummy=not args.no_dd, jobs=jobs,
                      progress=ProgressBar("auditing"),
                      runner=kept.around(runner, jobs) if kept else runner)
    found.origin = origin
    print(audit_text(found))
    if args.out:
        for path in args.out.write(lambda folder: write_audit(found, folder)):
            print(f"wrote {path}")
        kept.discard()
    return 0
