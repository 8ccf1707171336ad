"""SAYC when they opened (sayc.md sections 10, 11, 13): the defence to three- and four-level
preempts, advancing a double of a preempt by combined values, the balancing double's advances
and the balancer's strong rebids, and advancing a two-suiter over their bid. The hands follow
from each agreement, one per call; North deals."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # 3NT to play over a three-level preempt: 16-21 with their suit stopped, before the double.
    ("3H", "AJ4.KQ5.KJ93.AJ2", "3NT"),
    # In the pass-out seat a point lighter: 15 balanced, their spades stopped.
    ("3S P P", "K52.KJ5.Q964.AQ3", "3NT"),
    # Takeout double of four of a minor: 15+ points (13 HCP, a void, a six-card side suit).
    ("4D", "Q97.KJ83..AKT852", "X"),
    # Not the shape for a double: a natural 4S with a good six-card suit and 17 points.
    ("4D", "AKJ972.K4.5.A832", "4S"),
    # Advancer converts the double of 4D with four good trumps.
    ("4D X P", "Q52.AKT93.AK97.6", "P"),
])
def test_defence_to_three_and_four_level_preempts(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Weak: the cheapest bid in the longest unbid suit.
    ("2S X P", "874.Q62.J975.J32", "3D"),
    # 12 + the double's 13: game in the four-card major.
    ("2S X P", "84.KQ62.AJ75.Q32", "4H"),
    # 9 + 13 = 22, hearts stopped: the 2NT invitation.
    ("2H X P", "84.KJ2.QJ75.Q632", "2NT"),
    # 11 + 13 = 24, no stopper, no major, no five-card minor: the cue-bid asks.
    ("2S X P", "874.K62.QJ75.AJ2", "3S"),
    # The doubler answers the cue-bid: 3NT with their suit stopped.
    ("2S X P 3S P", "A5.KJ93.AT84.KT3", "3NT"),
])
def test_advancing_a_double_of_a_weak_two(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # The balancer may hold eight points: pass for penalty only with long strong trumps.
    ("1S P P X P", "KQJ73.KQT.K.J732", "P"),
    ("1S P P X P", "87653.KQT.K.J732", "2C"),
    # 11 with five clubs and no jump: the cheapest advance (at most 11).
    ("1D P P X P", "K8.J7.AQ97.J8543", "2C"),
    # The balancer's long suit shows the strong double...
    ("1D P P X P 2C P", "T42.AK542.42.AKQ", "2H"),
    # ... and advancer adds its 16 to his values: game, their diamonds stopped.
    ("1D P P X P 2C P 2H P", "K8.J7.AQ97.J8543", "3NT"),
    # Over their raise the strong balancer still bids his long suit.
    ("1S P P X P 2D 2S", "A5.KQ73.3.AKQJ52", "3C"),
])
def test_balancing_double_and_its_advances(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Over their 3NT no forced preference: a singleton in each minor passes...
    ("1NT 2NT 3NT", "AT98543.QT83.4.4", "P"),
    # ... ten clubs between us compete at the four level.
    ("1NT 2NT 3NT", "T9854.QT8..KQ943", "4C"),
    # Over a pass the preference is still forced.
    ("1NT 2NT P", "AT98543.QT83.4.4", "3D"),
    # Michaels for the majors, their raise: eight hearts stay out of the three level...
    ("1C 2C 3C", "Q3.K42.87642.J53", "P"),
    # ... nine spades compete there.
    ("1C 2C 3C", "Q432.K42.8764.J5", "3S"),
])
def test_advancing_a_two_suiter(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # A balanced 19 with their hearts stopped, three spades: the cheapest notrump (18-20).
    ("1H X P 1S P", "AQ5.K82.AJ4.KQ73", "1NT"),
    # 21 with their clubs stopped: the jump (21-22).
    ("1C X P 1H P", "AQ62.K5.AKJ7.KJ4", "2NT"),
    # A doubleton in their suit without a stopper: no notrump, the cue-bid.
    ("1D X P 1S P", "KQ5.AKJ4.62.AKJ4", "2D"),
    # Four cards in advancer's major: the raise comes first (16-18).
    ("1D X P 1S P", "KJ54.AQ4.K5.AJ73", "2S"),
])
def test_takeout_doublers_notrump_rebids(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected
