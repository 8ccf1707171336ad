"""SAYC in competition, sixth round: game values do not change when they bid. Over their bid
there is no room to invite (a raise only competes), so an invitation's values in our major
fit bid game; the game calls after the overcall's cue-bid, opposite the single raise, after
the takeout double's advance and the limit raise apply over their bid as over a pass.
North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # Responder's two-over-one, three spades and a singleton: 15 support points with
    # opener's 12 is past an invitation; their 3D left no room to invite: game.
    ("1S P 2H 3D P P", "JT7.AQ875.7.KQ52", "4S"),
    # Two spades: no eight-card fit, nothing to add.
    ("1S P 2H 3D P P", "J7.AQ875.74.KQ52", "P"),
    # Opener with four spades and a void: 18 support points with responder's 6.
    ("1H P 1S 3C", "KQ42.AQJ82.T752.", "4S"),
    # A singleton instead: 16 + 6 is below an invitation; eight trumps do not compete at three.
    ("1H P 1S 3C", "KQ42.AQJ82.T75.2", "P"),
])
def test_game_in_our_major_fit_over_their_bid(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Overcaller accepts the cue-bid with 14+, whether they double or bid.
    ("1D 1S P 2D X", "AQ982.J8.Q3.AJT6", "4S"),
    ("1D 1S P 2D 3D", "AQ982.J8.Q3.AJT6", "4S"),
    # A minimum rebids the suit.
    ("1D 1S P 2D X", "AQ982.J8.Q3.T862", "2S"),
    # Advancer's cue-bid with opening values: game over their bid too.
    ("1C 1H P 2C P 2H 3C", "KT7.Q862.A742.K2", "4H"),
    # The limit raise only: their bid ends it.
    ("1C 1H P 2C P 2H 3C", "KT7.Q862.J742.J2", "P"),
    # Overcaller with 17+ opposite the single raise: game first, not a competitive 3H.
    ("1C 1H P 2H 2S", "A5.AKJ832.KQ4.52", "4H"),
    ("1C 1H P 2H 2S", "A5.KJ8632.K54.52", "P"),
])
def test_overcall_game_calls_over_their_bid(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # 2S showed values: 17 + advancer's minimum reach 25 with four spades.
    ("AJ73.KQ52.A4.KJ3", "4S"),
    # No fit, clubs stopped: 3NT.
    ("AJ7.KQ52.A54.AQ3", "3NT"),
    # A minimum double.
    ("AJ73.KQ52.A4.J93", "P"),
])
def test_doubler_bids_game_over_their_bid(robot, hand, expected):
    assert bid(robot, hand, "1C X P 2S 3C") == expected


@pytest.mark.parametrize("hand, expected", [
    # Opener accepts the limit raise with 14+ points, whether they pass or double.
    ("AKJ83.72.KQ4.Q52", "4S"),
    # A minimum declines.
    ("AKJ83.72.Q54.952", "P"),
])
def test_opener_answers_the_limit_raise_over_their_double(robot, hand, expected):
    assert bid(robot, hand, "1S 2H 3S X") == expected
