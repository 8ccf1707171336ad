"""The grammar of dealer's input language (syntax only), building the AST as it parses.

Covers Hans van Staveren's dealer (all statements, expressions, functions and actions of its
manual), Dellacherie's `shape{...}` syntax natively, and Dealer v2's additions (`ltc`, `title`,
`seed`, `csvrpt`, `export`, `evalcontract(side, contract, vul)` and the others of its guide). Operators have C's precedence, as dealer's yacc grammar gives them:

    ?:  (right)   ||/or   &&/and   == !=   < <= > >=   + -   * / %   unary ! not -

Compasses may be left out (`hcp`, `spades`, `hcp(spades)`, `shape{(4432)}`): the grammar
accepts that everywhere, and the compiler allows it only in hand conditions.

Expressions are read by `_Infix`, an operator-precedence parser over explicit stacks, so
that parentheses nest without limit and a chain of 20,000 terms is read in a loop (into one
ast.Chain); only the depth of the resulting tree is limited (ast.MAX_DEPTH, 200 levels).
Numbers are 64-bit: one above MAX_NUMBER is a syntax error.
"""
from __future__ import annotations

import bisect
import dataclasses
import difflib
import functools
import re

import pyparsing as pp

from . import ast
from .errors import QUOTE_WIDTH, DealerSyntaxError, clip, printable

MAX_NUMBER = 2 ** 63 - 1
"""The largest number a script may write: dealer's values are 64-bit integers here."""

SEATS = {"north": 0, "east": 1, "south": 2, "west": 3}
SUITS = {"club": 0, "diamond": 1, "heart": 2, "spade": 3}
_SUIT_WORDS = tuple(SUITS) + tuple(f"{suit}s" for suit in SUITS)
EXPORTED_SEATS = {"NS": (0, 2), "EW": (1, 3)}
"""export(side)'s hands, in the order the guide's example writes them (-E then -W)."""
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
                      "altcount", "condition", "action", "title", "seed")
ACTION_KEYWORDS = ("print", "printall", "printpbn", "printew", "printns", "printside",
                   "printcompact", "printoneline",
                   "printes", "evalcontract", "average", "frequency", "bktfreq", "csvrpt",
                   "printrpt", "export")
OTHER_KEYWORDS = ("nv", "vul", "ns", "NS", "ew", "EW", "all", "none", "north", "east", "south",
                  "west", "club", "clubs", "diamond", "diamonds", "heart", "hearts", "spade",
                  "spades", "notrump", "notrumps", "quality", "cccc", "trick", "tricks",
                  "score", "imp", "imps", "hascard", "shape", "any", "rnd", "trix", "dds", "par",
                  "and", "or", "not")
KEYWORDS = frozenset(STATEMENT_KEYWORDS + ACTION_KEYWORDS + OTHER_KEYWORDS
                     + tuple(COUNT_KEYWORDS))



def _kw(*words: str) -> pp.ParserElement:
    """Any of these words, as whole words (`hcpx` is not `hcp`)."""
    pattern = "|".join(sorted(words, key=len, reverse=True))
    return pp.Regex(rf"(?:{pattern})(?![A-Za-z0-9_])").set_name(" or ".join(words))


@functools.lru_cache(maxsize=4)
def _line_starts(text: str) -> list[int]:
    """Offsets where the lines of the text start, to place nodes in O(log n)."""
    return [0] + [match.end() for match in re.finditer("\n", text)]


def _line_and_column(text: str, loc: int) -> tuple[int, int]:
    """1-based line and column of an offset, as pyparsing's lineno and col count them."""
    starts = _line_starts(text)
    line = bisect.bisect_right(starts, loc)
    return line, loc - starts[line - 1] + 1


def _where(text: str, start: int, end: int) -> ast.Where:
    line, column = _line_and_column(text, start)
    if end - start > 2 * QUOTE_WIDTH:  # keep only what a message can quote
        written = clip(text[start:start + QUOTE_WIDTH] + text[end - QUOTE_WIDTH:end])
    else:
        written = text[start:end]
    return ast.Where(line, column, written.strip(), start, end)


def _located(rule: pp.ParserElement, build) -> pp.ParserElement:
    """Wrap `rule` so that `build(where, tokens)` makes its node, knowing its span."""
    def action(text, _loc, tokens):
        start, inner, end = tokens[0], tokens[1], tokens[2]
        return build(_where(text, start, end), inner)
    return pp.Located(rule).add_parse_action(action)


def _number(text: str, loc: int, written: str) -> int:
    """A number as written, refused when it does not fit dealer's 64-bit values."""
    digits = written.lstrip("-").strip().lstrip("0")
    if len(digits) > len(str(MAX_NUMBER)) or int(digits or 0) > MAX_NUMBER:
        raise pp.ParseSyntaxException(text, loc, f"the number {clip(written, 40)} is too "
                                                 f"large (the largest is {MAX_NUMBER})")
    return int(re.sub(r"\s", "", written))


def _dotnum(text: str, loc: int, written: str) -> int:
    """Dealer v2's decimal number ("dotnum"), which it reads as 100 times its value: 14.5 is
    1450, .25 is 25. At most two digits on each side of the point, as in v2."""
    sign, digits = (-1, written.lstrip("-").strip()) if written.startswith("-") else (1, written)
    whole, fraction = digits.split(".")
    if len(whole) > 2 or len(fraction) > 2:
        raise pp.ParseSyntaxException(
            text, loc, f"the decimal number {clip(written, 40)} has more than two digits "
                       "before or after the point (Dealer v2 reads decimals as hundredths: "
                       "write 14.5, .25, or the whole number 1450)")
    return sign * (int(whole or 0) * 100 + int((fraction + "00")[:2]))


EXTERNAL_FUNCTIONS = {
    "opc": "runs JGM's Optimal Point Count Perl program",
    "usereval": "runs a user's evaluation server (DealerServer)",
}
"""Dealer v2's functions that call outside programs, and what each runs."""


def _external_call() -> pp.ParserElement:
    """opc(...) and usereval(...): refused where they are written."""
    def refuse(text: str, loc: int, tokens) -> None:
        name = tokens[0]
        raise pp.ParseSyntaxException(
            text, loc, f"{name}() is not supported: in Dealer v2 it "
                       f"{EXTERNAL_FUNCTIONS[name]}, and this dealer runs no outside "
                       "programs")
    return _kw(*EXTERNAL_FUNCTIONS).add_parse_action(refuse)


def _canonical_op(op: str) -> str:
    return {"and": "&&", "or": "||", "not": "!"}.get(op, op)


_LEVELS = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4,
           "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
"""C's precedence of the binary operators (higher binds tighter); all are left-associative."""
_CLOSE_ALL = -1  # reduce everything down to the nearest bracket or open `?`
_QUESTION = 0  # `?` binds looser than every binary operator

_SKIP = re.compile(r"[ \t\r\n]*")
_PREFIX = re.compile(r"!(?!=)|not(?![A-Za-z0-9_])|-")
_CALL_AFTER_NAME = re.compile(r"[ \t]*\(")
_FIRST_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*|[\d.]")
_FUNCTIONS = sorted(set(COUNT_KEYWORDS) | {"spades", "hearts", "diamonds", "clubs", "cccc",
                                           "quality", "hascard", "tricks", "score", "imps",
                                           "rnd", "shape"})
"""dealer's function names, to suggest the one an unknown function was meant to be."""


@dataclasses.dataclass
class _Prefix:
    op: str
    loc: int


@dataclasses.dataclass
class _Bracket:
    """An open parenthesis, or a function call (`imps(`) whose argument is an expression."""

    loc: int
    build: object = None  # None for a parenthesis, else (inner, where) -> node


@dataclasses.dataclass
class _PendingChain:
    level: int
    ops: list
    operands: list


@dataclasses.dataclass
class _Then:
    """`test ?` waiting for its `:`."""

    test: ast.Expr


@dataclasses.dataclass
class _Else:
    """`test ? if_true :` waiting for its last operand."""

    test: ast.Expr
    if_true: ast.Expr


class _Infix(pp.Token):
    """An expression: operands joined by C's operators, with parentheses and `?:`.

    Operator-precedence parsing over explicit stacks, so that neither deep parentheses nor
    long chains of operators use Python's stack; operands are pyparsing rules. A chain of
    one precedence level becomes one ast.Chain (and `&&`/`||` chains absorb parenthesised
    chains of the same operator); `--x` is `x` and `!!!x` is `!x`. Expressions nesting
    deeper than ast.MAX_DEPTH are refused.
    """

    def __init__(self, operands: dict[str, pp.ParserElement], otherwise: pp.ParserElement,
                 additive: str, name: str, openers: dict[str, pp.ParserElement] = {}):
        """`operands` and `openers` (`imps(`) are rules chosen by the operand's first word
        (`#` for a digit), `otherwise` the rule for any other operand; `additive` matches
        the + and - operators."""
        super().__init__()
        self.operands = operands
        self.otherwise = otherwise
        self.openers = openers
        self.binary = re.compile(rf"&&|\|\||==|!=|<=|>=|[<>*/%]|{additive}"
                                 r"|(?:and|or)(?![A-Za-z0-9_])")
        self.name = name
        self.set_name(name)
        self.mayReturnEmpty = False
        self.mayIndexError = False

    def streamline(self) -> "_Infix":
        """Streamline the operand rules too (pyparsing does it for the rules it contains;
        an unstreamlined rule does not raise its `-` errors)."""
        super().streamline()
        for rule in (*self.operands.values(), self.otherwise, *self.openers.values()):
            rule.streamline()
        return self

    def parseImpl(self, instring, loc, do_actions=True):
        values: list[ast.Expr] = []
        frames: list = []
        open_questions = [0]  # per open bracket (and outside them), the `?` awaiting `:`
        expecting_operand = True
        while True:
            loc = _SKIP.match(instring, loc).end()
            if expecting_operand:
                loc, expecting_operand = self._operand(instring, loc, values, frames,
                                                       open_questions)
                continue
            self._refuse_unknown_call(instring, values[-1])
            match = self.binary.match(instring, loc)
            if match:
                op = _canonical_op(match.group())
                level = _LEVELS[op]
                _reduce(instring, values, frames, level)
                top = frames[-1] if frames else None
                if isinstance(top, _PendingChain) and top.level == level:
                    top.ops.append(op)
                    top.operands.append(values.pop())
                else:
                    frames.append(_PendingChain(level, [op], [values.pop()]))
                loc = match.end()
            elif instring.startswith("?", loc):
                _reduce(instring, values, frames, _QUESTION)
                frames.append(_Then(values.pop()))
                open_questions[-1] += 1
                loc += 1
            elif instring.startswith(":", loc) and open_questions[-1]:
                _close(instring, loc, values, frames)
                frames[-1] = _Else(frames[-1].test, values.pop())
                open_questions[-1] -= 1
                loc += 1
            elif instring.startswith(")", loc) and len(open_questions) > 1:
                _close(instring, loc, values, frames)
                bracket = frames.pop()
                open_questions.pop()
                where = _where(instring, bracket.loc, loc + 1)
                inner = values.pop()
                values.append(dataclasses.replace(inner, where=where) if bracket.build is None
                              else bracket.build(inner, where))
                loc += 1
                continue
            else:
                break
            expecting_operand = True
        _close(instring, loc, values, frames)
        if frames:
            raise pp.ParseSyntaxException(instring, loc, "Expected ')'", self)
        expr = values.pop()
        if ast.depth(expr) > ast.MAX_DEPTH:
            raise pp.ParseSyntaxException(
                instring, expr.where.start, f"this expression nests more than "
                f"{ast.MAX_DEPTH} levels deep (parentheses alone do not count)")
        return loc, expr

    def _operand(self, instring: str, loc: int, values: list, frames: list,
                 open_questions: list) -> tuple[int, bool]:
        """Read a prefix operator, an opening bracket or an operand at `loc`: the location
        after it, and whether an operand is still expected."""
        match = _PREFIX.match(instring, loc)
        if match:
            _push_prefix(frames, _Prefix(_canonical_op(match.group()), loc))
            return match.end(), True
        word = _FIRST_WORD.match(instring, loc)
        word = "" if word is None else word.group() if word.group()[0].isalpha() else "#"
        opened = None
        if instring.startswith("(", loc):
            opened = loc + 1, None
        elif word in self.openers:
            try:
                end, tokens = self.openers[word]._parse(instring, loc, True)
                opened = end, tokens[0]
            except pp.ParseException:
                pass
        if opened is not None:
            frames.append(_Bracket(loc, opened[1]))
            open_questions.append(0)
            return opened[0], True
        try:
            end, tokens = self.operands.get(word, self.otherwise)._parse(instring, loc, True)
        except pp.ParseException:
            error = pp.ParseSyntaxException if frames or values else pp.ParseException
            raise error(instring, loc, f"Expected {self.name}", self) from None
        values.append(tokens[0])
        return end, False

    @staticmethod
    def _refuse_unknown_call(instring: str, operand: ast.Expr) -> None:
        """`foo(north)`: a name written as a function (its `(` on the same line) is not one
        of dealer's functions."""
        if isinstance(operand, ast.Reference) and operand.where.text == operand.name \
                and _CALL_AFTER_NAME.match(instring, operand.where.end):
            close = difflib.get_close_matches(operand.name, _FUNCTIONS, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise pp.ParseSyntaxException(
                instring, operand.where.start, f"unknown function `{clip(operand.name, 40)}`{hint}")


def _push_prefix(frames: list, prefix: _Prefix) -> None:
    """Stack a prefix operator; `- -` cancels out and `! ! !` is `!`, so that long runs of
    them add no nesting."""
    above = [frame for frame in frames[-2:] if isinstance(frame, _Prefix)]
    if prefix.op == "-" and above and above[-1].op == "-" and frames[-1] is above[-1]:
        frames.pop()
    elif prefix.op == "!" and len(above) == 2 and all(f.op == "!" for f in above) \
            and frames[-2] is above[0]:
        frames.pop()
    else:
        frames.append(prefix)


def _reduce(text: str, values: list, frames: list, level: int) -> None:
    """Fold into the operand on top of `values` every pending operator that binds tighter
    than `level` (prefix operators, chains of a higher level; for _CLOSE_ALL, also the
    `?:` whose last operand it is), down to a bracket or an open `?`."""
    operand = values.pop()
    while frames:
        top = frames[-1]
        if isinstance(top, _Prefix):
            operand = _unary(text, top, operand)
        elif isinstance(top, _PendingChain) and top.level > level:
            top.operands.append(operand)
            operand = _chain(text, top)
        elif isinstance(top, _Else) and level == _CLOSE_ALL:
            operand = ast.Conditional(top.test, top.if_true, operand,
                                      _where(text, top.test.where.start, operand.where.end))
        else:
            break
        frames.pop()
    values.append(operand)


def _close(text: str, loc: int, values: list, frames: list) -> None:
    """Reduce down to the nearest bracket or `?`; a `?` left open must get its `:` first."""
    _reduce(text, values, frames, _CLOSE_ALL)
    if frames and isinstance(frames[-1], _Then) and not text.startswith(":", loc):
        raise pp.ParseSyntaxException(text, loc, "Expected ':'")


def _unary(text: str, prefix: _Prefix, operand: ast.Expr) -> ast.Expr:
    where = _where(text, prefix.loc, operand.where.end)
    if prefix.op == "-" and isinstance(operand, ast.Number):
        return ast.Number(-operand.value, where)
    return ast.Unary(prefix.op, operand, where)


def _chain(text: str, pending: _PendingChain) -> ast.Chain:
    """The chain's node; `&&` and `||` take in the operands of a parenthesised chain of
    the same operator (the same evaluation, one level less)."""
    operands = pending.operands
    if pending.ops[0] in ("&&", "||"):
        op = pending.ops[0]
        operands = [inner for operand in operands
                    for inner in (operand.operands if isinstance(operand, ast.Chain)
                                  and operand.ops[0] == op else (operand,))]
        ops = (op,) * (len(operands) - 1)
    else:
        ops = tuple(pending.ops)
    return ast.Chain(ops, tuple(operands),
                     _where(text, operands[0].where.start, operands[-1].where.end))


class _Grammar:
    """The parsers, built once: `script` for whole files, `expression` for hand conditions."""

    def __init__(self) -> None:
        lpar, rpar, comma = (pp.Suppress(c) for c in "(),")
        lpar = lpar.set_name("'('")
        rpar = rpar.set_name("')'")

        number = pp.Regex(r"\d+").set_name("a number").set_parse_action(
            lambda text, loc, t: _number(text, loc, t[0]))
        signed_number = pp.Regex(r"-?\s*\d+").set_name("a number").set_parse_action(
            lambda text, loc, t: _number(text, loc, t[0]))
        dotnum = pp.Regex(r"(?:\d+\.\d*|\.\d+)").set_name("a decimal number").set_parse_action(
            lambda text, loc, t: _dotnum(text, loc, t[0]))
        signed_dotnum = pp.Regex(r"-?\s*(?:\d+\.\d*|\.\d+)").set_name(
            "a decimal number").set_parse_action(lambda text, loc, t: _dotnum(text, loc, t[0]))
        # Dealer v2 reads decimal numbers as hundredths wherever a value is written
        value = (dotnum | number).set_name("a number")
        signed_value = (signed_dotnum | signed_number).set_name("a number")
        string = pp.Regex(r'"[^"]*"').set_name("a string in double quotes").set_parse_action(
            lambda t: t[0][1:-1])
        newline_item = pp.Literal("\\n").set_parse_action(lambda: "\n")

        compass = _kw(*SEATS).set_name("a compass (north, east, south or west)")
        compass.set_parse_action(lambda t: SEATS[t[0]])
        suit = pp.Regex(r"(?:club|diamond|heart|spade)s?(?![A-Za-z0-9_])").set_name(
            "a suit (clubs, diamonds, hearts or spades)")
        suit.set_parse_action(lambda t: SUITS[t[0].rstrip("s")])
        notrump = pp.Regex(r"notrumps?(?![A-Za-z0-9_])").set_parse_action(lambda: 4)
        strain = (suit | notrump).set_name("a strain (a suit or notrump)")

        keyword_alternatives = "|".join(sorted(KEYWORDS, key=len, reverse=True))
        identifier = pp.Regex(
            rf"(?!(?:{keyword_alternatives})(?![A-Za-z0-9_]))[A-Za-z][A-Za-z0-9_]*"
        ).set_name("an identifier")

        card = pp.Regex(r"(?:10|[2-9TJQKAtjqka])[CDHScdhs](?![A-Za-z0-9_])"
                        r"|[CDHScdhs](?:10|[2-9TJQKAtjqka])(?![A-Za-z0-9_])").set_name(
            "a card (AS, TC, SA...)")
        card.set_parse_action(lambda t: _card_index(t[0]))

        # ----- function calls
        compass_name = "a compass (north, east, south or west)"
        before_rpar = pp.FollowedBy(rpar).add_parse_action(lambda: [None])
        optional_seat = (compass | before_rpar).set_name(compass_name)

        def call(keyword: pp.ParserElement, arguments: pp.ParserElement, build,
                 bare_allowed: bool = True):
            """`keyword(arguments)`, or the bare keyword when the arguments may all be left out."""
            with_args = keyword + lpar - arguments - rpar
            form = with_args | keyword if bare_allowed else with_args
            return _located(form, build)

        no_seat = pp.Empty().add_parse_action(lambda: [None])
        seat_and_suit = ((compass + pp.Optional(comma - suit, default=None)) | (no_seat + suit)
                         | before_rpar.copy().add_parse_action(lambda: [None, None])
                         ).set_name(f"{compass_name} or a suit")

        def build_count(where, t):
            kind = COUNT_KEYWORDS[t[0]]
            seat, suit_ = (t[1], t[2]) if len(t) == 3 else (None, None)
            return ast.Count(kind, seat, suit_, where)

        count_call = call(_kw(*COUNT_KEYWORDS), seat_and_suit, build_count)

        def build_length(where, t):
            return ast.SuitLength(t[1] if len(t) > 1 else None, SUITS[t[0].rstrip("s")], where)

        suit_keyword = pp.Regex(r"(?:club|diamond|heart|spade)s?(?![A-Za-z0-9_])")
        length_call = call(suit_keyword, optional_seat, build_length)

        cccc_call = call(_kw("cccc"), optional_seat,
                         lambda w, t: ast.Cccc(t[1] if len(t) > 1 else None, w))

        def refuse_as_compass(text, loc, _tokens):
            raise pp.ParseSyntaxException(text, loc, f"Expected {compass_name}")

        # a word before the first comma that is no compass (nor a shape such as xxx5)
        misspelt_compass = pp.Regex(
            r"(?![0-9x]{4}(?![A-Za-z0-9_]))[A-Za-z][A-Za-z0-9_]*(?=\s*,)").add_parse_action(
            refuse_as_compass)
        seat_comma = (compass + comma) | misspelt_compass | pp.Empty().add_parse_action(
            lambda: [None])
        seat_then_suit = seat_comma + suit
        quality_call = call(_kw("quality"), seat_then_suit,
                            lambda w, t: ast.Quality(t[1], t[2], w), bare_allowed=False)
        hascard_call = call(_kw("hascard"), seat_comma + card,
                            lambda w, t: ast.HasCard(t[1], t[2], w), bare_allowed=False)
        tricks_call = call(_kw("tricks", "trick", "dds"),
                           seat_comma + strain,
                           lambda w, t: ast.Tricks(t[1], t[2], w), bare_allowed=False)
        par_call = call(_kw("par"), _kw("NS", "EW", "ns", "ew").set_name("a side (NS or EW)"),
                        lambda w, t: ast.Par(t[1].upper(), w), bare_allowed=False)
        vulnerability = (_kw("nv").set_parse_action(lambda: False)
                         | _kw("vul").set_parse_action(lambda: True)).set_name("nv or vul")
        contract = pp.Regex(r"(?:x[1-7][CDHSN]|z[1-7][CDHSN]x{0,2})(?![A-Za-z0-9_])").set_name(
            "a contract such as x3N, z4S or z4Hx")
        contract.set_parse_action(lambda t: (int(t[0][1]), "CDHSN".index(t[0][2]),
                                             len(t[0]) - 3))

        def opener(keyword: pp.ParserElement, arguments: pp.ParserElement | None, build):
            """`keyword(arguments, ` up to the expression argument, which the expression
            parser reads; `build(arguments, expression, where)` makes the node at `)`."""
            rule = keyword + lpar - arguments if arguments is not None else keyword + lpar
            return rule.add_parse_action(
                lambda t: [functools.partial(build, tuple(t[1:]))])

        score_open = opener(_kw("score"), vulnerability + comma - contract + comma,
                            lambda a, inner, w: ast.Score(a[0], a[1][0], a[1][1], inner, w,
                                                          doubled=a[1][2]))
        imps_open = opener(_kw("imps", "imp"), None, lambda _a, inner, w: ast.Imps(inner, w))
        rnd_open = opener(_kw("rnd"), None, lambda _a, inner, w: ast.Rnd(inner, w))

        hvs_shape = _located(pp.Suppress(_kw("shape")) + lpar - seat_comma
                             + self._hvs_list() + rpar,
                             lambda w, t: ast.ShapeTest(t[0], t[1], w))
        dpp_shape = _located(pp.Suppress(_kw("shape")) + pp.Suppress("{")
                             - seat_comma
                             + self._dpp_list() + pp.Suppress("}").set_name("'}'"),
                             lambda w, t: ast.ShapeTest(t[0], t[1], w))

        number_node = _located(value, lambda w, t: ast.Number(t[0], w))
        reference = _located(identifier, lambda w, t: ast.Reference(t[0], w))

        operands = {"#": number_node, "shape": dpp_shape | hvs_shape, "cccc": cccc_call,
                    "quality": quality_call, "hascard": hascard_call, "tricks": tricks_call,
                    "trick": tricks_call, "dds": tricks_call, "par": par_call}
        operands.update(dict.fromkeys(EXTERNAL_FUNCTIONS, _external_call()))
        operands.update(dict.fromkeys(COUNT_KEYWORDS, count_call))
        operands.update(dict.fromkeys(_SUIT_WORDS, length_call))
        expression = _Infix(operands, reference, r"[+-]", "an expression", openers={
            "score": score_open, "imps": imps_open, "imp": imps_open, "rnd": rnd_open})

        # ----- actions
        def simple(word: str, node_type):
            return _located(_kw(word), lambda w, _t: node_type(w))

        optional_expr = pp.Optional(lpar - expression - rpar, default=None)
        printcompact = _located(_kw("printcompact") + optional_expr,
                                lambda w, t: ast.PrintCompact(t[1], w))
        printoneline = _located(_kw("printoneline") + optional_expr,
                                lambda w, t: ast.PrintOneLine(t[1], w))
        printes_items = pp.DelimitedList(string | newline_item | expression)
        printes = _located(_kw("printes") - lpar.copy().set_name(
            "'(' (printes takes its items in parentheses)") - printes_items - rpar,
            lambda w, t: ast.PrintES(tuple(t[1:]), w))
        print_hands = _located(_kw("print") + lpar - pp.DelimitedList(compass) - rpar,
                               lambda w, t: ast.PrintHands(tuple(t[1:]), w))
        label = pp.Optional(string, default=None)
        average = _located(_kw("average") - label + expression,
                           lambda w, t: ast.Average(t[1], t[2], w))

        def build_frequency(where, t):
            if len(t) == 5:
                return ast.Frequency(t[1], t[2], t[3], t[4], where)
            return ast.Frequency2D(t[1], t[2], t[3], t[4], t[5], t[6], t[7], where)

        bounds = expression + comma - signed_value + comma - signed_value
        frequency = _located(_kw("frequency") - label + lpar - bounds
                             + pp.Optional(comma - bounds) - rpar, build_frequency)

        def build_bucket_frequency(where, t):
            if len(t) == 6:
                return ast.Frequency(t[1], t[2], t[3], t[4], where, size=t[5])
            return ast.Frequency2D(t[1], t[2], t[3], t[4], t[6], t[7], t[8], where,
                                   size=t[5], size2=t[9], bktfreq=True)

        buckets = bounds + comma - value
        bucket_frequency = _located(_kw("bktfreq") - label + lpar - buckets
                                    + pp.Optional(comma - buckets) - rpar,
                                    build_bucket_frequency)
        side = _kw("NS", "EW", "ns", "ew").set_name("a side (NS or EW)")
        deal_item = _located(_kw("deal"), lambda w, _t: ast.DealItem(w))
        before_item_end = pp.FollowedBy(pp.one_of(", )"))
        hand_item = _located(compass + before_item_end, lambda w, t: ast.HandItem(t[0], w))
        side_item = _located(side + before_item_end, lambda w, t: ast.SideItem(t[0].upper(), w))
        trix_item = _located(_kw("trix") - lpar - (compass | _kw("deal").add_parse_action(
            lambda: [None])).set_name("a compass or deal") - rpar,
            lambda w, t: ast.TrixItem(t[1], w))
        report_items = pp.DelimitedList(string | deal_item | trix_item | side_item | hand_item
                                        | expression)
        csvrpt = _located(_kw("csvrpt", "printrpt") - lpar - report_items - rpar,
                          lambda w, t: ast.CsvReport(tuple(t[1:]), w,
                                                     to_screen=t[0] == "printrpt"))
        printside = (_located(_kw("printew"), lambda w, _t: ast.PrintSide("EW", w))
                     | _located(_kw("printns"), lambda w, _t: ast.PrintSide("NS", w))
                     | _located(_kw("printside") - lpar - side - rpar,
                                lambda w, t: ast.PrintSide(t[1].upper(), w)))
        contract_report = _located(
            _kw("evalcontract") + lpar - side + comma - contract + comma - vulnerability - rpar,
            lambda w, t: ast.ContractReport(t[1].upper(), *t[2], t[3], w))
        export = _located(_kw("export") - lpar - (
            compass.copy().add_parse_action(lambda t: [(t[0],)])
            | side.copy().add_parse_action(lambda t: [EXPORTED_SEATS[t[0].upper()]])
        ).set_name("a side (NS or EW) or a compass") - rpar,
            lambda w, t: ast.Export(t[1], w))
        action = (printcompact | printoneline | printes | print_hands | simple("printall", ast.PrintAll)
                  | printside | simple("printpbn", ast.PrintPBN) | contract_report
                  | simple("evalcontract", ast.EvalContract) | export | average | frequency
                  | bucket_frequency
                  | csvrpt).set_name("an action")
        action_list = pp.Optional(pp.DelimitedList(action, allow_trailing_delim=True))

        # ----- statements
        def statement(rule, build):
            return _located(rule, build)

        generate = statement(pp.Suppress(_kw("generate")) - signed_number,
                             lambda w, t: ast.Generate(t[0], w))
        produce = statement(pp.Suppress(_kw("produce")) - signed_number,
                            lambda w, t: ast.Produce(t[0], w))
        dealer = statement(pp.Suppress(_kw("dealer")) - compass,
                           lambda w, t: ast.DealerSeat(t[0], w))
        vulnerability_name = pp.Regex(r"(?:none|NS|ns|EW|ew|all|both)(?![A-Za-z0-9_])").set_name(
            "a vulnerability (none, NS, EW or all)")
        vulnerable = statement(pp.Suppress(_kw("vulnerable")) - vulnerability_name,
                               lambda w, t: ast.Vulnerable(VULNERABILITIES[t[0]], w))
        holding = pp.Regex(r"[CDHScdhs](?:10|[AKQJT2-9akqjt])*(?![A-Za-z0-9_])").set_name(
            "a holding such as SAQ542")
        holding.set_parse_action(lambda t: [_holding_cards(t[0])])
        predeal_cards = _located(compass + pp.DelimitedList(holding),
                                 lambda w, t: ast.PredealCards(
                                     t[0], tuple(c for cards in t[1:] for c in cards), w))
        # dealer reads `spades(north) == 1` after a predeal as part of it; anything longer is
        # left to be a condition.
        expression_goes_on = pp.Regex(r"&&|\|\||[-+*/%<>=!?]|(?:and|or)(?![A-Za-z0-9_])")
        predeal_length = _located(suit_keyword + lpar + compass + rpar + pp.Suppress("==")
                                  + number + ~expression_goes_on,
                                  lambda w, t: ast.PredealLength(t[1], SUITS[t[0].rstrip("s")],
                                                                 t[2], w))
        predeal_item = (predeal_cards | predeal_length).set_name(
            "a compass and its cards, or a suit length such as spades(north)==1")
        predeal = pp.Suppress(_kw("predeal")) - predeal_item + pp.ZeroOrMore(
            pp.Optional(comma) + predeal_item)
        pointcount = statement(pp.Suppress(_kw("pointcount")) + pp.ZeroOrMore(signed_value),
                               lambda w, t: ast.PointCount(tuple(t), w))
        altcount = statement(pp.Suppress(_kw("altcount")) - number + pp.ZeroOrMore(signed_value),
                             lambda w, t: ast.AltCount(t[0], tuple(t[1:]), w))
        condition = statement(pp.Suppress(_kw("condition")) - expression,
                              lambda w, t: ast.Condition(t[0], w))
        actions = statement(pp.Suppress(_kw("action")) + action_list,
                            lambda w, t: ast.ActionList(tuple(t), w))
        title = statement(pp.Suppress(_kw("title")) - string, lambda w, t: ast.Title(t[0], w))
        seed = statement(pp.Suppress(_kw("seed")) - number, lambda w, t: ast.Seed(t[0], w))
        definition = statement(identifier + pp.Regex(r"=(?!=)").suppress() - expression,
                               lambda w, t: ast.Definition(t[0], t[1], w))
        bare_condition = statement(expression, lambda w, t: ast.Condition(t[0], w))

        any_statement = (generate | produce | dealer | vulnerable | predeal | pointcount
                         | altcount | condition | actions | title | seed | definition
                         | bare_condition).set_name("a statement")
        self.script = pp.ZeroOrMore(any_statement) + pp.StringEnd().set_name("a statement")
        self.expression = expression + pp.StringEnd().set_name("end of the condition")

    # ----- shapes
    @staticmethod
    def _hvs_list() -> pp.ParserElement:
        """dealer's shape list: `any 4333 + 54xx - any 0xxx` (commas count as +)."""
        sign = pp.Optional(pp.one_of("+ - ,"), default="+")
        pattern = pp.Regex(r"[0-9x]{4}(?![0-9A-Za-z_])").set_name(
            "a shape of four digits or x, e.g. 4333 or 5xxx")

        def build_term(text, _loc, tokens):
            start, (sign_, any_, pattern_), end = tokens[0], tokens[1], tokens[2]
            return ast.HvsTerm(sign_ == "-", any_ is not None, pattern_, _where(text, start, end))

        term = pp.Located(sign + pp.Optional(_kw("any"), default=None) + pattern)
        term.add_parse_action(build_term)
        return _located(pp.OneOrMore(term), lambda w, t: ast.ShapeSpec(tuple(t), False, w))

    @staticmethod
    def _dpp_list() -> pp.ParserElement:
        """Dellacherie's shape list: `5+M3+c(31) + (4432) - 4xxx:h>s`."""
        spec = r"(?:\d[+-]?|x|\[[0-9-]+\])"
        letter = r"[shdcSHDCMm]"
        atom_pattern = pp.Regex(
            rf"(?:(?:{spec}{letter})+(?:\({spec}+\))?|\({spec}+\)|{spec}{{4}})"
            r"(?=\s*(?:[-+:}]|$))").set_name(
            "a shape such as 5+xx5+, [3-5]xxx, (4432), 5s(431) or 5M(xxx)")
        reference = _located(pp.Regex(r"[shdc](?![A-Za-z0-9_])").set_name("s, h, d or c"),
                             lambda w, t: ast.Reference(t[0], w))
        number = _located(pp.Regex(r"\d+").set_parse_action(
            lambda text, loc, t: _number(text, loc, t[0])), lambda w, t: ast.Number(t[0], w))
        condition = _Infix({"#": number}, reference, r"(?<!\s)[+-]|[+-](?!\s)",
                           "a condition on s, h, d and c")
        conditions = pp.Optional(pp.Suppress(":") - pp.DelimitedList(condition))
        sign = pp.Optional(pp.one_of("+ -"), default="+")

        def build_atom(text, _loc, tokens):
            start, inner, end = tokens[0], tokens[1], tokens[2]
            negative = inner[0] == "-"
            ordered, fixed, group = _split_dpp_pattern(inner[1])
            return ast.DppAtom(ordered, fixed, group, tuple(inner[2:]), negative,
                               _where(text, start, end))

        atom = pp.Located(sign + atom_pattern + conditions).add_parse_action(build_atom)
        return _located(pp.OneOrMore(atom), lambda w, t: ast.ShapeSpec(tuple(t), True, w))


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


_STRING_OR_COMMENT = re.compile(r'"[^"]*"|#[^\n]*|//[^\n]*|/\*.*?\*/', re.S)


def _blank_comments(text: str) -> str:
    """The text with every comment (`#`, `//`, `/* */`) turned into blanks, newlines kept.

    Blanking once before parsing is much faster than letting pyparsing try the comment
    forms before every token, and keeps every line and column where it was. Strings are
    matched first so that a `#` inside quotes stays; an unclosed `/*` is left for the
    parser to report.
    """
    def blank(match: re.Match) -> str:
        found = match.group()
        return found if found.startswith('"') else re.sub(r"[^\n]", " ", found)
    return _STRING_OR_COMMENT.sub(blank, text)


_PARAMETER_OR_SKIPPED = re.compile(_STRING_OR_COMMENT.pattern + r"|\$(\d)", re.S)


def substitute_parameters(text: str, parameters: dict[int, str],
                          source: str = "<input>") -> str:
    """Dealer v2's script parameters: each `$0`..`$9` outside strings and comments replaced
    by the text given for it (`-0`..`-9` on v2's command line). A parameter that was not
    given is an error at its place, rather than v2's silent empty text."""
    def replace(match: re.Match) -> str:
        if match.group(1) is None:
            return match.group()
        digit = int(match.group(1))
        if digit not in parameters:
            line, column = _line_and_column(text, match.start())
            raise DealerSyntaxError(f"the script parameter ${digit} has no value (give it "
                                    f"with -{digit} TEXT, after --v2)", source=source,
                                    text=text, line=line, column=column)
        return parameters[digit]
    return _PARAMETER_OR_SKIPPED.sub(replace, text)


@functools.cache
def _grammar() -> _Grammar:
    return _Grammar()


def _syntax_error(error: pp.ParseBaseException, text: str, source: str) -> DealerSyntaxError:
    loc = min(error.loc, len(text))
    line, column = _line_and_column(text, loc)
    if text.startswith("/*", loc) and text.find("*/", loc) < 0:
        message = "this /* comment is never closed (end of file found in comment)"
    elif not str(error.msg).startswith("Expected "):  # a message of ours, given whole
        message = f"syntax error: {error.msg}"
    else:
        expected = clip(str(error.msg)[len("Expected "):].replace("end of text", "a statement"))
        line_end = text.find("\n", loc)
        found = printable(text[loc:loc + 40 if line_end < 0 else min(line_end, loc + 40)])
        found = f"found {found.strip()[:20]!r}" if found.strip() else "found the end of the input"
        message = f"syntax error: expected {expected}, {found}"
    return DealerSyntaxError(message, source=source, text=text, line=line, column=column)


def parse_script(text: str, source: str = "<input>") -> ast.Script:
    """Parse a whole dealer input file into its statements."""
    try:
        statements = _grammar().script.parse_string(_blank_comments(text), parse_all=True)
    except pp.ParseBaseException as error:
        raise _syntax_error(error, text, source) from None
    return ast.Script(tuple(statements), source, text)


def parse_expression(text: str, source: str = "<condition>") -> ast.Expr:
    """Parse one expression, such as a hand condition."""
    try:
        return _grammar().expression.parse_string(_blank_comments(text), parse_all=True)[0]
    except pp.ParseBaseException as error:
        raise _syntax_error(error, text, source) from None
