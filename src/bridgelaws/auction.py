"""The lawful auction: rotation, legal calls, the end of the auction and the contract (Laws 17-22).

An :class:`Auction` holds the calls *in force*, in the order they were made.
It knows nothing of irregularities: the table (:mod:`bridgelaws.table`) decides
which calls stand, and hands them to the auction.

>>> from bridgelaws.auction import Auction
>>> from bridgelaws.calls import parse_call, call_name
>>> a = Auction(dealer=0)
>>> for c in ["1H", "P", "4H", "P", "P", "P"]:
...     a.add(a.turn, parse_call(c))
>>> a.is_over, str(a.contract), "NESW"[a.declarer]
(True, '4H', 'N')
"""

from __future__ import annotations

from .calls import DOUBLE, MAX_LEGAL_BID, PASS, REDOUBLE, bid_level, bid_strain
from .scoring.contract import Contract

__all__ = ["Auction"]


class Auction:
    """The calls in force, with what Laws 17-22 derive from them.

    ``calls`` is a list of ``(seat, call)``.  The turn passes to the left of the
    last caller (Law 17C; after a call out of rotation is accepted, Law 29A, the
    turn continues from the offender).
    """

    __slots__ = ("dealer", "calls", "last_bid", "last_bid_by", "doubled", "doubled_by",
                 "passes", "_first_bidder")

    def __init__(self, dealer: int):
        self.dealer = dealer
        self.calls: list[tuple[int, int]] = []
        self.last_bid: int | None = None
        self.last_bid_by: int | None = None
        self.doubled = 0                 # 0, 1 doubled, 2 redoubled (Law 19)
        self.doubled_by: int | None = None
        self.passes = 0                  # consecutive passes after the last other call
        # the first seat of each side to bid each strain: declarer (Definitions)
        self._first_bidder: list[list[int | None]] = [[None] * 5, [None] * 5]

    @property
    def turn(self) -> int:
        """The seat whose turn it is to call (Law 17B: the dealer first, then clockwise)."""
        return (self.calls[-1][0] + 1) & 3 if self.calls else self.dealer

    @property
    def is_over(self) -> bool:
        """Law 22A: three passes in rotation after a bid, or four passes (22B)."""
        return self.passes >= (3 if self.last_bid is not None else 4)

    @property
    def is_passed_out(self) -> bool:
        """Law 22B: all four players passed."""
        return self.last_bid is None and self.passes >= 4

    def can_double(self, seat: int) -> bool:
        """Law 19A1: only the last bid, made by an opponent, not yet doubled."""
        return (self.last_bid is not None and self.doubled == 0
                and (self.last_bid_by ^ seat) & 1 == 1)

    def can_redouble(self, seat: int) -> bool:
        """Law 19B1: only an opponent's double of one's own side's last bid."""
        return self.doubled == 1 and (self.doubled_by ^ seat) & 1 == 1

    def is_legal(self, seat: int, call: int) -> bool:
        """Whether ``call`` is lawful for ``seat`` now (rotation aside): Laws 18, 19, 38."""
        if call == PASS:
            return True
        if call == DOUBLE:
            return self.can_double(seat)
        if call == REDOUBLE:
            return self.can_redouble(seat)
        return call <= MAX_LEGAL_BID and (self.last_bid is None or call > self.last_bid)

    def legal_calls(self, seat: int) -> list[int]:
        """Every lawful call for ``seat``, in ascending order: pass, double, redouble, bids."""
        out = [PASS]
        if self.can_double(seat):
            out.append(DOUBLE)
        if self.can_redouble(seat):
            out.append(REDOUBLE)
        out.extend(range(3 if self.last_bid is None else self.last_bid + 1, MAX_LEGAL_BID + 1))
        return out

    def add(self, seat: int, call: int) -> None:
        """Put ``call`` by ``seat`` in force.  The caller has checked it is lawful."""
        self.calls.append((seat, call))
        if call == PASS:
            self.passes += 1
            return
        self.passes = 0
        if call == DOUBLE:
            self.doubled, self.doubled_by = 1, seat
        elif call == REDOUBLE:
            self.doubled, self.doubled_by = 2, seat
        else:
            self.last_bid, self.last_bid_by = call, seat
            self.doubled, self.doubled_by = 0, None      # Law 19D: a legal bid supersedes
            strain = bid_strain(call)
            first = self._first_bidder[seat & 1]
            if first[strain] is None:
                first[strain] = seat

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is over; ``None`` if passed out or not over."""
        if self.last_bid is None or not self.is_over:
            return None
        return _CONTRACTS[self.last_bid - 3][self.doubled]   # contracts are values: one each

    @property
    def declarer(self) -> int | None:
        """The player of the declaring side who first bid the final strain (Definitions)."""
        if self.last_bid is None:
            return None
        return self._first_bidder[self.last_bid_by & 1][bid_strain(self.last_bid)]

    @classmethod
    def from_calls(cls, dealer: int, calls) -> "Auction":
        """An auction with ``calls`` (``(seat, call)`` pairs, lawful) put in force."""
        a = cls(dealer)
        for seat, call in calls:
            a.add(seat, call)
        return a

    def copy(self) -> "Auction":
        return Auction.from_calls(self.dealer, self.calls)


#: every contract, ``_CONTRACTS[bid - 3][doubled]`` (bids 1♣..7NT, undoubled to redoubled)
_CONTRACTS = tuple(tuple(Contract(bid_level(bid), bid_strain(bid), doubled) for doubled in range(3))
                   for bid in range(3, MAX_LEGAL_BID + 1))
