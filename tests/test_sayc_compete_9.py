"""SAYC competition by the law of total tricks, ninth round: five of our fit over their major
game with eleven trumps (ten at favourable vulnerability and little defence) and seven losers
or fewer, and the penalty double of their game bid over our fit when we hold the balance of
strength. North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, vulnerability, expected", [
    # 1C (3D) 3S (4D) 4S: East's preempt promised seven diamonds, West's raise three: ten
    # trumps. Favourable (only North-South vulnerable), half a quick trick, seven losers: 5D.
    ("1C 3D 3S 4D 4S", "3.9.KJT8743.6532", "NS", "5D"),
    # The same hand with nobody vulnerable: ten trumps are not enough.
    ("1C 3D 3S 4D 4S", "3.9.KJT8743.6532", "None", "P"),
    # An eighth diamond: eleven trumps bid five at any vulnerability.
    ("1C 3D 3S 4D 4S", "3.9.KJT87432.652", "None", "5D"),
    # Favourable but two quick tricks in diamonds: defend.
    ("1C 3D 3S 4D 4S", "3.9.AKT8743.6532", "NS", "P"),
    # Favourable, but eight losers: down three or more, defend.
    ("1C 3D 3S 4D 4S", "83.962.KJT8743.5", "NS", "P"),
])
def test_five_level_sacrifice_by_the_total_tricks(robot, calls, hand, vulnerability, expected):
    assert bid(robot, hand, calls, vulnerability) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # 1D (P) 1H (1S) 2C (4S): four clubs opposite opener's second suit make eight trumps;
    # 13 HCP with opener's minimum hold the balance of strength: double their game.
    ("1D P 1H 1S 2C 4S", "Q72.KJ85.K3.KQ85", "X"),
    # The same fit with 5 HCP: their game may make, pass.
    ("1D P 1H 1S 2C 4S", "972.KJ85.63.Q852", "P"),
])
def test_penalty_double_of_their_game_over_our_fit(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected
