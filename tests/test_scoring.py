"""Duplicate scoring and IMPs, checked against the hand-transcribed tables in
tests/golden/scoring_table.txt (never against a formula like the one under test)."""
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bidding.model.calls import Strain
from bidding.model.cards import Seat
from bidding.model.errors import ScoringError
from bidding.model.scoring import Contract, contract_score, imps

GOLDEN = Path(__file__).parent / "golden" / "scoring_table.txt"
STRAIN_LETTERS = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}
DOUBLINGS = ("undoubled", "doubled", "redoubled")


def _golden():
    made, down, bands = {}, {}, []
    for line in GOLDEN.read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        kind, *rest = words
        if kind == "made":
            name, vul, *scores = rest
            key = (name, vul == "vul")
            assert key not in made, f"row {name} {vul} twice in the golden file"
            made[key] = [int(s) for s in scores]
        elif kind == "down":
            doubling, vul, *scores = rest
            down[(DOUBLINGS.index(doubling), vul == "vul")] = [int(s) for s in scores]
        else:
            low, high, value = rest
            bands.append((int(low), None if high == "-" else int(high), int(value)))
    return made, down, bands


MADE, DOWN, IMP_BANDS = _golden()
CONTRACTS = [(level, strain, doubled)
             for level in range(1, 8) for strain in range(5) for doubled in range(3)]


def _name(level, strain, doubled):
    return f"{level}{'CDHS'[strain] if strain < 4 else 'NT'}{'X' * doubled}"


def test_golden_table_is_complete():
    assert len(MADE) == len(CONTRACTS) * 2
    for level, strain, doubled in CONTRACTS:
        for vulnerable in (False, True):
            assert len(MADE[(_name(level, strain, doubled), vulnerable)]) == 8 - level
    assert len(DOWN) == 6 and all(len(row) == 13 for row in DOWN.values())


@pytest.mark.parametrize("level,strain,doubled", CONTRACTS,
                         ids=[_name(*c) for c in CONTRACTS])
@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "vul"])
def test_every_result_of_every_contract(level, strain, doubled, vulnerable):
    expected_made = MADE[(_name(level, strain, doubled), vulnerable)]
    for tricks in range(14):
        got = contract_score(level, strain, doubled, vulnerable, tricks)
        over = tricks - 6 - level
        expected = expected_made[over] if over >= 0 else -DOWN[(doubled, vulnerable)][-over - 1]
        assert got == expected, (_name(level, strain, doubled), vulnerable, tricks)


def test_famous_scores():
    assert Contract.parse("1NT").score(False, 7) == 90
    assert Contract.parse("3NT").score(True, 9) == 600
    assert Contract.parse("4SX").score(False, 10) == 590
    assert Contract.parse("4SX").score(True, 10) == 790
    assert Contract.parse("7NTXX").score(True, 13) == 2980
    assert Contract.parse("1CX").score(False, 4) == -500
    assert Contract.parse("7NTXX").score(True, 0) == -7600


def test_strain_enum_and_numpy_integers_accepted():
    assert contract_score(4, Strain.SPADES, 0, True, 10) == 620
    assert contract_score(np.int64(4), np.int8(3), np.int32(1), np.bool_(True), np.int64(10)) == 790


@pytest.mark.parametrize("args,quoted", [
    ((0, 3, 0, False, 7), "0"), ((8, 3, 0, False, 13), "8"), ((4, 5, 0, False, 10), "5"),
    ((4, 3, 3, False, 10), "3"), ((4, 3, 0, False, 14), "14"), ((4, 3, 0, False, -1), "-1"),
    ((4, 3, 0, False, 10.0), "10.0"), (("4", 3, 0, False, 10), "'4'"),
])
def test_bad_arguments_raise_scoring_error_quoting_the_value(args, quoted):
    with pytest.raises(ScoringError, match=quoted):
        contract_score(*args)


@given(st.sampled_from(CONTRACTS), st.booleans(), st.integers(0, 12))
def test_one_more_trick_never_scores_less(contract, vulnerable, tricks):
    level, strain, doubled = contract
    assert (contract_score(level, strain, doubled, vulnerable, tricks + 1)
            > contract_score(level, strain, doubled, vulnerable, tricks))


@given(st.sampled_from(CONTRACTS), st.booleans(), st.integers(0, 13))
def test_sign_tells_made_or_defeated(contract, vulnerable, tricks):
    level, strain, doubled = contract
    score = contract_score(level, strain, doubled, vulnerable, tricks)
    assert (score > 0) == (tricks >= level + 6)
    assert score % 10 == 0


# --- Contract ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,level,strain,doubled,declarer", [
    ("4SX", 4, Strain.SPADES, 1, None),
    ("3NT", 3, Strain.NOTRUMP, 0, None),
    ("3n", 3, Strain.NOTRUMP, 0, None),
    ("7NTXX", 7, Strain.NOTRUMP, 2, None),
    ("1c", 1, Strain.CLUBS, 0, None),
    ("2H*", 2, Strain.HEARTS, 1, None),
    ("5D**", 5, Strain.DIAMONDS, 2, None),
    ("6♠X", 6, Strain.SPADES, 1, None),
    ("4SX by N", 4, Strain.SPADES, 1, Seat.NORTH),
    ("4SXW", 4, Strain.SPADES, 1, Seat.WEST),
    ("3NT S", 3, Strain.NOTRUMP, 0, Seat.SOUTH),
    (" 2d by e ", 2, Strain.DIAMONDS, 0, Seat.EAST),
])
def test_contract_parse(text, level, strain, doubled, declarer):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubled, contract.declarer) == (
        level, strain, doubled, declarer)
    assert type(contract.strain) is Strain


@pytest.mark.parametrize("text", ["", "4", "8S", "0NT", "4SXXX", "4Z", "PASS", "4S by Q", "44S"])
def test_contract_parse_errors_quote_the_text(text):
    with pytest.raises(ScoringError, match=re.escape(repr(text))):
        Contract.parse(text)


@given(st.sampled_from(CONTRACTS), st.sampled_from([None, *Seat]))
def test_contract_str_round_trips(contract, declarer):
    level, strain, doubled = contract
    made = Contract(level, strain, doubled, declarer)
    assert Contract.parse(str(made)) == made


def test_contract_str_and_defaults():
    assert str(Contract(4, Strain.SPADES, 1)) == "4SX"
    assert str(Contract(3, 4)) == "3NT"
    assert str(Contract(7, Strain.NOTRUMP, 2, Seat.SOUTH)) == "7NTXX by S"
    assert Contract(3, 4).strain is Strain.NOTRUMP
    assert Contract(1, 0, declarer=2).declarer is Seat.SOUTH


def test_contract_is_frozen_and_validated():
    contract = Contract(4, Strain.HEARTS)
    with pytest.raises(AttributeError):
        contract.level = 5  # type: ignore[misc]
    with pytest.raises(ScoringError, match="9"):
        Contract(9, Strain.HEARTS)
    with pytest.raises(ScoringError, match="4"):
        Contract(1, Strain.HEARTS, declarer=4)


# --- IMPs --------------------------------------------------------------------------------

def test_imp_bands_exhaustively():
    for low, high, value in IMP_BANDS:
        for difference in range(low, (high if high is not None else 10_000) + 1, 10):
            assert imps(difference) == value, difference
            assert imps(-difference) == -value, -difference
    assert imps(1_000_000) == 24


def test_imps_between_multiples_of_ten_take_the_higher_band():
    uppers = [high for _, high, _ in IMP_BANDS if high is not None]
    for difference in range(0, 4100):
        expected = sum(difference > upper for upper in uppers)
        assert imps(difference) == expected, difference
        assert imps(-difference) == -expected


def test_imps_rejects_non_numbers():
    with pytest.raises(ScoringError, match="'ten'"):
        imps("ten")  # type: ignore[arg-type]
