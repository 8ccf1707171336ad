"""Robots: the SLAMBidding example bids as its author meant; illegal rules are skipped."""

import pytest

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Deal, Hand, Seat
from bidding.engine.library import ConventionLibrary
from bidding.model.errors import AuctionError
from bidding.engine.robot import Robot
from bidding.engine.system import system_named

from tests.example_library import EXAMPLE, LIBRARY, NATURAL

OPENER = "AKQ5.A93.KJ2.976"           # 17 HCP, 4 spades, balanced
OPENER_MINIMUM = "AQ5.K93.KJ42.Q76"   # 15 HCP, no four-card major


def bid_out(system, hands: dict[Seat, str]) -> Auction:
    """Four robots of `system`; the unnamed seats get the remaining cards in any order."""
    named = {seat: Hand.parse(text) for seat, text in hands.items()}
    used = 0
    for hand in named.values():
        used |= hand.mask
    spare = [i for i in range(52) if not used >> i & 1]
    for seat in Seat:
        if seat not in named:
            cards, spare = spare[:13], spare[13:]
            named[seat] = Hand(sum(1 << i for i in cards))
    deal = Deal(tuple(named[s] for s in Seat))
    robot = Robot(system, opponents=system)
    auction = Auction()
    while not auction.is_over:
        auction.push(robot.choose(deal[auction.turn], auction).call)
    return auction


@pytest.mark.parametrize("responder, expected", [
    ("JT72.KQ4.Q53.A83", "1NT P 2C P 2S P 4S P P P"),       # 12 HCP, 4 spades: game
    ("JT72.KQ4.T53.Q83", "1NT P 2C P 2S P 3S P 4S P P P"),  # 8 HCP: invite, opener accepts
    ("JT72.Q84.T53.K83", "1NT P P P"),                       # 6 HCP: pass
    ("J72.KQ8.A53.T854", "1NT P 3NT P P P"),                 # 10 HCP, no major
    ("J72.K86.A53.T854", "1NT P 2NT P 3NT P P P"),           # 8 HCP, no major: invite
])
def test_slambidding_example_bids_as_its_author_meant(responder, expected):
    assert bid_out(EXAMPLE, {Seat.NORTH: OPENER, Seat.SOUTH: responder}).history_text() == expected


def test_minimum_opener_declines_the_invitation():
    auction = bid_out(EXAMPLE, {Seat.NORTH: OPENER_MINIMUM, Seat.SOUTH: "K72.QJ8.Q53.T843"})
    assert auction.history_text() == "1NT P 2NT P P P"


def test_choice_names_the_rule_and_its_source():
    choice = Robot(EXAMPLE).choose(Hand.parse(OPENER), Auction())
    assert EXAMPLE.ruleset(Auction()).matching(Hand.parse(OPENER)) == [choice.rule]
    assert choice.call == Call.parse("1NT")
    assert choice.rule.source.file.endswith("strong-1nt-with-stayman.conv")
    assert choice.reasons[0] == "SLAM Example, opening"
    assert choice.reasons[-1].startswith("1NT: 15-17 HCP")
    assert str(choice).startswith("1NT: SLAM Example, opening; 1NT: ")


def test_illegal_rule_is_skipped_visibly():
    # Partner opened 1H, they overcalled 2S: the simple raise to 2H is no longer possible.
    hand = Hand.parse("52.KJ4.Q8532.J76")
    choice = Robot(NATURAL, opponents=NATURAL).choose(hand, Auction.parse("1H 2S"))
    assert any(reason.startswith("skipped 2H") and "2H is not higher than 2S" in reason
               for reason in choice.reasons)
    assert Auction.parse("1H 2S").is_legal(choice.call)


def test_forcing_call_is_never_passed(tmp_path):
    (tmp_path / "f.conv").write_text("""<convention><name>F</name><actions>
        <open bid="1C" forcing="yes">
          <respond bid="1H"><handtypes><type><hearts min="5"/></type></handtypes></respond>
        </open></actions></convention>""")
    (tmp_path / "f.system").write_text("<system><name>F</name><convention>F</convention></system>")
    system = system_named(ConventionLibrary([tmp_path], builtin=False), "F")
    robot = Robot(system)
    choice = robot.choose(Hand.parse("AQ32.K2.QJ832.32"), Auction.parse("1C P"))
    assert choice.call == Call.parse("1D") and choice.rule is None
    assert "forcing" in choice.reasons[-1]
    # Over an overcall partner's forcing call no longer obliges.
    assert robot.choose(Hand.parse("AQ32.K2.QJ832.32"), Auction.parse("1C 1S")).call.is_pass


def test_verbose_reasons_list_every_rule_tried():
    choice = Robot(EXAMPLE).choose(Hand.parse("JT72.Q84.T53.K83"), Auction.parse("1NT P"),
                                   verbose=True)
    assert choice.call.is_pass
    assert sum(reason.startswith("not ") for reason in choice.reasons) == 3


def test_robot_by_system_name_and_finished_auction():
    robot = Robot("slam example", LIBRARY)
    assert robot.system is EXAMPLE
    with pytest.raises(AuctionError, match="is over"):
        robot.choose(Hand.parse(OPENER), Auction.parse("P P P P"))


def test_choice_carries_the_situation_of_its_rule_set():
    choice = Robot(EXAMPLE).choose(Hand.parse("KJ72.Q984.52.A73"), Auction.parse("1NT"))
    assert choice.rule is None and choice.situation == "direct seat over 1NT"
    assert choice.ruleset is EXAMPLE.ruleset(Auction.parse("1NT"))


def test_condition_failing_while_bidding_skips_its_rule_visibly(tmp_path):
    # Loads: the probe hands never hold exactly five spades. Fails on this hand's five.
    (tmp_path / "c.conv").write_text("""<convention><name>C</name><actions>
        <open bid="1S"><handtypes><type><condition>hcp / (spades - 5) >= 0</condition>
          </type></handtypes></open>
        <open bid="1C"/>
        </actions></convention>""")
    (tmp_path / "c.system").write_text("<system><name>C</name><convention>C</convention>"
                                       "</system>")
    system = system_named(ConventionLibrary([tmp_path], builtin=False), "C")
    hand = Hand.parse("AQ432.K2.QJ8.432")
    choice = Robot(system).choose(hand, Auction())
    assert choice.call == Call.parse("1C")
    skipped = [reason for reason in choice.reasons if reason.startswith("skipped 1S")]
    assert len(skipped) == 1
    assert "c.conv:2): its condition `hcp / (spades - 5) >= 0` failed on this hand" in skipped[0]
    assert "division by zero" in skipped[0]
    opening = system.ruleset(Auction())
    assert not opening[0].matches(hand) and opening.matching(hand) == [opening[1]]
    assert Robot(system).choose(Hand.parse("AQ7432.K3.QJ8.43"), Auction()).call == \
        Call.parse("1S")
