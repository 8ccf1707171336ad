"""Bidding systems: conventions compiled into a tree, and the rule set for any auction.

`BiddingSystem` splices the conventions a system lists (inclusions, switches, replacements)
into a tree of `Node`s. An `Interpreter` walks an auction call by call, each side along its
own system's tree (see docs/convention-format.md, section 7), keeping what every player has
shown; it memoises one state per auction prefix, so a robot's question "what may I bid
here?" is one dictionary look-up after the first time.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace
from operator import attrgetter
from pathlib import Path

from bidding.model.auction import Auction
from bidding.model.calls import CALLS, PASS, Call, Strain, cheapest_level
from bidding.model.cards import Seat
from bidding.engine.library import ConventionLibrary
from bidding.engine.xmlreader import (ROOT_KINDS, ActionSpec, Convention, ConventionError,
                                      Inclusion, Listing, Problem, SystemSpec, canonical)
from bidding.engine.explain import Explanation, Shown, explain
from bidding.engine.constraints import HandType, Promise, RuleEnv, compile_predicate
from bidding.engine.suitrefs import Situation
from bidding.engine.rules import GAME_LEVEL, Rule, RuleSet, Source, cuebid_key, reaches_game
from bidding.engine.inference import STOPPER
from bidding.model.cards import SUIT_NAMES

_PASS_INDEX = PASS.index
_LONGEST_SUIT_MIN = 4          # a longest suit of thirteen cards has at least four
_STATE_LIMIT = 200_000
_RULES_PER_NODE_LIMIT = 5_000
_ROOT_SITUATIONS = {"open": ("open",), "direct": ("overcall", "double"), "balance": ("balance",)}
_ROOT_WORDS = {"direct": "direct seat over", "balance": "balancing seat over"}


class Node:
    """An action placed in a system's tree: its spec and its continuations after splicing."""

    __slots__ = ("spec", "over", "children", "convention", "depends_on", "_situation_key",
                 "_rules")

    def __init__(self, spec: ActionSpec, children: tuple["Node", ...], convention: str) -> None:
        self.spec = spec
        self.over = spec.over                  # read for every candidate of every rule set
        self.children = children
        self.convention = convention
        fields = spec.call.depends_on + (("seat",) if spec.seats is not None else ())
        fields += tuple(f for ref in spec.shows or () for f in ref.depends_on)
        fields += tuple(f for t in spec.handtypes or () for f in t.depends_on)
        self.depends_on = tuple(sorted(set(fields)))
        self._situation_key = attrgetter(*self.depends_on) if self.depends_on else None
        self._rules: dict = {}                 # situation key -> rules

    def rules(self, situation: Situation) -> list[Rule]:
        """The concrete rules this action gives in a situation, cached by the values of the
        situation fields it reads (an absolute call with fixed suits is resolved once)."""
        key = self._situation_key(situation) if self._situation_key is not None else None
        rules = self._rules.get(key)
        if rules is None:
            if len(self._rules) >= _RULES_PER_NODE_LIMIT:
                self._rules.clear()
            rules = self._rules[key] = _make_rules(self, situation)
        return rules

    def __repr__(self) -> str:
        return f"Node({self.spec.kind} {self.spec.call.text} at {self.spec.source})"


def _restricted(node: Node, when: HandType) -> Node:
    """`node` made only by hands that also fit `when` (an inclusion's `<when>`): each of its
    hand types gains when's elements; its continuations are shared, untouched."""
    types = node.spec.handtypes
    types = (when,) if types is None else tuple(
        HandType(t.constraints + when.constraints, t.line) for t in types)
    return Node(replace(node.spec, handtypes=types), node.children, node.convention)


def system_named(library: ConventionLibrary, name: str) -> "BiddingSystem":
    """The system called `name` in `library` (any case; `builtin:NAME` for a shipped one that
    a user's file shadows), compiled once per library."""
    return compiled_system(library, library.find_system_spec(name))


def compiled_system(library: ConventionLibrary, spec: SystemSpec) -> "BiddingSystem":
    """`spec` compiled against `library`, once: the library keeps the compiled systems."""
    system = library.compiled_systems.get(spec)
    if system is None:
        system = library.compiled_systems[spec] = BiddingSystem(spec, library)
    return system


class BiddingSystem:
    """A compiled system: root actions, the fallback layer, and memoised interpreters."""

    def __init__(self, spec: SystemSpec, library: ConventionLibrary,
                 every_listing_is_root: bool = False) -> None:
        self.spec = spec
        self.library = library
        self.names = list(spec.names)
        self.warnings: list[Problem] = []
        self._nodes_of: dict[int, tuple[Node, ...]] = {}
        self._interpreters: dict[tuple, Interpreter] = {}
        self._root_candidates: dict[tuple[str, int], list[Node]] = {}
        self._originals: dict[str, tuple[str, Source]] = {}   # replaced names as written
        problems: list[Problem] = []
        listings, self._offs, self._replaces, fallback = self._settings(spec, problems, [])
        self._system_files = {spec.source.file} | {listing.source.file for listing in listings}
        self._check_switches(problems)
        roots: list[Node] = []
        listed = []
        for listing in listings:
            convention = self._listed(listing, problems)
            if convention is None:
                continue
            listed.append((listing, convention))
            if every_listing_is_root or self._starts_sequences(listing, convention):
                roots += self._nodes(convention, problems, [])
        self.roots = tuple(dict.fromkeys(roots))
        self.fallback: tuple[Node, ...] = ()
        if fallback is not None:
            convention = self._lookup(*fallback, problems)
            if convention is not None:
                self.fallback = self._nodes(convention, problems, [])
        for listing, convention in listed:
            if id(convention) not in self._nodes_of:
                self.warnings.append(Problem(
                    listing.source.file, listing.source.line,
                    f"{convention.name!r} is listed but never used: it has parents "
                    f"({', '.join(convention.parents)}) and none of them includes it here",
                    warning=True))
        if problems:
            raise ConventionError(problems)

    @classmethod
    def of_convention(cls, convention: Convention, library: ConventionLibrary) -> "BiddingSystem":
        """A system playing one convention alone, sub-convention or not: for checking and
        showing a convention with its inclusions spliced in."""
        source = convention.source
        spec = SystemSpec([convention.name], convention.description, [],
                          [Listing(convention.name, source)], [], [], None, source)
        return cls(spec, library, every_listing_is_root=True)

    @property
    def name(self) -> str:
        return self.names[0]

    def __repr__(self) -> str:
        return f"BiddingSystem({self.name!r})"

    # --- compiling --------------------------------------------------------------------------
    def _settings(self, spec: SystemSpec, problems: list[Problem], stack: list[str]):
        """Listings, switches, replacements and fallback of `spec` after its bases."""
        listings: list[Listing] = []
        offs: dict[str, tuple[str, Source]] = {}
        replaces: dict[str, tuple[str, Source]] = {}
        fallback = None
        stack = stack + [canonical(spec.name)]
        for base_name, source in spec.bases:
            if canonical(base_name) in stack:
                problems.append(Problem(source.file, source.line, "cyclic system bases: "
                                        + " -> ".join(stack + [canonical(base_name)])))
                continue
            try:
                base = self.library.find_system_spec(base_name, source)
            except ConventionError as error:
                problems += error.problems
                continue
            base_listings, base_offs, base_replaces, base_fallback = \
                self._settings(base, problems, stack)
            listings += base_listings
            offs.update(base_offs)
            replaces.update(base_replaces)
            fallback = base_fallback or fallback
        listings += spec.listings
        offs.update({canonical(name): (name, source) for name, source in spec.offs})
        replaces.update({canonical(name): (by, source) for name, by, source in spec.replaces})
        self._originals.update({canonical(name): (name, source)
                                for name, _, source in spec.replaces})
        return listings, offs, replaces, spec.fallback or fallback

    def _check_switches(self, problems: list[Problem]) -> None:
        """Every convention switched off, replaced or replacing must exist."""
        named = list(self._offs.values()) + list(self._replaces.values())
        named += [(old, source) for old, (_, source) in self._originals.items()]
        for name, source in named:
            try:
                self.library.find_convention(name, source)
            except ConventionError as error:
                problems += error.problems

    def _listed(self, listing: Listing, problems: list[Problem]) -> Convention | None:
        """The convention a listing names; in a 2009 system one that no file defines is a
        warning (SLAMBidding ignored it)."""
        if listing.old_format and not self.library.has_convention(listing.name):
            self.warnings.append(Problem(
                listing.source.file, listing.source.line,
                f"no convention named {listing.name!r}: ignored, as SLAMBidding did",
                warning=True))
            return None
        return self._lookup(listing.name, listing.source, problems)

    def _starts_sequences(self, listing: Listing, convention: Convention) -> bool:
        """Every listed convention starts sequences, except a sub-convention of a 2009 file:
        one naming by hand a parent the library has (it is used where that includes it).
        Naming only parents no file defines, it starts sequences as SLAMBidding's did."""
        if not convention.parents:
            return True
        if any(self.library.has_convention(parent) for parent in convention.parents):
            return False
        self.warnings.append(Problem(
            listing.source.file, listing.source.line,
            f"{convention.name!r} names parents no file defines "
            f"({', '.join(convention.parents)}): it starts sequences", warning=True))
        return True

    def _lookup(self, name: str, source: Source, problems: list[Problem]) -> Convention | None:
        """The convention `name` stands for in this system (after replacements), or None
        when it is switched off or cannot be found (a problem is recorded)."""
        seen = []
        while canonical(name) in self._replaces and canonical(name) not in seen:
            seen.append(canonical(name))
            name = self._replaces[canonical(name)][0]
        if canonical(name) in self._offs:
            return None
        try:
            return self.library.find_convention(name, source)
        except ConventionError as error:
            if not seen:                # a missing replacement is reported once, at <replace>
                problems += error.problems
            return None

    def _nodes(self, convention: Convention, problems: list[Problem],
               stack: list[Convention]) -> tuple[Node, ...]:
        """The top-level nodes of `convention`, built once and shared by every includer."""
        key = id(convention)
        if key in self._nodes_of:
            return self._nodes_of[key]
        if convention in stack:
            cycle = " -> ".join(c.name for c in stack[stack.index(convention):] + [convention])
            problems.append(Problem(convention.source.file, convention.source.line,
                                    f"cyclic inclusion: {cycle}"))
            return ()
        nodes = self._expand(convention.actions, convention, problems, stack + [convention])
        self._nodes_of[key] = nodes
        return nodes

    def _expand(self, items, convention: Convention, problems: list[Problem],
                stack: list[Convention]) -> tuple[Node, ...]:
        nodes: list[Node] = []
        for item in items:
            if isinstance(item, Inclusion):
                included = self._lookup(item.name, item.source, problems)
                if included is None:
                    continue
                parents = {canonical(p) for p in included.parents}
                if parents and not parents & {canonical(n) for n in convention.names}:
                    self.warnings.append(Problem(
                        item.source.file, item.source.line,
                        f"{included.name!r} is included by {convention.name!r}, which is not "
                        f"among its parents ({', '.join(included.parents)})", warning=True))
                spliced = self._nodes(included, problems, stack)
                if item.when is not None:
                    spliced = tuple(_restricted(node, item.when) for node in spliced)
                nodes += spliced
            else:
                children = self._expand(item.children, convention, problems, stack)
                nodes.append(Node(item, children, convention.name))
        return tuple(nodes)

    def root_candidates(self, situation: str, over: int) -> list[Node]:
        """Roots that apply in a root situation (`open`, `direct` or `balance`) over the
        opponents' last bid (PASS for an opening), cached: every auction starts here."""
        key = (situation, over)
        nodes = self._root_candidates.get(key)
        if nodes is None:
            allowed = _ROOT_SITUATIONS[situation]
            nodes = self._root_candidates[key] = [
                n for n in self.roots
                if (n.spec.kind in allowed or n.spec.kind not in ROOT_KINDS)
                and over in n.over]
        return nodes

    def nodes(self) -> list[Node]:
        """Every distinct node of the tree (roots, continuations and fallback)."""
        seen: dict[int, Node] = {}
        pending = list(self.roots) + list(self.fallback)
        while pending:
            node = pending.pop()
            if id(node) not in seen:
                seen[id(node)] = node
                pending.extend(node.children)
        return list(seen.values())

    def source_digest(self) -> str:
        """A digest of every file the system is read from (its system files and the
        convention files of its tree): a resumed run must not mix boards bid before an
        edit with boards bid after it."""
        files = self._system_files | {node.spec.source.file for node in self.nodes()}
        digest = hashlib.sha256()
        for name in sorted(files):
            digest.update(name.encode() + b"\0")
            try:
                digest.update(Path(name).read_bytes())
            except OSError:
                digest.update(b"(unreadable)")
        return digest.hexdigest()[:16]

    # --- using ------------------------------------------------------------------------------
    def interpreter(self, auction: Auction, systems: tuple) -> "Interpreter":
        """The memoising interpreter for these systems (dealer's side first) and
        vulnerability, shared by every auction that fits."""
        key = (id(systems[0]), id(systems[1]), id(auction.vulnerability), auction.dealer % 2)
        interpreter = self._interpreters.get(key)
        if interpreter is None:
            vulnerable = (auction.vulnerability.is_vulnerable(auction.dealer),
                          auction.vulnerability.is_vulnerable(auction.dealer.next()))
            interpreter = self._interpreters[key] = Interpreter(systems, vulnerable)
        return interpreter

    def ruleset(self, auction: Auction, opponents: "BiddingSystem | None" = None) -> RuleSet:
        """The ordered rules for the player to act; the opponents' calls are read with
        their system if given, else as natural."""
        calls = auction.calls
        systems = (self, opponents) if len(calls) % 2 == 0 else (opponents, self)
        return self.interpreter(auction, systems).ruleset(tuple([c.index for c in calls]))

    def explain(self, auction: Auction) -> list[Explanation]:
        """What every call showed, both sides playing this system (for two systems, use
        bidding.engine.explain.explain)."""
        return explain(auction, self, self)


# --- interpreting auctions -------------------------------------------------------------------
class _State:
    """Everything known after one auction prefix (players indexed from the dealer)."""

    __slots__ = ("positions", "players", "events", "forcing", "game_forcing", "explanations",
                 "last_bid", "ruleset")

    def __init__(self, positions, players, events, forcing, game_forcing, explanations,
                 last_bid) -> None:
        self.positions = positions          # per side: None (not started) or tuple of Nodes
        self.players = players              # per player: Shown
        self.events = events                # (player, suit) in the order suits were shown
        self.forcing = forcing              # per player: forcing value of the last call
        self.game_forcing = game_forcing    # per side: a game force made and game not reached
        self.explanations = explanations    # one per call so far
        self.last_bid = last_bid            # position of the last bid in the history, or -1
        self.ruleset: RuleSet | None = None


class Interpreter:
    """Walks auctions for two sides (dealer's side first; None plays natural), memoised."""

    def __init__(self, systems: tuple, vulnerable: tuple[bool, bool]) -> None:
        self.systems = systems
        self.vulnerable = vulnerable
        self._states: dict[tuple[int, ...], _State] = {}

    def _initial(self) -> _State:
        return _State((None, None), (Shown(),) * 4, (), ("no",) * 4, (False, False), (), -1)

    def state(self, history: tuple[int, ...]) -> _State:
        state = self._states.get(history)
        if state is not None:
            return state
        if len(self._states) > _STATE_LIMIT:
            self._states.clear()
        known = max(len(history) - 1, 0)
        while known > 0 and history[:known] not in self._states:
            known -= 1
        state = self._states.get(history[:known])
        if state is None:
            state = self._states[()] = self._initial()
        for length in range(known, len(history)):
            state = self._advance(state, history[:length], CALLS[history[length]])
            self._states[history[:length + 1]] = state
        return state

    def ruleset(self, history: tuple[int, ...]) -> RuleSet:
        state = self.state(history)
        if state.ruleset is None:
            state.ruleset = self._build_ruleset(state, history)
        return state.ruleset

    def explanations(self, history: tuple[int, ...], dealer: Seat):
        """The explanations of the calls of `history`, with seats from `dealer`."""
        for explanation in self.state(history).explanations:
            yield explanation._replace(seat=dealer.next(explanation.index))

    # --- one call ---------------------------------------------------------------------------
    def _advance(self, state: _State, history: tuple[int, ...], call: Call) -> _State:
        player = len(history) % 4
        side = player % 2
        ruleset = self.ruleset(history)
        matched = ruleset.rules_for(call)
        position = state.positions[side]
        if position is None and call is PASS:
            new_position = None
        elif matched:
            new_position = tuple(dict.fromkeys(c for r in matched for c in r.node.children))
        else:
            new_position = ()
        # A never-chosen rule only leads to continuations: the call means what the other
        # rules making it say.
        matched = [r for r in matched if not r.node.spec.never_chosen] or matched
        if len(matched) == 1:
            rule = matched[0]
            promise, suits, forcing = rule.promise, rule.shows, rule.forcing
            status, text, alert = "rule", rule.description, rule.alert
        elif matched:
            promise = matched[0].promise
            for rule in matched[1:]:
                promise = promise.union(rule.promise)
            suits = tuple(s for s in matched[0].shows if all(s in r.shows for r in matched))
            # forcing to game only if every rule making the call is; else one round if any is
            # (a game force the call itself satisfies, at game or above, forces nothing)
            forcing = "game" if all(r.forcing == "game" for r in matched) else \
                "yes" if any(r.forcing == "yes" or (r.forcing == "game" and not reaches_game(call))
                             for r in matched) else "no"
            texts = list(dict.fromkeys(r.description for r in matched))
            status, text, alert = "rule", "; or ".join(texts), any(r.alert for r in matched)
        else:
            promise, alert = None, False
            two_suiter = _two_suiter_read(history, call)
            suits = two_suiter if two_suiter is not None else (int(call.strain),) \
                if call.is_bid and call.strain is not Strain.NOTRUMP else ()
            forcing = "game" if _natural_jump_shift(state, history, player, call, suits) else "no"
            status, text = self._unexplained(call, suits, self.systems[side] is None,
                                             two_suiter is not None)
        shown = state.players[player].after(call, promise, suits,
                                            call is PASS and state.last_bid < 0)
        denials = ()
        if matched or call is PASS:
            denied = _denied(ruleset, call)
            if denied:
                shown, denials = shown.denying(denied)
        players = state.players[:player] + (shown,) + state.players[player + 1:]
        events = state.events + tuple([(player, s) for s in suits]) if suits else state.events
        positions = (new_position, state.positions[1]) if side == 0 else \
            (state.positions[0], new_position)
        forcing_by_player = state.forcing[:player] + (forcing,) + state.forcing[player + 1:]
        # The seat is counted from the dealer here; explanations() turns it into a compass seat.
        explanation = Explanation(len(history), Seat(player), call, status, text,
                                  tuple(matched), alert, shown, forcing,
                                  bool(matched) and all(r.forcing_pass for r in matched),
                                  denials)
        return _State(positions, players, events, forcing_by_player,
                      _game_forcing(state.game_forcing, side, call, forcing),
                      state.explanations + (explanation,),
                      len(history) if call.is_bid else state.last_bid)

    @staticmethod
    def _unexplained(call: Call, suits: tuple[int, ...], natural_side: bool,
                     two_suiter: bool) -> tuple[str, str]:
        if two_suiter:
            names = " and ".join([Strain(suit).name.lower() for suit in suits] +
                                 ["a minor"] * (len(suits) == 1))
            text = f"read as a two-suiter: {names}"
            return ("natural", text) if natural_side else ("off system", text)
        if natural_side:
            text = f"natural, {Strain(suits[0]).name.lower()}" if suits else "natural"
            return "natural", text
        if call is PASS:
            return "no agreement", "pass: no agreed call fits"
        shown = f", showing {Strain(suits[0]).name.lower()}" if suits else ""
        return "off system", f"not in the system: taken as natural{shown}"

    # --- rule sets --------------------------------------------------------------------------
    def _build_ruleset(self, state: _State, history: tuple[int, ...]) -> RuleSet:
        side = len(history) % 2
        system = self.systems[side]
        if system is None:
            return RuleSet((), (), "none", lambda: "a side playing natural, without a system")
        rho = history[-1] if history else _PASS_INDEX
        position = state.positions[side]
        uncontested: list[Node] = []     # our continuations without their call (systems on)
        if position is None:
            nodes, status, describe = self._root(system, history, state.last_bid)
        else:
            cuebid = cuebid_key(rho) if _is_cuebid(state, side, rho) else None
            nodes = [n for n in position if rho in n.over or cuebid in n.over]
            status = "sequence"
            if not nodes:
                if CALLS[rho].is_bid or (CALLS[rho].is_double and
                                         _our_bids(history) >= 2):
                    uncontested = [n for n in position if _PASS_INDEX in n.over]
                nodes = [n for n in system.fallback if rho in n.over or cuebid in n.over]
                status = "systems on" if uncontested else "fallback" if nodes else "none"
            describe = _sequence_description(history, status, bool(position))
        legality = _Legality(history, state.last_bid)
        game_forced = self._game_forced(state, history, legality)
        forced = game_forced or self._forced_one_round(state, history)
        situation = self._situation(state, history, forced)
        rules = tuple(self._systems_on(uncontested, history, situation) +
                      [rule for node in nodes for rule in node.rules(situation)])
        last_bid = legality.last_bid
        illegal = tuple([None if rule.call.index > last_bid else legality.why_illegal(rule.call)
                         for rule in rules])
        if game_forced:
            illegal = tuple([_forced_pass(rule, history) if rule.call is PASS else reason
                             for rule, reason in zip(rules, illegal)])
        return RuleSet(rules, illegal, status, describe, forced)

    def _systems_on(self, uncontested: list[Node], history: tuple[int, ...],
                    situation: Situation) -> list[Rule]:
        """Our continuations over a pass, resolved as if their last bid had not been made
        (`jump(own)` jumps over partner's bid), kept where they still mean the same."""
        if not uncontested:
            return []
        state = self.state(history[:-1])
        before = state.last_bid
        over_double = CALLS[history[-1]].is_double
        # partner's forcing call no longer forces me over their double
        released = over_double and _partner_forcing(state, history)
        quiet = situation._replace(last_bid_index=history[before] if before >= 0 else -1,
                                   last_bidder=_bidder(before, len(history)))
        return [_stopping_their_suits(rule, situation.their_suits)
                if rule.call.is_bid and rule.call.strain is Strain.NOTRUMP else rule
                for node in uncontested for rule in node.rules(quiet)
                if _kept_over_their_call(rule.call, situation)
                and not (over_double and
                         _dropped_over_their_double(rule, situation, released))]

    @staticmethod
    def _root(system: BiddingSystem, history: tuple[int, ...], last_bid: int):
        """Candidates while our side has only passed: openings, overcalls or balancing.
        Their `over` is matched against the opponents' last bid (PASS for an opening)."""
        if last_bid < 0:
            return system.root_candidates("open", _PASS_INDEX), "root", _opening_text
        over = history[last_bid]
        situation = "direct" if history[-1] != _PASS_INDEX else "balance"
        return (system.root_candidates(situation, over), "root",
                lambda: f"{_ROOT_WORDS[situation]} {CALLS[over]}")

    @staticmethod
    def _game_forced(state: _State, history: tuple[int, ...], legality: "_Legality") -> bool:
        """Our side's game force holds: game not reached and the opponents' contract not
        doubled by us. Pass rules are then illegal, except forcing passes."""
        return state.game_forcing[len(history) % 2] and not (not legality.ours
                                                              and legality.doubled)

    @staticmethod
    def _forced_one_round(state: _State, history: tuple[int, ...]) -> bool:
        """Partner's last call was forcing for one round and the right-hand opponent passed
        (over a call of his the round is over: partner will speak again). The author's own
        pass rules stay allowed (a penalty pass of a takeout double); only a pass without
        agreement is replaced by the cheapest natural call."""
        return len(history) >= 2 and history[-1] == _PASS_INDEX and \
            _partner_forcing(state, history)

    def _situation(self, state: _State, history: tuple[int, ...], forced: bool) -> Situation:
        me = len(history) % 4
        side = me % 2
        own, partner = state.players[me], state.players[(me + 2) % 4]
        agreed = None
        if own.suits and partner.suits:
            both = set(own.suits) & set(partner.suits)
            for player, suit in reversed(state.events):
                if player % 2 == side and suit in both:
                    agreed = suit
                    break
        shown = {suit for _, suit in state.events}
        return Situation(
            own.suits, partner.suits,
            tuple([suit for player, suit in state.events if player % 2 != side]),
            agreed, partner.bid_levels,
            history[state.last_bid] if state.last_bid >= 0 else -1,
            self.vulnerable[side], self.vulnerable[1 - side], me + 1, own.passed, partner.hcp,
            tuple([suit for suit in (0, 1, 2, 3) if suit not in shown]), partner.lengths, forced,
            partner.points, partner, _bidder(state.last_bid, len(history)), own.hcp,
            partner.support)


def _is_cuebid(state: _State, side: int, call_index: int) -> bool:
    """The call is a bid in a suit our side has shown (section 9: a natural bid, or a call
    promising four or more cards there): a cue-bid, for `over="cuebid"`."""
    call = CALLS[call_index]
    if not call.is_bid or call.strain is Strain.NOTRUMP:
        return False
    suit = int(call.strain)
    return any(player % 2 == side and shown == suit for player, shown in state.events)


def _bidder(position: int, me: int) -> str:
    """Who made the call at `position`, seen by the player at position `me`."""
    if position < 0:
        return ""
    return ("me", "they", "partner", "they")[(me - position) % 4]


def _partner_forcing(state: _State, history: tuple[int, ...]) -> bool:
    """Partner's last call, before the right-hand opponent's, was forcing for one round."""
    return state.forcing[(len(history) + 2) % 4] == "yes"


def _our_bids(history: tuple[int, ...]) -> int:
    """How many bids our side (the side to act) has made: over their double of our opening
    (one bid) the responses have agreements of their own, or none (the fallback's)."""
    return sum(1 for i in range(len(history) - 2, -1, -2) if CALLS[history[i]].is_bid)


def _kept_over_their_call(call: Call, situation: Situation) -> bool:
    """Our uncontested continuation still means the same over their call (systems on where
    legal): a bid, not a pass (passing now ends a competitive round, the fallback's
    decision), and not in a suit they showed (that is a cue bid). Notrump is kept with a
    stopper in their suits added (`_stopping_their_suits`)."""
    return call.is_bid and (call.strain is Strain.NOTRUMP or
                            int(call.strain) not in situation.their_suits)


def _dropped_over_their_double(rule: Rule, situation: Situation, released: bool) -> bool:
    """Over their takeout double the doubler holds the suits we have not shown: a new suit
    at its cheapest level bids into his length and is left to the fallback; raises,
    notrump, jumps and rebids of our suits keep their meaning. When partner's call was
    forcing, the double releases me: the cheapest rebid of my own suit without a sixth card
    (a minimum made only to keep the auction open) is left to the fallback too, which
    passes."""
    call = rule.call
    if call.strain is Strain.NOTRUMP or int(call.strain) in situation.partner_suits:
        return False
    last = CALLS[situation.last_bid_index] if situation.last_bid_index >= 0 else None
    if call.level > cheapest_level(call.strain, last):
        return False
    if int(call.strain) not in situation.own_suits:
        return True
    return released and rule.promise.lengths[int(call.strain)][0] < 6


def _stopping_their_suits(rule: Rule, their_suits: tuple[int, ...]) -> Rule:
    """An uncontested notrump call kept over their suit: the same range, and a stopper in
    each suit they showed (sayc.md 12: notrump in competition promises one; 1C (P) 1D (1S)
    2NT is still 18-19 balanced, now with spades held)."""
    suits = tuple(sorted(set(their_suits)))
    if not suits:
        return rule
    plain = rule.predicate

    def predicate(facts) -> bool:
        return all(facts.stopper[suit] for suit in suits) and plain(facts)

    promise = Promise(list(rule.promise.dims))
    for suit in suits:
        promise.narrow(STOPPER + suit, 1, 1)
    stoppers = tuple([(STOPPER + suit, 1, 1) for suit in suits])
    names = " and ".join(SUIT_NAMES[suit] for suit in suits)
    joiner = "; each with" if "; or " in rule.description else ","
    return replace(rule, predicate=predicate, promise=promise,
                   description=f"{rule.description}{joiner} a stopper in {names}",
                   exact_types=tuple([None if terms is None else terms + stoppers
                                      for terms in rule.exact_types]))


def _denied(ruleset: RuleSet, call: Call) -> list[tuple[Call, tuple]]:
    """The exact hand types of the legal rules before the first rule making `call`: the
    hand fitted none of them (a robot takes the first rule it fits). A never-chosen rule does
    not make the call: the search goes past it."""
    denied = []
    for rule, illegal in zip(ruleset.rules, ruleset.illegal):
        if rule.call is call and not rule.node.spec.never_chosen:
            break
        if illegal is None:
            denied += [(rule.call, terms) for terms in rule.exact_types if terms]
    return denied


def _game_forcing(before: tuple[bool, bool], side: int, call: Call,
                  forcing: str) -> tuple[bool, bool]:
    """Each side's game force after `call`: a game bid (anyone's) ends both, a game-forcing
    call below game starts its side's."""
    if reaches_game(call):
        return (False, False)
    if forcing == "game" and not before[side]:
        return (True, before[1]) if side == 0 else (before[0], True)
    return before


def _forced_pass(rule: Rule, history: tuple[int, ...]) -> str | None:
    """Why a pass is illegal for a forced player; a forcing pass is allowed over an
    opponent's call (partner then speaks again)."""
    if rule.forcing_pass and history[-1] != _PASS_INDEX:
        return None
    if rule.forcing_pass:
        return "a forcing pass needs an opponent's call to pass over"
    return "our side is forced: a pass here is not a forcing pass"


def _two_suiter_read(history: tuple[int, ...], call: Call) -> tuple[int, ...] | None:
    """The suits of a call read without a system that cannot be natural, directly over a
    one-level suit opening: a jump to 2NT is the unusual notrump (the two lowest other
    suits), two of the opening's suit is Michaels (the majors other than the opening's);
    None for any other call (read as natural). What every defence assumes (sayc.md 10), so a
    reader without their system still knows their two-suiter's suits."""
    if not history or not call.is_bid or call.level != 2 or \
            any(index != _PASS_INDEX for index in history[:-1]):
        return None
    opening = CALLS[history[-1]]
    if not opening.is_bid or opening.level != 1 or opening.strain is Strain.NOTRUMP:
        return None
    if call.strain is Strain.NOTRUMP:
        return tuple(sorted((s for s in range(4) if s != opening.strain), reverse=True)[-2:])
    if call.strain == opening.strain:
        return tuple(s for s in (3, 2) if s != opening.strain)
    return None


def _natural_jump_shift(state: _State, history: tuple[int, ...], player: int, call: Call,
                        suits: tuple[int, ...]) -> bool:
    """A call outside the system that jumps in a new suit, below game, by an unpassed player
    whose partner has bid: read as a natural jump shift, game forcing (sayc.md 16: never
    pass a jump shift)."""
    if not suits or state.last_bid < 0 or state.players[player].passed:
        return False
    if not any(who == (player + 2) % 4 for who, _ in state.events):
        return False
    if any(who % 2 == player % 2 and suit == suits[0] for who, suit in state.events):
        return False
    cheapest = cheapest_level(call.strain, CALLS[history[state.last_bid]])
    return cheapest < call.level < GAME_LEVEL[call.strain]


def _opening_text() -> str:
    return "opening"


def _sequence_description(history: tuple[int, ...], status: str, on_tree: bool):
    """A function giving the words for where a side is, e.g. "after 1NT (P)"."""
    def describe() -> str:
        text = "after " + _sequence_text(history, len(history) % 2)
        if status == "fallback":
            over = f" over {CALLS[history[-1]]}" if on_tree else ""
            return f"off the system's tree {text}{over}"
        if status == "systems on":
            return f"{text}: our agreements without {CALLS[history[-1]]} where still " \
                   f"legal, then the fallback"
        if status == "none":
            return "nothing agreed " + text
        return text
    return describe


def _sequence_text(history: tuple[int, ...], side: int) -> str:
    """The auction so far, our side's calls plain and theirs in brackets: 1NT (P) 2C (P)."""
    started = False
    words = []
    for index, call_index in enumerate(history):
        call = CALLS[call_index]
        if index % 2 == side and not started and call.is_pass:
            continue
        started = started or index % 2 == side
        words.append(str(call) if index % 2 == side else f"({call})")
    return " ".join(words) or "no calls"


class _Legality:
    """Auction.why_illegal for a history of call indexes, without replaying the auction."""

    def __init__(self, history: tuple[int, ...], last_bid_position: int) -> None:
        self.last_bid = history[last_bid_position] if last_bid_position >= 0 else -1
        self.doubled = max(history[last_bid_position + 1:], default=0) \
            if last_bid_position >= 0 else 0
        self.ours = last_bid_position >= 0 and (len(history) - last_bid_position) % 2 == 0

    def why_illegal(self, call: Call) -> str | None:
        if call.is_pass:
            return None
        last = self.last_bid
        if call.is_bid:
            return None if call.index > last else f"{call} is not higher than {CALLS[last]}"
        if last < 0:
            return f"there is no bid to {'double' if call.is_double else 'redouble'}"
        if call.is_double:
            if self.ours:
                return "you cannot double your own side's bid"
            return f"{CALLS[last]} is already doubled" if self.doubled else None
        if not self.ours:
            return "you can only redouble when the opponents doubled your side's bid"
        if self.doubled != 1:
            return f"{CALLS[last]} is not doubled" if not self.doubled \
                else f"{CALLS[last]} is already redoubled"
        return None


def _make_rules(node: Node, situation: Situation) -> list[Rule]:
    """The concrete rules an action gives in this situation (several for suit sets)."""
    spec = node.spec
    if spec.seats is not None and situation.seat not in spec.seats:
        return []
    rules = []
    for call, this, extra_test in spec.call.resolve(situation):
        if spec.levels is not None and call.level not in spec.levels:
            continue
        env = RuleEnv(situation, this)
        if spec.handtypes is None:
            alternatives, phrases, promise, exact = [[]], ["any hand"], Promise(), ((),)
        else:
            resolved = [t.resolve(env) for t in spec.handtypes]
            possible = [r for r in resolved if not r.impossible]
            if spec.handtypes and not possible:
                continue
            alternatives = [r.tests for r in possible]
            phrases = [", ".join(r.phrases) or "any hand" for r in possible] or ["never chosen"]
            promise = possible[0].promise if possible else Promise()
            for other in possible[1:]:
                promise = promise.union(other.promise)
            exact = tuple([r.promise.terms if r.exact else None for r in possible])
        if extra_test:
            alternatives = [tests + [extra_test] for tests in alternatives]
            promise = promise.narrowed_length(this, _LONGEST_SUIT_MIN)
            exact = ()
        description = "; or ".join(phrases)
        call_phrase = spec.call.phrase()
        if call_phrase:
            description = f"{call_phrase}: {description}"
        if spec.meaning:
            description = f"{spec.meaning}: {description}"
        rules.append(Rule(call, compile_predicate(alternatives), description, spec.source,
                          spec.kind, node.convention, node, promise,
                          _shows(spec, call, this, promise, situation), spec.alert, spec.forcing,
                          spec.forcing_pass, exact))
    return rules


def _shows(spec: ActionSpec, call: Call, this: int | None, promise: Promise,
           situation: Situation) -> tuple[int, ...]:
    """Suits the call shows: as the author says (`shows`), else a natural suit bid (3+
    promised) last, after any other suit promised 4+."""
    if spec.shows is not None:
        found = []
        for ref in spec.shows:
            found += [s for s in ref.candidates(situation, this) if s not in found]
        return tuple(found)
    strain = call.strain if call.is_bid else None
    others = tuple(s for s in (3, 2, 1, 0) if promise.lengths[s][0] >= 4 and s != strain)
    natural = strain is not None and strain is not Strain.NOTRUMP and \
        promise.lengths[strain][0] >= 3
    return others + ((int(strain),) if natural else ())
