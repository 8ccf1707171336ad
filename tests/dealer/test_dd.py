"""Double-dummy results through endplay, and their cache."""
from __future__ import annotations

import importlib.machinery
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dealer import dd
from dealer.__main__ import main
from dealer.errors import DealerRuntimeError
from dealer.generate import DealStream

# dealer -s 1's first deal: N 2.T98.K752.KJT84 E 5.J7642.986.9763 S AQ8.AQ5.QJT.AQ52
FIRST = DealStream(1, rng="dealer").next_batch(1)[0]


def test_dds_is_endplays_binding_loaded_without_endplays_package():
    """One binding and one handle on libdds.so: solving loads endplay/_dds alone (no
    matplotlib, no endplay/__init__.py), and a later `import endplay` reuses it."""
    script = ("import sys\n"
              "from dealer import dd\n"
              "from dealer.generate import DealStream\n"
              "print(dd.dd_table(DealStream(1, rng='dealer').next_batch(1)[0])[2, 4])\n"
              "print(sorted(n for n in sys.modules if n.startswith(('endplay', 'matplotlib'))))\n"
              "import endplay\n"
              "print(endplay._dds is dd._dds() is sys.modules['endplay._dds'])\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=Path(dd.__file__).parents[1], check=True)
    assert run.stdout.splitlines() == ["11", "['endplay._dds']", "True"]


@pytest.fixture
def binding_not_loaded(monkeypatch):
    """dd as at the start of a run, before its first solve; the binding is back afterwards."""
    monkeypatch.delitem(sys.modules, "endplay._dds", raising=False)
    dd._dds.cache_clear()
    dd.clear_cache()
    yield
    dd._dds.cache_clear()


def test_double_dummy_without_endplay_is_one_line(binding_not_loaded, monkeypatch, tmp_path,
                                                  capsys):
    monkeypatch.setattr(dd.importlib.util, "find_spec", lambda name: None)
    path = tmp_path / "script.dlr"
    path.write_text("produce 1\ncondition tricks(south, notrump) >= 0\n")
    assert main([str(path), "-s", "1"]) == 1
    assert capsys.readouterr().err == ("dealer: double dummy needs the endplay package, which "
                                       "ships DDS (pip install endplay)\n")


def test_a_library_that_does_not_load_is_a_dealer_error(binding_not_loaded, monkeypatch,
                                                        tmp_path):
    """The binding raises RuntimeError, with notes on further lines, when libdds.so is
    missing or built for another machine; the failed module is not left in sys.modules."""
    (tmp_path / "_dds").mkdir()
    (tmp_path / "_dds" / "__init__.py").write_text(
        'raise RuntimeError("Unable to load the dds library: shared library object not '
        'found.\\nNote: Should be located in ...")\n')
    endplay = importlib.machinery.ModuleSpec("endplay", None, is_package=True)
    endplay.submodule_search_locations.append(str(tmp_path))
    monkeypatch.setattr(dd.importlib.util, "find_spec", lambda name: endplay)
    with pytest.raises(DealerRuntimeError) as raised:
        dd.dd_table(FIRST)
    assert str(raised.value) == ("endplay's DDS library does not load: Unable to load the dds "
                                 "library: shared library object not found.")
    assert "endplay._dds" not in sys.modules


def test_single_results_agree_with_the_table():
    dd.clear_cache()
    singles = [dd.tricks_of(FIRST[None], 2, 4)[0], dd.tricks_of(FIRST[None], 1, 3)[0]]
    table = dd.dd_table(FIRST)
    assert singles == [table[2, 4], table[1, 3]]
    assert (table[0, 4], table[2, 4]) == (10, 11)  # notrump: North 10, South 11


def test_par():
    """North-South make 11 tricks in notrump: 3NT+2, 460."""
    assert dd.par_of(FIRST[None], 0, 0).tolist() == [460]
    assert dd.par(FIRST, 0, 0) == (460, ["3NTS+2"])


def test_results_are_cached_per_deal():
    dd.clear_cache()
    dd.dd_table(FIRST)
    assert dd.tricks_of(FIRST.copy()[None], 0, 0)[0] == dd.dd_table(np.array(FIRST))[0, 0]
    assert len(dd._cache) == 1


DEALS = DealStream(5).next_batch(6)


def settings(**chosen):
    dd.configure(dd.SolverSettings(**chosen))
    dd.clear_cache()


def test_a_batch_gives_what_single_deals_give():
    settings()
    batch = dd.tricks_of(DEALS, 1, 2)
    dd.clear_cache()
    assert batch.tolist() == [dd.tricks_of(deal[None], 1, 2)[0] for deal in DEALS]
    dd.clear_cache()
    assert (dd.tables_of(DEALS)[:, 1, 2] == batch).all()


def test_only_deals_not_yet_known_are_solved(monkeypatch):
    settings()
    dd.tricks_of(DEALS[:2], 0, 4)
    asked = []
    solve = dd._solve_singles
    monkeypatch.setattr(dd, "_solve_singles",
                        lambda deals, *a: asked.append(len(deals)) or solve(deals, *a))
    dd.tricks_of(DEALS, 0, 4)
    assert asked == [4]


def test_mode_1_solves_single_results_and_mode_2_whole_tables():
    settings(mode=1)
    for strain in range(5):
        dd.tricks_of(DEALS[:1], 0, strain)
    assert dd._results(DEALS[0]).table is None  # five results, still one at a time
    settings(mode=2)
    dd.tricks_of(DEALS[:1], 0, 4)
    assert dd._results(DEALS[0]).table is not None
    settings()
    for declarer, strain in np.ndindex(2, 4):  # by default the 9th result solves the table
        dd.tricks_of(DEALS[:1], declarer, strain)
    assert dd._results(DEALS[0]).table is None
    dd.tricks_of(DEALS[:1], 2, 0)
    assert dd._results(DEALS[0]).table is not None


def test_command_line_par_vulnerability_wins_over_the_one_given():
    settings()
    at_none = dd.par_of(FIRST[None], 0, 0)[0]
    settings(par_vulnerability=3)
    assert dd.par_of(FIRST[None], 0, 0)[0] == dd.par_of(FIRST[None], 0, 3)[0] != at_none
    settings()


@pytest.mark.parametrize("chosen, message", [
    ({"mode": 3}, r"mode \(-M\) is 1 or 2"), ({"threads": 0}, r"threads \(-R\) are 1 to 9"),
    ({"par_vulnerability": 4}, r"vulnerability \(-P\) is 0, 1, 2 or 3")])
def test_settings_out_of_range_are_refused(chosen, message):
    with pytest.raises(ValueError, match=message):
        dd.SolverSettings(**chosen)


GUIDE_DEAL = ("predeal north SAKJ3, HKJ943, DT76, CJ\npredeal east S854, H87, DKJ843, CT75\n"
              "predeal south ST9762, HA, DQ, CAK9842\nproduce 1\nvulnerable NS\n"
              "action printrpt(par(NS), dds(south, notrump))\n")


@pytest.mark.parametrize("switches, line", [
    ((), "1400,8"),  # the script's `vulnerable NS`
    (("-P", "0"), "980,8"), (("-P", "2"), "980,8"), (("-P", "1", "-M", "1", "-R", "1"), "1400,8"),
    (("-M", "2", "-R", "2"), "1400,8")])
def test_dealer_v2_switches_on_the_guides_deal(tmp_path, capsys, switches, line):
    """The guide's CSV example deal (its Example 2: 8 tricks for South in notrump); par as
    in tests/dealer/test_v2.py: 6S by North-South, or 7Dx saved by East-West when only
    North-South are vulnerable."""
    path = tmp_path / "script.dlr"
    path.write_text(GUIDE_DEAL)
    assert main([str(path), "-s", "1", "-v", *switches]) == 0
    assert capsys.readouterr().out == line + "\n"
    settings()


@pytest.mark.parametrize("switch, value", [("-M", "3"), ("-R", "0"), ("-R", "10"),
                                           ("-P", "4")])
def test_dealer_v2_switches_out_of_range_are_refused(tmp_path, capsys, switch, value):
    with pytest.raises(SystemExit):
        main([str(tmp_path / "none.dlr"), switch, value])
    assert f"argument {switch}" in capsys.readouterr().err
