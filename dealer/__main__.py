"""`python -m dealer FILE [switches]`: dealer's command line (stdin when no FILE).

Switches follow dealer's (`dealer -h`): -g -p -s -0 -2 -3 -v -q -m -t -u -V -h; -e (exhaust
mode) and -l (GIB's library.dat) are refused as Debian's binary cannot do them either.
Added: --rng dealer|numpy (dealer replays /usr/games/dealer's deals for a -s seed) and
-j/--jobs to deal and evaluate in several processes (by default one per core, once a run
proves long enough to profit, unless the cores are already busy).

Dealer v2's switches: -x 2|3 (swapping, as -2/-3), -N/-E/-S/-W HOLDINGS (predeal),
-T TITLE, -D LEVEL, -C FILE (csvrpt), -X FILE (export), -L FILE (a library of solved
deals), -M 1|2, -R 1..9 and -P 0..3 (double dummy: mode, threads, par's vulnerability);
--rng dealerv2 replays v2's deals. Its -0..-9 TEXT (script parameters $0..$9) clash with
dealer v1's swapping switches -0, -2, -3, so they need --v2: with it, -0..-9 take a value
and swapping is -x only; without it, -0/-2/-3 are v1's. --v2 also prints v2's layouts
where they differ.
"""
from __future__ import annotations

import argparse
import contextlib
import re
import sys
import time

from .errors import DealerError, DealerInputError
from .generate import RANDOM_SOURCES
from .grammar import substitute_parameters
from .program import compile_program
from .run import RunOptions, run_program

VERSION = "pydealer 0.1 (dealer-compatible deal generator)"


def _parser(v2: bool = False) -> argparse.ArgumentParser:
    """The command line; `v2` (--v2 given) makes -0..-9 Dealer v2's script parameters."""
    parser = argparse.ArgumentParser(
        prog="python -m dealer", add_help=False,
        description="Generate bridge deals that meet a condition written in the input "
                    "language of Hans van Staveren's dealer.")
    parser.add_argument("file", nargs="?", help="the input file (standard input if left out)")
    parser.add_argument("-g", type=int, metavar="N", dest="generate",
                        help="generate at most N deals (default 10,000,000)")
    parser.add_argument("-p", type=int, metavar="N", dest="produce",
                        help="produce at most N deals (default 40 when deals are printed)")
    parser.add_argument("-s", type=int, metavar="SEED", dest="seed",
                        help="seed of the random generator (same seed, same deals)")
    parser.add_argument("--v2", action="store_true",
                        help="Dealer v2's command line and layouts: -0..-9 TEXT set the "
                             "script parameters $0..$9 (swap with -x); `Produced  N hands`")
    swapping = parser.add_mutually_exclusive_group()
    swapping.add_argument("-x", type=int, choices=(2, 3), dest="swapping",
                          help="Dealer v2's swapping: 2 as -2, 3 as -3")
    if v2:
        for digit in range(10):
            parser.add_argument(f"-{digit}", metavar="TEXT", dest=f"parameter{digit}",
                                help=f"the text of ${digit} in the script")
    else:
        for digit, text in (("0", "no swapping (the default)"),
                            ("2", "after each deal, also the deal with E and W exchanged"),
                            ("3", "after each deal, also the 5 deals permuting E, S and W")):
            swapping.add_argument(f"-{digit}", action="store_const", const=int(digit),
                                  dest="swapping", help=text)
    for letter, seat in zip("NESW", ("north", "east", "south", "west")):
        parser.add_argument(f"-{letter}", metavar="HOLDINGS", dest=f"predeal_{seat}",
                            help=f"predeal to {seat}, e.g. SAQ542,HKJ87 (Dealer v2)")
    parser.add_argument("-D", type=float, metavar="LEVEL", dest="debug", default=0.0,
                        help="Dealer v2's debug level: 1 or more lists the settings on "
                             "standard error")
    parser.add_argument("-C", metavar="FILE", dest="csv_file",
                        help="Dealer v2's file for csvrpt's lines, appended to (w:FILE: "
                             "overwritten); standard output without it")
    parser.add_argument("-L", metavar="FILE", dest="solved_library",
                        help="Dealer v2's library mode: read the deals, with their double-"
                             "dummy results, from a library of solved deals (rpdd.zrd; `=`: "
                             "../rpdd.zrd), from deal 1000 x seed + 1; predeal and swapping "
                             "do not apply")
    parser.add_argument("-X", metavar="FILE", dest="export_file",
                        help="Dealer v2's file for export's lines (overwritten); standard "
                             "output without it")
    parser.add_argument("-T", metavar="TITLE", dest="title",
                        help="Dealer v2's title (overrides the script's `title`)")
    parser.add_argument("-M", type=int, choices=(1, 2), dest="dd_mode",
                        help="Dealer v2's double-dummy mode: 1 single results, 2 the whole "
                             "table of 20 (default: a deal's table once 9 results are asked)")
    parser.add_argument("-R", type=int, choices=range(1, 10), metavar="1..9",
                        dest="dd_threads",
                        help="Dealer v2's solver threads (default: one per core)")
    parser.add_argument("-P", type=int, choices=range(4), metavar="0..3",
                        dest="par_vulnerability",
                        help="Dealer v2's vulnerability for par: 0 none, 1 NS, 2 EW, 3 both "
                             "(default: the script's `vulnerable`)")
    parser.add_argument("-v", action="store_true", dest="toggle_statistics",
                        help="toggle the statistics printed at the end (shown by default)")
    parser.add_argument("-q", action="store_true", dest="quiet", help="suppress PBN output")
    parser.add_argument("-m", action="store_true", dest="progress",
                        help="show a progress meter on standard error")
    parser.add_argument("-t", type=float, metavar="SECONDS", dest="time_limit",
                        help="stop after SECONDS if no deal has been produced")
    parser.add_argument("-u", action="store_true", dest="uppercase",
                        help="accepted for compatibility; cards are always printed AKQJT")
    parser.add_argument("-e", action="store_true", dest="exhaust",
                        help="exhaust mode: not available (nor in Debian's dealer)")
    parser.add_argument("-l", type=int, metavar="N", dest="library",
                        help="read deals from GIB's library.dat: not available")
    parser.add_argument("-V", action="store_true", dest="version", help="print the version")
    parser.add_argument("-h", "--help", action="help", help="show this help and exit")
    parser.add_argument("--rng", choices=RANDOM_SOURCES, default="numpy",
                        help="random source: numpy (fast, uniform; the default), dealer "
                             "(the same deals as /usr/games/dealer for the same -s seed) or "
                             "dealerv2 (Dealer v2's srand48 stream and sorted reshuffle)")
    parser.add_argument("-j", "--jobs", type=int, metavar="N",
                        help="worker processes for long runs (numpy source only; the "
                             "default is one per core, or one when the cores are busy; "
                             "results do not depend on N)")
    return parser


_SWITCHES_WITH_VALUES = ("-g", "-p", "-s", "-t", "-j", "-l", "-T", "-D", "-C", "-X", "-L",
                        "-M", "-R", "-P")


def _negative_values_joined(argv: list[str]) -> list[str]:
    """`-s -5` as `-s-5`: dealer's getopt takes a negative value after a switch, where
    argparse would read `-5` as a switch (this parser has -0, -2 and -3)."""
    joined: list[str] = []
    for word in argv:
        if joined and joined[-1] in _SWITCHES_WITH_VALUES and re.fullmatch(r"-\d+(\.\d*)?", word):
            joined[-1] += word
        else:
            joined.append(word)
    return joined


def _read_script(path: str | None) -> str:
    """The script's text (standard input when there is no path). Bytes that are not UTF-8
    (a Latin-1 comment) are read as U+FFFD, as dealer ignores them in comments; a binary
    file is refused."""
    if path:
        with open(path, "rb") as handle:
            data = handle.read()
    else:
        data = sys.stdin.buffer.read()
    if b"\0" in data:
        raise ValueError("not a dealer script: it is a binary file (it holds NUL bytes)")
    return data.decode("utf-8", errors="replace")


def _command_line_script(text: str, args: argparse.Namespace) -> str:
    """The script with Dealer v2's command-line parts: script parameters substituted, then
    the -N/-E/-S/-W predeals added as predeal statements."""
    parameters = {digit: getattr(args, f"parameter{digit}", None) for digit in range(10)}
    text = substitute_parameters(text, {d: v for d, v in parameters.items() if v is not None},
                                 args.file or "<stdin>")
    predeals = [f"predeal {seat} {holdings}\n" for seat in ("north", "east", "south", "west")
                if (holdings := getattr(args, f"predeal_{seat}")) is not None]
    return text + ("\n" + "".join(predeals) if predeals else "")


def _show_settings(args: argparse.Namespace) -> None:
    """-D 1 or more: the settings, in alphabetical order, as Dealer v2 lists them."""
    for name, value in sorted(vars(args).items()):
        print(f"{name}=[{'' if value is None else value}]", file=sys.stderr)


def _open_output(name: str | None, mode: str, switch: str):
    """An output file named on the command line (a context that gives None without one)."""
    if name is None:
        return contextlib.nullcontext()
    try:
        return open(name, mode, encoding="utf-8")
    except OSError as error:
        raise DealerError(f"{switch} {name}: {error.strerror}") from None


def _open_csv_file(name: str | None):
    """-C FILE as Dealer v2 opens it: appended to, or overwritten when written `w:FILE`."""
    if name is not None and name.startswith("w:"):
        return _open_output(name[2:], "w", "-C")
    return _open_output(name, "a", "-C")


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    argv = sys.argv[1:] if argv is None else argv
    args = _parser(v2="--v2" in argv).parse_args(_negative_values_joined(argv))
    if args.debug >= 1:
        _show_settings(args)
    if args.version:
        print(VERSION)
        return 0
    if args.exhaust:
        print("dealer: exhaust mode (-e) is not available", file=sys.stderr)
        return 1
    if args.library is not None:
        print("dealer: -l needs GIB's library.dat, which is not available", file=sys.stderr)
        return 1
    for name in ("generate", "produce"):
        value = getattr(args, name)
        if value is not None and value <= 0:
            print(f"dealer: -{name[0]} needs a number above 0", file=sys.stderr)
            return 2
    if args.jobs is not None and args.jobs < 1:
        print("dealer: -j needs at least 1 worker", file=sys.stderr)
        return 2
    try:
        text = _read_script(args.file)
    except OSError as error:
        print(f"dealer: {args.file}: {error.strerror}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"dealer: {args.file or '<stdin>'}: {error}", file=sys.stderr)
        return 1
    options = RunOptions(generate=args.generate, produce=args.produce, seed=args.seed,
                         title=args.title,
                         swapping=args.swapping or 0, rng=args.rng,
                         statistics=not args.toggle_statistics, quiet=args.quiet,
                         progress=args.progress, time_limit=args.time_limit,
                         input_name=args.file, jobs=args.jobs, v2_layouts=args.v2,
                         library=args.solved_library, dd_mode=args.dd_mode,
                         dd_threads=args.dd_threads,
                         par_vulnerability=args.par_vulnerability)
    with contextlib.ExitStack() as files:
        try:
            csv_out = files.enter_context(_open_csv_file(args.csv_file))
            export_out = files.enter_context(_open_output(args.export_file, "w", "-X"))
        except DealerError as error:
            print(f"dealer: {error}", file=sys.stderr)
            return 1
        return _run(text, args, options, started, csv_out, export_out)


def _run(text: str, args: argparse.Namespace, options: RunOptions, started: float,
         csv_out, export_out) -> int:
    """Compile and run the script; the exit status, errors reported on standard error."""
    try:
        program = compile_program(_command_line_script(text, args), args.file or "<stdin>")
        if options.library is not None and (program.predeal or program.predeal_lengths
                                            or options.swapping):
            print("dealer: -L: the library's deals are whole; predeal and swapping are "
                  "ignored, as in Dealer v2", file=sys.stderr)
        result = run_program(program, options, started=started, csv_out=csv_out,
                             export_out=export_out)
    except DealerInputError as error:
        print(error, file=sys.stderr)
        return 2
    except DealerError as error:
        print(f"dealer: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    if result.timed_out:
        print(f"dealer: no deal met the condition within {args.time_limit:g} seconds",
              file=sys.stderr)
        return 1
    if result.produced == 0 and program.condition is not None:
        print(f"dealer: no deal met the condition in {result.generated} generated deals",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
