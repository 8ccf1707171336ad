"""Properties of SAYC's agreements that one line of an agreement file
(tests/data/agreements/, run by test_agreement_files.py) cannot state: what must hold for every
hand (responder answers one of a suit with 6+ HCP, sayc.md 3-4; almost every call has a rule),
calls a hand must NOT make, and the SAYC-booklet variant's natural defence to 1NT."""
from __future__ import annotations

import numpy as np
import pytest

from bidding.model.auction import Auction
from bidding.model.calls import PASS
from bidding.model.cards import Hand, Seat, random_deal
from bidding.engine.library import ConventionLibrary
from bidding.engine.handfacts import facts_of
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from tests.robots import bid


@pytest.mark.parametrize("opening", ["1C", "1D", "1H", "1S"])
def test_responder_answers_one_of_a_suit_with_six_points(robot, opening):
    rng = np.random.default_rng(11)
    auction = Auction(Seat.NORTH, [opening, "P"])
    passes = []
    for _ in range(1500):
        hand = random_deal(rng)[Seat.SOUTH]
        if facts_of(hand).hcp >= 6 and robot.choose(hand, auction).call is PASS:
            passes.append(str(hand))
    assert not passes, passes[:5]


def test_a_jump_shift_outside_the_system_is_still_forcing(robot):
    """1C-1D-1S-3H has no rule, but a jump in a new suit by an unpassed responder is natural
    and game forcing: opener never passes it."""
    auction = Auction(Seat.NORTH, "1C P 1D P 1S P 3H P".split())
    choice = robot.choose(Hand.parse("Q876.5.J7.AQJ754"), auction)
    assert choice.ruleset.forced
    assert choice.call is not PASS


@pytest.mark.parametrize("hand, calls, expected", [
    ("KQ93.A4.AQ5.KJ32", "1NT", "X"),           # penalty double, 15+
    ("AQJ764.3.K97.Q52", "1NT", "2S"),          # natural, not Cappelletti's 2C
    ("T52.T5.AKQJT83.4", "1NT", "3D"),          # preempt
    ("Q43.KJ5.AQ82.AJ3", "1NT 2S P", "4S"),     # game opposite a natural overcall
    ("Q43.KJ5.AQ82.K43", "1NT 2S P", "3S"),     # invitation
    ("Q43.KJ5.Q982.J43", "1NT 2S P", "P"),
])
def test_booklet_defence_to_1nt(hand, calls, expected):
    """SAYC-booklet swaps Cappelletti for the booklet's natural defence (sayc.md 14)."""
    system = system_named(ConventionLibrary(), "SAYC-booklet")
    assert bid(Robot(system, opponents=system), hand, calls) == expected


def test_almost_every_call_on_random_deals_has_a_rule(robot):
    """The defenders' pass and the fallback's pass make passes agreements too: on random
    deals fewer than 2% of SAYC's calls are made without a rule (the rest are forced
    cheapest natural calls and rare holes)."""
    rng = np.random.default_rng(5)
    calls = without_rule = 0
    for _ in range(300):
        deal = random_deal(rng)
        auction = Auction(Seat(int(rng.integers(4))))
        while not auction.is_over:
            choice = robot.choose(deal[auction.turn], auction)
            calls += 1
            without_rule += choice.rule is None
            auction.push(choice.call)
    assert without_rule < 0.02 * calls, (without_rule, calls)


def test_answers_to_an_invitation_bid_no_3nt_with_a_singleton_in_an_unbid_suit(robot):
    """1D-1H-1S-3H (six hearts, invitational): opener with a singleton club and a singleton
    heart has no notrump game, whatever his values."""
    assert bid(robot, "AQ85.6.AKJ9632.5", "1D P 1H P 1S P 3H P") != "3NT"


def test_the_jump_rebid_over_a_two_over_one_is_not_passed(robot):
    """16-18 opposite 10+ is game: responder with a minimum two-over-one does not pass."""
    assert bid(robot, "7.KJ64.AQ953.Q42", "1S P 2D P 3S P") != "P"


@pytest.mark.parametrize("hand, history", [
    # Four cards in the unbid major: no minor two-suiter.
    ("5.KJ32.KQ85.QJ76", "1S P 2S P P"),
    # 1C-1H-2H: they have shown two suits, so this is not their fit alone.
    ("5.K32.KQ854.QJ76", "1C P 1H P 2H P P"),
])
def test_no_balancing_two_notrump_for_the_minors(robot, hand, history):
    assert bid(robot, hand, history) != "2NT"


@pytest.mark.parametrize("hand, calls", [
    ("K85.QJ4.K973.Q84", "1C P P 1NT P 2NT P"),
    ("K85.QJ43.K97.Q84", "1C P P 1NT P 2C P 2H P 3H P"),
    ("K85.QJ4.K973.Q84", "1C P P 1NT P 2C P 2D P 2NT P"),
])
def test_the_balancing_1nt_declines_an_invitation_by_agreement(robot, hand, calls):
    """The balancing 1NT (10-15) accepts advancer's invitation with 13+; with less the pass
    is an agreement (a decline), not a pass for want of one."""
    choice = robot.choose(Hand.parse(hand), Auction(Seat.NORTH, calls.split()))
    assert choice.call is PASS and choice.rule is not None
