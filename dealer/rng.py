"""Random sources for dealing.

Two sources, both vectorised with numpy:

* the default: uniform deals from numpy's PCG64, by sorting random keys (see
  `shuffled_labels`) or by choosing random subsets of cards (`random_subsets`);
* `DealerShuffle`: a bit-exact replica of the deal stream of Debian's `dealer` 20211121 for a
  `-s` seed, which is glibc's `srand`/`rand` (`GlibcRand`) driving dealer's own
  swap-with-any-position shuffle of the previous deal, with its predeal and `-2`/`-3`
  swapping rules. That shuffle is not uniform: docs/dealer-compat.md measures its bias.
* `DealerV2Shuffle`: Dealer v2's stream as its guide and issue 18 describe it (no v2 binary
  was at hand to check it against): `srand48`/`mrand48` (`Rand48`) driving the same shuffle,
  each dealt hand sorted in place before the next reshuffle starts from it.
"""
from __future__ import annotations

import functools
import math

import numpy as np

DECK = 52
SEAT_OF_POSITION = np.repeat(np.arange(4, dtype=np.uint8), 13)
NO_CARD = 0xFF

_MASK32 = np.uint64(0xFFFFFFFF)
_LAGS = 31  # glibc TYPE_3: r[i] = r[i-3] + r[i-31] mod 2**32
_WARM_UP = 310
_LANE_BLOCKS = 100  # blocks of 31 values each lane produces per refill
_MIN_LANES = 64
_SORT_CHUNK = 8192  # rows sorted at a time by shuffled_labels


# ---------------------------------------------------------------------------------------
# Uniform dealing from numpy's PCG64

def shuffled_labels(bitgen: np.random.BitGenerator, rows: int, labels: np.ndarray) -> np.ndarray:
    """`rows` independent uniform orderings of `labels` (seats 0..3).

    Each label gets a 32-bit key, 24 random bits over a low byte holding the label: sorting
    a row's keys sorts the labels by their random parts, and the labels are read back from
    the low bytes. A row where two random parts tie is dealt again, so that every order is
    exactly equally likely.
    """
    labels = np.asarray(labels, dtype=np.uint32)
    out = np.empty((rows, len(labels)), dtype=np.uint8)
    for start in range(0, rows, _SORT_CHUNK):  # chunks small enough to stay in cache
        keys = _sorted_keys(bitgen, min(_SORT_CHUNK, rows - start), labels)
        tied = _tied_rows(keys)
        while len(tied):
            redo = _sorted_keys(bitgen, len(tied), labels)
            keys[tied] = redo
            tied = tied[_tied_rows(redo)]
        out[start:start + len(keys)] = keys.view(np.uint8)[:, ::4]
    return out


def _sorted_keys(bitgen, rows: int, labels: np.ndarray) -> np.ndarray:
    size = rows * len(labels)
    keys = bitgen.random_raw((size + 1) // 2).view(np.uint32)[:size].reshape(rows, len(labels))
    keys &= np.uint32(0xFFFFFF00)
    keys |= labels
    keys.sort(axis=1)
    return keys


def _tied_rows(keys: np.ndarray) -> np.ndarray:
    """Rows of sorted keys where two random parts (bits 8-31) are equal: neighbours then
    differ by less than 4 (the labels), otherwise by more than 252."""
    flat = keys.ravel()
    gaps = flat[1:] - flat[:-1]
    width = keys.shape[1]
    positions = np.flatnonzero(gaps < 4)
    rows = positions[positions % width != width - 1] // width
    return rows[np.r_[True, rows[1:] != rows[:-1]]] if len(rows) else rows


def random_subsets(bitgen: np.random.BitGenerator, pool: int, size: int,
                   count: int) -> np.ndarray:
    """`count` independent uniform `size`-card subsets (52-bit masks) of the `pool` mask.

    Each pool card is kept independently with a dyadic probability near size/pool, giving
    candidates that, given their number of cards, are uniform. Those with `size` cards are
    kept as they are, those with one card too few or too many are brought to `size` (see
    `_to_size`), the others are dropped; the kept ones are used in order. Past half the
    pool, the complement is chosen instead.
    """
    pool_size = bin(pool).count("1")
    if size > pool_size:
        raise ValueError(f"cannot choose {size} cards from {pool_size}")
    if 2 * size > pool_size:
        return np.uint64(pool) & ~random_subsets(bitgen, pool, pool_size - size, count)
    if size == 0 or count == 0:
        return np.zeros(count, dtype=np.uint64)
    numerator, bits = _dyadic(size / pool_size)
    keep = numerator / 2 ** bits
    acceptance = sum(math.comb(pool_size, k) * keep ** k * (1 - keep) ** (pool_size - k)
                     for k in (size - 1, size, size + 1))
    found, have = [], 0
    while have < count:
        candidates = _bits_below(bitgen.random_raw((bits, int((count - have) / acceptance
                                                               * 1.1) + 64)), numerator)
        candidates &= np.uint64(pool)
        sizes = np.bitwise_count(candidates)
        near = np.flatnonzero((sizes >= size - 1) & (sizes <= size + 1))
        found.append(_to_size(bitgen, candidates[near], sizes[near], pool, pool_size, size))
        have += len(near)
    return np.concatenate(found)[:count]


def _to_size(bitgen, candidates: np.ndarray, sizes: np.ndarray, pool: int, pool_size: int,
             size: int) -> np.ndarray:
    """Candidates of size-1, size or size+1 cards, each uniform given its number of cards,
    made uniform `size`-card subsets: a short one gets one of the pool cards it lacks, a
    long one loses one of its cards, each chosen uniformly. Every `size`-card set is then
    reached from equally many candidates of each size with equal probability."""
    short = np.flatnonzero(sizes < size)
    if len(short):
        missing = np.uint64(pool) & ~candidates[short]
        candidates[short] |= _select_bit(missing, _below(bitgen, pool_size - size + 1,
                                                         len(short)))
    long = np.flatnonzero(sizes > size)
    if len(long):
        candidates[long] &= ~_select_bit(candidates[long], _below(bitgen, size + 1, len(long)))
    return candidates


def _below(bitgen, bound: int, count: int) -> np.ndarray:
    """`count` uniform integers in [0, bound) (uint64), exactly: a 32-bit draw times the
    bound, redrawn in the rare case it falls in the incomplete last cycle (Lemire)."""
    draws = bitgen.random_raw((count + 1) // 2).view(np.uint32)[:count].astype(np.uint64)
    product = draws * np.uint64(bound)
    values = product >> np.uint64(32)
    redo = np.flatnonzero((product & _MASK32) < np.uint64((1 << 32) % bound))
    if len(redo):
        values[redo] = _below(bitgen, bound, len(redo))
    return values


def _select_bit(masks: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """The `ranks[i]`-th lowest set bit (from 0) of each mask, as a one-bit mask: a binary
    search on the popcounts of ever narrower windows."""
    position = np.zeros(len(masks), dtype=np.uint64)
    rank = ranks.copy()
    for width in (32, 16, 8, 4, 2, 1):
        low = np.bitwise_count((masks >> position) & np.uint64((1 << width) - 1))
        beyond = rank >= low
        rank -= low * beyond
        position += np.uint64(width) * beyond
    return np.uint64(1) << position


def random_subsets_of_rows(bitgen: np.random.BitGenerator, pools: np.ndarray,
                           size: int) -> np.ndarray:
    """A uniform `size`-card subset of each row's pool (all pools equally large): a uniform
    choice of places among the pool's cards, mapped onto each row's cards (a pool card is
    chosen when the place of its rank in the pool is)."""
    pools = np.asarray(pools, dtype=np.uint64)
    if not len(pools):
        return np.zeros(0, dtype=np.uint64)
    pool_size = int(np.bitwise_count(pools[0]))
    places = mask_members(random_subsets(bitgen, (1 << pool_size) - 1, size, len(pools)))
    members = mask_members(pools)
    rank = np.cumsum(members, axis=1, dtype=np.int8)
    rank -= 1
    np.maximum(rank, 0, out=rank)
    chosen = np.take_along_axis(places, rank.astype(np.intp), axis=1) & members
    packed = np.zeros((len(pools), 8), dtype=np.uint8)
    packed[:, :7] = np.packbits(chosen, axis=1, bitorder="little")
    return packed.view("<u8").ravel()


def mask_members(masks: np.ndarray) -> np.ndarray:
    """Boolean (rows, 52): which cards each 52-bit mask holds."""
    as_bytes = np.asarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :DECK].astype(bool)


def _dyadic(probability: float) -> tuple[int, int]:
    """numerator / 2**bits near `probability`, in lowest terms, with bits <= 4."""
    numerator, bits = min(15, max(1, round(probability * 16))), 4
    while numerator % 2 == 0:
        numerator //= 2
        bits -= 1
    return numerator, bits


def _bits_below(words: np.ndarray, numerator: int) -> np.ndarray:
    """Bitwise `~r < numerator`, bit j of r made of bit j of each word (word i weighing
    2**i), so that every bit is 1 with probability numerator / 2**len(words) (~r is as
    uniform as r). Works from the low bit up: below = r_i | below where the numerator has
    a 1, r_i & below where it has a 0. Overwrites `words`."""
    below = words[0]
    for i in range(1, len(words)):
        if numerator >> i & 1:
            below |= words[i]
        else:
            below &= words[i]
    return below


# ---------------------------------------------------------------------------------------
# glibc rand()

def _glibc_initial_window(seed: int) -> np.ndarray:
    """The 31 values r[3..33] of glibc's srand(seed), after which r[i] = r[i-3] + r[i-31].

    srandom_r fills r[0..30] with the Park-Miller generator (C division truncating toward
    zero on the signed 32-bit seed) and r[31..33] repeat r[0..2]; rand() returns r[i] >> 1
    from i = 344 on, after 310 discarded values.
    """
    seed &= 0xFFFFFFFF
    if seed == 0:
        seed = 1
    word = seed - (1 << 32) if seed >= 1 << 31 else seed
    r = [word & 0xFFFFFFFF]
    for _ in range(1, 31):
        hi = abs(word) // 127773 * (1 if word >= 0 else -1)
        lo = word - hi * 127773
        word = 16807 * lo - 2836 * hi
        if word < 0:
            word += 2147483647
        r.append(word & 0xFFFFFFFF)
    r += r[:3]
    return np.array(r[3:34], dtype=np.uint32)


@functools.cache
def _jump_matrix(steps: int) -> np.ndarray:
    """Matrix (uint64, arithmetic mod 2**32) moving a 31-value window `steps` values on."""
    one_step = np.zeros((_LAGS, _LAGS), dtype=np.uint64)
    one_step[np.arange(_LAGS - 1), np.arange(1, _LAGS)] = 1
    one_step[_LAGS - 1, 0] = 1
    one_step[_LAGS - 1, _LAGS - 3] = 1
    result = np.eye(_LAGS, dtype=np.uint64)
    power = one_step
    while steps:
        if steps & 1:
            result = (power @ result) & _MASK32
        power = (power @ power) & _MASK32
        steps >>= 1
    return result


class _BufferedSource:
    """A random sequence produced a block at a time: `_refill(missing)` appends at least
    `missing` new values to what is left of `_buffer` (from `_position`)."""

    _buffer: np.ndarray
    _position: int

    def peek(self, count: int) -> np.ndarray:
        """The next `count` values, without consuming them."""
        missing = count - (len(self._buffer) - self._position)
        if missing > 0:
            self._refill(missing)
        return self._buffer[self._position:self._position + count]

    def skip(self, count: int) -> None:
        self.peek(count)
        self._position += count

    def take(self, count: int) -> np.ndarray:
        values = self.peek(count)
        self._position += count
        return values


class GlibcRand(_BufferedSource):
    """glibc's `srand(seed)` then `rand()`, bit for bit, produced a block at a time.

    The lagged recurrence is advanced in many independent lanes at once: the start window
    of each lane comes from jump matrices, then all lanes move three values per numpy step.
    """

    def __init__(self, seed: int):
        self._window = _glibc_initial_window(seed)
        self._buffer = np.empty(0, dtype=np.uint32)
        self._position = 0
        self._advance_raw(_WARM_UP)

    def _advance_raw(self, count: int) -> None:
        """Discard `count` values of the raw sequence."""
        window = (_jump_matrix(count) @ self._window.astype(np.uint64)) & _MASK32
        self._window = window.astype(np.uint32)

    def _refill(self, minimum: int) -> None:
        blocks = _LANE_BLOCKS
        lanes = max(_MIN_LANES, -(-minimum // (blocks * _LAGS)))
        starts = np.empty((lanes, _LAGS), dtype=np.uint64)
        starts[0] = self._window
        jump, filled = _jump_matrix(blocks * _LAGS), 1
        while filled < lanes:
            count = min(filled, lanes - filled)
            starts[filled:filled + count] = (starts[:count] @ jump.T) & _MASK32
            jump = (jump @ jump) & _MASK32
            filled += count
        # Within a block of 31 new values Y, Y[j] = X[j] + Y[j-3] (X: the 31 before), so
        # three values at a time follow from earlier ones; all lanes move together.
        raw = np.empty((blocks + 1, _LAGS, lanes), dtype=np.uint32)
        raw[0] = starts.T
        for b in range(1, blocks + 1):
            before, after = raw[b - 1], raw[b]
            np.add(before[:3], before[-3:], out=after[:3])
            for j in range(3, _LAGS, 3):
                np.add(before[j:j + 3], after[j - 3:min(j, _LAGS - 3)], out=after[j:j + 3])
        self._window = raw[-1, :, -1].copy()
        leftover = self._buffer[self._position:]
        buffer = np.empty(len(leftover) + lanes * blocks * _LAGS, dtype=np.uint32)
        buffer[:len(leftover)] = leftover
        in_order = raw[1:].reshape(blocks * _LAGS, lanes).T
        np.right_shift(in_order, 1, out=buffer[len(leftover):].reshape(lanes, -1))
        self._buffer, self._position = buffer, 0

    def unit_floats(self, count: int) -> np.ndarray:
        """`count` values rand() / 2**31 in [0, 1): dealer's `rnd(n)` is `(int)(rand() *
        (double)n / 2**31)`, and n times these truncates to the same (scaling by 2**-31 is
        exact)."""
        return self.take(count) * 2.0 ** -31


# ---------------------------------------------------------------------------------------
# srand48() / mrand48()

_RAND48_MULTIPLIER = 0x5DEECE66D
_RAND48_INCREMENT = 0xB
_RAND48_MODULUS = 1 << 48
_RAND48_BLOCK = 1 << 16  # values produced per refill
_LOW24 = np.uint64((1 << 24) - 1)


@functools.cache
def _rand48_steps(count: int) -> tuple[np.ndarray, np.ndarray]:
    """(A_i, C_i) for i = 1..count with x_{n+i} = A_i x_n + C_i mod 2**48."""
    multipliers, increments = [], []
    a, c = 1, 0
    for _ in range(count):
        a = a * _RAND48_MULTIPLIER % _RAND48_MODULUS
        c = (c * _RAND48_MULTIPLIER + _RAND48_INCREMENT) % _RAND48_MODULUS
        multipliers.append(a)
        increments.append(c)
    return np.array(multipliers, dtype=np.uint64), np.array(increments, dtype=np.uint64)


def _times_mod_2_48(a: np.ndarray, x: int) -> np.ndarray:
    """a * x mod 2**48 for 48-bit a and x, in uint64 without overflow (24-bit halves)."""
    a_low, a_high = a & _LOW24, a >> np.uint64(24)
    x_low, x_high = np.uint64(x & 0xFFFFFF), np.uint64(x >> 24)
    cross = (a_high * x_low + a_low * x_high) & _LOW24
    return (a_low * x_low + (cross << np.uint64(24))) & np.uint64(_RAND48_MODULUS - 1)


class Rand48(_BufferedSource):
    """glibc's `srand48(seed)` then `mrand48()`, bit for bit, a block at a time.

    The state is 48 bits, x' = (0x5DEECE66D x + 0xB) mod 2**48; srand48 sets it to the
    seed's low 32 bits shifted up 16, below them 0x330E; mrand48 returns the state's top 32
    bits as a signed number. A block is every step's multiplier and increment applied to
    the one state before it, so it is computed without a loop.
    """

    def __init__(self, seed: int):
        self._state = ((seed & 0xFFFFFFFF) << 16) | 0x330E
        self._buffer = np.empty(0, dtype=np.int32)
        self._position = 0

    def _refill(self, missing: int) -> None:
        pieces = [self._buffer[self._position:]]
        multipliers, increments = _rand48_steps(_RAND48_BLOCK)
        for _ in range(-(-missing // _RAND48_BLOCK)):
            states = (_times_mod_2_48(multipliers, self._state) + increments) \
                & np.uint64(_RAND48_MODULUS - 1)
            self._state = int(states[-1])
            pieces.append((states >> np.uint64(16)).astype(np.uint32).view(np.int32))
        self._buffer, self._position = np.concatenate(pieces), 0

    def unit_floats(self, count: int) -> np.ndarray:
        """`count` values in [0, 1): each mrand48() read as an unsigned 32-bit number,
        over 2**32 (what `rnd()` draws in dealerv2 mode)."""
        return self.take(count).view(np.uint32) * 2.0 ** -32


# ---------------------------------------------------------------------------------------
# Debian dealer's shuffle

# The fixed position swaps dealer applies after a shuffle with -2 (E<->W) and -3 (E<->W,
# S<->W, E<->S, E<->W, S<->W: all six orders of E, S and W, each from the previous one).
SWAPS = {"EW": (1, 3), "SW": (2, 3), "ES": (1, 2)}
SWAP_SEQUENCES = {0: (), 2: ("EW",), 3: ("EW", "SW", "ES", "EW", "SW")}


def _swap_permutation(name: str) -> np.ndarray:
    first, second = SWAPS[name]
    permutation = np.arange(DECK)
    a, b = slice(13 * first, 13 * first + 13), slice(13 * second, 13 * second + 13)
    permutation[a], permutation[b] = permutation[b].copy(), permutation[a].copy()
    return permutation


def compose_prefix(start: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """All decks `start[s1]`, `start[s1][s2]`, ... for step permutations s1, s2, ...

    Composition is associative, so the prefix is computed in blocks: first the running
    composition inside each block (all blocks at once), then each block's start, in order.
    """
    count = len(steps)
    block = max(1, int(np.sqrt(count)))
    blocks = -(-count // block)
    padded = np.empty((blocks * block, DECK), dtype=np.intp)
    padded[:count] = steps
    padded[count:] = np.arange(DECK)
    inner = padded.reshape(blocks, block, DECK)
    row_start = (np.arange(blocks) * DECK)[:, None]
    for k in range(1, block):
        inner[:, k] = np.take(inner[:, k - 1], inner[:, k] + row_start)
    decks = np.empty((blocks, block, DECK), dtype=start.dtype)
    current = start
    for b in range(blocks):
        decks[b] = current[inner[b]]
        current = decks[b, -1]
    return decks.reshape(-1, DECK)[:count]


class DealerShuffle:
    """Debian dealer's deal stream for a seed: decks (position -> card) one after another.

    Positions 0-12 are North's, 13-25 East's, 26-38 South's, 39-51 West's. Dealer fills a
    deck with its predealt cards (each in the first free position of its seat) and the
    other cards in order (clubs 2..A, diamonds, hearts, spades), then each deal reshuffles
    the previous one in place: for every position i not predealt, it draws k = rand() &
    0xFFFF, redrawing while k is past the last whole cycle of free positions, and swaps
    position i with the (k mod free)-th free position. With swapping (-2, -3) the next one
    or five deals are the previous deal with two hands exchanged.
    """

    def __init__(self, seed: int, predeal: dict[int, int] | None = None, swapping: int = 0):
        if swapping not in SWAP_SEQUENCES:
            raise ValueError(f"swapping must be 0, 2 or 3, not {swapping}")
        self.rand = self._random_source(seed)
        stacked = np.full(DECK, NO_CARD, dtype=np.uint8)
        for card, seat in (predeal or {}).items():
            free = np.flatnonzero(stacked[13 * seat:13 * seat + 13] == NO_CARD)
            if not len(free):
                raise ValueError(f"more than 13 cards predealt to seat {seat}")
            stacked[13 * seat + free[0]] = card
        rest = np.setdiff1d(np.arange(DECK), list((predeal or {}).keys())).astype(np.uint8)
        self.deck = stacked.copy()
        self.deck[stacked == NO_CARD] = rest
        self._free = np.flatnonzero(stacked == NO_CARD)
        self._limit = len(self._free) * (65536 // len(self._free)) if len(self._free) else 0
        self._swaps = [_swap_permutation(name) for name in SWAP_SEQUENCES[swapping]]
        self._phase = 0  # 0: next deal is a shuffle; k: apply self._swaps[k - 1]

    @staticmethod
    def _random_source(seed: int):
        return GlibcRand(seed)

    def _accepted_draws(self, needed: int) -> np.ndarray:
        """The next `needed` values of rand() & 0xFFFF below the limit, consuming rand()s."""
        ahead = (self.rand.peek(needed + needed // 256 + 64).view(np.uint32)
                 & 0xFFFF).astype(np.uint16)
        accepted = ahead < self._limit
        rejected = np.flatnonzero(~accepted)
        # The needed-th accepted value sits after every rejection p_i with p_i - i < needed.
        consumed = needed + int(np.count_nonzero(rejected - np.arange(len(rejected)) < needed))
        if consumed > len(ahead):
            head = np.compress(accepted, ahead)
            self.rand.skip(len(ahead))
            return np.concatenate([head, self._accepted_draws(needed - len(head))])
        self.rand.skip(consumed)
        return np.compress(accepted[:consumed], ahead[:consumed])

    def _shuffle_permutations(self, count: int) -> np.ndarray:
        """The position permutations of the next `count` shuffles, drawing their rand()s."""
        free = self._free
        permutations = np.tile(np.arange(DECK, dtype=np.uint8), (count, 1))
        if not len(free) or not count:
            return permutations
        draws = self._accepted_draws(count * len(free)).reshape(count, len(free))
        targets = free.astype(np.uint8)[draws % np.uint16(len(free))]
        flat = permutations.ravel()
        row_start = np.arange(count) * DECK
        for step, position in enumerate(free):
            here = row_start + position
            there = row_start + targets[:, step]
            moving = flat[there]
            flat[there] = flat[here]
            flat[here] = moving
        return permutations

    def next_decks(self, count: int) -> np.ndarray:
        """The next `count` deals as decks, shape (count, 52), uint8 cards by position."""
        if count <= 0:
            return np.empty((0, DECK), dtype=np.uint8)
        cycle = len(self._swaps) + 1
        phases = (self._phase + np.arange(count)) % cycle
        shuffles = np.flatnonzero(phases == 0)
        steps = np.empty((count, DECK), dtype=np.uint8)
        steps[shuffles] = self._shuffle_permutations(len(shuffles))
        for k, swap in enumerate(self._swaps, start=1):
            steps[phases == k] = swap
        self._phase = int((self._phase + count) % cycle)
        decks = compose_prefix(self.deck, steps)
        self.deck = decks[-1].copy()
        return decks


class DealerV2Shuffle(DealerShuffle):
    """Dealer v2's deal stream for a seed, as its guide and issue 18 describe it.

    The shuffle is Debian dealer's (`DealerShuffle`) with mrand48() in place of rand(): k is
    the low 16 bits of mrand48(), redrawn past the last whole cycle of free positions, and
    position i swaps with the (k mod free)-th free position (v2 computes the modulo where v1
    used Hans van Staveren's table; both give this). After every deal each hand is sorted in
    place, highest card first (spade ace down to club two), and the next reshuffle starts
    from the sorted deck; predealt cards keep their positions (a hand's other cards are
    sorted among themselves). Sorting puts each hand's spades in the same positions deal
    after deal, where the position-biased swap favours some seats: this is v2's bias
    (docs/dealer-compat.md).
    """

    @staticmethod
    def _random_source(seed: int):
        return Rand48(seed)

    def __init__(self, seed: int, predeal: dict[int, int] | None = None, swapping: int = 0):
        super().__init__(seed, predeal, swapping)
        free = np.zeros(DECK, dtype=bool)
        free[self._free] = True
        self._runs = [np.flatnonzero(free[13 * seat:13 * seat + 13]) + 13 * seat
                      for seat in range(4)]
        self._whole_hands = len(self._free) == DECK
        # Hands are kept in increasing order inside the loop; `_reversal` (its own inverse)
        # turns such a deck into v2's decreasing one.
        self._reversal = np.arange(DECK)
        for run in self._runs:
            self._reversal[run] = run[::-1]
        self.deck = self._sorted_up(self.deck)[self._reversal]

    def _sorted_up(self, deck: np.ndarray) -> np.ndarray:
        """`deck` with each hand's free cards in increasing order, in place."""
        if self._whole_hands:
            deck.reshape(4, 13).sort(axis=1)
        else:
            for run in self._runs:
                deck[run] = np.sort(deck[run])
        return deck

    def next_decks(self, count: int) -> np.ndarray:
        """The next `count` deals as decks, each hand sorted: one deal after the other, as
        each reshuffle starts from the previous deal sorted."""
        rising = np.empty((max(count, 0), DECK), dtype=np.uint8)
        if count <= 0:
            return rising
        cycle = len(self._swaps) + 1
        phases = (self._phase + np.arange(count)) % cycle
        shuffles = self._shuffle_permutations(int(np.count_nonzero(phases == 0)))
        steps = np.empty((count, DECK), dtype=np.intp)
        steps[phases == 0] = shuffles
        for k, swap in enumerate(self._swaps, start=1):
            steps[phases == k] = swap
        # v2's deck d is rising[reversal]; d[step] is rising[reversal[step]].
        steps = self._reversal[steps]
        previous = self.deck[self._reversal]
        for row in range(count):
            np.take(previous, steps[row], out=rising[row])
            previous = self._sorted_up(rising[row])
        self._phase = int((self._phase + count) % cycle)
        decks = rising[:, self._reversal]
        self.deck = decks[-1].copy()
        return decks


def owners_from_decks(decks: np.ndarray) -> np.ndarray:
    """Seat of every card (n, 52) from decks of cards by position (n, 52)."""
    owners = np.empty(decks.shape, dtype=np.uint8)
    np.put_along_axis(owners, decks.astype(np.intp), SEAT_OF_POSITION[None, :], axis=1)
    return owners
