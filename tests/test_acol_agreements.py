"""Properties of Acol's agreements over many hands (one line of
tests/data/agreements/acol.jsonl states one hand): every balanced hand of 12+ opens in first
seat (1NT 12-14, one of a suit 15-19, 2NT 20-22, 2C 23+), and a balanced 2C opener always has
a notrump rebid (2NT 23-24, 3NT 25-27)."""
import pytest

from bidding.model.auction import Auction
from bidding.model.cards import Seat
from bidding.model.evaluation import is_balanced
from bidding.laboratory.simulate import generated_boards
from tests.robots import bid, shipped_robot


@pytest.fixture(scope="module")
def acol():
    return shipped_robot("Acol")


def test_every_balanced_hand_of_12_or_more_opens_in_first_seat(acol):
    script = "condition hcp(north) >= 12 and shape(north, any 4333 + any 4432 + any 5332)"
    for board in generated_boards(60, seed=16, script=script):
        hand = board.deal[Seat.NORTH]
        assert is_balanced(hand)
        assert bid(acol, str(hand), "") != "P", str(hand)


def test_a_balanced_2c_opener_has_a_notrump_rebid(acol):
    script = "condition hcp(north) >= 23 and hcp(north) <= 27 and shape(north, any 4333 + any 4432)"
    for board in generated_boards(20, seed=16, script=script):
        hand = board.deal[Seat.NORTH]
        choice = acol.choose(hand, Auction(Seat.NORTH, "2C P 2D P".split()))
        assert str(choice.call) in {"2NT", "3NT"} and choice.rule is not None, str(hand)
