"""Deals consistent with an auction: every deal kept re-bids to the auction at a table of
robots; impossible auctions say which call failed."""
import pytest

from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.laboratory.auction_deals import (AuctionNotFound, Budget, deals_for_auction,
                                              partner_hands, picture_condition)
from bidding.laboratory.table import RobotPlayer, Table
from bidding.engine.explain import shown_by_seat
from bidding.model.auction import Auction
from bidding.model.cards import Hand, Seat, Vulnerability
from bidding.model.evaluation import hcp


@pytest.fixture(scope="module")
def library():
    return ConventionLibrary()


@pytest.fixture(scope="module")
def sayc(library):
    return system_named(library, "SAYC")


def first_calls(deal, auction, north_south, east_west):
    """The calls a table of four robots makes on `deal`, as many as `auction` has."""
    players = {seat: RobotPlayer(north_south if seat % 2 == 0 else east_west) for seat in Seat}
    table = Table(players, deal, auction.dealer, auction.vulnerability)
    while len(table.auction) < len(auction) and not table.auction.is_over:
        table.step()
    return table.auction.calls


@pytest.mark.parametrize("text, dealer", [
    ("1NT P 2C P", Seat.NORTH),
    ("1H 2C X P", Seat.NORTH),             # negative double
    ("P P 1S 2H 3H", Seat.NORTH),          # cue-bid raise over their overcall
    ("1D 1S 2H", Seat.EAST),               # a free bid, dealt by East
])
def test_deals_kept_re_bid_to_the_auction(sayc, text, dealer):
    auction = Auction.parse(text, dealer, Vulnerability.NS)
    found = deals_for_auction(auction, sayc, n=3, seed=11)
    assert len(found.deals) == 3 and len(set(found.deals)) == 3
    assert found.bid >= 3 and found.dealt >= found.bid
    for deal in found.deals:
        assert first_calls(deal, auction, sayc, sayc) == auction.calls


def test_the_same_seed_finds_the_same_deals(sayc):
    auction = Auction.parse("1NT P 2C P")
    first = deals_for_auction(auction, sayc, n=2, seed=5).deals
    assert deals_for_auction(auction, sayc, n=2, seed=5).deals == first
    assert deals_for_auction(auction, sayc, n=2, seed=6).deals != first


def test_opponents_of_another_system(library, sayc):
    acol = system_named(library, "Acol")
    auction = Auction.parse("P 1NT P 2C")       # East opens Acol's weak notrump
    found = deals_for_auction(auction, sayc, acol, n=2, seed=3)
    assert "hcp(east) >= 12 and hcp(east) <= 14" in found.condition
    for deal in found.deals:
        assert 12 <= hcp(deal[Seat.EAST]) <= 14
        assert first_calls(deal, auction, sayc, acol) == auction.calls


def test_a_further_condition_narrows_the_deals(sayc):
    found = deals_for_auction(Auction.parse("1NT P 2C P"), sayc, n=2, seed=2,
                              condition="spades(south) >= 5")
    assert all(deal[Seat.SOUTH].shape[0] >= 5 for deal in found.deals)


def test_the_pictures_become_a_dealer_condition(sayc):
    pictures = shown_by_seat(Auction.parse("1H 2C X P"), sayc)
    # The two-level overcall has no upper limit: a strong five-five overcalls and bids again.
    assert picture_condition(pictures) == (
        "hcp(north) >= 10 and hcp(north) <= 21 and hearts(north) >= 5 and "
        "hcp(east) >= 10 and clubs(east) >= 5 and "
        "hcp(south) >= 8 and spades(south) >= 4")
    # An opening pass denies the strong 2C (22+ HCP), the one earlier rule it differs from
    # in one range only.
    assert picture_condition(shown_by_seat(Auction.parse("P"), sayc)) == "hcp(north) <= 21"
    assert picture_condition({}) == "1"


def test_a_call_no_rule_makes_is_refused_at_once(sayc):
    with pytest.raises(AuctionNotFound, match="SAYC never bids 7C for West after 1NT P P: "
                                              "no rule of the system makes it there"):
        deals_for_auction(Auction.parse("1NT P P 7C"), sayc, seed=1)


NOTRUMP_OPENER = ("hcp(north) >= 15 and hcp(north) <= 17 and "
                  "shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)")


def test_a_call_the_robots_never_make_names_the_first_call_that_failed(sayc):
    with pytest.raises(AuctionNotFound) as raised:
        deals_for_auction(Auction.parse("P"), sayc, seed=1, condition=NOTRUMP_OPENER,
                          budget=Budget(dealt=50_000))
    message = str(raised.value)
    assert message.startswith("no deal found in 50,000 dealt")
    assert ("the first call that failed was P as North's first call (dealer) (call 1); "
            "the robots called 1NT") in message


def test_pictures_no_deal_meets_are_reported(sayc):
    with pytest.raises(AuctionNotFound, match="none met what the calls showed"):
        deals_for_auction(Auction.parse("1NT"), sayc, seed=1, condition="hcp(north) >= 20",
                          budget=Budget(dealt=20_000))


def test_partner_hands_fit_my_hand_and_partners_calls(sayc):
    mine = Hand.parse("K83.QJ4.T962.A75")
    auction = Auction.parse("1H 2C X P")             # North to act, asking about South
    picture = partner_hands(auction, Seat.NORTH,
                            Hand.parse("A6.KJT87.KT8.QT5"), (sayc, sayc), seed=4)
    assert picture.partner is Seat.SOUTH and picture.shown.text() == "8+ HCP, 4+ spades"
    assert len(picture.hands) == 5 and not picture.note
    robot = Robot(sayc, opponents=sayc)
    for deal in picture.found.deals:
        assert deal[Seat.NORTH] == Hand.parse("A6.KJT87.KT8.QT5")
        assert robot.choose(deal[Seat.SOUTH], Auction.parse("1H 2C")).call == auction.calls[2]
    opener = partner_hands(Auction.parse("1NT P"), Seat.SOUTH, mine, (sayc, sayc), seed=4)
    assert all(15 <= hcp(hand) <= 17 for hand in opener.hands)


def test_partner_off_the_system_gives_no_hands_and_says_why(sayc):
    picture = partner_hands(Auction.parse("7C P"), Seat.SOUTH,
                            Hand.parse("K83.QJ4.T962.A75"), (sayc, sayc), seed=1)
    assert picture.hands == ()
    assert picture.note == ("no sample hands: SAYC never bids 7C as North's first call "
                            "(dealer): no rule of the system makes it there")
