"""Deal and bid from scripts: `deal`, `bid` and `players`, and the board report they share
with the menu (four hands, figures, auction, explanations, contract, double dummy, par, score).
"""
from __future__ import annotations

import sys
from typing import Iterator, Mapping

import numpy as np
from prompt_toolkit import print_formatted_text
from prompt_toolkit.formatted_text import FormattedText

from bidding.model import evaluation
from bidding.model.auction import Auction, Contract
from bidding.model.board import Board, board_dealer, board_vulnerability
from bidding.model.cards import PBN_DEAL_EXAMPLE, Deal, Hand, Seat, Vulnerability, random_deal
from bidding.engine.library import ConventionLibrary
from bidding.interfaces.commands.arguments import positive, seed
from bidding.interfaces.commands.options import add_directory_option, load_systems
from bidding.interfaces.diagram import (STYLE, auction_grid, call_fragment, deal_diagram,
                                        hand_block, hand_lines, plain, terminal_has_symbols,
                                        wrapped)
from bidding.model.errors import BridgeError
from bidding.engine.explain import Explanation
from bidding.model.pbn import PbnBoard, format_pbn
from bidding.interfaces.players import COMPUTER, HUMAN, Player, PlayerStore
from bidding.laboratory.results import BoardResult, TableRun, double_dummy_result
from bidding.laboratory.auction_deals import (AuctionNotFound, Budget, PartnerPicture,
                                              deals_for_auction, partner_hands)
from bidding.laboratory.table import RobotPlayer, Table
from bidding.engine.system import BiddingSystem, system_named

_SYMBOL_LETTERS = str.maketrans("♠♥♦♣", "SHDC")


# --- deals -----------------------------------------------------------------------------------
def make_deals(n: int, seed: int | None = None, condition: str | None = None) -> Iterator[Deal]:
    """`n` deals, uniformly random or meeting a dealer-language condition."""
    if condition:
        from dealer import deals
        yield from deals(condition, n, seed)
        return
    rng = np.random.default_rng(seed)
    for _ in range(n):
        yield random_deal(rng)


def hand_figures(deal: Deal, seat: Seat) -> str:
    """`5-3-3-2, 15 HCP, 7 losers`: shape in suit order S-H-D-C, HCP and losing tricks."""
    hand = deal[seat]
    shape = "-".join(str(n) for n in evaluation.shape(hand))
    return f"{shape}, {evaluation.hcp(hand)} HCP, {evaluation.losers(hand)} losers"


# --- results ---------------------------------------------------------------------------------
def contract_text(contract: Contract | None, symbols: bool = True) -> str:
    if contract is None:
        return "Passed out"
    strain = contract.strain.symbol if symbols else contract.strain.letter
    return (f"{contract.level}{strain}{'X' * contract.doubled} "
            f"by {contract.declarer.name.title()}")


def result_lines(result: BoardResult, symbols: bool = True) -> list[str]:
    """Contract, double-dummy tricks, score and par of the board's one table."""
    table = result.tables[0]
    lines = [f"Contract: {contract_text(table.contract, symbols)}"]
    if table.contract is not None:
        needed = table.contract.level + 6
        made = table.tricks - needed
        outcome = "made exactly" if made == 0 else f"made with {made} overtrick" \
            f"{'s' if made > 1 else ''}" if made > 0 else f"down {-made}"
        lines.append(f"Double dummy: {table.tricks} tricks, {outcome}")
    lines.append(f"Score: {table.score_ns:+d} for North-South")
    par_text = ", ".join(result.par_contracts) or "passed out"
    if not symbols:
        par_text = par_text.translate(_SYMBOL_LETTERS)
    lines.append(f"Par: {result.par_ns:+d} for North-South ({par_text}); "
                 f"against par {result.versus_par(0):+d} IMPs")
    return lines


def board_report(board: Board, auction: Auction, explanations: list[Explanation],
                 names: Mapping[Seat, str] | None = None, symbols: bool = True) -> FormattedText:
    """Everything shown when an auction ends, as one formatted text."""
    names = dict(names or {})
    labels = {seat: f"{names[seat]} " if seat in names else "" for seat in Seat}
    labels = {seat: f"{label}({evaluation.hcp(board.deal[seat])})" for seat, label in
              labels.items()}
    fragments: list[tuple[str, str]] = list(deal_diagram(board.deal, symbols=symbols,
                                                         title=board.title, labels=labels))
    fragments.append(("", "\n"))
    for seat in Seat:
        fragments += [("class:seat", f"{seat.name.title():<6}"),
                      ("", f" {hand_figures(board.deal, seat)}\n")]
    fragments.append(("", "\n"))
    fragments += auction_grid(auction, symbols=symbols)
    if explanations:
        fragments += [("", "\n"), ("class:title", "What the calls showed"), ("", "\n")]
        fragments += explanation_fragments(explanations, symbols)
    fragments.append(("", "\n"))
    for line in result_lines(double_dummy_result(board, (TableRun(auction),)), symbols):
        fragments += [("class:title", line), ("", "\n")]
    return FormattedText(fragments)


def explanation_fragments(explanations: list[Explanation], symbols: bool = True
                          ) -> list[tuple[str, str]]:
    """Numbered explanations, long ones wrapped under their text at the terminal's width."""
    fragments: list[tuple[str, str]] = []
    for explanation in explanations:
        call = call_fragment(explanation.call, symbols)
        alert = " (alert)" if explanation.alert else ""
        head = f"{explanation.index + 1:>2}. {explanation.seat.letter} "
        text = wrapped(explanation.text, len(head) + len(call[1]) + len(alert) + 2)
        fragments += [("", head), call, ("class:note", alert), ("", f": {text}\n")]
    return fragments


def partner_fragments(picture: PartnerPicture, symbols: bool = True) -> list[tuple[str, str]]:
    """"What could partner hold?": partner's picture, then the sample hands one a line."""
    partner = picture.partner.name.title()
    fragments = [("class:title", f"Partner ({partner}) has shown: "),
                 ("", f"{picture.shown.text()}\n")]
    if picture.hands:
        found = picture.found
        fragments.append(("", f"Hands {partner} could hold (from {found.dealt:,} deals dealt, "
                              f"{found.bid:,} bid by the robots):\n"))
    for deal in picture.found.deals:
        fragments.append(("", "  "))
        for line in hand_lines(deal[picture.partner], symbols):
            fragments += line + [("", "  ")]
        fragments.append(("class:note", f"{hand_figures(deal, picture.partner)}\n"))
    if picture.note:
        fragments.append(("class:note", f"{picture.note}\n"))
    return fragments


# --- the subcommands ------------------------------------------------------------------------
def _print(text: FormattedText) -> None:
    """Colour on a terminal; plain text with plain newlines into files and pipes."""
    if sys.stdout.isatty():
        print_formatted_text(text, style=STYLE, end="")
    else:
        sys.stdout.write(plain(text))


def _run_deal(args) -> int:
    symbols = terminal_has_symbols() and not args.ascii
    if args.auction:
        return _run_auction_deals(args, symbols)
    boards = [_board(args, deal, args.board + offset)
              for offset, deal in enumerate(make_deals(args.n, args.seed, args.condition))]
    if args.format == "pbn":
        sys.stdout.write(format_pbn(PbnBoard.of(board) for board in boards))
    for board in boards if args.format == "text" else ():
        _print(deal_diagram(board.deal, symbols=symbols, title=board.title))
        print()
    return 0


def _board(args, deal: Deal, number: int) -> Board:
    """Board `number`, with the dealer and vulnerability of --dealer and --vul if given."""
    return Board(deal, number, *_dealer_and_vulnerability(args, number))


def _dealer_and_vulnerability(args, number: int) -> tuple[Seat, Vulnerability]:
    return (Seat.parse(args.dealer) if args.dealer else board_dealer(number),
            Vulnerability.parse(args.vul) if args.vul else board_vulnerability(number))


def _auction_systems(args) -> tuple[BiddingSystem, BiddingSystem]:
    """North-South's system (--system) and East-West's (--vs, else the same)."""
    if not args.system:
        raise BridgeError("--auction needs --system: the robots' system")
    loaded = load_systems([args.system] + ([args.vs] if args.vs else []), args.dir)
    return loaded[args.system], loaded[args.vs or args.system]


def _given_auction(args) -> Auction:
    """The --auction text on the dealer and vulnerability of --board, --dealer and --vul."""
    try:
        return Auction.parse(args.auction, *_dealer_and_vulnerability(args, args.board))
    except BridgeError as error:
        raise BridgeError(f"--auction {args.auction!r}: {error}") from None


def _run_auction_deals(args, symbols: bool) -> int:
    """`deal --auction`: deals on which the robots make those calls first, all on one board."""
    systems = _auction_systems(args)
    auction = _given_auction(args)
    try:
        found = deals_for_auction(auction, *systems, n=args.n, seed=args.seed,
                                  condition=args.condition, budget=Budget(dealt=args.tries))
    except AuctionNotFound as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    boards = [Board(deal, args.board, auction.dealer, auction.vulnerability)
              for deal in found.deals]
    if args.format == "pbn":
        sys.stdout.write(format_pbn(PbnBoard.of(board, auction=auction.copy(),
                                                auction_complete=auction.is_over)
                                    for board in boards))
    else:
        names = " vs ".join(dict.fromkeys(system.name for system in systems))
        print(f"Auction: {auction.history_text()} ({names})\n")
    for board in boards if args.format == "text" else ():
        _print(deal_diagram(board.deal, symbols=symbols, title=board.title))
        print()
    print(found.summary(), file=sys.stderr)
    if len(found.deals) < args.n:
        print(f"error: only {len(found.deals)} of {args.n} deals found in {args.tries:,} dealt",
              file=sys.stderr)
        return 1
    return 0


def _seat_systems(args) -> dict[Seat, str]:
    systems = {}
    for seat in Seat:
        name = getattr(args, seat.name.lower()) or args.system
        if not name:
            raise BridgeError(f"no system for {seat.name.lower()}: give --system or "
                              f"--{seat.name.lower()}")
        systems[seat] = name
    return systems


def _run_bid(args) -> int:
    symbols = terminal_has_symbols() and not args.ascii
    names = _seat_systems(args)
    loaded = load_systems(list(names.values()), args.dir)
    systems = {seat: loaded[name] for seat, name in names.items()}
    if args.partner and not args.auction:
        raise BridgeError("--partner needs --auction: the calls so far")
    if args.hand and not args.partner:
        raise BridgeError("--hand goes with --partner")
    if args.auction and args.deal and not args.partner:
        raise BridgeError("--auction deals a deal for those calls: leave out --deal, or ask "
                          "--partner")
    if args.partner:
        return _what_partner_could_hold(args, systems, symbols)
    if args.deal:
        deal = Deal.parse(args.deal)
    elif args.auction:
        deal = _deal_for_auction(args, _given_auction(args), systems)
    else:
        deal = next(make_deals(1, args.seed, args.condition))
    board = _board(args, deal, args.board)
    table = Table({seat: RobotPlayer(system) for seat, system in systems.items()}, deal,
                  board.dealer, board.vulnerability)
    table.play()
    explanations = table.explain()
    if args.format == "pbn":
        result = double_dummy_result(board, (TableRun.of(table),))
        contract, tricks = result.tables[0].contract, result.tables[0].tricks
        players = {seat.name.title(): system.name for seat, system in systems.items()}
        sys.stdout.write(format_pbn([PbnBoard.of(
            board, auction=table.auction, contract=contract, passed_out=contract is None,
            result=tricks, notes={e.index: e.text for e in explanations if e.rules},
            tags=players | {"Scoring": "IMP", "OptimumScore": f"NS {result.par_ns}"})]))
        return 0
    print("Systems: " + ", ".join(f"{seat.letter} {system.name}"
                                  for seat, system in systems.items()))
    _print(board_report(board, table.auction, explanations, symbols=symbols))
    return 0


def _deal_for_auction(args, auction: Auction, systems: dict[Seat, BiddingSystem]) -> Deal:
    """A deal on which these robots make the calls of `auction` first."""
    return deals_for_auction(auction, systems[Seat.NORTH], systems[Seat.EAST], seed=args.seed,
                             condition=args.condition).deals[0]


def _what_partner_could_hold(args, systems: dict[Seat, BiddingSystem], symbols: bool) -> int:
    """`bid --partner`: the player to act after --auction asks what partner could hold; their
    hand is --hand, else theirs in --deal, else theirs on a deal the robots bid that way."""
    auction = _given_auction(args)
    if auction.is_over:
        raise BridgeError(f"the auction {auction.history_text()} is over: nobody is to act")
    seat = auction.turn
    if args.hand:
        hand = Hand.parse(args.hand)
    else:
        hand = (Deal.parse(args.deal) if args.deal
                else _deal_for_auction(args, auction, systems))[seat]
    sides = (systems[seat.partner] if seat % 2 == 0 else systems[seat.lho],
             systems[seat.partner] if seat % 2 == 1 else systems[seat.lho])
    picture = partner_hands(auction, seat, hand, sides, seed=args.seed)
    heading = (f"You are {seat.name.title()} (Board {args.board}, Dealer "
               f"{auction.dealer.name.title()}, Vul {auction.vulnerability}), "
               f"{evaluation.hcp(hand)} HCP")
    _print(FormattedText([("class:title", heading), ("", "\n"), *hand_block(hand, symbols),
                          ("", "\n"), *auction_grid(auction, symbols=symbols), ("", "\n"),
                          *partner_fragments(picture, symbols)]))
    return 0


def _run_players(args) -> int:
    store = PlayerStore()
    if args.players_command == "add":
        if args.system:
            system_named(ConventionLibrary(args.dir), args.system)
        player = store.add(Player(args.name, COMPUTER if args.system else HUMAN,
                                  args.system))
        print(f"added {player.describe()}")
    elif args.players_command == "remove":
        print(f"removed {store.remove(args.name).describe()}")
    else:
        for player in store:
            print(player.describe())
        if not len(store):
            print(f"no players yet (they are kept in {store.path})", file=sys.stderr)
    return 0


def register(subparsers) -> None:
    """Add the `deal`, `bid` and `players` commands."""
    deal = subparsers.add_parser(
        "deal", help="random deals, or deals meeting a dealer condition",
        description="Print random deals, or deals meeting a condition in dealer's language.")
    deal.add_argument("--condition", "-c", metavar="EXPR",
                      help='dealer expression, e.g. "hcp(north) >= 15 and spades(north) >= 5"')
    deal.add_argument("-n", type=positive, default=1, help="number of deals (default 1)")
    deal.add_argument("--seed", type=seed, help="random seed, for repeatable deals")
    deal.add_argument("--format", choices=("text", "pbn"), default="text",
                      help="hand diagrams (text) or PBN records (pbn)")
    deal.add_argument("--board", type=positive, default=1,
                      help="number of the first board (sets dealer and vulnerability); with "
                           "--auction every deal is on this board")
    deal.add_argument("--dealer", help="dealer (N, E, S, W), overriding the board's")
    deal.add_argument("--vul", help="vulnerability (None, NS, EW, Both), overriding the board's")
    deal.add_argument("--auction", "-a", metavar="CALLS",
                      help='deals on which robots of --system bid these calls first, e.g. '
                           '"1NT P 2C P" (dealer and vulnerability from the board)')
    deal.add_argument("--system", help="with --auction: the robots' system")
    deal.add_argument("--vs", metavar="SYSTEM",
                      help="with --auction: East-West's system (default: the same)")
    deal.add_argument("--tries", type=positive, default=Budget.dealt, metavar="N",
                      help=f"with --auction: give up after dealing N deals "
                           f"(default {Budget.dealt:,})")
    add_directory_option(deal)
    deal.add_argument("--ascii", action="store_true", help="S H D C instead of suit symbols")
    deal.set_defaults(func=_run_deal)

    bid = subparsers.add_parser(
        "bid", help="robots bid a deal; prints the auction, its meaning and the result",
        description="Four robots bid one deal (given as PBN, or random); prints the hands, "
                    "the auction with explanations, the contract, double-dummy tricks, par "
                    "and score.")
    bid.add_argument("--deal", metavar="PBN", help=f'e.g. "{PBN_DEAL_EXAMPLE}" (one hand may be -)')
    bid.add_argument("--condition", "-c", metavar="EXPR",
                     help="deal a random deal meeting this dealer condition")
    bid.add_argument("--seed", type=seed, help="random seed for the random deal")
    bid.add_argument("--system", help="system of every seat not given on its own: a name, "
                                      "or the path of a .system file")
    for seat in Seat:
        bid.add_argument(f"--{seat.name.lower()}", metavar="SYSTEM",
                         help=f"system {seat.name.title()} plays")
    bid.add_argument("--board", type=positive, default=1,
                     help="board number: sets dealer and vulnerability (default 1)")
    bid.add_argument("--dealer", help="dealer (N, E, S, W), overriding the board's")
    bid.add_argument("--vul", help="vulnerability (None, NS, EW, Both), overriding the board's")
    add_directory_option(bid)
    bid.add_argument("--format", choices=("text", "pbn"), default="text",
                     help="the report (text) or a PBN record with the auction and its notes")
    bid.add_argument("--auction", "-a", metavar="CALLS",
                     help='the calls so far, e.g. "1NT P": without --deal, a deal on which '
                          'the robots make them first')
    bid.add_argument("--partner", action="store_true",
                     help="with --auction: what could partner of the player to act hold? "
                          "(partner's picture and five sample hands)")
    bid.add_argument("--hand", metavar="HAND",
                     help='with --partner: the hand of the player to act, e.g. "K83.QJ4.T962.A75"')
    bid.add_argument("--ascii", action="store_true", help="S H D C instead of suit symbols")
    bid.set_defaults(func=_run_bid)

    players = subparsers.add_parser(
        "players", help="list, add or remove saved players",
        description="The players the menu remembers (kept in the user's data directory, "
                    "or $SLAMBID_DATA_DIR).")
    commands = players.add_subparsers(dest="players_command", metavar="ACTION")
    commands.add_parser("list", help="list saved players")
    add = commands.add_parser("add", help="add a human, or a computer player with --system")
    add.add_argument("name")
    add.add_argument("--system", help="the bidding system of a computer player")
    add_directory_option(add)
    remove = commands.add_parser("remove", help="remove a saved player")
    remove.add_argument("name")
    players.set_defaults(func=_run_players)

