"""SAYC's constructive bidding, third round: opener's extras after a two-over-one (a jump
raise of the minor, a jump rebid that forces to game), the minor game responder reaches when
opener raises and 3NT is out, responder placing the game after his forcing new suit over a
preempt, Blackwood on 33+ points with a fit, a stopper shown below 3NT before a minor game,
slam values before a minor game opposite a 1NT rebid, opener's answer to a minor slam try
over Stayman. Hands written for the agreements (sayc.md 1, 5, 6, 7, 9, 14), not taken from
the shared cases."""
from __future__ import annotations

import pytest

from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named
from bidding.model.auction import Auction
from tests.robots import bid


@pytest.mark.parametrize("hand, calls, expected", [
    # 1S-2C: four clubs and 16+ (game opposite 10+) jump to 4C, forcing; 18-19 with the red
    # suits stopped bids 3NT; a minimum raises to 3C.
    ("AQJ75.K4.A2.Q765", "1S P 2C P", "4C"),
    ("AQJ75.K4.A2.KJ65", "1S P 2C P", "3NT"),
    # Opener's ranges count length (sayc.md 5): 15 HCP with six diamonds and four clubs is
    # 17 points, the jump raise.
    ("A4.7.KQJ853.AJ95", "1D P 2C P", "4C"),
    ("KJ875.Q4.A2.Q765", "1S P 2C P", "3C"),
    # 1H-2D-3D: responder with game values in points (a six-card suit) and a suit unstopped
    # for 3NT bids the minor game; without them (22 or less on the picture) he passes.
    ("J7.AJ.KQT854.K54", "1H P 2D P 3D P", "5D"),
    ("J7.A3.KQT854.954", "1H P 2D P 3D P", "P"),
    # 1S-2D-3S (16-18) forces to game: a six-card major opposite the four-level rebid is game.
    ("AQJ842.62.8.AK42", "1S P 2D P 3S P 4D P", "4S"),
    # 3C-3D (forcing)-4D: responder places the game; over a rebid of the preempter's suit,
    # with 3NT gone, five of his minor with two cards.
    ("K3.AQ4.AKQT82.73", "3C P 3D P 4D P", "5D"),
    ("K3.AQ4.AKQT82.73", "3C P 3D P 4C P", "5C"),
    # After a jump shift, opener with 15 HCP and a six-card suit (17 points) opposite 17+
    # points has 33+ with the fit: Blackwood. Eleven HCP settles for game.
    ("KQJ875.A4.6.AJ64", "1S P 3D P 3S P 4S P", "4NT"),
    ("KQT875.Q4.6.KJ64", "1S P 3D P 3S P 4S P", "P"),
    # 1C-1H-3C (16-18, six clubs): game values, spades held and diamonds not: 3S shows the
    # stopper; opener bids 3NT with diamonds held, else 5C.
    ("KQ84.KJ632.6.Q73", "1C P 1H P 3C P", "3S"),
    ("85.Q4.KQ3.AKJ972", "1C P 1H P 3C P 3S P", "3NT"),
    ("A52.Q4.53.AKQJ72", "1C P 1H P 3C P 3S P", "5C"),
    # Opposite opener's 1NT rebid (12-14) slam values come before the minor game: 21 HCP
    # bids 6NT, 20 asks with the quantitative 4NT.
    ("AQ54.K7.AKJ85.A3", "1D P 1S P 1NT P", "6NT"),
    ("AQ54.K7.AKJ85.K3", "1D P 1S P 1NT P", "4NT"),
    # 1S-2C-3C-3D: opener with seven spades shows them before supporting clubs past 3NT.
    ("AKJ8643.5.J2.KT9", "1S P 2C P 3C P 3D P", "3S"),
    # ...and when opener answers the new suit with 3NT (the unbid suit stopped), responder
    # without slam values or a major fit leaves it there rather than bid five of the minor.
    ("4.Q32.AKJ5.AKJ54", "1S P 2C P 3C P 3D P 3NT P", "P"),
    # 1NT-2C-2x-3C (six clubs, slam interest, 14+): opener with 17 and a fit asks for aces,
    # with less raises (forcing); responder leaves opener's 3NT (no fit) rather than bid 5C.
    ("AK4.AJ32.KQ5.Q52", "1NT P 2C P 2H P 3C P", "4NT"),
    ("K74.AQ32.K5.A652", "1NT P 2C P 2H P 3C P", "4C"),
    ("A4.K3.QJ5.KQJ543", "1NT P 2C P 2D P 3C P 3NT P", "P"),
])
def test_constructive_agreements(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected


def test_the_jump_rebid_over_a_two_over_one_is_not_passed(robot):
    """16-18 opposite 10+ is game: responder with a minimum two-over-one does not pass."""
    assert bid(robot, "7.KJ64.AQ953.Q42", "1S P 2D P 3S P") != "P"


def test_the_jump_shift_shows_its_points():
    """Both hand types of the jump shift promise 17+ points, so partner's picture counts them
    when he weighs slam in points (Blackwood on 33+ with a fit)."""
    system = system_named(ConventionLibrary(), "SAYC")
    jump_shift = system.explain(Auction.parse("1D P 2H P"))[2]
    assert jump_shift.shown.points[0] == 17
