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
