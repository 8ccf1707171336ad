"""`cli.py cases FILE --system NAME [--failures] [--by-rule] [--topic T] [--fail-under PERCENT]`:
run a case file against a system."""
from __future__ import annotations

import argparse
import sys

from bidding.interfaces.commands.options import add_directory_option
from bidding.interfaces.commands.arguments import percent, text_file


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "cases", help="bid a JSON Lines case file with a system and print the pass rates",
        description="Bid every case of FILE (JSON Lines: hand, history, expected...) with a "
                    "system; print the pass rate per topic and the overall "
                    "'N passed, M failed' line. Defective rows are counted as invalid.")
    parser.add_argument("file", metavar="FILE", type=text_file, help="the case file (.jsonl)")
    parser.add_argument("--system", default="SAYC", help="the system to bid with (default SAYC)")
    parser.add_argument("--failures", action="store_true",
                        help="also list each miss: hand, auction, expected and our call, rule")
    parser.add_argument("--by-rule", action="store_true",
                        help="also list the failures grouped by the rule that made our call "
                             "(file:line; 'no rule' by situation), most failures first")
    parser.add_argument("--topic", help="only the cases of this topic (or group)")
    parser.add_argument("--opponents", metavar="NAME",
                        help="read the opponents' calls with this system (default: natural)")
    parser.add_argument("--fail-under", metavar="PERCENT", type=percent,
                        help="exit with status 1 when fewer than PERCENT %% of the valid cases "
                             "pass (without it the status is 0 whatever the pass rate)")
    add_directory_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bidding.laboratory.cases import read_cases, run_cases
    from bidding.engine.library import ConventionLibrary
    from bidding.engine.system import system_named
    cases = read_cases(args.file.text.splitlines())
    library = ConventionLibrary(args.dir)
    system = system_named(library, args.system)
    opponents = system_named(library, args.opponents) if args.opponents else None
    report = run_cases(cases, system, topic=args.topic, opponents=opponents)
    if args.failures:
        text = report.failures()
        if text:
            print(text)
            print()
    if args.by_rule and report.failed:
        print(f"Failures by the rule at fault ({len(report.failures_by_rule())} rules):")
        print(report.by_rule())
        print()
    if report.invalid:
        print(report.invalid_rows())
        print()
    print(f"{report.system}: {args.file.path}")
    print(report.summary())
    if args.fail_under is not None and 100 * report.rate < args.fail_under:
        print(f"the pass rate {100 * report.rate:.1f}% is below --fail-under "
              f"{args.fail_under:g}%", file=sys.stderr)
        return 1
    return 0
