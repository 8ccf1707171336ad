"""Shape lists as sets of the 560 patterns: dealer's forms and Dellacherie's shape{}."""
import itertools

import pytest

from dealer.compile import VectorCompiler
from dealer.errors import DealerSemanticError
from dealer.grammar import parse_expression
from dealer.shapes import ALL_PATTERNS, describe_patterns


def patterns(text: str) -> frozenset:
    spec = parse_expression(text).spec
    return VectorCompiler({}, "<test>").shape_patterns(spec)


def listed(*shapes: str) -> frozenset:
    return frozenset(tuple(int(c) for c in shape) for shape in shapes)


def test_there_are_560_patterns():
    assert len(ALL_PATTERNS) == 560 and len(set(ALL_PATTERNS)) == 560


def test_hvs_exact_any_and_x():
    assert patterns("shape(north, 4333)") == listed("4333")
    assert patterns("shape(north, any 4333)") == listed("4333", "3433", "3343", "3334")
    assert len(patterns("shape(north, any 4432)")) == 12
    assert patterns("shape(north, 55xx)") == listed("5530", "5503", "5521", "5512")
    assert len(patterns("shape(north, xxxx)")) == 560
    assert len(patterns("shape(north, any 0xxx)")) == len(
        [p for p in ALL_PATTERNS if 0 in p])


def test_hvs_terms_apply_in_order():
    assert patterns("shape(north, 5xxx - 5xx5 + 5305)") == patterns(
        "shape(north, 5xxx - 5xx5)") | listed("5305")
    assert patterns("shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)") == (
        listed("4333", "3433", "3343", "3334") | patterns("shape(north, any 4432)")
        | listed("3352", "3325", "2353", "3253", "2335", "3235"))


def test_dellacherie_at_least_and_at_most():
    assert patterns("shape{north, 5+xx5+}") == frozenset(
        p for p in ALL_PATTERNS if p[0] >= 5 and p[3] >= 5)
    assert patterns("shape{north, 5+xx5+}") >= patterns("shape(north, 5xx5 + 6xx5 + 5008)")
    assert patterns("shape{north, 2-xxx}") == patterns("shape(north, 0xxx + 1xxx + 2xxx)")
    assert patterns("shape{north, 7+xxx}") == frozenset(p for p in ALL_PATTERNS if p[0] >= 7)


def test_dellacherie_ranges():
    assert patterns("shape{north, x[3-5]x[13]}") == patterns(
        "shape(north, x3x1 + x4x1 + x3x3 + x5x1 + x4x3 + x5x3)")
    assert patterns("shape{north, [013-68]xxx}") == frozenset(
        p for p in ALL_PATTERNS if p[0] in (0, 1, 3, 4, 5, 6, 8))


def test_dellacherie_permutations():
    assert patterns("shape{north, (4432)}") == patterns("shape(north, any 4432)")
    assert patterns("shape{north, 5s(431)}") == patterns(
        "shape(north, 5134 + 5314 + 5143 + 5341 + 5413 + 5431)")
    assert patterns("shape{north, 4+c3+d(2+2+)}") == patterns(
        "shape(north, 3334 + 4234 + 2434 + 3244 + 2344 + 2254 + 3235 + 2335 + 2245 + 2236)")


def test_dellacherie_majors_and_minors():
    assert patterns("shape{north, 5M(xxx)}") == patterns("shape(north, x5xx + 5xxx)")
    assert patterns("shape{north, 5+M3+c(31)}") == patterns(
        "shape(north, 1534 + 3514 + 1633 + 3613 + 5134 + 5314 + 6133 + 6313)")
    assert patterns("shape{north, 5M5m(xx)}") == patterns(
        "shape(north, x5x5 + 5xx5 + x55x + 5x5x)")


def test_dellacherie_conditions():
    assert patterns("shape{north, 4+s4+h(xx):d>c,h+s==10}") == patterns(
        "shape(north, 6421 + 6430 + 5521 + 5530 + 4621 + 4630)")
    french_heart = patterns("shape{north, x5+xx:h>s,h>=d,h>=c}")
    assert french_heart == frozenset(p for p in ALL_PATTERNS
                                     if p[1] >= 5 and p[1] > p[0] and p[1] >= p[2]
                                     and p[1] >= p[3])
    assert patterns("shape{north, xxxx:s==4 or h==4}") == frozenset(
        p for p in ALL_PATTERNS if 4 in p[:2])


def test_dellacherie_list_signs():
    balanced = patterns("shape{north, (4333) + (4432) + (5332)}")
    assert balanced == patterns("shape(north, any 4333 + any 4432 + any 5332)")
    assert patterns("shape{north, (4333)+(4432)+(5332) - 5xxx}") == balanced - patterns(
        "shape(north, 5xxx)")
    assert patterns("shape{north, 4M(3+3+2+)}") == patterns(
        "shape(north, 2443 + 2434 + 3424 + 3442 + 3433 + 4243 + 4423 + 4234 + 4432 + 4324 + "
        "4342 + 4333)")


def test_dellacherie_and_hvs_agree_on_every_exact_pattern():
    for pattern in itertools.islice(ALL_PATTERNS, 0, 560, 7):
        text = "".join(map(str, pattern)) if max(pattern) < 10 else None
        if text:
            assert patterns(f"shape{{north, {text}}}") == patterns(f"shape(north, {text})")


@pytest.mark.parametrize("text, message", [
    ("shape(north, 4333 + 4442)", "has 14 cards"),
    ("shape(north, 9xx5)", "more than 13 cards"),
    ("shape{north, (3+3+2+)}", "group in parentheses gives 3"),
    ("shape{north, 5s4s(xx)}", "suit letter is repeated"),
    ("shape{north, 5s}", "says nothing about 3 suit"),
    ("shape{north, xxxx:s/0}", "division by zero"),
])
def test_shape_errors(text, message):
    with pytest.raises(DealerSemanticError, match=message):
        patterns(text)


def test_descriptions():
    assert describe_patterns(patterns("shape{(4333)+(4432)+(5332)}")) == \
        "any 4333, 4432 or 5332"
    assert describe_patterns(patterns("shape(5431)")) == "5431"
    assert describe_patterns(patterns("shape(any 4432 + 5431)")) == "5431 or any 4432"
    assert describe_patterns(patterns("shape(xxxx)")) == "any shape"
