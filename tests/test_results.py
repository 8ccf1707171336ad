"""A board's result: a table's record of its auction, scored double dummy with the par."""
from bidding.model.auction import Auction
from bidding.model.board import Board
from bidding.model.cards import Deal, Seat, Vulnerability
from bidding.laboratory.results import (BoardResult, TableRun, double_dummy_result,
                                        par_contract_texts)
from bidding.laboratory.table import RobotPlayer, Table
from tests.example_library import EXAMPLE

DEAL = Deal.parse("N:6532.43.Q62.KQJ2 K74.QJ986.KJT4.A AJ9.AK52.A87.T98 QT8.T7.953.76543")
BOARD = Board(DEAL, 1, Seat.NORTH, Vulnerability.NONE)


def test_one_auction_is_scored_double_dummy_with_the_par():
    auction = Auction.parse("P P 1NT P 2C P 2H P 2NT P 3NT P P P")
    result = double_dummy_result(BOARD, (TableRun(auction),))
    [table] = result.tables
    assert str(table.contract) == "3NT by S" and table.contract_text == "3NT"
    assert (table.tricks, table.score_ns, result.par_ns) == (7, -100, 110)
    assert result.versus_par(0) == -5 and result.imps is None
    assert result.par_contracts and result.pbn_par_contracts[0].startswith("NS ")
    passed = double_dummy_result(BOARD, (TableRun(Auction.parse("P P P P")),)).tables[0]
    assert passed.contract is None and passed.score_ns == 0 and passed.contract_text == "Pass"


def test_a_tables_record_names_the_systems_and_the_rules():
    table = Table([RobotPlayer(EXAMPLE)] * 4, DEAL)
    table.play()
    run = TableRun.of(table, explained=True)
    assert run.auction is table.auction
    assert (run.north_south, run.east_west) == (EXAMPLE.name, EXAMPLE.name)
    assert len(run.rules) == len(table.auction.calls)
    for index, made in enumerate(table.result.calls):
        source = run.rules[index]
        assert source == (None if made.choice.rule is None else made.choice.rule.source)
        assert (source is None) == any(i == index for i, _ in run.no_agreement)
    assert all(isinstance(text, str) for _, text in run.explanations)


def test_without_double_dummy_there_is_no_score_or_par():
    result = BoardResult(BOARD, (TableRun(Auction.parse("1NT P P P")),))
    assert result.versus_par(0) is None and result.pbn_par_contracts == ()


def test_par_contract_texts():
    assert par_contract_texts(["4♠E+1", "4♠W+1"]) == ("EW 4S",)
    assert par_contract_texts(["3NTN+1", "3NTS+1"]) == ("NS 3NT",)
    assert par_contract_texts(["4♦Nx-1", "4♦Sx-1", "5♣NSxx"]) == ("NS 4DX", "NS 5CXX")
    assert par_contract_texts([]) == ("Pass",)
