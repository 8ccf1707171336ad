"""Bidding cases: check a system against recorded "this hand, this auction, this call" rows.

A case file is JSON Lines, one object a line, in the shared format (see ../shared/README.md):

    {"hand": "AKQ95.AT3.KJ2.97", "history": ["1NT", "P"], "dealer": "N",
     "vulnerability": "None", "to_act": "S", "expected": "2C",
     "group": "...", "topic": "stayman", "source": "file:line", "comment": "..."}

Only `hand`, `history` and `expected` are required; `dealer` defaults to N, `vulnerability`
to None, `topic` to the group (or "untitled"). `to_act`, when given, must be the seat whose
turn it is. A defective row (bad JSON, a missing field or one of the wrong type, a repeated
card, an illegal or unreadable call, the wrong seat to act) is *invalid*: it is counted and
listed with its line and reason (the text it quotes cut short), never a crash.

    cases = load_cases("sayc-cases.jsonl")
    report = run_cases(cases, system_named(library, "SAYC"))
    print(report.summary())        # pass rate per topic, then "N passed, M failed, K invalid"
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from bidding.model.auction import Auction
from bidding.model.calls import Call
from bidding.model.cards import Hand, Seat, Vulnerability
from bidding.model.errors import BridgeError
from bidding.model.quoting import cut_quotes, shorten

PASSED, FAILED, INVALID = "passed", "failed", "invalid"
TEXT_FIELDS = ("hand", "expected", "dealer", "vulnerability", "to_act", "group", "topic",
               "source", "comment")


def _text(raw: dict, key: str) -> str:
    """A text field of a row; '' when it is absent or not text (the row is then invalid)."""
    value = raw.get(key)
    return value if isinstance(value, str) else ""


@dataclass
class Case:
    """One row of a case file, parsed; `problem` says why it is invalid (None if valid)."""

    line: int                               # line number in the file (1-based)
    raw: dict = field(default_factory=dict)
    hand: Hand | None = None
    auction: Auction | None = None
    expected: Call | None = None
    problem: str | None = None

    @property
    def topic(self) -> str:
        return _text(self.raw, "topic") or self.group or "untitled"

    @property
    def group(self) -> str:
        return _text(self.raw, "group")

    @property
    def source(self) -> str:
        return _text(self.raw, "source")

    @property
    def hand_text(self) -> str:
        return _text(self.raw, "hand")

    @property
    def history_text(self) -> str:
        return str(self.auction) if self.auction is not None and self.auction.calls \
            else "(opening)"

    @property
    def where(self) -> str:
        """`line N` plus the row's own source when it has one."""
        return f"line {self.line}" + (f" ({shorten(self.source)})" if self.source else "")


def parse_case(raw: object, line: int) -> Case:
    """A Case from one decoded JSON value; problems are recorded, not raised."""
    if not isinstance(raw, dict):
        return Case(line, {}, problem="a case must be a JSON object")
    case = Case(line, raw)
    try:
        for key in ("hand", "history", "expected"):
            if raw.get(key) is None:
                raise BridgeError(f"missing field {key!r}")
        for key in TEXT_FIELDS:
            if raw.get(key) is not None and not isinstance(raw[key], str):
                raise BridgeError(f"{key} must be text, not {type(raw[key]).__name__}")
        case.hand = Hand.parse(raw["hand"])
        history = raw["history"]
        if isinstance(history, str):
            history = history.replace(",", " ").split()
        if not isinstance(history, list) or not all(isinstance(c, str) for c in history):
            raise BridgeError("history must be a list of calls (or one text of calls)")
        dealer = Seat.parse(raw.get("dealer") or "N")
        vulnerability = Vulnerability.parse(raw.get("vulnerability") or "None")
        case.auction = Auction(dealer, history, vulnerability)
        if case.auction.is_over:
            raise BridgeError(f"the auction {case.auction} is already over")
        to_act = raw.get("to_act")
        if to_act and Seat.parse(to_act) != case.auction.turn:
            raise BridgeError(f"to_act is {to_act} but it is {case.auction.turn.letter}'s turn")
        case.expected = Call.parse(raw["expected"])
        reason = case.auction.why_illegal(case.expected)
        if reason is not None:
            raise BridgeError(f"expected call {case.expected} is illegal: {reason}")
    except BridgeError as error:
        case.problem = cut_quotes(str(error))
    return case


def read_cases(lines: Iterable[str]) -> list[Case]:
    """Cases from JSON Lines text; blank lines and lines starting with # are skipped, and
    so is a byte-order mark at the start."""
    cases = []
    for number, text in enumerate(lines, 1):
        text = text.removeprefix("\ufeff").strip() if number == 1 else text.strip()
        if not text or text.startswith("#"):
            continue
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as error:
            cases.append(Case(number, {}, problem=f"not JSON: {error.msg} at column "
                                                  f"{error.colno}"))
            continue
        except RecursionError:
            cases.append(Case(number, {}, problem="not JSON this program reads: nested too "
                                                  "deeply"))
            continue
        except ValueError as error:   # e.g. an integer of more than 4300 digits
            cases.append(Case(number, {}, problem=f"not JSON this program reads: "
                                                  f"{cut_quotes(str(error))}"))
            continue
        cases.append(parse_case(raw, number))
    return cases


def load_cases(path: str | Path) -> list[Case]:
    """Cases from a JSON Lines file."""
    with open(path, encoding="utf-8") as handle:
        return read_cases(handle)


@dataclass
class Outcome:
    """What a system did with one case."""

    case: Case
    status: str                            # passed, failed, invalid
    call: Call | None = None
    rule: object = None                    # the Rule that chose the call, or None
    reasons: tuple[str, ...] = ()
    situation: str = ""                    # where the robot was, for a call without a rule

    @property
    def rule_text(self) -> str:
        if self.rule is None:
            return "no agreement"
        return f"{_short_path(self.rule.source.file)}:{self.rule.source.line}"


@dataclass
class Report:
    """The outcomes of a run, with per-topic counts and the text the CLI prints."""

    outcomes: list[Outcome]
    system: str = ""

    def _count(self, status: str, topic: str | None = None) -> int:
        return sum(1 for o in self.outcomes
                   if o.status == status and (topic is None or o.case.topic == topic))

    @property
    def passed(self) -> int:
        return self._count(PASSED)

    @property
    def failed(self) -> int:
        return self._count(FAILED)

    @property
    def invalid(self) -> int:
        return self._count(INVALID)

    @property
    def rate(self) -> float:
        """Share of valid cases passed (0.0 when there are none)."""
        valid = self.passed + self.failed
        return self.passed / valid if valid else 0.0

    def topics(self) -> list[str]:
        return sorted({o.case.topic for o in self.outcomes})

    def by_topic(self) -> dict[str, tuple[int, int, int]]:
        """topic -> (passed, failed, invalid)."""
        return {t: (self._count(PASSED, t), self._count(FAILED, t), self._count(INVALID, t))
                for t in self.topics()}

    def summary(self) -> str:
        """Pass rate per topic, then the overall `N passed, M failed` line."""
        lines = []
        table = self.by_topic()
        width = max((len(t) for t in table), default=5)
        for topic, (passed, failed, invalid) in table.items():
            valid = passed + failed
            rate = f"{100 * passed / valid:5.1f}%" if valid else "    -"
            extra = f", {invalid} invalid" if invalid else ""
            lines.append(f"{topic:<{width}}  {rate}  {passed}/{valid}{extra}")
        lines.append(self.total_line())
        return "\n".join(lines)

    def total_line(self) -> str:
        text = f"{self.passed} passed, {self.failed} failed"
        if self.invalid:
            text += f", {self.invalid} invalid"
        valid = self.passed + self.failed
        if valid:
            text += f" ({100 * self.rate:.1f}%)"
        return text

    def failures(self) -> str:
        """Every miss: hand, auction, expected call, our call, and the rule that chose it."""
        blocks = []
        for outcome in self.outcomes:
            if outcome.status != FAILED:
                continue
            case = outcome.case
            auction = case.auction
            blocks.append(
                f"FAIL {case.where} [{case.topic}] {case.group}\n"
                f"  hand {case.hand_text}  dealer {auction.dealer.letter}  "
                f"vul {auction.vulnerability}  {auction.turn.letter} to act\n"
                f"  auction  {case.history_text}\n"
                f"  expected {case.expected}, got {outcome.call} by {outcome.rule_text}"
                + (f": {outcome.rule.description}" if outcome.rule is not None else ""))
        return "\n".join(blocks)

    def failures_by_rule(self) -> list[tuple[str, list[Outcome]]]:
        """The failures grouped by the rule that made our call (`file:line`; without a rule,
        `no rule: ` and the situation), most failures first: one wrong agreement, one group."""
        groups: dict[str, list[Outcome]] = {}
        for outcome in self.outcomes:
            if outcome.status == FAILED:
                key = outcome.rule_text if outcome.rule is not None else \
                    f"no rule: {outcome.situation}"
                groups.setdefault(key, []).append(outcome)
        return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))

    def by_rule(self) -> str:
        """One line per rule at fault: failures, rule, what it says, and the first case."""
        lines = []
        for key, outcomes in self.failures_by_rule():
            first = outcomes[0]
            described = f"  {shorten(first.rule.description, 70)}" if first.rule is not None \
                and first.rule.description else ""
            lines.append(f"{len(outcomes):>5}  {key}{described}  (e.g. {first.case.where}: "
                         f"{first.case.history_text}, expected {first.case.expected}, "
                         f"got {first.call})")
        return "\n".join(lines)

    def invalid_rows(self) -> str:
        return "\n".join(f"INVALID {o.case.where}: {o.case.problem}"
                         for o in self.outcomes if o.status == INVALID)


def run_case(case: Case, robot) -> Outcome:
    """Bid one case with `robot` (anything with `choose(hand, auction)`)."""
    if case.problem is not None:
        return Outcome(case, INVALID)
    try:
        choice = robot.choose(case.hand, case.auction.copy())
    except BridgeError as error:
        # A defect the parser could not see (the engine refused the case): invalid, listed.
        case.problem = f"the robot refused the case: {error}"
        return Outcome(case, INVALID)
    status = PASSED if choice.call is case.expected else FAILED
    return Outcome(case, status, choice.call, choice.rule, tuple(choice.reasons),
                   choice.situation if choice.rule is None and status == FAILED else "")


def run_cases(cases: Iterable[Case], system, topic: str | None = None,
              library=None, opponents=None) -> Report:
    """Bid every case (of `topic` if given) with `system` (a BiddingSystem or its name).

    `opponents` (a BiddingSystem or its name) is the system the opponents' calls are read
    with; by default they are read as natural.
    """
    from bidding.engine.robot import Robot
    if isinstance(opponents, str):
        from bidding.engine.library import ConventionLibrary
        from bidding.engine.system import system_named
        opponents = system_named(library or ConventionLibrary(), opponents)
    robot = Robot(system, library, opponents=opponents)
    selected = [c for c in cases if topic is None or _topic_matches(c, topic)]
    return Report([run_case(case, robot) for case in selected], robot.system.name)


def _topic_matches(case: Case, wanted: str) -> bool:
    key = " ".join(wanted.split()).casefold()
    return key in (" ".join(case.topic.split()).casefold(), case.group.casefold())


def _short_path(file: str) -> str:
    """A rule's file relative to the repository when it lies inside it."""
    from bidding.engine.library import REPO_ROOT
    try:
        return str(Path(file).resolve().relative_to(REPO_ROOT))
    except ValueError:
        return file
