"""Dealer's printed layouts, byte for byte as Debian's dealer 20211121 writes them.

Pure functions from deals (one row of an owner array: `deal[card]` = seat 0..3 holding card
`suit * 13 + rank`) and numbers to text. Seats print in dealer's order N, E, S, W and suits
from spades down; hands in the grid layouts take 20 columns, cards separated by spaces.
"""
from __future__ import annotations

import datetime
import math
from typing import Iterable, Sequence

import numpy as np

from bidding.model.board import board_dealer, board_vulnerability
from bidding.model.cards import SEAT_NAMES, Seat, Vulnerability

from .scoring import contract_score, imps

RANKS = "23456789TJQKA"
VULNERABILITY_NAMES = ("None", "NS", "EW", "All")  # dealer's `vulnerable` order
_COLUMN = 20


def suit_ranks(deal: np.ndarray, seat: int, suit: int) -> str:
    """The seat's cards in a suit, highest first, as rank letters ('' for a void)."""
    held = np.flatnonzero(deal[13 * suit:13 * suit + 13] == seat)
    return "".join(RANKS[rank] for rank in held[::-1])


_RANK_BYTES = np.frombuffer(RANKS.encode(), dtype=np.uint8)
_HAND_WIDTH = 16  # 13 cards and 3 dots: every `S.H.D.C` hand has this width


def hand_bytes(owners: np.ndarray) -> np.ndarray:
    """Every hand of a batch of deals as `S.H.D.C` in ASCII: a (deals, 4, 16) uint8 array,
    built for the whole batch at once (printing deal by deal is what made printing slow).

    Each seat's 13 cards, highest card first (spades ace down to clubs two), are found by a
    stable sort of the reversed deal by owner; a card of suit s, k-th in its hand, goes to
    column k + (3 - s), and the three columns left over are the dots between the suits."""
    count = len(owners)
    order = np.argsort(owners[:, ::-1], axis=1, kind="stable").reshape(count, 4, 13)
    cards = 51 - order
    columns = np.arange(13) + (3 - cards // 13)
    hands = np.full((count, 4, _HAND_WIDTH), ord("."), dtype=np.uint8)
    np.put_along_axis(hands, columns, _RANK_BYTES[cards % 13], axis=2)
    return hands


def _lines(rows: np.ndarray) -> list[str]:
    """Rows of ASCII bytes of one width as strings."""
    width = rows.shape[1]
    text = rows.tobytes().decode("ascii")
    return [text[start:start + width] for start in range(0, len(text), width)]


def _with_values(lines: list[str], values, end: str = "\n") -> list[str]:
    if values is None:
        return [line + end for line in lines]
    return [f"{line}{int(value)}\n" for line, value in zip(lines, values)]


def pbn_hand(deal: np.ndarray, seat: int) -> str:
    """`S.H.D.C` holdings of one seat, as printoneline and PBN write them."""
    return hand_bytes(deal[None])[0, seat].tobytes().decode("ascii")


def pbn_deal(deal: np.ndarray) -> str:
    """PBN's `N:` deal string, hands in the order N E S W."""
    return "N:" + " ".join(pbn_hand(deal, seat) for seat in range(4))


def _cell(deal: np.ndarray, seat: int, suit: int) -> str:
    ranks = suit_ranks(deal, seat, suit)
    return "".join(rank + " " for rank in ranks) if ranks else "- "


def _grid_rows(cells: Sequence[Sequence[str]]) -> str:
    """Rows of cells, each cell but the last padded to 20 columns."""
    return "".join("".join(cell.ljust(_COLUMN) for cell in row[:-1]) + row[-1] + "\n"
                   for row in cells)


_V2_MARGIN = " " * 6  # the width of `%4d. `: Dealer v2 heads the hands' columns with seat names


def _numbered_hands(deal: np.ndarray, number: int, seats: Sequence[int], v2: bool) -> str:
    """A deal number over some hands side by side: dealer v1's `%4d.` on a line of its own;
    Dealer v2's (`v2`) `%4d. ` followed by the seats' names over their columns, the hands
    indented to stand under them."""
    rows = [[_cell(deal, seat, suit) for seat in seats] for suit in (3, 2, 1, 0)]
    if not v2:
        return f"{number:4d}.\n" + _grid_rows(rows)
    names = [SEAT_NAMES[seat].title() for seat in seats]
    heading = f"{number:4d}. " + "".join(name.ljust(_COLUMN) for name in names[:-1]) + names[-1]
    return heading + "\n" + "".join(_V2_MARGIN + line + "\n"
                                    for line in _grid_rows(rows).splitlines())


def _title_before_first(title: str | None, number: int) -> str:
    return f"{title}\n" if title is not None and number == 1 else ""


def format_printall(deal: np.ndarray, number: int, title: str | None = None,
                    v2: bool = False) -> str:
    """printall: the deal number, then the four hands side by side, N E S W; Dealer v2's
    title, if any, on a line of its own before the first deal; `v2`: its seat names."""
    return (_title_before_first(title, number) + _numbered_hands(deal, number, range(4), v2)
            + "\n")


SIDE_SEATS = {"EW": (3, 1), "NS": (2, 0)}
"""printside's hands, left to right: West then East (dealer's printew), South then North
(Dealer v2's printns)."""


def format_printside(deal: np.ndarray, side: str, number: int = 1, title: str | None = None,
                     v2: bool = False) -> str:
    """printew, printns, printside(side): one side's two hands side by side (dealer v1:
    nothing else); `v2`: Dealer v2's title before the first deal, and the deal number and
    seat names over the hands."""
    if not v2:
        left, right = SIDE_SEATS[side]
        return _grid_rows([[_cell(deal, left, suit), _cell(deal, right, suit)]
                           for suit in (3, 2, 1, 0)]) + "\n"
    return (_title_before_first(title, number)
            + _numbered_hands(deal, number, SIDE_SEATS[side], v2=True) + "\n")


def export_holdings(deal: np.ndarray, seat: int) -> str:
    """A hand as Dealer v2's -N/-E/-S/-W switches read it: `SAQ542,HKJ87,D32,CAK`, voids
    left out."""
    return ",".join(f"{letter}{ranks}" for letter, suit in zip("SHDC", (3, 2, 1, 0))
                    if (ranks := suit_ranks(deal, seat, suit)))


def format_export(deal: np.ndarray, seats: Iterable[int]) -> str:
    """export(side|compass): `-E ST865,HT73,DAJ97,C94 -W SAJ4,HKJ9,D853,CAQT7`, a line that
    predeals the same hands when given back on the command line."""
    return " ".join(f"-{'NESW'[seat]} {export_holdings(deal, seat)}" for seat in seats) + "\n"


def _labelled_hands(owners: np.ndarray, separator: str) -> np.ndarray:
    """`n HAND` `e HAND` `s HAND` `w HAND`, each followed by `separator`, as byte rows."""
    hands = hand_bytes(owners)
    count = len(owners)
    pieces = []
    for seat in range(4):
        pieces.append(np.broadcast_to(np.frombuffer(f"{'nesw'[seat]} ".encode(), np.uint8),
                                      (count, 2)))
        pieces.append(hands[:, seat])
        pieces.append(np.broadcast_to(np.frombuffer(separator.encode(), np.uint8),
                                      (count, 1)))
    return np.concatenate(pieces, axis=1)


def format_printcompact_batch(owners: np.ndarray, values=None) -> list[str]:
    """printcompact [expr] of each deal: one line a hand, then the expression's value if
    given."""
    return _with_values(_lines(_labelled_hands(owners, "\n")), values, end="")


def format_printoneline_batch(owners: np.ndarray, values=None) -> list[str]:
    """printoneline [expr] of each deal: the four hands on one line, then the value if
    given."""
    return _with_values(_lines(_labelled_hands(owners, " ")), values)


def format_printcompact(deal: np.ndarray, value: int | None = None) -> str:
    """printcompact [expr] of one deal."""
    return format_printcompact_batch(deal[None], None if value is None else [value])[0]


def format_printoneline(deal: np.ndarray, value: int | None = None) -> str:
    """printoneline [expr] of one deal."""
    return format_printoneline_batch(deal[None], None if value is None else [value])[0]


def format_printpbn(deal: np.ndarray, number: int, dealer: int | None,
                    vulnerable: int | None, input_name: str | None, seed: int,
                    date: datetime.date | None = None, title: str | None = None,
                    v2: bool = False) -> str:
    """printpbn: one PBN game. Board `number` (1-based); dealer and vulnerability rotate
    with the board unless the script set them; the file name is '(null)' for stdin. A
    title (Dealer v2) is the Event; `v2` adds a Generator tag after the game's tags, which
    names the program, file and seed even when the title has taken the Event's place."""
    seat = board_dealer(number) if dealer is None else Seat(dealer)
    vulnerability = (list(Vulnerability).index(board_vulnerability(number)) if vulnerable is None
                     else vulnerable)
    day = date or datetime.date.today()
    name = "(null)" if input_name is None else input_name
    provenance = f"Hand simulated by dealer with file {name}, seed {seed}"
    event = provenance if title is None else title
    generator = f'[Generator "{provenance}"]\n' if v2 else ""
    return (f'[Event "{event}"]\n'
            '[Site "-"]\n'
            f'[Date "{day:%Y.%m.%d}"]\n'
            f'[Board "{number}"]\n'
            '[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n'
            f'[Dealer "{seat.letter}"]\n'
            f'[Vulnerable "{VULNERABILITY_NAMES[vulnerability]}"]\n'
            f'[Deal "{pbn_deal(deal)}"]\n'
            '[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n'
            f'{generator}\n')


def format_print(deals: Sequence[np.ndarray], seats: Iterable[int],
                 title: str | None = None) -> str:
    """print(seats): at the end of the run, a page per seat (in N E S W order whatever
    order they were named in) with that seat's hands four to a row, numbered; Dealer v2's
    title, if any, above each page's heading."""
    heading = "" if title is None else f"{title}\n"
    pages = []
    for seat in sorted(set(seats)):
        page = [f"\n\n{heading}{SEAT_NAMES[seat].title()} hands:\n\n\n\n"]
        for first in range(0, len(deals), 4):
            group = deals[first:first + 4]
            page.append("".join(f"{first + k + 1:4d}." + " " * 15 for k in range(len(group))))
            page.append("\n")
            page.append(_grid_rows([[_cell(deal, seat, suit) for deal in group]
                                    for suit in (3, 2, 1, 0)]))
            page.append("\n")
        page.append("\f")
        pages.append("".join(page))
    return "".join(pages)


def format_printes(items: Iterable[str | int]) -> str:
    """printes: strings as written and integer values, nothing between them."""
    return "".join(str(item) for item in items)


def _g(value: float) -> str:
    """C's %g, with glibc's '-nan' for 0/0."""
    return "-nan" if math.isnan(value) else f"{value:g}"


def format_average(label: str | None, total: int, count: int) -> str:
    """average ["label"] expr: the mean over produced deals, C's %g ('-nan' for none)."""
    value = _g(total / count if count else math.nan)
    return f"{label}: {value}\n" if label is not None else f"{value}\n"


def _fixed(value: float) -> str:
    """C's %.2f, with glibc's '-nan' for 0/0."""
    return "-nan" if math.isnan(value) else f"{value:.2f}"


def format_average_v2(label: str | None, total: int, squares: float, count: int) -> str:
    """Dealer v2's average: `label: Mean=9.20, Std Dev=2.59, Var=6.70, Sample Size=5`, the
    variance over count - 1 (as the guide's examples divide), 2 decimals ('-nan' where
    there are too few deals)."""
    mean = total / count if count else math.nan
    variance = (squares - total * mean) / (count - 1) if count > 1 else math.nan
    deviation = math.sqrt(max(variance, 0.0)) if count > 1 else math.nan
    figures = (f"Mean={_fixed(mean)}, Std Dev={_fixed(deviation)}, Var={_fixed(variance)}, "
               f"Sample Size={count}\n")
    return f"{label}: {figures}" if label is not None else figures


def format_frequency(label: str | None, counts: Sequence[int], low: int, size: int = 1) -> str:
    """frequency ["label"] (expr, low, high), or bktfreq with buckets of `size` values:
    counts[0] are values below low, counts[-1] above high; those two rows appear only when
    not zero. Each other row is named by its bucket's lowest value."""
    lines = [f"Frequency {label or ''}:\n"]
    if counts[0]:
        lines.append(f"Low\t{counts[0]:8d}\n")
    lines += [f"{low + k * size:5d}\t{counts[k + 1]:8d}\n" for k in range(len(counts) - 2)]
    if counts[-1]:
        lines.append(f"High\t{counts[-1]:8d}\n")
    return "".join(lines)


def format_frequency2d(label: str | None, counts: np.ndarray, low: int, size: int,
                       low2: int, size2: int, v2_heading: bool = False) -> str:
    """frequency ["label"] (expr, low, high, expr2, low2, high2), or bktfreq with buckets
    of size and size2 values: a table with Low and High rows and columns always shown, and
    the sums of rows and columns. `v2_heading`: Dealer v2's heading of a 2-D bktfreq,
    `Showing 2D freq with Description[label]`."""
    counts = np.asarray(counts, dtype=np.int64)
    rows, columns = counts.shape[0] - 2, counts.shape[1] - 2
    heading = (f"Showing 2D freq with Description[{label or ''}]\n" if v2_heading
               else f"Frequency {label or ''}:\n")
    lines = [heading,
             "        Low" + "".join(f" {low2 + k * size2:6d}" for k in range(columns))
             + "   High    Sum\n"]
    names = ["Low "] + [f"{low + k * size:4d}" for k in range(rows)] + ["High"]
    for name, row in zip(names, counts):
        lines.append(name + "".join(f" {int(c):6d}" for c in row) + f" {int(row.sum()):6d}\n")
    lines.append("Sum " + "".join(f" {int(c):6d}" for c in counts.sum(axis=0))
                 + f" {int(counts.sum()):6d}\n\n")
    return "".join(lines)


CSV_SIDE_SEATS = {"NS": (0, 2), "EW": (1, 3)}
"""A side's hands in csvrpt, as the guide shows them: `n ... s ...`, `e ... w ...`."""


def csv_hands(deal: np.ndarray, seats: Iterable[int]) -> str:
    """Hands in a csvrpt line as Dealer v2 writes them: `n AKJ3.KJ943.T76.J`, each
    followed by a space when a side or the deal is asked for (the guide's examples)."""
    return " ".join(f"{'nesw'[seat]} {pbn_hand(deal, seat)}" for seat in seats)


def format_csv(fields: Iterable[str]) -> str:
    """csvrpt and printrpt: fields (already written out) joined by commas, one line."""
    return ",".join(fields) + "\n"


def format_evalcontract(tally: np.ndarray, produced: int) -> str:
    """evalcontract (dealer's own aborts on an assertion): for North and South as
    declarer, how often each number of double-dummy tricks was taken in each strain."""
    lines = [f"Double-dummy tricks over {produced} deals\n",
             "Decl Strain" + "".join(f" {t:6d}" for t in range(14)) + "\n"]
    for side, declarer in enumerate("NS"):
        for strain, name in enumerate(("C", "D", "H", "S", "NT")):
            lines.append(f"{declarer:<4} {name:<6}"
                         + "".join(f" {int(c):6d}" for c in tally[side, strain]) + "\n")
    return "".join(lines)


GAME_LEVELS = (5, 5, 4, 4, 3)
"""The lowest game contract in each strain (C D H S NT)."""


def format_contract_report(side: str, level: int, strain: int, doubled: int, vulnerable: bool,
                           tally: np.ndarray) -> str:
    """Dealer v2's evalcontract(side, contract, vul) at the end of the run, from how often
    the side took each number of tricks (tally[0..13]): the mean score of the contract as
    written (doubled or not), how often it made or failed, and how often a game or slam in
    the strain would have made while the contract was lower, with the IMPs lost each time
    per deal; those compare undoubled scores, the slam being the grand when all 13 tricks
    were taken (dealer's IMP table: this reproduces the guide's 2H and 4H figures)."""
    tally = np.asarray(tally, dtype=np.int64)
    deals = int(tally.sum())
    tricks = np.arange(14)
    scores = contract_score(vulnerable, level, strain, tricks, doubled)
    plain = contract_score(vulnerable, level, strain, tricks)
    game_level = GAME_LEVELS[strain]
    missed_game = (level < game_level) & (tricks - 6 >= game_level)
    missed_slam = (tricks >= 12) & (tricks - 6 > level)
    game_imps = imps(contract_score(vulnerable, game_level, strain, tricks) - plain)
    slam_imps = imps(np.array([contract_score(vulnerable, max(int(t) - 6, 6), strain, int(t))
                               for t in tricks]) - plain)

    def per_deal(weights) -> float:
        return float((tally * weights).sum()) / deals if deals else math.nan

    def percent(which) -> str:
        return _fixed(100 * per_deal(which))

    contract = f"{level}{'CDHSN'[strain]}{'x' * doubled}{' V' if vulnerable else ''}"
    made = tricks >= 6 + level
    return (f"Contract {contract} by {side} Average Result = {_fixed(per_deal(scores))}, "
            f"Made pct={percent(made)}, Fail pct={percent(~made)}\n"
            f"Missed Game_pct={percent(missed_game)}, Missed Slam_pct={percent(missed_slam)}, "
            f"Missed Game Imps/board={_fixed(per_deal(np.where(missed_game, game_imps, 0)))}, "
            f"Missed Slam Imps/board={_fixed(per_deal(np.where(missed_slam, slam_imps, 0)))}"
            "\n\n")


def format_trailer(generated: int, produced: int, seed: int, seconds: float,
                   title: str | None = None, v2: bool = False) -> str:
    """The closing statistics dealer prints unless told not to, after Dealer v2's title;
    `v2`: Dealer v2's wording, two spaces after `Produced` (both of its guide's examples)."""
    heading = "" if title is None else f"{title}\n"
    produced_gap = "  " if v2 else " "
    return (f"{heading}Generated {generated} hands\nProduced{produced_gap}{produced} hands\n"
            f"Initial random seed {seed}\nTime needed {seconds:8.3f} sec\n")
