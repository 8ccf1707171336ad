import pytest

from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.cards import PBN_DEAL_EXAMPLE, Deal, Seat, Vulnerability
from bidding.model.errors import CardError

DEAL = Deal.parse(PBN_DEAL_EXAMPLE)


def test_the_number_gives_dealer_and_vulnerability():
    assert [board_dealer(b).letter for b in range(1, 6)] == list("NESWN")
    expected = ["None", "NS", "EW", "Both", "NS", "EW", "Both", "None",
                "EW", "Both", "None", "NS", "Both", "None", "NS", "EW"]
    assert [str(board_vulnerability(b)) for b in range(1, 17)] == expected
    assert board_vulnerability(17) is Vulnerability.NONE
    for bad in (0, -3):
        with pytest.raises(CardError, match="must be 1 or more"):
            board_dealer(bad)
        with pytest.raises(CardError, match="must be 1 or more"):
            board_vulnerability(bad)


def test_numbered_boards_and_titles():
    board = Board.numbered(DEAL, 7)
    assert (board.number, board.dealer, board.vulnerability) == (7, Seat.SOUTH, Vulnerability.BOTH)
    assert board.title == "Board 7\nDealer South\nVul Both"
    assert board.heading == "Board 7, Dealer South, Vul Both"
    unnumbered = Board(DEAL, None, Seat.WEST, Vulnerability.EW)
    assert unnumbered.heading == "Dealer West, Vul EW"


def test_repr_is_pasteable():
    board = Board(DEAL, 12, Seat.WEST, Vulnerability.NS, (("Event", "Club night"),))
    namespace = {"Board": Board, "Deal": Deal, "Seat": Seat, "Vulnerability": Vulnerability}
    assert eval(repr(board), namespace) == board
    assert repr(board).startswith("Board(deal=Deal.parse('N:AKQ2.K3.A2.AJ832 ")
