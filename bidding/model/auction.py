"""An auction: calls from the dealer on, with legality, turn, end, contract and declarer."""
from __future__ import annotations

from typing import Iterable

from bidding.model.calls import CALLS, DOUBLE, PASS, REDOUBLE, Call, Strain
from bidding.model.cards import Seat, Vulnerability
from bidding.model.errors import AuctionError
from bidding.model.scoring import Contract


class Auction:
    """Calls made so far, dealer first. Mutable: `push` a call, `pop` to take it back.

    Per-call state is kept on stacks so that push, pop and the legality queries are O(1).
    """

    def __init__(self, dealer: Seat = Seat.NORTH, calls: Iterable[Call | str] = (),
                 vulnerability: Vulnerability = Vulnerability.NONE) -> None:
        self.dealer = Seat(dealer)
        self.vulnerability = vulnerability
        self.calls: list[Call] = []
        # For each prefix: index of the last bid (-1 if none), doubled state of it,
        # and the count of consecutive passes at the end.
        self._last_bid: list[int] = [-1]
        self._doubled: list[int] = [0]
        self._passes: list[int] = [0]
        for call in calls:
            self.push(call)

    @classmethod
    def parse(cls, text: str, dealer: Seat = Seat.NORTH,
              vulnerability: Vulnerability = Vulnerability.NONE) -> "Auction":
        """Read calls separated by spaces, commas or dashes: `1NT P 2C P`."""
        words = [w for w in text.replace(",", " ").replace("-", " ").split() if w]
        return cls(dealer, words, vulnerability)

    # --- state -----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.calls)

    def __iter__(self):
        return iter(self.calls)

    def __getitem__(self, index):
        return self.calls[index]

    def seat_of(self, index: int) -> Seat:
        """The seat that made (or makes) call number `index`."""
        return self.dealer.next(index)

    @property
    def turn(self) -> Seat:
        """The seat to call next."""
        return self.seat_of(len(self.calls))

    @property
    def last_bid(self) -> Call | None:
        index = self._last_bid[-1]
        return None if index < 0 else self.calls[index]

    @property
    def last_bidder(self) -> Seat | None:
        index = self._last_bid[-1]
        return None if index < 0 else self.seat_of(index)

    @property
    def doubled(self) -> int:
        """0, 1 or 2: the doubled state of the last bid."""
        return self._doubled[-1]

    @property
    def is_over(self) -> bool:
        passes = self._passes[-1]
        if self._last_bid[-1] < 0:
            return passes >= 4
        return passes >= 3

    @property
    def is_passed_out(self) -> bool:
        return self.is_over and self._last_bid[-1] < 0

    # --- legality ----------------------------------------------------------------------------
    def why_illegal(self, call: Call) -> str | None:
        """None if `call` is legal now, else the reason in words."""
        if self.is_over:
            return "the auction is over"
        last = self._last_bid[-1]
        if call.is_pass:
            return None
        if call.is_bid:
            if last >= 0 and call <= self.calls[last]:
                return f"{call} is not higher than {self.calls[last]}"
            return None
        if last < 0:
            return f"there is no bid to {'double' if call.is_double else 'redouble'}"
        ours = self.seat_of(last).is_partner_of(self.turn)
        if call.is_double:
            if ours:
                return "you cannot double your own side's bid"
            if self._doubled[-1]:
                return f"{self.calls[last]} is already doubled"
            return None
        if ours is False:
            return "you can only redouble when the opponents doubled your side's bid"
        if self._doubled[-1] != 1:
            return f"{self.calls[last]} is not doubled" if self._doubled[-1] == 0 \
                else f"{self.calls[last]} is already redoubled"
        return None

    def is_legal(self, call: Call) -> bool:
        return self.why_illegal(call) is None

    @property
    def legal_calls(self):
        """The legal calls now, in table order (lazy)."""
        if self.is_over:
            return
        yield PASS
        if self.is_legal(DOUBLE):
            yield DOUBLE
        if self.is_legal(REDOUBLE):
            yield REDOUBLE
        last = self._last_bid[-1]
        start = 3 if last < 0 else self.calls[last].index + 1
        yield from CALLS[start:]

    # --- push / pop --------------------------------------------------------------------------
    def push(self, call: Call | str) -> None:
        """Make `call` for the seat to act; raises AuctionError if it is illegal."""
        if not isinstance(call, Call):
            call = Call.parse(call)
        reason = self.why_illegal(call)
        if reason is not None:
            raise AuctionError(f"illegal call {call} by {self.turn.name.lower()} "
                               f"after {self.history_text() or 'no calls'}: {reason}")
        index = len(self.calls)
        self.calls.append(call)
        if call.is_bid:
            self._last_bid.append(index)
            self._doubled.append(0)
            self._passes.append(0)
        else:
            self._last_bid.append(self._last_bid[-1])
            self._doubled.append(1 if call.is_double else 2 if call.is_redouble
                                 else self._doubled[-1])
            self._passes.append(self._passes[-1] + 1 if call.is_pass else 0)

    def pop(self) -> Call:
        """Take back the last call and return it."""
        if not self.calls:
            raise AuctionError("pop from an empty auction")
        self._last_bid.pop()
        self._doubled.pop()
        self._passes.pop()
        return self.calls.pop()

    def copy(self) -> "Auction":
        return Auction(self.dealer, self.calls, self.vulnerability)

    # --- result ------------------------------------------------------------------------------
    def declarer_of(self, strain: Strain, side_of: Seat) -> Seat | None:
        """The first player of `side_of`'s partnership to have bid `strain`."""
        for index, call in enumerate(self.calls):
            seat = self.seat_of(index)
            if call.is_bid and call.strain is strain and seat.is_partner_of(side_of):
                return seat
        return None

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is over (None if passed out or not over)."""
        if not self.is_over or self._last_bid[-1] < 0:
            return None
        last = self._last_bid[-1]
        bid = self.calls[last]
        declarer = self.declarer_of(bid.strain, self.seat_of(last))
        return Contract(bid.level, bid.strain, self._doubled[-1], declarer)

    @property
    def declarer(self) -> Seat | None:
        contract = self.contract
        return None if contract is None else contract.declarer

    def history_text(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def __str__(self) -> str:
        return self.history_text()

    def __repr__(self) -> str:
        return (f"Auction.parse({self.history_text()!r}, dealer={self.dealer!r}, "
                f"vulnerability={self.vulnerability!r})")

    def __eq__(self, other) -> bool:
        return (isinstance(other, Auction) and self.dealer == other.dealer
                and self.calls == other.calls and self.vulnerability == other.vulnerability)

    __hash__ = None  # mutable
