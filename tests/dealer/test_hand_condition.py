"""compile_hand_condition: dealer expressions about one hand, on bidding.model.cards.Hand."""
import pathlib
import timeit

import pytest

from bidding.model.cards import Hand
from dealer import compile_hand_condition
from dealer.errors import DealerSemanticError, DealerSyntaxError

GOLDEN = pathlib.Path(__file__).parent.parent / "golden" / "dealer_evaluation.txt"
SUITS = ("spades", "hearts", "diamonds", "clubs")


def golden_rows():
    """Hands evaluated by /usr/games/dealer: totals, then per suit (spades first)."""
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        text, rest = line.split(None, 1)
        totals, *suits = rest.split("|")
        yield Hand.parse(text), [int(v) for v in totals.split()], [
            [int(v) for v in suit.split()] for suit in suits]


@pytest.mark.skipif(not GOLDEN.exists(), reason="golden file of dealer's evaluations missing")
def test_every_figure_matches_the_reference_binary():
    totals_names = ["hcp", "control", "loser", "cccc"] + [f"pt{i}" for i in range(10)]
    total_conditions = [compile_hand_condition(name) for name in totals_names]
    suit_conditions = [[compile_hand_condition(f"{kind}({suit})")
                        for kind in ("hcp", "control", "loser", "quality")] for suit in SUITS]
    checked = 0
    for hand, totals, suits in golden_rows():
        assert [c.value(hand) for c in total_conditions] == totals, str(hand)
        for conditions, expected in zip(suit_conditions, suits):
            assert [c.value(hand) for c in conditions] == expected, str(hand)
        checked += 1
    assert checked > 20


HAND = Hand.parse("AK32.KQ5.J92.Q43")  # 15 HCP, 4-3-3-3


@pytest.mark.parametrize("text, expected", [
    ("hcp >= 15 and shape{(4333)+(4432)+(5332)}", True),
    ("hcp == 15", True),
    ("spades >= 5", False),
    ("spades == 4 && hearts == 3", True),
    ("controls >= 3", True),
    ("controls == 4", True),
    ("losers <= 7", True),
    ("losers == 7", True),
    ("hascard(SA)", True),
    ("hascard(AS) and not hascard(HA)", True),
    ("hcp(spades) == 7", True),
    ("shape(any 4333)", True),
    ("shape(4333)", True),
    ("shape(3433)", False),
    ("shape{4s(333)}", True),
    ("shape{5+M(xxx)}", False),
    ("quality(spades) >= 200", True),
    ("cccc >= 1200", True),
    ("aces == 1 and kings == 2 and queens == 2 and jacks == 1 and tens == 0", True),
    ("top3(hearts) == 2", True),
    ("c13 == 6+4+4+2+1+2", True),
    ("hcp > 20 ? 0 : 1", True),
])
def test_known_hand(text, expected):
    assert compile_hand_condition(text)(HAND) is expected


def test_ltc_counts_half_losers_in_hundredths():
    assert compile_hand_condition("ltc").value(Hand.parse("AKQ.AKQ.AKQ.AKQ2")) == 0
    assert compile_hand_condition("ltc").value(Hand.parse("Q32.Q32.Q32.Q432")) == 1000
    assert compile_hand_condition("ltc(spades)").value(Hand.parse("AJT2.K32.Q32.Q43")) == 150
    assert compile_hand_condition("ltc(spades)").value(Hand.parse("KJT.K432.Q32.Q43")) == 150
    assert compile_hand_condition("ltc(spades)").value(Hand.parse("Q32.K432.Q32.Q43")) == 250
    assert compile_hand_condition("ltc(spades)").value(Hand.parse("K2.AK432.Q32.Q43")) == 100
    assert compile_hand_condition("ltc(spades)").value(Hand.parse("-.AK5432.Q32.Q432")) == 0
    assert compile_hand_condition("ltc <= 700")(Hand.parse("AKQ32.AK2.32.432"))


@pytest.mark.parametrize("spades, expected", [
    # Dealer v2's half losers
    ("K", 50), ("AQ", 50), ("AKJ", 50), ("AKJ2", 50), ("AKJT9", 50), ("AQJ", 50),
    ("AQJ32", 50),
    # queen backed by the jack: no extra half loser; a lone queen has one
    ("QJ", 200), ("QJ2", 200), ("QJ432", 200), ("Q32", 250), ("Q5432", 250),
    # jack and ten with one top honour
    ("AJT", 150), ("KJT2", 150),
    # the classic count everywhere else
    ("", 0), ("A", 0), ("Q", 100), ("2", 100), ("AK", 0), ("KQ", 100), ("A2", 100),
    ("K2", 100), ("Q2", 200), ("32", 200), ("AKQ", 0), ("AKQJ", 0), ("KQJ", 100),
    ("AK2", 100), ("AQ2", 100), ("AQT", 100), ("KQ2", 100), ("AJ2", 200), ("K32", 200),
    ("J32", 300), ("5432", 300),
])
def test_ltc_holding_classes_as_dealer_v2(spades, expected):
    others = ["AKQJT98765432"[:13 - len(spades)][i::3] for i in range(3)]
    hand = Hand.parse(".".join([spades or "-", *others]))
    assert compile_hand_condition("ltc(spades)").value(hand) == expected


def test_ltc_of_dealer_v2_example():
    hand = Hand.parse("AQJ2.AQ.K.QJ5432")
    values = [compile_hand_condition(f"ltc({suit})").value(hand)
              for suit in ("spades", "hearts", "diamonds", "clubs")]
    assert values + [compile_hand_condition("ltc").value(hand)] == [50, 50, 50, 200, 350]


def test_descriptions():
    assert compile_hand_condition(
        "hcp >= 15 and hcp <= 17 and shape{(4333)+(4432)+(5332)}").describe() == \
        "15-17 HCP, any 4333, 4432 or 5332"
    assert compile_hand_condition("spades >= 5").describe() == "5+ spades"
    assert compile_hand_condition("losers <= 7").describe() == "at most 7 losers"
    assert compile_hand_condition("hearts == 4").describe() == "exactly 4 hearts"
    assert compile_hand_condition("hcp > 11 && hcp < 15").describe() == "12-14 HCP"
    assert compile_hand_condition("hascard(SA)").describe() == "holds the A of spades"
    assert compile_hand_condition("spades >= 5 or hearts >= 5").describe() == \
        "5+ spades or 5+ hearts"
    assert compile_hand_condition("ltc <= 750").describe() == "at most 7.5 losing tricks"


def test_text_is_kept():
    condition = compile_hand_condition("hcp >= 12")
    assert condition.text == "hcp >= 12"


def test_errors_name_the_place():
    with pytest.raises(DealerSemanticError, match="leave out the compass") as error:
        compile_hand_condition("hcp(north) >= 12")
    assert "^" in str(error.value)
    with pytest.raises(DealerSemanticError, match="unknown identifier `foo`"):
        compile_hand_condition("foo > 2")
    with pytest.raises(DealerSemanticError, match="whole deal"):
        compile_hand_condition("tricks(spades) > 8")
    with pytest.raises(DealerSyntaxError, match="expected"):
        compile_hand_condition("hcp >= ")


def test_division_by_zero_is_an_error_only_when_reached():
    assert compile_hand_condition("spades > 13 && 10 / (spades - 4) > 1")(HAND) is False
    from dealer.errors import DealerRuntimeError
    with pytest.raises(DealerRuntimeError, match="division by zero"):
        compile_hand_condition("10 / (spades - 4) > 1")(HAND)


def test_fast_enough_for_the_robots():
    condition = compile_hand_condition("hcp >= 15 and shape{(4333)+(4432)+(5332)}")
    seconds = min(timeit.repeat(lambda: condition(HAND), number=2000, repeat=3)) / 2000
    assert seconds < 10e-6
