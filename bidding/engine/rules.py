"""Rules and rule sets: what a player may call now, in priority order, and why.

A `Rule` is one concrete call with a compiled hand predicate, a generated description and
the file and line it came from. A `RuleSet` is the ordered rules for the player to act in one
auction, with each rule's legality decided once. Call templates (`raise(1)`, `cheapest(unbid)`)
and `over` lists are parsed here too, since they are what turns an action into rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterator

from bidding.model.calls import CALLS, Call, Strain, cheapest_level
from bidding.model.cards import Hand
from bidding.model.errors import BridgeError, CallError
from bidding.engine.constraints import ConditionFailed, Promise
from bidding.engine.handfacts import HandFacts, facts_of
from bidding.engine.suitrefs import Situation, SuitRef, SuitReferenceError, longest_test


@dataclass(frozen=True)
class Source:
    """Where something was written: file and line, shown as `file:line`."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class CallTemplateError(BridgeError):
    """Raised by CallTemplate.parse; the loader turns it into a located ConventionError."""


_FIRST_BID = 3                  # the Call index of 1C, after PASS, X and XX
GAME_LEVEL = (5, 5, 4, 4, 3)
"""The level of game by strain (Strain order: clubs, diamonds, hearts, spades, notrump)."""
FORCING_VALUES = ("no", "yes", "game")
"""A rule's forcing, weakest first: none, one round, to game."""


def reaches_game(call: Call) -> bool:
    """A bid at game level or above: it ends any game force."""
    return call.is_bid and call.level >= GAME_LEVEL[call.strain]


_TEMPLATE = re.compile(r"^(?:(?P<level>[1-7])\((?P<levelref>[^()]+)\)"
                       r"|(?P<func>cheapest|jump|raise|cue|game|step)(?:\((?P<args>[^()]*)\))?"
                       r"|(?P<short>new|jumpnew))$")


@dataclass(frozen=True)
class CallTemplate:
    """The `bid` of an action: an absolute call, or a call computed from the auction."""

    text: str
    form: str                       # absolute, level, cheapest, jump, raise, cue, game, step
    call: Call | None = None
    level: int = 0
    steps: int = 0
    ref: SuitRef | None = None      # None with a relative form means notrump
    skip_nt: bool = False           # step: notrump bids are not counted

    @classmethod
    def parse(cls, text: str) -> "CallTemplate":
        key = re.sub(r"\s+", "", text).lower()
        try:
            return cls(text, "absolute", call=Call.parse(key))
        except CallError:
            pass
        match = _TEMPLATE.match(key)
        if not match:
            raise CallTemplateError(
                f"cannot read call {text!r}: expected PASS, X, XX, 1C..7NT, or a relative "
                f"form such as raise(1), cheapest(unbid), jump(S), cue, game(partner), "
                f"4(agreed), step(1)")
        if match["level"]:
            return cls(text, "level", level=int(match["level"]),
                       ref=_strain_ref(match["levelref"], text))
        if match["short"]:
            return cls(text, "cheapest" if match["short"] == "new" else "jump",
                       steps=0 if match["short"] == "new" else 1, ref=SuitRef("unbid"))
        func, args = match["func"], [a for a in (match["args"] or "").split(",") if a]
        if func == "raise":
            return cls._parse_raise(text, args)
        if func == "step":
            return cls._parse_step(text, args)
        if func == "cue":
            ref = _strain_ref(args[0] if args else "their", text)
            if len(args) > 1 or ref is None:
                raise CallTemplateError(f"call {text!r}: cue takes at most one suit, not NT")
            return cls(text, "cue", ref=ref)
        if func in ("cheapest", "game"):
            if len(args) != 1:
                raise CallTemplateError(f"call {text!r}: {func} takes one suit or NT, "
                                        f"e.g. {func}(H)")
            return cls(text, func, ref=_strain_ref(args[0], text))
        if not 1 <= len(args) <= 2:
            raise CallTemplateError(f"call {text!r}: jump takes a suit and an optional number")
        steps = _steps(args[1], text) if len(args) == 2 else 1
        return cls(text, "jump", steps=steps, ref=_strain_ref(args[0], text))

    @classmethod
    def _parse_raise(cls, text: str, args: list[str]) -> "CallTemplate":
        steps, ref = 1, SuitRef("partner")
        if len(args) > 2:
            raise CallTemplateError(f"call {text!r}: raise takes a number and an optional suit")
        if args:
            steps = _steps(args[0], text)
        if len(args) == 2:
            ref = _strain_ref(args[1], text)
            if ref is None:
                raise CallTemplateError(f"call {text!r}: raise needs a suit, not notrump")
        return cls(text, "raise", steps=steps, ref=ref)

    @classmethod
    def _parse_step(cls, text: str, args: list[str]) -> "CallTemplate":
        """`step(N)`: the N-th bid above the last one; `step(N,skip-nt)` skips notrump."""
        if not 1 <= len(args) <= 2 or (len(args) == 2 and args[1] != "skip-nt"):
            raise CallTemplateError(f"call {text!r}: step takes a number of steps and "
                                    f"optionally skip-nt, e.g. step(2) or step(2,skip-nt)")
        if not args[0].isdigit() or not 1 <= int(args[0]) <= 34:
            raise CallTemplateError(f"call {text!r}: {args[0]!r} is not a number of steps "
                                    f"(1-34)")
        return cls(text, "step", steps=int(args[0]), skip_nt=len(args) == 2)

    @property
    def is_relative(self) -> bool:
        return self.form != "absolute"

    @property
    def depends_on(self) -> tuple[str, ...]:
        """The Situation fields the resolved calls depend on."""
        if self.form == "absolute":
            return ()
        fields = self.ref.depends_on if self.ref is not None else ()
        if self.form == "raise":
            return fields + ("partner_bid_levels",)
        if self.form in ("level", "game"):
            return fields
        return fields + ("last_bid_index",)

    def resolve(self, situation: Situation) -> list[tuple[Call, int | None, str | None]]:
        """The concrete calls in this auction, cheapest first: (call, suit bid, extra test).

        The extra test is set for hand-dependent suits (`longest`): it holds when this
        suit is the one the hand chooses.
        """
        if self.call is not None or self.form == "step":
            call = self.call or self._step(situation.last_bid_index)
            if call is None:
                return []
            strain = call.strain
            suit = int(strain) if strain is not None and strain is not Strain.NOTRUMP else None
            return [(call, suit, None)]
        strains = (4,) if self.ref is None else self.ref.candidates(situation, None)
        found = []
        for strain in strains:
            level = self._level(strain, situation)
            if 1 <= level <= 7:
                call = Call.bid(level, Strain(strain))
                test = (longest_test(strain, strains)
                        if self.ref is not None and self.ref.is_hand_dependent else None)
                found.append((call, None if strain == 4 else strain, test))
        found.sort(key=lambda item: item[0].index)
        return found

    def _step(self, last_bid_index: int) -> Call | None:
        """The `steps`-th bid above the last bid (notrump not counted with skip-nt), or
        None above 7NT."""
        count = 0
        for index in range(max(last_bid_index, _FIRST_BID - 1) + 1, len(CALLS)):
            if self.skip_nt and CALLS[index].strain is Strain.NOTRUMP:
                continue
            count += 1
            if count == self.steps:
                return CALLS[index]
        return None

    def _level(self, strain: int, situation: Situation) -> int:
        if self.form == "level":
            return self.level
        if self.form == "game":
            return GAME_LEVEL[strain]
        if self.form == "raise":
            partner_level = situation.partner_bid_levels[strain]
            return partner_level + self.steps if partner_level else 0
        last = situation.last_bid_index
        return cheapest_level(strain, CALLS[last] if last >= 0 else None) + self.steps

    def phrase(self) -> str | None:
        """What the call form itself says ("raise", "new suit", "jump shift", "cue-bid",
        "game", "longest suit"), or None when the call alone says it all (`1NT`,
        `cheapest(H)`)."""
        ref = self.ref
        chosen = ref.phrase().removeprefix("the ") if ref and ref.is_hand_dependent else None
        if self.form == "raise":
            return "raise" if self.steps == 1 else "jump raise" if self.steps == 2 \
                else f"raise by {self.steps} levels"
        if self.form == "cue":
            return "cue-bid"
        if self.form == "step":
            return f"step {self.steps}" + (" (notrump skipped)" if self.skip_nt else "")
        if self.form == "game":
            return f"game in {chosen}" if chosen else "game"
        new = _NEW_SUIT.get(ref.word) if ref is not None else None
        if self.form == "jump":
            jump = "jump" if self.steps == 1 else "double jump"
            if new:
                return f"{jump} in a {new}"
            return f"{jump} in {chosen}" if chosen else jump
        if new and self.form == "cheapest":
            return new
        return chosen


_NEW_SUIT = {"unbid": "new suit", "unbid-above": "new suit ranking above own first suit",
             "unbid-below": "new suit ranking below own first suit"}


def _strain_ref(text: str, whole: str) -> SuitRef | None:
    if text.strip().lower() in ("nt", "n", "notrump", "notrumps"):
        return None
    try:
        ref = SuitRef.parse(text)
    except SuitReferenceError as error:
        raise CallTemplateError(f"call {whole!r}: {error}") from None
    if ref.word == "this":
        raise CallTemplateError(f"call {whole!r}: 'this' names the suit of the call itself")
    return ref


def _steps(text: str, whole: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 6:
        raise CallTemplateError(f"call {whole!r}: {text!r} is not a number of levels (1-6)")
    return int(text)


# --- over ------------------------------------------------------------------------------------
class OverError(BridgeError):
    """Raised by parse_over; the loader turns it into a located ConventionError."""


_BIDS = range(_FIRST_BID, len(CALLS))
_CLASSES = {
    "bid": lambda c: True,
    "suit": lambda c: c.strain is not Strain.NOTRUMP,
    "major": lambda c: c.strain in (Strain.HEARTS, Strain.SPADES),
    "minor": lambda c: c.strain in (Strain.CLUBS, Strain.DIAMONDS),
    "nt": lambda c: c.strain is Strain.NOTRUMP,
}
_OVER_CLASS = re.compile(r"^([1-7]?)(bid|suit|major|minor|nt)$")
_OVER_CUEBID = re.compile(r"^([1-7]?)cuebid$")
CUEBID_OFFSET = 64
"""`over="cuebid"` items: the Call index of a suit bid plus this offset. Such an item matches
that bid only when it is a cue-bid, in a suit our side has shown (bidding.engine.system)."""


def cuebid_key(index: int) -> int:
    """The `over` item matching the bid `index` when it is a cue-bid of our suit."""
    return index + CUEBID_OFFSET


def over_call(item: int) -> int:
    """The Call index an `over` item is about (a cue-bid item's bid)."""
    return item - CUEBID_OFFSET if item >= CUEBID_OFFSET else item


def parse_over(text: str) -> frozenset[int]:
    """The items an `over` list matches: Call indexes (calls, `all`, classes, ranges like
    1C-2S), and for `cuebid` / `2cuebid` the suit bids that match only as cue-bids
    (`cuebid_key`)."""
    indexes: set[int] = set()
    items = [item.strip() for item in text.split(",")]
    for item in items:
        key = re.sub(r"\s+", "", item).lower()
        if not key:
            raise OverError(f"over {text!r}: empty item")
        if key in ("all", "any"):
            indexes.update(range(38))
            continue
        match = _OVER_CUEBID.match(key)
        if match:
            indexes.update(cuebid_key(i) for i in _BIDS if CALLS[i].strain is not Strain.NOTRUMP
                           and (not match[1] or CALLS[i].level == int(match[1])))
            continue
        match = _OVER_CLASS.match(key)
        if match and not (match[1] and match[2] == "nt"):
            level, test = match[1], _CLASSES[match[2]]
            indexes.update(i for i in _BIDS if test(CALLS[i])
                           and (not level or CALLS[i].level == int(level)))
            continue
        if "-" in key and key != "-":
            low_text, _, high_text = key.partition("-")
            try:
                low, high = Call.parse(low_text), Call.parse(high_text)
            except CallError:
                raise OverError(f"over {text!r}: cannot read range {item!r}") from None
            if not (low.is_bid and high.is_bid and low <= high):
                raise OverError(f"over {text!r}: range {item!r} must go from a bid up to a "
                                f"higher one")
            indexes.update(range(low.index, high.index + 1))
            continue
        try:
            indexes.add(Call.parse(key).index)
        except CallError:
            raise OverError(f"over {text!r}: cannot read {item!r}; use calls (PASS, X, 1H), "
                            f"all, bid, suit, major, minor, NT, 1suit, cuebid, 2cuebid, or a "
                            f"range 1C-2S") from None
    return frozenset(indexes)


# --- rules -----------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False, repr=False)
class Rule:
    """One call a player may make, with the hands that make it."""

    call: Call
    predicate: Callable[[HandFacts], bool]
    description: str
    source: Source
    kind: str
    convention: str
    node: object                    # the tree node; its children continue the sequence
    promise: Promise
    shows: tuple[int, ...]          # suits this call shows, in the order they count
    alert: bool = False
    forcing: str = "no"             # no, yes (one round) or game
    forcing_pass: bool = False      # a pass allowed when forced: partner's RHO bid
    exact_types: tuple = ()         # per hand type, its ranges as terms when they are all it
                                    # tests, else None: what not fitting it denies

    @cached_property
    def reason(self) -> str:
        """`call: description (file:line)`, the robot's reason for taking this rule."""
        return f"{self.call}: {self.description} ({self.source})"

    def matches(self, hand: Hand | HandFacts) -> bool:
        """The hand fits the rule; a rule whose `condition` fails on the hand does not."""
        facts = hand if isinstance(hand, HandFacts) else facts_of(hand)
        try:
            return bool(self.predicate(facts))
        except ConditionFailed:
            return False

    def __str__(self) -> str:
        return self.reason

    def __repr__(self) -> str:
        return f"Rule({self.call} at {self.source})"


class RuleSet:
    """The ordered rules for the player to act, each with the reason it is illegal (or None).

    `status` says where they came from: `root` (openings, overcalls, balancing), `sequence`
    (the continuations reached), `systems on` (their bid interrupted our sequence: our
    continuations still legal, then the fallback), `fallback` (off the tree: the system's
    fallback layer) or `none` (nothing agreed). `forced` is set when the player may not pass (partner's
    one-round force with the right-hand opponent passing, or our side's game force): pass
    rules are then illegal, except forcing passes over an opponent's call.
    """

    __slots__ = ("rules", "illegal", "status", "forced", "_describe", "_situation")

    def __init__(self, rules: tuple[Rule, ...], illegal: tuple[str | None, ...], status: str,
                 describe_situation: Callable[[], str], forced: bool = False) -> None:
        self.rules = rules
        self.illegal = illegal
        self.status = status
        self.forced = forced
        self._describe = describe_situation
        self._situation: str | None = None

    @property
    def situation(self) -> str:
        """Where the player is, in words ("after 1NT (P)"), worked out on first use."""
        if self._situation is None:
            self._situation = self._describe()
        return self._situation

    def __repr__(self) -> str:
        return f"RuleSet({len(self.rules)} rules, {self.status})"

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def __getitem__(self, index: int) -> Rule:
        return self.rules[index]

    def rules_for(self, call: Call) -> list[Rule]:
        return [rule for rule in self.rules if rule.call is call]

    def matching(self, hand: Hand | HandFacts) -> list[Rule]:
        """The legal rules `hand` fits, in priority order."""
        facts = hand if isinstance(hand, HandFacts) else facts_of(hand)
        return [rule for rule, reason in zip(self.rules, self.illegal)
                if reason is None and rule.matches(facts)]
