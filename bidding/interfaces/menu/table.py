"""Bidding a deal at a table of humans and robots, from the menu.

The engine's Table runs the auction; a human's turn is a question at the terminal where the
human may also ask what the calls so far meant, what a call would show, how a robot reasoned,
for a hint, or take back their last call (the robots after it then bid again).
"""
from __future__ import annotations


from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.formatted_text import FormattedText

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Hand, Seat
from bidding.model.board import Board
from bidding.interfaces.commands.play import (board_report, explanation_fragments,
                                              partner_fragments)
from bidding.interfaces.diagram import auction_grid, call_fragment, call_text, hand_block, wrapped
from bidding.model.errors import BridgeError
from bidding.model.evaluation import hcp
from bidding.engine.explain import Explanation, explain
from bidding.interfaces.menu.deals import ask_board
from bidding.interfaces.menu.terminal import AnswerError
from bidding.interfaces.menu.session import MenuSession
from bidding.interfaces.players import Player
from bidding.engine.robot import Robot
from bidding.engine.system import BiddingSystem, system_named
from bidding.laboratory.auction_deals import partner_hands
from bidding.laboratory.table import HumanPlayer, RobotPlayer, Table


TURN_HELP = """\
Type a call: P or pass, X or dbl, XX or rdbl, 1C ... 7NT (1n, 4s, 2 H and 4♠ work too).
Or ask:
  e [N]      what call number N meant (every call so far without N)
  w CALL     what CALL would show if you made it now
  why [N]    how a robot chose call N (every robot call without N)
  hint       what a robot playing your side's system would call, and why
  partner    what could partner hold? (or ?p) partner's picture and five sample hands
  u          undo: take back your last call (the robots after it bid again)
  show       your hand and the auction again"""
TURN_COMMANDS = {"e": "explain", "explain": "explain", "w": "what", "what": "what",
                 "why": "why", "hint": "hint", "partner": "partner", "?p": "partner", "u": "undo", "undo": "undo", "show": "show",
                 "help": "help"}


class UndoRequested(Exception):
    """A human asked to take back their last call; the table session rewinds the auction."""

    def __init__(self, seat: Seat) -> None:
        super().__init__(seat)
        self.seat = seat


def default_seating(menu: MenuSession) -> dict[Seat, str]:
    """A first human in the South, the first robot everywhere else; without robots, the
    humans in turn (a human takes one seat only)."""
    humans = [p.name for p in menu.players if p.is_human]
    robots = [p.name for p in menu.players if not p.is_human]
    if robots:
        seating = {seat: robots[0] for seat in Seat}
        if humans:
            seating[Seat.SOUTH] = humans[0]
        return seating
    order = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
    return dict(zip(order, humans))


def ask_seating(menu: MenuSession) -> dict[Seat, Player]:
    """A player for each seat; a human may take one seat only, a robot several."""
    defaults = menu.last_seating or default_seating(menu)
    names = menu.players.names()
    seating: dict[Seat, Player] = {}

    def check(name: str) -> Player:
        player = menu.players.get(name)
        taken = [other for other, sitting in seating.items() if sitting.name == player.name]
        if player.is_human and taken:
            raise AnswerError(f"{player.name} already sits {taken[0].name.title()}: a human "
                              f"takes one seat (a computer player may take several)")
        return player

    for seat in Seat:
        default = defaults.get(seat, "")
        if default in [player.name for player in seating.values()
                       if player.is_human]:
            default = ""
        seating[seat] = menu.terminal.ask_name(
            f"{seat.name.title()} player", names, topic="player", default=default, then=check)
    menu.last_seating = {seat: player.name for seat, player in seating.items()}
    return seating


def bid_a_deal(menu: MenuSession) -> None:
    if not len(menu.players):
        menu.terminal.say("Nobody to sit at the table yet: add a human with h and a computer "
                          "player with c, then try b again.")
        return
    if all(player.is_human for player in menu.players) and len(menu.players) < 4:
        menu.terminal.say("Not enough players for the four seats: a human takes one seat and "
                          "a computer player any number; add one with c, then try b again.")
        return
    seating = ask_seating(menu)
    board = ask_board(menu)
    declared = _declared_systems(menu, seating)
    session = TableSession(menu, seating, board, declared)
    session.run()
    menu.last_board = board


def _declared_systems(menu: MenuSession, seating: dict[Seat, Player]) -> dict[int, BiddingSystem]:
    """For a side of two humans, the system they play, used to explain their calls."""
    declared = {}
    for side, label in ((0, "North-South"), (1, "East-West")):
        seats = (Seat(side), Seat(side + 2))
        if any(not seating[seat].is_human for seat in seats) or not menu.system_names():
            continue
        name = menu.terminal.ask(
            f"System {label} play, to explain their calls (Enter: natural):",
            lambda a: system_named(menu.library, a).name if a else None, topic="system",
            help="A bidding system: " + ", ".join(menu.system_names()),
            completer=WordCompleter(menu.system_names(), ignore_case=True, sentence=True),
            live_completion=True)
        if name:
            declared[side] = system_named(menu.library, name)
    return declared


class TableSession:
    """One auction at the table: robots bid by themselves, humans are asked at the terminal."""

    def __init__(self, menu: MenuSession, seating: dict[Seat, Player], board: Board,
                 declared: dict[int, BiddingSystem]) -> None:
        self.terminal = menu.terminal
        self.board = board
        self.names = {seat: player.name for seat, player in seating.items()}
        players = {seat: HumanPlayer(self._human_turn, player.name) if player.is_human
                   else RobotPlayer(system_named(menu.library, player.system), player.name)
                   for seat, player in seating.items()}
        self.table = Table(players, board.deal, board.dealer, board.vulnerability,
                           on_call=self._announce)
        self.humans = len({player.name for player in seating.values() if player.is_human})
        self.at_keyboard: str | None = None       # the human who last saw their hand
        self.systems = {side: self.table.side_system(Seat(side)) or declared.get(side)
                        for side in (0, 1)}
        self.rng = menu.rng

    @property
    def auction(self) -> Auction:
        return self.table.auction

    @property
    def symbols(self) -> bool:
        return self.terminal.symbols

    def run(self) -> None:
        seats = ", ".join(f"{seat.name.title()} {self.names[seat]}" for seat in Seat)
        self.terminal.say(FormattedText([("class:title", self.board.heading),
                                         ("", f"\n{seats}\n")]))
        while not self.auction.is_over:
            try:
                self.table.step()
            except UndoRequested as undo:
                self._take_back(undo.seat)
        self.terminal.say(board_report(self.board, self.auction, self.explanations(self.auction),
                                       self.names, self.symbols))

    def _announce(self, made) -> None:
        self.terminal.say(FormattedText([
            ("class:seat", f"{made.seat.name.title()}"), ("", f" ({made.player}): "),
            call_fragment(made.call, self.symbols)]))

    def _take_back(self, seat: Seat) -> None:
        """Rewind to just before `seat`'s last call."""
        taken = []
        while self.auction.calls:
            made_by = self.auction.seat_of(len(self.auction) - 1)
            taken.append(self.auction.pop())
            self.table.result.calls.pop()
            if made_by is seat:
                break
        calls = " ".join(call_text(call, self.symbols) for call in reversed(taken))
        self.terminal.note(f"Taken back: {calls}.")

    # --- what calls mean --------------------------------------------------------------------
    def explanations(self, auction: Auction) -> list[Explanation]:
        north_south, east_west = self.systems[0], self.systems[1]
        if north_south is None and east_west is None:
            return []
        return explain(auction, north_south, east_west)

    def _explain_calls(self, auction: Auction, number: int | None) -> None:
        explanations = self.explanations(auction)
        if not auction.calls:
            self.terminal.say("No calls yet.")
        elif not explanations:
            self.terminal.say("Nobody at this table plays a known system: every call is natural.")
        elif number is None:
            self.terminal.say(FormattedText(explanation_fragments(explanations, self.symbols)))
        else:
            self.terminal.say(FormattedText(explanation_fragments([explanations[number - 1]],
                                                                  self.symbols)))

    def _what_would_show(self, auction: Auction, call: Call) -> None:
        reason = auction.why_illegal(call)
        if reason is not None:
            raise AnswerError(f"{call} is not allowed now: {reason}")
        trial = auction.copy()
        trial.push(call)
        explanations = self.explanations(trial)
        if not explanations:
            self.terminal.say(f"{call_text(call, self.symbols)} would be natural: nobody "
                              f"here plays a known system.")
            return
        shown = call_fragment(call, self.symbols)
        text = wrapped(explanations[-1].text, len("If you call : ") + len(shown[1]))
        self.terminal.say(FormattedText([("", "If you call "), shown, ("", f": {text}")]))

    def _robot_reasons(self, number: int | None) -> None:
        calls = self.table.result.calls
        chosen = [(index, made) for index, made in enumerate(calls)
                  if made.choice is not None and (number is None or index == number - 1)]
        if not chosen:
            self.terminal.say("No robot made that call." if number else "No robot has called yet.")
        for index, made in chosen:
            lines = "\n".join("    " + wrapped(reason, 4) for reason in made.choice.reasons)
            self.terminal.say(f"{index + 1}. {made.seat.name.title()} ({made.player}) "
                              f"{call_text(made.call, self.symbols)}:\n{lines}")

    def _hint(self, seat: Seat, hand: Hand, auction: Auction) -> None:
        system = self.systems[seat % 2]
        if system is None:
            self.terminal.say("Your side plays no known system, so there is no hint.")
            return
        choice = Robot(system, opponents=self.systems[1 - seat % 2]).choose(hand, auction)
        reasons = "\n".join("    " + wrapped(reason, 4) for reason in choice.reasons)
        self.terminal.say(f"A robot playing {system.name} would call "
                          f"{call_text(choice.call, self.symbols)}:\n{reasons}")

    def _partner(self, seat: Seat, hand: Hand, auction: Auction) -> None:
        picture = partner_hands(auction, seat, hand, (self.systems[0], self.systems[1]),
                                seed=int(self.rng.integers(2 ** 31)))
        self.terminal.say(FormattedText(partner_fragments(picture, self.symbols)))

    # --- a human's turn ---------------------------------------------------------------------
    def show_turn(self, seat: Seat, hand: Hand, auction: Auction) -> None:
        heading = (f"{self.names[seat]}, you are {seat.name.title()} "
                   f"({self.board.heading}); {hcp(hand)} HCP")
        self.terminal.say(FormattedText([("class:title", heading), ("", "\n")]
                                        + list(hand_block(hand, self.symbols))))
        self.terminal.say(auction_grid(auction, symbols=self.symbols))

    def _hand_over(self, seat: Seat) -> None:
        """With two humans or more, clear the screen and wait for the human whose turn it is,
        so that nobody sees another human's hand."""
        name = self.names[seat]
        if self.humans > 1 and self.at_keyboard != name:
            self.terminal.wait_for(f"Pass the keyboard to {name} ({seat.name.title()}) and "
                                   f"press Enter:")
        self.at_keyboard = name

    def _human_turn(self, seat: Seat, hand: Hand, auction: Auction, problem: str | None) -> Call:
        self._hand_over(seat)
        if problem:
            self.terminal.error(problem)
        self.show_turn(seat, hand, auction)
        words = {str(call): "call" for call in auction.legal_calls}
        words.update({word: "ask" for word in TURN_COMMANDS})
        completer = WordCompleter(list(words), meta_dict=words, ignore_case=True)
        while True:
            answer = self.terminal.ask(f"{self.names[seat]} ({seat.letter}), your call:",
                                       lambda text: self._read_turn(text, auction),
                                       completer=completer, topic="call", help=TURN_HELP)
            if isinstance(answer, Call):
                return answer
            command, argument = answer
            try:
                self._run_turn_command(command, argument, seat, hand, auction)
            except BridgeError as error:
                self.terminal.error(str(error))

    def _read_turn(self, text: str, auction: Auction) -> Call | tuple[str, str]:
        """A legal call, or (command, argument) for a question about the auction."""
        if not text:
            raise AnswerError("type a call (P, X, 1H...), or ? for what you can ask")
        head, _, rest = text.partition(" ")
        command = TURN_COMMANDS.get(head.casefold())
        if command is not None:
            return command, rest.strip()
        call = Call.parse(text)
        reason = auction.why_illegal(call)
        if reason is not None:
            raise AnswerError(f"{call_text(call, self.symbols)} is not allowed: {reason}")
        return call

    def _call_number(self, argument: str, auction: Auction) -> int | None:
        if not argument:
            return None
        if not argument.isdigit() or not 1 <= int(argument) <= len(auction):
            raise AnswerError(f"{argument!r}: give a call number from 1 to {len(auction)}"
                              if len(auction) else "there are no calls yet")
        return int(argument)

    def _run_turn_command(self, command: str, argument: str, seat: Seat, hand: Hand,
                          auction: Auction) -> None:
        if command == "help":
            self.terminal.say(TURN_HELP)
        elif command == "explain":
            self._explain_calls(auction, self._call_number(argument, auction))
        elif command == "what":
            if not argument:
                raise AnswerError("say which call, e.g. w 2C")
            self._what_would_show(auction, Call.parse(argument))
        elif command == "why":
            self._robot_reasons(self._call_number(argument, auction))
        elif command == "hint":
            self._hint(seat, hand, auction)
        elif command == "partner":
            self._partner(seat, hand, auction)
        elif command == "show":
            self.show_turn(seat, hand, auction)
        elif command == "undo":
            if not any(auction.seat_of(index) is seat for index in range(len(auction))):
                raise AnswerError("you have made no call yet: nothing to take back")
            raise UndoRequested(seat)
