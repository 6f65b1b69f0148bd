"""Constrained dealing without waste: one seat's hand drawn from its own distribution.

Law 6E4 allows a computer deal when it gives every deal the same chance; a
teaching set dealt under a constraint (``N hcp 15-17 balanced``) must give every
deal *that meets the constraint* the same chance.  Dealing at random and throwing
away the deals that do not fit does that, but for ``N hcp 15-17 balanced`` deals
about 20 for each one kept.
This module deals such a set directly, and as uniformly:

1. **The constrained seat's hand.**  The clauses on one seat alone (its points,
   suit lengths, shape class or pattern) are met by a known set of hands.  The
   hands are counted exactly, grouped in *classes*: a suit-length pattern and, when
   points are constrained, the points held in the first two suits (from a table of
   the 8,192 holdings of a suit by length and points).  A class holds
   ``n0 * n1 * P`` hands, ``n0`` and ``n1`` the holdings of the first two suits of
   those lengths and points, ``P`` the pairs of holdings of the last two suits whose
   points bring the total into range (grouped by the third suit's points).
   Numbering the classes one after the other and the hands of a class by their
   holdings (a mixed-radix number), every hand that meets the clauses gets
   exactly one number in ``0 .. total - 1``, and every number one hand.
2. **The other 39 cards.**  Which 13 of the 39 go to the next seat and which 13
   of the remaining 26 to the one after is numbered the same way: the 39 cards
   (in a fixed order) are cut in three blocks of 13, a choice of 13 cards is the
   numbers ``k1 + k2 + k3 = 13`` taken from each block and, for each block, which
   ``k`` of its 13 (``C(13, k)`` ways, from a table); the 26 left are two blocks.
   There are ``C(39, 13) * C(26, 13)`` such numbers, one for each way of dealing
   the 39 cards to the three other seats.
3. **One draw.**  A single whole number below ``total * C(39, 13) * C(26, 13)``
   is drawn from the dealer's source (:mod:`secrets` by default, a seeded
   generator when asked) and split into the three numbers above.  (The source is
   asked for a number below a multiple of that bound, just under a power of two,
   and the remainder kept: as uniform, and the source seldom has to draw again.)

Every deal meeting the seat's clauses has exactly one number, so each is
equally likely.  Clauses on other seats or partnerships (``S hearts 5+``,
``NS hcp 25+``) are then checked on the whole deal and a deal that fails is
dealt again: rejection from a uniform draw over a larger set keeps the draw
uniform over the smaller one.  The seat whose clauses admit the fewest hands is
the one dealt directly, when fewer than half the hands meet them (otherwise dealing
and testing is as quick).

The approach is that of redeal's *SmartStack* (one hand drawn from the holdings
meeting a constraint, weighted by their counts, then the remaining cards dealt),
written here independently with exact integer counts, one draw from a secure
source and no shuffle.

>>> from bridgelaws.deals.constraints import parse_where, hcp, suit_lengths, shape_class
>>> import random
>>> plan = plan_for(parse_where("N hcp 15-17 balanced"))
>>> plan.seat, plan.total
(0, 30897212184)
>>> deal = plan.deal(random.Random(1).randrange)
>>> 15 <= hcp(deal.hands[0]) <= 17, shape_class(suit_lengths(deal.hands[0]))
(True, 'balanced')
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from itertools import compress, product
from math import comb
from typing import Callable, Sequence, cast
import threading

from ..cards import BridgeError, Deal
from .constraints import Clause, Constraint

__all__ = ["SmartPlan", "plan_for", "hand_count", "MAX_CLASSES", "REST_COUNT"]

#: above this many classes (length pattern and points per suit) a seat is not
#: dealt directly (the constraint is then weak, and dealing and testing is quick)
MAX_CLASSES = 100_000

#: the ways of dealing 39 cards to three seats, 13 each
REST_COUNT = comb(39, 13) * comb(26, 13)
_C26 = comb(26, 13)

_HAND_COUNT = comb(52, 13)
_FULL = (1 << 52) - 1
_new_deal = object.__new__


def _holding_hcp(h: int) -> int:
    return 4 * (h >> 12 & 1) + 3 * (h >> 11 & 1) + 2 * (h >> 10 & 1) + (h >> 9 & 1)


# The tables below are made on the first plan (about a quarter of a second), not on import.
#: the 8,192 holdings of one suit (13-bit masks, bit 12 the ace), by (length, points)
_BY_LENGTH_HCP: dict[tuple[int, int], array] = {}
#: the points a holding of each length can hold; the holdings of each length
_HCP_VALUES: list[list[int]] = []
_BY_LENGTH: list[array] = []
#: for each 13-bit mask, which of 13 places it selects (1/0) and which it leaves
_SELECT: list[bytes] = []
_LEAVE: list[bytes] = []
#: the choices of 13 places among three (two) blocks of 13: see _splits
_STARTS3: list[int] = []
_INFO3: list[tuple] = []
_STARTS2: list[int] = []
_INFO2: list[tuple] = []


_TABLES_LOCK = threading.Lock()


def _make_tables() -> None:
    if _INFO2:                         # the last one made: all are ready
        return
    with _TABLES_LOCK:
        if not _INFO2:
            _fill_tables()


def _fill_tables() -> None:
    lists: dict[tuple[int, int], list[int]] = {}
    for h in range(1 << 13):
        lists.setdefault((h.bit_count(), _holding_hcp(h)), []).append(h)
    for key, holdings in lists.items():                   # compact: 2 bytes a holding
        _BY_LENGTH_HCP[key] = array("H", holdings)
    _HCP_VALUES[:] = [sorted(v for (n, v) in _BY_LENGTH_HCP if n == length)
                      for length in range(14)]
    _BY_LENGTH[:] = [array("H", [h for h in range(1 << 13) if h.bit_count() == n])
                     for n in range(14)]
    _LEAVE[:] = [bytes(1 - ((m >> i) & 1) for i in range(13)) for m in range(1 << 13)]
    _SELECT[:] = [bytes((m >> i) & 1 for i in range(13)) for m in range(1 << 13)]
    _STARTS3[:], _INFO3[:] = _splits(3)
    _STARTS2[:], _INFO2[:] = _splits(2)


def _splits(blocks: int) -> tuple[list[int], list[tuple]]:
    """The choices of 13 places among ``blocks`` blocks of 13, numbered: the start of
    each group (how many places each block gives) and, for each group, the selectors
    (and, for three blocks, the complementary selectors) of each block's choices and
    the sizes needed to split a number into one choice per block."""
    starts: list[int] = []
    info: list[tuple] = []
    total = 0
    for k in product(range(14), repeat=blocks):
        if sum(k) != 13:
            continue
        starts.append(total)
        sel = [[_SELECT[m] for m in _BY_LENGTH[x]] for x in k]
        leave = [[_LEAVE[m] for m in _BY_LENGTH[x]] for x in k]
        sizes = [comb(13, x) for x in k]
        if blocks == 3:
            info.append((sel[0], leave[0], sel[1], leave[1], sel[2], leave[2],
                         sizes[1] * sizes[2], sizes[2]))
        else:
            info.append((sel[0], sel[1], sizes[1]))
        total += sizes[0] * (sizes[1] * sizes[2] if blocks == 3 else sizes[1])
    assert total == comb(13 * blocks, 13)
    return starts, info


_JOINED: dict[tuple[int, int, int], array] = {}

#: the 52 cards (bits of the pack), clubs 2 first, spades ace last
_CARDS = tuple(1 << card for card in range(52))


def _joined(length: int, low: int, high: int) -> array:
    """The holdings of this length with low..high points (one list, made once)."""
    key = (length, low, high)
    try:
        return _JOINED[key]
    except KeyError:
        joined = _JOINED[key] = array("H", [h for v in _HCP_VALUES[length] if low <= v <= high
                                            for h in _BY_LENGTH_HCP[length, v]])
        return joined


_PAIRS: dict[tuple[int, int, int, int], tuple[list[int], list[tuple], int]] = {}
_SIZES: dict[int, int] = {}


def _size(n: int) -> int:
    """One int object for each size (the classes' tuples stay compact)."""
    return _SIZES.setdefault(n, n)


def _pairs(n2: int, n3: int, low: int, high: int) -> tuple[list[int], list[tuple], int]:
    """The holdings of two suits of lengths n2 and n3 whose points together are low..high:
    grouped by the third suit's points, each group (its holdings, the fourth suit's
    holdings that fit, the size of the first), the start of each group in their
    numbering, and how many there are (made once for each key)."""
    low, high = max(low, 0), min(high, 20)
    key = (n2, n3, low, high)
    try:
        return _PAIRS[key]
    except KeyError:
        pass
    starts: list[int] = []
    groups: list[tuple] = []
    total = 0
    if low <= high:
        for v2 in _HCP_VALUES[n2]:
            g2, g3 = _BY_LENGTH_HCP[n2, v2], _joined(n3, low - v2, high - v2)
            if g3:
                starts.append(total)
                groups.append((g2, g3, _size(len(g2))))
                total += len(g2) * len(g3)
    _PAIRS[key] = starts, groups, total
    return starts, groups, total


def _seat_clauses(constraint: Constraint, seat: int) -> list[Clause]:
    return [c for c in constraint.clauses if c.seats == (seat,)]


def _pattern_ok(clauses: Sequence[Clause], by_suit: tuple[int, ...]) -> bool:
    lengths = (by_suit[3], by_suit[2], by_suit[1], by_suit[0])       # S, H, D, C
    return all(c.accepts_pattern(lengths) for c in clauses)


def _hcp_window(clauses: Sequence[Clause]) -> tuple[int, int] | None:
    low, high, any_hcp = 0, 37, False
    for c in clauses:
        if c.kind == "hcp":
            low, high, any_hcp = max(low, c.low), min(high, c.high), True
    return (low, high) if any_hcp and (low > 0 or high < 37) else None


def hand_count(clauses: Sequence[Clause]) -> int:
    """How many 13-card hands meet these one-seat clauses (exactly).

    >>> from bridgelaws.deals.constraints import parse_where
    >>> hand_count(parse_where("N spades 13").clauses), hand_count([]) == comb(52, 13)
    (1, True)
    """
    _make_tables()
    window = _hcp_window(clauses)
    total = 0
    for by_suit in product(range(14), repeat=4):
        if sum(by_suit) != 13 or not _pattern_ok(clauses, by_suit):
            continue
        if window is None:
            n = 1
            for length in by_suit:
                n *= comb(13, length)
            total += n
            continue
        # the points of the four suits together: a convolution of their counts
        dist = {0: 1}
        for length in by_suit:
            new: dict[int, int] = {}
            for v0, n0 in dist.items():
                for v in _HCP_VALUES[length]:
                    new[v0 + v] = new.get(v0 + v, 0) + n0 * len(_BY_LENGTH_HCP[length, v])
            dist = new
        total += sum(n for v, n in dist.items() if window[0] <= v <= window[1])
    return total


class SmartPlan:
    """How to deal a constraint directly: the seat dealt from its own distribution,
    its classes of hands, and whether the rest of the constraint must be tested."""

    def __init__(self, constraint: Constraint, seat: int, clauses: Sequence[Clause]):
        _make_tables()
        self.seat = seat
        self.test = constraint if len(clauses) < len(constraint.clauses) else None
        window = _hcp_window(clauses)
        starts: list[int] = []
        groups: list[tuple] = []
        total = 0
        for by_suit in product(range(14), repeat=4):
            if sum(by_suit) != 13 or not _pattern_ok(clauses, by_suit):
                continue
            n0, n1, n2, n3 = by_suit
            if window is None:                # lengths only: one class a pattern
                g0, g1, g2, g3 = (_BY_LENGTH[n] for n in by_suit)
                starts.append(total)
                groups.append((g0, g1, [0], [(g2, g3, _size(len(g2)))], _size(len(g0)),
                               _size(len(g1))))
                total += len(g0) * len(g1) * len(g2) * len(g3)
                continue
            low, high = window
            for v0 in _HCP_VALUES[n0]:
                for v1 in _HCP_VALUES[n1]:
                    pairs = _pairs(n2, n3, low - v0 - v1, high - v0 - v1)
                    if pairs[2]:
                        g0, g1 = _BY_LENGTH_HCP[n0, v0], _BY_LENGTH_HCP[n1, v1]
                        starts.append(total)
                        groups.append((g0, g1, pairs[0], pairs[1], _size(len(g0)),
                                       _size(len(g1))))
                        total += len(g0) * len(g1) * pairs[2]
                        if len(groups) > MAX_CLASSES:
                            raise _TooMany
        self.starts, self.groups, self.total = array("q", starts), groups, total
        self.draw_below = total * REST_COUNT
        # the source draws below a multiple of draw_below just under a power of two
        # (a number at or above the bound is drawn again: almost never, instead of up
        # to half the time); the remainder is uniform, each value having as many draws
        self.draw_wide = self.draw_below * ((1 << (self.draw_below.bit_length() + 24))
                                            // self.draw_below)
        self._rotate = (4 - seat) & 3

    def deal_meeting(self, below: Callable[[int], int], max_attempts: int) -> Deal:
        """A deal meeting the whole constraint: the seat's clauses by construction, the
        others (if any) tested, dealing again when they fail, ``max_attempts`` at most."""
        test = self.test
        if test is None:
            return self.deal(below)
        for _ in range(max_attempts):
            deal = self.deal(below)
            if test(deal.hands):
                return deal
        raise BridgeError(f"no deal met {test.text!r} in {max_attempts:,} attempts: the "
                          "constraint is impossible or too rare to deal this way", "--where")

    def deal(self, below: Callable[[int], int]) -> Deal:
        """One deal drawn uniformly from those whose seat meets its clauses (one draw)."""
        number, rest = divmod(below(self.draw_wide) % self.draw_below, REST_COUNT)  # Law 6E4
        # the seat's hand: its class, then one holding per suit (a mixed-radix number)
        j = bisect_right(self.starts, number) - 1
        g0, g1, pair_starts, pairs, n0, n1 = self.groups[j]
        number, r = divmod(number - self.starts[j], n0)
        h0 = g0[r]
        number, r = divmod(number, n1)
        h1 = g1[r]
        # the last two suits: the points of the third, then a holding of each
        j = bisect_right(pair_starts, number) - 1
        g2, g3, n2 = pairs[j]
        r, r2 = divmod(number - pair_starts[j], n2)
        h2 = g2[r2]
        h3 = g3[r]
        hand = h0 | h1 << 13 | h2 << 26 | h3 << 39
        # the 39 others, in order
        cards = tuple(compress(_CARDS, _LEAVE[h0] + _LEAVE[h1] + _LEAVE[h2] + _LEAVE[h3]))
        # the next seat's 13 of the 39: how many from each block of 13, then which
        first, second = divmod(rest, _C26)
        j = bisect_right(_STARTS3, first) - 1
        s1, l1, s2, l2, s3, l3, n23, n3 = _INFO3[j]
        x, y = divmod(first - _STARTS3[j], n23)
        y, z = divmod(y, n3)
        a = sum(compress(cards, s1[x] + s2[y] + s3[z]))
        left = compress(cards, l1[x] + l2[y] + l3[z])       # the 26 it leaves
        # the seat after: 13 of those 26 (two blocks); the last seat has the rest
        j = bisect_right(_STARTS2, second) - 1
        t1, t2, n2 = _INFO2[j]
        x, y = divmod(second - _STARTS2[j], n2)
        b = sum(compress(left, t1[x] + t2[y]))
        hands = [hand, a, b, _FULL ^ hand ^ a ^ b]
        k = self._rotate
        deal = _new_deal(Deal)
        deal.hands = hands[k:] + hands[:k] if k else hands  # a partition of the pack
        return deal


class _TooMany(Exception):
    pass


#: plans already made, by the clauses they answer (a constraint given as text is read
#: again at every deal; its plan is made once)
_PLANS: dict[tuple, SmartPlan | None] = {}
_PLANS_KEPT = 64
_UNPLANNED = object()


def _signature(constraint: Constraint) -> tuple:
    return tuple((c.seats, c.kind, c.low, c.high, c.value, c.ordered) for c in constraint.clauses)


def plan_for(constraint: Constraint) -> SmartPlan | None:
    """The plan to deal ``constraint`` directly, or None when dealing at random and
    testing is as good (no one-seat clause, or one too weak to be worth it).

    The seat dealt directly is the one whose own clauses admit the fewest hands.
    """
    known = getattr(constraint, "_smart_plan", _UNPLANNED)   # made for this very object
    if known is not _UNPLANNED:
        return cast("SmartPlan | None", known)
    key = _signature(constraint)
    if key in _PLANS:
        plan = _PLANS[key]
        setattr(constraint, "_smart_plan", plan)
        return plan
    best: tuple[int, int, list[Clause]] | None = None
    for seat in range(4):
        clauses = _seat_clauses(constraint, seat)
        if not clauses:
            continue
        count = hand_count(clauses)
        if best is None or count < best[0]:
            best = (count, seat, clauses)
    if best is not None and best[0] == 0:
        said = ", ".join(c.text for c in best[2])
        raise BridgeError(f"{said!r} cannot be met (no 13-card hand fits them all)", "--where")
    plan = None
    if best is not None and best[0] * 2 < _HAND_COUNT:
        try:
            plan = SmartPlan(constraint, best[1], best[2])
        except _TooMany:
            plan = None
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.pop(next(iter(_PLANS)))
    _PLANS[key] = plan
    setattr(constraint, "_smart_plan", plan)
    return plan
