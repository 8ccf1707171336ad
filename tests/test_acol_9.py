"""Acol agreements of acol-9, on hands written for them.

Opener's notrump jumps after a one-level response: a balanced 12-14 opens the weak notrump
and 15-16 rebids 1NT, so 2NT is 17-18 and 19 jumps to 3NT (a one-level response promises
6: 19 + 6 is game)."""
import pytest

from tests.robots import bid, shipped_robot


@pytest.fixture(scope="module")
def acol():
    return shipped_robot("Acol")


@pytest.mark.parametrize("hand, calls, expected", [
    ("AQ4.K92.KQ73.AJ4", "1D P 1H P", "3NT"),      # 19 balanced: game opposite 6+
    ("AQ4.K92.KQ73.A54", "1D P 1H P", "2NT"),      # 18: 17-18, invitational
    ("AQ4.KJ2.K973.AQ4", "1D P 1NT P", "3NT"),     # 19 over the 1NT response (6-9)
    ("AQ4.KJ2.K973.A54", "1D P 1NT P", "2NT"),     # 17: invites
])
def test_openers_notrump_jumps(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    ("863.K8532.Q72.J4", "1D P 1H P 3NT P", "P"),       # game reached
    ("86.KQ9853.Q72.J4", "1D P 1H P 3NT P", "4H"),      # six-card major: opener has two+
    ("863.KJ53.Q72.J84", "1D P 1H P 2NT P", "3NT"),     # 7 opposite 17-18: game
    ("863.K853.Q72.J84", "1D P 1H P 2NT P", "P"),       # 6: not opposite 17-18
])
def test_responder_after_a_notrump_jump(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Partner's four of a major in a game force stands: five of his minor scores less.
    ("AKQJ52.AK.A4.J32", "2C P 2D P 2S P 3C P 3S P 4S P", "P"),
    ("AKQJ52.AK.A4.J32", "2C P 2D P 2S P 3D P 3S P 4S P", "P"),
    # ...but not his game in another suit when mine is a six-card major: game in mine.
    ("AKQJ52.4.AK4.AQ3", "2C P 2D P 2S P 3H P 3S P 4H P", "4S"),
])
def test_partners_major_game_stands_in_a_game_force(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Opener's 3NT over the two-over-one is 17-19: 15 makes 32 on his minimum, 34 on his
    # maximum: the quantitative 4NT; 17 makes 34 on his minimum: 6NT.
    ("K5.Q4.AKJ852.Q73", "1H P 2D P 3NT P", "4NT"),
    ("K5.Q4.AKJ852.KQ3", "1H P 2D P 3NT P", "6NT"),
    ("K5.Q4.AJ8752.Q73", "1H P 2D P 3NT P", "P"),        # 12: 31 at most
])
def test_notrump_slam_opposite_openers_notrump_rebid_over_a_two_over_one(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Four trumps and shortness, 13+ support points, under Jacoby's 11 HCP: game.
    ("A984.QJ84.4.K953", "1H P", "4H"),          # 10 HCP and a singleton
    ("K9843.QJ84..K953", "1H P", "4H"),          # 9 HCP and a void
    ("QJ84.A984.4.K953", "1S P", "4S"),
    ("A984.QJ84.42.K95", "1H P", "3H"),          # 12 support points: the limit raise
    ("A984.KJ84.4.K953", "P P 1H P", "4H"),      # a passed hand's 11: no Jacoby 2NT
])
def test_game_raise_with_four_trumps_and_shortness(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # The weak notrump's super-accept: the top of 12-14 with four trumps jumps.
    ("AQ84.KJ73.Q52.Q4", "1NT P 2D P", "3H"),       # 14, four hearts
    ("AQ84.KJ73.Q52.J4", "1NT P 2D P", "2H"),       # 13: completes
    ("KJ73.AQ84.Q52.Q4", "1NT P 2H P", "3S"),
    ("84.KT953.K52.Q43", "1NT P 2D P 3H P", "4H"),  # 8 opposite 14: game in the nine-card fit
    ("84.QT953.J52.943", "1NT P 2D P 3H P", "P"),
])
def test_weak_notrump_super_accept(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected
