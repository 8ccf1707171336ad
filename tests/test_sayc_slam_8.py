"""SAYC slam zone of a known fit (double dummy): Blackwood over partner's game too, in my own
six-card major, and six of our minor over partner's five."""
import pytest

from tests.robots import bid


# 1NT-3S (six spades, slam interest)-4S: partner's game does not lower his 15, and my six
# spades with his two make eight: 30 HCP together ask for aces (double dummy 67%), 28 pass.
@pytest.mark.parametrize("hand, expected", [
    ("AKJ874.K4.KJ2.65", "4NT"),    # 15
    ("AKJ874.K4.Q32.65", "P"),      # 13
])
def test_blackwood_over_partners_game_in_my_six_card_major(robot, hand, expected):
    assert bid(robot, hand, "1NT P 3S P 4S P") == expected


# Jacoby 2NT (11+ HCP, four hearts), opener's shortness, responder's game with shortness of
# his own: that game says only that he counted no ruffs, so opener with five hearts asks in
# the nine-card fit's slam zone, 29 HCP with responder's minimum.
@pytest.mark.parametrize("hand, expected", [
    ("AK85.KQJ86.KQ4.7", "4NT"),    # 18
    ("AK85.KQJ86.K84.7", "P"),      # 16
])
def test_blackwood_over_the_game_of_shortness_opposite_shortness(robot, hand, expected):
    assert bid(robot, hand, "1H P 2NT P 3C P 4H P") == expected


# Support points count the shortness of the hand with fewer trumps: opener with six spades
# and a singleton, facing the jump shift's raise, adds no ruffs and stays in game.
def test_long_trump_hand_counts_no_support_points(robot):
    assert bid(robot, "KQT875.Q4.6.KJ64", "1S P 3D P 3S P 4S P") == "P"


# 2C-3D (8+ points, five diamonds)-4D-5D: no room for Blackwood, so the strong hand bids six
# in the slam zone of the fit, here nine diamonds and 29 HCP counting the positive's minimum.
@pytest.mark.parametrize("hand, expected", [
    ("AK53.AQ8.AJ7.KQT", "6D"),     # 23
    ("AK53.AQ8.AJ7.KJT", "P"),      # 22
])
def test_six_of_our_minor_in_the_slam_zone(robot, hand, expected):
    assert bid(robot, hand, "2C P 3D P 4D P 5D P") == expected
