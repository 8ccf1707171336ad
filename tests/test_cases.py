"""The case runner (bidding.laboratory.cases, `cli.py cases`) on small synthetic files and a tiny system."""
from __future__ import annotations

import json
import re

import pytest

from bidding.laboratory.cases import FAILED, INVALID, PASSED, load_cases, read_cases, run_cases
from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named

CONVENTION = """<?xml version="1.0"?>
<convention>
  <name>Case runner test openings</name>
  <description>1NT with 15-17 balanced, 1S with five spades, else pass.</description>
  <actions>
    <open bid="1NT"><handtypes><type><HCP min="15" max="17"/><balanced/></type></handtypes>
      <pass bid="PASS"><handtypes><type><HCP max="7"/></type></handtypes></pass>
    </open>
    <open bid="1S"><handtypes><type><HCP min="12"/><spades min="5"/></type></handtypes></open>
  </actions>
</convention>
"""
SYSTEM = """<?xml version="1.0"?>
<system>
  <name>Case runner test system</name>
  <convention>Case runner test openings</convention>
</system>
"""

BALANCED_16 = "AK5.Q98.KJ32.A32"     # 16 HCP, 3-3-4-3
SPADES_13 = "AKJ95.Q98.K32.32"       # 13 HCP, five spades
WEAK = "T98.765.5432.432"            # 0 HCP


def row(hand, history, expected, topic="openings", **extra):
    data = {"hand": hand, "history": history, "dealer": "N", "vulnerability": "None",
            "expected": expected, "topic": topic, "group": "test_" + topic.replace(" ", "_"),
            "source": "synthetic:1"}
    data.update(extra)
    return json.dumps(data)


@pytest.fixture()
def library(tmp_path):
    (tmp_path / "openings.conv").write_text(CONVENTION)
    (tmp_path / "test.system").write_text(SYSTEM)
    return ConventionLibrary([tmp_path], builtin=False)


@pytest.fixture()
def case_file(tmp_path):
    lines = [
        row(BALANCED_16, [], "1NT"),                            # passes
        row(SPADES_13, [], "1S"),                               # passes
        row(SPADES_13, [], "1H"),                               # fails: we open 1S
        row(WEAK, ["1NT", "P"], "P", topic="responses"),        # passes (rule: at most 7)
        row(SPADES_13, ["1NT", "P"], "2C", topic="responses"),  # fails: no agreement, pass
        row("AK5.Q98.KJ32.AA2", [], "1NT"),                     # invalid: repeated card
        row(BALANCED_16, ["1NT", "P", "1C"], "P"),              # invalid: illegal history
        row(BALANCED_16, [], "9Z"),                             # invalid: unreadable call
        row(BALANCED_16, [], "1NT", to_act="E"),                # invalid: wrong seat to act
        row(BALANCED_16, [], "X"),                              # invalid: nothing to double
        "this is not json",                                     # invalid: not JSON
        "",                                                     # blank: skipped
        json.dumps({"hand": BALANCED_16, "history": []}),       # invalid: no expected call
    ]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_counts_passed_failed_invalid(case_file, library):
    cases = load_cases(case_file)
    assert len(cases) == 12
    report = run_cases(cases, system_named(library, "Case runner test system"))
    assert (report.passed, report.failed, report.invalid) == (3, 2, 7)
    assert report.rate == pytest.approx(3 / 5)
    statuses = [o.status for o in report.outcomes]
    assert statuses[:5] == [PASSED, PASSED, FAILED, PASSED, FAILED]
    assert set(statuses[5:]) == {INVALID}


def test_invalid_rows_say_why(case_file, library):
    report = run_cases(load_cases(case_file), system_named(library, "Case runner test system"))
    text = report.invalid_rows()
    assert "repeated" in text
    assert "illegal" in text
    assert "not JSON" in text
    assert "turn" in text
    assert "missing field 'expected'" in text
    assert text.count("INVALID") == 7
    # each invalid row names its line in the file
    assert "line 6" in text and "line 13" in text


def test_summary_per_topic_and_total_line(case_file, library):
    report = run_cases(load_cases(case_file), system_named(library, "Case runner test system"))
    lines = report.summary().splitlines()
    assert lines[-1].startswith("3 passed, 2 failed, 7 invalid")
    openings = next(line for line in lines if line.startswith("openings"))
    assert "66.7%" in openings and "2/3" in openings
    responses = next(line for line in lines if line.startswith("responses"))
    assert "50.0%" in responses and "1/2" in responses
    assert report.by_topic()["responses"] == (1, 1, 0)


def test_failures_show_hand_auction_calls_and_rule(case_file, library):
    report = run_cases(load_cases(case_file), system_named(library, "Case runner test system"))
    text = report.failures()
    assert text.count("FAIL") == 2
    assert SPADES_13 in text
    assert re.search(r"expected 1H, got 1S by \S*openings\.conv:\d+", text)  # file:line
    assert "expected 2C, got P by no agreement" in text
    assert "1NT P" in text                                         # the auction


def test_topic_filter(case_file, library):
    report = run_cases(load_cases(case_file), system_named(library, "Case runner test system"),
                       topic="responses")
    assert (report.passed, report.failed, report.invalid) == (1, 1, 0)


def test_read_cases_accepts_history_as_text():
    cases = read_cases([row(WEAK, "1NT P", "P")])
    assert cases[0].problem is None
    assert str(cases[0].auction) == "1NT P"


def test_cli_prints_summary_and_failures(case_file, library, tmp_path, capsys):
    import cli
    status = cli.main(["cases", str(case_file), "--system", "Case runner test system",
                       "--dir", str(tmp_path), "--failures"])
    assert status == 0
    out = capsys.readouterr().out
    assert "3 passed, 2 failed, 7 invalid" in out
    assert "FAIL" in out and "INVALID" in out
    assert "expected 2C, got P by no agreement" in out


def test_cli_topic_option(case_file, library, tmp_path, capsys):
    import cli
    cli.main(["cases", str(case_file), "--system", "Case runner test system",
              "--dir", str(tmp_path), "--topic", "openings"])
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("2 passed, 1 failed, 5 invalid")


@pytest.mark.parametrize("content, message", [
    (None, "none.jsonl: no such file"),
    (b'{"hand": "AKQ.AKQ.AKQ.AKQJ"}\n\xff\n', "none.jsonl: not UTF-8 text: byte 0xff at "
                                                "offset 29 (line 2)"),
])
def test_cli_refuses_an_unreadable_file_naming_it(tmp_path, capsys, content, message):
    import cli
    path = tmp_path / "none.jsonl"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SystemExit) as exit:
        cli.main(["cases", str(path)])
    assert exit.value.code == 2
    assert f"argument FILE: {tmp_path}/{message}" in capsys.readouterr().err


def test_cli_refuses_a_folder(tmp_path, capsys):
    import cli
    with pytest.raises(SystemExit):
        cli.main(["cases", str(tmp_path)])
    assert f"argument FILE: {tmp_path}: is a folder, not a file" in capsys.readouterr().err


def test_defective_rows_are_invalid_with_their_line_and_never_crash():
    lines = [
        "[" * 100_000,                                            # nested beyond the parser
        "1" * 5000,                                               # a number Python refuses
        "[1, 2]",                                                 # not an object
        json.dumps({"hand": ["AK5", "Q98"], "history": [], "expected": "1NT"}),
        json.dumps({"hand": BALANCED_16, "history": [1, 2], "expected": "1NT"}),
        json.dumps({"hand": BALANCED_16, "history": {}, "expected": "1NT"}),
        json.dumps({"hand": BALANCED_16, "history": [], "expected": 1}),
        json.dumps({"hand": BALANCED_16, "history": [], "expected": "1NT", "topic": ["a"]}),
        json.dumps({"history": [], "expected": "1NT"}),
        json.dumps({"hand": None, "history": [], "expected": "1NT"}),
        row(BALANCED_16, [], "1NT", dealer="north-west"),
        row("A" * 100_000, [], "1NT"),
        row(BALANCED_16, ["1NT", "Z" * 100_000], "P"),
    ]
    cases = read_cases(lines)
    assert [case.line for case in cases] == list(range(1, len(lines) + 1))
    problems = [case.problem for case in cases]
    assert all(problems), problems
    assert problems[0] == "not JSON this program reads: nested too deeply"
    assert "not JSON this program reads" in problems[1]
    assert problems[2] == "a case must be a JSON object"
    assert problems[3] == "hand must be text, not list"
    assert problems[4] == problems[5] == "history must be a list of calls (or one text of calls)"
    assert problems[6] == "expected must be text, not int"
    assert problems[7] == "topic must be text, not list"
    assert problems[8] == problems[9] == "missing field 'hand'"
    assert "north-west" in problems[10]
    assert all(len(problem) < 400 for problem in problems)
    assert "…" in problems[11] and "…" in problems[12]


def test_invalid_rows_of_any_shape_are_listed_in_the_report(library):
    cases = read_cases(["\ufeff" + row(WEAK, [], "P"), "[" * 5000,
                        json.dumps({"hand": 5, "history": [], "expected": "P",
                                    "topic": {"x": 1}, "source": ["y"]})])
    report = run_cases(cases, system_named(library, "Case runner test system"))
    assert report.invalid_rows().splitlines() == [
        "INVALID line 2: not JSON this program reads: nested too deeply",
        "INVALID line 3: hand must be text, not int"]
    assert report.summary().splitlines()[-1] == "1 passed, 0 failed, 2 invalid (100.0%)"


@pytest.mark.parametrize("threshold, status", [(None, 0), ("60", 0), ("61", 1), ("101", 2)])
def test_cli_fail_under(case_file, library, tmp_path, capsys, threshold, status):
    import cli
    argv = ["cases", str(case_file), "--system", "Case runner test system", "--dir",
            str(tmp_path)] + (["--fail-under", threshold] if threshold else [])
    if status == 2:
        with pytest.raises(SystemExit) as exit:
            cli.main(argv)
        assert exit.value.code == 2
        assert "expected a percentage from 0 to 100, not '101'" in capsys.readouterr().err
        return
    assert cli.main(argv) == status                   # 3 of 5 valid cases pass: 60%
    if status:
        assert "the pass rate 60.0% is below --fail-under 61%" in capsys.readouterr().err


def test_failures_grouped_by_the_rule_at_fault(tmp_path, library, capsys):
    import cli
    path = tmp_path / "grouped.jsonl"
    path.write_text("\n".join([
        row(SPADES_13, [], "1H"),                               # 1S rule, wrong
        row("AKJ952.Q98.K3.32", [], "2S"),                      # 1S rule again, wrong
        row(BALANCED_16, [], "1NT"),                            # passes
        row(SPADES_13, ["1NT", "P"], "2C", topic="responses"),  # no rule
    ]) + "\n")
    report = run_cases(load_cases(path), system_named(library, "Case runner test system"))
    [(first, wrong_1s), (second, no_rule)] = report.failures_by_rule()
    assert re.fullmatch(r"\S*openings\.conv:\d+", first) and len(wrong_1s) == 2
    assert second.startswith("no rule: ") and "1NT" in second and len(no_rule) == 1
    lines = report.by_rule().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("    2  ") and "expected 1H, got 1S" in lines[0]
    assert lines[1].startswith("    1  no rule: ")
    assert cli.main(["cases", str(path), "--system", "Case runner test system",
                     "--dir", str(tmp_path), "--by-rule"]) == 0
    out = capsys.readouterr().out
    assert "Failures by the rule at fault (2 rules):" in out and lines[0] in out
