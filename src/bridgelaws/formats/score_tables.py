"""Events from PBN score tables, and score tables written back (PBN 2.1 section 5).

:func:`event_from_pbn` reads the ``ScoreTable`` of every board (pairs:
``PairId_NS``/``PairId_EW``; individuals: ``PlayerId_North``... ) and the
``TotalScoreTable`` (names) of a PBN file, as Ruter and Magic Contest export
them, into an :class:`~bridgelaws.tournament.event.Event` of raw results:
contract, declarer and tricks, or an artificial score (``A+``, ``A=``, ``A-``,
``A60``).  The published matchpoints, IMPs and totals go to ``published``.

:func:`score_table_pbn` and :func:`total_score_table_pbn` write the tables of a
scored event in PBN 2.1 form (``[ScoreTable "Table\\2R;..."]`` and one line per
row, strings quoted).  (formats/pbn.py writes records; these two add the
results tables, which it does not write.)
"""

from __future__ import annotations

from ..cards import BridgeError
from ..scoring.adjusted import ArtificialScore
from ..tournament.event import Event, Result

__all__ = ["event_from_pbn", "event_from_records", "score_table_pbn", "total_score_table_pbn",
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
        return float(text)
    except ValueError:
        return None


def event_from_pbn(path, *, name: str | None = None) -> Event:
    """Read a PBN file's score tables as an :class:`Event`."""
    from .pbn import read_pbn
    records = read_pbn(path, name=name)
    return event_from_records(records, source=str(name or path))


def event_from_records(records, source: str = "<pbn>") -> Event:
    ev = Event(source=source)
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
                e = ev.add_entry(pid, [n.strip() for n in names.split(" - ")] if names else [])
                e.published = row
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
        individual = "PlayerId_North" in names
        if individual:
            ev.kind = "individual"
        elif "PairId_NS" not in names:
            raise BridgeError("the ScoreTable names neither pairs (PairId_NS) nor players "
                              "(PlayerId_North)", where0)
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
            for pid in ns + ew:
                ev.add_entry(pid)
            r = Result(board, ns, ew, where=where, lead=row.get("Lead"),
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


def _q(v) -> str:
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def score_table_pbn(result, board: int) -> str:
    """The PBN ``ScoreTable`` of one board of a scored event."""
    mp = result.method == "mp"
    pts = ("MP_NS", "MP_EW") if mp else ("IMP_NS", "IMP_EW")
    cols = ["PairId_NS\\2R", "PairId_EW\\2R", "Contract\\4L", "Declarer\\1R", "Result\\2R",
            "Score_NS\\6R", "Score_EW\\6R", pts[0] + "\\5R", pts[1] + "\\5R"]
    if mp:
        cols += ["Percentage_NS\\3R", "Percentage_EW\\3R"]
    lines = [f"[ScoreTable {_q(';'.join(cols))}]"]
    for sr in result.boards.get(board, []):
        r = sr.result
        if isinstance(r.adjusted, ArtificialScore):
            s_ns, s_ew = f"A{r.adjusted.ns:g}", f"A{r.adjusted.ew:g}"
            contract = decl = tricks = "-"
        else:
            s = sr.ns_score
            s_ns = _q(s) if s is not None and s >= 0 else "-"
            s_ew = _q(-s) if s is not None and s < 0 else "-"
            contract = r.contract or "-"
            decl = r.declarer or "-"
            tricks = "-" if r.tricks is None else str(r.tricks)
        cells = [" ".join(r.ns), " ".join(r.ew), contract, decl, tricks, s_ns, s_ew,
                 f"{sr.ns_points:.1f}" if sr.ns_points is not None else "-",
                 f"{sr.ew_points:.1f}" if sr.ew_points is not None else "-"]
        if mp:
            cells += [f"{sr.ns_percent:.0f}" if sr.ns_percent is not None else "-",
                      f"{sr.ew_percent:.0f}" if sr.ew_percent is not None else "-"]
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n"


def total_score_table_pbn(result) -> str:
    """The PBN ``TotalScoreTable`` of a scored event: rank, pair, score, percentage, names."""
    mp = result.method == "mp"
    cols = ["Rank\\2R", "PairId\\3R", ("TotalScoreMP" if mp else "TotalScoreIMP") + "\\7R"]
    if mp:
        cols.append("TotalPercentage\\5R")
    cols += ["Names\\40L", "NrBoards\\2R"]
    lines = [f"[TotalScoreTable {_q(';'.join(cols))}]"]
    for s in result.standings:
        cells = [s.rank, s.entry, f"{s.score:.2f}"]
        if mp:
            cells.append(f"{s.percent:.2f}" if s.percent is not None else "-")
        cells += [_q(s.names), str(s.boards)]
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n"
