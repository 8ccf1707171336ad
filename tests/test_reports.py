"""Reports of a simulation: the CSV loads with the csv module, the PBN reads back intact
(ours and endplay's parser), the HTML page parses and renders in headless Chromium."""
import csv
import datetime
import shutil
import struct
import subprocess
import zlib

import numpy as np
import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Player
from lxml import html as lxml_html

from bidding.model.cards import Seat
from bidding.engine.explain import explain
from bidding.model.pbn import read_pbn_file
from bidding.laboratory.reports import (CSV_COLUMNS, bar_chart, histogram_chart, html_report, pbn_boards,
                             text_report, write_reports)
from bidding.laboratory.simulate import generated_boards, simulate, summarize
from tests.example_library import EXAMPLE

DATE = datetime.date(2026, 11, 21)
CHEAP_DD_BOARD = 4   # a deal double dummy solves quickly


@pytest.fixture(scope="module")
def example():
    """SLAMBidding's example system."""
    return EXAMPLE


@pytest.fixture(scope="module")
def boards():
    return generated_boards(16, seed=11)


@pytest.fixture(scope="module")
def plain_run(boards, example):
    return simulate(boards, example, double_dummy=False, explained=True)


@pytest.fixture(scope="module")
def match_run(boards, example):
    """Two tables with double dummy, on one quick board."""
    return simulate(boards[CHEAP_DD_BOARD:CHEAP_DD_BOARD + 1], example, example, explained=True)


@pytest.fixture(scope="module")
def written(tmp_path_factory, plain_run):
    directory = tmp_path_factory.mktemp("report")
    write_reports(plain_run, summarize(plain_run), directory, DATE)
    return directory


def test_csv_loads_with_the_csv_module(written, plain_run, match_run, tmp_path):
    with open(written / "boards.csv", newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == len(plain_run.results)
    assert tuple(rows[0]) == CSV_COLUMNS
    for row, result in zip(rows, plain_run.results):
        table = result.tables[0]
        assert row["board"] == str(result.board.number) and row["table"] == "1"
        assert row["auction"] == " ".join(str(c) for c in table.auction.calls)
        assert row["contract"] == table.contract_text and row["score_ns"] == ""
    write_reports(match_run, summarize(match_run), tmp_path, DATE)
    with open(tmp_path / "boards.csv", newline="", encoding="utf-8") as stream:
        first, second = csv.DictReader(stream)
    assert (first["table"], second["table"]) == ("1", "2")
    assert int(first["imps"]) == match_run.results[0].imps == int(second["imps"])
    assert int(first["par_ns"]) == match_run.results[0].par_ns


def test_pbn_reads_back_intact_with_endplay(written, plain_run):
    parsed = endplay_pbn.load(open(written / "boards.pbn", encoding="utf-8"))
    assert len(parsed) == len(plain_run.results)
    players = (Player.north, Player.east, Player.south, Player.west)
    for theirs, result in zip(parsed, plain_run.results):
        table = result.tables[0]
        assert theirs.board_num == result.board.number
        assert theirs.dealer == Player.find(result.board.dealer.letter)
        for seat, player in zip(Seat, players):
            assert str(theirs.deal[player]) == str(result.board.deal[seat])
        assert len(theirs.auction) == len(table.auction.calls)
        contract = table.contract
        if contract is None:
            assert theirs.contract.is_passout()
        else:
            assert theirs.contract.level == contract.level
            assert theirs.contract.declarer == Player.find(contract.declarer.letter)
            assert theirs.contract.penalty.name == ("passed", "doubled", "redoubled")[contract.doubled]


def test_pbn_reads_back_intact_with_our_reader(written, plain_run, match_run, tmp_path):
    boards = read_pbn_file(written / "boards.pbn")
    for board, result in zip(boards, plain_run.results):
        table = result.tables[0]
        assert (board.deal, board.dealer, board.vulnerability) == \
            (result.board.deal, result.board.dealer, result.board.vulnerability)
        assert board.auction == table.auction
        assert board.contract == table.contract
        explained = {e.index: e.text for e in explain(table.auction, plain_run.ours)
                     if e.status != "no agreement"}
        assert set(board.notes) == set(explained)
        for index, note in board.notes.items():   # long ones are cut to PBN's 255 characters
            assert note == explained[index] or (
                note.endswith("...") and explained[index].startswith(note[:-3]))
        assert board.tags["Date"] == "2026.11.21"
    [open_room, closed_room] = pbn_boards(match_run, DATE)
    assert (open_room.tags["Room"], closed_room.tags["Room"]) == ("Open", "Closed")
    result = match_run.results[0]
    assert open_room.result == result.tables[0].tricks
    assert open_room.tags["OptimumScore"] == \
        f"{'NS' if result.par_ns >= 0 else 'EW'} {abs(result.par_ns)}"
    assert len(open_room.tags["DoubleDummyTricks"]) == 20


def test_text_report_has_every_section(plain_run, match_run):
    text = text_report(plain_run, summarize(plain_run))
    for heading in ("Final contracts:", "Rules of SLAM Example:", "Never fired", "No agreement"):
        assert heading in text
    match = text_report(match_run, summarize(match_run))
    assert "table 2 (SLAM Example N-S, SLAM Example E-W)" in match
    assert "IMPs, SLAM Example against SLAM Example: +0" in match
    assert "against par in IMPs" in match


def test_html_page_has_tables_and_inline_svg_charts(written, match_run):
    page = lxml_html.parse(str(written / "report.html")).getroot()
    assert page.find(".//title").text.startswith("Simulation: SLAM Example")
    assert len(page.findall(".//svg")) == 1 and len(page.findall(".//table")) >= 4
    match = lxml_html.fromstring(html_report(match_run, summarize(match_run)))
    assert len(match.findall(".//svg")) == 2 + 2 + 1   # contracts x2, par x2, IMP swings


def test_charts_scale_their_bars():
    chart = lxml_html.fromstring(bar_chart([("3NT", 10), ("4H", 5)], "t"))
    widths = [float(rect.get("width")) for rect in chart.iter("rect")]
    assert widths[0] == pytest.approx(2 * widths[1], abs=1)
    histogram = lxml_html.fromstring(histogram_chart({0: 4, 3: 2, -30: 1}, "h"))
    assert len(list(histogram.iter("rect"))) == 2   # outside -24..24 is not drawn


def _png_pixels(data: bytes) -> np.ndarray:
    """RGB(A) pixels of an 8-bit PNG (enough of the format for Chromium's screenshots)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, {}
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunks.setdefault(kind, []).append(data[position + 8:position + 8 + length])
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
    assert depth == 8 and colour in (2, 6)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * channels
    image = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.int32)
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = np.frombuffer(raw, np.uint8, stride, row * (stride + 1) + 1).astype(np.int32)
        if kind == 1:
            line = np.cumsum(line.reshape(width, channels), axis=0).ravel() & 255
        elif kind == 2:
            line = (line + previous) & 255
        elif kind in (3, 4):
            line = _sequential_filter(kind, line, previous, channels)
        image[row] = line
        previous = line.astype(np.int32)
    return image.reshape(height, width, channels)[:, :, :3]


def _sequential_filter(kind: int, line, previous, channels: int) -> np.ndarray:
    out = [0] * len(line)
    up = previous.tolist()
    for x, value in enumerate(line.tolist()):
        left = out[x - channels] if x >= channels else 0
        upper_left = up[x - channels] if x >= channels else 0
        if kind == 3:
            out[x] = (value + (left + up[x]) // 2) & 255
        else:
            estimate = left + up[x] - upper_left
            distances = (abs(estimate - left), abs(estimate - up[x]), abs(estimate - upper_left))
            nearest = (left, up[x], upper_left)[distances.index(min(distances))]
            out[x] = (value + nearest) & 255
    return np.array(out, dtype=np.int32)


def test_html_renders_in_headless_chromium(written, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    screenshot = tmp_path / "report.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=900,700",
                    f"--screenshot={screenshot}", (written / "report.html").as_uri()],
                   check=True, capture_output=True, timeout=120)
    pixels = _png_pixels(screenshot.read_bytes())
    assert pixels.shape[:2] == (700, 900)
    ink = (pixels < 200).any(axis=2)
    assert 0.005 < ink.mean() < 0.5                     # text and bars, not a blank page
    bars = (np.abs(pixels.astype(int) - (0x4a, 0x78, 0xc2)).sum(axis=2) < 30).sum()
    assert bars > 200                                   # the contract chart's bars are drawn
