"""The grammar of dealer's input language (syntax only), building the AST as it parses.

Covers Hans van Staveren's dealer (all statements, expressions, functions and actions of its
manual), Dellacherie's `shape{...}` syntax natively, and Dealer v2's `ltc`, `title` and
`csvrpt`. Operators have C's precedence, as dealer's yacc grammar gives them:

    ?:  (right)   ||/or   &&/and   == !=   < <= > >=   + -   * / %   unary ! not -

Compasses may be left out (`hcp`, `spades`, `hcp(spades)`, `shape{(4432)}`): the grammar
accepts that everywhere, and the compiler allows it only in hand conditions.
"""
from __future__ import annotations

import dataclasses
import functools
import re

import pyparsing as pp

from . import ast
from .errors import DealerSyntaxError

pp.ParserElement.enable_packrat()

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

_IDENT_CHARS = pp.alphanums + "_"


def _kw(*words: str) -> pp.ParserElement:
    """Any of these words, as whole words (`hcpx` is not `hcp`)."""
    pattern = "|".join(sorted(words, key=len, reverse=True))
    return pp.Regex(rf"(?:{pattern})(?![A-Za-z0-9_])").set_name(" or ".join(words))


def _where(text: str, start: int, end: int) -> ast.Where:
    return ast.Where(pp.lineno(start, text), pp.col(start, text), text[start:end].strip(),
                     start, end)


def _located(rule: pp.ParserElement, build) -> pp.ParserElement:
    """Wrap `rule` so that `build(where, tokens)` makes its node, knowing its span."""
    def action(text, _loc, tokens):
        start, inner, end = tokens[0], tokens[1], tokens[2]
        return build(_where(text, start, end), inner)
    return pp.Located(rule).add_parse_action(action)


def _span(text: str, first, last) -> ast.Where:
    return _where(text, first.where.start, last.where.end)


def _fold_left(text: str, tokens) -> ast.Expr:
    """[a, op, b, op, c] -> ((a op b) op c), each node spanning its operands."""
    node = tokens[0]
    for index in range(1, len(tokens), 2):
        op, right = tokens[index], tokens[index + 1]
        node = ast.Binary(_canonical_op(op), node, right, _span(text, node, right))
    return node


def _canonical_op(op: str) -> str:
    return {"and": "&&", "or": "||", "not": "!"}.get(op, op)


def _binary_level(operand: pp.ParserElement, operator: pp.ParserElement, name: str):
    """operand (operator operand)*, left-associative; an operator must have a right operand."""
    level = operand + pp.ZeroOrMore(operator - operand)
    return level.set_name(name).add_parse_action(
        lambda text, _loc, tokens: _fold_left(text, tokens))


def _expression_ladder(primary: pp.ParserElement, additive: pp.ParserElement,
                       name: str) -> pp.Forward:
    """C's precedence ladder over `primary`; `additive` matches the + and - operators."""
    expr = pp.Forward().set_name(name)
    unary = pp.Forward().set_name(name)

    def build_unary(text, loc, tokens):
        op, operand = tokens[0], tokens[1]
        op = _canonical_op(op)
        if op == "-" and isinstance(operand, ast.Number):
            return ast.Number(-operand.value, _where(text, loc, operand.where.end))
        return ast.Unary(op, operand, _where(text, loc, operand.where.end))

    unary_op = pp.Regex(r"!(?!=)") | _kw("not") | pp.Literal("-")
    unary <<= ((unary_op + unary).add_parse_action(build_unary) | primary).set_name(name)
    multiplicative = _binary_level(unary, pp.one_of("* / %"), name)
    additive_level = _binary_level(multiplicative, additive, name)
    relational = _binary_level(additive_level, pp.one_of("<= >= < >"), name)
    equality = _binary_level(relational, pp.one_of("== !="), name)
    conjunction = _binary_level(equality, pp.Literal("&&") | _kw("and"), name)
    disjunction = _binary_level(conjunction, pp.Literal("||") | _kw("or"), name)

    def build_conditional(text, _loc, tokens):
        if len(tokens) == 1:
            return tokens[0]
        test, if_true, if_false = tokens[0], tokens[2], tokens[4]
        return ast.Conditional(test, if_true, if_false, _span(text, test, if_false))

    conditional = pp.Forward()
    conditional <<= (disjunction + pp.Optional(pp.Literal("?") - expr - pp.Literal(":")
                                               - conditional)).add_parse_action(build_conditional)
    expr <<= conditional
    return expr


class _Grammar:
    """The parsers, built once: `script` for whole files, `expression` for hand conditions."""

    def __init__(self) -> None:
        lpar, rpar, comma = (pp.Suppress(c) for c in "(),")
        lpar = lpar.set_name("'('")
        rpar = rpar.set_name("')'")

        number = pp.Regex(r"\d+").set_name("a number").set_parse_action(lambda t: int(t[0]))
        signed_number = pp.Regex(r"-?\s*\d+").set_name("a number").set_parse_action(
            lambda t: int(t[0].replace(" ", "")))
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

        expression = pp.Forward().set_name("an expression")
        self.expression_forward = expression

        # ----- function calls
        optional_seat = pp.Optional(compass, default=None)

        def call(keyword: pp.ParserElement, arguments: pp.ParserElement | None, build,
                 bare_allowed: bool = True):
            """`keyword(arguments)`, or the bare keyword when the arguments may all be left out."""
            with_args = keyword + lpar - (arguments if arguments is not None else pp.Empty()) - rpar
            form = with_args | keyword if bare_allowed else with_args
            return _located(form, build)

        no_seat = pp.Empty().add_parse_action(lambda: [None])
        seat_and_suit = ((compass + pp.Optional(comma - suit, default=None)) | (no_seat + suit)
                         | pp.Empty().add_parse_action(lambda: [None, None]))

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
        seat_comma = pp.Optional(compass + comma, default=None)
        seat_then_suit = seat_comma + suit
        quality_call = call(_kw("quality"), seat_then_suit,
                            lambda w, t: ast.Quality(t[1], t[2], w), bare_allowed=False)
        hascard_call = call(_kw("hascard"), seat_comma + card,
                            lambda w, t: ast.HasCard(t[1], t[2], w), bare_allowed=False)
        tricks_call = call(_kw("tricks", "trick"),
                           seat_comma + strain,
                           lambda w, t: ast.Tricks(t[1], t[2], w), bare_allowed=False)
        vulnerability = (_kw("nv").set_parse_action(lambda: False)
                         | _kw("vul").set_parse_action(lambda: True)).set_name("nv or vul")
        contract = pp.Regex(r"x[1-7][CDHSN](?![A-Za-z0-9_])").set_name(
            "a contract such as x3N or x4S")
        contract.set_parse_action(lambda t: (int(t[0][1]), "CDHSN".index(t[0][2])))
        score_call = call(_kw("score"), vulnerability + comma - contract + comma - expression,
                          lambda w, t: ast.Score(t[1], t[2][0], t[2][1], t[3], w),
                          bare_allowed=False)
        imps_call = call(_kw("imps", "imp"), expression, lambda w, t: ast.Imps(t[1], w),
                         bare_allowed=False)
        rnd_call = call(_kw("rnd"), expression, lambda w, t: ast.Rnd(t[1], w),
                        bare_allowed=False)

        hvs_shape = _located(pp.Suppress(_kw("shape")) + lpar - seat_comma
                             + self._hvs_list() + rpar,
                             lambda w, t: ast.ShapeTest(t[0], t[1], w))
        dpp_shape = _located(pp.Suppress(_kw("shape")) + pp.Suppress("{")
                             - seat_comma
                             + self._dpp_list() + pp.Suppress("}").set_name("'}'"),
                             lambda w, t: ast.ShapeTest(t[0], t[1], w))

        number_node = _located(number, lambda w, t: ast.Number(t[0], w))
        reference = _located(identifier, lambda w, t: ast.Reference(t[0], w))
        parenthesised = _located(lpar + expression - rpar,
                                 lambda w, t: dataclasses.replace(t[0], where=w))

        primary = (number_node | dpp_shape | hvs_shape | count_call | length_call | cccc_call
                   | quality_call | hascard_call | tricks_call | score_call | imps_call
                   | rnd_call | reference | parenthesised).set_name("an expression")
        additive = pp.Regex(r"[+-]")
        expression <<= _expression_ladder(primary, additive, "an expression")

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

        bounds = expression + comma - signed_number + comma - signed_number
        frequency = _located(_kw("frequency") - label + lpar - bounds
                             + pp.Optional(comma - bounds) - rpar, build_frequency)
        deal_item = _located(_kw("deal"), lambda w, _t: ast.DealItem(w))
        hand_item = _located(compass + pp.FollowedBy(pp.one_of(", )")),
                             lambda w, t: ast.HandItem(t[0], w))
        csvrpt = _located(_kw("csvrpt") - lpar
                          - pp.DelimitedList(string | deal_item | hand_item | expression) - rpar,
                          lambda w, t: ast.CsvReport(tuple(t[1:]), w))
        action = (printcompact | printoneline | printes | print_hands | simple("printall", ast.PrintAll)
                  | simple("printew", ast.PrintEW) | simple("printpbn", ast.PrintPBN)
                  | simple("evalcontract", ast.EvalContract) | average | frequency
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
        pointcount = statement(pp.Suppress(_kw("pointcount")) + pp.ZeroOrMore(signed_number),
                               lambda w, t: ast.PointCount(tuple(t), w))
        altcount = statement(pp.Suppress(_kw("altcount")) - number + pp.ZeroOrMore(signed_number),
                             lambda w, t: ast.AltCount(t[0], tuple(t[1:]), w))
        condition = statement(pp.Suppress(_kw("condition")) - expression,
                              lambda w, t: ast.Condition(t[0], w))
        actions = statement(pp.Suppress(_kw("action")) + action_list,
                            lambda w, t: ast.ActionList(tuple(t), w))
        title = statement(pp.Suppress(_kw("title")) - string, lambda w, t: ast.Title(t[0], w))
        definition = statement(identifier + pp.Regex(r"=(?!=)").suppress() - expression,
                               lambda w, t: ast.Definition(t[0], t[1], w))
        bare_condition = statement(expression, lambda w, t: ast.Condition(t[0], w))

        any_statement = (generate | produce | dealer | vulnerable | predeal | pointcount
                         | altcount | condition | actions | title | definition
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
        additive = pp.Regex(r"(?<!\s)[+-]|[+-](?!\s)")
        reference = _located(pp.Regex(r"[shdc](?![A-Za-z0-9_])").set_name("s, h, d or c"),
                             lambda w, t: ast.Reference(t[0], w))
        number = _located(pp.Regex(r"\d+"), lambda w, t: ast.Number(int(t[0]), w))
        condition = pp.Forward()
        primary = number | reference | _located(
            pp.Suppress("(") + condition - pp.Suppress(")"),
            lambda w, t: dataclasses.replace(t[0], where=w))
        condition <<= _expression_ladder(primary, additive, "a condition on s, h, d and c")
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


@functools.cache
def _grammar() -> _Grammar:
    return _Grammar()


def _syntax_error(error: pp.ParseBaseException, text: str, source: str) -> DealerSyntaxError:
    loc = min(error.loc, len(text))
    line, column = pp.lineno(loc, text), pp.col(loc, text)
    rest = text[loc:]
    if rest.startswith("/*") and "*/" not in rest:
        message = "this /* comment is never closed (end of file found in comment)"
    else:
        expected = str(error.msg)
        if expected.startswith("Expected "):
            expected = expected[len("Expected "):]
        expected = expected.replace("end of text", "a statement")
        found = rest.split("\n", 1)[0].strip()
        found = f"found {found[:20]!r}" if found else "found the end of the input"
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
