"""What each call of an auction showed, from the same rule sets the robots bid with.

For every player the ranges shown so far are kept (HCP, points and length per suit, balanced,
stoppers, aces and kings, the suits shown, passed hand), so later rules can use them
("partner showed 15-17") and humans can ask "what does 2D mean?". A call's promise is the
union over all rules that make it; each call narrows what its player showed before, and
denies the earlier rules of its rule set where that is a range (bidding.engine.inference).
"""
from __future__ import annotations

from typing import NamedTuple

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Seat
from bidding.engine.constraints import Promise
from bidding.engine.handfacts import UNKNOWN_HCP, UNKNOWN_LENGTH
from bidding.engine.inference import (ACES, BALANCED, HCP, KINGS, LENGTH, POINTS, STOPPER,
                                      SUPPORT, UNKNOWN_PICTURE, Term, deny, intersected, term_text)
from bidding.engine.rules import Rule


class Shown(NamedTuple):
    """What one player has shown so far (a tuple: thousands are made per second): HCP,
    points and length ranges, balanced or not, stoppers shown or denied, aces and kings,
    with what his calls denied by priority folded in (bidding.engine.inference)."""

    hcp: tuple[int, int] = UNKNOWN_HCP
    lengths: tuple[tuple[int, int], ...] = (UNKNOWN_LENGTH,) * 4
    suits: tuple[int, ...] = ()                 # in the order shown
    bid_levels: tuple[int, ...] = (0,) * 5      # last level bid in each strain
    passed: bool = False                        # passed before anyone bid
    points: tuple[int, int] = UNKNOWN_PICTURE[POINTS]
    balanced: bool | None = None                # None: not shown either way
    stoppers: tuple[bool | None, ...] = (None,) * 4     # by suit: shown, denied or unknown
    aces: tuple[int, int] = UNKNOWN_PICTURE[ACES]
    kings: tuple[int, int] = UNKNOWN_PICTURE[KINGS]
    support: tuple[int, int] = UNKNOWN_PICTURE[SUPPORT]     # for the suit he raised

    @property
    def picture(self) -> tuple[tuple[int, int], ...]:
        """The ranges as one flat tuple, indexed as in bidding.engine.inference."""
        return (self.hcp, self.points) + tuple(self.lengths) + (_FLAG_RANGE[self.balanced],) \
            + tuple([_FLAG_RANGE[s] for s in self.stoppers]) + (self.aces, self.kings,
                                                                  self.support)

    def _with_picture(self, dims) -> "Shown":
        return self._replace(hcp=dims[HCP], points=dims[POINTS],
                             lengths=tuple(dims[LENGTH:LENGTH + 4]),
                             balanced=_RANGE_FLAG[dims[BALANCED]],
                             stoppers=tuple([_RANGE_FLAG[d] for d in dims[STOPPER:STOPPER + 4]]),
                             aces=dims[ACES], kings=dims[KINGS], support=dims[SUPPORT])

    def after(self, call: Call, promise: Promise | None, suits: tuple[int, ...],
              passed: bool) -> "Shown":
        """What the player has shown once `call` is made with this promise and suits;
        each range intersects the old one, and where they contradict the newer call wins."""
        shown = self
        if promise is not None and not promise.is_trivial:
            shown = self._with_picture(intersected(self.picture, promise.terms))
        levels = self.bid_levels
        if call.is_bid:
            levels = levels[:call.strain] + (call.level,) + levels[call.strain + 1:]
        return shown._replace(suits=self.suits + suits if suits else self.suits,
                              bid_levels=levels, passed=self.passed or passed)

    def denying(self, rules: list[tuple[Call, tuple[Term, ...]]]
                ) -> tuple["Shown", tuple[str, ...]]:
        """What the player has shown once the hand did not fit these earlier rules (the
        terms of one exact hand type each), and the denials in words: "at most 3 hearts
        (not 2H)"."""
        picture, found = deny(self.picture, rules)
        if not found:
            return self, ()
        return self._with_picture(picture), tuple(
            [f"{term_text(term)} (not {call})" for call, term in found])

    def text(self) -> str:
        """'15-17 HCP, balanced, 4-5 spades, 2-3 hearts, stopper in clubs', or 'nothing
        shown'."""
        picture = self.picture
        implied_points = (self.hcp[0], UNKNOWN_PICTURE[POINTS][1])   # points >= HCP
        parts = [term_text((dim,) + picture[dim]) for dim in _TEXT_ORDER
                 if picture[dim] != UNKNOWN_PICTURE[dim]
                 and not (dim in (POINTS, SUPPORT) and picture[dim] == implied_points)]
        return ", ".join(parts) or "nothing shown"


_TEXT_ORDER = (HCP, POINTS, SUPPORT, BALANCED) + tuple(range(LENGTH + 3, LENGTH - 1, -1)) + \
    tuple(range(STOPPER, STOPPER + 4)) + (ACES, KINGS)
_FLAG_RANGE = {None: (0, 1), True: (1, 1), False: (0, 0)}
_RANGE_FLAG = {(0, 1): None, (1, 1): True, (0, 0): False}


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
    denials: tuple[str, ...] = ()   # what the call denied by priority: "at most 3 hearts (not 2H)"

    @property
    def forcing_text(self) -> str:
        """'forcing pass', 'forcing to game', 'forcing' (one round), or ''."""
        if self.forcing_pass:
            return "forcing pass"
        return {"game": "forcing to game", "yes": "forcing"}.get(self.forcing, "")

    def __str__(self) -> str:
        alert = " (alert)" if self.alert else ""
        denials = f"; {', '.join(self.denials)}" if self.denials else ""
        forcing = f"; {self.forcing_text}" if self.forcing != "no" else ""
        return f"{self.seat.letter} {self.call}{alert}: {self.text}{denials}{forcing}"


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
