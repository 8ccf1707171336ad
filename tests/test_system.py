"""Systems: compiling conventions into a tree and mapping auctions onto it."""
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Hand, Seat, Vulnerability, random_deal
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import ConventionError
from bidding.engine.authoring import validate
from bidding.engine.explain import explain
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.laboratory.cases import PASSED, load_cases, run_case

REPO = Path(__file__).resolve().parent.parent
NATURAL = REPO / "tests" / "golden" / "natural"
LIBRARY = ConventionLibrary([NATURAL], builtin=False,
                            files=[REPO / "conventions/examples/strong-1nt-with-stayman.conv",
                                   REPO / "systems" / "SLAM-Example.system"])
EXAMPLE = system_named(LIBRARY, "SLAM Example")
NATURAL_SYSTEM = system_named(LIBRARY, "Test Natural")


def auction(text: str, dealer: Seat = Seat.NORTH, vulnerability=Vulnerability.NONE) -> Auction:
    return Auction.parse(text, dealer, vulnerability)


def calls(ruleset) -> list[str]:
    return [str(rule.call) for rule in ruleset]


def small_library(tmp_path: Path, files: dict[str, str]) -> ConventionLibrary:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return ConventionLibrary([tmp_path], builtin=False)


# --- the tree ---------------------------------------------------------------------------------
def test_opening_rule_set_and_memoisation():
    first = EXAMPLE.ruleset(Auction())
    assert calls(first) == ["1NT"]
    assert first.status == "root" and first.situation == "opening"
    assert EXAMPLE.ruleset(Auction()) is first


def test_responder_after_1nt_gets_the_continuations_in_priority_order():
    ruleset = EXAMPLE.ruleset(auction("1NT P"))
    assert calls(ruleset) == ["2C", "2NT", "3NT", "P"]
    assert ruleset.status == "sequence"
    assert ruleset.situation == "after 1NT (P)"
    assert calls(EXAMPLE.ruleset(auction("1NT P 2C P"))) == ["2D", "2H", "2S"]


def test_robot_left_of_1nt_opener_never_takes_partners_sequence():
    """The old program crashed here (IndexError): it read the opener's call as partner's."""
    ruleset = EXAMPLE.ruleset(auction("1NT"))
    assert ruleset.status == "root"
    assert ruleset.situation == "direct seat over 1NT"
    assert calls(ruleset) == []
    choice = Robot(EXAMPLE).choose(Hand.parse("KJ72.Q984.52.A73"), auction("1NT"))
    assert choice.call == Call.parse("P") and choice.rule is None
    assert "no agreement" in choice.reasons[-1]


def test_opponents_calls_are_matched_by_over():
    # Stayman is defined over a pass only: over an overcall nothing answers, so the
    # continuations over a pass apply where still legal; 2C no longer is, and notrump
    # keeps its range with a stopper in their hearts added.
    over_2h = EXAMPLE.ruleset(auction("1NT 2H"))
    assert over_2h.status == "systems on"
    assert calls(over_2h) == ["2C", "2NT", "3NT"] and over_2h.illegal[0] is not None
    quiet = {str(rule.call): rule for rule in EXAMPLE.ruleset(auction("1NT P")).rules}
    for rule in over_2h.rules[1:]:
        assert rule.description == quiet[str(rule.call)].description + ", a stopper in hearts"
        held = Hand.parse("KJ72.Q84.Q52.K73")            # 10 HCP, hearts Qxx stopped
        bare = Hand.parse("KJ72.842.Q52.KQ3")            # 10 HCP, no heart stopper
        assert rule.matches(held) == quiet[str(rule.call)].matches(held)
        assert not rule.matches(bare)
    natural = NATURAL_SYSTEM.ruleset(auction("1NT 2H"))
    assert "3C" in calls(natural) and "X" in calls(natural)   # natural suit, penalty double
    assert "2C" not in calls(natural)


def test_overcall_and_balancing_roots():
    direct = NATURAL_SYSTEM.ruleset(auction("1H"))
    assert direct.situation == "direct seat over 1H"
    assert {"1NT", "X", "1S", "2C"} <= set(calls(direct))
    balancing = NATURAL_SYSTEM.ruleset(auction("1H P P"))
    assert balancing.situation == "balancing seat over 1H"
    assert "X" in calls(balancing) and "1NT" not in calls(balancing)
    assert all(rule.kind == "balance" for rule in balancing)


def test_seats_and_passed_hands(tmp_path):
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="1S" seats="12"/>
            <open bid="3C"><handtypes><type><seat in="4"/></type></handtypes></open>
            <balance bid="1NT"><handtypes><type><passedhand/></type></handtypes></balance>
            <balance bid="2NT">
              <handtypes><type><passedhand value="no"/></type></handtypes>
            </balance>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention></system>"})
    system = system_named(library, "S")
    assert calls(system.ruleset(auction(""))) == ["1S"]
    assert calls(system.ruleset(auction("P"))) == ["1S"]
    assert calls(system.ruleset(auction("P P"))) == []
    assert calls(system.ruleset(auction("P P P"))) == ["3C"]
    assert calls(system.ruleset(auction("P 1C P P"))) == ["1NT"]      # north passed first
    assert calls(system.ruleset(auction("1C P P"))) == ["2NT"]


def test_fallback_and_nothing_agreed():
    off_tree = NATURAL_SYSTEM.ruleset(auction("1NT P 3S P"))
    assert off_tree.status == "fallback"
    assert "off the system's tree" in off_tree.situation
    nothing = EXAMPLE.ruleset(auction("1NT P 3S P"))
    assert nothing.status == "none" and len(nothing) == 0


SYSTEMS_ON = {
    "o.conv": """<convention><name>O</name><actions>
      <open bid="1D"><handtypes><type><diamonds min="4"/></type></handtypes>
        <respond bid="1NT">
          <rebid bid="2D" meaning="minimum"><handtypes><type><diamonds min="6"/></type></handtypes></rebid>
          <rebid bid="jump(own)" meaning="six diamonds, 16+">
            <handtypes><type><diamonds min="6"/><HCP min="16"/></type></handtypes>
            <raise bid="3NT"/>
          </rebid>
          <rebid bid="2H" meaning="hearts"><handtypes><type><hearts min="4"/></type></handtypes></rebid>
          <rebid bid="3S" meaning="spades"><handtypes><type><spades min="5"/></type></handtypes></rebid>
          <rebid bid="3NT" meaning="18-19"><handtypes><type><HCP min="18"/></type></handtypes></rebid>
          <pass bid="PASS" meaning="minimum, content"/>
        </respond>
      </open></actions></convention>""",
    "f.conv": """<convention><name>F</name><actions>
      <pass bid="PASS" over="all" meaning="off the tree"/></actions></convention>""",
    "s.system": "<system><name>S</name><convention>O</convention><fallback name='F'/></system>"}


def test_systems_on_over_their_bid_keeps_our_continuations_where_legal(tmp_path):
    """Over their bid that nothing answers, the uncontested continuations are resolved as
    if they had passed (the jump is 3D, not 4D) and kept when legal, not in their suit,
    notrump only with their suit stopped, and not a pass; the fallback follows."""
    system = system_named(small_library(tmp_path, SYSTEMS_ON), "S")
    over_2s = system.ruleset(auction("1D P 1NT 2S"))
    assert over_2s.status == "systems on"
    assert calls(over_2s) == ["2D", "3D", "2H", "3NT", "P"]
    assert [reason is None for reason in over_2s.illegal] == [False, True, False, True, True]
    assert "where still legal" in over_2s.situation
    notrump = over_2s.rules[3]
    assert notrump.description.endswith("a stopper in spades")
    assert notrump.matches(Hand.parse("KJ2.AQ4.AKJ85.K3"))       # 18-19 with spades held
    assert not notrump.matches(Hand.parse("J32.AQ4.AKJ85.AK"))   # 19, spades open
    assert calls(system.ruleset(auction("1D P 1NT 2S 3D P"))) == ["3NT"]   # on the tree again
    assert calls(system.ruleset(auction("1D P 1NT 2C"))) == ["2D", "3D", "2H", "3S", "3NT", "P"]
    # Their double of the response: systems on too, but not the new suit at its cheapest
    # level (the doubler's suit); the jump in a new suit and the own-suit rebid are kept
    # (1NT forced nobody). Their double of the opening itself keeps nothing.
    over_double = system.ruleset(auction("1D P 1NT X"))
    assert over_double.status == "systems on"
    assert calls(over_double) == ["2D", "3D", "3S", "3NT", "P"]
    assert system.ruleset(auction("1D X")).status == "fallback"


LAST_BID = {
    "o.conv": """<convention><name>O</name><actions>
      <open bid="1NT"><respond bid="3NT"/><respond bid="2H"/></open>
      <call bid="X" over="all" meaning="theirs to beat">
        <handtypes><type><lastbid by="they" max="2S"/></type></handtypes></call>
      </actions></convention>""",
    "f.conv": """<convention><name>F</name><actions>
      <pass bid="PASS" over="all" meaning="partner's 3NT stands">
        <handtypes><type><lastbid by="partner" min="3NT" max="3NT"/></type></handtypes></pass>
      <raise bid="4S" over="all" meaning="ours">
        <handtypes><type><lastbid by="we"/></type></handtypes></raise>
      </actions></convention>""",
    "s.system": "<system><name>S</name><convention>O</convention><fallback name='F'/></system>"}


def test_lastbid_tells_whose_bid_is_the_one_to_beat(tmp_path):
    """`over` sees only the right-hand opponent; `lastbid` sees who bid last, also from
    the pass-out seat, and which bid it is."""
    system = system_named(small_library(tmp_path, LAST_BID), "S")
    assert calls(system.ruleset(auction(""))) == ["1NT"]                    # nobody has bid
    assert calls(system.ruleset(auction("P P 1C P P"))) == ["X"]           # pass-out seat
    assert calls(system.ruleset(auction("P P 3C P P"))) == []              # above 2S
    assert calls(system.ruleset(auction("1NT P 3NT P"))) == ["P", "4S"]     # opener: partner's 3NT
    assert calls(system.ruleset(auction("1NT P 2H P 2S P"))) == ["4S"]     # my 2S: ours
    rule = next(iter(system.ruleset(auction("1NT P 3NT P"))))
    assert "the last bid is partner's 3NT" in rule.description


CUEBID = {
    "o.conv": """<convention><name>O</name><actions>
        <open bid="1H"><handtypes><type><hearts min="5"/></type></handtypes>
          <double bid="X" over="2cuebid" meaning="over their cue-bid"/>
          <respond bid="3D" over="cuebid" meaning="over any cue-bid"/>
          <respond bid="4H" over="2S"/>
        </open>
        <open bid="2C" alert="yes"><handtypes><type><spades min="4"/></type></handtypes>
          <double bid="X" over="2cuebid" meaning="over their cue-bid of our spades"/>
        </open>
        <overcall bid="2D" over="cuebid"/>
    </actions></convention>""",
    "s.system": "<system><name>S</name><convention>O</convention></system>"}


def test_over_cuebid_answers_their_bid_in_a_suit_our_side_has_shown(tmp_path):
    """`over="cuebid"`: their bid is in a suit our side has shown (a natural bid, or a call
    promising four or more cards there); notrump is no cue-bid, and at the root our side has
    shown nothing, so an `overcall` over a cue-bid never applies (and validation says so)."""
    system = system_named(small_library(tmp_path, CUEBID), "S")
    assert calls(system.ruleset(auction("1H 2H"))) == ["X", "3D"]       # a cue-bid of hearts
    assert calls(system.ruleset(auction("1H 3H"))) == ["3D"]            # at the three level
    assert calls(system.ruleset(auction("1H 2S"))) == ["4H"]            # natural spades
    assert system.ruleset(auction("1H 2NT")).status != "sequence"
    assert calls(system.ruleset(auction("2C 2S"))) == ["X"]   # spades shown by length only
    assert system.ruleset(auction("2C 3C")).status != "sequence"  # 2C showed no clubs
    assert calls(system.ruleset(auction("1D"))) == []
    problems = [p.message for p in validate([tmp_path / "s.system"], [tmp_path],
                                            builtin=False) if not p.warning]
    assert problems == ["overcall 2D: over 'cuebid' can never match the opponents' call at "
                        "the start of a sequence"]


def test_relative_rules_are_concrete_in_each_auction():
    after_1h = NATURAL_SYSTEM.ruleset(auction("1H P"))
    descriptions = {str(r.call): r.description for r in after_1h}
    assert descriptions["2H"].startswith("raise: 3+ card support for partner's major")
    assert descriptions["3H"].startswith("limit raise: jump raise: 4+ card support")
    assert {"1S", "2C", "2D"} <= set(descriptions)
    after_1s = NATURAL_SYSTEM.ruleset(auction("1S P"))
    assert "2S" in calls(after_1s) and "1S" not in calls(after_1s)


def test_illegal_rules_are_flagged_once_per_rule_set():
    ruleset = NATURAL_SYSTEM.ruleset(auction("1H 2S"))
    reasons = dict(zip(calls(ruleset), ruleset.illegal))
    assert reasons["2H"] == "2H is not higher than 2S"
    assert reasons["3S"] is None and reasons["P"] is None


def test_switch_off_replace_and_base(tmp_path):
    library = small_library(tmp_path, {
        "open.conv": """<convention><name>Open</name><actions>
            <open bid="1NT"><convention name="Stayman"/><convention name="Transfers"/></open>
        </actions></convention>""",
        "stayman.conv": """<convention><name>Stayman</name><parent>Open</parent><actions>
            <ask bid="2C"/></actions></convention>""",
        "transfers.conv": """<convention><name>Transfers</name><parent>Open</parent><actions>
            <transfer bid="2D"/></actions></convention>""",
        "texas.conv": """<convention><name>Texas</name><parent>Open</parent><actions>
            <transfer bid="4D"/></actions></convention>""",
        "base.system": """<system><name>Base</name><convention name="Open"/></system>""",
        "variant.system": """<system><name>Variant</name><base>Base</base>
            <off name="Stayman"/><replace name="Transfers" by="Texas"/></system>"""})
    assert calls(system_named(library, "base").ruleset(auction("1NT P"))) == ["2C", "2D"]
    assert calls(system_named(library, "variant").ruleset(auction("1NT P"))) == ["4D"]


def test_sub_conventions_are_not_roots(tmp_path):
    """The old loader made every listed convention a root, so Stayman was bid as an opening."""
    library = small_library(tmp_path, {
        "open.conv": """<convention><name>Open</name><actions>
            <open bid="1NT"><convention name="Stayman"/></open></actions></convention>""",
        "stayman.conv": """<convention><name>Stayman</name><parent>Open</parent><actions>
            <ask bid="2C"/></actions></convention>""",
        "s.system": "<system><name>S</name><convention>Open</convention>"
                    "<convention>Stayman</convention></system>"})
    system = system_named(library, "s")
    assert calls(system.ruleset(auction(""))) == ["1NT"]
    assert calls(system.ruleset(auction("1NT P"))) == ["2C"]


def test_an_inclusion_with_when_is_made_only_by_hands_that_also_fit_it(tmp_path):
    """The same convention included twice: as written, and restricted by `<when>` to hands
    of 12+ HCP; the restriction narrows the included actions, not their continuations."""
    library = small_library(tmp_path, {
        "open.conv": """<convention><name>Open</name><actions>
            <open bid="1C"><convention name="Answers"/></open>
            <open bid="1D"><convention name="Answers"><when><HCP min="12"/></when></convention>
            </open></actions></convention>""",
        "answers.conv": """<convention><name>Answers</name><actions>
            <respond bid="1H"><handtypes><type><hearts min="4"/></type></handtypes>
              <rebid bid="2H"/></respond>
            <respond bid="1NT"/></actions></convention>""",
        "s.system": "<system><name>S</name><convention>Open</convention></system>"})
    system = system_named(library, "S")
    weak_hearts, strong = Hand.parse("432.KQ32.432.432"), Hand.parse("A32.KQ32.A32.K32")
    plain, restricted = system.ruleset(auction("1C P")), system.ruleset(auction("1D P"))
    assert calls(plain) == calls(restricted) == ["1H", "1NT"]
    assert [str(r.call) for r in plain.matching(weak_hearts)] == ["1H", "1NT"]
    assert restricted.matching(weak_hearts) == []
    assert [str(r.call) for r in restricted.matching(strong)] == ["1H", "1NT"]
    assert "12+ HCP" in restricted.rules[1].description
    assert calls(system.ruleset(auction("1D P 1H P"))) == ["2H"]


def test_a_thousand_rules_load(tmp_path):
    actions = "".join(
        f'<open bid="{level}{strain}"><handtypes><type><HCP min="{level}"/>'
        f'<spades min="1"/></type></handtypes>'
        + "".join(f'<respond bid="{7}{s}"><handtypes><type><hearts min="{n}"/></type>'
                  f'</handtypes></respond>' for n, s in enumerate("CDHS"))
        + "</open>"
        for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT"))
    files = {f"c{i}.conv": f"<convention><name>C{i}</name><actions>{actions}</actions></convention>"
             for i in range(8)}
    files["big.system"] = "<system><name>Big</name>" + "".join(
        f"<convention>C{i}</convention>" for i in range(8)) + "</system>"
    system = system_named(small_library(tmp_path, files), "big")
    assert len(system.nodes()) == 8 * 35 * 5


# --- the property: complete legal auctions, never an exception -----------------------------
SYSTEM_CHOICES = [EXAMPLE, NATURAL_SYSTEM]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), north_south=st.sampled_from(SYSTEM_CHOICES),
       east_west=st.sampled_from(SYSTEM_CHOICES), dealer=st.sampled_from(list(Seat)),
       vulnerability=st.sampled_from(list(Vulnerability)), informed=st.booleans())
def test_random_deals_and_system_mixes_bid_complete_legal_auctions(
        seed, north_south, east_west, dealer, vulnerability, informed):
    deal = random_deal(np.random.default_rng(seed))
    robots = {}
    for seat in Seat:
        ours, theirs = (north_south, east_west) if seat % 2 == 0 else (east_west, north_south)
        robots[seat] = Robot(ours, opponents=theirs if informed else None)
    bidding = Auction(dealer, vulnerability=vulnerability)
    while not bidding.is_over:
        choice = robots[bidding.turn].choose(deal[bidding.turn], bidding)
        assert bidding.why_illegal(choice.call) is None, choice
        bidding.push(choice.call)
        assert len(bidding) < 60
    explanations = explain(bidding, north_south, east_west) if informed else []
    assert len(explanations) in (0, len(bidding))


def test_conditions_vulnerability_and_never_chosen_actions(tmp_path):
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="1NT"><handtypes><type>
              <condition>hcp >= 15 and hcp &lt;= 17 and shape{(4333)+(4432)+(5332)}</condition>
            </type></handtypes></open>
            <open bid="3C"><handtypes><type><vul we="no"/><clubs min="7"/></type></handtypes></open>
            <open bid="2C"><handtypes/>
              <respond bid="2D"/>
            </open>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention></system>"})
    system = system_named(library, "S")
    robot = Robot(system)
    assert robot.choose(Hand.parse("AKQ5.A93.KJ2.976"), Auction()).call == Call.parse("1NT")
    assert robot.choose(Hand.parse("AKQ52.A9.KJ32.97"), Auction()).call.is_pass  # 5-4-2-2
    preempt = Hand.parse("5.93.K52.QJT9876")
    assert robot.choose(preempt, Auction()).call == Call.parse("3C")
    vulnerable = Auction(vulnerability=Vulnerability.NS)
    assert robot.choose(preempt, vulnerable).call.is_pass
    assert calls(system.ruleset(Auction.parse("2C P"))) == ["2D"]  # reachable, never chosen
    never = next(rule for rule in system.ruleset(Auction()) if str(rule.call) == "2C")
    assert never.description == "never chosen" and not never.matches(Hand.parse("AKQ5.A93.KJ2.976"))


def test_a_never_chosen_action_leads_on_but_does_not_blur_what_the_call_shows(tmp_path):
    """A second 2C with empty hand types adds a continuation; 2C still shows 20+."""
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="2C"><handtypes><type><HCP min="20"/></type></handtypes>
              <respond bid="2D"/>
            </open>
        </actions></convention>""",
        "extra.conv": """<convention><name>Extra</name><actions>
            <open bid="2C"><handtypes/>
              <respond bid="2H"/>
            </open>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention>"
                    "<convention>Extra</convention></system>"})
    system = system_named(library, "S")
    assert calls(system.ruleset(Auction.parse("2C P"))) == ["2D", "2H"]
    opening = system.explain(Auction.parse("2C P"))[0]
    assert opening.shown.hcp == (20, 37)
    assert "never chosen" not in opening.text


def test_game_forcing_lasts_until_game(tmp_path):
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="2C" forcing="game"><respond bid="2D">
              <rebid bid="2S"/><rebid bid="4S" forcing="game"/></respond></open>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention></system>"})
    system = system_named(library, "S")
    assert system.ruleset(Auction.parse("2C P")).forced
    assert system.ruleset(Auction.parse("2C X")).forced                      # survives a double
    assert system.ruleset(Auction.parse("2C P 2D P 2S P")).forced            # lasts after 2S
    assert system.ruleset(Auction.parse("2C P 2D P 4S P")).forced is False   # game reached


def test_switches_must_name_known_conventions_and_unused_listings_warn(tmp_path):
    library = small_library(tmp_path, {
        "open.conv": """<convention><name>Open</name><actions><open bid="1NT"/>
            </actions></convention>""",
        "stayman.conv": """<convention><name>Stayman</name><parent>Open</parent><actions>
            <ask bid="2C"/></actions></convention>""",
        "s.system": """<system><name>S</name><convention>Open</convention>
            <convention>Stayman</convention></system>""",
        "t.system": """<system><name>T</name><base>S</base><off name="Gerber"/>
            <replace name="Stayman" by="Puppet"/></system>"""})
    system = system_named(library, "S")
    assert [str(w) for w in system.warnings] == [
        f"{tmp_path / 's.system'}:2: warning: 'Stayman' is listed but never used: it has "
        f"parents (Open) and none of them includes it here"]
    with pytest.raises(ConventionError) as caught:
        system_named(library, "T")
    assert "no convention named 'Gerber'" in str(caught.value)
    assert "no convention named 'Puppet'" in str(caught.value)


@pytest.fixture(scope="module")
def repository_systems():
    """Every system of the repository's own files, loaded once."""
    library = ConventionLibrary()
    return [system_named(library, spec.name) for spec in library.all_systems()]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)),
       vulnerability=st.sampled_from(list(Vulnerability)), data=st.data())
def test_every_repository_system_bids_complete_legal_auctions(
        repository_systems, seed, dealer, vulnerability, data):
    systems = repository_systems
    north_south = data.draw(st.sampled_from(systems))
    east_west = data.draw(st.sampled_from(systems))
    deal = random_deal(np.random.default_rng(seed))
    robots = {seat: Robot(north_south, opponents=east_west) if seat % 2 == 0
              else Robot(east_west, opponents=north_south) for seat in Seat}
    bidding = Auction(dealer, vulnerability=vulnerability)
    while not bidding.is_over:
        bidding.push(robots[bidding.turn].choose(deal[bidding.turn], bidding).call)
    assert len(explain(bidding, north_south, east_west)) == len(bidding)


# --- levels, game, fit, forced and the other auction-relative forms --------------------------
REBIDS = """<convention><name>O</name><actions>
  <open bid="1C"><handtypes><type><clubs min="3"/></type></handtypes>
    <convention name="Rebids"/></open>
  <open bid="1D"><handtypes><type><diamonds min="4"/></type></handtypes>
    <convention name="Rebids"/></open>
</actions></convention>"""
REBIDS_SUB = """<convention><name>Rebids</name><parent>O</parent><actions>
  <respond bid="1H"><handtypes><type><hearts min="4"/></type></handtypes>
    <raise bid="game(partner)"><handtypes><type><fit min="8"/><combined min="26"
        count="support"/></type></handtypes></raise>
    <rebid bid="new" levels="1" meaning="one-level new suit"/>
    <rebid bid="cheapest(unbid-above)" levels="2" meaning="reverse" forcing="yes">
      <handtypes><type><points min="16"/><suit ref="this" min="4"/></type></handtypes>
      <pass bid="PASS" over="all"><handtypes><type><forced value="no"/></type></handtypes></pass>
    </rebid>
    <rebid bid="cheapest(unbid-below)" meaning="new suit, not a reverse"/>
    <raise bid="raise"><handtypes><type><fit min="8"/></type></handtypes></raise>
  </respond>
</actions></convention>"""


def test_levels_and_suits_ranked_against_own_first_suit(tmp_path):
    library = small_library(tmp_path, {"o.conv": REBIDS, "r.conv": REBIDS_SUB, "s.system":
                                       "<system><name>S</name><convention>O</convention>"
                                       "</system>"})
    system = system_named(library, "S")
    after_1c = {str(r.call): r.description for r in system.ruleset(auction("1C P 1H P"))}
    assert list(after_1c) == ["4H", "1S", "2D", "2H"]
    assert after_1c["1S"] == "one-level new suit: new suit: any hand"
    assert after_1c["2D"].startswith("reverse: new suit ranking above own first suit: 16+")
    assert after_1c["4H"] == "game: 8+ card fit in partner's major, 26+ support points combined"
    after_1d = [str(r.call) for r in system.ruleset(auction("1D P 1H P"))]
    assert after_1d == ["4H", "1S", "2C", "2H"]          # spades, above, come at the one level
    # the pass after the forcing reverse is no rule when forced: the robot bids on
    hand = Hand.parse("5.AQ3.KJ32.AK432")
    forced = system.ruleset(auction("1C P 1H P 2D P"))
    assert forced.forced and [str(r.call) for r in forced] == []
    assert Robot(system).choose(hand, auction("1C P 1H P 2D P")).call == Call.parse("3C")
    assert [str(r.call) for r in system.ruleset(auction("1C P 1H P 2D 2S"))] == ["P"]


def test_fit_uses_the_lengths_partner_showed(tmp_path):
    library = small_library(tmp_path, {"o.conv": REBIDS, "r.conv": REBIDS_SUB, "s.system":
                                       "<system><name>S</name><convention>O</convention>"
                                       "</system>"})
    system = system_named(library, "S")
    raise_ = next(r for r in system.ruleset(auction("1C P 1H P")) if str(r.call) == "2H")
    assert raise_.promise.lengths[2] == (4, 13)          # partner showed 4+: 4 more make 8
    assert raise_.matches(Hand.parse("K2.Q432.A32.K432"))
    assert not raise_.matches(Hand.parse("K32.Q32.A32.K432"))


def test_partners_maximum_and_suits_shown_by_a_side(tmp_path):
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="1H"><handtypes><type><hearts min="5"/><HCP min="12"/></type></handtypes>
              <respond bid="2H"><handtypes><type><HCP min="6" max="9"/></type></handtypes>
                <invite bid="3H"><handtypes><type><partnerhcp max="9"/>
                  <combined min="25" use="max"/></type></handtypes></invite>
              </respond>
            </open>
            <overcall bid="2D" over="1NT"><handtypes><type><shown side="they" max="0"/>
              </type></handtypes></overcall>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention></system>"})
    system = system_named(library, "S")
    invite = system.ruleset(auction("1H P 2H P"))[0]
    assert invite.description == ("partner showed at most 9 HCP, 25+ HCP combined with "
                                  "partner's maximum")
    assert invite.matches(Hand.parse("AK.KQ432.A32.432"))        # 16 + 9
    assert not invite.matches(Hand.parse("AK.QJ432.432.432"))    # 11 + 9
    assert [str(r.call) for r in system.ruleset(auction("1NT"))] == ["2D"]
    assert [str(r.call) for r in system.ruleset(auction("1S P 1NT"))] == []


def test_combined_vulmin_lowers_the_game_threshold_when_we_are_vulnerable(tmp_path):
    """1NT (15-17) - 3NT on 10 HCP, 9 when vulnerable: one hand type, two thresholds."""
    library = small_library(tmp_path, {
        "o.conv": """<convention><name>O</name><actions>
            <open bid="1NT"><handtypes><type><HCP min="15" max="17"/><balanced/></type></handtypes>
              <respond bid="3NT"><handtypes><type><combined min="25" vulmin="24"/></type></handtypes></respond>
              <respond bid="PASS"/>
            </open>
        </actions></convention>""",
        "s.system": "<system><name>S</name><convention>O</convention></system>"})
    robot = Robot(system_named(library, "S"))
    nine = Hand.parse("K52.Q93.KJ2.9763")
    after_1nt = "1NT P"
    for vulnerability, answer in ((Vulnerability.NONE, "P"), (Vulnerability.EW, "P"),
                                  (Vulnerability.NS, "3NT"), (Vulnerability.BOTH, "3NT")):
        auction = Auction.parse(after_1nt, vulnerability=vulnerability)
        assert str(robot.choose(nine, auction).call) == answer, vulnerability
    rule = next(rule for rule in system_named(library, "S").ruleset(Auction.parse(after_1nt))
                if str(rule.call) == "3NT")
    assert "25+ HCP combined (24+ vulnerable)" in rule.description


def test_combined_vulmin_needs_a_minimum(tmp_path):
    with pytest.raises(ConventionError, match=r"o\.conv:2: <combined> vulmin="):
        small_library(tmp_path, {
            "o.conv": """<convention><name>O</name><actions>
                <open bid="1NT"><handtypes><type><combined vulmin="24"/></type></handtypes></open>
            </actions></convention>""",
            "s.system": "<system><name>S</name><convention>O</convention></system>"})


TWO_SUITER = {
    "o.conv": """<convention><name>O</name><actions>
        <open bid="1H"><handtypes><type><hearts min="5"/></type></handtypes>
          <cuebid bid="cue(their-cheapest)" over="2NT,2cuebid" meaning="limit raise"/>
          <double bid="X" over="2NT,2cuebid" meaning="penalty interest">
            <handtypes><type><suit ref="their-all" any="yes" min="4"/></type></handtypes>
          </double>
        </open>
        <open bid="1C"><handtypes><type><clubs min="3"/></type></handtypes>
          <cuebid bid="cue(their-cheapest)" over="2NT,2cuebid" meaning="limit raise"/>
        </open>
        <overcall bid="cue" over="1H" meaning="Michaels" shows="S"/>
        <overcall bid="2NT" over="1H" meaning="unusual 2NT" shows="D,C"/>
        <overcall bid="cue" over="1C" meaning="Michaels" shows="S,H"/>
        <overcall bid="2NT" over="1C" meaning="unusual 2NT" shows="H,D"/>
    </actions></convention>""",
    "s.system": "<system><name>S</name><convention>O</convention></system>"}


@pytest.mark.parametrize("calls_text, cue, their", [
    ("1H 2NT", "3C", "diamonds and clubs"), ("1H 2H", "2S", "spades and a minor"),
    ("1C 2NT", "3D", "hearts and diamonds"), ("1C 2C", "2H", "spades and hearts")])
def test_their_two_suiter_reads_the_same_with_their_system_or_as_natural(
        tmp_path, calls_text, cue, their):
    """Read as natural, a call that cannot be natural directly over our one-level opening
    shows the two-suiter every defence assumes (sayc.md 10): the jump to 2NT the two lowest
    other suits, two of our suit the other majors. So `their-cheapest` and `their-all` find
    their suits whether their calls are read with their system or without it."""
    system = system_named(small_library(tmp_path, TWO_SUITER), "S")
    assert explain(auction(calls_text), system, system)[1].status == "rule"
    for opponents in (system, None):
        rules = system.ruleset(auction(calls_text), opponents)
        assert calls(rules)[0] == cue
    told = explain(auction(calls_text), system, None)[1]
    assert (told.status, told.text) == ("natural", f"read as a two-suiter: {their}")
    penalty = system.ruleset(auction("1H 2NT"), None).rules_for(Call.parse("X"))[0]
    assert penalty.matches(Hand.parse("AK2.A2.QJ94.Q952"))      # four of their diamonds


def test_a_balancing_2nt_is_not_read_as_a_two_suiter(tmp_path):
    """Only directly over our opening: in the balancing seat 2NT is natural (sayc.md 13)."""
    system = system_named(small_library(tmp_path, TWO_SUITER), "S")
    told = explain(auction("1H P P 2NT"), system, None)[3]
    assert (told.status, told.text) == ("natural", "natural")


def test_the_two_suiter_agreement_lines_hold_with_their_calls_read_as_natural():
    """The agreement files run with both sides' calls read by SAYC (tests/robots.py); a case
    file or a human opponent reads their calls as natural. The agreements over their
    two-suiter hold under that reading too."""
    sayc = system_named(ConventionLibrary([]), "SAYC")
    natural = Robot(sayc)
    lines = [case for case in load_cases(
        REPO / "tests/data/agreements/sayc-our-side-in-competition.jsonl")
        if "two-suiter" in case.group or "Michaels" in case.group or "unusual" in case.group]
    assert len(lines) >= 21
    failed = [case.where for case in lines if run_case(case, natural).status != PASSED]
    assert failed == []
