"""Strains and the 38 calls, built once as a table; parse and format pairs."""
from __future__ import annotations

import enum
import re

from bidding.model.cards import Suit
from bidding.model.errors import CallError


class Strain(enum.IntEnum):
    """Denominations in bidding order: clubs < diamonds < hearts < spades < notrump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for notrump."""
        return None if self is Strain.NOTRUMP else Suit(self)

    @classmethod
    def from_suit(cls, suit: Suit) -> "Strain":
        return cls(int(suit))

    @classmethod
    def parse(cls, text: str) -> "Strain":
        key = text.strip().upper()
        aliases = {"C": 0, "D": 1, "H": 2, "S": 3, "N": 4, "NT": 4, "SA": 4, "NOTRUMP": 4,
                   "NOTRUMPS": 4, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
                   "CLUBS": 0, "DIAMONDS": 1, "HEARTS": 2, "SPADES": 3}
        if key not in aliases:
            raise CallError(f"unknown strain {text!r}: use C, D, H, S or NT")
        return cls(aliases[key])

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


class CallKind(enum.IntEnum):
    PASS = 0
    DOUBLE = 1
    REDOUBLE = 2
    BID = 3


class Call:
    """One of the 38 calls. Bids compare by rank: `Call.parse("1NT") < Call.parse("2C")`."""

    __slots__ = ("index", "kind", "level", "strain")
    index: int
    kind: CallKind
    level: int
    strain: Strain | None

    def __new__(cls, text: str) -> "Call":
        return cls.parse(text)

    @classmethod
    def _make(cls, index: int) -> "Call":
        call = object.__new__(cls)
        set_ = object.__setattr__
        set_(call, "index", index)
        if index < 3:
            set_(call, "kind", CallKind(index))
            set_(call, "level", 0)
            set_(call, "strain", None)
        else:
            set_(call, "kind", CallKind.BID)
            set_(call, "level", (index - 3) // 5 + 1)
            set_(call, "strain", Strain((index - 3) % 5))
        return call

    def __setattr__(self, name, value):
        raise AttributeError("Call is immutable")

    @classmethod
    def bid(cls, level: int, strain: Strain) -> "Call":
        if not 1 <= level <= 7:
            raise CallError(f"bid level {level} is outside 1..7")
        return CALLS[3 + (level - 1) * 5 + int(strain)]

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Read the usual spellings: P, pass, X, dbl, XX, rdbl, 1N, 1NT, 7nt, 4♠, 2 S..."""
        key = re.sub(r"\s+", "", str(text)).upper()
        if key in _SPECIAL:
            return CALLS[_SPECIAL[key]]
        match = _BID_TEXT.match(key)
        if match:
            return cls.bid(int(match.group(1)), Strain.parse(match.group(2)))
        raise CallError(f"cannot read call {text!r}: expected e.g. P, X, XX, 1C, 3NT")

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    @property
    def is_double(self) -> bool:
        return self.kind is CallKind.DOUBLE

    @property
    def is_redouble(self) -> bool:
        return self.kind is CallKind.REDOUBLE

    def __lt__(self, other: "Call") -> bool:
        return self.index < other.index

    def __le__(self, other: "Call") -> bool:
        return self.index <= other.index

    def __gt__(self, other: "Call") -> bool:
        return self.index > other.index

    def __ge__(self, other: "Call") -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self):
        return (_call_by_index, (self.index,))

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain.letter}"
        return ("P", "X", "XX")[self.kind]

    def symbol(self) -> str:
        """Display form with suit symbols (`1♠`, `Pass`, `X`)."""
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain.symbol}"
        return ("Pass", "X", "XX")[self.kind]

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


def _call_by_index(index: int) -> Call:
    return CALLS[index]


_SPECIAL = {
    "P": 0, "PASS": 0, "PA": 0, "NB": 0, "-": 0,
    "X": 1, "D": 1, "DBL": 1, "DOUBLE": 1,
    "XX": 2, "R": 2, "RDBL": 2, "REDOUBLE": 2, "RE": 2,
}
_BID_TEXT = re.compile(r"^([1-7])(C|D|H|S|N|NT|SA|NOTRUMPS?|CLUBS|DIAMONDS|HEARTS|SPADES|♣|♦|♥|♠)$")

CALLS: tuple[Call, ...] = tuple(Call._make(i) for i in range(38))


def cheapest_level(strain: Strain | int, last_bid: Call | None) -> int:
    """The lowest level at which `strain` may be bid after `last_bid` (None: nothing bid
    yet); 8 when it cannot be bid at all."""
    if last_bid is None:
        return 1
    return last_bid.level + (0 if strain > last_bid.strain else 1)
PASS, DOUBLE, REDOUBLE = CALLS[0], CALLS[1], CALLS[2]
BIDS: tuple[Call, ...] = CALLS[3:]
