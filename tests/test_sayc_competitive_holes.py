"""SAYC competitive agreements that had no rule (sayc.md sections 7.1, 10, 12, 13): responder's
weak and medium hands over their takeout double of our minor, and the other holes listed in
each test. The hands follow from the agreement, one per call."""
from __future__ import annotations

import pytest

from tests.robots import choice as choose


@pytest.mark.parametrize("calls, hand, expected", [
    # 1NT: 6-9 without a four-card major.
    ("1C X", "K82.Q73.J84.Q732", "1NT"),
    ("1D X", "Q82.K73.Q84.J732", "1NT"),
    # Single raise: an eight-card fit (four diamonds opposite 1D), 6-9 HCP, not five trumps
    # for the preemptive jump raise.
    ("1D X", "K82.Q73.J842.Q73", "2D"),
    # A weak six-card suit at the two level, not forcing (with two top honours: a jump).
    ("1D X", "82.KQ3.4.J976432", "2C"),
    # Pass with under 6 HCP and nothing to preempt.
    ("1C X", "J82.Q73.8642.973", "P"),
])
def test_responder_over_their_double_of_our_minor(robot, calls, hand, expected):
    choice = choose(robot, hand, calls)
    assert str(choice.call) == expected
    assert choice.rule is not None and "after-their-double" in str(choice.rule.source)


@pytest.mark.parametrize("hand, expected", [
    ("KQ84.983.AK4.KJ3", "3S"),    # four cards in responder's spades
    ("K84.AJ3.AQ42.K53", "3NT"),   # their hearts stopped
    ("K84.983.AKQ4.KJ3", "4S"),    # hearts open: game in the four-three spade fit
    ("K8.983.AKQ4.KJ53", "4D"),    # hearts open, two spades: the longest suit, the higher of equals
])
def test_opener_answers_the_cue_bid_over_their_overcall_of_our_1nt(robot, hand, expected):
    """1NT (2H) 3H: game forcing with four spades (sayc.md 7.1: cue-bid = Stayman-like)."""
    choice = choose(robot, hand, "1NT 2H 3H P")
    assert str(choice.call) == expected
    assert choice.rule is not None and "interference-over-our-1nt" in str(choice.rule.source)


@pytest.mark.parametrize("hand, expected", [
    ("KJ4.A83.Q942.K53", "X"),     # 13 HCP: a king borrowed from the direct seat's 15
    ("KJ4.983.Q942.K53", "P"),     # 9 HCP: partner's pass left them the values
])
def test_balancing_double_of_their_1nt(robot, hand, expected):
    assert str(choose(robot, hand, "1NT P P").call) == expected


@pytest.mark.parametrize("hand, expected", [
    ("KJ4.A83.Q942.K53", "3NT"),   # opening values, their hearts stopped: nine tricks
    ("AK4.983.AK42.Q53", "4C"),    # hearts open, 16 support points: not eleven tricks
    ("AK4.9.AK432.Q532", "5C"),    # 28+ support points with the overcall's 10
])
def test_advancer_after_the_overcallers_minimum_rebid_in_a_minor(robot, hand, expected):
    """(1H) 2C (P) 2H (P) 3C (P): game in a minor is 3NT with their suit stopped."""
    assert str(choose(robot, hand, "1H 2C P 2H P 3C P").call) == expected


@pytest.mark.parametrize("calls, hand, expected", [
    # Responder over their balancing bid: nine trumps (a fourth) compete to the three level.
    ("1H P 2H P P 2S", "84.K983.Q942.J53", "3H"),
    ("1H P 2H P P 2S", "84.K98.Q942.J532", "P"),
    # Opener in the pass-out seat: a sixth trump competes, an eight-card fit sells out.
    ("1H P 2H P P 2S P P", "84.AQJ983.K94.A5", "3H"),
    ("1H P 2H P P 2S P P", "K84.AQJ98.K94.J5", "P"),
])
def test_competing_after_opener_passed_the_single_raise(robot, calls, hand, expected):
    choice = choose(robot, hand, calls)
    assert str(choice.call) == expected
    assert choice.rule is not None and "single-raise" in str(choice.rule.source)
