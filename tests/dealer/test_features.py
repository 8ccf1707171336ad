"""The deal generator's per-suit figures come from the model's tables, so dealer scripts,
the robots' hand facts and bidding.model.evaluation give one number for one hand."""
import numpy as np

from bidding.engine.handfacts import facts_of
from bidding.model import evaluation
from bidding.model.cards import CARDS, Suit, random_deal
from dealer.features import DEFAULT_TABLES, DealFeatures


def test_batch_figures_equal_the_models_hand_by_hand():
    rng = np.random.default_rng(5)
    deals = [random_deal(rng) for _ in range(200)]
    owners = np.array([[deal.holder(card) for card in CARDS] for deal in deals], dtype=np.uint8)
    features = DealFeatures(owners)
    for seat in range(4):
        hands = [deal[seat] for deal in deals]
        assert list(features.count("loser", seat, None)) == [evaluation.losers(h) for h in hands]
        assert list(features.count("hcp", seat, None)) == [evaluation.hcp(h) for h in hands]
        assert list(features.cccc(seat)) == [evaluation.cccc(h) for h in hands]
        for suit in Suit:
            assert list(features.quality(seat, suit)) == \
                [evaluation.suit_quality(h, suit) for h in hands]
            assert list(features.count("control", seat, suit)) == \
                [facts_of(h).suit_controls[suit] for h in hands]


def test_point_tables_are_the_models():
    assert DEFAULT_TABLES.hcp == evaluation.HCP
    assert DEFAULT_TABLES.altcounts == evaluation.PT_SCALES
    assert list(DEFAULT_TABLES.table("loser")) == list(evaluation.HOLDING_LOSERS)
