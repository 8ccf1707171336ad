import pytest
from hypothesis import given, strategies as st

from bidding.model.calls import BIDS, CALLS, DOUBLE, PASS, REDOUBLE, Call, Strain, cheapest_level
from bidding.model.errors import CallError


def test_call_table():
    assert len(CALLS) == 38 and len(BIDS) == 35
    assert [str(c) for c in CALLS[:5]] == ["P", "X", "XX", "1C", "1D"]
    assert str(CALLS[-1]) == "7NT"
    assert Call.parse("1NT") < Call.parse("2C") < Call.parse("2D")
    assert Strain.CLUBS < Strain.NOTRUMP


@pytest.mark.parametrize("text, expected", [
    ("P", "P"), ("pass", "P"), ("Pass", "P"), ("X", "X"), ("dbl", "X"), ("double", "X"),
    ("XX", "XX"), ("rdbl", "XX"), ("1N", "1NT"), ("1NT", "1NT"), ("7nt", "7NT"),
    ("4♠", "4S"), ("2 h", "2H"), ("3c", "3C"),
])
def test_usual_spellings(text, expected):
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("bad", ["8C", "0NT", "1Z", "", "pas", "XXX"])
def test_bad_calls_quote_input(bad):
    with pytest.raises(CallError, match=repr(bad).replace("(", r"\(")):
        Call.parse(bad)


@given(st.sampled_from(CALLS))
def test_call_round_trip(call):
    assert Call.parse(str(call)) is call
    assert eval(repr(call)) is call
    assert Call.parse(call.symbol()) is call


def test_bid_constructor():
    assert Call.bid(3, Strain.NOTRUMP) is Call.parse("3NT")
    assert PASS.is_pass and DOUBLE.is_double and REDOUBLE.is_redouble
    with pytest.raises(CallError):
        Call.bid(8, Strain.CLUBS)


def test_cheapest_level_of_a_strain_after_the_last_bid():
    assert cheapest_level(Strain.CLUBS, None) == 1
    assert cheapest_level(Strain.SPADES, Call.parse("1H")) == 1
    assert cheapest_level(Strain.HEARTS, Call.parse("1H")) == 2
    assert cheapest_level(Strain.DIAMONDS, Call.parse("2NT")) == 3
    assert cheapest_level(Strain.CLUBS, Call.parse("7NT")) == 8
