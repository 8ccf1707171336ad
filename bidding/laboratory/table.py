"""One auction at a table: four players, robots and humans, calling in turn.

Robots bid with their system and read the opponents' calls with the other side's system
(the first robot of that side), as they would from alerts and explanations at a real table.
Humans are reached through a callback that is asked again, with the reason, after an
illegal or unreadable call.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from bidding.model.auction import Auction, Contract
from bidding.model.calls import Call
from bidding.model.cards import Deal, Hand, Seat, Vulnerability
from bidding.model.errors import AuctionError, BridgeError
from bidding.engine.explain import Explanation, explain
from bidding.engine.robot import Choice, Robot
from bidding.engine.system import BiddingSystem

AskHuman = Callable[[Seat, Hand, Auction, "str | None"], "Call | str"]
"""A human's turn: (seat, hand, auction so far, why the last answer was refused) -> call."""


class RobotPlayer:
    """A seat taken by a robot bidding `system`."""

    def __init__(self, system: BiddingSystem, name: str | None = None) -> None:
        self.system = system
        self.name = name or f"robot ({system.name})"


class HumanPlayer:
    """A seat taken by a person; `ask` is called until it gives a legal call."""

    def __init__(self, ask: AskHuman, name: str = "human", attempts: int = 20) -> None:
        self.ask = ask
        self.name = name
        self.attempts = attempts

    def call(self, seat: Seat, hand: Hand, auction: Auction) -> Call:
        problem = None
        for _ in range(self.attempts):
            answer = self.ask(seat, hand, auction, problem)
            try:
                call = answer if isinstance(answer, Call) else Call.parse(answer)
            except BridgeError as error:
                problem = str(error)
                continue
            problem = auction.why_illegal(call)
            if problem is None:
                return call
            problem = f"{call} is illegal: {problem}"
        raise AuctionError(f"{self.name} at {seat.name.lower()} gave no legal call in "
                           f"{self.attempts} tries (last: {problem})")


Player = RobotPlayer | HumanPlayer


@dataclass(frozen=True)
class TableCall:
    """One call made at the table; `choice` holds a robot's rule and reasons."""

    seat: Seat
    call: Call
    player: str
    choice: Choice | None = None


@dataclass
class TableResult:
    auction: Auction
    calls: list[TableCall] = field(default_factory=list)

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract


_SEATS = frozenset(Seat)
_PARTNERSHIPS = tuple((seat, seat.partner, seat.lho) for seat in Seat)
"""Each seat with its partner and left-hand opponent, worked out once: a simulation sets up
a table for every board."""


class Table:
    """Four players and a deal; `play()` runs the auction to its end."""

    def __init__(self, players: Mapping[Seat, Player] | Sequence[Player], deal: Deal,
                 dealer: Seat = Seat.NORTH, vulnerability: Vulnerability = Vulnerability.NONE,
                 on_call: Callable[[TableCall], None] | None = None) -> None:
        seated = dict(players) if isinstance(players, Mapping) else dict(zip(Seat, players))
        if not seated.keys() >= _SEATS:
            missing = [seat.name.lower() for seat in Seat if seat not in seated]
            raise AuctionError(f"a table needs four players; nobody sits {', '.join(missing)}")
        self.players = seated
        self.deal = deal
        self.auction = Auction(dealer, vulnerability=vulnerability)
        self.on_call = on_call
        self.result = TableResult(self.auction)
        systems = {seat: player.system for seat, player in seated.items()
                   if isinstance(player, RobotPlayer)}
        self._sides = {seat: systems.get(seat, systems.get(partner))
                       for seat, partner, _ in _PARTNERSHIPS}
        self._robots = {seat: Robot(systems[seat], opponents=self._sides[lho])
                        for seat, _, lho in _PARTNERSHIPS if seat in systems}

    def side_system(self, seat: Seat) -> BiddingSystem | None:
        """The system `seat`'s side plays: its first robot's (`seat`'s own, else its
        partner's), None for two humans."""
        return self._sides[seat]

    def step(self) -> TableCall:
        """Let the player to act make one call."""
        if self.auction.is_over:
            raise AuctionError("the auction is over")
        seat = self.auction.turn
        player = self.players[seat]
        hand = self.deal[seat]
        if isinstance(player, RobotPlayer):
            choice = self._robots[seat].choose(hand, self.auction)
            made = TableCall(seat, choice.call, player.name, choice)
        else:
            made = TableCall(seat, player.call(seat, hand, self.auction.copy()), player.name)
        self.auction.push(made.call)
        self.result.calls.append(made)
        if self.on_call is not None:
            self.on_call(made)
        return made

    def play(self) -> TableResult:
        while not self.auction.is_over:
            self.step()
        return self.result

    def explain(self) -> list[Explanation]:
        """What each call showed, each side by its own system (natural for humans)."""
        north_south, east_west = self.side_system(Seat.NORTH), self.side_system(Seat.EAST)
        if north_south is None and east_west is None:
            return []
        return explain(self.auction, north_south, east_west)
