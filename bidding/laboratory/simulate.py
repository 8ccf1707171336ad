"""Testing systems on many deals: robots bid them, double dummy scores them.

    boards = generated_boards(1000, seed=7)                     # or imported_boards("x.pbn")
    run = simulate(boards, sayc)                                 # same system at every seat
    run = simulate(boards, sayc, versus=other)                   # two tables, cards turned
    summary = summarize(run)                                     # frequencies, rules, par, IMPs
    differing = compare(boards, sayc, older)                     # closer to par? (versions)

Deals come from the dealer's stream, which gives the same deals for a seed however many
processes deal them; each board is then bid on its own, so the results do not depend on the
number of worker processes either. At table 1 our system sits North-South; with `versus`,
table 2 has the other system North-South, so each system holds each pair of hands once.
"""
from __future__ import annotations

import math
import multiprocessing
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from bidding.model.auction import Auction
from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.cards import Seat, Vulnerability, deal_from_owners
from bidding.model.errors import BridgeError
from bidding.engine.library import REPO_ROOT
from bidding.engine.robot import Robot
from bidding.engine.rules import Source
from bidding.engine.system import BiddingSystem
from bidding.laboratory.results import BoardResult, TableRun, double_dummy_result
from bidding.laboratory.table import RobotPlayer, Table

CHUNK = 20                  # boards per task sent to a worker (a process or a Dask worker)
DEFAULT_DEALS = 100


def generated_boards(count: int | None, seed: int, script: str = "",
                     source: str = "<dealer>") -> list[Board]:
    """`count` deals (None: the script's `produce`, else DEFAULT_DEALS) from the dealer's
    stream for `seed`, meeting the script's condition (and predeals). The script's `dealer`
    and `vulnerable` apply to every board; without them dealer and vulnerability follow
    the board numbers."""
    from dealer.dealing import accepted_batches, open_stream
    from dealer.program import compile_program

    program = compile_program(script, source)
    count = count or program.produce or DEFAULT_DEALS
    dealer = None if program.dealer is None else Seat(program.dealer)
    vulnerability = None if program.vulnerable is None else \
        Vulnerability.parse(program.vulnerable)
    boards: list[Board] = []
    with open_stream(program, 10_000_000, seed=seed) as stream:
        for features, rows, _ in accepted_batches(program, stream, count):
            for row in rows:
                number = len(boards) + 1
                boards.append(Board(deal_from_owners(features.owners[row].tolist()), number,
                                    board_dealer(number) if dealer is None else dealer,
                                    board_vulnerability(number) if vulnerability is None
                                    else vulnerability))
    if len(boards) < count:
        raise BridgeError(f"{source}: only {len(boards)} of {count} deals met the condition "
                          f"in 10,000,000 deals")
    return boards


def imported_boards(text: str, file: str) -> list[Board]:
    """The deals of the PBN text of `file` (LIN when its name ends in .lin), with their
    dealer and vulnerability."""
    from bidding.model.pbn import read_lin, read_pbn

    read = read_lin if file.lower().endswith(".lin") else read_pbn
    records = read(text, file)
    kept = ("Event", "Site", "Date", "Scoring")
    return [Board(record.deal, record.number or index, record.effective_dealer,
                  record.effective_vulnerability,
                  tuple((name, record.tags[name]) for name in kept if name in record.tags))
            for index, record in enumerate(records, 1)]


# --- one board -------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _players(north_south: BiddingSystem, east_west: BiddingSystem) -> tuple[RobotPlayer, ...]:
    """The four robot players of a table (N, E, S, W), made once per process for a pair of
    systems."""
    sides = (RobotPlayer(north_south), RobotPlayer(east_west))
    return tuple(sides[seat % 2] for seat in Seat)


def bid_table(board: Board, north_south: BiddingSystem, east_west: BiddingSystem,
              explained: bool = False) -> TableRun:
    """Four robots bid the board at a table; records the rule behind each call and, for
    calls made without one, the situation the system had no agreement for. `explained`
    adds what each call showed, cheap here where the robots have just built the rule sets."""
    table = Table(_players(north_south, east_west), board.deal, board.dealer,
                  board.vulnerability)
    table.play()
    return TableRun.of(table, explained)


def bid_board(board: Board, ours: BiddingSystem, theirs: BiddingSystem | None,
              double_dummy: bool, explained: bool = False) -> BoardResult:
    """The board at one table (ours at every seat) or two (ours North-South at table 1,
    East-West at table 2), scored double dummy when asked."""
    if theirs is None:
        runs = (bid_table(board, ours, ours, explained),)
    else:
        runs = (bid_table(board, ours, theirs, explained),
                bid_table(board, theirs, ours, explained))
    return double_dummy_result(board, runs) if double_dummy else BoardResult(board, runs)


# --- many boards -----------------------------------------------------------------------------
@dataclass
class Simulation:
    """The results of a run, in board order, with what produced them."""

    ours: BiddingSystem
    theirs: BiddingSystem | None
    results: list[BoardResult]
    double_dummy: bool
    seconds: float
    jobs: int
    seed: int | None = None
    origin: str = ""            # where the deals came from, for the reports


Runner = Callable[..., Iterator]
"""`runner(task, items, progress=None)`: `task(item)` for every item, in item order (run_parallel
on local processes, or cluster.DaskRunner)."""

_worker_task: Callable | None = None


def _start_worker(task: Callable) -> None:
    global _worker_task
    _worker_task = task


def _run_chunk(items: list) -> list:
    return [_worker_task(item) for item in items]


def run_parallel(task: Callable, items: Sequence, jobs: int,
                 progress: Callable[[int, int], None] | None = None) -> Iterator:
    """`task(item)` for every item, in order, on `jobs` processes (forked, so `task` may
    hold compiled systems). Chunks keep the order; `progress(done, total)` after each."""
    total = len(items)
    chunks = [items[start:start + CHUNK] for start in range(0, total, CHUNK)]
    done = 0
    if jobs <= 1 or len(chunks) <= 1:
        outputs: Iterable[list] = (list(map(task, chunk)) for chunk in chunks)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs, _start_worker, (task,))
        outputs = pool.imap(_run_chunk, chunks)
    try:
        for output in outputs:
            yield from output
            done += len(output)
            if progress is not None:
                progress(done, total)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def local_or(runner: Runner | None, jobs: int) -> Runner:
    """`runner`, or without one run_parallel on `jobs` local processes (the default)."""
    return runner or (lambda task, items, progress=None: run_parallel(task, items, jobs, progress))


def simulate(boards: Sequence[Board], ours: BiddingSystem, versus: BiddingSystem | None = None,
             double_dummy: bool = True, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None,
             explained: bool = False, runner: Runner | None = None) -> Simulation:
    """Bid every board (see the module doc); results in board order, on `jobs` local
    processes unless a `runner` is given. `explained` keeps what each call showed, for the
    PBN notes."""
    started = time.perf_counter()

    def task(board: Board) -> BoardResult:
        return bid_board(board, ours, versus, double_dummy, explained)

    results = list(local_or(runner, jobs)(task, boards, progress=progress))
    return Simulation(ours, versus, results, double_dummy, time.perf_counter() - started, jobs)


# --- statistics ------------------------------------------------------------------------------
@dataclass
class RuleUse:
    """How often one action of a system fired, and with which calls."""

    system: str
    source: str
    convention: str
    kind: str
    call: str                   # the action's call as written (may be relative)
    count: int = 0
    calls: Counter = field(default_factory=Counter)


@dataclass
class ParStats:
    """Double-dummy results of one table: IMPs of North-South's score against par."""

    boards: int
    at_par: int
    mean_imps: float            # signed, North-South's view
    mean_abs_imps: float
    histogram: Counter          # IMPs -> boards


@dataclass
class Summary:
    boards: int
    contracts: list[Counter]                    # per table: contract text -> boards
    rules: list[RuleUse]                        # every action of the systems, fired or not
    no_agreement: Counter                       # (system, situation) -> times
    no_agreement_example: dict                  # (system, situation) -> (board, auction)
    par: list[ParStats] = field(default_factory=list)
    imps_total: int | None = None
    imps_boards: list[tuple[int, int]] = field(default_factory=list)   # (board, IMPs)
    imps_error: float | None = None     # standard error of the IMPs a board
    calls: int = 0

    @property
    def imps_per_board(self) -> float | None:
        return None if self.imps_total is None else self.imps_total / self.boards

    @property
    def never_fired(self) -> list[RuleUse]:
        return [rule for rule in self.rules if rule.count == 0]


def summarize(run: Simulation) -> Summary:
    """Frequencies, rule use, positions without agreement, par and IMP statistics."""
    systems = [run.ours] + ([run.theirs] if run.theirs is not None else [])
    uses: dict[tuple[str, Source], RuleUse] = {}
    for system in systems:
        for node in sorted(system.nodes(), key=lambda n: (n.spec.source.file, n.spec.source.line)):
            key = (system.name, node.spec.source)
            uses.setdefault(key, RuleUse(system.name, str(node.spec.source), node.convention,
                                         node.spec.kind, node.spec.call.text))
    tables = len(run.results[0].tables) if run.results else 1
    contracts = [Counter() for _ in range(tables)]
    missing: Counter = Counter()
    examples: dict = {}
    calls = 0
    for result in run.results:
        for index, table in enumerate(result.tables):
            contracts[index][table.contract_text] += 1
            calls += len(table.auction.calls)
            dealer_side = table.auction.dealer % 2    # positions of this parity are N-S's
            for position, (call, source) in enumerate(zip(table.auction.calls, table.rules)):
                if source is not None:
                    use = uses[(table.north_south if position % 2 == dealer_side
                                else table.east_west, source)]
                    use.count += 1
                    use.calls[str(call)] += 1
            for position, situation in table.no_agreement:
                key = (table.system_of(table.auction.seat_of(position)), situation)
                missing[key] += 1
                examples.setdefault(key, (result.board.number,
                                          " ".join(map(str, table.auction.calls[:position]))))
    summary = Summary(len(run.results), contracts, list(uses.values()), missing, examples,
                      calls=calls)
    if run.double_dummy and run.results:
        summary.par = [_par_stats(run.results, index) for index in range(tables)]
        if tables == 2:
            summary.imps_boards = [(r.board.number, r.imps) for r in run.results
                                   if r.tables[0].contract != r.tables[1].contract]
            summary.imps_total = sum(r.imps for r in run.results)
            summary.imps_error = _standard_error([r.imps for r in run.results])
    return summary


def _standard_error(values: list[int]) -> float:
    """Standard error of the mean: is a match won by more than chance would give?"""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


def _par_stats(results: list[BoardResult], table: int) -> ParStats:
    values = [result.versus_par(table) for result in results]
    return ParStats(len(values), sum(1 for v in values if v == 0),
                    sum(values) / len(values), sum(abs(v) for v in values) / len(values),
                    Counter(values))


# --- bidder fight ----------------------------------------------------------------------------
_CASE_VULNERABILITY = {Vulnerability.NONE: "None", Vulnerability.NS: "N-S",
                       Vulnerability.EW: "E-W", Vulnerability.BOTH: "Both"}


def first_disagreement(board: Board, first: BiddingSystem, second: BiddingSystem) -> dict | None:
    """The first position in `first`'s own auction of the board (its robots at every seat)
    where a `second` robot would call differently, as a case in the shared JSON Lines
    format (expected: `first`'s call), or None when they agree throughout."""
    own = bid_table(board, first, first)
    other = Robot(second, opponents=first)
    auction = Auction(board.dealer, vulnerability=board.vulnerability)
    for call, rule in zip(own.auction.calls, own.rules):
        seat = auction.turn
        hand = board.deal[seat]
        choice = other.choose(hand, auction)
        if choice.call is not call:
            return {
                "hand": str(hand), "history": [str(c) for c in auction.calls],
                "dealer": board.dealer.letter,
                "vulnerability": _CASE_VULNERABILITY[board.vulnerability],
                "to_act": seat.letter, "expected": str(call),
                "group": f"fight {first.name} vs {second.name}", "topic": "bidder fight",
                "source": f"board {board.number}",
                "system_a": first.name, "call_a": str(call), "rule_a": _rule_text(rule),
                "system_b": second.name, "call_b": str(choice.call),
                "rule_b": _rule_text(choice.rule and choice.rule.source),
                "deal": board.deal.pbn(board.dealer),
            }
        auction.push(call)
    return None


def _rule_text(source: Source | None) -> str:
    return "no agreement" if source is None else short_source(str(source))


def short_source(source: str) -> str:
    """`file:line` with the file relative to the repository when it lies in it."""
    file, _, line = source.rpartition(":")
    path = Path(file)
    return f"{path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else file}:{line}"


def fight(boards: Sequence[Board], first: BiddingSystem, second: BiddingSystem, jobs: int = 1,
          progress: Callable[[int, int], None] | None = None,
          runner: Runner | None = None) -> list[dict]:
    """The first disagreement of each board where the two systems disagree, board order (on
    `jobs` local processes unless a `runner` is given)."""
    def task(board: Board) -> dict | None:
        return first_disagreement(board, first, second)

    return [case for case in local_or(runner, jobs)(task, boards, progress=progress)
            if case is not None]


# --- closer to par: two versions of a system -------------------------------------------------
def compare_board(board: Board, first: BiddingSystem, second: BiddingSystem) -> BoardResult | None:
    """The board bid by `first` at all four seats (table 1) and by `second` (table 2), scored
    double dummy, or None when the two auctions are the same (then so are the scores, and
    no solving is needed)."""
    runs = (bid_table(board, first, first), bid_table(board, second, second))
    if runs[0].auction.calls == runs[1].auction.calls:
        return None
    return double_dummy_result(board, runs)


@dataclass
class Comparison:
    """Two systems, each at all four seats of the same boards: the boards where their
    auctions differ, scored double dummy. What counts is how far each table lands from par
    (|IMPs against par|, the same for both sides): a version is better where it is closer."""

    first: BiddingSystem
    second: BiddingSystem
    boards: int
    differing: list[BoardResult]

    @staticmethod
    def gain(result: BoardResult) -> int:
        """IMPs by which table 1 (the first system) is closer to par than table 2."""
        return abs(result.versus_par(1)) - abs(result.versus_par(0))

    @cached_property
    def gains(self) -> list[int]:
        """The gain on each differing board, in the order of `differing`."""
        return [self.gain(result) for result in self.differing]

    @property
    def total(self) -> int:
        return sum(self.gains)

    @property
    def standard_error(self) -> float:
        """Of the gain a board, over every board (the same auctions gain 0)."""
        return _standard_error(self.gains + [0] * (self.boards - len(self.gains)))


def compare(boards: Sequence[Board], first: BiddingSystem, second: BiddingSystem, jobs: int = 1,
            progress: Callable[[int, int], None] | None = None,
            runner: Runner | None = None) -> Comparison:
    """Which of two systems (two versions of one, usually) bids closer to double-dummy par on
    these boards: each bids them at all four seats; only the boards where the auctions differ
    are solved (on `jobs` local processes unless a `runner` is given)."""
    def task(board: Board) -> BoardResult | None:
        return compare_board(board, first, second)

    results = local_or(runner, jobs)(task, boards, progress=progress)
    return Comparison(first, second, len(boards), [r for r in results if r is not None])
