"""Law 12: artificial adjusted scores; Law 90: procedural penalties; Law 86 for teams.

An artificial adjusted score (12C2) is given when no result can be obtained:
average plus (at least 60%), average (50%) or average minus (at most 40%) in
matchpoints, +3 / 0 / -3 IMPs in IMP scoring (86B).  The two sides need not
balance: any combination is lawful.

>>> a = ArtificialScore.parse("A6040")
>>> a.ns, a.ew, a.law
(60.0, 40.0, '12C2')
>>> artificial_percentage(60, session=63.5), artificial_percentage(40, session=45.0)
(63.5, 40.0)

12C2(c): a non-offending contestant whose session score is above 60% gets its
session percentage instead of 60%; an offender below 40% gets its own
percentage instead of 40%.

The 1997 Laws (``edition="1997"``) give the same artificial scores (their 12C1) but
protect only the non-offender: Law 88 (indemnity) gives a contestant not at fault, in a
pairs or individual event, at least 60% or its session percentage on the other boards
if that is higher; an offender keeps its 40%.  In teams, average plus is 3 IMPs (86A),
with no session rule.

>>> artificial_percentage(40, session=35.0), artificial_percentage(40, session=35.0, edition="1997")
(35.0, 40.0)
>>> artificial_imps(60, 4.5, edition="1997")
3.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards import BridgeError

__all__ = ["ArtificialScore", "artificial_percentage", "artificial_imps", "artificial_laws",
           "ProceduralPenalty", "AVERAGE_PLUS", "AVERAGE", "AVERAGE_MINUS"]

AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS = 60.0, 50.0, 40.0
_NAMES = {"+": AVERAGE_PLUS, "=": AVERAGE, "-": AVERAGE_MINUS,
          "avg+": AVERAGE_PLUS, "avg": AVERAGE, "avg-": AVERAGE_MINUS,
          "ave+": AVERAGE_PLUS, "ave": AVERAGE, "ave-": AVERAGE_MINUS}


def artificial_laws(edition: str = "2017") -> tuple[str, str]:
    """The laws of an artificial score and of its session rule in ``edition``:
    ``("12C2", "12C2c")`` in 2017, ``("12C1", "88")`` in 1997."""
    return ("12C1", "88") if edition == "1997" else ("12C2", "12C2c")


def artificial_percentage(pct: float, session: float | None = None, *,
                          edition: str = "2017") -> float:
    """Law 12C2(c): the percentage a side really gets for an artificial ``pct``.

    Average plus (60) becomes the session percentage when that is higher;
    average minus (40) becomes the session percentage when that is lower.
    Any other percentage (50, or one the Director chose) stands.  In the 1997
    Laws only the first (Law 88: the non-offender's indemnity).
    """
    if session is not None:
        if pct == AVERAGE_PLUS and session > AVERAGE_PLUS:
            return float(session)
        if pct == AVERAGE_MINUS and session < AVERAGE_MINUS and edition != "1997":
            return float(session)
    return float(pct)


def artificial_imps(pct: float, session_per_board: float | None = None, *,
                    plus: float = 3.0, edition: str = "2017") -> float:
    """The IMP equivalent of an artificial score (12C2, 86B): +3, 0 or -3 IMPs.

    ``plus`` is the value the Tournament Organiser set (78D, 86B3).  12C2(c) for
    IMPs: a non-offender averaging more than +3 IMPs a board on the session
    keeps that average; an offender averaging less than -3 keeps its own.

    >>> artificial_imps(60), artificial_imps(40), artificial_imps(50), artificial_imps(60, 4.5)
    (3.0, -3.0, 0.0, 4.5)

    The 1997 Laws (86A): 3 IMPs, with no session rule (Law 88 is for pairs and
    individuals).
    """
    if edition == "1997":
        session_per_board = None
    if pct > AVERAGE:
        v = plus
        if session_per_board is not None and session_per_board > v:
            v = session_per_board
    elif pct < AVERAGE:
        v = -plus
        if session_per_board is not None and session_per_board < v:
            v = session_per_board
    else:
        v = 0.0
    return v


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score (Law 12C2): NS and EW percentages, in any combination.

    ``ArtificialScore(60, 40)``: average plus to NS, average minus to EW.
    """
    ns: float
    ew: float
    law: str = "12C2"

    def __post_init__(self):
        for p in (self.ns, self.ew):
            if not 0 <= p <= 100:
                raise BridgeError(f"an artificial score is a percentage 0-100, not {p!r}")

    @classmethod
    def parse(cls, text: str, where: str | None = None) -> "ArtificialScore":
        """``A6040`` (USEBIO, Compscore), ``60/40``, ``60%-40%``, ``+/-``, ``avg+/avg-``."""
        t = str(text).strip()
        m = re.fullmatch(r"[Aa]?(\d\d)(\d\d)", t) or re.fullmatch(
            r"[Aa]?(\d+(?:\.\d+)?)%?\s*[/-]\s*(\d+(?:\.\d+)?)%?", t)
        if m:
            return cls(float(m.group(1)), float(m.group(2)))
        parts = re.split(r"\s*/\s*", t.lower())
        if len(parts) == 2 and all(p in _NAMES for p in parts):
            return cls(_NAMES[parts[0]], _NAMES[parts[1]])
        raise BridgeError(f"unknown artificial adjusted score {text!r} "
                          "(expected like A6040, 60/40 or avg+/avg-)", where)

    def __str__(self) -> str:
        return f"A{self.ns:g}/{self.ew:g}"


@dataclass(frozen=True)
class ProceduralPenalty:
    """A procedural penalty (Law 90) against ``entry``: points, or a fraction of a top.

    ``ProceduralPenalty("7", fraction_of_top=0.25, board=12)`` takes a quarter of a
    top on board 12 (the top of that board); ``points=3`` takes 3 matchpoints or
    IMPs from the session total.  The penalty does not go to the opponents: the
    scores need not balance.
    """
    entry: str
    points: float | None = None
    fraction_of_top: float | None = None
    board: int | None = None
    law: str = "90"

    def __post_init__(self):
        if (self.points is None) == (self.fraction_of_top is None):
            raise BridgeError("a procedural penalty is either points or a fraction of a top")
        if self.fraction_of_top is not None and not 0 < self.fraction_of_top <= 1:
            raise BridgeError(f"a fraction of a top is between 0 and 1, not {self.fraction_of_top}")

    def amount(self, board_top: float) -> float:
        """What the penalty takes away, given the top of a board."""
        if self.points is not None:
            return float(self.points)
        return self.fraction_of_top * board_top
