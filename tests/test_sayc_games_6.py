"""SAYC uncontested games: the major game found after a notrump invitation, a limit raise
passed with a bare minimum, and a passed hand's invitation over opener's 1NT rebid."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, history, call", [
    # 1D-1S-1NT-2NT: responder may hold five spades. A maximum with three of them asks him
    # to choose (3S); with two it is 3NT; a minimum passes whatever its spades.
    ("K52.A4.KJ843.Q32", "1D P 1S P 1NT P 2NT P", "3S"),
    ("K5.A42.KJ843.Q32", "1D P 1S P 1NT P 2NT P", "3NT"),
    ("852.A4.KJ843.Q32", "1D P 1S P 1NT P 2NT P", "P"),
    # 1S-2H (five hearts)-2S-2NT: three hearts make the eight-card fit, four of it with a
    # maximum.
    ("KQJ52.Q42.A4.K32", "1S P 2H P 2S P 2NT P", "4H"),
])
def test_notrump_invitation_accepted_in_partners_major(robot, hand, history, call):
    assert bid(robot, hand, history) == call


@pytest.mark.parametrize("hand, call", [
    ("AQ852.Q4.J32.K32", "4S"),   # five spades: the five-three fit
    ("AQ85.Q42.J32.K32", "3NT"),  # four: no fit, 3NT
])
def test_responder_chooses_after_the_three_card_acceptance(robot, hand, call):
    assert bid(robot, hand, "1D P 1S P 1NT P 2NT P 3S P") == call


def test_three_notrump_stands_after_the_choice(robot):
    assert bid(robot, "K52.A4.KJ843.Q32", "1D P 1S P 1NT P 2NT P 3S P 3NT P") == "P"


@pytest.mark.parametrize("hand, call", [
    # 1S-3S: six losers accept above a bare minimum (13 points), not with 12.
    ("AQJ52.K5432.5.32", "P"),
    ("AQJ52.K5432.5.J2", "4S"),
])
def test_limit_raise_six_losers_need_more_than_a_bare_minimum(robot, hand, call):
    assert bid(robot, hand, "1S P 3S P") == call


@pytest.mark.parametrize("hand, call", [
    # P P 1D P 1H P 1NT: the third-seat 1NT rebid may hold a balanced 11; a passed hand's
    # 11 still invites (sayc.md 6: 2NT = 11-12), 10 passes.
    ("K52.AJ54.Q32.J32", "2NT"),
    ("K52.AJ54.J32.J32", "P"),
])
def test_passed_hand_invites_over_the_third_seat_1nt_rebid(robot, hand, call):
    assert bid(robot, hand, "P P 1D P 1H P 1NT P") == call


@pytest.mark.parametrize("hand, call", [
    # 1S-2C-2S: two spades, 11 HCP and hearts open raise the rebid major (sayc.md 6: 3 of a
    # bid suit invites); 8 HCP pass.
    ("K5.432.AJ4.QJ832", "3S"),
    ("K5.432.J54.QJ832", "P"),
])
def test_two_card_raise_of_the_rebid_major_after_a_two_over_one(robot, hand, call):
    assert bid(robot, hand, "1S P 2C P 2S P") == call


def test_opener_accepts_the_two_card_raise_in_his_major(robot):
    assert bid(robot, "AQJ864.K5.K32.43", "1S P 2C P 2S P 3S P") == "4S"
