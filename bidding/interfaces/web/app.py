"""The web application: the practice table at `/`, the conventions at `/conventions`, the
reports of the folders named on the command line at `/reports`.

Pages are rendered on the server (Jinja templates beside this module); a little plain
JavaScript asks what calls showed and for hints as JSON. Each browser gets a random cookie
naming its table, kept in memory. Every problem with what a browser sent is a 400 page (or
JSON message) and changes nothing; no file is read except the conventions (shipped, the
user's and --dir folders) and the report folders named on the command line.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bidding.model.auction import Auction
from bidding.model.calls import CALLS, Call
from bidding.model.cards import SUITS_HIGH_FIRST, Seat, Suit, Vulnerability
from bidding.model.errors import BridgeError
from bidding.model.pbn import decode_pbn
from bidding.model import evaluation
from bidding.engine.authoring import (convention_tree, list_conventions, list_systems,
                                      rules_after, system_summary)
from bidding.engine.library import ConventionLibrary
from bidding.engine.system import system_named
from bidding.laboratory.reports import REPORT_FILES
from bidding.interfaces.commands.play import hand_figures, result_lines
from bidding.interfaces.players import PlayerStore
from bidding.interfaces.web.practice import BoardRequest, FormError, PracticeTable, make_board

COOKIE = "slambid_table"
MAX_BODY = 64 * 1024
"""Bytes a form may send: a pasted PBN game fits many times over."""
MAX_FIELD = 8 * 1024
MAX_TABLES = 500
"""Tables kept in memory; the oldest is dropped beyond this."""
SEAT_COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
_RED = {Suit.HEARTS, Suit.DIAMONDS}


class BadRequest(BridgeError):
    """Something a browser sent that the application cannot use."""


# --- drawing helpers for the templates -------------------------------------------------------
def suit_class(suit: Suit | None) -> str:
    if suit is None:
        return "notrump"
    return "suit-red" if suit in _RED else "suit-black"


def hand_rows(hand) -> list[tuple[str, str, str]]:
    """(css class, symbol, holding) for each suit, spades first; a dash for a void."""
    return [(suit_class(suit), suit.symbol, hand.holding(suit) or "—")
            for suit in SUITS_HIGH_FIRST]


def call_cell(call: Call) -> tuple[str, str]:
    """(css class, text) of a call: `1♥` red, `Pass`, `X`."""
    suit = call.strain.suit if call.is_bid else None
    return (suit_class(suit) if call.is_bid else "other", call.symbol())


def auction_rows(auction: Auction) -> list[list[tuple[int, str, str] | None]]:
    """The auction as rows of four cells, West first: (call index, css class, text) or None
    before the dealer; a last `?` cell (index -1) for the seat to call."""
    cells: list = [None] * SEAT_COLUMNS.index(auction.dealer)
    cells += [(index, *call_cell(call)) for index, call in enumerate(auction.calls)]
    if not auction.is_over:
        cells.append((-1, "turn", "?"))
    return [cells[start:start + 4] for start in range(0, len(cells), 4)]


def bidding_box(auction: Auction) -> tuple[list[list[tuple[str, str, str] | None]],
                                           list[tuple[str, str, str]]]:
    """The legal calls: rows of bids by level (None where a bid is too low), then Pass,
    X and XX when legal; each (value, css class, text)."""
    legal = set(auction.legal_calls)
    rows = []
    for level in range(1, 8):
        row = [(str(call), *call_cell(call)) if call in legal else None
               for call in CALLS if call.is_bid and call.level == level]
        if any(row):
            rows.append(row)
    others = [(str(call), *call_cell(call)) for call in CALLS
              if not call.is_bid and call in legal]
    return rows, others


def _environment() -> Environment:
    environment = Environment(loader=PackageLoader("bidding.interfaces.web", "templates"),
                              autoescape=select_autoescape(["html"]))
    environment.globals.update(hand_rows=hand_rows, auction_rows=auction_rows,
                               bidding_box=bidding_box, seat_columns=SEAT_COLUMNS,
                               hand_figures=hand_figures, result_lines=result_lines,
                               hcp=evaluation.hcp, seats=tuple(Seat))
    return environment


# --- the application -------------------------------------------------------------------------
class WebTables:
    """Everything the application keeps: the library, the tables by cookie, the reports."""

    def __init__(self, directories: list[str], reports: list[str], seed: int | None = None
                 ) -> None:
        self.library = ConventionLibrary(directories)
        self.reports = [Path(folder).resolve() for folder in reports]
        self.tables: OrderedDict[str, PracticeTable] = OrderedDict()
        self.lock = threading.Lock()
        self.rng = np.random.default_rng(seed)
        self.next_number = 1

    def system_names(self) -> list[str]:
        """The choices for the robots: every system, then the menu's saved computer players
        (`Robbie (SAYC)`), read afresh so that a player saved in the menu shows at once."""
        return [spec.name for spec in list_systems(self.library)] + list(self.saved_robots())

    def saved_robots(self) -> dict[str, str]:
        """The menu's saved computer players, `Name (system)` -> system; none if the players
        file cannot be read (the menu says why when it opens it)."""
        try:
            players = PlayerStore()
        except BridgeError:
            return {}
        return {f"{player.name} ({player.system})": player.system
                for player in players if not player.is_human}

    def system_of(self, choice: str):
        """The system a choice of the form names: a system, or a saved robot's."""
        return system_named(self.library, self.saved_robots().get(choice, choice))

    def table_of(self, request: Request) -> PracticeTable | None:
        with self.lock:
            return self.tables.get(request.cookies.get(COOKIE, ""))

    def keep(self, key: str, table: PracticeTable) -> None:
        with self.lock:
            self.tables[key] = table
            self.tables.move_to_end(key)
            while len(self.tables) > MAX_TABLES:
                self.tables.popitem(last=False)


async def _form(request: Request) -> dict[str, str]:
    """The posted form's fields; BadRequest for a body or field over the limits."""
    length = request.headers.get("content-length")
    if length is None or not length.isdigit() or int(length) > MAX_BODY:
        raise BadRequest(f"the form is too large (at most {MAX_BODY // 1024} KB)")
    body = await request.body()
    if len(body) > MAX_BODY:
        raise BadRequest(f"the form is too large (at most {MAX_BODY // 1024} KB)")
    form = await request.form(max_files=1, max_fields=20, max_part_size=MAX_BODY)
    fields = {}
    for name, value in form.items():
        if not isinstance(value, str):
            if name != "pbn_file":
                raise BadRequest(f"{name}: no file is expected here")
            value = decode_pbn(await value.read())
        elif len(value) > MAX_FIELD:
            raise BadRequest(f"{name}: at most {MAX_FIELD:,} characters")
        fields[name] = value
    if fields.get("pbn_file"):
        fields["pbn"] = fields.pop("pbn_file")
    return fields


def create_app(directories: list[str] = (), reports: list[str] = (),
               seed: int | None = None, hosts: list[str] | None = None) -> Starlette:
    """The application over the shipped conventions, the user's and `directories`; the
    report folders `reports` are the only others it reads. `hosts`, when given, are the
    only Host headers answered: a page elsewhere cannot reach a loopback table through a
    name it points at 127.0.0.1 (DNS rebinding)."""
    state = WebTables(list(directories), list(reports), seed)
    templates = _environment()

    def page(name: str, status: int = 200, **values) -> HTMLResponse:
        return HTMLResponse(templates.get_template(name).render(**values), status_code=status)

    def table_page(request: Request, table: PracticeTable | None, error: str = "",
                   status: int = 200, form: dict | None = None) -> HTMLResponse:
        result = table.result() if table is not None and table.auction.is_over else None
        return page("table.html", status, table=table, error=error, result=result,
                    systems=state.system_names(), form=form or {},
                    next_number=state.next_number)

    def locked(table: PracticeTable, work, *args):
        """`work(*args)` holding the table's lock (in a worker thread: the engine is slow)."""
        with table.lock:
            return work(*args)

    async def home(request: Request) -> Response:
        """The browser's table; a first visit is dealt a random board at once (South, the
        robots playing SAYC), so that the table, not an empty form, greets a new player."""
        table = state.table_of(request)
        if table is None:
            try:
                table = await run_in_threadpool(_new_table, {})
            except BridgeError as error:        # no SAYC in a user's library: the form
                return table_page(request, None, str(error))
            return seated(request, table, table_page(request, table))
        return await run_in_threadpool(locked, table, table_page, request, table)

    def seated(request: Request, table: PracticeTable, response: Response) -> Response:
        """`response`, with the browser's cookie pointing at `table`."""
        key = request.cookies.get(COOKIE) or secrets.token_urlsafe(24)
        state.keep(key, table)
        response.set_cookie(COOKIE, key, httponly=True, samesite="strict")
        return response

    async def new_board(request: Request) -> Response:
        form = None
        try:
            form = await _form(request)
            table = await run_in_threadpool(_new_table, form)
        except BridgeError as error:
            return await _refused(request, error, form)
        return seated(request, table, RedirectResponse("/", status_code=303))

    async def _refused(request: Request, error: BridgeError, form: dict | None = None
                       ) -> HTMLResponse:
        """The table page as it was, with the reason beside it, as a 400."""
        table = state.table_of(request)
        if table is None:
            return table_page(request, None, str(error), 400, form)
        return await run_in_threadpool(locked, table, table_page, request, table, str(error),
                                       400, form)

    def _new_table(form: dict[str, str]) -> PracticeTable:
        source = form.get("source", "random")
        number = state.next_number
        if source == "number" or (source == "pbn" and form.get("number")):
            try:
                number = int(form.get("number", ""))
            except ValueError:
                raise FormError(f"board number {form.get('number')!r} is not a number") from None
        seat = Seat.parse(form.get("seat") or "S")
        board = make_board(BoardRequest(source, number, seat, form.get("condition", ""),
                                        form.get("pbn", "")), state.rng)
        system = state.system_of(form.get("system") or "SAYC")
        table = PracticeTable(board, seat, system)
        state.next_number = (board.number or number) + 1
        return table

    def _acting(request: Request) -> PracticeTable:
        table = state.table_of(request)
        if table is None:
            raise BadRequest("no board on this browser's table: deal one first")
        return table

    async def make_call(request: Request) -> Response:
        try:
            form = await _form(request)
            table = _acting(request)
            await run_in_threadpool(locked, table, table.call, form.get("call", ""))
        except BridgeError as error:
            return await _refused(request, error)
        return RedirectResponse("/", status_code=303)

    async def undo(request: Request) -> Response:
        try:
            table = _acting(request)
            await run_in_threadpool(locked, table, table.undo)
        except BridgeError as error:
            return await _refused(request, error)
        return RedirectResponse("/", status_code=303)

    async def answer(request: Request, work) -> JSONResponse:
        """`work(table)` as JSON, or {"error": why} with a 400."""
        try:
            table = _acting(request)
            return JSONResponse(await run_in_threadpool(locked, table, work, table))
        except BridgeError as error:
            return JSONResponse({"error": str(error)}, status_code=400)

    async def shown(request: Request) -> Response:
        return await answer(request, lambda table: [vars(call) for call in table.shown()])

    async def would_show(request: Request) -> Response:
        call = request.query_params.get("call", "")[:10]
        return await answer(request, lambda table: vars(table.would_show(call)))

    async def hint(request: Request) -> Response:
        def work(table: PracticeTable) -> dict:
            choice = table.hint()
            return {"call": choice.call.symbol(), "system": table.system.name,
                    "reasons": list(choice.reasons)}
        return await answer(request, work)

    async def board_pbn(request: Request) -> Response:
        table = state.table_of(request)
        if table is None:
            return table_page(request, None, "no board on this browser's table yet", 400)
        text = await run_in_threadpool(locked, table, table.pbn)
        return Response(text, media_type="text/plain; charset=utf-8", headers={
            "Content-Disposition": f'inline; filename="board-{table.board.number or 1}.pbn"'})

    async def conventions(request: Request) -> Response:
        return await run_in_threadpool(_conventions_page, request.query_params)

    def _conventions_page(query) -> HTMLResponse:
        fields = {name: query.get(name, "")[:MAX_FIELD] for name in
                  ("system", "convention", "rules_system", "auction", "dealer", "vul")}
        shown, meaning, problem = "", "", ""
        try:
            if fields["system"]:
                shown = system_summary(fields["system"], state.library, depth=2)
            elif fields["convention"]:
                shown = convention_tree(fields["convention"], state.library)
            if fields["rules_system"]:
                auction = Auction.parse(
                    fields["auction"].replace("(", " ").replace(")", " "),
                    Seat.parse(fields["dealer"] or "N"),
                    Vulnerability.parse(fields["vul"] or "None"))
                meaning = rules_after(fields["rules_system"], state.library, auction)
        except BridgeError as error:
            problem = str(error)
        conventions = list_conventions(state.library)
        return page("conventions.html", 400 if problem else 200,
                    systems=list_systems(state.library), conventions=conventions,
                    shown=shown, meaning=meaning, error=problem, fields=fields)

    async def reports_index(request: Request) -> Response:
        folders = [(index, folder, [name for name in REPORT_FILES
                                    if (folder / name).is_file()])
                   for index, folder in enumerate(state.reports)]
        return page("reports.html", folders=folders)

    async def report_file(request: Request) -> Response:
        index, name = request.path_params["index"], request.path_params["name"]
        if index >= len(state.reports) or name not in REPORT_FILES:
            return page("reports.html", 404, folders=[],
                        error="no such report: the folders are those named on the command line")
        path = state.reports[index] / name
        if not path.is_file():
            return page("reports.html", 404, folders=[], error=f"{path} does not exist")
        media = {".html": "text/html", ".txt": "text/plain", ".csv": "text/csv",
                 ".pbn": "text/plain"}[path.suffix]
        return Response(path.read_bytes(), media_type=f"{media}; charset=utf-8")

    return Starlette(routes=[
        Route("/", home),
        Route("/new", new_board, methods=["POST"]),
        Route("/call", make_call, methods=["POST"]),
        Route("/undo", undo, methods=["POST"]),
        Route("/shown", shown),
        Route("/would", would_show),
        Route("/hint", hint),
        Route("/board.pbn", board_pbn),
        Route("/conventions", conventions),
        Route("/reports", reports_index),
        Route("/reports/{index:int}/{name}", report_file),
    ], middleware=[] if hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)])
