"""A dealer script compiled once: its settings, predeals, point tables, condition and actions.

Dealer's rules for the statements are kept: the first `generate` and `produce` win (the
command line overrides both), the last `dealer`, `vulnerable`, `condition` and `action`
win, and a name must be defined before it is used and only once. `altcount k` sets ptk, as
the manual says (Debian's binary writes table row k, which is the controls for k = 1 and
pt(k-2) from k = 2 on).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bidding.model.cards import CARDS, SEAT_NAMES, SUIT_NAMES

from . import ast
from .compile import (VectorExpression, VectorCompiler, compile_expression, conjuncts,
                      is_single_hand, seats_of, walk)
from .errors import DealerSemanticError
from .features import DEFAULT_ALTCOUNTS, DEFAULT_HCP, PointTables
from .grammar import parse_script
from .output import VULNERABILITY_NAMES

MAX_FREQUENCY_CELLS = 1_000_000
"""The most values a frequency table counts (it holds one counter for each)."""
MAX_TITLE = 200
"""Dealer v2's longest title, in characters"""


@dataclass(frozen=True)
class CompiledAction:
    """An action with its expressions compiled (in the order they appear in the action)."""

    action: ast.Action
    expressions: tuple[VectorExpression, ...] = ()


@dataclass(frozen=True)
class Program:
    """Everything the run loop needs from a script."""

    source: str
    generate: int | None
    produce: int | None
    dealer: int | None
    vulnerable: str | None
    title: str | None
    seed: int | None
    """the script's `seed N` (None when absent or 0: a fresh seed)"""
    predeal: dict[int, int]
    """card -> seat it is dealt to beforehand, in the order written"""
    predeal_lengths: dict[tuple[int, int], int]
    """(seat, suit) -> exact length, from the `spades(north) == 1` form"""
    tables: PointTables
    condition: VectorExpression | None
    """None when the script has no condition (every deal is produced)"""
    actions: tuple[CompiledAction, ...]
    seat_filters: dict[int, VectorExpression] = field(default_factory=dict)
    """Conjuncts of the condition about one seat only, to reject its hand before the rest
    of the deal is dealt (exact conditioning: the accepted deals are the same)"""
    uses_random: bool = False
    uses_tricks: bool = False

    @property
    def prints_per_deal(self) -> bool:
        """dealer's will_print: some action prints each produced deal."""
        return any(isinstance(a.action, ast.PER_DEAL_PRINTS) for a in self.actions)


def compile_program(text: str, source: str = "<input>", *, tricks=None) -> Program:
    """Parse and compile a dealer script. Raises DealerSyntaxError or DealerSemanticError."""
    return compile_script(parse_script(text, source), tricks=tricks)


def compile_script(script: ast.Script, *, tricks=None) -> Program:
    """Compile parsed (or assembled) statements into a Program."""
    try:
        return _ProgramBuilder(script, tricks).build()
    except DealerSemanticError as error:
        raise error.located_in(script.source, script.text) from None


def _error(message: str, where: ast.Where) -> DealerSemanticError:
    return DealerSemanticError(message, line=where.line, column=where.column)


class _ProgramBuilder:
    def __init__(self, script: ast.Script, tricks):
        self.script = script
        self.tricks = tricks
        self.definitions: dict[str, ast.Expr] = {}
        self.definition_depths: dict[str, int] = {}
        self.definition_sites: dict[str, ast.Where] = {}
        self.generate: int | None = None
        self.produce: int | None = None
        self.dealer: int | None = None
        self.vulnerable: str | None = None
        self.title: str | None = None
        self.seed: int | None = None
        self.predealt: dict[int, int] = {}  # card -> seat
        self.predeal_lengths: dict[int, dict[int, int]] = {}
        self.predeal_length_sites: dict[tuple[int, int], ast.Where] = {}
        self.hcp = DEFAULT_HCP
        self.altcounts = list(DEFAULT_ALTCOUNTS)
        self.condition: ast.Condition | None = None
        self.action_list: ast.ActionList | None = None
        self.later_definitions = {s.name: s.where for s in script.statements
                                  if isinstance(s, ast.Definition)}

    def build(self) -> Program:
        for statement in self.script.statements:
            getattr(self, "_" + type(statement).__name__)(statement)
        self._check_predeal_lengths()
        tables = PointTables(self.hcp, tuple(self.altcounts))
        vulnerability = (0 if self.vulnerable is None
                         else VULNERABILITY_NAMES.index(self.vulnerable))
        compiler = VectorCompiler(self.definitions, self.script.source, tricks=self.tricks,
                                  par_board=(self.dealer or 0, vulnerability))
        condition = None
        seat_filters = {}
        expressions = []
        if self.condition is not None:
            condition = compile_expression(self.condition.expr, compiler=compiler)
            seat_filters = self._seat_filters(self.condition.expr, compiler, condition)
            expressions.append(self.condition.expr)
        actions = self._actions(compiler)
        expressions += [expr for action in actions for expr in _action_expressions(action.action)]
        nodes = [node for expr in expressions for node in walk(expr, self.definitions)]
        return Program(
            source=self.script.source, generate=self.generate, produce=self.produce,
            dealer=self.dealer, vulnerable=self.vulnerable, title=self.title, seed=self.seed,
            predeal=dict(self.predealt), tables=tables,
            predeal_lengths={(seat, suit): length
                             for seat, lengths in self.predeal_lengths.items()
                             for suit, length in lengths.items()},
            condition=condition, actions=actions, seat_filters=seat_filters,
            uses_random=any(isinstance(n, ast.Rnd) for n in nodes),
            uses_tricks=any(isinstance(n, ast.DOUBLE_DUMMY) for n in nodes)
            or any(isinstance(a.action, (ast.EvalContract, ast.ContractReport))
                   for a in actions))

    # ----- statements
    def _Generate(self, statement: ast.Generate) -> None:
        if self.generate is None:
            self.generate = self._positive(statement.count, "generate", statement.where)

    def _Produce(self, statement: ast.Produce) -> None:
        if self.produce is None:
            self.produce = self._positive(statement.count, "produce", statement.where)

    @staticmethod
    def _positive(count: int, what: str, where: ast.Where) -> int:
        if count <= 0:
            raise _error(f"{what} needs a number of deals above 0, not {count}", where)
        return count

    def _DealerSeat(self, statement: ast.DealerSeat) -> None:
        self.dealer = statement.seat

    def _Vulnerable(self, statement: ast.Vulnerable) -> None:
        self.vulnerable = statement.which

    def _Title(self, statement: ast.Title) -> None:
        if len(statement.text) > MAX_TITLE:
            raise _error(f"a title has at most {MAX_TITLE} characters, not "
                         f"{len(statement.text)}", statement.where)
        self.title = statement.text

    def _Seed(self, statement: ast.Seed) -> None:
        self.seed = statement.value or None

    def _PredealCards(self, statement: ast.PredealCards) -> None:
        seat = statement.seat
        for card in statement.cards:
            if card in self.predealt:
                raise _error(f"card {CARDS[card]} is predealt twice (already to "
                             f"{SEAT_NAMES[self.predealt[card]]})", statement.where)
            self.predealt[card] = seat
            if sum(1 for s in self.predealt.values() if s == seat) > 13:
                raise _error(f"more than 13 cards predealt to {SEAT_NAMES[seat]}",
                             statement.where)

    def _PredealLength(self, statement: ast.PredealLength) -> None:
        lengths = self.predeal_lengths.setdefault(statement.seat, {})
        seat, suit = SEAT_NAMES[statement.seat], SUIT_NAMES[statement.suit]
        if statement.suit in lengths:
            raise _error(f"{seat}'s {suit} length is already set to {lengths[statement.suit]}",
                         statement.where)
        if statement.length > 13:
            raise _error(f"{seat} cannot hold {statement.length} {suit}", statement.where)
        lengths[statement.suit] = statement.length
        self.predeal_length_sites[statement.seat, statement.suit] = statement.where
        if sum(lengths.values()) > 13:
            raise _error(f"suit lengths for {seat} add up to more than 13", statement.where)
        if sum(l.get(statement.suit, 0) for l in self.predeal_lengths.values()) > 13:
            raise _error(f"more than 13 {suit} are asked for", statement.where)

    def _check_predeal_lengths(self) -> None:
        """Lengths asked for must fit the cards predealt (to that seat and to the others)."""
        for seat, lengths in self.predeal_lengths.items():
            for suit, length in lengths.items():
                in_suit = [s for card, s in self.predealt.items() if card // 13 == suit]
                own = in_suit.count(seat)
                where = self.predeal_length_sites[seat, suit]
                if own > length:
                    raise _error(f"{SEAT_NAMES[seat]} is predealt {own} {SUIT_NAMES[suit]} but "
                                 f"should hold exactly {length}", where)
                if length - own > 13 - len(in_suit):
                    raise _error(f"{SEAT_NAMES[seat]} cannot hold {length} {SUIT_NAMES[suit]}: "
                                 "too many are predealt to other hands", where)
            own_cards = sum(1 for s in self.predealt.values() if s == seat)
            fixed = sum(max(length - sum(1 for c, s in self.predealt.items()
                                         if s == seat and c // 13 == suit), 0)
                        for suit, length in lengths.items())
            if own_cards + fixed > 13:
                raise _error(f"{SEAT_NAMES[seat]}'s predealt cards and suit lengths need more "
                             "than 13 cards", self.predeal_length_sites[seat, suit])

    def _PointCount(self, statement: ast.PointCount) -> None:
        self.hcp = self._table(statement.values, statement.where)

    def _AltCount(self, statement: ast.AltCount) -> None:
        if not 0 <= statement.index <= 9:
            raise _error(f"altcount numbers its tables 0 to 9, not {statement.index}",
                         statement.where)
        self.altcounts[statement.index] = self._table(statement.values, statement.where)

    @staticmethod
    def _table(values: tuple[int, ...], where: ast.Where) -> tuple[int, ...]:
        """Values from the ace down, missing ones 0, as a table from the two up."""
        if len(values) > 13:
            raise _error(f"too many point values ({len(values)}): give at most 13, from the "
                         "ace down to the two", where)
        return tuple(reversed(values + (0,) * (13 - len(values))))

    def _Condition(self, statement: ast.Condition) -> None:
        self._check_expression(statement.expr)
        self.condition = statement

    def _ActionList(self, statement: ast.ActionList) -> None:
        for action in statement.actions:
            for expr in _action_expressions(action):
                self._check_expression(expr)
            if isinstance(action, (ast.Frequency, ast.Frequency2D)):
                self._check_bounds(action)
        self.action_list = statement

    def _Definition(self, statement: ast.Definition) -> None:
        if statement.name in self.definitions:
            first = self.definition_sites[statement.name]
            raise _error(f"`{statement.name}` is defined again (first at line {first.line})",
                         statement.where)
        self.definition_depths[statement.name] = self._check_expression(statement.expr)
        self.definitions[statement.name] = statement.expr
        self.definition_sites[statement.name] = statement.where

    def _check_expression(self, expr: ast.Expr) -> int:
        """Names must be defined before they are used, as dealer resolves them as it reads,
        and the expression must nest at most ast.MAX_DEPTH levels, the definitions it uses
        included. Returns its depth."""
        depth = ast.depth(expr, self.definition_depths.get)
        if depth > ast.MAX_DEPTH:
            raise _error(f"through the definitions it uses, this expression nests {depth} "
                         f"levels deep; the limit is {ast.MAX_DEPTH}", expr.where)
        for node in walk(expr):
            if isinstance(node, ast.Reference) and node.name not in self.definitions:
                later = self.later_definitions.get(node.name)
                if later is not None:
                    raise _error(f"`{node.name}` is used before its definition at line "
                                 f"{later.line}: define it first", node.where)
                raise _error(f"unknown identifier `{node.name}`", node.where)
        return depth

    # ----- actions and prefilters
    def _actions(self, compiler: VectorCompiler) -> tuple[CompiledAction, ...]:
        if self.action_list is None:
            return (CompiledAction(ast.PrintAll()),)
        return tuple(CompiledAction(action, tuple(
            compile_expression(expr, compiler=compiler) for expr in _action_expressions(action)))
            for action in self.action_list.actions)

    @staticmethod
    def _check_bounds(action) -> None:
        pairs = [(action.low, action.high, action.size)]
        if isinstance(action, ast.Frequency2D):
            pairs.append((action.low2, action.high2, action.size2))
        cells = 1
        for low, high, size in pairs:
            if low > high:
                raise _error(f"frequency bounds {low} and {high} are the wrong way round",
                             action.where)
            if size <= 0:
                raise _error(f"bktfreq needs a bucket size above 0, not {size}", action.where)
            cells *= ast.bucket_count(low, high, size)
        if cells > MAX_FREQUENCY_CELLS:
            raise _error(f"this frequency table would have {cells} cells; the limit is "
                         f"{MAX_FREQUENCY_CELLS:,}: narrow its bounds", action.where)

    def _seat_filters(self, condition: ast.Expr, compiler: VectorCompiler,
                      compiled: VectorExpression) -> dict[int, VectorExpression]:
        """Per seat, the conjunction of the condition's terms that look at that hand only
        (compiled by the condition's compiler, which has their shape tables already; the
        condition itself when it is about one hand)."""
        by_seat: dict[int, list[ast.Expr]] = {}
        definitions = self.definitions
        terms = conjuncts(condition, definitions)
        for term in terms:
            seats = seats_of(term, definitions)
            if len(seats) == 1 and is_single_hand(term, definitions):
                by_seat.setdefault(next(iter(seats)), []).append(term)
        if len(by_seat) == 1 and len(next(iter(by_seat.values()))) == len(terms):
            return {next(iter(by_seat)): compiled}
        filters = {}
        for seat, terms in by_seat.items():
            combined = terms[0] if len(terms) == 1 else ast.Chain(
                ("&&",) * (len(terms) - 1), tuple(terms), terms[0].where)
            filters[seat] = compile_expression(combined, compiler=compiler)
        return filters


def _action_expressions(action: ast.Action) -> tuple[ast.Expr, ...]:
    if isinstance(action, (ast.PrintCompact, ast.PrintOneLine)):
        return () if action.expr is None else (action.expr,)
    if isinstance(action, (ast.PrintES, ast.CsvReport)):
        return tuple(item for item in action.items
                     if not isinstance(item, (str, *ast.CSV_HANDS_AND_TRICKS)))
    if isinstance(action, (ast.Average, ast.Frequency)):
        return (action.expr,)
    if isinstance(action, ast.Frequency2D):
        return (action.expr, action.expr2)
    return ()

