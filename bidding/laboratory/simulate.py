"""Testing systems on many deals: robots bid them, double dummy scores them.

    boards = generated_boards(1000, seed=7)                     # or imported_boards("x.pbn")
    run = simulate(boards, sayc)                                 # same system at every seat
    run = simulate(boards, sayc, versus=other)                   # two tables, cards turned
    summary = summarize(run)                                     # frequencies, rules, par, IMPs

Deals come from the dealer's stream, which gives the same deals for a seed however many
processes deal them; each board is then bid on its own, so the results do not depend on the
number of worker processes either. At table 1 our system sits North-South; with `versus`,
table 2 has the other system North-South, so each system holds each pair of hands once.
"""
from __future__ import annotations

import multiprocessing
import re
import time
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from bidding.model.auction import Auction
from bidding.model.cards import Deal, Seat, Vulnerability, board_dealer, board_vulnerability, \
    deal_from_owners
from bidding.engine.library import REPO_ROOT
from bidding.model.errors import BridgeError
from bidding.engine.explain import explain
from bidding.engine.robot import Robot
from bidding.engine.rules import Source
from bidding.model.scoring import Contract, imps
from bidding.engine.system import BiddingSystem

CHUNK = 20                  # boards per task sent to a worker process
DEFAULT_DEALS = 100
_VULNERABILITY_INDEX = {Vulnerability.NONE: 0, Vulnerability.NS: 1, Vulnerability.EW: 2,
                        Vulnerability.BOTH: 3}  # dealer.dd's order


@dataclass(frozen=True)
class Board:
    """A deal to bid, with its number, dealer and vulnerability (and, when imported, the
    file's other tags such as Event and Site)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    tags: tuple[tuple[str, str], ...] = ()


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
                boards.append(Board(number, deal_from_owners(features.owners[row].tolist()),
                                    dealer or board_dealer(number),
                                    vulnerability or board_vulnerability(number)))
    if len(boards) < count:
        raise BridgeError(f"{source}: only {len(boards)} of {count} deals met the condition "
                          f"in 10,000,000 deals")
    return boards


def imported_boards(path: Path | str) -> list[Board]:
    """The deals of a PBN (or, by suffix, LIN) file, with their dealer and vulnerability."""
    from bidding.model.pbn import read_lin, read_pbn_file

    path = Path(path)
    if path.suffix.lower() == ".lin":
        records = read_lin(path.read_text(encoding="utf-8", errors="replace"), str(path))
    else:
        records = read_pbn_file(path)
    kept = ("Event", "Site", "Date", "Scoring")
    return [Board(record.number or index, record.deal, record.effective_dealer,
                  record.effective_vulnerability,
                  tuple((name, record.tags[name]) for name in kept if name in record.tags))
            for index, record in enumerate(records, 1)]


# --- one board -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableRun:
    """One auction of a board: who sat North-South and East-West, the calls, where the
    rule behind each call was written (None without one), the positions where the bidder
    had no agreement ((call index, situation)), what the explained calls showed ((call
    index, text), when asked for), and the result double dummy (declarer's tricks and the
    North-South score; None without double dummy)."""

    north_south: str
    east_west: str
    auction: Auction
    rules: tuple[Source | None, ...]
    no_agreement: tuple[tuple[int, str], ...]
    explanations: tuple[tuple[int, str], ...] = ()
    tricks: int | None = None
    score_ns: int | None = None

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @property
    def contract_text(self) -> str:
        """`4H`, `3NTX`, or `Pass` when passed out (declarer left out)."""
        contract = self.contract
        if contract is None:
            return "Pass"
        return f"{contract.level}{contract.strain.letter}{('', 'X', 'XX')[contract.doubled]}"

    def system_of(self, seat: Seat) -> str:
        return self.north_south if seat % 2 == 0 else self.east_west


@dataclass(frozen=True)
class BoardResult:
    """A board bid at one or two tables, with the double-dummy tricks table
    (`dd[declarer][strain]`), par for North-South and the par contracts (`NS 4H`)."""

    board: Board
    tables: tuple[TableRun, ...]
    dd: tuple[tuple[int, ...], ...] | None = None
    par_ns: int | None = None
    par_contracts: tuple[str, ...] = ()

    def versus_par(self, table: int) -> int | None:
        """North-South's score at `table` minus par, in IMPs (None without double dummy)."""
        run = self.tables[table]
        if run.score_ns is None or self.par_ns is None:
            return None
        return imps(run.score_ns - self.par_ns)

    @property
    def imps(self) -> int | None:
        """IMPs to table 1's North-South system (ours) from the two tables' scores."""
        if len(self.tables) < 2 or self.tables[0].score_ns is None:
            return None
        return imps(self.tables[0].score_ns - self.tables[1].score_ns)


def owners_of(deal: Deal) -> np.ndarray:
    """The deal as the dealer's owner row: seat of each card index."""
    owners = np.zeros(52, dtype=np.uint8)
    for seat in Seat:
        mask = deal[seat].mask
        owners[[index for index in range(52) if mask >> index & 1]] = seat
    return owners


@lru_cache(maxsize=8)
def _robots(north_south: BiddingSystem, east_west: BiddingSystem) -> dict[Seat, Robot]:
    """The four robots of a table, built once per process for a pair of systems."""
    systems = (north_south, east_west)
    return {seat: Robot(systems[seat % 2], opponents=systems[1 - seat % 2]) for seat in Seat}


def bid_table(board: Board, north_south: BiddingSystem, east_west: BiddingSystem,
              explained: bool = False) -> TableRun:
    """Four robots bid the board; records the rule behind each call and, for calls made
    without one, the situation the system had no agreement for. `explained` adds what
    each call showed, cheap here where the robots have just built the rule sets."""
    robots = _robots(north_south, east_west)
    auction = Auction(board.dealer, vulnerability=board.vulnerability)
    rules, no_agreement = [], []
    while not auction.is_over:
        seat = auction.turn
        choice = robots[seat].choose(board.deal[seat], auction)
        rules.append(None if choice.rule is None else choice.rule.source)
        if choice.rule is None:
            no_agreement.append((len(auction.calls), choice.situation))
        auction.push(choice.call)
    explanations = () if not explained else tuple(
        (e.index, e.text) for e in explain(auction, north_south, east_west)
        if e.status != "no agreement")
    return TableRun(north_south.name, east_west.name, auction, tuple(rules),
                    tuple(no_agreement), explanations)


def _scored(run: TableRun, board: Board, tricks_table) -> TableRun:
    contract = run.contract
    if contract is None:
        return replace(run, score_ns=0)
    tricks = int(tricks_table[contract.declarer][contract.strain])
    score = contract.score(board.vulnerability.is_vulnerable(contract.declarer), tricks)
    return replace(run, tricks=tricks,
                   score_ns=score if contract.declarer % 2 == 0 else -score)


_PAR_CONTRACT = re.compile(r"^([1-7])(NT|N|♠|♥|♦|♣|S|H|D|C)([NESW]+)(x{0,2})", re.I)
_SYMBOL_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


def par_contract_texts(contracts: Iterable[str]) -> tuple[str, ...]:
    """dealer.dd's par contracts ('4♠E+1', '4♠W+1', '4♦Nx-1') as PBN ParContract items
    by side ('EW 4S', 'NS 4DX'), without repeats."""
    found: dict[str, None] = {}
    for text in contracts:
        match = _PAR_CONTRACT.match(text)
        if not match:
            raise BridgeError(f"cannot read par contract {text!r}")
        level, strain, declarers, doubled = match.groups()
        side = "NS" if set(declarers.upper()) <= set("NS") else "EW"
        strain = _SYMBOL_LETTER.get(strain.upper(), strain.upper())
        found[f"{side} {level}{strain}{doubled.upper()}"] = None
    return tuple(found) or ("Pass",)


def bid_board(board: Board, ours: BiddingSystem, theirs: BiddingSystem | None,
              double_dummy: bool, explained: bool = False) -> BoardResult:
    """The board at one table (ours at every seat) or two (ours North-South at table 1,
    East-West at table 2), scored double dummy when asked."""
    if theirs is None:
        runs = (bid_table(board, ours, ours, explained),)
    else:
        runs = (bid_table(board, ours, theirs, explained),
                bid_table(board, theirs, ours, explained))
    if not double_dummy:
        return BoardResult(board, runs)
    from dealer import dd

    owners = owners_of(board.deal)
    table = dd.dd_table(owners)
    par_ns, contracts = dd.par(owners, int(board.dealer),
                               _VULNERABILITY_INDEX[board.vulnerability])
    return BoardResult(board, tuple(_scored(run, board, table) for run in runs),
                       tuple(tuple(int(t) for t in row) for row in table), par_ns,
                       par_contract_texts(contracts))


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


def simulate(boards: Sequence[Board], ours: BiddingSystem, versus: BiddingSystem | None = None,
             double_dummy: bool = True, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None,
             explained: bool = False) -> Simulation:
    """Bid every board (see the module doc); results in board order. `explained` keeps
    what each call showed, for the PBN notes."""
    started = time.perf_counter()

    def task(board: Board) -> BoardResult:
        return bid_board(board, ours, versus, double_dummy, explained)

    results = list(run_parallel(task, boards, jobs, progress))
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
    calls: int = 0

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
    return summary


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
          progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """The first disagreement of each board where the two systems disagree, board order."""
    def task(board: Board) -> dict | None:
        return first_disagreement(board, first, second)

    return [case for case in run_parallel(task, boards, jobs, progress) if case is not None]

