"""Deals in the menu: random, or meeting constraints asked as questions or in dealer's language.

The guided questions are turned into a dealer-language condition, shown to the user, so the
two ways of asking meet in one generator (`dealer.deals`) and people learn the language.
"""
from __future__ import annotations

import re

from prompt_toolkit.completion import WordCompleter

from dealer import range_condition

from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.cards import PBN_DEAL_EXAMPLE, SUITS_HIGH_FIRST, Deal, Seat, Vulnerability
from bidding.interfaces.commands.play import make_deals
from bidding.interfaces.diagram import deal_diagram
from bidding.interfaces.menu.terminal import AnswerError, pick
from bidding.interfaces.menu.session import MenuSession


MAX_DEALS = 20
BALANCED = "any 4333 + any 4432 + any 5332"
RANGE_HELP = ("A range: 15-17, 12+ (at least), 10- (at most), 5 (exactly), or Enter for "
              "no limit.")
SHAPE_WORDS = ("balanced", "unbalanced")
SEAT_NAMES = {seat.name.lower(): seat for seat in Seat}
SEATS_HELP = ("Seats: letters (N, NS, NESW) or names (north, south; a name may be shortened, "
              "so, we), separated by spaces or commas.")
SHAPE_HELP = ("balanced, unbalanced (or bal, unbal...), a pattern in any suits (5431 or 5-4-3-1), exact lengths "
              "spades first (5=4=3=1), a dealer shape list (any 4432 + 5xxx - 5xx5), "
              "or Enter for any shape.")
CONDITION_HELP = ("A condition in dealer's language, e.g.\n"
                  "  hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432"
                  " + any 5332)\n"
                  "  spades(south) >= 6 and hcp(south) >= 5 and hcp(south) <= 10\n"
                  "Functions: hcp, spades/hearts/diamonds/clubs, shape, losers, controls, "
                  "hascard...; and, or, not, comparisons.")


def parse_range(text: str, low: int, high: int, what: str) -> tuple[int, int] | None:
    """`15-17`, `12+`, `10-`, `5` or empty (None: no limit) as bounds within low..high."""
    text = text.replace(" ", "")
    if not text:
        return None
    match = re.fullmatch(r"(\d+)(?:(\+)|(-)|(?:-|\.\.)(\d+))?", text)
    if not match:
        raise AnswerError(f"{what}: cannot read {text!r}. {RANGE_HELP}")
    first = int(match.group(1))
    if match.group(2):
        bounds = (first, high)
    elif match.group(3):
        bounds = (low, first)
    elif match.group(4):
        bounds = (first, int(match.group(4)))
    else:
        bounds = (first, first)
    if bounds[0] > bounds[1]:
        raise AnswerError(f"{what}: {text} runs backwards; write the lower number first")
    if not low <= bounds[0] <= bounds[1] <= high:
        raise AnswerError(f"{what}: {text} is outside {low}..{high}")
    return bounds


def shape_clause(answer: str, compass: str | None = None) -> str | None:
    """The answer to the shape question as a dealer clause about `compass` (None: about
    one hand, as hand conditions are written); None for any shape."""
    key = answer.strip().lower()
    if not key:
        return None
    if key.isalpha() and any(word.startswith(key) for word in SHAPE_WORDS):
        key = pick(key, SHAPE_WORDS, "shape")
    negated = key == "unbalanced"
    if negated or key == "balanced":
        shapes = BALANCED
    elif re.fullmatch(r"\d{4}", key.replace("-", "")):
        shapes = "any " + key.replace("-", "")
    elif re.fullmatch(r"\d+=\d+=\d+=\d+", key):
        shapes = key.replace("=", "")
    else:
        shapes = answer.strip()
    subject = f"{compass}, " if compass else ""
    return f"{'not ' if negated else ''}shape({subject}{shapes})"


def seat_condition(seat: Seat, hcp: tuple[int, int] | None, lengths: dict, shape: str) -> str:
    """One seat's constraints in dealer's language (empty when there are none)."""
    name = seat.name.lower()
    clauses = range_condition(f"hcp({name})", hcp, 37)
    for suit in SUITS_HIGH_FIRST:
        clauses += range_condition(f"{suit.name.lower()}({name})", lengths.get(suit), 13)
    shape_text = shape_clause(shape, name)
    if shape_text:
        clauses.append(shape_text)
    return " and ".join(clauses)


def _check_shape(answer: str) -> str:
    """The shape answer if the dealer can compile it (errors are shown and re-asked)."""
    from dealer import compile_hand_condition

    clause = shape_clause(answer)
    if clause:
        compile_hand_condition(clause, "<shape>")
    return answer


def ask_seat_constraints(menu: MenuSession, seat: Seat) -> str:
    terminal = menu.terminal
    name = seat.name.title()
    hcp = terminal.ask(f"{name} HCP:", lambda a: parse_range(a, 0, 37, "HCP"), help=RANGE_HELP,
                       topic="range")
    lengths = {}
    for suit in SUITS_HIGH_FIRST:
        label = suit.name.lower()
        lengths[suit] = terminal.ask(f"{name} {label}:",
                                     lambda a, label=label: parse_range(a, 0, 13, label),
                                     help=RANGE_HELP, topic="range")
    shape = terminal.ask(f"{name} shape:", _check_shape, help=SHAPE_HELP, topic="shape",
                         completer=WordCompleter(list(SHAPE_WORDS), ignore_case=True))
    return seat_condition(seat, hcp, lengths, shape)


def parse_seat(answer: str) -> Seat:
    """A seat by its letter or its name, whole or shortened (n, no, north, W, we)."""
    return SEAT_NAMES[pick(answer, SEAT_NAMES, "seat")]


def _parse_seats(answer: str) -> list[Seat]:
    """Seats named by words (north, so) or runs of letters (NS, NESW), in any case."""
    seats = []
    for word in answer.replace(",", " ").split():
        named = [parse_seat(word)] if len(word) == 1 or any(
            name.startswith(word.lower()) for name in SEAT_NAMES) else [
            parse_seat(letter) for letter in word]
        seats += [seat for seat in named if seat not in seats]
    return seats


def ask_condition(menu: MenuSession) -> str:
    """A dealer condition, by guided questions or typed in dealer's language."""
    terminal = menu.terminal
    how = terminal.choose("Constraints by (q)uestions or a (d)ealer condition?",
                          {"q": "HCP, suit lengths and shape for the seats you choose",
                           "d": "a condition in dealer's language"}, default="q",
                          names={"q": "questions", "d": "dealer"})
    if how == "d":
        return terminal.ask("Dealer condition:", _valid_condition, help=CONDITION_HELP,
                            topic="condition")
    seats = terminal.ask("Which seats have constraints?", _parse_seats, topic="seats",
                         default="N", help=SEATS_HELP)
    clauses = [clause for clause in (ask_seat_constraints(menu, seat) for seat in seats)
               if clause]
    condition = " and ".join(clauses) or "1"
    terminal.note(f"In dealer's language: {condition}")
    return condition


def _valid_condition(answer: str) -> str:
    """The condition if the dealer can compile it (asking for no deal compiles only)."""
    from dealer import deals

    if not answer:
        raise AnswerError("type a condition, or ? for examples")
    list(deals(answer, 0))
    return answer


def deal_boards(menu: MenuSession, count: int, condition: str | None) -> list[Board]:
    """`count` numbered boards; a condition nobody can meet ends with the dealer's error."""
    if condition:
        menu.terminal.note("Dealing... (Ctrl-C stops)")
    seed = int(menu.rng.integers(2 ** 31))
    return [Board.numbered(deal, menu.take_board_number())
            for deal in make_deals(count, seed, condition)]


def show_boards(menu: MenuSession, boards: list[Board]) -> None:
    for board in boards:
        menu.terminal.say(deal_diagram(board.deal, symbols=menu.terminal.symbols,
                                       title=board.title))
    if boards:
        menu.last_board = boards[-1]


def random_deals(menu: MenuSession) -> None:
    count = menu.terminal.ask_int("How many deals?", 1, MAX_DEALS, default=1)
    show_boards(menu, deal_boards(menu, count, None))


def constrained_deals(menu: MenuSession) -> None:
    condition = ask_condition(menu)
    count = menu.terminal.ask_int("How many deals?", 1, MAX_DEALS, default=1)
    show_boards(menu, deal_boards(menu, count, condition))


def ask_board(menu: MenuSession) -> Board:
    """The deal to bid, then its dealer and vulnerability (from a board number or given)."""
    terminal = menu.terminal
    sources = {"r": "a random deal", "c": "a random deal with constraints",
               "p": "a deal typed in PBN (N:S.H.D.C ...)"}
    if menu.last_board is not None:
        sources["l"] = f"the last deal shown (board {menu.last_board.number})"
    source = terminal.choose("Deal: (r)andom, (c)onstraints, (p)bn" +
                             (", (l)ast shown" if "l" in sources else "") + "?", sources,
                             default="r", topic="deal source",
                             names={"r": "random", "c": "constraints", "p": "pbn", "l": "last"})
    if source == "l":
        deal, default_number = menu.last_board.deal, menu.last_board.number
    elif source == "p":
        deal = terminal.ask("Deal in PBN:", Deal.parse, topic="pbn",
                            help="PBN deal: first seat, colon, four hands S.H.D.C clockwise, "
                                 f"e.g. {PBN_DEAL_EXAMPLE} (one hand may be -).")
        default_number = menu.take_board_number()
    else:
        board = deal_boards(menu, 1, ask_condition(menu) if source == "c" else None)[0]
        deal, default_number = board.deal, board.number
    how = terminal.choose("Dealer and vulnerability from the (b)oard number, or (g)iven?",
                          {"b": "board number: standard duplicate dealer and vulnerability",
                           "g": "choose dealer and vulnerability"}, default="b",
                          topic="board how", names={"b": "board", "g": "given"})
    if how == "b":
        number = terminal.ask_int("Board number", 1, 9999, default=default_number)
        return Board(deal, number, board_dealer(number), board_vulnerability(number))
    dealer = terminal.ask("Dealer (N, E, S, W)", parse_seat, default="N",
                          topic="dealer", help="N, E, S or W (or north, east... shortened)",
                          completer=WordCompleter(list(SEAT_NAMES), ignore_case=True))
    vulnerability = terminal.ask("Vulnerable (None, NS, EW, Both)", Vulnerability.parse,
                                 default="None", topic="vul",
                                 help="None, NS, EW or Both",
                                 completer=WordCompleter(["None", "NS", "EW", "Both"],
                                                         ignore_case=True))
    return Board(deal, None, dealer, vulnerability)
