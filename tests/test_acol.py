"""Acol's openings leave no gap: every hand of 20+ HCP opens (one of a suit up to 21 unless
balanced, 2NT with 20-22 balanced, 2C with 22+ or a strong hand of few losers)."""
import pytest

from bidding.model.auction import Auction
from bidding.model.cards import Hand, Seat
from bidding.model.evaluation import is_balanced
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.laboratory.simulate import generated_boards


@pytest.fixture(scope="module")
def acol():
    return Robot(system_named(ConventionLibrary([]), "Acol"))


def opening(robot, hand: str, seat: int = 1) -> str:
    auction = Auction(Seat.NORTH, ["P"] * (seat - 1))
    return str(robot.choose(Hand.parse(hand), auction).call)


@pytest.mark.parametrize("hand, call", [
    ("A.K752.AK75.AK42", "1C"),          # 21, 1-4-4-4: the lowest of three four-card suits
    ("A.AKQ8.AK6.J7542", "1C"),          # 21, five clubs
    ("A.KJ93.AKJ95.A82", "1D"),          # 20, five diamonds
    ("AK.KQ2.AQ2.QJ432", "2NT"),         # 20 balanced
    ("AK2.KQ2.A32.Q432", "1C"),          # 18 balanced: one of a suit, 2NT rebid later
])
def test_strong_hands_open(acol, hand, call):
    assert opening(acol, hand) == call


def test_no_hand_of_20_or_21_hcp_passes_in_any_seat(acol):
    script = "condition hcp(north) >= 20 and hcp(north) <= 21"
    for board in generated_boards(40, seed=5, script=script):
        hand = board.deal[Seat.NORTH]
        expected = {"2NT"} if is_balanced(hand) else {"1C", "1D", "1H", "1S", "2C"}
        for seat in (1, 2, 3, 4):
            assert opening(acol, str(hand), seat) in expected, (str(hand), seat)


@pytest.mark.parametrize("calls, hand, expected, source", [
    # (1NT) X (XX): their redouble is a rescue puppet to 2C, so advancer with game values
    # waits too (before: no rule, the fallback passed); with 9 or less, SAYC's pass.
    ("1NT X XX", "64.J976.A2.KQ974", "P", "acol-advances-of-a-penalty-double-of-1nt.conv"),
    ("1NT X XX", "64.J976.A2.Q9742", "P", "sayc-advances-of-a-penalty-double-of-1nt.conv"),
])
def test_the_tree_states_the_call(acol, calls, hand, expected, source):
    choice = acol.choose(Hand.parse(hand), Auction(Seat.NORTH, calls.split()))
    assert str(choice.call) == expected
    assert choice.rule is not None and source in str(choice.rule.source)
