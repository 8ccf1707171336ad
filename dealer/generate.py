"""Streams of deals as owner arrays: `owners[k, card]` is the seat (0=N, 1=E, 2=S, 3=W)
holding card `suit * 13 + rank` (clubs 0..spades 3, two 0..ace 12) in the k-th deal.

In the default numpy mode the stream is a sequence of blocks of BLOCK_SIZE attempts; block
b is dealt from its own PCG64 sub-stream (SeedSequence(seed, spawn_key=(b,))), so a seed
gives the same deals however many worker processes deal the blocks. In dealer mode the
stream is Debian dealer's own (see rng.DealerShuffle).

Constraint-directed dealing (numpy mode): when seats carry filters or predealt suit
lengths, the first such seat's hand is dealt on its own, already with its suit lengths, and
kept only if its filter accepts it; the other constrained seats are dealt from what is left
and tested the same way, and a failure anywhere throws the whole attempt away; the
remaining cards then go uniformly to the free seats. Every complete deal extends the first
hand in the same number of ways, so each accepted deal is exactly uniform given all the
constraints. Each attempt counts as one generated deal (with swapping, as 2 or 6).
"""
from __future__ import annotations

import collections
import os
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import rng as rngmod

BLOCK_SIZE = 1 << 15  # attempts per block in numpy mode; part of what a seed means
SeatFilter = Callable[[np.ndarray], np.ndarray]

_SUIT_MASKS = [int(0x1FFF) << (13 * suit) for suit in range(4)]


def hand_masks(owners: np.ndarray, seat: int) -> np.ndarray:
    """52-bit masks (uint64, bit = card index) of `seat`'s hand in each deal."""
    packed = np.packbits(owners == seat, axis=1, bitorder="little")
    padded = np.zeros((len(owners), 8), dtype=np.uint8)
    padded[:, :packed.shape[1]] = packed
    return padded.view("<u8").ravel().astype(np.uint64)


STAYING_SEATS = {0: frozenset({0, 1, 2, 3}), 2: frozenset({0, 2}), 3: frozenset({0})}
"""Per swapping mode (dealer's -0, -2, -3), the seats whose hand every swapped variant keeps."""


def _swap_relabelling(swapping: int) -> np.ndarray:
    """Seat relabelling of each of dealer's swapped variants (row 0: the deal itself)."""
    variants = [np.arange(4)]
    for name in rngmod.SWAP_SEQUENCES[swapping]:
        first, second = rngmod.SWAPS[name]
        before = variants[-1]
        after = before.copy()
        after[before == first] = second
        after[before == second] = first
        variants.append(after)
    return np.array(variants, dtype=np.uint8)


@dataclass(frozen=True)
class DealPlan:
    """Everything that decides the deals of a numpy-mode block: `deal_block(plan, b)` is a
    pure function, so processes can deal (and evaluate) blocks independently."""

    seed: int
    predeal: dict[int, int]
    lengths: dict[tuple[int, int], int]
    filters: dict[int, SeatFilter]
    swapping: int
    fixed_owners: np.ndarray = field(init=False)
    free_cards: np.ndarray = field(init=False)
    need: np.ndarray = field(init=False)
    directed: tuple[int, ...] = field(init=False)

    def __post_init__(self):
        fixed = np.full(52, rngmod.NO_CARD, dtype=np.uint8)
        for card, seat in self.predeal.items():
            fixed[card] = seat
        need = 13 - np.bincount(fixed[fixed != rngmod.NO_CARD], minlength=4)
        if (need < 0).any():
            raise ValueError("more than 13 cards predealt to one seat")
        for (seat, suit), length in self.lengths.items():
            if not 0 <= length <= 13:
                raise ValueError(f"a suit length of {length} is impossible")
            have = int(np.count_nonzero(fixed[13 * suit:13 * suit + 13] == seat))
            if have > length:
                raise ValueError(f"seat {seat} is predealt {have} cards in suit {suit}, "
                                 f"more than the {length} asked")
        constrained = set(self.filters) | {seat for seat, _ in self.lengths}
        if not constrained <= STAYING_SEATS[self.swapping]:
            raise ValueError("with swapping, only seats that stay in place (north, and south "
                             "with -2) can be filtered or given suit lengths")
        object.__setattr__(self, "fixed_owners", fixed)
        object.__setattr__(self, "free_cards", np.flatnonzero(fixed == rngmod.NO_CARD))
        object.__setattr__(self, "need", need)
        object.__setattr__(self, "directed", tuple(sorted(
            constrained, key=lambda seat: (not any(s == seat for s, _ in self.lengths), seat))))

    @property
    def deals_per_attempt(self) -> int:
        return len(rngmod.SWAP_SEQUENCES[self.swapping]) + 1

    def lengths_of(self, seat: int) -> dict[int, int]:
        return {suit: length for (s, suit), length in self.lengths.items() if s == seat}


def deal_block(plan: DealPlan, index: int) -> tuple[np.ndarray, np.ndarray]:
    """Block `index` of a numpy-mode stream: owners (rows, 52) and, for each row, the
    1-based count of deals generated in the block up to and including it."""
    bitgen = np.random.PCG64(np.random.SeedSequence(plan.seed, spawn_key=(index,)))
    attempts = np.arange(BLOCK_SIZE)
    taken = np.zeros(BLOCK_SIZE, dtype=np.uint64)
    free_pool = np.uint64(_mask_of(plan.free_cards))
    dealt = {}  # directed seat -> its cards besides the predealt ones, for surviving attempts
    for position, seat in enumerate(plan.directed):
        if position == 0:
            chosen = _hand_with_lengths(bitgen, int(free_pool), int(plan.need[seat]),
                                        _free_lengths(plan, seat))
        else:
            chosen = rngmod.random_subsets_of_rows(bitgen, free_pool & ~taken,
                                                   int(plan.need[seat]))
        hand = chosen | _fixed_mask(plan, seat)
        keep = np.ones(len(hand), dtype=bool)
        for suit, length in plan.lengths_of(seat).items():
            keep &= np.bitwise_count(hand & np.uint64(_SUIT_MASKS[suit])) == length
        if seat in plan.filters:
            tested = np.flatnonzero(keep)
            keep[tested] = np.asarray(plan.filters[seat](hand[tested]), dtype=bool)
        kept = np.flatnonzero(keep)
        attempts, taken = attempts[kept], taken[kept] | chosen[kept]
        dealt = {s: cards[kept] for s, cards in dealt.items()}
        dealt[seat] = chosen[kept]
    owners = np.broadcast_to(plan.fixed_owners, (len(attempts), 52))
    if dealt or len(plan.free_cards) < 52:
        owners = owners.copy()
    for seat, cards in dealt.items():
        owners[rngmod.mask_members(cards)] = seat
    rest = [seat for seat in range(4) if seat not in plan.directed]
    labels = np.repeat(np.array(rest, dtype=np.uint8), plan.need[rest])
    if len(labels) and len(owners):
        shuffled = rngmod.shuffled_labels(bitgen, len(owners), labels)
        if plan.directed:
            free_now = ~rngmod.mask_members(taken)
            free_now[:, plan.fixed_owners != rngmod.NO_CARD] = False
            owners[free_now] = shuffled.ravel()
        elif len(labels) == 52:
            owners = shuffled
        else:
            owners[:, plan.free_cards] = shuffled
    per_attempt = plan.deals_per_attempt
    if per_attempt > 1:
        relabel = _swap_relabelling(plan.swapping)
        owners = relabel[:, owners].transpose(1, 0, 2).reshape(-1, 52)
        attempts = (attempts[:, None] * per_attempt + np.arange(per_attempt)).ravel()
    else:
        attempts = attempts.copy()
    return owners, attempts + 1


def _mask_of(cards) -> int:
    return sum(1 << int(card) for card in cards)


def _fixed_mask(plan: DealPlan, seat: int) -> np.uint64:
    return np.uint64(_mask_of(np.flatnonzero(plan.fixed_owners == seat)))


def _free_lengths(plan: DealPlan, seat: int) -> dict[int, int]:
    """Cards still to deal to `seat` in each suit with a set length (predealt ones aside)."""
    fixed = plan.fixed_owners
    return {suit: length - int(np.count_nonzero(fixed[13 * suit:13 * suit + 13] == seat))
            for suit, length in plan.lengths_of(seat).items()}


def _hand_with_lengths(bitgen, pool: int, size: int, lengths: dict[int, int]):
    """Uniform hands of `size` cards from `pool` with the given number of cards in some
    suits: each such suit's cards and the rest are independent uniform choices."""
    chosen = np.zeros(BLOCK_SIZE, dtype=np.uint64)
    other = pool
    for suit, count in lengths.items():
        in_suit = pool & _SUIT_MASKS[suit]
        other &= ~_SUIT_MASKS[suit]
        if count > bin(in_suit).count("1"):
            raise ValueError(f"suit {suit} has too few cards left for the length asked")
        chosen |= rngmod.random_subsets(bitgen, in_suit, count, BLOCK_SIZE)
    rest = size - sum(lengths.values())
    if rest < 0 or rest > bin(other).count("1"):
        raise ValueError("the suit lengths asked do not fit in 13 cards")
    chosen |= rngmod.random_subsets(bitgen, other, rest, BLOCK_SIZE)
    return chosen


class _ReplayUniform:
    """Floats in [0, 1) for rnd() in the replica modes, drawn from the deal stream's own
    generator (its `unit_floats`), so that they interleave with the shuffle's draws."""

    def __init__(self, source):
        self._source = source

    def random(self, size: int | None = None):
        values = self._source.unit_floats(1 if size is None else int(size))
        return float(values[0]) if size is None else values


REPLICAS = {"dealer": rngmod.DealerShuffle, "dealerv2": rngmod.DealerV2Shuffle}
"""The random sources that replay another program's deals, by --rng name."""
RANDOM_SOURCES = ("numpy", *REPLICAS)


class DealStream:
    """Deals in stream order, `next_batch(n)` at a time.

    seed: None picks one (the clock's seconds in dealer mode, as dealer does; fresh entropy
    in numpy mode); `.seed` is the value to print, as dealer's unsigned `%lu` shows it.
    rng: "numpy" (uniform, PCG64), "dealer" (Debian dealer's exact stream) or "dealerv2"
    (Dealer v2's stream as described in rng.DealerV2Shuffle).
    predeal: card -> seat, in the order written. predeal_lengths: (seat, suit) -> length,
    honoured exactly (dealer parses and ignores it). seat_filters: seat -> function of the
    hands' 52-bit masks returning which are acceptable; only for conditions the deal must
    meet anyway, since a rejected hand counts as a generated deal. swapping: dealer's 0, 2
    or 3. limit: stop after that many generated deals. (Several processes deal and evaluate
    numpy-mode blocks in dealing.BlockPipeline, from `.plan`.)

    After each batch, `last_generated[k]` is the number of deals generated up to and
    including row k, and `generated` the last of them.
    """

    def __init__(self, seed: int | None, *, rng: str = "numpy",
                 predeal: dict[int, int] | None = None,
                 predeal_lengths: dict[tuple[int, int], int] | None = None,
                 swapping: int = 0, seat_filters: dict[int, SeatFilter] | None = None,
                 limit: int | None = None):
        if rng not in RANDOM_SOURCES:
            raise ValueError(f"unknown random source {rng!r}: use one of "
                             f"{', '.join(RANDOM_SOURCES)}")
        if seed is None:  # dealer v1 seeds from the clock, v2 from the kernel's entropy
            seed = int(time.time()) if rng == "dealer" else int.from_bytes(os.urandom(8)) >> 1
        self.seed = seed % (1 << 64)
        self.rng = rng
        self.limit = limit
        self.generated = 0
        self.last_generated = np.zeros(0, dtype=np.int64)
        self._pending: collections.deque = collections.deque()
        self._predeal = dict(predeal or {})
        self._lengths = dict(predeal_lengths or {})
        self._filters = dict(seat_filters or {})
        if rng in REPLICAS:
            self._shuffle = REPLICAS[rng](self.seed, self._predeal, swapping)
            self.random = _ReplayUniform(self._shuffle.rand)
            self._dealt = 0
        else:
            self.plan = DealPlan(self.seed, self._predeal, self._lengths, self._filters, swapping)
            self.random = np.random.default_rng(
                np.random.SeedSequence(self.seed, spawn_key=(1 << 32,)))
            self._next_block = 0

    def __enter__(self) -> "DealStream":
        return self

    def __exit__(self, *exc) -> None:
        """Nothing to release: kept so that callers can scope a stream with `with`."""

    @property
    def exhausted(self) -> bool:
        """True once the stream has reached its limit and holds no more deals."""
        return self.limit is not None and self._reached_limit() and not self._pending

    def next_batch(self, n: int) -> np.ndarray:
        """The next (up to) n deals: owners, shape (rows, 52), uint8. Fewer rows only at
        the limit."""
        chunks, counts, have = [], [], 0
        while have < n:
            if not self._pending:
                if self._reached_limit():
                    break
                self._pending.append(self._produce(n - have))
                continue
            owners, generated = self._pending.popleft()
            if len(owners) > n - have:
                self._pending.appendleft((owners[n - have:], generated[n - have:]))
                owners, generated = owners[:n - have], generated[:n - have]
            chunks.append(owners)
            counts.append(generated)
            have += len(owners)
        self.last_generated = (np.concatenate(counts) if counts
                               else np.zeros(0, dtype=np.int64))
        if have < n:
            self.generated = self.limit
        elif have:
            self.generated = int(self.last_generated[-1])
        if not chunks:
            return np.zeros((0, 52), dtype=np.uint8)
        return chunks[0] if len(chunks) == 1 else np.concatenate(chunks)

    def _reached_limit(self) -> bool:
        if self.limit is None:
            return False
        if self.rng in REPLICAS:
            return self._dealt >= self.limit
        per_block = BLOCK_SIZE * self.plan.deals_per_attempt
        return self._next_block * per_block >= self.limit

    def _produce(self, wanted: int) -> tuple[np.ndarray, np.ndarray]:
        """The next chunk of the stream (possibly with no rows), cut at the limit. Dealer
        mode deals no more than `wanted`, so that rnd() draws fall where dealer's do."""
        if self.rng in REPLICAS:
            owners, generated = self._dealer_chunk(wanted)
        else:
            owners, generated = self._numpy_block()
        if self.limit is not None:
            within = generated <= self.limit
            if not within.all():
                owners, generated = owners[within], generated[within]
        return owners, generated

    def _dealer_chunk(self, wanted: int) -> tuple[np.ndarray, np.ndarray]:
        count = min(BLOCK_SIZE, wanted)
        if self.limit is not None:
            count = min(count, self.limit - self._dealt)
        owners = rngmod.owners_from_decks(self._shuffle.next_decks(count))
        generated = np.arange(self._dealt + 1, self._dealt + count + 1)
        self._dealt += count
        keep = np.ones(count, dtype=bool)
        for seat in {s for s, _ in self._lengths} | set(self._filters):
            masks = hand_masks(owners, seat)
            for (s, suit), length in self._lengths.items():
                if s == seat:
                    keep &= np.bitwise_count(masks & np.uint64(_SUIT_MASKS[suit])) == length
            if seat in self._filters:
                keep &= np.asarray(self._filters[seat](masks), dtype=bool)
        return owners[keep], generated[keep]

    def _numpy_block(self) -> tuple[np.ndarray, np.ndarray]:
        index = self._next_block
        self._next_block += 1
        owners, generated = deal_block(self.plan, index)
        offset = index * BLOCK_SIZE * self.plan.deals_per_attempt
        return owners, generated + offset
