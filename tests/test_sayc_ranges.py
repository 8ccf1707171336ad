"""SAYC raises and advances show partner a range (sayc.md sections 10-12): support points alone
put no HCP minimum into partner's picture, so a raise over interference looked like "any hand"
to the captaincy rules (`combined`). Each raise states the HCP range of its agreement beside
its support points, and opener's minimum rebids, in competition or not, say "at most 15"."""
from __future__ import annotations

from pathlib import Path

import pytest

from bidding.engine.constraints import FigureRange, Support
from bidding.engine.handfacts import MAX_HCP
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.model.auction import Auction
from tests.robots import bid

SAYC_FOLDERS = ("competitive", "responses")


@pytest.fixture(scope="module")
def system():
    return system_named(ConventionLibrary(), "SAYC")


@pytest.fixture(scope="module")
def robot(system):
    return Robot(system, opponents=system)


@pytest.mark.parametrize("calls, hcp", [
    # Responder's raises over their overcall keep their uncontested ranges.
    ("1S 2D 2S P", (5, 10)),
    ("1S 2D 3S P", (7, 12)),
    ("1D 1S 2D P", (4, 9)),
    ("1D 1S 3D P", (10, 12)),
    # Raises after their takeout double: single, preemptive jump, Jordan 2NT.
    ("1H X 2H P", (5, 9)),
    ("1S X 3S P", (0, 9)),
    ("1H X 2NT P", (7, MAX_HCP)),
    # Advancer's raises of an overcall: single, preemptive jump, cue-bid raise.
    ("1H 1S P 2S P", (5, 9)),
    ("1H 1S P 3S P", (0, 9)),
    ("1H 1S P 2H P", (7, MAX_HCP)),
    # Advancing a balancing overcall: three points more than opposite a direct one.
    ("1H P P 1S P 2S P", (5, 12)),
    ("1H P P 1S P 3S P", (10, 15)),
    # Opener's minimum rebid after a negative double, a single raise after a free bid.
    ("1D 1S X P 2H P", (10, 15)),
    ("1C 1D 1H P 2H P", (10, 15)),
    # Opener's rebid of his own suit is a minimum, after a one-level response (five or six
    # cards) and after a two-over-one (sayc.md 5).
    ("1C P 1H P 2C P", (10, 15)),
    ("1H P 1S P 2H P", (10, 15)),
    ("1D P 2C P 2D P", (10, 15)),
    ("1S P 2D P 2S P", (10, 15)),
    ("1S P 2H P 2S P", (10, 15)),
])
def test_raise_shows_its_range(system, calls, hcp):
    """The player who made the last bid has shown the agreement's HCP range."""
    bidder = system.explain(Auction.parse(calls))[-2]
    assert bidder.shown.hcp == hcp


def test_support_point_raises_state_hcp():
    """Every raise or cue-bid raise in our folders that counts support points also states an
    HCP range, which is what partner's picture (and so `combined`) reads."""
    library = ConventionLibrary()
    missing = []
    for node in system_named(library, "SAYC").nodes():
        spec = node.spec
        source = str(spec.source)
        if spec.kind not in ("raise", "cuebid") or \
                not any(f"/sayc/{folder}/" in source for folder in SAYC_FOLDERS):
            continue
        for handtype in spec.handtypes or ():
            counts_support = any(isinstance(c, Support) for c in handtype.constraints)
            states_hcp = any(isinstance(c, FigureRange) and c.figure == "hcp"
                             for c in handtype.constraints)
            if counts_support and not states_hcp:
                missing.append(f"{Path(spec.source.file).name}:{handtype.line}")
    assert missing == []


@pytest.mark.parametrize("hand, calls, expected", [
    # 1S (2D): six HCP and three trumps is a single raise, 9 HCP and four trumps with a
    # doubleton (11 support points) the limit raise, a ten-count with four trumps and a
    # singleton (13) the cue-bid raise.
    ("K72.843.Q9632.J5", "1S 2D", "2S"),
    ("KJ72.84.Q932.A65", "1S 2D", "3S"),
    ("KJ72.8.QT93.A652", "1S 2D", "3D"),
    # Advancer: a single raise with 7 HCP and three trumps, the cue-bid with a limit raise.
    ("Q74.853.K962.J54", "1H 1S P", "2S"),
    ("KJ74.85.A962.J54", "1H 1S P", "2H"),
    # Overcaller accepts advancer's cue-bid raise with 14+: in a minor 3NT when their suit is
    # stopped, four of the minor when it is not.
    ("T6.A82.Q8.AKQ832", "P P 1H 2C P 2H P", "3NT"),
    ("T6.82.AQ8.AKQ832", "P P 1H 2C P 2H P", "4C"),
    # After their double: a single raise with 7 HCP, Jordan 2NT with 11 and four trumps.
    ("84.Q73.K9632.J54", "1H X", "2H"),
    ("84.KJ73.A963.Q54", "1H X", "2NT"),
    # Opener's minimum after a negative double names his four-card major at the cheapest
    # level; with 16-18 he jumps.
    ("52.KJ84.AQ984.Q7", "1D 1S X P", "2H"),
    ("52.AKJ4.AQ984.K7", "1D 1S X P", "3H"),
    # Uncontested, a minimum with nothing better rebids the five-card suit; 12 HCP with four
    # hearts cannot reverse. After a two-over-one: a minimum rebids his suit; 18-19 balanced
    # bids 3NT.
    ("A3.A632.A9763.92", "1D P 1S P", "2D"),
    ("K5.AQ8742.K73.96", "1H P 2C P", "2H"),
    ("K5.AQ874.KQ7.AJ2", "1H P 2C P", "3NT"),
])
def test_raise_agreements(robot, hand, calls, expected):
    assert bid(robot, hand, calls) == expected
