"""Loading convention and system files: the old format, the schema, and every error reported."""
from pathlib import Path

import pytest
from lxml import etree

from bidding.engine.authoring import convention_tree
from bidding.model.calls import CALLS
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import (ActionSpec, Convention, ConventionError, Inclusion,
                                      compiled_condition, parse_file, schema)
from bidding.model.errors import BridgeError
from bidding.engine.system import system_named

REPO = Path(__file__).resolve().parent.parent
NATURAL = REPO / "tests" / "golden" / "natural"
EXAMPLE = REPO / "conventions/examples/strong-1nt-with-stayman.conv"


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def convention(name: str, actions: str, extra: str = "") -> str:
    return f"<convention><name>{name}</name>{extra}<actions>{actions}</actions></convention>"


def problems_of(path: Path) -> list[str]:
    _, problems = parse_file(path)
    return [str(p) for p in problems]


# --- the old format ---------------------------------------------------------------------------
def test_slambidding_example_loads_as_written():
    spec, problems = parse_file(EXAMPLE)
    assert problems == []
    assert isinstance(spec, Convention)
    assert spec.names == ["Strong 1NT with Stayman", "Strong 1NT"]
    opening = spec.actions[0]
    assert isinstance(opening, ActionSpec)
    assert (opening.kind, opening.call.text) == ("open", "1NT")
    assert opening.seats == frozenset({1, 2, 3, 4})
    assert len(opening.handtypes) == 5
    stayman = opening.children[0]
    assert (stayman.kind, stayman.call.text) == ("ask", "2C")
    assert [c.call.text for c in stayman.children] == ["2D", "2H", "2S"]


def test_repository_files_satisfy_the_shipped_schemas():
    for path in [EXAMPLE, *NATURAL.glob("*.conv")]:
        assert schema("convention").validate(etree.parse(str(path))), path
    for path in [REPO / "systems" / "SLAM-Example.system", NATURAL / "natural.system"]:
        assert schema("system").validate(etree.parse(str(path))), path


def test_subconvention_and_convention_inclusions_are_both_accepted(tmp_path):
    path = write(tmp_path, "a.conv", convention(
        "A", '<open bid="1C"><subconvention name="B"/><convention name="C"/></open>'))
    spec, problems = parse_file(path)
    assert problems == []
    assert spec.actions[0].children == (Inclusion("B", spec.actions[0].children[0].source),
                                        Inclusion("C", spec.actions[0].children[1].source))


def test_an_inclusion_holds_at_most_one_when_and_needs_a_name(tmp_path):
    spec, problems = parse_file(write(tmp_path, "good.conv", convention(
        "A", '<open bid="1C"><convention name="B"><when><HCP min="12"/></when></convention></open>')))
    assert problems == [] and spec.actions[0].children[0].when.describe() == "12+ HCP"
    path = write(tmp_path, "a.conv", convention("A", """
        <open bid="1C"><convention name="B"/></open>
        <open bid="1D"><convention name="B"><when/><when/></convention></open>
        <open bid="1H"><convention name="B"><type/></convention></open>
        <open bid="1S"><convention>B<when/></convention></open>
        <open bid="2C"><convention name="B"><when><wibble/></when></convention></open>"""))
    text = "\n".join(str(p) for p in parse_file(path)[1])
    assert f"{path}:3: unexpected <when> in <convention>: an inclusion holds at most one <when>" \
        in text
    assert f"{path}:4: unexpected <type> in <convention>" in text
    assert f"{path}:5: <convention> needs name=" in text
    assert f"{path}:6: unknown element <wibble> in <when>" in text


def test_over_is_case_insensitive(tmp_path):
    path = write(tmp_path, "a.conv", convention(
        "A", '<overcall bid="X" over="ALL"/><overcall bid="1S" over="1h, 1D"/>'))
    spec, problems = parse_file(path)
    assert problems == []
    assert len(spec.actions[0].over) == 38
    assert {str(CALLS[i]) for i in spec.actions[1].over} == {"1H", "1D"}


# --- errors -----------------------------------------------------------------------------------
def test_every_problem_is_reported_with_file_and_line(tmp_path):
    path = write(tmp_path, "bad.conv", """<convention>
  <name>Bad</name>
  <actions>
    <open bid="1Z">
      <handtypes><type><HCP min="x"/></type></handtypes>
    </open>
    <open bid="1S" colour="red">
      <handtypes><type><spades min="6" max="4"/><wibble/></type></handtypes>
    </open>
    <open bid="2S" over="1Q"/>
    <open bid="3S"><handtypes><type><suit ref="nobody" min="3"/></type></handtypes></open>
  </actions>
</convention>
""")
    messages = problems_of(path)
    text = "\n".join(messages)
    assert f"{path}:4: cannot read call '1Z'" in text
    assert f"{path}:5: <HCP> min='x' is not a whole number" in text
    assert f"{path}:7: unknown attribute 'colour' on <open>" in text
    assert f"{path}:8: <spades> min=6 is more than max=4: no hand can fit" in text
    assert f"{path}:8: unknown element <wibble> in <type>" in text
    assert f"{path}:10: over '1Q': cannot read '1Q'" in text
    assert f"{path}:11: <suit> ref=: unknown suit reference 'nobody'" in text


def test_library_raises_one_error_listing_all_files(tmp_path):
    write(tmp_path, "a.conv", convention("A", '<open bid="9NT"/>'))
    write(tmp_path, "b.conv", "<convention><name>B</name><actions>")
    with pytest.raises(ConventionError) as caught:
        ConventionLibrary([tmp_path], builtin=False)
    assert isinstance(caught.value, BridgeError) and isinstance(caught.value, ValueError)
    files = {Path(p.file).name for p in caught.value.problems}
    assert files == {"a.conv", "b.conv"}
    assert "not well-formed XML" in str(caught.value)


def test_bad_numbers_are_errors_not_defaults(tmp_path):
    path = write(tmp_path, "a.conv", convention(
        "A", '<open bid="1C"><handtypes><type><clubs min="14"/><HCP max="-1"/>'
             '<quicktricks min="1.25"/><seat in="5"/></type></handtypes></open>'))
    text = "\n".join(problems_of(path))
    assert "<clubs> min='14' is outside 0..13" in text
    assert "<HCP> max='-1' is outside 0..40" in text
    assert "quicktricks> min='1.25': use whole or half numbers" in text
    assert "<seat> in='5': use seat digits 1-4" in text


def test_missing_and_ambiguous_and_cyclic_inclusions(tmp_path):
    write(tmp_path, "a.conv", convention("A", '<open bid="1C"><convention name="Nowhere"/>'
                                              '<convention name="Twice"/></open>'))
    write(tmp_path, "t1.conv", convention("Twice", '<pass bid="P"/>'))
    write(tmp_path, "t2.conv", convention("twice", '<pass bid="P"/>'))
    write(tmp_path, "c1.conv", convention(
        "Loop one", '<open bid="1D"><convention name="Loop two"/></open>'))
    write(tmp_path, "c2.conv", convention(
        "Loop two", '<ask bid="2C"><convention name="Loop one"/></ask>',
        "<parent>Loop one</parent>"))
    write(tmp_path, "s.system", "<system><name>S</name><convention>A</convention>"
                                "<convention>Loop one</convention></system>")
    library = ConventionLibrary([tmp_path], builtin=False)
    with pytest.raises(ConventionError) as caught:
        system_named(library, "s")
    text = str(caught.value)
    assert "a.conv:1: no convention named 'Nowhere'" in text
    assert "convention name 'Twice' is ambiguous: claimed by" in text
    assert "cyclic inclusion: Loop one -> Loop two -> Loop one" in text


def test_names_match_ignoring_case_and_blanks():
    library = ConventionLibrary()
    assert library.find_convention("strong   1nt").name == "Strong 1NT with Stayman"
    assert system_named(library, "slam EXAMPLE").name == "SLAM Example"
    with pytest.raises(ConventionError, match=r"^no system named 'Precision' \(known: .*SAYC"):
        system_named(library, "Precision")     # a name asked for: no file and line to blame


def test_entities_and_external_files_are_never_read(tmp_path):
    path = write(tmp_path, "evil.conv", """<?xml version="1.0"?>
<!DOCTYPE convention [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
<convention><name>&secret;</name><actions/></convention>
""")
    spec, problems = parse_file(path)
    assert spec is None
    assert any("<name> is empty" in p.message for p in problems)


def test_wrong_root_and_missing_parts(tmp_path):
    wrong_root = problems_of(write(tmp_path, "x.conv", "<rules/>"))
    assert "expected <convention> or <system>" in wrong_root[0]
    text = "\n".join(problems_of(write(tmp_path, "y.conv", "<convention/>")))
    assert "needs at least one <name>" in text and "needs <actions>" in text


def test_condition_is_compiled_by_the_dealer_grammar(tmp_path):
    good = write(tmp_path, "good.conv", convention(
        "Good", '<open bid="1NT"><handtypes><type>'
                '<condition>hcp >= 15 and hcp &lt;= 17 and shape{(4333)+(4432)+(5332)}</condition>'
                '</type></handtypes></open>'))
    spec, problems = parse_file(good)
    assert problems == []
    condition = spec.actions[0].handtypes[0].constraints[0]
    assert "15" in condition.describe()
    bad = write(tmp_path, "bad.conv", convention(
        "Bad", '<open bid="1NT"><handtypes><type><condition>hcp >= </condition></type>'
               '</handtypes></open>'))
    text = "\n".join(problems_of(bad))
    assert f"{bad}:1: <condition>:" in text and "syntax error" in text


def test_each_condition_text_is_compiled_once(tmp_path):
    text = "hcp >= 11 and shape{(5xxx)}"
    for name in ("a", "b"):
        write(tmp_path, f"{name}.conv", convention(
            name.upper(), f'<open bid="1S"><handtypes><type><condition>{text}</condition>'
                          f'</type></handtypes></open>'))
    first, second = (parse_file(tmp_path / f"{name}.conv")[0].actions[0].handtypes[0]
                     .constraints[0] for name in ("a", "b"))
    assert first.predicate is second.predicate and first.name == second.name
    assert compiled_condition(text) is compiled_condition(" ".join(text.split()))


def test_condition_failing_on_a_probe_hand_is_reported_at_load(tmp_path):
    path = write(tmp_path, "a.conv", convention(
        "A", '<open bid="1C"><handtypes><type><condition>hcp / spades >= 3</condition>'
             '</type></handtypes></open>'
             '<open bid="1D"><handtypes><type><condition>spades > 0 and hcp / spades >= 3'
             '</condition></type></handtypes></open>'))
    messages = problems_of(path)
    assert len(messages) == 1
    assert messages[0].startswith(f"{path}:1: <condition> 'hcp / spades >= 3' fails on the "
                                  f"hand ")
    assert "division by zero" in messages[0]


def test_new_attributes_and_elements_are_checked(tmp_path):
    path = write(tmp_path, "bad.conv", """<convention>
  <name>Bad</name>
  <actions>
    <rebid bid="new" levels="8"/>
    <rebid bid="2C" levels="1"/>
    <pass bid="PASS" levels="1"/>
    <raise bid="game(this)"/>
    <open bid="1C"><handtypes><type><suit ref="H" kind="minor"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><suit ref="partner" kind="red"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><combined min="25" count="tricks"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><combined min="25" suit="H"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><combined min="25" use="average"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><fit suit="partner"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><shown side="everybody"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><shown max="5" side="they"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><partnerhcp min="12" max="11"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><forced value="maybe"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><lastbid by="nobody" min="3Z"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><lastbid min="4S" max="3NT"/></type></handtypes></open>
    <open bid="1C"><handtypes><type><support min="12" singletons="ignored"/></type></handtypes></open>
  </actions>
</convention>
""")
    text = "\n".join(problems_of(path))
    assert f"{path}:4: levels='8': use level digits 1-7" in text
    assert f"{path}:5: levels='1' excludes the call 2C: the action would never apply" in text
    assert f"{path}:6: levels='1' excludes the call P" in text
    assert f"{path}:7: call 'game(this)'" in text
    assert f"{path}:8: <suit> ref='h' is never a minor" in text
    assert f"{path}:9: <suit> kind='red': use major, minor" in text
    assert f"{path}:10: <combined> count='tricks': use hcp, points, support" in text
    assert f"{path}:11: <combined> suit= goes with count=\"support\"" in text
    assert f"{path}:12: <combined> use='average': use min, max" in text
    assert f"{path}:13: <fit> needs min= or max=" in text
    assert f"{path}:14: <shown> side='everybody': use they, partner, me, we" in text
    assert f"{path}:15: <shown> max='5' is outside 0..4" in text
    assert f"{path}:20: <support> singletons='ignored': use count, shortness" in text
    assert f"{path}:16: <partnerhcp> min=12 is more than max=11" in text
    assert f"{path}:17: <forced> value='maybe': use yes or no" in text
    assert f"{path}:18: <lastbid> by='nobody': use me, partner, we, they" in text
    assert f"{path}:18: <lastbid> min='3Z' is not a bid (1C..7NT)" in text
    assert f"{path}:19: <lastbid> min=4S is higher than max=3NT" in text


def test_levels_are_shown_in_the_convention_tree(tmp_path):
    write(tmp_path, "a.conv", convention(
        "A", '<open bid="1C"><rebid bid="new" levels="21"/></open>'))
    library = ConventionLibrary([tmp_path], builtin=False)
    assert "rebid new, levels 12 -- any hand" in convention_tree("A", library)


def test_system_errors(tmp_path):
    write(tmp_path, "a.conv", convention("A", '<open bid="1C"/>'))
    write(tmp_path, "b.conv", convention("B", '<pass bid="P"/>', "<parent>A</parent>"))
    write(tmp_path, "s.system", """<system><name>S</name>
  <convention name="A"><convention name="B"/></convention>
  <base>T</base>
</system>""")
    write(tmp_path, "t.system", "<system><name>T</name><base>S</base><frobnicate/></system>")
    with pytest.raises(ConventionError) as caught:
        ConventionLibrary([tmp_path], builtin=False)
    assert "unknown element <frobnicate> in <system>" in str(caught.value)
    assert ("s.system:2: <convention> inside a system's <convention>: a system lists its "
            "root conventions flat") in str(caught.value)
    (tmp_path / "s.system").write_text(
        "<system><name>S</name><convention name=\"A\"/><base>T</base></system>")
    (tmp_path / "t.system").write_text("<system><name>T</name><base>S</base></system>")
    library = ConventionLibrary([tmp_path], builtin=False)
    with pytest.raises(ConventionError) as caught:
        system_named(library, "S")
    assert "cyclic system bases: s -> t -> s" in str(caught.value)


KITCHEN_SINK = """<?xml version="1.0"?>
<!-- every element and attribute of the format, for the schema and the reader to agree on -->
<convention>
  <name>Everything</name>
  <parent>Somewhere</parent>
  <description>All of it.</description>
  <actions>
    <open bid="1(longest)" over="PASS" seats="1, 2" meaning="m" alert="yes" forcing="game"
          shows="this">
      <handtypes>
        <type>
          <HCP min="12" max="21"/><hcp min="12"/><points min="13"/><losers max="7"/>
          <quicktricks min="1.5"/><controls min="2"/><combined min="0"/>
          <combined min="25" count="support" suit="agreed" use="max"/><combined max="22" count="points"/>
          <partnerhcp min="6" max="11"/><fit suit="partner-all" min="8" max="9" any="yes"/><fit max="7"/>
          <forced/><forced value="no"/><shown side="they" min="0" max="0"/><shown side="we"/>
          <suit ref="partner" kind="major" min="3"/><suit ref="longest-partner" kind="Minor"/>
          <support suit="partner" min="6" max="10"/>
          <spades min="0" max="13" honorsmin="0" honorsmax="5" controlsmin="0" controlsmax="3"/>
          <hearts min="1"/><diamonds max="6"/><clubs honorsmin="1"/>
          <suit ref="unbid" any="no" min="3"/>
          <balanced/><semibalanced/><unbalanced/><ruleof20/><ruleof15/>
          <longest suit="this"/><stopper suit="their" half="yes" any="no"/>
          <vul we="yes" they="no"/><seat in="12"/><passedhand value="no"/>
          <condition>hcp >= 12</condition>
        </type>
        <type/>
      </handtypes>
      <respond bid="raise(2, partner)" over="X, XX, 1C-2S, 1major, suit, NT, all"/>
      <rebid bid="cheapest(unbid-above)" levels="2"/><rebid bid="new" levels="1, 2"/>
      <raise bid="game(partner)"/><signoff bid="game(NT)"/><rebid bid="jump(unbid-below)"/>
      <subconvention name="Other"/>
      <convention>Another</convention>
      <convention name="Gerber"><when><shown side="they" min="1"/><HCP min="12"/></when></convention>
    </open>
    <overcall bid="cue(their)"/><double bid="X"/><balance bid="jumpnew"/><advance bid="new"/>
    <rebid bid="jump(S,2)"/><raise bid="4(agreed)"/><invite bid="cheapest(NT)"/>
    <accept bid="P"/><decline bid="pass"/><ask bid="2c"/><tell bid="2D"/><relay bid="2S"/>
    <relaybid bid="3C"/><transfer bid="2H"/><cuebid bid="cue"/><competitiveraise bid="raise"/>
    <correct bid="3D"/><signoff bid="3NT"/><pass bid="PASS"/><redouble bid="XX"/>
    <call bid="7NT"/>
  </actions>
</convention>
"""


def test_schema_and_reader_accept_the_whole_vocabulary(tmp_path):
    path = write(tmp_path, "all.conv", KITCHEN_SINK)
    assert problems_of(path) == []
    assert schema("convention").validate(etree.parse(str(path)))
    system = write(tmp_path, "all.system", """<system><name>All</name><name>Every</name>
      <description>d</description><base name="Other"/><base>Another</base>
      <convention>Everything</convention><convention name="Other"/>
      <off name="Gerber"/><off>Stayman</off><replace name="Jacoby" by="Texas"/>
      <fallback name="Natural"/></system>""")
    assert problems_of(system) == []
    assert schema("system").validate(etree.parse(str(system)))


def test_an_action_heading_lists_its_attributes_as_written():
    convention = ConventionLibrary().find_convention("SAYC opener after a two-over-one")
    reverse = next(a for a in convention.actions if getattr(a, "levels", None))
    assert reverse.heading() == "rebid cheapest(unbid-above), levels 2, forcing"


def test_an_unknown_include_suggests_close_names_instead_of_listing_every_one(tmp_path):
    write(tmp_path, "a.conv", convention(
        "A", '<open bid="1C"><convention name="SAYC respnses to 1C"/></open>'))
    write(tmp_path, "s.system", "<system><name>S</name><convention>A</convention></system>")
    with pytest.raises(ConventionError) as error:
        system_named(ConventionLibrary([tmp_path]), "s")
    text = str(error.value)
    assert "a.conv:1: no convention named 'SAYC respnses to 1C' (did you mean " \
           "'SAYC responses to 1C'" in text
    assert "conventions known: `cli.py conventions list` shows them" in text
    assert "Acol 1NT opening" not in text
