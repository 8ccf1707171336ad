"""Robots: bid the first legal rule whose hand types fit, and say why.

A robot asks its system for the rule set of the auction (memoised), walks it in priority
order, skips calls that are illegal now (saying so when its hand fitted them) and rules whose
`condition` fails on its hand (saying why), and passes when nothing fits, or answers
a forcing auction (partner's forcing call, our side's game force) with the cheapest
natural call.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from bidding.model.auction import Auction
from bidding.model.calls import PASS, Call, Strain, cheapest_level
from bidding.model.cards import Hand
from bidding.model.errors import AuctionError
from bidding.engine.library import ConventionLibrary
from bidding.engine.constraints import ConditionFailed
from bidding.engine.handfacts import HandFacts, facts_of
from bidding.engine.rules import Rule, RuleSet
from bidding.engine.system import BiddingSystem, system_named


class Choice:
    """The call a robot makes, the rule it followed (None without one), the rule set it
    chose from and its reasoning.

    The reasons are written on first use: robots bidding thousands of deals rarely read them.
    """

    __slots__ = ("call", "rule", "ruleset", "_reasoning", "_reasons")

    def __init__(self, call: Call, rule: Rule | None, ruleset: RuleSet,
                 reasoning: Callable[[], tuple[str, ...]]) -> None:
        self.call = call
        self.rule = rule
        self.ruleset = ruleset
        self._reasoning = reasoning
        self._reasons: tuple[str, ...] | None = None

    @property
    def situation(self) -> str:
        """Where the robot was, in words ("after 1NT (P)"), worked out on first use."""
        return self.ruleset.situation

    @property
    def reasons(self) -> tuple[str, ...]:
        if self._reasons is None:
            self._reasons = self._reasoning()
        return self._reasons

    def __repr__(self) -> str:
        return f"Choice({self.call}, {self.rule!r})"

    def __str__(self) -> str:
        return f"{self.call}: " + "; ".join(self.reasons)


class Robot:
    """A player bidding `system`; the opponents' calls are read with `opponents` if known."""

    def __init__(self, system: BiddingSystem | str, library=None,
                 opponents: BiddingSystem | None = None) -> None:
        if isinstance(system, str):
            system = system_named(library or ConventionLibrary(), system)
        self.system = system
        self.opponents = opponents

    def __repr__(self) -> str:
        return f"Robot({self.system.name!r})"

    def choose(self, hand: Hand, auction: Auction, verbose: bool = False) -> Choice:
        """The call to make now. `verbose` reasons also list the rules the hand did not fit."""
        if auction.is_over:
            raise AuctionError(f"the auction {auction.history_text()} is over: nothing to choose")
        ruleset = self.system.ruleset(auction, self.opponents)
        facts = facts_of(hand)
        chosen = None
        for rule, illegal in zip(ruleset.rules, ruleset.illegal):
            if illegal is None:
                try:
                    fits = rule.predicate(facts)
                except ConditionFailed:
                    continue                # skipped; the reasons say why
                if fits:
                    chosen = rule
                    break
        if chosen is not None:
            call = chosen.call
        elif ruleset.forced:
            call = _cheapest_natural(facts, auction)
        else:
            call = PASS
        return Choice(call, chosen, ruleset,
                      partial(self._reasons, ruleset, facts, chosen, call, verbose))

    def _reasons(self, ruleset: RuleSet, facts: HandFacts, chosen: Rule | None, call: Call,
                 verbose: bool) -> tuple[str, ...]:
        """The robot's reasoning in words: where it is, rules skipped, the rule taken."""
        reasons = [f"{self.system.name}, {ruleset.situation}"]
        for rule, illegal in zip(ruleset.rules, ruleset.illegal):
            if rule is chosen:
                reasons.append(rule.reason)
                return tuple(reasons)
            try:
                fits = rule.predicate(facts)
            except ConditionFailed as failure:
                reasons.append(f"skipped {rule.call} ({rule.source}): {failure}")
                continue
            if illegal is not None and (fits or verbose):
                reasons.append(f"skipped {rule.call} ({rule.source}): illegal, {illegal}")
            elif verbose and illegal is None:
                reasons.append(f"not {rule.call}: the hand does not fit {rule.description} "
                               f"({rule.source})")
        if call is not PASS:
            reasons.append(f"{call}: the auction is forcing (partner's forcing call or our "
                           f"game force) and no rule fits: cheapest natural call")
        else:
            reasons.append("pass: no agreement" + ("" if ruleset.rules else
                                                   " (the system defines no call here)"))
        return tuple(reasons)


def _cheapest_natural(facts: HandFacts, auction: Auction) -> Call:
    """The cheapest bid in the longest suit the opponents have not bid (higher-ranking of
    equals), else in notrump."""
    length = facts.length
    calls = auction.calls
    theirs = {calls[i].strain for i in range(len(calls) - 1, -1, -2) if calls[i].is_bid}
    suits = [suit for suit in (3, 2, 1, 0) if Strain(suit) not in theirs]
    last = auction.last_bid
    strains = [Strain(max(suits, key=lambda suit: length[suit]))] if suits else []
    for strain in strains + [Strain.NOTRUMP]:
        level = cheapest_level(strain, last)
        if level <= 7:
            return Call.bid(level, strain)
    return PASS
