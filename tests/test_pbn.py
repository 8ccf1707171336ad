"""PBN and LIN: reading leniently (with located errors), writing export format, round trips,
and what endplay's independent PBN parser makes of our files."""
import re
from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import ContractBid, Denom, Penalty, Player
from hypothesis import given, settings
from hypothesis import strategies as st

from bidding.model.auction import Auction
from bidding.model.calls import Strain
from bidding.model.cards import Deal, Seat, Vulnerability, random_deal
from bidding.model.pbn import (MAX_TOKEN, PbnBoard, PbnError, board_to_lin, dd_tricks_tag,
                         format_board, format_pbn, parse_dd_tricks_tag, read_lin, read_pbn,
                         read_pbn_file)
from bidding.model.scoring import Contract

GOLDEN = Path(__file__).parent / "golden"
SAMPLE_DEAL = "N:KQ4.AJ83.KJ5.Q96 AJ63.92.943.T873 T2.KQ76.QT82.K52 9875.T54.A76.AJ4"


def test_reads_the_reference_sample():
    [board] = read_pbn_file(GOLDEN / "pbn_sample.pbn")
    assert board.deal == Deal.parse(SAMPLE_DEAL)
    assert (board.number, board.dealer, board.vulnerability) == (1, Seat.NORTH, Vulnerability.NONE)
    assert str(board.auction) == "1NT P 2C P 2H P 4H P P P"
    assert board.notes == {2: "Stayman"}
    assert board.contract == Contract(4, Strain.HEARTS, 0, Seat.NORTH)
    assert board.result == 10
    assert board.tags["ParContract"] == "NS 4H"
    assert board.play.columns == "E" and board.play.rows[0] == ["C3", "C2", "CA", "C6"]


def test_export_format_layout():
    [board] = read_pbn_file(GOLDEN / "pbn_sample.pbn")
    text = format_pbn([board])
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")
    names = [line[1:].split()[0] for line in lines if line.startswith("[")]
    assert names[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South",
                          "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
                          "Result"]
    assert names[15:18] == ["DoubleDummyTricks", "OptimumScore", "ParContract"]
    assert names[18:] == ["Auction", "Note", "Play"]
    auction = lines.index('[Auction "N"]')
    assert lines[auction + 1:auction + 4] == ["1NT Pass 2C =1= Pass", "2H Pass 4H Pass", "Pass Pass"]
    assert text.endswith("*\r\n\r\n")


def test_round_trip_keeps_everything_read():
    [board] = read_pbn_file(GOLDEN / "pbn_sample.pbn")
    [again] = read_pbn(format_pbn([board]))
    assert again == PbnBoard(**{**board.__dict__, "line": again.line})


def test_import_is_lenient():
    text = """% a directive
[Event "lenient"] ; a comment
{ a comment
  over lines }
[Board "7"]
[Dealer "n"]
[Vulnerable "Both"]
[Deal "w:akq2.kq2.aj2.kj6 - 543.543.543.5432 t987.t987.t987.t"]
[Contract "3ntx"]
[Declarer "n"]
[Result "NS 9"]
[Auction "W"]
- 1C! Pass 2NT $1
Pass 3NT X AP

[Event "#"]
[Board "8"]
[Deal "N:AKQ2.KQ2.AJ2.KJ6 - 543.543.543.5432 T987.T987.T987.T"]
[Auction "E"]
1D Pass 3NT *
"""
    first, second = read_pbn(text, "lenient.pbn")
    assert first.dealer is Seat.NORTH and first.vulnerability is Vulnerability.BOTH
    assert str(first.deal[Seat.WEST]) == "AKQ2.KQ2.AJ2.KJ6"
    assert str(first.auction) == "1C P 2NT P 3NT X P P P"
    assert first.contract == Contract(3, Strain.NOTRUMP, 1, Seat.NORTH) and first.result == 9
    assert second.tags["Event"] == "lenient"           # "#" copies the previous game's value
    assert second.dealer is Seat.EAST and not second.auction_complete
    assert str(second.auction) == "1D P 3NT"
    assert "*" in format_board(second)


@pytest.mark.parametrize("text, line, words", [
    ('[Event "x"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ - - -"]\n', 2, "Deal"),
    ('[Event "x\n', 1, "closing quote"),
    ('[Event x]\n', 1, "double quotes"),
    ('[Deal "%s"]\nstray words\n' % SAMPLE_DEAL, 2, "unexpected"),
    ('[Deal "%s"]\n[Auction "N"]\n1NT Pass\n1C\n' % SAMPLE_DEAL, 4, "1C"),
    ('[Deal "%s"]\n[Auction "N"]\n1NT =1= Pass\n' % SAMPLE_DEAL, 3, "Note"),
    ('[Deal "%s"]\n[Dealer "E"]\n[Auction "N"]\n1NT\n' % SAMPLE_DEAL, 3, "dealer is E"),
    ('[Deal "%s"]\n[Contract "4H"]\n[Declarer "N"]\n[Result "14"]\n' % SAMPLE_DEAL, 4, "0-13"),
    ('[Deal "%s"]\n[Contract "8H"]\n' % SAMPLE_DEAL, 2, "Contract"),
    ('[Deal "%s"]\n{ never closed\n' % SAMPLE_DEAL, 2, "never closed"),
    ('[Deal "%s"]\n[Board "one"]\n' % SAMPLE_DEAL, 2, "Board"),
])
def test_malformed_input_names_file_and_line(text, line, words):
    with pytest.raises(PbnError) as caught:
        read_pbn(text, "bad.pbn")
    assert str(caught.value).startswith(f"bad.pbn:{line}: ")
    assert words in str(caught.value)


def test_values_are_escaped_and_limited_to_255_characters():
    board = PbnBoard(Deal.parse(SAMPLE_DEAL), 1, tags={"Event": 'say "hi" \\ bye',
                                                       "Annotator": "x" * 400})
    [again] = read_pbn(format_pbn([board]))
    assert again.tags["Event"] == 'say "hi" \\ bye'
    long_line = next(line for line in format_board(board).split("\r\n") if "Annotator" in line)
    assert len(long_line) - len('[Annotator ""]') <= MAX_TOKEN


def test_notes_share_numbers_and_stop_at_32():
    auction = Auction(Seat.NORTH)
    for _ in range(3):
        auction.push("P")
    auction.push("1C")
    for _ in range(34):
        auction.push(_next_bid(auction))
    notes = {index: f"note {index % 40}" for index in range(len(auction.calls))}
    notes[5] = notes[4]
    board = PbnBoard(Deal.parse(SAMPLE_DEAL), 1, auction=auction, notes=notes)
    text = format_board(board)
    assert text.count("[Note ") == 32
    [again] = read_pbn(text)
    assert again.notes[5] == again.notes[4] == "note 4"
    assert len(again.notes) == 33


def _next_bid(auction: Auction):
    return next(call for call in auction.legal_calls if call.is_bid)


def test_double_dummy_tag_round_trip():
    assert dd_tricks_tag(parse_dd_tricks_tag("87a9787a975634656346")) == "87a9787a975634656346"
    table = parse_dd_tricks_tag("87a9787a975634656346")
    assert table[(Seat.NORTH, Strain.NOTRUMP)] == 8 and table[(Seat.SOUTH, Strain.NOTRUMP)] == 8
    assert table[(Seat.EAST, Strain.NOTRUMP)] == 5 and table[(Seat.WEST, Strain.CLUBS)] == 6


def test_lin_reads_the_reference_sample_and_round_trips():
    [board] = read_lin((GOLDEN / "lin_sample.lin").read_text())
    assert board.deal == Deal.parse(SAMPLE_DEAL)
    assert board.dealer is Seat.NORTH and board.vulnerability is Vulnerability.NONE
    assert str(board.auction) == "1NT P 2C P 2H P 4H P P P" and board.notes == {2: "Stayman"}
    assert board.tags["South"] == "South" and board.number == 1
    [again] = read_lin(board_to_lin(board))
    assert (again.deal, again.auction, again.notes) == (board.deal, board.auction, board.notes)


def test_lin_errors_are_located():
    with pytest.raises(PbnError, match=r"^x.lin:2: md\|9"):
        read_lin("pn|a,b,c,d|\nmd|9SAK|", "x.lin")


def _random_auction(rng, dealer: Seat, vulnerability: Vulnerability) -> Auction:
    auction = Auction(dealer, vulnerability=vulnerability)
    while not auction.is_over:
        legal = list(auction.legal_calls)
        weights = np.array([6.0 if call.is_pass else 1.0 for call in legal])
        auction.push(legal[rng.choice(len(legal), p=weights / weights.sum())])
    return auction


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_endplay_reads_our_files_intact(seed):
    rng = np.random.default_rng(seed)
    boards = []
    for number in range(1, 4):
        dealer, vulnerability = Seat(rng.integers(4)), list(Vulnerability)[rng.integers(4)]
        auction = _random_auction(rng, dealer, vulnerability)
        notes = {i: f"call {i} \"quoted\"" for i in range(0, len(auction.calls), 3)}
        boards.append(PbnBoard(random_deal(rng), number, dealer, vulnerability, auction, True,
                               notes, auction.contract, auction.contract is None,
                               int(rng.integers(14)) if auction.contract else None))
    parsed = endplay_pbn.load(StringIO(format_pbn(boards)))
    assert len(parsed) == len(boards)
    for ours, theirs in zip(boards, parsed):
        for seat, player in zip(Seat, (Player.north, Player.east, Player.south, Player.west)):
            assert str(theirs.deal[player]) == str(ours.deal[seat])
        assert [_call_of(bid) for bid in theirs.auction] == [str(c) for c in ours.auction.calls]
        assert theirs.dealer == Player.find(ours.dealer.letter)
        contract = ours.auction.contract
        if contract is None:
            assert theirs.contract.is_passout()
        else:
            assert (theirs.contract.level, theirs.contract.declarer) == \
                (contract.level, Player.find(contract.declarer.letter))
            assert theirs.contract.denom is _denom(contract.strain)
            assert theirs.contract.penalty.name == ("passed", "doubled", "redoubled")[contract.doubled]
    fields = ("deal", "number", "dealer", "vulnerability", "auction", "notes", "contract",
              "passed_out", "result")
    for ours, again in zip(boards, read_pbn(format_pbn(boards))):
        assert [getattr(again, name) for name in fields] == [getattr(ours, name) for name in fields]


def _denom(strain: Strain) -> Denom:
    return Denom.nt if strain is Strain.NOTRUMP else Denom[strain.name.lower()]


def _call_of(bid) -> str:
    """endplay's Bid in our spelling (P, X, XX, 1C..7NT)."""
    if isinstance(bid, ContractBid):
        return f"{bid.level}{'NT' if bid.denom is Denom.nt else Strain[bid.denom.name.upper()].letter}"
    return {Penalty.passed: "P", Penalty.doubled: "X", Penalty.redoubled: "XX"}[bid.penalty]


def test_a_byte_order_mark_is_skipped_by_both_readers(tmp_path):
    sample = (GOLDEN / "pbn_sample.pbn").read_text()
    assert len(read_pbn("\ufeff" + sample)) == len(read_pbn(sample))
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + sample.encode("utf-8"))
    assert len(read_pbn_file(path)) == len(read_pbn(sample))
    lin = (GOLDEN / "lin_sample.lin").read_text()
    assert read_lin("\ufeff" + lin)[0].deal == read_lin(lin)[0].deal


LONG = 2_000_000


@pytest.mark.parametrize("text", [
    '[Deal "%s"]\n[Auction "N"]\n%s\n' % (SAMPLE_DEAL, "Z" * LONG),
    '[Deal "N:%s - - -"]\n' % ("A" * LONG),
    '[Deal "%s"]\n%s\n' % (SAMPLE_DEAL, "word" * (LONG // 4)),
    '[%s x]\n' % ("T" * LONG),
    '[Deal "%s"]\n[Board "%s"]\n' % (SAMPLE_DEAL, "9" * LONG),
], ids=["call", "deal", "stray word", "tag name", "board"])
def test_errors_cut_long_offending_text(text):
    with pytest.raises(PbnError) as caught:
        read_pbn(text, "long.pbn")
    message = str(caught.value)
    assert re.match(r"long\.pbn:\d: ", message) and "…" in message
    assert len(message) < 400, message[:400]


def test_lin_errors_cut_long_offending_text():
    with pytest.raises(PbnError) as caught:
        read_lin("md|1S%s|" % ("A" * 2_000_000), "long.lin")
    assert str(caught.value).startswith("long.lin:1: md|1SAAAA")
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("number", ["0", "-5", "12345678901234567890"])
def test_board_numbers_must_be_positive(number):
    with pytest.raises(PbnError, match=f"^x.pbn:2: Board '{number}': not a valid board"):
        read_pbn('[Deal "%s"]\n[Board "%s"]\n[Auction "N"]\n1NT\n' % (SAMPLE_DEAL, number),
                 "x.pbn")


@pytest.mark.parametrize("lines, words", [
    ('[Auction "N"]\n1NT =%s=\n' % ("1" * 5000), "cannot read call"),
    ('[Auction "N"]\n1NT =1=\n[Note "%s:x"]\n' % ("1" * 5000), "expected \"n:text\""),
    ('[Auction "N"]\n1NT =1=\n[Note "²:x"]\n', "expected \"n:text\""),
], ids=["long note reference", "long note number", "superscript note number"])
def test_note_numbers_are_checked_before_they_are_read(lines, words):
    with pytest.raises(PbnError, match=r"^x\.pbn:[34]: ") as caught:
        read_pbn('[Deal "%s"]\n%s' % (SAMPLE_DEAL, lines), "x.pbn")
    assert words in str(caught.value)
