"""The picture of a hand that an auction gives: one range per dimension (HCP, points, each
suit's length, balanced, a stopper in each suit, aces, kings, support points for partner's
suit), narrowed by what each call promises and by what it denies.

Support points are their own dimension: a raise's 10-12 counts as 10 for partner's total
points, but not for his support points, which count his own shortness already.

A picture is a flat tuple of (low, high) ranges, so that intersecting, normalising and
denying are a few comparisons (thousands of pictures are made per second). Yes/no facts are
ranges over 0-1: balanced (1, 1), unbalanced (0, 0), unknown (0, 1).

Denials by priority: a call denies the earlier rules of its rule set, since the hand would
have made the first one it fitted. The negation of an earlier rule's conjunction of ranges is
itself a range only when that rule differs from what is already known in exactly one
dimension (and its range there is not strictly inside the known one); that sound case is the
one kept. A rule whose tests the ranges do not capture (honours, losers, a `condition` that is
more than bounds...) denies nothing.
"""
from __future__ import annotations

from dealer import ast
from bidding.engine.handfacts import MAX_HCP
from bidding.model.cards import SUIT_NAMES

HCP, POINTS, LENGTH, BALANCED, STOPPER, ACES, KINGS, SUPPORT = 0, 1, 2, 6, 7, 11, 12, 13
DIMENSIONS = 14
MAX_POINTS = MAX_HCP + 18           # HCP plus one per card beyond four in the two longest
UNKNOWN_PICTURE: tuple[tuple[int, int], ...] = (
    (0, MAX_HCP), (0, MAX_POINTS)) + ((0, 13),) * 4 + ((0, 1),) + ((0, 1),) * 4 + ((0, 4),) * 2 \
    + ((0, MAX_POINTS),)

Term = tuple[int, int, int]         # (dimension, low, high): one range a rule requires


def terms_of(picture) -> tuple[Term, ...]:
    """The dimensions where `picture` says something, as terms."""
    return tuple([(dim, low, high) for dim, (low, high) in enumerate(picture)
                  if (low, high) != UNKNOWN_PICTURE[dim]])


def intersected(picture, terms) -> tuple[tuple[int, int], ...]:
    """`picture` narrowed by `terms`; where they contradict, the term (the newer call) wins."""
    dims = list(picture)
    for dim, low, high in terms:
        old_low, old_high = dims[dim]
        new_low, new_high = max(old_low, low), min(old_high, high)
        dims[dim] = (low, high) if new_low > new_high else (new_low, new_high)
    return normalised(dims)


def normalised(dims: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """What the ranges imply of each other: a balanced hand has 2-5 cards in each suit, a
    suit holds at least what the others leave of thirteen cards, points are never below HCP,
    and never below the HCP floor plus one per card beyond four in each suit shown (a
    five-card suit and 10 HCP are 11 points: partner's `combined count="points"` then counts
    the length he was shown, as his own points count his). (Maxima from the others' minima
    are left out: "at most 9 clubs" says nothing.) Never makes a range empty."""
    if dims[BALANCED] == (1, 1):
        for dim in range(LENGTH, LENGTH + 4):
            _narrow(dims, dim, 2, 5)
    highs = [dims[LENGTH + s][1] for s in range(4)]
    high_sum = sum(highs)
    if high_sum < 52:       # the other suits hold at most so many: this one the rest
        for suit in range(4):
            _narrow(dims, LENGTH + suit, 13 - (high_sum - highs[suit]), 13)
    for points in (POINTS, SUPPORT):
        _narrow(dims, points, dims[HCP][0], MAX_POINTS)
        _narrow(dims, HCP, 0, dims[points][1])
    length = sum(max(0, dims[LENGTH + suit][0] - 4) for suit in range(4))
    _narrow(dims, POINTS, dims[HCP][0] + length, MAX_POINTS)
    return tuple(dims)


def _narrow(dims: list[tuple[int, int]], dim: int, low: int, high: int) -> None:
    old_low, old_high = dims[dim]
    new_low, new_high = max(old_low, low), min(old_high, high)
    if new_low <= new_high:
        dims[dim] = (new_low, new_high)


def denial(picture, terms) -> Term | None:
    """The range a hand with `picture` must have for NOT fitting a rule requiring `terms`,
    when that is one range: the rule differs from the picture in exactly one dimension.
    The range is the negation alone ("at most 21 HCP"); intersect it with the picture."""
    differing = None
    for dim, low, high in terms:
        known_low, known_high = picture[dim]
        if low <= known_low and known_high <= high:
            continue                        # already implied
        if high < known_low or low > known_high:
            return None                     # the rule could not fit anyway
        if differing is not None:
            return None                     # two dimensions: no range
        if low <= known_low:
            differing = (dim, high + 1, UNKNOWN_PICTURE[dim][1])
        elif high >= known_high:
            differing = (dim, 0, low - 1)
        else:
            return None                     # a range inside the known one: two pieces left
    return differing


def deny(picture, rules: list[tuple[object, tuple[Term, ...]]]):
    """`picture` after denying each rule (a label and the terms of one exact hand type),
    repeated while one denial makes another a single range; also the (label, denial) pairs
    found, in order."""
    found: list[tuple[object, Term]] = []
    pending = list(rules)
    changed = True
    while changed and pending:
        changed = False
        for rule in list(pending):
            term = denial(picture, rule[1])
            if term is not None:
                picture = intersected(picture, (term,))
                found.append((rule[0], term))
                pending.remove(rule)
                changed = True
    return picture, tuple(found)


def term_text(term: Term) -> str:
    """'at most 3 hearts', '15+ HCP', 'unbalanced', 'no stopper in clubs', '1 ace'."""
    dim, low, high = term
    if dim == BALANCED:
        return "balanced" if low else "unbalanced"
    if STOPPER <= dim < STOPPER + 4:
        return f"{'' if low else 'no '}stopper in {SUIT_NAMES[dim - STOPPER]}"
    unit, top = {HCP: ("HCP", MAX_HCP), POINTS: ("points", MAX_POINTS),
                 SUPPORT: ("support points", MAX_POINTS),
                 ACES: ("aces", 4), KINGS: ("kings", 4)}.get(
        dim, (SUIT_NAMES[dim - LENGTH] if LENGTH <= dim < LENGTH + 4 else "", 13))
    if low == high == 1 and dim in (ACES, KINGS):
        unit = unit[:-1]
    if low == high:
        return f"{low} {unit}"
    if high >= top:
        return f"{low}+ {unit}"
    if low <= 0:
        return f"at most {high} {unit}"
    return f"{low}-{high} {unit}"


# --- bounds from dealer conditions ---------------------------------------------------------
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
_COUNTS = {"hcp": HCP, "pt4": ACES, "pt3": KINGS}


def condition_terms(expr) -> tuple[tuple[Term, ...], bool]:
    """Bounds a dealer expression about one hand states in its top-level `and` chain
    (`hcp >= 12 and spades >= 5`, `aces == 1`), and whether they are all it says."""
    terms: list[Term] = []
    exact = True
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Chain) and node.ops[0] == "&&":
            pending += reversed(node.operands)
            continue
        term = _comparison_term(node)
        if term is None:
            exact = False
        else:
            terms.append(term)
    return tuple(terms), exact


def _comparison_term(node) -> Term | None:
    if not (isinstance(node, ast.Chain) and len(node.ops) == 1 and node.ops[0] in _FLIPPED):
        return None
    (left, right), op = node.operands, node.ops[0]
    if isinstance(left, ast.Number):
        left, op, right = right, _FLIPPED[op], left
    if not isinstance(right, ast.Number):
        return None
    if isinstance(left, ast.SuitLength) and left.seat is None:
        dim, top = LENGTH + left.suit, 13
    elif isinstance(left, ast.Count) and left.suit is None and left.kind in _COUNTS \
            and left.seat is None:
        dim = _COUNTS[left.kind]
        top = UNKNOWN_PICTURE[dim][1]
    else:
        return None
    value = right.value
    low, high = {"==": (value, value), ">=": (value, top), ">": (value + 1, top),
                 "<=": (0, value), "<": (0, value - 1)}[op]
    low, high = max(low, 0), min(high, top)
    return (dim, low, high) if low <= high else None
