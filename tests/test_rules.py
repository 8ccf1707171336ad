"""Call templates, `over` lists, hand-type predicates and their descriptions."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from bidding.model import evaluation
from bidding.model.calls import CALLS, Call
from bidding.model.cards import CARDS, Hand, Suit
from bidding.engine.constraints import (Combined, FigureRange, Fit, Forced, HandType, Longest,
                                        PartnerHcp, PassedHand, RuleEnv, SeatIn, ShapeTest,
                                        Promise, ShownSuits, Stopper, SuitHolding, Support,
                                        Vulnerable, compile_predicate)
from bidding.engine.handfacts import facts_of
from bidding.engine.inference import (HCP, LENGTH, MAX_POINTS, POINTS, SUPPORT, UNKNOWN_PICTURE,
                                      intersected)
from bidding.engine.suitrefs import Situation, SuitRef, SuitReferenceError
from bidding.engine.rules import (CallTemplate, CallTemplateError, OverError, cuebid_key,
                                  over_call, parse_over)

C, D, H, S = 0, 1, 2, 3


def resolve(text: str, situation: Situation) -> list[str]:
    return [str(call) for call, _, _ in CallTemplate.parse(text).resolve(situation)]


# --- calls ------------------------------------------------------------------------------------
def test_absolute_calls_in_any_spelling():
    for text, expected in (("PASS", "P"), ("p", "P"), ("X", "X"), ("dbl", "X"), ("xx", "XX"),
                           ("1nt", "1NT"), ("1N", "1NT"), ("7s", "7S")):
        assert resolve(text, Situation()) == [expected]


def test_raise_is_relative_to_partners_last_bid_in_the_suit():
    after_1h = Situation(partner_suits=(H,), partner_bid_levels=(0, 0, 1, 0, 0),
                         last_bid_index=Call.parse("2S").index)
    assert resolve("raise(1)", after_1h) == ["2H"]
    assert resolve("raise(2)", after_1h) == ["3H"]
    assert resolve("raise(2, hearts)", after_1h) == ["3H"]
    assert resolve("raise(1)", Situation()) == []          # partner has no suit yet


def test_cheapest_jump_cue_and_new_suits():
    over_1s = Situation(partner_suits=(D,), their_suits=(S,), unbid=(C, H),
                        last_bid_index=Call.parse("1S").index)
    assert resolve("cheapest(partner)", over_1s) == ["2D"]
    assert resolve("jump(partner)", over_1s) == ["3D"]
    assert resolve("jump(partner, 2)", over_1s) == ["4D"]
    assert resolve("cue", over_1s) == ["2S"]
    assert resolve("cheapest(NT)", over_1s) == ["1NT"]
    assert resolve("new", over_1s) == ["2C", "2H"]          # unbid suits, cheapest first
    assert resolve("jumpnew", over_1s) == ["3C", "3H"]
    assert resolve("4(major)", over_1s) == ["4H", "4S"]
    after_7nt = Situation(partner_suits=(D,), last_bid_index=CALLS[-1].index)
    assert resolve("7(partner)", after_7nt) == ["7D"]    # illegal now, still resolved
    assert resolve("jump(partner, 6)", over_1s) == []       # above 7NT: no rule


def test_hand_dependent_suits_expand_with_a_test():
    expanded = CallTemplate.parse("1(longest)").resolve(Situation())
    assert [str(c) for c, _, _ in expanded] == ["1C", "1D", "1H", "1S"]
    assert all(test for _, _, test in expanded)
    clubs_test = expanded[0][2]
    predicate = compile_predicate([[clubs_test]])
    assert predicate(facts_of(Hand.parse("AK.QJ.T98.AKQJ32")))
    assert not predicate(facts_of(Hand.parse("AKJ2.QJ2.T98.AKQ")))


def test_game_is_four_of_a_major_five_of_a_minor_or_3nt():
    after_1d_1h_1s = Situation(own_suits=(H,), partner_suits=(D, S), their_suits=(),
                               last_bid_index=Call.parse("1S").index)
    assert resolve("game(partner)", after_1d_1h_1s) == ["4S"]
    assert resolve("game(partner-first)", after_1d_1h_1s) == ["5D"]
    assert resolve("game(NT)", after_1d_1h_1s) == ["3NT"]
    assert resolve("game(major)", after_1d_1h_1s) == ["4H", "4S"]
    assert resolve("game(their)", after_1d_1h_1s) == []             # no rule: undefined
    template = CallTemplate.parse("game(partner)")
    assert template.phrase() == "game"
    assert CallTemplate.parse("game(longest)").phrase() == "game in longest suit"
    assert "last_bid_index" not in template.depends_on   # the level never depends on it
    high = Situation(partner_suits=(C,), last_bid_index=Call.parse("6C").index)
    assert resolve("game(partner)", high) == ["5C"]       # resolved, illegal now: skipped


def test_new_suits_ranking_above_or_below_own_first_suit():
    after_1d_1s = Situation(own_suits=(D,), partner_suits=(S,), unbid=(C, H),
                            last_bid_index=Call.parse("1S").index)
    assert resolve("cheapest(unbid-above)", after_1d_1s) == ["2H"]
    assert resolve("cheapest(unbid-below)", after_1d_1s) == ["2C"]
    assert resolve("cheapest(unbid-above)", Situation()) == []      # no own suit yet
    assert CallTemplate.parse("cheapest(unbid-above)").phrase() == \
        "new suit ranking above own first suit"
    assert CallTemplate.parse("jump(unbid-below)").phrase() == \
        "jump in a new suit ranking below own first suit"
    assert set(SuitRef("unbid-above").depends_on) == {"own_suits", "unbid"}


def test_longest_of_partners_suits_is_chosen_by_the_hand():
    after_unusual_2nt = Situation(partner_suits=(C, H), their_suits=(D,),
                                  last_bid_index=Call.parse("2NT").index)
    expanded = CallTemplate.parse("cheapest(longest-partner)").resolve(after_unusual_2nt)
    assert [str(call) for call, _, _ in expanded] == ["3C", "3H"]
    clubs, hearts = (compile_predicate([[test]]) for _, _, test in expanded)
    equal = facts_of(Hand.parse("A32.K432.5.Q8432"))            # 4 hearts, 5 clubs
    assert clubs(equal) and not hearts(equal)
    tie = facts_of(Hand.parse("A3.K5432.5.Q8432"))              # 5-5: the higher, hearts
    assert hearts(tie) and not clubs(tie)
    assert CallTemplate.parse("cheapest(longest-partner)").phrase() == \
        "longest of partner's suits"


@pytest.mark.parametrize("text", ["1Z", "raise(x)", "raise(1,NT)", "cheapest()", "jump(H,9)",
                                  "cue(H,S)", "cue(NT)", "4(this)", "cheapest(nobody)", "8C",
                                  "game", "game()", "game(H,S)", "game(this)"])
def test_bad_call_templates(text):
    with pytest.raises(CallTemplateError):
        CallTemplate.parse(text)


# --- over ------------------------------------------------------------------------------------
def names(indexes) -> set[str]:
    return {str(CALLS[i]) for i in indexes}


def test_over_items():
    assert names(parse_over("PASS")) == {"P"}
    assert len(parse_over("all")) == 38 == len(parse_over("Any"))
    assert names(parse_over("1major, X")) == {"1H", "1S", "X"}
    assert names(parse_over("1C-1S")) == {"1C", "1D", "1H", "1S"}
    assert names(parse_over("2suit")) == {"2C", "2D", "2H", "2S"}
    assert names(parse_over("NT")) == {f"{n}NT" for n in range(1, 8)}
    assert names(parse_over("3NT")) == {"3NT"}
    assert len(parse_over("bid")) == 35
    # a cue-bid item is its suit bid's own key: it matches only when the interpreter finds
    # the bid in a suit our side has shown (tests/test_system.py)
    assert {over_call(item) for item in parse_over("2cuebid")} == \
        {Call.parse(text).index for text in ("2C", "2D", "2H", "2S")}
    assert parse_over("2cuebid") == {cuebid_key(Call.parse(text).index)
                                     for text in ("2C", "2D", "2H", "2S")}
    assert len(parse_over("cuebid")) == 28 and not parse_over("cuebid") & parse_over("all")
    for bad in ("", "1S-1C", "1Q", "X-2S", "8bid", "8cuebid", "cuebids"):
        with pytest.raises(OverError):
            parse_over(bad)


# --- hand types ----------------------------------------------------------------------------
def compile_type(constraints, situation=None, this=None):
    resolution = HandType(tuple(constraints), 1).resolve(RuleEnv(situation or Situation(), this))
    return resolution, compile_predicate([resolution.tests])


def fits(hand_text, constraints, situation=None, this=None) -> bool:
    resolution, predicate = compile_type(constraints, situation, this)
    return not resolution.impossible and predicate(facts_of(Hand.parse(hand_text)))


def test_description_reads_naturally():
    resolution, _ = compile_type([FigureRange(1, "hcp", 15, 17), ShapeTest(1, "balanced"),
                                  SuitHolding(1, SuitRef("s"), 2, 4)])
    assert ", ".join(resolution.phrases) == "15-17 HCP, balanced, 2-4 spades"
    after_1h = Situation(partner_suits=(H,))
    resolution, _ = compile_type([SuitHolding(1, SuitRef("partner"), 3),
                                  Support(1, SuitRef("partner"), 6, 10)], after_1h, this=H)
    assert ", ".join(resolution.phrases) == \
        "3+ card support for partner's major, 6-10 support points"


def test_honours_and_controls_are_checked():
    suit = SuitHolding(1, SuitRef("s"), 6, 6, honours=(2, None), controls=(1, None))
    assert fits("KQ9876.32.432.32", [suit])
    assert not fits("QJ9876.32.432.32", [suit])          # no control
    assert not fits("K98765.32.432.32", [suit])          # one honour


def test_support_stopper_longest_and_sets():
    after_1s = Situation(partner_suits=(S,), their_suits=(H,), unbid=(C, D))
    assert fits("K32.5.QJ6543.K32", [Support(1, SuitRef("partner"), 11, 11)], after_1s)
    assert fits("K32.K5.QJ654.K32", [Stopper(1, SuitRef("their"))], after_1s)
    assert not fits("K32.5.QJ6543.K32", [Stopper(1, SuitRef("their"))], after_1s)
    takeout = [SuitHolding(1, SuitRef("unbid"), 3)]
    assert fits("A32.5.QJ654.K432", takeout, after_1s) is True   # unbid: D and C
    assert not fits("A32.5.QJ65432.K2", takeout, after_1s)
    either_minor = [SuitHolding(1, SuitRef("minor"), 5, any_of=True)]
    assert fits("A3.5.QJ6543.K432", either_minor)
    assert not fits("AKQ3.A5.QJ65.K43", either_minor)
    assert fits("A3.5.QJ6543.K432", [Longest(1, SuitRef("d"))])
    assert fits("2.5.QJ654.KQJ432", [SuitHolding(1, SuitRef("longest"), 6, 6)])


def test_support_points_can_count_a_singleton_honour_as_shortness_only():
    """KQJ6.QJ732.K65.Q raising spades: 14 HCP + 3 for the singleton is 17 support points;
    counting the singleton queen as shortness only (a loser, as a small singleton) makes 15.
    A singleton ace keeps its HCP and its shortness."""
    after_1s = Situation(partner_suits=(S,))
    singleton_queen, singleton_ace = "KQJ6.QJ732.K65.Q", "KQJ6.QJ732.K65.A"
    assert fits(singleton_queen, [Support(1, SuitRef("partner"), 17, 17)], after_1s)
    assert fits(singleton_queen, [Support(1, SuitRef("partner"), 15, 15, True)], after_1s)
    assert fits(singleton_ace, [Support(1, SuitRef("partner"), 19, 19, True)], after_1s)
    resolution, _ = compile_type([Support(1, SuitRef("partner"), 16, None, True)], after_1s)
    assert resolution.phrases == ["16+ support points (a singleton K, Q or J as shortness only)"]


def test_auction_facts_become_constants():
    first_seat_vulnerable = Situation(we_vulnerable=True, seat=1)
    assert compile_type([Vulnerable(1, True, None)], first_seat_vulnerable)[0].impossible is False
    assert compile_type([Vulnerable(1, None, True)], first_seat_vulnerable)[0].impossible is True
    assert compile_type([SeatIn(1, frozenset({3, 4}))], first_seat_vulnerable)[0].impossible
    assert compile_type([PassedHand(1, True)], first_seat_vulnerable)[0].impossible
    partner_opened_1nt = Situation(partner_hcp=(15, 17))
    resolution, predicate = compile_type([Combined(1, 25, None)], partner_opened_1nt)
    assert resolution.phrases == ["25+ HCP combined"]
    assert predicate(facts_of(Hand.parse("K32.Q5.QJ654.K32")))      # 10 HCP
    assert not predicate(facts_of(Hand.parse("K32.Q5.QJ654.432")))  # 7 HCP


def test_kind_of_a_referenced_suit():
    major = [SuitHolding(1, SuitRef("partner"), 3, kind="major")]
    after_1h = Situation(partner_suits=(H,))
    resolution, predicate = compile_type(major, after_1h, this=H)
    assert resolution.phrases == ["3+ card support for partner's major"]
    assert predicate(facts_of(Hand.parse("A32.K32.5432.432")))
    assert compile_type(major, Situation(partner_suits=(D,)))[0].impossible
    bare = [SuitHolding(1, SuitRef("partner"), kind="minor")]
    resolution, _ = compile_type(bare, Situation(partner_suits=(D,)))
    assert resolution.phrases == ["partner's suit is a minor"] and not resolution.tests
    assert HandType(tuple(major), 1).describe() == "3+ card support for partner's major"
    # sets: every suit must be of the kind, or with any="yes" one of them
    two_suits = Situation(partner_suits=(C, H))
    assert compile_type([SuitHolding(1, SuitRef("partner-all"), 3, kind="major")],
                        two_suits)[0].impossible
    some_major = [SuitHolding(1, SuitRef("partner-all"), 3, any_of=True, kind="major")]
    resolution, predicate = compile_type(some_major, two_suits)
    assert resolution.phrases == ["3+ cards in one of partner's suits (a major)"]
    assert predicate(facts_of(Hand.parse("A3.K32.5432.5432")))
    assert not predicate(facts_of(Hand.parse("A3.K3.65432.5432")))    # clubs do not count
    # hand-dependent: my longest suit must be a major
    longest_major = [SuitHolding(1, SuitRef("longest"), 5, kind="major")]
    assert fits("AKJ32.K32.32.432", longest_major)
    assert not fits("32.K32.32.AKJ432", longest_major)


def test_fit_adds_what_partner_has_shown():
    five_hearts = Situation(partner_suits=(H,),
                            partner_lengths=((0, 13), (0, 13), (5, 13), (0, 13)))
    fit = [Fit(1, SuitRef("partner"), 8, None)]
    resolution, predicate = compile_type(fit, five_hearts, this=H)
    assert resolution.phrases == ["8+ card fit in partner's major"]
    assert resolution.promise.lengths[H] == (3, 13)
    assert predicate(facts_of(Hand.parse("A32.K32.5432.432")))       # 3 + 5
    assert not predicate(facts_of(Hand.parse("A32.K2.65432.432")))   # 2 + 5
    four_hearts = five_hearts._replace(partner_lengths=((0, 13), (0, 13), (4, 13), (0, 13)))
    assert not compile_type(fit, four_hearts)[1](facts_of(Hand.parse("A32.K32.5432.432")))
    assert compile_type([Fit(1, SuitRef("partner"), None, 4)], five_hearts)[0].impossible
    no_fit = [Fit(1, SuitRef("partner"), None, 7)]
    assert compile_type(no_fit, five_hearts)[0].phrases == ["at most 7 cards together in "
                                                            "partner's hearts"]
    assert compile_type(fit, Situation())[0].impossible                 # no partner's suit
    either = [Fit(1, SuitRef("partner-all"), 8, None, any_of=True)]
    two = Situation(partner_suits=(C, H),
                    partner_lengths=((4, 13), (0, 13), (5, 13), (0, 13)))
    assert fits("A32.K2.5432.A432", either, two)                      # 4 + 4 clubs
    assert not fits("A32.K2.65432.A32", either, two)


def test_support_points_are_shown_as_points():
    """A limit raise's 10-12 support points show 10+ support points and at most 12 HCP:
    partner's `combined` points count 10, not the 7 HCP the raise may hold; his support
    points do not (both would count shortness)."""
    after_1h = Situation(partner_suits=(H,))
    resolution, _ = compile_type([Support(1, SuitRef("partner"), 10, 12)], after_1h, this=H)
    assert resolution.promise.dims[SUPPORT] == (10, MAX_POINTS)
    assert resolution.promise.hcp == (0, 12)
    raised = Situation(partner_suits=(H,), partner_hcp=(7, 12), partner_support=(10, 12))
    assert fits("AK32.AKJ32.K5.Q8", [Combined(1, 31, None, "points")], raised)   # 21 + 10
    assert not fits("AK32.AKJ32.K5.Q8", [Combined(1, 28, None)], raised)        # 20 + 7
    support = [Combined(1, 31, None, "support", SuitRef("partner"))]             # 21 + 7
    assert not fits("AK32.AKJ32.K52.8", support, raised._replace(partner_suits=(S,)))


def test_a_call_made_with_several_hand_types_keeps_what_each_implies():
    """Two hand types making one call: the picture is their hull, but each is normalised
    first, so that 17+ HCP in one type and 17+ points in the other still show 17+ points
    (the raw hull would read the first type's points as anything)."""
    strong = Promise(list(intersected(UNKNOWN_PICTURE, ((HCP, 17, 37),))))
    shapely = Promise(list(intersected(UNKNOWN_PICTURE, ((HCP, 12, 37), (POINTS, 17, MAX_POINTS)))))
    raw_strong = Promise(list(UNKNOWN_PICTURE))
    raw_strong.narrow_hcp(17, None)
    for first in (strong, raw_strong):
        either = first.union(shapely)
        assert either.hcp == (12, 37)
        assert either.dims[POINTS] == (17, MAX_POINTS)


def test_combined_points_support_and_partners_maximum():
    partner_12_14 = Situation(partner_suits=(H,), partner_hcp=(12, 14))
    hand = Hand.parse("A32.K432.5.Q8432")                          # 9 HCP, 10 points, 4 hearts
    points = [Combined(1, 22, None, "points")]
    resolution, predicate = compile_type(points, partner_12_14)
    assert resolution.phrases == ["22+ points combined"]
    assert predicate(facts_of(hand))                                 # 10 + 12
    support = [Combined(1, 24, None, "support", SuitRef("partner"))]
    resolution, predicate = compile_type(support, partner_12_14)
    assert resolution.phrases == ["24+ support points combined"]
    assert resolution.promise.dims[SUPPORT] == (12, MAX_POINTS)     # what it leaves for me
    assert predicate(facts_of(hand))                       # 9 HCP + 3 for the singleton + 12
    assert not compile_type([Combined(1, 24, None)], partner_12_14)[1](facts_of(hand))
    assert not compile_type([Combined(1, 25, None, "support", SuitRef("partner"))],
                            partner_12_14)[1](facts_of(hand))
    at_most = [Combined(1, None, 22, "hcp", use="max")]
    resolution, predicate = compile_type(at_most, partner_12_14)
    assert resolution.phrases == ["at most 22 HCP combined with partner's maximum"]
    assert resolution.promise.hcp == (0, 8)
    assert not predicate(facts_of(hand))                             # 9 + 14 = 23
    capped = compile_type([Combined(1, None, 20, "points")], partner_12_14)[0]
    assert capped.promise.hcp == (0, 8)                              # points are never below HCP
    assert Combined(1, 25, None, "support", SuitRef("agreed")).describe() == \
        "25+ support points combined for the agreed suit"


def test_auction_tests_partners_range_forced_and_suits_shown():
    limited = Situation(partner_hcp=(6, 11))
    assert not compile_type([PartnerHcp(1, None, 11)], limited)[0].impossible
    assert compile_type([PartnerHcp(1, None, 10)], limited)[0].impossible
    assert compile_type([PartnerHcp(1, 12, None)], limited)[0].impossible
    assert PartnerHcp(1, None, 11).describe() == "partner showed at most 11 HCP"
    assert compile_type([Forced(1, True)], Situation(forced=True))[0].tests == []
    assert compile_type([Forced(1, False)], Situation(forced=True))[0].impossible
    assert Forced(1, False).describe() == "not forced to bid"
    after_1s_p_1nt = Situation(their_suits=(S,), partner_suits=(), own_suits=())
    assert compile_type([ShownSuits(1, "they", None, 0)], after_1s_p_1nt)[0].impossible
    assert not compile_type([ShownSuits(1, "they", None, 0)], Situation())[0].impossible
    both = Situation(own_suits=(C, H), partner_suits=(H, S))
    assert not compile_type([ShownSuits(1, "we", 3, 3)], both)[0].impossible
    assert compile_type([ShownSuits(1, "me", None, 1)], both)[0].impossible
    assert [ShownSuits(1, side, low, high).describe() for side, low, high in (
        ("they", None, 0), ("partner", 1, None), ("we", 2, None), ("me", None, 1))] == [
        "they have shown no suit", "partner has shown a suit", "we have shown 2+ suits",
        "I have shown at most 1 suit"]


def test_undefined_reference_makes_the_type_fail():
    assert compile_type([SuitHolding(1, SuitRef("partner"), 3)])[0].impossible


def test_suit_reference_words():
    with pytest.raises(SuitReferenceError):
        SuitRef.parse("mine")
    assert SuitRef.parse(" Partner ").word == "partner"
    situation = Situation(own_suits=(C, D), partner_suits=(H, D), their_suits=(S,), unbid=())
    assert SuitRef("own-first").candidates(situation, None) == (C,)
    assert SuitRef("partner").candidates(situation, None) == (D,)
    assert SuitRef("unbid").candidates(situation, None) == ()
    assert SuitRef("their-all").candidates(situation, None) == (S,)
    assert SuitRef("unbid-below").candidates(Situation(own_suits=(H,), unbid=(C, S)), None) \
        == (C,)
    assert SuitRef("longest-partner").is_hand_dependent


def test_their_cheapest_suit_is_the_cheapest_bid_among_their_suits_not_ours():
    """The known suit of their two-suiter: their shown suits less the ones our side bid
    (their Michaels 2H over our 1H shows spades, not hearts), the cheapest to bid now."""
    over_2nt = Situation(partner_suits=(H,), their_suits=(D, C),
                         last_bid_index=Call.parse("2NT").index)
    assert SuitRef("their-cheapest").candidates(over_2nt, None) == (C,)
    over_2h = Situation(partner_suits=(H,), their_suits=(H, S),
                        last_bid_index=Call.parse("2H").index)
    assert SuitRef("their-cheapest").candidates(over_2h, None) == (S,)      # 2S, not 3C
    with_clubs = over_2h._replace(their_suits=(C, S))
    assert SuitRef("their-cheapest").candidates(with_clubs, None) == (S,)   # 2S before 3C
    assert SuitRef("their-cheapest").candidates(Situation(partner_suits=(H,), their_suits=(H,)),
                                                None) == ()
    assert CallTemplate.parse("cue(their-cheapest)").resolve(over_2nt)[0][0] == \
        Call.parse("3C")


# --- facts agree with bidding.model.evaluation ---------------------------------------------------
CARDS_LIST = list(CARDS)
hands = st.integers(min_value=0, max_value=2**32 - 1).map(
    lambda seed: Hand.from_cards(random.Random(seed).sample(CARDS_LIST, 13)))


@settings(max_examples=300, deadline=None)
@given(hands)
def test_hand_facts_agree_with_evaluation(hand):
    facts = facts_of(hand)
    assert facts.hcp == evaluation.hcp(hand)
    assert facts.points == evaluation.starting_points(hand)
    assert facts.losers == evaluation.losers(hand)
    assert facts.quick_tricks_doubled == 2 * evaluation.quick_tricks(hand)
    assert facts.controls == evaluation.controls(hand)
    assert facts.balanced == evaluation.is_balanced(hand)
    assert facts.semibalanced == evaluation.is_semi_balanced(hand)
    assert facts.rule_of_20 == (evaluation.rule_of_20(hand) >= 20)
    assert facts.rule_of_15 == (evaluation.rule_of_15(hand) >= 15)
    for suit in Suit:
        assert facts.length[suit] == evaluation.length(hand, suit)
        assert facts.honours[suit] == evaluation.honours(hand, suit)
        assert facts.support[suit] == evaluation.support_points(hand, suit)
        assert facts.stopper[suit] == evaluation.has_stopper(hand, suit)
        assert facts.half_stopper[suit] == evaluation.has_half_stopper(hand, suit)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_rule_of_20_shows_twelve_points(hand):
    """HCP plus the two longest suits' lengths reach 20: HCP plus one per card beyond four
    there is then 12 or more, so an opening on the rule of 20 shows 12+ points (partner's
    `combined count="points"` reads 12 where its HCP say 10)."""
    resolution, predicate = compile_type([ShapeTest(1, "ruleof20")], Situation())
    assert resolution.promise.dims[POINTS] == (12, MAX_POINTS)
    facts = facts_of(hand)
    if predicate(facts):
        assert facts.points >= 12


@settings(max_examples=300, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_shown_length_raises_the_points_floor(hand, rng):
    """A hand that showed H+ HCP and N+ cards in a suit (and M+ in another) holds at least
    H + (N - 4) + (M - 4) points: points count one per card beyond four in every suit, and so
    does the picture's floor in points (partner's `combined count="points"` reads 10 HCP and
    five hearts as 11)."""
    facts = facts_of(hand)
    shown_hcp = rng.randint(0, facts.hcp)
    shown_lengths = [rng.randint(0, n) for n in facts.length]
    picture = intersected(UNKNOWN_PICTURE, [(HCP, shown_hcp, 37)] + [
        (LENGTH + suit, n, 13) for suit, n in enumerate(shown_lengths)])
    two_longest = sorted(shown_lengths, reverse=True)[:2]
    assert picture[POINTS][0] == shown_hcp + sum(max(0, n - 4) for n in two_longest)
    assert picture[POINTS][0] <= facts.points
    assert picture[SUPPORT][0] == shown_hcp         # shortness, not length: no floor from it
