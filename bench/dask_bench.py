"""Benchmark of simulations on Dask against the local worker processes (--jobs).

    python bench/dask_bench.py [--deals 120] [--system SAYC] [--seed 1] [--no-dd]

Boards per second (wall clock, the study's own figure) for the same boards: local processes
(--jobs 1 and 2), a LocalCluster of 1 and 2 workers, and a `dask scheduler` with two
`dask worker` processes started here; each as a ratio to --jobs 1 measured in the same run.
Double dummy (about 0.25 s a board) dominates, so the ratios should approach the number of
workers, less the scheduler's overhead per block of 20 boards (docs/dask.md).
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidding.interfaces.commands.options import load_systems  # noqa: E402
from bidding.laboratory.cluster import DaskRunner, Scheduler  # noqa: E402
from bidding.laboratory.simulate import generated_boards, simulate  # noqa: E402
from dealer import dd  # noqa: E402


def rate(boards, system, double_dummy: bool, **how) -> float:
    dd.clear_cache()            # each case solves its deals afresh (forked workers inherit it)
    start = time.perf_counter()
    simulate(boards, system, double_dummy=double_dummy, **how)
    return len(boards) / (time.perf_counter() - start)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def started_scheduler(workers: int) -> tuple[str, list[subprocess.Popen]]:
    """A `dask scheduler` and `workers` `dask worker` processes on this machine."""
    address = f"tcp://127.0.0.1:{free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT,
             "env": {**os.environ, "PYTHONPATH": str(ROOT)}}
    processes = [subprocess.Popen(["dask", "scheduler", "--host", "127.0.0.1", "--port",
                                   address.rsplit(":", 1)[1], "--no-dashboard"], **quiet)]
    processes += [subprocess.Popen(["dask", "worker", address, "--nthreads", "1",
                                    "--no-dashboard"], **quiet) for _ in range(workers)]
    from dask.distributed import Client

    deadline = time.monotonic() + 60
    while True:
        try:
            with Client(address, timeout="2s") as client:
                client.wait_for_workers(workers, timeout=max(1, deadline - time.monotonic()))
            return address, processes
        except (OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--system", default="SAYC")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dd", action="store_true", help="bidding only (no double dummy)")
    args = parser.parse_args(argv)
    system = load_systems([args.system], [])[args.system]
    boards = generated_boards(args.deals, args.seed)
    double_dummy = not args.no_dd
    simulate(boards[:20], system, double_dummy=double_dummy)       # warm the rule sets
    reference = rate(boards, system, double_dummy, jobs=1)
    print(f"{args.system}, {args.deals} boards, {'with' if double_dummy else 'without'} "
          f"double dummy: --jobs 1 {reference:.1f} boards/s (reference)")
    print(f"  --jobs 2: {rate(boards, system, double_dummy, jobs=2) / reference:.2f}")
    for workers in (1, 2):
        with DaskRunner(Scheduler(None, workers)) as runner:
            print(f"  LocalCluster of {workers}: "
                  f"{rate(boards, system, double_dummy, runner=runner) / reference:.2f}")
    if shutil.which("dask") is None:
        print("  (no `dask` command: the scheduler case is skipped)")
        return 0
    address, processes = started_scheduler(2)
    try:
        with DaskRunner(Scheduler(address)) as runner:
            print(f"  dask scheduler + 2 dask workers: "
                  f"{rate(boards, system, double_dummy, runner=runner) / reference:.2f}")
    finally:
        for process in reversed(processes):
            process.kill()
            process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
