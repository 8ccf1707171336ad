"""Suits, ranks, cards, hands, deals, seats and vulnerability.

A hand is one int of 52 bits: four 13-bit suit masks, clubs in the low bits, bit `rank` of
each mask set when the hand holds that card (two = bit 0, ace = bit 12). The card index
`suit * 13 + rank` is also the deck order of Hans van Staveren's dealer.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from bidding.model.errors import CardError


class Suit(enum.IntEnum):
    """The four suits in bidding order, so that `Suit.CLUBS < Suit.SPADES`."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @property
    def is_minor(self) -> bool:
        return self <= Suit.DIAMONDS

    @classmethod
    def parse(cls, text: str) -> "Suit":
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name, suit.name[:-1], suit.symbol):
                return suit
        raise CardError(f"unknown suit {text!r}: use C, D, H or S")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_NAMES = tuple(suit.name.lower() for suit in Suit)
"""The suits in words, indexed by suit: ("clubs", "diamonds", "hearts", "spades")."""


class Rank(enum.IntEnum):
    """Ranks from two (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return "23456789TJQKA"[self]

    @classmethod
    def parse(cls, text: str) -> "Rank":
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        index = "23456789TJQKA".find(key) if len(key) == 1 else -1
        if index < 0:
            raise CardError(f"unknown rank {text!r}: use AKQJT98765432 (or 10)")
        return cls(index)

    def __str__(self) -> str:
        return self.char

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Card:
    """One of the 52 cards; built once, compare and hash by index."""

    __slots__ = ("index", "suit", "rank")
    index: int
    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> "Card":
        return CARDS[int(suit) * 13 + int(rank)]

    @classmethod
    def _make(cls, index: int) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "rank", Rank(index % 13))
        return card

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse `SA`, `sa`, `H10`, `HT`, also rank first (`AS`)."""
        key = text.strip().upper()
        if len(key) >= 2:
            for suit_part, rank_part in ((key[0], key[1:]), (key[-1], key[:-1])):
                if suit_part in "CDHS":
                    try:
                        return CARDS[Suit.parse(suit_part) * 13 + Rank.parse(rank_part)]
                    except CardError:
                        pass
        raise CardError(f"cannot read card {text!r}: expected suit and rank, e.g. SA, H10, DT")

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return self.suit.letter + self.rank.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __reduce__(self):
        return (_card_by_index, (self.index,))


def _card_by_index(index: int) -> Card:
    return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
SUIT_MASK = 0x1FFF
FULL_DECK = (1 << 52) - 1

_HAND_TEXT = re.compile(r"^[^.]*\.[^.]*\.[^.]*\.[^.]*$")


def _parse_suit_holding(text: str, suit: Suit, whole: str) -> int:
    if text in ("-", "—"):
        return 0
    mask = 0
    body = text.upper().replace("10", "T")
    for char in body:
        if char.isspace():
            continue
        if char == "X":
            raise CardError(f"hand {whole!r}: 'x' spot cards are ambiguous; name every card")
        index = "23456789TJQKA".find(char)
        if index < 0:
            raise CardError(f"hand {whole!r}: unknown rank {char!r} in {suit.name.lower()}")
        if mask >> index & 1:
            raise CardError(f"hand {whole!r}: card {suit.letter}{char} is repeated")
        mask |= 1 << index
    return mask


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards (normally 13) as a 52-bit mask; formatted `S.H.D.C`."""

    mask: int = 0

    @classmethod
    def parse(cls, text: str, size: int | None = 13) -> "Hand":
        """Parse `AKQ.T98.-.AKQJ2` (spades first; `-` or empty for a void).

        `size` is the number of cards the hand must hold; None accepts any number.
        """
        stripped = text.strip()
        if not _HAND_TEXT.match(stripped):
            raise CardError(f"hand {text!r}: expected four suits S.H.D.C separated by dots")
        parts = stripped.split(".")
        mask = 0
        for suit, part in zip(SUITS_HIGH_FIRST, parts):
            mask |= _parse_suit_holding(part.strip(), suit, text) << (13 * suit)
        hand = cls(mask)
        if size is not None and len(hand) != size:
            raise CardError(f"hand {text!r} has {len(hand)} cards, expected {size}")
        return hand

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> "Hand":
        mask = 0
        for card in cards:
            if mask & card.bit:
                raise CardError(f"card {card} is repeated")
            mask |= card.bit
        return cls(mask)

    def suit_mask(self, suit: Suit) -> int:
        """The 13-bit mask of this hand's cards in `suit` (bit 12 = ace)."""
        return self.mask >> (13 * suit) & SUIT_MASK

    def length(self, suit: Suit) -> int:
        return self.suit_mask(suit).bit_count()

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths as (spades, hearts, diamonds, clubs), the usual way to write them."""
        return tuple(self.length(s) for s in SUITS_HIGH_FIRST)  # type: ignore[return-value]

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: Card) -> bool:
        return bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        """Cards from the ace of spades down to the two of clubs."""
        mask = self.mask
        for index in range(51, -1, -1):
            if mask >> index & 1:
                yield CARDS[index]

    def __or__(self, other: "Hand") -> "Hand":
        return Hand(self.mask | other.mask)

    def holding(self, suit: Suit) -> str:
        """The ranks held in `suit`, highest first; empty for a void."""
        mask = self.suit_mask(suit)
        return "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if mask >> r & 1)

    def __str__(self) -> str:
        return ".".join(self.holding(s) for s in SUITS_HIGH_FIRST)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


class Seat(enum.IntEnum):
    """Compass seats in playing order, North first."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> "Seat":
        """Left-hand opponent: the next to call."""
        return Seat((self + 1) % 4)

    @property
    def rho(self) -> "Seat":
        return Seat((self + 3) % 4)

    def next(self, steps: int = 1) -> "Seat":
        return Seat((self + steps) % 4)

    def is_partner_of(self, other: "Seat") -> bool:
        return (self - other) % 2 == 0

    @classmethod
    def parse(cls, text: str) -> "Seat":
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.letter, seat.name):
                return seat
        raise CardError(f"unknown seat {text!r}: use N, E, S or W")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


SEAT_NAMES = tuple(seat.name.lower() for seat in Seat)
"""The seats in words, indexed by seat: ("north", "east", "south", "west")."""


class Vulnerability(enum.Enum):
    """Which side is vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, seat: Seat) -> bool:
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (seat % 2 == 0)

    @classmethod
    def parse(cls, text: str) -> "Vulnerability":
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        aliases = {
            "NONE": cls.NONE, "LOVE": cls.NONE, "": cls.NONE, "O": cls.NONE,
            "NS": cls.NS, "N": cls.NS, "NORTHSOUTH": cls.NS,
            "EW": cls.EW, "E": cls.EW, "EASTWEST": cls.EW,
            "BOTH": cls.BOTH, "ALL": cls.BOTH, "B": cls.BOTH,
        }
        if key in aliases:
            return aliases[key]
        raise CardError(f"unknown vulnerability {text!r}: use None, NS, EW or Both")

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


PBN_DEAL_EXAMPLE = "N:AKQ2.K3.A2.AJ832 JT98.AQ2.KJ87.T6 7.JT9865.Q53.KQ5 -"


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands of 13 cards, indexed by Seat, that together hold every card once."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise CardError(f"a deal has four hands, got {len(self.hands)}")
        seen = 0
        for seat, hand in zip(Seat, self.hands):
            if len(hand) != 13:
                raise CardError(f"deal: {seat.name.lower()} has {len(hand)} cards, expected 13")
            repeated = seen & hand.mask
            if repeated:
                card = CARDS[(repeated & -repeated).bit_length() - 1]
                raise CardError(f"deal: card {card} is dealt twice (again to {seat.name.lower()})")
            seen |= hand.mask

    def __getitem__(self, seat: Seat | int) -> Hand:
        return self.hands[seat]

    @classmethod
    def parse(cls, text: str) -> "Deal":
        """Parse a PBN deal string, `N:AKQ.. ... ... ...` (first seat, then clockwise).

        One hand may be omitted as `-`; it gets the remaining cards.
        """
        stripped = text.strip().strip('"')
        match = re.match(r"^([NESWnesw])\s*:\s*(.*)$", stripped, re.S)
        if not match:
            raise CardError(f"deal {text!r}: expected PBN form 'N:S.H.D.C S.H.D.C S.H.D.C S.H.D.C'")
        first = Seat.parse(match.group(1))
        parts = match.group(2).split()
        if len(parts) != 4:
            raise CardError(f"deal {text!r}: expected 4 hands, found {len(parts)}")
        hands: list[Hand | None] = [None] * 4
        for offset, part in enumerate(parts):
            seat = first.next(offset)
            hands[seat] = None if part == "-" else Hand.parse(part, size=None)
        missing = [s for s in Seat if hands[s] is None]
        if len(missing) > 1:
            raise CardError(f"deal {text!r}: only one hand may be left out")
        if missing:
            used = 0
            for hand in hands:
                if hand is not None:
                    used |= hand.mask
            hands[missing[0]] = Hand(FULL_DECK & ~used)
        try:
            return cls(tuple(hands))  # type: ignore[arg-type]
        except CardError as error:
            raise CardError(f"deal {text!r}: {str(error).removeprefix('deal: ')}") from None

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN deal string starting with `first`."""
        hands = " ".join(str(self.hands[first.next(i)]) for i in range(4))
        return f"{first.letter}:{hands}"

    def holder(self, card: Card) -> Seat:
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        raise CardError(f"card {card} is in no hand")  # unreachable for a valid deal

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Deal.parse({self.pbn()!r})"


def deal_from_owners(owners: Iterable[int]) -> Deal:
    """Build a Deal from 52 seat numbers, one per card index (dealer's layout)."""
    masks = [0, 0, 0, 0]
    for index, seat in enumerate(owners):
        masks[seat] |= 1 << index
    return Deal(tuple(Hand(m) for m in masks))  # type: ignore[arg-type]


def random_deal(rng) -> Deal:
    """A uniformly random deal from a `numpy.random.Generator`."""
    order = rng.permutation(52)
    owners = [0] * 52
    for position, card in enumerate(order):
        owners[int(card)] = position // 13
    return deal_from_owners(owners)
