"""Hand types: what a hand must hold for a rule, compiled to fast predicates.

A rule's hand types are resolved once per auction (suit references such as "partner's suit"
become concrete suits, vulnerability and seat become constants) and compiled into one Python
expression over `HandFacts`, the figures of a hand computed once from per-suit lookup tables.
The same resolution yields the description ("15-17 HCP, balanced") and what the call promises
(HCP and length ranges) for explanations.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from bidding.engine.handfacts import MAX_HCP, HandFacts
from bidding.engine.inference import (BALANCED, HCP, LENGTH, POINTS, STOPPER, SUPPORT,
                                      UNKNOWN_PICTURE, Term, condition_terms, normalised,
                                      terms_of)
from bidding.engine.suitrefs import SUIT_KINDS, Situation, SuitRef, longest_test
from bidding.model.calls import CALLS
from bidding.model.cards import SUIT_NAMES, Hand
from bidding.model.errors import BridgeError


# --- ranges and phrasing --------------------------------------------------------------------
def range_text(low: int | None, high: int | None, unit: str, scale: int = 1) -> str:
    """'15-17 HCP', '15+ HCP', 'at most 10 HCP', '6 spades' (scale 2 writes halves)."""
    def number(value: int) -> str:
        if scale == 1:
            return str(value)
        whole, half = divmod(value, scale)
        return f"{whole}.5" if half else str(whole)
    space = " " if unit else ""
    if low is not None and high is not None:
        if low == high:
            return f"{number(low)}{space}{unit}"
        return f"{number(low)}-{number(high)}{space}{unit}"
    if low is not None:
        return f"{number(low)}+{space}{unit}"
    if high is not None:
        return f"at most {number(high)}{space}{unit}"
    return f"any {unit}"


def bounds_expr(value: str, low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} <= {value} <= {high}" if low != high else f"{value} == {low}"
    if low is not None:
        return f"{value} >= {low}"
    if high is not None:
        return f"{value} <= {high}"
    return "True"


@dataclass
class Promise:
    """What a hand type guarantees: one range per dimension of the picture (HCP, points,
    each suit's length, balanced, stoppers, aces, kings; bidding.engine.inference)."""

    dims: list[tuple[int, int]] = field(default_factory=lambda: list(UNKNOWN_PICTURE))

    @property
    def hcp(self) -> tuple[int, int]:
        return self.dims[HCP]

    @property
    def lengths(self) -> list[tuple[int, int]]:
        return self.dims[LENGTH:LENGTH + 4]

    def narrow(self, dim: int, low: int | None, high: int | None) -> None:
        old_low, old_high = self.dims[dim]
        self.dims[dim] = (max(old_low, low if low is not None else 0),
                          min(old_high, high if high is not None else UNKNOWN_PICTURE[dim][1]))

    def narrow_hcp(self, low: int | None, high: int | None) -> None:
        self.narrow(HCP, low, high)

    def narrow_length(self, suit: int, low: int | None, high: int | None) -> None:
        self.narrow(LENGTH + suit, low, high)

    @property
    def is_trivial(self) -> bool:
        """Promises nothing (a pass with any hand, say)."""
        return self.dims == _UNKNOWN_DIMS

    @property
    def terms(self) -> tuple[Term, ...]:
        """The ranges that say something, as (dimension, low, high)."""
        return terms_of(self.dims)

    def narrowed_length(self, suit: int, low: int | None) -> "Promise":
        """A copy with at least `low` cards promised in `suit`."""
        copy = Promise(list(self.dims))
        copy.narrow_length(suit, low, None)
        return copy

    def union(self, other: "Promise") -> "Promise":
        """What either promise guarantees: each normalised first, so that what a hand type
        implies (points never below HCP, say) survives the hull."""
        mine, theirs = normalised(list(self.dims)), normalised(list(other.dims))
        return Promise([(min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(mine, theirs)])


_UNKNOWN_DIMS = list(UNKNOWN_PICTURE)


@dataclass
class Resolution:
    """One hand type resolved in an auction: expression parts, phrases and its promise.
    `exact` when the promise says all the tests do (so that not fitting the type is the
    negation of its ranges: denials, bidding.engine.inference)."""

    tests: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)
    promise: Promise = field(default_factory=Promise)
    impossible: bool = False
    exact: bool = True


@dataclass(frozen=True)
class RuleEnv:
    """What a constraint resolves against: the auction's situation (None when describing a
    convention on its own) and the suit of the call the rule makes."""

    situation: Situation | None
    this: int | None = None


# --- constraints ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Constraint:
    """One element of a `<type>`; subclasses add tests, phrases and promises to a Resolution."""

    line: int

    @property
    def depends_on(self) -> tuple[str, ...]:
        """The Situation fields this constraint reads (for caching resolved rules)."""
        ref = getattr(self, "ref", None)
        return ref.depends_on if ref is not None else ()

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        """Phrase without an auction (for `conventions show`)."""
        out = Resolution()
        self.apply(RuleEnv(None), out)
        return ", ".join(out.phrases)


_FIGURES = {
    "hcp": ("f.hcp", "HCP", 1),
    "points": ("f.points", "points", 1),
    "losers": ("f.losers", "losers", 1),
    "quicktricks": ("f.quick_tricks_doubled", "quick tricks", 2),
    "controls": ("f.controls", "controls", 1),
}


@dataclass(frozen=True)
class FigureRange(Constraint):
    """HCP, total points, losers, quick tricks (stored doubled) or controls in a range."""

    figure: str
    low: int | None
    high: int | None

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        value, unit, scale = _FIGURES[self.figure]
        out.tests.append(bounds_expr(value, self.low, self.high))
        out.phrases.append(range_text(self.low, self.high, unit, scale))
        if self.figure in ("hcp", "points"):
            out.promise.narrow(HCP if self.figure == "hcp" else POINTS, self.low, self.high)
        else:
            out.exact = False


@dataclass(frozen=True)
class Support(Constraint):
    """Support (dummy) points for a trump suit, partner's by default; with
    `singleton_honours_as_shortness` a singleton king, queen or jack counts its shortness only,
    not its HCP as well (it is a loser like a small singleton: losing-trick count)."""

    ref: SuitRef
    low: int | None
    high: int | None
    singleton_honours_as_shortness: bool = False

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out)
        if suits is None:
            return
        text = range_text(self.low, self.high, "support points")
        if self.singleton_honours_as_shortness:
            text += " (a singleton K, Q or J as shortness only)"
        figure = "support_short_honours" if self.singleton_honours_as_shortness else "support"
        out.tests.extend(_support_tests(self.ref, suits, self.low, self.high, figure))
        out.exact = False
        # A raise's 10-12 support points: partner's `combined` points count 10, not the 7
        # HCP the raise may hold; and support points are never below HCP.
        out.promise.narrow(SUPPORT, self.low, None)
        out.promise.narrow_hcp(None, self.high)
        out.phrases.append(text if self.ref.word == "partner" else
                           f"{text} for {_suit_words(self.ref, env, suits)}")


def _support_tests(ref: SuitRef, suits: tuple[int, ...], low: int | None,
                   high: int | None, figure: str = "support") -> list[str]:
    """Support points in range for each suit, or for the one a hand-dependent ref chooses."""
    tests = [bounds_expr(f"f.{figure}[{s}]", low, high) for s in suits]
    if ref.is_hand_dependent:
        return ["(" + " or ".join(f"({longest_test(s, suits)} and {test})"
                                  for s, test in zip(suits, tests)) + ")"]
    return tests


def _resolve(ref: SuitRef, env: RuleEnv, out: Resolution) -> tuple[int, ...] | None:
    """Concrete suits for `ref`, or None: without an auction (describe), or impossible."""
    if env.situation is None and not ref.is_fixed:
        return (env.this,) if ref.word == "this" and env.this is not None else ()
    suits = ref.candidates(env.situation, env.this)
    if not suits:
        out.impossible = True       # nothing to hold cards in: an empty set fails too
        return None
    return suits


def _suit_words(ref: SuitRef, env: RuleEnv, suits: tuple[int, ...], some: bool = False,
                kind: str | None = None) -> str:
    """Name the referenced suit the way a player would: "partner's major", "their hearts".
    With `kind` (major or minor) the words say it: "partner's major", "one of partner's
    suits (a major)"."""
    if ref.is_set or ref.is_hand_dependent:
        words = ref.phrase(some)
        if kind is None:
            return words
        return f"{words} ({'a ' + kind if some or ref.is_hand_dependent else 'all ' + kind + 's'})"
    if not suits:
        words = ref.phrase(some)
        return words if kind is None else words.replace("suit", kind, 1)
    name = SUIT_NAMES[suits[0]]
    if ref.is_fixed or ref.word == "this":
        return name
    noun = kind or (("major" if suits[0] >= 2 else "minor") if env.this == suits[0] else name)
    owner = {"partner": "partner's", "partner-first": "partner's first", "own": "own",
             "own-first": "own first", "their": "their", "their-first": "their first",
             "agreed": "the agreed"}[ref.word]
    return f"{owner} {noun}"


@dataclass(frozen=True)
class SuitHolding(Constraint):
    """Length, honours (AKQJT) and controls (A=2, K=1) in a suit or in each suit of a set;
    with `kind`, the referenced suit must also be a major (or a minor)."""

    ref: SuitRef
    low: int | None = None
    high: int | None = None
    honours: tuple[int | None, int | None] = (None, None)
    controls: tuple[int | None, int | None] = (None, None)
    any_of: bool = False
    kind: str | None = None

    def _tests(self, suit: int) -> list[str]:
        tests = []
        if self.low is not None or self.high is not None:
            tests.append(bounds_expr(f"f.length[{suit}]", self.low, self.high))
        if self.honours != (None, None):
            tests.append(bounds_expr(f"f.honours[{suit}]", *self.honours))
        if self.controls != (None, None):
            tests.append(bounds_expr(f"f.suit_controls[{suit}]", *self.controls))
        return tests or ["True"]

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out)
        if suits is None:
            return
        words = _suit_words(self.ref, env, suits, self.any_of, self.kind)
        if env.situation is None and not self.ref.is_fixed and not suits:
            out.phrases.append(self._phrase(words))
            return
        chosen = suits
        if self.kind is not None:
            chosen = tuple(s for s in suits if s in SUIT_KINDS[self.kind])
            some = self.any_of or self.ref.is_hand_dependent
            if not chosen or (not some and chosen != suits):
                out.impossible = True       # the auction's suit is not of that kind
                return
        if self.honours != (None, None) or self.controls != (None, None):
            out.exact = False
        if self.ref.is_hand_dependent:
            out.exact = False
            out.tests.append("(" + " or ".join(
                f"({longest_test(s, suits)} and {' and '.join(self._tests(s))})"
                for s in chosen) + ")" if chosen else "False")
        elif self.any_of and len(chosen) != 1:
            out.exact = False
            out.tests.append("(" + " or ".join(
                "(" + " and ".join(self._tests(s)) + ")" for s in chosen) + ")"
                if chosen else "False")
        else:
            for suit in chosen:
                out.tests.extend(self._tests(suit))
                out.promise.narrow_length(suit, self.low, self.high)
        out.phrases.append(self._phrase(words))

    def _phrase(self, suit_words: str) -> str:
        bare = suit_words in SUIT_NAMES
        parts = []
        if self.low is not None or self.high is not None:
            if self.high == 0 and not self.low:
                parts.append(f"void in {suit_words}")
            elif self.ref.word in ("partner", "partner-first", "agreed") and self.low:
                length = range_text(self.low, self.high, "").strip()
                parts.append(f"{length} card support for {suit_words}")
            elif bare:
                parts.append(range_text(self.low, self.high, suit_words))
            else:
                parts.append(range_text(self.low, self.high, f"cards in {suit_words}"))
        where = suit_words if bare or not parts else "it"
        if self.honours != (None, None):
            parts.append(range_text(*self.honours, f"honours in {where}"))
        if self.controls != (None, None):
            parts.append(range_text(*self.controls, f"controls in {where}"))
        if not parts and self.kind is not None:
            return f"{self.ref.phrase(self.any_of)} is a {self.kind}"
        return ", ".join(parts) or f"any holding in {suit_words}"


@dataclass(frozen=True)
class Longest(Constraint):
    """The referenced suit is (one of) the bidder's longest."""

    ref: SuitRef

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out)
        if suits is None:
            return
        if suits:
            out.exact = False
            out.tests.append("(" + " or ".join(f"f.length[{s}] == f.max_length"
                                               for s in suits) + ")")
            if len(suits) == 1:
                out.promise.narrow_length(suits[0], 4, None)   # the longest of 13 cards
        out.phrases.append(f"{_suit_words(self.ref, env, suits)} is the longest suit"
                           if suits or env.situation is None else "")


@dataclass(frozen=True)
class Stopper(Constraint):
    """A stopper (or half stopper) in a suit, in each suit of a set, or in one of them."""

    ref: SuitRef
    half: bool = False
    any_of: bool = False

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out)
        if suits is None:
            return
        table = "f.half_stopper" if self.half else "f.stopper"
        tests = [f"{table}[{s}]" for s in suits]
        if tests:
            out.tests.append("(" + (" or " if self.any_of else " and ").join(tests) + ")")
        if self.half or (self.any_of and len(suits) > 1) or self.ref.is_hand_dependent:
            out.exact = False
        else:
            for suit in suits:
                out.promise.narrow(STOPPER + suit, 1, 1)
        kind = "half stopper" if self.half else "stopper"
        out.phrases.append(f"{kind} in {_suit_words(self.ref, env, suits, self.any_of)}")


_SHAPE_TESTS = {"balanced": ("f.balanced", "balanced"),
                "semibalanced": ("f.semibalanced", "semi-balanced"),
                "unbalanced": ("not f.balanced", "unbalanced"),
                "ruleof20": ("f.rule_of_20", "rule of 20"),
                "ruleof15": ("f.rule_of_15", "rule of 15")}


@dataclass(frozen=True)
class ShapeTest(Constraint):
    """Balanced, semi-balanced, unbalanced, rule of 20 or rule of 15."""

    name: str

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        test, phrase = _SHAPE_TESTS[self.name]
        out.tests.append(test)
        out.phrases.append(phrase)
        if self.name in ("balanced", "unbalanced"):
            shown = int(self.name == "balanced")
            out.promise.narrow(BALANCED, shown, shown)
        else:
            out.exact = False
            if self.name == "ruleof20":     # HCP + L1 + L2 >= 20, points = HCP + (L1-4) + (L2-4)
                out.promise.narrow(POINTS, 12, None)


@dataclass(frozen=True)
class Vulnerable(Constraint):
    """Vulnerability of our side and/or theirs."""

    we: bool | None
    they: bool | None

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("we_vulnerable", "they_vulnerable")

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        parts = []
        for flag, owner in ((self.we, "we"), (self.they, "they")):
            if flag is not None:
                parts.append(f"{owner} {'are' if flag else 'are not'} vulnerable")
        out.phrases.append(" and ".join(parts) or "any vulnerability")
        situation = env.situation
        if situation is not None and (
                (self.we is not None and self.we != situation.we_vulnerable)
                or (self.they is not None and self.they != situation.they_vulnerable)):
            out.impossible = True


@dataclass(frozen=True)
class SeatIn(Constraint):
    """The bidder sits in one of these seats (1-4 from the dealer)."""

    seats: frozenset[int]

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("seat",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.phrases.append(seats_phrase(self.seats))
        if env.situation is not None and env.situation.seat not in self.seats:
            out.impossible = True


def seats_phrase(seats: frozenset[int]) -> str:
    ordinals = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    return "in " + "/".join(ordinals[s] for s in sorted(seats)) + " seat"


@dataclass(frozen=True)
class PassedHand(Constraint):
    """The bidder has (or has not) passed already."""

    value: bool

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("passed_hand",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.phrases.append("passed hand" if self.value else "unpassed hand")
        if env.situation is not None and env.situation.passed_hand != self.value:
            out.impossible = True


_COMBINED_UNITS = {"hcp": "HCP", "points": "points", "support": "support points"}


@dataclass(frozen=True)
class Combined(Constraint):
    """My HCP (or total points, or support points for a suit) plus the HCP partner has shown,
    his minimum (`use="max"`: his maximum), in a range ("we have 25+"). With points, his
    shown points count too, and his support points for a suit he raised; with my support
    points, not his (both would count shortness). `vulnerable_low`
    replaces the minimum when our side is vulnerable: a game pays at lower odds there, so
    one agreement can state both thresholds."""

    low: int | None
    high: int | None
    count: str = "hcp"                      # hcp, points or support
    ref: SuitRef | None = None              # the trump suit of support points
    use: str = "min"                        # min or max of partner's shown HCP
    vulnerable_low: int | None = None       # the minimum when we are vulnerable

    @property
    def depends_on(self) -> tuple[str, ...]:
        fields = {"hcp": ("partner_hcp",), "points": ("partner_hcp", "partner_points",
                                                      "partner_support"),
                  "support": ("partner_hcp", "partner_points")}[self.count]
        if self.vulnerable_low is not None:
            fields += ("we_vulnerable",)
        return fields + (self.ref.depends_on if self.ref is not None else ())

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = None
        if self.count == "support":
            suits = _resolve(self.ref, env, out)
            if suits is None:
                return
        text = range_text(self.low, self.high, f"{_COMBINED_UNITS[self.count]} combined")
        if suits is not None and self.ref.word != "partner":
            text += f" for {_suit_words(self.ref, env, suits)}"
        if self.vulnerable_low is not None:
            text += f" ({self.vulnerable_low}+ vulnerable)"
        out.phrases.append(text + (" with partner's maximum" if self.use == "max" else ""))
        if env.situation is None:
            return
        partner = env.situation.partner_hcp[1 if self.use == "max" else 0]
        if self.count != "hcp" and self.use == "min":     # his points, never below his HCP
            partner = max(partner, env.situation.partner_points[0])
            if self.count == "points":  # his support points (mine count my shortness)
                partner = max(partner, env.situation.partner_support[0])
        wanted = self.low
        if self.vulnerable_low is not None and env.situation.we_vulnerable:
            wanted = self.vulnerable_low
        low = None if wanted is None else max(0, wanted - partner)
        high = None if self.high is None else self.high - partner
        if high is not None and high < 0:
            out.impossible = True
            return
        if self.count == "hcp":
            out.tests.append(bounds_expr("f.hcp", low, high))
            out.promise.narrow_hcp(low, high)
            return
        out.exact = False
        if self.count == "points":
            out.tests.append(bounds_expr("f.points", low, high))
        else:
            out.tests.extend(_support_tests(self.ref, suits, low, high))
        # What it leaves for my hand: so many points (or support points), at most so many
        # HCP (points and support points are never below HCP). Partner counts those points
        # when he adds his own: "22-24 together" tells him I hold 22 less his minimum.
        out.promise.narrow(SUPPORT if self.count == "support" else POINTS, low, None)
        out.promise.narrow_hcp(None, high)


@dataclass(frozen=True)
class PartnerHcp(Constraint):
    """Partner's shown HCP range lies within min..max: `max` caps what he may still hold
    ("partner is limited to 11"), `min` is what he has promised at least."""

    low: int | None
    high: int | None

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("partner_hcp",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.phrases.append(f"partner showed {range_text(self.low, self.high, 'HCP')}")
        if env.situation is None:
            return
        shown_low, shown_high = env.situation.partner_hcp
        if (self.low is not None and shown_low < self.low) or \
                (self.high is not None and shown_high > self.high):
            out.impossible = True


RANGE_ENDS = ("top", "bottom")


@dataclass(frozen=True)
class OwnRange(Constraint):
    """My HCP lie within the top (or bottom) `width` points of the HCP range my own calls
    have shown so far: "with a maximum" is `top` 1, the 17 of a 15-17 notrump and the 14
    of a 12-14 one, so one rule serves every range and follows a change of it. The part
    must be a proper part of a closed range, else the type fails (no rule): `top` needs a
    maximum shown (an unlimited range has no top), `bottom` a minimum above 0, and a part
    as wide as the whole range would say nothing. The call shows that part (its promise)."""

    end: str                                # top or bottom
    width: int                              # HCP, 1 or more

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("own_hcp",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        part = f"the {self.end} {range_text(self.width, self.width, 'HCP')}"
        if env.situation is None:
            out.phrases.append(f"{part} of the range I showed")
            return
        shown_low, shown_high = env.situation.own_hcp
        shown = range_text(shown_low, shown_high if shown_high < MAX_HCP else None, "HCP")
        closed = shown_high < MAX_HCP if self.end == "top" else shown_low > 0
        if not closed or self.width > shown_high - shown_low:
            why = "the whole range" if closed else f"no {self.end} to it"
            out.phrases.append(f"{part} of the range I showed ({shown}: {why})")
            out.impossible = True
            return
        low, high = (shown_high - self.width + 1, shown_high) if self.end == "top" else \
            (shown_low, shown_low + self.width - 1)
        out.phrases.append(f"{range_text(low, high, 'HCP')}, the {self.end} of the "
                           f"{shown} I showed")
        out.tests.append(bounds_expr("f.hcp", low, high))
        out.promise.narrow_hcp(low, high)


@dataclass(frozen=True)
class PartnerShown(Constraint):
    """What partner has shown (bidding.engine.inference): his HCP, points or length in a
    suit lie within min..max (like `PartnerHcp`), he showed a balanced (or unbalanced) hand,
    a stopper in the suit (or denied one). For a set of suits, every suit of it."""

    ref: SuitRef | None = None
    hcp: tuple[int | None, int | None] = (None, None)
    points: tuple[int | None, int | None] = (None, None)
    length: tuple[int | None, int | None] = (None, None)
    balanced: bool | None = None
    stopper: bool | None = None

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("partner_shown",) + (self.ref.depends_on if self.ref is not None else ())

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out) if self.ref is not None else ()
        if suits is None:
            return
        words = _suit_words(self.ref, env, suits) if self.ref is not None else ""
        parts = [range_text(*bounds, unit) for bounds, unit in
                 ((self.hcp, "HCP"), (self.points, "points"),
                  (self.length, "cards in " + words)) if bounds != (None, None)]
        if self.balanced is not None:
            parts.append("a balanced hand" if self.balanced else "an unbalanced hand")
        if self.stopper is not None:
            parts.append(f"{'a' if self.stopper else 'no'} stopper in {words}")
        out.phrases.append("partner showed " + ", ".join(parts))
        if env.situation is None:
            return
        shown = env.situation.partner_shown
        picture = shown.picture if shown is not None else UNKNOWN_PICTURE
        wanted = [(HCP, self.hcp), (POINTS, self.points)]
        wanted += [(LENGTH + suit, self.length) for suit in suits]
        for dim, (low, high) in wanted:
            shown_low, shown_high = picture[dim]
            if (low is not None and shown_low < low) or (high is not None and shown_high > high):
                out.impossible = True
                return
        flags = [(BALANCED, self.balanced)] + [(STOPPER + suit, self.stopper) for suit in suits]
        if any(flag is not None and picture[dim] != (int(flag), int(flag))
               for dim, flag in flags):
            out.impossible = True


@dataclass(frozen=True)
class Fit(Constraint):
    """My length plus the minimum length partner has shown in the suit, in a range; for a
    set, in every suit of it (or, `any_of`, in one of them)."""

    ref: SuitRef
    low: int | None
    high: int | None
    any_of: bool = False

    @property
    def depends_on(self) -> tuple[str, ...]:
        return self.ref.depends_on + ("partner_lengths",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        suits = _resolve(self.ref, env, out)
        if suits is None:
            return
        words = _suit_words(self.ref, env, suits, self.any_of)
        if self.low is not None:
            out.phrases.append(f"{range_text(self.low, self.high, 'card fit')} in {words}")
        else:
            out.phrases.append(f"{range_text(None, self.high, 'cards')} together in {words}")
        if env.situation is None:
            return
        shown = env.situation.partner_lengths
        mine = {}                           # suit -> my length range for the fit
        for suit in suits:
            partner = shown[suit][0]
            low = None if self.low is None else max(0, self.low - partner)
            high = None if self.high is None else self.high - partner
            if (high is None or high >= 0) and (low is None or low <= 13):
                mine[suit] = (low, high)
        tests = {suit: bounds_expr(f"f.length[{suit}]", *bounds) for suit, bounds in mine.items()}
        if self.ref.is_hand_dependent:
            out.exact = False
            out.tests.append("(" + " or ".join(f"({longest_test(s, suits)} and {tests[s]})"
                                               for s in tests) + ")" if tests else "False")
        elif self.any_of and len(suits) != 1:
            if not tests:
                out.impossible = True
                return
            out.exact = False
            out.tests.append("(" + " or ".join(tests.values()) + ")")
        elif len(tests) < len(suits):
            out.impossible = True           # partner has already shown more than the fit
        else:
            out.tests.extend(tests.values())
            for suit, (low, high) in mine.items():
                out.promise.narrow_length(suit, low, high)


@dataclass(frozen=True)
class Forced(Constraint):
    """Partner's last call was forcing and the right-hand opponent passed (or, with value
    False, not)."""

    value: bool

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("forced",)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.phrases.append("forced to bid" if self.value else "not forced to bid")
        if env.situation is not None and env.situation.forced != self.value:
            out.impossible = True


LAST_BIDDERS = {"me": ("me",), "partner": ("partner",), "we": ("me", "partner"),
                "they": ("they",)}
_LAST_BIDDER_WORDS = {"me": "my", "partner": "partner's", "we": "our", "they": "their"}
_LAST_BIDDER_OWNERS = {"me": "mine", "partner": "partner's", "we": "ours", "they": "theirs"}


@dataclass(frozen=True)
class LastBid(Constraint):
    """The last bid of the auction was made by `by` (any bidder if None) and lies between
    two calls (Call indices): "partner's 3NT is the last bid" is a placement to respect,
    "the last bid is theirs" lets a player in the pass-out seat compete."""

    by: str | None                          # me, partner, we, they
    low: int | None
    high: int | None

    @property
    def depends_on(self) -> tuple[str, ...]:
        return ("last_bid_index", "last_bidder")

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.phrases.append(self._phrase())
        situation = env.situation
        if situation is None:
            return
        index = situation.last_bid_index
        if index < 0 or (self.by and situation.last_bidder not in LAST_BIDDERS[self.by]) or \
                (self.low is not None and index < self.low) or \
                (self.high is not None and index > self.high):
            out.impossible = True

    def _phrase(self) -> str:
        """'the last bid is partner's 3NT', 'the last bid is theirs', '... at most 3S'."""
        if self.low is None and self.high is None:
            return f"the last bid is {_LAST_BIDDER_OWNERS[self.by]}" if self.by else \
                "somebody has bid"
        whose = f"{_LAST_BIDDER_WORDS[self.by]} " if self.by else ""
        if self.low == self.high:
            return f"the last bid is {whose}{CALLS[self.low]}"
        if self.high is None:
            return f"the last bid is {whose}{CALLS[self.low]} or higher"
        if self.low is None:
            return f"the last bid is {whose}{CALLS[self.high]} or lower"
        return f"the last bid is {whose}{CALLS[self.low]} to {CALLS[self.high]}"


_SIDE_FIELDS = {"they": ("their_suits",), "partner": ("partner_suits",), "me": ("own_suits",),
                "we": ("own_suits", "partner_suits")}
_SIDE_SUBJECTS = {"they": "they have", "partner": "partner has", "me": "I have",
                  "we": "we have"}
SIDES = tuple(_SIDE_FIELDS)


@dataclass(frozen=True)
class ShownSuits(Constraint):
    """The number of distinct suits a side has shown so far is in a range."""

    side: str                               # they, partner, me or we
    low: int | None
    high: int | None

    @property
    def depends_on(self) -> tuple[str, ...]:
        return _SIDE_FIELDS[self.side]

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        subject = _SIDE_SUBJECTS[self.side]
        if self.high == 0:
            out.phrases.append(f"{subject} shown no suit")
        elif self.low == 1 and self.high is None:
            out.phrases.append(f"{subject} shown a suit")
        else:
            unit = "suit" if self.high == 1 else "suits"
            out.phrases.append(f"{subject} shown {range_text(self.low, self.high, unit)}")
        if env.situation is None:
            return
        shown = set()
        for name in _SIDE_FIELDS[self.side]:
            shown.update(getattr(env.situation, name))
        count = len(shown)
        if (self.low is not None and count < self.low) or \
                (self.high is not None and count > self.high):
            out.impossible = True


class ConditionFailed(BridgeError):
    """A `condition` raised an error on a hand: the rule is skipped, the auction goes on."""

    def __init__(self, text: str, error: Exception) -> None:
        self.text = text
        self.error = error
        super().__init__(f"its condition `{text}` failed on this hand: {error}")


PREDICATE_NAMESPACE: dict[str, object] = {}
"""Globals of the generated predicates: the dealer conditions they call, by name."""
_CONDITION_NAMES: dict[object, str] = {}    # compiled condition -> its name in the namespace


def _guarded(predicate: Callable[[Hand], bool], text: str) -> Callable[[Hand], bool]:
    """`predicate`, raising ConditionFailed whatever goes wrong inside it."""
    def condition(hand: Hand) -> bool:
        try:
            return predicate(hand)
        except Exception as error:  # noqa: BLE001 - any failure only skips the rule
            raise ConditionFailed(text, error) from error
    return condition


@dataclass(frozen=True, eq=False)
class Condition(Constraint):
    """A dealer-language condition on this hand, compiled by the dealer module. Rules that
    share a compiled condition share its name in the predicates (and so their code)."""

    text: str
    predicate: Callable[[Hand], bool]
    description: str
    name: str = field(init=False)
    bounds: tuple[Term, ...] = field(init=False)     # ranges the expression states
    exact: bool = field(init=False)                 # ... and nothing else

    def __post_init__(self) -> None:
        name = _CONDITION_NAMES.get(self.predicate)
        if name is None:
            name = _CONDITION_NAMES[self.predicate] = f"_condition_{len(_CONDITION_NAMES)}"
            PREDICATE_NAMESPACE[name] = _guarded(self.predicate, self.text)
        object.__setattr__(self, "name", name)
        expr = getattr(self.predicate, "expr", None)    # a dealer HandCondition has its tree
        bounds, exact = condition_terms(expr) if expr is not None else ((), False)
        object.__setattr__(self, "bounds", bounds)
        object.__setattr__(self, "exact", exact)

    def __reduce__(self):
        """Unpickled (a system sent to a Dask worker), the condition registers again in that
        process's PREDICATE_NAMESPACE, where the predicates compiled there look it up."""
        return Condition, (self.line, self.text, self.predicate, self.description)

    def apply(self, env: RuleEnv, out: Resolution) -> None:
        out.tests.append(f"{self.name}(f.hand)")
        out.phrases.append(self.description)
        for dim, low, high in self.bounds:
            out.promise.narrow(dim, low, high)
        out.exact = out.exact and self.exact


# --- hand types and predicates --------------------------------------------------------------
@dataclass(frozen=True)
class HandType:
    """A conjunction of constraints: one `<type>`."""

    constraints: tuple[Constraint, ...]
    line: int

    def resolve(self, env: RuleEnv) -> Resolution:
        out = Resolution()
        for constraint in self.constraints:
            constraint.apply(env, out)
            if out.impossible:
                break
        out.phrases = [p for p in out.phrases if p]
        out.tests = [t for t in out.tests if t != "True"]
        return out

    def describe(self) -> str:
        return ", ".join(p for p in (c.describe() for c in self.constraints) if p) or "any hand"

    @property
    def depends_on(self) -> tuple[str, ...]:
        return tuple(field for c in self.constraints for field in c.depends_on)


_PREDICATES: dict[str, Callable[[HandFacts], bool]] = {}


def compile_predicate(alternatives: list[list[str]]) -> Callable[[HandFacts], bool]:
    """One function for a disjunction of conjunctions of test expressions, cached by text."""
    if any(not tests for tests in alternatives):
        source = "True"
    elif not alternatives:
        source = "False"
    else:
        source = " or ".join("(" + " and ".join(tests) + ")" for tests in alternatives)
    predicate = _PREDICATES.get(source)
    if predicate is None:
        predicate = _PREDICATES[source] = eval(f"lambda f: {source}", PREDICATE_NAMESPACE)
    return predicate
