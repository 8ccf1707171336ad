"""Speed and memory of our deal generator against C references, on the same inputs.

    python bench/dealer_bench.py [--repeat 5] [--jobs N] [--long] [--only adh]

Each case runs two whole processes (start-up included), ours and a reference, alternately,
so that a change in the machine's load hits both alike, and prints the ratio ours/reference
(above 1: we are better):
- (a)-(d) rates against Debian's /usr/games/dealer (dealer v1): plain dealing, a rare
  condition, Descr.stayman, and (d) the print-heavy case, printoneline of 1M deals;
- (e) start-up: a script that deals one deal;
- (f) a tiny job: `predeal south SAKQ`, produce 10,000 (issue 18's case);
- (g) double dummy in a condition: `produce 50`, `condition dds(south, notrump) >= 0`, so
  each deal is solved once. There is no Dealer v2 binary here; the reference is what v2
  does in its mode 1, a C program calling DDS's SolveBoard for one result per deal in turn
  (DDS from endplay's own libdds.so, built here with gcc), on the deals our run produced;
- (h) memory: peak RSS over 1,000,000 deals (10,000,000 with --long), ratio reference/ours.
Each run is timed by the wall clock and by the CPU time it used (user + sys, worker
processes included); the medians of the repeats give the rates, and the ratios by wall time
and by CPU time. Our packages are byte-compiled first, as an installed program is (where
PYTHONDONTWRITEBYTECODE is set, every run would otherwise compile them from source, which
costs more than the rest of our start-up). On a busy machine the wall-clock ratio
understates what two cores give, and the CPU ratio is the steadier figure for one core's
work. Not a test: timings depend on the machine, so nothing here asserts.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DEALER = "/usr/games/dealer"
TIME = "/usr/bin/time"  # GNU time, for peak memory
EXAMPLES = Path("/usr/share/doc/dealer/examples")
DD_SOLVES = 50

# Dealer v2's mode 1 (one SolveBoard call per result), reading "STRAIN LEADER PBN" lines.
DDS_REFERENCE = r"""
#include <stdio.h>
#include <string.h>
struct dealPBN { int trump, first, currentTrickSuit[3], currentTrickRank[3]; char remainCards[80]; };
struct futureTricks { int nodes, cards, suit[13], rank[13], equals[13], score[13]; };
int SolveBoardPBN(struct dealPBN deal, int target, int solutions, int mode,
                  struct futureTricks *result, int thread);
void SetMaxThreads(int threads);
int main(void) {
    char line[128];
    struct dealPBN deal;
    struct futureTricks result;
    SetMaxThreads(0);
    while (fgets(line, sizeof line, stdin)) {
        memset(&deal, 0, sizeof deal);
        if (sscanf(line, "%d %d %79[^\n]", &deal.trump, &deal.first, deal.remainCards) != 3)
            continue;
        if (SolveBoardPBN(deal, -1, 1, 1, &result, 0) != 1)
            return 1;
        printf("%d\n", 13 - result.score[0]);
    }
    return 0;
}
"""


class Case(NamedTuple):
    name: str
    script: str | None
    """the script; None: dealer's example Descr.stayman"""
    unit: str
    count: int | None
    """what one run does (deals, runs, solves); None: its Produced count"""
    reference: str = "dealer"
    """"dealer" (Debian's binary on the same script) or "dds" (the C solver above)"""
    memory: bool = False
    """compare peak RSS instead of speed"""


CASES = [
    Case("(a) no condition, average hcp(north), 1,000,000 deals",
         "generate 1000000\naction average hcp(north)\n", "generated deals/s", 1_000_000),
    Case("(b) north 4333/4432/5332 with 20-22 HCP, produce 10,000",
         "generate 100000000\nproduce 10000\n"
         "condition shape(north, any 4333 + any 4432 + any 5332)"
         " && hcp(north) >= 20 && hcp(north) <= 22\naction average hcp(north)\n",
         "produced deals/s", 10_000),
    Case("(c) Descr.stayman, generate 1,000,000", None, "produced deals/s", None),
    Case("(d) print-heavy: printoneline, 1,000,000 deals",
         "generate 1000000\nproduce 1000000\naction printoneline\n", "printed deals/s",
         1_000_000),
    Case("(e) start-up: one deal", "generate 1\naction average hcp(north)\n", "runs/s", 1),
    Case("(f) tiny job: predeal south SAKQ, produce 10,000",
         "generate 10000\nproduce 10000\npredeal south SAKQ\naction average hcp(north)\n",
         "runs/s", 1),
    Case(f"(g) double dummy: produce {DD_SOLVES}, dds(south, notrump) in the condition",
         f"produce {DD_SOLVES}\ncondition dds(south, notrump) >= 0\naction printoneline\n",
         "solves/s", DD_SOLVES, reference="dds"),
    Case("(h) memory: average hcp(north), 1,000,000 deals (10,000,000 with --long)",
         "generate 1000000\naction average hcp(north)\n", "MiB peak RSS", None, memory=True),
]
LONG_MEMORY = "generate 10000000\naction average hcp(north)\n"


def run(command: list[str], stdin: str | None = None) -> tuple[float, float, str, int]:
    """Wall time, CPU time (user + sys), stdout and peak RSS (KiB) of one process.

    The peak comes from GNU time, which forks a small process of its own: Linux counts in a
    child's peak RSS the memory of the process it was forked from, here this benchmark's.
    """
    with (tempfile.TemporaryFile() as errors, tempfile.TemporaryFile() as given,
          tempfile.NamedTemporaryFile("r") as peak):
        given.write((stdin or "").encode())
        given.seek(0)
        started = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", "%M", "-o", peak.name, *command], stdin=given,
                                   stdout=subprocess.PIPE, stderr=errors, cwd=ROOT,
                                   env={**os.environ, "PYTHONPATH": str(ROOT)})
        stdout = process.stdout.read().decode()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status):
            errors.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed:\n{errors.read().decode()}")
        peak_kib = int(peak.read().split()[-1])
    return seconds, usage.ru_utime + usage.ru_stime, stdout, peak_kib


def produced(stdout: str) -> int:
    for line in stdout.splitlines():
        if line.startswith("Produced "):
            return int(line.split()[1])
    raise ValueError("no 'Produced' line in the output")


def ours(script_path: str, jobs: int | None) -> list[str]:
    command = [sys.executable, "-m", "dealer", "-s", "1", script_path]
    if jobs is not None:
        command[3:3] = ["-j", str(jobs)]
    return command


def build_dds_reference(folder: str) -> str:
    """The C reference of case (g), linked against the libdds.so that endplay ships."""
    if shutil.which("gcc") is None:
        sys.exit("gcc is needed to build the double-dummy reference (apt-get install gcc)")
    import endplay
    library = Path(endplay.__file__).parent / "_dds"
    source, program = Path(folder, "dds_reference.c"), Path(folder, "dds_reference")
    source.write_text(DDS_REFERENCE)
    subprocess.run(["gcc", "-O2", "-o", str(program), str(source), f"-L{library}",
                    "-l:libdds.so", f"-Wl,-rpath,{library}"], check=True)
    return str(program)


def dds_input(oneline_output: str) -> str:
    """The reference's input for our printoneline output: notrump, West on lead (South
    declares), each deal in PBN."""
    lines = []
    for line in oneline_output.splitlines():
        words = line.split()
        if words[:1] == ["n"]:
            lines.append(f"4 3 N:{words[1]} {words[3]} {words[5]} {words[7]}\n")
    return "".join(lines)


def commands(case: Case, path: str, jobs: int | None,
             folder: str) -> dict[str, tuple[list[str], str | None]]:
    """Per program, its command line and standard input."""
    if case.reference == "dds":
        first = run(ours(path, jobs))[2]  # the deals that our run solves
        reference = ([build_dds_reference(folder)], dds_input(first))
    else:
        reference = ([DEALER, "-s", "1", path], None)
    return {"reference": reference, "ours": (ours(path, jobs), None)}


def bench(repeat: int, jobs: int | None, long_run: bool, only: str = "") -> None:
    for program, package in ((DEALER, "dealer"), (TIME, "time")):
        if not Path(program).exists():
            sys.exit(f"{program} is not installed (apt-get install {package})")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dealer"),
                    str(ROOT / "bidding")], check=True)
    with tempfile.TemporaryDirectory() as scratch:
        for case in CASES:
            if only and case.name[1] not in only:
                continue
            if case.script is None:
                path = str(EXAMPLES / "Descr.stayman")
            else:
                path = os.path.join(scratch, "case.dlr")
                script = LONG_MEMORY if case.memory and long_run else case.script
                Path(path).write_text(script)
            runs = {"reference": [], "ours": []}
            programs = commands(case, path, jobs, scratch)
            for _ in range(1 if case.memory else repeat):
                for program, (command, stdin) in programs.items():
                    runs[program].append(run(command, stdin))
            if case.memory:
                report_memory(case, runs)
            else:
                report_rates(case, runs)


def report_rates(case: Case, runs: dict[str, list]) -> None:
    rates = {}
    for program, results in runs.items():
        wall = statistics.median(r[0] for r in results)
        cpu = statistics.median(r[1] for r in results)
        amount = case.count or statistics.median(produced(r[2]) for r in results)
        rates[program] = (amount / wall, amount / cpu)
        print(f"{case.name}: {program:9s} wall {wall:6.3f} s  cpu {cpu:6.3f} s  "
              f"{rates[program][0]:12,.1f} {case.unit}")
    print(f"{case.name}: ratio ours/{case.reference} = "
          f"{rates['ours'][0] / rates['reference'][0]:.3g} by wall time, "
          f"{rates['ours'][1] / rates['reference'][1]:.3g} by CPU time\n")


def report_memory(case: Case, runs: dict[str, list]) -> None:
    peaks = {program: results[0][3] / 1024 for program, results in runs.items()}
    for program, (seconds, cpu, _, _) in ((p, r[0]) for p, r in runs.items()):
        print(f"{case.name}: {program:9s} wall {seconds:7.3f} s, cpu {cpu:7.3f} s, "
              f"peak RSS {peaks[program]:.0f} MiB")
    print(f"{case.name}: ratio {case.reference}/ours = "
          f"{peaks['reference'] / peaks['ours']:.3g} by peak RSS\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, help="our -j (default: ours decides)")
    parser.add_argument("--long", action="store_true",
                        help="case (h) over 10,000,000 deals instead of 1,000,000")
    parser.add_argument("--only", default="", metavar="LETTERS",
                        help="run only these cases, e.g. --only d")
    arguments = parser.parse_args()
    bench(arguments.repeat, arguments.jobs, arguments.long, arguments.only)


if __name__ == "__main__":
    main()
