"""Uncontested SAYC agreements checked on hands written for them (not taken from the shared
cases), and properties that must hold for every hand: responder answers one of a suit with
6+ HCP (sayc.md 3-4: pass is 0-5)."""
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


@pytest.mark.parametrize("hand, calls, expected", [
    # 3H/3S over 1NT: six-card major, slam interest, game forcing (sayc.md 7.1).
    ("7.AKJ962.K84.QJ3", "1NT P", "3H"),
    ("AQJ984.K3.Q72.K5", "1NT P", "3S"),
    # ...a weaker six-card major transfers.
    ("7.KJ9862.K84.J53", "1NT P", "2D"),
    # Eleven trumps between us: five of partner's minor preempt with four-card support.
    ("A.9832.QT96.KJ74", "3C P", "5C"),
    ("A.98532.QT9.KJ74", "3D P", "4D"),
    # Jump shift in the higher of two five-card suits (five-five, higher first).
    ("9.AKQT4.AKJ86.K9", "1S P", "3H"),
    # Responder with game values and nothing natural still answers one of a minor.
    ("AQ5.T98.5.AKJ973", "1C P", "1D"),
    ("Q63.AK6.QJT43.AQ", "1D P", "2C"),
    # After a two-over-one a new suit is forcing, but a reverse still shows extras.
    ("7.KJ84.AQJ95.Q32", "1D P 2C P", "2D"),
    ("7.AKJ4.AQJ95.K32", "1D P 2C P", "2H"),
    ("7.AQJ95.Q32.KJ84", "1H P 2D P", "3C"),
    # Four-card support for opener's second suit: raise it rather than the fourth suit.
    ("A95.QJT2.KQJ96.5", "1C P 1D P 1H P", "4H"),
    # Invitational, no stopper in the fourth suit and no fit: the fourth suit, one round...
    ("AJT75.732.Q8.KT2", "1D P 1S P 2C P", "2H"),
    # ...then only an invitation opposite three-card support, game with 13+.
    ("AJT75.732.Q8.KT2", "1D P 1S P 2C P 2H P 2S P", "3S"),
    ("AQJ72.Q8.K97.J73", "1D P 1S P 2C P 2H P 2S P", "4S"),
    # Off the system's tree, with game values: game in a six-card major.
    ("K72.KQJT54.Q7.A7", "P 1D P 1H P 1S 2NT", "4H"),
    # Opener after a raise over their takeout double: game with a strong or shapely hand.
    ("AKQT2.Q76.KJ43.A", "1S X 3S P", "4S"),
    ("AQ7642.KQ3.J3.K4", "1S X 3S P", "P"),
    ("AKQT2.Q76.K543.5", "1S X 2S P", "4S"),
    ("AQ762.Q76.K54.Q5", "1S X 2S P", "P"),
    ("AQ762.Q76.K54.K5", "1S X 2S P", "3S"),
])
def test_agreement(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


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


def test_sayc_plays_cappelletti(robot):
    """The SAYC system keeps the optional Cappelletti: 2C shows a one-suiter."""
    assert bid(robot, "AQJ764.3.K97.Q52", "1NT") == "2C"


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
