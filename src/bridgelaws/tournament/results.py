"""Scoring a pairs or individual event: matchpoints, cross-IMPs or Butler; rankings.

:func:`score_event` recomputes every table score from the raw results (Law 77),
compares the results of each board (Law 78A matchpoints, Law 78B IMPs) within
each form of the board (Law 87), gives artificial and assigned adjusted scores
(Law 12), applies procedural penalties (Law 90), and ranks the contestants with
ties.  Every scored row carries the laws applied to it.

>>> from bridgelaws.tournament.event import Event, Result
>>> ev = Event(name="demo")
>>> for p in "1234":
...     _ = ev.add_entry(p)
>>> ev.results += [Result(1, "1", "2", "4H", "N", 10), Result(1, "3", "4", "4H", "N", 9)]
>>> res = score_event(ev)
>>> [(s.rank, s.entry, s.score, s.percent) for s in res.standings]
[('1=', '1', 2.0, 100.0), ('1=', '4', 2.0, 100.0), ('3=', '2', 0.0, 0.0), ('3=', '3', 0.0, 0.0)]
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import groupby, repeat
from typing import Callable

import numpy as np

from ..cards import BridgeError
from ..scoring import imps as imps_mod
from ..scoring.adjusted import (ArtificialScore, artificial_imps, artificial_laws,
                               artificial_percentage)
from ..scoring.matchpoints import SplitScore, WeightedScore, as_int_array, board_matchpoints, top
from .event import Event, Result, ResultColumns, result_score

__all__ = ["METHODS", "ScoredResult", "Standing", "EventResult", "score_event", "rank"]

METHODS = ("mp", "imp", "xi", "butler")


@dataclass
class ScoredResult:
    """One result as scored: NS score, both sides' points and percentages, laws applied."""
    result: Result
    ns_score: int | None
    ns_points: float | None = None
    ew_points: float | None = None
    top: float | None = None
    datum: float | None = None
    laws: list[str] = field(default_factory=list)
    #: the board was played fewer times than the most-played board and factored to the field
    factored_to_field: bool = False

    @property
    def ns_percent(self) -> float | None:
        if self.top and self.ns_points is not None:
            return 100.0 * self.ns_points / self.top
        return None

    @property
    def ew_percent(self) -> float | None:
        if self.top and self.ew_points is not None:
            return 100.0 * self.ew_points / self.top
        return None


@dataclass
class Standing:
    """A contestant's place: rank (``"3="`` when tied), score, percentage, boards played.

    ``place`` is the first place of the contestant's tie group and ``place_to`` its
    last (equal to ``place`` when untied): pairs tied for 25th and 26th have
    ``place == 25`` and ``place_to == 26``.
    """
    rank: str
    place: int
    entry: str
    names: str
    score: float
    percent: float | None
    boards: int
    direction: str | None = None
    place_to: int | None = None

    def __post_init__(self):
        if self.place_to is None:
            self.place_to = self.place

    def as_dict(self) -> dict:
        d = {"rank": self.rank, "place": self.place, "pair": self.entry, "names": self.names,
             "score": round(self.score, 2), "boards": self.boards}
        if self.percent is not None:
            d["percent"] = round(self.percent, 2)
        if self.direction:
            d["direction"] = self.direction
        return d


@dataclass
class EventResult:
    """An event as scored: each board's scored results, each contestant's total, top
    and boards played, the standings and the laws applied.

    ``boards`` is made on first use when the event was scored in one pass (the
    standings need only the totals).
    """
    event: Event
    method: str
    _boards: dict[int, list[ScoredResult]] | Callable[[], dict[int, list[ScoredResult]]] = \
        field(repr=False)
    totals: dict[str, float]
    tops: dict[str, float]
    played: dict[str, int]
    standings: list[Standing]
    laws: list[str]

    @property
    def boards(self) -> dict[int, list[ScoredResult]]:
        """board -> its scored results, in the order of the board's forms (Law 87)."""
        if callable(self._boards):
            self._boards = self._boards()
        return self._boards

    def scorecard(self, entry: str) -> list[dict]:
        """The board-by-board scorecard of one contestant."""
        if entry not in self.event.entries:
            raise BridgeError(f"unknown pair {entry!r}", self.event.source or None)
        rows = []
        for b, srs in sorted(self.boards.items()):
            for sr in srs:
                r = sr.result
                if entry in r.ns or entry in r.ew:
                    ns = entry in r.ns
                    rows.append({
                        "board": b, "direction": "NS" if ns else "EW",
                        "opponents": ",".join(r.ew if ns else r.ns),
                        "contract": r.contract, "declarer": r.declarer, "tricks": r.tricks,
                        "score": None if sr.ns_score is None else (sr.ns_score if ns else -sr.ns_score),
                        "points": sr.ns_points if ns else sr.ew_points,
                        "percent": sr.ns_percent if ns else sr.ew_percent,
                        "laws": sr.laws,
                    })
        return rows


def rank(scores: dict[str, float], *, places: int | None = 2,
         ties: str = "shared") -> dict[str, tuple[str, int]]:
    """Ranks with ties: ``{id: (label, place)}``.

    Scores equal when rounded to ``places`` decimals are tied (``places=None``
    compares the exact scores, to 9 decimals so that float noise is no tie-break).
    ``ties="shared"`` gives the tied contestants the same place, labelled
    ``"2="``; ``ties="consecutive"`` numbers them one after the other, in the
    natural order of their ids (Ruter's individual events).

    >>> rank({"a": 10, "b": 12, "c": 10, "d": 3})
    {'b': ('1', 1), 'a': ('2=', 2), 'c': ('2=', 2), 'd': ('4', 4)}
    >>> rank({"a": 10, "b": 12, "c": 10, "d": 3}, ties="consecutive")
    {'b': ('1', 1), 'a': ('2', 2), 'c': ('3', 3), 'd': ('4', 4)}
    >>> rank({"x": 1.0625, "y": 1.0568}), rank({"x": 1.0625, "y": 1.0568}, places=None)
    ({'x': ('1=', 1), 'y': ('1=', 1)}, {'x': ('1', 1), 'y': ('2', 2)})
    """
    return {k: (label, place) for k, label, place, _to in _ranked(scores, places, ties)}


def _ranked(scores: dict[str, float], places: int | None = 2,
            ties: str = "shared") -> list[tuple[str, str, int, int]]:
    """:func:`rank` as a list, best first: ``(id, label, place, last place of its tie)``.

    >>> _ranked({"a": 10, "b": 12, "c": 10, "d": 3})
    [('b', '1', 1, 1), ('a', '2=', 2, 3), ('c', '2=', 2, 3), ('d', '4', 4, 4)]
    """
    if ties not in ("shared", "consecutive"):
        raise BridgeError(f"ties must be 'shared' or 'consecutive', not {ties!r}")
    digits = 9 if places is None else places
    rounded = dict(zip(scores, map(round, scores.values(), repeat(digits))))
    # best first (the sort is stable); equal scores then in the natural order of their ids,
    # which only the tied need
    order = sorted(scores, key=rounded.__getitem__, reverse=True)
    out = []
    place = 1
    for _score, tied in groupby(order, key=rounded.__getitem__):
        tied = list(tied)
        n = len(tied)
        if n == 1:
            out.append((tied[0], str(place), place, place))
            place += 1
            continue
        tied.sort(key=_natural)
        if ties == "consecutive":
            for i, k in enumerate(tied):
                out.append((k, str(place + i), place + i, place + i))
        else:
            label, last = f"{place}=", place + n - 1
            for k in tied:
                out.append((k, label, place, last))
        place += n
    return out


def _natural(key: str):
    """Natural order of ids: runs of digits compare as numbers (by length, then digit by
    digit: an id of 5,000 digits is compared without converting it to an int).

    >>> sorted(["10", "9", "2A", "10B", "007", "1" * 5000], key=_natural)[:4]
    ['2A', '007', '9', '10']
    """
    if key.isdigit() and key.isascii():           # the usual id: a number
        t = key.lstrip("0")
        return [(0, len(t), t)]
    return [(0, len(t.lstrip("0")), t.lstrip("0")) if t.isdigit() else (1, 0, t)
            for t in _DIGIT_RUNS.findall(key)]


_DIGIT_RUNS = re.compile(r"\d+|\D+", re.ASCII)


def score_event(event: Event, method: str = "mp", *, scale: int = 2, neuberg: str = "adjusted",
                xi_average: bool = True, butler_drop: int | float = 1, butler_round: int = 10,
                butler_half: str = "away", imp_plus: float = 3.0, session_rule: bool = True,
                factor_totals: bool = False, per_board_average: bool = False,
                board_decimals: int | None = None, field_percent_decimals: int | None = None,
                rank_places: int | None = 2, rank_ties: str = "shared",
                rank_by_direction: bool | None = None, edition: str = "2017") -> EventResult:
    """Score ``event`` by ``method`` (``mp``, ``xi``/``imp`` for cross-IMPs, ``butler``).

    ``neuberg``: ``"adjusted"`` factors a board by Neuberg's formula to the number
    of results including artificial scores and the other forms of a fouled
    board (Laws 12, 87); ``"field"`` also factors boards played fewer times than
    the most-played board; ``"none"`` never factors.  ``session_rule`` applies
    12C2(c) to artificial scores.  ``factor_totals`` scales the matchpoint total of
    a contestant who played fewer boards than others to the full session (total x
    the largest session top / its own top; its percentage is unchanged), as
    Compscore publishes totals; with IMPs, by the number of boards (Ruter).
    ``per_board_average`` ranks on IMPs per board played, or with cross-IMP sums
    per comparison (Ruter's ``Cross2``).
    ``imp_plus`` is the IMP value of average plus (86B: 3); with cross-IMP sums
    (``xi_average=False``) it counts once per comparison.  ``board_decimals`` rounds each board's points (half up) before they are
    totalled (Compscore: 2).  ``field_percent_decimals`` rounds the points of a
    board factored to the field (``neuberg="field"``, a board played fewer times
    than the most-played one) through its percentage of the top: the percentage
    to that many decimals, then the points to ``board_decimals`` (Compscore: 2;
    a board factored for artificial scores is rounded directly).
    ``rank_places`` and ``rank_ties`` are passed to :func:`rank` (Ruter ranks on
    the exact scores, ``rank_places=None``).  ``rank_by_direction`` ranks
    North-South and East-West separately (a Mitchell); by default when every
    entry has a direction.
    ``edition="1997"`` scores adjusted scores under the 1997 Laws: an artificial score
    is their 12C1, its session rule is Law 88 (the non-offender's indemnity only; none
    in IMPs, 86A), and a weighted assigned score is refused (the 1997 12C2 assigns one
    result to each side).
    """
    if edition not in ("2017", "1997"):
        raise BridgeError(f"unknown edition {edition!r} (known: 1997, 2017)")
    if method not in METHODS:
        raise BridgeError(f"unknown scoring method {method!r} (expected one of {', '.join(METHODS)})")
    if neuberg not in ("adjusted", "field", "none"):
        raise BridgeError(f"neuberg must be 'adjusted', 'field' or 'none', not {neuberg!r}")
    columns = event.columns()                      # every check; the first fault raised
    per_board_count: dict[int, int] = defaultdict(int)
    if columns is not None:
        keys = columns.keys
        for (board, _version), n in zip(keys, columns.sizes.tolist()):
            per_board_count[board] += n
    else:
        groups = sorted(event.check().items(), key=lambda kv: (kv[0][0], str(kv[0][1])))
        for (board, _version), rows in groups:
            per_board_count[board] += len(rows)
    field_size = max(per_board_count.values(), default=0)
    options = dict(method=method, scale=scale, neuberg=neuberg, xi_average=xi_average,
                   butler_drop=butler_drop, butler_round=butler_round, butler_half=butler_half,
                   board_decimals=board_decimals, field_percent_decimals=field_percent_decimals)
    if columns is not None and columns.plain:
        # no adjusted score and no points given by hand: the event is scored in one pass
        scored = _score_plain(event, columns, per_board_count, field_size, **options)
    else:
        if columns is not None:
            groups = sorted(columns.groups().items(), key=lambda kv: (kv[0][0], str(kv[0][1])))
        scored = _score_rows(event, groups, per_board_count, field_size, imp_plus=imp_plus,
                             session_rule=session_rule, edition=edition, **options)
    return _standings(event, method, scored, per_board_count, factor_totals=factor_totals,
                      per_board_average=per_board_average, xi_average=xi_average,
                      rank_places=rank_places, rank_ties=rank_ties,
                      rank_by_direction=rank_by_direction)


def _weighted(adjusted: "WeightedScore | SplitScore") -> bool:
    """Whether an assigned score weights several results (Law 12C1c, 2017 only)."""
    parts = [adjusted] if isinstance(adjusted, WeightedScore) else [adjusted.ns, adjusted.ew]
    return any(isinstance(p, WeightedScore) and len(p.parts) > 1 for p in parts)


@dataclass
class _Scored:
    """What the standings need of an event's scored results: each contestant's total,
    top, boards played and comparisons made, the laws applied, and the boards (or the
    function that makes them)."""
    final: dict[str, float]
    final_tops: dict[str, float]
    final_played: dict[str, int]
    comparisons: dict[str, int] | Callable[[], dict[str, int]]
    laws_used: set[str]
    boards: dict[int, list[ScoredResult]] | Callable[[], dict[int, list[ScoredResult]]]
    board_tops: dict[int, float]


def _score_rows(event: Event, groups, per_board_count, field_size, *, method, scale, neuberg,
                xi_average, butler_drop, butler_round, butler_half, imp_plus, session_rule,
                board_decimals, field_percent_decimals, edition="2017") -> _Scored:
    """Every result as a :class:`ScoredResult`, adjusted scores (Law 12) and the Director's
    points among them."""
    use_mp = method == "mp"
    laws_used: set[str] = {"77", "78A" if use_mp else "78B"}
    boards: dict[int, list[ScoredResult]] = defaultdict(list)
    scored: list[ScoredResult] = []
    row_score = _ScoreCache()
    for (board, version), rows in groups:
        vul = event.vulnerable(board)
        srs = [ScoredResult(r, None if isinstance(r.adjusted, ArtificialScore)
                            else row_score(r, vul)) for r in rows]
        n_board = per_board_count[board]
        if neuberg == "none":
            expected = len(rows)
        elif neuberg == "field":
            expected = field_size
        else:
            expected = n_board
        fouled = version is not None and len(rows) < n_board
        short = neuberg == "field" and n_board < field_size
        for sr in srs:
            sr.factored_to_field = short
        values = []
        for sr in srs:
            r = sr.result
            if isinstance(r.adjusted, ArtificialScore):
                values.append(None)
                sr.laws.append(artificial_laws(edition)[0] if r.adjusted.law == "12C2"
                               else r.adjusted.law)
            elif isinstance(r.adjusted, (WeightedScore, SplitScore)):
                if edition == "1997" and _weighted(r.adjusted):
                    raise BridgeError("the 1997 Laws have no weighted adjusted score: each "
                                      "side is assigned one result (Law 12C2)",
                                      f"board {board}")
                values.append(r.adjusted)
                sr.laws.append("12C2" if edition == "1997" else r.adjusted.law)
            else:
                values.append(sr.ns_score)
            if fouled:
                sr.laws.append("87")
        if use_mp:
            pts = board_matchpoints(values, scale=scale, expected=expected)
            t = top(expected, scale)
            live = sum(v is not None for v in values)
            for sr, (a, b) in zip(srs, pts):
                sr.top = t
                sr.ns_points, sr.ew_points = a, b
                sr.laws.append("78A")
                if a is not None and live != expected:
                    sr.laws.append("78A-Neuberg")
        else:
            _imp_board(srs, values, method, xi_average, butler_drop, butler_round, butler_half)
        scored.extend(srs)
        boards[board].extend(srs)

    # totals on real results first: the session figures 12C2(c) needs
    totals: dict[str, float] = defaultdict(float)
    tops: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for sr in scored:
        if sr.ns_points is None:
            continue
        for side, pts in ((sr.result.ns, sr.ns_points), (sr.result.ew, sr.ew_points)):
            for pid in side:
                totals[pid] += pts
                tops[pid] += sr.top or 0
                played[pid] += 1
    for sr in scored:
        r = sr.result
        if not isinstance(r.adjusted, ArtificialScore):
            continue
        law, session_law = artificial_laws(edition)
        laws_used.add(law)
        if use_mp:
            sr.top = top(per_board_count[r.board] if neuberg != "field" else field_size, scale)
        for side, pct, attr in ((r.ns, r.adjusted.ns, "ns_points"), (r.ew, r.adjusted.ew, "ew_points")):
            pid = side[0]
            if use_mp:
                session = 100 * totals[pid] / tops[pid] if session_rule and tops[pid] else None
                got = artificial_percentage(pct, session, edition=edition)
                if got != pct:
                    sr.laws.append(session_law)
                setattr(sr, attr, got * sr.top / 100)
            else:
                session = totals[pid] / played[pid] if session_rule and played[pid] else None
                if session is not None and method in ("xi", "imp") and not xi_average:
                    session /= max(per_board_count[r.board] - 1, 1)    # per comparison
                got = artificial_imps(pct, session, plus=imp_plus, edition=edition)
                if abs(got) != imp_plus and got != 0:
                    sr.laws.append(session_law)
                if method in ("xi", "imp") and not xi_average:
                    got *= per_board_count[r.board] - 1
                setattr(sr, attr, got)
    for sr in scored:
        if sr.result.override is not None:
            sr.ns_points, sr.ew_points = sr.result.override
            sr.laws.append("12")
            laws_used.add("12")
    if board_decimals is not None:
        for sr in scored:
            if sr.ns_points is None:
                continue
            if field_percent_decimals is not None and sr.factored_to_field and sr.top:
                # Compscore: a board factored to the field is kept as a percentage
                sr.ns_points = _half_up(sr.ns_points * 100 / sr.top,
                                        field_percent_decimals) * sr.top / 100
                sr.ew_points = _half_up(sr.ew_points * 100 / sr.top,
                                        field_percent_decimals) * sr.top / 100
            sr.ns_points = _half_up(sr.ns_points, board_decimals)
            sr.ew_points = _half_up(sr.ew_points, board_decimals)
    final: dict[str, float] = defaultdict(float)
    final_tops: dict[str, float] = defaultdict(float)
    final_played: dict[str, int] = defaultdict(int)
    comparisons: dict[str, int] = defaultdict(int)
    for sr in scored:
        for pid in sr.result.ns + sr.result.ew:
            comparisons[pid] += per_board_count[sr.result.board] - 1
        for side, pts in ((sr.result.ns, sr.ns_points), (sr.result.ew, sr.ew_points)):
            for pid in side:
                if pts is None:
                    continue
                final[pid] += pts
                final_tops[pid] += sr.top or 0
                final_played[pid] += 1
        for law in sr.laws:
            laws_used.add(law.split("-")[0])
    board_tops = {b: srs[0].top or 0.0 for b, srs in boards.items()}
    return _Scored(final, final_tops, final_played, comparisons, laws_used, dict(boards),
                   board_tops)


def _standings(event: Event, method: str, scored: _Scored, per_board_count, *, factor_totals,
               per_board_average, xi_average, rank_places, rank_ties,
               rank_by_direction) -> EventResult:
    """Procedural penalties (Law 90), totals factored or averaged, and the ranking."""
    use_mp = method == "mp"
    final, final_tops, final_played = scored.final, scored.final_tops, scored.final_played
    laws_used = scored.laws_used
    for pen in event.penalties:
        if pen.entry not in event.entries:
            raise BridgeError(f"procedural penalty against unknown pair {pen.entry!r}")
        board_top = 0.0
        if pen.board is not None and pen.board in scored.board_tops:
            board_top = scored.board_tops[pen.board]
        final[pen.entry] -= pen.amount(board_top)
        laws_used.add(pen.law)

    by_dir = rank_by_direction
    if by_dir is None:
        by_dir = bool(event.entries) and all(e.direction for e in event.entries.values())
    standings = []
    ids = [pid for pid in event.entries if final_played.get(pid)]
    fields = defaultdict(list)
    for pid in ids:
        fields[event.entries[pid].direction if by_dir else None].append(pid)
    most = len(per_board_count)                    # the boards played
    for fld in sorted(fields, key=lambda d: (d is None, d or "")):
        members = fields[fld]
        full = max(final_tops[p] for p in members) if members else 0
        if factor_totals:
            # a total is factored to the field's full session (Compscore, Ruter)
            for pid in members:
                if use_mp and final_tops[pid]:
                    final[pid] *= full / final_tops[pid]
                elif not use_mp and final_played[pid]:
                    final[pid] *= most / final_played[pid]
        if per_board_average:
            comparisons = scored.comparisons
            if callable(comparisons):
                comparisons = comparisons()
            for pid in members:
                final[pid] /= comparisons[pid] if method in ("xi", "imp") and not xi_average \
                    else final_played[pid]
        entries = event.entries
        # by place, then natural order of ids
        for pid, label, place, place_to in _ranked({pid: final[pid] for pid in members},
                                                   rank_places, rank_ties):
            t = (full if factor_totals else final_tops[pid]) if use_mp else 0
            total = final[pid]
            entry = entries[pid]
            standings.append(Standing(label, place, pid, entry.name, total,
                                      100 * total / t if t else None, final_played[pid],
                                      entry.direction if by_dir else None, place_to))
    return EventResult(event, method, scored.boards, dict(final), dict(final_tops),
                       dict(final_played), standings, sorted(laws_used))


def _score_plain(event: Event, columns: ResultColumns, per_board_count, field_size, *,
                 method, scale, neuberg, xi_average, butler_drop, butler_round, butler_half,
                 board_decimals, field_percent_decimals) -> _Scored:
    """An event with no adjusted score and no points given by hand, scored in one pass.

    The Law 77 scores come from the results' columns (:meth:`ResultColumns.ns_scores`:
    each distinct contract text, declarer and vulnerability read once, every check
    kept; a result without a score is named by :func:`result_score`); the matchpoints
    of every board at once (a sort of (board, score) and the runs of equal scores,
    Law 78A), with Neuberg's factoring where a board has fewer results than expected;
    each contestant's total as a sum over his results in the order of the boards (the
    same additions as :func:`_score_rows`, so the same totals to the last bit).  The
    boards' :class:`ScoredResult` rows are made only when asked for.
    """
    use_mp = method == "mp"
    keys, sizes = columns.keys, columns.sizes.tolist()
    sc = columns.ns_scores(event)
    if sc is None:                    # a result without a score: named with its place
        row_score = _ScoreCache()
        sc = as_int_array([row_score(r, event.vulnerable(r.board)) for r in columns.rows()])
    expected, fouled, short, tops = [], [], [], []
    for (board, version), n in zip(keys, sizes):
        n_board = per_board_count[board]
        expected.append(n if neuberg == "none" else
                        field_size if neuberg == "field" else n_board)
        fouled.append(version is not None and n < n_board)                 # Law 87
        short.append(neuberg == "field" and n_board < field_size)
        tops.append(top(expected[-1], scale) if use_mp else None)
    n_groups, n_rows = len(sizes), len(sc)
    size = np.array(sizes, dtype=np.int64)
    group = np.repeat(np.arange(n_groups), size)
    if use_mp:
        ns_u = _units_by_group(sc, group, size)
        n_row = size[group]
        ew_u = 2 * (n_row - 1) - ns_u
        exp_row = np.array(expected, dtype=np.int64)[group]
        factored = exp_row != n_row
        ns = ns_u.astype(np.float64)
        ew = ew_u.astype(np.float64)
        if factored.any():                       # Neuberg: (M + 1) * expected/actual - 1
            f = exp_row[factored] / n_row[factored]
            ns[factored] = (ns[factored] + 1.0) * f - 1.0
            ew[factored] = (ew[factored] + 1.0) * f - 1.0
        if scale == 1:
            ns, ew = ns / 2, ew / 2
        top_row = np.array(tops, dtype=np.float64)[group]
        group_laws = [["87", "78A"] if fouled[i] else ["78A"] for i in range(n_groups)]
        for i in np.flatnonzero(np.array(expected) != size).tolist():
            group_laws[i].append("78A-Neuberg")
        datums = None

        def values() -> tuple[list, list]:
            if scale == 2 and board_decimals is None:
                # 2/1/0 units stay whole numbers where no factoring made them fractions
                fac = factored.tolist()
                return ([x if f else int(x) for x, f in zip(ns.tolist(), fac)],
                        [x if f else int(x) for x, f in zip(ew.tolist(), fac)])
            return ns.tolist(), ew.tolist()
    else:
        imp_pts: list = []
        datums = [] if method == "butler" else None
        scores = sc.tolist()
        start = 0
        for n in sizes:
            part = scores[start:start + n]
            start += n
            if method in ("xi", "imp"):
                imp_pts.extend(imps_mod.cross_imps(part, average=xi_average))
            else:
                datum, pts = imps_mod.butler_imps(part, drop=butler_drop, round_to=butler_round,
                                                  half=butler_half)
                imp_pts.extend(pts)
                datums.extend([datum] * n)
        ns = np.array(imp_pts, dtype=np.float64)
        ew = -ns
        top_row = np.zeros(n_rows)
        group_laws = [["87", "78B"] if fouled[i] else ["78B"] for i in range(n_groups)]

        def values() -> tuple[list, list]:
            if board_decimals is None:
                return imp_pts, [-p for p in imp_pts]
            return ns.tolist(), ew.tolist()
    if board_decimals is not None:
        if field_percent_decimals is not None:
            # Compscore: a board factored to the field is kept as a percentage
            kept = np.array(short)[group] & (top_row != 0)
            t = top_row[kept]
            ns[kept] = _half_up_array(ns[kept] * 100 / t, field_percent_decimals) * t / 100
            ew[kept] = _half_up_array(ew[kept] * 100 / t, field_percent_decimals) * t / 100
        ns = _half_up_array(ns, board_decimals)
        ew = _half_up_array(ew, board_decimals)

    # each contestant's points, result by result in the order of the boards, NS first
    pid, row = columns.pid, columns.row
    points = np.where(columns.on_ew, ew[row], ns[row])
    n_ids = len(columns.ids)

    def by_contestant(figures: list) -> dict:
        return {columns.ids[i]: figures[i] for i in columns.first_seen}

    def comparisons() -> dict[str, int]:
        compared = np.repeat(np.array([per_board_count[b] - 1 for b, _v in keys],
                                      dtype=np.float64), size)
        return defaultdict(int, by_contestant(
            np.bincount(pid, compared[row], n_ids).astype(np.int64).tolist()))

    final = defaultdict(float, by_contestant(np.bincount(pid, points, n_ids).tolist()))
    final_tops = defaultdict(float, by_contestant(np.bincount(pid, top_row[row], n_ids).tolist()))
    final_played = defaultdict(int, by_contestant(np.bincount(pid, minlength=n_ids).tolist()))
    laws_used = {"77", "78A" if use_mp else "78B"} | ({"87"} if any(fouled) else set())
    board_tops: dict[int, float] = {}
    for (board, _version), t in zip(keys, tops):
        board_tops.setdefault(board, t or 0.0)
    scores_of = sc.tolist

    def make_boards() -> dict[int, list[ScoredResult]]:
        ns_vals, ew_vals = values()
        scores = scores_of()
        rows = columns.rows()
        boards: dict[int, list[ScoredResult]] = defaultdict(list)
        i = 0
        for gi, ((board, _version), n) in enumerate(zip(keys, sizes)):
            laws, t, fac = group_laws[gi], tops[gi], short[gi]
            out = boards[board]
            for r in rows[i:i + n]:
                out.append(ScoredResult(r, scores[i], ns_vals[i], ew_vals[i], t,
                                        datums[i] if datums is not None else None, list(laws),
                                        fac))
                i += 1
        return dict(boards)

    return _Scored(final, final_tops, final_played, comparisons, laws_used, make_boards,
                   board_tops)


def _units_by_group(scores: np.ndarray, group: np.ndarray, size: np.ndarray) -> np.ndarray:
    """78A's 2/1/0 units of each score within its group (the groups one after the other):
    the rows sorted by (group, score); in each run of equal scores, each wins 2 against
    the scores before the run in its group and ties 1 with the others of the run.

    >>> _units_by_group(np.array([100, 100, -50, 620, 5]), np.array([0, 0, 0, 0, 1]),
    ...                 np.array([4, 1])).tolist()
    [3, 3, 0, 6, 0]
    """
    n = len(scores)
    if scores.dtype.kind in "iu" and n:
        lo, span = int(scores.min()), int(scores.max()) - int(scores.min()) + 1
        order = np.argsort(group * span + (scores - lo), kind="stable") \
            if span * len(size) < 1 << 62 else np.lexsort((scores, group))
    else:
        order = np.lexsort((scores, group))
    gs, ss = group[order], scores[order]
    first = np.ones(n, dtype=bool)              # where a run of equal scores starts
    first[1:] = (gs[1:] != gs[:-1]) | (ss[1:] != ss[:-1])
    run = np.cumsum(first) - 1
    run_start = np.flatnonzero(first)
    run_len = np.diff(np.append(run_start, n))
    group_start = (np.cumsum(size) - size)[gs]
    units = np.empty(n, dtype=np.int64)
    units[order] = 2 * (run_start[run] - group_start) + run_len[run] - 1
    return units


def _half_up_array(x: np.ndarray, decimals: int) -> np.ndarray:
    """:func:`_half_up` of each number, with the same arithmetic."""
    q = 10 ** decimals
    return np.floor(x * q + 0.5 + 1e-9) / q


def _half_up(x: float, decimals: int) -> float:
    """``x`` rounded to ``decimals`` places, halves up (a hair of float noise ignored)."""
    q = 10 ** decimals
    return math.floor(x * q + 0.5 + 1e-9) / q


def _row_score(r: Result, vul: str) -> int | None:
    if isinstance(r.adjusted, int) and not isinstance(r.adjusted, bool):
        return r.adjusted                       # an assigned score (12C1b)
    if isinstance(r.adjusted, (WeightedScore, SplitScore)):
        return None
    return result_score(r, vul)


class _ScoreCache:
    """:func:`_row_score`, computed once for each distinct result without an adjusted
    score (a field of 100 tables plays a few dozen distinct results on a board)."""

    def __init__(self):
        self.known: dict[tuple, int] = {}

    def __call__(self, r: Result, vul: str) -> int | None:
        if r.adjusted is not None:
            return _row_score(r, vul)
        key = (vul, r.contract, r.declarer, r.tricks, r.tricks.__class__, r.score,
               r.score.__class__)
        s = self.known.get(key)
        if s is None:
            s = self.known[key] = result_score(r, vul)
        return s


def _imp_board(srs: list[ScoredResult], values: list, method: str, xi_average: bool,
               drop, round_to, half) -> None:
    live = [(sr, v) for sr, v in zip(srs, values) if v is not None]
    if not live:
        return
    if any(not isinstance(v, int) for _, v in live):
        # weighted or split scores in IMPs: each part scored and weighted (12C1c)
        plain = [v for _, v in live if isinstance(v, int)]
        for sr, v in live:
            ns_parts = _parts_of(v, "ns")
            ew_parts = _parts_of(v, "ew")
            others = [w for s2, w in live if s2 is not sr]
            sr.ns_points = _weighted_imps(ns_parts, others, method, xi_average, drop, round_to, plain)
            sr.ew_points = -_weighted_imps(ew_parts, others, method, xi_average, drop, round_to, plain)
            sr.laws.append("78B")
        return
    scores = [v for _, v in live]
    if method in ("xi", "imp"):
        pts = imps_mod.cross_imps(scores, average=xi_average)
        for (sr, _), p in zip(live, pts):
            sr.ns_points, sr.ew_points = p, -p
            sr.laws.append("78B")
    else:
        datum, pts = imps_mod.butler_imps(scores, drop=drop, round_to=round_to, half=half)
        for (sr, _), p in zip(live, pts):
            sr.ns_points, sr.ew_points = p, -p
            sr.datum = datum
            sr.laws.append("78B")


def _parts_of(v, side):
    if isinstance(v, SplitScore):
        v = getattr(v, side)
    if isinstance(v, WeightedScore):
        return v.parts
    return ((v, 1.0),)


def _weighted_imps(parts, others, method, xi_average, drop, round_to, plain) -> float:
    other_scores = []
    for o in others:
        if isinstance(o, int):
            other_scores.append(((o, 1.0),))
        else:
            other_scores.append(_parts_of(o, "ns"))
    total = 0.0
    if method == "butler":
        datum = imps_mod.butler_datum(plain or [p[0] for p in parts], drop=drop, round_to=round_to)
        return sum(w * imps_mod.imps(round(s - datum)) for s, w in parts)
    for s, w in parts:
        for op in other_scores:
            for s2, w2 in op:
                total += w * w2 * imps_mod.imps(s - s2)
    if xi_average and others:
        total /= len(others)
    return total
