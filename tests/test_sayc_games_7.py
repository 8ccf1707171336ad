"""SAYC uncontested games, vulnerable: at IMPs a vulnerable game pays at about 37% (45% not
vulnerable), so an invitation is accepted, and game chosen at the rebid level, one point
lighter when our side is vulnerable. The invitations themselves keep their ranges."""
from __future__ import annotations

import pytest

from tests.robots import bid


@pytest.mark.parametrize("hand, history, calls", [
    # 1NT-2C-2H-3H (8-9): 15 with four hearts is a minimum, 23 together: game vulnerable.
    ("AQ.KJ54.K843.Q32", "1NT P 2C P 2H P 3H P", ("P", "4H")),
    # 1C-1S-2C-3C (responder invites with clubs): 13 with six clubs and the red suits
    # guarded, 3NT vulnerable, a pass not.
    ("A4.K32.Q5.AJ8643", "1C P 1S P 2C P 3C P", ("P", "3NT")),
    ("A4.K32.K5.QJ8643", "1C P 1S P 2C P 3C P", ("P", "3NT")),
])
def test_invitation_accepted_a_point_lighter_vulnerable(robot, hand, history, calls):
    assert (bid(robot, hand, history, "None"), bid(robot, hand, history, "Both")) == calls


@pytest.mark.parametrize("hand, history, calls", [
    # 1C-1H-1NT (12-14): 12 opposite it is 24, game vulnerable, an invitation (2NT) not;
    # 11 invites either way, 13 is game either way.
    ("KJ5.AQ54.J32.J32", "1C P 1H P 1NT P", ("2NT", "3NT")),
    ("KJ5.AQ54.J32.532", "1C P 1H P 1NT P", ("2NT", "2NT")),
    ("KJ5.AQ54.J32.Q32", "1C P 1H P 1NT P", ("3NT", "3NT")),
    # 1NT-2D-2H: nine with five hearts is 24: 3NT (choice of games) vulnerable, else 2NT.
    ("K42.AQ873.543.32", "1NT P 2D P 2H P", ("2NT", "3NT")),
    # 1D-2D (6-10): 18 semi-balanced is 24: 3NT vulnerable, else 2NT asks for a maximum.
    ("K42.A3.KJ54.AQJ2", "1D P 2D P", ("2NT", "3NT")),
])
def test_game_at_the_rebid_a_point_lighter_vulnerable(robot, hand, history, calls):
    assert (bid(robot, hand, history, "None"), bid(robot, hand, history, "Both")) == calls


def test_the_opening_response_ranges_stay_as_written(robot):
    # 1NT-2NT is 8-9 whatever the vulnerability (sayc.md 7.1): nine balanced invites.
    hand = "K42.Q87.A432.532"
    assert (bid(robot, hand, "1NT P", "None"), bid(robot, hand, "1NT P", "Both")) == ("2NT", "2NT")


@pytest.mark.parametrize("hand, calls", [
    # 1D-1S-1NT with 12 (24 together): vulnerable, four spades bid 3NT; five go through
    # 2NT, where opener shows three of them (3S), as not vulnerable.
    ("KJ85.AQ54.J32.J3", ("2NT", "3NT")),
    ("KJ852.AQ5.J32.J3", ("2NT", "2NT")),
])
def test_five_card_major_invites_before_the_lighter_vulnerable_game(robot, hand, calls):
    history = "1D P 1S P 1NT P"
    assert (bid(robot, hand, history, "None"), bid(robot, hand, history, "Both")) == calls
