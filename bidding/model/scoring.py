"""Duplicate bridge scoring (Laws of Duplicate Bridge 2017, law 77) and the IMP scale.

The engine and the laboratory score here. Dealer scripts have their own `score()` and
`imps()` in `dealer.scoring`, because they must give the numbers Hans van Staveren's program
gives, on batches of deals: undoubled contracts only, and dealer's IMP table, which ends the
9- and 15-IMP bands at 410 and 1190 where the WBF scale below has 420 and 1290.
"""
from __future__ import annotations

import numbers
import operator
import re
from bisect import bisect_left
from dataclasses import dataclass

from bidding.model.calls import Strain
from bidding.model.cards import Seat
from bidding.model.errors import ScoringError

_DOUBLED_SUFFIX = ("", "X", "XX")


def _whole(value, low: int, high: int, what: str) -> int:
    """`value` as an int in low..high (numpy integers welcome), else a ScoringError."""
    try:
        number = operator.index(value)
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise ScoringError(f"{what} {value!r} must be a whole number from {low} to {high}")
    return number


def _check_contract(level, strain, doubled) -> tuple[int, int, int]:
    return (_whole(level, 1, 7, "contract level"),
            _whole(strain, 0, 4, "strain (0-4: C, D, H, S, NT)"),
            _whole(doubled, 0, 2, "doubled (0, 1 = X, 2 = XX)"))


def contract_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Score for declarer's side when declarer takes `tricks` (0-13) in the contract:
    positive when it makes, negative when it is defeated. `strain` is a Strain or 0-4,
    `doubled` 0, 1 (doubled) or 2 (redoubled). (dealer.scoring.contract_score is dealer's
    score(): the same numbers for undoubled contracts, on arrays of tricks.)"""
    level, strain, doubled = _check_contract(level, strain, doubled)
    tricks = _whole(tricks, 0, 13, "tricks")
    factor = 1 << doubled  # 1, 2 or 4
    over = tricks - 6 - level
    if over < 0:
        return -_undertrick_penalty(-over, doubled, vulnerable)

    per_trick = 20 if strain <= Strain.DIAMONDS else 30
    trick_score = (per_trick * level + (10 if strain == Strain.NOTRUMP else 0)) * factor
    if trick_score >= 100:
        score = trick_score + (500 if vulnerable else 300)
    else:
        score = trick_score + 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    if doubled:
        score += 50 * doubled  # "for the insult"
        score += over * (200 if vulnerable else 100) * doubled
    else:
        score += over * per_trick
    return score


def _undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:  # 100 for the first, 200 for the second and third, 300 for each after
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return penalty * doubled


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level 1-7, strain, doubled 0/1/2 (X, XX) and, if known, declarer.

    `str` gives `4SX` or, with a declarer, `4SX by N`; `Contract.parse` reads both."""

    level: int
    strain: Strain
    doubled: int = 0
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        level, strain, doubled = _check_contract(self.level, self.strain, self.doubled)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "strain", Strain(strain))
        object.__setattr__(self, "doubled", doubled)
        if self.declarer is not None:
            object.__setattr__(self, "declarer", Seat(_whole(self.declarer, 0, 3, "declarer")))

    _PATTERN = re.compile(
        r"^([1-7])\s*(NT|N|SA|C|D|H|S|♣|♦|♥|♠)\s*(XX|X|\*\*|\*)?(?:\s*(?:BY\s*)?([NESW]))?$")
    _STRAINS = {"C": 0, "D": 1, "H": 2, "S": 3, "N": 4, "NT": 4, "SA": 4,
                "♣": 0, "♦": 1, "♥": 2, "♠": 3}
    _DOUBLINGS = {None: 0, "X": 1, "*": 1, "XX": 2, "**": 2}

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """Read `4S`, `3NT`, `4SX`, `6NXX`, `2H*` (PBN doubling), optionally `by N` or a
        trailing seat letter (`4SXN`)."""
        match = cls._PATTERN.match(text.strip().upper())
        if not match:
            raise ScoringError(
                f"cannot read contract {text!r}: expected level 1-7, strain C D H S NT, "
                f"then X or XX if doubled, e.g. 4SX or 3NT by S")
        level, strain, doubling, declarer = match.groups()
        return cls(int(level), Strain(cls._STRAINS[strain]), cls._DOUBLINGS[doubling],
                   None if declarer is None else Seat.parse(declarer))

    def score(self, vulnerable: bool, tricks: int) -> int:
        """Declarer's score when declarer takes `tricks` tricks."""
        return contract_score(self.level, self.strain, self.doubled, vulnerable, tricks)

    def __str__(self) -> str:
        text = f"{self.level}{self.strain.letter}{_DOUBLED_SUFFIX[self.doubled]}"
        return text if self.declarer is None else f"{text} by {self.declarer.letter}"


# Largest score difference worth 0, 1, 2, ... 23 IMPs; more than 3990 is worth 24.
_IMP_UPPER_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890,
                     1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)


def imps(difference: int) -> int:
    """International Match Points for a score difference, with its sign (WBF scale).

    The scale's ranges (0-10, 20-40, 50-80, ...) are read by their upper ends, so a
    difference that is not a multiple of 10 (from averaged scores) takes the higher band:
    15 is 1 IMP, as in dealer's imps(). (dealer.scoring.imps is dealer's: its table differs
    from this one at 411-420 and 1191-1290.)"""
    if not isinstance(difference, numbers.Real):
        raise ScoringError(f"score difference {difference!r} must be a number")
    value = bisect_left(_IMP_UPPER_BOUNDS, abs(difference))
    return value if difference >= 0 else -value
