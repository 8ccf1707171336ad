"""`<myrange top/bottom>`: the top or bottom of the HCP range my own calls have shown
(bidding.engine.constraints.OwnRange), its reader, and what the call then shows."""
from bidding.engine.constraints import (FigureRange, HandType, OwnRange, RuleEnv,
                                        compile_predicate)
from bidding.engine.handfacts import facts_of
from bidding.engine.library import ConventionLibrary
from bidding.engine.suitrefs import Situation
from bidding.engine.system import system_named
from bidding.engine.xmlreader import parse_file
from bidding.model.auction import Auction
from bidding.model.cards import Hand

STRONG = Situation(own_hcp=(15, 17))            # after my 1NT: 15-17
WEAK = Situation(own_hcp=(12, 14))              # after a weak 1NT
SEVENTEEN, SIXTEEN = "AQ84.KJ73.K52.KJ", "AQ84.KJ73.Q52.KJ"


def compile_type(constraints, situation):
    resolution = HandType(tuple(constraints), 1).resolve(RuleEnv(situation))
    return resolution, compile_predicate([resolution.tests])


def fits(hand: str, constraints, situation) -> bool:
    resolution, predicate = compile_type(constraints, situation)
    return not resolution.impossible and predicate(facts_of(Hand.parse(hand)))


def test_top_follows_the_range_shown():
    maximum = [OwnRange(1, "top", 1)]
    resolution, _ = compile_type(maximum, STRONG)
    assert resolution.phrases == ["17 HCP, the top of the 15-17 HCP I showed"]
    assert resolution.promise.hcp == (17, 17)       # partner's picture and `combined` read it
    assert resolution.exact                         # a plain HCP range: it can be denied
    assert fits(SEVENTEEN, maximum, STRONG)
    assert not fits(SIXTEEN, maximum, STRONG)
    assert compile_type(maximum, WEAK)[0].promise.hcp == (14, 14)
    assert fits("AQ84.KJ73.Q52.Q4", maximum, WEAK)                  # 14 of 12-14


def test_bottom_and_wider_parts():
    assert compile_type([OwnRange(1, "bottom", 1)], STRONG)[0].promise.hcp == (15, 15)
    resolution, _ = compile_type([OwnRange(1, "top", 2)], Situation(own_hcp=(12, 21)))
    assert resolution.phrases == ["20-21 HCP, the top of the 12-21 HCP I showed"]
    assert fits(SIXTEEN, [OwnRange(1, "bottom", 2)], STRONG)        # 15-16
    assert not fits(SEVENTEEN, [OwnRange(1, "bottom", 2)], STRONG)
    # an open-ended range has a bottom, not a top
    open_ended = Situation(own_hcp=(12, 37))
    assert compile_type([OwnRange(1, "bottom", 3)], open_ended)[0].promise.hcp == (12, 14)


def test_no_quiet_match_without_a_proper_part_of_a_closed_range():
    unlimited = Situation(own_hcp=(12, 37))                          # no maximum shown
    resolution, _ = compile_type([OwnRange(1, "top", 1)], unlimited)
    assert resolution.impossible
    assert resolution.phrases == ["the top 1 HCP of the range I showed (12+ HCP: no top to it)"]
    assert compile_type([OwnRange(1, "bottom", 1)], Situation())[0].impossible  # nothing shown
    assert compile_type([OwnRange(1, "bottom", 1)], Situation(own_hcp=(0, 7)))[0].impossible
    whole = compile_type([OwnRange(1, "top", 3)], STRONG)[0]                # all of 15-17
    assert whole.impossible and whole.phrases[0].endswith("(15-17 HCP: the whole range)")
    assert not compile_type([OwnRange(1, "top", 2)], STRONG)[0].impossible


def test_describe_without_an_auction_and_with_other_elements():
    assert OwnRange(1, "top", 1).describe() == "the top 1 HCP of the range I showed"
    assert OwnRange(1, "bottom", 2).describe() == "the bottom 2 HCP of the range I showed"
    assert OwnRange(1, "top", 1).depends_on == ("own_hcp",)
    both = [OwnRange(1, "top", 2), FigureRange(1, "hcp", None, 16)]
    assert compile_type(both, STRONG)[0].promise.hcp == (16, 16)


def test_reader_checks_the_attributes(tmp_path):
    path = tmp_path / "bad.conv"
    lines = ['<convention><name>Bad</name><actions>']
    lines += [f'<open bid="{bid}"><handtypes><type>{element}</type></handtypes></open>'
              for bid, element in (("1C", '<myrange top="1" bottom="1"/>'),
                                   ("1D", "<myrange/>"), ("1H", '<myrange top="0"/>'),
                                   ("1S", '<myrange top="max"/>'), ("2C", '<myrange mid="1"/>'),
                                   ("2D", '<myrange bottom="2"/>'))]
    path.write_text("\n".join(lines + ["</actions></convention>"]), encoding="utf-8")
    spec, problems = parse_file(path)
    text = "\n".join(str(p) for p in problems)
    assert f'{path}:2: <myrange> needs one of top="N" or bottom="N"' in text
    assert f'{path}:3: <myrange> needs one of top="N" or bottom="N"' in text
    assert f"{path}:4: <myrange> top='0' is outside 1..40" in text
    assert f"{path}:5: <myrange> top='max' is not a whole number" in text
    assert f"{path}:6: unknown attribute 'mid' on <myrange>; allowed: top, bottom" in text
    assert f"{path}:7:" not in text


def test_the_super_accept_shows_the_top_of_each_notrump_range():
    """SAYC's transfers serve SAYC's 15-17 and Acol's 12-14: the jump shows 17 or 14, and
    responder's `combined` counts it."""
    library = ConventionLibrary()
    for system, shown in (("SAYC", (17, 17)), ("Acol", (14, 14))):
        explanations = system_named(library, system).explain(Auction.parse("1NT P 2D P 3H"))
        assert explanations[-1].shown.hcp == shown
        assert explanations[-1].status == "rule"
