"""Per-hand figures of a batch of deals (dealer's analyze()), vectorised and computed lazily.

A deal is a row of `owners`: owners[n, card] is the seat (0=N, 1=E, 2=S, 3=W) holding card
`suit * 13 + rank` (suit 0=clubs..3=spades, rank 0=two..12=ace, dealer's deck order). Every
figure comes from the 13-bit mask of each suit of a hand through a table of 8192 entries, so
a figure costs one gather per suit whatever its rules. Figures are computed for a seat only
when an expression asks for them, and cached for the batch; a sub-batch (the rows a
short-circuit still has to look at) reuses what its parent already knows.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

SUIT_BITS = 13
SUIT_MASK = (1 << SUIT_BITS) - 1
MASK_COUNT = 1 << SUIT_BITS

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT = 12, 11, 10, 9, 8, 7, 6

_RANK_BITS = (np.arange(MASK_COUNT)[:, None] >> np.arange(13)[None, :]) & 1  # (8192, 13)
LENGTH = _RANK_BITS.sum(axis=1).astype(np.int64)

DEFAULT_HCP = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4)  # two .. ace
DEFAULT_ALTCOUNTS = (
    (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),  # pt0 tens
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0),  # pt1 jacks
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0),  # pt2 queens
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0),  # pt3 kings
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),  # pt4 aces
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1),  # pt5 top2
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1),  # pt6 top3
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1),  # pt7 top4
    (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1),  # pt8 top5
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 6),  # pt9 c13
)
CONTROLS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2)


def _rank_table(values) -> np.ndarray:
    """Per-mask sum of per-rank values."""
    return (_RANK_BITS @ np.asarray(values, dtype=np.int64)).astype(np.int64)


# The tables below are computed for all 8192 masks at once: `_has(r)` is a boolean column.
def _has(rank: int) -> np.ndarray:
    return _RANK_BITS[:, rank].astype(bool)


_ACE, _KING, _QUEEN, _JACK, _TEN, _NINE, _EIGHT = (
    _has(r) for r in (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT))
_HIGHER = _ACE.astype(np.int64) + _KING + _QUEEN + _JACK


def _losers() -> np.ndarray:
    """dealer's losers: void 0; singleton A 0 else 1; AK 0, Ax/Kx 1, other doubletons 2;
    three or more cards 3 less one for each of A, K, Q."""
    controls = 2 * _ACE + _KING.astype(np.int64)
    return np.select([LENGTH == 0, LENGTH == 1, LENGTH == 2],
                     [0, np.array([1, 1, 0, 0])[controls], np.array([2, 1, 1, 0])[controls]],
                     3 - _ACE.astype(np.int64) - _KING - _QUEEN)


def _ltc() -> np.ndarray:
    """Refined losing-trick count of a suit, in hundredths (Dealer v2's convention).

    The classic count (dealer's losers), except in suits of three cards or more: a queen
    without the ace or king is half a winner (Qxx = 2.5 losers), and the jack and ten with
    one of the ace and king and no queen are half a winner (AJT, KJT = 1.5 losers).
    """
    long_suit = LENGTH >= 3
    lone_queen = long_suit & _QUEEN & ~_ACE & ~_KING
    backed_honour = long_suit & (_ACE != _KING) & ~_QUEEN & _JACK & _TEN
    return 100 * LOSER + 50 * lone_queen - 50 * backed_honour


def _quality() -> np.ndarray:
    """Suit quality of The Bridge World, October 1982, times 100 (dealer's c4.c)."""
    factor = LENGTH * 10
    honours = 4 * _ACE + 3 * _KING + 2 * _QUEEN + _JACK.astype(np.int64)
    long_bonus = np.minimum(3 - 2 * _QUEEN - _JACK.astype(np.int64), LENGTH - 6) * factor
    ten_bonus = np.where(_TEN, np.where((_HIGHER > 1) | _JACK, factor, factor // 2), 0)
    nine_bonus = np.where(_NINE & ((_HIGHER == 2) | _TEN | _EIGHT), factor // 2, 0)
    return factor * honours + np.where(LENGTH > 6, long_bonus, ten_bonus + nine_bonus)


def _cccc_suit() -> np.ndarray:
    """One suit's share of the Kaplan-Rubens (cccc) evaluation, shape points included.

    The hand's total adds -50 when it has no shape points, else -100 (see `cccc`).
    """
    value = np.where(LENGTH < 3, (3 - LENGTH) * 100, 0) + 300 * _ACE
    value += np.where(_KING, 200 - np.where(LENGTH == 1, 150, 0), 0)
    above_queen = _ACE.astype(np.int64) + _KING
    value += np.where(_QUEEN, 100 - np.where(LENGTH == 1, 75, 0) - np.where(LENGTH == 2, 25, 0)
                      - np.where(above_queen == 0, 25, 0), 0)
    above_jack = above_queen + _QUEEN
    value += np.where(_JACK, np.select([above_jack == 2, above_jack == 1], [50, 25], 0), 0)
    above_ten = above_jack + _JACK
    value += np.where(_TEN & ((above_ten == 2) | ((above_ten == 1) & _NINE)), 25, 0)
    return value + QUALITY


LOSER = _losers()
LTC = _ltc()
QUALITY = _quality()
CCCC_SUIT = _cccc_suit()
HAS_SHAPE_POINTS = LENGTH < 3
CONTROL = _rank_table(CONTROLS)

SHAPE_CODE_WEIGHTS = np.array([1, 14, 196, 2744], dtype=np.int64)  # clubs .. spades


@dataclass(frozen=True)
class PointTables:
    """The point-count tables in force (pointcount and altcount), with their mask tables."""

    hcp: tuple[int, ...] = DEFAULT_HCP
    altcounts: tuple[tuple[int, ...], ...] = DEFAULT_ALTCOUNTS
    _tables: dict = field(default_factory=dict, compare=False, repr=False)

    def table(self, kind: str) -> np.ndarray:
        """The 8192-entry table of `kind`: hcp, control, loser, ltc or pt0..pt9."""
        table = self._tables.get(kind)
        if table is None:
            if kind == "hcp":
                table = _rank_table(self.hcp)
            elif kind.startswith("pt"):
                table = _rank_table(self.altcounts[int(kind[2:])])
            else:
                table = {"control": CONTROL, "loser": LOSER, "ltc": LTC}[kind]
            self._tables[kind] = table
        return table


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


class DealFeatures:
    """Lazily computed figures of the hands of a batch of deals.

    Built from `owners` (whole deals), or from `hand_masks` of some seats only (a seat
    prefilter sees one hand before the rest is dealt); `values` seeds the cache with
    figures known beforehand. `rows` and `parent` make a sub-batch that takes what its
    parent has computed instead of computing it again.
    """

    __slots__ = ("owners", "size", "tables", "random", "_hand_masks", "_cache", "_parent",
                 "_rows")

    def __init__(self, owners: np.ndarray | None = None, *, hand_masks: dict | None = None,
                 size: int | None = None, values: dict | None = None,
                 tables: PointTables = DEFAULT_TABLES, random: np.random.Generator | None = None,
                 parent: "DealFeatures | None" = None, rows: np.ndarray | None = None):
        self.owners = owners
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

    def subset(self, rows: np.ndarray) -> "DealFeatures":
        """The features of some rows of this batch (indices in increasing order)."""
        if len(rows) == self.size:
            return self
        owners = self.owners[rows] if self.owners is not None else None
        masks = {seat: m[rows] for seat, m in self._hand_masks.items()}
        return DealFeatures(owners, hand_masks=masks, size=len(rows), tables=self.tables,
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
            if self.owners is None:
                raise KeyError(f"seat {seat} is not dealt in this batch")
            mask = self.cached(("hand", seat), lambda: hand_masks_from_owners(self.owners, seat))
        return mask

    def suit_masks(self, seat: int) -> np.ndarray:
        return self.cached(("suits", seat),
                           lambda: suit_masks_from_hand_masks(self.hand_mask(seat)))

    def _per_suit(self, name: str, seat: int, table: np.ndarray) -> np.ndarray:
        return self.cached((name, seat), lambda: table[self.suit_masks(seat)])

    def lengths(self, seat: int) -> np.ndarray:
        """(n, 4) suit lengths, clubs first."""
        return self._per_suit("length", seat, LENGTH)

    def length(self, seat: int, suit: int) -> np.ndarray:
        return self.lengths(seat)[:, suit]

    def count(self, kind: str, seat: int, suit: int | None) -> np.ndarray:
        """hcp, control, loser, ltc or pt0..pt9 of a hand, or of one of its suits."""
        per_suit = self._per_suit(kind, seat, self.tables.table(kind))
        if suit is not None:
            return per_suit[:, suit]
        return self.cached((kind, seat, "total"), lambda: per_suit.sum(axis=1))

    def quality(self, seat: int, suit: int) -> np.ndarray:
        return self._per_suit("quality", seat, QUALITY)[:, suit]

    def cccc(self, seat: int) -> np.ndarray:
        def compute():
            masks = self.suit_masks(seat)
            total = CCCC_SUIT[masks].sum(axis=1)
            flat = ~HAS_SHAPE_POINTS[masks].any(axis=1)
            return total - np.where(flat, 50, 100)
        return self.cached(("cccc", seat), compute)

    def shape_code(self, seat: int) -> np.ndarray:
        """Index of each hand's pattern in a shape table (see dealer.shapes.shape_code)."""
        return self.cached(("shape", seat), lambda: self.lengths(seat) @ SHAPE_CODE_WEIGHTS)

    def has_card(self, seat: int, card: int) -> np.ndarray:
        if self.owners is not None:
            return self.owners[:, card] == seat
        return (self.hand_mask(seat) >> np.uint64(card)) & np.uint64(1) == 1

