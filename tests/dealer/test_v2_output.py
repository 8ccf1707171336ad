"""Dealer v2's remaining actions and layouts (issue 18): export and -X, evalcontract(side,
contract, vul), and --v2's printall, printside, printpbn and average, checked against the
examples of its User Guide (../shared/reference/dealerv2/)."""
import io
from pathlib import Path

import numpy as np
import pytest

from dealer import compile_program
from dealer.__main__ import main
from dealer.dd import tricks
from dealer.errors import DealerSyntaxError
from dealer.features import DealFeatures
from dealer.generate import DealStream
from dealer.output import format_average_v2, format_contract_report, format_printoneline
from dealer.run import RunOptions, run_program

GOLDEN = Path(__file__).parent / "golden"


def run(text: str, **options) -> str:
    out = io.StringIO()
    run_program(compile_program(text), RunOptions(**options), out)
    return out.getvalue()


def cli(tmp_path, capsys, script: str, *switches: str) -> tuple[int, str, str]:
    path = tmp_path / "script.dlr"
    path.write_text(script)
    code = main([str(path), *switches])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def hands_of(line: str) -> dict[str, str]:
    """`n AKJ3.KJ943.T76.J e ...` (printoneline) as {'n': 'AKJ3.KJ943.T76.J', ...}."""
    words = line.split()
    return dict(zip(words[::2], words[1::2]))


# ----- export and -X (the guide's "export( EW )" and "export( south )" examples)
@pytest.mark.parametrize("predeal, action, line", [
    ("predeal east ST865, HT73, DAJ97, C94\npredeal west SAJ4, HKJ9, D853, CAQT7",
     "export(EW)", "-E ST865,HT73,DAJ97,C94 -W SAJ4,HKJ9,D853,CAQT7"),
    ("predeal south SK632, HK654, DA97, C87", "export(south)", "-S SK632,HK654,DA97,C87"),
])
def test_export_writes_the_guides_lines(predeal, action, line):
    script = f"{predeal}\nproduce 1\naction {action}"
    assert run(script, seed=1, statistics=False) == line + "\n"


def test_export_leaves_voids_out():
    script = """predeal east HJT7542, DKJT7, CKT3
produce 1
action export(east)"""
    assert run(script, seed=1, statistics=False) == "-E HJT7542,DKJT7,CKT3\n"


def test_exported_hands_predeal_the_same_hands_again(tmp_path, capsys):
    """The guide's scripting example: export EW to -X's file, then give each line back on
    the command line; every run deals those EW hands again, with other NS hands."""
    exported = tmp_path / "hands.exp"
    code, out, _ = cli(tmp_path, capsys, """produce 4
condition hcp(east) + hcp(west) >= 24
action export(EW), printoneline""", "-s", "3", "-v", "-X", str(exported))
    assert code == 0
    first_run = [hands_of(line) for line in out.splitlines()]
    lines = exported.read_text().splitlines()
    assert len(lines) == len(first_run) == 4
    for line, hands in zip(lines, first_run):
        _, again, _ = cli(tmp_path, capsys, "produce 1\naction printoneline", "-s", "8", "-v",
                          *line.split())
        dealt = hands_of(again)
        assert (dealt["e"], dealt["w"]) == (hands["e"], hands["w"])


def test_export_goes_to_standard_output_without_x_and_other_prints_stay_there(tmp_path,
                                                                           capsys):
    exported = tmp_path / "hands.exp"
    script = "produce 2\naction export(north), printes(\"deal\", \\n)"
    _, out, _ = cli(tmp_path, capsys, script, "-s", "1", "-v")
    assert [line[:3] for line in out.splitlines()] == ["-N ", "dea", "-N ", "dea"]
    _, out, _ = cli(tmp_path, capsys, script, "-s", "1", "-v", "-X", str(exported))
    assert out == "deal\ndeal\n"
    assert [line[:3] for line in exported.read_text().splitlines()] == ["-N ", "-N "]


def test_an_unwritable_x_file_is_reported(tmp_path, capsys):
    code, _, err = cli(tmp_path, capsys, "produce 1\naction export(NS)",
                       "-X", str(tmp_path / "missing" / "hands.exp"))
    assert code == 1 and "-X" in err and "missing" in err


def test_export_needs_a_side_or_compass():
    with pytest.raises(DealerSyntaxError, match="a side .NS or EW. or a compass"):
        compile_program("action export(deal)")


# ----- evalcontract(side, contract, vul)
GUIDE_TRICKS = {7: 2, 8: 36, 9: 194, 10: 368, 11: 266, 12: 122, 13: 12}
"""How often EW took each number of heart tricks in the guide's "2H V versus 4H V" sample:
the one distribution of 1000 deals that gives all its figures (worked out from its mean
scores, percentages and IMPs)."""


def guide_tally() -> np.ndarray:
    tally = np.zeros(14, np.int64)
    for count, deals in GUIDE_TRICKS.items():
        tally[count] = deals
    return tally


def test_evalcontract_report_reproduces_the_guides_2h_and_4h_figures():
    report = (format_contract_report("EW", 2, 2, 0, True, guide_tally())
              + format_contract_report("EW", 4, 2, 0, True, guide_tally()))
    assert report == (
        "Contract 2H V by EW Average Result = 177.86, Made pct=99.80, Fail pct=0.20\n"
        "Missed Game_pct=76.80, Missed Slam_pct=13.40, Missed Game Imps/board=7.68, "
        "Missed Slam Imps/board=2.17\n\n"
        "Contract 4H V by EW Average Result = 465.34, Made pct=76.80, Fail pct=23.20\n"
        "Missed Game_pct=0.00, Missed Slam_pct=13.40, Missed Game Imps/board=0.00, "
        "Missed Slam Imps/board=1.79\n\n")


def test_evalcontract_of_a_doubled_contract_scores_it_doubled_but_misses_games_undoubled():
    """The guide's 2Nx V example: 10 IMPs for each missed game (3NT's 600 against 2NT+1's
    150), although 2NT doubled and made is itself a game."""
    tally = np.zeros(14, np.int64)
    tally[[7, 8, 9]] = (1, 2, 1)
    report = format_contract_report("NS", 2, 4, 1, True, tally)
    mean = (-200 + 2 * 690 + 890) / 4
    assert report.startswith(f"Contract 2Nx V by NS Average Result = {mean:.2f}, "
                             "Made pct=75.00, Fail pct=25.00\n")
    assert "Missed Game_pct=25.00," in report and "Missed Game Imps/board=2.50," in report


def test_evalcontract_counts_south_or_wests_double_dummy_tricks():
    script = """produce 2
action printoneline, evalcontract(NS, z3N, vul), evalcontract(EW, x4S, nv)"""
    out = run(script, seed=4, statistics=False)
    owners = DealStream(4, limit=2).next_batch(2)
    assert out.startswith("".join(format_printoneline(deal) for deal in owners))
    south = [tricks(deal, 2, 4) for deal in owners]
    west = [tricks(deal, 3, 3) for deal in owners]
    made = 100 * sum(t >= 9 for t in south) / 2
    assert "Contract 3N V by NS Average Result = " in out
    assert f"Made pct={made:.2f}, Fail pct={100 - made:.2f}\n" in out
    made = 100 * sum(t >= 10 for t in west) / 2
    assert "Contract 4S by EW Average Result = " in out
    assert f"Made pct={made:.2f}, Fail pct={100 - made:.2f}\n" in out


def test_evalcontract_syntax_errors_are_located():
    with pytest.raises(DealerSyntaxError, match=r"1:\d+:.*contract such as"):
        compile_program("action evalcontract(NS, 3N, vul)")
    with pytest.raises(DealerSyntaxError, match="nv or vul"):
        compile_program("action evalcontract(EW, z4H, red)")


# ----- --v2 layouts
MISFIT_DEAL = """predeal north SKQT93, H5, DAKT952, CA
predeal east SJ5, HAKJ872, DJ843, C3
predeal south S42, H9643, D7, CKQJT84
"""


def test_v2_printall_heads_the_hands_with_seat_names():
    """The guide's "Print All Misfit Example", deal 1."""
    script = MISFIT_DEAL + 'title "Print All Misfit Example"\nproduce 1\naction printall'
    expected = (GOLDEN / "v2_printall_misfit.out").read_text()
    assert run(script, seed=1, statistics=False, v2_layouts=True) == expected


def test_v2_printns_heads_south_and_north():
    """The guide's printside example, deal 1."""
    script = """predeal south SJ982, HK, DQT, CAQJT95
predeal north SQ6, HQT8, DAK932, C876
title "Example of Reports Title"
produce 1
action printns"""
    expected = (GOLDEN / "v2_printns.out").read_text()
    assert run(script, seed=1, statistics=False, v2_layouts=True) == expected


def test_without_v2_printall_and_printside_stay_dealer_v1s():
    script = MISFIT_DEAL + "produce 1\naction printall, printew"
    out = run(script, seed=1, statistics=False)
    assert out.startswith("   1.\nK Q T 9 3           J 5 ")
    assert "North" not in out and "West" not in out


def test_v2_printpbn_adds_a_generator_tag_after_the_game():
    script = 'title "Session 1"\nproduce 1\naction printpbn'
    # one printpbn hides the closing statistics (dealer's toggle)
    v2 = run(script, seed=3, v2_layouts=True, input_name="s.dlr")
    v1 = run(script, seed=3, input_name="s.dlr")
    generator = '[Generator "Hand simulated by dealer with file s.dlr, seed 3"]\n'
    assert v2 == v1[:-1] + generator + "\n"
    assert '[Event "Session 1"]' in v2


def test_v2_average_from_the_guides_example():
    """`North GIB Tricks: Mean=9.20, Std Dev=2.59, Var=6.70, Sample Size=5`: five trick
    counts with that mean and sample variance."""
    counts = [13, 10, 9, 8, 6]
    squares = float(sum(c * c for c in counts))
    assert format_average_v2("North GIB Tricks", sum(counts), squares, 5) == (
        "North GIB Tricks: Mean=9.20, Std Dev=2.59, Var=6.70, Sample Size=5\n")


def test_v2_average_in_a_run():
    script = """predeal north SAKQJT98765432
produce 3
action average "North" hcp(north), average spades(north) - 13"""
    assert run(script, seed=1, statistics=False, v2_layouts=True) == (
        "North: Mean=10.00, Std Dev=0.00, Var=0.00, Sample Size=3\n"
        "Mean=0.00, Std Dev=0.00, Var=0.00, Sample Size=3\n")
    assert run(script, seed=1, statistics=False) == "North: 10\n0\n"


def test_v2_average_of_too_few_deals_is_nan():
    assert format_average_v2("x", 7, 49.0, 1) == (
        "x: Mean=7.00, Std Dev=-nan, Var=-nan, Sample Size=1\n")
    assert format_average_v2(None, 0, 0.0, 0) == (
        "Mean=-nan, Std Dev=-nan, Var=-nan, Sample Size=0\n")


def test_v2_average_agrees_with_numpy_over_many_deals():
    script = "produce 5000\naction average hcp(north)"
    out = run(script, seed=2, statistics=False, v2_layouts=True)
    owners = DealStream(2, limit=5000).next_batch(5000)
    hcp = np.asarray(compile_program("condition hcp(north)").condition(DealFeatures(owners)))
    assert out == (f"Mean={hcp.mean():.2f}, Std Dev={hcp.std(ddof=1):.2f}, "
                   f"Var={hcp.var(ddof=1):.2f}, Sample Size=5000\n")


def test_v2_two_dimensional_bktfreq_has_the_guides_heading():
    """The guide's "KnR (down) vs HCP(across)" example: its heading line; the table below
    keeps our frequency layout (the guide's copy loses its spacing)."""
    script = """produce 20
action bktfreq "KnR (down) vs HCP(across)" (cccc(north),15.0,17.75,0.25, hcp(north),15,17,1),
       frequency "HCP" (hcp(north), 10, 11, hcp(south), 10, 11)"""
    v2 = run(script, seed=1, statistics=False, v2_layouts=True)
    v1 = run(script, seed=1, statistics=False)
    assert v2.startswith("Showing 2D freq with Description[KnR (down) vs HCP(across)]\n"
                         "        Low     15     16     17   High    Sum\n")
    assert v1.startswith("Frequency KnR (down) vs HCP(across):\n")
    assert v2.replace("Showing 2D freq with Description[KnR (down) vs HCP(across)]",
                      "Frequency KnR (down) vs HCP(across):") == v1  # frequency: v1's heading
