"""The shipped systems against their agreement files (tests/data/agreements/*.jsonl): one
hand and one auction per line, North dealing, with the call the agreement in the line's
group and comment gives. Unlike the written case files (tests/data/sayc-*-cases.jsonl, kept
as a record of a first run) every line must pass: a line is the test of a rule. The files
are case files, so `python cli.py cases tests/data/agreements/sayc-slam.jsonl --system SAYC
--opponents SAYC` runs one against any system (a designer's variant of SAYC, say) and lists
what it bids otherwise, by rule. The robots here read the opponents' calls with their own
system (their 2C over our 1NT is Cappelletti), so without `--opponents` the case runner,
which reads them as natural, can differ on a line about their conventional calls. A file
named `acol*.jsonl` is Acol's, every other file SAYC's."""
from __future__ import annotations

from pathlib import Path

import pytest

from bidding.laboratory.cases import PASSED, load_cases, run_case
from tests.robots import shipped_robot

AGREEMENTS = Path(__file__).resolve().parent / "data" / "agreements"
FILES = sorted(AGREEMENTS.glob("*.jsonl"))


def system_of(path: Path) -> str:
    return "Acol" if path.name.startswith("acol") else "SAYC"


@pytest.fixture(scope="module")
def robots():
    return {name: shipped_robot(name) for name in ("SAYC", "Acol")}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_each_agreement_file_is_valid(path):
    cases = load_cases(path)
    assert len(cases) >= 20
    assert [case.where for case in cases if case.problem] == []
    assert all(case.raw.get("group") and case.raw.get("topic") for case in cases)


@pytest.mark.parametrize("path, case", [
    pytest.param(path, case, id=f"{path.stem}-line{case.line}")
    for path in FILES for case in load_cases(path)])
def test_agreement(robots, path, case):
    outcome = run_case(case, robots[system_of(path)])
    assert outcome.status == PASSED, (
        f"{path.name} {case.where} [{case.group}] {case.hand_text} after {case.history_text}"
        f" ({case.raw.get('vulnerability')} vulnerable): expected {case.expected}, got "
        f"{outcome.call} by {outcome.rule_text} -- {case.raw.get('comment')}")
