"""Double-dummy analysis: the table of tricks and the par of a deal, by DDS.

The solver is Bo Haglund's and Soren Hein's DDS, bundled with endplay (no
home-made solver), reached through endplay's public API: :func:`dd_tables` sends
deals to ``endplay.dds.calc_all_tables`` (DDS's ``CalcAllTables``) in batches of
40 (DDS's own limit with all five strains), which shares each batch among every
core; :func:`par` asks ``endplay.dds.par`` (DDS's ``DealerParBin``) for the par
score and the par contracts, where the dealer's side has the first chance to bid
(so the dealer and the vulnerability of Law 2 matter).

Two things endplay's public API does not offer are done through its private
``endplay._dds``, and only there: the number of DDS's threads (:func:`set_threads`,
``SetMaxThreads``; endplay sets every core when it loads DDS, so the default needs
no call) and a table of tricks made from numbers rather than solved
(:meth:`DDTable.to_endplay` for a table built by hand: endplay's ``DDTable`` wraps
DDS's ``ddTableResults`` and has no constructor from numbers).  The versions of
endplay this is tested with are pinned in ``pyproject.toml``.

Double-dummy results are *advice* about a deal, never a ruling: the Director may
use them to judge a claim or an adjusted score (Laws 70, 12C), and the laws
cited with each result (``LAWS``) say so.

>>> from bridgelaws.cards import Deal
>>> from bridgelaws.analysis import analyse_deal
>>> table, par_result = analyse_deal(Deal.from_pbn(
...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"))
>>> table.tricks_of("W", "S"), table.tricks_of("N", "N")
(8, 6)
>>> par_result.score_ns, [str(c) for c in par_result.contracts]
(-110, ['EW 2S='])
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from .boards import VULNERABILITIES, dealer_of, parse_vulnerability, vulnerability_of
from .cards import (BridgeError, Deal, SEAT_NAMES, STRAIN_LETTERS, parse_seat,
                    strain_from_endplay, strain_to_endplay)

__all__ = ["DDTable", "ParContract", "Par", "Analysis", "dd_table", "dd_tables", "par",
           "analyse_deal", "analyse_boards", "analyse_records", "analysis_json",
           "analysis_lines", "set_threads", "BATCH", "LAWS"]

#: double-dummy results are advice to the Director's judgement (Laws 12C, 70), never a ruling
LAWS = ("12C", "70")
#: the most deals DDS's CalcAllTables takes at once with all five strains
BATCH = 40

# endplay's Vul: 0 none, 1 both, 2 NS, 3 EW
_ENDPLAY_VUL = {"none": 0, "all": 1, "NS": 2, "EW": 3}

#: DDS's threads as last set; endplay gives DDS every core when it loads it
_threads = 0

#: one call into DDS at a time in this process: endplay reaches DDS through ctypes, which
#: lets another Python thread in meanwhile, and DDS's calls share its thread memory (two
#: at once, e.g. the live tables' claim aid beside an adjusted score's aid, corrupt each
#: other's answers).  DDS spreads one call over its own threads.
DDS_LOCK = threading.RLock()


def set_threads(threads: int = 0) -> None:
    """How many threads DDS may use: 0 for every core (the default), 1 for one.

    endplay's public API has no such setting: this is one of the two calls to its private
    ``endplay._dds`` (DDS's ``SetMaxThreads``), made only when the number changes."""
    global _threads
    if not isinstance(threads, int) or threads < 0:
        raise BridgeError(f"threads must be 0 (every core) or a positive number, not {threads!r}")
    if threads != _threads:
        import endplay._dds as _dds     # private: see the module's documentation
        with DDS_LOCK:
            _dds.SetMaxThreads(threads)
        _threads = threads


class DDTable:
    """Tricks that each seat can take as declarer in each strain, double dummy.

    ``tricks[seat][strain]`` with seats N E S W (0..3) and strains C D H S N (0..4).
    """

    __slots__ = ("tricks", "_endplay")

    def __init__(self, tricks: Sequence[Sequence[int]]):
        self.tricks = tuple(tuple(row) for row in tricks)
        self._endplay = None

    @classmethod
    def from_endplay(cls, table) -> "DDTable":
        """endplay's ``DDTable`` (from ``endplay.dds.calc_all_tables``) as a table; it is kept
        for :func:`par`."""
        from endplay.types import Player
        out = cls([[table[strain_to_endplay(t), Player(s)] for t in range(5)] for s in range(4)])
        out._endplay = table
        return out

    def to_endplay(self):
        """This table as endplay's ``DDTable``: the one endplay solved, or, for a table made
        from numbers, one built on DDS's ``ddTableResults`` (endplay's ``DDTable`` has no
        public constructor from numbers: the second private use of ``endplay._dds``).

        >>> t = DDTable([[7, 8, 9, 10, 11]] * 4).to_endplay()
        >>> from endplay.types import Denom, Player
        >>> t[Denom.spades, Player.west], t[Denom.nt, Player.north]
        (10, 11)
        """
        if self._endplay is None:
            import endplay._dds as _dds     # private: see the module's documentation
            from endplay.dds.ddtable import DDTable as EndplayDDTable
            res = _dds.ddTableResults()
            for s in range(4):
                for t in range(5):
                    res.resTable[strain_to_endplay(t)][s] = self.tricks[s][t]
            self._endplay = EndplayDDTable(res)
        return self._endplay

    def tricks_of(self, seat: int | str, strain: int | str) -> int:
        s = parse_seat(seat) if isinstance(seat, str) else seat
        t = STRAIN_LETTERS.index(strain.upper()[0]) if isinstance(strain, str) else strain
        return self.tricks[s][t]

    def to_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 9, "D": 8, "H": 10, "S": 7, "N": 9}, "E": {...}, ...}``"""
        return {SEAT_NAMES[s]: {STRAIN_LETTERS[t]: self.tricks[s][t] for t in range(5)}
                for s in range(4)}

    def __eq__(self, other) -> bool:
        return isinstance(other, DDTable) and self.tricks == other.tricks

    def __hash__(self) -> int:
        return hash(self.tricks)

    def __repr__(self) -> str:
        return f"DDTable({self.to_dict()!r})"


@dataclass(frozen=True)
class ParContract:
    """A par contract: level, strain (``"C"``..``"N"``), doubled, the declarer(s)
    (``"N"``, ``"NS"``...) and the result against the contract (+ over, - under)."""
    level: int
    strain: str
    doubled: bool
    declarer: str
    result: int

    def __str__(self) -> str:
        """PBN ParContract style: ``"EW 4SX-1"``, ``"NS 3N="``, ``"W 4N+1"``."""
        res = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.declarer} {self.level}{self.strain}{'X' if self.doubled else ''}{res}"

    def dds_text(self) -> str:
        """DDS's text form (the ``PAR2`` lines of its test files): ``"4S*-EW-1"``."""
        res = "" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain}{'*' if self.doubled else ''}-{self.declarer}{res}"


@dataclass(frozen=True)
class Par:
    """The par score (North-South's view) and the par contracts; none when passed out.

    >>> passed = Par(0)
    >>> passed.optimum_score, passed.par_contract
    ('NS 0', 'Pass')
    """
    score_ns: int
    contracts: tuple[ParContract, ...] = ()

    @property
    def optimum_score(self) -> str:
        """PBN OptimumScore: ``"NS 620"``, ``"NS -110"``."""
        return f"NS {self.score_ns}"

    @property
    def par_contract(self) -> str:
        """PBN ParContract (as BridgeComposer writes it): ``"EW 6H=; EW 6S="``; ``"Pass"``."""
        return "; ".join(str(c) for c in self.contracts) if self.contracts else "Pass"


def _check(deal: Deal, where: str | None = None) -> None:
    if not isinstance(deal, Deal):
        raise BridgeError(f"{deal!r} is not a deal", where)
    if not deal.is_complete():
        for seat, hand in enumerate(deal.hands):
            if hand.bit_count() != 13:
                raise BridgeError(f"double-dummy analysis needs a complete deal: the hand of "
                                  f"{SEAT_NAMES[seat]} has {hand.bit_count()} cards (Law 7B1)",
                                  where)


def dd_tables(deals: Iterable[Deal], threads: int = 0,
              progress: Callable[[int, int], None] | None = None,
              where: Sequence[str | None] | None = None) -> list[DDTable]:
    """The double-dummy tables of many deals, by DDS, in batches that use ``threads``
    threads (0: every core).  ``progress(done, total)`` is called after each batch."""
    deals = list(deals)
    for i, deal in enumerate(deals):
        _check(deal, where[i] if where else None)
    from endplay.dds import calc_all_tables
    set_threads(threads)
    out: list[DDTable] = []
    total = len(deals)
    for start in range(0, total, BATCH):
        batch = deals[start:start + BATCH]
        with DDS_LOCK:
            tables = calc_all_tables([deal.to_endplay() for deal in batch])
        out.extend(DDTable.from_endplay(tables[i]) for i in range(len(batch)))
        if progress is not None:
            progress(len(out), total)
    return out


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of one deal."""
    return dd_tables([deal])[0]


def par(table: DDTable, dealer: int | str = 0, vulnerable: str = "none") -> Par:
    """Par score and contracts of a table for a dealer and vulnerability (DDS DealerParBin).

    A board where no side can make a contract is passed out: score 0, no contract.

    >>> p = par(DDTable([[6] * 5] * 4))
    >>> p.score_ns, p.contracts, p.par_contract
    (0, (), 'Pass')
    """
    from endplay.dds import par as endplay_par
    from endplay.types import Player, Vul
    dealer_seat = parse_seat(dealer) if isinstance(dealer, str) else dealer
    vul = parse_vulnerability(vulnerable)
    with DDS_LOCK:
        found = endplay_par(table.to_endplay(), Vul(_ENDPLAY_VUL[vul]), Player(dealer_seat))
    # endplay lists a contract that either partner makes as one per declarer, N then S
    # (E then W), reusing one record for both: each is read before the next is asked for
    seen: list[tuple[int, str, bool, int, int]] = []
    for c in found:
        if c.level == 0:
            continue                    # DDS's "0N" by N: the board is passed out, par 0
        seen.append((c.level, STRAIN_LETTERS[strain_from_endplay(c.denom)],
                     int(c.penalty) != 1, int(c.declarer), c.result))
    contracts = []
    i = 0
    while i < len(seen):
        level, strain, doubled, seat, result = seen[i]
        declarer = SEAT_NAMES[seat]
        if seat < 2 and i + 1 < len(seen) and seen[i + 1] == (level, strain, doubled, seat + 2,
                                                              result):
            declarer = ("NS", "EW")[seat]
            i += 1
        contracts.append(ParContract(level, strain, doubled, declarer, result))
        i += 1
    return Par(found.score, tuple(contracts))


def analyse_deal(deal: Deal, dealer: int | str = 0, vulnerable: str = "none") -> tuple[DDTable, Par]:
    table = dd_table(deal)
    return table, par(table, dealer, vulnerable)


@dataclass
class Analysis:
    """One board analysed: what the board says and what DDS found."""
    board: int | None
    dealer: int
    vulnerable: str
    deal: Deal
    table: DDTable
    par: Par
    record: object = None
    laws: tuple[str, ...] = field(default=LAWS)

    @property
    def number(self) -> int:
        """The Pavlicek number of the deal."""
        from .deals.dealnumber import deal_number
        return deal_number(self.deal)

    def to_json(self) -> dict:
        return {
            "board": self.board,
            "dealer": SEAT_NAMES[self.dealer],
            "vulnerable": self.vulnerable,
            "deal": self.deal.to_pbn(self.dealer),
            "deal_number": str(self.number),
            "dd": self.table.to_dict(),
            "par": {"score_ns": self.par.score_ns,
                    "contracts": [str(c) for c in self.par.contracts],
                    "par_contract": self.par.par_contract},
            "laws": list(self.laws),
        }


def analyse_boards(boards, threads: int = 0, progress=None) -> list[Analysis]:
    """Analyse :class:`~bridgelaws.boards.Board` objects that carry deals."""
    boards = list(boards)
    for b in boards:
        if b.deal is None:
            raise BridgeError("the board has no deal", f"board {b.number}")
    tables = dd_tables([b.deal for b in boards], threads, progress,
                       where=[f"board {b.number}" for b in boards])
    return [Analysis(b.number, b.dealer, b.vulnerable, b.deal, t, par(t, b.dealer, b.vulnerable))
            for b, t in zip(boards, tables)]


def analyse_records(records, threads: int = 0, progress=None) -> list[Analysis]:
    """Analyse the boards of a file (BoardRecords): each needs a complete deal; the dealer
    and vulnerability are the record's, else those of its board number (Law 2)."""
    deals, facts, places = [], [], []
    for rec in records:
        place = f"{rec.source}" + (f": board {rec.board}" if rec.board is not None else "")
        if not rec.deal:
            raise BridgeError("the board has no deal", place)
        try:
            deal = Deal.from_pbn(rec.deal)
        except BridgeError as e:
            raise BridgeError(e.reason, place) from None
        if rec.dealer is not None:
            dealer = parse_seat(rec.dealer)
        elif rec.board is not None:
            dealer = dealer_of(rec.board)                   # Law 2
        else:
            dealer = 0
        if rec.vulnerable is not None:
            vul = parse_vulnerability(rec.vulnerable)
        elif rec.board is not None:
            vul = vulnerability_of(rec.board)               # Law 2
        else:
            vul = VULNERABILITIES[0]
        deals.append(deal)
        facts.append((rec, dealer, vul))
        places.append(place)
    tables = dd_tables(deals, threads, progress, where=places)
    return [Analysis(rec.board, dealer, vul, deal, t, par(t, dealer, vul), record=rec)
            for (rec, dealer, vul), deal, t in zip(facts, deals, tables)]


def analysis_json(results: Iterable[Analysis]) -> list[dict]:
    return [a.to_json() for a in results]


def par_text(par: Par, lang: str = "en") -> tuple[str, str]:
    """``(score, contracts)`` of a par for people: ``("NS 620", "NS 4♥=")``, the contracts
    with suit symbols, ``Pass`` in ``lang`` when passed out, the score in its format."""
    from .i18n import message
    from .i18n.display import contract, number
    score = f"NS {number(par.score_ns, 0, lang)}"
    if not par.contracts:
        return score, message("ui.paper.passed_out", lang)
    return score, "; ".join(
        f"{c.declarer} {contract(f'{c.level}{c.strain}' + ('X' if c.doubled else ''))}"
        f"{'=' if c.result == 0 else f'{c.result:+d}'}" for c in par.contracts)


def analysis_lines(results: Iterable[Analysis], lang: str = "en") -> list[str]:
    """Plain text in ``lang``: per board a header and the table (rows N S E W as the
    language abbreviates them, columns ♣ ♦ ♥ ♠ NT)."""
    from .i18n import message
    compass = message("ui.paper.compass", lang).split(",")
    lines = []
    for a in results:
        board = a.board if a.board is not None else "?"
        score, contracts = par_text(a.par, lang)
        lines.append(message("cli.analyse.board", lang, board=board,
                             dealer=compass[a.dealer],
                             vul=message(f"ui.paper.vul_{a.vulnerable}", lang),
                             score=score, contracts=contracts))
        lines.append("     ♣  ♦  ♥  ♠ NT")
        for seat in (0, 2, 1, 3):
            row = a.table.tricks[seat]
            lines.append(f"  {compass[seat]:<2}" + " ".join(f"{n:2d}" for n in row))
    return lines
