"""Hands, deals and auctions drawn for people: the diagram bridge players expect.

Everything is built as prompt_toolkit formatted text (a list of `(style, text)` fragments), so
one drawing prints in colour on a terminal that has it and as plain text elsewhere
(`plain(...)` gives the text alone). `symbols=False` writes S H D C instead of ♠ ♥ ♦ ♣ for
terminals and files that cannot show them.
"""
from __future__ import annotations

import shutil
import sys
import textwrap
from typing import Iterable

from prompt_toolkit.formatted_text import FormattedText, fragment_list_to_text
from prompt_toolkit.styles import Style

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import SUITS_HIGH_FIRST, Deal, Hand, Seat, Suit

STYLE = Style.from_dict({
    "suit-red": "ansired bold",
    "suit-black": "bold",
    "seat": "ansicyan bold",
    "title": "bold underline",
    "prompt": "bold",
    "dim": "ansibrightblack",
    "error": "ansired",
    "note": "ansiyellow",
})
_SUIT_STYLE = {Suit.SPADES: "class:suit-black", Suit.HEARTS: "class:suit-red",
               Suit.DIAMONDS: "class:suit-red", Suit.CLUBS: "class:suit-black"}
SEAT_COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
_CELL = 6


def terminal_has_symbols(stream=None) -> bool:
    """Whether `stream` (stdout by default) can encode the suit symbols."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def plain(fragments: Iterable[tuple]) -> str:
    return fragment_list_to_text(list(fragments))


def suit_mark(suit: Suit, symbols: bool = True) -> tuple[str, str]:
    return _SUIT_STYLE[suit], suit.symbol if symbols else suit.letter


def call_fragment(call: Call, symbols: bool = True) -> tuple[str, str]:
    """A call as one styled fragment: `1♥` in red, `Pass`, `X`."""
    if call.is_bid and call.strain.suit is not None:
        style = _SUIT_STYLE[call.strain.suit]
        return style, call.symbol() if symbols else str(call)
    return "", call.symbol() if symbols else ("Pass" if call.is_pass else str(call))


def suit_line(hand: Hand, suit: Suit, symbols: bool = True) -> list[tuple[str, str]]:
    """One suit of a hand, `♠ AKQ5`, a dash for a void."""
    return [suit_mark(suit, symbols), ("", " " + (hand.holding(suit) or "-"))]


def hand_lines(hand: Hand, symbols: bool = True) -> list[list[tuple[str, str]]]:
    return [suit_line(hand, suit, symbols) for suit in SUITS_HIGH_FIRST]


def hand_block(hand: Hand, symbols: bool = True) -> FormattedText:
    """A single hand, one suit a line."""
    fragments: list[tuple[str, str]] = []
    for line in hand_lines(hand, symbols):
        fragments.extend(line)
        fragments.append(("", "\n"))
    return FormattedText(fragments)


def _width(line: list[tuple[str, str]]) -> int:
    return sum(len(text) for _, text in line)


def deal_diagram(deal: Deal, *, symbols: bool = True, title: str = "",
                 labels: dict[Seat, str] | None = None) -> FormattedText:
    """The four hands round a table, North at the top.

    `labels` adds text after a seat's name (a player's name, the HCP); `title` goes in the
    top-left corner, where diagrams usually print board, dealer and vulnerability.
    """
    labels = labels or {}

    def heading(seat: Seat) -> list[tuple[str, str]]:
        extra = labels.get(seat, "")
        return [("class:seat", seat.name.title())] + ([("", " " + extra)] if extra else [])

    west, north, east, south = ([heading(seat)] + hand_lines(deal[seat], symbols)
                                for seat in SEAT_COLUMNS)
    title_lines = [[("class:dim", line)] for line in title.splitlines()]
    column = max(16, max(_width(line) for line in west + title_lines) + 2)
    east_column = column + max(16, max(_width(line) for line in north + south) + 2)

    rows: list[list[tuple[str, str]]] = []
    for index, line in enumerate(north):
        corner = title_lines[index] if index < len(title_lines) else []
        rows.append(corner + [("", " " * (column - _width(corner)))] + line)
    for left, right in zip(west, east):
        rows.append(left + [("", " " * (east_column - _width(left)))] + right)
    for line in south:
        rows.append([("", " " * column)] + line)

    return _join_rows(rows)


def _join_rows(rows: list[list[tuple[str, str]]]) -> FormattedText:
    """Rows joined by newlines, without trailing blanks (they would wrap narrow terminals)."""
    fragments: list[tuple[str, str]] = []
    for row in rows:
        row = [fragment for fragment in row if fragment[1]]
        while row and not row[-1][1].strip():
            row.pop()
        if row:
            row[-1] = (row[-1][0], row[-1][1].rstrip())
        fragments.extend(row)
        fragments.append(("", "\n"))
    return FormattedText(fragments)


def auction_grid(auction: Auction, *, symbols: bool = True, mark_turn: bool = True
                 ) -> FormattedText:
    """The auction in four columns, West North East South, with `?` for the seat to call."""
    width = _CELL
    header: list[tuple[str, str]] = []
    for seat in SEAT_COLUMNS:
        text = seat.name.title()
        header += [("class:seat", text), ("", " " * (width - len(text)))]
    rows = [header]
    cells: list[tuple[str, str]] = [("", "")] * SEAT_COLUMNS.index(auction.dealer)
    cells += [call_fragment(call, symbols) for call in auction.calls]
    if mark_turn and not auction.is_over:
        cells.append(("class:note", "?"))
    for start in range(0, len(cells), 4):
        row: list[tuple[str, str]] = []
        for style, text in cells[start:start + 4]:
            row += [(style, text), ("", " " * (width - len(text)))]
        rows.append(row)
    return _join_rows(rows)


def call_text(call: Call, symbols: bool = True) -> str:
    """`1♥` and `Pass` with symbols, `1H` and `P` without."""
    return call.symbol() if symbols else str(call)


def wrapped(text: str, indent: int) -> str:
    """`text` filled to the terminal's width, continuation lines indented by `indent`; the
    first line is meant to follow `indent` characters already printed."""
    width = max(40, shutil.get_terminal_size().columns - 1)
    return textwrap.fill(text, width, initial_indent=" " * indent, break_on_hyphens=False,
                         subsequent_indent=" " * indent)[indent:]
