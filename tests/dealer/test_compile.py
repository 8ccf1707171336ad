"""The vectorised evaluator: agreement with the scalar one, short-circuits, C arithmetic."""
import numpy as np
import pytest

from bidding.model.cards import Hand
from dealer import compile_hand_condition
from dealer.compile import bind_seat, compile_expression
from dealer.errors import DealerRuntimeError, DealerSemanticError
from dealer.features import DealFeatures, hand_masks_from_owners
from dealer.grammar import parse_expression
from dealer.program import compile_program


def random_owners(count: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((count, 52)), axis=1)
    owners = np.empty((count, 52), dtype=np.uint8)
    np.put_along_axis(owners, order, np.repeat(np.arange(4, dtype=np.uint8), 13)[None, :]
                      .repeat(count, 0), axis=1)
    return owners


OWNERS = random_owners(2000)


def evaluate(text: str, owners=OWNERS, **options) -> np.ndarray:
    return compile_expression(parse_expression(text), **options)(DealFeatures(owners))


def hands(seat: int, owners=OWNERS) -> list[Hand]:
    return [Hand(int(m)) for m in hand_masks_from_owners(owners, seat)]


@pytest.mark.parametrize("text", [
    "hcp", "spades", "hearts * 2 - clubs", "controls", "losers", "ltc", "cccc",
    "quality(hearts)", "c13 + top5(spades)", "hcp(diamonds) % 3", "-hcp / 3",
    "shape{(4432)+(5332)} ? hcp : -1", "hascard(SA) || hcp > 12 && spades >= 4",
    "loser(clubs) * 10 + control(spades)", "shape(any 4333 + 5xxx - 5xx5)",
    "score(vul, x3N, spades + 3)", "imps(hcp * 100 - 900)", "!(spades > hearts)",
])
def test_vectorised_matches_scalar(text):
    condition = compile_hand_condition(text)
    for seat in range(4):
        vector = compile_expression(bind_seat(parse_expression(text), seat))(
            DealFeatures(OWNERS))
        scalar = [condition.value(hand) for hand in hands(seat)]
        assert [int(v) for v in vector] == scalar


def test_c_division_on_arrays():
    features = DealFeatures(size=4, values={("variable", "a"): np.array([-7, 7, -7, 7]),
                                            ("variable", "b"): np.array([2, -2, 3, -3])})
    from dealer.compile import VectorCompiler
    compiler = VectorCompiler({}, "<test>", variables=frozenset("ab"))
    divide = compiler.compile(parse_expression("a / b")).run(features)
    remainder = compiler.compile(parse_expression("a % b")).run(features)
    assert divide.tolist() == [-3, -3, -2, -2]
    assert remainder.tolist() == [-1, 1, -1, 1]


def test_right_of_a_false_and_is_not_evaluated():
    assert not evaluate("spades(north) > 13 && 1 / (spades(north) - spades(north)) > 0").any()
    assert evaluate("spades(north) < 14 || 1 / (spades(north) - spades(north)) > 0").all()
    values = evaluate("spades(north) == 0 ? 0 : 100 / spades(north)")
    assert (values >= 0).all()


def test_division_by_zero_names_the_expression():
    with pytest.raises(DealerRuntimeError, match=r"division by zero in `10 / \(spades\(north\) - 3\)`"):
        evaluate("hcp(north) >= 0 && 10 / (spades(north) - 3) > 1")
    with pytest.raises(DealerSemanticError, match="division by zero"):
        evaluate("3 / 0")


def test_tricks_only_for_rows_that_reach_it():
    calls = []

    def tricks(row, seat, strain):
        calls.append((seat, strain))
        return 9

    mask = evaluate("hcp(north) >= 20 && tricks(north, notrump) >= 9", tricks=tricks)
    strong = int((evaluate("hcp(north) >= 20")).sum())
    assert len(calls) == strong == int(mask.sum())
    assert calls and all(call == (0, 4) for call in calls)


def test_compass_is_required_in_scripts():
    with pytest.raises(DealerSemanticError, match=r"needs a compass here, as in hcp\(north\)"):
        compile_program("condition hcp >= 12")


def test_definitions_are_evaluated_once_per_batch():
    calls = []

    def tricks(row, seat, strain):
        calls.append(1)
        return 7

    program = compile_program("t = tricks(south, spades)\ncondition t > 6 && t < 8",
                              tricks=tricks)
    assert program.condition(DealFeatures(OWNERS[:50])).all()
    assert len(calls) == 50


def test_seat_filters_come_from_single_seat_conjuncts():
    program = compile_program("""
        nt = hcp(north) >= 15 && shape(north, any 4333 + any 4432)
        condition nt && hearts(south) >= 4 && hcp(east) + hcp(west) < 10
            && (hcp(south) > 5 || spades(north) > 2)""")
    assert sorted(program.seat_filters) == [0, 2]
    features = DealFeatures(OWNERS)
    north = program.seat_filters[0](DealFeatures(hand_masks={0: features.hand_mask(0)}))
    assert (north == evaluate("hcp(north) >= 15 && shape(north, any 4333 + any 4432)")).all()


def test_no_seat_filter_for_random_or_double_dummy_terms():
    program = compile_program("condition hcp(north) > rnd(10) && tricks(north, spades) > 6 "
                              "&& spades(north) > 3")
    assert list(program.seat_filters) == [0]


def test_rnd_is_below_its_bound():
    values = compile_expression(parse_expression("rnd(10)"))(
        DealFeatures(OWNERS[:500], random=np.random.default_rng(1)))
    assert values.min() >= 0 and values.max() <= 9 and len(set(values.tolist())) == 10


def test_features_from_hand_masks_match_features_from_owners():
    whole = DealFeatures(OWNERS)
    alone = DealFeatures(hand_masks={2: whole.hand_mask(2)})
    for kind in ("hcp", "loser", "control", "ltc", "pt9"):
        assert (whole.count(kind, 2, None) == alone.count(kind, 2, None)).all()
    assert (whole.has_card(2, 51) == alone.has_card(2, 51)).all()
    assert (whole.cccc(2) == alone.cccc(2)).all()


def test_subset_reuses_the_parent_figures():
    whole = DealFeatures(OWNERS)
    hcp = whole.count("hcp", 0, None)
    rows = np.flatnonzero(hcp > 15)
    part = whole.subset(rows)
    assert (part.count("hcp", 0, None) == hcp[rows]).all()
    assert ("suits", 0) not in part._cache  # taken from the parent, not recomputed


def test_pointcount_and_altcount_tables_are_honoured():
    program = compile_program("pointcount 1 1 1 1 1\naltcount 2 0 0 5\n"
                              "condition hcp(north) >= 0\naction average pt2(north), "
                              "average queens(north, spades)")
    features = DealFeatures(OWNERS, tables=program.tables)
    honours = compile_hand_condition("top5")
    assert [int(v) for v in features.count("hcp", 0, None)] == [
        honours.value(h) for h in hands(0)]
    queens = compile_hand_condition("queens")
    pt2 = program.actions[0].expressions[0](features)
    assert [int(v) for v in pt2] == [5 * queens.value(h) for h in hands(0)]
