"""Static checks of a convention tree: mistakes that pass the schema but can never work.

Four checks, each reported with the action's file and line (docs/convention-format.md,
section 10.1):

- *impossible calls*: a call that is illegal in every auction where its action applies (a
  response `1C` under a `1H` opening, a double of partner's bid);
- *dead `over`*: an `over` that no opponent's call can match where the action stands
  (`over="1C"` where the last bid is at least partner's 1S; `X` at the root);
- *shadowed actions*: an action never chosen because an earlier sibling makes the same call
  over the same calls with hands that cover it;
- *conflicting duplicates*: two siblings making the same call over the same opponent's call
  that disagree on whether it is forcing or alerted (partner cannot know which was meant).

The checks are sound and incomplete: they report only what holds on every path through the
tree, judging the auction from what the path fixes (absolute calls, `over` lists) and
treating the rest as unknown. They walk anything shaped like the compiled tree (objects with
`spec` and `children`), so this module needs neither the library nor the system compiler:
`check_trees` takes compiled trees (a system's roots and fallback, a convention's actions),
`check_convention` the actions of one parsed file alone (what the library loader reports as
warnings).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Iterable, Sequence

from bidding.engine.rules import cuebid_key, over_call
from bidding.engine.xmlreader import ROOT_KINDS, ActionSpec, Convention, Problem
from bidding.model.calls import CALLS, Call, Strain

_NO_BID = -1
_FIRST_BID = Call.bid(1, Strain.CLUBS).index
_ROOT_BIDDING_KINDS = ("overcall", "double", "balance")


@dataclass(frozen=True)
class _Context:
    """What a path through the tree fixes about the auction before an action's turn.

    `place`: `root` (our side has only passed), `fallback` (off the tree: anything may have
    happened), `unknown` (the top of a convention checked alone) or `continuation`.
    `parent`: the call of the action above (`bid` when it is a relative form), None if unknown.
    `last_bid`: a lower bound of the last bid's index when the opponent called (-1: none).
    """

    place: str
    parent: str | None
    last_bid: int
    path: str


@dataclass(frozen=True)
class _SpecNode:
    """An action of one file, its nested actions as children (inclusions left out)."""

    spec: ActionSpec
    children: tuple["_SpecNode", ...]


def check_convention(convention: Convention) -> list[Problem]:
    """The checks on one file's actions, wherever the file may be included: warnings."""
    def nodes(items) -> tuple[_SpecNode, ...]:
        return tuple(_SpecNode(item, nodes(item.children)) for item in items
                     if isinstance(item, ActionSpec))
    found = check_trees([(nodes(convention.actions), (), "unknown")])
    return [Problem(p.file, p.line, p.message, warning=True) for p in found]


def check_trees(trees: Iterable[tuple[Sequence, Sequence, str]]) -> list[Problem]:
    """The checks on compiled trees, each given as (roots, fallback, top): errors for calls
    and `over`s that can never work, warnings for shadowed actions. `top` is `root` for a
    system's roots, `unknown` for a convention's top-level actions that may be included
    anywhere. An action (shared by several trees, or reached by several paths) is reported
    only when the problem holds wherever it is reached."""
    checker = _Checker()
    for roots, fallback, top in trees:
        checker.walk(tuple(roots), tuple(fallback), top)
    return checker.problems()


class _Checker:
    def __init__(self) -> None:
        self.visited: set[tuple] = set()               # (node, context) pairs walked
        self.live: dict[tuple, list[str | None]] = {}    # by action, per context: where
        #                                                   `over` cannot match (None: it can)
        self.reasons: dict[tuple, list[str | None]] = {}  # by action, per live context
        self.specs: dict[tuple, ActionSpec] = {}
        self.lists: list[tuple[tuple[ActionSpec, ...], bool]] = []   # siblings, at the root?

    def walk(self, roots: tuple, fallback: tuple, top: str) -> None:
        pending = [(node, _Context(top, None, _NO_BID, "")) for node in roots]
        pending += [(node, _Context("fallback", None, _NO_BID, "")) for node in fallback]
        self.lists.append((tuple(n.spec for n in roots), top == "root"))
        self.lists.append((tuple(n.spec for n in fallback), False))
        listed = set()
        while pending:
            node, context = pending.pop()
            if id(node) not in listed:
                listed.add(id(node))
                self.lists.append((tuple(child.spec for child in node.children), False))
            pending += self._visit(node, context)

    def problems(self) -> list[Problem]:
        found = []
        for key, spec in self.specs.items():
            found += self._reachability(spec, key)
        found += self._siblings()
        return list(dict.fromkeys(found))

    def _visit(self, node, context: _Context) -> list:
        """Record `node` in `context`; its children's contexts, if it is new and possible."""
        key = (id(node), context.place, context.parent, context.last_bid)
        if key in self.visited:
            return []
        self.visited.add(key)
        spec = node.spec
        action = _authored(spec)
        self.specs[action] = spec
        live = _possible_over(spec, context)
        self.live.setdefault(action, []).append(None if live else _where(context))
        if not live:
            return []
        last = _last_bid_before(live, context)
        why = _impossible_call(spec, live, context, last)
        self.reasons.setdefault(action, []).append(why)
        if why is not None:
            return []
        call = spec.call.call
        if call is None:
            low = _relative_bounds(spec)[0]
            after, parent = max(last + 1, _FIRST_BID, low), "bid"
        else:
            after = max(last, call.index) if call.is_bid else last
            parent = _call_word(call)
        text = spec.call.text
        child_context = _Context("continuation", parent, after,
                                 f"{context.path} - {text}" if context.path else text)
        return [(child, child_context) for child in node.children]

    def _reachability(self, spec: ActionSpec, key: tuple) -> list[Problem]:
        source = spec.source
        dead = self.live[key]
        if all(dead):
            return [Problem(source.file, source.line,
                            f"{spec.kind} {spec.call.text}: over {spec.over_text or 'PASS'!r} "
                            f"can never match the opponents' call {dead[0]}")]
        reasons = self.reasons[key]
        if all(reasons):
            return [Problem(source.file, source.line, f"{spec.kind} {spec.call.text} can never "
                                                      f"be made: {reasons[0]}")]
        return []

    def _siblings(self) -> list[Problem]:
        """Shadowed and conflicting actions among the siblings of every list of the trees.
        Only siblings making the same call are compared, and positions are looked up in a
        table: a list of thousands of actions costs no more than its size."""
        positions: dict[int, dict[int, int]] = {}       # by list: first position of each spec
        containing: dict[int, list[dict[int, int]]] = {}
        for siblings, _ in dict.fromkeys(self.lists):
            if id(siblings) in positions:
                continue
            first = positions[id(siblings)] = {}
            for index, spec in enumerate(siblings):
                first.setdefault(id(spec), index)
            for spec_id in first:
                containing.setdefault(spec_id, []).append(first)
        found = []
        for siblings, at_root in dict.fromkeys(self.lists):
            by_call: dict[object, list[ActionSpec]] = {}
            for later in siblings:
                earlier_same_call = by_call.setdefault(_call_key(later), [])
                for earlier in earlier_same_call:
                    problem = _compare(earlier, later, at_root,
                                       all(_precedes(earlier, later, other)
                                           for other in containing[id(later)]))
                    if problem is not None:
                        found.append(problem)
                        break
                earlier_same_call.append(later)
        return found


def _precedes(earlier, later, first_positions: dict[int, int]) -> bool:
    """`earlier` comes before `later` in this list (so it is tried first wherever both are)."""
    return first_positions.get(id(earlier), len(first_positions)) < first_positions[id(later)]


def _compare(first: ActionSpec, second: ActionSpec, at_root: bool,
             always_first: bool) -> Problem | None:
    if first is second or _call_key(first) != _call_key(second):
        return None
    if at_root and not _root_kind_covers(first.kind, second.kind):
        return None
    source = second.source
    same_calls = _with_cuebids(first.over) >= second.over and _covers(first.seats, second.seats) \
        and _covers(first.levels, second.levels)
    if always_first and same_calls and not second.never_chosen and \
            _hands_cover(first.handtypes, second.handtypes):
        children = " (its continuations are still reached)" if second.children else ""
        return Problem(source.file, source.line,
                       f"{second.kind} {second.call.text} is never chosen: {first.kind} "
                       f"{first.call.text} at {first.source} comes first, makes the same call "
                       f"over the same calls, and its hands cover these{children}", warning=True)
    if first.over & second.over and (first.forcing, first.alert) != (second.forcing,
                                                                      second.alert):
        return Problem(source.file, source.line,
                       f"{second.kind} {second.call.text} says forcing={second.forcing!r}, "
                       f"alert={'yes' if second.alert else 'no'} but {first.kind} "
                       f"{first.call.text} at {first.source}, the same call over the same "
                       f"opponent's call, says forcing={first.forcing!r}, alert="
                       f"{'yes' if first.alert else 'no'}: partner cannot tell them apart")
    return None


def _authored(spec: ActionSpec) -> tuple:
    """The action as written: an inclusion with `<when>` compiles a restricted copy of each
    top-level action, which is still the action at that file and line, judged wherever any
    copy is reached."""
    return spec.source, spec.kind, spec.call.text


def _call_key(spec: ActionSpec):
    call = spec.call
    return call.call if call.call is not None else re.sub(r"\s+", "", call.text).lower()


def _with_cuebids(over: frozenset[int]) -> frozenset[int]:
    """An `over` with the cue-bid items its bids cover: `2H` answers 2H cue-bid or not."""
    return over | {cuebid_key(item) for item in over if item >= _FIRST_BID}


def _root_kind_covers(first: str, second: str) -> bool:
    """At the root, the first action applies wherever the second does."""
    return first == second or first not in ROOT_KINDS


def _covers(wide, narrow) -> bool:
    """None means "any"."""
    return wide is None or (narrow is not None and wide >= narrow)


def _hands_cover(wide, narrow) -> bool:
    """Every hand that fits `narrow` (hand types, None: any hand) fits `wide`, for certain."""
    if wide is None:
        return True
    if narrow is None:
        return any(not t.constraints for t in wide)
    return all(any(_type_covers(w, n) for w in wide) for n in narrow)


def _type_covers(wide, narrow) -> bool:
    return all(any(_constraint_covers(c, d) for d in narrow.constraints)
               for c in wide.constraints)


def _constraint_covers(wide, narrow) -> bool:
    """`narrow` implies `wide`: same element and settings, `wide`'s ranges containing."""
    if type(wide) is not type(narrow):
        return False
    if hasattr(wide, "text") and hasattr(wide, "predicate"):         # a dealer condition
        return wide.text == narrow.text
    for field in fields(wide):
        name = field.name
        if name == "line":
            continue
        a, b = getattr(wide, name), getattr(narrow, name)
        if name == "low":
            ok = a is None or (b is not None and a <= b)
        elif name == "high":
            ok = a is None or (b is not None and a >= b)
        elif name in ("honours", "controls"):
            ok = (a[0] is None or (b[0] is not None and a[0] <= b[0])) and \
                 (a[1] is None or (b[1] is not None and a[1] >= b[1]))
        else:
            ok = a == b
        if not ok:
            return False
    return True


# --- the auction a path fixes ------------------------------------------------------------
def _possible_over(spec: ActionSpec, context: _Context) -> frozenset[int]:
    """The items of `over` that can match in this context."""
    over = spec.over
    if context.place in ("fallback", "unknown"):
        return over
    if context.place == "root":     # matched against the opponents' last bid, PASS: none
        allowed = set()
        if spec.kind == "open" or spec.kind not in ROOT_KINDS:
            allowed.add(0)
        if spec.kind in _ROOT_BIDDING_KINDS or spec.kind not in ROOT_KINDS:
            allowed.update(range(_FIRST_BID, len(CALLS)))
        return over & frozenset(allowed)
    parent = context.parent
    bids = range(max(context.last_bid + 1, _FIRST_BID), len(CALLS))
    # a bid of theirs may be a cue-bid once our side has bid (never at the root: our side
    # has shown no suit while it has only passed)
    possible = {0} | set(bids) | {cuebid_key(index) for index in bids}
    if parent not in ("X", "XX"):
        possible.add(1)                           # the right-hand opponent doubles
    if parent not in ("bid", "XX"):
        possible.add(2)                           # ... or redoubles
    return over & frozenset(possible)


def _last_bid_before(live: frozenset[int], context: _Context) -> int:
    """A lower bound of the last bid when the action's call is made."""
    calls = {over_call(item) for item in live}
    bids = [index for index in calls if index >= _FIRST_BID]
    if context.place == "root":
        return _NO_BID if 0 in calls else min(bids)
    if len(bids) == len(calls):
        return max(context.last_bid, min(bids))
    return context.last_bid


def _impossible_call(spec: ActionSpec, live: frozenset[int], context: _Context,
                     last: int) -> str | None:
    """Why the action's call is illegal whatever happened (None: it may be legal)."""
    call = spec.call.call
    where = _where(context)
    if call is None:
        high = _relative_bounds(spec)[1]
        if high <= last:
            return f"its bids are at most {CALLS[high]} and the last bid is at least " \
                   f"{CALLS[last]} {where}"
        return None
    if call.is_pass:
        return None
    if call.is_bid:
        if call.index <= last:
            return f"the last bid is at least {CALLS[last]} {where}"
        return None
    bids = any(index >= _FIRST_BID for index in live)
    if context.place == "root":
        if call.is_double and not bids:
            return f"there is no bid to double {where}"
        if call.is_redouble:
            return f"our side has made no bid to redouble {where}"
        return None
    if context.place in ("fallback", "unknown"):
        return None
    parent = context.parent
    if call.is_double:
        if bids or (0 in live and parent in ("pass", None)):
            return None
        return f"the last bid is ours or already doubled {where}"
    if (1 in live and parent not in ("X", "XX")) or (0 in live and parent in ("pass", None)):
        return None
    return f"no double of our bid stands to be redoubled {where}"


def _relative_bounds(spec: ActionSpec) -> tuple[int, int]:
    """The lowest and highest bid a relative call can be: exact for a fixed level or game
    in a fixed strain (`2(S)`, `game(NT)`), that level or the game bids for a suit
    reference, else any bid."""
    template = spec.call
    if template.form in ("level", "game"):
        if template.ref is None or template.ref.is_fixed:
            index = template.resolve(None)[0][0].index
            return index, index
        if template.form == "level":
            return (Call.bid(template.level, Strain.CLUBS).index,
                    Call.bid(template.level, Strain.NOTRUMP).index)
        return Call.bid(3, Strain.NOTRUMP).index, Call.bid(5, Strain.DIAMONDS).index
    return _FIRST_BID, len(CALLS) - 1


def _call_word(call: Call) -> str:
    return "bid" if call.is_bid else "pass" if call.is_pass else str(call)


def _where(context: _Context) -> str:
    if context.place == "root":
        return "at the start of a sequence"
    if context.place in ("fallback", "unknown"):
        return "at the top of the convention"
    return f"after {context.path}"
