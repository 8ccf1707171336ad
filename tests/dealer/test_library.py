"""Dealer v2's -L: deals and their double-dummy results read from a library of solved deals
in Richard Pavlicek's format (the guide's Appendix V), written here by an encoder of our own
that follows the appendix's table."""
import io

import numpy as np
import pytest

from dealer import compile_program, dd
from dealer.__main__ import main
from dealer.generate import DealStream
from dealer.library import LibraryError, LibraryStream, decode
from dealer.output import format_printoneline
from dealer.run import RunOptions, run_program

_CODE = {3: 0b00, 0: 0b01, 1: 0b10, 2: 0b11}  # West, North, East, South


def record(owners: np.ndarray, table: np.ndarray) -> bytes:
    """One 23-byte record: two bits per card from the spade ace down to the club two, then
    four bits of tricks per hand, W N E S, in NT, S, H, D, C."""
    bits = []
    for suit in (3, 2, 1, 0):
        for rank in range(12, -1, -1):
            code = _CODE[int(owners[suit * 13 + rank])]
            bits += [code >> 1, code & 1]
    nibbles = [int(table[seat, strain]) for strain in (4, 3, 2, 1, 0) for seat in (3, 0, 1, 2)]
    return (np.packbits(np.array(bits, dtype=np.uint8)).tobytes()
            + bytes(high << 4 | low for high, low in zip(nibbles[::2], nibbles[1::2])))


def fake_table(k: int) -> np.ndarray:
    """Trick counts no solver would give for most deals: reading them proves no solving."""
    return (k + np.arange(20).reshape(4, 5)) % 14


@pytest.fixture
def library(tmp_path):
    """2,500 deals with made-up tricks: (path, owners)."""
    owners = DealStream(11, limit=2500).next_batch(2500)
    path = tmp_path / "rpdd.zrd"
    path.write_bytes(b"".join(record(deal, fake_table(k)) for k, deal in enumerate(owners)))
    return path, owners


def run(text: str, **options) -> str:
    out = io.StringIO()
    run_program(compile_program(text), RunOptions(statistics=False, **options), out)
    return out.getvalue()


def test_decode_reads_the_appendix_layout(library):
    path, owners = library
    records = np.frombuffer(path.read_bytes()[:23 * 3], dtype=np.uint8).reshape(3, 23)
    decoded, tables = decode(records)
    assert (decoded == owners[:3]).all()
    assert all((tables[k] == fake_table(k)).all() for k in range(3))


def test_the_spade_ace_to_north_is_the_first_two_bits_01():
    owners = np.repeat(np.arange(4, dtype=np.uint8), 13)  # clubs N, diamonds E, ...
    owners[[51, 0]] = owners[[0, 51]]  # the spade ace to North, the club two to West
    first = record(owners, np.zeros((4, 5), int))[0]
    assert first >> 6 == 0b01 and (first >> 4) & 3 == 0b00


def test_the_seed_starts_reading_1000_deals_in_per_unit_and_wraps_once(library):
    path, owners = library
    stream = LibraryStream(str(path), 2)
    assert (stream.next_batch(3) == owners[2000:2003]).all()
    rest = stream.next_batch(5000)
    assert len(rest) == 2497 and (rest[497:] == owners[:2000]).all()
    assert stream.generated == 2500 and len(stream.next_batch(10)) == 0


def test_a_run_prints_the_librarys_deals_and_reads_its_tricks(library):
    path, owners = library
    out = run("produce 2\naction printoneline(dds(south, notrump)), csvrpt(trix(west))",
              seed=1, library=str(path))
    lines = out.splitlines()
    assert lines[0].endswith(f" {fake_table(1000)[2, 4]}")
    assert lines[1] == ",".join(str(t) for t in fake_table(1000)[3])
    assert lines[2].startswith("n ") and lines[3] == ",".join(map(str, fake_table(1001)[3]))


def test_a_librarys_tricks_end_with_its_run(library):
    """After the run, the deal is solved: its made-up tricks never answer for it again."""
    path, owners = library
    run("produce 1\naction printoneline(dds(south, notrump))", seed=1, library=str(path))
    after_the_run = dd.tricks(owners[1000], 2, 4)
    dd.clear_cache()
    assert after_the_run == dd.tricks(owners[1000], 2, 4) != fake_table(1000)[2, 4]


def test_a_condition_on_stored_tricks_selects_deals(library):
    path, owners = library
    wanted = [k for k in range(2500) if fake_table(k)[0, 3] == 13][:3]
    out = run("produce 3\ncondition tricks(north, spades) == 13\naction printoneline",
              library=str(path))
    assert out == "".join(format_printoneline(owners[k]) for k in wanted)


def test_evalcontract_and_par_read_the_stored_table(tmp_path):
    owners = DealStream(5, limit=3).next_batch(3)
    tables = [dd.dd_table(deal) for deal in owners]
    expected = sum(dd.par(deal, 0, 0)[0] for deal in owners)
    path = tmp_path / "solved.zrd"
    path.write_bytes(b"".join(record(d, t) for d, t in zip(owners, tables)))
    dd.clear_cache()
    out = run("produce 3\naction printes(par(NS), \\n), evalcontract(NS, z3N, nv)",
              library=str(path))
    assert [int(line) for line in out.splitlines()[:3]] == [
        dd.par(deal, 0, 0)[0] for deal in owners]
    assert sum(int(line) for line in out.splitlines()[:3]) == expected
    made = 100 * sum(t[2, 4] >= 9 for t in tables) / 3
    assert f"Made pct={made:.2f}" in out


@pytest.mark.parametrize("content, message", [
    (b"x" * 24, "not a whole number of 23-byte records"),
    (b"", "0 bytes"),
    (b"\0" * 23, "bad.zrd: record 1 is not a solved deal .hands of 0, 0, 0, 52 cards"),
])
def test_bad_libraries_are_refused_with_the_reason(tmp_path, content, message):
    path = tmp_path / "bad.zrd"
    path.write_bytes(content)
    with pytest.raises(LibraryError, match=message):
        LibraryStream(str(path), 0).next_batch(1)


def test_a_seed_past_the_library_is_refused(library):
    path, _ = library
    with pytest.raises(LibraryError, match="seed 3 starts past the library's 2500 deals "
                                           r"\(seeds 0 to 2 start in it"):
        LibraryStream(str(path), 3)


def test_cli_library_mode_warns_that_predeal_is_ignored(library, tmp_path, capsys):
    path, owners = library
    script = tmp_path / "s.dlr"
    script.write_text("predeal north SAKQ\nproduce 1\naction printoneline")
    assert main([str(script), "-L", str(path), "-v"]) == 0
    captured = capsys.readouterr()
    assert "predeal and swapping are ignored" in captured.err
    assert captured.out.startswith("n ") and len(captured.out.splitlines()) == 1
    assert main([str(script), "-L", str(tmp_path / "none.zrd")]) == 1
    assert "-L" in capsys.readouterr().err
