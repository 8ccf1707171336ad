import numpy as np
import pytest
from hypothesis import given, strategies as st

from bidding.model.cards import (CARDS, PBN_DEAL_EXAMPLE, Card, Deal, Hand, Rank, Seat, Suit,
                           Vulnerability, deal_from_owners, random_deal)
from bidding.model.errors import CardError


def test_suits_are_in_bidding_order():
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert Suit.parse("spades") is Suit.SPADES and Suit.parse("h") is Suit.HEARTS


def test_card_table_and_parsing():
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert Card.parse("SA") is Card(Suit.SPADES, Rank.ACE)
    assert Card.parse("h10") is Card.parse("HT") is Card.parse("TH")
    assert str(Card.parse("c2")) == "C2" and Card.parse("C2").index == 0
    assert Card.parse("SA").index == 51
    assert eval(repr(Card.parse("DK"))) is Card.parse("DK")
    for bad in ["S1", "XA", "", "SAK", "Z"]:
        with pytest.raises(CardError, match=repr(bad)):
            Card.parse(bad)


def test_hand_parse_and_format():
    hand = Hand.parse("AKQ95.AT3.KJ2.97")
    assert hand.shape == (5, 3, 3, 2)
    assert str(hand) == "AKQ95.AT3.KJ2.97"
    assert Card.parse("SA") in hand and Card.parse("S2") not in hand
    assert hand.holding(Suit.CLUBS) == "97"
    assert Hand.parse("AKQJT98765432.-..") == Hand.parse("akqjt98765432...")
    assert str(Hand.parse("A10.K.Q.J", size=None)) == "AT.K.Q.J"
    assert eval(repr(hand)) == hand
    assert [str(c) for c in Hand.parse("A...2", size=None)] == ["SA", "C2"]


@pytest.mark.parametrize("text, message", [
    ("AKQ95.AT3.KJ2", "four suits"),
    ("AKQ95.AT3.KJ2.9", "12 cards"),
    ("AKQ95.AT3.KJ2.972", "14 cards"),
    ("AKQ95.AT3.KJ2.9Z", "unknown rank 'Z'"),
    ("AKK95.AT3.KJ2.97", "SK is repeated"),
    ("AKQ9x.AT3.KJ2.97", "spot cards"),
])
def test_hand_errors_quote_the_input(text, message):
    with pytest.raises(CardError) as info:
        Hand.parse(text)
    assert message in str(info.value) and text in str(info.value)


def test_deal_pbn_round_trip_and_errors():
    text = "N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A94.AQ8.72.AQT74"
    deal = Deal.parse(text)
    assert deal.pbn() == text
    assert str(deal[Seat.SOUTH]) == "T7653.T952.T.K63"
    assert deal.pbn(Seat.EAST).startswith("E:KQJ8.K4.A986.J92 T7653")
    assert Deal.parse(deal.pbn(Seat.WEST)) == deal
    assert Deal.parse("N:2.J763.KQJ543.85 - T7653.T952.T.K63 A94.AQ8.72.AQT74") == deal
    assert deal.holder(Card.parse("SA")) is Seat.WEST
    with pytest.raises(CardError, match="dealt twice"):
        Deal.parse("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A92.AQ8.72.AQT74")
    with pytest.raises(CardError, match="expected 4 hands"):
        Deal.parse("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92")
    with pytest.raises(CardError, match="PBN"):
        Deal.parse("2.J763.KQJ543.85")


def test_seats_and_vulnerability():
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.lho is Seat.SOUTH
    assert Seat.NORTH.rho is Seat.WEST and Seat.WEST.next() is Seat.NORTH
    assert Vulnerability.NS.is_vulnerable(Seat.SOUTH) and not Vulnerability.NS.is_vulnerable(Seat.EAST)
    assert Vulnerability.parse("e-w") is Vulnerability.EW and Vulnerability.parse("all") is Vulnerability.BOTH


hands = st.integers(min_value=0, max_value=(1 << 52) - 1).map(Hand)


@given(hands)
def test_hand_text_round_trip(hand):
    assert Hand.parse(str(hand), size=None) == hand
    assert sum(hand.shape) == len(hand)


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_deal_round_trip(seed):
    deal = random_deal(np.random.default_rng(seed))
    assert Deal.parse(deal.pbn()) == deal
    assert Deal.parse(deal.pbn(Seat(seed % 4))) == deal
    owners = [deal.holder(card) for card in CARDS]
    assert deal_from_owners(owners) == deal


def test_the_pbn_example_in_the_help_texts_is_a_deal():
    assert Deal.parse(PBN_DEAL_EXAMPLE)[Seat.WEST] == Hand.parse("6543.74.T964.974")
