"""Law 78B: international match points; cross-IMPs, Butler, team matches; Law 86.

>>> imps(420 - 170), imps(-50 - 620), imps(10)
(6, -12, 0)

A team match compares the two tables of each board; cross-IMPs compare every
result with every other and average; Butler compares each result with a datum,
the mean of the field's results after dropping the best and the worst:

>>> cross_imps([420, 170, -50])
[8.0, 0.0, -8.0]
>>> butler_datum([420, 450, 420, -50, 1400], drop=1)
430
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..cards import BridgeError
from .matchpoints import _counting_span, as_int_array, count_values, spread

__all__ = [
    "LAW", "IMP_BOUNDS", "imps", "imps_array", "cross_imps", "cross_imps_exact",
    "butler_datum", "butler_imps", "TeamMatch", "ARTIFICIAL_IMPS", "knockout_average",
]

LAW = "78B"

#: Law 78B: the lower bound of each IMP step (scores are multiples of 10)
IMP_BOUNDS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
              1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)
_BOUNDS_NP = np.array(IMP_BOUNDS)

#: Law 12C2 / 86B: the IMP equivalent of average plus, average and average minus
ARTIFICIAL_IMPS = {"+": 3, "=": 0, "-": -3}


def imps(diff: int) -> int:
    """The IMPs for a difference of ``diff`` points (Law 78B), signed."""
    d = -diff if diff < 0 else diff
    n = bisect_right(IMP_BOUNDS, d)
    return -n if diff < 0 else n


def imps_array(diffs) -> np.ndarray:
    """Law 78B for a numpy array of differences."""
    d = np.asarray(diffs)
    return np.sign(d) * np.searchsorted(_BOUNDS_NP, np.abs(d), side="right")


def cross_imps_exact(scores, *, average: bool = True) -> np.ndarray:
    """Cross-IMPs by the full ``n x n`` table of differences (numpy; the O(n^2) reference)."""
    s = np.asarray(scores, dtype=np.int64)
    n = len(s)
    total = imps_array(s[:, None] - s[None, :]).sum(axis=1)
    if not average:
        return total
    return total / (n - 1) if n > 1 else total * 0.0


def cross_imps(scores: Sequence[int], *, average: bool = True) -> list[float]:
    """North-South cross-IMPs of each score: IMPs against every other score, averaged.

    ``average=False`` gives the sums.  A score's IMP total against the field is, for
    each IMP step ``b``, the number of scores at least ``b`` below it less the number
    at least ``b`` above it.  Those numbers come from a running count of the scores
    (whole numbers in a narrow band, as Law 77's are), looked up once per distinct
    score (``O(n + span + 24 d)`` for ``d`` distinct scores); wider or fractional
    scores are sorted and searched (``O(24 n log n)``).

    >>> cross_imps([420, 420, -50], average=False)
    [10, 10, -20]
    """
    n = len(scores)
    if n == 0:
        return []
    s = as_int_array(scores)
    if s.dtype.kind not in "iu":
        s = np.asarray(scores, dtype=np.int64)
    if _counting_span(s) is not None:
        idx, count = count_values(s)
        total = _cross_totals_counted(idx, count)
        if not average:
            return spread(total, idx, count)
        return spread(total / (n - 1) if n > 1 else total * 0.0, idx, count)
    srt = np.sort(s)
    total = np.zeros(n, dtype=np.int64)
    for b in IMP_BOUNDS:
        total += np.searchsorted(srt, s - b, side="right")       # scores <= s - b
        total -= n - np.searchsorted(srt, s + b, side="left")    # scores >= s + b
    if not average:
        return total.tolist()
    if n == 1:
        return [0.0]
    return (total / (n - 1)).tolist()


def _cross_totals_counted(idx: np.ndarray, count: np.ndarray) -> np.ndarray:
    """IMP totals (78B) of each distinct value counted against every score (0 where no
    score has the value), from a running count of the scores."""
    n = len(idx)
    below = np.concatenate(([0], np.cumsum(count)))   # below[k]: scores with idx < k
    top = len(count)
    values = np.flatnonzero(count)
    # for each distinct score and each step b: scores <= v - b, less scores >= v + b
    at_least_below = below[np.clip(values[:, None] - _BOUNDS_NP[None, :] + 1, 0, top)]
    at_least_above = n - below[np.clip(values[:, None] + _BOUNDS_NP[None, :], 0, top)]
    total = np.zeros(top, dtype=np.int64)
    total[values] = (at_least_below - at_least_above).sum(axis=1)
    return total


def butler_datum(scores: Sequence[int], *, drop: int | float = 1, round_to: int = 10,
                 half: str = "away") -> int | float:
    """The Butler datum: the mean NS score after dropping the top and bottom results.

    ``drop`` is the number of results dropped at each end (an int), or a
    fraction of the field (a float below 1, rounded to the nearest whole
    number of results).  Nothing is dropped when fewer than ``2*drop + 1``
    results would be left.  The mean is rounded to a multiple of ``round_to``
    (``0`` keeps it exact); ``half="away"`` rounds halves away from zero (as
    Compscore does), ``"up"`` towards North-South.
    """
    n = len(scores)
    if n == 0:
        raise BridgeError("a Butler datum needs at least one result")
    k = int(round(drop * n)) if isinstance(drop, float) and drop < 1 else int(drop)
    srt = sorted(scores)
    if n - 2 * k >= 1 and k > 0:
        srt = srt[k:n - k]
    mean = sum(srt) / len(srt)
    if not round_to:
        return mean
    q = mean / round_to
    if half == "away":
        r = int(abs(q) + 0.5 + 1e-9) * (1 if q >= 0 else -1)
    else:
        import math
        r = math.floor(q + 0.5 + 1e-9)
    return r * round_to


def butler_imps(scores: Sequence[int], **datum_options) -> tuple[int | float, list[int]]:
    """``(datum, NS IMPs of each score against it)``."""
    d = butler_datum(scores, **datum_options)
    return d, [imps(round(s - d)) for s in scores]


@dataclass
class TeamMatch:
    """A team match scored board by board (Law 78B), with carry-over.

    ``home_ns`` and ``away_ns`` map board number -> the NS score at the table where
    the home team (resp. the away team) sat North-South.  A board's IMPs for the
    home team are ``imps(home_ns - away_ns)``.  ``adjust`` holds IMPs given on a
    board instead of the comparison (an artificial +3/-3 under Law 86B, or an
    assigned result), as (home IMPs, away IMPs); when the two do not balance in
    a knockout match each team gets the average (Law 12C4).  ``edition="1997"``
    cites the 1997 Laws: 86A for the IMP value of an artificial score, 86B for the
    knockout average.
    """
    home_ns: dict[int, int] = field(default_factory=dict)
    away_ns: dict[int, int] = field(default_factory=dict)
    carry_over: float = 0.0
    adjust: dict[int, tuple[float, float]] = field(default_factory=dict)
    knockout: bool = False
    edition: str = "2017"

    def board_imps(self) -> dict[int, tuple[float, float, str]]:
        """board -> (home IMPs, away IMPs, law)."""
        out = {}
        for b in sorted(set(self.home_ns) | set(self.away_ns) | set(self.adjust)):
            if b in self.adjust:
                h, a = self.adjust[b]
                old = self.edition == "1997"
                if self.knockout and h != -a:
                    v = (h - a) / 2                       # 12C4 (1997: 86B): the average
                    out[b] = (v, -v, "86B" if old else "12C4")
                else:
                    out[b] = (h, a, "86A" if old else "86B")
                continue
            if b not in self.home_ns or b not in self.away_ns:
                raise BridgeError(f"board {b} was scored at one table only; give it an "
                                  "adjusted score (Law 86B3)", "team match")
            i = imps(self.home_ns[b] - self.away_ns[b])
            out[b] = (i, -i, LAW)
        return out

    def totals(self) -> tuple[float, float]:
        """(home, away) IMPs, the carry-over counted for the home team (negative: for away)."""
        boards = self.board_imps().values()
        h_pos = sum(max(x[0], 0) for x in boards)
        a_pos = sum(max(x[1], 0) for x in boards)
        co = self.carry_over
        return h_pos + max(co, 0), a_pos + max(-co, 0)

    def margin(self) -> float:
        """Home IMPs less away IMPs."""
        h, a = self.totals()
        return h - a


def knockout_average(home_imps: float, away_imps: float) -> tuple[float, float]:
    """Law 12C4: unbalanced adjusted scores in a knockout: each gets the average.

    >>> knockout_average(3, 0)
    (1.5, -1.5)
    """
    v = (home_imps - away_imps) / 2
    return v, -v
