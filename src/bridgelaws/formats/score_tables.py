"""Events from PBN score tables, and score tables written back (PBN 2.1 section 5).

:func:`event_from_pbn` reads the ``ScoreTable`` of every board (pairs:
``PairId_NS``/``PairId_EW``; individuals: ``PlayerId_North``... ) and the
``TotalScoreTable`` (names) of a PBN file, as Ruter and Magic Contest export
them, into an :class:`~bridgelaws.tournament.event.Event` of raw results:
contract, declarer and tricks, or an artificial score (``A+``, ``A=``, ``A-``,
``A60``).  The published matchpoints, IMPs and totals go to ``published``.

:func:`score_table_pbn` and :func:`total_score_table_pbn` write the tables of a
scored event in PBN 2.1 form (chapters 5.9 and 5.10: predefined column names,
minimum widths that the rows are padded to, ``-`` for an irrelevant element and
``^`` before an artificial score value); :func:`write_results_pbn` writes them
as a PBN file, one record per board.
"""

from __future__ import annotations

from ..cards import BridgeError
from ..scoring.adjusted import ArtificialScore
from ..scoring.contract import Contract
from ..tournament.event import Event, Result

__all__ = ["event_from_pbn", "event_from_records", "score_table", "total_score_table",
           "score_table_pbn", "total_score_table_pbn", "results_records", "write_results_pbn",
           "SCORING_METHODS"]

_ART = {"A+": 60.0, "A=": 50.0, "A": 50.0, "A-": 40.0}
#: PBN [Scoring] -> method
SCORING_METHODS = {"MatchPoints": "mp", "IMP;Cross": "xi", "IMP;Cross2": "xi",
                   "IMP;Butler": "butler", "IMP;Butler-2;Mean": "butler"}


def _pct(text: str, where: str) -> float:
    t = text.strip()
    if t in _ART:
        return _ART[t]
    if t.upper().startswith("A"):
        try:
            return float(t[1:].rstrip("%"))
        except ValueError:
            pass
    raise BridgeError(f"unknown artificial score {text!r} (expected A+, A=, A- or A60)", where)


def _int(text: str | None, where: str, what: str) -> int | None:
    if text is None or text.strip() in ("-", ""):
        return None
    try:
        return int(text)
    except ValueError:
        raise BridgeError(f"{what} {text!r} is not a whole number", where) from None


def _float(text: str | None) -> float | None:
    if text is None or text.strip() in ("-", ""):
        return None
    try:
        return float(text.strip().lstrip("^"))
    except ValueError:
        return None


_PAIR_COLUMNS = ("PairId_NS", "PairId_EW")
_PLAYER_COLUMNS = ("PlayerId_North", "PlayerId_East", "PlayerId_South", "PlayerId_West")


def _needs_columns(names: list[str], needed: tuple[str, ...], where: str) -> None:
    """The columns that say who played (PBN 2.1 chapter 5.9) are all there.

    >>> _needs_columns(["PairId_NS", "Contract"], _PAIR_COLUMNS, "f.pbn:3: board 1")
    Traceback (most recent call last):
    bridgelaws.cards.BridgeError: f.pbn:3: board 1: the ScoreTable has no PairId_EW column
    """
    missing = [n for n in needed if n not in names]
    if missing:
        raise BridgeError(f"the ScoreTable has no {' or '.join(missing)} "
                          f"column{'s' if len(missing) > 1 else ''}", where)


def event_from_pbn(path, *, name: str | None = None) -> Event:
    """Read a PBN file's score tables as an :class:`Event`."""
    from .pbn import read_pbn
    records = read_pbn(path, name=name)
    return event_from_records(records, source=str(name or path))


def event_from_records(records, source: str = "<pbn>") -> Event:
    ev = Event(source=source, records=list(records))
    seen_boards: dict[int, list] = {}
    for rec in records:
        total = rec.tables.get("TotalScoreTable")
        if total is not None:
            ev.published["totals"] = total.dicts()
            for row in total.dicts():
                pid = row.get("PairId") or row.get("PlayerId") or row.get("TeamId")
                if pid is None:
                    continue
                names = row.get("Names") or row.get("Name") or row.get("TeamName") or ""
                sep = ";" if ";" in names else " - "
                e = ev.add_entry(pid, [n.strip() for n in names.split(sep)]
                                 if names and names != "-" else [])
                e.published = row
                if row.get("Direction") in ("NS", "EW"):      # as write_results_pbn writes it
                    e.direction = row["Direction"]
        st = rec.tables.get("ScoreTable")
        if st is None:
            continue
        if not ev.name:
            ev.name = rec.tags.get("Event", "")
            ev.published["scoring"] = rec.tags.get("Scoring", "")
        board = rec.board
        where0 = f"{rec.source}"
        if board is None:
            raise BridgeError("a ScoreTable without a board number", where0)
        if board in seen_boards:
            if seen_boards[board] == st.rows:
                ev.published.setdefault("repeated_boards", []).append(board)
                continue                  # the same board written twice: read once
            raise BridgeError(f"board {board} has two different ScoreTables", where0)
        seen_boards[board] = st.rows
        if rec.vulnerable:
            ev.vulnerability[board] = rec.vulnerable
        names = st.names
        individual = any(n.startswith("PlayerId_") for n in names)
        if individual:
            ev.kind = "individual"
        elif not any(n.startswith("PairId_") for n in names):
            raise BridgeError(f"board {board}: the ScoreTable names neither pairs (PairId_NS, "
                              "PairId_EW) nor players (PlayerId_North...)", where0)
        _needs_columns(names, _PLAYER_COLUMNS if individual else _PAIR_COLUMNS,
                       f"{where0}: board {board}")
        for k, row in enumerate(st.dicts(), 1):
            where = f"{where0}: board {board}, ScoreTable row {k}"
            if individual:
                ns = (row["PlayerId_North"], row["PlayerId_South"])
                ew = (row["PlayerId_East"], row["PlayerId_West"])
            else:
                ns, ew = (row["PairId_NS"],), (row["PairId_EW"],)
            sns, sew = row.get("Score_NS", "-"), row.get("Score_EW", "-")
            if "Bye" in (sns, sew) or "-" in ns + ew:
                # a sit-out: no result on this board
                ev.published.setdefault("byes", []).append((board, row))
                continue
            for column in _PLAYER_COLUMNS if individual else _PAIR_COLUMNS:
                if not row[column].strip():
                    raise BridgeError(f"{column} is empty", where)
            for pid in ns + ew:
                ev.add_entry(pid)
            if not individual:                 # Names_NS/Names_EW: the pairs' players
                for pid, column in ((ns[0], "Names_NS"), (ew[0], "Names_EW")):
                    text = (row.get(column) or "").strip()
                    if text and text != "-" and not ev.entries[pid].names:
                        ev.entries[pid].names = [n.strip() for n in text.split(";")
                                                 if n.strip()]
            # the event's own checks say "board N:" themselves
            r = Result(board, ns, ew, where=f"{where0}: ScoreTable row {k}", lead=row.get("Lead"),
                       round=_int(row.get("Round"), where, "Round"), table=row.get("Table"))
            if sns.startswith("A") or sew.startswith("A"):
                r.adjusted = ArtificialScore(_pct(sns, where), _pct(sew, where))
            else:
                c = (row.get("Contract") or "-").strip()
                if c in ("-", ""):
                    ns_sc, ew_sc = _int(sns, where, "Score_NS"), _int(sew, where, "Score_EW")
                    if ns_sc is None and ew_sc is None:
                        raise BridgeError("a row with neither a contract nor a score", where)
                    r.score = ns_sc if ns_sc is not None else -ew_sc
                elif c.upper() in ("P", "PASS", "AP"):
                    r.contract = "PASS"
                else:
                    try:
                        Contract.parse(c.upper())
                    except BridgeError as e:
                        raise BridgeError(e.reason, where) from None
                    r.contract = c
                    r.declarer = row.get("Declarer")
                    r.tricks = _int(row.get("Result"), where, "Result")
            pub = {}
            for key in ("MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW",
                        "ButlerDatum", "MP_North", "MP_East", "Percentage_North",
                        "Percentage_East"):
                if key in row:
                    pub[key] = _float(row[key])
            pub["Score_NS"], pub["Score_EW"] = sns, sew
            r.published = pub
            ev.results.append(r)
    ev.check()
    return ev


def _num(x: float | None, artificial: bool = False) -> str:
    """A number as a table element: '-' when irrelevant, '^' before an artificial score
    value (PBN 2.1 chapter 5.2)."""
    if x is None:
        return "-"
    text = f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
    return ("^" if artificial else "") + text


def _layout(names: list[str], rows: list[list[str]], left: set[str]):
    """The column specifications with the minimum widths the rows need (chapter 5.2)."""
    from ..formats.record import ScoreTable
    cols = []
    for i, n in enumerate(names):
        width = max([len(r[i]) + (2 if " " in r[i] or '"' in r[i] else 0) for r in rows] + [1])
        cols.append(f"{n}\\{width}{'L' if n in left else 'R'}")
    return ScoreTable(cols, rows)


def _pbn_contract(contract: str | None) -> str:
    if not contract:
        return "-"
    if contract.upper() in ("PASS", "P", "AP"):
        return "Pass"
    c = contract.upper()
    return c[0] + "NT" + c[2:] if len(c) > 1 and c[1] == "N" and not c[1:3] == "NT" else c


def score_table(result, board: int):
    """The PBN 2.1 ``ScoreTable`` (chapter 5.9) of one board of a scored event, as a
    :class:`~bridgelaws.formats.record.ScoreTable`: pairs, contract, declarer, tricks,
    Law 77 score of the side that scored, matchpoints (Law 78A) or IMPs (Law 78B) and,
    with matchpoints, percentages.  An artificial adjusted score (Law 12C2) has '-' for
    contract, declarer and result, ``A60``-style scores and '^' before its points."""
    mp = result.method == "mp"
    pts = ("MP_NS", "MP_EW") if mp else ("IMP_NS", "IMP_EW")
    names = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS",
             "Score_EW", *pts] + (["Percentage_NS", "Percentage_EW"] if mp else [])
    rows = []
    for sr in result.boards.get(board, []):
        r = sr.result
        art = isinstance(r.adjusted, ArtificialScore)
        if art:
            s_ns, s_ew = f"A{r.adjusted.ns:g}", f"A{r.adjusted.ew:g}"
            contract = decl = tricks = "-"
        else:
            s = sr.ns_score
            s_ns = str(s) if s is not None and s >= 0 else "-"
            s_ew = str(-s) if s is not None and s < 0 else "-"
            contract = _pbn_contract(r.contract)
            decl = r.declarer or "-"
            tricks = "-" if r.tricks is None else str(r.tricks)
        cells = [" ".join(r.ns), " ".join(r.ew), contract, decl, tricks, s_ns, s_ew,
                 _num(sr.ns_points, art), _num(sr.ew_points, art)]
        if mp:
            cells += [_num(sr.ns_percent, art), _num(sr.ew_percent, art)]
        rows.append(cells)
    return _layout(names, rows, {"Contract"})


def total_score_table(result):
    """The PBN 2.1 ``TotalScoreTable`` (chapter 5.10) of a scored event: rank, pair,
    ``TotalMP`` and ``TotalPercentage`` (or ``TotalIMP``), names (``;`` between the
    players), boards played, and the direction when North-South and East-West are
    ranked apart."""
    mp = result.method == "mp"
    by_dir = any(s.direction for s in result.standings)
    names = ["Rank", "PairId"] + (["Direction"] if by_dir else []) + \
        ["TotalMP" if mp else "TotalIMP"] + (["TotalPercentage"] if mp else []) + \
        ["Names", "NrBoards"]
    rows = []
    for s in result.standings:
        entry = result.event.entries[s.entry]
        cells = [s.rank, s.entry] + ([s.direction or "-"] if by_dir else []) + \
            [f"{s.score:.2f}"] + ([f"{s.percent:.2f}" if s.percent is not None else "-"]
                                  if mp else []) + \
            [";".join(entry.names) if entry.names else "-", str(s.boards)]
        rows.append(cells)
    return _layout(names, rows, {"Names", "Direction", "Rank"})


def score_table_pbn(result, board: int) -> str:
    """The ``ScoreTable`` of one board in PBN export form (padded to its column widths)."""
    from .pbn import _table_lines
    return "\n".join(_table_lines("ScoreTable", score_table(result, board))) + "\n"


def total_score_table_pbn(result) -> str:
    """The ``TotalScoreTable`` in PBN export form."""
    from .pbn import _table_lines
    return "\n".join(_table_lines("TotalScoreTable", total_score_table(result))) + "\n"


def results_records(result, deals: dict[int, str] | None = None) -> list:
    """One PBN record per board (Event, Board, Dealer and Vulnerable by Law 2 or as the
    event marks them, the deal when known, the ScoreTable); the first board also carries
    the TotalScoreTable."""
    from ..boards import dealer_of
    from .record import BoardRecord
    ev = result.event
    deals = deals if deals is not None else ev.published.get("deals", {})
    records = []
    for board in sorted(result.boards):
        rec = BoardRecord(board=board, dealer="NESW"[dealer_of(board)],
                          vulnerable=ev.vulnerable(board), deal=deals.get(board))
        rec.tags["Event"] = ev.name or ev.source or "?"
        rec.tags["Scoring"] = "MatchPoints" if result.method == "mp" else (
            "IMP;Butler" if result.method == "butler" else "IMP;Cross")
        rec.tables["ScoreTable"] = score_table(result, board)
        if not records:
            rec.tables["TotalScoreTable"] = total_score_table(result)
        records.append(rec)
    return records


def write_results_pbn(result, path, deals: dict[int, str] | None = None) -> str:
    """Write a scored event as a PBN 2.1 file of score tables; returns the text."""
    from .pbn import write_pbn
    return write_pbn(results_records(result, deals), path)
