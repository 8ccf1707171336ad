"""SAYC's games and slams that the combined values reach, checked on hands written for the
agreements (not taken from the shared cases): 3NT over a 2NT opening with 4+ HCP (sayc.md
7.2: 3NT = 4-10 opposite 20-21, two lower opposite 22-24)."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # Over 2NT (20-21): 4 HCP is game, 3 passes.
    ("Q64.8542.Q7.9543", "2NT P", "3NT"),
    ("Q64.8542.J7.9543", "2NT P", "P"),
    # Over 2C-2D-2NT (22-24): 2 HCP is game, 1 passes.
    ("Q64.8542.97.9543", "2C P 2D P 2NT P", "3NT"),
    ("J64.8542.97.9543", "2C P 2D P 2NT P", "P"),
])
def test_game_over_a_notrump_opening(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # 2C-2D-3m: a balanced hand with three-card support bids 3NT (a lower game than five of
    # the minor); four cards, or three with a singleton, raise.
    ("Q64.K854.J72.954", "2C P 2D P 3D P", "3NT"),
    ("Q64.K85.J742.954", "2C P 2D P 3D P", "4D"),
    ("Q642.K8543.J72.9", "2C P 2D P 3D P", "4D"),
    ("Q64.K854.954.J72", "2C P 2D P 3C P", "3NT"),
])
def test_notrump_before_a_minor_after_two_clubs(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


def test_preference_to_his_first_suit_with_three_cards_after_two_clubs(robot):
    """Three cards in his first suit and his second are a preference to the first (his
    longer suit), not a notrump that a 4-level auction would read as Blackwood."""
    assert bid(robot, "AJT32.87.T64.954", "2C P 2D P 3D P 3S P 4C P") == "4D"
