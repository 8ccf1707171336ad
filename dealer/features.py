"""Per-hand figures of a batch of deals (dealer's analyze()), vectorised and computed lazily.

A deal is a row of `owners`: owners[n, card] is the seat (0=N, 1=E, 2=S, 3=W) holding card
`suit * 13 + rank` (suit 0=clubs..3=spades, rank 0=two..12=ace, dealer's deck order). A hand
is a 52-bit mask. Suit lengths, shapes and counts that add up per-rank values (hcp,
controls, pt0..pt9 with few distinct values) are popcounts of the hand mask under fixed
card masks; the other figures (losers, ltc, quality, cccc) go from the 13-bit mask of each
suit through a table of 8192 entries: the model's (bidding.model.evaluation), which the
robots read too, and dealer's own ltc. Figures are computed for a seat
only when an expression asks for them, and cached for the batch; a sub-batch (the rows a
short-circuit still has to look at) reuses what its parent already knows.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from bidding.model import evaluation

SUIT_BITS = 13
SUIT_MASK = (1 << SUIT_BITS) - 1
MASK_COUNT = 1 << SUIT_BITS
SUIT_CARDS = tuple(np.uint64(SUIT_MASK << (SUIT_BITS * suit)) for suit in range(4))

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT = 12, 11, 10, 9, 8, 7, 6
POPCOUNT_GROUPS = 6  # counts with at most this many distinct values per rank use popcounts

DEFAULT_HCP = evaluation.HCP                # two .. ace
DEFAULT_ALTCOUNTS = evaluation.PT_SCALES    # pt0 tens .. pt9 c13
CONTROLS = evaluation.CONTROLS


def _rank_table(values) -> np.ndarray:
    """Per-mask sum of per-rank values (the model's points table of that scale)."""
    return np.array(evaluation.points_table(tuple(values)), dtype=np.int64)


@functools.cache
def suit_table(name: str) -> np.ndarray:
    """A per-suit figure for each of the 8192 suit masks, built on first use: length, loser,
    ltc, quality, cccc (a suit's share of the Kaplan-Rubens count) or short (fewer than
    three cards: the suit has shape points)."""
    return _SUIT_TABLES[name]()


def _length() -> np.ndarray:
    return np.array(evaluation.HOLDING_LENGTH, dtype=np.int64)


def _has(rank: int) -> np.ndarray:
    """Which masks hold the rank (a boolean column over all 8192 masks)."""
    return (np.arange(MASK_COUNT) >> rank & 1).astype(bool)


def _losers() -> np.ndarray:
    """dealer's losers: void 0; singleton A 0 else 1; AK 0, Ax/Kx 1, other doubletons 2;
    three or more cards 3 less one for each of A, K, Q (the model's table, which follows it)."""
    return np.array(evaluation.HOLDING_LOSERS, dtype=np.int64)


def _ltc() -> np.ndarray:
    """Dealer v2's 'modern' losing-trick count of a suit, in hundredths (its convention).

    The classic count (dealer's losers) with half losers: a singleton king, the doubleton
    AQ, and AKJ or AQJ with or without more cards are half a loser (50); in suits of three
    cards or more a queen without the ace, king or jack is half a loser more (Qxx = 250),
    and the jack and ten with one of the ace and king and no queen half a loser less
    (AJT, KJT = 150). Checked against Dealer v2's example (SAQJ2 HAQ DK CQJ5432: 50 50 50
    200, total 350).
    """
    ace, king, queen, jack, ten = (_has(r) for r in (ACE, KING, QUEEN, JACK, TEN))
    length = suit_table("length")
    long_suit = length >= 3
    half_loser = ((length == 1) & king) | ((length == 2) & ace & queen) \
        | (long_suit & ace & jack & (king != queen))
    lone_queen = long_suit & queen & ~ace & ~king & ~jack
    backed_honour = long_suit & (ace != king) & ~queen & jack & ten
    ltc = 100 * suit_table("loser") + 50 * lone_queen - 50 * backed_honour
    return np.where(half_loser, 50, ltc)


def _quality() -> np.ndarray:
    """Suit quality of The Bridge World, October 1982, times 100 (dealer's c4.c): the model's
    table, which follows it."""
    return np.array(evaluation.HOLDING_QUALITY, dtype=np.int64)


def _cccc_suit() -> np.ndarray:
    """One suit's share of the Kaplan-Rubens (cccc) evaluation, shape points included (the
    model's table). The hand's total adds -50 when it has no shape points, else -100 (see
    `cccc`)."""
    return np.array(evaluation.HOLDING_FOUR_CS, dtype=np.int64)


_SUIT_TABLES = {"length": _length, "loser": _losers, "ltc": _ltc, "quality": _quality,
                "cccc": _cccc_suit, "short": lambda: suit_table("length") < 3}


@dataclass(frozen=True)
class PointTables:
    """The point-count tables in force (pointcount and altcount), with what is derived
    from them (mask tables, popcount groups), built on first use."""

    hcp: tuple[int, ...] = DEFAULT_HCP
    altcounts: tuple[tuple[int, ...], ...] = DEFAULT_ALTCOUNTS
    _tables: dict = field(default_factory=dict, compare=False, repr=False)

    def rank_values(self, kind: str) -> tuple[int, ...] | None:
        """The value of each rank (two to ace) for the counts that add them up (hcp,
        control, pt0..pt9); None for loser and ltc."""
        if kind == "hcp":
            return self.hcp
        if kind.startswith("pt"):
            return self.altcounts[int(kind[2:])]
        return CONTROLS if kind == "control" else None

    def table(self, kind: str) -> np.ndarray:
        """The 8192-entry table of `kind` over one suit's mask: hcp, control, loser, ltc or
        pt0..pt9."""
        table = self._tables.get(kind)
        if table is None:
            values = self.rank_values(kind)
            table = suit_table(kind) if values is None else _rank_table(values)
            self._tables[kind] = table
        return table

    def groups(self, kind: str) -> tuple[tuple[int, int], ...] | None:
        """For a count that adds up rank values with few distinct values: (value, 13-bit
        mask of the ranks worth it) pairs, so that a suit counts the sum of value times the
        cards it holds of those ranks. None for other counts."""
        key = ("groups", kind)
        if key not in self._tables:
            values = self.rank_values(kind)
            groups = None
            if values is not None and len(set(values) - {0}) <= POPCOUNT_GROUPS:
                groups = tuple((value, sum(1 << rank for rank, v in enumerate(values)
                                           if v == value))
                               for value in sorted(set(values) - {0}))
            self._tables[key] = groups
        return self._tables[key]


DEFAULT_TABLES = PointTables()


def hand_masks_from_owners(owners: np.ndarray, seat: int) -> np.ndarray:
    """The 52-bit card mask of `seat`'s hand in each deal, as uint64."""
    packed = np.packbits(owners == seat, axis=1, bitorder="little")  # (n, 7)
    padded = np.zeros((owners.shape[0], 8), dtype=np.uint8)
    padded[:, :7] = packed
    return padded.view("<u8").ravel()


def suit_masks_from_hand_masks(hand_masks: np.ndarray) -> np.ndarray:
    """(n, 4) suit masks (clubs first) from 52-bit hand masks."""
    shifts = np.array([0, 13, 26, 39], dtype=np.uint64)
    return ((hand_masks[:, None] >> shifts) & np.uint64(SUIT_MASK)).astype(np.intp)


def _spread(ranks: int, suits) -> np.uint64:
    """The 52-bit mask of these ranks (a 13-bit mask) in these suits."""
    return np.uint64(sum(ranks << (SUIT_BITS * suit) for suit in suits))


class DealFeatures:
    """Lazily computed figures of the hands of a batch of deals.

    Built from `owners` (whole deals), or from `hand_masks` of some seats only (a seat
    prefilter sees one hand before the rest is dealt); `values` seeds the cache with
    figures known beforehand. `rows` and `parent` make a sub-batch that takes what its
    parent has computed instead of computing it again (its owners too, when asked for).
    """

    __slots__ = ("_owners", "size", "tables", "random", "_hand_masks", "_cache", "_parent",
                 "_rows")

    def __init__(self, owners: np.ndarray | None = None, *, hand_masks: dict | None = None,
                 size: int | None = None, values: dict | None = None,
                 tables: PointTables = DEFAULT_TABLES, random: np.random.Generator | None = None,
                 parent: "DealFeatures | None" = None, rows: np.ndarray | None = None):
        self._owners = owners
        self._hand_masks = dict(hand_masks or {})
        if owners is not None:
            self.size = owners.shape[0]
        elif self._hand_masks:
            self.size = len(next(iter(self._hand_masks.values())))
        else:
            self.size = size
        self.tables = tables
        self.random = random
        self._cache: dict = dict(values or {})
        self._parent = parent
        self._rows = rows

    @property
    def owners(self) -> np.ndarray | None:
        """The whole deals (None when only some hands are dealt)."""
        if self._owners is None and self._parent is not None:
            parent_owners = self._parent.owners
            if parent_owners is not None:
                self._owners = parent_owners[self._rows]
        return self._owners

    def subset(self, rows: np.ndarray) -> "DealFeatures":
        """The features of some rows of this batch (indices in increasing order)."""
        if len(rows) == self.size:
            return self
        masks = {seat: m[rows] for seat, m in self._hand_masks.items()}
        return DealFeatures(hand_masks=masks, size=len(rows), tables=self.tables,
                            random=self.random, parent=self, rows=rows)

    def cached(self, key, compute):
        """The value under `key`: ours, else sliced from the parent's, else computed."""
        value = self._cache.get(key)
        if value is None:
            inherited = self._parent._lookup(key) if self._parent is not None else None
            value = inherited[self._rows] if inherited is not None else compute()
            self._cache[key] = value
        return value

    def _lookup(self, key):
        value = self._cache.get(key)
        if value is None and self._parent is not None:
            inherited = self._parent._lookup(key)
            if inherited is not None:
                value = inherited[self._rows]
                self._cache[key] = value
        return value

    def hand_mask(self, seat: int) -> np.ndarray:
        mask = self._hand_masks.get(seat)
        if mask is None:
            mask = self.cached(("hand", seat), lambda: self._hand_from_owners(seat))
        return mask

    def _hand_from_owners(self, seat: int) -> np.ndarray:
        if self.owners is None:
            raise KeyError(f"seat {seat} is not dealt in this batch")
        return hand_masks_from_owners(self.owners, seat)

    def suit_masks(self, seat: int) -> np.ndarray:
        return self.cached(("suits", seat),
                           lambda: suit_masks_from_hand_masks(self.hand_mask(seat)))

    def _suit_figure(self, name: str, seat: int, suit: int, table: np.ndarray) -> np.ndarray:
        """A per-suit figure of one suit, through its 8192-entry table."""
        def compute():
            shift = np.uint64(SUIT_BITS * suit)
            return table[(self.hand_mask(seat) >> shift & np.uint64(SUIT_MASK)).astype(np.intp)]
        return self.cached((name, seat, suit), compute)

    def length(self, seat: int, suit: int) -> np.ndarray:
        return self.cached(("length", seat, suit), lambda: np.bitwise_count(
            self.hand_mask(seat) & SUIT_CARDS[suit]).astype(np.int64))

    def count(self, kind: str, seat: int, suit: int | None) -> np.ndarray:
        """hcp, control, loser, ltc or pt0..pt9 of a hand, or of one of its suits."""
        groups = self.tables.groups(kind)
        if groups is not None:
            return self.cached((kind, seat, suit), lambda: self._grouped(groups, seat, suit))
        table = self.tables.table(kind)
        if suit is not None:
            return self._suit_figure(kind, seat, suit, table)
        return self.cached((kind, seat, None),
                           lambda: table[self.suit_masks(seat)].sum(axis=1))

    def _grouped(self, groups, seat: int, suit: int | None) -> np.ndarray:
        """Sum of value x number of cards held among the ranks worth that value."""
        hand = self.hand_mask(seat)
        suits = range(4) if suit is None else (suit,)
        total = np.zeros(len(hand), dtype=np.int64)
        for value, ranks in groups:
            held = np.bitwise_count(hand & _spread(ranks, suits))
            total += held if value == 1 else np.multiply(held, value, dtype=np.int64)
        return total

    def quality(self, seat: int, suit: int) -> np.ndarray:
        return self._suit_figure("quality", seat, suit, suit_table("quality"))

    def cccc(self, seat: int) -> np.ndarray:
        def compute():
            masks = self.suit_masks(seat)
            total = suit_table("cccc")[masks].sum(axis=1)
            flat = ~suit_table("short")[masks].any(axis=1)
            return total - np.where(flat, 50, 100)
        return self.cached(("cccc", seat), compute)

    def shape_code(self, seat: int) -> np.ndarray:
        """Index of each hand's pattern in a shape table (see dealer.shapes.shape_code)."""
        def compute():
            clubs, diamonds, hearts, spades = (self.length(seat, suit) for suit in range(4))
            return clubs + 14 * diamonds + 196 * hearts + 2744 * spades
        return self.cached(("shape", seat), compute)

    def has_card(self, seat: int, card: int) -> np.ndarray:
        if self.owners is not None:
            return self.owners[:, card] == seat
        return (self.hand_mask(seat) >> np.uint64(card)) & np.uint64(1) == 1
