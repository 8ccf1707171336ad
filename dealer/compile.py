"""Compile dealer expressions once into fast evaluators. Two backends share one AST:

* vectorised: `compile_expression` gives a callable on a `DealFeatures` batch returning one
  value per deal (int64 or bool). `&&`, `||` and `?:` short-circuit by evaluating their
  right side only on the rows that still need it, so a division by zero or a double-dummy
  solve on the right of a false `&&` never happens. Arithmetic is C's (`-7/2 == -3`,
  `-7%3 == -1`).
* scalar: `compile_hand_condition` gives a predicate on one `bidding.model.cards.Hand`, made of
  plain closures over the hand's 52-bit mask (a few microseconds a call), for the bidding
  robots. Its expressions leave out the compass: `hcp >= 15 and shape{(4333)+(4432)}`.
"""
from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from bidding.model.cards import SUIT_NAMES

from . import ast
from . import shapes
from .errors import DealerRuntimeError, DealerSemanticError
from .features import DEFAULT_TABLES, DealFeatures, PointTables, suit_table
from .grammar import parse_expression
from .scoring import contract_score, imps


def _semantic(message: str, where: ast.Where) -> DealerSemanticError:
    return DealerSemanticError(message, line=where.line, column=where.column)


def _runtime(message: str, where: ast.Where, source: str) -> DealerRuntimeError:
    return DealerRuntimeError(f"{source}:{where.line}:{where.column}: {message} in "
                              f"`{where.text}`")


# ---------------------------------------------------------------------------------------
# C integer arithmetic and bridge formulas, shared by both backends

def c_divide(a, b):
    """C division, truncating toward zero, for ints or int64 arrays."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (a - np.fmod(a, b)) // b
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def c_remainder(a, b):
    """C remainder, with the sign of the dividend."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.fmod(a, b)
    return a - b * c_divide(a, b)


# ---------------------------------------------------------------------------------------
# Walking the tree

def walk(expr: ast.Expr, definitions: Mapping[str, ast.Expr] = {}):
    """Every node of the expression in written order, each definition it uses followed
    once (iterative, so that neither deep nor shared definitions cost more than once)."""
    pending = [expr]
    followed: set[str] = set()
    while pending:
        node = pending.pop()
        yield node
        inner = ast.children(node)
        if isinstance(node, ast.Reference) and node.name in definitions \
                and node.name not in followed:
            followed.add(node.name)
            inner = (definitions[node.name],)
        pending.extend(reversed(inner))


def seats_of(expr: ast.Expr, definitions: Mapping[str, ast.Expr] = {}) -> frozenset[int]:
    return frozenset(node.seat for node in walk(expr, definitions)
                     if getattr(node, "seat", None) is not None)


def is_single_hand(expr: ast.Expr, definitions: Mapping[str, ast.Expr] = {}) -> bool:
    """True when the expression looks at one hand only: no double dummy, no randomness."""
    return not any(isinstance(node, (*ast.DOUBLE_DUMMY, ast.Rnd))
                   for node in walk(expr, definitions))


def conjuncts(expr: ast.Expr, definitions: Mapping[str, ast.Expr]) -> list[ast.Expr]:
    """The terms of a top-level chain of `&&`, definitions followed."""
    while isinstance(expr, ast.Reference) and expr.name in definitions:
        expr = definitions[expr.name]
    if _is_chain_of(expr, "&&"):
        return [term for operand in expr.operands for term in conjuncts(operand, definitions)]
    return [expr]


def _is_chain_of(expr: ast.Expr, op: str) -> bool:
    return isinstance(expr, ast.Chain) and expr.ops[0] == op


# ---------------------------------------------------------------------------------------
# Vectorised backend

Evaluator = Callable[[DealFeatures], np.ndarray]


@dataclass(frozen=True)
class _Node:
    """A compiled sub-expression: how to run it, its result kind, its value if constant."""

    run: Evaluator
    is_bool: bool = False
    constant: int | None = None


def int64(value: int) -> int:
    """The value wrapped to a signed 64-bit integer, as the batches compute it."""
    return (int(value) + 2 ** 63) % 2 ** 64 - 2 ** 63


def _constant(value: int) -> _Node:
    value = int64(value)
    return _Node(lambda f: np.full(f.size, value, dtype=np.int64), constant=value)


def _as_int(values: np.ndarray) -> np.ndarray:
    return values.astype(np.int64) if values.dtype == bool else values


def _truth(values: np.ndarray) -> np.ndarray:
    return values if values.dtype == bool else values != 0


def _operand(node: _Node):
    """The node's values as an int64 array, or its constant as a plain int."""
    if node.constant is not None:
        return lambda f: node.constant
    if node.is_bool:
        return lambda f: node.run(f).astype(np.int64)
    return node.run


_ARITHMETIC = {"+": np.add, "-": np.subtract, "*": np.multiply}
_COMPARISON = {"==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
               ">": np.greater, ">=": np.greater_equal}
_PYTHON_OPS = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b), ">=": lambda a, b: int(a >= b),
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
}


def _division(expr: ast.Chain, op: str, divisor: int | None):
    """C's `/` or `%` for a step of the chain, refused when the divisor is a constant 0."""
    if divisor == 0:
        raise _semantic(f"division by zero in `{expr.where.text}`", expr.where)
    return c_divide if op == "/" else c_remainder


def _fold(expr: ast.Chain, op: str, a: int, b: int) -> int:
    """The value of a binary operator on two constants (C semantics, 64-bit values)."""
    if op in ("/", "%"):
        return int64(_division(expr, op, b)(a, b))
    return int64(_PYTHON_OPS[op](a, b))


def _fold_leading_constants(expr: ast.Chain, constants: list[int | None]):
    """(the value of the chain's constant start or None, the remaining (operator, operand
    index) steps): `2 * 3 * x` starts from 6; `x * 2 * 3` folds nothing, as C reads it
    ((x * 2) * 3)."""
    value = constants[0]
    index = 1
    while value is not None and index < len(constants) and constants[index] is not None:
        value = _fold(expr, expr.ops[index - 1], value, constants[index])
        index += 1
    return value, [(expr.ops[i - 1], i) for i in range(index, len(constants))]


class VectorCompiler:
    """Turns an AST into evaluators over batches; definitions compile once and are cached
    per batch (except those drawing random numbers, which dealer re-evaluates each time)."""

    def __init__(self, definitions: Mapping[str, ast.Expr], source: str, *,
                 tricks: Callable | None = None, variables: frozenset[str] = frozenset(),
                 par_board: tuple[int, int] = (0, 0)):
        self.definitions = definitions
        self.source = source
        self.tricks_function = tricks
        self.par_board = par_board
        """(dealer seat, vulnerability in dealer's order) for par(side)"""
        self.variables = variables
        self._compiled_definitions: dict[str, _Node] = {}
        self._shape_tables: dict[ast.ShapeSpec, np.ndarray] = {}

    def compile(self, expr: ast.Expr) -> _Node:
        method = getattr(self, "_" + type(expr).__name__)
        return method(expr)

    def _seat(self, node) -> int:
        if node.seat is None:
            raise _semantic(f"`{node.where.text}` needs a compass here, as in "
                            f"{_with_compass_example(node)}", node.where)
        return node.seat

    # ----- leaves
    def _Number(self, expr: ast.Number) -> _Node:
        return _constant(expr.value)

    def _Reference(self, expr: ast.Reference) -> _Node:
        if expr.name in self.variables:
            key = ("variable", expr.name)
            return _Node(lambda f: f.cached(key, None))
        if expr.name not in self.definitions:
            raise _semantic(f"unknown identifier `{expr.name}`", expr.where)
        compiled = self._compiled_definitions.get(expr.name)
        if compiled is None:
            body = self.definitions[expr.name]
            inner = self.compile(body)
            if inner.constant is not None or any(
                    isinstance(n, ast.Rnd) for n in walk(body, self.definitions)):
                compiled = inner
            else:
                key = ("definition", expr.name, id(self))
                run = inner.run
                compiled = _Node(lambda f: f.cached(key, lambda: run(f)), inner.is_bool)
            self._compiled_definitions[expr.name] = compiled
        return compiled

    def _SuitLength(self, expr: ast.SuitLength) -> _Node:
        seat, suit = self._seat(expr), expr.suit
        return _Node(lambda f: f.length(seat, suit))

    def _Count(self, expr: ast.Count) -> _Node:
        seat, kind, suit = self._seat(expr), expr.kind, expr.suit
        return _Node(lambda f: f.count(kind, seat, suit))

    def _Cccc(self, expr: ast.Cccc) -> _Node:
        seat = self._seat(expr)
        return _Node(lambda f: f.cccc(seat))

    def _Quality(self, expr: ast.Quality) -> _Node:
        seat, suit = self._seat(expr), expr.suit
        return _Node(lambda f: f.quality(seat, suit))

    def _HasCard(self, expr: ast.HasCard) -> _Node:
        seat, card = self._seat(expr), expr.card
        return _Node(lambda f: f.has_card(seat, card), is_bool=True)

    def _ShapeTest(self, expr: ast.ShapeTest) -> _Node:
        seat = self._seat(expr)
        table = self.shape_table(expr.spec)
        return _Node(lambda f: table[f.shape_code(seat)], is_bool=True)

    def shape_table(self, spec: ast.ShapeSpec) -> np.ndarray:
        table = self._shape_tables.get(spec)
        if table is None:
            table = shapes.patterns_table(self.shape_patterns(spec))
            self._shape_tables[spec] = table
        return table

    def shape_patterns(self, spec: ast.ShapeSpec) -> frozenset:
        return shapes.spec_patterns(spec, self._shape_conditions)

    def _shape_conditions(self, conditions, lengths: np.ndarray) -> np.ndarray:
        """Evaluate shape{} conditions on rows of (s, h, d, c) lengths."""
        compiler = VectorCompiler({}, self.source, variables=frozenset("shdc"))
        features = DealFeatures(size=len(lengths), values={
            ("variable", name): column for name, column in zip("shdc", lengths.T)})
        keep = np.ones(len(lengths), dtype=bool)
        for condition in conditions:
            keep &= _truth(compiler.compile(condition).run(features))
        return keep

    def _Tricks(self, expr: ast.Tricks) -> _Node:
        seat, strain = self._seat(expr), expr.strain
        chosen = self.tricks_function

        def run(f: DealFeatures) -> np.ndarray:
            if f.owners is None:
                raise _runtime("tricks() needs the whole deal", expr.where, self.source)
            if chosen is None:
                from .dd import tricks_of
                return tricks_of(f.owners, seat, strain)
            return np.array([chosen(row, seat, strain) for row in f.owners], dtype=np.int64)
        return _Node(run)

    def _Par(self, expr: ast.Par) -> _Node:
        dealer_seat, vulnerability = self.par_board
        sign = 1 if expr.side == "NS" else -1

        def run(f: DealFeatures) -> np.ndarray:
            if f.owners is None:
                raise _runtime("par() needs the whole deal", expr.where, self.source)
            from .dd import par_of
            return sign * par_of(f.owners, dealer_seat, vulnerability)
        return _Node(run)

    # ----- operators
    def _Unary(self, expr: ast.Unary) -> _Node:
        operand = self.compile(expr.operand)
        if expr.op == "!":
            if operand.constant is not None:
                return _constant(not operand.constant)
            run = operand.run
            return _Node(lambda f: ~_truth(run(f)), is_bool=True)
        if operand.constant is not None:
            return _constant(-operand.constant)
        value = _operand(operand)
        return _Node(lambda f: -value(f))

    def _Chain(self, expr: ast.Chain) -> _Node:
        operands = [self.compile(operand) for operand in expr.operands]
        if expr.ops[0] in ("&&", "||"):
            return self._logical(expr.ops[0], operands)
        first, steps = _fold_leading_constants(expr, [o.constant for o in operands])
        if not steps:
            return _constant(first)
        start = (_operand(operands[0]) if first is None else (lambda f: first))
        functions = [self._step(expr, op, _operand(operands[index]),
                                operands[index].constant) for op, index in steps]
        is_bool = expr.ops[-1] in _COMPARISON

        def run(f: DealFeatures) -> np.ndarray:
            value = start(f)
            for function in functions:
                value = function(value, f)
            return value
        return _Node(run, is_bool)

    def _step(self, expr: ast.Chain, op: str, operand, constant: int | None):
        """One operator of a chain: (value so far, batch) -> the new value."""
        if op in _ARITHMETIC:
            function = _ARITHMETIC[op]
            return lambda value, f: function(value, operand(f))
        if op in _COMPARISON:
            function = _COMPARISON[op]
            return lambda value, f: function(value, operand(f))
        function = _division(expr, op, constant)
        source = self.source

        def divide(value, f: DealFeatures) -> np.ndarray:
            divisor = operand(f)
            if constant is None and not np.all(divisor):
                raise _runtime("division by zero", expr.where, source)
            return function(np.asarray(value, dtype=np.int64), divisor)
        return divide

    def _logical(self, op: str, operands: list[_Node]) -> _Node:
        """`&&` and `||` over a chain, each operand evaluated only on the rows the ones
        before it left undecided."""
        deciding = op == "||"  # the value that decides the result alone
        runs = []
        decided_by_constant = False
        for operand in operands:
            if operand.constant is None:
                runs.append(operand.run)
            elif bool(operand.constant) == deciding:
                decided_by_constant = True
                break
        if not runs:
            return _constant(deciding if decided_by_constant else not deciding)
        if len(runs) == 1 and not decided_by_constant:
            only = runs[0]
            return _Node(lambda f: _truth(only(f)), is_bool=True)

        def run(f: DealFeatures) -> np.ndarray:
            result = np.full(f.size, not deciding)
            rows = None  # the undecided rows, None while they are all
            for evaluate in runs:
                values = _truth(evaluate(f if rows is None else f.subset(rows)))
                decided = values if deciding else ~values
                if decided.any():
                    rows = np.arange(f.size) if rows is None else rows
                    result[rows[decided]] = deciding
                    rows = rows[~decided]
                    if not len(rows):
                        return result
            if decided_by_constant:
                result[slice(None) if rows is None else rows] = deciding
            return result
        return _Node(run, is_bool=True)

    def _Conditional(self, expr: ast.Conditional) -> _Node:
        test, if_true, if_false = (self.compile(e) for e in
                                   (expr.test, expr.if_true, expr.if_false))
        if test.constant is not None:
            return if_true if test.constant else if_false
        both_bool = if_true.is_bool and if_false.is_bool

        def branch(node: _Node, f: DealFeatures) -> np.ndarray:
            values = node.run(f)
            return values if both_bool else _as_int(values)

        def run(f: DealFeatures) -> np.ndarray:
            chosen = _truth(test.run(f))
            if chosen.all():
                return branch(if_true, f)
            if not chosen.any():
                return branch(if_false, f)
            yes, no = np.flatnonzero(chosen), np.flatnonzero(~chosen)
            result = np.empty(f.size, dtype=bool if both_bool else np.int64)
            result[yes] = branch(if_true, f.subset(yes))
            result[no] = branch(if_false, f.subset(no))
            return result
        return _Node(run, is_bool=both_bool)

    def _Score(self, expr: ast.Score) -> _Node:
        tricks = self.compile(expr.tricks)
        if tricks.constant is not None:
            return _constant(contract_score(expr.vulnerable, expr.level, expr.strain,
                                            tricks.constant, expr.doubled))
        value = _operand(tricks)
        return _Node(lambda f: contract_score(expr.vulnerable, expr.level, expr.strain,
                                              np.asarray(value(f), dtype=np.int64),
                                              expr.doubled))

    def _Imps(self, expr: ast.Imps) -> _Node:
        difference = self.compile(expr.difference)
        if difference.constant is not None:
            return _constant(imps(difference.constant))
        value = _operand(difference)
        return _Node(lambda f: imps(np.asarray(value(f), dtype=np.int64)))

    def _Rnd(self, expr: ast.Rnd) -> _Node:
        limit = _operand(self.compile(expr.limit))

        def run(f: DealFeatures) -> np.ndarray:
            if f.random is None:
                raise _runtime("rnd() has no random source", expr.where, self.source)
            scaled = np.asarray(limit(f), dtype=np.int64) * f.random.random(f.size)
            return np.trunc(scaled).astype(np.int64)
        return _Node(run)


def _with_compass_example(node) -> str:
    text = node.where.text
    if "(" in text:
        head, _, rest = text.partition("(")
        return f"{head}(north, {rest}"
    return f"{text}(north)"


@dataclass(frozen=True)
class VectorExpression:
    """A compiled expression over batches of deals."""

    run: Evaluator
    is_bool: bool
    text: str

    def __call__(self, features: DealFeatures) -> np.ndarray:
        return self.run(features)


def compile_expression(expr: ast.Expr, definitions: Mapping[str, ast.Expr] = {}, *,
                       source: str = "<input>", tricks: Callable | None = None,
                       compiler: "VectorCompiler | None" = None) -> VectorExpression:
    """Compile an expression into a callable on DealFeatures -> one value per deal."""
    compiler = compiler or VectorCompiler(definitions, source, tricks=tricks)
    node = compiler.compile(expr)
    return VectorExpression(node.run, node.is_bool, expr.where.text)


# ---------------------------------------------------------------------------------------
# Scalar backend: one hand, as a 52-bit mask

Predicate = Callable[[int], int]

@functools.cache
def _suit_list(name: str) -> list:
    """A suit table as a list, for fast scalar lookups."""
    return suit_table(name).tolist()


class _ScalarCompiler:
    """Turns a hand expression into closures over one hand's 52-bit card mask."""

    def __init__(self, source: str, tables: PointTables = DEFAULT_TABLES):
        self.source = source
        self.tables = tables
        self.vector = VectorCompiler({}, source)

    def compile(self, expr: ast.Expr) -> tuple[Predicate, int | None]:
        """The closure and, when the expression is constant, its value."""
        if getattr(expr, "seat", None) is not None:
            raise _semantic("a hand condition is about one hand: leave out the compass "
                            f"(`{expr.where.text}`)", expr.where)
        return getattr(self, "_" + type(expr).__name__)(expr)

    @staticmethod
    def _constant(value: int):
        value = int64(value)
        return (lambda m: value), value

    def _Number(self, expr):
        return self._constant(expr.value)

    def _Reference(self, expr):
        raise _semantic(f"unknown identifier `{expr.name}` (a hand condition has no "
                        "definitions)", expr.where)

    def _SuitLength(self, expr):
        shift = 13 * expr.suit
        return (lambda m: (m >> shift & 8191).bit_count()), None

    def _Count(self, expr):
        table = self.tables.table(expr.kind).tolist()
        if expr.suit is not None:
            shift = 13 * expr.suit
            return (lambda m: table[m >> shift & 8191]), None
        return (lambda m: table[m & 8191] + table[m >> 13 & 8191] + table[m >> 26 & 8191]
                + table[m >> 39 & 8191]), None

    def _Cccc(self, expr):
        values, short = _suit_list("cccc"), _suit_list("short")

        def cccc(m: int) -> int:
            suits = (m & 8191, m >> 13 & 8191, m >> 26 & 8191, m >> 39 & 8191)
            total = sum(values[s] for s in suits)
            return total - (100 if any(short[s] for s in suits) else 50)
        return cccc, None

    def _Quality(self, expr):
        shift, table = 13 * expr.suit, _suit_list("quality")
        return (lambda m: table[m >> shift & 8191]), None

    def _HasCard(self, expr):
        card = expr.card
        return (lambda m: m >> card & 1), None

    def _ShapeTest(self, expr):
        table = self.vector.shape_table(expr.spec).tolist()
        return (lambda m: table[(m & 8191).bit_count() + 14 * (m >> 13 & 8191).bit_count()
                                + 196 * (m >> 26 & 8191).bit_count()
                                + 2744 * (m >> 39).bit_count()]), None

    def _Tricks(self, expr):
        raise _semantic("tricks() needs the whole deal, not one hand", expr.where)

    def _Par(self, expr):
        raise _semantic("par() needs the whole deal, not one hand", expr.where)

    def _Unary(self, expr):
        operand, constant = self.compile(expr.operand)
        if expr.op == "!":
            if constant is not None:
                return self._constant(not constant)
            return (lambda m: 0 if operand(m) else 1), None
        if constant is not None:
            return self._constant(-constant)
        return (lambda m: -operand(m)), None

    def _Chain(self, expr):
        compiled = [self.compile(operand) for operand in expr.operands]
        op = expr.ops[0]
        if op in ("&&", "||"):
            return self._logical(op, compiled)
        first, steps = _fold_leading_constants(expr, [constant for _, constant in compiled])
        if not steps:
            return self._constant(first)
        start = compiled[0][0] if first is None else (lambda m: first)
        functions = [self._step(expr, op, *compiled[index]) for op, index in steps]

        def run(m: int) -> int:
            value = start(m)
            for function in functions:
                value = function(value, m)
            return value
        return run, None

    def _step(self, expr, op: str, operand: Predicate, constant: int | None):
        """One operator of a chain: (value so far, hand) -> the new value."""
        if op not in ("/", "%"):
            function = _PYTHON_OPS[op]
            return lambda value, m: function(value, operand(m))
        function = _division(expr, op, constant)
        source = self.source

        def divide(value: int, m: int) -> int:
            divisor = operand(m)
            if divisor == 0:
                raise _runtime("division by zero", expr.where, source)
            return function(value, divisor)
        return divide

    def _logical(self, op: str, compiled: list):
        """`&&` and `||` over a chain: 1 or 0, stopping at the operand that decides."""
        deciding = op == "||"
        tests = []
        for predicate, constant in compiled:
            if constant is None:
                tests.append(predicate)
            elif bool(constant) == deciding:
                if not tests:
                    return self._constant(deciding)
                tests.append(lambda m: deciding)
                break
        if not tests:
            return self._constant(not deciding)
        if deciding:
            return (lambda m: 1 if any(test(m) for test in tests) else 0), None
        return (lambda m: 1 if all(test(m) for test in tests) else 0), None

    def _Conditional(self, expr):
        test, test_constant = self.compile(expr.test)
        if test_constant is not None:
            return self.compile(expr.if_true if test_constant else expr.if_false)
        (if_true, _), (if_false, _) = self.compile(expr.if_true), self.compile(expr.if_false)
        return (lambda m: if_true(m) if test(m) else if_false(m)), None

    def _Score(self, expr):
        tricks, _ = self.compile(expr.tricks)
        return (lambda m: contract_score(expr.vulnerable, expr.level, expr.strain,
                                         tricks(m), expr.doubled)), None

    def _Imps(self, expr):
        difference, _ = self.compile(expr.difference)
        return (lambda m: imps(difference(m))), None

    def _Rnd(self, expr):
        limit, _ = self.compile(expr.limit)
        return (lambda m: int(limit(m) * random.random())), None


class HandCondition:
    """A dealer expression about one hand, callable on a `bidding.model.cards.Hand`."""

    __slots__ = ("text", "source", "expr", "_predicate")

    def __init__(self, text: str, source: str, expr: ast.Expr, predicate: Predicate):
        self.text = text
        self.source = source
        self.expr = expr
        self._predicate = predicate

    def __call__(self, hand) -> bool:
        return bool(self._predicate(hand.mask))

    def value(self, hand) -> int:
        """The expression's integer value on the hand (1 or 0 for a test)."""
        return int(self._predicate(hand.mask))

    def describe(self) -> str:
        """A short English description, e.g. `15-17 HCP, any 4333, 4432 or 5332`."""
        return describe(self.expr)

    def __repr__(self) -> str:
        return f"compile_hand_condition({self.text!r})"


@functools.lru_cache(maxsize=4096)
def compile_hand_condition(text: str, source: str = "<condition>") -> HandCondition:
    """Compile a dealer expression about one hand (compass left out) into a fast predicate.

    `hcp >= 15 and shape{(4333)+(4432)+(5332)}`, `spades >= 5`, `controls >= 3`,
    `hascard(SA)`... Raises DealerSyntaxError or DealerSemanticError with the position.
    """
    expr = parse_expression(text, source)
    try:
        predicate, _ = _ScalarCompiler(source).compile(expr)
    except DealerSemanticError as error:
        raise error.located_in(source, text) from None
    return HandCondition(text, source, expr, predicate)


# ---------------------------------------------------------------------------------------
# English descriptions

_MEASURE_NAMES = {
    "hcp": "HCP", "control": "controls", "loser": "losers", "ltc": "losing tricks",
    "pt0": "tens", "pt1": "jacks", "pt2": "queens", "pt3": "kings", "pt4": "aces",
    "pt5": "top-2 honours", "pt6": "top-3 honours", "pt7": "top-4 honours",
    "pt8": "top-5 honours", "pt9": "C13 points",
}
_HUNDREDTHS = ("ltc", "cccc", "quality")
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _measure(expr: ast.Expr) -> tuple[str, str] | None:
    """(name, unit kind) of a hand figure, or None when the node is not one."""
    if isinstance(expr, ast.SuitLength):
        return SUIT_NAMES[expr.suit], "length"
    if isinstance(expr, ast.Count):
        name = _MEASURE_NAMES[expr.kind]
        if expr.suit is not None:
            name = f"{name} in {SUIT_NAMES[expr.suit]}"
        return name, expr.kind
    if isinstance(expr, ast.Cccc):
        return "CCCC points", "cccc"
    if isinstance(expr, ast.Quality):
        return f"{SUIT_NAMES[expr.suit][:-1]} quality", "quality"
    return None


def _number(value: int, kind: str) -> str:
    if kind in _HUNDREDTHS:
        return f"{value / 100:g}"
    return str(value)


def _bounds(expr: ast.Expr):
    """(measure, op, value) for `figure op constant` (either way round), else None."""
    if not (isinstance(expr, ast.Chain) and len(expr.ops) == 1 and expr.ops[0] in _FLIPPED):
        return None
    (left, right), op = expr.operands, expr.ops[0]
    if isinstance(right, ast.Number) and _measure(left):
        return left, op, right.value
    if isinstance(left, ast.Number) and _measure(right):
        return right, _FLIPPED[op], left.value
    return None


def describe(expr: ast.Expr) -> str:
    """Short English for a hand expression; falls back to the source text."""
    if _is_chain_of(expr, "&&"):
        return ", ".join(_describe_conjunction(conjuncts(expr, {})))
    if _is_chain_of(expr, "||"):
        return " or ".join(_parenthesised(e) for e in expr.operands)
    if isinstance(expr, ast.Unary) and expr.op == "!":
        return f"not {_parenthesised(expr.operand)}"
    if isinstance(expr, ast.ShapeTest):
        return shapes.describe_patterns(VectorCompiler({}, "<describe>").shape_patterns(
            expr.spec))
    if isinstance(expr, ast.HasCard):
        suit, rank = divmod(expr.card, 13)
        return f"holds the {'23456789TJQKA'[rank]} of {SUIT_NAMES[suit]}"
    if _bounds(expr) is not None:
        return _describe_conjunction([expr])[0]
    measure = _measure(expr)
    return measure[0] if measure else expr.where.text


def _parenthesised(expr: ast.Expr) -> str:
    text = describe(expr)
    return f"({text})" if _is_chain_of(expr, "&&") else text


def _describe_conjunction(terms: list[ast.Expr]) -> list[str]:
    """Merge bounds on the same figure (`hcp >= 15 and hcp <= 17` -> `15-17 HCP`)."""
    ranges: dict[ast.Expr, list] = {}
    order: list = []
    for term in terms:
        bounds = _bounds(term)
        if bounds is None:
            order.append(term)
            continue
        figure, op, value = bounds
        if figure not in ranges:
            ranges[figure] = [None, None, []]
            order.append(figure)
        low_high = ranges[figure]
        if op in (">=", ">", "=="):
            low = value + (op == ">")
            low_high[0] = low if low_high[0] is None else max(low_high[0], low)
        if op in ("<=", "<", "=="):
            high = value - (op == "<")
            low_high[1] = high if low_high[1] is None else min(low_high[1], high)
        if op == "!=":
            low_high[2].append(value)
    parts = []
    for item in order:
        if item not in ranges:
            parts.append(describe(item))
            continue
        name, kind = _measure(item)
        low, high, excluded = ranges[item]
        if low is not None and high is not None:
            text = (f"exactly {_number(low, kind)}" if low == high
                    else f"{_number(low, kind)}-{_number(high, kind)}")
            parts.append(f"{text} {name}")
        elif low is not None:
            parts.append(f"{_number(low, kind)}+ {name}")
        elif high is not None:
            parts.append(f"at most {_number(high, kind)} {name}")
        parts.extend(f"not {_number(value, kind)} {name}" for value in excluded)
    return parts


def bind_seat(expr: ast.Expr, seat: int) -> ast.Expr:
    """The expression with every omitted compass set to `seat`."""
    if getattr(expr, "seat", "absent") is None:
        return dataclasses.replace(expr, seat=seat)
    if isinstance(expr, ast.Unary):
        return ast.Unary(expr.op, bind_seat(expr.operand, seat), expr.where)
    if isinstance(expr, ast.Chain):
        return ast.Chain(expr.ops, tuple(bind_seat(operand, seat) for operand in expr.operands),
                         expr.where)
    if isinstance(expr, ast.Conditional):
        return ast.Conditional(bind_seat(expr.test, seat), bind_seat(expr.if_true, seat),
                               bind_seat(expr.if_false, seat), expr.where)
    if isinstance(expr, ast.Score):
        return dataclasses.replace(expr, tricks=bind_seat(expr.tricks, seat))
    if isinstance(expr, ast.Imps):
        return dataclasses.replace(expr, difference=bind_seat(expr.difference, seat))
    if isinstance(expr, ast.Rnd):
        return dataclasses.replace(expr, limit=bind_seat(expr.limit, seat))
    return expr
