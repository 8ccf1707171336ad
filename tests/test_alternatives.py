"""Second-guessing a system: the alternatives tried at a call, the scoring of each ending,
the sums by rule with their standard error, and one small run of `cli.py second-guess`."""
import json

import pytest
from hypothesis import given, settings, strategies as st

import cli
from bidding.model.auction import Auction
from bidding.model.board import Board
from bidding.model.calls import Call, DOUBLE, PASS
from bidding.model.cards import Deal, Seat, Vulnerability
from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named
from bidding.laboratory.alternatives import (Alternative, AlternativeSum, Decision, SecondGuess,
                                             candidate_calls, second_guess_board,
                                             second_guess_text)
from bidding.laboratory.simulate import bid_board
from tests.test_auction import random_auctions

BOARD = Board(Deal.parse("N:6532.43.Q62.KQJ2 K74.QJ986.KJT4.A AJ9.AK52.A87.T98 QT8.T7.953.76543"),
              1, Seat.NORTH, Vulnerability.NONE)


@pytest.fixture(scope="module")
def sayc():
    return system_named(ConventionLibrary([]), "SAYC")


def labels(auction_text: str, made: str) -> dict[str, str]:
    auction = Auction(Seat.NORTH, auction_text.split())
    return {label: str(call) for label, call in candidate_calls(auction, Call.parse(made))}


def test_the_alternatives_to_an_opening_leave_out_the_call_made_and_illegal_doubles():
    found = labels("", "1C")
    assert found["pass"] == "P" and "double" not in found
    assert "cheapest C" not in found and found["jump C"] == "2C"
    assert (found["cheapest NT"], found["jump NT"], found["game NT"]) == ("1NT", "2NT", "3NT")
    assert (found["game H"], found["six S"]) == ("4H", "6S")


def test_over_their_bid_the_double_and_the_cheapest_level_in_each_strain():
    found = labels("1H", "P")
    assert found["double"] == "X" and "pass" not in found
    assert (found["cheapest C"], found["cheapest H"], found["jump H"]) == ("2C", "2H", "3H")
    assert found["cheapest S"] == "1S"


def test_a_game_that_is_also_the_jump_is_tried_once():
    found = labels("1H P 2H P", "P")
    assert found["cheapest H"] == "3H" and found["jump H"] == "4H" and "game H" not in found


@settings(max_examples=60, deadline=None)
@given(random_auctions(), st.data())
def test_alternatives_are_legal_distinct_and_not_the_call_made(auction, data):
    auction.pop()                                  # the last pass: the auction is open again
    legal = list(auction.legal_calls)
    made = data.draw(st.sampled_from(legal))
    calls = [call for _, call in candidate_calls(auction, made)]
    assert made not in calls
    assert len(set(calls)) == len(calls)
    assert set(calls) <= set(legal)


def test_every_call_of_the_robots_auction_is_second_guessed(sayc):
    decisions = second_guess_board(BOARD, sayc)
    played = bid_board(BOARD, sayc, None, double_dummy=True)
    run = played.tables[0]
    assert [d.call for d in decisions] == [str(call) for call in run.auction.calls]
    assert {d.base for d in decisions} == {abs(played.versus_par(0))}
    assert decisions[0].history == "" and decisions[0].seat == "N"
    assert decisions[1].history == str(run.auction.calls[0])
    for decision in decisions:
        assert decision.rule.startswith(("conventions/", "no agreement"))
        assert all(alternative.contract and alternative.call != decision.call
                   for alternative in decision.alternatives)
        for alternative in decision.alternatives:
            if alternative.contract == str(run.auction.contract):
                assert alternative.saved == 0   # the same ending saves nothing


def _decision(rule: str, *savings: int) -> Decision:
    return Decision("7", "N:...", "1C P", "S", "1H", rule, 5,
                    tuple(Alternative(f"alt{i}", "1S", saved, "2S by S")
                          for i, saved in enumerate(savings)))


def test_sums_by_rule_and_alternative_with_a_standard_error():
    run = SecondGuess("SAYC", 3, [_decision("a.conv:1", 4, -1), _decision("a.conv:1", 2, 0),
                                  _decision("b.conv:9", -3, 5)], 0.0)
    sums = {(s.rule, s.label): s for s in run.sums()}
    first = sums[("a.conv:1", "alt0")]
    assert (first.saved, first.firings, first.better, first.worse) == (6, 2, 2, 0)
    assert first.standard_error == pytest.approx(2.0)      # savings 4, 2: variance 2, times 2
    assert [s.rule for s in run.sums()][0] == "a.conv:1"
    assert {s.rule for s in run.sums("b.conv")} == {"b.conv:9"}
    assert AlternativeSum("x", "y", [3]).standard_error == 0.0


def test_the_text_lists_the_largest_savings_with_examples():
    run = SecondGuess("SAYC", 2, [_decision("a.conv:1", 4), _decision("a.conv:1", 2),
                                  _decision("b.conv:9", -3)], 1.0, origin="seed 5")
    text = second_guess_text(run, least_firings=2)
    assert "2 boards from seed 5" in text
    assert "b.conv:9" not in text                       # fired once: below the floor
    row = next(line for line in text.splitlines() if "a.conv:1" in line and "alt0" in line)
    assert row.split()[:5] == ["+6", "2", "2", "2", "0"]   # saved, s.e., fired, better, worse
    assert "after 1C P: S bid 1H; 1S instead reaches 2S by S" in text
    assert "(no rule fired often enough)" in second_guess_text(run, least_firings=5)
    everything = second_guess_text(run, top=None, least_firings=1, examples_for=1)
    assert "b.conv:9" in everything                     # the whole table
    assert everything.count(" instead of ") == 1        # examples for the first line only


def test_the_command_writes_the_report_and_every_decision(tmp_path, capsys):
    out = tmp_path / "guess"
    assert cli.main(["second-guess", "--system", "SAYC", "--deals", "2", "--seed", "5",
                     "--least", "1", "--top", "5", "--jobs", "1", "--out", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "Second-guessing SAYC: 2 boards from seed 5" in shown
    records = [json.loads(line) for line in (out / "decisions.jsonl").read_text().splitlines()]
    assert records and all(record["alternatives"] for record in records)
    assert {record["board"] for record in records} == {"1", "2"}
    assert "Second-guessing SAYC" in (out / "report.txt").read_text()
