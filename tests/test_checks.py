"""Static checks: each fires on a file made for it (tests/checks), the shipped files pass."""
from pathlib import Path

from bidding.engine.authoring import check_library, validate
from bidding.engine.checks import check_convention
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import parse_file

CHECKS = Path(__file__).resolve().parent / "checks"
SEQUENCE = CHECKS / "sequence-mistakes.conv"


def messages(problems, file_name: str) -> dict[int, str]:
    return {p.line: ("warning: " if p.warning else "") + p.message
            for p in problems if Path(p.file).name == file_name}


def test_each_check_fires_on_the_action_made_for_it():
    found = messages(validate([SEQUENCE], builtin=False), SEQUENCE.name)
    assert found == {
        7: "respond 1C can never be made: the last bid is at least 1H after 1H",
        8: "respond 2C: over '1C' can never match the opponents' call after 1H",
        9: "respond X can never be made: the last bid is ours or already doubled after 1H",
        11: f"warning: respond 2D is never chosen: respond 2D at {SEQUENCE}:10 comes first, "
            f"makes the same call over the same calls, and its hands cover these",
        15: f"respond 2S says forcing='no', alert=no but respond 2S at {SEQUENCE}:14, the same "
            f"call over the same opponent's call, says forcing='yes', alert=no: partner cannot "
            f"tell them apart",
        20: "rebid 1NT can never be made: the last bid is at least 2C after 1H - 1S",
        21: "rebid XX can never be made: no double of our bid stands to be redoubled after "
            "1H - 1S",
    }


def test_the_root_and_an_included_convention_are_judged_where_the_system_uses_them():
    files = [CHECKS / "checks.system", CHECKS / "responses-under-1h.conv"]
    problems = validate(files, [CHECKS], builtin=False)
    assert messages(problems, "root-mistakes.conv") == {
        5: "overcall XX can never be made: our side has made no bid to redouble at the start "
           "of a sequence",
        6: "overcall 1S: over 'X' can never match the opponents' call at the start of a "
           "sequence",
        7: "double X: over 'PASS' can never match the opponents' call at the start of a "
           "sequence",
    }
    assert messages(problems, "responses-under-1h.conv") == {
        4: "respond 1C can never be made: the last bid is at least 1H after 1H"}
    # Alone, the responses may be included anywhere: nothing certain is wrong with them.
    convention, _ = parse_file(CHECKS / "responses-under-1h.conv")
    assert check_convention(convention) == []


def test_the_loader_reports_a_files_own_mistakes_as_warnings():
    library = ConventionLibrary([CHECKS], builtin=False)
    found = messages(library.warnings, SEQUENCE.name)
    assert sorted(found) == [7, 8, 9, 11, 15, 20, 21]
    assert all(text.startswith("warning: ") for text in found.values())
    assert not messages(library.warnings, "responses-under-1h.conv")


def test_shipped_conventions_and_systems_pass_every_check():
    library = ConventionLibrary()
    assert library.warnings == []
    assert check_library(library) == []


WHEN = Path(__file__).resolve().parent / "when-checks"


def test_an_action_included_with_when_is_judged_wherever_it_is_reached():
    # Included plainly after 1C and with <when> after 1H: 1D is possible after 1C, so the
    # restricted copy that can never bid 1D over 1H is no mistake.
    both = WHEN / "both"
    assert validate(sorted(both.iterdir()), [both], builtin=False) == []
    # Included only with <when>, after 1H: 1D can never be made anywhere.
    only = WHEN / "only"
    found = messages(validate(sorted(only.iterdir()), [only], builtin=False),
                     "when-responses.conv")
    assert found == {4: "respond 1D can never be made: the last bid is at least 1H after 1H"}
