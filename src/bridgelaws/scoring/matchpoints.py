"""Law 78A: matchpoints; Neuberg's formula; weighted and split adjusted scores (Law 12).

Each score on a board is compared with every other score in its comparison
group: 2 units for each score it beats, 1 for each tie, 0 for each loss
(Law 78A).  The Regulating Authority chooses whether a unit is a matchpoint
(the 2/1/0 scale, top ``2(n-1)``) or half a matchpoint (the 1/½/0 scale, top
``n-1``):

>>> matchpoints([420, 450, 420, -50])
[3, 6, 3, 0]
>>> matchpoints([420, 450, 420, -50], scale=1)
[1.5, 3.0, 1.5, 0.0]

When a board was scored fewer times than the others (an artificial adjusted
score, a fouled board, a movement that does not play every board equally),
Neuberg's formula factors the scores up to the full field (Law 78A practice,
Law 87): each result is counted ``expected/actual`` times.  The EBU's worked
example: ten results where eleven were expected, top 20:

>>> [round(x, 1) for x in neuberg(matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50]),
...                                  actual=10, expected=11)]
[19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]

Scoring counts equal scores: a board's scores are whole numbers in a narrow band
(Law 77 scores lie within -7,600..7,600), so a count of each value and a running
sum give every score's wins and ties at once, ``O(n + span)`` with numpy
(:func:`matchpoints_array`); scores spread too widely for counting (or not whole
numbers) are sorted and searched instead, ``O(n log n)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from struct import error as _StructError, pack as _pack
from typing import Iterable, Sequence

import numpy as np

from ..cards import BridgeError

__all__ = [
    "LAW", "NEUBERG_LAW", "matchpoints", "matchpoints_array", "top", "neuberg",
    "percentage", "WeightedScore", "SplitScore", "board_matchpoints", "as_int_array",
]

LAW = "78A"
#: Neuberg's factoring is a regulation under Law 78A (and Law 87 for fouled boards)
NEUBERG_LAW = "78A"


def top(n: int, scale: int = 2) -> float:
    """The top on a board scored ``n`` times: ``2(n-1)`` on the 2/1/0 scale, ``n-1`` on 1/½/0.

    >>> top(13), top(13, scale=1)
    (24, 12)
    """
    if scale not in (1, 2):
        raise BridgeError(f"matchpoint scale must be 2 (2/1/0) or 1 (1/0.5/0), not {scale!r}")
    return (n - 1) * scale if n > 0 else 0


def _counting_span(s: np.ndarray) -> int | None:
    """``max - min`` of an array of whole numbers when counting them is cheaper than
    sorting them (a span of at most ``8n + 8192``), else ``None``."""
    if s.dtype.kind not in "iu" or s.size == 0:
        return None
    lo, hi = int(s.min()), int(s.max())
    span = hi - lo
    return span if span <= 8 * s.size + 8192 else None


def count_values(s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(idx, count)`` of an array of whole numbers: each one's place above the
    smallest (``s - min``), and how many there are of each value from the smallest
    to the largest (``count[idx[i]]`` results share the score ``s[i]``).

    >>> [x.tolist() for x in count_values(np.array([620, 600, 620]))]
    [[20, 0, 20], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]]
    """
    if s.dtype.kind == "i" and s.dtype.itemsize < 8:
        s = s.astype(np.int64)                    # s - min must not overflow a narrow type
    idx = (s - s.min()).astype(np.intp, copy=False)
    return idx, np.bincount(idx)


def spread(per_value: np.ndarray, idx: np.ndarray, count: np.ndarray) -> list:
    """``per_value[idx]`` as a list of Python numbers, each distinct number made once
    and shared (a board of 10,000 results has a few hundred distinct scores: making
    10,000 numbers would cost more than the scoring)."""
    used = np.flatnonzero(count)
    place = np.cumsum(count > 0) - 1              # the place of each value among those used
    return per_value[used].astype(object)[place[idx]].tolist()


def _units_counted(idx: np.ndarray, count: np.ndarray) -> np.ndarray:
    """78A's units for each value counted: 2 for each score beaten, 1 for each tie."""
    upto = np.cumsum(count)                       # results with that score or less
    return 2 * upto - count - 1                   # 2 (upto - count) + (count - 1): not itself


def matchpoints_array(scores) -> np.ndarray:
    """The North-South matchpoints (2/1/0 units, as integers) of a numpy array of scores.

    East-West's are ``top - ns``.  Whole numbers in a narrow band are counted
    (``O(n + span)``: how many of each value, and a running sum of the counts);
    other scores are sorted (``O(n log n)``: a sort and two binary searches).

    >>> matchpoints_array(np.array([100, 100, -50, 620])).tolist()
    [3, 3, 0, 6]
    >>> matchpoints_array(np.array([0.5, 0.5, -50.0])).tolist()
    [3, 3, 0]
    """
    s = np.asarray(scores)
    if _counting_span(s) is not None:
        idx, count = count_values(s)
        return _units_counted(idx, count)[idx]
    srt = np.sort(s, kind="stable")
    below = np.searchsorted(srt, s, side="left")
    upto = np.searchsorted(srt, s, side="right")
    # 78A: 2 for each score beaten, 1 for each tie (not counting itself)
    return 2 * below + (upto - below - 1)


def as_int_array(scores: Sequence) -> np.ndarray:
    """A list of scores as a numpy array: whole numbers (of 64 bits) packed by
    :mod:`struct`, three times quicker than ``np.asarray`` on a list; anything else
    (floats, bigger numbers) as ``np.asarray`` reads it.

    >>> as_int_array([420, -50]).dtype.kind, as_int_array([420, 0.5]).dtype.kind
    ('i', 'f')
    """
    if isinstance(scores, np.ndarray):
        return scores
    try:
        return np.frombuffer(_pack(f"={len(scores)}q", *scores), dtype=np.int64)
    except _StructError:
        return np.asarray(scores)


def matchpoints(scores: Sequence[int], *, scale: int = 2) -> list:
    """North-South matchpoints of each score on a board (Law 78A).

    ``scale=2`` counts 2/1/0 (integers); ``scale=1`` counts 1/½/0 (floats).
    """
    top(1, scale)
    if len(scores) == 0:
        return []
    if len(scores) > 64:
        s = as_int_array(scores)
        if _counting_span(s) is not None:
            idx, count = count_values(s)
            units = _units_counted(idx, count)
            return spread(units if scale == 2 else units / 2, idx, count)
        units = matchpoints_array(s).tolist()
    else:
        srt = sorted(scores)
        from bisect import bisect_left, bisect_right
        units = []
        for s in scores:
            lo = bisect_left(srt, s)
            units.append(2 * lo + bisect_right(srt, s) - lo - 1)
    return units if scale == 2 else [u / 2 for u in units]


def neuberg(mps: Iterable[float], actual: int, expected: int, *, scale: int = 2) -> list[float]:
    """Neuberg's formula: matchpoints on ``actual`` results factored to ``expected`` results.

    On the 2/1/0 scale ``F = (M + 1) * expected/actual - 1``; on 1/½/0
    ``F = (M + 0.5) * expected/actual - 0.5``.  With ``actual == expected``
    nothing changes.
    """
    if actual < 1 or expected < 1:
        raise BridgeError(f"Neuberg needs at least one result (actual {actual}, expected {expected})")
    half = scale / 2
    f = expected / actual
    return [(m + half) * f - half for m in mps]


def percentage(mp: float, n: int, scale: int = 2) -> float:
    """A board's matchpoints as a percentage of its top; 50 when the board was scored once."""
    t = top(n, scale)
    return 50.0 if t == 0 else 100.0 * mp / t


@dataclass(frozen=True)
class WeightedScore:
    """A weighted assigned adjusted score (Law 12C1c): several NS scores with their weights.

    ``WeightedScore(((620, 0.3), (-100, 0.7)))``.  The weights must be positive and
    add up to 1.  It is scored as the weighted sum of each score's matchpoints
    against the field, and each other result is compared with each of its scores
    with the same weights ([practice] of 12C1c: never the average of the scores).
    """
    parts: tuple[tuple[int, float], ...]
    law: str = "12C1c"

    def __post_init__(self):
        if not self.parts:
            raise BridgeError("a weighted score needs at least one result")
        if any(w <= 0 for _, w in self.parts):
            raise BridgeError(f"weighted score {self}: every weight must be positive")
        total = sum(w for _, w in self.parts)
        if abs(total - 1) > 1e-9:
            raise BridgeError(f"weighted score {self}: the weights add up to {total:g}, not 1")

    def __str__(self) -> str:
        return " + ".join(f"{w:g}x{s:+d}" for s, w in self.parts)


@dataclass(frozen=True)
class SplitScore:
    """Assigned scores that do not balance (Law 12C1e): NS is scored on ``ns``, EW on ``ew``.

    The board is matchpointed twice, once with each score; NS's matchpoints come
    from the first, EW's from the second, and every other pair gets the average
    of its two results.  ``ns`` and ``ew`` are NS scores or weighted scores.
    """
    ns: int | WeightedScore
    ew: int | WeightedScore
    law: str = "12C1e"


def _parts(x) -> tuple[tuple[int, float], ...]:
    if isinstance(x, WeightedScore):
        return x.parts
    return ((int(x), 1.0),)


def _weighted_units(rows: list) -> list[float]:
    """NS 2/1/0 units for rows that are ints or WeightedScores (each vs every other)."""
    parts = [_parts(r) for r in rows]
    # flatten every (score, weight, owner) and count, for each owner, weighted wins/ties
    flat = sorted((s, w, i) for i, p in enumerate(parts) for s, w in p)
    scores = [f[0] for f in flat]
    import itertools
    cum = [0.0] + list(itertools.accumulate(f[1] for f in flat))
    from bisect import bisect_left, bisect_right
    out = []
    for i, p in enumerate(parts):
        total = 0.0
        for s, w in p:
            lo = bisect_left(scores, s)
            hi = bisect_right(scores, s)
            below = cum[lo]
            tie = cum[hi] - cum[lo]
            # remove this row's own parts from the comparison
            for s2, w2 in p:
                if s2 < s:
                    below -= w2
                elif s2 == s:
                    tie -= w2
            total += w * (2 * below + tie)
        # weights like 0.7 + 0.3 leave float noise: a lone weighted score is 0, not
        # 1.7e-17 (which would leave East-West "-0.00")
        out.append(round(total, 9))
    return out


def board_matchpoints(rows: Sequence, *, scale: int = 2, expected: int | None = None,
                      ) -> list[tuple[float, float]]:
    """(NS, EW) matchpoints of each row of one board's comparison group.

    A row is an NS score (int), a :class:`WeightedScore` or a :class:`SplitScore`;
    ``None`` marks a row that takes no part in the comparison (an artificial
    adjusted score, scored separately) and gets ``(None, None)``.  The results
    are factored by Neuberg's formula to ``expected`` results (default: the
    number of rows, so that artificial scores are factored to the full field).

    >>> [(round(a, 2), round(b, 2)) for a, b in board_matchpoints([100, 200, 300, 400])]
    [(0, 6), (2, 4), (4, 2), (6, 0)]
    >>> [round(ns, 2) for ns, ew in board_matchpoints([100, 200, 400, 300], expected=5)]
    [0.25, 2.75, 7.75, 5.25]
    >>> board_matchpoints([100, WeightedScore(((200, 0.5), (0, 0.5))), 300])
    [(1.0, 3.0), (1.0, 3.0), (4.0, 0.0)]
    """
    n_rows = len(rows)
    expected = n_rows if expected is None else expected
    live = [i for i, r in enumerate(rows) if r is not None]
    out: list[tuple] = [(None, None)] * n_rows
    n = len(live)
    if n == 0:
        return out
    splits = [i for i in live if isinstance(rows[i], SplitScore)]

    def units_for(choice: dict[int, object]) -> list[float]:
        vals = [choice.get(i, rows[i]) for i in live]
        if any(isinstance(v, WeightedScore) for v in vals):
            return _weighted_units(vals)
        return matchpoints(vals)

    if not splits:
        base = units_for({})
        ns_units = base
        ew_units = [2 * (n - 1) - u for u in base]
    else:
        # 12C1e: score the board once with each side's assigned score
        ns_units = [0.0] * n
        ew_units = [0.0] * n
        for side in ("ns", "ew"):
            u = units_for({i: getattr(rows[i], side) for i in splits})
            for j, i in enumerate(live):
                mine = u[j] if side == "ns" else 2 * (n - 1) - u[j]
                if isinstance(rows[i], SplitScore):
                    if side == "ns":
                        ns_units[j] = mine
                    else:
                        ew_units[j] = mine
                else:
                    # other pairs: the average of the two scorings
                    ns_units[j] += u[j] / 2
                    ew_units[j] += (2 * (n - 1) - u[j]) / 2
    if n != expected:
        ns_units = neuberg(ns_units, n, expected)
        ew_units = neuberg(ew_units, n, expected)
    for j, i in enumerate(live):
        a, b = ns_units[j], ew_units[j]
        if scale == 1:
            a, b = a / 2, b / 2
        out[i] = (a, b)
    return out
