"""SAYC games we stopped short of in uncontested auctions. Vulnerable at IMPs a game pays
when it makes about 37% of the time (not vulnerable about 45%), so vulnerable the answers to
an invitation accept with one point less than not vulnerable."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, history, none, both", [
    # 1NT-2NT (8-9): a flat 15 with a doubleton passes not vulnerable, accepts vulnerable;
    # 4-3-3-3 still needs one point more; 16 accepts either way.
    ("AQ32.KJ42.Q3.K54", "1NT P 2NT P", "P", "3NT"),
    ("AQ3.KJ4.Q32.K542", "1NT P 2NT P", "P", "P"),
    ("AQ32.KJ42.Q3.A54", "1NT P 2NT P", "3NT", "3NT"),
    # after opener's 12-14 notrump rebid responder's 2NT shows 11-12: a flat 12 accepts
    # only vulnerable
    ("K32.Q4.AJ54.QT32", "1D P 1H P 1NT P 2NT P", "P", "3NT"),
])
def test_notrump_invitation_accepted_lighter_when_vulnerable(robot, hand, history, none, both):
    assert bid(robot, hand, history, "None") == none
    assert bid(robot, hand, history, "Both") == both


@pytest.mark.parametrize("hand, none, both", [
    # 1C-3C (10-12): a balanced 13 bids 3NT only vulnerable; 12 passes either way.
    ("AQ5.K54.J32.QJ32", "P", "3NT"),
    ("AQ5.Q54.J32.QJ32", "P", "P"),
])
def test_minor_limit_raise_accepted_lighter_when_vulnerable(robot, hand, none, both):
    assert bid(robot, hand, "1C P 3C P", "None") == none
    assert bid(robot, hand, "1C P 3C P", "Both") == both


def test_transfer_then_two_notrump_accepted_lighter_when_vulnerable(robot):
    """1NT-2H-2S-2NT (five spades, 8-9): 15 HCP with a doubleton spade bid 3NT only
    vulnerable."""
    hand, history = "K5.AQ32.QJ32.K54", "1NT P 2H P 2S P 2NT P"
    assert bid(robot, hand, history, "None") == "P"
    assert bid(robot, hand, history, "Both") == "3NT"


@pytest.mark.parametrize("hand, none, both", [
    # 1D-1H-2H-3H (responder 10+ invites): a flat 13 accepts only vulnerable; a 12 with a
    # singleton (15 support points) accepts either way; 10 with one (13) declines.
    ("K5.KJ54.KJ52.Q32", "P", "4H"),
    ("5.QJ54.QJ52.AQ32", "4H", "4H"),
    ("5.J654.QJ52.AQ32", "P", "P"),
])
def test_opener_answers_the_invitation_after_his_raise_in_support_points(robot, hand, none, both):
    history = "1D P 1H P 2H P 3H P"
    assert bid(robot, hand, history, "None") == none
    assert bid(robot, hand, history, "Both") == both


@pytest.mark.parametrize("hand, none, both", [
    # 1D-1H-2H: a flat 12 (23 with opener's minimum) invites, vulnerable bids game; 11
    # invites either way.
    ("K32.KJ54.Q32.K32", "3H", "4H"),
    ("K32.KJ54.Q32.Q32", "3H", "3H"),
])
def test_responder_after_openers_raise_bids_game_lighter_when_vulnerable(robot, hand, none, both):
    assert bid(robot, hand, "1D P 1H P 2H P", "None") == none
    assert bid(robot, hand, "1D P 1H P 2H P", "Both") == both
