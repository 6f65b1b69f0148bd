"""Publishing an event's results: the HTML page's data, a PBN file with each board's
deal and score table, and USEBIO XML (one section)."""

from __future__ import annotations

from ...boards import Board, vulnerability_of
from ...formats.pbn import write_pbn
from ...formats.record import BoardRecord, ScoreTable
from ...formats.usebio import write_usebio
from ..db import EventRow, ResultRow, select
from ..console.logic import standings

__all__ = ["results_page_context", "event_pbn", "event_usebio"]

_VUL_PBN = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}


def _rows(s, ev: EventRow) -> list[ResultRow]:
    return list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)
                          .order_by(ResultRow.board, ResultRow.section, ResultRow.round,
                                    ResultRow.table_no, ResultRow.room)))


def results_page_context(s, ev: EventRow) -> dict:
    """Standings per section and each board's traveller, with points when scored."""
    data = standings(s, ev)
    travellers: dict[int, list[dict]] = {}
    points: dict[tuple, tuple] = {}
    for section, sec in data.items():
        res = sec.get("result")
        if res is None:
            continue
        for b, srs in res.boards.items():
            for sr in srs:
                r = sr.result
                points[(section, b, r.round, r.table)] = (sr.ns_points, sr.ew_points)
    for r in _rows(s, ev):
        p = points.get((r.section, r.board, r.round, str(r.table_no)), (None, None))
        travellers.setdefault(r.board, []).append({
            "section": r.section, "round": r.round, "table": r.table_no, "room": r.room,
            "ns": r.ns, "ew": r.ew, "contract": r.contract, "declarer": r.declarer,
            "tricks": r.tricks, "score": r.score, "lead": r.lead, "adjusted": r.adjusted,
            "ns_points": p[0], "ew_points": p[1]})
    deals = {b.number: b.deal for b in ev.boards}
    from ..console.entries import names_by_number
    return {"ev": ev, "sections": data, "travellers": travellers, "deals": deals,
            "names": names_by_number(ev)}


def pbn_names(ev: EventRow) -> dict[tuple[str, str], str]:
    """(section, number) -> the ``<names>`` of a ScoreTable (PBN 2.1 chapter 5.9: a
    pair's two players separated by ``;``, or a team's name); '-' when none is known."""
    out = {}
    for en in ev.entries:
        if ev.kind == "pairs" and en.players:
            out[(en.section, en.number)] = ";".join(p.name.replace(";", ",")
                                                      for p in en.players)
        else:
            out[(en.section, en.number)] = (en.names or "-").replace(";", ",")
    return out


def event_pbn(s, ev: EventRow) -> str:
    """PBN 2.1: one game per board (its deal), with a ``ScoreTable`` of every result,
    naming the players of both pairs (``Names_NS``, ``Names_EW``)."""
    by_board: dict[int, list[ResultRow]] = {}
    names = pbn_names(ev)
    for r in _rows(s, ev):
        by_board.setdefault(r.board, []).append(r)
    records = []
    for b in ev.boards:
        board = Board(b.number)
        rec = BoardRecord(board=b.number, dealer="NESW"[board.dealer],
                          vulnerable=vulnerability_of(b.number), deal=b.deal)
        rec.tags.update({"Event": ev.name, "Site": "", "Date": ev.created.strftime("%Y.%m.%d"),
                         "Board": str(b.number), "Dealer": "NESW"[board.dealer],
                         "Vulnerable": _VUL_PBN[vulnerability_of(b.number)], "Deal": b.deal})
        rows = []
        for r in by_board.get(b.number, []):
            contract = r.contract or ""
            rows.append([r.section, str(r.round), str(r.table_no), r.ns, r.ew,
                         names.get((r.section, r.ns), "-"), names.get((r.section, r.ew), "-"),
                         contract if contract != "PASS" else "Pass", r.declarer or "-",
                         "-" if r.tricks is None else str(r.tricks),
                         "-" if r.score is None or r.adjusted else str(r.score),
                         r.adjusted or "-"])
        if rows:
            rec.tables["ScoreTable"] = ScoreTable(
                ["Section\\1R", "Round\\2R", "Table\\2R", "PairId_NS\\3R", "PairId_EW\\3R",
                 "Names_NS\\20L", "Names_EW\\20L", "Contract\\5L", "Declarer\\1R",
                 "Result\\2R", "Score_NS\\6R", "Adjusted\\16L"], rows)
        records.append(rec)
    return write_pbn(records)


def event_usebio(s, ev: EventRow, section: str | None = None, members: bool = True) -> str:
    """USEBIO 1.2 of a pairs section (the first by default): the players' names, and
    their member numbers (``NATIONAL_ID_NUMBER``) unless ``members`` is false (the
    public download: a member number is for the director who sends the file on)."""
    data = standings(s, ev)
    section = section or next(iter(sorted(data)), "A")
    res = data.get(section, {}).get("result")
    if res is None:
        from ...tournament.event import Event
        from ...tournament.results import score_event
        res = score_event(Event(name=ev.name), ev.scoring if ev.kind == "pairs" else "mp")
    if not members:
        for e in res.event.entries.values():
            e.members = []
    return write_usebio(res)
