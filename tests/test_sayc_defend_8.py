"""SAYC competition after THEIR opening, eighth round: the law of total tricks for advancer
(five trumps opposite an overcall over their call, four opposite a Michaels cue-bid or a weak jump overcall:
ten trumps, the four level, with a weak hand), the overcaller's acceptance of the cue-bid with a sixth trump,
the 1NT overcall's invitations from 7, and the takeout doubler's advancer over their
two-level bid from 6."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("history, call", [("1D 1S 2D", "4S"), ("1D 1S X", "4S"), ("1D 1S P", "3S")])
def test_five_trumps_and_a_weak_unbalanced_hand_raise_the_overcall_to_four_over_their_call(
        robot, history, call):
    """Five spades opposite partner's five: ten trumps, the four level at once when they
    compete; over a pass the preemptive jump raise (sayc.md 10)."""
    assert bid(robot, "Q8643.4.8765.J32", history) == call


def test_five_trumps_in_a_balanced_hand_make_the_preemptive_jump_raise_only(robot):
    assert bid(robot, "Q8643.J42.Q76.J3", "1D 1S P") == "3S"


@pytest.mark.parametrize("hand, call", [
    ("AQJ864.K52.43.K3", "4S"),     # 13 HCP and a sixth spade: 15 points, game
    ("QJ8643.K52.43.K3", "2S"),     # 9 HCP: the minimum rebid
    ("AQJ86.K52.432.K3", "2S"),     # 13 HCP, five spades: 14 points, the minimum
])
def test_overcaller_accepts_the_cue_bid_with_fifteen_points(robot, hand, call):
    assert bid(robot, hand, "1D 1S P 2D P") == call


@pytest.mark.parametrize("hand, call", [
    ("K83.Q72.J854.J63", "2NT"),    # 7 opposite 15-18: game opposite the top of the range
    ("K83.Q72.J854.963", "P"),      # 6: no game even opposite 18
])
def test_one_notrump_overcall_invitation_starts_at_seven(robot, hand, call):
    assert bid(robot, hand, "1D 1NT P") == call


def test_overcaller_accepts_the_notrump_invitation_with_seventeen(robot):
    assert bid(robot, "AQ3.KJ5.KQ82.Q74", "1D 1NT P 2NT P") == "3NT"
    assert bid(robot, "AQ3.KJ5.K982.Q74", "1D 1NT P 2NT P") == "P"


@pytest.mark.parametrize("hand, call", [
    ("J432.Q873.543.K2", "2H"),     # 6 HCP: a free bid in the cheaper four-card major
    ("J432.J873.543.K2", "P"),      # 5 HCP: pass
])
def test_advancer_of_a_takeout_double_bids_freely_at_two_from_six(robot, hand, call):
    assert bid(robot, hand, "1D X 2D") == call


def test_four_trumps_raise_the_weak_jump_overcall_to_four_vulnerable_too(robot):
    assert bid(robot, "K863.4.J8765.432", "1D 2S P", "Both") == "4S"


@pytest.mark.parametrize("hand, history, call", [
    ("8643.J642.Q532.7", "1C 2C P", "4S"),      # both majors: four spades, ten trumps
    ("8643.J642.Q53.72", "1C 2C P", "2S"),      # balanced: the preference
    ("864.J62.Q953.872", "1C 2C P", "2S"),      # three of each: the preference
    ("Q864.7.J953.8732", "1H 2H P", "4S"),      # spades and a minor: four spades
    ("Q864.72.J953.872", "1H 2H P", "2S"),      # balanced: the preference
])
def test_four_cards_and_a_weak_unbalanced_hand_opposite_michaels_bid_game(robot, hand,
                                                                          history, call):
    assert bid(robot, hand, history) == call


@pytest.mark.parametrize("calls, hand, call", [
    # They have bid two suits: a cue-bid would be natural (sayc.md 10), so the five-five
    # in hearts and clubs overcalls in its major instead of a Michaels 2S.
    ("1D P 1S", "5.KQJ87.84.AQT93", "2H"),
    # Over their one suit the cue-bid is Michaels as before.
    ("1H", "KQJ87.5.84.AQT93", "2H"),
])
def test_michaels_only_over_a_single_suit(robot, calls, hand, call):
    assert bid(robot, hand, calls) == call
