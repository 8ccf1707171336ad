from bidding.model.auction import Auction
from bidding.model.cards import Deal, Hand, Seat, Vulnerability
from bidding.interfaces.diagram import auction_grid, call_fragment, deal_diagram, hand_block, plain
from bidding.model.board import Board
from bidding.model.calls import Call

DEAL = Deal.parse("N:6532.43.Q62.KQJ2 K74.QJ986.KJT4.A AJ9.AK52.A87.T98 QT8.T7.953.76543")


def test_deal_diagram_puts_each_hand_in_its_place():
    lines = plain(deal_diagram(DEAL, symbols=False,
                               title=Board(DEAL, 3, Seat.SOUTH, Vulnerability.EW).title)).splitlines()
    assert lines[0].startswith("Board 3") and lines[0].endswith("North")
    assert lines[1].startswith("Dealer South") and lines[1].endswith("S 6532")
    assert lines[2].startswith("Vul EW") and lines[2].endswith("H 43")
    west_east = lines[5]
    assert west_east.startswith("West") and west_east.endswith("East")
    assert lines[6].startswith("S QT8") and lines[6].endswith("S K74")
    assert lines[6].index("S K74") == west_east.index("East")
    assert lines[10].strip() == "South"
    assert lines[10].index("South") == lines[0].index("North")
    assert lines[14].strip() == "C T98"
    assert all(line == line.rstrip() for line in lines)


def test_suit_symbols_are_coloured_and_voids_dashed():
    hand = Hand.parse("AKQJT98765432...")
    fragments = list(hand_block(hand))
    assert ("class:suit-black", "♠") in fragments and ("class:suit-red", "♥") in fragments
    assert plain(fragments).splitlines() == ["♠ AKQJT98765432", "♥ -", "♦ -", "♣ -"]
    assert call_fragment(Call.parse("4h")) == ("class:suit-red", "4♥")
    assert call_fragment(Call.parse("p"), symbols=False) == ("", "Pass")


def test_labels_follow_seat_names():
    text = plain(deal_diagram(DEAL, labels={Seat.NORTH: "Robbie (8)", Seat.WEST: "(2)"}))
    assert "North Robbie (8)" in text and "West (2)" in text


def test_auction_grid_starts_under_the_dealer_and_marks_the_turn():
    auction = Auction.parse("1H P 2H 2S P", dealer=Seat.EAST)
    assert plain(auction_grid(auction, symbols=False)).splitlines() == [
        "West  North East  South",
        "            1H    Pass",
        "2H    2S    Pass  ?",
    ]
    over = Auction.parse("P P P P", dealer=Seat.WEST)
    assert plain(auction_grid(over)).splitlines()[1:] == ["Pass  Pass  Pass  Pass"]
