"""SAYC against the case files written for this project (tests/data/*.jsonl): the defence
(their openings: overcalls, takeout doubles and their advances, 1NT overcalls, Michaels and
the unusual 2NT, weak jump overcalls, defence to 1NT and to preempts, balancing, the
doubler's rebids), our side in competition (negative doubles, free bids, after their takeout
double, interference over our 1NT, penalty doubles), later competitive rounds (balancing,
advancing over their raise, competing over our fit, reopening), the uncontested auction (openings,
responses, rebids, notrump, 2C, weak twos, slam) and a second pass over the topics the shared
file weighs most (responder's and opener's rebids, preempts, doubles, seat rules, slam asks),
and a third (doubles of every kind, opener's and responder's rebids in points, preempts and
their answers, responses to a minor), and blind files over all the shared file's topics in
their proportions (sayc-blind-9, sayc-blind-10, and sayc-blind-11 from the harder situations:
later rounds, competition, the forcing status of calls; sayc-blind-12 and sayc-blind-13 from
situations none of the earlier files covers; sayc-blind-14 again in the shared file's
proportions). Each case is a hand for one agreement of
../shared/reference/sayc.md (named in its comment), the expected call written before the robot
was run; none comes from the shared cases.

Every case is a test; a case the system still gets wrong is listed in KNOWN_FAILURES with the
agreement missing or disputed, so that the files stay a true record (strict xfail: a case
that starts passing must be moved out of the list).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bidding.engine.library import ConventionLibrary
from bidding.engine.robot import Robot
from bidding.engine.system import system_named
from bidding.laboratory.cases import PASSED, load_cases, run_case

DATA = Path(__file__).resolve().parent / "data"
FILES = ("sayc-defence-cases.jsonl", "sayc-competitive-cases.jsonl",
         "sayc-later-rounds-cases.jsonl", "sayc-constructive-cases.jsonl",
         "sayc-rebids-and-judgement-cases.jsonl", "sayc-doubles-and-rebids-cases.jsonl",
         "sayc-blind-9-cases.jsonl", "sayc-blind-10-cases.jsonl", "sayc-blind-11-cases.jsonl",
         "sayc-blind-12-cases.jsonl", "sayc-blind-13-cases.jsonl", "sayc-blind-14-cases.jsonl")

# (file, line) -> why SAYC (as shipped) still bids otherwise.
KNOWN_FAILURES = {(FILES[0], line): why for line, why in {
    76: "advancing Michaels over 1H without spades: the engine bids 3C pass-or-correct with "
        "at most 9 HCP and both minors; the reference names only 2NT asking for the minor",
    90: "shipped SAYC plays Cappelletti over their 1NT (2C = a one-suiter, sayc.md 14 [O]); "
        "the booklet's natural 2S is the SAYC-booklet system's",
    121: "advancing a balancing double with two four-card minors: the engine bids the better "
         "suit (2D), the case the cheapest (2C); sayc.md 11 says only 'cheapest suit'",
    141: "a flat four-trump raise of a two-level overcall with 7 HCP: the engine's preemptive "
         "jump raise takes any four-trump hand up to 9 HCP (law of total tricks); raising once "
         "with flat hands (the case) scored 5 IMPs worse on 1,600 random deals, so it was not kept",
}.items()} | {(FILES[6], line): why for line, why in {
    28: "1C-1S-2C with six spades and 10 HCP: the engine invites with 2NT before the jump "
        "rebid (sayc.md 6 lists both); putting the six-card suit first, as after opener's 1NT "
        "or a new suit, changed 28 auctions on 20 seeds of 1,000 boards and lost 7 IMPs "
        "(opener accepts 2NT more often than 3M); first only when 2NT leaves an unbid suit "
        "unstopped, 17 auctions and -2 IMPs: neither was kept",
}.items()} | {(FILES[8], line): why for line, why in {
    43: "1NT-2C-2S with four hearts and 16 HCP: quantitative 4NT (sayc.md 7.1, 14); over a "
        "major answer the tree makes 4NT Blackwood (with a fit), and opener answers aces, so "
        "a quantitative 4NT there needs the fit shown some other way first",
    51: "2C-2D-2H with three hearts, a king and 6 HCP: the engine's fast-arrival 4H takes any "
        "hand up to 7 HCP; the common treatment keeps the jump to game for a hand with no "
        "side ace or king. Tried (the slow raise with 8+ HCP or a side ace or king): 40 "
        "auctions changed on 24 seeds of 1,000 boards and lost 33 IMPs, slams the 8+ "
        "slow raise reached being missed, so it was not kept",
}.items()} | {(FILES[9], line): why for line, why in {
    11: "1NT (X) with 11 HCP 3-4-3-3: XX = 8+, penalty-minded (sayc.md 7.1 [D]); shipped SAYC "
        "plays XX as a puppet (competitive/sayc-interference-over-our-1nt.conv:27), and "
        "Stayman (notrump/sayc-1nt-responses.conv:17, systems on, 4333 with 24+ combined) takes "
        "the flat hand that should leave 1NT doubled in: no agreement puts a flat 8+ hand first",
}.items()} | {(FILES[10], line): why for line, why in {
    18: "1NT-3C with AQJ852 and 8 HCP: 3C/3D = a six-card minor with 2 of the top 3, "
        "invitational (sayc.md 7.1 [B]); the 3C rule (notrump/sayc-1nt-responses.conv:52) "
        "counts 23-24 combined in points, so 8-9 HCP with six cards (25+ points) misses it, "
        "and 3NT counts HCP (23): the hand falls to 2NT (:87), which hides the suit",
}.items()}

CASES = [(name, case) for name in FILES for case in load_cases(DATA / name)]


@pytest.fixture(scope="module")
def robot():
    library = ConventionLibrary()
    return Robot(system_named(library, "SAYC"), library)


@pytest.mark.parametrize("name", FILES)
def test_each_case_file_is_valid(name):
    cases = [case for file, case in CASES if file == name]
    assert len(cases) >= 20
    assert [case.where for case in cases if case.problem] == []


def test_every_known_failure_names_a_case():
    assert set(KNOWN_FAILURES) <= {(name, case.line) for name, case in CASES}


@pytest.mark.parametrize("name, case", [
    pytest.param(name, case, id=f"{name.removesuffix('-cases.jsonl')}-line{case.line}",
                 marks=[pytest.mark.xfail(reason=KNOWN_FAILURES[name, case.line], strict=True)]
                 if (name, case.line) in KNOWN_FAILURES else [])
    for name, case in CASES])
def test_case(robot, name, case):
    outcome = run_case(case, robot)
    assert outcome.status == PASSED, (
        f"{name} {case.where} [{case.topic}] {case.hand_text} after {case.history_text}: "
        f"expected {case.expected}, got {outcome.call} ({case.raw.get('comment')})")
