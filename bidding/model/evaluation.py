"""Hand evaluation: point counts, shape, losers, quick tricks, stoppers and the Four C's.

Robots ask these questions of every hand many times, so every figure that depends on one
suit alone is read from a table indexed by the 13-bit suit mask (bit 12 = ace), built once at
import; a whole-hand figure is the sum of four look-ups. `suit` arguments take a `Suit` (or
0-3); `suit=None` means the whole hand. The tables themselves (`HOLDING_*`, `points_table`)
are shared: the robots' hand facts and the deal generator's vectorised figures read them too.

Where dealer (Hans van Staveren's, /usr/games/dealer) has a function of the same name --
hcp, the ptN point scales, control, loser, quality, cccc -- ours gives the same number:
loser, quality and cccc were checked against the binary on 800,000 hands, and
tests/golden/dealer_evaluation.txt keeps 654 of them that cover every kind of holding.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Callable

from bidding.model.cards import SUITS_HIGH_FIRST, Hand, Suit

_SUIT = 0x1FFF
_ACE, _KING, _QUEEN, _JACK, _TEN, _NINE, _EIGHT = (1 << rank for rank in range(12, 5, -1))


def _table(per_suit: Callable[[int], int]) -> tuple:
    """`per_suit(mask)` for every one of the 8192 holdings in a suit."""
    return tuple(per_suit(mask) for mask in range(_SUIT + 1))


HOLDING_LENGTH = _table(int.bit_count)


def _sum(table: tuple, hand: Hand, suit: Suit | None):
    mask = hand.mask
    if suit is None:
        return (table[mask & _SUIT] + table[mask >> 13 & _SUIT]
                + table[mask >> 26 & _SUIT] + table[mask >> 39 & _SUIT])
    return table[mask >> 13 * suit & _SUIT]


# --- point scales ------------------------------------------------------------------------

def _scale(ten: int = 0, jack: int = 0, queen: int = 0, king: int = 0, ace: int = 0):
    return (0,) * 8 + (ten, jack, queen, king, ace)


# A scale is 13 weights in rank order, two first and ace last. (Dealer's `pointcount` and
# `altcount` statements list the weights the other way round, ace first.)
HCP = _scale(jack=1, queen=2, king=3, ace=4)
TENS = _scale(ten=1)
JACKS = _scale(jack=1)
QUEENS = _scale(queen=1)
KINGS = _scale(king=1)
ACES = _scale(ace=1)
TOP2 = _scale(king=1, ace=1)
TOP3 = _scale(queen=1, king=1, ace=1)
TOP4 = _scale(jack=1, queen=1, king=1, ace=1)
TOP5 = _scale(ten=1, jack=1, queen=1, king=1, ace=1)
C13 = _scale(jack=1, queen=2, king=4, ace=6)
"""Four Aces / Burnstine count in integers: A=6, K=4, Q=2, J=1, 13 points a suit."""

PT_SCALES = (TENS, JACKS, QUEENS, KINGS, ACES, TOP2, TOP3, TOP4, TOP5, C13)
"""Dealer's default alternate counts pt0..pt9 (tens, jacks, ..., top5, c13), by number."""


@lru_cache(maxsize=64)
def points_table(scale: tuple) -> tuple:
    """The points of every holding on `scale` (13 weights, two..ace), kept for 64 scales."""
    if len(scale) != 13:
        raise ValueError(f"a point scale has 13 weights, two to ace; got {len(scale)}: {scale!r}")
    table = [0] * (_SUIT + 1)
    for mask in range(1, _SUIT + 1):
        lowest = mask & -mask
        table[mask] = table[mask ^ lowest] + scale[lowest.bit_length() - 1]
    return tuple(table)


HOLDING_HCP = points_table(HCP)


def hcp(hand: Hand, suit: Suit | None = None) -> int:
    """High-card points, A=4 K=3 Q=2 J=1 (40 in the deck): the measure of every NT range."""
    return _sum(HOLDING_HCP, hand, suit)


def points(hand: Hand, scale: tuple, suit: Suit | None = None) -> int:
    """Points on any scale of 13 weights (two..ace), e.g. `points(hand, C13)`. Tables for
    the last 64 scales used are kept, so custom scales cost a look-up too."""
    return _sum(points_table(tuple(scale)), hand, suit)


# --- shape -------------------------------------------------------------------------------

def length(hand: Hand, suit: Suit) -> int:
    return (hand.mask >> 13 * suit & _SUIT).bit_count()


def shape(hand: Hand) -> tuple[int, int, int, int]:
    """Suit lengths as (spades, hearts, diamonds, clubs)."""
    mask = hand.mask
    return ((mask >> 39 & _SUIT).bit_count(), (mask >> 26 & _SUIT).bit_count(),
            (mask >> 13 & _SUIT).bit_count(), (mask & _SUIT).bit_count())


_PATTERN_OF_SHAPE = {lengths: tuple(sorted(lengths, reverse=True))
                     for lengths in product(range(14), repeat=4) if sum(lengths) == 13}


def pattern(hand: Hand) -> tuple[int, int, int, int]:
    """Suit lengths longest first, whatever the suits: 5-4-3-1 is (5, 4, 3, 1)."""
    lengths = shape(hand)
    return _PATTERN_OF_SHAPE.get(lengths) or tuple(sorted(lengths, reverse=True))


_BALANCED = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})
_SEMI_BALANCED = _BALANCED | {(5, 4, 2, 2), (6, 3, 2, 2)}


def is_balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2 (the SAYC notrump shapes; the five may be a major)."""
    return pattern(hand) in _BALANCED


def is_semi_balanced(hand: Hand) -> bool:
    """Balanced, or 5-4-2-2 or 6-3-2-2: exactly the patterns with no singleton or void and
    no seven-card suit. Not notrump openings in SAYC, but candidates for notrump rebids."""
    return pattern(hand) in _SEMI_BALANCED


def longest_suit(hand: Hand) -> Suit:
    """The longest suit; of equal longest suits the higher-ranking (the one to open with
    5-5 or 6-6). Choices among four-card suits (1D with 4-4 minors...) are for the opening
    rules, not this function."""
    lengths = shape(hand)
    return SUITS_HIGH_FIRST[lengths.index(max(lengths))]


_LENGTH_POINTS = _table(lambda mask: max(0, mask.bit_count() - 4))
_STARTING_POINTS = tuple(map(sum, zip(HOLDING_HCP, _LENGTH_POINTS)))


def length_points(hand: Hand) -> int:
    """One point for every card beyond four in each suit (SAYC: bidding your own suits)."""
    return _sum(_LENGTH_POINTS, hand, None)


def starting_points(hand: Hand) -> int:
    """HCP plus length points: SAYC's "points" for opening and for bidding one's own suits."""
    return _sum(_STARTING_POINTS, hand, None)


_SHORTNESS_WITH_FOUR_TRUMPS = (5, 3, 1)
_SHORTNESS_WITH_THREE_TRUMPS = (3, 2, 1)


def support_points(hand: Hand, trump: Suit) -> int:
    """Dummy points for raising partner's `trump` suit, counted instead of length points:
    HCP plus, for each side suit, void 5, singleton 3, doubleton 1 with four or more trumps,
    void 3, singleton 2, doubleton 1 with exactly three. Shortness is worth nothing without
    a fit, so with fewer than three trumps this is just HCP."""
    return support_points_of(hcp(hand), shape(hand), SUITS_HIGH_FIRST.index(trump))


def support_points_of(high_card_points: int, lengths: tuple[int, ...], trump_index: int) -> int:
    """support_points from figures already known: `lengths` of the four suits in any order,
    `trump_index` the trump suit's place in it (the engine's hand facts count C..S)."""
    trumps = lengths[trump_index]
    if trumps < 3:
        return high_card_points
    values = _SHORTNESS_WITH_FOUR_TRUMPS if trumps >= 4 else _SHORTNESS_WITH_THREE_TRUMPS
    return high_card_points + sum(values[count] for index, count in enumerate(lengths)
                                  if count < 3 and index != trump_index)


def rule_of_20(hand: Hand) -> int:
    """HCP plus the lengths of the two longest suits; open in first or second seat at 20."""
    longest, second, _, _ = pattern(hand)
    return hcp(hand) + longest + second


def rule_of_15(hand: Hand) -> int:
    """HCP plus the number of spades; open in fourth seat at 15 (spades win part-scores)."""
    return hcp(hand) + length(hand, Suit.SPADES)


# --- honours and controls ----------------------------------------------------------------

HOLDING_HONOURS = points_table(TOP5)
CONTROLS = _scale(king=1, ace=2)
HOLDING_CONTROLS = points_table(CONTROLS)


def honours(hand: Hand, suit: Suit | None = None) -> int:
    """Number of honours: aces, kings, queens, jacks and tens (dealer's top5)."""
    return _sum(HOLDING_HONOURS, hand, suit)


def controls(hand: Hand, suit: Suit | None = None) -> int:
    """Controls, A=2 K=1 (12 in the deck): first- and second-round control for slams."""
    return _sum(HOLDING_CONTROLS, hand, suit)


# --- losers and tricks -------------------------------------------------------------------

def _dealer_losers(mask: int) -> int:
    count = mask.bit_count()
    if count >= 3:
        return 3 - bool(mask & _ACE) - bool(mask & _KING) - bool(mask & _QUEEN)
    if count == 2:
        return 0 if mask == _ACE | _KING else 1 if mask & (_ACE | _KING) else 2
    return 0 if mask in (0, _ACE) else 1


def _half_losers(mask: int) -> int:
    halves = 2 * _dealer_losers(mask)
    if mask.bit_count() >= 3:
        top_honours = mask & (_ACE | _KING)
        if mask & _QUEEN and not top_honours and not mask & _JACK:
            halves += 1
        elif top_honours in (_ACE, _KING) and not mask & _QUEEN and mask & _JACK and mask & _TEN:
            halves -= 1
    return halves


HOLDING_LOSERS = _table(_dealer_losers)
HOLDING_HALF_LOSERS = _table(_half_losers)


def losers(hand: Hand, suit: Suit | None = None) -> int:
    """Losing-trick count exactly as dealer's loser(): in a suit of three or more cards,
    3 less one for each of A, K, Q held; void 0; singleton A 0, other singletons 1;
    doubleton AK 0, Ax or Kx (AQ, KQ included) 1, other doubletons 2. No corrections."""
    return _sum(HOLDING_LOSERS, hand, suit)


def half_losers(hand: Hand, suit: Suit | None = None) -> int:
    """Refined losing-trick count in half losers (divide by 2 for losers). Dealer Version 2
    has such a count as ltc(); this definition is ours, not checked against it. Starts from
    `losers` and, in suits of three or more cards:
    an unsupported queen (Q without A, K or J: Qxx) is half a loser more, 2.5;
    AJT and KJT (A or K but not both, no Q, with J and T) are half a loser less, 1.5.
    Short suits count as in `losers`."""
    return _sum(HOLDING_HALF_LOSERS, hand, suit)


def _quick_trick_halves(mask: int) -> int:
    if mask & _ACE:
        return 4 if mask & _KING else 3 if mask & _QUEEN else 2
    if mask & _KING:
        return 2 if mask & _QUEEN else 1 if mask.bit_count() >= 2 else 0
    return 0


HOLDING_QUICK_TRICK_HALVES = _table(_quick_trick_halves)


def quick_tricks(hand: Hand, suit: Suit | None = None) -> float:
    """Defensive quick tricks per suit: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5 (a singleton king
    is worth nothing). Only the top two cards count (AKQ is 2). Always a multiple of 0.5,
    which a float holds exactly."""
    return _sum(HOLDING_QUICK_TRICK_HALVES, hand, suit) / 2


# --- stoppers ----------------------------------------------------------------------------

def _stops(mask: int) -> bool:
    count = mask.bit_count()
    return bool(mask & _ACE or mask & _KING and count >= 2 or mask & _QUEEN and count >= 3
                or mask & _JACK and count >= 4)


def _half_stops(mask: int) -> bool:
    count = mask.bit_count()
    return _stops(mask) or bool(mask & _QUEEN and count >= 2 or mask & _JACK and count >= 3
                                or mask & _TEN and count >= 4)


HOLDING_STOPPER = _table(_stops)
HOLDING_HALF_STOPPER = _table(_half_stops)


def has_stopper(hand: Hand, suit: Suit) -> bool:
    """A stopper for notrump: A, Kx, Qxx or Jxxx (the honour with at least that many cards,
    so that it survives the opponents' leads). Length alone never counts."""
    return HOLDING_STOPPER[hand.mask >> 13 * suit & _SUIT]


def has_half_stopper(hand: Hand, suit: Suit) -> bool:
    """At least half a stopper: a full stopper, or Qx, Jxx or Txxx, which stop the suit
    with a little help from partner (e.g. Qx opposite Jx)."""
    return HOLDING_HALF_STOPPER[hand.mask >> 13 * suit & _SUIT]


# --- Kaplan-Rubens: suit quality and the Four C's ------------------------------------------
# The Bridge World, October 1982, in dealer's units: the published values times 100, with
# dealer's integer rounding. Matches dealer's quality() and cccc() on every hand tried.

def _suit_quality(mask: int) -> int:
    count = mask.bit_count()
    unit = 10 * count   # 1/10 of the suit length, times 100
    ace, king, queen, jack = (bool(mask & bit) for bit in (_ACE, _KING, _QUEEN, _JACK))
    quality = (4 * ace + 3 * king + 2 * queen + jack) * unit
    if count >= 7:
        # Long suits: missing queen and jack are counted as held, up to (length - 6) points.
        return quality + min(2 * (not queen) + (not jack), count - 6) * unit
    higher_honours = ace + king + queen + jack
    if mask & _TEN:
        quality += unit if higher_honours >= 2 or jack else unit // 2
    if mask & _NINE and (higher_honours == 2 or mask & (_TEN | _EIGHT)):
        quality += unit // 2
    return quality


def _four_cs_high_cards(mask: int) -> int:
    count = mask.bit_count()
    ace, king, queen, jack = (bool(mask & bit) for bit in (_ACE, _KING, _QUEEN, _JACK))
    value = 300 * ace
    if king:
        value += 200 if count >= 2 else 50
    if queen and count >= 2:
        value += (50 if count == 2 else 75) + 25 * (ace or king)
    above_jack = ace + king + queen
    if jack and above_jack in (1, 2):
        value += 25 * above_jack
    if mask & _TEN and (above_jack + jack == 2 or above_jack + jack == 1 and mask & _NINE):
        value += 25
    return value


HOLDING_QUALITY = _table(_suit_quality)
HOLDING_FOUR_CS = _table(lambda mask: _suit_quality(mask) + _four_cs_high_cards(mask)
                         + 100 * max(0, 3 - mask.bit_count()))
"""A suit's share of cccc: suit quality, high cards and shortness (void 3, singleton 2,
doubleton 1); the hand adds -1, or -0.5 when it has no shortness."""


def suit_quality(hand: Hand, suit: Suit) -> int:
    """Kaplan-Rubens suit quality, as dealer's quality(), in units of length/10: the suit's
    A=4 K=3 Q=2 J=1 points, plus for the ten 1 (with the jack or two of A K Q J) or else
    0.5, plus for the nine 0.5 (with exactly two of A K Q J, or the ten, or the eight).
    In suits of seven or more cards tens and nines are ignored and a missing Q (2) and J (1)
    are credited instead, at most length - 6 points. Dealer's integer rounding kept."""
    return HOLDING_QUALITY[hand.mask >> 13 * suit & _SUIT]


def cccc(hand: Hand) -> int:
    """Kaplan-Rubens Four C's evaluation, as dealer's cccc() (about 1200 for a minimum opener).

    Per suit: A 3; K 2 (singleton 0.5); Q 0.5 in a doubleton, 0.75 in a longer suit, 0.25
    more with the A or K (singleton Q 0); J 0.25 with one of A K Q, 0.5 with two (nothing
    alone or with all three); T 0.25 with exactly two of A K Q J, or with one of them and
    the nine; plus suit_quality.
    Shape: void 3, singleton 2, doubleton 1, less 1 for the hand; 4-3-3-3 is -0.5 instead."""
    return _sum(HOLDING_FOUR_CS, hand, None) - (100 if min(shape(hand)) < 3 else 50)
