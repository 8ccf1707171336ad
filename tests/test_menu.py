"""The menu driven headlessly: keys through a pipe, output read from the transcript."""
import re
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from bidding.model import evaluation
from bidding.model.auction import Auction
from bidding.engine.authoring import validate
from bidding.model.cards import Hand, Seat
from bidding.engine.library import ConventionLibrary
from bidding.interfaces.menu.menu import Menu
from bidding.interfaces.menu.terminal import Terminal
from bidding.engine.robot import Robot
from bidding.engine.system import system_named

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = (REPO / "conventions/examples/strong-1nt-with-stayman.conv",
            REPO / "systems" / "SLAM-Example.system")
DEAL = "N:6532.43.Q62.KQJ2 K74.QJ986.KJT4.A AJ9.AK52.A87.T98 QT8.T7.953.76543"
ENTER = "\r"


class Session:
    """A menu on temporary directories, fed whole lines (or raw keys) through a pipe.

    Its library is SLAMBidding's example (copied into the user directory) without the
    repository's other files, so that the tests stay fast and about the menu."""

    def __init__(self, tmp_path, seed: int = 1):
        self.data = tmp_path / "data"
        self.user = tmp_path / "conventions"
        self.user.mkdir()
        for example in EXAMPLES:
            shutil.copy(example, self.user)
        self.seed = seed
        self.builtin = False
        self.transcript: list[str] = []
        self.menu = None

    def run(self, *lines: str) -> str:
        keys = "".join(line if line in ("\x03", "\x04") else line + ENTER for line in lines)
        self.transcript.clear()
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            pipe.close()
            with create_app_session(input=pipe, output=DummyOutput()):
                self.menu = Menu(Terminal(transcript=self.transcript, symbols=False),
                                 data_directory=self.data, conventions_directory=self.user,
                                 builtin_library=self.builtin, seed=self.seed)
                assert self.menu.run() == 0
        text = "\n".join(self.transcript)
        assert "internal error" not in text
        return text


@pytest.fixture
def session(tmp_path):
    return Session(tmp_path)


def test_help_commands_are_case_insensitive_and_unknown_keys_re_ask(session):
    text = session.run("?", "? B", "Z", "", "HELP", "q")
    assert "b  bid" in text and "Ctrl-C goes back to this menu" in text
    assert "b (bid): bid a deal with four players" in text
    assert "unknown command 'Z'" in text
    assert text.rstrip().endswith("Goodbye.")


def test_ctrl_c_returns_to_the_menu_and_ctrl_d_quits(session):
    text = session.run("h", "\x03", "r", "q", "N", "\x03", "\x03", "s", "\x04")
    assert text.count("Back to the menu") == 3
    assert "No players yet" in text
    assert text.rstrip().endswith("Goodbye.")


def test_players_are_created_validated_and_saved_between_sessions(session):
    text = session.run("h", "Alice", "c", "alice", "Robbie", "nonesuch", "slam example",
                       "c", "Rita", "EXAMPLE", "c", "Ralph", "SLAM Example", "q")
    assert "Added Alice (human)." in text
    assert "there is already a player called 'alice'" in text
    assert "no system called 'nonesuch'" in text
    assert "Added Robbie (computer, SLAM Example)." in text
    text = session.run("s", "x", "Ralph", "y", "s")
    assert "Alice (human)" in text and "Rita (computer, plays SLAM Example)" in text
    assert "Removed Ralph (computer, SLAM Example)." in text
    assert "Ralph" not in text.split("Removed")[1].split("Players")[1]
    assert [p.name for p in session.menu.players] == ["Alice", "Robbie", "Rita"]


def test_random_and_constrained_deals(session):
    text = session.run("g", "2", "r", "q", "ns", "15-17", "", "", "", "", "balanced",
                       "0-5", "", "", "", "", "5-4-3-1", "3", "r", "d", "hcp(east >= 3",
                       "hcp(east) >= 22", "1", "q")
    assert ("In dealer's language: hcp(north) >= 15 and hcp(north) <= 17 and "
            "shape(north, any 4333 + any 4432 + any 5332) and hcp(south) <= 5 and "
            "shape(south, any 5431)") in text
    assert "syntax error" in text
    board = session.menu.last_board
    assert evaluation.hcp(board.deal[Seat.EAST]) >= 22
    boards = re.findall(r"Board (\d+)", text)
    assert boards == ["1", "2", "3", "4", "5", "6"]


def test_guided_answers_are_checked(session):
    text = session.run("r", "q", "N", "17-15", "40", "15+", "14", "", "", "", "4 or 5",
                       "", "5555", "any 4333", "1", "q")
    assert "HCP: 17-15 runs backwards" in text
    assert "HCP: 40 is outside 0..37" in text
    assert "spades: 14 is outside 0..13" in text
    assert "clubs: cannot read '4or5'" in text
    assert "shape 5555 has 20 cards" in text
    north = session.menu.last_board.deal[Seat.NORTH]
    assert evaluation.hcp(north) >= 15 and sorted(north.shape) == [3, 3, 3, 4]


def test_bid_a_deal_with_a_human_and_three_robots(session):
    setup = ["h", "Alice", "c", "Robbie", "SLAM Example", "c", "Rita", "SLAM Example",
             "c", "Ralph", "SLAM Example"]
    seating = ["b", "Robbie", "Rita", "Alice", "Ralph", "p", "N:garbage", DEAL, "b", "1"]
    turns = ["1x", "e", "w 1NT", "1N",         # unreadable call, then questions, then 1NT
             "1c", "why 5", "e 5", "2D", "u",  # illegal 1C refused; 2D taken back
             "hint", "2H", "3NT"]
    text = session.run(*setup, *seating, *turns, "q")
    assert "cannot read call '1x'" in text
    assert "1C is not allowed: 1C is not higher than 2C" in text
    assert "If you call 1NT: 15-17 HCP" in text
    assert re.search(r" 5\. N 2C: 8\+ HCP, 4\+ hearts", text)
    assert "5. North (Robbie) 2C:" in text
    assert "Taken back: 2D P 2NT P." in text
    assert "A robot playing SLAM Example would call 2H" in text
    report = text.split("What the calls showed")[-1]
    assert "Contract: 3NT by South" in report
    assert "Double dummy: 7 tricks, down 2" in report
    assert "Score: -100 for North-South" in report
    assert "Par: +110 for North-South (2SN=); against par -5 IMPs" in report
    assert "South  3-4-3-3, 16 HCP, 8 losers" in text
    assert "Pass  2C    Pass  2H" in text


def test_bid_without_players_says_what_to_do(session):
    assert "Nobody to sit at the table yet" in session.run("b", "q")


def test_author_a_convention_and_a_system_then_bid_with_it(session):
    convention = [
        "n", "Weak twos", "", "Pre-emptive two-level openings",
        "add", "open", "2Z", "2S", "", "1234x", "123", "weak two",
        "y", "5-10", "6", "3-", "", "", "", "",
        "add 1", "raise", "3S", "", "to play", "y", "", "3+", "", "", "", "", "",
        "add 1", "pass", "PASS", "", "", "1", "n",
        "delete 9", "down 1.2", "include", "Strong 1NT", "1",
        "hands 2", "a", "", "", "", "", "", "unbalanced", "losers <= 7", "n", "d",
        "save", "q",
    ]
    text = session.run(*convention)
    assert "Call:" in text and "cannot read" in text.lower()
    assert "there is no '9' in the tree" in text
    files = [session.user / "weak-twos.conv"]
    assert not [p for p in validate(files, [session.user], builtin=False) if not p.warning]
    xml = files[0].read_text()
    assert '<open bid="2S" seats="123" meaning="weak two">' in xml
    assert '<convention name="Strong 1NT"/>' in xml
    assert xml.index('<pass bid="PASS"') < xml.index('<raise bid="3S"')
    assert "<condition>losers &lt;= 7</condition>" in xml

    system = ["y", "My system", "", "Weak twos", "", "save", "q",
              "c", "Wendy", "my SYSTEM", "t", "My system", "", "q"]
    text = session.run(*system)
    assert "Added Wendy (computer, My system)." in text
    assert "convention: Weak twos" in text
    library = ConventionLibrary([session.user], builtin=False)
    robot = Robot(system_named(library, "my system"))
    from bidding.model.auction import Auction
    choice = robot.choose(Hand.parse("KQJ954.84.732.82"), Auction())
    assert str(choice.call) == "2S"


def test_modify_keeps_a_backup_and_refuses_invalid_changes(session):
    session.run("n", "Tiny", "", "", "add", "open", "1C", "", "", "", "n", "save", "q")
    path = session.user / "tiny.conv"
    before = path.read_text()
    text = session.run("m", "tiny", "edit 1", "", "9", "", "123", "", "yes", "n", "", "",
                       "add 1", "respond", "1H", "", "", "n", "save", "q")
    assert "over '9': cannot read '9'" in text
    after = path.read_text()
    assert (session.user / "tiny.conv.bak").read_text() == before
    assert 'forcing="yes"' in after and '<respond bid="1H"/>' in after
    text = session.run("m", "Tiny", "delete 1.1", "\x03", "m", "Tiny", "y", "show", "q", "y",
                       "q")
    assert "Unsaved changes kept" in text
    assert "Resume them [y]?" in text and "(unsaved changes)" in text
    assert path.read_text() == after


def test_system_editor_reorders_and_sets_a_fallback(session):
    session.run("n", "One", "", "", "add", "open", "1C", "", "", "", "n", "save", "q",
                "n", "Two", "", "", "add", "open", "1D", "", "", "", "n", "save", "q")
    text = session.run("y", "Pair", "", "One", "Two", "", "", "up 2", "fallback", "One",
                       "down 3", "save", "q", "f", "pair", "delete 1", "save", "q")
    assert "there is no '3' in the tree" in text
    assert "1. Two\n  2. One\n  fallback: One" in text
    saved = (session.user / "pair.system.bak").read_text()
    assert saved.index("<convention>Two</convention>") < saved.index("<convention>One")
    xml = (session.user / "pair.system").read_text()
    assert "Two" not in xml and '<fallback name="One"/>' in xml


def test_what_could_partner_hold_at_a_humans_turn(session):
    setup = ["h", "Alice", "c", "Robbie", "SLAM Example", "c", "Rita", "SLAM Example",
             "c", "Ralph", "SLAM Example"]
    seating = ["b", "Robbie", "Rita", "Alice", "Ralph", "p", DEAL, "b", "1"]
    text = session.run(*setup, *seating, "?p", "?", "1N", "partner", "2H", "3NT", "q")
    assert "partner    what could partner hold? (or ?p)" in text
    first, second = text.split("Alice (S), your call: ?p")[1].split("your call: partner")[:2]
    assert "Partner (North) has shown: nothing shown" in first
    assert "Partner (North) has shown: 8+ HCP" in second
    samples = re.findall(r"^  S (\S+)  H (\S+)  D (\S+)  C (\S+)  \d-\d-\d-\d, (\d+) HCP",
                         second, re.M)
    assert len(samples) == 5
    south = Hand.parse("AJ9.AK52.A87.T98")
    robot = Robot(system_named(session.menu.library, "SLAM Example"))
    for *suits, points in samples:
        hand = Hand.parse(".".join("" if suit == "-" else suit for suit in suits))
        assert int(points) >= 8 and not hand.mask & south.mask
        assert str(robot.choose(hand, Auction.parse("P P 1NT P")).call) == "2C"


def test_answers_take_full_words_and_prefixes_everywhere(session):
    text = session.run("h", "Alice", "x", "ali", "YES", "h", "Bob", "x", "Bob", "No", "s",
                       "r", "questions", "south, WE", "", "", "", "", "", "bal",
                       "", "", "", "", "", "unbal", "1", "q")
    assert "Removed Alice (human)." in text
    assert "Bob (human)" in text.split("Players")[-1]
    assert ("In dealer's language: shape(south, any 4333 + any 4432 + any 5332) and "
            "not shape(west, any 4333 + any 4432 + any 5332)") in text
    assert "is not known" not in text and "cannot" not in text


def test_a_human_takes_one_seat_and_two_humans_pass_the_keyboard(session):
    setup = ["h", "Alice", "h", "Bob", "c", "Robbie", "SLAM Example"]
    seating = ["b", "Robbie", "Alice", "Robbie", "alice", "Bob", "p", DEAL, "given", "south",
               "None"]
    turns = ["", "", "P", "", "P", "", "P", "", "P"]   # (no system for East-West) Enter, call...
    text = session.run(*setup, *seating, *turns, "q")
    assert "Alice already sits East: a human takes one seat" in text
    assert "West player" in text.split("already sits East")[1]
    first = text.index("Pass the keyboard to Bob (West)")
    second = text.index("Pass the keyboard to Alice (East)")
    assert first < second
    between = text[first:second]
    assert "Bob, you are West" in between and "Alice, you are East" not in between
    assert "Alice, you are East" in text[second:]
    assert "[screen cleared]" in text[second - 200:second]


def test_guided_help_fits_eighty_columns(session, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    text = session.run("?", "r", "q", "N", "?", "", "", "", "", "", "?", "", "1", "q")
    for line in text.splitlines():
        assert len(line) < 80 or " " not in line.strip(), line


def test_a_dumb_terminal_asks_with_plain_input(tmp_path, monkeypatch):
    answers = iter(["h", "Alice", "s", "q"])
    prompts = []

    def fake_input(prompt):
        prompts.append(prompt)
        return next(answers)
    monkeypatch.setattr("builtins.input", fake_input)
    transcript: list[str] = []
    menu = Menu(Terminal(transcript=transcript, symbols=False, dumb=True),
                data_directory=tmp_path, conventions_directory=tmp_path, builtin_library=False)
    assert menu.run() == 0
    assert prompts[:2] == ["menu> ", "Name of the new human player: "]
    assert "Alice (human)" in "\n".join(transcript)
