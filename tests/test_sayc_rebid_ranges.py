"""SAYC opener's and responder's constructive rebids show partner the range of their agreement
(sayc.md 5 and 6), so that partner's picture, which `combined` reads, is not left at what the
opening alone showed."""
from __future__ import annotations

import pytest

from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.model.auction import Auction
from tests.robots import bid


@pytest.fixture(scope="module")
def system():
    return system_named(ConventionLibrary(), "SAYC")


@pytest.fixture(scope="module")
def robot(system):
    return Robot(system, opponents=system)


@pytest.mark.parametrize("calls, hcp", [
    # Opener's rebid of his own suit is a minimum, after a one-level response (five or six
    # cards) and after a two-over-one.
    ("1C P 1H P 2C P", (10, 15)),
    ("1H P 1S P 2H P", (10, 15)),
    ("1D P 2C P 2D P", (10, 15)),
    ("1S P 2D P 2S P", (10, 15)),
    ("1S P 2H P 2S P", (10, 15)),
])
def test_rebid_shows_its_range(system, calls, hcp):
    """The player who made the last bid has shown the agreement's HCP range."""
    bidder = system.explain(Auction.parse(calls))[-2]
    assert bidder.shown.hcp == hcp


@pytest.mark.parametrize("hand, calls, expected", [
    # A minimum with nothing better rebids the five-card suit; 12 HCP with four hearts
    # cannot reverse.
    ("A3.A632.A9763.92", "1D P 1S P", "2D"),
    # After a two-over-one: a minimum rebids his suit; 18-19 balanced bids 3NT.
    ("K5.AQ8742.K73.96", "1H P 2C P", "2H"),
    ("K5.AQ874.KQ7.AJ2", "1H P 2C P", "3NT"),
])
def test_rebid_agreements(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected
