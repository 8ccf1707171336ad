"""SAYC games in constructive auctions, on hands written for the agreements (sayc.md 5-6):
after 1C-1D-1H the one-level 1S is natural (four spades; opener raises it) and the jump to 2S
is the fourth suit, on invitational or better values; after fourth suit forcing and
opener's notrump answer, responder's rebid of a six-card suit forces to game."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # Responder: four spades bid 1S, a fourth-suit hand without them jumps to 2S (12 HCP,
    # no spade stopper, no fit: invitational or better).
    ("QJ75.83.KJ964.A2", "1C P 1D P 1H P", "1S"),
    ("T2.AK8.KQT76.T53", "1C P 1D P 1H P", "2S"),
    # Opener raises the natural 1S with four spades (before the 12-14 notrump).
    ("A862.AQT4.A3.T98", "1C P 1D P 1H P 1S P", "2S"),
    ("AJT9.Q6.A852.KT2", "1D P 1H P 1S P 2C P 2NT P 3H P", "4H"),
    # Opener places the game after the forcing six-card rebid: his major with two cards,
    # else 3NT; responder with seven cards corrects to four of his major.
    ("A5.Q93.A9863.J95", "1D P 1S P 2C P 2H P 2NT P 3S P", "4S"),
    ("A.Q93.A9863.J954", "1D P 1S P 2C P 2H P 2NT P 3S P", "3NT"),
    ("J865432.A.KQ7.AQ", "1D P 1S P 2C P 2H P 2NT P 3S P 3NT P", "4S"),
])
def test_fourth_suit_and_the_natural_one_spade(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


def test_new_suit_on_three_cards_with_a_five_card_major_and_no_stopper(robot):
    """1C-1S-2C with game values, five spades and no heart stopper: not 3NT at once but
    the forcing new suit on three cards, so opener can show three-card spade support."""
    assert bid(robot, "KJT63.62.AKJ.J75", "1C P 1S P 2C P") == "2D"
    assert bid(robot, "AQ5.43.Q6.AK6432", "1C P 1S P 2C P 2D P") == "2S"
