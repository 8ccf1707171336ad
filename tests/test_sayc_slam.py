"""SAYC slam bidding in strong auctions, on hands written for the agreements (not taken from
the shared cases): over partner's natural 3NT in an auction with a jump shift, whose range
has no upper limit, 4NT is quantitative (sayc.md 14): invite with 29-30 counting his minimum,
accept with 31+ counting the inviter's minimum, bid 6NT with 31+ (double dummy without a fit:
31 HCP make slam 69% of the time, 30 only 30%). With a major
agreed in a game force, control bids (sayc.md 14): the captain whose slam depends on
partner's extras bids his cheapest ace or void below game; partner returns a control bid or
asks for aces with the upper part of his range, else signs off."""
from __future__ import annotations

import pytest

from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named
from bidding.model.auction import Auction
from bidding.model.cards import Seat
from tests.robots import bid


JUMP_SHIFT_3NT = "1C P 2S P 3D P 3NT P"   # 2S: jump shift, 14+ HCP; 3NT: natural


@pytest.mark.parametrize("hand, expected", [
    ("Q5.K8.KJ76.AJ962", "P"),      # 14: 28 counting his 14, no slam
    ("Q5.K8.AJ76.AJ962", "4NT"),    # 15: 29, slam only if he has extras
    ("Q5.K8.AKJ6.AJ962", "6NT"),    # 18: 32, slam on his minimum
    ("Q5.KQ.AKJ6.AK962", "6NT"),    # 21: 35
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


# After 2C-2D-2S the raises say how much responder holds (fast arrival): the jump to game is
# the weak raise, the slow one shows 8+ HCP, which opener counts toward slam.
@pytest.mark.parametrize("hand, expected", [
    ("Q76.J742.863.865", "4S"),     # 3 HCP
    ("Q76.J42.K63.A865", "3S"),     # 10 HCP
])
def test_raises_of_opener_major_after_2c_2d(robot, hand, expected):
    assert bid(robot, hand, "2C P 2D P 2S P") == expected


def test_the_slow_raise_shows_values_to_opener():
    sayc = system_named(ConventionLibrary([]), "SAYC")
    raise_ = sayc.explain(Auction(Seat.NORTH, "2C P 2D P 2S P 3S".split()))[-1]
    assert raise_.shown.hcp[0] == 8


TWO_CLUBS_RAISED = "2C P 2D P 2H P 3H P"     # 3H: 8+ HCP, three or more hearts


@pytest.mark.parametrize("hand, expected", [
    ("AKQ5.AKQJ2.A87.5", "4NT"),    # 25 HCP: 33 on partner's minimum, no void: aces
    ("AK5.AKJ32.AQ7.65", "3S"),     # 21 HCP: slam if partner has extras; the spade ace
    ("KQJ5.AKQ32.AQ87.", "4C"),     # a void, which Blackwood cannot place: the club void
])
def test_captain_with_a_major_fit_in_a_game_force(robot, hand, expected):
    assert bid(robot, hand, TWO_CLUBS_RAISED) == expected


@pytest.mark.parametrize("hand, expected", [
    ("Q76.J42.K63.A865", "4H"),     # 10 support points: the bottom of his range
    ("K642.K942.A632.5", "4D"),     # 13 with the singleton: the diamond ace, below 4H
    ("K98.QJT54.K.KQ98", "4NT"),    # 17: no ace or void below game, no void: aces
])
def test_answers_to_a_control_bid(robot, hand, expected):
    assert bid(robot, hand, TWO_CLUBS_RAISED + " 3S P") == expected


@pytest.mark.parametrize("hand, calls, expected", [
    ("AK5.AKJ32.AQ7.65", " 3S P 4D P", "4NT"),    # both cooperate: aces
    ("KQJ5.AKQ32.AQ87.", " 4C P 4D P", "6H"),     # with a void: the small slam
    ("AK5.AKJ32.AQ7.65", " 3S P 4H P", "P"),      # partner signed off
])
def test_captain_after_the_answer(robot, hand, calls, expected):
    assert bid(robot, hand, TWO_CLUBS_RAISED + calls) == expected


# Jacoby 2NT (11+ HCP, four spades) and opener's shortness: responder counts his own
# shortness with the fit, except opposite opener's (the same ruffs).
@pytest.mark.parametrize("hand, calls, expected", [
    ("QJT985.AK.J.A972", "1S P 2NT P 3C P", "3H"),    # 19 support points: the heart ace
    ("KJT985.Q5.Q4.KJ2", "1S P 2NT P 3C P", "4S"),    # 14: game
    ("KJ93.T.K8.AKQ852", "1S P 2NT P 3H P", "4S"),    # the singleton heart adds nothing
])
def test_jacoby_responder_after_shortness(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    ("AK732.AJ3.AQ98.4", "4D"),     # 18 HCP and the singleton: the diamond ace
    ("KQ732.J93.KJ83.4", "4S"),     # 11 HCP: the bottom of his range
])
def test_jacoby_opener_answers_a_control_bid(robot, hand, expected):
    assert bid(robot, hand, "1S P 2NT P 3C P 3H P") == expected


# Blackwood counts support points with the fit: after 2C-2NT (8+ HCP)-3H-4H (partner's game
# placed the strain in a game force, no sign-off), opener asks in the slam zone of an
# eight-card fit, 31+ support points with partner's minimum: 22 HCP with a singleton (33) or
# a doubleton (31); 18 HCP and two doubletons make 28, and a nine-card fit's 29 HCP is not
# there either (26).
@pytest.mark.parametrize("hand, expected", [
    ("AQ7.AKJ85.AKJ2.5", "4NT"),
    ("AQ7.AKJ85.AKJ.52", "4NT"),
    ("AK.AKQ985.Q72.52", "P"),
])
def test_blackwood_on_support_points_after_partners_game_raise(robot, hand, expected):
    assert bid(robot, hand, "2C P 2NT P 3H P 4H P") == expected


# 2C then a balanced positive (2NT, 8+ HCP): balanced opener bids the slam in notrump when
# his HCP and partner's minimum reach 33, else 3NT.
@pytest.mark.parametrize("hand, expected", [
    ("KQ6.AK8.AK8.AK84", "6NT"),    # 26 + 8
    ("KQ6.AK8.AK8.AJ84", "3NT"),    # 24 + 8
])
def test_balanced_2c_opener_after_the_2nt_positive(robot, hand, expected):
    assert bid(robot, hand, "2C P 2NT P") == expected


# The slam zone of a known fit (double dummy): nine trumps make slam odds-on from 29 HCP
# combined, eight from 31 support points; the captain asks for aces there. After 2C-2D-2H-3H
# (8+ HCP, three hearts) opener with 21 HCP asks with six hearts, and with five (29 HCP, 30
# support points) only tries with a control bid.
@pytest.mark.parametrize("hand, expected", [
    ("AK5.AKJ532.AQ7.6", "4NT"),
    ("AK5.AKJ32.AQ7.65", "3S"),
])
def test_blackwood_in_the_slam_zone_of_a_known_fit(robot, hand, expected):
    assert bid(robot, hand, TWO_CLUBS_RAISED) == expected


# Partner's own game bid is a sign-off: the slam zone does not override it, full slam values
# (31 HCP with his minimum) do. Jacoby 2NT (13+), opener's good five-card diamonds, responder
# signs off in 4H.
@pytest.mark.parametrize("hand, expected", [
    ("K4.AQJ86.KQJ75.6", "P"),      # 16: 29 with nine trumps, but partner signed off
    ("A4.AKQ86.KQJ75.6", "4NT"),    # 19: 32
])
def test_partners_game_bid_is_a_sign_off(robot, hand, expected):
    assert bid(robot, hand, "1H P 2NT P 4D P 4H P") == expected


# Opposite a limited partner the captain adds ranges (sayc.md 16.2): after opener's 2NT
# rebid (18-19), 6NT on 33 counting his minimum, quantitative 4NT when only his maximum
# reaches 33, 3NT below.
@pytest.mark.parametrize("hand, expected", [
    ("Q53.KJ4.AQ8.K962", "6NT"),    # 15
    ("Q53.KJ4.AQ8.Q962", "4NT"),    # 14
    ("Q53.KJ4.AQ8.J962", "3NT"),    # 13: 32 at most
])
def test_notrump_slam_opposite_the_2nt_rebid(robot, hand, expected):
    assert bid(robot, hand, "1C P 1H P 2NT P") == expected


# 3NT in a game force is natural, not the end: after 2C-2NT (8+)-3C-3NT partner is 8-10
# (with 11 he bid 6NT himself opposite the 2C opener's wide range), so opener counts his HCP
# with partner's minimum: 6NT on 33, quantitative 4NT on 29-32.
@pytest.mark.parametrize("hand, expected", [
    ("AQ64.AK.AQ.KQJ84", "6NT"),    # 25
    ("AQ64.AK.A5.KQJ84", "4NT"),    # 23
    ("AQ64.AK.K5.KQJ84", "4NT"),    # 22
])
def test_opener_over_3nt_in_a_2c_game_force(robot, hand, expected):
    assert bid(robot, hand, "2C P 2NT P 3C P 3NT P") == expected


# In a minor the zone holds once partner has raised it to the four level: 1H (10+)-3C (jump
# shift)-4C (three clubs): 32 support points ask for aces; so does the jump shift's 17+ points
# opposite the opening, once the raise shows the fit (tests/test_sayc_slam_9.py).
@pytest.mark.parametrize("hand, expected", [
    ("A3.A2.KQ64.AKT82", "4NT"),    # 20 HCP, two doubletons: 22 support points
    ("K3.A2.AQ64.AJT82", "4NT"),    # 18 HCP: 20 support points, 19 points
])
def test_blackwood_in_a_minor_raised_to_the_four_level(robot, hand, expected):
    assert bid(robot, hand, "1H P 3C P 4C P") == expected


# Quantitative 4NT opposite a limited notrump rebid, with the ranges of 1NT-4NT (sayc.md 7.1:
# 16-17 opposite 15-17, 31-32 on opener's minimum, slam possible on his maximum): opposite
# 1C-1D-2NT (18-19) 13 has no slam (31-32), 14 invites (32-33) and 15 bids it (33).
@pytest.mark.parametrize("hand, calls, expected", [
    ("KJ4.Q93.AJ862.Q3", "1C P 1D P 2NT P", "3NT"),    # 13
    ("KJ4.Q93.AJ862.K3", "1C P 1D P 2NT P", "4NT"),    # 14
    ("KJ4.K93.AJ862.K3", "1C P 1D P 2NT P", "6NT"),    # 15
])
def test_quantitative_invitation_opposite_the_2nt_rebid(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


# Opposite a 1NT rebid (12-14) 4NT shows 19-20 (31-32 on his 12): he bids 6NT with 13-14
# (32+ with my 19) and passes with 12. Before, 33 on the inviter's minimum was needed.
@pytest.mark.parametrize("hand, expected", [
    ("K95.Q4.KJ84.QJ73", "P"),      # 12
    ("K95.Q4.KJ84.KJ73", "6NT"),    # 13
])
def test_1nt_rebidder_answers_the_quantitative_4nt(robot, hand, expected):
    assert bid(robot, hand, "1C P 1H P 1NT P 4NT P") == expected


@pytest.mark.parametrize("hand, expected", [
    ("AQ5.AKJ4.Q83.Q92", "3NT"),    # 18: 30-32, no slam on his maximum
    ("AQ5.AKJ4.K83.Q92", "4NT"),    # 19
    ("AQ5.AKJ4.KJ3.Q92", "4NT"),    # 20
    ("AQ5.AKJ4.Q83.AJ9", "6NT"),    # 21: 33 on his minimum
])
def test_responder_opposite_the_1nt_rebid(robot, hand, expected):
    assert bid(robot, hand, "1C P 1H P 1NT P") == expected


def test_blackwood_asker_passes_the_5c_answer_in_clubs(robot):
    """Clubs agreed and two aces missing: the 5C answer is the sign-off, so the asker
    passes (before, 5C could not be bid again and slam placement bid 6C off two aces)."""
    hand = "AK97.AQ2.3.T8632"
    assert bid(robot, hand, "P 1D P 2C P 2H P 3S P 4C P 4NT P 5C P") == "P"


def test_blackwood_asker_passes_the_5d_answer_in_diamonds(robot):
    """Diamonds agreed, the 5D answer shows one ace and the asker holds one: two are missing
    and 5D is already our contract, so he passes (before, slam placement bid 6D)."""
    hand = "J.Q2.KT952.AKJ53"
    assert bid(robot, hand, "P 1S P 2D P 4D P 4NT P 5D P") == "P"
