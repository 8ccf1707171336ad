"""SAYC slam bidding in strong auctions, on hands written for the agreements (not taken from
the shared cases): over partner's natural 3NT in an auction with a jump shift, whose range
has no upper limit, 4NT is quantitative (sayc.md 14): invite with 29-32 counting his minimum,
accept in the upper half of the range (32+ counting the inviter's minimum)."""
from __future__ import annotations

import pytest

from tests.robots import bid, shipped_robot


@pytest.fixture(scope="module")
def robot():
    return shipped_robot("SAYC")


JUMP_SHIFT_3NT = "1C P 2S P 3D P 3NT P"   # 2S: jump shift, 14+ HCP; 3NT: natural


@pytest.mark.parametrize("hand, expected", [
    ("Q5.K8.KJ76.AJ962", "P"),      # 14: 28 counting his 14, no slam
    ("Q5.K8.AKJ6.AJ962", "4NT"),    # 18: 32, slam only if he has extras
    ("Q5.KQ.AKJ6.AK962", "6NT"),    # 21: 35, slam on his minimum
])
def test_opener_over_3nt_after_a_jump_shift(robot, hand, expected):
    assert bid(robot, hand, JUMP_SHIFT_3NT) == expected


@pytest.mark.parametrize("hand, expected", [
    ("AKJ97.A5.983.Q83", "P"),      # 14: 29 counting his 15 for 4NT, the lower half
    ("AKQ97.AJ.983.K83", "6NT"),    # 17: 32, the upper half
])
def test_jump_shifter_answers_the_quantitative_4nt(robot, hand, expected):
    assert bid(robot, hand, JUMP_SHIFT_3NT + " 4NT P") == expected


# Jacoby 2NT (sayc.md 4, 14) has no upper limit, nor has opener's 18+ 3M rebid: whoever
# still has slam values after the other's game call asks for aces.
@pytest.mark.parametrize("hand, calls, expected", [
    ("A5.KQ54.AKJ3.KQ5", "1H P 2NT P 4H P", "4NT"),       # 22 opposite a minimum
    ("A5.KQ54.Q432.K75", "1H P 2NT P 4H P", "P"),         # 14: game only
    ("AK.AKQ75.K82.Q43", "1H P 2NT P 3H P 4H P", "4NT"),  # 21 HCP, 22 points
    ("A5.AKJ75.K82.Q43", "1H P 2NT P 3H P 4H P", "P"),    # 17 HCP, 18 points
])
def test_slam_values_after_jacoby_game(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected
