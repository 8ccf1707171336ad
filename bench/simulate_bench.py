"""Benchmark of the simulation against the engine's own bidding loop.

    python bench/simulate_bench.py [--deals 2000] [--dd-deals 20] [--system NAME ...] [--seed 1]

For each system: (1) the engine's bare loop (bench/bidding_bench.py's four robots) and
`simulate` without double dummy on one core, each over its own fresh deals after a common
warm-up, in deals per CPU second, and their ratio (the simulation also records rules,
explanations and gaps); (2) `simulate` on every core, deals per wall-clock second; (3) the
cost of double dummy (full table and par) per deal, CPU and wall-clock, over a few deals.
CPU time is used where it can be, so that other work on the machine distorts less.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bidding_bench import bid_all  # noqa: E402

from bidding.model.cards import Seat  # noqa: E402
from bidding.interfaces.commands.options import load_systems  # noqa: E402
from bidding.engine.robot import Robot  # noqa: E402
from bidding.laboratory.results import owners_of  # noqa: E402
from bidding.laboratory.simulate import generated_boards, simulate  # noqa: E402


def engine_rate(system, boards) -> float:
    gc.collect()    # a clean heap: garbage of the previous phase is not collected on this clock
    robots = {seat: Robot(system, opponents=system) for seat in Seat}
    start = time.process_time()
    bid_all(robots, [board.deal for board in boards])
    return len(boards) / (time.process_time() - start)


def simulate_rate(system, boards) -> float:
    gc.collect()    # a clean heap: garbage of the previous phase is not collected on this clock
    start = time.process_time()
    simulate(boards, system, double_dummy=False, jobs=1)
    return len(boards) / (time.process_time() - start)


def double_dummy_cost(boards) -> tuple[float, float]:
    """CPU (this process and DDS's threads) and wall seconds per deal for table and par."""
    from dealer import dd

    dd.clear_cache()
    cpu, wall = time.process_time(), time.perf_counter()
    for board in boards:
        owners = owners_of(board.deal)
        dd.dd_table(owners)
        dd.par(owners, int(board.dealer), 0)
    return ((time.process_time() - cpu) / len(boards), (time.perf_counter() - wall) / len(boards))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--dd-deals", type=int, default=20)
    parser.add_argument("--system", action="append",
                        help="name or .system file (default: SLAM Example and SAYC)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    boards = generated_boards(3 * args.deals, args.seed)
    warm_up, first, second = (boards[i * args.deals:(i + 1) * args.deals] for i in range(3))
    jobs = os.cpu_count() or 1
    for name in args.system or ["SLAM Example", "SAYC"]:
        system = load_systems([name], [])[name]
        engine_rate(system, warm_up)
        engine = engine_rate(system, first)
        ours = simulate_rate(system, second)
        wall = simulate(boards, system, double_dummy=False, jobs=jobs)
        print(f"{system.name}: engine loop {engine:.0f} deals/CPU-s; simulate without double dummy "
              f"{ours:.0f} deals/CPU-s on one core ({100 * ours / engine:.0f}% of the engine); "
              f"{len(boards) / wall.seconds:.0f} deals/s on {jobs} processes "
              f"({len(boards)} deals)")
    cpu, wall = double_dummy_cost(boards[:args.dd_deals])
    print(f"double dummy (table and par): {cpu:.3f} CPU-s and {wall:.3f} s per deal "
          f"over {args.dd_deals} deals; 10,000 deals on {jobs} cores: about "
          f"{10_000 * cpu / jobs / 60:.0f} min of CPU per core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
