import pytest
from hypothesis import given, settings, strategies as st

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Seat
from bidding.model.errors import AuctionError


def test_turn_contract_and_declarer():
    auction = Auction.parse("1H P 2H 2S P 3S P P X P P P")
    assert auction.is_over
    contract = auction.contract
    assert (contract.level, str(contract.strain), contract.doubled) == (3, "S", 1)
    assert contract.declarer is Seat.WEST  # west named spades first, east bid 3S
    assert str(contract) == "3SX by W"


def test_declarer_is_first_of_the_side_to_name_the_strain():
    auction = Auction.parse("1NT P 2C P 2H P 3NT P P P", dealer=Seat.EAST)
    assert auction.declarer is Seat.EAST
    auction = Auction.parse("P 1C P 1H P 2H P 4H P P P")
    assert auction.declarer is Seat.WEST  # west (4th call) bid hearts first


def test_end_of_auction():
    assert Auction.parse("P P P P").is_passed_out
    assert Auction.parse("P P P P").contract is None
    assert not Auction.parse("P P P").is_over
    assert not Auction.parse("1C P P").is_over
    assert Auction.parse("1C P P P").is_over
    with pytest.raises(AuctionError, match="over"):
        Auction.parse("1C P P P").push("P")


@pytest.mark.parametrize("history, call, reason", [
    ("1H", "1D", "not higher"),
    ("1H", "1H", "not higher"),
    ("", "X", "no bid to double"),
    ("1H P", "X", "own side"),
    ("1H X P", "X", "already doubled"),
    ("1H X P", "XX", "opponents doubled"),
    ("1H P", "XX", "not doubled"),
    ("1H X XX P", "XX", "already redoubled"),
])
def test_illegal_calls_are_refused_with_reason(history, call, reason):
    auction = Auction.parse(history)
    assert reason in auction.why_illegal(Call.parse(call))
    with pytest.raises(AuctionError, match=reason):
        auction.push(call)


def test_legal_doubles_and_redoubles():
    assert Auction.parse("1H").is_legal(Call.parse("X"))
    assert Auction.parse("1H P P").is_legal(Call.parse("X"))
    assert Auction.parse("1H X").is_legal(Call.parse("XX"))
    assert Auction.parse("1H X P P").is_legal(Call.parse("XX"))
    assert Auction.parse("1H X P P XX").doubled == 2


def test_push_pop():
    auction = Auction.parse("1NT X")
    before = list(auction.legal_calls)
    auction.push("XX")
    assert auction.pop() is Call.parse("XX")
    assert list(auction.legal_calls) == before
    assert auction.turn is Seat.SOUTH
    assert repr(auction) and eval(repr(auction), {"Auction": Auction, "Seat": Seat,
                                                   "Vulnerability": __import__("bidding.model.cards").model.cards.Vulnerability}) == auction


def legal_call_choices(auction, draw, pass_weight):
    legal = list(auction.legal_calls)
    if draw(st.integers(0, 99)) < pass_weight:
        return legal[0]
    return legal[draw(st.integers(0, len(legal) - 1))]


@st.composite
def random_auctions(draw):
    auction = Auction(Seat(draw(st.integers(0, 3))))
    pass_weight = draw(st.integers(30, 90))
    while not auction.is_over:
        auction.push(legal_call_choices(auction, draw, pass_weight))
    return auction


def reference_contract(auction):
    """An independent, naive computation of the contract from the call list."""
    last_index = None
    doubled = 0
    for index, call in enumerate(auction.calls):
        if call.is_bid:
            last_index, doubled = index, 0
        elif call.is_double:
            doubled = 1
        elif call.is_redouble:
            doubled = 2
    if last_index is None:
        return None
    bid = auction.calls[last_index]
    side = last_index % 2
    first = min(i for i, c in enumerate(auction.calls)
                if c.is_bid and c.strain is bid.strain and i % 2 == side)
    return bid.level, bid.strain, doubled, auction.dealer.next(first)


@settings(max_examples=300)
@given(random_auctions())
def test_random_legal_auctions_end_and_are_scored(auction):
    assert len(auction) <= 319
    replay = Auction(auction.dealer)
    for call in auction.calls:
        assert replay.is_legal(call)
        replay.push(call)
    assert replay.is_over
    expected = reference_contract(auction)
    contract = auction.contract
    if expected is None:
        assert contract is None and auction.is_passed_out
    else:
        assert (contract.level, contract.strain, contract.doubled, contract.declarer) == expected
    # The end is exactly three passes after a bid (or four passes).
    tail = [c.is_pass for c in auction.calls[-4:]]
    assert all(tail[-3:]) and (expected is None or not tail[0] or len(tail) == 4 and not auction.calls[-4].is_pass)


@settings(max_examples=100)
@given(random_auctions(), st.data())
def test_illegal_calls_never_enter(auction, data):
    auction.pop()
    call = data.draw(st.sampled_from(list(__import__("bidding.model.calls").model.calls.CALLS)))
    legal = set(auction.legal_calls)
    if call in legal:
        auction.push(call)
    else:
        with pytest.raises(AuctionError):
            auction.push(call)
