"""The library's search path: folders read recursively, a user's file shadowing a shipped one,
and SLAMBidding's own 2009 files loading unchanged from a user's folder."""
from pathlib import Path

import pytest

import cli
from bidding.engine.library import BUILTIN_SYSTEMS, ConventionLibrary
from bidding.engine.system import system_named
from bidding.engine.xmlreader import ConventionError
from bidding.model.auction import Auction
from bidding.model.cards import Hand
from bidding.engine.robot import Robot

# SLAMBidding's files in their shape: its auto1.conv claims `strong 1NT` (as our shipped
# example does), names a parent no file defines and includes with <subconvention>; its
# auto2.conv answers with an `over` attribute on <HCP>, which the 2009 program ignored; its
# systems/SAYC.system is named SAYC like ours and lists `stayman`, which no file defines.
AUTO1 = """<?xml version="1.0"?>
<convention>
  <name>strong 1NT</name>
  <parent>SAYC</parent>
  <actions>
    <open bid="1NT" seats="1234">
      <handtypes>
        <type>
          <HCP min="15" max="17"/>
          <spades min="2" max="5"/><hearts min="2" max="5"/>
          <diamonds min="2" max="5"/><clubs min="2" max="5"/>
        </type>
      </handtypes>
      <subconvention name="jacoby"/>
    </open>
  </actions>
</convention>
"""
AUTO2 = """<?xml version="1.0"?>
<convention>
  <name>jacoby</name>
  <parent>strong 1NT</parent>
  <actions>
    <relay bid="2D">
      <handtypes>
        <type>
          <HCP min="0" max="40" over="1NT"/>
          <hearts min="5"/>
        </type>
      </handtypes>
      <relaybid bid="2H"><handtypes><type/></handtypes></relaybid>
    </relay>
  </actions>
</convention>
"""
OLD_SAYC = """<?xml version="1.0"?>
<system>
  <name>SAYC</name>
  <convention>strong 1NT</convention>
  <convention>stayman</convention>
</system>
"""
DEAL = "N:AQ3.KJ4.Q982.A53 T984.A9.KJ7.QJ82 KJ5.Q8753.A4.T76 762.T62.T653.K94"


@pytest.fixture
def slambidding(tmp_path):
    """A user's folder holding SLAMBidding's files, laid out as that program kept them."""
    (tmp_path / "systems").mkdir()
    (tmp_path / "auto1.conv").write_text(AUTO1)
    (tmp_path / "auto2.conv").write_text(AUTO2)
    (tmp_path / "systems" / "SAYC.system").write_text(OLD_SAYC)
    return tmp_path


def test_slambidding_files_load_with_notices_and_their_sayc_bids(slambidding):
    library = ConventionLibrary([slambidding])
    assert library.notices == [
        f"notice: {slambidding / 'auto1.conv'}: convention 'strong 1NT' shadows the shipped "
        f"one (still reachable as 'builtin:strong 1NT')",
        f"notice: {slambidding / 'systems' / 'SAYC.system'}: system 'SAYC' shadows the "
        f"shipped one (still reachable as 'builtin:SAYC')"]
    assert [str(w) for w in library.warnings] == [
        f"{slambidding / 'auto2.conv'}:9: warning: unknown attribute 'over' on <HCP>; "
        f"allowed: min, max (ignored, as SLAMBidding did)"]
    system = system_named(library, "SAYC")
    listing = slambidding / "systems" / "SAYC.system"
    assert [str(w) for w in system.warnings] == [
        f"{listing}:4: warning: 'strong 1NT' names parents no file defines (SAYC): it starts "
        f"sequences",
        f"{listing}:5: warning: no convention named 'stayman': ignored, as SLAMBidding did"]
    robot = Robot(system)
    assert str(robot.choose(Hand.parse("AQ3.KJ4.Q982.A53"), Auction()).call) == "1NT"
    assert str(robot.choose(Hand.parse("KJ5.Q8753.A4.T76"),
                            Auction.parse("1NT P")).call) == "2D"
    assert str(robot.choose(Hand.parse("AQ3.KJ4.Q982.A53"),
                            Auction.parse("1NT P 2D P")).call) == "2H"


def test_the_shipped_files_stay_reachable_under_builtin_names(slambidding):
    library = ConventionLibrary([slambidding])
    shipped = system_named(library, "builtin:SAYC")
    assert Path(shipped.spec.source.file) == BUILTIN_SYSTEMS / "SAYC.system"
    assert len(shipped.roots) > 10 and system_named(library, "sayc") is not shipped
    assert library.find_convention("builtin:Strong 1NT").name == "Strong 1NT with Stayman"
    assert library.find_convention("Strong 1NT with Stayman").name == "Strong 1NT with Stayman"
    assert library.find_convention("STRONG 1nt").source.file == str(slambidding / "auto1.conv")


def test_bid_with_a_slambidding_system_file_prints_notices_on_stderr(slambidding, capsys):
    system_file = slambidding / "systems" / "SAYC.system"
    assert cli.main(["bid", "--system", str(system_file), "--dir", str(slambidding),
                     "--deal", DEAL, "--ascii"]) == 0
    captured = capsys.readouterr()
    notices = captured.err.splitlines()
    assert len(notices) == 5
    assert all(line.startswith(("notice: ", str(slambidding))) for line in notices)
    assert sum("shadows the shipped one" in line for line in notices) == 2
    assert any("'stayman': ignored, as SLAMBidding did" in line for line in notices)
    assert "Systems: N SAYC, E SAYC, S SAYC, W SAYC" in captured.out
    assert "1NT" in captured.out and "2D" in captured.out


def test_what_the_2009_program_ignored_is_an_error_in_our_format(tmp_path):
    (tmp_path / "ours.conv").write_text(AUTO2.replace("  <parent>strong 1NT</parent>\n", ""))
    with pytest.raises(ConventionError) as caught:
        ConventionLibrary([tmp_path], builtin=False)
    assert "unknown attribute 'over' on <HCP>" in str(caught.value)
    (tmp_path / "ours.conv").unlink()
    (tmp_path / "a.conv").write_text(AUTO1.replace("  <parent>SAYC</parent>\n", "")
                                     .replace("subconvention", "convention"))
    (tmp_path / "jacoby.conv").write_text(AUTO2.replace(' over="1NT"', ""))
    (tmp_path / "s.system").write_text('<system><name>S</name><convention name="strong 1NT"/>'
                                       '<convention name="stayman"/></system>')
    library = ConventionLibrary([tmp_path], builtin=False)
    with pytest.raises(ConventionError) as caught:
        system_named(library, "S")
    assert "no convention named 'stayman'" in str(caught.value)


def test_folders_are_read_recursively_without_temporary_files_and_backups(tmp_path):
    (tmp_path / "one" / "two").mkdir(parents=True)
    (tmp_path / "one" / "two" / "a.conv").write_text(
        AUTO1.replace("  <parent>SAYC</parent>\n", "").replace("subconvention", "convention")
        .replace("strong 1NT", "Deep"))
    (tmp_path / "one" / "jacoby.conv").write_text(AUTO2.replace(' over="1NT"', ""))
    for junk in (".jacoby.k3j9x.conv", "jacoby.conv.bak", "jacoby.conv~"):
        (tmp_path / "one" / junk).write_text("<convention>broken")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "b.conv").write_text("<convention>broken")
    library = ConventionLibrary([tmp_path], builtin=False)
    assert sorted(c.name for c in library.all_conventions()) == ["Deep", "jacoby"]
    assert library.parents(library.find_convention("jacoby")) == ["strong 1NT", "Deep"]
