"""Double-dummy results through endplay (Bo Haglund's DDS), cached per deal.

Deals are owner rows (`deal[card]` = seat 0..3 of card `suit * 13 + rank`); declarers are
seats 0..3 (N E S W) and strains 0..4 (C D H S NT). One result costs one DDS solve; the
whole 4 x 5 table costs about three, so a deal asked for a third result gets its table.
"""
from __future__ import annotations

from collections import OrderedDict

import numpy as np
from endplay import _dds, dds
from endplay.dds.ddtable import DDTable
from endplay.types import Deal, Denom, Player, Vul

from .output import pbn_deal

CACHE_SIZE = 4096
_TABLE_AFTER = 3  # distinct results asked of one deal before solving its whole table
_VULNERABILITY = (Vul.none, Vul.ns, Vul.ew, Vul.both)  # dealer's order: none NS EW all


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


def dd_table(deal: np.ndarray) -> np.ndarray:
    """Tricks for every declarer and strain: array [declarer, strain], shape (4, 5)."""
    results = _results(deal)
    if results.table is None:
        results.endplay_table = dds.calc_dd_table(_endplay_deal(deal))
        by_denom = results.endplay_table.to_list()  # [denom][player]
        results.table = np.array([[by_denom[_denom(strain)][declarer] for strain in range(5)]
                                  for declarer in range(4)], dtype=np.int64)
    return results.table


def tricks(deal: np.ndarray, declarer: int, strain: int) -> int:
    """Double-dummy tricks `declarer` takes in `strain` (0=C..3=S, 4=NT)."""
    results = _results(deal)
    if results.table is not None:
        return int(results.table[declarer, strain])
    known = results.singles.get((declarer, strain))
    if known is not None:
        return known
    if len(results.singles) + 1 >= _TABLE_AFTER:
        return int(dd_table(deal)[declarer, strain])
    board = _endplay_deal(deal)
    board.first = Player((declarer + 1) % 4)
    board.trump = _denom(strain)
    defence = max(count for _, count in dds.solve_board(board))
    results.singles[(declarer, strain)] = 13 - defence
    return 13 - defence


def par(deal: np.ndarray, dealer_seat: int, vulnerability: int) -> tuple[int, list[str]]:
    """Par score for North-South (negative when East-West gain) and the par contracts,
    e.g. (460, ['3NTS+2']); vulnerability in dealer's order 0 none, 1 NS, 2 EW, 3 all."""
    table = dd_table(deal)
    results = _results(deal)
    if results.endplay_table is None:  # a stored table: endplay's form of it
        data = _dds.ddTableResults()
        for declarer in range(4):
            for strain in range(5):
                data.resTable[_denom(strain)][declarer] = int(table[declarer, strain])
        results.endplay_table = DDTable(data)
    result = dds.par(results.endplay_table, _VULNERABILITY[vulnerability],
                     Player(dealer_seat))
    return int(result.score), [str(contract) for contract in result]


def clear_cache() -> None:
    _cache.clear()
