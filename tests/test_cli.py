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
