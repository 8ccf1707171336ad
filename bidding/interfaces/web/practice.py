"""One browser's practice table: a board, the human's seat, three robots, and what the
human may ask (what a call showed or would show, a hint, undo), kept between requests.

The engine's Table runs the auction as it does at the menu; the human's call comes from the
request (checked for legality before the table is asked), the robots then bid until the
human is to call again or the auction is over.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from bidding.model.auction import Auction
from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.calls import Call
from bidding.model.cards import Deal, Seat, random_deal
from bidding.model.errors import AuctionError, BridgeError
from bidding.model.pbn import PbnBoard, format_pbn, read_pbn
from bidding.engine.explain import Explanation, explain
from bidding.engine.robot import Choice, Robot
from bidding.engine.system import BiddingSystem
from bidding.laboratory.results import BoardResult, TableRun, double_dummy_result
from bidding.laboratory.table import HumanPlayer, RobotPlayer, Table

CONDITION_DEALS_LIMIT = 1_000_000
"""Deals dealt at most for a dealer condition before the form says it is too rare (a
second or so)."""


class FormError(BridgeError):
    """A new-board form the table cannot use: the reason is shown beside the form."""


@dataclass(frozen=True)
class BoardRequest:
    """What the new-board form asked for: where the deal comes from (`random`, `number`,
    `condition` or `pbn`), its text, the board number, the human's seat."""

    source: str
    number: int
    seat: Seat
    condition: str = ""
    pbn: str = ""


def make_board(request: BoardRequest, rng: np.random.Generator) -> Board:
    """The board the form describes; FormError (or the parser's BridgeError) if it cannot be
    made."""
    if request.number < 1:
        raise FormError(f"board number {request.number} must be 1 or more")
    if request.source == "pbn":
        return _pbn_board(request.pbn, request.number)
    if request.source == "condition":
        deal = _condition_deal(request.condition, int(rng.integers(2 ** 31)))
    elif request.source in ("random", "number"):
        deal = random_deal(rng)
    else:
        raise FormError(f"unknown kind of board {request.source!r}")
    return Board.numbered(deal, request.number)


def _pbn_board(text: str, number: int) -> Board:
    """A PBN deal (`N:AKQ...`) on board `number`, or the first game of a PBN file's text
    with its own number, dealer and vulnerability."""
    text = text.strip()
    if not text:
        raise FormError("paste a PBN deal such as N:AKQ2.K3.-.AJ832 ... or a PBN game")
    if "[" not in text:
        return Board.numbered(Deal.parse(text), number)
    games = read_pbn(text, "the pasted PBN")
    if not games:
        raise FormError("the pasted PBN has no game with a deal")
    game = games[0]
    board_number = game.number or number
    return Board(game.deal, board_number,
                 game.dealer if game.dealer is not None else board_dealer(board_number),
                 game.vulnerability if game.vulnerability is not None
                 else board_vulnerability(board_number))


def _condition_deal(condition: str, seed: int) -> Deal:
    from dealer import counted_deals

    if not condition.strip():
        raise FormError('write a dealer condition, e.g. "hcp(south) >= 15"')
    for deal, _ in counted_deals(condition, seed, limit=CONDITION_DEALS_LIMIT, wanted=1):
        return deal
    raise FormError(f"no deal met `{condition}` in {CONDITION_DEALS_LIMIT:,} deals")


@dataclass(frozen=True)
class CallShown:
    """What one call showed, for the page: the engine's text, the player's picture so far,
    denials and forcing, and for a robot's call its reasons."""

    index: int
    seat: str
    call: str
    status: str
    text: str
    picture: str
    denials: tuple[str, ...]
    forcing: str
    alert: bool
    reasons: tuple[str, ...] = ()

    @classmethod
    def of(cls, explanation: Explanation, choice: Choice | None = None) -> "CallShown":
        return cls(explanation.index, explanation.seat.name.title(), explanation.call.symbol(),
                   explanation.status, explanation.text, explanation.shown.text(),
                   explanation.denials, explanation.forcing_text, explanation.alert,
                   () if choice is None else choice.reasons)


class PracticeTable:
    """A board bid by one human (at `seat`) and three robots of `system`."""

    def __init__(self, board: Board, seat: Seat, system: BiddingSystem) -> None:
        self.board = board
        self.seat = seat
        self.system = system
        self.lock = threading.Lock()
        self._pending: Call | None = None
        players = {other: RobotPlayer(system) for other in Seat if other is not seat}
        players[seat] = HumanPlayer(self._answer, "you", attempts=1)
        self.table = Table(players, board.deal, board.dealer, board.vulnerability)
        self._result: BoardResult | None = None
        self.robots_bid()

    @property
    def auction(self) -> Auction:
        return self.table.auction

    @property
    def humans_turn(self) -> bool:
        return not self.auction.is_over and self.auction.turn is self.seat

    @property
    def robots_since(self) -> int:
        """Index of the first call after the human's last (0 before the human's first):
        the robots' calls the browser shows one by one."""
        auction = self.auction
        for index in range(len(auction) - 1, -1, -1):
            if auction.seat_of(index) is self.seat:
                return index + 1
        return 0

    def _answer(self, seat, hand, auction, problem) -> Call:
        return self._pending

    def robots_bid(self) -> None:
        """Robots call until the human is to act or the auction is over."""
        while not self.auction.is_over and self.auction.turn is not self.seat:
            self.table.step()

    def call(self, text: str) -> None:
        """The human's call (`1H`, `P`, `X`...); AuctionError, changing nothing, if it is
        unreadable, illegal, or not the human's turn."""
        if not self.humans_turn:
            raise AuctionError("it is not your turn to call" if not self.auction.is_over
                               else "the auction is over")
        call = Call.parse(text)
        reason = self.auction.why_illegal(call)
        if reason is not None:
            raise AuctionError(f"{call} is not allowed now: {reason}")
        self._pending = call
        self.table.step()
        self.robots_bid()

    def undo(self) -> None:
        """Take back the human's last call and the robots' after it."""
        auction = self.auction
        if not any(auction.seat_of(index) is self.seat for index in range(len(auction))):
            raise AuctionError("you have made no call yet: nothing to take back")
        while True:
            made_by = auction.seat_of(len(auction) - 1)
            auction.pop()
            self.table.result.calls.pop()
            if made_by is self.seat:
                break
        self._result = None

    def explanations(self, auction: Auction | None = None) -> list[Explanation]:
        return explain(self.auction if auction is None else auction, self.system)

    def shown(self) -> list[CallShown]:
        """What every call so far showed, robots' calls with their reasons."""
        choices = [made.choice for made in self.table.result.calls]
        return [CallShown.of(explanation, choices[explanation.index])
                for explanation in self.explanations()]

    def would_show(self, text: str) -> CallShown:
        """What the human's call `text` would show if made now."""
        if not self.humans_turn:
            raise AuctionError("it is not your turn to call")
        call = Call.parse(text)
        reason = self.auction.why_illegal(call)
        if reason is not None:
            raise AuctionError(f"{call} is not allowed now: {reason}")
        trial = self.auction.copy()
        trial.push(call)
        return CallShown.of(self.explanations(trial)[-1])

    def hint(self) -> Choice:
        """What a robot of the system would call with the human's hand, and why."""
        if not self.humans_turn:
            raise AuctionError("it is not your turn to call")
        return Robot(self.system, opponents=self.system).choose(self.board.deal[self.seat],
                                                               self.auction)

    def result(self) -> BoardResult:
        """The finished board scored double dummy, with par (worked out once)."""
        if not self.auction.is_over:
            raise AuctionError("the auction is not over yet")
        if self._result is None:
            self._result = double_dummy_result(self.board, (TableRun.of(self.table),))
        return self._result

    def pbn(self) -> str:
        """The board as a PBN file: the auction so far, with what each call showed, and the
        contract once the auction is over."""
        explanations = self.explanations()
        over = self.auction.is_over
        contract = self.auction.contract if over else None
        players = {seat.name.title(): "you" if seat is self.seat else self.system.name
                   for seat in Seat}
        return format_pbn([PbnBoard.of(
            self.board, auction=self.auction.copy(), auction_complete=over, contract=contract,
            passed_out=over and contract is None,
            notes={e.index: e.text for e in explanations if e.rules}, tags=players)])
