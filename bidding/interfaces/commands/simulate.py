"""The `simulate`, `fight` and `compare` subcommands: test systems on many deals.

    cli.py simulate --system SAYC [--vs OTHER] [--deals N | --dealer FILE | --pbn FILE]
                    [--seed S] [--jobs J | --scheduler tcp://HOST:PORT | local[:N]]
                    [--no-dd] [--out DIR]
    cli.py fight --system A --vs B [--deals N] [--seed S] --out cases.jsonl
    cli.py compare --system A --vs B [--deals N] [--seed S] [--show K] [--out boards.jsonl]

A system is named as the library knows it, or given as a path to a `.system` file (to
compare two versions of one system; see options.load_systems).
"""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import time

from bidding.interfaces.commands.arguments import (output_file, output_folder_type, positive,
                                                   scheduler, seed, text_file, text_file_type)
from bidding.interfaces.commands.options import add_directory_option, load_systems
from bidding.model.errors import BridgeError
from bidding.model.files import atomic_write
from bidding.model.pbn import decode_pbn
from bidding.laboratory.cluster import DaskRunner
from bidding.laboratory.reports import (REPORT_FILES, TOP_SWINGS, comparison_report,
                                        comparison_rows, text_report, write_reports)
from bidding.laboratory.resume import KeptBlocks
from bidding.laboratory.simulate import (DEFAULT_DEALS, compare, fight, generated_boards,
                                         imported_boards, simulate, summarize)

NEVER_FIRED_SHOWN = 10   # on the terminal; report.txt lists them all


def register(subparsers) -> None:
    simulate_parser = subparsers.add_parser(
        "simulate", help="bid many deals with a system and report what happened",
        description="Bid generated (or imported) deals with robots, score them double dummy "
                    "and report contracts, rules used, gaps in the system, par and IMPs.")
    simulate_parser.add_argument("--vs", metavar="OTHER",
                                 help="a second system: two tables, cards turned, IMPs")
    run_arguments(simulate_parser, REPORT_FILES, "no scores, par or IMPs")
    simulate_parser.set_defaults(func=run_simulate)

    fight_parser = subparsers.add_parser(
        "fight", help="find where two systems disagree; write the cases as JSON Lines",
        description="Bid each deal with system A at every seat and ask B at each turn; the "
                    "first call where B differs becomes a case (expected: A's call).")
    two_systems_arguments(fight_parser)
    deal_arguments(fight_parser)
    fight_parser.add_argument("--out", required=True, metavar="FILE", type=output_file,
                              help="cases.jsonl to write")
    fight_parser.set_defaults(func=run_fight)

    compare_parser = subparsers.add_parser(
        "compare", help="which of two systems (two versions of one) bids closer to par",
        description="Each system bids every deal at all four seats; where the auctions differ "
                    "both are solved double dummy, and the report says which lands closer to "
                    "par (|IMPs against par|), by how much a thousand boards with its standard "
                    "error, and where they differ most. Load an older version under another "
                    "name with --dir, or give the two .system files.")
    two_systems_arguments(compare_parser)
    deal_arguments(compare_parser, imported=True)
    compare_parser.add_argument("--show", type=positive, default=TOP_SWINGS, metavar="K",
                                help=f"boards listed, largest differences first (default "
                                     f"{TOP_SWINGS})")
    compare_parser.add_argument("--out", metavar="FILE", type=output_file,
                                help="also write every board where they differ, as JSON Lines")
    compare_parser.set_defaults(func=run_compare)


def two_systems_arguments(parser) -> None:
    """--system A and --vs B, for the commands that set two systems against each other."""
    parser.add_argument("--system", required=True, help="system A (name or file)")
    parser.add_argument("--vs", required=True, metavar="B", help="system B (name or file)")


def run_arguments(parser, report_files: tuple[str, ...], without_dd: str) -> None:
    """What a command bidding many deals with a system takes: --system, the deal arguments
    with --pbn, --no-dd (`without_dd` says what is lost) and --out DIR, a report folder of
    `report_files`."""
    parser.add_argument("--system", required=True, help="system name or .system file")
    deal_arguments(parser, imported=True)
    parser.add_argument("--no-dd", action="store_true", help=f"skip double dummy ({without_dd})")
    parser.add_argument("--out", metavar="DIR", type=output_folder_type(report_files),
                        help=f"write {', '.join(report_files)} in DIR (a new folder, or one "
                             f"with an earlier report, which is replaced)")


def deal_arguments(parser, imported: bool = False) -> None:
    """--deals, --dealer, --seed, --jobs or --scheduler (read by runner_of) and --dir; with
    `imported` also --pbn (read by boards_of)."""
    parser.add_argument("--deals", type=positive, metavar="N",
                       help=f"number of deals (default: the script's produce, else {DEFAULT_DEALS})")
    parser.add_argument("--dealer", metavar="FILE", type=text_file,
                        help="deal only what this dealer script accepts")
    parser.add_argument("--seed", type=seed, help="seed of the deals (default: a fresh one, shown)")
    workers = parser.add_mutually_exclusive_group()
    workers.add_argument("--jobs", type=positive, default=os.cpu_count() or 1, metavar="J",
                         help="worker processes on this machine (default: one per core)")
    workers.add_argument("--scheduler", type=scheduler, metavar="ADDRESS",
                         help="run on Dask: tcp://HOST:PORT of a running scheduler, or local[:N] "
                              "for a local cluster of N workers (needs the dask extra)")
    if imported:
        parser.add_argument("--pbn", metavar="FILE", type=text_file_type(decode_pbn),
                            help="bid the deals of a PBN (or .lin) file instead")
    add_directory_option(parser)


class ProgressBar:
    """`done/total` with rate, redrawn in place on stderr when it is a terminal."""

    def __init__(self, label: str, stream=None) -> None:
        self.stream = stream or sys.stderr
        self.label = label
        self.enabled = self.stream.isatty()
        self.started = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed else 0.0
        left = (total - done) / rate if rate else 0.0
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} {rate:.1f}/s, {left:.0f} s left ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def boards_of(args):
    """The boards to bid and a phrase saying where they came from."""
    if getattr(args, "pbn", None):
        if args.dealer or args.deals:
            raise BridgeError("--pbn gives the deals: leave out --deals and --dealer")
        boards = imported_boards(args.pbn.text, args.pbn.path)
        if not boards:
            raise BridgeError(f"no boards in {args.pbn.path}: it has no [Deal] tag (PBN) or "
                              f"md| record (LIN)")
        return boards, args.pbn.path, None
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    script, source = (args.dealer.text, args.dealer.path) if args.dealer else ("", "<no condition>")
    origin = f"seed {seed}" + (f", dealer script {args.dealer.path}" if args.dealer else "")
    return generated_boards(args.deals, seed, script, source), origin, seed


@contextlib.contextmanager
def runner_of(args):
    """The runner --scheduler asks for, open while the `with` lasts, and the number of
    workers for the reports; without --scheduler (None, --jobs): local processes."""
    if args.scheduler is None:
        yield None, args.jobs
        return
    print(f"running on {args.scheduler}", file=sys.stderr)
    with DaskRunner(args.scheduler) as runner:
        yield runner, runner.workers


def kept_blocks(target, what: str, systems) -> KeptBlocks:
    """Where a run writing `target` (a report folder or a file) keeps its finished blocks:
    a hidden folder beside it, so that the same command run again resumes (`what`: the
    command and what it computes, besides the boards). The systems' files are part of the
    fingerprint: after an edit to a convention the run starts afresh."""
    digests = " ".join(system.source_digest() for system in systems if system is not None)
    return KeptBlocks(target.with_name(f".{target.name}.blocks"), f"{what} files {digests}")


def run_simulate(args) -> int:
    systems = load_systems([args.system] + ([args.vs] if args.vs else []), args.dir)
    ours, theirs = systems[args.system], systems.get(args.vs)
    boards, origin, seed = boards_of(args)
    kept = args.out and kept_blocks(args.out.target, f"simulate {args.system} vs {args.vs} "
                                                     f"dd {not args.no_dd}", (ours, theirs))
    with runner_of(args) as (runner, jobs):
        run = simulate(boards, ours, theirs, double_dummy=not args.no_dd, jobs=jobs,
                       progress=ProgressBar("bidding"), explained=bool(args.out),
                       runner=kept.around(runner, jobs) if kept else runner)
    run.origin, run.seed = origin, seed
    summary = summarize(run)
    print(text_report(run, summary, never_fired_shown=NEVER_FIRED_SHOWN))
    if args.out:
        for path in args.out.write(lambda folder: write_reports(run, summary, folder)):
            print(f"wrote {path}")
        kept.discard()
    return 0


def run_fight(args) -> int:
    systems = load_systems([args.system, args.vs], args.dir)
    first, second = systems[args.system], systems[args.vs]
    boards, origin, _ = boards_of(args)
    kept = kept_blocks(args.out, f"fight {args.system} vs {args.vs}", (first, second))
    with runner_of(args) as (runner, jobs):
        cases = fight(boards, first, second, jobs=jobs, progress=ProgressBar("fighting"),
                      runner=kept.around(runner, jobs))
    for case in cases:
        case["source"] = f"{origin}, {case['source']}"
    atomic_write(args.out, "".join(json.dumps(case, ensure_ascii=False) + "\n" for case in cases))
    kept.discard()
    print(f"{first.name} and {second.name} disagree on {len(cases)} of {len(boards)} boards "
          f"({origin}); wrote {args.out}")
    return 0


def run_compare(args) -> int:
    systems = load_systems([args.system, args.vs], args.dir)
    first, second = systems[args.system], systems[args.vs]
    boards, origin, _ = boards_of(args)
    kept = args.out and kept_blocks(args.out, f"compare {args.system} vs {args.vs}",
                                    (first, second))
    with runner_of(args) as (runner, jobs):
        comparison = compare(boards, first, second, jobs=jobs, progress=ProgressBar("comparing"),
                             runner=kept.around(runner, jobs) if kept else runner)
    # two versions of one system share its name: then the arguments tell them apart
    labels = (args.system, args.vs) if first.name == second.name else None
    print(comparison_report(comparison, origin, args.show, labels))
    if args.out:
        atomic_write(args.out, "".join(json.dumps(row, ensure_ascii=False) + "\n"
                                       for row in comparison_rows(comparison, labels)))
        kept.discard()
        print(f"wrote {args.out}")
    return 0
