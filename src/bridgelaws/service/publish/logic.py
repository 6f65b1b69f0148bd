"""Publishing an event's results: the results pages' data (:func:`results_report`, the
same structures as ``bridgelaws results --html``, rendered by the same templates), a PBN
file with each board's deal and score table, and USEBIO XML (one section).

The double-dummy tables and par of the boards are solved by DDS in one background
thread (:func:`analysis_pending`), never on a request's thread, and kept per deal: a
page asked for before they are ready says so and reloads itself."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from ...boards import Board, vulnerability_of
from ...formats.pbn import write_pbn
from ...formats.record import BoardRecord, ScoreTable
from ...formats.usebio import write_usebio
from ...boards import dealer_of
from ...cards import SEAT_NAMES
from ...tournament.report import (MatchRow, RankField, RankRow, Report, SectionReport,
                                  Traveller, TravellerRow, adjustment_of, analyse,
                                  analysed, contract_parts, section_report)
from ..db import EventRow, ResultRow, select
from ..console.logic import adjusted_object, standings

__all__ = ["results_page_context", "results_report", "analysis_pending", "event_pbn",
           "event_usebio"]

log = logging.getLogger("bridgelaws.service")

_VUL_PBN = {"none": "None", "NS": "NS", "EW": "EW", "all": "All"}


def _rows(s, ev: EventRow) -> list[ResultRow]:
    return list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)
                          .order_by(ResultRow.board, ResultRow.section, ResultRow.round,
                                    ResultRow.table_no, ResultRow.room)))


#: DDS runs here, one batch at a time, off the requests' threads
_SOLVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bridgelaws-dd")
_PENDING: set = set()
_PENDING_LOCK = threading.Lock()


def _solve(keys: list) -> None:
    try:
        analyse(keys)
    except Exception:                  # a deal DDS refuses: the page shows the hands only
        log.exception("double-dummy analysis failed")
    finally:
        with _PENDING_LOCK:
            _PENDING.difference_update(keys)


def analysis_pending(ev: EventRow, boards=None) -> bool:
    """Whether some board of ``ev`` (of ``boards`` when given) waits for its double-dummy
    table; the boards not solved nor being solved are sent to the background solver."""
    keys = [(b.deal, SEAT_NAMES[dealer_of(b.number)], vulnerability_of(b.number))
            for b in ev.boards if b.deal and (boards is None or b.number in boards)]
    missing = [k for k in keys if analysed(*k) is None]
    if not missing:
        return False
    with _PENDING_LOCK:
        todo = [k for k in dict.fromkeys(missing) if k not in _PENDING]
        _PENDING.update(todo)
    if todo:
        _SOLVER.submit(_solve, todo)
    return True


def _ghosts(ev: EventRow, section: str) -> set[str]:
    """The phantom pair of a section: an entry that sits at no table."""
    seated = {p for st in ev.sittings if st.section == section for p in (st.ns, st.ew)}
    return {en.number for en in ev.entries if en.section == section
            and en.number not in seated}


def results_report(s, ev: EventRow) -> Report:
    """The event's results as :class:`~bridgelaws.tournament.report.Report`: per section
    the ranking, each board's traveller (the stored contract, or the adjusted score that
    replaced it, Law 12) with its hands, and each pair's score card."""
    data = standings(s, ev)
    rows = _rows(s, ev)
    deals = {b.number: (b.deal, None, None) for b in ev.boards if b.deal}
    sections = []
    multi = len(data) > 1
    for section, sec in data.items():
        name = section if multi else None
        res = sec.get("result")
        if ev.kind == "teams":
            sections.append(_teams_section(ev, name, section, sec, rows, deals))
            continue
        if res is None:
            sections.append(SectionReport(name, ev.scoring, [], [], {}, None, 0, [], section))
            continue
        stored = {(r.round, str(r.table_no), r.board): r for r in rows
                  if r.section == section}

        def details(result, stored=stored):
            r = stored.get((result.round, result.table, result.board))
            if r is None:
                return None
            return r.contract, r.declarer, r.tricks, r.adjusted, r.ruling_id
        sections.append(section_report(res, name=name, details=details, deals=deals,
                                       hidden=_ghosts(ev, section), id=section))
    date = ev.created.date().isoformat() if ev.created else None
    return Report(ev.name, date, sections)


def _teams_section(ev, name, section, sec, rows, deals) -> SectionReport:
    """A teams section: the ranking on victory points and each board's lines (both rooms)."""
    from ...tournament.report import hand_diagram
    names = {en.number: en.names or "" for en in ev.entries if en.section == section}
    played: dict[str, int] = {}
    matches = []
    for m in sec.get("matches", []):
        done = m.get("complete")
        if done:
            played[m["home"]] = played.get(m["home"], 0) + 1
            played[m["away"]] = played.get(m["away"], 0) + 1
        matches.append(MatchRow(m["round"], str(m["table"]), m["home"],
                                names.get(m["home"], ""), m["away"], names.get(m["away"], ""),
                                *(m["imps"] + m["vps"] if done else ())))
    ranking = [RankRow(r["rank"], 0, r["pair"], r["names"], r["score"], None,
                       played.get(r["pair"], 0), None, r.get("imps"))
               for r in sec["standings"]]
    travellers = []
    by_board: dict[int, list] = {}
    for r in rows:
        if r.section == section:
            by_board.setdefault(r.board, []).append(r)
    for b, lines in sorted(by_board.items()):
        out = []
        for r in lines:
            text, passed = contract_parts(r.contract, r.declarer, r.tricks)
            adj = None
            if r.adjusted:
                adj = adjustment_of(SimpleNamespace(adjusted=adjusted_object(r.adjusted, b)),
                                    r.adjusted)
            out.append(TravellerRow(b, r.round, str(r.table_no), r.ns, r.ew,
                                    None if adj else text, passed and not adj, adj,
                                    None if adj else r.score, None, None, None, None))
        hand = hand_diagram(b, *deals[b]) if b in deals else None
        travellers.append(Traveller(b, None, out, hand))
    return SectionReport(name, "teams", [RankField(None, ranking)] if ranking else [],
                         travellers, {}, None, len(by_board), list(sec.get("laws", [])),
                         section, matches)


def results_page_context(s, ev: EventRow) -> dict:
    """What a results page shows: the report, and whether the hands' analysis is pending."""
    report = results_report(s, ev)
    played = {t.board for sec in report.sections for t in sec.travellers}
    return {"ev": ev, "report": report, "dd_pending": analysis_pending(ev, played)}


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
