"""Property-based fuzzing of the PBN/LIN reader and the case reader: whatever a mutated golden
file or case row holds, they give boards/cases or one of our errors, with its line.

The budget is fixed and the examples derandomized so that the suite stays fast and repeatable;
FUZZ_EXAMPLES=3000 in the environment runs a bigger search once.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bidding.laboratory.cases import INVALID, Outcome, Report, read_cases
from bidding.model.errors import BridgeError
from bidding.model.pbn import PbnError, read_lin, read_pbn

GOLDEN = Path(__file__).parent / "golden"
CASES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sayc-cases.jsonl"
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)), deadline=None,
                derandomize=True, suppress_health_check=[HealthCheck.too_slow])
LONGEST_MESSAGE = 600

# Characters that mean something to the readers, some that do not, and some that are odd.
_SYNTAX = st.sampled_from(list('[]"{};%\\|=*$^!?-+:,.# \t\n\r') +
                          ["\ufeff", "\u2028", "\x00", "♠", "é", "²", "٣", "NT", "Pass", "AP", "md",
                           "mb", "sv", "ah", "pn", "10", "99999999999999999999"])
_PIECE = st.one_of(_SYNTAX, st.text(max_size=12),
                   st.text(alphabet="AKQJT98765432SHDCNESWPXpdr1234567", max_size=12))


@st.composite
def mutated(draw, text: str) -> str:
    """`text` after a few edits: pieces inserted, slices deleted, lines repeated or
    swapped, a slice repeated many times."""
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line", "repeat"]))
        at = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:at] + draw(_PIECE) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif kind == "replace":
            text = text[:at] + draw(_PIECE) + text[at + draw(st.integers(1, 8)):]
        elif kind == "line":
            lines = text.split("\n")
            first, second = (draw(st.integers(0, len(lines) - 1)) for _ in range(2))
            lines[first], lines[second] = lines[second], lines[first]
            lines.insert(first, lines[second])
            text = "\n".join(lines)
        else:
            size = draw(st.integers(1, 6))
            text = text[:at] + text[at:at + size] * draw(st.integers(2, 5000)) + text[at:]
    return text


def _located(error: BridgeError, file: str) -> None:
    """Our error, a PbnError whose message starts with `file:line:` and stays short."""
    assert isinstance(error, PbnError), f"{type(error).__name__} has no position: {error}"
    assert re.match(rf"{re.escape(file)}:\d+: ", str(error)), str(error)
    assert error.line >= 1
    assert len(str(error)) < LONGEST_MESSAGE, str(error)[:LONGEST_MESSAGE]


@pytest.mark.parametrize("read, golden", [(read_pbn, "pbn_sample.pbn"),
                                           (read_lin, "lin_sample.lin")])
@FUZZ
@given(data=st.data())
def test_pbn_and_lin_readers_give_boards_or_a_located_error(read, golden, data):
    text = data.draw(mutated((GOLDEN / golden).read_text()))
    try:
        boards = read(text, golden)
    except BridgeError as error:
        _located(error, golden)
        return
    for board in boards:
        board.effective_dealer, board.effective_vulnerability   # defined for every board


def _case_lines() -> list[str]:
    if not CASES.exists():
        return []
    lines = CASES.read_text(encoding="utf-8").splitlines()
    return lines[:: max(1, len(lines) // 200)]


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@st.composite
def mutated_case(draw) -> str:
    """A case row with its text mutated, or one of its fields set to any JSON value."""
    lines = _case_lines()
    line = draw(st.sampled_from(lines))
    if draw(st.booleans()):
        return draw(mutated(line))
    row = json.loads(line)
    key = draw(st.sampled_from(sorted(row) + ["extra"]))
    if draw(st.booleans()):
        row.pop(key, None)
    else:
        row[key] = draw(_JSON)
    return json.dumps(row)


@pytest.mark.skipif(not CASES.exists(), reason="../shared/data/sayc-cases.jsonl is absent")
@FUZZ
@given(st.lists(mutated_case(), min_size=1, max_size=3))
def test_case_reader_gives_cases_or_invalid_rows_with_their_line(rows):
    text = "\n".join(rows)
    lines = text.split("\n")
    cases = read_cases(lines)
    lines[0] = lines[0].removeprefix("\ufeff")
    assert [case.line for case in cases] == [
        number for number, line in enumerate(lines, 1)
        if line.strip() and not line.strip().startswith("#")]
    for case in cases:
        if case.problem is None:
            assert case.hand is not None and case.auction is not None and case.expected
        else:
            assert isinstance(case.problem, str) and len(case.problem) < LONGEST_MESSAGE
    report = Report([Outcome(case, INVALID) for case in cases if case.problem is not None])
    for line, case in zip(report.invalid_rows().splitlines(),
                          [c for c in cases if c.problem is not None]):
        assert line.startswith(f"INVALID line {case.line}")
        assert len(line) < 2 * LONGEST_MESSAGE
    report.summary()
