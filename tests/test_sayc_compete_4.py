"""SAYC in competition (sayc.md sections 10-12): advancer's cue-bid with a strong hand
without a fit for the overcall and what follows it, the doubler of a preempt raising
advancer's forced major to game, opener's cue-bid after responder's free bid when nothing
natural fits, the competitive takeout double when they stop in their suit at the two level,
and the suit a two-level overcall needs. North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, expected", [
    # Opening values and a five-card suit, no fit: the cue-bid, the only forcing advance.
    ("A64.KJ853.A6.K85", "2C"),
    # The same suit with less: a new suit, not forcing.
    ("864.KJ853.A6.Q85", "1H"),
    # Balanced with their suit stopped and no five-card suit: notrump, not the cue-bid.
    ("A64.KJ85.A6.K852", "3NT"),
])
def test_advancer_cue_bids_a_strong_hand_without_a_fit(robot, hand, expected):
    assert bid(robot, hand, "1C 1D P") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Overcaller's minimum rebid, then the strong hand's own suit, forcing.
    ("1C 1D P 2C P 2D P", "A64.KJ853.A6.K85", "2H"),
    # The overcaller answers the forcing suit: three-card support raises, to game when
    # the strong hand's 13 make 25 with his support points.
    ("1C 1D P 2C P 2D P 2H P", "QT9.J92.KQ987.T4", "3H"),
    ("1C 1D P 2C P 2D P 2H P", "QT9.A92.KQJ98.T4", "4H"),
    # No support, their suit stopped: notrump.
    ("1C 1D P 2C P 2D P 2H P", "QT92.4.KQJ98.KT4", "2NT"),
])
def test_after_advancers_strong_cue_bid(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Advancer's forced 3H: four trumps and 17 support points are game opposite his
    # usual share of the values.
    ("P P 3C X P 3H P", "A86.AK82.AJ86.T9", "4H"),
    # A point less: advancer may have nothing.
    ("P P 3C X P 3H P", "A86.AK82.QJ86.T9", "P"),
    # 21+ and four cards of his minor: game, not a jump past it.
    ("P P 3S X P 4D P", "A8.AK82.AKJ6.KT9", "5D"),
])
def test_doubler_of_a_preempt_raises_advancers_suit(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


def test_opener_cue_bids_a_strong_hand_without_a_natural_rebid(robot):
    # 18 HCP, a singleton in responder's spades, four of their hearts, no second suit:
    # the cue-bid, forcing (2D would be passed).
    assert bid(robot, "A.KJ82.AKJ86.Q92", "1D 1H 1S P") == "2H"


@pytest.mark.parametrize("hand, expected", [
    # Their hearts stopped and 12 opposite 16+: notrump game.
    ("KQ854.A3.Q5.J874", "3NT"),
    # Stopped, short of game: the cheapest notrump.
    ("Q9854.Q73.5.K874", "2NT"),
])
def test_responder_answers_openers_cue_bid(robot, hand, expected):
    assert bid(robot, hand, "P 1D 1H 1S P 2H P") == expected


@pytest.mark.parametrize("hand, expected", [
    # They raised their spades to two; my 10 and opener's 10+ hold the balance, I am short
    # in spades with the unbid diamonds: a takeout double rather than selling out.
    ("42.KJ84.Q843.A72", "X"),
    # 7 opposite opener's minimum: not our hand.
    ("42.KJ84.Q843.972", "P"),
    # Three of their spades: no takeout double.
    ("Q42.KJ84.Q843.A7", "P"),
])
def test_competitive_double_when_they_stop_at_two(robot, hand, expected):
    assert bid(robot, hand, "1C 1S X 2S P P") == expected


@pytest.mark.parametrize("hand, expected", [
    # The answers: a four-card unbid suit, else my own five-card suit.
    ("AQ3.Q92.KJ54.Q84", "3D"),
    ("AQ3.Q9.KJ5.Q8432", "3C"),
])
def test_answers_to_the_competitive_double(robot, hand, expected):
    assert bid(robot, hand, "1C 1S X 2S P P X P") == expected


@pytest.mark.parametrize("hand, expected", [
    # Two honours are not enough for a light two-level overcall (doubled, it goes for a
    # number): pass.
    ("Q7.854.AJ874.K63", "P"),
    # Three of the top five honours, or the ace-king: a good suit.
    ("Q7.854.KQT74.A63", "2D"),
    ("Q72.854.AK874.J3", "2D"),
    # Near an opening (12+), two honours with the ace or king will do.
    ("K8.854.AQ953.QJ2", "2D"),
])
def test_two_level_overcall_needs_a_good_suit(robot, hand, expected):
    assert bid(robot, hand, "1H") == expected
