"""Simulation: deals from the dealer's stream, robots at one or two tables, double-dummy
scores, statistics, bidder fights, comparisons against par, and the `simulate` / `fight` /
`compare` commands."""
import io
import json
import shutil

import pytest

import cli
from bidding.model.board import board_dealer, board_vulnerability
from bidding.model.cards import Seat, Vulnerability
from bidding.laboratory.cases import parse_case
from bidding.interfaces.commands.options import load_systems
from bidding.interfaces.commands.simulate import ProgressBar
from bidding.engine.library import REPO_ROOT
from bidding.engine.robot import Robot
from bidding.model.pbn import PbnBoard, board_to_lin, format_pbn, read_pbn_file, write_pbn_file
from bidding.model.scoring import imps
from bidding.laboratory.simulate import (Comparison, bid_board, bid_table, compare, fight,
                                         first_disagreement, generated_boards, imported_boards,
                                         simulate, summarize, _standard_error)
from bidding.laboratory.reports import comparison_report, text_report
from tests.example_library import EXAMPLE

WEAK_NT = """<?xml version="1.0"?>
<convention>
  <name>Weak 1NT for tests</name>
  <actions>
    <open bid="1NT" seats="1234">
      <handtypes><type><HCP min="12" max="14"/></type></handtypes>
    </open>
  </actions>
</convention>
"""
WEAK_SYSTEM = """<?xml version="1.0"?>
<system><name>Weak NT test</name><convention>Weak 1NT for tests</convention></system>
"""
STRONG_SYSTEM = WEAK_SYSTEM.replace("Weak NT test", "Strong NT test").replace("Weak 1NT", "Strong 1NT")


@pytest.fixture(scope="module")
def example():
    """SLAMBidding's example system."""
    return EXAMPLE


@pytest.fixture(scope="module")
def weak_file(tmp_path_factory):
    root = tmp_path_factory.mktemp("other")
    (root / "conventions").mkdir()
    (root / "systems").mkdir()
    (root / "conventions" / "weak-nt.conv").write_text(WEAK_NT)
    (root / "conventions" / "strong-nt.conv").write_text(
        WEAK_NT.replace("Weak", "Strong").replace('"12" max="14"', '"15" max="17"'))
    (root / "systems" / "Strong.system").write_text(STRONG_SYSTEM)
    path = root / "systems" / "Weak.system"
    path.write_text(WEAK_SYSTEM)
    return path


@pytest.fixture(scope="module")
def weak(weak_file):
    return load_systems([str(weak_file)], [])[str(weak_file)]


@pytest.fixture(scope="module")
def boards():
    return generated_boards(24, seed=11)


def test_generated_boards_are_reproducible_and_follow_the_board_cycle(boards):
    again = generated_boards(24, seed=11)
    assert [b.deal for b in again] == [b.deal for b in boards]
    assert generated_boards(3, seed=12)[0].deal != boards[0].deal
    for board in boards:
        assert board.dealer == board_dealer(board.number)
        assert board.vulnerability == board_vulnerability(board.number)


def test_dealer_script_constrains_the_deals():
    script = "dealer east\nvulnerable ew\ncondition hcp(east) >= 20\n"
    boards = generated_boards(5, seed=3, script=script)
    assert len(boards) == 5
    for board in boards:
        assert board.dealer is Seat.EAST and board.vulnerability is Vulnerability.EW
        hand = board.deal[Seat.EAST]
        assert sum(max(0, card.rank - 8) for card in hand) >= 20


def test_dealer_north_in_a_script_is_kept():
    """North is seat 0: a script's `dealer north` must not fall back to the board's dealer."""
    boards = generated_boards(4, seed=3, script="dealer north\ncondition hcp(north) >= 10\n")
    assert [board.dealer for board in boards] == [Seat.NORTH] * 4


def test_results_do_not_depend_on_the_number_of_processes(boards, example):
    one = simulate(boards, example, double_dummy=False, jobs=1)
    two = simulate(boards, example, double_dummy=False, jobs=2)
    assert one.results == two.results
    assert [r.board.number for r in one.results] == list(range(1, 25))


def test_each_call_has_its_rule_or_a_no_agreement_position(boards, example):
    run = simulate(boards, example, double_dummy=False)
    for result in run.results:
        [table] = result.tables
        assert table.auction.is_over
        without = {index for index, _ in table.no_agreement}
        assert without == {i for i, rule in enumerate(table.rules) if rule is None}
        for source in filter(None, table.rules):
            assert source.file == str(REPO_ROOT / "conventions" / "examples"
                                      / "strong-1nt-with-stayman.conv")
        assert len(table.rules) == len(table.auction.calls)
        assert table.explanations == ()
    explained = simulate(boards[:4], example, double_dummy=False, explained=True)
    assert any(result.tables[0].explanations for result in explained.results)


def test_summary_counts_every_rule_fired_and_never_fired(boards, example):
    run = simulate(boards, example, double_dummy=False)
    summary = summarize(run)
    assert sum(summary.contracts[0].values()) == len(boards)
    assert {rule.source for rule in summary.rules} == \
        {str(node.spec.source) for node in example.nodes()}
    by_rule = sum(rule.count for rule in summary.rules)
    assert by_rule == sum(1 for r in run.results for s in r.tables[0].rules if s is not None)
    assert by_rule + sum(summary.no_agreement.values()) == summary.calls
    assert summary.never_fired == [rule for rule in summary.rules if rule.count == 0]
    assert summary.par == [] and summary.imps_total is None


CHEAP_DD_BOARD = 4   # a deal double dummy solves quickly


def test_double_dummy_scores_and_par(boards, example):
    board = boards[CHEAP_DD_BOARD]
    result = bid_board(board, example, None, double_dummy=True)
    [table] = result.tables
    assert len(result.dd) == 4 and all(len(row) == 5 for row in result.dd)
    assert all(0 <= tricks <= 13 for row in result.dd for tricks in row)
    contract = table.contract
    if contract is None:
        assert table.score_ns == 0 and table.tricks is None
    else:
        tricks = result.dd[contract.declarer][contract.strain]
        score = contract.score(board.vulnerability.is_vulnerable(contract.declarer), tricks)
        assert table.tricks == tricks
        assert table.score_ns == (score if contract.declarer % 2 == 0 else -score)
    assert result.versus_par(0) == imps(table.score_ns - result.par_ns)
    assert result.par_contracts
    assert all(text[:3] in ("NS ", "EW ") for text in result.pbn_par_contracts)


def test_two_tables_turn_the_cards_and_score_imps(boards, example, weak):
    board = boards[CHEAP_DD_BOARD]       # solved above: the double-dummy table is cached
    run = simulate([board], example, weak, double_dummy=True, jobs=1)
    summary = summarize(run)
    for result in run.results:
        first, second = result.tables
        assert (first.north_south, first.east_west) == ("SLAM Example", "Weak NT test")
        assert (second.north_south, second.east_west) == ("Weak NT test", "SLAM Example")
        assert result.imps == imps(first.score_ns - second.score_ns)
    assert summary.imps_total == sum(r.imps for r in run.results)
    assert {number for number, _ in summary.imps_boards} == \
        {r.board.number for r in run.results if r.tables[0].contract != r.tables[1].contract}
    assert len(summary.par) == 2 and {rule.system for rule in summary.rules} == \
        {"SLAM Example", "Weak NT test"}
    assert summary.imps_per_board == summary.imps_total / len(run.results)
    assert "IMPs a board, standard error" in text_report(run, summary)


def test_a_match_reports_the_standard_error_of_its_margin():
    # Four boards: +6, -2, 0, +4. Mean 2, sample variance 40/3, error sqrt(40/3)/2.
    assert _standard_error([6, -2, 0, 4]) == pytest.approx((40 / 3) ** 0.5 / 2)
    assert _standard_error([5]) == 0.0


def test_fight_writes_first_disagreements_as_cases(boards, example, weak):
    assert fight(boards[:8], example, example) == []
    cases = fight(boards, example, weak, jobs=2)
    assert cases
    for raw in cases:
        case = parse_case(raw, 1)
        assert case.problem is None
        assert raw["call_a"] == raw["expected"] != raw["call_b"]
        assert (raw["system_a"], raw["system_b"]) == ("SLAM Example", "Weak NT test")
        other = Robot(weak, opponents=example)
        assert str(other.choose(case.hand, case.auction).call) == raw["call_b"]
        mine = Robot(example, opponents=example)
        assert str(mine.choose(case.hand, case.auction).call) == raw["expected"]
    board = boards[int(cases[0]["source"].split()[-1]) - 1]
    assert first_disagreement(board, example, weak) == cases[0]


def test_compare_solves_only_the_boards_where_the_auctions_differ(boards, example, weak):
    assert compare(boards[:6], example, example).differing == []
    comparison = compare(boards, example, weak, jobs=2)
    assert comparison.boards == len(boards) and comparison.differing
    numbers = {result.board.number for result in comparison.differing}
    for board in boards:
        own, other = bid_table(board, example, example), bid_table(board, weak, weak)
        assert (board.number in numbers) == (own.auction.calls != other.auction.calls)
    for result in comparison.differing:
        first, second = result.tables
        assert (first.north_south, second.north_south) == ("SLAM Example", "Weak NT test")
        assert Comparison.gain(result) == abs(result.versus_par(1)) - abs(result.versus_par(0))
    gains = [Comparison.gain(result) for result in comparison.differing]
    assert comparison.total == sum(gains)
    assert comparison.standard_error == pytest.approx(
        _standard_error(gains + [0] * (len(boards) - len(gains))))
    reverse = compare(boards, weak, example)
    assert reverse.total == -comparison.total
    report = comparison_report(comparison, "seed 11", shown=2)
    assert f"auctions differ on {len(gains)} boards" in report
    assert f"closer to par by {comparison.total:+d} IMPs" in report
    assert report.count("  SLAM Example ") == min(2, len(gains))


def test_progress_bar_draws_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    quiet, terminal = io.StringIO(), Terminal()
    for stream in (quiet, terminal):
        bar = ProgressBar("bidding", stream)
        bar(5, 10)
        bar(10, 10)
    assert quiet.getvalue() == ""
    assert "\rbidding [" in terminal.getvalue() and "10/10" in terminal.getvalue()
    assert terminal.getvalue().endswith("\n")


def test_imported_boards_from_lin(tmp_path, boards):
    path = tmp_path / "in.lin"
    path.write_text(board_to_lin(PbnBoard(boards[2].deal, 3, Seat.SOUTH, Vulnerability.NS)) + "\n")
    [board] = imported_boards(path.read_text(), str(path))
    assert (board.number, board.deal, board.dealer, board.vulnerability) == \
        (3, boards[2].deal, Seat.SOUTH, Vulnerability.NS)


def test_imported_boards_keep_dealer_vulnerability_and_number(tmp_path, boards):
    path = tmp_path / "in.pbn"
    write_pbn_file(path, [PbnBoard(boards[0].deal, 9, Seat.WEST, Vulnerability.EW,
                                   tags={"Event": "club night"}),
                          PbnBoard(boards[1].deal, 10)])
    first, second = imported_boards(path.read_text(), str(path))
    assert (first.number, first.dealer, first.vulnerability) == (9, Seat.WEST, Vulnerability.EW)
    assert dict(first.tags)["Event"] == "club night"
    assert (second.dealer, second.vulnerability) == (board_dealer(10), board_vulnerability(10))


def test_simulate_command_writes_the_reports(tmp_path, capsys, weak_file):
    out = tmp_path / "out"
    code = cli.main(["simulate", "--system", str(weak_file), "--deals", "6", "--seed", "5",
                     "--no-dd", "--jobs", "1", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "Weak NT test at all four seats" in printed and "Never fired" in printed
    assert sorted(p.name for p in out.iterdir()) == \
        ["boards.csv", "boards.pbn", "report.html", "report.txt"]
    pbn_in = out / "boards.pbn"
    assert cli.main(["simulate", "--system", str(weak_file), "--pbn", str(pbn_in),
                     "--no-dd", "--jobs", "1"]) == 0
    assert "6 boards from " + str(pbn_in) in capsys.readouterr().out


def test_compare_command_reports_and_writes_the_differing_boards(tmp_path, capsys, weak_file):
    target = tmp_path / "differ.jsonl"
    assert weak_against_strong("compare", weak_file, target) == 0
    rows = [json.loads(line) for line in target.read_text().splitlines()]
    printed = capsys.readouterr().out
    assert rows and f"auctions differ on {len(rows)} boards" in printed
    total = sum(row["gain"] for row in rows)
    assert f"Weak NT test is closer to par by {total:+d} IMPs" in printed
    for row in rows:
        first, second = row["first"], row["second"]
        assert (first["system"], second["system"]) == ("Weak NT test", "Strong NT test")
        assert first["auction"] != second["auction"]
        assert row["gain"] == abs(second["imps_vs_par"]) - abs(first["imps_vs_par"])
        assert first["imps_vs_par"] == imps(first["score_ns"] - row["par_ns"])


def test_compare_command_tells_two_versions_of_one_system_apart(tmp_path, capsys, weak_file):
    copy = tmp_path / "old" / "systems" / "Weak.system"
    shutil.copytree(weak_file.parent.parent, tmp_path / "old")
    assert cli.main(["compare", "--system", str(weak_file), "--vs", str(copy), "--deals", "4",
                     "--seed", "2", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{weak_file} against {copy}, each at all four seats, 4 boards")
    assert "auctions differ on 0 boards" in printed and "closer to par by +0 IMPs" in printed


def test_simulate_command_deals_what_a_dealer_script_accepts(tmp_path, capsys, weak_file):
    script = tmp_path / "strong.dlr"
    script.write_text("produce 4\ndealer south\ncondition hcp(south) >= 15\n")
    out = tmp_path / "out"
    assert cli.main(["simulate", "--system", str(weak_file), "--dealer", str(script),
                     "--seed", "1", "--no-dd", "--jobs", "1", "--out", str(out)]) == 0
    assert f"4 boards from seed 1, dealer script {script}" in capsys.readouterr().out
    for board in read_pbn_file(out / "boards.pbn"):
        assert board.dealer is Seat.SOUTH
        assert sum(max(0, card.rank - 8) for card in board.deal[Seat.SOUTH]) >= 15


def weak_against_strong(command: str, weak_file, target) -> int:
    """`command` (fight or compare) of the weak-notrump system against the strong one on 12
    boards of seed 2, writing `target`."""
    return cli.main([command, "--system", str(weak_file), "--vs",
                     str(weak_file.parent / "Strong.system"), "--deals", "12", "--seed", "2",
                     "--jobs", "1", "--out", str(target)])


def test_fight_command_writes_json_lines(tmp_path, capsys, weak_file):
    target = tmp_path / "cases.jsonl"
    assert weak_against_strong("fight", weak_file, target) == 0
    lines = target.read_text().splitlines()
    assert f"disagree on {len(lines)} of 12 boards" in capsys.readouterr().out
    for line in lines:
        case = json.loads(line)
        assert case["source"].startswith("seed 2, board ")
        assert parse_case(case, 1).problem is None


def test_a_malformed_pbn_is_reported_with_file_and_line(tmp_path, capsys, weak_file):
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n')
    assert cli.main(["simulate", "--system", str(weak_file), "--pbn", str(path)]) == 2
    assert f"{path}:2: Deal" in capsys.readouterr().err


def _refused(capsys, *argv) -> str:
    """The argparse error of a command refused before any work (exit status 2)."""
    with pytest.raises(SystemExit) as exit:
        cli.main(list(argv))
    assert exit.value.code == 2
    return capsys.readouterr().err


def test_seeds_outside_what_the_generators_take_are_refused(capsys, weak_file):
    for command in (["simulate", "--system", str(weak_file)],
                    ["fight", "--system", str(weak_file), "--vs", str(weak_file), "--out", "x"]):
        err = _refused(capsys, *command, "--seed", "-1")
        assert "argument --seed: expected a seed, a whole number from 0 to " \
               "18446744073709551615, not '-1'" in err


def test_input_files_are_checked_before_the_work(tmp_path, capsys, weak_file):
    simulate_command = ["simulate", "--system", str(weak_file), "--no-dd", "--jobs", "1"]
    missing = tmp_path / "missing.pbn"
    assert f"argument --pbn: {missing}: no such file" in \
        _refused(capsys, *simulate_command, "--pbn", str(missing))
    latin = tmp_path / "latin.dlr"
    latin.write_bytes(b"condition hcp(north) > 10 # caf\xe9\n")
    assert f"argument --dealer: {latin}: not UTF-8 text: byte 0xe9 at offset 31 (line 1)" in \
        _refused(capsys, *simulate_command, "--dealer", str(latin))


def test_an_empty_pbn_file_is_refused(tmp_path, capsys, weak_file):
    empty = tmp_path / "empty.pbn"
    empty.write_text("% PBN 2.1\n")
    assert cli.main(["simulate", "--system", str(weak_file), "--pbn", str(empty)]) == 2
    assert f"no boards in {empty}" in capsys.readouterr().err


def test_a_pbn_file_in_latin1_or_with_a_byte_order_mark_is_read(tmp_path, capsys, weak_file,
                                                                boards):
    text = format_pbn([PbnBoard(boards[0].deal, 1, tags={"Event": "Café"})])
    for name, data in (("bom.pbn", b"\xef\xbb\xbf" + text.encode("utf-8")),
                       ("latin.pbn", text.encode("latin-1"))):
        (tmp_path / name).write_bytes(data)
        assert cli.main(["simulate", "--system", str(weak_file), "--pbn", str(tmp_path / name),
                         "--no-dd", "--jobs", "1"]) == 0
        assert f"1 boards from {tmp_path / name}" in capsys.readouterr().out


@pytest.mark.parametrize("make, message", [
    (lambda tmp: tmp / "file", "exists and is not a folder"),
    (lambda tmp: tmp / "no" / "such" / "out", "the folder {tmp}/no/such does not exist"),
    (lambda tmp: tmp / "file" / "out", "{tmp}/file is not a folder"),
    (lambda tmp: tmp, "this folder holds other files (file)"),
])
def test_simulate_out_is_checked_before_the_work(tmp_path, capsys, weak_file, make, message):
    (tmp_path / "file").write_text("precious")
    err = _refused(capsys, "simulate", "--system", str(weak_file), "--out", str(make(tmp_path)))
    assert "argument --out: " in err and message.format(tmp=tmp_path) in err
    assert (tmp_path / "file").read_text() == "precious"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["file"]


def test_simulate_out_replaces_an_earlier_report_whole(tmp_path, capsys, weak_file,
                                                       monkeypatch):
    out = tmp_path / "out"
    command = ["simulate", "--system", str(weak_file), "--deals", "2", "--seed", "5", "--no-dd",
               "--jobs", "1", "--out", str(out)]
    assert cli.main(command) == 0
    (out / "report.txt").write_text("old")
    import bidding.interfaces.commands.simulate as simulate_command

    def broken(run, summary, folder):
        (folder / "boards.pbn").write_text("half")
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(simulate_command, "write_reports", broken)
    with pytest.raises(OSError):
        cli.main(command)
    assert (out / "report.txt").read_text() == "old"      # the earlier report, untouched
    # no temporary folder left; the bid boards are kept, for the rerun to resume
    assert sorted(path.name for path in tmp_path.iterdir()) == [".out.blocks", "out"]
    monkeypatch.undo()
    assert cli.main(command) == 0
    assert (out / "report.txt").read_text().startswith("Simulation:")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]


def test_a_resumed_run_starts_afresh_after_a_convention_is_edited(tmp_path, weak_file,
                                                                   monkeypatch):
    """Blocks kept from an interrupted run are reused only while the system's files are
    unchanged: a rerun after an edit must not mix boards bid by the two versions."""
    root = tmp_path / "copy"
    shutil.copytree(weak_file.parent.parent, root)
    out = tmp_path / "out"
    command = ["simulate", "--system", str(root / "systems" / "Weak.system"), "--deals", "2",
               "--seed", "5", "--no-dd", "--jobs", "1", "--out", str(out)]
    import bidding.interfaces.commands.simulate as simulate_command

    def broken(run, summary, folder):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(simulate_command, "write_reports", broken)
    marker = tmp_path / ".out.blocks" / "fingerprint"
    with pytest.raises(OSError):
        cli.main(command)
    first = marker.read_text()
    with pytest.raises(OSError):
        cli.main(command)
    assert marker.read_text() == first                  # the same files: it resumes
    convention = root / "conventions" / "weak-nt.conv"
    convention.write_text(convention.read_text().replace('max="14"', 'max="13"', 1))
    with pytest.raises(OSError):
        cli.main(command)
    assert marker.read_text() != first                  # an edited convention: afresh


@pytest.mark.parametrize("make, message", [
    (lambda tmp: tmp, "is a folder; give the name of a file to write"),
    (lambda tmp: tmp / "no" / "cases.jsonl", "the folder {tmp}/no does not exist"),
])
def test_fight_out_is_checked_before_the_work(tmp_path, capsys, weak_file, make, message):
    err = _refused(capsys, "fight", "--system", str(weak_file), "--vs", str(weak_file),
                   "--out", str(make(tmp_path)))
    assert "argument --out: " in err and message.format(tmp=tmp_path) in err


def test_simulate_without_out_lists_a_few_rules_that_never_fired(capsys):
    assert cli.main(["simulate", "--system", "SAYC", "--deals", "1", "--seed", "1", "--no-dd",
                     "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    never = out.split("Never fired (")[1]
    listed = never.split("more (all are listed")[0]
    assert len(listed.splitlines()) <= 12
    assert "more (all are listed in report.txt, written with --out DIR)" in out
    assert len(out.splitlines()) < 100
