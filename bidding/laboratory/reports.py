"""What a simulation found, for people and for programs: a text summary for the terminal,
and in an output directory the boards as PBN, one CSV row per board and table, and an HTML
page with the summary tables and inline SVG charts (no script, no external files).
"""
from __future__ import annotations

import csv
import datetime
import html
import io
from collections import Counter
from pathlib import Path

from bidding.model.calls import Strain
from bidding.model.board import Board
from bidding.model.cards import SUITS_HIGH_FIRST, Hand, Seat
from bidding.model.evaluation import hcp
from bidding.model.files import atomic_write
from bidding.model.pbn import PbnBoard, dd_tricks_tag, format_pbn
from bidding.laboratory.results import BoardResult
from bidding.laboratory.simulate import Comparison, Simulation, Summary, short_source

TOP_CONTRACTS = 20
TOP_POSITIONS = 20
TOP_SWINGS = 15
CSV_COLUMNS = ("board", "table", "north_south", "east_west", "dealer", "vulnerable", "deal",
               "auction", "contract", "declarer", "tricks", "score_ns", "par_ns",
               "par_contracts", "imps_vs_par", "imps")


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def title_of(run: Simulation) -> str:
    if run.theirs is None:
        return f"{run.ours.name} at all four seats"
    return f"{run.ours.name} vs {run.theirs.name} (two tables, cards turned)"


# --- text ------------------------------------------------------------------------------------
def text_report(run: Simulation, summary: Summary, never_fired_shown: int | None = None) -> str:
    """The summary for the terminal; `never_fired_shown` limits the rules listed as never
    fired (all by default, as in report.txt)."""
    rate = summary.boards / run.seconds if run.seconds else 0.0
    lines = [f"Simulation: {title_of(run)}",
             f"{summary.boards} boards from {run.origin or 'generated deals'}, "
             f"{'with' if run.double_dummy else 'without'} double dummy; "
             f"{run.seconds:.1f} s on {run.jobs} process{'es' if run.jobs > 1 else ''} "
             f"({rate:.1f} boards/s, {summary.calls} calls)", ""]
    for index, counts in enumerate(summary.contracts, 1):
        lines.append(f"Final contracts{_table_label(run, index)}:")
        for contract, count in counts.most_common(TOP_CONTRACTS):
            lines.append(f"  {contract:<6} {count:>7}  {_percent(count, summary.boards):>6}")
        if len(counts) > TOP_CONTRACTS:
            lines.append(f"  ... {len(counts) - TOP_CONTRACTS} more")
        lines.append("")
    for system in dict.fromkeys(rule.system for rule in summary.rules):
        rules = [rule for rule in summary.rules if rule.system == system]
        fired = [rule for rule in rules if rule.count]
        lines.append(f"Rules of {system}: {len(fired)} of {len(rules)} fired")
        for rule in sorted(fired, key=lambda r: -r.count):
            calls = ", ".join(f"{call} {n}" for call, n in rule.calls.most_common())
            lines.append(f"  {rule.count:>7}  {short_source(rule.source):<45} {rule.kind:<9} "
                         f"{rule.call:<6} calls: {calls}")
        never = [rule for rule in rules if not rule.count]
        lines.append(f"Never fired ({len(never)}):")
        lines += [f"  {short_source(rule.source):<45} {rule.kind:<9} {rule.call:<6} "
                  f"{rule.convention}" for rule in never[:never_fired_shown]]
        if len(never) > len(never[:never_fired_shown]):
            lines.append(f"  ... {len(never) - never_fired_shown} more (all are listed in "
                         f"report.txt, written with --out DIR)")
        lines.append("")
    lines.append(f"No agreement: {sum(summary.no_agreement.values())} calls made without a rule, "
                 f"in {len(summary.no_agreement)} situations; the most frequent:")
    for (system, situation), count in summary.no_agreement.most_common(TOP_POSITIONS):
        board, history = summary.no_agreement_example[(system, situation)]
        lines.append(f"  {count:>7}  {system}: {situation}  (e.g. board {board}: "
                     f"{history or 'first call'})")
    lines.append("")
    if summary.par:
        lines.append("Double dummy, North-South's score against par in IMPs:")
        for index, stats in enumerate(summary.par, 1):
            lines.append(f"  {('table ' + str(index)) if len(summary.par) > 1 else 'all boards'}: "
                         f"mean {stats.mean_imps:+.2f}, mean absolute {stats.mean_abs_imps:.2f}, "
                         f"at par {_percent(stats.at_par, stats.boards)}")
        lines.append("")
    if summary.imps_total is not None:
        lines.append(f"IMPs, {run.ours.name} against {run.theirs.name}: "
                     f"{summary.imps_total:+d} over {summary.boards} boards "
                     f"({len(summary.imps_boards)} with different contracts)")
        lines.append(f"  {_match_margin(summary)}")
        for result in _swings(run, summary):
            lines.append(f"  board {result.board.number:>5}: {_contract_of(result, 0):<10} "
                         f"{_contract_of(result, 1):<10} {result.imps:+3d} IMPs")
        lines.append("")
    return "\n".join(lines)


def _match_margin(summary: Summary) -> str:
    """IMPs a board with their standard error, and the margin in standard errors."""
    text = (f"{summary.imps_per_board:+.2f} IMPs a board, "
            f"standard error {summary.imps_error:.2f}")
    if summary.imps_error:
        text += f" ({summary.imps_per_board / summary.imps_error:+.1f} standard errors)"
    return text


def _table_label(run: Simulation, index: int) -> str:
    if run.theirs is None:
        return ""
    ns, ew = (run.ours, run.theirs) if index == 1 else (run.theirs, run.ours)
    return f", table {index} ({ns.name} N-S, {ew.name} E-W)"


def _contract_of(result: BoardResult, table: int) -> str:
    contract = result.tables[table].contract
    return "Pass" if contract is None else str(contract)


def _swings(run: Simulation, summary: Summary) -> list[BoardResult]:
    by_number = {result.board.number: result for result in run.results}
    biggest = sorted(summary.imps_boards, key=lambda item: (-abs(item[1]), item[0]))
    return [by_number[number] for number, _ in biggest[:TOP_SWINGS]]


# --- two versions: closer to par ------------------------------------------------------------
def comparison_report(comparison: Comparison, origin: str, shown: int = TOP_SWINGS,
                      labels: tuple[str, str] | None = None) -> str:
    """Which system lands closer to par, by how much a thousand boards with its standard
    error, and the boards where the two differ most (whole auctions: the first call where
    they part is where to look). `labels` name the two where their names are the same (two
    versions of one system)."""
    first, second = labels or (comparison.first.name, comparison.second.name)
    boards, differing = comparison.boards, comparison.differing
    gains = comparison.gains
    per_thousand = 1000 * comparison.total / boards
    error = 1000 * comparison.standard_error
    lines = [f"{first} against {second}, each at all four seats, {boards} boards from {origin}",
             f"auctions differ on {len(differing)} boards ({_percent(len(differing), boards)}); "
             f"only those are solved double dummy",
             f"{first} is closer to par by {comparison.total:+d} IMPs: {per_thousand:+.1f} a "
             f"thousand boards, standard error {error:.1f}",
             f"boards closer to par: {first} {sum(g > 0 for g in gains)}, {second} "
             f"{sum(g < 0 for g in gains)}, as close {sum(g == 0 for g in gains)}"]
    worst = sorted(zip(differing, gains),
                   key=lambda pair: (-abs(pair[1]), pair[0].board.number))[:shown]
    width = max(len(first), len(second))
    if worst:
        lines += ["", f"The largest differences ({first} first; IMPs against par):"]
    for result, gain in worst:
        lines.append(f"board {result.board.number:>4} {gain:+3d}  "
                     f"par {' '.join(result.pbn_par_contracts)}  "
                     f"{result.board.deal.pbn(result.board.dealer)}")
        for index, name in ((0, first), (1, second)):
            lines.append(f"  {name:<{width}} {_contract_of(result, index):<10} "
                         f"{result.versus_par(index):+3d}  {result.tables[index].auction}")
    return "\n".join(lines)


def comparison_rows(comparison: Comparison, labels: tuple[str, str] | None = None) -> list[dict]:
    """One JSON-ready record per board where the auctions differ."""
    names = labels or (comparison.first.name, comparison.second.name)
    rows = []
    for result, gain in zip(comparison.differing, comparison.gains):
        board = result.board
        row = {"board": board.number, "dealer": board.dealer.letter,
               "vulnerable": str(board.vulnerability), "deal": board.deal.pbn(board.dealer),
               "par_ns": result.par_ns, "par_contracts": list(result.pbn_par_contracts),
               "gain": gain}
        for index, key in ((0, "first"), (1, "second")):
            table = result.tables[index]
            row[key] = {"system": names[index],
                        "auction": str(table.auction), "contract": _contract_of(result, index),
                        "score_ns": table.score_ns, "imps_vs_par": result.versus_par(index)}
        rows.append(row)
    return rows


# --- CSV -------------------------------------------------------------------------------------
def csv_rows(run: Simulation) -> list[dict]:
    """One row per board and table (see CSV_COLUMNS); empty cells where unknown."""
    rows = []
    for result in run.results:
        board = result.board
        for index, table in enumerate(result.tables):
            contract = table.contract
            rows.append({
                "board": board.number, "table": index + 1,
                "north_south": table.north_south, "east_west": table.east_west,
                "dealer": board.dealer.letter, "vulnerable": str(board.vulnerability),
                "deal": board.deal.pbn(board.dealer),
                "auction": " ".join(str(call) for call in table.auction.calls),
                "contract": table.contract_text,
                "declarer": "" if contract is None else contract.declarer.letter,
                "tricks": _blank(table.tricks), "score_ns": _blank(table.score_ns),
                "par_ns": _blank(result.par_ns),
                "par_contracts": "; ".join(result.pbn_par_contracts),
                "imps_vs_par": _blank(result.versus_par(index)), "imps": _blank(result.imps),
            })
    return rows


def _blank(value) -> object:
    return "" if value is None else value


def csv_text(run: Simulation) -> str:
    stream = io.StringIO()
    writer = csv.DictWriter(stream, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(run))
    return stream.getvalue()


# --- PBN -------------------------------------------------------------------------------------
def pbn_boards(run: Simulation, date: datetime.date | None = None) -> list[PbnBoard]:
    """Every table of every board as a PBN game: the players are the systems, the result is
    declarer's double-dummy tricks, and each call explained (see `simulate(explained=)`) has
    its explanation as a note."""
    date = date or datetime.date.today()
    rooms = ("Open", "Closed")
    boards = []
    for result in run.results:
        board = result.board
        for index, table in enumerate(result.tables):
            tags = {"Event": f"Simulation: {title_of(run)}", "Site": "?",
                    "Date": date.strftime("%Y.%m.%d"), "Scoring": "IMP"} | dict(board.tags)
            tags |= {"North": table.north_south, "South": table.north_south,
                     "East": table.east_west, "West": table.east_west}
            if len(result.tables) > 1:
                tags["Room"] = rooms[index]
            if result.dd is not None:
                tags["DoubleDummyTricks"] = dd_tricks_tag(
                    {(seat, strain): result.dd[seat][strain] for seat in Seat for strain in Strain})
                side = "NS" if result.par_ns >= 0 else "EW"
                tags["OptimumScore"] = f"{side} {abs(result.par_ns)}"
                tags["ParContract"] = "; ".join(result.pbn_par_contracts)
            notes = dict(table.explanations)
            boards.append(PbnBoard.of(
                board, auction=table.auction, notes=notes, contract=table.contract,
                passed_out=table.contract is None, result=table.tricks, tags=tags))
    return boards


# --- HTML ------------------------------------------------------------------------------------
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #eef; } table.deal td { border: none; vertical-align: top; }
 .muted { color: #666; } svg { display: block; margin: 0.5em 0; }
"""


def escape(value: object) -> str:
    """Any value as HTML text."""
    return html.escape(str(value))


def html_table(headers: list[str], rows: list[list[object]],
               numeric: set[int] = frozenset()) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td class=\"n\">{escape(cell)}</td>" if i in numeric
                         else f"<td>{escape(cell)}</td>" for i, cell in enumerate(row)) + "</tr>"
        for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_SUIT_SYMBOLS = (("\u2660", "#222"), ("\u2665", "#c22"), ("\u2666", "#c22"), ("\u2663", "#222"))


def hand_html(hand: Hand) -> str:
    """A hand as four lines, spades first, each with its suit symbol."""
    return "<br>".join(
        f'<span style="color:{colour}">{symbol}</span> {escape(hand.holding(suit)) or "&mdash;"}'
        for (symbol, colour), suit in zip(_SUIT_SYMBOLS, SUITS_HIGH_FIRST))


def deal_html(board: Board) -> str:
    """A board as the usual diagram: North on top, West and East at the sides, South below,
    the board's heading in the top left corner."""
    cell = {seat: f"<b>{seat.name.title()}</b> {hcp(board.deal[seat])} HCP<br>"
                  f"{hand_html(board.deal[seat])}" for seat in Seat}
    heading = escape(board.heading).replace(", ", "<br>")
    return (f'<table class="deal"><tr><td class="muted">{heading}</td><td>{cell[Seat.NORTH]}'
            f'</td><td></td></tr><tr><td>{cell[Seat.WEST]}</td><td></td><td>{cell[Seat.EAST]}'
            f'</td></tr><tr><td></td><td>{cell[Seat.SOUTH]}</td><td></td></tr></table>')


def bar_chart(items: list[tuple[str, int]], title: str, width: int = 640) -> str:
    """Horizontal bars, one per (label, count), as an inline SVG."""
    bar_height, label_width, top = 20, 70, 28
    height = top + bar_height * len(items) + 10
    largest = max((count for _, count in items), default=1) or 1
    room = width - label_width - 70
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="{escape(title)}">',
             f'<text x="0" y="16" font-size="14" font-weight="bold">{escape(title)}</text>']
    for row, (label, count) in enumerate(items):
        y = top + row * bar_height
        length = max(1, round(room * count / largest))
        parts.append(f'<text x="{label_width - 6}" y="{y + 14}" font-size="12" '
                     f'text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{label_width}" y="{y + 2}" width="{length}" '
                     f'height="{bar_height - 4}" fill="#4a78c2"/>')
        parts.append(f'<text x="{label_width + length + 4}" y="{y + 14}" '
                     f'font-size="12">{count}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_chart(counts: Counter, title: str, low: int = -24, high: int = 24,
                    width: int = 640, height: int = 220) -> str:
    """Vertical bars of boards per IMP value from `low` to `high` (zero highlighted)."""
    left, bottom, top = 40, 30, 28
    values = list(range(low, high + 1))
    step = (width - left - 10) / len(values)
    largest = max((counts.get(v, 0) for v in values), default=1) or 1
    room = height - top - bottom
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="{escape(title)}">',
             f'<text x="0" y="16" font-size="14" font-weight="bold">{escape(title)}</text>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" '
             f'y2="{height - bottom}" stroke="#888"/>',
             f'<text x="{left - 4}" y="{top + 10}" font-size="11" text-anchor="end">'
             f'{largest}</text>']
    for position, value in enumerate(values):
        x = left + position * step
        count = counts.get(value, 0)
        if count:
            bar = max(1.0, room * count / largest)
            colour = "#2e8b57" if value == 0 else "#4a78c2"
            parts.append(f'<rect x="{x + 1:.1f}" y="{height - bottom - bar:.1f}" '
                         f'width="{step - 2:.1f}" height="{bar:.1f}" fill="{colour}">'
                         f'<title>{value:+d} IMPs: {count} boards</title></rect>')
        if value % 6 == 0:
            parts.append(f'<text x="{x + step / 2:.1f}" y="{height - bottom + 14}" '
                         f'font-size="11" text-anchor="middle">{value:+d}</text>')
    parts.append("</svg>")
    return "".join(parts)


def html_report(run: Simulation, summary: Summary) -> str:
    """A self-contained page: the summary tables and the charts."""
    rate = summary.boards / run.seconds if run.seconds else 0.0
    out = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
           f"<title>Simulation: {escape(title_of(run))}</title><style>{STYLE}</style></head><body>",
           f"<h1>Simulation: {escape(title_of(run))}</h1>",
           f"<p>{summary.boards} boards from {escape(run.origin or 'generated deals')}, "
           f"{'with' if run.double_dummy else 'without'} double dummy; {run.seconds:.1f} s on "
           f"{run.jobs} process(es), {rate:.1f} boards/s, {summary.calls} calls.</p>"]
    for index, counts in enumerate(summary.contracts, 1):
        label = _table_label(run, index)
        out.append(f"<h2>Final contracts{escape(label)}</h2>")
        top = counts.most_common(TOP_CONTRACTS)
        out.append(bar_chart(top, f"Final contracts{label}"))
        out.append(html_table(["contract", "boards", "share"],
                          [[c, n, _percent(n, summary.boards)] for c, n in top], {1, 2}))
    if summary.par:
        out.append("<h2>Score against par (double dummy)</h2>"
                   "<p class=\"muted\">North-South's score minus the par score, in IMPs.</p>")
        rows = []
        for index, stats in enumerate(summary.par, 1):
            name = f"table {index}" if len(summary.par) > 1 else "all boards"
            out.append(histogram_chart(stats.histogram, f"IMPs against par, {name}"))
            rows.append([name, f"{stats.mean_imps:+.2f}", f"{stats.mean_abs_imps:.2f}",
                         _percent(stats.at_par, stats.boards)])
        out.append(html_table(["", "mean IMPs", "mean |IMPs|", "at par"], rows, {1, 2, 3}))
    if summary.imps_total is not None:
        out.append(f"<h2>IMPs: {escape(run.ours.name)} against {escape(run.theirs.name)}</h2>"
                   f"<p>{summary.imps_total:+d} IMPs over {summary.boards} boards; "
                   f"{len(summary.imps_boards)} boards with different contracts; "
                   f"{escape(_match_margin(summary))}.</p>")
        out.append(histogram_chart(Counter(imps for _, imps in summary.imps_boards),
                                   "IMPs per board where the contracts differ"))
        out.append(html_table(["board", "table 1", "table 2", "IMPs"],
                          [[r.board.number, _contract_of(r, 0), _contract_of(r, 1), f"{r.imps:+d}"]
                           for r in _swings(run, summary)], {0, 3}))
    for system in dict.fromkeys(rule.system for rule in summary.rules):
        rules = [rule for rule in summary.rules if rule.system == system]
        fired = sorted((rule for rule in rules if rule.count), key=lambda r: -r.count)
        out.append(f"<h2>Rules of {escape(system)}: {len(fired)} of {len(rules)} fired</h2>")
        out.append(html_table(["times", "where", "kind", "call", "calls made", "convention"],
                          [[r.count, short_source(r.source), r.kind, r.call,
                            ", ".join(f"{c} {n}" for c, n in r.calls.most_common()), r.convention]
                           for r in fired], {0}))
        never = [rule for rule in rules if not rule.count]
        out.append(f"<h2>Never fired in {escape(system)} ({len(never)})</h2>")
        out.append(html_table(["where", "kind", "call", "convention"],
                          [[short_source(r.source), r.kind, r.call, r.convention] for r in never]))
    out.append(f"<h2>No agreement ({sum(summary.no_agreement.values())} calls)</h2>")
    out.append(html_table(["times", "system", "situation", "example"],
                      [[n, system, situation, _example(summary, (system, situation))]
                       for (system, situation), n in summary.no_agreement.most_common(TOP_POSITIONS)],
                      {0}))
    out.append("</body></html>\n")
    return "\n".join(out)


def _example(summary: Summary, key) -> str:
    board, history = summary.no_agreement_example[key]
    return f"board {board}: {history or 'first call'}"


# --- all files -------------------------------------------------------------------------------
REPORT_FILES = ("boards.pbn", "boards.csv", "report.html", "report.txt")


def write_reports(run: Simulation, summary: Summary, directory: Path | str,
                  date: datetime.date | None = None) -> list[Path]:
    """The REPORT_FILES in `directory` (created)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    files = dict(zip(REPORT_FILES, (
        format_pbn(pbn_boards(run, date)).encode("utf-8"),
        csv_text(run).encode("utf-8"),
        html_report(run, summary).encode("utf-8"),
        (text_report(run, summary) + "\n").encode("utf-8"),
    )))
    written = []
    for name, data in files.items():
        path = directory / name
        atomic_write(path, data)
        written.append(path)
    return written
