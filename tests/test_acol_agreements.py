"""Acol's agreements bid on hands written for them: the weak notrump and the balanced ranges
(1NT 12-14, one of a suit then 1NT 15-16 / 2NT 17-19, or 2NT 15-16 / 3NT 17-19 after a
two-over-one, 2NT 20-22, 2C then 2NT 23-24 or 3NT 25-27), raises of a four-card major with
four trumps, the escapes when the weak notrump is doubled, and the fallback's captaincy from the picture of the auction (game when my
values and partner's shown minimum reach 25, the law of total tricks over their bid)."""
import pytest

from bidding.model.auction import Auction
from bidding.model.cards import Seat
from bidding.model.evaluation import is_balanced
from bidding.laboratory.simulate import generated_boards
from tests.robots import bid, shipped_robot


@pytest.fixture(scope="module")
def acol():
    return shipped_robot("Acol")



@pytest.mark.parametrize("hand, calls, expected", [
    # Balanced hands by range: 12-14 1NT, 15-19 one of a suit, 20-22 2NT, 23+ 2C.
    ("KJ72.Q84.A92.K73", "", "1NT"),
    ("AQ72.K84.A92.K73", "", "1S"),
    ("AKJ2.KQ4.A92.KQ3", "", "2NT"),
    ("AKJ2.KQ4.AQ2.KQ3", "", "2C"),
    ("AKJ2.KQ4.AQ2.KQ3", "2C P 2D P", "2NT"),     # 24: 23-24
    ("AKJ2.KQ2.AKJ.KJ2", "2C P 2D P", "3NT"),     # 25: 25-27, no strong 3NT opening
    # Four-card majors: the lower of two four-card majors.
    ("KQ72.AJ84.92.AJ7", "", "1H"),
    # Opener's notrump rebids after a one-level response: 15-16 and 17-19.
    ("AQ2.K54.KJ5.Q432", "1C P 1H P", "1NT"),
    ("AQ2.K54.KJ5.KQ32", "1C P 1H P", "2NT"),
    # ...and after a two-over-one, one level higher: 2NT 15-16, 3NT 17-19.
    ("AQ2.KJ54.QJ3.K32", "1H P 2C P", "2NT"),
    ("AQ2.KJ54.K3.KJ32", "1H P 2C P", "3NT"),
    ("A2.K54.AQ54.KJ32", "1D P 2C P", "3NT"),
    # Responder after it: four of opener's major with four trumps (opener may hold four);
    # with three he asks, and opener raises with five, else 3NT; slam with 33+.
    ("K3.Q832.A5.QJ984", "1H P 2C P 2NT P", "4H"),
    ("K3.Q82.A5.QJ9843", "1H P 2C P 2NT P", "3H"),
    ("AQ.KJ854.QJ3.K32", "1H P 2C P 2NT P 3H P", "4H"),
    ("AQ2.KJ54.QJ3.K32", "1H P 2C P 2NT P 3H P", "3NT"),
    ("K3.82.A52.QJ9843", "1H P 2C P 2NT P", "3NT"),
    ("KQ3.Q8.AQ5.KJ984", "1H P 2C P 3NT P", "6NT"),
    # Raises of a major need four trumps: single 6-9, limit 10-12; three trumps do not raise.
    ("82.QT63.K852.QJ4", "1H P", "2H"),
    ("QT63.82.K852.AQ4", "1S P", "3S"),
    ("82.QT6.K852.QJ43", "1H P", "1NT"),
    # Over the weak notrump, by the combined values (12-14 opposite): game, invite, pass.
    ("KJ7.Q84.A9.K7432", "1NT P", "3NT"),
    ("KJ7.Q84.A9.J7432", "1NT P", "2NT"),
    ("Q84.K92.J732.J73", "1NT P", "P"),
    # Their double of the weak notrump: a weak responder runs with a five-card suit
    # (a major by transfer, a minor by the redouble puppet to 2C), else passes.
    ("863.J4.JT432.T76", "1NT X", "XX"),
    ("AKT9.KT65.K8.832", "1NT X XX P", "2C"),
    ("863.J4.JT432.T76", "1NT X XX P 2C P", "2D"),
    ("863.J4.T76.JT432", "1NT X XX P 2C P", "P"),
    ("863.JT432.J4.T76", "1NT X", "2D"),
    ("8632.J54.T72.JT4", "1NT X", "P"),
    # ...or with a singleton and a four-card minor: the puppet, then the longer minor.
    ("7642.Q954.2.J642", "1NT X", "XX"),
    ("7642.Q954.2.J642", "1NT X XX P 2C P", "P"),
    ("7642.Q954.J642.2", "1NT X XX P 2C P", "2D"),
    # a weak 4-4-3-2 runs too (test_acol_4: a 4-4 fit with opener is likely); with both
    # majors it bids 2H over the puppet
    ("7642.Q954.J64.J2", "1NT X", "XX"),
    ("7642.Q954.J64.J2", "1NT X XX P 2C P", "2H"),
    # Their 2C passed round to responder: four diamonds opposite four make eight trumps,
    # compete at the two level (law of total tricks, also in the pass-out seat).
    ("KJ74.83.Q852.J43", "1D P 1S 2C P P", "2D"),
])
def test_agreements(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, expected", [
    # After 1H P 1S (2D) 2S (3D), our uncontested continuations where legal, then the
    # fallback: game when my support points and opener's shown minimum reach 25; otherwise
    # compete to the level of the fit. Opener's raise may hold three spades: five of mine
    # make eight trumps, the two level (so pass at the three level); six make nine. Five
    # of opener's hearts are nine trumps there: compete in hearts.
    ("KJ95.AK862.7.Q84", "4S"),
    ("KJ95.Q8632.7.Q84", "3H"),
    ("KJ952.Q863.7.Q84", "P"),
    ("KJ9652.Q86.7.Q84", "3S"),
])
def test_fallback_captaincy_and_total_tricks(acol, hand, expected):
    assert bid(acol, hand, "1H P 1S 2D 2S 3D") == expected


def test_a_game_placed_off_the_tree_stands(acol):
    """Opener's 3NT after responder showed six hearts denies a fit: responder passes."""
    auction = "1C P 1H P 1S P 2D P 2NT P 3H P"
    assert bid(acol, "QJT8.6.AK2.KJ532", auction) == "3NT"
    assert bid(acol, "K9.AKT952.754.Q6", auction + " 3NT P") == "P"


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


@pytest.mark.parametrize("hand, expected", [
    ("643.K852.KJ7.A95", "2C"),      # 11 HCP, three-card support: above 1NT, no four trumps
    ("643.K852.QJ7.J95", "1NT"),     # 8 HCP: 1NT
])
def test_acol_responder_with_three_trumps_and_11_12(hand, expected):
    """Acol's raises need four trumps and its 1NT response stops at 10, so a 3-4-3-3 of
    11-12 opposite 1S had no call and passed (27 HCP, 3NT cold): it bids the cheapest
    minor, three cards, as SAYC's 2C with 13+ does."""
    assert bid(shipped_robot("Acol"), hand, "1S P") == expected
