"""What each call of an auction showed, from the same rule sets the robots bid with.

For every player the ranges shown so far are kept (HCP and length per suit, the suits shown,
passed hand), so later rules can use them ("partner showed 15-17") and humans can ask
"what does 2D mean?". A call's promise is the union over all rules that make it; each call
narrows what its player showed before.
"""
from __future__ import annotations

from typing import NamedTuple

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Seat
from bidding.engine.constraints import Promise, range_text
from bidding.engine.handfacts import MAX_HCP, UNKNOWN_HCP, UNKNOWN_LENGTH
from bidding.model.cards import SUIT_NAMES
from bidding.engine.rules import Rule


class Shown(NamedTuple):
    """What one player has shown so far (a tuple: thousands are made per second)."""

    hcp: tuple[int, int] = UNKNOWN_HCP
    lengths: tuple[tuple[int, int], ...] = (UNKNOWN_LENGTH,) * 4
    suits: tuple[int, ...] = ()                 # in the order shown
    bid_levels: tuple[int, ...] = (0,) * 5      # last level bid in each strain
    passed: bool = False                        # passed before anyone bid

    def after(self, call: Call, promise: Promise | None, suits: tuple[int, ...],
              passed: bool) -> "Shown":
        """What the player has shown once `call` is made with this promise and suits;
        each range intersects the old one, and where they contradict the newer call wins."""
        hcp, lengths = self.hcp, self.lengths
        if promise is not None and not promise.is_trivial:
            hcp = _intersect(hcp, promise.hcp)
            lengths = tuple([_intersect(old, new)
                             for old, new in zip(lengths, promise.lengths)])
        levels = self.bid_levels
        if call.is_bid:
            levels = levels[:call.strain] + (call.level,) + levels[call.strain + 1:]
        return Shown(hcp, lengths, self.suits + suits if suits else self.suits, levels,
                     self.passed or passed)

    def text(self) -> str:
        """'15-17 HCP, 2-4 spades, 4+ hearts', or 'nothing shown'."""
        parts = []
        if self.hcp != UNKNOWN_HCP:
            parts.append(range_text(self.hcp[0] or None,
                                    self.hcp[1] if self.hcp[1] < MAX_HCP else None, "HCP"))
        for suit in (3, 2, 1, 0):
            low, high = self.lengths[suit]
            if (low, high) != UNKNOWN_LENGTH:
                parts.append(range_text(low or None, high if high < 13 else None,
                                        SUIT_NAMES[suit]))
        return ", ".join(parts) or "nothing shown"


def _intersect(old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    low, high = max(old[0], new[0]), min(old[1], new[1])
    return new if low > high else (low, high)


class Explanation(NamedTuple):
    """One call of an auction: who made it, the rules it matched, what it showed.

    `status` is `rule` (the system defines it), `no agreement` (a pass the system does not
    define), `off system` (a call outside the system, read as natural), or `natural` (a
    side whose system is unknown).
    """

    index: int
    seat: Seat
    call: Call
    status: str
    text: str
    rules: tuple[Rule, ...]
    alert: bool
    shown: Shown
    forcing: str = "no"             # no, yes (one round) or game: what the call obliges
    forcing_pass: bool = False      # a pass made as a forcing pass

    @property
    def forcing_text(self) -> str:
        """'forcing pass', 'forcing to game', 'forcing' (one round), or ''."""
        if self.forcing_pass:
            return "forcing pass"
        return {"game": "forcing to game", "yes": "forcing"}.get(self.forcing, "")

    def __str__(self) -> str:
        alert = " (alert)" if self.alert else ""
        forcing = f"; {self.forcing_text}" if self.forcing != "no" else ""
        return f"{self.seat.letter} {self.call}{alert}: {self.text}{forcing}"


SAME_SYSTEM = object()
"""Default for `east_west`: both sides play the north-south system."""


def explain(auction: Auction, north_south, east_west=SAME_SYSTEM) -> list[Explanation]:
    """Explain every call of `auction`, each side by its BiddingSystem (None: natural)."""
    if east_west is SAME_SYSTEM:
        east_west = north_south
    dealer_side = north_south if auction.dealer in (Seat.NORTH, Seat.SOUTH) else east_west
    other_side = east_west if dealer_side is north_south else north_south
    system = dealer_side if dealer_side is not None else other_side
    if system is None:
        raise ValueError("explain needs at least one bidding system")
    interpreter = system.interpreter(auction, (dealer_side, other_side))
    return list(interpreter.explanations(tuple(call.index for call in auction.calls),
                                         auction.dealer))


def shown_by_seat(auction: Auction, north_south, east_west=SAME_SYSTEM) -> dict[Seat, Shown]:
    """What each player has shown after the whole auction."""
    shown = {seat: Shown() for seat in Seat}
    for explanation in explain(auction, north_south, east_west):
        shown[explanation.seat] = explanation.shown
    return shown
