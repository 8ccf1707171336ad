"""Double-dummy results through endplay (Bo Haglund's DDS), solved a batch at a time and
cached per deal: the one layer behind `tricks`, `dds`, `trix`, `par` and `evalcontract`.

Deals are owner rows (`deal[card]` = seat 0..3 of card `suit * 13 + rank`); declarers are
seats 0..3 (N E S W) and strains 0..4 (C D H S NT). A term asks for the rows it needs, and
only the deals not yet known are solved, in one call to DDS's batch functions per at most
`MAX_BOARDS` single results or `MAX_TABLES` tables, which spread the deals over DDS's own
threads. One single result costs about a third of a whole 4 x 5 table.

Dealer v2's switches set `SolverSettings` through `configure`: -M 1 solves single results,
-M 2 whole tables (v2's modes); without -M a deal gets its table once a third result is
asked of it. -R sets DDS's threads; -P the vulnerability of `par`.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
from endplay import _dds, dds
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player, Vul

from .output import pbn_deal

CACHE_SIZE = 4096
MAX_BOARDS = 200  # DDS's MAXNOOFBOARDS: single results per SolveAllBoards call
MAX_TABLES = 32  # tables per CalcAllTables call (DDS takes at most 40 with all five strains)
_TABLE_AFTER = 3  # distinct results asked of one deal before solving its whole table
_VULNERABILITY = (Vul.none, Vul.ns, Vul.ew, Vul.both)  # dealer's order: none NS EW all


@dataclass(frozen=True)
class SolverSettings:
    """How double dummy is solved: Dealer v2's -M, -R and -P."""

    mode: int | None = None
    """1: single results; 2: the whole table of every deal asked; None: a deal's table once
    a third result is asked of it"""
    threads: int | None = None
    """DDS's threads (1..9 in v2); None: DDS's own choice (one per core)"""
    par_vulnerability: int | None = None
    """par's vulnerability in dealer's order (0 none, 1 NS, 2 EW, 3 all); None: the script's"""

    def __post_init__(self):
        if self.mode not in (None, 1, 2):
            raise ValueError(f"the double-dummy mode (-M) is 1 or 2, not {self.mode}")
        if self.threads is not None and not 1 <= self.threads <= 9:
            raise ValueError(f"the solver's threads (-R) are 1 to 9, not {self.threads}")
        if self.par_vulnerability not in (None, 0, 1, 2, 3):
            raise ValueError(f"par's vulnerability (-P) is 0, 1, 2 or 3, not "
                             f"{self.par_vulnerability}")


_settings = SolverSettings()


def configure(settings: SolverSettings) -> None:
    """Use these settings from now on (DDS's thread count included)."""
    global _settings
    if settings.threads != _settings.threads:
        _dds.SetMaxThreads(settings.threads or 0)
    _settings = settings


def _denom(strain: int) -> Denom:
    return Denom.nt if strain == 4 else Denom(3 - strain)


class _DealResults:
    __slots__ = ("singles", "table", "endplay_table")

    def __init__(self):
        self.singles: dict[tuple[int, int], int] = {}
        self.table: np.ndarray | None = None
        self.endplay_table = None


_cache: OrderedDict[bytes, _DealResults] = OrderedDict()
_stored: dict[bytes, np.ndarray] = {}


def store_tables(owners: np.ndarray, tables: np.ndarray) -> None:
    """Tables known without solving (Dealer v2's -L library of solved deals) for a batch
    of deals about to be evaluated; they replace the previous batch's."""
    _stored.clear()
    _stored.update(zip((row.tobytes() for row in np.asarray(owners, dtype=np.uint8)), tables))


def _results(deal: np.ndarray) -> _DealResults:
    key = np.asarray(deal, dtype=np.uint8).tobytes()
    results = _cache.get(key)
    if results is None:
        results = _cache[key] = _DealResults()
        results.table = _stored.get(key)
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return results


def _endplay_deal(deal: np.ndarray) -> Deal:
    return Deal(pbn_deal(np.asarray(deal)))


def _solve_tables(deals: list[np.ndarray], found: list[_DealResults]) -> None:
    """Every deal's 4 x 5 table, MAX_TABLES deals per DDS call."""
    for start in range(0, len(deals), MAX_TABLES):
        chunk = deals[start:start + MAX_TABLES]
        solved = dds.calc_all_tables([_endplay_deal(deal) for deal in chunk])
        for results, table in zip(found[start:start + MAX_TABLES], solved):
            by_denom = table.to_list()  # [denom][player]
            results.endplay_table = table
            results.table = np.array([[by_denom[_denom(strain)][declarer]
                                       for strain in range(5)] for declarer in range(4)],
                                     dtype=np.int64)


def _solve_singles(deals: list[np.ndarray], declarer: int, strain: int) -> list[int]:
    """Tricks of `declarer` in `strain` on each deal, MAX_BOARDS deals per DDS call: the
    best card of the player on lead, whose side takes the tricks declarer does not."""
    tricks = []
    for start in range(0, len(deals), MAX_BOARDS):
        boards = []
        for deal in deals[start:start + MAX_BOARDS]:
            board = _endplay_deal(deal)
            board.first = Player((declarer + 1) % 4)
            board.trump = _denom(strain)
            boards.append(board)
        solved = dds.solve_all_boards(boards, SolveMode.OptimalOne)
        tricks += [13 - max(count for _, count in board) for board in solved]
    return tricks


def tables_of(deals: np.ndarray) -> np.ndarray:
    """Tricks for every declarer and strain of each deal: shape (deals, 4, 5)."""
    found = [_results(deal) for deal in deals]
    missing = [k for k, results in enumerate(found) if results.table is None]
    _solve_tables([deals[k] for k in missing], [found[k] for k in missing])
    return np.array([results.table for results in found], dtype=np.int64).reshape(-1, 4, 5)


def tricks_of(deals: np.ndarray, declarer: int, strain: int) -> np.ndarray:
    """Double-dummy tricks `declarer` takes in `strain` (0=C..3=S, 4=NT) on each deal."""
    found = [_results(deal) for deal in deals]
    key = (declarer, strain)
    unknown = [k for k, results in enumerate(found)
               if results.table is None and key not in results.singles]
    mode = _settings.mode
    whole = [k for k in unknown if mode == 2 or (mode is None and
                                                 len(found[k].singles) + 1 >= _TABLE_AFTER)]
    _solve_tables([deals[k] for k in whole], [found[k] for k in whole])
    single = [k for k in unknown if found[k].table is None]
    for k, count in zip(single, _solve_singles([deals[k] for k in single], declarer, strain)):
        found[k].singles[key] = count
    return np.array([results.table[declarer, strain] if results.table is not None
                     else results.singles[key] for results in found], dtype=np.int64)


def _par_result(deal: np.ndarray, dealer_seat: int, vulnerability: int):
    """DDS's par of a deal whose table is known; -P's vulnerability wins over the one given."""
    if _settings.par_vulnerability is not None:
        vulnerability = _settings.par_vulnerability
    return dds.par(_results(deal).endplay_table, _VULNERABILITY[vulnerability],
                   Player(dealer_seat))


def par_of(deals: np.ndarray, dealer_seat: int, vulnerability: int) -> np.ndarray:
    """Par score of each deal for North-South (negative when East-West gain), from its
    table; vulnerability in dealer's order (0 none, 1 NS, 2 EW, 3 all)."""
    tables_of(deals)
    return np.array([_par_result(deal, dealer_seat, vulnerability).score for deal in deals],
                    dtype=np.int64)


def dd_table(deal: np.ndarray) -> np.ndarray:
    """One deal's table: array [declarer, strain], shape (4, 5)."""
    return tables_of(np.asarray(deal)[None])[0]


def tricks(deal: np.ndarray, declarer: int, strain: int) -> int:
    """One deal's double-dummy tricks for `declarer` in `strain`."""
    return int(tricks_of(np.asarray(deal)[None], declarer, strain)[0])


def par(deal: np.ndarray, dealer_seat: int, vulnerability: int) -> tuple[int, list[str]]:
    """One deal's par score for North-South and the par contracts, e.g. (460, ['3NTS+2'])."""
    tables_of(np.asarray(deal)[None])
    result = _par_result(deal, dealer_seat, vulnerability)
    return int(result.score), [str(contract) for contract in result]


def clear_cache() -> None:
    _cache.clear()
