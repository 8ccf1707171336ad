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

import itertools
import sys
import time
from dataclasses import dataclass, field
from typing import TextIO

import numpy as np

from . import ast, output
from .dealing import (BlockJob, BlockPipeline, accepted_batches, action_values,
                      default_jobs, evaluate_block, evaluates_in_blocks, open_stream,
                      statistic)
from .generate import REPLICAS
from .program import Program

DEFAULT_GENERATE = 10_000_000
DEFAULT_PRINTED_PRODUCE = 40


@dataclass
class RunOptions:
    """Command-line settings; None means the script's value, then dealer's default."""

    generate: int | None = None
    produce: int | None = None
    seed: int | None = None
    """-s; None: the script's `seed`, else a fresh one"""
    title: str | None = None
    """-T; None: the script's `title`"""
    swapping: int = 0
    rng: str = "numpy"
    statistics: bool = True
    quiet: bool = False
    progress: bool = False
    time_limit: float | None = None
    input_name: str | None = None
    v2_layouts: bool = False
    """--v2: Dealer v2's layouts where they differ from dealer v1's (printall, printside,
    printpbn's Generator tag, average, the closing statistics)"""
    library: str | None = None
    """-L: a library of solved deals to read the deals from (library.LibraryStream)"""
    dd_mode: int | None = None
    """Dealer v2's -M: 1 single double-dummy results, 2 whole tables; None: dd.py decides"""
    dd_threads: int | None = None
    """Dealer v2's -R: the solver's threads; None: one per core"""
    par_vulnerability: int | None = None
    """Dealer v2's -P: par's vulnerability (0 none, 1 NS, 2 EW, 3 all); None: the script's"""
    jobs: int | None = None
    """worker processes for long numpy-mode runs; None: one per core unless the cores are
    busy (dealing.default_jobs)"""


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

    totals: dict[int, np.ndarray] = field(default_factory=dict)
    """per statistical action, its sum and sum of squares (average) or counts (frequency)"""
    stored_deals: list[np.ndarray] = field(default_factory=list)
    contract_tricks: dict[int, np.ndarray] = field(default_factory=dict)
    """per evalcontract, how often each number of tricks was taken"""


def limits(program: Program, options: RunOptions) -> tuple[int, int]:
    """(generate, produce) as dealer settles them: switches, then the script, then defaults."""
    generate = options.generate or program.generate or DEFAULT_GENERATE
    produce = options.produce or program.produce
    if produce is None:
        produce = DEFAULT_PRINTED_PRODUCE if program.prints_per_deal else generate
    return generate, produce


def run_program(program: Program, options: RunOptions | None = None,
                out: TextIO | None = None, started: float | None = None,
                csv_out: TextIO | None = None, export_out: TextIO | None = None) -> RunResult:
    """Run a compiled script, writing dealer's output to `out` (stdout by default),
    csvrpt's lines to `csv_out` (Dealer v2's -C file) and export's to `export_out` (its -X
    file); each to `out` when None."""
    options = options or RunOptions()
    out = out or sys.stdout
    started = time.perf_counter() if started is None else started
    generate_limit, produce_limit = limits(program, options)
    seed = options.seed if options.seed is not None else program.seed
    if _solves_double_dummy(program):
        from .dd import SolverSettings, configure
        configure(SolverSettings(options.dd_mode, options.dd_threads, options.par_vulnerability))
    if options.library is not None:
        from .library import LibraryStream
        stream = LibraryStream(options.library, seed, generate_limit)
        run = _run_batches
    else:
        stream = open_stream(program, generate_limit, seed=seed, rng=options.rng,
                             swapping=options.swapping)
        run = _run_blocks if evaluates_in_blocks(program, options.rng) else _run_batches
    runner = _ActionRunner(program, options, out, stream.seed, csv_out, export_out)
    generated, produced, timed_out = run(program, stream, runner, options, produce_limit,
                                         started)
    if options.progress:
        sys.stderr.write(" " * 38 + "\r")
    seconds = time.perf_counter() - started
    runner.finish(produced)
    if runner.statistics_shown:
        out.write(output.format_trailer(generated, produced, stream.seed, seconds,
                                        runner.title, v2=options.v2_layouts))
    return RunResult(generated, produced, stream.seed, seconds, produce_limit, generate_limit,
                     timed_out)


def _solves_double_dummy(program: Program) -> bool:
    """Whether a term (tricks, dds, par) or an action (trix, evalcontract) solves double
    dummy: only then is the solver loaded."""
    return program.uses_tricks or any(
        _needs_tables(compiled.action) or isinstance(compiled.action, ast.ContractReport)
        for compiled in program.actions)


def _needs_tables(action: ast.Action) -> bool:
    """evalcontract and csvrpt/printrpt with trix read whole double-dummy tables."""
    return isinstance(action, ast.EvalContract) or (isinstance(action, ast.CsvReport) and any(
        isinstance(item, ast.TrixItem) for item in action.items))


def _run_batches(program: Program, stream, runner: "_ActionRunner", options: RunOptions,
                 produce_limit: int, started: float) -> tuple[int, int, bool]:
    """Deal and evaluate in this process, batch after batch: (generated, produced, timed
    out)."""
    generated = produced = 0
    # rnd() draws from the deal stream in the replica modes: deal one at a time to draw in
    # order.
    one_at_a_time = options.rng in REPLICAS and program.uses_random
    with stream:
        for features, accepted, generated in accepted_batches(program, stream, produce_limit,
                                                              one_at_a_time=one_at_a_time):
            if len(accepted):
                runner.run(features, accepted, produced)
                produced += len(accepted)
            if _should_stop(options, produced, produce_limit, started):
                return generated, produced, True
    if produced < produce_limit:
        generated = stream.generated
    return generated, produced, False


def _run_blocks(program: Program, stream, runner: "_ActionRunner", options: RunOptions,
                produce_limit: int, started: float) -> tuple[int, int, bool]:
    """Deal and evaluate whole numpy-mode blocks, in worker processes once the run proves
    long: (generated, produced, timed out). The block that completes `produce` is evaluated
    again here in detail, to stop at the exact deal."""
    job = BlockJob(program, stream.plan, stream.limit)
    produced = 0
    with BlockPipeline(job, options.jobs or default_jobs()) as pipeline:
        for index, result in pipeline.results():
            if produced + result.produced >= produce_limit:
                wanted = produce_limit - produced
                detail = evaluate_block(job, index, detail=True)
                runner.process(detail.owners[:wanted],
                               [[v[:wanted] for v in values] for values in detail.values],
                               produced)
                return int(detail.generated[wanted - 1]), produce_limit, False
            runner.add_block(result, produced)
            produced += result.produced
            if _should_stop(options, produced, produce_limit, started):
                return min((index + 1) * job.deals_per_block, job.limit), produced, True
    return job.limit, produced, False


def _should_stop(options: RunOptions, produced: int, produce_limit: int,
                 started: float) -> bool:
    """Show progress; True when the time limit has passed with nothing produced."""
    if options.progress:
        _progress(produced, produce_limit)
    return (options.time_limit is not None and produced == 0
            and time.perf_counter() - started > options.time_limit)


def _progress(produced: int, produce_limit: int) -> None:
    sys.stderr.write(f"Calculating... {100 * produced // max(produce_limit, 1):2d}% complete\r")


class _ActionRunner:
    """Runs the actions on accepted deals; keeps what the end-of-run actions need."""

    def __init__(self, program: Program, options: RunOptions, out: TextIO, seed: int,
                 csv_out: TextIO | None = None, export_out: TextIO | None = None):
        self.program = program
        self.options = options
        self.out = out
        self.csv_out = csv_out
        self.export_out = export_out
        self.seed = seed
        self.title = options.title if options.title is not None else program.title
        self.stats = _Statistics()
        self.statistics_shown = options.statistics  # dealer flips this on every printpbn
        # every print(...) action prints the same list of produced deals at the end
        self.keeps_deals = any(isinstance(a.action, ast.PrintHands) for a in program.actions)
        self.per_deal = [(index, compiled.action) for index, compiled in enumerate(program.actions)
                         if isinstance(compiled.action, ast.PER_DEAL_PRINTS)
                         and not isinstance(compiled.action, ast.PrintHands)]
        # the double-dummy results the prints read, solved for a whole batch at once:
        # evalcontract's and trix's whole tables, evalcontract(side, ...)'s one result
        self.needs_tables = any(_needs_tables(action) for _, action in self.per_deal)
        self.contract_reports = [action for _, action in self.per_deal
                                 if isinstance(action, ast.ContractReport)]

    def run(self, features, rows: np.ndarray, produced_before: int) -> None:
        """The actions on some rows of a batch of deals."""
        deals = features.subset(rows)
        self.process(deals.owners, action_values(self.program, deals), produced_before)

    def process(self, owners: np.ndarray, values: list, produced_before: int) -> None:
        """The actions on produced deals, given their action values (per action, per
        expression)."""
        self._print_deals(owners, values, produced_before)
        for index, compiled in enumerate(self.program.actions):
            self._add(index, statistic(compiled.action, values[index]))

    def add_block(self, result, produced_before: int) -> None:
        """The actions on a block's produced deals, from its BlockResult."""
        if result.owners is not None:
            self._print_deals(result.owners, result.values, produced_before)
        for index, total in enumerate(result.statistics):
            self._add(index, total)

    def _print_deals(self, owners: np.ndarray, values: list, produced_before: int) -> None:
        """Each deal's prints, in the order the actions are written: each action formats
        the whole batch, then the texts are interleaved deal by deal."""
        if self.per_deal and len(owners):
            self._solve_double_dummy(owners)
            by_stream: dict[int, tuple[TextIO, list]] = {}
            for index, action in self.per_deal:
                stream = self._stream_of(action)
                texts = self._print_batch(index, action, owners, values[index], produced_before)
                by_stream.setdefault(id(stream), (stream, []))[1].append(texts)
            for stream, texts in by_stream.values():
                stream.write("".join(texts[0]) if len(texts) == 1
                             else "".join(itertools.chain.from_iterable(zip(*texts))))
        if self.keeps_deals:
            self.stats.stored_deals.extend(owners.copy())

    def _solve_double_dummy(self, owners: np.ndarray) -> None:
        """Solve together, in dd.py's batches, what the prints will read deal by deal."""
        if self.needs_tables or self.contract_reports:
            from . import dd
            if self.needs_tables:
                dd.tables_of(owners)
            for action in self.contract_reports:
                dd.tricks_of(owners, action.declarer, action.strain)

    def _stream_of(self, action) -> TextIO:
        """csvrpt writes to -C's file and export to -X's when there are; every other print
        to `out`."""
        if (isinstance(action, ast.CsvReport) and not action.to_screen
                and self.csv_out is not None):
            return self.csv_out
        if isinstance(action, ast.Export) and self.export_out is not None:
            return self.export_out
        return self.out

    def _add(self, index: int, total) -> None:
        if total is not None:
            known = self.stats.totals.get(index)
            self.stats.totals[index] = total if known is None else known + total

    def _print_batch(self, index: int, action, owners: np.ndarray, values: list,
                     produced_before: int) -> list[str]:
        """One action's text for each deal of a batch."""
        if isinstance(action, ast.PrintOneLine):
            return output.format_printoneline_batch(owners, values[0] if values else None)
        if isinstance(action, ast.PrintCompact):
            return output.format_printcompact_batch(owners, values[0] if values else None)
        return [self._print(index, action, deal, produced_before + k + 1,
                            [v[k] for v in values]) for k, deal in enumerate(owners)]

    def _print(self, index: int, action, deal: np.ndarray, number: int, values: list) -> str:
        program = self.program
        v2 = self.options.v2_layouts
        if isinstance(action, ast.PrintAll):
            return output.format_printall(deal, number, self.title, v2=v2)
        if isinstance(action, ast.PrintSide):
            return output.format_printside(deal, action.side, number, self.title, v2=v2)
        if isinstance(action, ast.Export):
            return output.format_export(deal, action.seats)
        if isinstance(action, ast.PrintPBN):
            if self.options.quiet:
                return ""
            self.statistics_shown = not self.statistics_shown
            vulnerable = (None if program.vulnerable is None
                          else output.VULNERABILITY_NAMES.index(program.vulnerable))
            return output.format_printpbn(deal, number, program.dealer, vulnerable,
                                          self.options.input_name, self.seed,
                                          title=self.title, v2=v2)
        if isinstance(action, ast.PrintES):
            return output.format_printes(_fields(action.items, values))
        if isinstance(action, ast.CsvReport):
            return output.format_csv(_csv_fields(action.items, values, deal))
        if isinstance(action, ast.EvalContract):
            self._evaluate_contracts(index, deal)
        if isinstance(action, ast.ContractReport):
            from .dd import tricks
            tally = self.stats.contract_tricks.setdefault(index, np.zeros(14, np.int64))
            tally[tricks(deal, action.declarer, action.strain)] += 1
        return ""

    def _evaluate_contracts(self, index: int, deal: np.ndarray) -> None:
        """Double-dummy tricks of north and south in every strain, tallied for the table."""
        from .dd import dd_table
        tally = self.stats.contract_tricks.setdefault(index, np.zeros((2, 5, 14), np.int64))
        table = dd_table(deal)
        for side, declarer in enumerate((0, 2)):
            tally[side, np.arange(5), table[declarer]] += 1

    def finish(self, produced: int) -> None:
        """The end-of-run output of each action, in the order they are written."""
        write = self.out.write
        for index, compiled in enumerate(self.program.actions):
            action = compiled.action
            if isinstance(action, ast.PrintHands):
                write(output.format_print(self.stats.stored_deals, action.seats, self.title))
            elif isinstance(action, ast.EvalContract):
                tally = self.stats.contract_tricks.get(index, np.zeros((2, 5, 14), np.int64))
                write(output.format_evalcontract(tally, produced))
            elif isinstance(action, ast.ContractReport):
                write(output.format_contract_report(
                    action.side, action.level, action.strain, action.doubled, action.vulnerable,
                    self.stats.contract_tricks.get(index, np.zeros(14, np.int64))))
            elif isinstance(action, ast.Average):
                total, squares = self.stats.totals.get(index, (0, 0.0))
                if self.options.v2_layouts:
                    write(output.format_average_v2(action.label, total, squares, produced))
                else:
                    write(output.format_average(action.label, total, produced))
            elif isinstance(action, ast.Frequency):
                counts = self.stats.totals.get(index, np.zeros(action.buckets + 2, np.int64))
                write(output.format_frequency(action.label, counts, action.low,
                                              action.size))
            elif isinstance(action, ast.Frequency2D):
                counts = self.stats.totals.get(index, np.zeros(
                    (action.buckets + 2, action.buckets2 + 2), np.int64))
                write(output.format_frequency2d(
                    action.label, counts, action.low, action.size, action.low2, action.size2,
                    v2_heading=action.bktfreq and self.options.v2_layouts))


def _fields(items, values: list) -> list:
    """printes items in order: strings as written, expressions as integers."""
    numbers = iter(values)
    return [item if isinstance(item, str) else int(next(numbers)) for item in items]


def _csv_fields(items, values: list, deal: np.ndarray) -> list[str]:
    """csvrpt and printrpt items as Dealer v2 writes them: strings in single quotes,
    expressions as integers, hands as `n AKJ3.KJ943.T76.J`, trix as its trick counts."""
    fields = []
    numbers = iter(values)
    for item in items:
        if isinstance(item, str):
            fields.append(f"'{item}'")
        elif isinstance(item, ast.HandItem):
            fields.append(output.csv_hands(deal, (item.seat,)))
        elif isinstance(item, ast.SideItem):
            fields.append(output.csv_hands(deal, output.CSV_SIDE_SEATS[item.side]) + " ")
        elif isinstance(item, ast.DealItem):
            fields.append(output.csv_hands(deal, range(4)) + " ")
        elif isinstance(item, ast.TrixItem):
            from .dd import dd_table
            table = dd_table(deal)
            rows = table.reshape(-1) if item.seat is None else table[item.seat]
            fields.append(",".join(str(int(tricks)) for tricks in rows))
        else:
            fields.append(str(int(next(numbers))))
    return fields
