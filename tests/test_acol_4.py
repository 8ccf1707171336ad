"""Acol agreements of acol-4, on hands written for them: the fallback's 3NT opposite a
partner who showed a balanced hand with their suit stopped (his 1NT or 2NT overcall);
responder over their overcall of the weak notrump, by combined values (game 25+ between
us, 13+ opposite 12-14, where SAYC's HCP were written for 15-17); and the advances of the
natural 2NT overcall of a weak two (Stayman, five- and six-card majors, 3NT with 24+)."""
import pytest

from tests.robots import bid, shipped_robot


@pytest.fixture(scope="module")
def acol():
    return shipped_robot("Acol")


@pytest.mark.parametrize("hand, calls, expected", [
    # Their raise over our 2NT overcall: 10 HCP opposite 16+ with their hearts stopped by
    # partner: 3NT, though my hand stops neither hearts nor spades.
    ("J65.863.QT84.AK2", "2H 2NT 3H", "3NT"),
    ("J65.863.QT84.J72", "2H 2NT 3H", "P"),             # 4 HCP: no game
    # Our 1NT overcall (15-18), advancer's transfer, their 2S: 10 HCP and five hearts,
    # no spade stopper of mine: partner has it, 3NT.
    ("84.KQ953.K84.Q72", "1S 1NT P 2D 2S P P", "3NT"),
])
def test_fallback_3nt_opposite_a_balanced_partner(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # 13 HCP opposite 12-14: game, their hearts stopped.
    ("Q87.K94.KJ94.KJ5", "1NT 2H", "3NT"),
    # 12: invitation (23-24), opener accepts with 13+.
    ("Q87.K94.KJ94.K75", "1NT 2H", "2NT"),
    ("AQ2.K85.Q73.Q842", "1NT 2H 2NT P", "3NT"),
    ("Q32.K85.Q73.QJ42", "1NT 2H 2NT P", "P"),
    # 10 HCP: SAYC's 3NT (10+ opposite 15-17) is 22 here: no game, no invitation.
    ("K87.K94.QJ84.J75", "1NT 2H", "P"),
    # Game values, no stopper, no four-card major, no five-card suit: double.
    ("Q87.94.KJ94.AKJ5", "1NT 2H", "X"),
    ("Q87.94.KJ94.AKJ5", "1NT 3H", "X"),
    # A weak five-card suit: natural at the two level.
    ("Q8732.94.K94.J75", "1NT 2H", "2S"),
])
def test_responder_over_their_overcall_of_the_weak_notrump(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    ("84.Q73.KJ82.Q762", "2H 2NT P", "3NT"),               # 8: 24 between us
    ("84.Q73.K982.9762", "2H 2NT P", "P"),              # 5: game out of reach
    ("K87432.Q73.K82.J", "2H 2NT P", "4S"),                # six spades
    ("K8432.Q73.K82.J2", "2H 2NT P", "3S"),                # five spades, forcing
    ("AKJ.Q84.A92.KQ43", "2H 2NT P 3S P", "4S"),           # three-card support
    ("AK.Q84.A92.KQ432", "2H 2NT P 3S P", "3NT"),
    ("K842.Q73.K82.J62", "2H 2NT P", "3C"),                # Stayman, four spades
    ("AKJ2.Q84.A92.KQ3", "2H 2NT P 3C P", "3S"),
    ("AK2.Q84.A92.KQ43", "2H 2NT P 3C P", "3NT"),
    ("K842.Q73.K82.J62", "2H 2NT P 3C P 3S P", "4S"),
    ("K842.Q73.K82.J62", "2D 2NT P 3C P 3H P", "3S"),      # hearts shown, advancer's spades
])
def test_advances_of_the_2nt_overcall_of_a_weak_two(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Their penalty double of the weak notrump: a weak 4-4-3-2 runs too (redouble, the
    # puppet to 2C), then passes with four clubs, corrects to 2D with four diamonds, or
    # bids 2H with both majors; opener passes 2H or corrects to the longer spades.
    ("J82.9832.T863.93", "1NT X", "XX"),
    ("J82.9832.T863.93", "1NT X XX P 2C P", "2D"),
    ("J8.9832.T86.9763", "1NT X XX P 2C P", "P"),
    ("KJ82.9832.T86.93", "1NT X XX P 2C P", "2H"),
    ("AK52.Q83.A5.KJ94", "1NT X XX P 2C P 2H P", "2S"),
    ("AK5.Q832.A5.KJ94", "1NT X XX P 2C P 2H P", "P"),
    # 4-3-3-3 has no second suit to find: it stays in 1NT doubled.
    ("J82.983.T863.T93", "1NT X", "P"),
])
def test_weak_responder_runs_from_1nt_doubled(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Off the tree (SAYC's fallback), their two-level bid passed round to me: we hold the
    # balance (24+ between us, opener's 12 and my 12), three of their clubs, no fit of ours
    # to compete in and no game: a penalty double.
    ("AQ72.K84.Q93.872", "1D P 1S 2C P P", "X"),
    # At the three level too, with two of their clubs: 24+ between us.
    ("AQ72.KJ42.KQ3.82", "1D P 1S 3C P P", "X"),
    # With game values and their suit stopped, 3NT instead.
    ("AQ72.K84.Q93.K72", "1D P 1S 2C P P", "3NT"),
])
def test_fallback_doubles_their_two_level_bid_with_the_balance(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected


@pytest.mark.parametrize("hand, calls, expected", [
    # Off the tree, partner went past 3NT with 4C (diamonds agreed): 10 HCP and a
    # singleton make 26+ support points opposite his reverse (16+): five of the minor.
    ("K.AT862.JT64.QT2", "P P 1C P 1H P 2D P 3D P 4C P", "5D"),
    # A minimum (6 HCP, no shortness) stays below game.
    ("J5.AT862.JT64.32", "P P 1C P 1H P 2D P 3D P 4C P", "P"),
])
def test_fallback_minor_game_when_partner_bid_past_3nt(acol, hand, calls, expected):
    assert bid(acol, hand, calls) == expected
