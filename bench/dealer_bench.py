"""Speed of our deal generator against Debian's /usr/games/dealer, on the same inputs.

    python bench/dealer_bench.py [--repeat 3] [--long]

For each case both programs run as whole processes (start-up included); the median wall
time of the repeats gives the rate each case is judged by, and the ratio ours/dealer (above
1: we are faster). --long adds a 10-million-deal run of each to compare peak memory (RSS).
Not a test: timings depend on the machine, so nothing here asserts.
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
    # name, script, switches, what is counted, how many
    ("(a) no condition, average hcp(north), 1,000,000 deals",
     "generate 1000000\naction average hcp(north)\n", [], "generated deals/s", 1_000_000),
    ("(b) north 4333/4432/5332 with 20-22 HCP, produce 10,000",
     "generate 100000000\nproduce 10000\n"
     "condition shape(north, any 4333 + any 4432 + any 5332)"
     " && hcp(north) >= 20 && hcp(north) <= 22\naction average hcp(north)\n",
     [], "produced deals/s", 10_000),
    ("(c) Descr.stayman, generate 1,000,000", None, [], "produced deals/s", None),
]


def run(command: list[str]) -> tuple[float, str, int]:
    """Wall time, stdout and peak RSS (KiB) of one process."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, cwd=ROOT,
                                   env={**os.environ, "PYTHONPATH": str(ROOT)})
        stdout = process.stdout.read().decode()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode:
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed:\n{errors.read().decode()}")
    return seconds, stdout, usage.ru_maxrss


def produced(stdout: str) -> int:
    for line in stdout.splitlines():
        if line.startswith("Produced "):
            return int(line.split()[1])
    raise ValueError("no 'Produced' line in the output")


def commands(script_path: str, switches: list[str]) -> dict[str, list[str]]:
    return {"dealer": [DEALER, "-s", "1", *switches, script_path],
            "ours": [sys.executable, "-m", "dealer", "-s", "1", *switches, script_path]}


def bench(repeat: int, long_run: bool) -> None:
    if not Path(DEALER).exists():
        sys.exit(f"{DEALER} is not installed (apt-get install dealer)")
    with tempfile.TemporaryDirectory() as scratch:
        for name, script, switches, unit, count in CASES:
            if script is None:
                path = str(EXAMPLES / "Descr.stayman")
            else:
                path = os.path.join(scratch, "case.dlr")
                Path(path).write_text(script)
            rates = {}
            for program, command in commands(path, switches).items():
                times, outputs = [], []
                for _ in range(repeat):
                    seconds, stdout, _ = run(command)
                    times.append(seconds)
                    outputs.append(stdout)
                wall = statistics.median(times)
                amount = count or statistics.median(produced(out) for out in outputs)
                rates[program] = amount / wall
                print(f"{name}: {program:6s} {wall:7.3f} s  {rates[program]:14,.0f} {unit}")
            print(f"{name}: ratio ours/dealer = {rates['ours'] / rates['dealer']:.2f}\n")
        if long_run:
            path = os.path.join(scratch, "long.dlr")
            Path(path).write_text("generate 10000000\naction average hcp(north)\n")
            for program, command in commands(path, []).items():
                seconds, _, peak = run(command)
                print(f"10,000,000 deals: {program:6s} {seconds:7.3f} s, "
                      f"peak RSS {peak / 1024:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--long", action="store_true", help="also compare peak memory")
    arguments = parser.parse_args()
    bench(arguments.repeat, arguments.long)


if __name__ == "__main__":
    main()
