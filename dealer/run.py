"""The dealing loop: batches of deals in stream order, the condition, then the actions.

Deals are pulled from the generator in batches and the condition is evaluated on a whole
batch at once. Actions run on the accepted deals in stream order, each deal's per-deal
prints in the order the actions are written, as dealer does; statistics (average,
frequency) are accumulated a batch at a time and printed at the end in their written order.
The run stops exactly where dealer would: after `produce` accepted deals, counting as
generated every deal up to and including the one that completed `produce`, or after
`generate` deals.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from . import ast, output
from .dealing import accepted_batches, open_stream
from .program import Program

DEFAULT_GENERATE = 10_000_000
DEFAULT_PRINTED_PRODUCE = 40


@dataclass
class RunOptions:
    """Command-line settings; None means the script's value, then dealer's default."""

    generate: int | None = None
    produce: int | None = None
    seed: int | None = None
    swapping: int = 0
    rng: str = "numpy"
    statistics: bool = True
    quiet: bool = False
    progress: bool = False
    time_limit: float | None = None
    input_name: str | None = None
    jobs: int = 1


@dataclass
class RunResult:
    generated: int
    produced: int
    seed: int
    seconds: float
    produce_limit: int
    generate_limit: int
    timed_out: bool = False


@dataclass
class _Statistics:
    """Totals of the end-of-run actions, one slot per action."""

    sums: dict[int, int] = field(default_factory=dict)
    counts: dict[int, np.ndarray] = field(default_factory=dict)
    stored_deals: list[np.ndarray] = field(default_factory=list)
    contract_tricks: dict[int, np.ndarray] = field(default_factory=dict)


def limits(program: Program, options: RunOptions) -> tuple[int, int]:
    """(generate, produce) as dealer settles them: switches, then the script, then defaults."""
    generate = options.generate or program.generate or DEFAULT_GENERATE
    produce = options.produce or program.produce
    if produce is None:
        produce = DEFAULT_PRINTED_PRODUCE if program.prints_per_deal else generate
    return generate, produce


def run_program(program: Program, options: RunOptions | None = None,
                out: TextIO | None = None, started: float | None = None) -> RunResult:
    """Run a compiled script, writing dealer's output to `out` (stdout by default)."""
    options = options or RunOptions()
    out = out or sys.stdout
    started = time.perf_counter() if started is None else started
    generate_limit, produce_limit = limits(program, options)
    stream = open_stream(program, generate_limit, seed=options.seed, rng=options.rng,
                         swapping=options.swapping, jobs=options.jobs)
    runner = _ActionRunner(program, options, out, stream.seed)
    generated = produced = 0
    timed_out = False
    # rnd() draws from the deal stream in dealer mode: deal one at a time to draw in order.
    one_at_a_time = options.rng == "dealer" and program.uses_random
    with stream:
        for features, accepted, generated in accepted_batches(program, stream, produce_limit,
                                                              one_at_a_time=one_at_a_time):
            if len(accepted):
                runner.run(features, accepted, produced)
                produced += len(accepted)
            if options.progress:
                _progress(produced, produce_limit)
            if options.time_limit is not None and produced == 0 and (
                    time.perf_counter() - started) > options.time_limit:
                timed_out = True
                break
        else:
            generated = stream.generated if produced < produce_limit else generated
    if options.progress:
        sys.stderr.write(" " * 38 + "\r")
    seconds = time.perf_counter() - started
    runner.finish(produced)
    if runner.statistics_shown:
        out.write(output.format_trailer(generated, produced, stream.seed, seconds))
    return RunResult(generated, produced, stream.seed, seconds, produce_limit, generate_limit,
                     timed_out)


def _progress(produced: int, produce_limit: int) -> None:
    sys.stderr.write(f"Calculating... {100 * produced // max(produce_limit, 1):2d}% complete\r")


class _ActionRunner:
    """Runs the actions on accepted deals; keeps what the end-of-run actions need."""

    def __init__(self, program: Program, options: RunOptions, out: TextIO, seed: int):
        self.program = program
        self.options = options
        self.out = out
        self.seed = seed
        self.stats = _Statistics()
        self.statistics_shown = options.statistics  # dealer flips this on every printpbn
        # every print(...) action prints the same list of produced deals at the end
        self.keeps_deals = any(isinstance(a.action, ast.PrintHands) for a in program.actions)

    def run(self, features, rows: np.ndarray, produced_before: int) -> None:
        deals = features.subset(rows)
        values = [[np.asarray(e(deals)) for e in compiled.expressions]
                  for compiled in self.program.actions]
        per_deal = [(i, compiled.action, values[i])
                    for i, compiled in enumerate(self.program.actions)
                    if isinstance(compiled.action, ast.PER_DEAL_PRINTS)
                    and not isinstance(compiled.action, ast.PrintHands)]
        owners = deals.owners
        write = self.out.write
        for k in range(len(rows)):
            number = produced_before + k + 1
            for index, action, action_values in per_deal:
                text = self._print(index, action, owners[k], number,
                                   [v[k] for v in action_values])
                if text:
                    write(text)
        if self.keeps_deals:
            self.stats.stored_deals.extend(owners.copy())
        for index, compiled in enumerate(self.program.actions):
            self._accumulate(index, compiled.action, values[index], owners)

    def _print(self, index: int, action, deal: np.ndarray, number: int, values: list) -> str:
        program = self.program
        if isinstance(action, ast.PrintAll):
            return output.format_printall(deal, number)
        if isinstance(action, ast.PrintEW):
            return output.format_printew(deal)
        if isinstance(action, ast.PrintPBN):
            if self.options.quiet:
                return ""
            self.statistics_shown = not self.statistics_shown
            vulnerable = (None if program.vulnerable is None
                          else output.VULNERABILITY_NAMES.index(program.vulnerable))
            return output.format_printpbn(deal, number, program.dealer, vulnerable,
                                          self.options.input_name, self.seed)
        if isinstance(action, ast.PrintCompact):
            return output.format_printcompact(deal, int(values[0]) if values else None)
        if isinstance(action, ast.PrintOneLine):
            return output.format_printoneline(deal, int(values[0]) if values else None)
        if isinstance(action, ast.PrintES):
            return output.format_printes(_fields(action.items, values, deal))
        if isinstance(action, ast.CsvReport):
            return output.format_csv(_fields(action.items, values, deal))
        if isinstance(action, ast.EvalContract):
            self._evaluate_contracts(index, deal)
        return ""

    def _evaluate_contracts(self, index: int, deal: np.ndarray) -> None:
        """Double-dummy tricks of north and south in every strain, tallied for the table."""
        from .dd import tricks
        tally = self.stats.contract_tricks.setdefault(index, np.zeros((2, 5, 14), np.int64))
        for side, declarer in enumerate((0, 2)):
            for strain in range(5):
                tally[side, strain, tricks(deal, declarer, strain)] += 1

    def _accumulate(self, index: int, action, values: list, owners: np.ndarray) -> None:
        stats = self.stats
        if isinstance(action, ast.Average):
            stats.sums[index] = stats.sums.get(index, 0) + int(values[0].astype(np.int64).sum())
        elif isinstance(action, ast.Frequency):
            counts = stats.counts.setdefault(index, np.zeros(action.high - action.low + 3,
                                                             np.int64))
            slots = np.clip(values[0].astype(np.int64) - action.low + 1, 0,
                            action.high - action.low + 2)
            counts += np.bincount(slots, minlength=len(counts))
        elif isinstance(action, ast.Frequency2D):
            rows = action.high - action.low + 3
            columns = action.high2 - action.low2 + 3
            counts = stats.counts.setdefault(index, np.zeros((rows, columns), np.int64))
            first = np.clip(values[0].astype(np.int64) - action.low + 1, 0, rows - 1)
            second = np.clip(values[1].astype(np.int64) - action.low2 + 1, 0, columns - 1)
            counts += np.bincount(first * columns + second,
                                  minlength=rows * columns).reshape(rows, columns)

    def finish(self, produced: int) -> None:
        """The end-of-run output of each action, in the order they are written."""
        write = self.out.write
        for index, compiled in enumerate(self.program.actions):
            action = compiled.action
            if isinstance(action, ast.PrintHands):
                write(output.format_print(self.stats.stored_deals, action.seats))
            elif isinstance(action, ast.EvalContract):
                tally = self.stats.contract_tricks.get(index, np.zeros((2, 5, 14), np.int64))
                write(output.format_evalcontract(tally, produced))
            elif isinstance(action, ast.Average):
                write(output.format_average(action.label, self.stats.sums.get(index, 0),
                                            produced))
            elif isinstance(action, ast.Frequency):
                counts = self.stats.counts.get(index,
                                               np.zeros(action.high - action.low + 3, np.int64))
                write(output.format_frequency(action.label, counts, action.low, action.high))
            elif isinstance(action, ast.Frequency2D):
                counts = self.stats.counts.get(index, np.zeros(
                    (action.high - action.low + 3, action.high2 - action.low2 + 3), np.int64))
                write(output.format_frequency2d(action.label, counts, action.low, action.high,
                                                action.low2, action.high2))


def _fields(items, values: list, deal: np.ndarray) -> list:
    """printes and csvrpt items in order: strings as written, expressions as integers, and
    (csvrpt) the deal or a hand in PBN notation."""
    fields = []
    numbers = iter(values)
    for item in items:
        if isinstance(item, str):
            fields.append(item)
        elif isinstance(item, ast.DealItem):
            fields.append(output.pbn_deal(deal))
        elif isinstance(item, ast.HandItem):
            fields.append(output.pbn_hand(deal, item.seat))
        else:
            fields.append(int(next(numbers)))
    return fields
