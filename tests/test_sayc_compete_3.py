"""SAYC when we opened and they compete (sayc.md sections 12 and 16): the law of total tricks
in any suit partner has shown, opener's long suit over their bid, opener's reopening with a
second five-card suit, and the captain's decisions that fall to the fallback over their bid.
North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, expected", [
    # Opener's 1H (five) and my four hearts: nine trumps, so the three level, although
    # opener's last suit was clubs.
    ("KQ8652.KJ32.72.5", "3H"),
    # Three hearts make eight trumps: not at the three level.
    ("KQ865.KJ3.872.54", "P"),
])
def test_negative_doubler_competes_in_openers_first_suit(robot, hand, expected):
    assert bid(robot, hand, "P 1H 2D X 2H 3C 3D") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Seven clubs and partner's usual two: nine trumps, the three level in the pass-out seat.
    ("1C P P 1S X 2S P P", ".AK3.JT8.AQJ7654", "3C"),
    # Six clubs make eight: not at the three level.
    ("1C P P 1S X 2S P P", ".AK3.JT82.AQJ765", "P"),
    # Over their bid after responder's free 1NT, seven clubs compete to the three level.
    ("1C 1S 1NT 2S", ".A74.AJT.AQJ9865", "3C"),
])
def test_opener_competes_in_his_long_suit(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # 5-5 with the lower suit unbid: shown at the two level.
    ("A3.A8762.9.AQ963", "2C"),
    # 5-4, too weak for the double with a doubleton: pass.
    ("A3.A8762.96.AQ96", "P"),
])
def test_opener_reopens_with_a_second_five_card_suit(robot, hand, expected):
    assert bid(robot, hand, "1H P P 1S") == expected


@pytest.mark.parametrize("hand, expected", [
    # 1D (1S) X showed four hearts, or five too weak for 2H: the fifth is shown now, to play.
    ("K76.QJ874.Q52.43", "2H"),
    # Four hearts: nothing more to say opposite a minimum.
    ("K76.QJ87.Q52.432", "P"),
])
def test_negative_doubler_shows_his_five_card_major_after_a_minimum_rebid(robot, hand, expected):
    assert bid(robot, hand, "1D 1S X P 2C P") == expected


def test_negative_doubler_leaves_opener_in_his_rebid_suit(robot):
    # Opener rebid his hearts (six, as a rule): not the time to show five weak spades.
    assert bid(robot, "KQJ84.J8.J73.976", "1H 2D X P 2H P") == "P"


@pytest.mark.parametrize("hand, expected", [
    # 20 HCP and a second five-card suit: shown, as a strong doubler does (17+).
    ("AQ973.AKQJ5..K52", "3H"),
    # A minimum reopening double has said it all opposite a partner who passed.
    ("AQ973.KJ52..K652", "P"),
])
def test_opener_goes_on_after_his_reopening_double_as_a_doubler(robot, hand, expected):
    assert bid(robot, hand, "1S 2D P P X P 3C P") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Three hearts opposite a two-level free bid (five, 10+): 16 support points make game.
    ("1D 1S 2H P", "9.J82.AKQJ93.A52", "4H"),
    # A minimum raises one level.
    ("1D 1S 2H P", "93.J82.KQJ93.A52", "3H"),
    # Four trumps and 20 support points opposite a free 2S: game in four, not five.
    ("P 1C 2D 2S P", "AJ72.K4.A3.KQJ72", "4S"),
])
def test_opener_raises_a_free_bid_to_game_by_the_combined_values(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected
