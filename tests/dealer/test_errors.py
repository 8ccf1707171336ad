"""Errors say where (file, line, column, the line with a caret) and what was expected."""
import subprocess
import sys

import pytest

from dealer import compile_program
from dealer.errors import DealerSemanticError, DealerSyntaxError


def syntax_error(text: str) -> DealerSyntaxError:
    with pytest.raises(DealerSyntaxError) as caught:
        compile_program(text, "deals.dl")
    return caught.value


def semantic_error(text: str) -> DealerSemanticError:
    with pytest.raises(DealerSemanticError) as caught:
        compile_program(text, "deals.dl")
    return caught.value


def test_syntax_error_shows_file_line_column_and_caret():
    error = syntax_error("produce 10\ncondition hcp(north) >= && hearts(south) > 3\n")
    assert (error.line, error.column) == (2, 25)
    text = str(error)
    assert text.splitlines() == [
        "deals.dl:2:25: syntax error: expected an expression, found '&& hearts(south) > 3'",
        "    condition hcp(north) >= && hearts(south) > 3",
        "                            ^"]


@pytest.mark.parametrize("text, expected", [
    ("generate lots", "expected a number"),
    ("dealer northeast", "expected a compass"),
    ("vulnerable some", "expected a vulnerability"),
    ("condition hcp(north, 3)", "expected a suit"),
    ("condition hascard(north, ZZ)", "expected a card"),
    ("action printes \"x\"", "printes takes its items in parentheses"),
    ("action frequency (hcp(north), 0)", "expected ','"),
    ("condition shape(north, 5xx)", "a shape of four digits or x"),
    ("condition shape{north, 5s(43}", "expected"),
    ("condition (hcp(north) > 3", "expected ')'"),
    ("x = 3 $ 4", "expected a statement"),
    ("/* never closed", "comment is never closed"),
])
def test_syntax_errors_say_what_was_expected(text, expected):
    assert expected in str(syntax_error(text))


@pytest.mark.parametrize("text, expected", [
    ("condition foo > 3", "unknown identifier `foo`"),
    ("condition x > 3\nx = hcp(north)", "`x` is used before its definition at line 2"),
    ("x = 1\nx = 2", "`x` is defined again (first at line 1)"),
    ("predeal north SA\npredeal south SA", "card SA is predealt twice (already to north)"),
    ("predeal north SAKQJT98765432, HA", "more than 13 cards predealt to north"),
    ("predeal north SAKQ\nspades(north) == 2", "north is predealt 3 spades but should hold "
                                               "exactly 2"),
    ("predeal spades(north) == 8, hearts(north) == 6", "add up to more than 13"),
    ("predeal spades(north) == 7, spades(south) == 7", "more than 13 spades"),
    ("pointcount 1 2 3 4 5 6 7 8 9 10 11 12 13 14", "too many point values"),
    ("altcount 10 1 2", "altcount numbers its tables 0 to 9"),
    ("condition shape(north, 4432 + 4442)", "shape 4442 has 14 cards"),
    ("condition hcp > 10", "needs a compass here"),
    ("generate 0", "generate needs a number of deals above 0"),
    ("action frequency (hcp(north), 10, 0)", "the wrong way round"),
    ("condition hcp(north) / 0 > 1", "division by zero"),
])
def test_semantic_errors(text, expected):
    assert expected in str(semantic_error(text))


def test_semantic_error_points_at_the_place():
    error = semantic_error("produce 5\ncondition hcp(north) > 3 and foo")
    assert (error.line, error.column) == (2, 30)
    assert str(error).splitlines()[-1] == " " * 33 + "^"


def test_command_line_reports_without_traceback(tmp_path):
    script = tmp_path / "bad.dl"
    script.write_text("produce 10\ncondition hcp(north) >= && 1\n")
    result = subprocess.run([sys.executable, "-m", "dealer", str(script)],
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert f"{script}:2:25: syntax error" in result.stderr
    assert "^" in result.stderr
