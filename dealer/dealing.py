"""Pulling the deals that meet a program's condition out of the deal stream, and the values
of the program's actions on them.

Two ways, with the same results:
* `accepted_batches`: batches from a DealStream, evaluated in this process (dealer mode,
  programs drawing random numbers or solving double dummy, and the `deals()` API);
* `BlockPipeline`: numpy-mode blocks, each dealt and evaluated whole by `evaluate_block`
  (a pure function of the plan and the block index), in this process or in forked worker
  processes, and handed back in stream order; a block sends back only its statistics and
  the deals it has to print.
"""
from __future__ import annotations

import collections
import os
from dataclasses import dataclass

import numpy as np

from bidding.model.cards import SEAT_NAMES

from . import ast
from .features import DealFeatures
from .errors import DealerRuntimeError
from .generate import BLOCK_SIZE, STAYING_SEATS, DealPlan, DealStream, deal_block
from .program import Program

MIN_BATCH = 256
MAX_BATCH = 1 << 16


def open_stream(program: Program, generate_limit: int, *, seed: int | None = None,
                rng: str = "numpy", swapping: int = 0) -> DealStream:
    """The deal stream for a program: its predeals, and its seat prefilters (numpy mode;
    in dealer mode the stream must stay the binary's)."""
    staying = STAYING_SEATS[swapping]
    moved = sorted({seat for seat, _ in program.predeal_lengths} - staying)
    if moved:
        kept = " and ".join(SEAT_NAMES[seat] for seat in sorted(staying))
        raise DealerRuntimeError(
            f"with swapping (-{swapping}), only {kept} keep their hand: predeal a suit "
            f"length to them, not to {' and '.join(SEAT_NAMES[seat] for seat in moved)}")
    filters = None
    if rng == "numpy" and program.seat_filters:
        # a filter only speeds up dealing; swapped variants need the seats' hands kept
        filters = {seat: _seat_filter(program, seat) for seat in program.seat_filters
                   if seat in staying}
    return DealStream(seed, rng=rng, predeal=program.predeal,
                      predeal_lengths=program.predeal_lengths, swapping=swapping,
                      seat_filters=filters, limit=generate_limit)


def accepted_batches(program: Program, stream: DealStream, produce_limit: int, *,
                     one_at_a_time: bool = False):
    """Yield (features, accepted rows, deals generated so far) batch after batch, until
    `produce_limit` deals are accepted or the stream ends. The count stops at the deal that
    completed `produce_limit`, even in the middle of a batch.

    A script that solves double dummy starts with a batch of `produce_limit` deals (at most
    MIN_BATCH) and grows it only as the acceptance rate asks, so that few more deals are
    solved than the run needs (a solve costs as much as dealing thousands of deals); the
    condition's cheaper terms already keep the solver to the rows where they hold."""
    produced = 0
    smallest = 1 if program.uses_tricks else MIN_BATCH
    batch = 1 if one_at_a_time else max(smallest, min(MIN_BATCH, produce_limit))
    while produced < produce_limit:
        owners = stream.next_batch(batch)
        if not len(owners):
            return
        features = DealFeatures(owners, tables=program.tables, random=stream.random)
        accepted = _accepted_rows(program, features)
        wanted = produce_limit - produced
        if len(accepted) >= wanted:
            accepted = accepted[:wanted]
            generated = int(stream.last_generated[accepted[-1]])
        else:
            generated = stream.generated
        produced += len(accepted)
        yield features, accepted, generated
        if not one_at_a_time:
            batch = _next_batch_size(batch, generated, produced, produce_limit, smallest)


def _seat_filter(program: Program, seat: int):
    expression = program.seat_filters[seat]

    def accepts(hand_masks: np.ndarray) -> np.ndarray:
        values = expression(DealFeatures(hand_masks={seat: hand_masks}, tables=program.tables))
        return values if values.dtype == bool else values != 0
    return accepts


def _accepted_rows(program: Program, features: DealFeatures) -> np.ndarray:
    if program.condition is None:
        return np.arange(features.size)
    return np.flatnonzero(program.condition(features))


def _next_batch_size(batch: int, generated: int, produced: int, produce_limit: int,
                     smallest: int = MIN_BATCH) -> int:
    """Grow batches while they are cheap; do not deal far past the last deal needed."""
    rate = (produced + 1) / (generated + 1)
    needed = (produce_limit - produced) / rate
    return int(min(MAX_BATCH, max(smallest, min(batch * 4, needed * 1.25))))


# ---------------------------------------------------------------------------------------
# Action values and statistics

def action_values(program: Program, deals: DealFeatures) -> list[list[np.ndarray]]:
    """The values of every action's expressions on the deals, action by action."""
    return [[np.asarray(expression(deals)) for expression in compiled.expressions]
            for compiled in program.actions]


def statistic(action: ast.Action, values: list[np.ndarray]):
    """What a statistical action adds up over some deals, from its expressions' values: the
    sum and the sum of squares (average; exact integers, and a float for Dealer v2's
    variance) or counts (frequency, with Low and High slots); None for other actions.
    Adding these over consecutive groups of deals gives the same as over all of them."""
    if isinstance(action, ast.Average):
        numbers = values[0].astype(np.int64)
        return np.array([int(numbers.sum()), float(np.square(numbers, dtype=np.float64).sum())],
                        dtype=object)
    if isinstance(action, ast.Frequency):
        slots = action.buckets + 2
        return np.bincount(_slots(values[0], action.low, action.high, action.size),
                           minlength=slots)
    if isinstance(action, ast.Frequency2D):
        rows, columns = action.buckets + 2, action.buckets2 + 2
        first = _slots(values[0], action.low, action.high, action.size)
        second = _slots(values[1], action.low2, action.high2, action.size2)
        return np.bincount(first * columns + second,
                           minlength=rows * columns).reshape(rows, columns)
    return None


def _slots(values: np.ndarray, low: int, high: int, size: int) -> np.ndarray:
    """Frequency slots: 0 below `low`, then one per bucket of `size` values, and the last
    above `high`."""
    values = values.astype(np.int64)
    last = ast.bucket_count(low, high, size) + 1
    return np.where(values < low, 0, np.where(values > high, last, (values - low) // size + 1))


# ---------------------------------------------------------------------------------------
# Whole blocks, in this process or in workers

def evaluates_in_blocks(program: Program, rng: str) -> bool:
    """Whether `BlockPipeline` can run the program: numpy mode, and nothing that draws
    random numbers (their order would depend on how the deals are cut) or solves double
    dummy (too slow to do for a whole block when a few deals are wanted)."""
    return rng == "numpy" and not program.uses_random and not program.uses_tricks


@dataclass(frozen=True)
class BlockJob:
    """What a block evaluation needs: the program, the stream's plan, the generate limit."""

    program: Program
    plan: DealPlan
    limit: int

    @property
    def deals_per_block(self) -> int:
        return BLOCK_SIZE * self.plan.deals_per_attempt

    @property
    def blocks(self) -> int:
        return -(-self.limit // self.deals_per_block)


@dataclass
class BlockResult:
    """A block's accepted deals, as much of them as the run needs.

    produced: accepted deals. statistics: per action, `statistic` over all of them.
    owners, values: the accepted deals and their action values (per action, per expression),
    when the actions print deals, or when asked for in detail. generated: with detail, the
    number of deals generated in the stream up to and including each accepted deal.
    """

    produced: int
    statistics: list
    owners: np.ndarray | None = None
    values: list | None = None
    generated: np.ndarray | None = None


def evaluate_block(job: BlockJob, index: int, detail: bool = False) -> BlockResult:
    """Deal block `index` of the stream (cut at the generate limit), apply the condition,
    and evaluate the actions on the accepted deals."""
    program = job.program
    owners, generated = deal_block(job.plan, index)
    generated = generated + index * job.deals_per_block
    if len(generated) and generated[-1] > job.limit:
        within = np.searchsorted(generated, job.limit, side="right")
        owners, generated = owners[:within], generated[:within]
    features = DealFeatures(owners, tables=program.tables)
    accepted = _accepted_rows(program, features)
    deals = features.subset(accepted)
    values = action_values(program, deals)
    statistics = [statistic(compiled.action, v) for compiled, v in zip(program.actions, values)]
    result = BlockResult(len(accepted), statistics)
    if detail or program.prints_per_deal:
        result.owners, result.values = deals.owners, values
    if detail:
        result.generated = generated[accepted]
    return result


_worker_job: BlockJob | None = None


def _set_worker_job(job: BlockJob) -> None:
    global _worker_job
    _worker_job = job


def _evaluate_in_worker(index: int) -> BlockResult:
    return evaluate_block(_worker_job, index)


BUSY_PRESSURE = 30.0
"""CPU pressure (% of the last 10 s some task waited for a CPU) past which the cores are
taken to be busy: extra worker processes then only add overhead (measured)."""


def default_jobs() -> int:
    """Processes to evaluate blocks in when -j is not given: one per core, unless the cores
    are already busy (Linux's CPU pressure), then one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
    try:
        with open("/proc/pressure/cpu") as pressure:
            waiting = float(pressure.readline().split()[1].partition("=")[2])
    except (OSError, ValueError, IndexError):
        return cores
    return 1 if waiting > BUSY_PRESSURE else cores


class BlockPipeline:
    """Block results in stream order. The first block is evaluated in this process; if the
    run goes on, `jobs` forked workers (when more than one) evaluate the next blocks, one
    more than there are workers ahead of the caller. The results do not depend on `jobs`."""

    def __init__(self, job: BlockJob, jobs: int):
        self.job = job
        self.jobs = jobs
        self._pool = None
        self._in_flight: collections.deque = collections.deque()
        self._queued = 0

    def __enter__(self) -> "BlockPipeline":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers, if any (they may be busy with blocks no longer needed)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def results(self):
        """Yield (block index, BlockResult) in order, up to the generate limit."""
        for index in range(self.job.blocks):
            if index > 0 and self._parallel():
                yield index, self._from_pool(index)
            else:
                yield index, evaluate_block(self.job, index)

    def _parallel(self) -> bool:
        """Whether workers evaluate the blocks after the first: more than one job, more
        than two blocks, and a process allowed to have children (a pool's worker is not)."""
        if self._pool is not None:
            return True
        if self.jobs < 2 or self.job.blocks < 3:
            return False
        import multiprocessing
        return not multiprocessing.current_process().daemon

    def _from_pool(self, index: int) -> BlockResult:
        if self._pool is None:
            import gc
            import multiprocessing
            gc.freeze()  # the workers' collector leaves inherited objects (and their pages) alone
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(self.jobs, initializer=_set_worker_job,
                                      initargs=(self.job,))
            self._queued = index
        while self._queued < min(index + self.jobs + 1, self.job.blocks):
            self._in_flight.append(self._pool.apply_async(_evaluate_in_worker,
                                                          (self._queued,)))
            self._queued += 1
        return self._in_flight.popleft().get()
