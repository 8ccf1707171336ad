"""Property-based fuzzing of the dealer language: valid scripts (the goldens, the compat
scripts, dealer's examples), mutated a few times each, either compile and run or fail with
one of our errors, located by line and column; never with another exception.

The budget is fixed and derandomised so that the suite stays fast and repeatable; set
DEALER_FUZZ_EXAMPLES to run more (e.g. 5000) locally.
"""
import glob
import io
import os
import re
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from dealer import RunOptions, compile_hand_condition, compile_program, run_program
from dealer.errors import DealerError, DealerInputError

HERE = Path(__file__).parent
SEEDS = sorted({path: Path(path).read_text(encoding="utf-8", errors="replace")
                for path in [*glob.glob(str(HERE / "golden" / "*.in")),
                             *glob.glob(str(HERE / "compat" / "*.dlr")),
                             *glob.glob("/usr/share/doc/dealer/examples/Descr.*")]}.items())
HAND_CONDITIONS = ["hcp >= 15 and hcp <= 17 and shape{(4333)+(4432)+(5332)}",
                   "spades >= 5 && (hcp(spades) >= 4 || quality(spades) > 100)",
                   "shape{5+M(xxx):h+s>=9, c<3} ? cccc > 1500 : controls >= 3",
                   "imps(score(vul, x4S, 10) - 420) + rnd(3) * -(losers - ltc / 100)"]
TOKENS = ["(", ")", "((((", "))))", "{", "}", ",", ":", "?", "!", "-", "--", "+", "*", "/",
          "%", "&&", "||", "==", "!=", "<", ">=", "not", "and", "or", " ", "\n", "\t", '"',
          "/*", "*/", "#", "//", "=", "hcp", "hcp(north)", "shape", "shape{", "any", "4333",
          "5+s(xxx)", "x3N", "score(vul, x4S, 10)", "imps", "rnd", "tricks(south, notrump)",
          "hascard", "AS", "north", "nort", "spades", "predeal", "condition", "action",
          "printes", "frequency", "average", "generate", "produce", "dealer", "vulnerable",
          "pointcount", "altcount", "csvrpt", "x", "foo(", "0", "13", "-1",
          "9223372036854775807", "99999999999999999999", "\x00", "\u00e9", "\ufffd"]
LOCATED = re.compile(r"^fuzz\.dl:\d+:\d+: ")


@st.composite
def mutated(draw, texts: list[str]) -> str:
    """One of `texts` with one to four edits: a character inserted, deleted or replaced, a
    token inserted, a span deleted or duplicated, or a stretch nested or repeated deeply."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["char", "delete", "replace", "token", "token",
                                     "span", "nest", "repeat"]))
        if kind == "char":
            text = text[:at] + draw(st.characters(codec="utf-8")) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        elif kind == "replace":
            text = text[:at] + draw(st.characters(codec="utf-8")) + text[at + 1:]
        elif kind == "token":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at:]
        elif kind == "span":
            end = at + draw(st.integers(1, 40))
            text = text[:end] + text[at:end] * draw(st.integers(1, 50)) + text[end:]
        elif kind == "nest":
            end, depth = at + draw(st.integers(1, 30)), draw(st.integers(1, 400))
            text = text[:at] + "(" * depth + text[at:end] + ")" * depth + text[end:]
        else:
            run = draw(st.sampled_from(["-", "!", "not ", "(", "1 + ", "hcp(north) || ",
                                        "-(", "1 ? 2 : "]))
            text = text[:at] + run * draw(st.integers(1, 1000)) + text[at:]
    return text


def tricks_for_fuzzing(deal: np.ndarray, seat: int, strain: int) -> int:
    """A cheap stand-in for the double-dummy solver."""
    return int(deal[seat * 13 % 52] + strain) % 14


def check_script(text: str) -> None:
    try:
        program = compile_program(text, "fuzz.dl", tricks=tricks_for_fuzzing)
    except DealerInputError as error:
        assert error.line >= 1 and error.column >= 1, error
        assert len(str(error)) < 1000, "messages quote the input shortly"
        return
    if any(type(compiled.action).__name__ == "EvalContract" for compiled in program.actions):
        return  # it solves double dummy for real: too slow for fuzzing
    try:
        run_program(program, RunOptions(generate=30, produce=3, seed=1, jobs=1),
                    out=io.StringIO())
    except DealerError as error:  # division by zero in a deal, an impossible predeal...
        assert isinstance(error, DealerInputError) or LOCATED.match(str(error)) \
            or "swapping" in str(error), error


FUZZ = settings(max_examples=int(os.environ.get("DEALER_FUZZ_EXAMPLES", 200)),
                deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(mutated([text for _, text in SEEDS]))
def test_mutated_scripts_fail_only_with_located_dealer_errors(text):
    check_script(text)


@FUZZ
@given(mutated(HAND_CONDITIONS))
def test_mutated_hand_conditions_fail_only_with_located_dealer_errors(text):
    try:
        compile_hand_condition(text, "fuzz.dl")
    except DealerInputError as error:
        assert error.line >= 1 and error.column >= 1, error


@FUZZ
@given(st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join))
def test_random_token_sequences_fail_only_with_located_dealer_errors(text):
    check_script(text)
