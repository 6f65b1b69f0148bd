"""An event's raw results: who played which board against whom, and what happened.

The scores of an event are always recomputed from these raw results (the
contract, the declarer and the tricks, by Law 77; or the table score when that
is all a source gives); matchpoints or IMPs that a source publishes are kept
aside, as ``published``, for comparison only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..boards import is_vulnerable, parse_vulnerability, vulnerability_of
from ..cards import BridgeError, parse_seat
from ..scoring.adjusted import ArtificialScore, ProceduralPenalty
from ..scoring.contract import Contract, score_ns
from ..scoring.matchpoints import SplitScore, WeightedScore

__all__ = ["Entry", "Result", "Event", "result_score", "result_from_table"]


@dataclass
class Entry:
    """A contestant: a pair, a player (individuals) or a team, with the id its source uses."""
    id: str
    names: list[str] = field(default_factory=list)
    direction: str | None = None          # "NS"/"EW" in a Mitchell, else None
    published: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return " - ".join(n for n in self.names if n)


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


def result_score(r: Result, vulnerable: str) -> int | None:
    """North-South's Law 77 score of a raw result (``None`` for an artificial score)."""
    if isinstance(r.adjusted, ArtificialScore):
        return None
    if r.contract is not None:
        c = r.contract.strip().upper()
        if c in ("PASS", "P", "AP", "PASSED", "ALL PASS", "0"):
            return 0
        try:
            contract = Contract.parse(c)
        except BridgeError as e:
            raise BridgeError(e.reason, r.where) from None
        if r.declarer is None or r.tricks is None:
            raise BridgeError(f"board {r.board}: contract {r.contract} needs a declarer "
                              "and a number of tricks", r.where)
        try:
            seat = parse_seat(r.declarer)
        except BridgeError:
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

    def check(self) -> None:
        """Every result names known entries, and no entry plays a board twice; boards are
        numbered from 1 and a declarer takes 0 to 13 tricks (whatever a file says)."""
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
