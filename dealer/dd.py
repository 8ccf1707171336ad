"""Double-dummy results from Bo Haglund's DDS, solved a batch at a time and cached per
deal: the one layer behind `tricks`, `dds`, `trix`, `par` and `evalcontract`.

Deals are owner rows (`deal[card]` = seat 0..3 of card `suit * 13 + rank`); declarers are
seats 0..3 (N E S W) and strains 0..4 (C D H S NT). A term asks for the rows it needs, and
only the deals not yet known are solved, with one call to DDS's batch functions
(SolveAllBoardsBin, CalcAllTables) per at most `MAX_BOARDS` single results or `MAX_TABLES`
tables, which spread the deals over DDS's own threads. A whole 4 x 5 table costs about nine
single results (measured: 276 ms against 29 ms of CPU time, averaged over the 20 results of
20 deals).

DDS is the libdds.so that the endplay package ships, reached through endplay's own ctypes
binding of it (endplay/_dds: DDS's structures, and its functions raising DDSError), loaded
from its file: `import endplay` would run the package's __init__.py, which imports the
whole package, matplotlib included (about 1 s, more than the solving of a small run).

Dealer v2's switches set `SolverSettings` through `configure`: -M 1 solves single results,
-M 2 whole tables (v2's modes); without -M a deal gets its table when a ninth result is
asked of it, so that it never costs more than about twice the cheaper way (the rent-or-buy
rule). -R sets DDS's threads; -P the vulnerability of `par`.
"""
from __future__ import annotations

import functools
import importlib.util
import sys
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np

from .errors import DealerRuntimeError

CACHE_SIZE = 4096
MAX_BOARDS = 200  # DDS's MAXNOOFBOARDS: single results per SolveAllBoardsBin call
MAX_TABLES = 32  # tables per CalcAllTables call (DDS takes at most 40 with all five strains)
_TABLE_AFTER = 9  # distinct results asked of one deal before solving its whole table
_DDS_VULNERABILITY = (0, 2, 3, 1)  # dealer's none NS EW all -> DDS's none NS EW both
_RANK_BITS = (1 << (np.arange(13) + 2)).astype(np.int64)  # DDS: bit r holds rank r (2..14)
_BINDING = "endplay._dds"
"""The binding's name in sys.modules, the one `import endplay` gives it."""


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


def _load_binding() -> ModuleType:
    """endplay/_dds/__init__.py run as the module `endplay._dds` without endplay's
    __init__.py (the binding imports only ctypes and the standard library), and registered
    under that name, so that a later `import endplay` reuses it and its handle on
    libdds.so."""
    endplay = importlib.util.find_spec("endplay")
    if endplay is None or not endplay.submodule_search_locations:
        raise DealerRuntimeError("double dummy needs the endplay package, which ships DDS "
                                 "(pip install endplay)")
    folder = Path(endplay.submodule_search_locations[0], "_dds")
    if not (folder / "__init__.py").exists():
        raise DealerRuntimeError(f"endplay's binding of DDS is missing: {folder}")
    spec = importlib.util.spec_from_file_location(
        _BINDING, folder / "__init__.py", submodule_search_locations=[str(folder)])
    binding = importlib.util.module_from_spec(spec)
    sys.modules[_BINDING] = binding
    try:
        spec.loader.exec_module(binding)
    except BaseException as error:
        del sys.modules[_BINDING]  # as a failed import leaves no module behind
        if isinstance(error, RuntimeError):  # the binding's: libdds.so missing or foreign
            raise DealerRuntimeError(f"endplay's DDS library does not load: "
                                     f"{str(error).splitlines()[0]}") from None
        raise
    return binding


@functools.cache
def _dds() -> ModuleType:
    """endplay's binding of DDS, the one already imported if endplay was, with -R's
    threads (the binding starts DDS with SetMaxThreads(0), DDS's own choice)."""
    binding = sys.modules.get(_BINDING) or _load_binding()
    if _settings.threads:
        binding.SetMaxThreads(_settings.threads)
    return binding


def configure(settings: SolverSettings) -> None:
    """Use these settings from now on (DDS's thread count included)."""
    global _settings
    if settings.threads != _settings.threads and _dds.cache_info().currsize:
        _dds().SetMaxThreads(settings.threads or 0)
    _settings = settings


def _dds_strain(strain: int) -> int:
    """DDS numbers strains spades 0, hearts 1, diamonds 2, clubs 3, notrump 4."""
    return 4 if strain == 4 else 3 - strain


def _holdings(deals: np.ndarray) -> np.ndarray:
    """DDS's remainCards (and ddTableDeal's cards) of each deal: (deals, 4 hands, 4 suits
    spades first), rank r at bit r."""
    by_suit = np.asarray(deals, dtype=np.uint8).reshape(-1, 4, 13)[:, ::-1]  # spades first
    holdings = np.empty((len(deals), 4, 4), dtype=np.uint32)
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
    of deals about to be evaluated; they replace the previous batch's. They are never put
    in the cache: a library's tricks belong to its run, not to later solves of the deal."""
    forget_stored_tables()
    _stored.update(zip((row.tobytes() for row in np.asarray(owners, dtype=np.uint8)), tables))


def forget_stored_tables() -> None:
    """The run that read a library is over: its tables no longer answer for any deal."""
    _stored.clear()


def _results(deal: np.ndarray) -> _DealResults:
    key = np.asarray(deal, dtype=np.uint8).tobytes()
    stored = _stored.get(key)
    if stored is not None:
        results = _DealResults()
        results.table = stored
        return results
    results = _cache.get(key)
    if results is None:
        results = _cache[key] = _DealResults()
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return results


def _solve_tables(deals: np.ndarray, found: list[_DealResults]) -> None:
    """Every deal's 4 x 5 table, MAX_TABLES deals per CalcAllTables call."""
    dds = _dds()
    all_strains = (0,) * 5  # CalcAllTables's trumpFilter: 1 leaves a strain out
    for start in range(0, len(deals), MAX_TABLES):
        holdings = _holdings(deals[start:start + MAX_TABLES])
        count = len(holdings)
        table_deals = dds.ddTableDeals(noOfTables=count)
        np.ctypeslib.as_array(table_deals.ddTableDeal)["cards"][:count] = holdings
        solved = dds.ddTablesRes()
        dds.CalcAllTables(table_deals, -1, all_strains, solved, dds.allParResults())  # no par
        by_strain = np.ctypeslib.as_array(solved.results)["resTable"][:count]  # [strain][hand]
        ours = by_strain[:, [_dds_strain(strain) for strain in range(5)]].transpose(0, 2, 1)
        for results, table in zip(found[start:start + MAX_TABLES], ours):
            results.table = table.astype(np.int64)


def _solve_singles(deals: np.ndarray, declarer: int, strain: int) -> list[int]:
    """Tricks of `declarer` in `strain` on each deal, MAX_BOARDS deals per
    SolveAllBoardsBin call: the best score of the player on lead, whose side takes the
    tricks declarer does not."""
    dds = _dds()
    tricks = []
    for start in range(0, len(deals), MAX_BOARDS):
        holdings = _holdings(deals[start:start + MAX_BOARDS])
        count = len(holdings)
        boards = dds.boards(noOfBoards=count)
        laid = np.ctypeslib.as_array(boards.deals)[:count]
        laid["trump"] = _dds_strain(strain)
        laid["first"] = (declarer + 1) % 4
        laid["remainCards"] = holdings
        np.ctypeslib.as_array(boards.target)[:count] = -1  # the most tricks
        np.ctypeslib.as_array(boards.solutions)[:count] = 1  # one best card
        np.ctypeslib.as_array(boards.mode)[:count] = 1
        solved = dds.solvedBoards()
        dds.SolveAllBoardsBin(boards, solved)
        scores = np.ctypeslib.as_array(solved.solvedBoard)["score"][:count, 0]
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


def _dealer_par(table: np.ndarray, dealer_seat: int, vulnerability: int):
    """DDS's DealerParBin for one table [declarer, strain]: its parResultsMaster (score for
    North-South, number of contracts, the contracts); -P's vulnerability, if given, wins
    over `vulnerability` (dealer's order: 0 none, 1 NS, 2 EW, 3 all)."""
    if _settings.par_vulnerability is not None:
        vulnerability = _settings.par_vulnerability
    dds = _dds()
    by_strain = dds.ddTableResults()
    np.ctypeslib.as_array(by_strain.resTable)[:] = \
        table[:, [_dds_strain(s) for s in range(5)]].T  # [dds strain][hand], as DDS keeps it
    master = dds.parResultsMaster()
    dds.DealerParBin(by_strain, master, dealer_seat, _DDS_VULNERABILITY[vulnerability])
    return master


def par_of(deals: np.ndarray, dealer_seat: int, vulnerability: int) -> np.ndarray:
    """Par score of each deal for North-South (negative when East-West gain)."""
    return np.array([_dealer_par(table, dealer_seat, vulnerability).score
                     for table in tables_of(deals)], dtype=np.int64)


_PAR_STRAINS = ("NT", "S", "H", "D", "C")  # DDS's contractType.denom
_PAR_SEATS = ("N", "E", "S", "W", "NS", "EW")  # DDS's contractType.seats


def par(deal: np.ndarray, dealer_seat: int, vulnerability: int) -> tuple[int, list[str]]:
    """One deal's par score for North-South and its par contracts, one per declarer, as
    `3NTS+2`, `4SE=`, `5DNx-2` (doubled when it goes down)."""
    master = _dealer_par(dd_table(deal), dealer_seat, vulnerability)
    contracts = []
    for contract in master.contracts[:master.number]:
        under, over = contract.underTricks, contract.overTricks
        result = f"-{under}" if under else f"+{over}" if over else "="
        contracts += [f"{contract.level}{_PAR_STRAINS[contract.denom]}{seat}"
                      f"{'x' if under else ''}{result}" for seat in _PAR_SEATS[contract.seats]]
    return master.score, contracts


def clear_cache() -> None:
    _cache.clear()
