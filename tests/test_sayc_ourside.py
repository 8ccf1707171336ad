"""SAYC when we opened and they interfere (sayc.md sections 6, 7.1, 12, 15): responder's
second call after his free bid, opener's raise of the free bid over their bid, answers to
the reopening double at the four and five level, the negative double with a five-card major
too weak for a free bid, minor raises over their overcall and opener's continuations,
their overcall of our transfer, the game-forcing three-level suit over interference on 1NT,
and responder over their preempt. North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # Game with 13+ opposite the opening: opener raised the one-level free bid.
    ("1C 1D 1S P 2S P", "AQ876.K76.A73.T9", "4S"),
    # 10-12 invites in our major fit.
    ("1C 1D 1S P 2S P", "AQ876.K76.Q73.T9", "3S"),
    # Opener's minimum rebid of his hearts: an eight-card fit (three hearts) and 13+: game.
    ("1H 2D 2S P 3H P", "AQ876.K76.A73.T9", "4H"),
    # 13+ with an eight-card club fit and no diamond stopper: five of opener's minor.
    ("1C 1D 1H P 2C P", "K2.KQT2.74.AJT92", "5C"),
    # 13+ without a fit or a stopper: the game-forcing cue-bid asks for one.
    ("1C 1D 1H P 2C P", "KQ2.KQT2.743.AJ2", "2D"),
    ("1C 1D 1H P 2C P 2D P", "A43.A5.KJ6.Q8543", "3NT"),
])
def test_responder_after_his_free_bid(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # 15 HCP, three spades and a singleton heart: 17 support points and responder's 10: game.
    ("KJ4.5.AQ976.KQ84", "4S"),
    # 12 HCP and three spades: not game, but the free bid and the opening compete to 3S.
    ("Q54.75.AK976.K84", "3S"),
])
def test_opener_raises_the_free_bid_over_their_raise(robot, hand, expected):
    assert bid(robot, hand, "1D 2H 2S 3H") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # At the four level a five-card suit takes the double out...
    ("1D 4S P P X P", "8.Q9532.J54.9873", "5H"),
    # ...a balanced hand without one leaves it in...
    ("1D 4S P P X P", "853.Q95.J54.9873", "P"),
    # ...and no answer to a double of their five-level bid is a slam.
    ("1D 4S P 5S X P", "8.Q9532.J54.9873", "P"),
])
def test_answers_to_the_reopening_double_above_the_three_level(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    ("K76.QJ874.Q52.43", "X"),    # five hearts, 8 HCP: too weak for 2H
    ("K76.QJ874.A52.43", "2H"),   # 10 HCP: the free bid
])
def test_negative_double_with_a_five_card_major_too_weak_for_a_free_bid(robot, hand, expected):
    assert bid(robot, hand, "1D 2C") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    ("1D 1S", "73.K85.AQ74.Q984", "3D"),        # limit raise: 11 HCP, four diamonds
    ("1D 1S", "73.K85.Q974.J984", "2D"),        # single raise: 6 HCP
    ("1D 1H", "QT953.T4.J9732.Q", "2D"),        # 5 HCP, five trumps and shortness: still a raise
    ("1D 1H", "QT9.T43.J973.Q52", "P"),         # 5 HCP, no shortness: pass
    # Over their bid after the limit raise: 15 HCP and spades stopped: 3NT.
    ("1D 1S 3D 3S", "AJ5.A7.KJ8532.Q2", "3NT"),
])
def test_minor_raises_over_their_overcall(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    ("1NT P 2H 3D", "KJ85.A72.K3.AJ32", "3S"),   # four spades
    ("1NT P 2H 3D", "K85.A72.KQ93.Q32", "X"),    # four diamonds with two honours
    ("1NT P 2H 3D", "K85.AQ72.K3.QJ42", "P"),    # neither
    # Responder with game values and five spades forces; opener raises with three.
    ("1NT P 2H 3D P P", "KQ873.JT7.J.A853", "3S"),
    ("1NT P 2H 3D P P 3S P", "K85.AQ72.K3.QJ42", "4S"),
])
def test_their_overcall_of_our_transfer(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


def test_the_three_level_suit_over_interference_on_1nt_forces_game(robot):
    """Over 1NT (2H) 3D (3H) opener may not pass; with hearts stopped he bids 3NT."""
    assert bid(robot, "KJ.A75.AJ96.Q932", "1NT 2H 3D 3H") == "3NT"


@pytest.mark.parametrize("calls, hand, expected", [
    ("1C 3S", "843.AQJ75.K62.Q5", "4H"),     # five hearts, 12 HCP: opening opposite opening
    ("1C 3D", "843.AQJ75.K62.Q5", "3H"),     # the free bid at the three level
    ("1C 4S", "J8.Q84.AKJ97.KJ2", "X"),      # 15 HCP: the balance of strength
    ("1C 4S", "J8.Q84.J9762.K72", "P"),      # 7 HCP: pass
])
def test_responder_over_their_preempt(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # 19+ points and four losers (two long suits): a game-forcing jump; 19 points with
    # five or more losers and under 19 HCP: a new suit at the two level.
    ("1D 1H 1NT P", "A4.4.AKQT6.AJT92", "3C"),
    ("1D 1H 1NT P", "A4.4.KJ976.QJT92", "2C"),
    ("1D 1H 1NT P", "5.A82.AKQ53.AJ72", "2C"),
    # Responder has their hearts stopped (his free 1NT said so): 3NT.
    ("1D 1H 1NT P 3C P", "32.K986.74.KQ762", "3NT"),
])
def test_opener_after_a_free_notrump(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    ("K763.QJ87.Q52.43", "4S"),   # four spades opposite opener's 16-18 jump
    ("K76.QJ874.Q5.Q43", "3NT"),  # five hearts and their clubs stopped
    ("K76.QJ874.Q52.43", "4S"),   # clubs open: game in the four-three fit
])
def test_the_negative_doubler_opposite_the_jump_in_a_major(robot, hand, expected):
    assert bid(robot, hand, "1D 2C X P 3S P") == expected
