"""The grammar: every statement, expression and action of dealer's manual, C precedence."""
import glob
import re
import shutil
import subprocess

import pytest

from dealer import ast
from dealer.compile import compile_expression
from dealer.errors import DealerSyntaxError
from dealer.features import DealFeatures
from dealer.grammar import parse_expression, parse_script

EXAMPLES = sorted(glob.glob("/usr/share/doc/dealer/examples/Descr.*"))
OPERATOR_ORDER = "/usr/share/doc/dealer/examples/Descr.test_operator_order"


def value(text: str) -> int:
    """The value of a constant expression, through the vectorised compiler."""
    features = DealFeatures(size=1)
    return int(compile_expression(parse_expression(text))(features)[0])


@pytest.mark.skipif(not EXAMPLES, reason="dealer's examples are not installed")
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.rsplit(".", 1)[-1])
def test_every_example_parses(path):
    script = parse_script(open(path).read(), path)
    assert script.statements


@pytest.mark.parametrize("text, expected", [
    ("1 ? 0 ? 3 : 2 : 1", 2), ("1 ? 3 : 1 ? 2 : 1", 3), ("0 ? 3 : 1 ? 2 : 1", 2),
    ("1 || 0 ? 1 : 0", 1), ("1 ? 0 : 1 || 1", 0),
    ("0 && 0 || 1", 1), ("1 || 0 && 0", 1), ("0 || 0 || 1 && 0 && 0", 0),
    ("2 == 2 != 0", 1), ("0 != 2 == 1", 1), ("-2 < -1 <= 0", 0), ("4 > 3 < 1", 0),
    ("1 < 1 == 0", 1), ("0 == 0 < 0", 1), ("1 - 1 + 1", 1), ("1 + 0 < 1", 0),
    ("3 * 3 % 2", 1), ("3 % 2 * 2", 2), ("4 / 4 % 3", 1), ("10 % 8 / 2", 1),
    ("1 + 2 * 3", 7), ("!0 * 2", 2), ("2 * !0", 2), ("-1 - 2", -3), ("2 - -1", 3),
    ("not 1 + 1", 1), ("- 3 * 2", -6), ("-(2 + 3)", -5), ("!!5", 1),
    ("1 and 0 or 1", 1), ("2 + 3 == 5 and 1", 1), ("(1 ? 2 : 3) * 4", 8),
])
def test_c_precedence(text, expected):
    assert value(text) == expected


def test_c_integer_arithmetic():
    assert value("-7 / 2") == -3
    assert value("-7 % 3") == -1
    assert value("7 / -2") == -3
    assert value("7 % -3") == 1


def _operator_order_definitions():
    script = parse_script(open(OPERATOR_ORDER).read())
    return {s.name: s.expr for s in script.statements if isinstance(s, ast.Definition)}


@pytest.mark.skipif(not EXAMPLES, reason="dealer's examples are not installed")
def test_operator_order_example_matches_its_own_expectations():
    script = parse_script(open(OPERATOR_ORDER).read())
    definitions = _operator_order_definitions()
    features = DealFeatures(size=1)
    actions = next(s for s in script.statements if isinstance(s, ast.ActionList)).actions
    checked = 0
    for action in actions:
        items = action.items
        for reference, expectation in zip(items[1::2], items[2::2]):
            expected = int(re.match(r"==(-?\d+)", expectation).group(1))
            got = compile_expression(reference, definitions)(features)[0]
            assert got == expected, reference.name
            checked += 1
    assert checked == 42


@pytest.mark.skipif(not shutil.which("dealer", path="/usr/games") or not EXAMPLES,
                    reason="/usr/games/dealer is not installed")
def test_operator_order_matches_the_reference_binary():
    reference = subprocess.run(["/usr/games/dealer", "-s", "1", OPERATOR_ORDER],
                               capture_output=True, text=True, check=True).stdout
    got_values = [int(v) for v in re.findall(r"(-?\d+)==", reference)]
    definitions = _operator_order_definitions()
    features = DealFeatures(size=1)
    script = parse_script(open(OPERATOR_ORDER).read())
    actions = next(s for s in script.statements if isinstance(s, ast.ActionList)).actions
    ours = [int(compile_expression(item, definitions)(features)[0])
            for action in actions for item in action.items if not isinstance(item, str)]
    assert ours == got_values


def test_statements():
    script = parse_script("""
        generate 1000 produce 10
        dealer west
        vulnerable EW
        title "my deals"
        predeal north SAKQ, H2 east C10 spades(south) == 3
        pointcount 4 3 2 1 1
        altcount 3 1 1
        opener = hcp(north) >= 15 // a comment
        # a whole-line comment
        condition opener /* and
           a block comment */ && shape(north, any 4333 + any 4432 - 4xxx)
        action printall, average "hcp" hcp(north), frequency (hcp(south), 0, 37)
    """)
    kinds = [type(s).__name__ for s in script.statements]
    assert kinds == ["Generate", "Produce", "DealerSeat", "Vulnerable", "Title", "PredealCards",
                     "PredealCards", "PredealLength", "PointCount", "AltCount", "Definition",
                     "Condition", "ActionList"]
    predeal = script.statements[5]
    assert predeal.seat == 0 and predeal.cards == (51, 50, 49, 26)
    assert script.statements[6].cards == (8,)
    assert script.statements[7] == ast.PredealLength(2, 3, 3)
    assert script.statements[9] == ast.AltCount(3, (1, 1))


def test_bare_expression_is_a_condition():
    script = parse_script("hcp(north) > 10\nproduce 3")
    assert isinstance(script.statements[0], ast.Condition)


def test_singular_and_plural_keywords():
    for singular, plural in [("club", "clubs"), ("heart", "hearts"), ("loser", "losers"),
                             ("control", "controls"), ("jack", "jacks"), ("ace", "aces"),
                             ("hcp", "hcps"), ("king", "kings"), ("queen", "queens"),
                             ("ten", "tens")]:
        one = parse_expression(f"{singular}(north{', spades' if singular not in ('club', 'heart') else ''})")
        two = parse_expression(f"{plural}(north{', spades' if plural not in ('clubs', 'hearts') else ''})")
        assert one == two
    assert parse_expression("tricks(north, notrump)") == parse_expression("trick(north, notrumps)")
    assert parse_expression("imps(3)") == parse_expression("imp(3)")


@pytest.mark.parametrize("synonym, canonical", [
    ("tens", "pt0"), ("jacks", "pt1"), ("queens", "pt2"), ("kings", "pt3"), ("aces", "pt4"),
    ("top2", "pt5"), ("top3", "pt6"), ("top4", "pt7"), ("top5", "pt8"), ("c13", "pt9")])
def test_altcount_synonyms(synonym, canonical):
    assert parse_expression(f"{synonym}(east)") == ast.Count(canonical, 1, None)
    assert parse_expression(f"{synonym}(east, clubs)") == ast.Count(canonical, 1, 0)


def test_functions():
    assert parse_expression("hascard(east, TC)") == ast.HasCard(1, 8)
    assert parse_expression("hascard(east, CT)") == ast.HasCard(1, 8)
    assert parse_expression("hascard(SA)") == ast.HasCard(None, 51)
    assert parse_expression("quality(north, spades)") == ast.Quality(0, 3)
    assert parse_expression("cccc(west)") == ast.Cccc(3)
    assert parse_expression("ltc(west, hearts)") == ast.Count("ltc", 3, 2)
    assert parse_expression("score(vul, x4S, 10)") == ast.Score(True, 4, 3, ast.Number(10))
    assert parse_expression("score(nv, x3N, tricks(south, notrumps))") == ast.Score(
        False, 3, 4, ast.Tricks(2, 4))
    assert parse_expression("rnd(10)") == ast.Rnd(ast.Number(10))
    assert parse_expression("loser(north, clubs)") == ast.Count("loser", 0, 0)


def test_compass_may_be_left_out():
    assert parse_expression("hcp") == ast.Count("hcp", None, None)
    assert parse_expression("hcp(spades)") == ast.Count("hcp", None, 3)
    assert parse_expression("spades") == ast.SuitLength(None, 3)
    assert parse_expression("controls()") == ast.Count("control", None, None)


def test_actions():
    script = parse_script("""action printew, printpbn, printcompact, printcompact(hcp(north)),
        printoneline (1), printes("x", \\n, 3), print(east, west), evalcontract,
        frequency "two" (hcp(north), 0, 10, hcp(south), -1, 5), average 3,
        csvrpt(deal, north, "text", hcp(north), NS, trix(west), trix(deal)),
        printrpt(EW),""")
    actions = script.statements[0].actions
    assert [type(a).__name__ for a in actions] == [
        "PrintSide", "PrintPBN", "PrintCompact", "PrintCompact", "PrintOneLine", "PrintES",
        "PrintHands", "EvalContract", "Frequency2D", "Average", "CsvReport", "CsvReport"]
    assert actions[5].items == ("x", "\n", ast.Number(3))
    assert actions[6].seats == (1, 3)
    assert actions[8].low2 == -1
    assert actions[10].items[:3] == (ast.DealItem(), ast.HandItem(0), "text")
    assert actions[10].items[4:] == (ast.SideItem("NS"), ast.TrixItem(3), ast.TrixItem(None))
    assert actions[11].to_screen and not actions[10].to_screen


def test_empty_action_list():
    assert parse_script("action").statements[0] == ast.ActionList(())


def test_identifiers_are_not_keywords():
    assert parse_expression("hcpx") == ast.Reference("hcpx")
    with pytest.raises(DealerSyntaxError):
        parse_script("hcp = 3")


def test_strings_keep_backslash_n_and_newlines():
    script = parse_script('action printes("a\\nb\nc")')
    assert script.statements[0].actions[0].items == ("a\\nb\nc",)


def test_shape_lists():
    spec = parse_expression("shape(north, any 4333 + 54xx - any 0xxx, 5xx5 4xx4)").spec
    assert [(t.negative, t.any, t.pattern) for t in spec.terms] == [
        (False, True, "4333"), (False, False, "54xx"), (True, True, "0xxx"),
        (False, False, "5xx5"), (False, False, "4xx4")]


def test_dellacherie_at_least_against_a_following_shape():
    plus = parse_expression("shape{north, 5xx5+4xxx}").spec.terms
    assert len(plus) == 2 and not plus[1].negative
    modifier = parse_expression("shape{north, 5xx5+ + 4xxx}").spec.terms
    assert modifier[0].ordered[3].lengths == frozenset(range(5, 14))


def test_dellacherie_conditions_end_at_a_spaced_sign():
    terms = parse_expression("shape{north, 4+s4+h(xx):d>c,h+s==10 + 5xxx}").spec.terms
    assert len(terms) == 2
    assert len(terms[0].conditions) == 2
    assert terms[0].conditions[1].operands[0].ops == ("+",)


def test_positions_are_recorded():
    expr = parse_expression("hcp(north) +\n  hcp(south) / x")
    assert (expr.where.line, expr.where.column) == (1, 1)
    division = expr.operands[1]
    assert (division.where.line, division.where.column) == (2, 3)
    assert division.where.text == "hcp(south) / x"


def test_comment_markers_inside_strings_are_text():
    from dealer.grammar import parse_script
    script = parse_script('# a comment\naction printes("a # b // c /* d */", "\\n") // end\n')
    assert "a # b // c /* d */" in repr(script.statements)
