"""Movements (Laws 3-8): who sits where, against whom, with which boards, round by round.

A :class:`Movement` is a list of :class:`Sitting` rows, one per table per round:
the round, the table, the pair (or team) sitting North-South, the one sitting
East-West, and the boards they play.  The constructors build the usual
movements and check them before returning them:

* :func:`mitchell` -- North-South pairs stay, East-West pairs move up one table,
  boards move down one table; for an even number of tables a skip at the halfway
  round, or a relay and bye stand instead; a sit-out (phantom pair); arrow
  switches;
* :func:`howell` -- a complete Howell: every pair meets every other pair once
  and plays every board once;
* :func:`round_robin` -- every team meets every other team once (a bye when the
  number of teams is odd);
* :func:`swiss_pairing` -- the next round of a Swiss: by score, never the same
  opponents twice while that can be avoided.

:meth:`Movement.check` verifies what the movement promises (at least: nobody is
at two tables at once, no two contestants meet twice, nobody plays a board
twice) and raises :class:`~bridgelaws.cards.BridgeError` naming the round and
table at fault.

>>> m = mitchell(3)
>>> [(s.table, s.ns, s.ew, s.boards) for s in m.round(2)]
[(1, 1, 6, (3, 4)), (2, 2, 4, (5, 6)), (3, 3, 5, (1, 2))]
>>> h = howell(4)
>>> h.rounds, h.tables, len(h.pairs), len(h.boards)
(7, 4, 8, 14)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Iterable, Mapping, Sequence

from ..cards import BridgeError

__all__ = ["Sitting", "Movement", "mitchell", "howell", "round_robin", "swiss_pairing",
           "phantom_scores", "PhantomScore", "format_boards", "MAX_HOWELL_TABLES"]

#: the largest complete Howell :func:`howell` builds (its board assignment is searched for)
MAX_HOWELL_TABLES = 16

#: what :meth:`Movement.check` can verify; every movement promises the first three
PROMISES = {
    "one_place": "nobody is at two tables in the same round",
    "meet_once": "no two contestants meet more than once",
    "board_once": "nobody plays a board twice",
    "meet_all": "every contestant meets every other contestant",
    "meet_all_opposite": "every North-South pair meets every East-West pair",
    "boards_all": "every contestant plays every board",
    "boards_even": "every board is played the same number of times",
}
_ALWAYS = ("one_place", "meet_once", "board_once")


@dataclass(frozen=True)
class Sitting:
    """One table in one round.

    ``ns`` and ``ew`` are contestant numbers (pairs, or teams in a team event);
    ``None`` is an empty place: a sit-out (the phantom pair of a Mitchell with
    an odd number of pairs) or a bye.  ``boards`` are the boards played there.
    """
    round: int
    table: int
    ns: Hashable | None
    ew: Hashable | None
    boards: tuple[int, ...]

    @property
    def contestants(self) -> tuple:
        """The contestants present (without the empty place of a sit-out)."""
        return tuple(p for p in (self.ns, self.ew) if p is not None)

    def as_row(self) -> dict:
        return {"round": self.round, "table": self.table, "ns": self.ns, "ew": self.ew,
                "boards": list(self.boards)}


class Movement:
    """A movement: sittings per round, and the properties it promises.

    >>> m = Movement("demo", [Sitting(1, 1, 1, 2, (1,)), Sitting(2, 1, 2, 1, (1,))], 1)
    >>> m.check()
    Traceback (most recent call last):
    ...
    bridgelaws.cards.BridgeError: round 2, table 1: pairs 1 and 2 meet again (first in round 1)
    """

    def __init__(self, kind: str, sittings: Iterable[Sitting], boards_per_round: int,
                 promises: Iterable[str] = (), notes: Iterable[str] = (),
                 opposite: tuple[Iterable, Iterable] | None = None):
        self.kind = kind
        #: the two fields of a two-winner movement (North-South and East-West pairs)
        self.opposite = None if opposite is None else (list(opposite[0]), list(opposite[1]))
        self.sittings: list[Sitting] = sorted(sittings, key=lambda s: (s.round, s.table))
        self.boards_per_round = boards_per_round
        unknown = set(promises) - set(PROMISES)
        if unknown:
            raise BridgeError(f"unknown promise {sorted(unknown)[0]!r}", kind)
        self.promises: tuple[str, ...] = tuple(dict.fromkeys((*_ALWAYS, *promises)))
        self.notes: list[str] = list(notes)

    def __repr__(self) -> str:
        return (f"<Movement {self.kind}: {self.tables} tables, {self.rounds} rounds, "
                f"{len(self.pairs)} contestants, {len(self.boards)} boards>")

    def __iter__(self):
        return iter(self.sittings)

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return max((s.round for s in self.sittings), default=0)

    @property
    def tables(self) -> int:
        """The number of tables where a match is played (in some round)."""
        return len({s.table for s in self.sittings if s.ns is not None and s.ew is not None})

    @property
    def pairs(self) -> list:
        """Every contestant that plays, in order."""
        return sorted({p for s in self.sittings for p in s.contestants}, key=_sort_key)

    @property
    def boards(self) -> list[int]:
        """Every board played, in order."""
        return sorted({b for s in self.sittings if s.ns is not None and s.ew is not None
                       for b in s.boards})

    def round(self, number: int) -> list[Sitting]:
        """The sittings of one round (counted from 1), by table."""
        return [s for s in self.sittings if s.round == number]

    def as_rows(self) -> list[dict]:
        """Every sitting as a dict: round, table, ns, ew, boards."""
        return [s.as_row() for s in self.sittings]

    def as_json(self) -> dict:
        return {"movement": self.kind, "tables": self.tables, "rounds": self.rounds,
                "boards_per_round": self.boards_per_round, "pairs": self.pairs,
                "promises": list(self.promises), "notes": self.notes,
                "sittings": self.as_rows()}

    def text(self) -> str:
        """The movement as a text table, round by round."""
        lines = [f"{self.kind}: {self.tables} tables, {self.rounds} rounds, "
                 f"{len(self.pairs)} {'teams' if self.kind == 'round robin' else 'pairs'}, "
                 f"{len(self.boards)} boards"]
        lines += [f"  {n}" for n in self.notes]
        for r in range(1, self.rounds + 1):
            lines.append(f"Round {r}")
            lines.append(f"  {'table':>5}  {'NS':>4}  {'EW':>4}  boards")
            for s in self.round(r):
                ns = "-" if s.ns is None else str(s.ns)
                ew = "-" if s.ew is None else str(s.ew)
                lines.append(f"  {s.table:>5}  {ns:>4}  {ew:>4}  {format_boards(s.boards)}")
        return "\n".join(lines) + "\n"

    # -- the checker ---------------------------------------------------------------

    def check(self) -> None:
        """Verify every property the movement promises; raise BridgeError at the first fault.

        The error names the round and table at fault (for a property of the whole
        movement, the contestant or board).
        """
        seat: dict[tuple, Sitting] = {}
        met: dict[frozenset, Sitting] = {}
        played: dict[tuple, Sitting] = {}
        for s in self.sittings:
            where = f"round {s.round}, table {s.table}"
            if s.ns is not None and s.ns == s.ew:
                raise BridgeError(f"pair {s.ns} sits both North-South and East-West", where)
            for p in s.contestants:
                first = seat.get((s.round, p))
                if first is not None:
                    raise BridgeError(f"pair {p} is also at table {first.table}", where)
                seat[(s.round, p)] = s
            if s.ns is None or s.ew is None:
                continue
            key = frozenset((s.ns, s.ew))
            first = met.get(key)
            if first is not None:
                a, b = sorted(key, key=_sort_key)
                raise BridgeError(f"pairs {a} and {b} meet again (first in round {first.round})",
                                  where)
            met[key] = s
            for p in s.contestants:
                for b in s.boards:
                    first = played.get((p, b))
                    if first is not None:
                        raise BridgeError(f"pair {p} plays board {b} again (first in round "
                                          f"{first.round} at table {first.table})", where)
                    played[(p, b)] = s
        pairs = self.pairs
        boards = self.boards
        if "meet_all" in self.promises:
            for i, a in enumerate(pairs):
                for b in pairs[i + 1:]:
                    if frozenset((a, b)) not in met:
                        raise BridgeError(f"pairs {a} and {b} never meet", self.kind)
        if "meet_all_opposite" in self.promises:
            if self.opposite is None:
                raise BridgeError("the promise meet_all_opposite needs the two fields "
                                  "(opposite=)", self.kind)
            ns, ew = self.opposite
            for a in ns:
                for b in ew:
                    if frozenset((a, b)) not in met:
                        raise BridgeError(f"North-South pair {a} never meets East-West pair {b}",
                                          self.kind)
        if "boards_all" in self.promises:
            for p in pairs:
                for b in boards:
                    if (p, b) not in played:
                        raise BridgeError(f"pair {p} never plays board {b}", self.kind)
        if "boards_even" in self.promises:
            times = Counter(b for (_, b) in played)
            counts = Counter(times[b] for b in boards)
            if len(counts) > 1:
                usual = counts.most_common(1)[0][0]
                odd = next(b for b in boards if times[b] != usual)
                raise BridgeError(f"board {odd} is played by {times[odd]} pairs, "
                                  f"the others by {usual}", self.kind)


def _sort_key(p):
    return (0, p, "") if isinstance(p, int) else (1, 0, str(p))


def format_boards(boards: Sequence[int]) -> str:
    """Boards as ranges: ``1-3,7``.

    >>> format_boards((1, 2, 3, 7)), format_boards(())
    ('1-3,7', '-')
    """
    if not boards:
        return "-"
    parts, start, prev = [], boards[0], boards[0]
    for b in list(boards[1:]) + [None]:
        if b is not None and b == prev + 1:
            prev = b
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if b is not None:
            start = prev = b
    return ",".join(parts)


def _positive(value, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BridgeError(f"{what} must be a whole number of at least 1, not {value!r}", where)
    return value


def _set_boards(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of a set (counted from 1): set 1 is boards 1..B, set 2 B+1..2B..."""
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


# -- Mitchell -----------------------------------------------------------------------


def mitchell(tables: int, rounds: int | None = None, boards_per_round: int = 2,
             skip: str | bool = "auto", relay: bool = False, sit_out: int | None = None,
             arrow_switch: int | str | Iterable[int] | None = None) -> Movement:
    """A Mitchell movement for ``tables`` tables.

    North-South pair *t* (1..T) stays at table *t*; East-West pairs are numbered
    T+1..2T, pair T+t starting at table *t*, and move up one table each round
    (from the last table to table 1); boards move down one table (from table 1
    to the last).  Set *s* is boards ``(s-1)*B+1 .. s*B`` and starts at table *s*.

    With an odd number of tables every East-West pair meets every North-South
    pair in T rounds.  With an even number they would meet the same boards again
    after T/2 rounds, so either the East-West pairs **skip** one table before
    round T/2+1 (``skip="auto"``, the default; then T-1 rounds, since in a T-th
    round they would be back at their first table), or ``relay=True``: tables 1
    and T share the boards (a relay) and a bye stand between tables T/2 and
    T/2+1 holds one set each round (T rounds, every pair meets every pair of the
    other direction).  ``skip=False`` with no relay plays T/2 rounds.  Every
    board is played the same number of times when the movement is played to
    its end (``rounds`` left out).

    ``sit_out`` names the phantom pair of an odd number of pairs: its opponents
    sit out (``None`` in the sittings).  ``arrow_switch`` reverses the directions
    in the given round(s) (``"last"``: the last round), so that the East-West
    pairs play those boards North-South.

    >>> [[s.ew for s in mitchell(4).round(r)] for r in (1, 2, 3)]   # 5 skips table 3
    [[5, 6, 7, 8], [8, 5, 6, 7], [6, 7, 8, 5]]
    >>> mitchell(5, sit_out=10).round(1)[4]
    Sitting(round=1, table=5, ns=5, ew=None, boards=(9, 10))
    >>> mitchell(3, arrow_switch="last").round(3)[0]
    Sitting(round=3, table=1, ns=5, ew=1, boards=(5, 6))
    """
    where = "mitchell"
    n = _positive(tables, "the number of tables", where)
    bpr = _positive(boards_per_round, "boards per round", where)
    even = n % 2 == 0
    if skip not in ("auto", True, False):
        raise BridgeError(f"skip must be 'auto', True or False, not {skip!r}", where)
    if relay:
        if not even or n < 4:
            raise BridgeError("a relay and bye stand is for an even number of tables, "
                              f"at least 4 (not {n})", where)
        if skip is True:
            raise BridgeError("a relay and a skip: choose one", where)
        skipping = False
    elif skip == "auto":
        skipping = even
    else:
        skipping = bool(skip)
        if skipping and not even:
            raise BridgeError(f"a skip is for an even number of tables, not {n}", where)
    complete = n if (not even or relay) else n - 1 if skipping else n // 2
    if rounds is None:
        rounds = complete
    rounds = _positive(rounds, "the number of rounds", where)
    if sit_out is not None and (isinstance(sit_out, bool) or not isinstance(sit_out, int)
                                or not 1 <= sit_out <= 2 * n):
        raise BridgeError(f"the sit-out must be a pair from 1 to {2 * n}, not {sit_out!r}", where)
    switched = _arrow_rounds(arrow_switch, rounds, where)

    # board slots in the order the boards travel (down one table a round)
    if relay:
        half = n // 2
        slots = [1] + list(range(n - 1, half, -1)) + ["bye"] + list(range(half, 1, -1))
        first_set = {slot: (n if slot == "bye" else slot) for slot in slots}
        slot_of_table = {t: slots.index(t) for t in range(1, n)}
        slot_of_table[n] = 0                           # table n shares table 1's boards
    sittings = []
    for r in range(1, rounds + 1):
        shift = (r - 1) + (1 if skipping and r > n // 2 else 0)
        for t in range(1, n + 1):
            ew = n + (t - 1 - shift) % n + 1
            if relay:
                p = slot_of_table[t]
                board_set = first_set[slots[(p - (r - 1)) % len(slots)]]
            else:
                board_set = (t - 1 + r - 1) % n + 1
            ns_pair, ew_pair = t, ew
            if sit_out == ns_pair:
                ns_pair = None
            if sit_out == ew_pair:
                ew_pair = None
            if r in switched:
                ns_pair, ew_pair = ew_pair, ns_pair
            sittings.append(Sitting(r, t, ns_pair, ew_pair, _set_boards(board_set, bpr)))
    notes = []
    if skipping and rounds > n // 2:
        notes.append(f"East-West pairs skip one table before round {n // 2 + 1}")
    if relay:
        notes.append(f"tables 1 and {n} share the boards (relay); "
                     f"a bye stand between tables {n // 2} and {n // 2 + 1}")
    if sit_out is not None:
        notes.append(f"pair {sit_out} is a phantom: its opponents sit out")
    if switched:
        notes.append("arrow switch in round " + ", ".join(map(str, sorted(switched))))
    promises = []
    if rounds == complete and (not even or relay):
        promises = ["meet_all_opposite", "boards_even"]
    elif rounds == complete and sit_out is None:
        promises = ["boards_even"]     # even tables, no relay: the boards miss some
                                       # tables (where a sit-out could be), the pairs
                                       # some opponents
    m = Movement("mitchell", sittings, bpr, promises, notes,
                 opposite=([p for p in range(1, n + 1) if p != sit_out],
                           [p for p in range(n + 1, 2 * n + 1) if p != sit_out]))
    m.check()
    return m


def _arrow_rounds(arrow_switch, rounds: int, where: str) -> set[int]:
    if arrow_switch is None or arrow_switch is False:
        return set()
    if arrow_switch == "last":
        return {rounds}
    if isinstance(arrow_switch, int) and not isinstance(arrow_switch, bool):
        wanted = [arrow_switch]
    elif isinstance(arrow_switch, Iterable) and not isinstance(arrow_switch, str):
        wanted = list(arrow_switch)
    else:
        raise BridgeError(f"arrow switch must be a round, rounds or 'last', not {arrow_switch!r}",
                          where)
    for r in wanted:
        if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= rounds:
            raise BridgeError(f"no round {r!r} to arrow-switch (rounds 1 to {rounds})", where)
    return set(wanted)


# -- Howell -------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _howell_design(m: int) -> tuple[tuple[int, int, int], ...]:
    """The matches of round 0 of a cyclic Howell over Z_m plus a stationary pair.

    Returns ``(x, y, c)`` triples, one per table after the first: pairs x and y
    meet at set c in round 0; in round r every element moves to +r.  Table 1 is
    the stationary pair against pair r with set r (c = 0).  The triples are a
    starter {x, y} (every difference once) whose "adjusted" partner {c-x, c-y}
    is a starter too, so that every pair plays every set once; the c are
    distinct when possible (a Room square: for m >= 7), else as few tables as
    possible share a set (m = 3, 5: two and three tables share).
    """
    n = (m + 1) // 2
    for max_shared in range(n):
        used_s, used_t, cs, sol = {0}, {0}, [0], []

        def dfs(d: int) -> bool:
            if d == 0:
                return True
            for x in range(1, m):
                y = (x + d) % m
                if x in used_s or y in used_s or y == 0:
                    continue
                for c in range(m):
                    if c in cs and len(cs) - len(set(cs)) >= max_shared:
                        continue
                    a, b = (c - x) % m, (c - y) % m
                    if a == b or a in used_t or b in used_t:
                        continue
                    used_s.update((x, y))
                    used_t.update((a, b))
                    cs.append(c)
                    sol.append((x, y, c))
                    if dfs(d - 1):
                        return True
                    used_s.difference_update((x, y))
                    used_t.difference_update((a, b))
                    cs.pop()
                    sol.pop()
            return False

        if dfs(n - 1):
            return tuple(sol)
    raise AssertionError(f"no cyclic Howell over Z_{m}")    # pragma: no cover


def howell(tables: int, boards_per_round: int = 2, rounds: int | None = None,
           sit_out: int | None = None) -> Movement:
    """A complete Howell movement: 2T pairs, 2T-1 rounds, 2T-1 board sets.

    Every pair meets every other pair exactly once and plays every board exactly
    once; every board is played at T tables.  The construction is cyclic (the
    circle method, a 1-factorization of the complete graph): pair 2T stays North
    at table 1, the other pairs move along one band (pair p of round r is pair
    p+1 of round r+1, modulo 2T-1), and the sets move along the tables and relay
    stands the same way.  The pairings and sets of round 1 come from two
    orthogonal starters (a Room square) found by search, so that no two tables
    play the same set in a round; that is impossible for 2 and 3 tables (there is
    no Room square of side 3 or 5), where the tables share the set of the round.

    ``rounds`` plays only the first rounds (a short Howell: nobody meets twice
    or plays a board twice, but not everybody meets); ``sit_out`` names the
    phantom pair of an odd number of pairs, whose opponents sit out.

    >>> h = howell(2, boards_per_round=3)
    >>> [(s.table, s.ns, s.ew, s.boards) for s in h.round(1)]
    [(1, 4, 1, (1, 2, 3)), (2, 2, 3, (1, 2, 3))]
    >>> howell(3, sit_out=6).round(1)[0]
    Sitting(round=1, table=1, ns=None, ew=1, boards=(1, 2))
    """
    where = "howell"
    n = _positive(tables, "the number of tables", where)
    bpr = _positive(boards_per_round, "boards per round", where)
    if n < 2:
        raise BridgeError("a Howell needs at least 2 tables (4 pairs)", where)
    if n > MAX_HOWELL_TABLES:
        raise BridgeError(f"complete Howells are built for 2 to {MAX_HOWELL_TABLES} tables, "
                          f"not {n}", where)
    m = 2 * n - 1
    if rounds is None:
        rounds = m
    rounds = _positive(rounds, "the number of rounds", where)
    if rounds > m:
        raise BridgeError(f"a Howell for {n} tables has {m} rounds, not {rounds}", where)
    if sit_out is not None and (isinstance(sit_out, bool) or not isinstance(sit_out, int)
                                or not 1 <= sit_out <= 2 * n):
        raise BridgeError(f"the sit-out must be a pair from 1 to {2 * n}, not {sit_out!r}", where)
    design = _howell_design(m)
    sittings = []
    for r in range(rounds):
        sittings.append(Sitting(r + 1, 1, 2 * n, r + 1, _set_boards(r + 1, bpr)))
        for t, (x, y, c) in enumerate(design, start=2):
            ns, ew = (x + r) % m + 1, (y + r) % m + 1
            if r % 2:                                    # alternate directions
                ns, ew = ew, ns
            sittings.append(Sitting(r + 1, t, ns, ew, _set_boards((c + r) % m + 1, bpr)))
    if sit_out is not None:
        sittings = [Sitting(s.round, s.table, None if s.ns == sit_out else s.ns,
                            None if s.ew == sit_out else s.ew, s.boards) for s in sittings]
    cs = [0] + [c for (_, _, c) in design]
    shared = len(cs) - len(set(cs))
    notes = [f"pair {2 * n} stays North-South at table 1; the others move"]
    if shared:
        notes.append(f"{shared + 1} tables share the set of each round")
    elif m > n:
        notes.append(f"{m - n} sets wait on relay stands each round")
    if rounds < m:
        notes.append(f"{rounds} of the {m} rounds are played")
    if sit_out is not None:
        notes.append(f"pair {sit_out} is a phantom: its opponents sit out")
    promises: tuple[str, ...] = ()
    if rounds == m:
        promises = ("meet_all",)           # the phantom's opponents still meet everybody
        if sit_out is None:
            promises += ("boards_all", "boards_even")
    m_ = Movement("howell", sittings, bpr, promises, notes)
    m_.check()
    return m_


# -- the phantom pair ---------------------------------------------------------------


@dataclass(frozen=True)
class PhantomScore:
    """An artificial adjusted score (Law 12C2) for a pair whose opponent is the phantom.

    ``pair`` sat at ``table`` in ``round`` in ``direction`` ("NS" or "EW") and
    would have played ``board``; ``percent`` is its score on the board.
    """
    round: int
    table: int
    board: int
    pair: Hashable
    direction: str
    percent: float
    law: str = "12C2"

    @property
    def ns_ew(self) -> tuple[float, float]:
        """(NS percent, EW percent): the phantom's side gets the complement."""
        return ((self.percent, 100 - self.percent) if self.direction == "NS"
                else (100 - self.percent, self.percent))


def phantom_scores(movement: Movement, percent: float = 60) -> list[PhantomScore]:
    """The artificial adjusted scores of a phantom pair's opponents (Law 12C2).

    Instead of sitting out, the pair that meets the phantom (the empty place of
    a sit-out) is given an artificial adjusted score on every board it would
    have played there: by default average plus, 60%, since it is in no way at
    fault (Law 12C2(a)); a club may choose average, 50%.

    >>> [(p.round, p.board, p.pair, p.direction, p.ns_ew) for p in
    ...  phantom_scores(mitchell(3, sit_out=6), 60)][:2]
    [(1, 5, 3, 'NS', (60, 40)), (1, 6, 3, 'NS', (60, 40))]
    """
    if isinstance(percent, bool) or not isinstance(percent, (int, float)) \
            or not 0 <= percent <= 100:
        raise BridgeError(f"a phantom's opponents score a percentage 0-100, not {percent!r}",
                          "phantom")
    out = []
    for s in movement.sittings:
        if (s.ns is None) == (s.ew is None):
            continue
        pair, direction = (s.ns, "NS") if s.ew is None else (s.ew, "EW")
        out.extend(PhantomScore(s.round, s.table, b, pair, direction, percent)
                   for b in s.boards)
    return out


# -- teams: round robin and Swiss ---------------------------------------------------


def round_robin(teams: int, boards_per_round: int = 8) -> Movement:
    """A round robin of ``teams`` teams by the circle method (Berger tables).

    Every team meets every other team once: T-1 rounds for an even number of
    teams, T rounds for an odd number, where each team has one bye (``ew`` is
    ``None``, at the last match number).  ``ns`` is the home team (its pair sits
    North-South in the open room); each match of round *r* plays the boards of
    set *r*, duplicated for every match (Law 6F).

    >>> rr = round_robin(4, boards_per_round=1)
    >>> [[(s.ns, s.ew) for s in rr.round(r)] for r in (1, 2, 3)]
    [[(4, 1), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    >>> [(s.ns, s.ew) for s in round_robin(3).round(1)]
    [(2, 3), (1, None)]
    """
    where = "round robin"
    t = _positive(teams, "the number of teams", where)
    bpr = _positive(boards_per_round, "boards per round", where)
    if t < 2:
        raise BridgeError("a round robin needs at least 2 teams", where)
    size = t + t % 2                   # with a phantom team (a bye) for an odd number
    m = size - 1
    fixed = size                       # team `size` stays; the phantom when t is odd
    sittings = []
    for r in range(m):
        boards = _set_boards(r + 1, bpr)
        other = r + 1
        home, away = (fixed, other) if r % 2 == 0 else (other, fixed)
        matches = [(home, away)]
        for k in range(1, size // 2):
            a, b = (r + k) % m + 1, (r - k) % m + 1
            matches.append((a, b) if k % 2 else (b, a))
        real = [mt for mt in matches if fixed <= t or fixed not in mt]
        table = 0
        for home, away in real:
            table += 1
            sittings.append(Sitting(r + 1, table, home, away, boards))
        if t % 2:
            sittings.append(Sitting(r + 1, table + 1, other, None, boards))
    notes = [f"each match of round r plays set r ({bpr} boards)"]
    if t % 2:
        notes.append("an odd number of teams: each team has one bye")
    mv = Movement("round robin", sittings, bpr, ("meet_all",), notes)
    mv.check()
    return mv


def swiss_pairing(standings: Mapping | Sequence, history: Iterable[Sequence] = ()) -> list[tuple]:
    """The pairings of the next Swiss round: ``[(team, opponent), ...]``, table 1 first.

    ``standings`` is a mapping team -> score, or a sequence of ``(team, score)``;
    teams are ranked by score, ties in the order given (so the tie-breaks are
    the caller's and the result is deterministic).  ``history`` holds the
    matches played so far, ``(a, b)``, and the byes, ``(a, None)``.

    The top team still unpaired meets the highest-ranked team it has not met
    (backtracking when that leaves the others unpairable), so no two teams meet
    twice while that can be avoided; when it cannot, the fewest possible repeat
    meetings are made.  With an odd number of teams the lowest-ranked team
    without a bye gets the bye (the next one up if that forces a repeat that
    another bye avoids), returned last as ``(team, None)``.

    >>> swiss_pairing({"A": 3, "B": 2, "C": 2, "D": 0}, [("A", "B"), ("C", "D")])
    [('A', 'C'), ('B', 'D')]
    >>> swiss_pairing([(1, 10), (2, 8), (3, 5)], [(3, None)])
    [(1, 3), (2, None)]
    """
    where = "swiss"
    items = list(standings.items()) if isinstance(standings, Mapping) else list(standings)
    teams, scores = [], {}
    for i, item in enumerate(items):
        try:
            team, score = item
            score = float(score)
        except (TypeError, ValueError):
            raise BridgeError(f"standing {i + 1} must be (team, score), not {item!r}",
                              where) from None
        if team is None or team in scores:
            raise BridgeError(f"team {team!r} is listed twice or has no name", where)
        teams.append(team)
        scores[team] = score
    if len(teams) < 2:
        raise BridgeError("a Swiss round needs at least 2 teams", where)
    order = sorted(range(len(teams)), key=lambda i: (-scores[teams[i]], i))
    ranked = [teams[i] for i in order]
    met: Counter = Counter()
    byes: Counter = Counter()
    for match in history:
        try:
            a, b = match
        except (TypeError, ValueError):
            raise BridgeError(f"a match must be (team, opponent), not {match!r}", where) from None
        for x in (a, b):
            if x is not None and x not in scores:
                raise BridgeError(f"team {x!r} of match {match!r} is not in the standings",
                                  where)
        if b is None or a is None:
            byes[a if b is None else b] += 1
        else:
            met[frozenset((a, b))] += 1

    if len(ranked) % 2:
        # lowest-ranked first among those with the fewest byes
        fewest = min(byes[t] for t in ranked)
        candidates = [t for t in reversed(ranked) if byes[t] == fewest]
        candidates += [t for t in reversed(ranked) if byes[t] != fewest]
    else:
        candidates = [None]
    best = None
    for budget in range(len(ranked) // 2 + 1):
        for bye in candidates:
            rest = [t for t in ranked if t != bye]
            pairs = _pair_up(rest, met, budget)
            if pairs is not None:
                best = pairs + ([(bye, None)] if bye is not None else [])
                break
        if best is not None:
            return best
    raise AssertionError("unreachable: any pairing is allowed with enough repeats")  # pragma: no cover


def _pair_up(ranked: list, met: Counter, budget: int) -> list[tuple] | None:
    """Pair ``ranked`` top down with at most ``budget`` repeat meetings (backtracking)."""
    n = len(ranked)
    failed: set[tuple[int, int]] = set()          # (mask of paired, budget left) that fail

    def go(mask: int, left: int) -> list[tuple] | None:
        if mask == (1 << n) - 1:
            return []
        if (mask, left) in failed:
            return None
        i = next(k for k in range(n) if not mask >> k & 1)
        for j in range(i + 1, n):
            if mask >> j & 1:
                continue
            repeat = met[frozenset((ranked[i], ranked[j]))] > 0
            if repeat and left == 0:
                continue
            rest = go(mask | 1 << i | 1 << j, left - repeat)
            if rest is not None:
                return [(ranked[i], ranked[j])] + rest
        failed.add((mask, left))
        return None

    return go(0, budget)
