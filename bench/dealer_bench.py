"""Speed of our deal generator against Debian's /usr/games/dealer, on the same inputs.

    python bench/dealer_bench.py [--repeat 5] [--jobs N] [--long] [--only d]

For each case both programs run as whole processes (start-up included), alternately, so
that a change in the machine's load hits both alike. Each run is timed by the wall clock
and by the CPU time it used (user + sys, worker processes included); the medians of the
repeats give the rates each case is judged by, and the ratios ours/dealer (above 1: we are
faster) by wall time and by CPU time. Our packages are byte-compiled first, as an installed
program is (where PYTHONDONTWRITEBYTECODE is set, every run would otherwise compile them
from source, which costs more than the rest of our start-up). On a busy machine the wall-clock ratio understates
what two cores give, and the CPU ratio is the steadier figure for one core's work. --long
adds a 10-million-deal run of each to compare peak memory (RSS). Not a test: timings
depend on the machine, so nothing here asserts.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEALER = "/usr/games/dealer"
EXAMPLES = Path("/usr/share/doc/dealer/examples")

CASES = [
    # name, script (None: Descr.stayman), what is counted, how many (None: produced)
    ("(a) no condition, average hcp(north), 1,000,000 deals",
     "generate 1000000\naction average hcp(north)\n", "generated deals/s", 1_000_000),
    ("(b) north 4333/4432/5332 with 20-22 HCP, produce 10,000",
     "generate 100000000\nproduce 10000\n"
     "condition shape(north, any 4333 + any 4432 + any 5332)"
     " && hcp(north) >= 20 && hcp(north) <= 22\naction average hcp(north)\n",
     "produced deals/s", 10_000),
    ("(c) Descr.stayman, generate 1,000,000", None, "produced deals/s", None),
    ("(d) printoneline, 1,000,000 deals",
     "generate 1000000\nproduce 1000000\naction printoneline\n", "printed deals/s", 1_000_000),
]


def run(command: list[str]) -> tuple[float, float, str, int]:
    """Wall time, CPU time (user + sys), stdout and peak RSS (KiB) of one process."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, cwd=ROOT,
                                   env={**os.environ, "PYTHONPATH": str(ROOT)})
        stdout = process.stdout.read().decode()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status):
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed:\n{errors.read().decode()}")
    return seconds, usage.ru_utime + usage.ru_stime, stdout, usage.ru_maxrss


def produced(stdout: str) -> int:
    for line in stdout.splitlines():
        if line.startswith("Produced "):
            return int(line.split()[1])
    raise ValueError("no 'Produced' line in the output")


def commands(script_path: str, jobs: int | None) -> dict[str, list[str]]:
    ours = [sys.executable, "-m", "dealer", "-s", "1", script_path]
    if jobs is not None:
        ours[3:3] = ["-j", str(jobs)]
    return {"dealer": [DEALER, "-s", "1", script_path], "ours": ours}


def bench(repeat: int, jobs: int | None, long_run: bool, only: str = "") -> None:
    if not Path(DEALER).exists():
        sys.exit(f"{DEALER} is not installed (apt-get install dealer)")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dealer"),
                    str(ROOT / "bidding")], check=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, script, unit, count in CASES:
            if only and name[1] not in only:
                continue
            if script is None:
                path = str(EXAMPLES / "Descr.stayman")
            else:
                path = os.path.join(scratch, "case.dlr")
                Path(path).write_text(script)
            runs = {"dealer": [], "ours": []}
            for _ in range(repeat):
                for program, command in commands(path, jobs).items():
                    runs[program].append(run(command))
            rates = {}
            for program, results in runs.items():
                wall = statistics.median(r[0] for r in results)
                cpu = statistics.median(r[1] for r in results)
                amount = count or statistics.median(produced(r[2]) for r in results)
                rates[program] = (amount / wall, amount / cpu)
                print(f"{name}: {program:6s} wall {wall:6.3f} s  cpu {cpu:6.3f} s  "
                      f"{rates[program][0]:12,.0f} {unit}")
            print(f"{name}: ratio ours/dealer = {rates['ours'][0] / rates['dealer'][0]:.2f} "
                  f"by wall time, {rates['ours'][1] / rates['dealer'][1]:.2f} by CPU time\n")
        if long_run:
            path = os.path.join(scratch, "long.dlr")
            Path(path).write_text("generate 10000000\naction average hcp(north)\n")
            for program, command in commands(path, jobs).items():
                seconds, cpu, _, peak = run(command)
                print(f"10,000,000 deals: {program:6s} wall {seconds:7.3f} s, cpu {cpu:7.3f} s, "
                      f"peak RSS {peak / 1024:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, help="our -j (default: ours decides)")
    parser.add_argument("--long", action="store_true", help="also compare peak memory")
    parser.add_argument("--only", default="", metavar="LETTERS",
                        help="run only these cases, e.g. --only d")
    arguments = parser.parse_args()
    bench(arguments.repeat, arguments.jobs, arguments.long, arguments.only)


if __name__ == "__main__":
    main()
