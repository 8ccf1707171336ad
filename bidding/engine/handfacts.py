"""Hand facts: every figure a hand type can ask about (HCP, points, lengths, losers, stoppers,
shape...), computed once per hand from per-holding tables so that a rule's predicate only
reads attributes.
"""
from __future__ import annotations

from bidding.model import evaluation
from bidding.model.cards import Hand

ALL_SUITS = (0, 1, 2, 3)
MAX_HCP = 37
UNKNOWN_HCP = (0, MAX_HCP)
UNKNOWN_LENGTH = (0, 13)

SUIT_FIGURES = tuple(zip(
    evaluation.HOLDING_HCP, evaluation.HOLDING_HONOURS, evaluation.HOLDING_CONTROLS,
    evaluation.HOLDING_LOSERS, evaluation.HOLDING_QUICK_TRICK_HALVES,
    evaluation.HOLDING_STOPPER, evaluation.HOLDING_HALF_STOPPER, evaluation.HOLDING_LENGTH))
"""Per holding (13-bit suit mask, bit 12 = ace), from the model's tables: HCP, honours,
controls, losers, quick tricks doubled, stopper, half stopper, length."""
_BALANCED = {(3, 3, 3, 4), (2, 3, 4, 4), (2, 3, 3, 5)}
_SEMI_BALANCED = _BALANCED | {(2, 2, 4, 5), (2, 2, 3, 6)}


class HandFacts:
    """Every figure a hand type can ask about, computed once per hand (suits indexed C=0..S=3)."""

    __slots__ = ("hand", "hcp", "points", "length", "honours", "suit_controls", "controls",
                 "losers", "quick_tricks_doubled", "balanced", "semibalanced", "stopper",
                 "half_stopper", "rule_of_20", "rule_of_15", "max_length", "_support",
                 "_support_short_honours", "_suit_hcp")

    def __init__(self, hand: Hand) -> None:
        mask = hand.mask
        c, d, h, s = (SUIT_FIGURES[mask & 0x1FFF], SUIT_FIGURES[mask >> 13 & 0x1FFF],
                      SUIT_FIGURES[mask >> 26 & 0x1FFF], SUIT_FIGURES[mask >> 39 & 0x1FFF])
        length = (c[7], d[7], h[7], s[7])
        hcp = c[0] + d[0] + h[0] + s[0]
        pattern = sorted(length)
        self.hand = hand
        self.hcp = hcp
        self.length = length
        self.points = hcp + (pattern[3] - 4 if pattern[3] > 4 else 0) + \
            (pattern[2] - 4 if pattern[2] > 4 else 0)
        self.honours = (c[1], d[1], h[1], s[1])
        self.suit_controls = (c[2], d[2], h[2], s[2])
        self.controls = c[2] + d[2] + h[2] + s[2]
        self.losers = c[3] + d[3] + h[3] + s[3]
        self.quick_tricks_doubled = c[4] + d[4] + h[4] + s[4]
        shape = (pattern[0], pattern[1], pattern[2], pattern[3])
        self.balanced = shape in _BALANCED
        self.semibalanced = shape in _SEMI_BALANCED
        self.stopper = (c[5], d[5], h[5], s[5])
        self.half_stopper = (c[6], d[6], h[6], s[6])
        self.rule_of_20 = hcp + pattern[3] + pattern[2] >= 20
        self.rule_of_15 = hcp + length[3] >= 15
        self.max_length = pattern[3]
        self._suit_hcp = (c[0], d[0], h[0], s[0])
        self._support = None
        self._support_short_honours = None

    @property
    def support(self) -> tuple[int, int, int, int]:
        """Support points for each trump suit; few rules ask, so computed on first use."""
        if self._support is None:
            self._support = tuple(evaluation.support_points_of(self.hcp, self.length, trump)
                                  for trump in ALL_SUITS)
        return self._support

    @property
    def support_short_honours(self) -> tuple[int, int, int, int]:
        """Support points with a singleton king, queen or jack in a side suit counted as
        shortness only (its HCP taken off): such a card is a loser like a small singleton."""
        if self._support_short_honours is None:
            # With three or more trumps (the only case shortness counts) the trump suit is no
            # singleton, so every singleton honour below the ace is in a side suit.
            singleton_honours = sum(points for points, cards in zip(self._suit_hcp, self.length)
                                    if cards == 1 and points < 4)
            self._support_short_honours = tuple(
                points - singleton_honours if self.length[trump] >= 3 else points
                for trump, points in enumerate(self.support))
        return self._support_short_honours


_FACTS_CACHE: dict[int, HandFacts] = {}
_FACTS_CACHE_LIMIT = 50_000


def facts_of(hand: Hand) -> HandFacts:
    """The facts of `hand`, cached by card mask (hands recur across the four robots' turns)."""
    facts = _FACTS_CACHE.get(hand.mask)
    if facts is None:
        if len(_FACTS_CACHE) >= _FACTS_CACHE_LIMIT:
            _FACTS_CACHE.clear()
        facts = _FACTS_CACHE[hand.mask] = HandFacts(hand)
    return facts
