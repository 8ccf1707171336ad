"""SAYC in competition after our opening, eighth round: opener's game and three-level
competition in the major partner's negative double showed, over their raise; the reopening
double above the two level; the negative doubler's raise of opener's major in support points.
North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # 1D (1H) X (3H): the double promised four spades. 17 HCP and a singleton heart are
    # 20 support points, 26 with the double's six: game.
    ("1D 1H X 3H", "AK73.4.AQJ52.K93", "4S"),
    # 14 HCP and the singleton: 17, 23 together: half the deck and more, the three level
    # (their nine trumps and our eight: seventeen).
    ("1D 1H X 3H", "KQ73.4.AQ852.K93", "3S"),
    # 13 HCP and a doubleton: 14 support points, 20 together: still the three level.
    ("1D 1H X 3H", "KJ73.42.AQ852.K3", "3S"),
    # Three spades: no eight-card fit to compete in.
    ("1D 1H X 3H", "KJ7.942.AQ852.K3", "P"),
])
def test_opener_over_their_raise_in_the_major_the_negative_double_showed(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Their overcall passed round: a singleton and 11 HCP reopen with a double (two level).
    ("1D 1H P P", "KQ73.4.KJ852.Q93", "X"),
    # Over their raise the double asks partner, who passed, to bid at the three level:
    # 11 HCP pass, 14 double.
    ("1D 2H P 3H", "KQ73.4.KJ852.Q93", "P"),
    ("1D 2H P 3H", "AQ73.4.KQ852.K93", "X"),
])
def test_reopening_double_above_the_two_level_needs_extra_values(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # 1S (2C) X (P) 2H (P): four hearts and a singleton spade. 10 HCP are 13 support
    # points: game opposite the opening.
    ("1S 2C X P 2H P", "8.KJ73.KQ852.J93", "4H"),
    # 8 HCP and the singleton: 11 support points, the invitational raise.
    ("1S 2C X P 2H P", "8.KJ73.K9852.J93", "3H"),
    # 8 HCP, no shortness: 8 support points, no invitation.
    ("1S 2C X P 2H P", "863.KJ73.K98.J93", "P"),
])
def test_negative_doubler_raises_openers_major_in_support_points(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Partner's 1NT doubled for penalty in the pass-out seat: a weak hand with a five-card
    # suit takes out to two of it.
    ("1NT P P X P P", "T532.83.65.QT732", "2C"),
    ("1NT P P X P P", "J532.83.65.AQ732", "2C"),
    # No five-card suit: nothing better than 1NT doubled.
    ("1NT P P X P P", "J532.Q832.65.T73", "P"),
    # Opener's 1NT rebid doubled: the same weakness takeout in my own suit.
    ("1C P 1H P 1NT X", "83.QT732.J65.T32", "2H"),
    # Five cards of the suit they bid: no takeout into their suit.
    ("1C 1H P P 1NT P", "83.QT732.J65.T32", "P"),
    ("1C 1H P P 1NT P", "83.QT7.J6532.T32", "2D"),
])
def test_weakness_takeout_of_partners_1nt(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected
