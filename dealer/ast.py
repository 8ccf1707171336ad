"""Typed syntax tree of a dealer script, built once by the grammar's parse actions.

Seats are 0..3 (north, east, south, west), suits 0..3 (clubs, diamonds, hearts, spades,
dealer's order) and strains 0..4 (4 = notrump). A seat of None means the compass was left
out, which only a hand condition (one hand, no compass) accepts.

Every node keeps where it was written (`where`, excluded from equality) so that later
stages can point at the source in their messages.

Expressions nest at most MAX_DEPTH levels (`depth`), which keeps the compiler and the
evaluators (recursive, one or two Python frames a level) far from Python's recursion limit.
Parentheses add no level, and a chain of operators of one precedence level (`a + b - c`,
`a || b || c`) is one node whatever its length, so only real nesting counts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Where:
    """Line and column (1-based) of a node, the text it was written as, and its offsets."""

    line: int = 0
    column: int = 0
    text: str = ""
    start: int = 0
    end: int = 0


NOWHERE = Where()


def _where() -> Where:
    return field(default=NOWHERE, compare=False, repr=False)


# ---------------------------------------------------------------------------------------
# Expressions

@dataclass(frozen=True)
class Number:
    value: int
    where: Where = _where()


@dataclass(frozen=True)
class Reference:
    """A name: a definition (`x = ...`), or a suit length s/h/d/c inside shape{} conditions."""

    name: str
    where: Where = _where()


@dataclass(frozen=True)
class Unary:
    op: str  # "-" or "!"
    operand: "Expr"
    where: Where = _where()


@dataclass(frozen=True)
class Chain:
    """Operands joined left to right by operators of one precedence level: `a + b - c` is
    ((a + b) - c), `a && b && c` stops at the first false operand.

    ops holds one operator fewer than operands, all of one level: `||`, `&&`, `== !=`,
    `< <= > >=`, `+ -` or `* / %`.
    """

    ops: tuple[str, ...]
    operands: tuple["Expr", ...]
    where: Where = _where()


@dataclass(frozen=True)
class Conditional:
    test: "Expr"
    if_true: "Expr"
    if_false: "Expr"
    where: Where = _where()


@dataclass(frozen=True)
class SuitLength:
    seat: int | None
    suit: int
    where: Where = _where()


COUNT_KINDS = ("hcp", "control", "loser", "ltc") + tuple(f"pt{i}" for i in range(10))


@dataclass(frozen=True)
class Count:
    """A per-hand count, over the whole hand (suit None) or one suit.

    kind is one of COUNT_KINDS: hcp, control, loser, ltc, pt0..pt9 (tens..c13).
    """

    kind: str
    seat: int | None
    suit: int | None
    where: Where = _where()


@dataclass(frozen=True)
class Cccc:
    seat: int | None
    where: Where = _where()


@dataclass(frozen=True)
class Quality:
    seat: int | None
    suit: int
    where: Where = _where()


@dataclass(frozen=True)
class HasCard:
    seat: int | None
    card: int  # suit * 13 + rank
    where: Where = _where()


@dataclass(frozen=True)
class ShapeTest:
    seat: int | None
    spec: "ShapeSpec"
    where: Where = _where()


@dataclass(frozen=True)
class Tricks:
    """Double-dummy tricks for `seat` as declarer in `strain`."""

    seat: int | None
    strain: int
    where: Where = _where()


@dataclass(frozen=True)
class Par:
    """Dealer v2's par(side): the deal's double-dummy par score for that side, at the
    script's `vulnerable` (none by default) with its `dealer` (north by default)."""

    side: str
    where: Where = _where()


DOUBLE_DUMMY = (Tricks, Par)
"""Terms that solve the deal double dummy."""


@dataclass(frozen=True)
class Score:
    """score(vul, contract, tricks); `doubled` 1 or 2 for Dealer v2's z4Hx, z4Hxx."""

    vulnerable: bool
    level: int
    strain: int
    tricks: "Expr"
    where: Where = _where()
    doubled: int = 0


@dataclass(frozen=True)
class Imps:
    difference: "Expr"
    where: Where = _where()


@dataclass(frozen=True)
class Rnd:
    """A random integer in [0, limit)."""

    limit: "Expr"
    where: Where = _where()


Expr = Union[Number, Reference, Unary, Chain, Conditional, SuitLength, Count, Cccc, Quality,
             HasCard, ShapeTest, Tricks, Par, Score, Imps, Rnd]


# ---------------------------------------------------------------------------------------
# Shapes

@dataclass(frozen=True)
class HvsTerm:
    """One term of Hans van Staveren's shape list: `+ any 4333`, `- 5xxx`.

    pattern holds four characters, spades first: digits or x.
    """

    negative: bool
    any: bool
    pattern: str
    where: Where = _where()


@dataclass(frozen=True)
class SuitSpec:
    """One length of a Dellacherie shape: the lengths it allows, and which suit it is for.

    suit is "s", "h", "d", "c", "M" (a major), "m" (a minor) or "" (by position).
    """

    lengths: frozenset[int]
    suit: str = ""


@dataclass(frozen=True)
class DppAtom:
    """One Dellacherie shape: `5+xx5+`, `(4432)`, `5s(431)`, `4+s4+h(xx):d>c,h+s==10`.

    Either `ordered` holds four specs by position (spades first), or `fixed` holds specs with
    suit letters and `group` the lengths of the remaining suits in any order. Every condition
    must hold (they read the lengths as s, h, d, c).
    """

    ordered: tuple[SuitSpec, ...] = ()
    fixed: tuple[SuitSpec, ...] = ()
    group: tuple[SuitSpec, ...] | None = None
    conditions: tuple[Expr, ...] = ()
    negative: bool = False
    where: Where = _where()


@dataclass(frozen=True)
class ShapeSpec:
    """A shape list, applied term by term: `+` adds patterns, `-` removes them."""

    terms: tuple[HvsTerm | DppAtom, ...]
    dellacherie: bool = False
    where: Where = _where()


# ---------------------------------------------------------------------------------------
# Actions

@dataclass(frozen=True)
class PrintAll:
    where: Where = _where()


@dataclass(frozen=True)
class PrintSide:
    """printew, and Dealer v2's printns and printside(NS|EW): one side's two hands."""

    side: str = "EW"
    where: Where = _where()


@dataclass(frozen=True)
class PrintPBN:
    where: Where = _where()


@dataclass(frozen=True)
class PrintCompact:
    expr: Expr | None = None
    where: Where = _where()


@dataclass(frozen=True)
class PrintOneLine:
    expr: Expr | None = None
    where: Where = _where()


@dataclass(frozen=True)
class PrintES:
    """printes: strings printed as written, expressions as integers."""

    items: tuple[Expr | str, ...]
    where: Where = _where()


@dataclass(frozen=True)
class PrintHands:
    """print(seats): every produced hand of these seats, one page per seat, at the end."""

    seats: tuple[int, ...]
    where: Where = _where()


@dataclass(frozen=True)
class Average:
    label: str | None
    expr: Expr
    where: Where = _where()


@dataclass(frozen=True)
class Frequency:
    """frequency, or Dealer v2's bktfreq: counts in buckets of `size` values from `low`."""

    label: str | None
    expr: Expr
    low: int
    high: int
    where: Where = _where()
    size: int = 1

    @property
    def buckets(self) -> int:
        return bucket_count(self.low, self.high, self.size)


@dataclass(frozen=True)
class Frequency2D:
    """frequency's 2-D form, or Dealer v2's bktfreq (`bktfreq` True) with buckets of `size`
    and `size2` values."""

    label: str | None
    expr: Expr
    low: int
    high: int
    expr2: Expr
    low2: int
    high2: int
    where: Where = _where()
    size: int = 1
    size2: int = 1
    bktfreq: bool = False

    @property
    def buckets(self) -> int:
        return bucket_count(self.low, self.high, self.size)

    @property
    def buckets2(self) -> int:
        return bucket_count(self.low2, self.high2, self.size2)


def bucket_count(low: int, high: int, size: int) -> int:
    """Buckets of `size` values from `low` that reach `high` (the last may pass it)."""
    return (high - low) // size + 1


@dataclass(frozen=True)
class EvalContract:
    """Bare `evalcontract` (ours: dealer v1 aborts on it): North's and South's double-dummy
    tricks in every strain, tallied."""

    where: Where = _where()


@dataclass(frozen=True)
class ContractReport:
    """Dealer v2's evalcontract(side, contract, vul): the side's mean score in the contract
    over the produced deals (South declares for NS, West for EW), how often it made, and the
    games and slams it missed."""

    side: str
    level: int
    strain: int
    doubled: int
    vulnerable: bool
    where: Where = _where()

    @property
    def declarer(self) -> int:
        return 2 if self.side == "NS" else 3


@dataclass(frozen=True)
class Export:
    """Dealer v2's export(side|compass): the hands as the -N/-E/-S/-W switches that predeal
    them again, a line per deal, to -X's file (standard output without it)."""

    seats: tuple[int, ...]
    where: Where = _where()


@dataclass(frozen=True)
class DealItem:
    """`deal` inside csvrpt: the four hands, `n ... e ... s ... w ... `."""

    where: Where = _where()


@dataclass(frozen=True)
class HandItem:
    """A compass inside csvrpt: that hand, `n AKJ3.KJ943.T76.J`."""

    seat: int
    where: Where = _where()


@dataclass(frozen=True)
class SideItem:
    """NS or EW inside csvrpt: that side's two hands, `n ... s ... `."""

    side: str
    where: Where = _where()


@dataclass(frozen=True)
class TrixItem:
    """trix(compass) inside csvrpt: that seat's double-dummy tricks in C D H S NT;
    trix(deal) (`seat` None): all 20, seats N E S W."""

    seat: int | None
    where: Where = _where()


CSV_HANDS_AND_TRICKS = (DealItem, HandItem, SideItem, TrixItem)


@dataclass(frozen=True)
class CsvReport:
    """csvrpt(...) from Dealer v2: one comma-separated line per produced deal, to -C's file;
    printrpt(...) (`to_screen`) is the same line on standard output."""

    items: tuple[Expr | str | DealItem | HandItem | SideItem | TrixItem, ...]
    where: Where = _where()
    to_screen: bool = False


Action = Union[PrintAll, PrintSide, PrintPBN, PrintCompact, PrintOneLine, PrintES, PrintHands,
               Average, Frequency, Frequency2D, EvalContract, ContractReport, CsvReport, Export]

PER_DEAL_PRINTS = (PrintAll, PrintSide, PrintPBN, PrintCompact, PrintOneLine, PrintES, PrintHands,
                   EvalContract, ContractReport, CsvReport, Export)
"""Actions that make dealer default `produce` to 40 (its `will_print`)."""


# ---------------------------------------------------------------------------------------
# Statements

@dataclass(frozen=True)
class Generate:
    count: int
    where: Where = _where()


@dataclass(frozen=True)
class Produce:
    count: int
    where: Where = _where()


@dataclass(frozen=True)
class DealerSeat:
    seat: int
    where: Where = _where()


@dataclass(frozen=True)
class Vulnerable:
    """none, NS, EW or all (dealer's PBN names: None, NS, EW, All)."""

    which: str
    where: Where = _where()


@dataclass(frozen=True)
class PredealCards:
    seat: int
    cards: tuple[int, ...]
    where: Where = _where()


@dataclass(frozen=True)
class PredealLength:
    """`spades(north) == 1`: deal exactly this many cards of the suit to the seat."""

    seat: int
    suit: int
    length: int
    where: Where = _where()


@dataclass(frozen=True)
class PointCount:
    """Values from the ace down; missing ones count 0."""

    values: tuple[int, ...]
    where: Where = _where()


@dataclass(frozen=True)
class AltCount:
    index: int
    values: tuple[int, ...]
    where: Where = _where()


@dataclass(frozen=True)
class Condition:
    expr: Expr
    where: Where = _where()


@dataclass(frozen=True)
class ActionList:
    actions: tuple[Action, ...]
    where: Where = _where()


@dataclass(frozen=True)
class Definition:
    name: str
    expr: Expr
    where: Where = _where()


@dataclass(frozen=True)
class Title:
    text: str
    where: Where = _where()


@dataclass(frozen=True)
class Seed:
    """Dealer v2's `seed N`: the run's seed unless -s gives one; 0 means a fresh one."""

    value: int
    where: Where = _where()


Statement = Union[Generate, Produce, DealerSeat, Vulnerable, PredealCards, PredealLength,
                  PointCount, AltCount, Condition, ActionList, Definition, Title, Seed]


@dataclass(frozen=True)
class Script:
    statements: tuple[Statement, ...]
    source: str = "<input>"
    text: str = field(default="", compare=False, repr=False)


MAX_DEPTH = 200
"""How deeply an expression may nest, definitions it uses included (see the module's doc)."""


def depth(expr: Expr, reference_depth=lambda name: 0) -> int:
    """Levels of nesting of an expression: 1 for a leaf; a reference counts as deep as
    `reference_depth(name)` says (its definition's depth), and a shape as deep as its
    Dellacherie conditions. Iterative, so that any tree can be measured."""
    deepest = 0
    pending = [(expr, 1)]
    while pending:
        node, level = pending.pop()
        if isinstance(node, Reference):
            level += reference_depth(node.name) or 0
        deepest = max(deepest, level)
        inner = children(node)
        if isinstance(node, ShapeTest):
            inner = tuple(condition for term in node.spec.terms
                          if isinstance(term, DppAtom) for condition in term.conditions)
        pending.extend((child, level + 1) for child in inner)
    return deepest


def children(node) -> tuple:
    """The sub-expressions of an expression node, for generic walks."""
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Chain):
        return node.operands
    if isinstance(node, Conditional):
        return (node.test, node.if_true, node.if_false)
    if isinstance(node, Score):
        return (node.tricks,)
    if isinstance(node, Imps):
        return (node.difference,)
    if isinstance(node, Rnd):
        return (node.limit,)
    return ()
