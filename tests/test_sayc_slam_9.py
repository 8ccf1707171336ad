"""SAYC slam agreements of this round: opener's answer to 1NT-3M (a six-card major with slam
interest) and the jump shifter's Blackwood once partner's rebid shows a fit."""
import pytest

from tests.robots import bid


# 1NT-3H: six hearts and slam interest (29+ points counting opener's 15). Three hearts make
# nine trumps, the slam zone of a nine-card fit: opener asks for aces whatever his range.
# With two he has no better than game.
@pytest.mark.parametrize("hand, calls, expected", [
    ("KQ5.A97.K953.A72", "1NT P 3H P", "4NT"),     # 16, three hearts
    ("KQ5.KQ4.AJ93.Q72", "1NT P 3S P", "4NT"),     # 17, three spades
    ("KQ54.A9.K953.A72", "1NT P 3H P", "4H"),      # 16, two hearts
    ("Q5.AQ4.AJ93.KJ72", "1NT P 3S P", "4S"),      # 16, two spades
])
def test_opener_with_three_trumps_asks_for_aces_over_the_slam_try(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# The jump shift (17+ points) opposite an opening is the slam zone: once opener raises the
# jump shift's suit (an eight-card fit), the jump shifter asks for aces rather than bid game.
# Without a fit, his other agreements decide (here the six of partner's suit is no fit: 6NT).
@pytest.mark.parametrize("hand, calls, expected", [
    ("K4.AQJ74.Q5.KJ62", "1C P 2H P 3H P", "4NT"),   # 16 HCP, 17 points
    ("K4.AQJ74.AQ5.K62", "1D P 2H P 3D P", "6NT"),   # two diamonds: no fit
])
def test_jump_shifter_asks_for_aces_once_a_fit_is_shown(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# Opposite opener's jump shift the responder's own values decide: with 7 HCP and four of
# opener's diamonds he raises, no Blackwood.
def test_responder_to_openers_jump_shift_raises_without_slam_values(robot):
    assert bid(robot, "86.KQ74.J852.Q62", "1C P 1H P 3D P") == "4D"
