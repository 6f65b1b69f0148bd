"""An event's raw results: who played which board against whom, and what happened.

The scores of an event are always recomputed from these raw results (the
contract, the declarer and the tricks, by Law 77; or the table score when that
is all a source gives); matchpoints or IMPs that a source publishes are kept
aside, as ``published``, for comparison only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import chain, repeat
from operator import is_not

import numpy as np

from ..boards import VULNERABILITIES, is_vulnerable, parse_vulnerability, vulnerability_of
from ..cards import BridgeError, parse_seat
from ..scoring.adjusted import ArtificialScore, ProceduralPenalty
from ..scoring.contract import Contract, score as law77, score_ns
from ..scoring.matchpoints import SplitScore, WeightedScore

__all__ = ["Entry", "Result", "Event", "ResultColumns", "result_score", "result_from_table"]


@dataclass
class Entry:
    """A contestant: a pair, a player (individuals) or a team, with the id its source uses."""
    id: str
    names: list[str] = field(default_factory=list)
    direction: str | None = None          # "NS"/"EW" in a Mitchell, else None
    published: dict = field(default_factory=dict)
    #: the players' member numbers (a national or club number), in the order of
    #: ``names``; '' where none is known
    members: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return " - ".join(filter(None, self.names))


@dataclass
class Result:
    """One board at one table.

    ``ns``/``ew`` are the ids of the contestants sitting North-South and
    East-West (one pair id each; two player ids each in an individual event).
    Give ``contract`` (``"4HX"``, ``"PASS"``), ``declarer`` and ``tricks``, or only
    ``score`` (North-South's); or an ``adjusted`` score (Law 12).  ``version``
    names the form of the board this table played when the board was fouled
    (Law 87): results are compared only within the same version.
    """
    board: int
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    score: int | None = None
    adjusted: ArtificialScore | WeightedScore | SplitScore | int | None = None
    version: str | None = None
    lead: str | None = None
    round: int | None = None
    table: str | None = None
    where: str = ""
    published: dict = field(default_factory=dict)
    #: points the Director or scorer entered by hand for this row, (NS, EW); they
    #: replace the computed ones for these two sides only (an adjusted score, Law 12)
    override: tuple[float, float] | None = None

    def __post_init__(self):
        if isinstance(self.ns, str):
            self.ns = (self.ns,)
        if isinstance(self.ew, str):
            self.ew = (self.ew,)


def result_from_table(table, ns, ew, adjusted=None, **kwargs) -> Result:
    """The raw result of a board played at a :class:`~bridgelaws.table.Table`: contract,
    declarer and tricks after every transfer (Law 64) and claim (69, 70).

    A board the Laws left without a table result (``table.adjustment``: 13B2, 13D,
    15A2a, 15B1) needs the Director's score, given as ``adjusted`` (an assigned score
    as North-South's points, 12C1; or an :class:`ArtificialScore`, 12C2).

    >>> from bridgelaws.table import Table
    >>> from bridgelaws.boards import Board
    >>> from bridgelaws.cards import Deal
    >>> t = Table(Board(3, Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")))
    >>> for call in ["P", "P", "P", "P"]:
    ...     t.call(call)
    >>> r = result_from_table(t, "1", "2"); r.contract, r.board
    ('PASS', 3)
    """
    where = f"board {table.board.number}"
    if not table.is_complete:
        raise BridgeError("the board is not over: no result to score yet", where)
    if table.adjustment is not None:
        law = table.adjustment["law"]
        if adjusted is None:
            need = ("an artificial adjusted score (Law 12C2)" if table.adjustment["score"]
                    == "artificial" else "an assigned adjusted score (Law 12C1)")
            raise BridgeError(f"Law {law} leaves no table result: the Director gives {need}",
                              where)
        return Result(table.board.number, ns, ew, adjusted=adjusted, where=where, **kwargs)
    if table.contract is None:
        return Result(table.board.number, ns, ew, contract="PASS", where=where, **kwargs)
    return Result(table.board.number, ns, ew, contract=str(table.contract),
                  declarer=table.declarer_name, tricks=table.declarer_tricks, where=where,
                  adjusted=adjusted, **kwargs)


@lru_cache(maxsize=4096)
def _contract_of(text: str) -> Contract | None:
    """The contract a result's text names (``None``: passed out), read once per text."""
    c = text.strip().upper()
    if c in ("PASS", "P", "AP", "PASSED", "ALL PASS", "0"):
        return None
    return Contract.parse(c)


_seat_of = lru_cache(maxsize=256)(parse_seat)


def result_score(r: Result, vulnerable: str) -> int | None:
    """North-South's Law 77 score of a raw result (``None`` for an artificial score)."""
    if isinstance(r.adjusted, ArtificialScore):
        return None
    if r.contract is not None:
        try:
            contract = _contract_of(r.contract)
        except BridgeError as e:
            raise BridgeError(e.reason, r.where) from None
        if contract is None:
            return 0
        if r.declarer is None or r.tricks is None:
            raise BridgeError(f"board {r.board}: contract {r.contract} needs a declarer "
                              "and a number of tricks", r.where)
        try:
            seat = _seat_of(r.declarer)
        except (BridgeError, TypeError):
            raise BridgeError(f"board {r.board}: unknown declarer {r.declarer!r}", r.where) from None
        if not 0 <= r.tricks <= 13:
            raise BridgeError(f"board {r.board}: impossible number of tricks {r.tricks}", r.where)
        return score_ns(contract, seat, vulnerable, r.tricks)
    if r.score is not None:
        if r.score % 10:
            raise BridgeError(f"board {r.board}: impossible score {r.score} "
                              "(Law 77 scores are multiples of 10)", r.where)
        return r.score
    raise BridgeError(f"board {r.board}: the result has neither a contract nor a score", r.where)


class ResultColumns:
    """An event's results column by column (made and checked by :meth:`Event.columns`).

    ``order`` gives the results board by board (by form of the board, Law 87, within
    a board), each group in the order read; ``keys`` and ``sizes`` are the groups'
    (board, version), sorted, and lengths, ``group`` each result's group.  ``ids``
    are the event's entries, ``pid`` the index in ``ids`` of each side's contestants
    result by result in that order (North-South first), ``row`` the place in that
    order of their result and ``on_ew`` their side; ``first_seen`` lists the indexes
    of the contestants who played, by first appearance.  ``plain`` says that no
    result has an adjusted score or points given by hand.
    """

    __slots__ = ("results", "order", "group", "keys", "sizes", "boards", "contracts",
                 "declarers", "tricks", "trick_codes", "ids", "pid", "row", "on_ew", "first_seen", "plain")

    @classmethod
    def read(cls, event: "Event") -> "ResultColumns | None":
        """The columns, or ``None`` when a check fails or a value is unusual."""
        self = cls()
        results = self.results = event.results
        n = len(results)
        if n == 0:
            return None
        boards = [r.board for r in results]
        contracts = [r.contract for r in results]
        declarers = [r.declarer for r in results]
        tricks = [r.tricks for r in results]
        # forms of a board (Law 87), adjusted scores, points given by hand: seldom any
        unusual = [r for r in results if r.version is not None or r.adjusted is not None
                   or r.override is not None]
        self.plain = not any(r.adjusted is not None or r.override is not None for r in unusual)
        versions = [r.version for r in results] if unusual else None
        # boards numbered from 1; 0 to 13 tricks (each number read through a table of the
        # fourteen, which also checks its range; -1: no tricks given)
        if set(map(type, boards)) != {int}:
            return None
        if not set(map(type, tricks)) <= {int, type(None)}:
            return None
        self.trick_codes = np.fromiter(map(_TRICK_CODES.get, tricks, repeat(-9)), dtype=np.int64,
                                       count=n)
        if (self.trick_codes == -9).any():
            return None
        self.boards, self.contracts, self.declarers, self.tricks = boards, contracts, declarers, tricks
        # the groups, (board, version), in the order scoring reads them
        board_arr = np.fromiter(boards, dtype=np.int64, count=n)
        if int(board_arr.min()) < 1:
            return None
        if versions is None or versions.count(None) == n:
            if int(board_arr.max()) <= 4 * n + 1024:
                # board numbers as a histogram's bins: no sort of the numbers needed
                present = np.bincount(board_arr) > 0
                self.group = (np.cumsum(present) - 1)[board_arr]
                distinct = np.flatnonzero(present)
            else:
                distinct, self.group = np.unique(board_arr, return_inverse=True)
            self.keys = [(b, None) for b in distinct.tolist()]
        else:
            first_keys = dict.fromkeys(zip(boards, versions))
            self.keys = sorted(first_keys, key=lambda k: (k[0], str(k[1])))
            place = {k: i for i, k in enumerate(self.keys)}
            self.group = np.fromiter(map(place.__getitem__, zip(boards, versions)), dtype=np.intp,
                                     count=n)
        self.order = np.argsort(self.group, kind="stable")
        self.sizes = np.bincount(self.group, minlength=len(self.keys))
        # the contestants of each result, NS first, as indexes of the entries
        ids = self.ids = list(event.entries)
        index = {p: i for i, p in enumerate(ids)}
        try:                # pairs: a side is one id, unpacked and looked up in one pass
            ns_one = [index[p] for r in results for (p,) in [r.ns]]
            ew_one = [index[p] for r in results for (p,) in [r.ew]]
        except (TypeError, ValueError, KeyError):  # an unknown id fails below as well
            ns_one = ew_one = None
        if ns_one is not None:
            pid = np.empty((n, 2), dtype=np.intp)
            pid[:, 0] = ns_one
            pid[:, 1] = ew_one
            self.pid = pid[self.order].ravel()
            self.row = np.repeat(np.arange(n), 2)
            self.on_ew = np.tile(np.array([False, True]), n)
            row = np.repeat(np.arange(n), 2)
            pid = pid.ravel()
        else:
            ns_ids = [r.ns for r in results]
            ew_ids = [r.ew for r in results]
            members = list(chain.from_iterable(chain.from_iterable(zip(ns_ids, ew_ids))))
            pid = np.fromiter(map(index.__getitem__, members), dtype=np.intp, count=len(members))
            n_ns = np.fromiter(map(len, ns_ids), dtype=np.intp, count=n)
            n_ew = np.fromiter(map(len, ew_ids), dtype=np.intp, count=n)
            row = np.repeat(np.arange(n), n_ns + n_ew)
            on_ew = np.repeat(np.tile(np.array([False, True]), n),
                              np.column_stack((n_ns, n_ew)).ravel())
            rank = np.empty(n, dtype=np.intp)
            rank[self.order] = np.arange(n)
            by_group = np.argsort(rank[row], kind="stable")
            self.pid, self.row, self.on_ew = pid[by_group], rank[row][by_group], on_ew[by_group]
        # no contestant twice on a board (nor on both sides of a table)
        n_ids = len(ids)
        if len(self.keys) * n_ids <= 8 * len(pid) + 4096:
            # (board, contestant) counted in a histogram (a board's forms are one board)
            board_of_group = np.fromiter((b for b, _v in self.keys), dtype=np.int64,
                                         count=len(self.keys))
            same_board = np.concatenate(([0], np.cumsum(board_of_group[1:] != board_of_group[:-1])))
            if np.bincount(same_board[self.group][row] * n_ids + pid).max() > 1:
                return None
        else:
            if int(board_arr.max()) * n_ids >= 1 << 62:
                return None
            played = np.sort(board_arr[row] * n_ids + pid)
            if (played[1:] == played[:-1]).any():
                return None
        # each contestant's first result in the order of the groups
        m = len(self.pid)
        first = np.full(n_ids, m, dtype=np.intp)
        np.minimum.at(first, self.pid, np.arange(m))
        seen = np.flatnonzero(first < m)
        self.first_seen = seen[np.argsort(first[seen], kind="stable")].tolist()
        return self

    def rows(self) -> list[Result]:
        """The results in the order of the groups."""
        return [self.results[i] for i in self.order.tolist()]

    def groups(self) -> dict[tuple[int, str | None], list[Result]]:
        """(board, version) -> its results in the order read, the groups as first met."""
        rows = self.rows()
        out, start = {}, 0
        for key, n in zip(self.keys, self.sizes.tolist()):
            out[key] = rows[start:start + n]
            start += n
        first = np.unique(self.group, return_index=True)[1]
        return {self.keys[g]: out[self.keys[g]] for g in np.argsort(first).tolist()}

    def ns_scores(self, event: "Event") -> np.ndarray | None:
        """North-South's Law 77 score of each result, in the order of the groups: each
        contract text and declarer read once (:data:`_CONTRACT_CODES`,
        :data:`_SEAT_CODES`), then a table of Law 77; ``None`` when a result has no
        score (:func:`result_score` then names it)."""
        n = len(self.results)
        try:
            contract = _codes(_CONTRACT_CODES, self.contracts, _contract_code)
            seat = _codes(_SEAT_CODES, self.declarers, _seat_code)
        except TypeError:                      # a value that is no key
            return None
        if contract is None or seat is None:
            return None                        # a contract or a declarer that is none
        tricks = self.trick_codes              # -1: none given
        kind, level = contract // 1000, contract // 100 % 10
        strain, doubled = contract // 10 % 10, contract % 10
        played = kind == 1
        has_tricks = tricks >= 0
        if (played & ((seat < 0) | ~has_tricks)).any():
            return None                        # a contract without declarer or tricks
        # the declarer's side vulnerable (Law 2 or the event's own marking), board by board
        vul_g = np.array([VULNERABILITIES.index(event.vulnerable(b)) for b, _v in self.keys])
        vul = vul_g[self.group]
        side = seat & 1
        side_vul = (vul == 3) | ((vul == 1) & (side == 0)) | ((vul == 2) & (side == 1))
        taken = np.where(has_tricks, tricks, 0).astype(np.intp)
        cell = ((((np.maximum(level, 1) - 1) * 5 + strain) * 3 + doubled) * 2 + side_vul) * 14
        declarers_score = _law77_table()[np.where(played, cell + taken, 0)]
        scores = np.where(played, np.where(side == 0, declarers_score, -declarers_score), 0)
        told = kind == 2
        if told.any():                         # the table score only (no contract)
            given = [r.score for r in self.results]
            if not set(map(type, given)) <= {int, type(None)}:
                return None
            given_arr = np.array(given, dtype=np.float64)
            if (told & (np.isnan(given_arr) | (np.nan_to_num(given_arr) % 10 != 0))).any():
                return None
            scores = np.where(told, np.nan_to_num(given_arr).astype(np.int64), scores)
        return scores[self.order]


#: contract text -> kind * 1000 + level * 100 + strain * 10 + doubling (kind: 0 passed
#: out, 1 a contract, 2 none given; -1 not a contract), each text read once
_CONTRACT_CODES: dict = {}
#: a number of tricks -> itself (None: -1); a number outside 0-13 is no key
_TRICK_CODES: dict = {**{t: t for t in range(14)}, None: -1}
#: declarer as written -> seat 0-3 (-1: none given, -2: not a seat), read once
_SEAT_CODES: dict = {}


def _codes(known: dict, column: list, code_of) -> np.ndarray | None:
    """The code of each value of ``column`` (``code_of`` fills ``known`` for the values not
    met before; at most 4,096 kept); ``None`` when one is invalid (negative below -1)."""
    codes = np.fromiter(map(known.get, column, repeat(-9)), dtype=np.int64, count=len(column))
    if (codes == -9).any():
        if len(known) > 4096:
            known.clear()
        for value in set(np.asarray(column, dtype=object)[codes == -9].tolist()):
            known[value] = code_of(value)
        codes = np.fromiter(map(known.get, column, repeat(-9)), dtype=np.int64,
                            count=len(column))
    return None if (codes < -1).any() else codes


def _contract_code(text) -> int:
    if text is None:
        return 2000
    try:
        c = _contract_of(text)
    except (BridgeError, AttributeError, TypeError):
        return -2
    return 0 if c is None else 1000 + c.level * 100 + c.strain * 10 + c.doubled


def _seat_code(declarer) -> int:
    if declarer is None:
        return -1
    try:
        return _seat_of(declarer)
    except (BridgeError, TypeError):
        return -1


@cache
def _law77_table() -> np.ndarray:
    """Law 77's score of every (level, strain, doubling, vulnerable, tricks), flat
    (:func:`bridgelaws.scoring.contract.score` for each of the 2,940)."""
    return np.array([law77(level, strain, doubled, vul, tricks)
                     for level in range(1, 8) for strain in range(5) for doubled in range(3)
                     for vul in (False, True) for tricks in range(14)], dtype=np.int64)


@dataclass
class Event:
    """A session's entries and raw results.

    ``kind`` is ``"pairs"``, ``"individual"`` or ``"teams"``; ``vulnerability``
    maps board numbers to ``"none"/"NS"/"EW"/"all"`` where the boards were not
    marked by Law 2's cycle.  ``records`` are the board records of a PBN file the
    event was read from (their notes and contradictions are reported).
    """
    name: str = ""
    kind: str = "pairs"
    entries: dict[str, Entry] = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    vulnerability: dict[int, str] = field(default_factory=dict)
    penalties: list[ProceduralPenalty] = field(default_factory=list)
    published: dict = field(default_factory=dict)
    source: str = ""
    records: list = field(default_factory=list, repr=False)

    def vulnerable(self, board: int) -> str:
        v = self.vulnerability.get(board)
        return parse_vulnerability(v) if v else vulnerability_of(board)

    def add_entry(self, id: str, names=(), direction: str | None = None) -> Entry:
        e = self.entries.get(id)
        if e is None:
            e = self.entries[id] = Entry(id, list(names), direction)
        return e

    def check(self) -> dict[tuple[int, str | None], list[Result]]:
        """Every result names known entries, and no entry plays a board twice; boards are
        numbered from 1 and a declarer takes 0 to 13 tricks (whatever a file says).

        Returns the results grouped by board and form of the board (``version``, Law
        87), each group in the order read.
        """
        columns = self.columns()
        if columns is not None:
            return columns.groups()
        groups: dict[tuple[int, str | None], list[Result]] = {}
        for r in self.results:
            groups.setdefault((r.board, r.version), []).append(r)
        return groups

    def columns(self) -> "ResultColumns | None":
        """The results column by column, checked as :meth:`check` says, for scoring a
        large event in one pass.

        The checks are made on whole columns at once (types, ranges, the ids of each
        board compared as numbers); when one fails, the results are checked one by one
        and the first fault is raised with its place.  ``None`` (after those checks)
        when the results hold values the columns do not take (a number of tricks that
        is not an int, sides that are not tuples...): they are scored result by result.
        """
        try:
            columns = ResultColumns.read(self)
        except Exception:                          # a value no column foresaw
            columns = None
        if columns is None:
            self._check_each()
        return columns

    def _check_each(self) -> None:
        """The checks of :meth:`check`, result by result: the first fault is raised."""
        seen = set()
        for r in self.results:
            if isinstance(r.board, bool) or not isinstance(r.board, int) or r.board < 1:
                raise BridgeError(f"board {r.board!r} is not a positive whole number", r.where)
            if r.tricks is not None and not 0 <= r.tricks <= 13:
                raise BridgeError(f"board {r.board}: impossible number of tricks {r.tricks} "
                                  "(a declarer takes 0 to 13)", r.where)
            if set(r.ns) & set(r.ew):
                raise BridgeError(f"board {r.board}: pair {r.ns[0]!r} plays against itself", r.where)
            for side in (r.ns, r.ew):
                for pid in side:
                    if pid not in self.entries:
                        raise BridgeError(f"board {r.board}: unknown pair {pid!r}", r.where)
                    key = (r.board, pid)
                    if key in seen:
                        raise BridgeError(f"board {r.board}: pair {pid!r} has two results",
                                          r.where)
                    seen.add(key)

    def boards(self) -> list[int]:
        return sorted({r.board for r in self.results})
