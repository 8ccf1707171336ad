"""SAYC slam agreements of this round: opener's answer to 1NT-3M (a six-card major with slam
interest), the jump shifter's Blackwood once partner's rebid shows a minor fit, the control
bids with game values and their answers."""
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
# jump shift's minor (an eight-card fit), the jump shifter asks for aces rather than bid game.
# In a major his control bid comes first; without a fit, his other agreements decide (here
# two of partner's diamonds: 6NT).
@pytest.mark.parametrize("hand, calls, expected", [
    ("A4.K3.AKJ74.Q962", "1S P 3D P 4D P", "4NT"),   # 17 HCP, 18 points
    ("965.AK743.AK4.K6", "1C P 2H P 3H P", "4D"),    # hearts: the control bid
    ("K4.AQJ74.AQ5.K62", "1D P 2H P 3D P", "6NT"),   # two diamonds: no fit
])
def test_jump_shifter_asks_for_aces_once_a_minor_fit_is_shown(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# Opposite opener's jump shift the responder's own values decide: with 7 HCP and four of
# opener's diamonds he raises, no Blackwood.
def test_responder_to_openers_jump_shift_raises_without_slam_values(robot):
    assert bid(robot, "86.KQ74.J852.Q62", "1C P 1H P 3D P") == "4D"


# Control bids (a slam try below game, game forced, a major agreed): the captain tries with
# game values (25+ support points counting partner's minimum) when partner's maximum reaches
# the slam zone (29+). After Jacoby 2NT and opener's diamond shortness, 14 HCP and a
# doubleton (15 support points, 25 with the opening's 10) show the spade ace; a minimum
# opposite a minimum, 11 HCP, bids game.
@pytest.mark.parametrize("hand, expected", [
    ("AQ4.KJ85.86.A976", "3S"),
    ("Q74.KJ85.86.KJ76", "4H"),
])
def test_control_bid_with_game_values_when_slam_is_possible(robot, hand, expected):
    assert bid(robot, hand, "1H P 2NT P 3D P") == expected


# Partner cooperates when his support points with the captain's minimum reach the same 29 the
# captain counted with his: the jump shift's 17 points and 12 support points (11 HCP and a
# doubleton) ask for aces, 11 support points sign off.
@pytest.mark.parametrize("hand, expected", [
    ("KJ82.952.T5.AK72", "4NT"),
    ("QJ82.952.T5.AQ72", "4H"),
])
def test_answer_to_a_control_bid_with_29_support_points(robot, hand, expected):
    assert bid(robot, hand, "1C P 2H P 3H P 4D P") == expected
