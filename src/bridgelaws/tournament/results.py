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
from collections import defaultdict
from dataclasses import dataclass, field

from ..cards import BridgeError
from ..scoring import imps as imps_mod
from ..scoring.adjusted import ArtificialScore, artificial_imps, artificial_percentage
from ..scoring.matchpoints import SplitScore, WeightedScore, board_matchpoints, top
from .event import Event, Result, result_score

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
    event: Event
    method: str
    boards: dict[int, list[ScoredResult]]
    totals: dict[str, float]
    tops: dict[str, float]
    played: dict[str, int]
    standings: list[Standing]
    laws: list[str]

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
    if ties not in ("shared", "consecutive"):
        raise BridgeError(f"ties must be 'shared' or 'consecutive', not {ties!r}")
    digits = 9 if places is None else places

    def key(k):
        return round(scores[k], digits)

    order = sorted(scores, key=lambda k: (-key(k), _natural(k)))
    out = {}
    i = 0
    while i < len(order):
        j = i
        v = key(order[i])
        while j + 1 < len(order) and key(order[j + 1]) == v:
            j += 1
        for n, k in enumerate(order[i:j + 1]):
            if ties == "consecutive":
                out[k] = (str(i + n + 1), i + n + 1)
            else:
                out[k] = (f"{i + 1}=" if j > i else str(i + 1), i + 1)
        i = j + 1
    return out


def _natural(key: str):
    """Natural order of ids: runs of digits compare as numbers (by length, then digit by
    digit: an id of 5,000 digits is compared without converting it to an int).

    >>> sorted(["10", "9", "2A", "10B", "007", "1" * 5000], key=_natural)[:4]
    ['2A', '007', '9', '10']
    """
    import re
    return [(0, len(t.lstrip("0")), t.lstrip("0")) if t.isdigit() else (1, 0, t)
            for t in re.findall(r"\d+|\D+", key, re.ASCII)]


def _group_rows(event: Event) -> dict[tuple[int, str | None], list[Result]]:
    groups: dict[tuple[int, str | None], list[Result]] = defaultdict(list)
    for r in event.results:
        groups[(r.board, r.version)].append(r)
    return groups


def score_event(event: Event, method: str = "mp", *, scale: int = 2, neuberg: str = "adjusted",
                xi_average: bool = True, butler_drop: int | float = 1, butler_round: int = 10,
                butler_half: str = "away", imp_plus: float = 3.0, session_rule: bool = True,
                factor_totals: bool = False, per_board_average: bool = False,
                board_decimals: int | None = None, field_percent_decimals: int | None = None,
                rank_places: int | None = 2, rank_ties: str = "shared",
                rank_by_direction: bool | None = None) -> EventResult:
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
    """
    if method not in METHODS:
        raise BridgeError(f"unknown scoring method {method!r} (expected one of {', '.join(METHODS)})")
    if neuberg not in ("adjusted", "field", "none"):
        raise BridgeError(f"neuberg must be 'adjusted', 'field' or 'none', not {neuberg!r}")
    event.check()
    use_mp = method == "mp"
    laws_used: set[str] = {"77", "78A" if use_mp else "78B"}
    boards: dict[int, list[ScoredResult]] = defaultdict(list)
    per_board_count: dict[int, int] = defaultdict(int)
    for r in event.results:
        per_board_count[r.board] += 1
    field_size = max(per_board_count.values(), default=0)

    scored: list[ScoredResult] = []
    for (board, version), rows in sorted(_group_rows(event).items(),
                                          key=lambda kv: (kv[0][0], str(kv[0][1]))):
        vul = event.vulnerable(board)
        srs = [ScoredResult(r, None if isinstance(r.adjusted, ArtificialScore)
                            else _row_score(r, vul)) for r in rows]
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
                sr.laws.append(r.adjusted.law)
            elif isinstance(r.adjusted, (WeightedScore, SplitScore)):
                values.append(r.adjusted)
                sr.laws.append(r.adjusted.law)
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
        laws_used.add("12C2")
        if use_mp:
            sr.top = top(per_board_count[r.board] if neuberg != "field" else field_size, scale)
        for side, pct, attr in ((r.ns, r.adjusted.ns, "ns_points"), (r.ew, r.adjusted.ew, "ew_points")):
            pid = side[0]
            if use_mp:
                session = 100 * totals[pid] / tops[pid] if session_rule and tops[pid] else None
                got = artificial_percentage(pct, session)
                if got != pct:
                    sr.laws.append("12C2c")
                setattr(sr, attr, got * sr.top / 100)
            else:
                session = totals[pid] / played[pid] if session_rule and played[pid] else None
                if session is not None and method in ("xi", "imp") and not xi_average:
                    session /= max(per_board_count[r.board] - 1, 1)    # per comparison
                got = artificial_imps(pct, session, plus=imp_plus)
                if abs(got) != imp_plus and got != 0:
                    sr.laws.append("12C2c")
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
    for pen in event.penalties:
        if pen.entry not in event.entries:
            raise BridgeError(f"procedural penalty against unknown pair {pen.entry!r}")
        board_top = 0.0
        if pen.board is not None and pen.board in boards:
            board_top = boards[pen.board][0].top or 0.0
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
    for fld in sorted(fields, key=lambda d: (d is None, d or "")):
        members = fields[fld]
        full = max(final_tops[p] for p in members) if members else 0
        most = len(event.boards())
        if factor_totals:
            # a total is factored to the field's full session (Compscore, Ruter)
            for pid in members:
                if use_mp and final_tops[pid]:
                    final[pid] *= full / final_tops[pid]
                elif not use_mp and final_played[pid]:
                    final[pid] *= most / final_played[pid]
        if per_board_average:
            for pid in members:
                final[pid] /= comparisons[pid] if method in ("xi", "imp") and not xi_average \
                    else final_played[pid]
        ranks = rank({pid: final[pid] for pid in members}, places=rank_places, ties=rank_ties)
        group_size = defaultdict(int)
        for label, place in ranks.values():
            group_size[place] += 1
        for pid in sorted(members, key=lambda p: (ranks[p][1], _natural(p))):
            t = (full if factor_totals else final_tops[pid]) if use_mp else 0
            pct = 100 * final[pid] / t if t else None
            place = ranks[pid][1]
            standings.append(Standing(ranks[pid][0], place, pid, event.entries[pid].name,
                                      final[pid], pct, final_played[pid],
                                      event.entries[pid].direction if by_dir else None,
                                      place_to=place + group_size[place] - 1))
    return EventResult(event, method, dict(boards), dict(final), dict(final_tops),
                       dict(final_played), standings, sorted(laws_used))


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
