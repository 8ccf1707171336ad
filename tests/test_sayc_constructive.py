"""SAYC's constructive bidding and slams, checked on hands written for the agreements (not
taken from the shared cases): slam when the combined values reach 33 (sayc.md 1, 14), the
quantitative 4NT over natural notrump, 3NT before a minor game (sayc.md 1: 25 against 28-29),
game with game values after a two-over-one (sayc.md 6)."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # Opener's 3NT rebid (18-21, a running minor): 15 opposite is 33+, slam; 12 reaches 33
    # only opposite his maximum, a quantitative 4NT; 10 passes.
    ("KQ5.AJ4.Q876.K32", "1D P 1H P 3NT P", "6NT"),
    ("KQ5.AJ84.Q87.J32", "1D P 1H P 3NT P", "4NT"),
    ("Q75.KJ84.Q87.J32", "1D P 1H P 3NT P", "P"),
    # ...and the 3NT rebid after a two-over-one (18-19 balanced).
    ("KQ5.A4.KQJ76.J32", "1S P 2D P 3NT P", "6NT"),
    # Answering the quantitative 4NT: 21 accepts opposite 12-14, 18 declines.
    ("A4.K2.AKQJ76.KJ4", "1D P 1H P 3NT P 4NT P", "6NT"),
    ("A4.Q2.AKQJ76.Q54", "1D P 1H P 3NT P 4NT P", "P"),
    # Opposite a 3NT opening (25-27): 9 HCP is slam. Six spades ask for aces, five bid 6NT.
    ("AQ5432.K84.J72.9", "3NT P 4H P 4S P", "4NT"),
    ("AQ532.K84.J72.92", "3NT P 4H P 4S P", "6NT"),
    # A Stayman fit over the 3NT opening with slam values: Blackwood, not a pass of 4S.
    ("A543.83.QJT8.Q94", "3NT P 4C P 4S P", "4NT"),
    # Opener's 1NT rebid (12-14): 19 reaches 33 only opposite 14, quantitative 4NT; 21 bids
    # 6NT (neither passes 1NT); 14 accepts the invitation, 12 declines.
    ("AQ53.KJ4.A32.KQ2", "1D P 1S P 1NT P", "4NT"),
    ("AQ53.KJ4.AQ2.KQ2", "1D P 1S P 1NT P", "6NT"),
    ("K7.A92.KQ754.Q63", "1D P 1S P 1NT P 4NT P", "6NT"),
    ("K7.Q92.KJ754.QJ3", "1D P 1S P 1NT P 4NT P", "P"),
    # Opener's minimum rebid of his major: a fit and 31+, Blackwood.
    ("AKQ53.KJ4.A3.KQ2", "1H P 1S P 2H P", "4NT"),
    # No fit, 33+: 6NT rather than 3NT after Stayman over 1NT.
    ("A5.KQ84.KJ7.KQ32", "1NT P 2C P 2S P", "6NT"),
])
def test_slam_when_the_combined_values_reach_33(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Opener's jump rebid of his minor: a semi-balanced hand bids 3NT, not five of the minor.
    ("K85.Q73.KJ84.Q93", "1C P 1D P 3C P", "3NT"),
    # Five of his minor needs 28+ in support points: a singleton and three trumps.
    ("8.973.AKJ842.K93", "1C P 1D P 3C P", "5C"),
    # Opener's game-forcing jump shift: a balanced ten count with the unbid suit held bids
    # 3NT rather than raising the minor past it.
    ("K85.Q73.QJ84.K93", "1D P 1S P 3H P", "3NT"),
    # With a fit for his major the raise still comes first.
    ("K85.Q973.QJ8.K93", "1D P 1S P 3H P", "4H"),
])
def test_notrump_before_a_minor_game(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


def test_six_card_major_with_game_values_after_a_two_over_one_bids_game(robot):
    # 1S-2H-2S, responder 13 HCP with six hearts and a doubleton spade.
    assert bid(robot, "84.AKJ976.KQ5.93", "1S P 2H P 2S P") == "4H"
    # Invitational values still rebid the suit (not forcing).
    assert bid(robot, "84.KQJ976.Q75.93", "1S P 2H P 2S P") == "3H"


def test_answers_to_an_invitation_bid_no_3nt_with_a_singleton_in_an_unbid_suit(robot):
    # 1D-1H-1S-3H (six hearts, invitational): opener with a singleton club and a singleton
    # heart has no notrump game, whatever his values.
    assert bid(robot, "AQ85.6.AKJ9632.5", "1D P 1H P 1S P 3H P") != "3NT"


@pytest.mark.parametrize("hand, calls, expected", [
    # Over opener's jump rebid, a six-card major of my own with game values is shown,
    # forcing; opener raises with two cards, else bids 3NT.
    ("K.KQT8543.AT32.9", "1D P 1H P 3D P", "3H"),
    ("AJ8.A2.QJ865.K42", "1D P 1H P 3D P 3H P", "4H"),
    ("AJ8.A.QJ8654.K42", "1D P 1H P 3D P 3H P", "3NT"),
    # After a single minor raise, 18 balanced invites with 2NT (game only opposite a
    # maximum); responder accepts with 9.
    ("KJ42.AQ9.K54.AJT", "1C P 2C P", "2NT"),
    ("Q53.J84.Q72.KJ53", "1C P 2C P 2NT P", "3NT"),
    # Opener over responder's natural 3NT (16-17) with 19: slam.
    ("AKQ5.AJ4.KQ87.32", "1D P 3NT P", "6NT"),
])
def test_placing_the_game_or_slam(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


def test_no_minor_game_over_partners_3nt_in_a_game_forced_auction(robot):
    # 1C-1D-2S (jump shift, game forcing)-3NT: the game is reached; five of his minor with
    # a doubleton is no better game.
    assert bid(robot, "AJ62.AT.K6.AQT63", "P 1C P 1D P 2S P 3NT P") == "P"
    # Below game, with game values, the minor game is still bid: 1D-1S-2D-3C-4C.
    assert bid(robot, "AKJ2.K3.K76.T986", "1D P 1S P 2D P 3C P 4C P") == "5C"
