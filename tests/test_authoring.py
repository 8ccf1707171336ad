"""Authoring tools: validate, show, format (safely), and the argparse wiring."""
import argparse
from pathlib import Path

import pytest

from bidding.interfaces.commands import conventions as cli_conventions
from bidding.engine.authoring import (convention_tree, format_file, list_conventions, list_systems,
                               pretty_text, system_summary, validate)
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import ConventionError

REPO = Path(__file__).resolve().parent.parent
NATURAL = REPO / "tests" / "golden" / "natural"
EXAMPLE = REPO / "conventions/examples/strong-1nt-with-stayman.conv"
LIBRARY = ConventionLibrary([NATURAL], builtin=False,
                            files=[EXAMPLE, REPO / "systems" / "SLAM-Example.system"])

MESSY = """<?xml version="1.0"?>
<convention><name>Messy</name>
      <!-- a comment the author wants to keep -->
  <actions><open bid="1C">   <handtypes><type><HCP min="12"/></type></handtypes>
    <respond bid="1D"/></open>
  </actions></convention>
"""


def test_validate_reports_errors_and_warnings(tmp_path):
    assert validate([EXAMPLE]) == []
    assert validate(sorted(NATURAL.glob("*")), builtin=False) == []
    bad = tmp_path / "bad.conv"
    bad.write_text('<convention><name>Bad</name><actions><open bid="1C" over="nonsense">'
                   '<convention name="Missing"/></open></actions></convention>')
    problems = [str(p) for p in validate([bad])]
    assert problems == [f"{bad}:1: over 'nonsense': cannot read 'nonsense'; use calls (PASS, X, "
                        f"1H), all, bid, suit, major, minor, NT, 1suit, cuebid, 2cuebid, or a "
                        f"range 1C-2S"]
    bad.write_text('<convention><name>Bad</name><actions><open bid="1C">'
                   '<convention name="Missing"/></open></actions></convention>')
    assert "no convention named 'Missing'" in str(validate([bad])[0])


def test_validate_warns_about_inclusion_outside_the_parents(tmp_path):
    (tmp_path / "a.conv").write_text('<convention><name>A</name><actions><open bid="1C">'
                                     '<convention name="B"/></open></actions></convention>')
    (tmp_path / "b.conv").write_text('<convention><name>B</name><parent>Z</parent><actions>'
                                     '<pass bid="P"/></actions></convention>')
    problems = validate([tmp_path / "a.conv", tmp_path / "b.conv"], builtin=False)
    assert len(problems) == 1 and problems[0].warning
    assert "not among its parents (Z)" in str(problems[0])


def test_convention_tree_shows_priorities_descriptions_and_sources():
    text = convention_tree("strong 1nt", LIBRARY)
    lines = text.splitlines()
    assert lines[0] == "Strong 1NT with Stayman (also: Strong 1NT)"
    assert any(line.startswith("1. open 1NT, seats 1234 -- 15-17 HCP") for line in lines)
    assert any(line.strip().startswith("1.1. ask 2C -- 8+ HCP, 4+ hearts; or 8+ HCP, 4+ spades")
               for line in lines)
    assert "strong-1nt-with-stayman.conv:50" in text
    included = convention_tree("Natural openings", LIBRARY)
    assert "[from Natural notrump responses]" in included


def test_system_summary_and_lists():
    library = LIBRARY
    summary = system_summary("test natural", library)
    assert "convention: Natural openings" in summary and "fallback: Natural fallback" in summary
    assert "1. open 1NT -- strong notrump: 15-17 HCP, balanced" in summary
    assert [s.name for s in list_systems(library)] == ["SLAM Example", "Test Natural"]
    names = [s.name for s in list_systems(ConventionLibrary([NATURAL]))]
    assert names == sorted(names, key=str.casefold) and "Test Natural" in names
    assert "Natural responses" in [c.name for c in list_conventions(library)]


def test_format_keeps_comments_and_a_backup(tmp_path):
    path = tmp_path / "messy.conv"
    path.write_text(MESSY)
    assert format_file(path) is True
    text = path.read_text()
    assert "<!-- a comment the author wants to keep -->" in text
    assert '\n    <open bid="1C">\n' in text
    assert (tmp_path / "messy.conv.bak").read_text() == MESSY
    assert validate([path]) == []
    assert format_file(path) is False                 # already formatted
    assert pretty_text(path) == path.read_bytes()


def test_format_never_writes_an_invalid_file(tmp_path):
    path = tmp_path / "broken.conv"
    original = '<convention><name>B</name><actions><open bid="1Q"/></actions></convention>'
    path.write_text(original)
    with pytest.raises(ConventionError, match="cannot read call '1Q'"):
        format_file(path)
    assert path.read_text() == original
    assert not (tmp_path / "broken.conv.bak").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["broken.conv"]
    path.write_text("<convention><name>")
    with pytest.raises(ConventionError, match="not well-formed"):
        format_file(path)


def run_cli(*words) -> int:
    parser = argparse.ArgumentParser(prog="cli.py")
    cli_conventions.register(parser.add_subparsers(dest="command", required=True))
    return cli_conventions.run(parser.parse_args(list(words)))


def test_command_line(tmp_path, capsys):
    assert run_cli("conventions", "validate", str(EXAMPLE)) == 0
    assert "1 file(s): 0 error(s), 0 warning(s)" in capsys.readouterr().out
    assert run_cli("systems", "list", "--dir", str(NATURAL)) == 0
    assert "Test Natural -- " in capsys.readouterr().out
    assert run_cli("systems", "show", "TEST NATURAL", "--dir", str(NATURAL), "--depth", "2") == 0
    assert "1.1. transfer 2D" in capsys.readouterr().out
    assert run_cli("conventions", "show", "Strong 1NT") == 0
    assert "1.1.2.1. signoff 4H" in capsys.readouterr().out
    assert run_cli("conventions", "show", "Nonexistent") == 1
    assert "no convention named 'Nonexistent'" in capsys.readouterr().err
    path = tmp_path / "messy.conv"
    path.write_text(MESSY)
    assert run_cli("conventions", "format", str(path)) == 0
    assert "formatted (original kept as .bak)" in capsys.readouterr().out
    assert run_cli("conventions", "list") == 0
    assert "Strong 1NT with Stayman (starts sequences)" in capsys.readouterr().out


def test_rules_after_an_auction_with_sources_and_legality(capsys):
    assert run_cli("systems", "rules", "SLAM Example", "1NT P") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("SLAM Example: South to act after 1NT P (dealer North, vulnerable: None); "
                      "after 1NT (P)")
    assert out[1].startswith("  1. 2C -- 8+ HCP, 4+ hearts; or 8+ HCP, 4+ spades (")
    assert out[1].endswith("strong-1nt-with-stayman.conv:50)")
    assert run_cli("systems", "rules", "SAYC", "P (1H) X (2H)", "--dealer", "W",
                   "--vul", "Both") == 0
    out = capsys.readouterr().out
    assert out.startswith("SAYC: West to act after P 1H X 2H (dealer West, vulnerable: Both); "
                          "after (1H) X (2H)")
    assert run_cli("systems", "rules", "SAYC", "1H 3S") == 0
    assert "[not legal here: 2H is not higher than 3S]" in capsys.readouterr().out
    assert run_cli("systems", "rules", "SLAM Example", "1NT P 3S P") == 0
    assert "no rules here: a robot passes" in capsys.readouterr().out
    assert run_cli("systems", "rules", "SAYC", "1H 1C") == 1
    assert "illegal call 1C by east after 1H: 1C is not higher than 1H" in capsys.readouterr().err
    assert run_cli("systems", "rules", "SAYC", "1H P P P") == 1
    assert "the auction 1H P P P is over" in capsys.readouterr().err


def test_show_limits_the_depth(capsys):
    assert run_cli("conventions", "show", "Strong 1NT", "--depth", "2") == 0
    out = capsys.readouterr().out
    assert "1.1. ask 2C" in out and "1.1.1." not in out
    tree = convention_tree("Strong 1NT", LIBRARY, depth=1)
    assert "\n1. open 1NT" in tree and "1.1." not in tree
