"""dealer.output against text printed by /usr/games/dealer (Debian 20211121).

tests/dealer/golden/NAME.in are scripts, NAME.sSEED[.swapK].out what the binary printed
for them (`dealer -s SEED [-K] NAME.in`). Each test rebuilds that text from our dealer-mode
stream and the formatters, computing the few values the scripts use (hcp, spade length)
here, and must match byte for byte; the run time and PBN date are taken from the golden.
"""
from __future__ import annotations

import datetime
import re
from pathlib import Path

import numpy as np
import pytest

from dealer import output
from dealer.generate import DealStream

GOLDEN = Path(__file__).parent / "golden"
HCP = np.zeros(52, dtype=np.int64)
for _suit in range(4):
    HCP[13 * _suit + 9:13 * _suit + 13] = (1, 2, 3, 4)


def hcp(deal, seat):
    return int(HCP[deal == seat].sum())


def spades(deal, seat):
    return int(np.count_nonzero(deal[39:] == seat))


def golden(name: str) -> str:
    return (GOLDEN / name).read_text()


def trailer(text: str, generated: int, produced: int, seed: int) -> str:
    seconds = float(re.search(r"Time needed +([0-9.]+) sec", text).group(1))
    return output.format_trailer(generated, produced, seed, seconds)


def deals(seed, count, **options):
    return DealStream(seed, rng="dealer", **options).next_batch(count)


SEEDS = [1, 12345]


@pytest.mark.parametrize("seed", SEEDS)
def test_printall(seed):
    expected = golden(f"printall.s{seed}.out")
    text = "".join(output.format_printall(d, k + 1) for k, d in enumerate(deals(seed, 6)))
    assert text + trailer(expected, 6, 6, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_printew(seed):
    expected = golden(f"printew.s{seed}.out")
    text = "".join(output.format_printside(d, "EW") for d in deals(seed, 4))
    assert text + trailer(expected, 4, 4, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_printpbn_rotates_dealer_and_vulnerability(seed):
    expected = golden(f"printpbn.s{seed}.out")
    day = datetime.datetime.strptime(re.search(r'\[Date "(.*)"\]', expected).group(1),
                                     "%Y.%m.%d").date()
    text = "".join(output.format_printpbn(d, k + 1, None, None, "printpbn.in", seed, day)
                   for k, d in enumerate(deals(seed, 6)))
    assert text + trailer(expected, 6, 6, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_printpbn_fixed_dealer_and_vulnerability(seed):
    expected = golden(f"printpbn_fixed.s{seed}.out")
    day = datetime.datetime.strptime(re.search(r'\[Date "(.*)"\]', expected).group(1),
                                     "%Y.%m.%d").date()
    text = "".join(output.format_printpbn(d, k + 1, 3, 2, "printpbn_fixed.in", seed, day)
                   for k, d in enumerate(deals(seed, 2)))
    assert text + trailer(expected, 2, 2, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_printcompact(seed):
    expected = golden(f"printcompact.s{seed}.out")
    text = "".join(output.format_printcompact(d) + output.format_printcompact(d, hcp(d, 0))
                   for d in deals(seed, 3))
    assert text + trailer(expected, 3, 3, seed) == expected


@pytest.mark.parametrize("seed", SEEDS + [4294967297])
def test_printoneline(seed):
    expected = golden(f"printoneline.s{seed}.out")
    text = "".join(output.format_printoneline(d) + output.format_printoneline(d, hcp(d, 2) + 1)
                   for d in deals(seed, 5))
    assert text + trailer(expected, 5, 5, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_print_pages_in_compass_order(seed):
    expected = golden(f"print.s{seed}.out")
    text = output.format_print(list(deals(seed, 9)), [3, 0])
    assert text + trailer(expected, 9, 9, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_printes(seed):
    expected = golden(f"printes.s{seed}.out")
    text = "".join(output.format_printes(["hcp: ", hcp(d, 0), " and ", spades(d, 0), "\n"])
                   for d in deals(seed, 5))
    assert text + trailer(expected, 5, 5, seed) == expected


def frequency_counts(values, low, high):
    return np.bincount(np.clip(np.asarray(values) - low + 1, 0, high - low + 2),
                       minlength=high - low + 3)


def frequency2d_counts(first, second, low, high, low2, high2):
    rows, columns = high - low + 3, high2 - low2 + 3
    a = np.clip(np.asarray(first) - low + 1, 0, rows - 1)
    b = np.clip(np.asarray(second) - low2 + 1, 0, columns - 1)
    return np.bincount(a * columns + b, minlength=rows * columns).reshape(rows, columns)


@pytest.mark.parametrize("seed", SEEDS)
def test_average_and_frequency(seed):
    expected = golden(f"statistics.s{seed}.out")
    batch = deals(seed, 150)
    north = [hcp(d, 0) for d in batch]
    south = [hcp(d, 2) for d in batch]
    north_spades = [spades(d, 0) for d in batch]
    text = (output.format_average(None, sum(north), 150)
            + output.format_average("lbl", sum(south), 150)
            + output.format_frequency("", frequency_counts(north, 5, 12), 5)
            + output.format_frequency("fq", frequency_counts(north_spades, 2, 5), 2)
            + output.format_frequency2d("two", frequency2d_counts(north, north_spades,
                                                                  8, 12, 2, 5), 8, 1, 2, 1))
    assert text + trailer(expected, 150, 150, seed) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_statistics_when_nothing_is_produced(seed):
    expected = golden(f"nothing_produced.s{seed}.out")
    text = (output.format_average(None, 0, 0) + output.format_average("l", 0, 0)
            + output.format_frequency(None, np.zeros(5, int), 1)
            + output.format_frequency2d(None, np.zeros((4, 4), int), 1, 1, 0, 1))
    assert text + trailer(expected, 100, 0, seed) == expected


PREDEAL = {51: 0, 50: 0, 49: 0, 38: 0, 0: 2}  # north SAKQ HA, south C2


@pytest.mark.parametrize("seed, swapping, name", [
    (1, 0, "predeal.s1.out"), (12345, 0, "predeal.s12345.out"),
    (7, 2, "predeal.s7.swap2.out"), (7, 3, "predeal.s7.swap3.out")])
def test_predeal_and_swapping(seed, swapping, name):
    expected = golden(name)
    batch = deals(seed, 30, predeal=PREDEAL, swapping=swapping)
    text = "".join(output.format_printoneline(d) for d in batch)
    assert text + trailer(expected, 30, 30, seed) == expected


def test_swapping_without_predeal():
    expected = golden("printoneline.s9.swap3.out")
    text = "".join(output.format_printoneline(d) + output.format_printoneline(d, hcp(d, 2) + 1)
                   for d in deals(9, 5, swapping=3))
    assert text + trailer(expected, 5, 5, 9) == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_thirteen_card_suits_overflow_their_column(seed):
    expected = golden(f"long_suits.s{seed}.out")
    predeal = {39 + r: 0 for r in range(13)} | {26 + r: 3 for r in range(1, 13)}
    batch = deals(seed, 2, predeal=predeal)
    text = "".join(output.format_printall(d, k + 1) + output.format_printside(d, "EW")
                   for k, d in enumerate(batch))
    text += output.format_print(list(batch), [0, 3])
    assert text + trailer(expected, 2, 2, seed) == expected


def test_csv_hands_name_each_seat_and_write_voids_as_nothing():
    deal = deals(5, 1)[0]
    line = output.csv_hands(deal, (0, 2))
    north, south = (f"{letter} {output.pbn_hand(deal, seat)}"
                    for letter, seat in (("n", 0), ("s", 2)))
    assert line == f"{north} {south}"
    assert output.format_csv(["'x'", "3", line]) == f"'x',3,{line}\n"


def test_batch_formatting_matches_the_ranks_of_each_suit():
    batch = deals(5, 200)
    values = np.arange(len(batch)) - 7
    lines = output.format_printoneline_batch(batch, values)
    compact = output.format_printcompact_batch(batch)
    for deal, line, block, value in zip(batch, lines, compact, values):
        hands = [".".join(output.suit_ranks(deal, seat, suit) for suit in (3, 2, 1, 0))
                 for seat in range(4)]
        assert line == "".join(f"{s} {h} " for s, h in zip("nesw", hands)) + f"{value}\n"
        assert block == "".join(f"{s} {h}\n" for s, h in zip("nesw", hands))
