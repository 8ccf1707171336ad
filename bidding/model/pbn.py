"""Deals in and out: PBN 2.1 (import format read leniently, export format written) and
BBO LIN hand records.

    boards = read_pbn_file("tournament.pbn")        # PbnError names file and line
    text = format_pbn(boards)                        # % PBN 2.1 / % EXPORT, CRLF lines
    lin = board_to_lin(boards[0]); read_lin(lin)

A `PbnBoard` is what one game of a file says: deal, dealer, vulnerability, auction with
its notes, contract, declarer and result, and every other tag kept as text (tables as
rows), so that reading and writing a file keeps what this module does not interpret.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from bidding.model.auction import Auction
from bidding.model.calls import Call, Strain
from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.cards import SUITS_HIGH_FIRST, Deal, Hand, Seat, Vulnerability
from bidding.model.errors import BridgeError
from bidding.model.files import atomic_write
from bidding.model.quoting import cut_quotes, excerpt, shorten
from bidding.model.scoring import Contract

MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South",
                  "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
SECTION_TAGS = ("Auction", "Play")
MAX_TOKEN = 255
MAX_NOTES = 32
_EXPORT_VULNERABILITY = {Vulnerability.NONE: "None", Vulnerability.NS: "NS",
                         Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}
_DD_DECLARERS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


class PbnError(BridgeError):
    """Malformed PBN or LIN input; the message starts with `file:line:`, and the input it
    quotes is cut short."""

    def __init__(self, file: str, line: int, message: str) -> None:
        super().__init__(f"{file}:{line}: {cut_quotes(message)}")
        self.file = file
        self.line = line


@dataclass
class PbnTable:
    """A table section such as OptimumResultTable: its column header and its rows."""

    columns: str
    rows: list[list[str]] = field(default_factory=list)


@dataclass
class PbnBoard:
    """One game of a PBN file.

    `notes` maps a call's index in the auction to its explanation. `contract` carries the
    declarer; `passed_out` is set for a `Pass` contract. `tags` holds every other tag in
    file order (Event, Site, the players, OptimumScore...), `tables` the table sections.
    """

    deal: Deal
    number: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    auction: Auction | None = None
    auction_complete: bool = True
    notes: dict[int, str] = field(default_factory=dict)
    contract: Contract | None = None
    passed_out: bool = False
    result: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    play: PbnTable | None = None
    tables: dict[str, PbnTable] = field(default_factory=dict)
    line: int = 0

    @classmethod
    def of(cls, board: Board, **details) -> "PbnBoard":
        """`board` as a game of a file; `details` adds auction, notes, contract, result..."""
        return cls(board.deal, board.number, board.dealer, board.vulnerability, **details)

    @property
    def effective_dealer(self) -> Seat:
        """The dealer the tags give, else the one of the board number, else North."""
        if self.dealer is not None:
            return self.dealer
        return board_dealer(self.number) if self.number else Seat.NORTH

    @property
    def effective_vulnerability(self) -> Vulnerability:
        if self.vulnerability is not None:
            return self.vulnerability
        return board_vulnerability(self.number) if self.number else Vulnerability.NONE


# --- double-dummy tags -----------------------------------------------------------------------
def dd_tricks_tag(tricks: dict[tuple[Seat, Strain], int]) -> str:
    """`DoubleDummyTricks` value: 20 hex digits, declarers N S E W, strains NT S H D C."""
    return "".join(f"{tricks[(seat, strain)]:x}" for seat in _DD_DECLARERS
                   for strain in _DD_STRAINS)


def parse_dd_tricks_tag(value: str) -> dict[tuple[Seat, Strain], int]:
    """The tricks table of a `DoubleDummyTricks` value (inverse of dd_tricks_tag)."""
    if not re.fullmatch(r"[0-9a-dA-D]{20}", value):
        raise BridgeError(f"DoubleDummyTricks {value!r}: expected 20 hex digits 0-d")
    digits = iter(value)
    return {(seat, strain): int(next(digits), 16) for seat in _DD_DECLARERS
            for strain in _DD_STRAINS}


# --- reading ---------------------------------------------------------------------------------
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_NOTE_REF = re.compile(r"^=([0-9]{1,9})=$")
_CALL_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[tuple[int, str]] = field(default_factory=list)   # (line, token) after it
    notes: list["_Tag"] = field(default_factory=list)            # Note tags in its section


def _tokens(lines: Iterable[str], file: str) -> Iterator[tuple[int, str, object]]:
    """Tokens of a PBN text: ("blank", None) between games, ("tag", (name, value)) and
    ("word", text) for section data; comments and `%` lines are dropped."""
    in_comment = 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not in_comment and line.startswith("%"):
            continue
        if not in_comment and not line.strip():
            yield number, "blank", None
            continue
        position = 0
        while position < len(line):
            if in_comment:
                end = line.find("}", position)
                if end < 0:
                    break
                in_comment, position = 0, end + 1
                continue
            char = line[position]
            if char.isspace():
                position += 1
            elif char == ";":
                break
            elif char == "{":
                in_comment, position = number, position + 1
            elif char == "[":
                name, value, position = _read_tag(line, position, file, number)
                yield number, "tag", (name, value)
            else:
                end = position
                while end < len(line) and not line[end].isspace() and line[end] not in "[{;":
                    end += 1
                yield number, "word", line[position:end]
                position = end
    if in_comment:
        raise PbnError(file, in_comment, "comment '{' is never closed with '}'")


_TAG_START = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)\s*")


def _read_tag(line: str, start: int, file: str, number: int) -> tuple[str, str, int]:
    """The tag starting at `line[start]` ('['): name, unescaped value, position after ']'."""
    match = _TAG_START.match(line, start)
    if not match:
        raise PbnError(file, number, f"tag {excerpt(line[start:start + 30])}: "
                                     f"expected [Name \"value\"]")
    name, position = match.group(1), match.end()
    if position >= len(line) or line[position] != '"':
        raise PbnError(file, number, f"tag {excerpt(name)}: the value must be in double quotes")
    value = []
    position += 1
    while True:
        if position >= len(line):
            raise PbnError(file, number, f"tag {excerpt(name)}: the value's closing quote is "
                                         f"missing")
        char = line[position]
        if char == "\\" and line[position + 1:position + 2] in ('"', "\\"):
            value.append(line[position + 1])
            position += 2
            continue
        position += 1
        if char == '"':
            break
        value.append(char)
    while position < len(line) and line[position].isspace():
        position += 1
    if position >= len(line) or line[position] != "]":
        raise PbnError(file, number, f"tag {excerpt(name)}: expected ']' after the value")
    return name, "".join(value), position + 1


def _games(lines: Iterable[str], file: str) -> Iterator[list[_Tag]]:
    """The tags of each game; section data and notes are attached to the section tag
    (Auction, Play, ...Table) they follow."""
    game: list[_Tag] = []
    section: _Tag | None = None
    for number, kind, value in _tokens(lines, file):
        if kind == "blank":
            if game:
                yield game
            game, section = [], None
        elif kind == "tag":
            name, text = value  # type: ignore[misc]
            tag = _Tag(name, text, number)
            if name == "Note" and section is not None:
                section.notes.append(tag)
                continue
            game.append(tag)
            section = tag if _takes_data(name) else None
        elif section is None:
            raise PbnError(file, number, f"unexpected {excerpt(value)} outside an Auction, "
                                         f"Play or table section")
        else:
            section.data.append((number, value))  # type: ignore[arg-type]
    if game:
        yield game


def _takes_data(name: str) -> bool:
    return name in SECTION_TAGS or name.endswith("Table")


def read_pbn(text: str, file: str = "<pbn>") -> list[PbnBoard]:
    """Every game of a PBN text that has a deal (tag-only games set defaults, `#`); a
    byte-order mark before it is skipped."""
    boards = []
    previous: dict[str, _Tag] = {}
    for game in _games(text.removeprefix("\ufeff").splitlines(), file):
        tags: dict[str, _Tag] = {}
        for tag in game:
            if tag.value == "#" and tag.name in previous:
                old = previous[tag.name]
                tag = _Tag(tag.name, old.value, tag.line, old.data, old.notes)
            tags.setdefault(tag.name, tag)
        previous.update(tags)
        if "Deal" in tags and tags["Deal"].value not in ("", "?"):
            boards.append(_board(tags, file, game[0].line))
    return boards


def decode_pbn(raw: bytes) -> str:
    """The text of a PBN (or LIN) file: UTF-8, or else ISO-8859-1 as the standard has it."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_pbn_file(path: Path | str) -> list[PbnBoard]:
    """The games of a PBN file (see decode_pbn)."""
    path = Path(path)
    return read_pbn(decode_pbn(path.read_bytes()), str(path))


def _board(tags: dict[str, _Tag], file: str, line: int) -> PbnBoard:
    def fail(tag: _Tag, message: str) -> PbnError:
        return PbnError(file, tag.line, f"{tag.name} {excerpt(tag.value)}: {message}")

    deal_tag = tags["Deal"]
    try:
        deal = Deal.parse(deal_tag.value)
    except BridgeError as error:
        raise fail(deal_tag, str(error)) from None
    board = PbnBoard(deal, line=line)
    for name, tag in tags.items():
        value = tag.value.strip()
        try:
            if name == "Board":
                board.number = _board_number(value) if value not in ("", "?") else None
            elif name == "Dealer":
                board.dealer = Seat.parse(value) if value not in ("", "?") else None
            elif name == "Vulnerable":
                board.vulnerability = (Vulnerability.parse(value)
                                       if value not in ("?",) else None)
            elif name in ("Deal", "Declarer", "Contract", "Result", "Auction"):
                continue
            elif name == "Play":
                board.play = PbnTable(tag.value, _rows(tag.data))
            elif _takes_data(name):
                board.tables[name] = PbnTable(tag.value, _rows(tag.data))
            else:
                board.tags[name] = tag.value
        except (BridgeError, ValueError):
            raise fail(tag, f"not a valid {name.lower()}") from None
    _read_contract(board, tags, fail)
    if "Auction" in tags:
        _read_auction(board, tags["Auction"], file)
    return board


def _board_number(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) < 1:
        raise BridgeError(f"board number {excerpt(text)} is not a number from 1")
    return int(text)


def _rows(data: list[tuple[int, str]]) -> list[list[str]]:
    rows: dict[int, list[str]] = {}
    for number, token in data:
        rows.setdefault(number, []).append(token)
    return list(rows.values())


def _read_contract(board: PbnBoard, tags: dict[str, _Tag], fail) -> None:
    contract_tag = tags.get("Contract")
    text = contract_tag.value.strip() if contract_tag else ""
    declarer_tag = tags.get("Declarer")
    declarer_text = declarer_tag.value.strip().lstrip("^") if declarer_tag else ""
    if text.upper() == "PASS":
        board.passed_out = True
    elif text not in ("", "?"):
        try:
            declarer = Seat.parse(declarer_text) if declarer_text not in ("", "?") else None
        except BridgeError:
            raise fail(declarer_tag, "expected N, E, S or W") from None
        try:
            board.contract = Contract.parse(text)
        except BridgeError:
            raise fail(contract_tag, "expected e.g. 4H, 3NTX or Pass") from None
        board.contract = Contract(board.contract.level, board.contract.strain,
                                  board.contract.doubled, declarer)
    result_tag = tags.get("Result")
    result = result_tag.value.strip() if result_tag else ""
    if result not in ("", "?"):
        match = re.fullmatch(r"(?:(NS|EW)\s+)?([0-9]{1,2})", result, re.I)
        if not match or int(match.group(2)) > 13:
            raise fail(result_tag, "expected the tricks won by declarer, 0-13")
        tricks = int(match.group(2))
        side = match.group(1)
        if side and board.contract and board.contract.declarer is not None:
            declarer_side = "NS" if board.contract.declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
            if side.upper() != declarer_side:
                tricks = 13 - tricks
        board.result = tricks


def _read_auction(board: PbnBoard, tag: _Tag, file: str) -> None:
    try:
        seat = Seat.parse(tag.value)
    except BridgeError:
        raise PbnError(file, tag.line, f"Auction {excerpt(tag.value)}: expected N, E, S or W") \
            from None
    texts = {}
    for note in tag.notes:
        number, colon, text = note.value.partition(":")
        if not colon or not re.fullmatch(r"[0-9]{1,9}", number.strip()):
            raise PbnError(file, note.line, f"Note {excerpt(note.value)}: expected \"n:text\"")
        texts[int(number)] = text
    tokens = list(tag.data)
    while tokens and tokens[0][1] == "-":
        seat = seat.next()
        tokens.pop(0)
    if board.dealer is not None and board.dealer != seat:
        raise PbnError(file, tag.line, f"the auction starts with {seat.letter}, "
                                       f"but the dealer is {board.dealer.letter}")
    auction = Auction(seat, vulnerability=board.effective_vulnerability)
    complete = True
    for number, token in tokens:
        reference = _NOTE_REF.match(token)
        if reference:
            if not auction.calls:
                raise PbnError(file, number, f"note {token} before any call")
            key = int(reference.group(1))
            if key not in texts:
                raise PbnError(file, number, f"note {token} has no [Note \"{key}:...\"] tag")
            board.notes[len(auction.calls) - 1] = texts[key]
        elif token.startswith("$") or token == "+":
            continue
        elif token == "*":
            complete = False
            break
        elif token.upper() == "AP":
            while not auction.is_over:
                auction.push(Call.parse("P"))
        elif token.startswith("^"):
            raise PbnError(file, number, f"irregular call marker {excerpt(token)} is not "
                                         f"supported")
        else:
            try:
                auction.push(_CALL_SUFFIX.sub("", token))
            except BridgeError as error:
                raise PbnError(file, number, str(error)) from None
    board.auction = auction
    board.auction_complete = complete and auction.is_over
    if board.dealer is None:
        board.dealer = seat


# --- writing ---------------------------------------------------------------------------------
def _escape(value: object) -> str:
    text = " ".join(str(value).split())
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return text if len(text) <= MAX_TOKEN else text[:MAX_TOKEN - 3].rstrip("\\") + "..."


def _tag(name: str, value: object) -> str:
    return f'[{name} "{_escape(value)}"]'


def _contract_tags(board: PbnBoard) -> tuple[str, str, str]:
    """Declarer, Contract and Result values."""
    if board.passed_out:
        return "", "Pass", ""
    contract = board.contract
    if contract is None:
        return "?", "?", "?"
    text = f"{contract.level}{contract.strain.letter}{('', 'X', 'XX')[contract.doubled]}"
    declarer = contract.declarer.letter if contract.declarer is not None else "?"
    return declarer, text, "?" if board.result is None else str(board.result)


def _call_text(call: Call) -> str:
    return "Pass" if call.is_pass else str(call)


def format_board(board: PbnBoard) -> str:
    """One game in export format (lines joined by CRLF, no trailing blank line).

    Notes are numbered per game in order of first use; the same text shares its number,
    and calls beyond the 32 numbers PBN allows go without a note.
    """
    dealer = board.effective_dealer
    declarer, contract, result = _contract_tags(board)
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "West": "?", "North": "?",
              "East": "?", "South": "?", "Scoring": "?"} | board.tags
    values |= {"Board": board.number if board.number else "?", "Dealer": dealer.letter,
               "Vulnerable": _EXPORT_VULNERABILITY[board.effective_vulnerability],
               "Deal": board.deal.pbn(dealer), "Declarer": declarer, "Contract": contract,
               "Result": result}
    lines = [_tag(name, values[name]) for name in MANDATORY_TAGS]
    lines += [_tag(name, values[name]) for name in sorted(set(values) - set(MANDATORY_TAGS))]
    if board.auction is not None:
        lines += _auction_lines(board)
    sections = ([("Play", board.play)] if board.play else []) + sorted(board.tables.items())
    for name, section in sections:
        lines.append(_tag(name, section.columns))
        lines += [" ".join(row) for row in section.rows]
    return "\r\n".join(lines)


def _auction_lines(board: PbnBoard) -> list[str]:
    auction = board.auction
    numbers: dict[str, int] = {}
    words = []
    for index, call in enumerate(auction.calls):
        word = _call_text(call)
        note = board.notes.get(index)
        if note:
            number = numbers.get(note)
            if number is None and len(numbers) < MAX_NOTES:
                number = numbers[note] = len(numbers) + 1
            if number is not None:
                word += f" ={number}="
        words.append(word)
    if not (board.auction_complete and auction.is_over):
        words.append("*")
    lines = [_tag("Auction", auction.dealer.letter)]
    lines += [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]
    lines += [_tag("Note", f"{number}:{text}") for text, number in numbers.items()]
    return lines


def format_pbn(boards: Iterable[PbnBoard], creator: str = "slambidding-ng") -> str:
    """A whole export-format file: header lines, then the games separated by blank lines."""
    header = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8",
              f"%Creator: {creator}"]
    games = [format_board(board) for board in boards]
    return "\r\n".join(header) + "\r\n" + "".join(game + "\r\n\r\n" for game in games)


def write_pbn_file(path: Path | str, boards: Iterable[PbnBoard]) -> None:
    atomic_write(path, format_pbn(boards))


# --- LIN -------------------------------------------------------------------------------------
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_LIN_VULNERABILITY = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
                      Vulnerability.BOTH: "b"}


def _lin_hand(hand: Hand) -> str:
    return "".join(suit.letter + hand.holding(suit) for suit in SUITS_HIGH_FIRST)


def _lin_call(call: Call) -> str:
    if call.is_bid:
        return f"{call.level}{'N' if call.strain is Strain.NOTRUMP else call.strain.letter}"
    return ("p", "d", "r")[call.kind]


def board_to_lin(board: PbnBoard) -> str:
    """A BBO hand-viewer record of the board: deal, vulnerability, title, calls and alerts."""
    dealer = board.effective_dealer
    hands = ",".join(_lin_hand(board.deal[seat]) for seat in _LIN_SEATS)
    names = (board.tags.get(seat.name.title(), seat.name.title()).replace(",", " ")
             for seat in _LIN_SEATS)
    parts = [f"pn|{','.join(names)}|",
             f"st||md|{_LIN_SEATS.index(dealer) + 1}{hands}|rh||",
             f"ah|Board {board.number or 1}|",
             f"sv|{_LIN_VULNERABILITY[board.effective_vulnerability]}|"]
    if board.auction is not None:
        for index, call in enumerate(board.auction.calls):
            note = board.notes.get(index)
            parts.append(f"mb|{_lin_call(call)}{'!' if note else ''}|")
            if note:
                parts.append(f"an|{note.replace('|', '/')}|")
    return "".join(parts)


def read_lin(text: str, file: str = "<lin>") -> list[PbnBoard]:
    """Boards of LIN text: each `md` starts a board; `sv`, `ah`, `mb` and `an` fill it in.
    Play (`pc`, `mc`) is skipped, and so is a byte-order mark before the text."""
    boards: list[PbnBoard] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        fields = line.strip().split("|")
        if fields and fields[-1] == "":
            fields.pop()
        if len(fields) % 2:
            raise PbnError(file, number, "LIN must be key|value| pairs")
        names = None
        for key, value in zip(fields[::2], fields[1::2]):
            key = key.strip().lower()
            try:
                if key == "pn":
                    names = value.split(",")
                elif key == "md":
                    boards.append(_lin_board(value, names, number))
                elif boards and key == "sv":
                    boards[-1].vulnerability = Vulnerability.parse(value or "o")
                    if boards[-1].auction is not None:
                        boards[-1].auction.vulnerability = boards[-1].vulnerability
                elif boards and key == "ah":
                    match = re.search(r"[0-9]+", value)
                    boards[-1].number = _board_number(match.group()) if match else None
                elif boards and key == "mb":
                    boards[-1].auction.push(value.strip().rstrip("!"))  # p, d, r, 1N read as calls
                elif boards and key == "an":
                    board = boards[-1]
                    if board.auction.calls:
                        board.notes[len(board.auction.calls) - 1] = value
            except BridgeError as error:
                raise PbnError(file, number, f"{shorten(key)}|{shorten(value)}|: {error}") from None
    for board in boards:
        board.auction_complete = board.auction.is_over
    return boards


def _lin_board(value: str, names: list[str] | None, line: int) -> PbnBoard:
    if not value or value[0] not in "1234":
        raise BridgeError("expected the dealer digit 1-4 (S W N E) before the hands")
    dealer = _LIN_SEATS[int(value[0]) - 1]
    texts = value[1:].split(",")
    hands = {}
    for seat, text in zip(_LIN_SEATS, texts):
        if text.strip():
            hands[seat] = _lin_hand_parse(text)
    missing = [s for s in _LIN_SEATS if s not in hands]
    deal_text = "N:" + " ".join(str(hands[s]) if s in hands else "-"
                                for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST))
    if len(missing) > 1:
        raise BridgeError("at most one hand may be left out")
    board = PbnBoard(Deal.parse(deal_text), dealer=dealer, line=line)
    if names:
        for seat, name in zip(_LIN_SEATS, names):
            board.tags[seat.name.title()] = name
    board.auction = Auction(dealer)
    return board


def _lin_hand_parse(text: str) -> Hand:
    """A LIN hand, `SAK3HQJ2D...`: each suit letter followed by its ranks (in one pass:
    the text may be long)."""
    holdings: dict[str, list[str]] = {suit: [] for suit in "SHDC"}
    pieces = re.split(r"([SHDC])", text.strip().upper())
    if pieces[0]:
        raise BridgeError(f"hand {excerpt(text)}: a rank before any suit letter")
    for suit, ranks in zip(pieces[1::2], pieces[2::2]):
        holdings[suit].append(ranks)
    return Hand.parse(".".join("".join(holdings[suit]) for suit in "SHDC"))
