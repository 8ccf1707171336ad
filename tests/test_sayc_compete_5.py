"""SAYC in competition, fifth round: the double of their sacrifice over our game (sayc.md 15:
a double of a bid over our freely bid game is for penalty), responder's own six-card suit
at the three level with the balance of strength, balancing over their 1NT response
(sayc.md 13: the direct seat's calls, a king lighter), and the doubler of a preempt bidding
3NT with 19+ and a stopper before his own suit, the advancer of Cappelletti's major and
a minor playing in his own six-card suit. North deals; the hands follow from
each agreement."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("calls, hand, expected", [
    # Opener bid game over partner's raise (19 + 6 = 25) and they sacrificed: double.
    ("1H 1S 2H 2S 4H 4S P P", "A5.AKJ83.KQ4.Q52", "X"),
    # The same over a major opening and partner's raise in spades.
    ("1S 2H 4S 5H P P", "AKJ83.A5.KQ4.Q52", "X"),
    # 15 + 6: our game was bid on shape, not on values; their bid may make.
    ("1H 1S 2H 2S 4H 4S P P", "A5.AKJ83.K64.952", "P"),
])
def test_double_of_their_sacrifice_over_our_game(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # 12 + opener's 10: the balance of strength, six diamonds: three of them, not a sale.
    ("843.2.AKJ984.A93", "3D"),
    # 10 + 10: no more than our share; eight trumps are worth the two level only.
    ("843.2.AQJ984.K93", "P"),
])
def test_responder_competes_in_his_six_card_suit(robot, hand, expected):
    assert bid(robot, hand, "1H 2C 2D 2S P P") == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # They stopped in 1NT after a suit: a natural two-level suit, 8-15 and two honours.
    ("1S P 1NT P P", "84.KQJ85.A73.962", "2H"),
    ("1S P 1NT P P", "84.AQ2.A73.KJ962", "2C"),
    # Also after opener's 1NT rebid.
    ("1C P 1H P 1NT P P", "84.A2.KQT73.J962", "2D"),
    # Four cards of their suit: they may be in the wrong contract; pass.
    ("1S P 1NT P P", "KJ84.KQJ85.73.96", "P"),
    # Too weak, even a king lighter.
    ("1S P 1NT P P", "84.QJ985.973.962", "P"),
    # Their 1NT opening is not a response: balancing there is a penalty double or pass.
    ("1NT P P", "84.KQJ85.A73.962", "P"),
])
def test_balancing_over_their_1nt_response(robot, calls, hand, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # 22 with their clubs stopped: game in notrump, not four of his long minor.
    ("AQJ.QJ.AKJ87.KJ8", "3NT"),
    # 19 and the stopper: the same.
    ("AQ2.Q2.AKJ87.K82", "3NT"),
    # 17 and no stopper: the strong double's long suit.
    ("AQ2.Q2.AKJ87.J82", "4D"),
])
def test_doubler_of_a_preempt_bids_3nt_before_his_suit(robot, hand, expected):
    assert bid(robot, hand, "3C X P 3H P") == expected


@pytest.mark.parametrize("hand, expected", [
    # Six clubs and a singleton heart: to play in clubs, however poor the suit; asking for
    # partner's minor would land in his four diamonds a level higher.
    ("AT94.Q.J2.986432", "3C"),
    # Five clubs: no suit to play opposite a singleton; ask for partner's minor.
    ("AT94.Q.J52.98643", "2NT"),
])
def test_advancer_of_cappelletti_plays_his_six_card_suit(robot, hand, expected):
    assert bid(robot, hand, "1NT 2H P") == expected
