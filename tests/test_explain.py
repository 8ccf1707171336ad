"""Explanations come from the same rules the robots bid with, and keep what each player showed."""

import numpy as np
from hypothesis import given, settings, strategies as st

from bidding.model.auction import Auction
from bidding.model.cards import Seat, Vulnerability, random_deal
from bidding.engine.library import ConventionLibrary
from bidding.engine.explain import explain, shown_by_seat
from bidding.engine.robot import Robot
from bidding.engine.system import system_named

from tests.example_library import EXAMPLE, NATURAL
H, S = 2, 3


def test_each_call_is_explained_with_its_rules_and_source():
    explanations = EXAMPLE.explain(Auction.parse("1NT P 2C P 2S P"))
    assert [str(e.call) for e in explanations] == ["1NT", "P", "2C", "P", "2S", "P"]
    assert [e.seat for e in explanations] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST,
                                              Seat.NORTH, Seat.EAST]
    stayman = explanations[2]
    assert stayman.status == "rule"
    assert stayman.text == "8+ HCP, 4+ hearts; or 8+ HCP, 4+ spades"
    assert stayman.rules[0].source.line == 50
    assert explanations[1].status == "no agreement"
    assert str(explanations[4]) == "N 2S: 4+ spades, at most 3 hearts"


def test_ranges_shown_narrow_call_by_call():
    explanations = EXAMPLE.explain(Auction.parse("1NT P 2C P 2S P"))
    opener = explanations[4].shown
    assert opener.hcp == (15, 17)
    assert opener.lengths[S] == (4, 5)          # 2-5 from 1NT, 4+ from 2S
    assert opener.lengths[H] == (2, 3)
    assert opener.text() == "15-17 HCP, 4-5 spades, 2-3 hearts, 2-5 diamonds, 2-5 clubs"
    assert explanations[2].shown.hcp == (8, 37)
    assert explanations[2].shown.suits == ()    # Stayman 2C is not a club suit


def test_alerts_and_suits_shown_by_artificial_calls():
    explanations = NATURAL.explain(Auction.parse("1NT P 2D P"))
    transfer = explanations[2]
    assert transfer.alert and transfer.text == "transfer to hearts: 5+ hearts"
    assert transfer.shown.suits == (H,)
    accept = NATURAL.ruleset(Auction.parse("1NT P 2D P"))
    assert [str(r.call) for r in accept] == ["2H"]


def test_partners_shown_range_feeds_later_rules():
    ruleset = NATURAL.ruleset(Auction.parse("1NT P 2C P 2H P"))
    game = next(rule for rule in ruleset if str(rule.call) == "4H")
    assert "25+ HCP combined" in game.description
    # partner showed 15+, so 10 HCP with four hearts is enough for game
    from bidding.model.cards import Hand
    assert game.matches(Hand.parse("K32.Q854.A53.J84"))
    assert not game.matches(Hand.parse("K32.Q854.853.J84"))


def test_side_without_a_system_is_read_as_natural():
    explanations = explain(Auction.parse("1NT 2H P"), NATURAL, None)
    assert explanations[1].status == "natural" and explanations[1].text == "natural, hearts"
    assert explanations[1].shown.suits == (H,)
    shown = shown_by_seat(Auction.parse("1NT 2H P"), NATURAL, None)
    assert shown[Seat.NORTH].hcp == (15, 17)


def test_calls_outside_the_system_are_said_to_be_so():
    explanations = EXAMPLE.explain(Auction.parse("1NT P 4S P"))
    assert explanations[2].status == "off system"
    assert "not in the system" in explanations[2].text and "spades" in explanations[2].text


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)),
       vulnerability=st.sampled_from(list(Vulnerability)))
def test_explanations_always_match_the_robots_rules(seed, dealer, vulnerability):
    deal = random_deal(np.random.default_rng(seed))
    robot = Robot(NATURAL, opponents=NATURAL)
    auction = Auction(dealer, vulnerability=vulnerability)
    chosen = []
    while not auction.is_over:
        choice = robot.choose(deal[auction.turn], auction)
        chosen.append(choice.rule)
        auction.push(choice.call)
    for rule, explanation in zip(chosen, NATURAL.explain(auction)):
        if rule is not None:
            assert rule in explanation.rules
            assert rule.description in explanation.text
        elif explanation.status == "rule":
            # No rule fitted, so the robot passed; partner still reads the pass the way
            # the system defines it here.
            assert explanation.call.is_pass
        else:
            assert explanation.status in ("no agreement", "off system")


def test_new_forms_explain_and_narrow_the_shown_ranges(tmp_path):
    (tmp_path / "o.conv").write_text("""<convention><name>O</name><actions>
        <open bid="1D"><handtypes><type><diamonds min="4"/><HCP min="12" max="14"/>
          </type></handtypes>
          <raise bid="game(partner)"><handtypes><type><fit min="9"/>
            <combined min="29" count="points"/></type></handtypes></raise>
          <raise bid="raise(2)"><handtypes><type><fit min="8"/><combined max="22"/>
            </type></handtypes></raise>
        </open></actions></convention>""")
    (tmp_path / "o.system").write_text("<system><name>O</name><convention>O</convention>"
                                       "</system>")
    system = system_named(ConventionLibrary([tmp_path], builtin=False), "O")
    game, limit = system.explain(Auction.parse("1D P 5D P")), \
        system.explain(Auction.parse("1D P 3D P"))
    assert game[2].text == "game: 9+ card fit in partner's minor, 29+ points combined"
    assert game[2].shown.lengths[1] == (5, 13) and game[2].shown.suits == (1,)
    assert game[2].shown.hcp == (0, 37)                  # points say nothing of HCP minimum
    assert game[2].shown.points == (17, 55)              # but 29 together less his 12 are mine
    assert limit[2].shown.text() == "at most 10 HCP, 4+ diamonds"
