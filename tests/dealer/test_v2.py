"""Dealer v2's additions to the language and command line (issue 18), as its User Guide
describes them (../shared/reference/dealerv2/)."""
import io
import re

import pytest

from dealer import compile_program
from dealer.__main__ import main
from dealer.errors import DealerSemanticError, DealerSyntaxError
from dealer.run import RunOptions, run_program


def run(text: str, **options) -> str:
    out = io.StringIO()
    run_program(compile_program(text), RunOptions(**options), out)
    return out.getvalue()


def deals_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("n ")]


# ----- title
def test_title_heads_the_closing_statistics():
    text = run('title "Weak NT practice"\nproduce 2\naction printoneline', seed=3)
    assert re.search(r"\nWeak NT practice\nGenerated \d+ hands\nProduced 2 hands\n", text)


def test_title_heads_printall_once():
    text = run('title "Print All Example"\nproduce 2', seed=3)
    assert text.startswith("Print All Example\n   1.\n")
    assert text.count("Print All Example") == 2  # and once more above the statistics


def test_title_is_the_pbn_event():
    text = run('title "Session 1"\nproduce 1\naction printpbn', seed=3)
    assert text.startswith('[Event "Session 1"]\n[Site "-"]\n')


def test_title_heads_each_page_of_print():
    text = run('title "Bidding practice"\nproduce 4\naction print(south, north)', seed=3)
    assert "\n\nBidding practice\nNorth hands:\n" in text
    assert "\n\nBidding practice\nSouth hands:\n" in text


def test_command_line_title_overrides_the_script():
    text = run('title "in the file"\nproduce 1\naction printoneline', seed=3,
               title="on the line")
    assert "on the line\nGenerated" in text and "in the file" not in text


def test_no_title_changes_nothing():
    assert "Generated" in run("produce 1\naction printoneline", seed=3).splitlines()[1]


def test_a_title_over_200_characters_is_refused():
    with pytest.raises(DealerSemanticError, match="at most 200 characters"):
        compile_program('title "' + "x" * 201 + '"')


# ----- seed
def test_seed_statement_sets_the_seed():
    script = "seed 108488457980525\nproduce 3\naction printoneline"
    assert deals_of(run(script)) == deals_of(run(script, seed=108488457980525))
    assert "Initial random seed 108488457980525" in run(script)


def test_command_line_seed_wins_over_the_statement():
    script = "seed 5\nproduce 3\naction printoneline"
    assert deals_of(run(script, seed=6)) == deals_of(run("produce 3\naction printoneline",
                                                         seed=6))


def test_seed_zero_means_a_fresh_seed():
    assert compile_program("seed 0").seed is None
    assert compile_program("seed 7").seed == 7


def test_seed_needs_a_number():
    with pytest.raises(DealerSyntaxError):
        compile_program("seed north")


def test_cli_title_switch(tmp_path, capsys):
    script = tmp_path / "t.dlr"
    script.write_text("produce 1\naction printoneline\n")
    assert main([str(script), "-s", "1", "-T", "From the switch"]) == 0
    assert "From the switch\nGenerated" in capsys.readouterr().out


# ----- decimal numbers (dotnums) and doubled contracts
def value(text: str, hand: str = "AQJ2.AQ.K.QJ5432") -> int:
    from bidding.model.cards import Hand
    from dealer import compile_hand_condition
    return compile_hand_condition(text).value(Hand.parse(hand))


@pytest.mark.parametrize("written, hundredths", [
    ("14.5", 1450), ("14.50", 1450), ("6.", 600), (".25", 25), ("0.01", 1), ("99.99", 9999),
])
def test_dotnums_are_read_as_hundredths(written, hundredths):
    assert value(written) == hundredths


def test_dotnums_compare_with_hundredths_counts():
    assert value("ltc <= 3.5") == 1 and value("ltc < 3.5") == 0
    assert value("ltc == 350") == 1


def test_dotnums_in_pointcount_altcount_and_frequency_bounds():
    program = compile_program("pointcount 4.5 3.0 1.5 0.75 0.25\naltcount 9 6.5 4.0 1.75 1.0 .25\n"
                              "action frequency (hcp(north), 0., 40.5)")
    assert program.tables.hcp[-5:] == (25, 75, 150, 300, 450)
    assert program.tables.altcounts[9][-5:] == (25, 100, 175, 400, 650)
    assert (program.actions[0].action.low, program.actions[0].action.high) == (0, 4050)


def test_dotnums_with_more_than_two_digits_are_refused_with_a_place():
    with pytest.raises(DealerSyntaxError, match=r"more than two digits.*\n.*\n\s*\^"):
        compile_program("condition ltc(north) < 123.4")


@pytest.mark.parametrize("contract, tricks, expected", [
    ("z4Hx", 11, 990), ("z4Hx", 10, 790), ("z4Hx", 9, -200),   # the guide's example (vul)
    ("z3Nxx", 8, -400), ("z6Hx", 12, 1660), ("z4S", 10, 620), ("x4S", 10, 620),
])
def test_v2_contracts_and_doubled_scores(contract, tricks, expected):
    assert value(f"score(vul, {contract}, {tricks})") == expected


def test_a_doubled_v1_contract_is_refused():
    with pytest.raises(DealerSyntaxError):
        compile_program("condition score(vul, x4Hx, 10) > 0")


# ----- command line: --v2 script parameters, -x, -N/-E/-S/-W, -D
NT_SCRIPT = """produce 3
NTshape = shape( $1 , any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
condition shape ( east, $0 ) && NTshape && (hcp( $1 ) >= $2 ) && (hcp( $1 ) <= $3 )
action printes("$1 ", hcp($1), \\n), printoneline
"""


def cli(tmp_path, capsys, script: str, *switches: str) -> tuple[int, str, str]:
    path = tmp_path / "script.dlr"
    path.write_text(script)
    code = main([str(path), "-s", "1", *switches])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_script_parameters_from_the_guide(tmp_path, capsys):
    code, out, _ = cli(tmp_path, capsys, NT_SCRIPT, "--v2", "-1", "west", "-2", "12",
                       "-3", "14", "-0", "5xxx + x5xx - any xxx0 - any xxx1")
    assert code == 0
    values = [int(line.split()[1]) for line in out.splitlines() if line.startswith("$1 ")]
    assert len(values) == 3 and all(12 <= v <= 14 for v in values)  # "$1" in quotes stays


def test_a_missing_script_parameter_is_located(tmp_path, capsys):
    code, _, err = cli(tmp_path, capsys, NT_SCRIPT, "--v2", "-1", "west")
    assert code == 2
    assert "script.dlr:3:" in err and "$0 has no value" in err


def test_without_v2_the_digits_are_dealer_v1_swapping(tmp_path, capsys):
    script = "produce 4\naction printoneline\n"
    _, v1, _ = cli(tmp_path, capsys, script, "-2")
    _, v2, _ = cli(tmp_path, capsys, script, "-x", "2")
    assert deals_of(v1) == deals_of(v2)
    first, second = deals_of(v1)[:2]
    assert first.split(" e ")[0] == second.split(" e ")[0]  # North kept, E and W exchanged


def test_x_and_a_v1_swapping_switch_together_are_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli(tmp_path, capsys, "produce 1\n", "-x", "3", "-2")


def test_predeal_from_the_command_line(tmp_path, capsys):
    _, out, _ = cli(tmp_path, capsys, "produce 3\naction printoneline\n",
                    "-E", "ST865,HT73,DAJ97,C94", "-S", "SK632,HAKQJ,D2")
    for line in deals_of(out):
        assert " e T865.T73.AJ97.94 " in line and " s K632.AKQJ" in line


def test_debug_level_lists_the_settings(tmp_path, capsys):
    _, _, err = cli(tmp_path, capsys, "produce 1\naction printoneline\n", "-D", "1",
                    "-T", "Example Title")
    assert "title=[Example Title]" in err and "seed=[1]" in err


# ----- functions that call outside programs
@pytest.mark.parametrize("script, column", [
    ("condition hcp(north) > 10 && opc(EW, notrump) >= 26.50", 30),
    ("action printes(usereval(10, NS, 0))", 16),
])
def test_outside_programs_are_refused_where_they_are_written(script, column):
    with pytest.raises(DealerSyntaxError, match="not supported.*runs no outside programs") as info:
        compile_program(script)
    assert (info.value.line, info.value.column) == (1, column)


# ----- bktfreq
def test_bktfreq_counts_in_buckets_named_by_their_lowest_value():
    text = run('produce 2000\naction bktfreq "ltc" (ltc(north), 5.0, 8.0, 0.5), '
               'frequency "halves" (ltc(north) / 50, 10, 16)', seed=4)
    buckets = re.search(r"Frequency ltc:\n(.*?)Frequency halves", text, re.S).group(1)
    halves = re.search(r"Frequency halves:\n(.*?)Generated", text, re.S).group(1)
    rows = dict(line.split("\t") for line in buckets.splitlines())
    assert [name.strip() for name in rows if name not in ("Low", "High")] == [
        str(v) for v in range(500, 801, 50)]
    # ltc counts in half losers, so a bucket of 50 holds exactly one value of ltc / 50
    assert [int(v) for v in rows.values()] == [int(line.split("\t")[1])
                                              for line in halves.splitlines()]


def test_bktfreq_two_dimensions_and_wide_buckets():
    text = run('produce 500\naction bktfreq "KnR vs HCP" '
               '(cccc(north), 10.0, 17.75, 2.5, hcp(north), 10, 17, 4)', seed=4)
    header = text.splitlines()[1]
    assert header.split() == ["Low", "10", "14", "High", "Sum"]
    assert [line.split()[0] for line in text.splitlines()[2:8]] == [
        "Low", "1000", "1250", "1500", "1750", "High"]
    assert text.splitlines()[8].split()[-1] == "500"


def test_bktfreq_needs_a_positive_size():
    with pytest.raises(DealerSemanticError, match="bucket size above 0"):
        compile_program("action bktfreq (hcp(north), 0, 10, 0)")


# ----- double dummy solved as needed
def test_a_double_dummy_condition_solves_about_as_many_deals_as_it_produces():
    calls = []

    def solver(deal, seat, strain):
        calls.append(seat)
        return 7 + len(calls) % 3  # 8, 9, 7, 8, ...: two deals in three pass

    program = compile_program("produce 3\ncondition hcp(north) >= 5 && "
                              "tricks(south, notrump) >= 8\naction printoneline",
                              tricks=solver)
    out = io.StringIO()
    result = run_program(program, RunOptions(seed=1), out)
    assert result.produced == 3
    assert len(calls) <= 12  # the whole first batch (256 deals) was solved before


# ----- printside, printns
def test_printns_shows_south_then_north_as_the_guide_does():
    """The guide's printside(NS) example heads its columns `South North`."""
    predeal = "predeal south SAKQJT98765432\npredeal north HAKQJT98765432\nproduce 1\n"
    text = run(predeal + "action printns", seed=5, statistics=False)
    first_row = text.splitlines()[0]
    assert first_row.startswith("A K Q J T 9 8 7 6 5 4 3 2 ")
    assert first_row.endswith("- ")
    assert text.splitlines()[1].startswith("- ")


@pytest.mark.parametrize("alias, spelled_out", [("printew", "printside(EW)"),
                                                 ("printns", "printside(NS)")])
def test_printside_of_a_side_is_its_short_form(alias, spelled_out):
    assert (run(f"produce 3\naction {alias}", seed=4, statistics=False)
            == run(f"produce 3\naction {spelled_out}", seed=4, statistics=False))


def test_printside_needs_a_side():
    with pytest.raises(DealerSyntaxError, match="side"):
        compile_program("action printside(north)")


# ----- v2's closing statistics
def test_v2_closing_statistics_put_two_spaces_after_produced(tmp_path, capsys):
    _, out, _ = cli(tmp_path, capsys, "produce 3\naction printoneline", "--v2")
    assert re.search(r"\nGenerated 3 hands\nProduced  3 hands\nInitial random seed 1\n", out)


def test_without_v2_the_closing_statistics_stay_dealer_v1s(tmp_path, capsys):
    _, out, _ = cli(tmp_path, capsys, "produce 3\naction printoneline")
    assert "\nGenerated 3 hands\nProduced 3 hands\n" in out


# ----- csvrpt, printrpt, -C (the guide's "CSV Report Examples", on the guide's own deal)
GUIDE_DEAL = """predeal north SAKJ3, HKJ943, DT76, CJ
predeal east S854, H87, DKJ843, CT75
predeal south ST9762, HA, DQ, CAK9842
produce 1
"""


@pytest.mark.parametrize("items, line", [
    ('"Full Test", hcp(north)+hcp(south), NS',
     "'Full Test',26,n AKJ3.KJ943.T76.J s T9762.A.Q.AK9842 "),
    ("north,south", "n AKJ3.KJ943.T76.J,s T9762.A.Q.AK9842"),
    ('NS,"S:",trix(south), EW, "W:", trix(west)',
     "n AKJ3.KJ943.T76.J s T9762.A.Q.AK9842 ,'S:',11,6,8,12,8,"
     "e 854.87.KJ843.T75 w Q.QT652.A952.Q63 ,'W:',1,7,5,0,4"),
    ("deal, trix(deal)",
     "n AKJ3.KJ943.T76.J e 854.87.KJ843.T75 s T9762.A.Q.AK9842 w Q.QT652.A952.Q63 "
     ",11,6,8,12,8,1,7,5,0,4,11,6,8,12,8,1,7,5,0,4"),
])
def test_csvrpt_prints_the_guides_examples(items, line):
    assert run(GUIDE_DEAL + f"action csvrpt({items})", seed=1, statistics=False) == line + "\n"


def test_printrpt_is_csvrpt_on_the_screen_while_csvrpt_goes_to_the_c_file(tmp_path, capsys):
    csv = tmp_path / "run.csv"
    csv.write_text("heading\n")
    script = GUIDE_DEAL + 'action csvrpt("file", hcp(north)), printrpt("screen", hcp(south))'
    _, out, _ = cli(tmp_path, capsys, script, "-v", "-C", str(csv))
    assert out == "'screen',13\n"
    assert csv.read_text() == "heading\n'file',13\n"  # appended to
    cli(tmp_path, capsys, script, "-v", "-C", f"w:{csv}")
    assert csv.read_text() == "'file',13\n"  # w: overwrites


def test_an_unwritable_c_file_is_reported(tmp_path, capsys):
    code, _, err = cli(tmp_path, capsys, GUIDE_DEAL + "action csvrpt(1)",
                       "-C", str(tmp_path / "missing" / "run.csv"))
    assert code == 1 and "-C" in err


def test_trix_takes_a_compass_or_deal():
    with pytest.raises(DealerSyntaxError, match="compass or deal"):
        compile_program("action csvrpt(trix(NS))")


# ----- dds, par
def test_dds_is_the_double_dummy_tricks_of_the_guides_example():
    """The guide's Example 2 prints 'Tricks S NT= ',8 for this deal."""
    script = GUIDE_DEAL + ('action printrpt("Tricks S NT= ", dds(south,notrump), '
                           'tricks(south, notrump))')
    assert run(script, seed=1, statistics=False) == "'Tricks S NT= ',8,8\n"


@pytest.mark.parametrize("vulnerable, ns_par", [("", 980), ("vulnerable NS\n", 1400),
                                                ("vulnerable EW\n", 980)])
def test_par_of_a_side_at_the_scripts_vulnerability(vulnerable, ns_par):
    """Twelve tricks in spades for North-South: six spades is par, except that against
    1430 East-West, not vulnerable, save in seven diamonds doubled, six down (1400)."""
    script = vulnerable + GUIDE_DEAL + "condition par(NS) > 0\naction printrpt(par(NS), par(EW))"
    assert run(script, seed=1, statistics=False) == f"{ns_par},{-ns_par}\n"


def test_par_needs_a_side_and_the_whole_deal():
    with pytest.raises(DealerSyntaxError, match="side"):
        compile_program("condition par(north) > 0")
    # a term with par is never one hand's filter (that compiler refuses double dummy)
    program = compile_program("condition hcp(north) > 10 && par(NS) + hcp(north) > 0")
    assert program.uses_tricks
