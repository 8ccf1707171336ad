"""SAYC's fallback (conventions/sayc/sayc-fallback.conv): natural bidding off the system's tree.

The robots here play a small test system whose tree stops right after the opening or the
first response (1NT; 1S with a single raise; 1H with a raise; 1C with a 1S response, or a
raise and a 3NT rebid; 1D alone), with SAYC's fallback behind it, so every later call comes
from the fallback and the tests do not depend on the rest of SAYC. Each hand follows from the agreement the rule
states (captaincy by the combined values of the picture, the law of total tricks), not from
a case.
"""
from __future__ import annotations

import pytest

from bidding.model.auction import Auction
from bidding.model.cards import Hand
from bidding.engine.library import ConventionLibrary, REPO_ROOT
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.engine.xmlreader import ActionSpec, parse_file
from tests.robots import choice, shipped_robot

FALLBACK = REPO_ROOT / "conventions" / "sayc" / "sayc-fallback.conv"

TEST_OPENINGS = """<?xml version="1.0"?>
<convention>
  <name>Fallback test openings</name>
  <actions>
    <open bid="1NT" meaning="test 1NT">
      <handtypes><type><HCP min="15" max="17"/><balanced/></type></handtypes>
    </open>
    <open bid="1S" meaning="test 1S">
      <handtypes><type><HCP min="12" max="21"/><spades min="5"/></type></handtypes>
      <raise bid="2S" meaning="test single raise">
        <handtypes><type><spades min="3"/><HCP min="6" max="10"/></type></handtypes>
      </raise>
    </open>
    <open bid="1H" meaning="test 1H">
      <handtypes><type><HCP min="12" max="21"/><hearts min="5"/></type></handtypes>
      <raise bid="2H" over="all" meaning="test single raise, over their call too">
        <handtypes><type><hearts min="3"/><HCP min="6" max="10"/></type></handtypes>
      </raise>
    </open>
    <open bid="1C" meaning="test 1C">
      <handtypes><type><HCP min="12" max="21"/><clubs min="3"/></type></handtypes>
      <respond bid="1S" over="all" meaning="test 1S response">
        <handtypes><type><HCP min="6"/><spades min="4"/></type></handtypes>
      </respond>
      <raise bid="2C" meaning="test club raise">
        <handtypes><type><HCP min="6" max="10"/><clubs min="5"/></type></handtypes>
        <rebid bid="3NT" meaning="test 3NT rebid">
          <handtypes><type><HCP min="18" max="19"/><balanced/></type></handtypes>
        </rebid>
      </raise>
    </open>
    <open bid="1D" meaning="test 1D, without continuations">
      <handtypes><type><HCP min="12" max="21"/><diamonds min="4"/></type></handtypes>
    </open>
  </actions>
</convention>
"""

TEST_SYSTEM = """<?xml version="1.0"?>
<system>
  <name>Fallback test</name>
  <convention name="Fallback test openings"/>
  <fallback name="SAYC fallback"/>
</system>
"""


@pytest.fixture(scope="module")
def robot(tmp_path_factory) -> Robot:
    directory = tmp_path_factory.mktemp("fallback")
    (directory / "fallback-test-openings.conv").write_text(TEST_OPENINGS)
    (directory / "fallback-test.system").write_text(TEST_SYSTEM)
    return Robot(system_named(ConventionLibrary([directory]), "Fallback test"))


def bid(robot: Robot, hand: str, history: str) -> str:
    return str(robot.choose(Hand.parse(hand), Auction.parse(history)).call)


def test_every_fallback_action_has_a_meaning_and_the_file_has_no_problem():
    spec, problems = parse_file(FALLBACK)
    assert spec is not None and not problems, problems
    pending = list(spec.actions)
    while pending:
        item = pending.pop()
        if isinstance(item, ActionSpec):
            assert item.meaning, f"{item.source}: action without meaning"
            pending.extend(item.children)


def test_the_fallback_answers_off_the_tree(robot):
    ruleset = robot.system.ruleset(Auction.parse("1S P 2S P"))
    assert ruleset.status == "fallback"
    assert all(rule.description.startswith(rule.node.spec.meaning + ":") for rule in ruleset)


# --- captaincy: game, invitation, sign-off, from partner's shown range -------------------------
@pytest.mark.parametrize("hand, call", [
    ("AKQ72.A4.KJ3.Q52", "4S"),     # 19 + partner's 6: game
    ("AKJ72.K4.Q83.K52", "3S"),     # 16: game only if partner is maximum: invite
    ("AQJ72.K4.Q83.J52", "P"),      # 13: even partner's maximum leaves us short: sign off
])
def test_opener_after_a_single_raise(robot, hand, call):
    assert bid(robot, hand, "1S P 2S P") == call


@pytest.mark.parametrize("hand, call", [
    ("K83.Q742.K52.J43", "4S"),     # 9 HCP: the upper part of the raise's 6-10, accept
    ("Q83.J742.Q52.J43", "P"),      # 6 HCP, no shortness: a minimum, decline
])
def test_responder_answers_the_invitation(robot, hand, call):
    assert bid(robot, hand, "1S P 2S P 3S P") == call


@pytest.mark.parametrize("hand, call", [
    ("K83.Q74.KJ52.J43", "3NT"),    # 10 + 15: game
    ("K83.Q74.Q952.J43", "2NT"),    # 8: 23 opposite 15, game opposite 17: invite
    ("J83.Q74.Q952.J43", "P"),      # 6: no game even opposite 17
])
def test_responder_opposite_1nt(robot, hand, call):
    assert bid(robot, hand, "1NT P") == call


@pytest.mark.parametrize("hand, call", [
    ("AQ3.K74.KQ5.K943", "3NT"),    # 17: the top of 15-17
    ("AQ3.K74.KJ5.Q943", "P"),      # 15: a minimum
])
def test_opener_answers_the_2nt_invitation(robot, hand, call):
    assert bid(robot, hand, "1NT P 2NT P") == call


def test_3nt_needs_their_suit_stopped(robot):
    assert bid(robot, "K83.Q74.KJ52.J43", "1NT 2H") == "3NT"        # Q74 stops hearts
    assert bid(robot, "K83.743.KQ52.Q43", "1NT 2H") != "3NT"        # hearts unstopped


def test_3nt_when_every_suit_has_been_bid_needs_only_their_suits_stopped(robot):
    assert bid(robot, "A4.KQ3.AJ5.KQJ84", "1C 1H 1S 2D") == "3NT"    # 20 + partner's 6


def test_slam_in_notrump_with_33_between_us(robot):
    assert bid(robot, "KQ3.AQ4.KQ52.K43", "1NT P") == "6NT"          # 18 + 15


def test_blackwood_with_a_fit_and_slam_values(robot):
    assert bid(robot, "AK2.AK4.KQ73.Q32", "1D P") == "4NT"          # 21 + 12, four diamonds


# --- over their bid: the law of total tricks -------------------------------------------------
def test_compete_to_the_level_of_our_fit(robot):
    # Opener's six hearts opposite a raise (3+): nine trumps, compete to the three level.
    assert bid(robot, "A4.KQJ872.K83.52", "1H P 2H 2S") == "3H"
    # Five hearts: eight trumps, the two level only: pass.
    assert bid(robot, "A43.KQJ72.K83.52", "1H P 2H 2S") == "P"


def test_compete_in_the_pass_out_seat_too(robot):
    # Their 3C passed round to responder: four hearts opposite five make nine trumps.
    assert bid(robot, "K83.Q742.K95.J43", "1H P 2H 3C P P") == "3H"
    assert bid(robot, "K83.Q74.K952.J43", "1H P 2H 3C P P") == "P"      # eight only


def test_no_penalty_double_of_their_two_level_bid_on_a_fit(robot):
    assert bid(robot, "AQ4.KQJ72.K83.52", "1H P 2H 2S") != "X"


def test_a_competitive_raise_is_no_invitation(robot):
    # Over their 3C, opener's 3H competes with nine trumps; responder's maximum raise passes.
    assert bid(robot, "K83.Q74.K952.J43", "1H P 2H 3C 3H P") == "P"


def test_a_minimum_opener_does_not_bid_over_partners_signoff(robot):
    assert bid(robot, "A43.KQJ72.K83.52", "1H P 2H P") == "P"


# --- preference, a long suit of my own, the penalty double -----------------------------------
def test_forced_preference_between_partners_suits(robot):
    # Responder's jump in a second suit is a natural jump shift, forcing: three spades, one heart.
    assert bid(robot, "K83.7.AQ852.KJ43", "1D P 1S P 2C P 3H P") == "3S"


def test_a_long_suit_of_my_own_over_their_bid(robot):
    assert bid(robot, "74.KQJ975.Q43.52", "1NT 2S") == "3H"        # 8 + partner's 15


def test_penalty_double_with_the_balance_of_strength_and_no_fit(robot):
    assert bid(robot, "QJ94.Q73.K52.J43", "1NT 3S") == "X"        # 9 + 15: no game of ours


def test_partners_3nt_stands_against_five_of_our_minor(robot):
    # Eleven tricks in diamonds score less than nine in notrump: respect partner's 3NT.
    assert bid(robot, "74.8.A43.KQJ7432", "1C P 2C P 3NT P") == "P"


@pytest.mark.parametrize("hand, calls, expected", [
    # Partner's 1NT overcall stopped their spades; my transfer showed hearts, they bid 2S:
    # 10 HCP with his 15 is game, and his stopper covers the suit I cannot stop.
    ("84.KQ953.K84.Q72", "1S 1NT P 2D 2S P P", "3NT"),
    # Their 2C passed round to responder: 24+ between us with three of their clubs and no
    # fit of ours: a penalty double (short in clubs it would be for takeout).
    ("AQ72.K84.Q93.972", "1D P 1S 2C P P", "X"),
])
def test_shipped_fallback_notrump_on_partners_stopper_and_penalty_double(hand, calls, expected):
    choice_made = choice(shipped_robot("SAYC"), hand, calls)
    assert str(choice_made.call) == expected
    assert "sayc-fallback.conv" in str(choice_made.rule)
