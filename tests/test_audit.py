"""The system auditor: each class detector on hand-made deals, the reports, and one small
end-to-end run of `cli.py audit`."""
from dataclasses import replace

import pytest

import cli
from bidding.model.auction import Auction
from bidding.model.board import Board
from bidding.model.calls import Strain
from bidding.model.cards import Deal, Seat, Vulnerability
from bidding.engine.explain import explain
from bidding.engine.library import ConventionLibrary
from bidding.engine.rules import Source
from bidding.engine.system import system_named
from bidding.laboratory.audit import (BAD_SACRIFICE, CLASSES, FORCING_PASS, MINOR_GAME,
                                      MISSED_GAME, MISSED_SLAM, NO_RULE, OFF_TREE, PASSED_OUT,
                                      SLAM_OFF_ACES, Audit, audit_board, audit_html, audit_text,
                                      best_score, forcing_passes)
from bidding.laboratory.results import BoardResult, TableRun

STRONG_PASS = "N:A.K752.AK75.AK42 KQJT9.AQJ.QJT.QJ 8765.T98.986.T98 432.643.432.7653"
GAME = "N:AKQ2.K32.Q32.432 T98.QJT9.AJT.KQJ J543.A54.K54.A65 76.876.9876.T987"
SLAM = "N:AKQ2.KQ2.KQ2.KQ2 T98.JT9.JT9.JT98 J543.A54.A54.A65 76.8763.8763.743"
TWO_ACES = "N:KQJ2.KQ2.KQ2.KQ2 T98.AT9.AT9.JT98 A543.J54.J54.A65 76.8763.8763.743"
PASS_RULE = Source("conventions/sayc/openings/sayc-opening-pass.conv", 7)


def board_result(deal: str, auction: str, tricks: dict | None = None,
                 vulnerability: Vulnerability = Vulnerability.NONE,
                 no_agreement: tuple = ()) -> BoardResult:
    """A board dealt by North, bid as `auction` (each pass with the opening pass's rule),
    with a double-dummy table of 6 tricks everywhere but `tricks` ({(side, strain): n},
    side 0 North-South) and the contract scored from it."""
    board = Board(Deal.parse(deal), 1, Seat.NORTH, vulnerability)
    bid = Auction.parse(auction)
    rules = tuple(PASS_RULE if call.is_pass else None for call in bid.calls)
    table = tuple(tuple((tricks or {}).get((seat % 2, strain), 6) for strain in Strain)
                  for seat in Seat)
    contract = bid.contract
    run = TableRun(bid, "Test", "Test", rules, no_agreement, score_ns=0)
    if contract is not None:
        made = table[contract.declarer][contract.strain]
        score = contract.score(vulnerability.is_vulnerable(contract.declarer), made)
        run = replace(run, tricks=made, score_ns=score if contract.declarer % 2 == 0 else -score)
    return BoardResult(board, (run,), table, 0, ())


@pytest.fixture(scope="module")
def sayc():
    return system_named(ConventionLibrary([]), "SAYC")


@pytest.fixture(scope="module")
def kinds(sayc):
    """The classes a board's findings fall in."""
    return lambda result: [finding.kind for finding in audit_board(result, sayc)]


def test_a_deal_passed_out_with_20_hcp_names_the_strong_hand_and_its_pass(sayc, kinds):
    [finding] = [f for f in audit_board(board_result(STRONG_PASS, "P P P P"), sayc)
                 if f.kind == PASSED_OUT]
    assert finding.call == 0 and finding.note == "north passed 21 HCP"
    assert finding.rule == "conventions/sayc/openings/sayc-opening-pass.conv:7"
    assert PASSED_OUT not in kinds(board_result(GAME, "P P P P"))


def test_a_partscore_with_26_hcp_a_fit_and_a_making_game_is_a_missed_game(sayc, kinds):
    spades = {(0, Strain.SPADES): 10}
    [finding] = [f for f in audit_board(board_result(GAME, "1S P 2S P P P", spades), sayc)
                 if f.kind == MISSED_GAME]
    assert finding.note == "26 HCP, 8-card fit; 4S makes"
    assert finding.call == 4 and finding.rule == PASS_RULE.file + ":7"     # North's pass
    assert MISSED_GAME not in kinds(board_result(GAME, "1S P 4S P P P", spades))
    assert MISSED_GAME not in kinds(board_result(GAME, "1S P 2S P P P", {(0, Strain.SPADES): 9}))


def test_a_game_with_33_hcp_and_a_making_slam_is_a_missed_slam(sayc, kinds):
    twelve = {(0, Strain.SPADES): 12, (0, Strain.NOTRUMP): 12}
    [finding] = [f for f in audit_board(board_result(SLAM, "1S P 4S P P P", twelve), sayc)
                 if f.kind == MISSED_SLAM]
    assert finding.note == "37 HCP; 6S, 6NT makes"
    assert MISSED_SLAM not in kinds(board_result(SLAM, "1S P 6NT P P P", twelve))


def test_a_slam_holding_two_aces_is_flagged_at_the_slam_bid(sayc, kinds):
    [finding] = [f for f in audit_board(board_result(TWO_ACES, "1S P 6S P P P"), sayc)
                 if f.kind == SLAM_OFF_ACES]
    assert finding.call == 2 and finding.rule == NO_RULE and "2 aces" in finding.note
    assert SLAM_OFF_ACES not in kinds(board_result(SLAM, "1S P 6S P P P"))


def test_five_of_a_minor_when_3nt_makes_is_flagged(kinds):
    tricks = {(0, Strain.DIAMONDS): 11, (0, Strain.NOTRUMP): 9}
    assert MINOR_GAME in kinds(board_result(GAME, "1D P 5D P P P", tricks))
    assert MINOR_GAME not in kinds(board_result(GAME, "1D P 5D P P P",
                                                {(0, Strain.DIAMONDS): 11}))


def test_doubled_down_three_is_flagged_only_when_worse_than_their_best_contract(kinds):
    # East-West make 4H (+420 not vulnerable); North-South's 4S doubled down 3 is -500.
    hearts = {(1, Strain.HEARTS): 10, (0, Strain.SPADES): 7}
    result = board_result(GAME, "1S 2H 4S X P P P", hearts)
    assert best_score(result, 1) == 420
    assert BAD_SACRIFICE in kinds(result)
    # Vulnerable East-West would have scored 620: -500 was a good sacrifice.
    assert BAD_SACRIFICE not in kinds(board_result(GAME, "1S 2H 4S X P P P", hearts,
                                                   Vulnerability.EW))
    assert BAD_SACRIFICE not in kinds(board_result(GAME, "1S 2H 4S X P P P",
                                                   hearts | {(0, Strain.SPADES): 8}))


def test_passing_partners_forcing_new_suit_is_flagged(sayc):
    result = board_result(GAME, "1H P 2C P P P")
    [finding] = forcing_passes(result, sayc)
    assert finding.kind == FORCING_PASS and finding.call == 4
    assert finding.note == "passed 2C (forcing)"
    assert forcing_passes(board_result(GAME, "1H P 2H P P P"), sayc) == []


def test_a_call_is_forcing_by_the_rule_its_robot_followed(sayc):
    # 2D here is a game-forcing new suit or a weak sign-off: partner hears "forcing", but the
    # robot that bid it followed the sign-off, after which the system passes.
    result = board_result(GAME, "1H P 1S P 1NT P 2D P P P")
    [finding] = forcing_passes(result, sayc)
    assert finding.call == 8
    signoff = next(rule.source for rule in explain(result.tables[0].auction, sayc)[6].rules
                   if rule.forcing == "no")
    run = result.tables[0]
    rules = run.rules[:6] + (signoff,) + run.rules[7:]
    assert forcing_passes(replace(result, tables=(replace(run, rules=rules),)), sayc) == []


def test_a_game_force_partner_heard_as_one_round_ends_when_he_answers(sayc):
    # Opener's 3D over their 2S is game forcing by one of its rules and forcing for a round
    # by the others: responder hears one round and answers 4D; opener then passing is no
    # pass of a game force (it is the same under the robot's rule and under the others).
    result = board_result(GAME, "1D P 2C 2S 3D P 4D P P P")
    run = result.tables[0]
    made = explain(run.auction, sayc)[4]
    assert made.forcing == "yes"
    meant = {rule.forcing: rule.source for rule in made.rules}
    for source in (meant["game"], meant["no"]):
        rules = run.rules[:4] + (source,) + run.rules[5:]
        assert forcing_passes(replace(result, tables=(replace(run, rules=rules),)), sayc) == []


def test_a_game_bid_whose_rules_force_to_game_or_not_forces_nothing(sayc):
    # Responder's 5C raise is made by game-forcing rules (a raise, a six-card suit) and a
    # non-forcing one: at game, the game force is met, so opener's pass is no forcing pass.
    result = board_result(GAME, "2C P 2D P 2S P 3C P 4C P 5C P P P")
    assert explain(result.tables[0].auction, sayc)[10].forcing == "no"
    assert forcing_passes(result, sayc) == []


def test_calls_off_the_tree_are_grouped_by_situation(sayc):
    first = board_result(GAME, "1S P 2S P P P", no_agreement=((3, "after 1S (P) 2S"),))
    second = board_result(SLAM, "1S P 2S P P P", no_agreement=((3, "after 1S (P) 2S"),))
    findings = [f for r in (first, second) for f in audit_board(r, sayc) if f.kind == OFF_TREE]
    run = Audit("SAYC", 2, findings, True)
    [(situation, group)] = run.off_tree_situations()
    assert situation == "after 1S (P) 2S" and len(group) == 2
    assert run.counts()[OFF_TREE] == 2


def test_the_text_table_and_the_html_page(sayc):
    result = board_result(STRONG_PASS, "P P P P")
    run = Audit("SAYC", 4, list(audit_board(result, sayc)), False, origin="test deals")
    text = audit_text(run)
    assert "Audit of SAYC: 4 boards from test deals, without double dummy" in text
    assert f"  {PASSED_OUT:<24} {1:>6} {250.0:>10.1f}" in text
    assert f"  {MISSED_GAME:<24} {'-':>6} {'-':>10}" in text       # needs double dummy
    assert "N:A.K752.AK75.AK42" in text and "at fault N's P" in text
    page = audit_html(run)
    assert page.count('<table class="deal">') == 1 and "north passed 21 HCP" in page
    assert all(kind in page for kind, _, _ in CLASSES)


def test_audit_command_end_to_end(tmp_path, capsys):
    out = tmp_path / "audit"
    assert cli.main(["audit", "--system", "SAYC", "--deals", "8", "--seed", "3", "--jobs", "1",
                     "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Audit of SAYC: 8 boards from seed 3, with double dummy" in printed
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.txt"]
    assert (out / "report.txt").read_text().startswith("Audit of SAYC: 8 boards")


def test_audit_command_refuses_a_foreign_output_folder(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit):
        cli.main(["audit", "--system", "SAYC", "--deals", "2", "--out", str(tmp_path)])
    assert "holds other files" in capsys.readouterr().err
