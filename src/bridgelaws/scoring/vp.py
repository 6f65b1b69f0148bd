"""Victory points (Law 78D: a scoring method the Regulating Authority approves).

The WBF 2013 continuous scale: for a match of ``N`` boards the blitz margin is
``X = 15 * sqrt(N)`` IMPs and the winner of a margin of ``M`` IMPs gets
``10 + 10 * (1 - tau**(3M/X)) / (1 - tau**3)`` VPs (``tau`` the golden ratio's
inverse, capped at 20), rounded to hundredths; the scale is then corrected so
that no IMP is worth more than the one before it (the *concavity correction*:
where an increment exceeds the previous one, the lower value gains 0.01, until
no such place is left).  The loser gets ``20 - winner``.

>>> wbf_vp(3, 8)
(11.27, 8.73)
>>> wbf_vp(-40, 8)          # the correction: 19.73 becomes 19.74
(0.26, 19.74)
>>> wbf_vp(100, 16)
(20.0, 0.0)

Discrete (whole-number) scales are an option: :class:`BandScale` holds a
published table of bands, and :data:`VP_SCALES` names the scales that can be
chosen wherever a VP scale is asked for (:func:`victory_points`):

``wbf_2013``
    the WBF 2013 continuous scale above, for any number of boards;
``acbl_20``, ``acbl_30``
    the ACBL's discrete 20- and 30-VP Swiss-teams scales for matches of 6-8 and
    of 9-11 boards, as published on bridgehands.com ("Victory Points",
    https://server.bridgehands.com/V/Victory_Points.htm).

>>> victory_points(3, 8, "acbl_20"), victory_points(-3, 10, "acbl_30")
((12, 8), (10, 20))

The older WBF discrete 25-0 and 20-0 tables (by number of boards) are not
built in: no published copy of them was at hand to transcribe; give one as a
:class:`BandScale` per number of boards.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

from ..cards import BridgeError

__all__ = ["LAW", "blitz", "wbf_scale", "wbf_vp", "discrete_vp", "BandScale", "BoardsScale",
           "VP_SCALES", "victory_points"]

LAW = "78D"
_TAU = (math.sqrt(5) - 1) / 2


def blitz(boards: int) -> float:
    """The WBF 2013 blitz margin, ``15 * sqrt(boards)`` IMPs."""
    if not isinstance(boards, int) or boards < 1:
        raise BridgeError(f"a VP scale needs a positive whole number of boards, not {boards!r}")
    return 15 * math.sqrt(boards)


def _raw(margin: float, x: float) -> float:
    return min(20.0, 10 + 10 * (1 - _TAU ** (3 * margin / x)) / (1 - _TAU ** 3))


@lru_cache(maxsize=256)
def wbf_scale(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for each whole IMP margin 0 .. blitz (WBF 2013).

    The last entry (20.00) holds for every larger margin.
    """
    x = blitz(boards)
    top = math.ceil(x)
    v = [min(2000, math.floor(_raw(m, x) * 100 + 0.5)) for m in range(top + 1)]
    changed = True
    while changed:                      # the concavity correction
        changed = False
        for m in range(1, top):
            if v[m + 1] - v[m] > v[m] - v[m - 1]:
                v[m] += 1
                changed = True
    return tuple(v)


def wbf_vp(margin: float, boards: int) -> tuple[float, float]:
    """(VPs of the side with ``margin``, VPs of its opponents) on the WBF 2013 continuous scale.

    A fractional margin (cross-IMPs, Butler) is interpolated linearly between the
    two whole margins around it, then rounded to hundredths.
    """
    scale = wbf_scale(boards)
    m = abs(margin)
    lo = int(math.floor(m))
    if lo >= len(scale) - 1:
        w = scale[-1]
    else:
        frac = m - lo
        w = scale[lo] + (scale[lo + 1] - scale[lo]) * frac
        w = math.floor(w + 0.5)
    w = int(w)
    winner, loser = w / 100, (2000 - w) / 100
    return (winner, loser) if margin >= 0 else (loser, winner)


def discrete_vp(margin: int, boards: int, *, top: int = 20) -> tuple[int, int]:
    """A whole-number scale 0-``top`` (20 or 25) from the same exponential curve.

    The winner gets the continuous VPs scaled to ``top`` and rounded half up to a
    whole number; the loser ``top`` less that.  (The pre-2013 WBF tables were
    published tables, not formulas: give such a table as a :class:`BandScale`.)

    >>> discrete_vp(3, 8), discrete_vp(3, 8, top=25)
    ((11, 9), (14, 11))
    """
    if top not in (20, 25, 30):
        raise BridgeError(f"a discrete VP scale runs to 20, 25 or 30, not {top!r}")
    w = wbf_scale(boards)[min(abs(int(margin)), len(wbf_scale(boards)) - 1)] / 100
    mid = top / 2
    win = mid + (w - 10) * mid / 10
    win = int(math.floor(win + 0.5))
    return (win, top - win) if margin >= 0 else (top - win, win)


@dataclass(frozen=True)
class BandScale:
    """A discrete VP scale given as a table: the lowest IMP margin of each VP step.

    ``BandScale(top=20, draw=(10, 10), steps=((1, 11, 9), (3, 12, 8), ...))``: a
    margin of at least ``steps[i][0]`` IMPs gives ``(steps[i][1], steps[i][2])``.
    """
    top: int
    draw: tuple[float, float]
    steps: tuple[tuple[int, float, float], ...]

    def __post_init__(self):
        lows = [s[0] for s in self.steps]
        if lows != sorted(lows) or len(set(lows)) != len(lows):
            raise BridgeError("the IMP margins of a VP scale must increase")

    def vp(self, margin: float) -> tuple[float, float]:
        i = bisect_right([s[0] for s in self.steps], abs(margin))
        w, lo = (self.draw if i == 0 else self.steps[i - 1][1:])
        return (w, lo) if margin >= 0 else (lo, w)


@dataclass(frozen=True)
class BoardsScale:
    """A discrete VP scale published as one :class:`BandScale` per range of match lengths.

    ``tables`` maps ``(fewest boards, most boards)`` to the band table for matches
    of that length; a match of another length has no scale here.
    """
    name: str
    tables: tuple[tuple[tuple[int, int], BandScale], ...]

    def vp(self, margin: float, boards: int) -> tuple[float, float]:
        """(VPs of the side with ``margin``, VPs of its opponents) for a match of ``boards``."""
        for (lo, hi), band in self.tables:
            if lo <= boards <= hi:
                return band.vp(margin)
        spans = ", ".join(f"{lo}-{hi}" for (lo, hi), _ in self.tables)
        raise BridgeError(f"the {self.name} VP scale is published for matches of {spans} "
                          f"boards, not {boards!r}")


def _bands(top: int, draw: int, lows: Sequence[int]) -> BandScale:
    """A band table whose winner gains one VP at each of ``lows`` (the loser loses one)."""
    return BandScale(top, (draw, top - draw),
                     tuple((low, draw + i + 1, top - draw - i - 1) for i, low in enumerate(lows)))


# The ACBL Swiss-teams scales as published on bridgehands.com ("Victory Points",
# https://server.bridgehands.com/V/Victory_Points.htm): the lowest IMP margin of
# each VP step, for matches of 6-8 and of 9-11 boards.  On the 30-VP scale a
# win by a single IMP is worth 18-12.
_ACBL_20 = BoardsScale("acbl_20", (
    ((6, 8), _bands(20, 10, (1, 3, 5, 8, 11, 14, 17, 20, 24, 28))),
    ((9, 11), _bands(20, 10, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36))),
))
_ACBL_30 = BoardsScale("acbl_30", (
    ((6, 8), BandScale(30, (15, 15), ((1, 18, 12),) + tuple(
        (low, 19 + i, 11 - i) for i, low in enumerate((2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28))))),
    ((9, 11), BandScale(30, (15, 15), ((1, 18, 12),) + tuple(
        (low, 19 + i, 11 - i) for i, low in enumerate((2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36))))),
))

#: The VP scales that can be chosen by name: ``scale(margin, boards) -> (VPs, opponents' VPs)``
VP_SCALES: dict[str, Callable[[float, int], tuple[float, float]]] = {
    "wbf_2013": wbf_vp,
    "acbl_20": _ACBL_20.vp,
    "acbl_30": _ACBL_30.vp,
}


def victory_points(margin: float, boards: int, scale: str = "wbf_2013") -> tuple[float, float]:
    """(VPs of the side with ``margin`` IMPs, VPs of its opponents) on the named scale.

    ``scale`` is one of :data:`VP_SCALES`; an unknown name, or a match length the
    scale was not published for, is refused with the reason.
    """
    try:
        fn = VP_SCALES[scale]
    except KeyError:
        raise BridgeError(f"unknown VP scale {scale!r} (expected one of "
                          f"{', '.join(sorted(VP_SCALES))})") from None
    return fn(margin, boards)
