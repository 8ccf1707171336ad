"""cli.py assembles every area's subcommands; each is reachable and runs."""
import pytest

from cli import main


def test_conventions_and_systems_commands(capsys):
    assert main(["conventions", "show", "SAYC Stayman"]) == 0
    assert "sayc-stayman.conv" in capsys.readouterr().out
    assert main(["systems", "list"]) == 0
    assert "SAYC" in capsys.readouterr().out
    example = "conventions/examples/strong-1nt-with-stayman.conv"
    assert main(["conventions", "validate", example]) == 0


def test_dealer_through_cli(tmp_path, capsys):
    script = tmp_path / "count.dlr"
    script.write_text("generate 500\naction average hcp(north)\n")
    assert main(["dealer", "-s", "1", str(script)]) == 0
    out = capsys.readouterr().out
    assert "Generated 500 hands" in out and "Initial random seed 1" in out


def test_unknown_command_is_refused():
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2


@pytest.mark.parametrize("command", [["systems"], ["conventions"]])
def test_a_command_without_its_action_lists_the_actions(capsys, command):
    assert main(command) == 2
    err = capsys.readouterr().err
    assert f"{command[0]}: choose an action" in err
    assert "list" in err and "show" in err and "every known" in err


@pytest.mark.parametrize("argv, message", [
    (["deal", "--seed", "-5"], "argument --seed: expected a seed, a whole number from 0 to "
                               "18446744073709551615, not '-5'"),
    (["bid", "--seed", "-1"], "argument --seed: expected a seed"),
    (["bid", "--seed", "18446744073709551616"], "argument --seed: expected a seed"),
    (["deal", "-n", "0"], "argument -n: expected a whole number of at least 1, not '0'"),
    (["deal", "--board", "-3"], "argument --board: expected a whole number of at least 1"),
    (["deal", "--auction", "1NT", "--system", "SAYC", "--tries", "0"],
     "argument --tries: expected a whole number of at least 1, not '0'"),
    (["deal", "-n", "1" * 5000], "not '11111111111111111111…111111111'"),
])
def test_numbers_out_of_range_are_argument_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_the_largest_seed_deals(capsys):
    assert main(["deal", "--seed", str(2 ** 64 - 1), "--format", "pbn"]) == 0
    assert "[Deal " in capsys.readouterr().out
