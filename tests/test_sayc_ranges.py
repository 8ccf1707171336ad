"""SAYC raises and advances show partner a range (sayc.md sections 10-12): support points alone
put no HCP minimum into partner's picture, so a raise over interference looked like "any hand"
to the captaincy rules (`combined`). Each raise states the HCP range of its agreement beside
its support points, and opener's minimum rebids, in competition or not, say "at most 15".
Strong auctions likewise: the jump shift and the slow raise of a 2C opener show their values."""
from __future__ import annotations

from pathlib import Path

import pytest

from bidding.engine.constraints import FigureRange, Support
from bidding.engine.handfacts import MAX_HCP
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.model.auction import Auction


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


def test_the_jump_shift_shows_its_points(system):
    """Both hand types of the jump shift promise 17+ points, so partner's picture counts them
    when he weighs slam in points (Blackwood on 33+ with a fit)."""
    jump_shift = system.explain(Auction.parse("1D P 2H P"))[2]
    assert jump_shift.shown.points[0] == 17


def test_the_slow_raise_shows_values_to_opener(system):
    """2C-2D-2S-3S: the raise of the 2C opener's suit shows 8+ HCP."""
    raise_ = system.explain(Auction.parse("2C P 2D P 2S P 3S"))[-1]
    assert raise_.shown.hcp[0] == 8
