"""A deal generator that reads the input language of Hans van Staveren's dealer.

    from dealer import deals, compile_hand_condition
    for deal in deals("hcp(north) >= 20 and shape(north, any 4333 + any 4432)", 5, seed=1):
        print(deal)
    opener = compile_hand_condition("hcp >= 15 and hcp <= 17 and shape{(4333)+(4432)+(5332)}")
    opener(deal[Seat.NORTH])  # True or False

`python -m dealer FILE` runs a whole script as /usr/games/dealer does.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from bidding.model.cards import Deal, Hand, Seat, deal_from_owners

from . import ast
from .compile import HandCondition, bind_seat, compile_hand_condition
from .errors import (DealerError, DealerInputError, DealerRuntimeError, DealerSemanticError,
                     DealerSyntaxError)
from .grammar import parse_expression
from .program import Program, compile_program, compile_script

__all__ = ["deals", "counted_deals", "range_condition", "compile_hand_condition", "compile_program", "run_program", "Program",
           "RunOptions", "RunResult", "HandCondition", "DealerError", "DealerInputError",
           "DealerSyntaxError", "DealerSemanticError", "DealerRuntimeError"]

_GENERATE_LIMIT = 10_000_000
_RUN_NAMES = ("run_program", "RunOptions", "RunResult")


def __getattr__(name: str):
    """The run loop (and the generator and printers under it) loads on first use, so that
    the bidding robots importing compile_hand_condition do not pay for it."""
    if name in _RUN_NAMES:
        from . import run
        return getattr(run, name)
    raise AttributeError(f"module 'dealer' has no attribute {name!r}")


def range_condition(function: str, bounds: tuple[int, int] | None, top: int) -> list[str]:
    """Dealer comparisons for `low <= function <= high`, leaving out bounds that say nothing
    (0, and `top`, the most the function can be)."""
    if bounds is None:
        return []
    low, high = bounds
    if low == high:
        return [f"{function} == {low}"]
    return ([f"{function} >= {low}"] if low > 0 else []) + \
        ([f"{function} <= {high}"] if high < top else [])


def deals(condition: str, n: int, seed: int | None = None, *, dealer: Seat | int | None = None,
          predeal: Mapping[Seat | int, Hand | str] | None = None) -> Iterator[Deal]:
    """Yield `n` deals that satisfy a dealer condition, in the order they are dealt.

    A function written without a compass (`hcp >= 15`) is about the dealer's hand, North
    unless `dealer` says otherwise, so a hand condition can be dealt directly. `predeal`
    gives some seats cards beforehand (a Hand, or text such as "AKQ2.K3.-.AJ832").
    Raises DealerRuntimeError when fewer than `n` deals meet the condition in the first
    10,000,000 dealt.
    """
    produced = 0
    for deal, _ in counted_deals(condition, seed, dealer=dealer, predeal=predeal, wanted=n):
        yield deal
        produced += 1
    if produced < n:
        raise DealerRuntimeError(f"only {produced} of {n} deals met `{condition}` in "
                                 f"{_GENERATE_LIMIT} deals")


def counted_deals(condition: str, seed: int | None = None, *, dealer: Seat | int | None = None,
                  predeal: Mapping[Seat | int, Hand | str] | None = None,
                  limit: int = _GENERATE_LIMIT, wanted: int | None = None
                  ) -> Iterator[tuple[Deal, int]]:
    """Yield (deal, how many deals were dealt up to it) for the deals that satisfy a dealer
    condition, until `limit` deals are dealt (or `wanted` accepted), for callers that sift
    the deals further and report how hard they were to find. Arguments as for `deals`."""
    from .dealing import accepted_batches, open_stream

    seat = Seat.NORTH if dealer is None else Seat(dealer)
    statements = [ast.PredealCards(int(s), tuple(card.index for card in (
        h if isinstance(h, Hand) else Hand.parse(h, size=None))))
        for s, h in (predeal or {}).items()]
    statements.append(ast.Condition(bind_seat(parse_expression(condition), int(seat))))
    program = compile_script(ast.Script(tuple(statements), "<condition>", condition))
    with open_stream(program, limit, seed=seed) as stream:
        for features, rows, _ in accepted_batches(program, stream, wanted or limit):
            for row in rows:
                yield (deal_from_owners(features.owners[row].tolist()),
                       int(stream.last_generated[row]))
