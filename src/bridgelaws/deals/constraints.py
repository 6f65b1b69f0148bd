"""Constraints on the hands of a deal, to deal teaching sets (Law 6 dealing, restricted).

A constraint is a conjunction of clauses about seats or partnerships: high-card
points (A=4, K=3, Q=2, J=1), suit lengths and shape classes.  The text form,
used by ``bridgelaws deal --where``, is a list of clauses separated by commas
or ``and``; each clause names a seat (``N E S W``) or a partnership (``NS EW``)
and then one or more conditions:

- ``hcp 15-17``, ``hcp 12+``, ``hcp 10-`` (at most 10), ``hcp 11``;
- ``spades 5+``, ``hearts 4``, ``diamonds 0-1``, ``clubs 6-7`` (or ``S H D C``);
- ``balanced`` (4-3-3-3, 4-4-3-2, 5-3-3-2), ``semibalanced`` (also 5-4-2-2,
  6-3-2-2), ``unbalanced`` (not balanced);
- ``shape 4-4-3-2`` (exactly these lengths in spades, hearts, diamonds, clubs) or
  ``shape 4432`` (these lengths in any order).

>>> from bridgelaws.deals.constraints import parse_where
>>> from bridgelaws.cards import Deal
>>> opener = parse_where("N hcp 15-17 balanced")
>>> opener(Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765").hands)
False
>>> opener(Deal.from_pbn("N:AK32.KQ2.A32.J32 T98.JT9.KQJ.QT98 QJ7.A8765.T98.A4 654.43.7654.K765").hands)
True

Impossible constraints are refused before any dealing: each seat's conditions are
checked against every one of the 560 possible suit-length patterns (with the
points those lengths allow), and the seats together against the 13 cards of
each suit and the 40 points of the pack.

>>> parse_where("N hcp 38+")
Traceback (most recent call last):
...
bridgelaws.cards.BridgeError: --where: 'N hcp 38+' cannot be met (13 cards hold at most 37 high-card points)
"""

from __future__ import annotations

import re
from itertools import product

from ..cards import BridgeError, SUIT_MASKS

__all__ = ["Clause", "Constraint", "parse_where", "hcp", "suit_lengths", "shape_class",
           "HCP_MASKS"]

_SUIT_WORDS = {"spades": 3, "hearts": 2, "diamonds": 1, "clubs": 0,
               "s": 3, "h": 2, "d": 1, "c": 0, "spade": 3, "heart": 2, "diamond": 1, "club": 0}
_SEAT_WORDS = {"n": (0,), "e": (1,), "s": (2,), "w": (3,), "north": (0,), "east": (1,),
               "south": (2,), "west": (3,), "ns": (0, 2), "ew": (1, 3)}
_CLASSES = ("balanced", "semibalanced", "unbalanced")

#: masks of the aces, kings, queens and jacks of all four suits
HCP_MASKS = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in (12, 11, 10, 9))
_ACES, _KINGS, _QUEENS, _JACKS = HCP_MASKS
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_MASKS

# the fewest and the most high-card points a suit of each length can hold
_MIN_HCP = (0,) * 10 + (1, 3, 6, 10)
_MAX_HCP = (0, 4, 7, 9) + (10,) * 10

_BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
_SEMIBALANCED = _BALANCED | {(5, 4, 2, 2), (6, 3, 2, 2)}

#: every suit-length pattern (spades, hearts, diamonds, clubs) of a 13-card hand
_PATTERNS = tuple(p for p in product(range(14), repeat=4) if sum(p) == 13)


def hcp(hand: int) -> int:
    """High-card points of a hand (a mask): A 4, K 3, Q 2, J 1.

    >>> from bridgelaws.cards import Deal
    >>> hcp(Deal.from_pbn("N:AKQ2.KQ2.A32.K32 - - -").hands[0])
    21
    """
    return (((hand & _ACES).bit_count() << 2) + 3 * (hand & _KINGS).bit_count()
            + ((hand & _QUEENS).bit_count() << 1) + (hand & _JACKS).bit_count())


def suit_lengths(hand: int) -> tuple[int, int, int, int]:
    """Lengths in spades, hearts, diamonds, clubs."""
    return ((hand & _SPADES).bit_count(), (hand & _HEARTS).bit_count(),
            (hand & _DIAMONDS).bit_count(), (hand & _CLUBS).bit_count())


def shape_class(lengths) -> str:
    """``"balanced"``, ``"semibalanced"`` or ``"unbalanced"`` (the first that fits)."""
    key = tuple(sorted(lengths, reverse=True))
    if key in _BALANCED:
        return "balanced"
    return "semibalanced" if key in _SEMIBALANCED else "unbalanced"


class Clause:
    """One condition on one seat or the sum over a partnership.

    ``kind`` is ``"hcp"``, a suit (0..3 for clubs..spades), ``"class"`` or ``"shape"``;
    ``low``/``high`` bound the number for ``hcp`` and suits; ``value`` names the
    class (``"balanced"``...) or gives the pattern (``(4, 4, 3, 2)``) and
    ``ordered`` says whether the pattern is suit by suit.
    """

    __slots__ = ("seats", "kind", "low", "high", "value", "ordered", "text")

    def __init__(self, seats, kind, low=0, high=0, value=None, ordered=False, text=""):
        self.seats = tuple(seats)
        self.kind = kind
        self.low, self.high = low, high
        self.value, self.ordered = value, ordered
        self.text = text

    def accepts_pattern(self, lengths: tuple[int, int, int, int]) -> bool:
        """Whether one hand with these lengths (S, H, D, C) can meet a one-seat clause
        that is about shape or length."""
        if self.kind == "class":
            if self.value == "unbalanced":
                return tuple(sorted(lengths, reverse=True)) not in _BALANCED
            allowed = _BALANCED if self.value == "balanced" else _SEMIBALANCED
            return tuple(sorted(lengths, reverse=True)) in allowed
        if self.kind == "shape":
            return lengths == self.value if self.ordered else \
                tuple(sorted(lengths, reverse=True)) == self.value
        if isinstance(self.kind, int):
            return self.low <= lengths[3 - self.kind] <= self.high
        return True

    def test(self):
        """A function of the four hands: does the deal meet this clause?"""
        seats = self.seats
        if self.kind == "hcp":
            low, high = self.low, self.high
            if len(seats) == 1:
                s = seats[0]
                return lambda hands: low <= hcp(hands[s]) <= high
            a, b = seats
            return lambda hands: low <= hcp(hands[a]) + hcp(hands[b]) <= high
        if isinstance(self.kind, int):
            mask, low, high = SUIT_MASKS[self.kind], self.low, self.high
            if len(seats) == 1:
                s = seats[0]
                return lambda hands: low <= (hands[s] & mask).bit_count() <= high
            a, b = seats
            return lambda hands: low <= ((hands[a] | hands[b]) & mask).bit_count() <= high
        accepts = self.accepts_pattern
        return lambda hands: all(accepts(suit_lengths(hands[s])) for s in seats)

    def __repr__(self) -> str:
        return f"Clause({self.text!r})"


class Constraint:
    """All clauses at once; calling it with the four hands (masks) says whether they fit."""

    def __init__(self, clauses, text: str = ""):
        self.clauses = list(clauses)
        self.text = text
        tests = [clause.test() for clause in self.clauses]
        if not tests:
            self._test = lambda hands: True
        elif len(tests) == 1:
            self._test = tests[0]
        else:
            self._test = lambda hands: all(t(hands) for t in tests)
        self.check_possible()

    def __call__(self, hands) -> bool:
        return self._test(hands)

    def __and__(self, other: "Constraint") -> "Constraint":
        return Constraint(self.clauses + other.clauses, f"{self.text}, {other.text}")

    def __repr__(self) -> str:
        return f"Constraint({self.text!r})"

    # -- impossibility, found before dealing --

    def _seat_options(self, seat: int) -> list[tuple[tuple[int, int, int, int], int, int]]:
        """(lengths, fewest points, most points) for every pattern the one-seat clauses allow."""
        mine = [c for c in self.clauses if c.seats == (seat,)]
        low, high = 0, 37
        for c in mine:
            if c.kind == "hcp":
                low, high = max(low, c.low), min(high, c.high)
        options = []
        for lengths in _PATTERNS:
            if not all(c.accepts_pattern(lengths) for c in mine):
                continue
            fewest = sum(_MIN_HCP[n] for n in lengths)
            most = sum(_MAX_HCP[n] for n in lengths)
            if max(fewest, low) <= min(most, high):
                options.append((lengths, max(fewest, low), min(most, high)))
        return options

    def check_possible(self) -> None:
        """Raise :class:`BridgeError` when no deal can meet the clauses (as far as lengths
        and points can tell; a rarer impossibility ends with the cap on attempts)."""
        for c in self.clauses:
            if c.low > c.high:
                raise BridgeError(f"{c.text!r} asks for at least {c.low} and at most {c.high}",
                                  "--where")
            if c.kind == "hcp" and len(c.seats) == 1 and c.low > 37:
                raise BridgeError(f"{c.text!r} cannot be met (13 cards hold at most 37 "
                                  "high-card points)", "--where")
            if c.kind == "hcp" and c.low > 40:
                raise BridgeError(f"{c.text!r} asks for more than the 40 high-card points "
                                  "of the pack", "--where")
            if isinstance(c.kind, int) and c.low > 13:
                raise BridgeError(f"{c.text!r} asks for more than the 13 cards of the suit",
                                  "--where")
        per_seat = []
        for seat in range(4):
            options = self._seat_options(seat)
            if not options:
                said = ", ".join(c.text for c in self.clauses if c.seats == (seat,))
                raise BridgeError(f"{said!r} cannot be met (no 13-card pattern and point count "
                                  "fits them all)", "--where")
            per_seat.append(options)
        fewest_cards = [[min(o[0][i] for o in per_seat[seat]) for i in range(4)] for seat in range(4)]
        most_cards = [[max(o[0][i] for o in per_seat[seat]) for i in range(4)] for seat in range(4)]
        fewest_hcp = [min(o[1] for o in per_seat[seat]) for seat in range(4)]
        most_hcp = [max(o[2] for o in per_seat[seat]) for seat in range(4)]
        for i, suit in enumerate(("spades", "hearts", "diamonds", "clubs")):
            if sum(f[i] for f in fewest_cards) > 13:
                raise BridgeError(f"the four hands would need more than 13 {suit}", "--where")
            if sum(m[i] for m in most_cards) < 13:
                raise BridgeError(f"the four hands cannot hold all 13 {suit}", "--where")
        if sum(fewest_hcp) > 40:
            raise BridgeError("the four hands would need more than the 40 high-card points "
                              "of the pack", "--where")
        if sum(most_hcp) < 40:
            raise BridgeError("the four hands cannot hold all 40 high-card points", "--where")
        for c in self.clauses:
            if len(c.seats) != 2:
                continue
            a, b = c.seats
            if c.kind == "hcp":
                low, high = fewest_hcp[a] + fewest_hcp[b], most_hcp[a] + most_hcp[b]
            elif isinstance(c.kind, int):
                i = 3 - c.kind
                low, high = fewest_cards[a][i] + fewest_cards[b][i], most_cards[a][i] + most_cards[b][i]
            else:
                if not (self._seat_options_with(a, c) and self._seat_options_with(b, c)):
                    raise BridgeError(f"no hands can meet {c.text!r} with the other clauses",
                                      "--where")
                continue
            if max(low, c.low) > min(high, c.high):
                raise BridgeError(f"{c.text!r} cannot be met: the clauses on "
                                  f"{'NESW'[a]} and {'NESW'[b]} allow {low} to {high}", "--where")

    def _seat_options_with(self, seat: int, clause: Clause) -> bool:
        return any(clause.accepts_pattern(o[0]) for o in self._seat_options(seat))


def _seat_text(seats) -> str:
    return "".join("NESW"[s] for s in seats)


_RANGE_RE = re.compile(r"(\d+)(?:-(\d+)|(\+)|(-))?$")


def _parse_range(word: str, top: int, clause_text: str) -> tuple[int, int]:
    m = _RANGE_RE.match(word)
    if not m:
        raise BridgeError(f"{clause_text!r}: {word!r} is not a number or range "
                          "(like 15-17, 12+, 10- or 11)", "--where")
    low = int(m.group(1))
    if m.group(2) is not None:
        return low, int(m.group(2))
    if m.group(3):
        return low, max(low, top)
    if m.group(4):
        return 0, low
    return low, low


def parse_where(text: str) -> Constraint:
    """Read a constraint from its text form (see the module documentation)."""
    clauses: list[Clause] = []
    parts = [p.strip() for p in re.split(r",|;|\band\b", str(text), flags=re.I)]
    if not any(parts):
        raise BridgeError("the constraint is empty", "--where")
    for part in parts:
        if not part:
            continue
        words = part.split()
        seats = _SEAT_WORDS.get(words[0].lower())
        if seats is None:
            raise BridgeError(f"{part!r} does not start with a seat or a partnership "
                              "(N, E, S, W, NS or EW)", "--where")
        i = 1
        if i == len(words):
            raise BridgeError(f"{part!r} names {words[0]} but no condition", "--where")
        while i < len(words):
            word = words[i].lower()
            if word == "hcp" or word in _SUIT_WORDS:
                if i + 1 == len(words):
                    raise BridgeError(f"{part!r}: {words[i]!r} needs a number or range after it",
                                      "--where")
                kind = "hcp" if word == "hcp" else _SUIT_WORDS[word]
                top = 37 if kind == "hcp" else 13
                if len(seats) == 2:
                    top = 40 if kind == "hcp" else 13
                low, high = _parse_range(words[i + 1], top, part)
                clauses.append(Clause(seats, kind, low, high,
                                      text=f"{words[0]} {words[i]} {words[i + 1]}"))
                i += 2
            elif word in _CLASSES:
                if len(seats) == 2:
                    clauses.extend(Clause((s,), "class", value=word, text=f"{'NESW'[s]} {word}")
                                   for s in seats)
                else:
                    clauses.append(Clause(seats, "class", value=word, text=f"{words[0]} {word}"))
                i += 1
            elif word == "shape":
                if i + 1 == len(words):
                    raise BridgeError(f"{part!r}: 'shape' needs a pattern like 4-4-3-2 or 4432",
                                      "--where")
                pattern = words[i + 1]
                ordered = "-" in pattern
                digits = pattern.split("-") if ordered else list(pattern)
                if len(digits) != 4 or not all(d.isdigit() for d in digits) or \
                        sum(int(d) for d in digits) != 13:
                    raise BridgeError(f"{part!r}: {pattern!r} is not a pattern of four lengths "
                                      "making 13 (like 4-4-3-2 or 4432)", "--where")
                lengths = tuple(int(d) for d in digits)
                value = lengths if ordered else tuple(sorted(lengths, reverse=True))
                for s in seats:
                    clauses.append(Clause((s,), "shape", value=value, ordered=ordered,
                                          text=f"{'NESW'[s]} shape {pattern}"))
                i += 2
            else:
                raise BridgeError(f"{part!r}: {words[i]!r} is not a condition (hcp, spades, hearts, "
                                  "diamonds, clubs, balanced, semibalanced, unbalanced, shape)",
                                  "--where")
    return Constraint(clauses, str(text).strip())
