"""SAYC competition after THEIR opening: balancing with the minors over their two-level
major, advancing a balancing suit bid without passing the three level (but for game in a
major), the doubler's game counted in support points, and the 1NT overcall's advancer."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("history", ["1S P 2S P P", "2S P P"])
def test_balancing_two_notrump_shows_the_minors_when_they_have_one_suit(robot, history):
    """They have shown one suit and stopped at two: partner, who passed, has values, so
    2NT shows both minors (4-4 or longer, nine or more cards) short in their major."""
    assert bid(robot, "5.K32.KQ854.QJ76", history) == "2NT"


def test_balancing_two_notrump_needs_the_minors_and_no_four_card_major(robot):
    """With four cards in the unbid major the hand is no minor two-suiter: no 2NT."""
    assert bid(robot, "5.KJ32.KQ85.QJ76", "1S P 2S P P") != "2NT"


def test_balancing_two_notrump_not_after_two_suits(robot):
    """1C-1H-2H: they have shown two suits, so this is not their fit alone."""
    assert bid(robot, "5.K32.KQ854.QJ76", "1C P 1H P 2H P P") != "2NT"


def test_advancer_takes_the_longer_minor_after_balancing_two_notrump(robot):
    assert bid(robot, "8643.J97.Q2.KT83", "1S P 2S P P 2NT P") == "3C"


@pytest.mark.parametrize("hand, call", [
    # three clubs, 8 HCP: no raise to four of a minor over a three-level balance
    ("K42.Q852.J76.K93", "P"),
    # a five-card suit of his own: no non-forcing new suit at the four level
    ("854.7.KQJ85.Q932", "P"),
])
def test_no_advance_past_three_over_a_three_level_balance(robot, hand, call):
    history = "1S P 2S P P 3C P" if hand.startswith("K42") else "1S P 2S P P 3H P"
    assert bid(robot, hand, history) == call


def test_game_in_a_major_over_a_three_level_balance(robot):
    """3H in the balancing seat, three hearts and 10 support points: game, as there is no
    room to invite."""
    assert bid(robot, "873.KJ4.A862.Q93", "1S P 2S P P 3H P") == "4H"


@pytest.mark.parametrize("hand, call", [
    # 13 HCP and a singleton spade: 16 support points, with advancer's 9 game
    ("4.AQ84.KJ63.K952", "4H"),
    # 13 HCP flat: 22 together, no game
    ("J43.AQ84.KJ6.K95", "P"),
])
def test_doubler_counts_support_points_opposite_the_invitational_jump(robot, hand, call):
    assert bid(robot, hand, "1S X P 3H P") == call


def test_advancer_of_the_1nt_overcall_bids_game_with_sixteen(robot):
    """No slam methods here: a 17-count must not pass partner's 1NT overcall."""
    assert bid(robot, "AK3.Q4.KQ82.Q843", "1H 1NT P") == "3NT"


@pytest.mark.parametrize("hand, history, call", [
    # their raise: 3NT with 10, partner has their suit stopped
    ("K43.65.AJ82.Q953", "1H 1NT 2H", "3NT"),
    # a six-card major and 8 HCP: game
    ("KJ9854.65.A82.93", "1H 1NT 2H", "4S"),
    # four cards in their new suit and 10 HCP: penalty
    ("Q3.J42.K652.KJ84", "1H 1NT 2C", "X"),
    # a five-card suit and 7 HCP: compete at the two level
    ("3.QJ874.K652.J84", "1S 1NT 2C", "2H"),
])
def test_advancer_of_the_1nt_overcall_over_their_bid(robot, hand, history, call):
    assert bid(robot, hand, history) == call


def test_doubler_jump_raises_a_cheapest_advance_with_nineteen_to_twenty_one(robot):
    """Opposite a cheapest advance (0-8) support points do not make game: 21 HCP with a
    singleton in their suit jump raises, as SAYC's 19-21."""
    assert bid(robot, "QJ84.AK9876.AK.A", "1C X P 1S P") == "3S"


@pytest.mark.parametrize("hand, history, call", [
    # Their raise to 4H took the room for the cue-bid: five trumps and 13 HCP opposite a
    # two-level overcall are game values (25+ support points together): 4S.
    ("AJ872.85.KJ95.A3", "2H 2S 4H", "4S"),
    # Four trumps and 9 HCP opposite a one-level overcall are not: pass.
    ("AJ87.852.KJ95.32", "1H 1S 4H", "P"),
])
def test_advancer_bids_game_over_their_four_level_raise_with_game_values(robot, hand, history,
                                                                         call):
    assert bid(robot, hand, history) == call
