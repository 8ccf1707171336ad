"""Hand evaluation: known hands for every function, agreement with the dealer binary on the
hands in tests/golden/dealer_evaluation.txt, and properties of random hands."""
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bidding.model import evaluation as ev
from bidding.model.cards import CARDS, SUITS_HIGH_FIRST, Hand, Suit, random_deal

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def hand(text: str) -> Hand:
    return Hand.parse(text)


def holding(cards: str, suit: Suit = S) -> Hand:
    """A part hand with `cards` in one suit (for per-suit tables)."""
    parts = ["", "", "", ""]
    parts[SUITS_HIGH_FIRST.index(suit)] = cards
    return Hand.parse(".".join(parts), size=None)


def with_pattern(lengths) -> Hand:
    """Some 13-card hand with these suit lengths (S, H, D, C), small cards first."""
    return Hand.parse(".".join("23456789TJQKA"[:n] for n in lengths))


hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(
    lambda cards: Hand.from_cards(CARDS[i] for i in cards))

# --- agreement with dealer -----------------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden" / "dealer_evaluation.txt"


def _dealer_rows():
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        whole, *per_suit = line.split("|")
        text, *numbers = whole.split()
        yield text, [int(n) for n in numbers], [[int(n) for n in part.split()] for part in per_suit]


DEALER_ROWS = list(_dealer_rows())


def test_golden_file_covers_many_holdings():
    assert len(DEALER_ROWS) > 600
    lengths = {len(suit) for text, _, _ in DEALER_ROWS for suit in text.split(".")}
    assert lengths >= set(range(0, 11))


def test_agrees_with_dealer_on_every_golden_hand():
    for text, whole, per_suit in DEALER_ROWS:
        h = Hand.parse(text)
        expected_pt = whole[4:]
        assert [ev.hcp(h), ev.controls(h), ev.losers(h), ev.cccc(h)] == whole[:4], text
        assert [ev.points(h, scale) for scale in ev.PT_SCALES] == expected_pt, text
        for suit, (suit_hcp, suit_controls, suit_losers, quality) in zip(SUITS_HIGH_FIRST, per_suit):
            assert ev.hcp(h, suit) == suit_hcp, (text, suit)
            assert ev.controls(h, suit) == suit_controls, (text, suit)
            assert ev.losers(h, suit) == suit_losers, (text, suit)
            assert ev.suit_quality(h, suit) == quality, (text, suit)


def test_dealer_manual_example():
    # /usr/share/doc/dealer/examples/Refer.evaluation
    h = hand("-.A854.JT832.AK32")
    assert (ev.losers(h), ev.hcp(h), ev.controls(h), ev.cccc(h)) == (6, 12, 5, 1540)
    assert [ev.losers(h, s) for s in (S, H, D, C)] == [0, 2, 3, 1]
    assert [ev.suit_quality(h, s) for s in (S, H, D, C)] == [0, 160, 100, 280]
    assert [ev.points(h, scale) for scale in ev.PT_SCALES][:2] == [1, 1]


# --- point counts --------------------------------------------------------------------------

def test_hcp_known_hands():
    h = hand("AKQJ.T98.765.432")
    assert ev.hcp(h) == 10
    assert [ev.hcp(h, s) for s in (S, H, D, C)] == [10, 0, 0, 0]
    assert ev.hcp(hand("AKQJ.AKQ.AKQ.AKQ")) == 37
    assert ev.hcp(hand("5432.5432.5432.5")) == 0


def test_named_scales():
    h = hand("AKQJT.KJ.QT9.A32")
    assert ev.points(h, ev.HCP) == ev.hcp(h) == 4 + 3 + 2 + 1 + 3 + 1 + 2 + 4
    assert ev.points(h, ev.TENS) == 2
    assert ev.points(h, ev.JACKS) == 2
    assert ev.points(h, ev.QUEENS) == 2
    assert ev.points(h, ev.KINGS) == 2
    assert ev.points(h, ev.ACES) == 2
    assert ev.points(h, ev.TOP2) == 4
    assert ev.points(h, ev.TOP3) == 6
    assert ev.points(h, ev.TOP4) == 8
    assert ev.points(h, ev.TOP5) == ev.honours(h) == 10
    assert ev.points(h, ev.C13) == 6 + 4 + 2 + 1 + 4 + 1 + 2 + 6
    assert ev.points(h, ev.C13, S) == 13


def test_custom_scale_and_bad_scale():
    two_point_deuces = (2,) + (0,) * 12
    assert ev.points(hand("2.2.2.AKQJT98765"), two_point_deuces) == 6
    assert ev.points(hand("2.2.2.AKQJT98765"), list(two_point_deuces), H) == 2
    with pytest.raises(ValueError, match="13 weights"):
        ev.points(hand("2.2.2.AKQJT98765"), (4, 3, 2, 1))


def test_honours_and_controls():
    h = hand("AKQJT.KJ.QT9.A32")
    assert [ev.honours(h, s) for s in (S, H, D, C)] == [5, 2, 2, 1]
    assert ev.controls(h) == 2 + 1 + 1 + 2
    assert [ev.controls(h, s) for s in (S, H, D, C)] == [3, 1, 0, 2]
    assert ev.controls(hand("AK.AK.AK.AK98765")) == 12


# --- shape ---------------------------------------------------------------------------------

def test_shape_pattern_length_longest():
    h = hand("K5.AQJ97.T8.A732")
    assert ev.shape(h) == (2, 5, 2, 4)
    assert ev.pattern(h) == (5, 4, 2, 2)
    assert [ev.length(h, s) for s in (S, H, D, C)] == [2, 5, 2, 4]
    assert ev.longest_suit(h) == H


def test_longest_suit_prefers_the_higher_ranking_of_equal_suits():
    assert ev.longest_suit(with_pattern((1, 1, 5, 6))) == C
    assert ev.longest_suit(with_pattern((1, 1, 6, 5))) == D
    assert ev.longest_suit(with_pattern((0, 1, 6, 6))) == D
    assert ev.longest_suit(with_pattern((5, 0, 3, 5))) == S
    assert ev.longest_suit(with_pattern((4, 4, 1, 4))) == S
    assert ev.longest_suit(with_pattern((3, 3, 3, 4))) == C


ALL_PATTERNS = sorted({tuple(sorted(p, reverse=True))
                       for p in combinations_with_replacement(range(14), 4) if sum(p) == 13})


def test_there_are_39_patterns():
    assert len(ALL_PATTERNS) == 39


@pytest.mark.parametrize("pattern", ALL_PATTERNS, ids=["".join(map(str, p)) for p in ALL_PATTERNS])
def test_balanced_and_semi_balanced_patterns_exactly(pattern):
    balanced = pattern in {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
    semi = balanced or pattern in {(5, 4, 2, 2), (6, 3, 2, 2)}
    for lengths in {pattern, pattern[::-1], pattern[1:] + pattern[:1]}:
        h = with_pattern(lengths)
        assert ev.pattern(h) == pattern
        assert ev.is_balanced(h) is balanced
        assert ev.is_semi_balanced(h) is semi


def test_length_and_starting_points():
    h = hand("AKJ765.AQ954.3.2")
    assert ev.length_points(h) == 2 + 1
    assert ev.starting_points(h) == 14 + 3
    assert ev.length_points(hand("AKQJ.T98.765.432")) == 0
    assert ev.length_points(hand("AKQJT98765432...")) == 9


def test_support_points_four_trumps():
    h = hand("KJ74.-.A98432.Q63")  # void hearts, 4 spades
    assert ev.support_points(h, S) == 10 + 5
    h = hand("KJ74.5.A983.Q632")
    assert ev.support_points(h, S) == 10 + 3
    h = hand("KJ74.53.A98.Q632")
    assert ev.support_points(h, S) == 10 + 1
    h = hand("KJ742.5.A9.Q6328")  # singleton and doubleton
    assert ev.support_points(h, S) == 10 + 3 + 1


def test_support_points_three_trumps_and_no_fit():
    assert ev.support_points(hand("KJ7.-.A98432.Q632"), S) == 10 + 3
    assert ev.support_points(hand("KJ7.5.A98432.Q63"), S) == 10 + 2
    assert ev.support_points(hand("KJ7.54.A9843.Q63"), S) == 10 + 1
    assert ev.support_points(hand("KJ.5.A98432.Q632"), S) == 10  # two trumps: no fit
    # shortness in the trump suit itself is never counted
    assert ev.support_points(hand("KJ74.5.A983.Q632"), H) == 10


@given(hands)
def test_support_points_from_figures_in_either_suit_order(h):
    """The engine's hand facts count suits C..S; the model's shape is S..C: same points."""
    clubs_first = tuple(reversed(ev.shape(h)))
    for index, trump in enumerate((C, D, H, S)):
        assert ev.support_points_of(ev.hcp(h), clubs_first, index) == ev.support_points(h, trump)


def test_rules_of_20_and_15():
    assert ev.rule_of_20(hand("AJ5.Q54.K43.Q432")) == 12 + 4 + 3  # 12 HCP 4-3-3-3 passes
    assert ev.rule_of_20(hand("A5.KJ432.Q876.J2")) == 11 + 5 + 4  # 11 HCP 5-4 opens
    assert ev.rule_of_15(hand("KQ52.A5.J76.Q432")) == 12 + 4
    assert ev.rule_of_15(hand("5.AKJ5.Q762.Q432")) == 12 + 1


# --- losers and tricks ---------------------------------------------------------------------

@pytest.mark.parametrize("cards,expected", [
    ("", 0), ("A", 0), ("K", 1), ("2", 1),
    ("AK", 0), ("AQ", 1), ("A2", 1), ("KQ", 1), ("K2", 1), ("QJ", 2), ("32", 2),
    ("AKQ", 0), ("AKQ2", 0), ("AK2", 1), ("AQ2", 1), ("KQ2", 1), ("A32", 2), ("Q32", 2),
    ("J32", 3), ("JT9", 3), ("AKQJT98", 0), ("5432", 3), ("QJT98765", 2),
])
def test_losers_by_dealers_rules(cards, expected):
    assert ev.losers(holding(cards, H), H) == expected
    assert ev.losers(holding(cards, H)) == expected


@pytest.mark.parametrize("cards,halves", [
    ("", 0), ("A", 0), ("K", 2), ("AK", 0), ("KQ", 2), ("Q2", 4),
    ("AKQ", 0), ("A32", 4), ("AJT", 3), ("KJT", 3), ("AJT9", 3), ("AJ2", 4), ("AKJ", 2),
    ("AQJ", 2), ("Q32", 5), ("Q5432", 5), ("QJ2", 4), ("KQ2", 2), ("AQ2", 2), ("J32", 6),
])
def test_half_losers(cards, halves):
    assert ev.half_losers(holding(cards, D), D) == halves


@pytest.mark.parametrize("cards,tricks", [
    ("", 0), ("AK", 2), ("AKQ", 2), ("AQ", 1.5), ("AQJ", 1.5), ("A", 1), ("A32", 1),
    ("KQ", 1), ("KQJ", 1), ("K2", 0.5), ("KJ3", 0.5), ("K", 0), ("QJ2", 0), ("Q", 0),
])
def test_quick_tricks(cards, tricks):
    assert ev.quick_tricks(holding(cards, C), C) == tricks


def test_quick_tricks_whole_hand():
    assert ev.quick_tricks(hand("AK2.AQ2.KQ2.K432")) == 2 + 1.5 + 1 + 0.5


# --- stoppers ------------------------------------------------------------------------------

@pytest.mark.parametrize("cards,full,half", [
    ("A", True, True), ("K2", True, True), ("Q32", True, True), ("J432", True, True),
    ("AK", True, True), ("QJ2", True, True),
    ("K", False, False), ("Q2", False, True), ("QJ", False, True), ("J32", False, True),
    ("T432", False, True), ("T98765", False, True),
    ("Q", False, False), ("J2", False, False), ("T32", False, False), ("98765", False, False),
    ("", False, False),
])
def test_stoppers(cards, full, half):
    h = holding(cards, S)
    assert ev.has_stopper(h, S) is full
    assert ev.has_half_stopper(h, S) is half


# --- Kaplan-Rubens -------------------------------------------------------------------------

@pytest.mark.parametrize("cards,quality", [
    ("AK32", 280), ("A854", 160), ("JT832", 100), ("T98", 30), ("983", 15), ("QJ9", 105),
    ("AKJ9", 320), ("KQT52", 300), ("AKQJ96", 600),
    # seven cards and more: tens and nines ignored, missing Q/J credited up to length - 6
    ("AQT6542", 490), ("Q876532", 210), ("JT98743", 140), ("AKQJ432", 700),
    ("K9875432", 400), ("AKJ987532", 900), ("AJ98765432", 700),
])
def test_suit_quality_examples_checked_with_dealer(cards, quality):
    assert ev.suit_quality(holding(cards, H), H) == quality


@pytest.mark.parametrize("text,expected", [
    # worked from the definitions, values confirmed with /usr/games/dealer
    ("A752.K62.J64.KQ4", 1180),      # 4-3-3-3: -0.5 and no shortness
    ("K7.QJT743.74.KQ6", 1175),
    ("AQT6542.5.T86.A5", 1510),
])
def test_cccc_examples(text, expected):
    assert ev.cccc(hand(text)) == expected


# --- properties of random hands --------------------------------------------------------------

PER_SUIT_FUNCTIONS = [ev.hcp, ev.honours, ev.controls, ev.losers, ev.half_losers, ev.quick_tricks,
                      lambda h, s=None: ev.points(h, ev.C13, s)]


@given(hands)
def test_whole_hand_is_the_sum_of_its_suits(h):
    for function in PER_SUIT_FUNCTIONS:
        assert function(h) == sum(function(h, s) for s in Suit)


@given(hands)
def test_ranges(h):
    assert 0 <= ev.hcp(h) <= 37
    assert 0 <= ev.controls(h) <= 12
    assert 0 <= ev.honours(h) <= 13
    assert 0 <= ev.losers(h) <= 12
    assert 0 <= ev.quick_tricks(h) <= 8
    assert abs(ev.half_losers(h) - 2 * ev.losers(h)) <= 4
    assert ev.hcp(h) <= ev.starting_points(h) <= ev.hcp(h) + 9
    assert ev.rule_of_15(h) <= ev.rule_of_20(h) + 13


@given(hands)
def test_counts_agree_with_counting_card_by_card(h):
    for scale in (ev.HCP, ev.C13, *ev.PT_SCALES):
        assert ev.points(h, scale) == sum(scale[card.rank] for card in h)
    assert ev.controls(h) == sum({12: 2, 11: 1}.get(card.rank, 0) for card in h)
    assert ev.honours(h) == sum(card.rank >= 8 for card in h)


@given(hands)
def test_shape_facts(h):
    lengths = ev.shape(h)
    assert sum(lengths) == 13
    assert ev.pattern(h) == tuple(sorted(lengths, reverse=True))
    longest = ev.longest_suit(h)
    assert ev.length(h, longest) == max(lengths)
    assert all(ev.length(h, s) < max(lengths) for s in Suit if s > longest)
    assert not ev.is_balanced(h) or ev.is_semi_balanced(h)
    assert ev.is_semi_balanced(h) == (min(lengths) >= 2 and max(lengths) <= 6)
    assert ev.length_points(h) == sum(max(0, n - 4) for n in lengths)


@given(hands, st.sampled_from(list(Suit)))
def test_per_suit_facts(h, suit):
    assert not ev.has_stopper(h, suit) or ev.has_half_stopper(h, suit)
    assert ev.support_points(h, suit) >= ev.hcp(h)
    if ev.length(h, suit) < 3:
        assert ev.support_points(h, suit) == ev.hcp(h)
    assert ev.losers(h, suit) <= min(3, ev.length(h, suit))
    assert ev.suit_quality(h, suit) >= 0


def test_deal_totals():
    rng = np.random.default_rng(2024)
    for _ in range(200):
        deal = random_deal(rng)
        assert sum(ev.hcp(h) for h in deal.hands) == 40
        assert sum(ev.controls(h) for h in deal.hands) == 12
        assert sum(ev.honours(h) for h in deal.hands) == 20
        assert sum(ev.points(h, ev.C13) for h in deal.hands) == 52
