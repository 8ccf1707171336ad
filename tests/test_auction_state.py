"""The state of the auction as a player knows it: forces that last, relay steps, and the
picture of what each player showed (denials included)."""
from pathlib import Path

import pytest

from bidding.model.auction import Auction
from bidding.model.calls import PASS
from bidding.model.cards import Deal, Hand
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.rules import GAME_LEVEL
from bidding.engine.system import system_named
from bidding.engine.xmlreader import ConventionError


# A Precision core as a designer writes it from the docs: 1C strong and forcing, 1H a
# game-forcing positive; opener's careless "minimum: pass" after 2H is overruled by the force.
PRECISION = """<convention><name>Mini Precision</name><actions>
  <open bid="1C" meaning="strong" forcing="1">
    <handtypes><type><HCP min="16"/></type></handtypes>
    <respond bid="1D" meaning="negative"><handtypes><type><HCP max="7"/></type></handtypes></respond>
    <respond bid="1H" meaning="positive" forcing="game">
      <handtypes><type><HCP min="8"/><hearts min="5"/></type></handtypes>
      <rebid bid="1S"><handtypes><type><spades min="4"/></type></handtypes>
        <rebid bid="2H"><handtypes><type><hearts min="6"/></type></handtypes>
          <pass bid="PASS" meaning="minimum"><handtypes><type><HCP max="18"/></type></handtypes></pass>
          <raise bid="4H"><handtypes><type><hearts min="2"/></type></handtypes></raise>
        </rebid>
      </rebid>
      <pass bid="PASS" over="bid" meaning="forcing pass: partner acts" forcingpass="yes">
        <handtypes><type><HCP max="18"/></type></handtypes>
      </pass>
      <double bid="X" over="bid" meaning="penalty"/>
      <pass bid="PASS" over="X" meaning="no forcing pass written"/>
    </respond>
  </open>
</actions></convention>"""


def system_of(folder: Path, convention: str, convention_name: str):
    """A system listing one convention, written in `folder` (named as the convention)."""
    (folder / "convention.conv").write_text(convention)
    (folder / "one.system").write_text(
        f"<system><name>{convention_name}</name><convention>{convention_name}</convention>"
        f"</system>")
    return system_named(ConventionLibrary([folder], builtin=False), convention_name)


@pytest.fixture(scope="module")
def precision(tmp_path_factory):
    return system_of(tmp_path_factory.mktemp("precision"), PRECISION, "Mini Precision")


def bid_out(system, deal: Deal, calls: str = "") -> Auction:
    robot = Robot(system, opponents=system)
    auction = Auction.parse(calls)
    while not auction.is_over:
        auction.push(robot.choose(deal[auction.turn], auction).call)
    return auction


# --- forcing -----------------------------------------------------------------------------------
def test_game_force_lasts_after_later_calls_and_reaches_game(precision):
    ruleset = precision.ruleset(Auction.parse("1C P 1H P 1S P 2H P"))
    assert ruleset.forced
    reasons = dict(zip((str(r.call) for r in ruleset), ruleset.illegal))
    assert reasons["P"] == "our side is forced: a pass here is not a forcing pass"
    # 18 HCP and a singleton heart: the "minimum" pass fits, no raise does: opener bids on
    deal = Deal.parse("N:AKQ32.2.AQ72.K32 T76.T93.T9865.A7 54.AQJ654.K43.54 J98.K87.J.QJT986")
    auction = bid_out(precision, deal)
    assert " ".join(map(str, auction.calls[:8])) == "1C P 1H P 1S P 2H P"
    last = auction.last_bid
    assert last.level >= GAME_LEVEL[last.strain], auction.calls


def test_game_force_survives_interference_with_forcing_passes_only(precision):
    over_bid = precision.ruleset(Auction.parse("1C P 1H 2S"))
    assert over_bid.forced
    assert [(str(r.call), why) for r, why in zip(over_bid, over_bid.illegal)] == [
        ("P", None), ("X", None)]                       # the forcing pass is allowed
    over_double = precision.ruleset(Auction.parse("1C P 1H X"))
    assert over_double.forced and over_double.illegal[0] is not None
    hand = Hand.parse("AKQ32.2.AQ72.K32")
    assert Robot(precision).choose(hand, Auction.parse("1C P 1H X")).call is not PASS
    # after opener's forcing pass responder may not pass 2S out
    responder = Robot(precision).choose(Hand.parse("54.AQJ654.K43.54"),
                                        Auction.parse("1C P 1H 2S P P"))
    assert responder.ruleset.forced and responder.call is not PASS
    # doubling them for penalty ends the obligation, and so does a game bid
    assert not precision.ruleset(Auction.parse("1C P 1H 2S X P")).forced
    assert not precision.ruleset(Auction.parse("1C P 1H P 4H P")).forced


def test_one_round_force_ends_when_the_next_opponent_calls(precision):
    assert precision.ruleset(Auction.parse("1C P")).forced
    assert not precision.ruleset(Auction.parse("1C 1S")).forced
    assert not precision.ruleset(Auction.parse("1C P 1D P")).forced


def test_explanations_say_what_a_call_forces(precision):
    explanations = precision.explain(Auction.parse("1C P 1H 2S P"))
    assert str(explanations[0]).endswith("; forcing")
    assert explanations[2].forcing == "game"
    assert str(explanations[2]) == "S 1H: positive: 8+ HCP, 5+ hearts; forcing to game"
    assert explanations[4].forcing_pass and str(explanations[4]).endswith("; forcing pass")


def test_forcingpass_is_for_a_pass(tmp_path):
    (tmp_path / "bad.conv").write_text("""<convention><name>Bad</name><actions>
        <open bid="1C" forcingpass="yes"/></actions></convention>""")
    with pytest.raises(ConventionError, match="forcingpass= is for a pass"):
        ConventionLibrary([tmp_path], builtin=False)


# --- step(N) -------------------------------------------------------------------------------------
RELAY = """<convention><name>Shape relays</name><actions>
  <open bid="1C" meaning="strong" forcing="game"><handtypes><type><HCP min="16"/></type></handtypes>
    <relay bid="1D" meaning="relay: describe your shape">
      <tell bid="step(1)" over="all" meaning="balanced"><handtypes><type><balanced/></type></handtypes></tell>
      <tell bid="step(2)" over="all" meaning="five spades"><handtypes><type><spades min="5"/></type></handtypes></tell>
      <tell bid="step(3)" over="all" meaning="five hearts"><handtypes><type><hearts min="5"/></type></handtypes></tell>
      <tell bid="step(3, skip-nt)" over="all" meaning="minors"><handtypes><type/></handtypes></tell>
    </relay>
  </open>
</actions></convention>"""


@pytest.fixture(scope="module")
def relays(tmp_path_factory):
    return system_of(tmp_path_factory.mktemp("relays"), RELAY, "Shape relays")


def test_step_answers_count_up_from_the_last_bid(relays):
    ruleset = relays.ruleset(Auction.parse("1C P 1D P"))
    assert [(str(r.call), r.description.split(":")[0]) for r in ruleset] == [
        ("1H", "balanced"), ("1S", "five spades"), ("1NT", "five hearts"), ("2C", "minors")]
    assert ruleset[1].description == "five spades: step 2: 5+ spades"
    assert ruleset[3].description.startswith("minors: step 3 (notrump skipped)")
    # over their 1H the steps start above it: 1S, 1NT, 2C; skipping notrump 2D
    assert [str(r.call) for r in relays.ruleset(Auction.parse("1C P 1D 1H"))] == [
        "1S", "1NT", "2C", "2D"]


def test_relay_robots_answer_by_steps(relays):
    robot = Robot(relays)
    shapes = {"AK2.Q54.K32.A432": "1H", "KQJ32.A543.K3.A3": "1S", "A2.KQJ54.K3.A432": "1NT",
              "A2.K2.KQJ54.A432": "2C"}
    for hand, expected in shapes.items():
        assert str(robot.choose(Hand.parse(hand), Auction.parse("1C P 1D P")).call) == expected


def test_step_calls_are_checked_when_read(tmp_path):
    (tmp_path / "bad.conv").write_text("""<convention><name>Bad</name><actions>
        <open bid="step(0)"/><open bid="step(1,nt)"/></actions></convention>""")
    with pytest.raises(ConventionError) as error:
        ConventionLibrary([tmp_path], builtin=False)
    assert "'0' is not a number of steps" in str(error.value)
    assert "step takes a number of steps and optionally skip-nt" in str(error.value)


# --- the picture: what each call showed and denied ---------------------------------------------
PICTURE = """<convention><name>Picture</name><actions>
  <open bid="2C" meaning="strong" forcing="game"><handtypes><type><HCP min="22"/></type></handtypes>
    <respond bid="2D" meaning="waiting">
      <rebid bid="2H"><handtypes><type><hearts min="4"/></type></handtypes></rebid>
      <rebid bid="2S"><handtypes><type><spades min="4"/></type></handtypes></rebid>
      <rebid bid="2NT"><handtypes><type><balanced/><stopper suit="C"/></type></handtypes></rebid>
    </respond>
  </open>
  <open bid="1H"><handtypes><type><HCP min="12"/><hearts min="5"/></type></handtypes>
    <respond bid="1S"><handtypes><type><HCP min="6"/><spades min="4"/></type></handtypes></respond>
    <respond bid="1NT"><handtypes><type><HCP min="NT_MIN" max="10"/></type></handtypes>
      <rebid bid="2S" meaning="partner denied four spades">
        <handtypes><type><partner suit="S" max="3"/></type></handtypes></rebid>
      <rebid bid="3NT"><handtypes><type><partner hcpmin="6" balanced="no"/></type></handtypes></rebid>
    </respond>
  </open>
  <open bid="1S"><handtypes><type><condition>hcp >= 12 and spades >= 5</condition></type></handtypes>
    <ask bid="4NT" forcing="1">
      <tell bid="5C"><handtypes><type><condition>aces == 0 or aces == 4</condition></type></handtypes></tell>
      <tell bid="5D"><handtypes><type><condition>aces == 1</condition></type></handtypes></tell>
    </ask>
  </open>
</actions></convention>"""


def picture_system(tmp_path, notrump_minimum: int = 6):
    return system_of(tmp_path, PICTURE.replace("NT_MIN", str(notrump_minimum)), "Picture")


def test_a_call_denies_the_earlier_rules_of_its_rule_set(tmp_path):
    system = picture_system(tmp_path)
    spades = system.explain(Auction.parse("2C P 2D P 2S P"))[4]
    assert spades.shown.lengths[3] == (4, 13) and spades.shown.lengths[2] == (0, 3)
    assert spades.denials == ("at most 3 hearts (not 2H)",)
    assert str(spades) == "N 2S: 4+ spades; at most 3 hearts (not 2H)"
    notrump = system.explain(Auction.parse("2C P 2D P 2NT P"))[4].shown
    assert notrump.lengths[2] == notrump.lengths[3] == (2, 3)    # balanced, no 2H or 2S
    assert notrump.balanced is True and notrump.stoppers == (True, None, None, None)
    assert notrump.text() == ("22+ HCP, balanced, 2-3 spades, 2-3 hearts, 2-5 diamonds, "
                              "2-5 clubs, stopper in clubs")


def test_a_denial_is_kept_only_where_it_is_one_range(tmp_path):
    # 1NT 6-10 against 1S 6+ with four spades: only the spades differ, so 1NT denies them
    (tmp_path / "six").mkdir()
    one_range = picture_system(tmp_path / "six", 6)
    responder = one_range.explain(Auction.parse("1H P 1NT P"))[2]
    assert responder.shown.lengths[3] == (0, 3)
    assert "at most 3 spades (not 1S)" in str(responder)
    # 1NT 5-10: a five-count with spades also bids 1NT, so nothing is denied
    (tmp_path / "five").mkdir()
    two_ranges = picture_system(tmp_path / "five", 5).explain(Auction.parse("1H P 1NT P"))[2]
    assert two_ranges.shown.lengths[3] == (0, 13) and two_ranges.denials == ()


def test_rules_test_partners_picture(tmp_path):
    (tmp_path / "six").mkdir()
    (tmp_path / "five").mkdir()
    denied = picture_system(tmp_path / "six", 6).ruleset(Auction.parse("1H P 1NT P"))
    assert [str(r.call) for r in denied] == ["2S"]
    assert denied[0].description == ("partner denied four spades: partner showed at most "
                                     "3 cards in spades")
    not_denied = picture_system(tmp_path / "five", 5).ruleset(Auction.parse("1H P 1NT P"))
    assert [str(r.call) for r in not_denied] == []     # 5+ HCP: no hcpmin=6; spades unknown


def test_conditions_feed_the_picture(tmp_path):
    system = picture_system(tmp_path)
    explanations = system.explain(Auction.parse("1S P 4NT P 5D P"))
    opening = explanations[0]
    assert opening.shown.hcp == (12, 21) and opening.shown.lengths[3] == (5, 13)
    assert opening.denials == ("at most 21 HCP (not 2C)", "at most 4 hearts (not 1H)")
    assert explanations[4].shown.aces == (1, 1)
    assert explanations[4].shown.text() == "12-21 HCP, 13+ points, 5+ spades, at most 4 hearts, 1 ace"
    # "0 or 4 aces" is no range; its denial would be two pieces: 5D denies nothing more
    assert explanations[4].denials == ()


def test_partner_elements_are_checked_when_read(tmp_path):
    (tmp_path / "bad.conv").write_text("""<convention><name>Bad</name><actions>
        <open bid="1C"><handtypes><type><partner min="4"/></type><type><partner/></type>
        </handtypes></open></actions></convention>""")
    with pytest.raises(ConventionError) as error:
        ConventionLibrary([tmp_path], builtin=False)
    assert "<partner> min=, max= and stopper= need suit=" in str(error.value)
    assert "<partner> tests nothing" in str(error.value)


def test_denial_is_one_range_or_nothing():
    from bidding.engine.inference import HCP, LENGTH, UNKNOWN_PICTURE, denial
    known = list(UNKNOWN_PICTURE)
    known[HCP] = (12, 21)
    assert denial(known, ((LENGTH + 2, 4, 13),)) == (LENGTH + 2, 0, 3)
    assert denial(known, ((HCP, 12, 37), (LENGTH + 3, 0, 3))) == (LENGTH + 3, 4, 13)
    assert denial(known, ((HCP, 15, 17),)) is None          # 12-14 or 18-21: two pieces
    assert denial(known, ((HCP, 6, 37), (LENGTH, 4, 13), (LENGTH + 1, 4, 13))) is None
    assert denial(known, ((HCP, 22, 37), (LENGTH, 4, 13))) is None   # could not fit anyway
