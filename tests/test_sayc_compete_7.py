"""SAYC in competition after our opening, seventh round: opening opposite opening is game;
opener competes in the major partner's negative double showed; opener's game and
invitation after responder's free notrump.
North deals; the hands follow from each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # Their raise took away 1S: four spades opposite the double's four are eight trumps,
    # the two level, with a minimum, whatever the shortness.
    ("1D 1H X 2H", "KQ73.4.AQ852.K93", "2S"),
    ("1D 1H X 2H", "KQ73.42.AQ852.K9", "2S"),
    # Three spades (and three hearts, no takeout double): no fit to compete in.
    ("1D 1H X 2H", "KQ7.942.AQ85.K93", "P"),
])
def test_opener_competes_in_the_major_the_negative_double_showed(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Over their raise opener's 2S may be a minimum: responder needs an opening for game,
    # and invites with 11-12 support points (test_sayc_compete_8: support points count)...
    ("1C 1D X 2D 2S P", "QJ73.K42.A3.KJ42", "4S"),
    ("1C 1D X 2D 2S P", "QJ73.K42.83.KJ42", "3S"),
    ("1C 1D X 2D 2S P", "QJ73.K42.863.KJ4", "P"),
    # ...while without their raise 2S is a jump, 16-18, and 8 HCP is enough.
    ("1C 1D X P 2S P", "QJ73.942.Q3.KJ42", "4S"),
    ("1C 1D X P 2S P", "QJ73.942.83.KJ42", "P"),
])
def test_responder_counts_opener_minimum_when_2s_is_no_jump(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # 17 HCP and six running clubs opposite a free 1NT (6-10, spades stopped): 25 in points.
    ("1C 1S 1NT P", "K7.82.KQ8.AKQT42", "3NT"),
    # One point less: 16-18 points with the six-card suit invite with the jump rebid.
    ("1C 1S 1NT P", "K7.82.KQ8.AKJ942", "3C"),
    # 18 balanced: 24 with responder's minimum, game if he is above it: 2NT.
    ("1D 1H 1NT P", "AQ5.K72.KQ84.K53", "2NT"),
    # Responder accepts with 8+, declines with less.
    ("1D 1H 1NT P 2NT P", "J76.Q5.J75.KQ842", "3NT"),
    ("1D 1H 1NT P 2NT P", "J76.Q5.J75.K8642", "P"),
])
def test_opener_after_a_free_notrump(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Their jump raise: eight trumps with half the deck in support points (20+ with the
    # double's minimum) compete at the three level (test_sayc_compete_8), and game values
    # (25+) bid game: 13 HCP and a singleton are 22 with the double's 6, 17 and a
    # singleton 26; 15 and two doubletons opposite the two-level double's 8, 25.
    ("1D 1H X 3H", "AQ73.2.KQ852.Q42", "3S"),
    ("1D 1H X 3H", "AQ73.2.AKJ52.Q42", "4S"),
    ("1H 2C X 3C", "AQ73.KQ952.63.42", "3S"),
    ("1H 2C X 3C", "AQ73.KQJ52.K3.42", "4S"),
    # 12 HCP and a doubleton: 19 together, not half the deck.
    ("1D 1H X 3H", "AQ73.942.KQ85.J2", "P"),
])
def test_opener_competes_at_three_in_the_doubles_major_with_the_balance(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # 2NT over their double was a limit raise or better: over opener's sign-off an opening
    # hand (13 support points, 13 HCP) bids game...
    ("1S X 2NT P 3S P", "KJ74.A83.K652.Q4", "4S"),
    ("1D X 2NT P 3D P", "K74.A83.KQ652.Q4", "3NT"),
    # ...a limit raise passes.
    ("1S X 2NT P 3S P", "KJ74.J83.K652.Q4", "P"),
    ("1D X 2NT P 3D P", "K74.983.KQ652.Q4", "P"),
])
def test_responder_bids_game_over_the_sign_off_after_2nt_over_their_double(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Partner opened (10-21): an opening of mine in support points (11 HCP, a singleton
    # with three trumps: 13) is game in his major...
    ("1H 1S 2C 2S P P", "7.K84.AJ9.QJ8642", "4H"),
    # ...12 is not: compete with the double instead.
    ("1H 1S 2C 2S P P", "7.Q84.AJ9.QJ8642", "X"),
    # My own six-card major with 13 points opposite his opening: game.
    ("1C P 1S 3H P P", "AQJ873.52.A54.83", "4S"),
    ("1C P 1S 3H P P", "KQJ873.52.A54.83", "P"),
])
def test_opening_opposite_opening_is_game_in_a_major(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected
