"""Dealing by computer (Law 6E4) and board sets (Law 2).

Law 6 asks for a thorough shuffle and a deal with "wholly random expectations";
Law 6E4 lets the Director use another method of dealing that gives the same
expectations.  A computer deal does that when every one of the
53,644,737,765,488,792,839,237,440,000 deals is equally likely: a
:class:`Dealer` draws a whole number below that count from a cryptographically
secure source (:mod:`secrets`) and turns it into the deal of that number
(:mod:`bridgelaws.deals.dealnumber`).  Given a seed, it draws from Python's
Mersenne Twister instead, so that a test or a lesson can deal the same boards
again; such deals are not fit for a tournament (anyone who knows the seed knows
the cards).

>>> from bridgelaws.deals.dealing import Dealer, deal_boards
>>> boards = deal_boards(range(1, 5), seed=7)
>>> [(b.number, b.dealer_name, b.vulnerable) for b in boards]
[(1, 'N', 'none'), (2, 'E', 'NS'), (3, 'S', 'EW'), (4, 'W', 'all')]
>>> boards[0].deal == deal_boards([1], seed=7)[0].deal
True
>>> Dealer(seed=7).deal(where="N hcp 15-17 balanced").hands[0] != 0
True
"""

from __future__ import annotations

import random
import re
import secrets
from typing import Callable, Iterable

from ..boards import Board
from ..cards import BridgeError, Deal
from .constraints import Constraint, parse_where
from .dealnumber import DEAL_COUNT, deal_of_number
from .smart import plan_for

__all__ = ["Dealer", "random_deal", "deal_boards", "parse_board_range", "DEFAULT_MAX_ATTEMPTS",
           "LAWS_DEALING"]

#: the laws a computer deal answers to: Law 6 (the deal), 6E4 (a method of dealing
#: with the same wholly random expectations) and Law 2 (dealer and vulnerability)
LAWS_DEALING = ("6", "6E4", "2")

#: deals tried for one board before constraints are declared too rare or impossible
DEFAULT_MAX_ATTEMPTS = 1_000_000


class Dealer:
    """A source of deals: secure (the default) or reproducible from a seed.

    ``seed`` may be an int or a string; ``None`` means :mod:`secrets`.
    """

    def __init__(self, seed: int | str | None = None):
        self.seed = seed
        if seed is None:
            self._below: Callable[[int], int] = secrets.randbelow        # Law 6E4
        else:
            self._below = random.Random(seed).randrange

    @property
    def secure(self) -> bool:
        return self.seed is None

    def number(self) -> int:
        """A deal number drawn uniformly from 0 .. DEAL_COUNT - 1."""
        return self._below(DEAL_COUNT)

    def shuffle(self, items: list) -> None:
        """Put ``items`` in an order drawn from this dealer's source, every order equally
        likely (Fisher-Yates): the cards left after a predeal are dealt so (Law 6E4).

        >>> cards = list(range(10))
        >>> Dealer(seed=1).shuffle(cards)
        >>> sorted(cards) == list(range(10)), cards != list(range(10))
        (True, True)
        """
        below = self._below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def deal(self, where: Constraint | str | Callable | None = None,
             max_attempts: int = DEFAULT_MAX_ATTEMPTS) -> Deal:
        """A deal drawn uniformly (Law 6), from those that meet ``where`` if given.

        Rejection keeps the draw uniform among the deals that meet the constraint; a
        constraint on one seat's hand deals that hand from the hands that meet it
        (:mod:`bridgelaws.deals.smart`), as uniform and without the rejected deals.
        After ``max_attempts`` deals that do not, :class:`BridgeError` says so.
        """
        if where is None:
            return deal_of_number(self._below(DEAL_COUNT))
        test = parse_where(where) if isinstance(where, str) else where
        below = self._below
        if isinstance(test, Constraint):
            plan = plan_for(test)             # one seat dealt from its own distribution
            if plan is not None:
                return plan.deal_meeting(below, max_attempts)
        for _ in range(max_attempts):
            deal = deal_of_number(below(DEAL_COUNT))
            if test(deal.hands):
                return deal
        text = getattr(test, "text", None) or repr(test)
        raise BridgeError(f"no deal met {text!r} in {max_attempts:,} attempts: the constraint "
                          "is impossible or too rare to deal this way", "--where")

    def deals(self, count: int, where=None, max_attempts: int = DEFAULT_MAX_ATTEMPTS) -> list[Deal]:
        if isinstance(where, str):
            where = parse_where(where)
        return [self.deal(where, max_attempts) for _ in range(count)]


def random_deal(seed: int | str | None = None, where=None) -> Deal:
    """One deal (Law 6): secure unless a seed is given."""
    return Dealer(seed).deal(where)


def deal_boards(numbers: Iterable[int], seed: int | str | None = None, where=None,
                max_attempts: int = DEFAULT_MAX_ATTEMPTS) -> list[Board]:
    """A board set: a deal for each board number (Law 6), with the dealer and the
    vulnerability of that number (Law 2)."""
    dealer = Dealer(seed)
    if isinstance(where, str):
        where = parse_where(where)
    boards = []
    for number in numbers:
        board = Board(number)                       # Law 2: dealer and vulnerability
        board.deal = dealer.deal(where, max_attempts)
        boards.append(board)
    return boards


def parse_board_range(text: str) -> list[int]:
    """``"1-36"``, ``"5"`` or ``"1-16,21-24"`` -> the board numbers, in order.

    >>> parse_board_range("1-3,7")
    [1, 2, 3, 7]
    """
    numbers: list[int] = []
    for part in str(text).split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if not m:
            raise BridgeError(f"{text!r} is not a board range (like 1-36 or 1-16,21)", "--boards")
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        if first < 1 or last < first:
            raise BridgeError(f"{part.strip()!r}: boards are numbered from 1, "
                              "and a range goes upwards", "--boards")
        if last - first >= 100_000:
            raise BridgeError(f"{part.strip()!r}: more than 100,000 boards", "--boards")
        numbers.extend(range(first, last + 1))
    if len(set(numbers)) != len(numbers):
        raise BridgeError(f"{text!r} names a board twice", "--boards")
    return numbers
