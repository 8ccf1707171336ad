"""Bad or extreme input ends in one of our errors, with its place, never in a traceback
(issue 12): deep nesting, long chains, huge numbers, unknown names, huge lines, bad files."""
import io
import subprocess
import sys
import time

import pytest

from dealer import RunOptions, ast, compile_hand_condition, compile_program, run_program
from dealer.compile import bind_seat, compile_expression
from dealer.errors import DealerSemanticError, DealerSyntaxError
from dealer.features import DealFeatures
from dealer.grammar import MAX_NUMBER, parse_expression

from bidding.model.cards import Hand

HAND = Hand.parse("AKQ2.K3.432.J832")  # 13 HCP, 4=2=3=4


def run(script: str, produce: int = 2) -> str:
    program = compile_program(f"generate 2000\nproduce {produce}\naction printoneline\n"
                              + script)
    out = io.StringIO()
    result = run_program(program, RunOptions(seed=1, jobs=1), out=out)
    assert result.produced == produce
    return out.getvalue()


def constant(text: str) -> int:
    return int(compile_expression(parse_expression(text))(DealFeatures(size=1))[0])


def syntax_error(text: str) -> DealerSyntaxError:
    with pytest.raises(DealerSyntaxError) as caught:
        compile_program(text, "deals.dl")
    assert caught.value.line >= 1 and caught.value.column >= 1
    return caught.value


# ----- 1. nesting and long chains

def test_a_thousand_parentheses_parse_compile_and_run():
    assert run("condition " + "(" * 1000 + "hcp(north) >= 0" + ")" * 1000)


def test_parentheses_add_no_depth():
    text = "(" * 5000 + "hcp(north) + 1" + ")" * 5000
    assert ast.depth(parse_expression(text)) == 2


def test_twenty_thousand_terms_of_a_sum_run():
    # no recursion limit on long chains (speed is the benchmarks' business, not a test's)
    condition = " + ".join(["hcp(north)"] * 20_000) + " >= 0"
    output = run(f"condition {condition}")
    assert output.count("\nn ") == 1


def test_twenty_thousand_or_terms_run():
    condition = " or ".join(f"hcp(north) == {n % 38}" for n in range(20_000))
    assert run(f"condition {condition}")


def test_long_chains_keep_c_evaluation_order():
    assert constant(" - ".join(["1"] * 1000)) == 1 - 999
    assert constant("100 / 3 * 3 % 7") == 99 % 7
    assert constant("1 < 2 < 3 == 1") == 1
    assert constant(" && ".join(["1"] * 3000) + " && 0") == 0
    assert constant("0" + " || 0" * 3000 + " || 2") == 1


def test_and_or_chains_evaluate_each_operand_only_where_still_undecided():
    # the division by zero on the right is never reached on a false `&&` or a true `||`
    assert run("condition hcp(north) >= 0 || 1 / (hcp(north) - hcp(north)) "
               "&& 1 / (hcp(north) - hcp(north))")
    condition = "hcp(north) > 40 && 1 / (hcp(north) - hcp(north)) > 0 || hcp(north) >= 0"
    assert run(f"condition {condition}")


@pytest.mark.parametrize("count, value", [(300, 0), (301, 1), (4000, 0), (4001, 1)])
def test_runs_of_not_work(count, value):
    # `!!!x` is `!x`: a run of them nests two levels at most
    assert constant("not " * count + "0") == value
    assert constant("!" * count + "(1 - 1)") == value


def test_runs_of_unary_minus_work():
    assert constant("-" * 10_000 + "3") == 3
    assert constant("-" * 10_001 + "3") == -3
    assert constant("- " * 10_000 + "(2 + 1)") == 3
    assert run("condition " + "-" * 10_000 + "3 < hcp(north)")


def test_nesting_up_to_the_limit_compiles_and_runs_everywhere():
    levels = ast.MAX_DEPTH - 2
    text = "(hcp(north) + " * levels + "1" + ")" * levels
    expr = parse_expression(text)
    assert ast.depth(expr) == ast.MAX_DEPTH - 1
    assert ast.depth(parse_expression(f"{text} > 0")) == ast.MAX_DEPTH
    assert run(f"condition {text} > 0\naction printcompact({text})")
    hand_text = text.replace("(north)", "")
    assert compile_hand_condition(hand_text).value(HAND) == 13 * levels + 1
    assert bind_seat(parse_expression(hand_text), 0) == expr


def test_nesting_beyond_the_limit_is_a_located_syntax_error():
    levels = ast.MAX_DEPTH
    error = syntax_error("produce 1\ncondition " + "(hcp(north) * " * levels
                         + "1" + ")" * levels)
    assert (error.line, error.column) == (2, 11)
    assert f"nests more than {ast.MAX_DEPTH} levels deep" in str(error)
    with pytest.raises(DealerSyntaxError, match="levels deep"):
        compile_hand_condition("-(1 + " * levels + "hcp" + ")" * levels)


def test_nesting_through_definitions_beyond_the_limit_is_a_located_error():
    lines = ["x0 = hcp(north)"] + [f"x{n} = (x{n - 1} + 1) * 2" for n in range(1, 150)]
    with pytest.raises(DealerSemanticError) as caught:
        compile_program("\n".join(lines + ["condition x149 > 0"]))
    assert "the limit is" in str(caught.value)
    assert caught.value.line == 68  # x67 nests 3 * 67 + 1 levels


def test_definitions_used_many_times_compile_at_once():
    lines = ["x0 = hcp(north)"] + [f"x{n} = x{n - 1} + x{n - 1}" for n in range(1, 40)]
    started = time.perf_counter()
    program = compile_program("\n".join(lines + ["condition x39 >= 0"]))
    assert program.condition is not None
    assert time.perf_counter() - started < 5  # walking every use took 2^40 steps before


def test_conditional_chains_and_nested_conditionals():
    assert constant("1 ? 0 ? 3 : 2 : 1") == 2
    assert constant("0 ? 1 : 0 ? 2 : 0 ? 3 : 4") == 4
    assert constant("(0 ? 1 : 2) ? (1 ? 5 : 6) : 7") == 5
    for text, expected in (("1 ? 2", "expected ':'"), ("(1 ? 2)", "expected ':'"),
                           ("((1 + 2)", "expected ')'"), ("1 +", "expected an expression")):
        assert expected in str(syntax_error(f"condition {text}"))


# ----- 2. numbers beyond 64 bits

@pytest.mark.parametrize("script, column", [
    ("condition 99999999999999999999", 11),
    ("condition hcp(north) > 99999999999999999999", 24),
    ("action frequency (hcp(north), 0, 99999999999999999999)", 34),
    ("action frequency (hcp(north), -99999999999999999999, 3)", 31),
    ("generate 99999999999999999999", 10),
    ("condition shape{north, 4+s:s > 99999999999999999999}", 32),
    pytest.param("condition hcp(north) > " + "9" * 5000, 24, id="5000 digits"),
])
def test_numbers_beyond_64_bits_are_syntax_errors(script, column):
    error = syntax_error(script)
    assert (error.line, error.column) == (1, column)
    assert "is too large" in str(error)
    assert len(str(error)) < 400


def test_the_largest_number_is_accepted_and_constants_wrap_as_the_batches_do():
    assert constant(str(MAX_NUMBER)) == MAX_NUMBER
    assert constant(f"{MAX_NUMBER} + 1") == -MAX_NUMBER - 1
    assert constant(f"-{MAX_NUMBER} - 2") == MAX_NUMBER
    assert compile_hand_condition(f"{MAX_NUMBER} * 4 + hcp").value(HAND) == -4 + 13
    assert run(f"condition {MAX_NUMBER} + 1 < hcp(north)")


def test_a_huge_frequency_table_is_refused():
    with pytest.raises(DealerSemanticError, match="frequency table would have"):
        compile_program(f"action frequency (hcp(north), 0, {MAX_NUMBER})")


def test_deal_command_reports_a_huge_number_without_traceback():
    result = subprocess.run([sys.executable, "cli.py", "deal", "--condition",
                             "hcp(north) > 99999999999999999999"],
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "99999999999999999999 is too large" in result.stderr


# ----- 3. hand conditions

def test_hand_condition_with_thirty_parentheses():
    condition = compile_hand_condition("(" * 30 + "hcp >= 12" + ")" * 30)
    assert condition(HAND)


# ----- 4. messages a user can act on

@pytest.mark.parametrize("script, message, column", [
    ("condition foo(north) > 3", "unknown function `foo`", 11),
    ("condition hcpp (north) > 3", "unknown function `hcpp` (did you mean hcp?)", 11),
    ("condition 1 + spade(north) + sapdes(north)", "(did you mean spades?)", 30),
    ("condition hcp(nort) > 3", "expected a compass (north, east, south or west)", 15),
    ("condition spades(sout) > 3", "expected a compass (north, east, south or west)", 18),
    ("condition quality(nort, spades) > 3", "expected a compass (north, east, south", 19),
    ("condition hascard(wst, AS)", "expected a compass (north, east, south or west)", 19),
    ("condition shape(est, any 4333)", "expected a compass (north, east, south or west)", 17),
])
def test_unknown_functions_and_misspelt_compasses_are_named(script, message, column):
    error = syntax_error(script)
    assert message in str(error)
    assert (error.line, error.column) == (1, column)


def test_a_name_then_a_parenthesis_on_the_next_line_is_two_statements():
    program = compile_program("x = hcp(north)\n(x > 10)")
    assert program.condition is not None


def test_shapes_starting_with_x_are_not_taken_for_a_compass():
    assert compile_hand_condition("shape(xxx5, 4xxx)")(Hand.parse("AKQ2.K3.432.J832"))


@pytest.mark.parametrize("line", [
    "condition $ " + "hcp(north) + " * 160_000,  # 2 MB after the error
    'action printes("' + "x" * 2_000_000 + '", $)',  # 2 MB before it
], ids=["error first", "error last"])
def test_messages_quote_a_two_megabyte_line_only_around_the_error(line):
    error = syntax_error(line)
    message = str(error)
    assert len(message) < 400
    shown, caret = message.splitlines()[1:]
    assert shown[caret.index("^")] == line[error.column - 1] in ",$"


def test_messages_show_binary_bytes_as_question_marks():
    message = str(syntax_error("condition hcp(north) > \x01\x02\x7f"))
    assert "\x01" not in message and "\x7f" not in message


def test_semantic_messages_quote_long_expressions_shortened():
    text = " + ".join(["hcp(north)"] * 5000)
    with pytest.raises(DealerSemanticError) as caught:
        compile_program(f"condition ({text}) / 0")
    assert len(str(caught.value)) < 500


# ----- 5. the command line

def dealer_command(*arguments, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dealer", *arguments], input=stdin,
                          capture_output=True)


@pytest.mark.parametrize("kind", ["missing", "directory", "binary"])
def test_unreadable_scripts_are_named_without_traceback(tmp_path, kind):
    path = tmp_path / "deals.dl"
    if kind == "directory":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00generate 10\n")
    result = dealer_command(str(path))
    stderr = result.stderr.decode()
    assert result.returncode == 1
    assert "Traceback" not in stderr
    assert stderr.startswith(f"dealer: {path}: ")


def test_latin1_comments_are_read_and_bad_bytes_elsewhere_are_located(tmp_path):
    path = tmp_path / "deals.dl"
    path.write_bytes(b"# d\xe9clarant au nord\ngenerate 10\nproduce 1\n")
    assert dealer_command("-s", "1", str(path)).returncode == 0
    path.write_bytes(b"generate 10\ncondition hcp(north) > \xe9\n")
    result = dealer_command(str(path))
    assert "Traceback" not in result.stderr.decode()
    assert f"{path}:2:24: syntax error".encode() in result.stderr
    result = dealer_command(stdin=b"generate 10\ncondition \xff\n")
    assert b"<stdin>:2:11: syntax error" in result.stderr


def test_negative_seeds_are_read_as_dealer_reads_them(tmp_path):
    path = tmp_path / "deals.dl"
    path.write_text("generate 10\nproduce 2\naction printoneline\n")
    negative = dealer_command("--rng", "dealer", "-s", "-5", str(path))
    assert negative.returncode == 0, negative.stderr
    # dealer prints the seed as an unsigned 64-bit number and deals as for 2^32 - 5
    assert b"Initial random seed 18446744073709551611" in negative.stdout
    same = dealer_command("--rng", "dealer", "-s", str(2 ** 32 - 5), str(path))
    assert negative.stdout.splitlines()[:2] == same.stdout.splitlines()[:2]
    refused = dealer_command("-g", "-5", str(path))
    assert refused.returncode == 2 and b"-g needs a number above 0" in refused.stderr


def test_swapping_with_a_condition_on_a_swapped_seat_runs(tmp_path):
    path = tmp_path / "deals.dl"
    path.write_text("generate 200\nproduce 2\ncondition hcp(east) > 12\naction printoneline\n")
    for switch in ("-2", "-3"):
        result = dealer_command(switch, "-s", "1", str(path))
        assert result.returncode == 0, result.stderr
        assert result.stdout.count(b"\nn ") + result.stdout.startswith(b"n ") == 2


def test_swapping_with_a_suit_length_predealt_to_a_swapped_seat_is_refused(tmp_path):
    path = tmp_path / "deals.dl"
    path.write_text("generate 10\nproduce 2\npredeal spades(east) == 3\n")
    result = dealer_command("-2", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr.decode()
    assert b"only north and south keep their hand" in result.stderr
