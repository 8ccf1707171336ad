"""Benchmark of the bidding engine: loading a large system, and four robots bidding deals.

    python bench/bidding_bench.py [--deals 3000] [--rounds 3] [--seed 1]

Prints (1) the time to load and compile a generated system of 1,000+ actions from XML,
(2) complete auctions per second with four robots on one core: over a first batch of deals
(rule sets built as auctions first appear), then over fresh deals with the memo warm, best
and median of rounds. Deals are dealt before timing; Auction.push is included. Times are
the process's CPU time, so that other work on the machine does not distort the figures.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidding.model.auction import Auction  # noqa: E402
from bidding.model.cards import Seat, Vulnerability, random_deal  # noqa: E402
from bidding.engine.library import ConventionLibrary  # noqa: E402
from bidding.engine.xmlreader import ConventionError  # noqa: E402
from bidding.engine.robot import Robot  # noqa: E402
from bidding.engine.system import system_named  # noqa: E402

NATURAL = ROOT / "tests" / "golden" / "natural"
STRAINS = ("C", "D", "H", "S", "NT")


def big_convention(index: int) -> str:
    """One generated convention: 35 openings, each with nested responses and rebids."""
    actions = []
    for level in range(1, 8):
        for strain in STRAINS:
            responses = "".join(
                f'<respond bid="cheapest({suit})" over="PASS,X">'
                f'<handtypes><type><HCP min="{6 + n}" max="{12 + n}"/><suit ref="this" min="4"/>'
                f'<suit ref="partner" max="2"/></type><type><points min="{13 + n}"/>'
                f'<longest suit="this"/></type></handtypes>'
                f'<rebid bid="raise(1)"><handtypes><type><suit ref="partner" min="4"/>'
                f'<support min="{12 + n}"/></type></handtypes></rebid></respond>'
                for n, suit in enumerate(("C", "D", "H", "S")))
            actions.append(
                f'<open bid="{level}{strain}" seats="123"><handtypes><type>'
                f'<HCP min="{10 + level}" max="{14 + level}"/><balanced/>'
                f'<spades min="2" max="{3 + level % 3}"/></type></handtypes>{responses}</open>')
    return (f"<convention><name>Generated {index}</name><actions>{''.join(actions)}"
            f"</actions></convention>")


def time_loading(rounds: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory)
        for index in range(4):
            (path / f"generated-{index}.conv").write_text(big_convention(index))
        (path / "generated.system").write_text(
            "<system><name>Generated</name>"
            + "".join(f"<convention>Generated {i}</convention>" for i in range(4)) + "</system>")
        system_named(ConventionLibrary([path], builtin=False), "Generated")     # warm imports
        times = []
        for _ in range(rounds):
            start = time.process_time()
            system = system_named(ConventionLibrary([path], builtin=False), "Generated")
            times.append(time.process_time() - start)
        return statistics.median(times), len(system.nodes())


def bid_all(robots: dict, deals: list) -> int:
    calls = 0
    for number, deal in enumerate(deals):
        auction = Auction(Seat(number % 4), vulnerability=VULNERABILITIES[number % 4])
        while not auction.is_over:
            seat = auction.turn
            auction.push(robots[seat].choose(deal[seat], auction).call)
            calls += 1
    return calls


VULNERABILITIES = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def time_bidding(system_name: str, warm_up: list, rounds: list[list], library) -> dict:
    """Deals per second: over the warm-up deals (rule sets built as auctions first appear),
    then over fresh deals in each round (new hands; rule sets memoised where auctions recur)."""
    system = system_named(library, system_name)
    robots = {seat: Robot(system, opponents=system) for seat in Seat}
    start = time.process_time()
    calls = bid_all(robots, warm_up)
    first = len(warm_up) / (time.process_time() - start)
    rates = []
    for deals in rounds:
        start = time.process_time()
        calls += bid_all(robots, deals)
        rates.append(len(deals) / (time.process_time() - start))
    total = len(warm_up) + sum(len(deals) for deals in rounds)
    return {"first": first, "best": max(rates), "median": statistics.median(rates),
            "calls": calls / total}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    seconds, actions = time_loading(args.rounds)
    print(f"load: generated system of {actions} actions from XML in {seconds * 1000:.0f} ms "
          f"(median of {args.rounds})")

    rng = np.random.default_rng(args.seed)
    warm_up = [random_deal(rng) for _ in range(args.deals)]
    rounds = [[random_deal(rng) for _ in range(args.deals)] for _ in range(args.rounds)]
    runs = [(ConventionLibrary([NATURAL], builtin=False,
                               files=[ROOT / "conventions/examples/strong-1nt-with-stayman.conv",
                                      ROOT / "systems" / "SLAM-Example.system"]), name)
            for name in ("Test Natural", "SLAM Example")]
    try:
        repository = ConventionLibrary()
        runs += [(repository, spec.name) for spec in repository.all_systems()
                 if spec.name != "SLAM Example"]
    except ConventionError as error:
        print(f"repository systems skipped: {str(error).splitlines()[0]}")
    for library, name in runs:
        figures = time_bidding(name, warm_up, rounds, library)
        print(f"bidding, {name}, 4 robots, {figures['calls']:.1f} calls a deal: "
              f"first {args.deals} deals {figures['first']:.0f} deals/s; then fresh deals "
              f"{figures['best']:.0f} deals/s best, {figures['median']:.0f} median of "
              f"{args.rounds} rounds of {args.deals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
