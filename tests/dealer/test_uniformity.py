"""Statistical checks that numpy-mode deals are uniform, also under predeal, suit lengths
and seat filters. Seeds are fixed, so each check is deterministic; sample sizes give every
check a chi-square p-value far above the 1e-4 threshold when the generator is right, while
a bias of a few percent in one cell fails it."""
from __future__ import annotations

import math
from itertools import permutations

import numpy as np
import pytest

from dealer.generate import DealStream, hand_masks

THRESHOLD = 1e-4


def chi_square_p(observed, expected, dof: int | None = None) -> float:
    """Upper tail of Pearson's chi-square (Wilson-Hilferty approximation)."""
    observed = np.asarray(observed, dtype=float).ravel()
    expected = np.asarray(expected, dtype=float).ravel()
    statistic = float(((observed - expected) ** 2 / expected).sum())
    dof = dof or len(observed) - 1
    z = ((statistic / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def lengths(owners, seat):
    return np.stack([(owners[:, 13 * s:13 * s + 13] == seat).sum(axis=1) for s in range(4)],
                    axis=1)


def pattern_probability(pattern) -> float:
    """Exact probability that a hand has this shape class (sorted lengths)."""
    orders = len(set(permutations(pattern)))
    ways = math.prod(math.comb(13, length) for length in pattern)
    return orders * ways / math.comb(52, 13)


def all_patterns():
    found = set()
    for a in range(14):
        for b in range(a + 1):
            for c in range(b + 1):
                d = 13 - a - b - c
                if 0 <= d <= c:
                    found.add((a, b, c, d))
    return sorted(found, key=pattern_probability, reverse=True)


def test_each_card_goes_to_each_seat_equally():
    owners = DealStream(101).next_batch(100_000)
    counts = np.stack([(owners == seat).sum(axis=0) for seat in range(4)])
    assert chi_square_p(counts, np.full(counts.shape, len(owners) / 4)) > THRESHOLD


def test_shape_classes_have_their_exact_frequencies():
    owners = DealStream(102).next_batch(200_000)
    for seat in (0, 3):
        shapes = np.sort(lengths(owners, seat), axis=1)[:, ::-1]
        patterns = all_patterns()
        common = [p for p in patterns if pattern_probability(p) * len(owners) >= 20]
        observed = [np.count_nonzero((shapes == p).all(axis=1)) for p in common]
        expected = [pattern_probability(p) * len(owners) for p in common]
        observed.append(len(owners) - sum(observed))
        expected.append(len(owners) - sum(expected))
        assert chi_square_p(observed, expected) > THRESHOLD
        assert abs(observed[0] / len(owners) - pattern_probability((4, 4, 3, 2))) < 0.004


def test_predealt_cards_leave_the_rest_uniform():
    predeal = {51: 0, 37: 0, 0: 2}
    owners = DealStream(103, predeal=predeal).next_batch(100_000)
    free = [card for card in range(52) if card not in predeal]
    counts = np.stack([(owners[:, free] == seat).sum(axis=0) for seat in range(4)])
    share = np.array([11, 13, 12, 13]) / 49
    assert chi_square_p(counts, np.outer(share, np.full(len(free), len(owners)))) > THRESHOLD


def test_suit_length_predeal_is_uniform_given_the_length():
    owners = DealStream(104, predeal_lengths={(0, 3): 2}).next_batch(60_000)
    north_spades = owners[:, 39:] == 0
    assert (north_spades.sum(axis=1) == 2).all()
    assert chi_square_p(north_spades.sum(axis=0), np.full(13, 2 * len(owners) / 13)) > THRESHOLD
    hearts = (owners[:, 26:39] == 0).sum(axis=1)
    exact = np.array([math.comb(13, h) * math.comb(26, 11 - h) for h in range(12)], float)
    exact /= exact.sum()
    observed = np.bincount(hearts, minlength=12)
    keep = exact * len(owners) >= 10
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(exact[keep], exact[~keep].sum()) * len(owners)
    assert chi_square_p(observed, expected) > THRESHOLD


def long_spades(masks):
    return np.bitwise_count(masks & np.uint64(0x1FFF << 39)) >= 6


@pytest.mark.parametrize("seat", [0, 2])
def test_seat_filter_gives_the_exact_conditional_distribution(seat):
    owners = DealStream(105 + seat, seat_filters={seat: long_spades},
                        limit=10**7).next_batch(20_000)
    spades = (owners[:, 39:] == seat).sum(axis=1)
    exact = np.array([math.comb(13, k) * math.comb(39, 13 - k) for k in range(14)], float)
    exact[:6] = 0
    exact /= exact.sum()
    observed = np.bincount(spades, minlength=14)[6:10]
    expected = exact[6:10] * len(owners)
    observed = np.append(observed, len(owners) - observed.sum())
    expected = np.append(expected, len(owners) - expected.sum())
    assert chi_square_p(observed, expected) > THRESHOLD
    # the other hands share the remaining cards uniformly
    others = [s for s in range(4) if s != seat]
    rest = owners != seat
    counts = np.stack([((owners == s) & rest).sum(axis=0) for s in others])
    assert chi_square_p(counts, np.broadcast_to(rest.sum(axis=0) / 3, counts.shape)) > THRESHOLD


def four_hearts(masks):
    return np.bitwise_count(masks & np.uint64(0x1FFF << 26)) >= 4


def test_filters_on_two_seats_match_rejection_sampling():
    directed = DealStream(107, seat_filters={0: long_spades, 2: four_hearts},
                          limit=10**7).next_batch(5000)
    plain = DealStream(108).next_batch(300_000)
    rejected = plain[long_spades(hand_masks(plain, 0)) & four_hearts(hand_masks(plain, 2))]
    table = []
    for sample in (directed, rejected):
        assert (long_spades(hand_masks(sample, 0)) & four_hearts(hand_masks(sample, 2))).all()
        north_spades = (sample[:, 39:] == 0).sum(axis=1) >= 7
        south_hearts = (sample[:, 26:39] == 2).sum(axis=1) >= 5
        table.append(np.bincount(2 * north_spades + south_hearts, minlength=4))
    table = np.array(table, dtype=float)
    expected = np.outer(table.sum(axis=1), table.sum(axis=0)) / table.sum()
    assert chi_square_p(table, expected, dof=3) > THRESHOLD
