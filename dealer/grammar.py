"""The grammar of dealer's input language (syntax only), building the AST as it parses.

Covers Hans van Staveren's dealer (all statements, expressions, functions and actions of its
manual), Dellacherie's `shape{...}` syntax natively, and Dealer v2's `ltc`, `title` and
`csvrpt`. Operators have C's precedence, as dealer's yacc grammar gives them:

    ?:  (right)   ||/or   &&/and   == !=   < <= > >=   + -   * / %   unary ! not -

Compasses may be left out (`hcp`, `spades`, `hcp(spades)`, `shape{(4432)}`): the grammar
accepts that everywhere, and the compiler allows it only in hand conditions.

A hand-written recursive-descent parser, scannerless: every terminal is a regular expression
tried where the parser stands, after whitespace and comments (`#`, `//`, `/* */`). Tabs are
expanded to 8 columns before parsing, and every position (line, column, span) refers to
that text. A rule that does not match raises `_Miss`, so that its caller may try another
alternative; of several failed alternatives the one that got furthest is reported (or, if
none got past the start, the name of what was expected there). Past the point where a
construct is recognised (after `condition`, `hcp(`, a binary operator...) a failure is a
syntax error at once (`_Fatal`).
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import re

from . import ast
from .errors import DealerSyntaxError

SEATS = {"north": 0, "east": 1, "south": 2, "west": 3}
SUITS = {"club": 0, "diamond": 1, "heart": 2, "spade": 3}
VULNERABILITIES = {"none": "None", "ns": "NS", "NS": "NS", "ew": "EW", "EW": "EW",
                   "all": "All", "both": "All"}

COUNT_KEYWORDS = {
    "hcp": "hcp", "hcps": "hcp",
    "pt0": "pt0", "ten": "pt0", "tens": "pt0",
    "pt1": "pt1", "jack": "pt1", "jacks": "pt1",
    "pt2": "pt2", "queen": "pt2", "queens": "pt2",
    "pt3": "pt3", "king": "pt3", "kings": "pt3",
    "pt4": "pt4", "ace": "pt4", "aces": "pt4",
    "pt5": "pt5", "top2": "pt5",
    "pt6": "pt6", "top3": "pt6",
    "pt7": "pt7", "top4": "pt7",
    "pt8": "pt8", "top5": "pt8",
    "pt9": "pt9", "c13": "pt9",
    "loser": "loser", "losers": "loser",
    "control": "control", "controls": "control",
    "ltc": "ltc",
}

STATEMENT_KEYWORDS = ("generate", "produce", "dealer", "vulnerable", "predeal", "pointcount",
                      "altcount", "condition", "action", "title")
ACTION_KEYWORDS = ("print", "printall", "printpbn", "printew", "printcompact", "printoneline",
                   "printes", "evalcontract", "average", "frequency", "csvrpt")
OTHER_KEYWORDS = ("nv", "vul", "ns", "NS", "ew", "EW", "all", "none", "north", "east", "south",
                  "west", "club", "clubs", "diamond", "diamonds", "heart", "hearts", "spade",
                  "spades", "notrump", "notrumps", "quality", "cccc", "trick", "tricks",
                  "score", "imp", "imps", "hascard", "shape", "any", "rnd", "and", "or", "not")
KEYWORDS = frozenset(STATEMENT_KEYWORDS + ACTION_KEYWORDS + OTHER_KEYWORDS
                     + tuple(COUNT_KEYWORDS))

_WORD_END = r"(?![A-Za-z0-9_])"
_WORD = re.compile(r"[A-Za-z0-9_]+")


class _Words:
    """Matches any of some words as a whole word (`hcpx` is not `hcp`): the word that
    starts here must be one of them (or, with `excluded`, any word but them)."""

    def __init__(self, words, *, excluded: bool = False, pattern: re.Pattern = _WORD):
        self.words = frozenset(words)
        self.excluded = excluded
        self.pattern = pattern

    def match(self, text: str, pos: int) -> re.Match | None:
        match = self.pattern.match(text, pos)
        if match is None or (match.group() in self.words) == self.excluded:
            return None
        return match


def _kw(*words: str) -> _Words:
    return _Words(words)


# Whitespace and comments, skipped before every terminal; only comments (with the
# whitespace before them), for the one place that looks ahead without skipping whitespace.
_SKIP = re.compile(r"(?:[ \t\r\n]+|#[^\n]*|//[^\n]*|/\*[\s\S]*?\*/)*")
_SKIP_COMMENTS = re.compile(r"(?:[ \t\r\n]*(?:#[^\n]*|//[^\n]*|/\*[\s\S]*?\*/))*")

_NUMBER = re.compile(r"\d+")
_SIGNED_NUMBER = re.compile(r"-?\s*\d+")
_STRING = re.compile(r'"[^"]*"')
_COMPASS = _kw(*SEATS)
_SUIT = _kw(*SUITS, *(suit + "s" for suit in SUITS))
_NOTRUMP = _kw("notrump", "notrumps")
_IDENTIFIER = _Words(KEYWORDS, excluded=True, pattern=re.compile(r"[A-Za-z][A-Za-z0-9_]*"))
_CARD = re.compile(rf"(?:10|[2-9TJQKAtjqka])[CDHScdhs]{_WORD_END}"
                   rf"|[CDHScdhs](?:10|[2-9TJQKAtjqka]){_WORD_END}")
_HOLDING = re.compile(rf"[CDHScdhs](?:10|[AKQJT2-9akqjt])*{_WORD_END}")
_VULNERABILITY_NAME = _kw(*VULNERABILITIES)
_CONTRACT = re.compile(rf"x[1-7][CDHSN]{_WORD_END}")
_HVS_PATTERN = re.compile(r"[0-9x]{4}(?![0-9A-Za-z_])")
_DPP_SPEC = r"(?:\d[+-]?|x|\[[0-9-]+\])"
_DPP_ATOM = re.compile(rf"(?:(?:{_DPP_SPEC}[shdcSHDCMm])+(?:\({_DPP_SPEC}+\))?"
                       rf"|\({_DPP_SPEC}+\)|{_DPP_SPEC}{{4}})(?=\s*(?:[-+:}}]|$))")
_DPP_REFERENCE = _kw(*"shdc")
# dealer reads `spades(north) == 1` after a predeal as part of it; anything longer is left
# to be a condition.
_EXPRESSION_GOES_ON = re.compile(r"&&|\|\||[-+*/%<>=!?]|(?:and|or)(?![A-Za-z0-9_])")
_DEFINES = re.compile(r"=(?!=)")

_UNARY_OPERATOR = re.compile(rf"!(?!=)|not{_WORD_END}|-")
_BINARY_LEVELS = (  # from the loosest; None stands for the additive operators
    re.compile(rf"\|\||or{_WORD_END}"), re.compile(rf"&&|and{_WORD_END}"),
    re.compile(r"==|!="), re.compile(r"<=|>=|<|>"), None, re.compile(r"[*/%]"))
_ADDITIVE = re.compile(r"[+-]")
_DPP_ADDITIVE = re.compile(r"(?<!\s)[+-]|[+-](?!\s)")  # `5+` is a length, `5 + 4xxx` a term
_CANONICAL_OPS = {"and": "&&", "or": "||", "not": "!"}

_SHAPE, _ANY, _DEAL, _VUL = _kw("shape"), _kw("any"), _kw("deal"), _kw("nv", "vul")
_COUNT = _kw(*COUNT_KEYWORDS)
_CALLS = (  # keyword, arguments (a _Parser method name), node, may be written bare
    (_COUNT, "_seat_and_suit",
     lambda w, kind, seat=None, suit=None: ast.Count(COUNT_KEYWORDS[kind], seat, suit, w), True),
    (_SUIT, "_optional_seat",
     lambda w, name, seat=None: ast.SuitLength(seat, SUITS[name.rstrip("s")], w), True),
    (_kw("cccc"), "_optional_seat", lambda w, _, seat=None: ast.Cccc(seat, w), True),
    (_kw("quality"), "_seat_then_suit", lambda w, _, seat, suit: ast.Quality(seat, suit, w),
     False),
    (_kw("hascard"), "_seat_then_card", lambda w, _, seat, card: ast.HasCard(seat, card, w),
     False),
    (_kw("tricks", "trick"), "_seat_then_strain",
     lambda w, _, seat, strain: ast.Tricks(seat, strain, w), False),
    (_kw("score"), "_score_arguments",
     lambda w, _, vul, contract, tricks: ast.Score(vul, *contract, tricks, w), False),
    (_kw("imps", "imp"), "_expression_argument", lambda w, _, e: ast.Imps(e, w), False),
    (_kw("rnd"), "_expression_argument", lambda w, _, e: ast.Rnd(e, w), False),
)

_SIMPLE_ACTIONS = {"printall": ast.PrintAll, "printew": ast.PrintEW,
                   "printpbn": ast.PrintPBN, "evalcontract": ast.EvalContract}
_ACTION = _kw(*ACTION_KEYWORDS)
_STATEMENT = _kw(*STATEMENT_KEYWORDS)

# What an error says was expected.
A_NUMBER = "a number"
AN_EXPRESSION = "an expression"
A_CONDITION = "a condition on s, h, d and c"
A_COMPASS = "a compass (north, east, south or west)"
A_SUIT = "a suit (clubs, diamonds, hearts or spades)"
A_STRAIN = "a strain (a suit or notrump)"
A_STRING = "a string in double quotes"
A_PREDEAL_ITEM = "a compass and its cards, or a suit length such as spades(north)==1"
PRINTES_ITEM = r"{a string in double quotes | '\\n' | an expression}"
CSV_ITEM = ("{a string in double quotes | Located:(deal) | Located:({a compass (north, east, "
            "south or west) FollowedBy:(',' | ')')}) | an expression}")
PREDEAL_LENGTH_END = ("Found unwanted token, Re:('&&|\\|\\||[-+*/%<>=!?]|(?:and|or)"
                      "(?![A-Za-z0-9_])')")
HVS_PATTERN = "a shape of four digits or x, e.g. 4333 or 5xxx"
DPP_ATOM = "a shape such as 5+xx5+, [3-5]xxx, (4432), 5s(431) or 5M(xxx)"


class _Miss(Exception):
    """A rule does not match at `loc`; `expected` says what would have."""

    def __init__(self, loc: int, expected: str):
        self.loc = loc
        self.expected = expected


class _Fatal(Exception):
    """A syntax error: what was expected at `loc`, past the point of no return."""

    def __init__(self, loc: int, expected: str):
        self.loc = loc
        self.expected = expected


class _Ladder:
    """An expression language: its primary expressions, additive operators and name."""

    def __init__(self, primary: str, additive: re.Pattern, name: str):
        self.primary = primary
        self.levels = tuple(additive if level is None else level for level in _BINARY_LEVELS)
        self.name = name


_EXPRESSIONS = _Ladder("_primary", _ADDITIVE, AN_EXPRESSION)
_CONDITIONS = _Ladder("_condition_primary", _DPP_ADDITIVE, A_CONDITION)


class _Parser:
    """One parse of one text. Rules take the position to start from (before whitespace)
    and return (value, position after it)."""

    def __init__(self, text: str):
        self.text = text
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self._primaries = (
            self._number_node, self._dpp_shape, self._hvs_shape,
            *(functools.partial(self._call, keyword=keyword, arguments=arguments, build=build,
                                bare=bare) for keyword, arguments, build, bare in _CALLS),
            self._reference, self._parenthesised)
        self._condition_primaries = (
            self._number_node, functools.partial(self._reference, pattern=_DPP_REFERENCE),
            functools.partial(self._parenthesised, ladder=_CONDITIONS))

    # ----- positions and terminals
    def where(self, start: int, end: int) -> ast.Where:
        line = bisect.bisect_right(self._line_starts, start)
        return ast.Where(line, start - self._line_starts[line - 1] + 1,
                         self.text[start:end].strip(), start, end)

    def skip(self, pos: int) -> int:
        return _SKIP.match(self.text, pos).end()

    def token(self, pattern: "re.Pattern | _Words", pos: int, expected: str) -> re.Match:
        start = _SKIP.match(self.text, pos).end()
        match = pattern.match(self.text, start)
        if match is None:
            raise _Miss(start, expected)
        return match

    def literal(self, char: str, pos: int) -> int:
        """The position after `char`, which must come next."""
        start = _SKIP.match(self.text, pos).end()
        if not self.text.startswith(char, start):
            raise _Miss(start, f"'{char}'")
        return start + 1

    def at(self, char: str, pos: int) -> int | None:
        """The position after `char` if it comes next, else None."""
        start = _SKIP.match(self.text, pos).end()
        return start + 1 if self.text.startswith(char, start) else None

    @staticmethod
    def must(rule, *args):
        """Apply a rule where a mismatch is a syntax error."""
        try:
            return rule(*args)
        except _Miss as miss:
            raise _Fatal(miss.loc, miss.expected) from None

    def first_of(self, pos: int, rules, name: str | None):
        """The first rule that matches; else the failure that got furthest, or `name` when
        none got past the start."""
        best = None
        for rule in rules:
            try:
                return rule(pos)
            except _Miss as miss:
                if best is None or miss.loc > best.loc:
                    best = miss
        start = self.skip(pos)
        if name is not None and best.loc == start:
            raise _Miss(start, name)
        raise best

    def repeat(self, rule, pos: int, values: list, *, more: bool = False) -> int:
        """Apply `rule` again and again, adding its values. Returns the position after the
        last match, or, if there was none (and `more` does not say that matches came
        before), after the whitespace that was skipped looking for one."""
        while True:
            try:
                value, end = rule(pos)
            except _Miss:
                return pos if more else self.skip(pos)
            values.append(value)
            pos, more = end, True

    def number(self, pos: int, pattern: re.Pattern = _NUMBER):
        match = self.token(pattern, pos, A_NUMBER)
        return int(match.group().replace(" ", "")), match.end()

    def signed_number(self, pos: int):
        return self.number(pos, _SIGNED_NUMBER)

    def string(self, pos: int):
        match = self.token(_STRING, pos, A_STRING)
        return match.group()[1:-1], match.end()

    def compass(self, pos: int):
        match = self.token(_COMPASS, pos, A_COMPASS)
        return SEATS[match.group()], match.end()

    def suit(self, pos: int):
        match = self.token(_SUIT, pos, A_SUIT)
        return SUITS[match.group().rstrip("s")], match.end()

    def strain(self, pos: int):
        start = self.skip(pos)
        match = _SUIT.match(self.text, start)
        if match is not None:
            return SUITS[match.group().rstrip("s")], match.end()
        match = _NOTRUMP.match(self.text, start)
        if match is not None:
            return 4, match.end()
        raise _Miss(start, A_STRAIN)

    def delimited(self, item, pos: int) -> tuple[list, int]:
        """item (, item)*: the values and the position after the last item."""
        value, end = item(pos)
        values = [value]

        def next_item(at: int):
            return item(self.literal(",", at))
        return values, self.repeat(next_item, end, values)

    # ----- expressions
    def expression(self, pos: int, ladder: _Ladder = _EXPRESSIONS):
        """`test ? if_true : if_false` (right-associative) over the binary levels."""
        test, end = self._binary(pos, 0, ladder)
        start = self.skip(end)
        if not self.text.startswith("?", start):
            return test, start
        if_true, end = self.must(self.expression, start + 1, ladder)
        colon = self.skip(end)
        if not self.text.startswith(":", colon):
            raise _Fatal(colon, "':'")
        if_false, end = self.must(self.expression, colon + 1, ladder)
        return ast.Conditional(test, if_true, if_false, self._span(test, if_false)), end

    def _binary(self, pos: int, level: int, ladder: _Ladder):
        """operand (operator operand)*, left-associative."""
        if level == len(ladder.levels):
            return self._unary(pos, ladder)
        node, end = self._binary(pos, level + 1, ladder)
        operator = ladder.levels[level]
        start = self.skip(end)
        match = operator.match(self.text, start)
        if match is None:
            return node, start
        while match is not None:
            right, end = self.must(self._binary, match.end(), level + 1, ladder)
            op = match.group()
            node = ast.Binary(_CANONICAL_OPS.get(op, op), node, right, self._span(node, right))
            match = operator.match(self.text, self.skip(end))
        return node, end

    def _unary(self, pos: int, ladder: _Ladder):
        start = self.skip(pos)
        match = _UNARY_OPERATOR.match(self.text, start)
        if match is None:
            best = _Miss(start, "")
        else:
            try:
                operand, end = self._unary(match.end(), ladder)
            except _Miss as miss:
                best = miss
            else:
                op = _CANONICAL_OPS.get(match.group(), match.group())
                where = self.where(start, operand.where.end)
                if op == "-" and isinstance(operand, ast.Number):
                    return ast.Number(-operand.value, where), end
                return ast.Unary(op, operand, where), end
        try:
            return getattr(self, ladder.primary)(start)
        except _Miss as miss:
            if miss.loc > best.loc:
                best = miss
        if best.loc == start:
            raise _Miss(start, ladder.name)
        raise best

    def _span(self, first, last) -> ast.Where:
        return self.where(first.where.start, last.where.end)

    def _primary(self, pos: int):
        return self.first_of(pos, self._primaries, AN_EXPRESSION)

    def _number_node(self, pos: int):
        match = self.token(_NUMBER, pos, A_NUMBER)
        return ast.Number(int(match.group()), self.where(match.start(), match.end())), match.end()

    def _reference(self, pos: int, pattern: "re.Pattern | _Words" = _IDENTIFIER):
        match = self.token(pattern, pos, "an identifier")
        return ast.Reference(match.group(), self.where(match.start(), match.end())), match.end()

    def _parenthesised(self, pos: int, ladder: _Ladder = _EXPRESSIONS):
        start = self.skip(pos)
        inner, end = self.expression(self.literal("(", start), ladder)
        end = self.must(self.literal, ")", end)
        return dataclasses.replace(inner, where=self.where(start, end)), end

    def _call(self, pos: int, keyword: "re.Pattern | _Words", arguments: str, build, bare: bool):
        """`keyword(arguments)`, or the bare keyword when the arguments may be left out."""
        match = self.token(keyword, pos, "a function")
        start, name = match.start(), match.group()
        open_paren = self.at("(", match.end())
        if open_paren is None:
            if not bare:
                raise _Miss(self.skip(match.end()), "'('")
            return build(self.where(start, match.end()), name), match.end()
        values, end = self.must(getattr(self, arguments), open_paren)
        end = self.must(self.literal, ")", end)
        return build(self.where(start, end), name, *values), end

    # ----- function arguments
    def _seat_and_suit(self, pos: int):
        """`north`, `north, spades`, `spades` or nothing: (seat, suit)."""
        try:
            seat, end = self.compass(pos)
        except _Miss:
            try:
                suit, end = self.suit(pos)
            except _Miss:
                return (None, None), self.skip(pos)
            return (None, suit), end
        comma = self.at(",", end)
        if comma is None:
            return (seat, None), self.skip(end)
        suit, end = self.must(self.suit, comma)
        return (seat, suit), end

    def _optional_seat(self, pos: int):
        try:
            seat, end = self.compass(pos)
        except _Miss:
            return (None,), self.skip(pos)
        return (seat,), end

    def _seat_comma(self, pos: int):
        """An optional `compass,` before the other arguments."""
        try:
            seat, end = self.compass(pos)
            return seat, self.literal(",", end)
        except _Miss:
            return None, self.skip(pos)

    def _seat_then(self, pos: int, rule):
        seat, end = self._seat_comma(pos)
        value, end = rule(end)
        return (seat, value), end

    def _seat_then_suit(self, pos: int):
        return self._seat_then(pos, self.suit)

    def _seat_then_card(self, pos: int):
        return self._seat_then(pos, self._card)

    def _seat_then_strain(self, pos: int):
        return self._seat_then(pos, self.strain)

    def _card(self, pos: int):
        match = self.token(_CARD, pos, "a card (AS, TC, SA...)")
        return _card_index(match.group()), match.end()

    def _score_arguments(self, pos: int):
        match = self.token(_VUL, pos, "nv or vul")
        end = self.literal(",", match.end())
        contract = self.must(self.token, _CONTRACT, end, "a contract such as x3N or x4S")
        end = self.must(self.literal, ",", contract.end())
        tricks, end = self.must(self.expression, end)
        text = contract.group()
        return (match.group() == "vul", (int(text[1]), "CDHSN".index(text[2])), tricks), end

    def _expression_argument(self, pos: int):
        expr, end = self.expression(pos)
        return (expr,), end

    # ----- shapes
    def _hvs_shape(self, pos: int):
        """`shape(north, any 4333 + 54xx - any 0xxx)`; commas count as +."""
        match = self.token(_SHAPE, pos, "shape")
        start = match.start()
        end = self.literal("(", match.end())
        seat, end = self.must(self._seat_comma, end)
        spec, end = self.must(self._shape_list, end, self._hvs_term, False)
        end = self.must(self.literal, ")", end)
        return ast.ShapeTest(seat, spec, self.where(start, end)), end

    def _dpp_shape(self, pos: int):
        """Dellacherie's `shape{north, 5+M3+c(31) + (4432) - 4xxx:h>s}`."""
        match = self.token(_SHAPE, pos, "shape")
        start = match.start()
        end = self.literal("{", match.end())
        seat, end = self.must(self._seat_comma, end)
        spec, end = self.must(self._shape_list, end, self._dpp_atom, True)
        end = self.must(self.literal, "}", end)
        return ast.ShapeTest(seat, spec, self.where(start, end)), end

    def _shape_list(self, pos: int, term, dellacherie: bool):
        start = self.skip(pos)
        first, end = term(start)
        terms = [first]
        end = self.repeat(term, end, terms, more=True)
        return ast.ShapeSpec(tuple(terms), dellacherie, self.where(start, end)), end

    def _sign(self, pos: int, signs: str) -> tuple[str, int]:
        start = self.skip(pos)
        if start < len(self.text) and self.text[start] in signs:
            return self.text[start], start + 1
        return "+", start

    def _hvs_term(self, pos: int):
        start = self.skip(pos)
        sign, end = self._sign(start, "+-,")
        any_start = self.skip(end)
        any_match = _ANY.match(self.text, any_start)
        pattern = self.token(_HVS_PATTERN, any_match.end() if any_match else any_start,
                             HVS_PATTERN)
        return ast.HvsTerm(sign == "-", any_match is not None, pattern.group(),
                           self.where(start, pattern.end())), pattern.end()

    def _dpp_atom(self, pos: int):
        start = self.skip(pos)
        sign, end = self._sign(start, "+-")
        pattern = self.token(_DPP_ATOM, end, DPP_ATOM)
        end = pattern.end()
        conditions: list = []
        colon = self.at(":", end)
        if colon is None:
            end = self.skip(end)
        else:
            conditions, end = self.must(self.delimited, self._condition, colon)
        ordered, fixed, group = _split_dpp_pattern(pattern.group())
        return ast.DppAtom(ordered, fixed, group, tuple(conditions), sign == "-",
                           self.where(start, end)), end

    def _condition(self, pos: int):
        return self.expression(pos, _CONDITIONS)

    def _condition_primary(self, pos: int):
        return self.first_of(pos, self._condition_primaries, None)

    # ----- actions
    def _action(self, pos: int):
        match = self.token(_ACTION, pos, "an action")
        start, word, end = match.start(), match.group(), match.end()
        if word in _SIMPLE_ACTIONS:
            return _SIMPLE_ACTIONS[word](self.where(start, end)), end
        if word in ("printcompact", "printoneline"):
            expr = None
            open_paren = self.at("(", end)
            if open_paren is None:
                end = self.skip(end)
            else:
                expr, end = self.must(self.expression, open_paren)
                end = self.must(self.literal, ")", end)
            node = ast.PrintCompact if word == "printcompact" else ast.PrintOneLine
            return node(expr, self.where(start, end)), end
        if word == "print":
            end = self.literal("(", end)
            seats, end = self.must(self.delimited, self.compass, end)
            end = self.must(self.literal, ")", end)
            return ast.PrintHands(tuple(seats), self.where(start, end)), end
        if word == "printes":
            open_paren = self.at("(", end)
            if open_paren is None:
                raise _Fatal(self.skip(end), "'(' (printes takes its items in parentheses)")
            items, end = self.must(self.delimited, self._printes_item, open_paren)
            end = self.must(self.literal, ")", end)
            return ast.PrintES(tuple(items), self.where(start, end)), end
        if word == "csvrpt":
            end = self.must(self.literal, "(", end)
            items, end = self.must(self.delimited, self._csv_item, end)
            end = self.must(self.literal, ")", end)
            return ast.CsvReport(tuple(items), self.where(start, end)), end
        label, end = self._label(end)
        if word == "average":
            expr, end = self.must(self.expression, end)
            return ast.Average(label, expr, self.where(start, end)), end
        end = self.must(self.literal, "(", end)  # frequency
        first, end = self.must(self._bounds, end)
        comma = self.at(",", end)
        if comma is None:
            end = self.must(self.literal, ")", end)
            return ast.Frequency(label, *first, self.where(start, end)), end
        second, end = self.must(self._bounds, comma)
        end = self.must(self.literal, ")", end)
        return ast.Frequency2D(label, *first, *second, self.where(start, end)), end

    def _label(self, pos: int):
        try:
            return self.string(pos)
        except _Miss:
            return None, self.skip(pos)

    def _bounds(self, pos: int):
        """expression, low, high (of a frequency)."""
        expr, end = self.expression(pos)
        end = self.literal(",", end)
        low, end = self.must(self.signed_number, end)
        end = self.must(self.literal, ",", end)
        high, end = self.must(self.signed_number, end)
        return (expr, low, high), end

    def _printes_item(self, pos: int):
        return self.first_of(pos, (self.string, self._newline_item, self.expression),
                             PRINTES_ITEM)

    def _newline_item(self, pos: int):
        start = self.skip(pos)
        if not self.text.startswith("\\n", start):
            raise _Miss(start, "'\\\\n'")
        return "\n", start + 2

    def _csv_item(self, pos: int):
        return self.first_of(pos, (self.string, self._deal_item, self._hand_item,
                                   self.expression), CSV_ITEM)

    def _deal_item(self, pos: int):
        match = self.token(_DEAL, pos, "deal")
        return ast.DealItem(self.where(match.start(), match.end())), match.end()

    def _hand_item(self, pos: int):
        start = self.skip(pos)
        seat, end = self.compass(start)
        if self.text[self.skip(end):self.skip(end) + 1] not in (",", ")"):
            raise _Miss(self.skip(end), "',' or ')'")
        return ast.HandItem(seat, self.where(start, end)), end

    # ----- statements
    def script(self) -> list:
        statements: list = []
        end = 0
        while True:
            try:
                end = self._statement(end, statements)
            except _Miss:
                break
        end = self.skip(end)
        if end < len(self.text):
            raise _Fatal(end, "a statement")
        return statements

    def _statement(self, pos: int, statements: list) -> int:
        """Parse one statement (a predeal may make several) onto `statements`."""
        start = self.skip(pos)
        keyword = _STATEMENT.match(self.text, start)
        if keyword is None:
            return self._definition_or_condition(start, statements)
        word, end = keyword.group(), keyword.end()
        if word == "predeal":
            item, end = self.must(self._predeal_item, end)
            statements.append(item)

            def next_item(at: int):
                comma = self.at(",", at)
                return self._predeal_item(at if comma is None else comma)
            return self.repeat(next_item, end, statements)
        if word == "action":
            actions: list = []
            try:
                actions, end = self.delimited(self._action, end)
            except _Miss:
                end = self.skip(end)
            else:
                comma = self.at(",", end)
                end = self.skip(end) if comma is None else comma
            statements.append(ast.ActionList(tuple(actions), self.where(start, end)))
            return end
        if word == "pointcount":
            values: list = []
            end = self.repeat(self.signed_number, end, values)
            statements.append(ast.PointCount(tuple(values), self.where(start, end)))
            return end
        if word == "altcount":
            index, end = self.must(self.number, end)
            values = []
            end = self.repeat(self.signed_number, end, values)
            statements.append(ast.AltCount(index, tuple(values), self.where(start, end)))
            return end
        rule, build = {
            "generate": (self.signed_number, ast.Generate),
            "produce": (self.signed_number, ast.Produce),
            "dealer": (self.compass, ast.DealerSeat),
            "vulnerable": (self._vulnerability, ast.Vulnerable),
            "condition": (self.expression, ast.Condition),
            "title": (self.string, ast.Title),
        }[word]
        value, end = self.must(rule, end)
        statements.append(build(value, self.where(start, end)))
        return end

    def _vulnerability(self, pos: int):
        match = self.token(_VULNERABILITY_NAME, pos, "a vulnerability (none, NS, EW or all)")
        return VULNERABILITIES[match.group()], match.end()

    def _definition_or_condition(self, start: int, statements: list) -> int:
        name = _IDENTIFIER.match(self.text, start)
        if name is not None:
            equals = _DEFINES.match(self.text, self.skip(name.end()))
            if equals is not None:
                expr, end = self.must(self.expression, equals.end())
                statements.append(ast.Definition(name.group(), expr, self.where(start, end)))
                return end
        expr, end = self.expression(start)
        statements.append(ast.Condition(expr, self.where(start, end)))
        return end

    def _predeal_item(self, pos: int):
        return self.first_of(pos, (self._predeal_cards, self._predeal_length), A_PREDEAL_ITEM)

    def _predeal_cards(self, pos: int):
        """`north SAQ542, HK, C10`."""
        start = self.skip(pos)
        seat, end = self.compass(start)
        holdings, end = self.delimited(self._holding, end)
        cards = tuple(card for holding in holdings for card in holding)
        return ast.PredealCards(seat, cards, self.where(start, end)), end

    def _holding(self, pos: int):
        match = self.token(_HOLDING, pos, "a holding such as SAQ542")
        return _holding_cards(match.group()), match.end()

    def _predeal_length(self, pos: int):
        """`spades(north) == 1`, not followed by more of an expression."""
        start = self.skip(pos)
        suit_name = self.token(_SUIT, start, A_SUIT)
        seat, end = self.compass(self.literal("(", suit_name.end()))
        end = self.literal(")", end)
        equals = self.skip(end)
        if not self.text.startswith("==", equals):
            raise _Miss(equals, "'=='")
        length, end = self.number(equals + 2)
        if _EXPRESSION_GOES_ON.match(self.text, self.skip(end)):
            raise _Miss(_SKIP_COMMENTS.match(self.text, end).end(), PREDEAL_LENGTH_END)
        suit = SUITS[suit_name.group().rstrip("s")]
        return ast.PredealLength(seat, suit, length, self.where(start, end)), end


_SPEC = re.compile(r"(\d)([+-]?)|x|\[([0-9-]+)\]")


def _lengths(spec: str) -> frozenset[int]:
    """Lengths allowed by one Dellacherie suit spec: 5, 5+, 5-, x, [3-5], [013-68]."""
    if spec == "x":
        return frozenset(range(14))
    if spec.startswith("["):
        allowed: set[int] = set()
        for part in re.finditer(r"(\d)(?:-(\d))?", spec):
            low = int(part.group(1))
            high = int(part.group(2)) if part.group(2) else low
            allowed.update(range(low, high + 1))
        return frozenset(allowed)
    digit = int(spec[0])
    if spec.endswith("+"):
        return frozenset(range(digit, 14))
    if spec.endswith("-"):
        return frozenset(range(0, digit + 1))
    return frozenset({digit})


def _split_dpp_pattern(pattern: str):
    """Split an atom's pattern into (ordered specs, lettered specs, group specs or None)."""
    group = None
    if "(" in pattern:
        head, _, rest = pattern.partition("(")
        group = tuple(ast.SuitSpec(_lengths(m.group(0)))
                      for m in _SPEC.finditer(rest.rstrip(")")))
    else:
        head = pattern
    pieces = re.findall(r"(\d[+-]?|x|\[[0-9-]+\])([shdcSHDCMm]?)", head)
    if pieces and all(letter for _, letter in pieces):
        fixed = tuple(ast.SuitSpec(_lengths(spec), letter if letter in "Mm" else letter.lower())
                      for spec, letter in pieces)
        return (), fixed, group
    return tuple(ast.SuitSpec(_lengths(spec)) for spec, _ in pieces), (), group


def _card_index(text: str) -> int:
    upper = text.upper().replace("10", "T")
    if upper[0] in "CDHS" and upper[1] in "23456789TJQKA":
        suit_char, rank_char = upper[0], upper[1]
    else:
        rank_char, suit_char = upper[0], upper[1]
    return "CDHS".index(suit_char) * 13 + "23456789TJQKA".index(rank_char)


def _holding_cards(text: str) -> tuple[int, ...]:
    """`SAQ542` -> the card indices; repeated cards are left for the compiler to report."""
    suit = "CDHS".index(text[0].upper())
    ranks = text[1:].upper().replace("10", "T")
    return tuple(suit * 13 + "23456789TJQKA".index(r) for r in ranks)


def _syntax_error(error: _Fatal, text: str, source: str) -> DealerSyntaxError:
    parser = _Parser(text)
    where = parser.where(error.loc, error.loc)
    rest = text[error.loc:]
    if rest.startswith("/*") and "*/" not in rest:
        message = "this /* comment is never closed (end of file found in comment)"
    else:
        found = rest.split("\n", 1)[0].strip()
        found = f"found {found[:20]!r}" if found else "found the end of the input"
        message = f"syntax error: expected {error.expected}, {found}"
    return DealerSyntaxError(message, source=source, text=text, line=where.line,
                             column=where.column)


def parse_script(text: str, source: str = "<input>") -> ast.Script:
    """Parse a whole dealer input file into its statements."""
    text = text.expandtabs()
    try:
        statements = _Parser(text).script()
    except _Fatal as error:
        raise _syntax_error(error, text, source) from None
    return ast.Script(tuple(statements), source, text)


def parse_expression(text: str, source: str = "<condition>") -> ast.Expr:
    """Parse one expression, such as a hand condition."""
    text = text.expandtabs()
    parser = _Parser(text)
    try:
        try:
            expr, end = parser.expression(0)
        except _Miss as miss:
            raise _Fatal(miss.loc, miss.expected) from None
        end = parser.skip(end)
        if end < len(text):
            raise _Fatal(end, "end of the condition")
    except _Fatal as error:
        raise _syntax_error(error, text, source) from None
    return expr
