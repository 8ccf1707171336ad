"""Dealer v2's -L: Richard Pavlicek's library of solved deals (rpdd.zrd) as the source of
deals, each with its 20 double-dummy results, which dds(), trix(), par() and evalcontract
then read instead of solving.

The format, as the guide's Appendix V gives it: 23 bytes a record; bits 0-103 give the
owner of each card, two bits a card (00 West, 01 North, 10 East, 11 South), spades from the
ace down to the two, then hearts, diamonds and clubs; bits 104-183 give the tricks each
hand takes, four bits each, in notrump for West, North, East and South, then the same in
spades, hearts, diamonds and clubs. Bit 0 is read as the high bit of the first byte (the
order the bitmap and its codes are written in; the guide does not say).

The seed chooses where reading starts, in blocks of 1000 deals (seed 17: record 17001);
reading wraps to the start once, so each deal is read at most once in a run.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from .errors import DealerError

RECORD_BYTES = 23
SEED_BLOCK = 1000
"""Deals skipped per unit of the seed."""
DEFAULT_PATH = "../rpdd.zrd"
"""`-L =`: the library in the parent folder, as in Dealer v2."""
_SEAT_OF_CODE = np.array([3, 0, 1, 2], dtype=np.uint8)  # 00 West, 01 North, 10 East, 11 South


class LibraryError(DealerError):
    """A library file that cannot be read as solved deals, or a seed past its end."""


def decode(records: np.ndarray, numbers: np.ndarray | None = None
           ) -> tuple[np.ndarray, np.ndarray]:
    """Records (rows of 23 bytes) as owner rows (`owners[k, card]` = seat of card
    `suit * 13 + rank`) and double-dummy tables ([deal, declarer N E S W, strain C D H S
    NT]). `numbers`: the records' numbers in the file (from 1), for errors."""
    bits = np.unpackbits(records[:, :13], axis=1)
    codes = bits[:, 0::2] * 2 + bits[:, 1::2]  # by position: spade ace first, club two last
    owners = _SEAT_OF_CODE[codes][:, ::-1]  # our card 51 is the spade ace
    nibbles = np.stack([records[:, 13:] >> 4, records[:, 13:] & 15], axis=2).reshape(-1, 5, 4)
    # nibbles[deal, NT S H D C, W N E S] -> tables[deal, N E S W, C D H S NT]
    tables = nibbles[:, ::-1, :][:, :, [1, 2, 3, 0]].transpose(0, 2, 1).astype(np.int64)
    counts = np.stack([np.count_nonzero(owners == seat, axis=1) for seat in range(4)], axis=1)
    bad = np.flatnonzero((counts != 13).any(axis=1) | (tables > 13).any(axis=(1, 2)))
    if len(bad):
        row = int(bad[0])
        number = row + 1 if numbers is None else int(numbers[row])
        raise LibraryError(f"record {number} is not a solved deal (hands of "
                           f"{', '.join(map(str, counts[row]))} cards, tricks up to "
                           f"{int(tables[row].max())})")
    return np.ascontiguousarray(owners), tables


class LibraryStream:
    """The library's deals in reading order, `next_batch(n)` at a time, like
    generate.DealStream; each batch's tables are handed to dd before its deals are
    evaluated. `limit` caps the deals read (generate); a library holds at most what it
    holds, so a run may stop before `produce`."""

    def __init__(self, path: str, seed: int | None, limit: int | None = None):
        self.path = DEFAULT_PATH if path == "=" else path
        try:
            size = Path(self.path).stat().st_size
        except OSError as error:
            raise LibraryError(f"-L {self.path}: {error.strerror}") from None
        if size == 0 or size % RECORD_BYTES:
            raise LibraryError(f"-L {self.path}: not a library of solved deals ({size} bytes, "
                               f"not a whole number of {RECORD_BYTES}-byte records)")
        count = size // RECORD_BYTES
        self.seed = 0 if seed is None else seed
        start = self.seed * SEED_BLOCK
        if not 0 <= start < count:
            raise LibraryError(f"-L {self.path}: seed {self.seed} starts past the library's "
                               f"{count} deals (seeds 0 to {(count - 1) // SEED_BLOCK} start "
                               f"in it, {SEED_BLOCK} deals apart)")
        self._records = np.memmap(self.path, dtype=np.uint8, mode="r").reshape(count,
                                                                                RECORD_BYTES)
        self._order = np.concatenate([np.arange(start, count), np.arange(start)])
        self.limit = count if limit is None else min(limit, count)
        self.generated = 0
        self.last_generated = np.zeros(0, dtype=np.int64)
        self.random = np.random.default_rng(self.seed)

    def __enter__(self) -> "LibraryStream":
        return self

    def __exit__(self, *exc) -> None:
        """The memory map closes with the stream; the stored tricks end with the run."""
        from . import dd
        dd.forget_stored_tables()

    def next_batch(self, n: int) -> np.ndarray:
        """The next (up to) n deals, owner rows; fewer only at the limit."""
        from . import dd
        taken = self._order[self.generated:min(self.generated + n, self.limit)]
        try:
            owners, tables = decode(np.asarray(self._records[taken]), numbers=taken + 1)
        except LibraryError as error:
            raise LibraryError(f"-L {self.path}: {error}") from None
        dd.store_tables(owners, tables)
        self.last_generated = np.arange(self.generated + 1, self.generated + len(taken) + 1)
        self.generated += len(taken)
        return owners
