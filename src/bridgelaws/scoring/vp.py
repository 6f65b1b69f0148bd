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

Discrete (whole-number) scales, 0-20 or 0-25, are an option:
:func:`discrete_vp` and :class:`BandScale` for a published table of bands.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..cards import BridgeError

__all__ = ["LAW", "blitz", "wbf_scale", "wbf_vp", "discrete_vp", "BandScale"]

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
