"""Shape lists (dealer's `4333 + any 5xxx - 5xx5` and Dellacherie's `shape{...}`) as sets of
the 560 suit-length patterns.

A pattern is written spades first, as bridge players do: (spades, hearts, diamonds, clubs).
Tables are indexed by `shape_code`, which reads the lengths in dealer's suit order (clubs
first), so that a deal's four suit lengths give the index directly.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

import numpy as np

from . import ast
from .errors import DealerSemanticError

Pattern = tuple[int, int, int, int]  # spades, hearts, diamonds, clubs

TABLE_SIZE = 14 ** 4

ALL_PATTERNS: tuple[Pattern, ...] = tuple(
    (s, h, d, 13 - s - h - d)
    for s in range(14) for h in range(14 - s) for d in range(14 - s - h))

_LETTER_POSITION = {"s": 0, "h": 1, "d": 2, "c": 3}
_WILDCARD_CHOICES = {"M": "sh", "m": "dc"}

ConditionFilter = Callable[[tuple[ast.Expr, ...], np.ndarray], np.ndarray]
"""Given conditions and an (n, 4) array of lengths (s, h, d, c), which rows meet them all."""


def shape_code(spades: int, hearts: int, diamonds: int, clubs: int) -> int:
    """Index of a pattern in a shape table: clubs + 14 diamonds + 196 hearts + 2744 spades."""
    return clubs + 14 * diamonds + 196 * hearts + 2744 * spades


def _error(message: str, where: ast.Where) -> DealerSemanticError:
    return DealerSemanticError(message, line=where.line, column=where.column)


def hvs_patterns(term: ast.HvsTerm) -> set[Pattern]:
    """The patterns of one dealer shape (`4333`, `any 5xxx`, `xx6x`), as dealer expands them."""
    known = sum(int(c) for c in term.pattern if c != "x")
    wildcards = term.pattern.count("x")
    if wildcards == 0 and known != 13:
        raise _error(f"shape {term.pattern} has {known} cards, not 13", term.where)
    if known > 13:
        raise _error(f"shape {term.pattern} has more than 13 cards", term.where)
    free = [i for i, c in enumerate(term.pattern) if c == "x"]
    fixed = [int(c) if c != "x" else 0 for c in term.pattern]
    result: set[Pattern] = set()
    for lengths in itertools.product(range(14 - known), repeat=wildcards):
        if sum(lengths) != 13 - known:
            continue
        pattern = list(fixed)
        for position, length in zip(free, lengths):
            pattern[position] = length
        if term.any:
            result.update(itertools.permutations(pattern))
        else:
            result.add(tuple(pattern))
    return result


def _resolve_wildcards(fixed: tuple[ast.SuitSpec, ...]) -> list[dict[int, frozenset[int]]]:
    """Every way to read M (a major) and m (a minor) as a suit distinct from the others."""
    options = [_WILDCARD_CHOICES.get(spec.suit, spec.suit) for spec in fixed]
    readings = []
    for letters in itertools.product(*options):
        if len(set(letters)) == len(letters):
            readings.append({_LETTER_POSITION[letter]: spec.lengths
                             for letter, spec in zip(letters, fixed)})
    return readings


def dpp_patterns(atom: ast.DppAtom, conditions: ConditionFilter) -> set[Pattern]:
    """The patterns of one Dellacherie shape, before its sign is applied."""
    if atom.ordered:
        if len(atom.ordered) != 4:
            raise _error("a shape needs four lengths (spades, hearts, diamonds, clubs)",
                         atom.where)
        readings = [{i: spec.lengths for i, spec in enumerate(atom.ordered)}]
    else:
        if len({spec.suit for spec in atom.fixed if spec.suit not in "Mm"}) != len(
                [spec for spec in atom.fixed if spec.suit not in "Mm"]):
            raise _error("a suit letter is repeated in this shape", atom.where)
        readings = _resolve_wildcards(atom.fixed)
        if not readings:
            raise _error("M and m must stand for suits not named elsewhere in the shape",
                         atom.where)
    result: set[Pattern] = set()
    group = atom.group or ()
    for fixed in readings:
        left = [i for i in range(4) if i not in fixed]
        if len(left) != len(group):
            if atom.group is None:
                raise _error(f"this shape says nothing about {len(left)} suit(s): add them in "
                             "parentheses, e.g. 5s(xxx)", atom.where)
            raise _error(f"the group in parentheses gives {len(group)} length(s) but "
                         f"{len(left)} suit(s) are left", atom.where)
        for order in set(itertools.permutations(range(len(group)))):
            allowed = dict(fixed)
            for suit_position, spec_index in zip(left, order):
                allowed[suit_position] = group[spec_index].lengths
            result.update(_product_of_13(allowed))
    if atom.conditions and result:
        ordered = sorted(result)
        keep = conditions(atom.conditions, np.array(ordered, dtype=np.int64))
        result = {pattern for pattern, kept in zip(ordered, keep) if kept}
    return result


def _product_of_13(allowed: dict[int, frozenset[int]]) -> Iterable[Pattern]:
    for spades in allowed[0]:
        for hearts in allowed[1]:
            for diamonds in allowed[2]:
                clubs = 13 - spades - hearts - diamonds
                if clubs in allowed[3]:
                    yield (spades, hearts, diamonds, clubs)


def spec_patterns(spec: ast.ShapeSpec, conditions: ConditionFilter) -> frozenset[Pattern]:
    """Apply a shape list term by term, as dealer does: `+` adds patterns, `-` removes them."""
    result: set[Pattern] = set()
    for term in spec.terms:
        if isinstance(term, ast.HvsTerm):
            patterns = hvs_patterns(term)
        else:
            patterns = dpp_patterns(term, conditions)
        if term.negative:
            result -= patterns
        else:
            result |= patterns
    return frozenset(result)


def patterns_table(patterns: Iterable[Pattern]) -> np.ndarray:
    """A boolean table over shape codes, true for the given patterns."""
    table = np.zeros(TABLE_SIZE, dtype=bool)
    for pattern in patterns:
        table[shape_code(*pattern)] = True
    return table


def describe_patterns(patterns: frozenset[Pattern]) -> str:
    """Short English for a set of patterns: `any 4333, 4432 or 5332`, `5431 or any 5440`...

    Exact patterns read spades first; a whole family of permutations reads `any 5431`.
    """
    if not patterns:
        return "no shape"
    if len(patterns) == len(ALL_PATTERNS):
        return "any shape"
    by_family: dict[tuple[int, ...], set[Pattern]] = {}
    for pattern in patterns:
        by_family.setdefault(tuple(sorted(pattern, reverse=True)), set()).add(pattern)
    families, exact = [], []
    for family in sorted(by_family):
        members = by_family[family]
        if len(members) == len(set(itertools.permutations(family))):
            families.append("".join(map(str, family)))
        else:
            exact.extend("".join(map(str, p)) for p in sorted(members, reverse=True))
    if len(families) + len(exact) > 8:
        return f"one of {len(patterns)} shapes"
    if not exact:
        return "any " + _english_list(families)
    return _english_list(exact + [f"any {family}" for family in families])


def _english_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
