"""Double-dummy results from Bo Haglund's DDS, solved a batch at a time and cached per
deal: the one layer behind `tricks`, `dds`, `trix`, `par` and `evalcontract`.

Deals are owner rows (`deal[card]` = seat 0..3 of card `suit * 13 + rank`); declarers are
seats 0..3 (N E S W) and strains 0..4 (C D H S NT). A term asks for the rows it needs, and
only the deals not yet known are solved, with one call to DDS's batch functions
(SolveAllBoardsBin, CalcAllTables) per at most `MAX_BOARDS` single results or `MAX_TABLES`
tables, which spread the deals over DDS's own threads. A whole 4 x 5 table costs about nine
single results (measured: 276 ms against 29 ms of CPU time, averaged over the 20 results of
20 deals).

DDS is the libdds.so that the endplay package ships, called through ctypes with its
structures laid out as numpy int32 arrays: importing endplay itself would load its whole
package (matplotlib included), which took longer than the solving of a small run.

Dealer v2's switches set `SolverSettings` through `configure`: -M 1 solves single results,
-M 2 whole tables (v2's modes); without -M a deal gets its table when a ninth result is
asked of it, so that it never costs more than about twice the cheaper way (the rent-or-buy
rule). -R sets DDS's threads; -P the vulnerability of `par`.
"""
from __future__ import annotations

import ctypes
import functools
import importlib.util
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import DealerRuntimeError

CACHE_SIZE = 4096
MAX_BOARDS = 200  # DDS's MAXNOOFBOARDS: single results per SolveAllBoardsBin call
MAX_TABLES = 32  # tables per CalcAllTables call (DDS takes at most 40 with all five strains)
_TABLE_AFTER = 9  # distinct results asked of one deal before solving its whole table
_DDS_VULNERABILITY = (0, 2, 3, 1)  # dealer's none NS EW all -> DDS's none NS EW both
_RANK_BITS = (1 << (np.arange(13) + 2)).astype(np.int64)  # DDS: bit r holds rank r (2..14)

# DDS's structures as int32 words (its dll.h):
# deal: trump, first, currentTrickSuit[3], currentTrickRank[3], remainCards[4 hands][4 suits]
_DEAL_WORDS = 24
# boards: noOfBoards, deals[200], target[200], solutions[200], mode[200]
_BOARDS_WORDS = 1 + MAX_BOARDS * (_DEAL_WORDS + 3)
# futureTricks: nodes, cards, suit[13], rank[13], equals[13], score[13]; score[0] at word 41
_FUTURE_WORDS, _SCORE = 54, 41
# ddTableDeals: noOfTables, cards[200][4][4]; ddTablesRes: noOfBoards, resTable[200][5][4]
_TABLE_DEALS_WORDS = 1 + 200 * 16
_TABLES_RES_WORDS = 1 + 200 * 20
_PAR_RESULTS_BYTES = 40 * (2 * 16 + 2 * 128)  # allParResults, unused (no par in the batch)
_PAR_MASTER_WORDS = 2 + 10 * 5  # parResultsMaster: score, number, contracts[10]


@dataclass(frozen=True)
class SolverSettings:
    """How double dummy is solved: Dealer v2's -M, -R and -P."""

    mode: int | None = None
    """1: single results; 2: the whole table of every deal asked; None: a deal's table once
    a ninth result is asked of it"""
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


@functools.cache
def _library() -> ctypes.CDLL:
    """endplay's libdds.so, found without importing endplay."""
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise DealerRuntimeError("double dummy needs the endplay package, which ships DDS "
                                 "(pip install endplay)")
    path = Path(spec.submodule_search_locations[0], "_dds", "libdds.so")
    if not path.exists():
        raise DealerRuntimeError(f"endplay's DDS library is missing: {path}")
    library = ctypes.CDLL(str(path))
    library.SetMaxThreads(_settings.threads or 0)  # DDS must be set up before its first use
    return library


def _call(name: str, *arguments) -> None:
    """A DDS function by name; its error code, if any, as an exception with DDS's message."""
    code = getattr(_library(), name)(*arguments)
    if code != 1:
        message = ctypes.create_string_buffer(80)
        _library().ErrorMessage(code, message)
        raise RuntimeError(f"DDS {name} failed: {message.value.decode(errors='replace')}")


def _pointer(words: np.ndarray) -> ctypes.c_void_p:
    return ctypes.c_void_p(words.ctypes.data)


def configure(settings: SolverSettings) -> None:
    """Use these settings from now on (DDS's thread count included)."""
    global _settings
    if settings.threads != _settings.threads and _library.cache_info().currsize:
        _library().SetMaxThreads(settings.threads or 0)
    _settings = settings


def _dds_strain(strain: int) -> int:
    """DDS numbers strains spades 0, hearts 1, diamonds 2, clubs 3, notrump 4."""
    return 4 if strain == 4 else 3 - strain


def _holdings(deals: np.ndarray) -> np.ndarray:
    """DDS's remainCards of each deal: (deals, 4 hands, 4 suits spades first), rank r at
    bit r."""
    by_suit = np.asarray(deals, dtype=np.uint8).reshape(-1, 4, 13)[:, ::-1]  # spades first
    holdings = np.empty((len(deals), 4, 4), dtype=np.int32)
    for hand in range(4):
        holdings[:, hand] = ((by_suit == hand) * _RANK_BITS).sum(axis=2)
    return holdings


class _DealResults:
    __slots__ = ("singles", "table")

    def __init__(self):
        self.singles: dict[tuple[int, int], int] = {}
        self.table: np.ndarray | None = None
        """[declarer, strain], shape (4, 5)"""


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


def _solve_tables(deals: np.ndarray, found: list[_DealResults]) -> None:
    """Every deal's 4 x 5 table, MAX_TABLES deals per CalcAllTables call."""
    no_filter = (ctypes.c_int * 5)()
    par_results = ctypes.create_string_buffer(_PAR_RESULTS_BYTES)
    for start in range(0, len(deals), MAX_TABLES):
        holdings = _holdings(deals[start:start + MAX_TABLES])
        table_deals = np.zeros(_TABLE_DEALS_WORDS, dtype=np.int32)
        table_deals[0] = len(holdings)
        table_deals[1:1 + holdings.size] = holdings.ravel()
        tables = np.zeros(_TABLES_RES_WORDS, dtype=np.int32)
        _call("CalcAllTables", _pointer(table_deals), -1, no_filter, _pointer(tables),
              par_results)
        by_strain = tables[1:1 + 20 * len(holdings)].reshape(-1, 5, 4)  # [dds strain][hand]
        ours = by_strain[:, [_dds_strain(strain) for strain in range(5)]].transpose(0, 2, 1)
        for results, table in zip(found[start:start + MAX_TABLES], ours):
            results.table = table.astype(np.int64)


def _solve_singles(deals: np.ndarray, declarer: int, strain: int) -> list[int]:
    """Tricks of `declarer` in `strain` on each deal, MAX_BOARDS deals per
    SolveAllBoardsBin call: the best score of the player on lead, whose side takes the
    tricks declarer does not."""
    tricks = []
    for start in range(0, len(deals), MAX_BOARDS):
        holdings = _holdings(deals[start:start + MAX_BOARDS])
        count = len(holdings)
        boards = np.zeros(_BOARDS_WORDS, dtype=np.int32)
        boards[0] = count
        laid = boards[1:1 + MAX_BOARDS * _DEAL_WORDS].reshape(MAX_BOARDS, _DEAL_WORDS)[:count]
        laid[:, 0] = _dds_strain(strain)
        laid[:, 1] = (declarer + 1) % 4
        laid[:, 8:] = holdings.reshape(count, 16)
        rest = 1 + MAX_BOARDS * _DEAL_WORDS
        boards[rest:rest + count] = -1  # target: the most tricks
        boards[rest + MAX_BOARDS:rest + MAX_BOARDS + count] = 1  # solutions: one card
        boards[rest + 2 * MAX_BOARDS:rest + 2 * MAX_BOARDS + count] = 1  # mode
        solved = np.zeros(1 + MAX_BOARDS * _FUTURE_WORDS, dtype=np.int32)
        _call("SolveAllBoardsBin", _pointer(boards), _pointer(solved))
        scores = solved[1:].reshape(MAX_BOARDS, _FUTURE_WORDS)[:count, _SCORE]
        tricks += (13 - scores).tolist()
    return tricks


def tables_of(deals: np.ndarray) -> np.ndarray:
    """Tricks for every declarer and strain of each deal: shape (deals, 4, 5)."""
    deals = np.asarray(deals)
    found = [_results(deal) for deal in deals]
    missing = [k for k, results in enumerate(found) if results.table is None]
    _solve_tables(deals[missing], [found[k] for k in missing])
    return np.array([results.table for results in found], dtype=np.int64).reshape(-1, 4, 5)


def dd_table(deal: np.ndarray) -> np.ndarray:
    """One deal's table: array [declarer, strain], shape (4, 5)."""
    return tables_of(np.asarray(deal)[None])[0]


def tricks(deal: np.ndarray, declarer: int, strain: int) -> int:
    """One deal's double-dummy tricks for `declarer` in `strain`."""
    return int(tricks_of(np.asarray(deal)[None], declarer, strain)[0])


def tricks_of(deals: np.ndarray, declarer: int, strain: int) -> np.ndarray:
    """Double-dummy tricks `declarer` takes in `strain` (0=C..3=S, 4=NT) on each deal."""
    deals = np.asarray(deals)
    found = [_results(deal) for deal in deals]
    key = (declarer, strain)
    unknown = [k for k, results in enumerate(found)
               if results.table is None and key not in results.singles]
    mode = _settings.mode
    whole = [k for k in unknown if mode == 2 or (mode is None and
                                                 len(found[k].singles) + 1 >= _TABLE_AFTER)]
    _solve_tables(deals[whole], [found[k] for k in whole])
    single = [k for k in unknown if found[k].table is None]
    for k, count in zip(single, _solve_singles(deals[single], declarer, strain)):
        found[k].singles[key] = count
    return np.array([results.table[declarer, strain] if results.table is not None
                     else results.singles[key] for results in found], dtype=np.int64)


def _dealer_par(table: np.ndarray, dealer_seat: int, vulnerability: int) -> np.ndarray:
    """DDS's DealerParBin for one table [declarer, strain]: its parResultsMaster words
    (score for North-South, number of contracts, then the contracts); -P's vulnerability, if
    given, wins over `vulnerability` (dealer's order: 0 none, 1 NS, 2 EW, 3 all)."""
    if _settings.par_vulnerability is not None:
        vulnerability = _settings.par_vulnerability
    by_strain = np.ascontiguousarray(table[:, [_dds_strain(s) for s in range(5)]].T,
                                     dtype=np.int32)  # [dds strain][hand], as DDS keeps it
    master = np.zeros(_PAR_MASTER_WORDS, dtype=np.int32)
    _call("DealerParBin", _pointer(by_strain), _pointer(master), dealer_seat,
          _DDS_VULNERABILITY[vulnerability])
    return master


def par_of(deals: np.ndarray, dealer_seat: int, vulnerability: int) -> np.ndarray:
    """Par score of each deal for North-South (negative when East-West gain)."""
    return np.array([_dealer_par(table, dealer_seat, vulnerability)[0]
                     for table in tables_of(deals)], dtype=np.int64)


_PAR_STRAINS = ("NT", "S", "H", "D", "C")  # DDS's contractType.denom
_PAR_SEATS = ("N", "E", "S", "W", "NS", "EW")  # DDS's contractType.seats


def par(deal: np.ndarray, dealer_seat: int, vulnerability: int) -> tuple[int, list[str]]:
    """One deal's par score for North-South and its par contracts, one per declarer, as
    `3NTS+2`, `4SE=`, `5DNx-2` (doubled when it goes down)."""
    master = _dealer_par(dd_table(deal), dealer_seat, vulnerability)
    contracts = []
    for under, over, level, strain, seats in master[2:].reshape(10, 5)[:master[1]].tolist():
        result = f"-{under}" if under else f"+{over}" if over else "="
        contracts += [f"{level}{_PAR_STRAINS[strain]}{seat}{'x' if under else ''}{result}"
                      for seat in _PAR_SEATS[seats]]
    return int(master[0]), contracts


def clear_cache() -> None:
    _cache.clear()
