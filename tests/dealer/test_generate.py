"""DealStream: predeal, suit lengths, seat filters, swapping, limits, reproducibility."""
from __future__ import annotations

import numpy as np
import pytest

from dealer.generate import BLOCK_SIZE, DealStream, deal_block, hand_masks

SPADES = 0x1FFF << 39


def spade_count(masks):
    return np.bitwise_count(masks & np.uint64(SPADES))


def test_every_deal_gives_thirteen_cards_to_each_seat():
    owners = DealStream(1).next_batch(5000)
    assert owners.dtype == np.uint8 and owners.shape == (5000, 52)
    assert (np.stack([(owners == seat).sum(axis=1) for seat in range(4)]) == 13).all()


@pytest.mark.parametrize("rng", ["numpy", "dealer"])
def test_same_seed_same_deals_and_batch_sizes_do_not_matter(rng):
    whole = DealStream(42, rng=rng).next_batch(3 * BLOCK_SIZE // 2)
    stream = DealStream(42, rng=rng)
    pieces = np.concatenate([stream.next_batch(n) for n in (1, 1000, BLOCK_SIZE,
                                                             BLOCK_SIZE // 2 - 1001)])
    assert (whole == pieces).all()
    assert not (whole[:100] == DealStream(43, rng=rng).next_batch(100)).all()


def test_seed_printed_as_dealer_prints_it():
    assert DealStream(-1).seed == 2**64 - 1
    assert DealStream(4294967297, rng="dealer").seed == 4294967297
    assert 0 <= DealStream(None).seed < 2**63


def accepts_long_spades(masks):
    return spade_count(masks) >= 6


@pytest.mark.parametrize("filters", [None, {0: accepts_long_spades}])
def test_the_stream_is_its_blocks_one_after_another(filters):
    """What lets worker processes deal blocks on their own (dealing.BlockPipeline)."""
    stream = DealStream(8, seat_filters=filters)
    blocks = [deal_block(stream.plan, index) for index in range(2)]
    owners = np.concatenate([block for block, _ in blocks])
    generated = np.concatenate([counts + index * BLOCK_SIZE
                                for index, (_, counts) in enumerate(blocks)])
    assert (stream.next_batch(len(owners)) == owners).all()
    assert (stream.last_generated == generated).all()


def test_blocks_are_pure_functions_of_plan_and_index():
    plan = DealStream(5).plan
    first, counts = deal_block(plan, 3)
    again, _ = deal_block(plan, 3)
    assert (first == again).all() and (counts == np.arange(1, BLOCK_SIZE + 1)).all()


@pytest.mark.parametrize("rng", ["numpy", "dealer"])
def test_predeal_is_honoured(rng):
    predeal = {51: 0, 50: 0, 12: 2, 0: 3, 25: 1}
    owners = DealStream(3, rng=rng, predeal=predeal).next_batch(2000)
    for card, seat in predeal.items():
        assert (owners[:, card] == seat).all()
    assert ((owners == 0).sum(axis=1) == 13).all()


@pytest.mark.parametrize("rng, lengths", [
    ("numpy", {(0, 3): 1, (2, 2): 0, (1, 0): 4}),
    ("dealer", {(2, 2): 2, (1, 0): 4})])
def test_predeal_lengths_are_honoured(rng, lengths):
    owners = DealStream(4, rng=rng, predeal={51: 0, 38: 1}, predeal_lengths=lengths,
                        limit=1_000_000).next_batch(100)
    assert len(owners) == 100
    for (seat, suit), length in lengths.items():
        assert ((owners[:, 13 * suit:13 * suit + 13] == seat).sum(axis=1) == length).all()
    assert (owners[:, 51] == 0).all() and (owners[:, 38] == 1).all()


def test_impossible_lengths_are_refused():
    with pytest.raises(ValueError):
        DealStream(1, predeal={51: 0, 50: 0}, predeal_lengths={(0, 3): 1})
    with pytest.raises(ValueError):
        DealStream(1, predeal_lengths={(0, 3): 14})


@pytest.mark.parametrize("rng", ["numpy", "dealer"])
def test_seat_filters_and_generated_counts(rng):
    stream = DealStream(6, rng=rng, seat_filters={2: accepts_long_spades}, limit=10**6)
    owners = stream.next_batch(400)
    assert (spade_count(hand_masks(owners, 2)) >= 6).all()
    counts = stream.last_generated
    assert len(counts) == 400 and (np.diff(counts) > 0).all()
    assert stream.generated == counts[-1]
    # about one hand in 23 has 6+ spades
    assert 15 < counts[-1] / 400 < 32


def test_dealer_mode_filters_keep_exactly_dealers_own_deals():
    plain = DealStream(12, rng="dealer").next_batch(5000)
    kept = np.flatnonzero(spade_count(hand_masks(plain, 0)) >= 6)
    stream = DealStream(12, rng="dealer", seat_filters={0: accepts_long_spades})
    filtered = stream.next_batch(len(kept))
    assert (filtered == plain[kept]).all()
    assert (stream.last_generated == kept + 1).all()


@pytest.mark.parametrize("rng", ["numpy", "dealer"])
def test_limit_stops_the_stream(rng):
    stream = DealStream(2, rng=rng, limit=1000)
    assert len(stream.next_batch(600)) == 600 and stream.generated == 600
    assert len(stream.next_batch(600)) == 400 and stream.generated == 1000
    assert len(stream.next_batch(600)) == 0 and stream.exhausted


def test_limit_with_an_impossible_filter_ends():
    stream = DealStream(2, seat_filters={0: lambda masks: np.zeros(len(masks), bool)},
                        limit=3 * BLOCK_SIZE)
    assert len(stream.next_batch(10)) == 0
    assert stream.generated == 3 * BLOCK_SIZE


@pytest.mark.parametrize("swapping, variants", [(2, 2), (3, 6)])
def test_swapping_keeps_north_and_permutes_the_others(swapping, variants):
    stream = DealStream(9, swapping=swapping)
    owners = stream.next_batch(6 * variants).reshape(6, variants, 52)
    assert (owners[:, :, :] == 0).sum() == 6 * variants * 13
    assert (owners == 0).all(axis=1).sum() == 6 * 13  # north's cards identical in a group
    hands = {frozenset(map(tuple, [np.flatnonzero(deal == seat) for seat in (1, 2, 3)]))
             for deal in owners[0]}
    assert len(hands) == 1
    assert (stream.last_generated == np.arange(1, 6 * variants + 1)).all()


def test_swapping_refuses_filters_on_seats_that_move():
    with pytest.raises(ValueError):
        DealStream(1, swapping=3, seat_filters={2: accepts_long_spades})
    DealStream(1, swapping=2, seat_filters={2: accepts_long_spades})


def test_rnd_source_is_reproducible():
    assert DealStream(5).random.random() == DealStream(5).random.random()
    first = DealStream(5, rng="dealer").random.random(3)
    assert ((first >= 0) & (first < 1)).all()
