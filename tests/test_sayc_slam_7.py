"""SAYC slam agreements in game-forcing auctions: who moves when partner's range is open."""
import pytest

from tests.robots import bid


# Partner's five of our minor leaves no room for Blackwood (4NT lies below): the hand with
# the values that would have asked (31+ HCP with the fit, counting his minimum) bids six.
# 1D-2C (10+)-4C-5C: 21 HCP make 31, 16 only 26.
@pytest.mark.parametrize("hand, expected", [
    ("Q.AK86.AKT7.KQ53", "6C"),
    ("Q.AK86.KQT7.Q753", "P"),
])
def test_slam_over_partners_minor_game(robot, hand, expected):
    assert bid(robot, hand, "1D P 2C P 4C P 5C P") == expected


# 2C-2NT: a balanced opener below 33 with partner's 8 bids 3NT, which shows 22-24; responder
# counts on it as over any natural 3NT in a game force: 6NT on 33, quantitative 4NT below.
@pytest.mark.parametrize("hand, calls, expected", [
    ("AQ6.AKJ5.KJ7.KQ5", "2C P 2NT P", "3NT"),             # 23: 31 with his 8
    ("KJ5.Q93.K842.T93", "2C P 2NT P 3NT P", "4NT"),       # 9: 31-33
    ("KJ5.Q93.K842.Q93", "2C P 2NT P 3NT P", "6NT"),       # 11: 33
])
def test_notrump_after_a_balanced_positive_to_2c(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# Opener raised the jump shift's major: a fit agreed below game, so the jump shifter makes a
# control bid (his cheapest ace, here diamonds), and opener cooperates with 29+ support points
# counting the jump shift's 17 points (15 with the doubleton: Blackwood), else signs off.
def test_jump_shifter_control_bids_after_the_raise(robot):
    assert bid(robot, "965.AK743.AK4.K6", "1C P 2H P 3H P") == "4D"


@pytest.mark.parametrize("hand, expected", [
    ("AKJ8.952.T5.AQ72", "4NT"),
    ("QJ82.952.T5.AQ72", "4H"),
])
def test_opener_answers_the_jump_shifters_control_bid(robot, hand, expected):
    assert bid(robot, hand, "1C P 2H P 3H P 4D P") == expected


# Opposite a range ten points wide (an opening facing a jump shift) the slam zone starts two
# points lower on partner's minimum: 6NT on 29 without a fit (19 HCP with opener's 10), 27 HCP
# with a nine-card major fit asks for aces (1S-3H-3S: his six spades, my three).
@pytest.mark.parametrize("hand, calls, expected", [
    ("AK97.AKQ96.K8.64", "1C P 2H P 3C P", "6NT"),     # 19: 29
    ("AK97.AKJ96.Q8.64", "1C P 2H P 3C P", "3NT"),     # 17: 27
    ("K95.AKQ75.A972.Q", "1S P 3H P 3S P", "4NT"),     # 18: 28 with nine trumps
    ("K95.AKJ75.K972.Q", "1S P 3H P 3S P", "4S"),      # 16: 26
])
def test_slam_opposite_a_wide_range(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# Jacoby 2NT: opener's shortness leaves his range the opening's, so responder asks on 27+
# with the nine-card fit, and below that makes a control bid while opener's maximum could
# reach the slam zone (SAYC control bids); opener's 4M (a minimum) is a range, and responder
# asks in the slam zone of the fit, 29+ counting it. Responder's own 4M stays a sign-off.
@pytest.mark.parametrize("hand, calls, expected", [
    ("A983.A76.Q5.AK82", "1S P 2NT P 3C P", "4NT"),           # 17: 27
    ("A983.Q76.Q5.AK82", "1S P 2NT P 3C P", "4C"),            # 15: 25, the club ace
    ("A983.J76.Q5.QJ82", "1S P 2NT P 3C P", "4S"),            # 11: 21
    ("A983.K76.A5.AKJ2", "1S P 2NT P 4S P", "4NT"),           # 19: 29
    ("A983.K76.Q5.AKQ2", "1S P 2NT P 4S P", "P"),             # 18: 28
    ("A4.KJT86.AKJ75.6", "1H P 2NT P 4D P 4H P", "P"),        # his sign-off
])
def test_jacoby_slam_zone(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# With every ace and 36+ support points in a major fit, 5NT asks for kings, and seven follows
# with every king: opener's 18 HCP and singleton (21 in hearts) with the jump shift's 17.
@pytest.mark.parametrize("calls, expected", [
    ("1H P 3C P 3S P 4H P 4NT P 5H P", "5NT"),
    ("1H P 3C P 3S P 4H P 4NT P 5H P 5NT P 6H P", "7H"),    # two kings and mine
    ("1H P 3C P 3S P 4H P 4NT P 5H P 5NT P 6D P", "6H"),    # a king missing
])
def test_grand_slam_with_every_key_card(robot, calls, expected):
    assert bid(robot, "AKQ7.AKQT3.982.8", calls) == expected
