"""What every part of the menu shares: the terminal, the players, the convention library,
the last board and seating. Submenus receive a session; only the menu knows its submenus."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from prompt_toolkit.completion import WordCompleter

from bidding.engine.drafts import Draft
from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named
from bidding.engine.xmlreader import canonical
from bidding.interfaces.menu.terminal import AnswerError, Terminal
from bidding.interfaces.players import PlayerError, PlayerStore, conventions_dir, data_dir
from bidding.model.board import Board
from bidding.model.cards import Seat


class MenuSession:
    """The menu's state (players, library, last board) and the services its commands share.

    `data_directory` holds players.json and the answer history; `conventions_directory`
    receives the conventions and systems the user creates (both default to the user's data
    directory; tests point them at temporary directories). `builtin_library=False` leaves the
    repository's conventions out; `seed` makes the deals repeatable.
    """

    def __init__(self, terminal: Terminal | None = None, *, data_directory: Path | None = None,
                 conventions_directory: Path | None = None, builtin_library: bool = True,
                 seed: int | None = None) -> None:
        self.data_directory = data_directory or data_dir()
        self.user_directory = conventions_directory or conventions_dir(self.data_directory)
        self.terminal = terminal or Terminal(history_dir=self.data_directory / "history")
        self.builtin_library = builtin_library
        self.rng = np.random.default_rng(seed)
        self.players = self._open_players()
        self.last_board: Board | None = None
        self.last_seating: dict[Seat, str] = {}
        self.unsaved_drafts: dict[Path, Draft] = {}
        self.next_board_number = 1
        self._library: ConventionLibrary | None = None

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
            return system_named(self.library, answer).name

        return self.terminal.ask(message, parse, topic="system",
                                 help="A bidding system: " + ", ".join(names),
                                 completer=WordCompleter(names, ignore_case=True, sentence=True),
                                 live_completion=True)

    def take_board_number(self) -> int:
        number = self.next_board_number
        self.next_board_number += 1
        return number
