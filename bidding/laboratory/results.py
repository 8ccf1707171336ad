"""What happened on a board: each table's auction, with the rule behind each call, and
double dummy the tricks declarer takes, the score and the par of the deal.

    result = double_dummy_result(board, (TableRun.of(table),))     # one table, scored
    result.tables[0].score_ns, result.par_ns, result.versus_par(0)

`bid` and the menu score one auction this way; `simulate` scores one table or two (the
cards turned) and sends the results between processes, so they hold no robots.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable

import numpy as np

from bidding.model.auction import Auction
from bidding.model.board import Board
from bidding.model.cards import Deal, Seat, Vulnerability
from bidding.model.errors import BridgeError
from bidding.model.scoring import Contract, imps
from bidding.engine.rules import Source
from bidding.laboratory.table import Table

DD_VULNERABILITY = {Vulnerability.NONE: 0, Vulnerability.NS: 1, Vulnerability.EW: 2,
                    Vulnerability.BOTH: 3}
"""Vulnerability in dealer.dd's order."""


@dataclass(frozen=True)
class TableRun:
    """One auction of a board: the calls; who sat North-South and East-West (the systems'
    names, empty when unknown); where the rule behind each call was written (None without
    one); the positions where a robot had no agreement ((call index, situation)); what the
    explained calls showed ((call index, text), when asked for); and the result double
    dummy (declarer's tricks and the North-South score; None without double dummy)."""

    auction: Auction
    north_south: str = ""
    east_west: str = ""
    rules: tuple[Source | None, ...] = ()
    no_agreement: tuple[tuple[int, str], ...] = ()
    explanations: tuple[tuple[int, str], ...] = ()
    tricks: int | None = None
    score_ns: int | None = None

    @classmethod
    def of(cls, table: Table, explained: bool = False) -> "TableRun":
        """The record of a table's auction; `explained` adds what each call showed."""
        rules, no_agreement = [], []
        for index, made in enumerate(table.result.calls):
            rule = None if made.choice is None else made.choice.rule
            rules.append(None if rule is None else rule.source)
            if made.choice is not None and rule is None:
                no_agreement.append((index, made.choice.situation))
        explanations = () if not explained else tuple(
            (e.index, e.text) for e in table.explain() if e.status != "no agreement")
        sides = (table.side_system(Seat.NORTH), table.side_system(Seat.EAST))
        north_south, east_west = ("" if system is None else system.name for system in sides)
        return cls(table.auction, north_south, east_west, tuple(rules), tuple(no_agreement),
                   explanations)

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @property
    def contract_text(self) -> str:
        """`4H`, `3NTX`, or `Pass` when passed out (declarer left out)."""
        contract = self.contract
        if contract is None:
            return "Pass"
        return f"{contract.level}{contract.strain.letter}{('', 'X', 'XX')[contract.doubled]}"

    def system_of(self, seat: Seat) -> str:
        return self.north_south if seat % 2 == 0 else self.east_west


@dataclass(frozen=True)
class BoardResult:
    """A board bid at one or more tables, with, double dummy, the tricks table
    (`dd[declarer][strain]`), par for North-South and the par contracts as dealer.dd
    writes them (`4♠E+1`)."""

    board: Board
    tables: tuple[TableRun, ...]
    dd: tuple[tuple[int, ...], ...] | None = None
    par_ns: int | None = None
    par_contracts: tuple[str, ...] = ()

    def versus_par(self, table: int) -> int | None:
        """North-South's score at `table` minus par, in IMPs (None without double dummy)."""
        run = self.tables[table]
        if run.score_ns is None or self.par_ns is None:
            return None
        return imps(run.score_ns - self.par_ns)

    @property
    def imps(self) -> int | None:
        """IMPs to table 1's North-South system (ours) from the two tables' scores."""
        if len(self.tables) < 2 or self.tables[0].score_ns is None:
            return None
        return imps(self.tables[0].score_ns - self.tables[1].score_ns)

    @property
    def pbn_par_contracts(self) -> tuple[str, ...]:
        """The par contracts as PBN's ParContract items by side (`EW 4S`); none without
        double dummy."""
        return () if self.par_ns is None else par_contract_texts(self.par_contracts)


def owners_of(deal: Deal) -> np.ndarray:
    """The deal as the dealer's owner row: seat of each card index."""
    owners = np.zeros(52, dtype=np.uint8)
    for seat in Seat:
        mask = deal[seat].mask
        owners[[index for index in range(52) if mask >> index & 1]] = seat
    return owners


def double_dummy_of(board: Board) -> tuple[np.ndarray, int, list[str]]:
    """The deal's tricks table (`[declarer][strain]`), par for North-South and the par
    contracts as dealer.dd writes them."""
    from dealer import dd

    owners = owners_of(board.deal)
    par_ns, contracts = dd.par(owners, int(board.dealer), DD_VULNERABILITY[board.vulnerability])
    return dd.dd_table(owners), par_ns, contracts


def contract_result(contract: Contract, board: Board, tricks_table) -> tuple[int, int]:
    """Declarer's double-dummy tricks in `contract` and the North-South score they give."""
    tricks = int(tricks_table[contract.declarer][contract.strain])
    score = contract.score(board.vulnerability.is_vulnerable(contract.declarer), tricks)
    return tricks, score if contract.declarer % 2 == 0 else -score


def double_dummy_result(board: Board, runs: tuple[TableRun, ...]) -> BoardResult:
    """The board's result at each table, scored double dummy, with the par of the deal."""
    table, par_ns, contracts = double_dummy_of(board)
    return BoardResult(board, tuple(_scored(run, board, table) for run in runs),
                       tuple(tuple(int(t) for t in row) for row in table), par_ns,
                       tuple(contracts))


def _scored(run: TableRun, board: Board, tricks_table) -> TableRun:
    contract = run.contract
    if contract is None:
        return replace(run, score_ns=0)
    tricks, score_ns = contract_result(contract, board, tricks_table)
    return replace(run, tricks=tricks, score_ns=score_ns)


_PAR_CONTRACT = re.compile(r"^([1-7])(NT|N|♠|♥|♦|♣|S|H|D|C)([NESW]+)(x{0,2})", re.I)
_SYMBOL_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


def par_contract_texts(contracts: Iterable[str]) -> tuple[str, ...]:
    """dealer.dd's par contracts ('4♠E+1', '4♠W+1', '4♦Nx-1') as PBN ParContract items
    by side ('EW 4S', 'NS 4DX'), without repeats."""
    found: dict[str, None] = {}
    for text in contracts:
        match = _PAR_CONTRACT.match(text)
        if not match:
            raise BridgeError(f"cannot read par contract {text!r}")
        level, strain, declarers, doubled = match.groups()
        side = "NS" if set(declarers.upper()) <= set("NS") else "EW"
        strain = _SYMBOL_LETTER.get(strain.upper(), strain.upper())
        found[f"{side} {level}{strain}{doubled.upper()}"] = None
    return tuple(found) or ("Pass",)
