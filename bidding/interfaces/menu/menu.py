"""The interactive program: `python cli.py` with no command.

SLAMBidding's single-key menu, case-insensitive, with every command implemented: players
(saved between sessions), conventions and systems (listed, shown, created and edited as
valid XML), deals (random or constrained) and auctions at a table of humans and robots.
Ctrl-C at any question goes back to the menu; Ctrl-D quits.
"""
from __future__ import annotations

import os
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText

from bidding.model.cards import Seat
from bidding.model.board import Board
from bidding.engine.library import ConventionLibrary, canonical
from bidding.model.errors import BridgeError
from bidding.engine.drafts import Draft
from bidding.interfaces.menu.terminal import AnswerError, Terminal
from bidding.interfaces.players import COMPUTER, HUMAN, Player, PlayerError, PlayerStore, check_name, data_dir

CONVENTIONS_DIR_VARIABLE = "SLAMBID_CONVENTIONS_DIR"
BANNER = ("SLAMBidding-ng: bid, deal and write conventions. "
          "Type ? for help, a letter to choose, q to quit.")
GENERAL_HELP = """\
At any question: ? explains what to type, Tab completes, the arrow keys recall earlier
answers, Ctrl-C goes back to this menu and Ctrl-D quits. Type `? KEY` (e.g. `? b`) for more
about one command. Players are saved in {players}; your conventions and systems in
{user_dir}."""


@dataclass(frozen=True)
class MenuCommand:
    """One line of the menu: its key, a word that also selects it, and what it does."""

    key: str
    name: str
    summary: str
    details: str
    run: Callable[[], None]


class Menu:
    """The menu's state (players, library, last board) and its commands.

    `data_directory` holds players.json and the answer history; `conventions_directory`
    receives the conventions and systems the user creates (both default to the user's data
    directory; tests point them at temporary directories). `builtin_library=False` leaves the
    repository's conventions out; `seed` makes the deals repeatable.
    """

    def __init__(self, terminal: Terminal | None = None, *, data_directory: Path | None = None,
                 conventions_directory: Path | None = None, builtin_library: bool = True,
                 seed: int | None = None) -> None:
        self.data_directory = data_directory or data_dir()
        self.user_directory = (conventions_directory
                               or Path(os.environ.get(CONVENTIONS_DIR_VARIABLE, "") or
                                       self.data_directory / "conventions"))
        self.terminal = terminal or Terminal(history_dir=self.data_directory / "history")
        self.builtin_library = builtin_library
        self.rng = np.random.default_rng(seed)
        self.players = self._open_players()
        self.last_board: Board | None = None
        self.last_seating: dict[Seat, str] = {}
        self.unsaved_drafts: dict[Path, Draft] = {}
        self.next_board_number = 1
        self._library: ConventionLibrary | None = None
        self.commands = self._commands()

    # --- shared services --------------------------------------------------------------------
    def _open_players(self) -> PlayerStore:
        """The saved players; an unreadable file is set aside (never overwritten)."""
        path = self.data_directory / "players.json"
        try:
            return PlayerStore(path)
        except PlayerError as error:
            kept = path.with_name(f"players.unreadable-{int(time.time())}.json")
            path.replace(kept)
            self.terminal.error(f"{error}\nThat file was kept as {kept}; starting with no players.")
            return PlayerStore(path)

    @property
    def library(self) -> ConventionLibrary:
        """Every convention and system: the repository's, then the user's (reloaded after a
        save). Raises ConventionError, shown by the menu, when a file is broken."""
        if self._library is None:
            self.terminal.note("Reading conventions and systems...")
            self._library = ConventionLibrary([self.user_directory],
                                              builtin=self.builtin_library)
        return self._library

    def library_changed(self) -> None:
        self._library = None

    def system_names(self) -> list[str]:
        return sorted({name for spec in self.library.all_systems() for name in spec.names},
                      key=str.casefold)

    def convention_names(self) -> list[str]:
        return sorted({name for spec in self.library.all_conventions() for name in spec.names},
                      key=str.casefold)

    def ask_system(self, message: str) -> str:
        """A system name (completion as you type) whose system compiles."""
        names = self.system_names()
        if not names:
            raise AnswerError("no bidding systems are installed: create one with y")

        def parse(answer: str) -> str:
            if canonical(answer) not in {canonical(name) for name in names}:
                raise AnswerError(f"no system called {answer!r}; systems: {', '.join(names)}")
            return self.library.system(answer).name

        return self.terminal.ask(message, parse, topic="system",
                                 help="A bidding system: " + ", ".join(names),
                                 completer=WordCompleter(names, ignore_case=True, sentence=True),
                                 live_completion=True)

    def take_board_number(self) -> int:
        number = self.next_board_number
        self.next_board_number += 1
        return number

    # --- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        self.terminal.say(BANNER)
        names = {command.name: f"{command.key}: {command.summary}" for command in self.commands}
        names.update({command.key: command.summary for command in self.commands})
        completer = WordCompleter(list(names), meta_dict=names, ignore_case=True)
        while True:
            try:
                command = self.terminal.ask("menu>", self._parse_command, completer=completer,
                                            topic="command", help=self.help_text())
                if command is None:
                    continue
                if command.key == "q":
                    break
                command.run()
            except KeyboardInterrupt:
                self.terminal.note("Back to the menu (q or Ctrl-D quits).")
            except EOFError:
                break
            except BridgeError as error:
                self.terminal.error(str(error))
            except OSError as error:
                self.terminal.error(f"file problem: {error}")
            except Exception as error:  # the program must not die on a bug: report and go on
                self.terminal.error(f"internal error, please report it: "
                                    f"{type(error).__name__}: {error}\n"
                                    + "".join(traceback.format_exc(limit=-3)))
        for path in self.unsaved_drafts:
            self.terminal.note(f"Unsaved changes to {path} were dropped.")
        self.terminal.say("Goodbye.")
        return 0

    def _parse_command(self, answer: str) -> MenuCommand | None:
        if not answer:
            return None
        words = answer.split()
        head = words[0].casefold()
        if head in ("?", "help") and len(words) == 2:
            self.terminal.say(self.command_help(words[1]))
            return None
        for command in self.commands:
            if head in (command.key, command.name) and len(words) == 1:
                return command
        raise AnswerError(f"unknown command {answer!r}: type ? for the list")

    def help_text(self) -> str:
        lines = ["Commands (type the letter or the word):"]
        lines += [f"  {c.key}  {c.name:<16} {c.summary}" for c in self.commands]
        lines += ["", GENERAL_HELP.format(players=self.players.path, user_dir=self.user_directory)]
        return "\n".join(lines)

    def command_help(self, key: str) -> str:
        for command in self.commands:
            if key.casefold() in (command.key, command.name):
                return f"{command.key} ({command.name}): {command.summary}\n{command.details}"
        return f"no command {key!r}: type ? for the list"

    def _commands(self) -> list[MenuCommand]:
        from bidding.interfaces.menu import authoring as menu_authoring
        from bidding.interfaces.menu import deals as menu_deals
        from bidding.interfaces.menu import table as menu_table

        def show_help() -> None:
            self.terminal.say(self.help_text())

        return [
            MenuCommand("?", "help", "this list", "Lists the commands.", show_help),
            MenuCommand("q", "quit", "leave the program",
                        "Players and files are saved as you go; nothing is lost.", lambda: None),
            MenuCommand("h", "human", "new human player",
                        "Asks a name. A human takes a seat at the table and types calls.",
                        self.new_human),
            MenuCommand("c", "computer", "new computer player",
                        "Asks a name, then the bidding system the robot plays (Tab completes).",
                        self.new_computer),
            MenuCommand("s", "players", "list players",
                        "Lists saved players: humans, and robots with their systems.",
                        self.list_players),
            MenuCommand("x", "remove", "remove a player", "Asks which player to forget.",
                        self.remove_player),
            MenuCommand("n", "new-convention", "new convention",
                        "Asks its name and what it belongs to, then opens the editor on it; it "
                        "is saved in your conventions directory.",
                        lambda: menu_authoring.new_convention(self)),
            MenuCommand("v", "conventions", "list and view conventions",
                        "Lists every convention, then shows the one you name as a tree: "
                        "priorities, calls, hands and where each action was written.",
                        lambda: menu_authoring.view_conventions(self)),
            MenuCommand("m", "edit-convention", "modify a convention",
                        "Add, remove and reorder actions and sub-actions, edit hand types, "
                        "include other conventions. Saved only if valid, with a backup.",
                        lambda: menu_authoring.modify_convention(self)),
            MenuCommand("t", "systems", "list and view systems",
                        "Lists every system, then shows the one you name.",
                        lambda: menu_authoring.view_systems(self)),
            MenuCommand("y", "new-system", "new system",
                        "Asks its name and the conventions it plays; saved in your conventions "
                        "directory.", lambda: menu_authoring.new_system(self)),
            MenuCommand("f", "edit-system", "modify a system",
                        "Add, remove and reorder the conventions a system plays; set its "
                        "fallback. Saved only if valid, with a backup.",
                        lambda: menu_authoring.modify_system(self)),
            MenuCommand("g", "deal", "random deal",
                        "Deals at random and shows the hands.",
                        lambda: menu_deals.random_deals(self)),
            MenuCommand("r", "constrained", "random deal with constraints",
                        "Asks HCP and suit lengths per seat (or a condition in dealer's "
                        "language) and deals until they hold.",
                        lambda: menu_deals.constrained_deals(self)),
            MenuCommand("b", "bid", "bid a deal with four players",
                        "Seat four players (humans and robots), choose the deal, dealer and "
                        "vulnerability, and bid. At your turn type ? for what you can ask.",
                        lambda: menu_table.bid_a_deal(self)),
        ]

    # --- players ----------------------------------------------------------------------------
    def _new_name(self, answer: str) -> str:
        name = check_name(answer)
        if self.players.find(name) is not None:
            raise PlayerError(f"there is already a player called {name!r}")
        return name

    def new_human(self) -> None:
        name = self.terminal.ask("Name of the new human player:", self._new_name, topic="name",
                                 help="Any name up to 40 characters, not already taken.")
        player = self.players.add(Player(name, HUMAN))
        self.terminal.say(f"Added {player.describe()}.")

    def new_computer(self) -> None:
        name = self.terminal.ask("Name of the new computer player:", self._new_name,
                                 topic="name", help="Any name up to 40 characters, not already "
                                                    "taken, e.g. Robbie.")
        system = self.ask_system("Bidding system it plays:")
        player = self.players.add(Player(name, COMPUTER, system))
        self.terminal.say(f"Added {player.describe()}.")

    def list_players(self) -> None:
        if not len(self.players):
            self.terminal.say("No players yet: h adds a human, c a computer player.")
            return
        fragments: list[tuple[str, str]] = [("class:title", "Players"), ("", "\n")]
        for player in self.players:
            what = "human" if player.is_human else f"computer, plays {player.system}"
            fragments += [("class:seat", f"  {player.name}"), ("", f" ({what})\n")]
        self.terminal.say(FormattedText(fragments))

    def remove_player(self) -> None:
        if not len(self.players):
            self.terminal.say("No players to remove.")
            return
        name = self.terminal.ask_name("Remove which player?", self.players.names(),
                                      topic="player")
        if self.terminal.confirm(f"Forget {name} for good?"):
            self.terminal.say(f"Removed {self.players.remove(name).describe()}.")


def run_menu(**options) -> int:
    """Open the menu on the terminal (the entry point of `python cli.py`)."""
    return Menu(**options).run()
