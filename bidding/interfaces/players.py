"""Players people keep between sessions: humans, and robots that bid with a named system.

They are stored as JSON in the user's data directory, `$SLAMBID_DATA_DIR` if set, else
`$XDG_DATA_HOME/slambidding-ng` or `~/.local/share/slambidding-ng`; the file is replaced
atomically so that a crash never leaves it half-written.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from bidding.model.errors import BridgeError
from bidding.model.files import atomic_write

APP_NAME = "slambidding-ng"
DATA_DIR_VARIABLE = "SLAMBID_DATA_DIR"
CONVENTIONS_DIR_VARIABLE = "SLAMBID_CONVENTIONS_DIR"
HUMAN = "human"
COMPUTER = "computer"
PLAYER_KINDS = (HUMAN, COMPUTER)
MAX_NAME_LENGTH = 40


class PlayerError(BridgeError):
    """A player that cannot be added, found or read back from the players file."""


def data_dir() -> Path:
    """Where this program keeps the user's own files (players, conventions, systems)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / APP_NAME


def conventions_dir(data_directory: Path | None = None) -> Path:
    """Where the user's own conventions and systems are kept: `$SLAMBID_CONVENTIONS_DIR`,
    else `conventions` in the data directory (the menu's and the web table's alike)."""
    override = os.environ.get(CONVENTIONS_DIR_VARIABLE)
    return Path(override) if override else (data_directory or data_dir()) / "conventions"


def check_name(name: str) -> str:
    """The player's name stripped, or PlayerError saying why it cannot be used."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise PlayerError("a player needs a name")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise PlayerError(f"name {cleaned[:20]!r}... is longer than {MAX_NAME_LENGTH} characters")
    return cleaned


@dataclass(frozen=True)
class Player:
    """A named seat-taker: a human at the keyboard or a robot bidding `system`."""

    name: str
    kind: str = HUMAN
    system: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in PLAYER_KINDS:
            raise PlayerError(f"player {self.name!r}: kind {self.kind!r} is not human or computer")
        if self.kind == COMPUTER and not self.system:
            raise PlayerError(f"computer player {self.name!r} needs a bidding system")
        if self.kind == HUMAN and self.system:
            raise PlayerError(f"human player {self.name!r} cannot have a system")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def describe(self) -> str:
        return f"{self.name} (human)" if self.is_human else f"{self.name} (computer, {self.system})"


class PlayerStore:
    """The saved players, kept in order of creation; every change is saved at once."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "players.json"
        self._players: list[Player] = self._read()

    def _read(self) -> list[Player]:
        if not self.path.exists():
            return []
        try:
            records = json.loads(self.path.read_text(encoding="utf-8"))["players"]
            return [Player(r["name"], r.get("kind", HUMAN), r.get("system")) for r in records]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise PlayerError(f"cannot read players from {self.path}: {error}") from None

    def save(self) -> None:
        payload = {"players": [asdict(player) for player in self._players]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")

    def __iter__(self):
        return iter(list(self._players))

    def __len__(self) -> int:
        return len(self._players)

    def names(self) -> list[str]:
        return [player.name for player in self._players]

    def find(self, name: str) -> Player | None:
        """The player called `name`, ignoring case and extra spaces."""
        key = " ".join(name.split()).casefold()
        return next((p for p in self._players if p.name.casefold() == key), None)

    def get(self, name: str) -> Player:
        player = self.find(name)
        if player is None:
            known = ", ".join(self.names()) or "none yet"
            raise PlayerError(f"no player called {name!r} (players: {known})")
        return player

    def add(self, player: Player) -> Player:
        """Add and save a new player; names are unique regardless of case."""
        player = Player(check_name(player.name), player.kind, player.system)
        if self.find(player.name) is not None:
            raise PlayerError(f"there is already a player called {player.name!r}")
        self._players.append(player)
        self.save()
        return player

    def remove(self, name: str) -> Player:
        player = self.get(name)
        self._players.remove(player)
        self.save()
        return player
