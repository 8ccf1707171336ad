"""Second-guessing a system: at every call of a deal bid by the system's four robots, try
the natural alternatives, let the robots finish each auction, score every ending double
dummy, and sum by (rule, alternative) the IMPs against par that the alternative saves.

    found = second_guess(boards, system, jobs=2)
    print(second_guess_text(found, top=30))

A rule that loses to the same alternative over many of the hands it covers is wrong for a
class of them: the examples show which class, and the agreement is then mended and checked
with `compare`. A sum over a few hands is mostly luck (each call has about twenty
alternatives, so some win by chance), which is why each line carries its standard error.
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from bidding.model.auction import Auction
from bidding.model.board import Board
from bidding.model.calls import Call, DOUBLE, PASS, Strain
from bidding.model.files import atomic_write
from bidding.model.scoring import imps
from bidding.engine.robot import Robot
from bidding.engine.system import BiddingSystem
from bidding.laboratory.results import contract_result, double_dummy_of
from bidding.laboratory.simulate import Runner, local_or, short_source

GAME_LEVEL = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4,
              Strain.NOTRUMP: 3}

SECOND_GUESS_FILES = ("report.txt", "decisions.jsonl")


def candidate_calls(auction: Auction, made: Call) -> list[tuple[str, Call]]:
    """The natural alternatives to `made` (labelled): pass, double, and in each strain the
    cheapest bid, a jump of one level, game and six; legal ones only, each call once."""
    legal = set(auction.legal_calls)
    found: dict[Call, str] = {}

    def add(label: str, call: Call) -> None:
        if call in legal and call != made and call not in found:
            found[call] = label

    add("pass", PASS)
    add("double", DOUBLE)
    for strain in Strain:
        cheapest = next((level for level in range(1, 8) if Call.bid(level, strain) in legal),
                        None)
        if cheapest is None:
            continue
        add(f"cheapest {strain.letter}", Call.bid(cheapest, strain))
        if cheapest < 7:
            add(f"jump {strain.letter}", Call.bid(cheapest + 1, strain))
        add(f"game {strain.letter}", Call.bid(GAME_LEVEL[strain], strain))
        add(f"six {strain.letter}", Call.bid(6, strain))
    return [(label, call) for call, label in found.items()]


@dataclass(frozen=True)
class Alternative:
    """Another call at a decision: what it saves against par (positive: closer to par)
    and the contract the robots reached after it."""

    label: str
    call: str
    saved: int
    contract: str


@dataclass(frozen=True)
class Decision:
    """One robot call of a board, the rule behind it (`file:line`, or `no agreement: ...`),
    the |IMPs against par| of the robots' own auction, and the alternatives tried."""

    board: str
    deal: str
    history: str
    seat: str
    call: str
    rule: str
    base: int
    alternatives: tuple[Alternative, ...]


class _Scorer:
    """A board's double-dummy tricks and par, and |IMPs against par| of an auction's end."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.tricks, self.par_ns, _ = double_dummy_of(board)

    def away_from_par(self, auction: Auction) -> tuple[int, str]:
        contract = auction.contract
        if contract is None:
            return abs(imps(-self.par_ns)), "Pass"
        _, score_ns = contract_result(contract, self.board, self.tricks)
        return abs(imps(score_ns - self.par_ns)), str(contract)


def _finished(robot: Robot, board: Board, auction: Auction) -> Auction:
    while not auction.is_over:
        auction.push(robot.choose(board.deal[auction.turn], auction).call)
    return auction


def second_guess_board(board: Board, system: BiddingSystem) -> tuple[Decision, ...]:
    """Every call the system's robots make on `board` (all four seats), each with its
    alternatives scored double dummy."""
    robot = Robot(system, opponents=system)
    scorer = _Scorer(board)
    played = Auction(board.dealer, vulnerability=board.vulnerability)
    choices = []
    while not played.is_over:
        choices.append(robot.choose(board.deal[played.turn], played))
        played.push(choices[-1].call)
    base, _ = scorer.away_from_par(played)
    name = str(board.number) if board.number else ""
    auction = Auction(board.dealer, vulnerability=board.vulnerability)
    decisions = []
    for choice in choices:
        rule = (short_source(str(choice.rule.source)) if choice.rule is not None
                else f"no agreement: {choice.situation}")
        tried = []
        for label, call in candidate_calls(auction, choice.call):
            ending = auction.copy()
            ending.push(call)
            away, contract = scorer.away_from_par(_finished(robot, board, ending))
            tried.append(Alternative(label, str(call), base - away, contract))
        decisions.append(Decision(name, board.deal.pbn(board.dealer), auction.history_text(),
                                  auction.turn.letter, str(choice.call), rule, base,
                                  tuple(tried)))
        auction.push(choice.call)
    return tuple(decisions)


@dataclass
class AlternativeSum:
    """What one alternative to one rule saved over every firing of the rule."""

    rule: str
    label: str
    savings: list[int] = field(default_factory=list)
    examples: list[tuple[int, Decision, Alternative]] = field(default_factory=list)

    @property
    def firings(self) -> int:
        return len(self.savings)

    @property
    def saved(self) -> int:
        return sum(self.savings)

    @property
    def standard_error(self) -> float:
        """Of the sum: the savings' spread times the square root of the firings."""
        n = len(self.savings)
        if n < 2:
            return 0.0
        mean = self.saved / n
        variance = sum((s - mean) ** 2 for s in self.savings) / (n - 1)
        return math.sqrt(variance * n)

    @property
    def better(self) -> int:
        return sum(1 for s in self.savings if s > 0)

    @property
    def worse(self) -> int:
        return sum(1 for s in self.savings if s < 0)


@dataclass
class SecondGuess:
    """A run: the decisions of every board, in board order."""

    system: str
    boards: int
    decisions: list[Decision]
    seconds: float
    origin: str = ""

    def sums(self, rule_filter: str = "") -> list[AlternativeSum]:
        """(rule, alternative) sums, largest saving first; `rule_filter` keeps the rules
        whose `file:line` (or situation) contains it."""
        table: dict[tuple[str, str], AlternativeSum] = {}
        for decision in self.decisions:
            if rule_filter not in decision.rule:
                continue
            for alternative in decision.alternatives:
                key = (decision.rule, alternative.label)
                found = table.get(key)
                if found is None:
                    found = table[key] = AlternativeSum(*key)
                found.savings.append(alternative.saved)
                if alternative.saved:
                    found.examples.append((alternative.saved, decision, alternative))
        return sorted(table.values(), key=lambda s: (-s.saved, s.rule, s.label))


def second_guess(boards: Sequence[Board], system: BiddingSystem, jobs: int = 1,
                 progress: Callable[[int, int], None] | None = None,
                 runner: Runner | None = None) -> SecondGuess:
    """Second-guess every call of every board (on `jobs` local processes unless a `runner`
    is given)."""
    started = time.perf_counter()

    def task(board: Board) -> tuple[Decision, ...]:
        return second_guess_board(board, system)

    decisions = [decision for found in local_or(runner, jobs)(task, boards, progress=progress)
                 for decision in found]
    return SecondGuess(system.name, len(boards), decisions, time.perf_counter() - started)


def second_guess_text(run: SecondGuess, top: int | None = 30, least_firings: int = 10,
                      rule_filter: str = "", examples: int = 3,
                      examples_for: int | None = None) -> str:
    """The `top` (rule, alternative) pairs by IMPs saved (None: all) among those fired
    `least_firings` times or more, each with its standard error; then the largest `examples`
    either way of the first `examples_for` pairs (default: every pair listed)."""
    sums = [s for s in run.sums(rule_filter) if s.firings >= least_firings][:top]
    lines = [f"Second-guessing {run.system}: {run.boards} boards from "
             f"{run.origin or 'generated deals'}, {len(run.decisions)} calls, each against its "
             f"natural alternatives, double dummy ({run.seconds:.1f} s)",
             f"IMPs against par saved by the alternative over every firing of the rule "
             f"(positive: the alternative was closer to par); rules fired {least_firings} times "
             f"or more" + (f", matching {rule_filter!r}" if rule_filter else ""), "",
             f"  {'saved':>6} {'s.e.':>5} {'fired':>6} {'better':>6} {'worse':>6}  "
             f"{'alternative':<12} rule"]
    for found in sums:
        lines.append(f"  {found.saved:>+6d} {found.standard_error:>5.0f} {found.firings:>6} "
                     f"{found.better:>6} {found.worse:>6}  {found.label:<12} {found.rule}")
    if not sums:
        lines.append("  (no rule fired often enough)")
    for found in sums[:examples_for] if examples else ():
        lines += ["", f"{found.label} instead of {found.rule} ({found.saved:+d}):"]
        shown = sorted(found.examples, key=lambda e: (-abs(e[0]), e[1].board))[:examples]
        for saved, decision, alternative in shown:
            where = f"board {decision.board}, " if decision.board else ""
            lines.append(f"  {saved:+d}: {where}{decision.deal}")
            lines.append(f"      after {decision.history or '(no calls)'}: {decision.seat} bid "
                         f"{decision.call}; {alternative.call} instead reaches "
                         f"{alternative.contract}")
    return "\n".join(lines)


def write_second_guess(run: SecondGuess, directory: Path | str, **text_options) -> None:
    """The SECOND_GUESS_FILES in `directory`: the report, and every decision as JSON Lines."""
    folder = Path(directory)
    atomic_write(folder / "report.txt",
                 (second_guess_text(run, **text_options) + "\n").encode("utf-8"))
    records = "".join(json.dumps(asdict(decision)) + "\n" for decision in run.decisions)
    atomic_write(folder / "decisions.jsonl", records.encode("utf-8"))
