"""The convention editor through the menu: every hand-type element, a new convention included
where the user says, shipped systems and conventions copied into the user's folder."""
from bidding.engine.drafts import ConventionDraft
from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.model.auction import Auction
from bidding.model.cards import Hand
from tests.test_menu import Session


def test_a_new_convention_is_included_where_the_user_says_without_parent(tmp_path):
    session = Session(tmp_path)
    text = session.run("n", "Gadget", "Strong 1NT", "",
                       "add", "respond", "3H", "", "", "n", "save", "1", "q",
                       "n", "Other gadget", "SLAM Example", "", "save", "q")
    assert "Include 'Gadget' under which action of 'Strong 1NT'" in text
    gadget = (session.user / "gadget.conv").read_text()
    assert "<parent>" not in gadget
    includer = (session.user / "strong-1nt-with-stayman.conv").read_text()
    assert includer.index('<convention name="Gadget"/>') < includer.index("</open>")
    system = (session.user / "SLAM-Example.system").read_text()
    assert "<convention>Other gadget</convention>" in system
    library = ConventionLibrary([session.user], builtin=False)
    assert library.parents(library.find_convention("gadget")) == ["Strong 1NT with Stayman"]


def test_a_hand_type_is_edited_in_place_element_by_element(tmp_path):
    session = Session(tmp_path)
    session.run("n", "Tiny", "", "", "add", "open", "1H", "", "", "", "y",
                "12-21", "", "5+", "", "", "", "", "save", "q")
    text = session.run(
        "m", "tiny", "hands 1", "e", "1",
        "a", "support", "partner", "7", "",
        "a", "stopper", "their", "yes", "",
        "a", "vul", "no", "yes",
        "a", "hearts", "", "", "2", "", "1", "",
        "a", "combined", "25", "", "points", "", "", "",
        "a", "HCP", "20", "10",                      # min above max: refused
        "a", "condition", "losers <= 7",
        "c", "1", "13", "-",                         # HCP 12-21 becomes 13+
        "r", "2",                                    # the 5+ hearts go
        "d", "d", "edit 1", "", "", "", "", "game", "y", "1", "H", "save", "q")
    assert "<HCP> min=20 is more than max=10: no hand can fit" in text
    xml = (session.user / "tiny.conv").read_text()
    for written in ('<HCP min="13"/>', '<support suit="partner" min="7"/>',
                    '<stopper suit="their" half="yes"/>', '<vul we="no" they="yes"/>',
                    '<hearts honorsmin="2" controlsmin="1"/>',
                    '<combined min="25" count="points"/>', "<condition>losers &lt;= 7</condition>",
                    'forcing="game"', 'alert="yes"', 'levels="1"', 'shows="H"'):
        assert written in xml, written
    assert 'min="5"' not in xml and "<HCP min=\"20\"" not in xml


def test_a_shipped_system_and_convention_are_copied_for_the_user(tmp_path):
    session = Session(tmp_path)
    session.builtin = True
    text = session.run("f", "SAYC", "c", "", "save", "q",
                       "m", "SAYC Stayman", "c", "", "My SAYC", "save", "q")
    assert "It plays the shipped conventions" in text
    copied = (session.user / "my-sayc.system").read_text()
    assert "<name>My SAYC</name>" in copied
    assert '<replace name="SAYC Stayman" by="My SAYC Stayman"/>' in copied
    assert "<name>My SAYC Stayman</name>" in (session.user / "my-sayc-stayman.conv").read_text()
    library = ConventionLibrary([session.user])
    mine, shipped = system_named(library, "My SAYC"), system_named(library, "SAYC")
    hand, auction = Hand.parse("KJ72.Q984.52.A73"), Auction.parse("1NT P")
    choice = Robot(mine).choose(hand, auction)
    assert str(choice.call) == "2C" and "my-sayc-stayman.conv" not in str(choice.rule.source)
    assert str(Robot(shipped).choose(hand, auction).call) == "2C"
    later = Robot(mine).choose(Hand.parse("KJ72.Q984.52.A73"), Auction.parse("1NT P 2C P 2H P"))
    assert "my-sayc-stayman.conv" in str(later.rule.source)


def test_the_editor_writes_step_calls_forcing_passes_and_partner_tests(tmp_path):
    session = Session(tmp_path)
    session.run("n", "Relay", "", "",
                "add", "open", "1C", "", "", "", "y", "16+", "", "", "", "", "", "",
                "add 1", "respond", "step(1)", "", "", "y", "", "", "", "", "", "", "",
                "add 1.1", "rebid", "PASS", "", "", "n",
                "edit 1.1.1", "", "", "", "", "", "n", "", "", "y",
                "hands 1.1", "e", "1", "a", "partner", "16", "", "", "", "", "", "", "yes", "",
                "d", "d", "save", "q")
    xml = (session.user / "relay.conv").read_text()
    for written in ('bid="step(1)"', 'forcingpass="yes"', '<partner hcpmin="16" balanced="yes"/>'):
        assert written in xml, written


def test_the_editor_lists_an_inclusion_with_the_hands_its_when_allows(tmp_path):
    path = tmp_path / "gadget.conv"
    path.write_text('<convention><name>Gadget</name><actions><open bid="1NT">'
                    '<convention name="Stayman"><when><HCP min="8"/></when></convention>'
                    '</open></actions></convention>')
    assert ConventionDraft.load(path).described_tree()[1] == "  1.1. include 'Stayman' when 8+ HCP"
