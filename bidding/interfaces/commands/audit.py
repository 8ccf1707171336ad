"""The `audit` and `second-guess` subcommands: where a system's robots lose the most, by
class of mistake, and which rules lose to another call.

    cli.py audit --system NAME [--deals N] [--seed S] [--dealer FILE | --pbn FILE]
                 [--out DIR] [--jobs J | --scheduler ADDRESS] [--no-dd]
    cli.py second-guess --system NAME [the same deal arguments] [--rule TEXT]
                 [--top N] [--least N] [--out DIR]

The deals are chosen as for `simulate` (the same arguments, read by the same code); without
--out the table and a few examples go to the terminal.
"""
from __future__ import annotations

from bidding.interfaces.commands.arguments import output_folder_type, positive
from bidding.interfaces.commands.options import load_systems
from bidding.interfaces.commands.simulate import (ProgressBar, boards_of, deal_arguments,
                                                  kept_blocks, run_arguments, runner_of)
from bidding.laboratory.alternatives import (SECOND_GUESS_FILES, second_guess,
                                             second_guess_text, write_second_guess)
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

    parser = subparsers.add_parser(
        "second-guess", help="which rules of a system lose to another call, double dummy",
        description="Four robots of the system bid each deal. At every call the natural "
                    "alternatives (pass, double, and in each strain the cheapest bid, a jump, "
                    "game and six) are tried and the robots finish the auction; double dummy "
                    "scores each ending. The report sums, by rule and alternative, the IMPs "
                    "against par the alternative saves, with a standard error: a rule that "
                    "loses to the same call over many hands is wrong for some of them.")
    parser.add_argument("--system", required=True, help="system name or .system file")
    deal_arguments(parser, imported=True)
    parser.add_argument("--rule", default="", metavar="TEXT",
                        help="only rules whose file:line contains TEXT (e.g. negative-double)")
    parser.add_argument("--top", type=positive, default=30, metavar="N",
                        help="lines in the table (default 30)")
    parser.add_argument("--least", type=positive, default=10, metavar="N",
                        help="only rules that fired N times or more (default 10)")
    parser.add_argument("--out", metavar="DIR", type=output_folder_type(SECOND_GUESS_FILES),
                        help="write report.txt (every rule and alternative; ten examples for "
                             "each of the top N) and decisions.jsonl (every call and "
                             "alternative) in DIR")
    parser.set_defaults(func=run_second_guess)


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


def run_second_guess(args) -> int:
    system = load_systems([args.system], args.dir)[args.system]
    boards, origin, _ = boards_of(args)
    with runner_of(args) as (runner, jobs):
        found = second_guess(boards, system, jobs=jobs, progress=ProgressBar("second-guessing"),
                             runner=runner)
    found.origin = origin
    options = dict(least_firings=args.least, rule_filter=args.rule)
    print(second_guess_text(found, top=args.top, **options))
    if args.out:
        for path in args.out.write(lambda folder: write_second_guess(
                found, folder, top=None, examples=10, examples_for=args.top, **options)):
            print(f"wrote {path}")
    return 0
