"""One auction at a table: robots and humans in turn."""

import numpy as np
import pytest

from bidding.model.calls import Call
from bidding.model.cards import Deal, Seat, Vulnerability, random_deal
from bidding.model.errors import AuctionError
from bidding.laboratory.table import HumanPlayer, RobotPlayer, Table

from tests.example_library import EXAMPLE, NATURAL
DEAL = Deal.parse("N:AKQ5.A93.KJ2.976 864.T75.Q9874.K2 JT72.KQ4.T53.Q83 93.J862.A6.AJT54")


def test_four_robots_bid_to_the_end_and_explain():
    seen = []
    table = Table([RobotPlayer(EXAMPLE)] * 4, DEAL, on_call=seen.append)
    result = table.play()
    assert result.auction.history_text() == "1NT P 2C P 2S P 3S P 4S P P P"
    assert str(result.contract) == "4S by N"
    assert [c.call for c in seen] == result.auction.calls
    assert seen[0].choice.rule.call == Call.parse("1NT")
    assert [e.text for e in table.explain()][0].startswith("15-17 HCP")
    with pytest.raises(AuctionError, match="over"):
        table.step()


def test_robots_read_the_opponents_with_their_system():
    table = Table({Seat.NORTH: RobotPlayer(NATURAL), Seat.SOUTH: RobotPlayer(NATURAL),
                   Seat.EAST: RobotPlayer(EXAMPLE), Seat.WEST: RobotPlayer(EXAMPLE)},
                  random_deal(np.random.default_rng(3)), dealer=Seat.EAST,
                  vulnerability=Vulnerability.BOTH)
    assert table.side_system(Seat.NORTH) is NATURAL and table.side_system(Seat.WEST) is EXAMPLE
    table.play()
    explanations = table.explain()
    assert len(explanations) == len(table.auction)


def test_human_is_asked_again_after_an_illegal_or_unreadable_call():
    answers = iter(["2Z", "P"])               # unreadable, then a pass
    problems = []

    def ask(seat, hand, auction, problem):
        problems.append(problem)
        return next(answers)

    table = Table({Seat.NORTH: RobotPlayer(EXAMPLE), Seat.EAST: HumanPlayer(ask, "Ann"),
                   Seat.SOUTH: RobotPlayer(EXAMPLE), Seat.WEST: RobotPlayer(EXAMPLE)}, DEAL)
    table.step()                                # north opens 1NT
    made = table.step()                         # east: "2Z" refused, then P
    assert made.call.is_pass and made.player == "Ann" and made.choice is None
    assert problems[0] is None and "cannot read call '2Z'" in problems[1]


def test_human_giving_illegal_calls_runs_out_of_tries():
    table = Table({Seat.NORTH: RobotPlayer(EXAMPLE),
                   Seat.EAST: HumanPlayer(lambda *args: "1C", "Bob", attempts=3),
                   Seat.SOUTH: RobotPlayer(EXAMPLE), Seat.WEST: RobotPlayer(EXAMPLE)}, DEAL)
    table.step()
    with pytest.raises(AuctionError, match="Bob at east gave no legal call in 3 tries"):
        table.step()


def test_a_table_needs_four_players():
    with pytest.raises(AuctionError, match="nobody sits south, west"):
        Table({Seat.NORTH: RobotPlayer(EXAMPLE), Seat.EAST: RobotPlayer(EXAMPLE)}, DEAL)


def test_humans_only_table_has_no_explanations():
    table = Table([HumanPlayer(lambda *args: "P")] * 4, DEAL)
    assert table.play().contract is None
    assert table.explain() == []
