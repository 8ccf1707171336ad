"""Deals consistent with an auction: deals on which the robots make the given calls.

What each player's calls showed (explain's pictures: HCP and suit length ranges) becomes a
dealer condition that sifts the dealing cheaply; each deal that passes is then bid by the
robots, call by call, and kept only if they make exactly the given calls. The pictures only
speed the search up: the bidding decides. The same search answers "what could partner
hold?" at a player's turn, with that player's hand predealt and only partner's calls bid.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from dealer import counted_deals, range_condition
from bidding.engine.explain import Shown, shown_by_seat
from bidding.engine.handfacts import MAX_HCP
from bidding.engine.robot import Robot
from bidding.engine.system import BiddingSystem
from bidding.model.auction import Auction
from bidding.model.calls import PASS, Call
from bidding.model.cards import SUIT_NAMES, Deal, Hand, Seat
from bidding.model.errors import BridgeError

SAMPLE_HANDS = 5
"""How many hands "what could partner hold?" shows."""


class AuctionNotFound(BridgeError):
    """The robots cannot be made to bid an auction: no rule makes one of its calls, or no
    deal within the budget had them make it."""


@dataclass(frozen=True)
class Budget:
    """How far a search goes before it gives up: deals dealt (cheap, sifted by the pictures)
    and deals bid by the robots (dearer). Counts, not seconds, so a seed repeats its answer."""

    dealt: int = 1_000_000
    bid: int = 100_000


@dataclass(frozen=True)
class Found:
    """The deals kept, and what it took: deals dealt, deals bid by the robots, seconds."""

    deals: tuple[Deal, ...]
    dealt: int
    bid: int
    seconds: float
    condition: str

    def summary(self) -> str:
        """'3 deals kept of 312 dealt (41 bid by the robots) in 0.02 s'."""
        kept = len(self.deals)
        return (f"{kept} deal{'s' if kept != 1 else ''} kept of {self.dealt:,} dealt "
                f"({self.bid:,} bid by the robots) in {self.seconds:.2f} s")


@dataclass(frozen=True)
class PartnerPicture:
    """What partner has shown by the auction so far, and hands partner could hold; `note`
    says why there are fewer hands than asked for (empty when there are enough)."""

    partner: Seat
    shown: Shown
    hands: tuple[Hand, ...]
    found: Found
    note: str = ""


# --- the pictures as a dealer condition ------------------------------------------------------
def picture_condition(pictures: Mapping[Seat, Shown]) -> str:
    """The HCP and suit length ranges the players showed, in dealer's language:
    `hcp(north) >= 15 and hcp(north) <= 17 and spades(south) >= 4`; `1` when nothing is
    shown."""
    terms = []
    for seat, shown in pictures.items():
        name = seat.name.lower()
        terms += range_condition(f"hcp({name})", shown.hcp, MAX_HCP)
        for suit in (3, 2, 1, 0):
            terms += range_condition(f"{SUIT_NAMES[suit]}({name})", shown.lengths[suit], 13)
    return " and ".join(terms) or "1"


# --- bidding a deal against the auction ------------------------------------------------------
class _Check:
    """The robots of the seats whose calls are checked, bidding a deal call by call."""

    def __init__(self, auction: Auction, systems: tuple[BiddingSystem | None, ...],
                 seats: Iterable[Seat]) -> None:
        self.auction = auction
        self.robots = {seat: Robot(systems[seat % 2], opponents=systems[1 - seat % 2])
                       for seat in seats if systems[seat % 2] is not None}

    def first_difference(self, deal: Deal) -> tuple[int, Call] | None:
        """The first call a robot would not make on this deal, with the call it would make
        instead; None when the robots make every call checked."""
        trial = Auction(self.auction.dealer, vulnerability=self.auction.vulnerability)
        for index, call in enumerate(self.auction.calls):
            robot = self.robots.get(trial.turn)
            if robot is not None:
                made = robot.choose(deal[trial.turn], trial).call
                if made is not call:
                    return index, made
            trial.push(call)
        return None

    def never_made(self) -> str | None:
        """Why the robots can never make one of the calls, if no rule makes it: a bid, double
        or redouble with no legal rule for it where partner has not forced (a forced robot
        may bid naturally, and a pass is what a robot makes when nothing fits)."""
        trial = Auction(self.auction.dealer, vulnerability=self.auction.vulnerability)
        for call in self.auction.calls:
            robot = self.robots.get(trial.turn)
            if robot is not None and call is not PASS:
                ruleset = robot.system.ruleset(trial, robot.opponents)
                makes = [rule for rule, illegal in zip(ruleset.rules, ruleset.illegal)
                         if rule.call is call and illegal is None]
                if not makes and not ruleset.forced:
                    return (f"{robot.system.name} never bids {call} {_where(trial)}: "
                            f"no rule of the system makes it there")
            trial.push(call)
        return None


def _where(auction: Auction) -> str:
    """'as North's first call' or "for West after 1NT P P"."""
    seat = auction.turn.name.title()
    if not auction.calls:
        return f"as {seat}'s first call (dealer)"
    return f"for {seat} after {auction.history_text()}"


def _search(check: _Check, condition: str, n: int, seed: int | None, budget: Budget,
            predeal: Mapping[Seat, Hand] | None = None) -> tuple[Found, Counter, int]:
    """Deal, sift by `condition`, bid; stop at `n` kept or at the budget. Also returns what
    the robots called instead at the furthest call any deal failed on, and its index."""
    started = time.perf_counter()
    kept: list[Deal] = []
    dealt = bid = 0
    furthest, instead = -1, Counter()
    for deal, dealt in counted_deals(condition, seed, predeal=predeal, limit=budget.dealt):
        if bid >= budget.bid:
            break
        bid += 1
        difference = check.first_difference(deal)
        if difference is None:
            kept.append(deal)
            if len(kept) >= n:
                break
            continue
        index, made = difference
        if index > furthest:
            furthest, instead = index, Counter()
        if index == furthest:
            instead[made] += 1
    else:
        dealt = budget.dealt
    found = Found(tuple(kept), dealt, bid, time.perf_counter() - started, condition)
    return found, instead, furthest


def _not_found(check: _Check, found: Found, instead: Counter, furthest: int,
               budget: Budget) -> str:
    """Why a search found nothing: which call the robots never made, and what they made."""
    spent = (f"no deal found in {found.dealt:,} dealt ({found.bid:,} bid by the robots"
             f"{', the limit' if found.bid >= budget.bid else ''})")
    if furthest < 0:
        return f"{spent}: none met what the calls showed ({found.condition})"
    before = Auction(check.auction.dealer, check.auction.calls[:furthest],
                     check.auction.vulnerability)
    call = check.auction.calls[furthest]
    made = ", ".join(f"{other} ({count:,} times)" for other, count in instead.most_common(3))
    return (f"{spent}: the first call that failed was {call} {_where(before)} "
            f"(call {furthest + 1}); the robots called {made} there instead")


# --- the two questions -----------------------------------------------------------------------
def deals_for_auction(auction: Auction, north_south: BiddingSystem,
                      east_west: BiddingSystem | None = None, n: int = 1,
                      seed: int | None = None, condition: str | None = None,
                      budget: Budget = Budget()) -> Found:
    """`n` deals on which four robots (east-west playing `east_west`, by default the same
    system) make exactly the calls of `auction` first, on its dealer and vulnerability.
    `condition` (dealer's language) narrows the deals further. Raises AuctionNotFound when a
    call is never made or nothing is found in the budget; fewer than `n` deals may come back
    when the budget ran out after the first."""
    systems = (north_south, east_west or north_south)
    check = _Check(auction, systems, Seat)
    impossible = check.never_made()
    if impossible:
        raise AuctionNotFound(impossible)
    pictures = picture_condition(shown_by_seat(auction, *systems))
    if condition:
        pictures = f"({condition}) and {pictures}"
    found, instead, furthest = _search(check, pictures, n, seed, budget)
    if not found.deals:
        raise AuctionNotFound(_not_found(check, found, instead, furthest, budget))
    return found


def partner_hands(auction: Auction, seat: Seat, hand: Hand,
                  systems: tuple[BiddingSystem | None, BiddingSystem | None],
                  n: int = SAMPLE_HANDS, seed: int | None = None,
                  budget: Budget = Budget(dealt=200_000, bid=20_000)) -> PartnerPicture:
    """What `seat`'s partner has shown in `auction`, and up to `n` hands partner could hold:
    deals with `seat`'s hand as given, meeting what the other three showed, on which a robot
    of partner's side (`systems`: north-south's, east-west's; None plays natural, unchecked)
    makes partner's calls so far."""
    partner = seat.partner
    pictures = shown_by_seat(auction, *systems) if any(systems) else {s: Shown() for s in Seat}
    condition = picture_condition({other: pictures[other] for other in Seat if other != seat})
    check = _Check(auction, systems, (partner,))
    impossible = check.never_made()
    if impossible:
        return PartnerPicture(partner, pictures[partner], (), Found((), 0, 0, 0.0, condition),
                              f"no sample hands: {impossible}")
    found, instead, furthest = _search(check, condition, n, seed, budget, predeal={seat: hand})
    note = ""
    if not found.deals:
        note = _not_found(check, found, instead, furthest, budget)
    elif len(found.deals) < n:
        note = f"only {len(found.deals)} of {n} hands found in {found.dealt:,} dealt"
    return PartnerPicture(partner, pictures[partner],
                          tuple(deal[partner] for deal in found.deals), found, note)
