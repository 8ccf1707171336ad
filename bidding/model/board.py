"""A board of duplicate bridge: a deal with its number, dealer and vulnerability.

The number decides the other two unless something else is said: board 1 is dealt by North
with nobody vulnerable, and dealer and vulnerability go round in the standard 16-board cycle.

    board = Board.numbered(Deal.parse(PBN_DEAL_EXAMPLE), 3)    # dealer South, EW vulnerable
"""
from __future__ import annotations

from dataclasses import dataclass

from bidding.model.cards import Deal, Seat, Vulnerability
from bidding.model.errors import CardError

_BOARD_VULNERABILITY = (
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
)


def board_dealer(board: int) -> Seat:
    """Dealer of a duplicate board: board 1 North, 2 East, and so on round the table."""
    if board < 1:
        raise CardError(f"board number {board} must be 1 or more")
    return Seat((board - 1) % 4)


def board_vulnerability(board: int) -> Vulnerability:
    """Vulnerability of a duplicate board, in the standard 16-board cycle."""
    if board < 1:
        raise CardError(f"board number {board} must be 1 or more")
    return _BOARD_VULNERABILITY[(board - 1) % 16]


@dataclass(frozen=True)
class Board:
    """A deal to bid, with its number (None when it has none), dealer and vulnerability,
    and, when it was read from a file, the file's other tags worth keeping (Event, Site...)."""

    deal: Deal
    number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    tags: tuple[tuple[str, str], ...] = ()

    @classmethod
    def numbered(cls, deal: Deal, number: int) -> "Board":
        """Board `number`, with the dealer and vulnerability its number gives."""
        return cls(deal, number, board_dealer(number), board_vulnerability(number))

    @property
    def title(self) -> str:
        """`Board 3`, `Dealer South` and `Vul EW` on three lines (no number line without one)."""
        head = f"Board {self.number}\n" if self.number else ""
        return f"{head}Dealer {self.dealer.name.title()}\nVul {self.vulnerability}"

    @property
    def heading(self) -> str:
        """The title on one line: `Board 3, Dealer South, Vul EW`."""
        return ", ".join(self.title.splitlines())
