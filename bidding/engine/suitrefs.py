"""Suit references: a suit as a convention's author names it -- fixed (`H`), from the auction
(`partner`), a set (`unbid`) or chosen by the hand (`longest`) -- and the auction's
`Situation` that turns a reference into concrete suits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

from bidding.engine.handfacts import ALL_SUITS, UNKNOWN_HCP, UNKNOWN_LENGTH
from bidding.engine.inference import POINTS, SUPPORT, UNKNOWN_PICTURE
from bidding.model.calls import CALLS, cheapest_level
from bidding.model.cards import SUIT_NAMES
from bidding.model.errors import BridgeError


class Situation(NamedTuple):
    """What the auction tells the player to act: the suits each player showed, and so on.

    Suits are listed in the order they were shown; `their_suits` merges both opponents.
    A tuple, because one is made for every new auction a robot meets.
    """

    own_suits: tuple[int, ...] = ()
    partner_suits: tuple[int, ...] = ()
    their_suits: tuple[int, ...] = ()
    agreed: int | None = None
    partner_bid_levels: tuple[int, ...] = (0, 0, 0, 0, 0)   # last level partner bid, by strain
    last_bid_index: int = -1                                  # Call index of the last bid
    we_vulnerable: bool = False
    they_vulnerable: bool = False
    seat: int = 1                                             # 1-4 from the dealer
    passed_hand: bool = False
    partner_hcp: tuple[int, int] = UNKNOWN_HCP
    unbid: tuple[int, ...] = ALL_SUITS                        # suits nobody has shown
    partner_lengths: tuple[tuple[int, int], ...] = (UNKNOWN_LENGTH,) * 4  # shown, by suit
    forced: bool = False              # the player may not pass (bidding.engine.system)
    partner_points: tuple[int, int] = UNKNOWN_PICTURE[POINTS]
    partner_shown: object = None      # all partner showed: a Shown (its .picture), or None
    last_bidder: str = ""                                     # me, partner, they; "" nobody
    own_hcp: tuple[int, int] = UNKNOWN_HCP                    # the HCP my own calls showed
    partner_support: tuple[int, int] = UNKNOWN_PICTURE[SUPPORT]  # his support points shown


_FIXED_SUITS = {"c": 0, "club": 0, "clubs": 0, "d": 1, "diamond": 1, "diamonds": 1,
                "h": 2, "heart": 2, "hearts": 2, "s": 3, "spade": 3, "spades": 3}
_AUCTION_SUITS = ("partner", "partner-first", "own", "own-first", "their", "their-first",
                  "their-cheapest", "agreed", "this")
_SETS = ("unbid", "unbid-major", "unbid-minor", "unbid-above", "unbid-below", "their-all",
         "partner-all", "own-all", "major", "minor", "any")
_HAND_SUITS = {"longest": "any", "longest-unbid": "unbid", "longest-major": "major",
               "longest-minor": "minor", "longest-partner": "partner-all"}
SUIT_KINDS = {"major": (2, 3), "minor": (0, 1)}
"""The suits of each kind a reference may be required to be."""
SUIT_REFERENCE_WORDS = tuple(_FIXED_SUITS) + _AUCTION_SUITS + _SETS + tuple(_HAND_SUITS)

_REF_PHRASES = {
    "partner": "partner's suit", "partner-first": "partner's first suit",
    "own": "own suit", "own-first": "own first suit", "their": "their suit",
    "their-first": "their first suit", "their-cheapest": "their cheapest suit",
    "agreed": "the agreed suit", "this": "the suit bid",
    "unbid": "each unbid suit", "unbid-major": "each unbid major",
    "unbid-minor": "each unbid minor",
    "unbid-above": "each unbid suit ranking above own first suit",
    "unbid-below": "each unbid suit ranking below own first suit",
    "their-all": "each of their suits",
    "partner-all": "each of partner's suits", "own-all": "each of own suits",
    "major": "each major", "minor": "each minor", "any": "each suit",
    "longest": "the longest suit", "longest-unbid": "the longest unbid suit",
    "longest-major": "the longer major", "longest-minor": "the longer minor",
    "longest-partner": "the longest of partner's suits",
}
_SOME_PHRASES = {"unbid": "an unbid suit", "unbid-major": "an unbid major",
                 "unbid-minor": "an unbid minor",
                 "unbid-above": "an unbid suit ranking above own first suit",
                 "unbid-below": "an unbid suit ranking below own first suit",
                 "their-all": "one of their suits",
                 "partner-all": "one of partner's suits", "own-all": "one of own suits",
                 "major": "a major", "minor": "a minor", "any": "some suit"}


class SuitReferenceError(BridgeError):
    """Raised by SuitRef.parse; the loader turns it into a located ConventionError."""


@dataclass(frozen=True)
class SuitRef:
    """A suit as an author names it: fixed (`H`), from the auction (`partner`), a set
    (`unbid`), or chosen by the hand (`longest`)."""

    word: str

    @classmethod
    def parse(cls, text: str) -> "SuitRef":
        word = text.strip().lower()
        if word not in SUIT_REFERENCE_WORDS:
            raise SuitReferenceError(
                f"unknown suit reference {text!r}: use C D H S, partner, own, their, agreed, "
                f"this, unbid, major, minor, longest ... (see docs/convention-format.md)")
        return cls(word)

    @property
    def is_fixed(self) -> bool:
        return self.word in _FIXED_SUITS

    @property
    def is_set(self) -> bool:
        return self.word in _SETS

    @property
    def is_hand_dependent(self) -> bool:
        return self.word in _HAND_SUITS

    @property
    def depends_on(self) -> tuple[str, ...]:
        """The Situation fields this reference reads."""
        return _REF_FIELDS.get(self.word, ())

    def phrase(self, some: bool = False) -> str:
        """How descriptions name this reference when no auction is known."""
        if self.is_fixed:
            return SUIT_NAMES[_FIXED_SUITS[self.word]]
        if some and self.word in _SOME_PHRASES:
            return _SOME_PHRASES[self.word]
        return _REF_PHRASES[self.word]

    def candidates(self, situation: Situation, this: int | None) -> tuple[int, ...]:
        """The suits meant in this auction: one suit, a set, or the suits a hand may choose
        from; empty when the reference means nothing yet."""
        word = self.word
        if word in _FIXED_SUITS:
            return (_FIXED_SUITS[word],)
        if word in _HAND_SUITS:
            word = _HAND_SUITS[word]
        if word == "their-cheapest":
            return _their_cheapest(situation)
        single = _single_suit(word, situation, this)
        if single is not _NOT_SINGLE:
            return () if single is None else (single,)
        if word == "unbid":
            return situation.unbid
        if word == "unbid-major":
            return tuple(s for s in situation.unbid if s >= 2)
        if word == "unbid-minor":
            return tuple(s for s in situation.unbid if s < 2)
        if word in ("unbid-above", "unbid-below"):
            if not situation.own_suits:
                return ()
            first = situation.own_suits[0]
            if word == "unbid-above":
                return tuple(s for s in situation.unbid if s > first)
            return tuple(s for s in situation.unbid if s < first)
        if word == "their-all":
            return tuple(sorted(set(situation.their_suits)))
        if word == "partner-all":
            return tuple(sorted(set(situation.partner_suits)))
        if word == "own-all":
            return tuple(sorted(set(situation.own_suits)))
        return {"major": (2, 3), "minor": (0, 1), "any": ALL_SUITS}[word]


_NOT_SINGLE = object()
_REF_FIELDS = {
    "partner": ("partner_suits",), "partner-first": ("partner_suits",),
    "partner-all": ("partner_suits",), "own": ("own_suits",), "own-first": ("own_suits",),
    "own-all": ("own_suits",), "their": ("their_suits",), "their-first": ("their_suits",),
    "their-all": ("their_suits",),
    "their-cheapest": ("their_suits", "own_suits", "partner_suits", "last_bid_index"),
    "agreed": ("agreed",), "unbid": ("unbid",),
    "unbid-major": ("unbid",), "unbid-minor": ("unbid",), "longest-unbid": ("unbid",),
    "unbid-above": ("own_suits", "unbid"), "unbid-below": ("own_suits", "unbid"),
    "longest-partner": ("partner_suits",)}


def _their_cheapest(situation: Situation) -> tuple[int, ...]:
    """Of the suits they have shown and our side has not (a bid of ours they cue-bid is no
    suit of theirs), the one the cheapest bid reaches now, the lower-ranking at the same
    level: the known suit of their two-suiter, for a cue-bid raise."""
    ours = set(situation.own_suits) | set(situation.partner_suits)
    theirs = [suit for suit in sorted(set(situation.their_suits)) if suit not in ours]
    if not theirs:
        return ()
    last = CALLS[situation.last_bid_index] if situation.last_bid_index >= 0 else None
    return (min(theirs, key=lambda suit: (cheapest_level(suit, last), suit)),)


def _single_suit(word: str, situation: Situation, this: int | None):
    """The one suit `word` names (None if nothing yet), or _NOT_SINGLE for set words."""
    if word == "this":
        return this
    if word == "agreed":
        return situation.agreed
    if word.startswith("partner") and word != "partner-all":
        source = situation.partner_suits
    elif word.startswith("own") and word != "own-all":
        source = situation.own_suits
    elif word.startswith("their") and word != "their-all":
        source = situation.their_suits
    else:
        return _NOT_SINGLE
    if not source:
        return None
    return source[0] if word.endswith("-first") else source[-1]


def longest_test(suit: int, among: Iterable[int]) -> str:
    """Expression: `suit` is the longest of `among`, the higher-ranking one on ties."""
    tests = [f"f.length[{suit}] {'>' if other > suit else '>='} f.length[{other}]"
             for other in among if other != suit]
    return " and ".join(tests) or "True"
