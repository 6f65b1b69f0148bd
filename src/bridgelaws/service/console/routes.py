"""The director's console: events, tables and results, adjusted scores, standings."""

from __future__ import annotations

import logging
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from sqlalchemy.exc import OperationalError

from ...cards import BridgeError, parse_seat
from ...i18n import message
from ..db import Director, EventRow, ResultRow, RulingRow, select
from ...formats.replay import shown
from .logic import (ADJUSTED_KINDS, LAW_OF_KIND, MOVEMENTS, PHANTOM_CHOICES, SCORINGS,
                    FieldError, apply_adjusted, check_result, create_event, lead_warning,
                    line_text, next_swiss_round, progress, remove_result, rooms, save_result,
                    signed, standings,
                    table_results)
from ..limits import Id, PageError, form_data, json_body, upload_form, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director
from .entries import names_by_number

router = APIRouter()
log = logging.getLogger("bridgelaws.service")
LINE_FIELDS = ("contract", "declarer", "tricks", "score", "lead")


def _event(s, event_id: int) -> EventRow:
    ev = s.get(EventRow, event_id)
    if ev is None:
        raise PageError(404, "ui.error.no_event", id=event_id)
    return ev


@router.get("/", response_class=HTMLResponse)
def console(request: Request, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        events = list(s.scalars(select(EventRow).order_by(EventRow.id.desc())))
        recent = list(s.scalars(select(RulingRow).order_by(RulingRow.id.desc()).limit(8)))
        counts = {ev.id: s.query(ResultRow).filter(ResultRow.event_id == ev.id).count()
                  for ev in events}
        return render(request, "console.html", events=events, recent=recent, counts=counts)


# ---------------------------------------------------------------- new event

NEW_DEFAULTS = {"name": "", "kind": "pairs", "movement": "mitchell", "tables": "4",
                "sections": "1", "boards_per_round": "2", "scoring": "mp", "source": "deal",
                "seed": "", "rounds": "", "sit_out": "", "phantom": "", "arrow_switch": "",
                "relay": ""}


@router.get("/events/new", response_class=HTMLResponse)
def new_event_form(request: Request, d: Director = Depends(require_director)):
    return render(request, "event_new.html", form=NEW_DEFAULTS, errors={},
                  movements=MOVEMENTS, scorings=SCORINGS, phantoms=PHANTOM_CHOICES)


@router.post("/events/new", response_class=HTMLResponse)
def new_event(request: Request, d: Director = Depends(require_director),
              form=Depends(upload_form)):
    """Create an event.  An uploaded PBN board set (up to the upload limit of limits.py)
    is read, and the event built, in a worker thread (a ``def`` page): a large file
    holds up no other page.  An empty file, or one with no complete deal, is refused
    with the reason."""
    check_csrf(request, form.get("csrf"))
    values = {k: str(form.get(k, NEW_DEFAULTS[k])) for k in NEW_DEFAULTS}
    pbn, pbn_name = None, ""
    upload = form.get("pbn")
    if values["source"] == "pbn":
        if upload is None or not hasattr(upload, "read") or not upload.filename:
            return _new_error(request, values, FieldError("pbn", key="pbn_upload"))
        upload.file.seek(0)
        pbn, pbn_name = upload.file.read(), str(upload.filename)[:120]
    try:
        with request.app.state.store.transaction() as s:
            ev = create_event(s, name=values["name"], kind=values["kind"],
                              movement=values["movement"], tables=values["tables"],
                              sections=values["sections"],
                              boards_per_round=values["boards_per_round"],
                              scoring=values["scoring"], seed=values["seed"] or None, pbn=pbn,
                              pbn_name=pbn_name, director=d.username,
                              rounds=values["rounds"], sit_out=values["sit_out"],
                              phantom=values["phantom"], arrow_switch=values["arrow_switch"],
                              relay=bool(values["relay"]))
            event_id = ev.id
    except FieldError as e:
        return _new_error(request, values, e)
    return RedirectResponse(f"/events/{event_id}?saved=created", status_code=303)


def _new_error(request, values, e: FieldError):
    return render(request, "event_new.html", status_code=400, form=values,
                  errors={e.field: e.local(lang_of(request))}, movements=MOVEMENTS,
                  scorings=SCORINGS, phantoms=PHANTOM_CHOICES)


# ---------------------------------------------------------------- one event

@router.get("/events/{event_id}", response_class=HTMLResponse)
def event_page(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        results = list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)))
        entered: dict[tuple, int] = {}
        for r in results:
            key = (r.section, r.round, r.table_no)
            entered[key] = entered.get(key, 0) + 1
        rounds: dict[tuple[str, int], list] = {}
        for st in ev.sittings:
            rounds.setdefault((st.section, st.round), []).append(st)
        return render(request, "event.html", ev=ev, rounds=rounds, entered=entered,
                      per_table=len(rooms(ev)), saved=request.query_params.get("saved"),
                      progress=progress(s, ev), names=names_by_number(ev))


@router.get("/api/events/{event_id}/progress")
def api_progress(request: Request, event_id: Id, d: Director = Depends(require_director)):
    """Which results are in, by round and table (the event page's progress grid polls
    it): ``rounds`` (each with ``section``, ``round`` and its ``tables``: ``table``,
    ``entered``, ``owed``, ``state`` complete/partial/missing/sit_out, ``url`` of the
    table's entry form) and ``totals``; ``summary`` says it in ``?lang=``."""
    lang = lang_of(request)
    with request.app.state.store.session() as s:
        data = progress(s, _event(s, event_id))
    data["summary"] = message("ui.progress.summary", lang, **data["totals"])
    for rnd in data["rounds"]:
        for t in rnd["tables"]:
            t["label"] = message("ui.progress.cell", lang, table=t["table"], round=rnd["round"],
                                 entered=t["entered"], owed=t["owed"],
                                 state=message(f"ui.progress.state.{t['state']}", lang))
    return data


@router.get("/events/{event_id}/tables/{section}/{round_no}/{table_no}",
            response_class=HTMLResponse)
def table_form(request: Request, event_id: Id, section: str, round_no: Id, table_no: Id,
               d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _table_page(request, s, ev, section, round_no, table_no, values=None, errors={},
                           saved=request.query_params.get("saved"),
                           removed=request.query_params.get("removed"))


def _table_page(request, s, ev, section, round_no, table_no, values, errors, saved=None,
                status=200, notice=None, warnings=None, removed=None):
    st = next((x for x in ev.sittings if x.section == section and x.round == round_no
               and x.table_no == table_no), None)
    if st is None:
        raise HTTPException(404, message("ui.table.unknown", lang_of(request), section=section,
                                         round=round_no, table=table_no))
    stored = table_results(s, ev, section, round_no, table_no)
    lang = lang_of(request)
    deals = {b.number: b.deal for b in ev.boards}
    warnings = dict(warnings or {})
    lines = []
    for room in rooms(ev):
        for b in st.boards:
            key = f"{room}:{b}"
            row = stored.get((room, b))
            if values is not None and key in values:
                v = values[key]
            elif row is not None:
                v = {"contract": row.contract or "", "declarer": row.declarer or "",
                     "tricks": "" if row.tricks is None else str(row.tricks),
                     "score": "" if row.score is None else str(row.score),
                     "lead": row.lead or ""}
            else:
                v = dict.fromkeys(LINE_FIELDS, "")
            if key not in warnings and row is not None and row.lead and row.declarer:
                w = lead_warning(deals.get(b), parse_seat(row.declarer), row.lead)
                if w:                          # Law 41A: kept, with a warning
                    warnings[key] = message(w[0], lang, **w[1])
            lines.append({"key": key, "room": room, "board": b, "values": v,
                          "error": errors.get(key), "row": row, "warning": warnings.get(key),
                          "shown": line_text(row)})
    shown = {line["key"] for line in lines}
    stray = [msg for key, msg in errors.items() if key not in shown]
    return render(request, "table.html", status_code=status, ev=ev, st=st, lines=lines,
                  saved=saved, errors=errors, stray=stray, notice=notice, removed=removed,
                  names=names_by_number(ev))


@router.post("/events/{event_id}/tables/{section}/{round_no}/{table_no}",
             response_class=HTMLResponse)
def table_save(request: Request, event_id: Id, section: str, round_no: Id, table_no: Id,
               d: Director = Depends(require_director), form=Depends(form_data)):
    """Save a table's traveller lines: each correct line is committed; a wrong one is
    shown again, as typed, with the reason.  A line the database cannot store (a full
    disk) is shown again too, marked not saved (503): only committed lines count as
    saved.

    A line that changes a stored result, or one marked to be removed, is saved only
    once the director confirms it on the page that says "was +300, now +90"; each
    overwrite or removal is one transaction.  A correction recomputes the score from
    the new contract and tricks: the old score left in its field does not block it."""
    check_csrf(request, form.get("csrf"))
    store = request.app.state.store
    values: dict[str, dict] = {}
    remove: list[str] = []
    was: dict[str, str] = {}
    for name, value in form.multi_items():
        if "|" in name:
            key, field = name.rsplit("|", 1)
            if field in LINE_FIELDS:
                values.setdefault(key, {})[field] = str(value)
            elif field == "remove" and value:
                remove.append(key)
            elif field == "was":
                was[key] = str(value)
    confirmed = form.get("confirm") == "1"
    errors: dict[str, str] = {}
    warnings: dict[str, str] = {}
    saved = removed = 0
    refused = False                            # the database could not store a line
    lang = lang_of(request)
    where = dict(section=section, round_no=round_no, table_no=table_no)
    lines: list[tuple[str, str, int, dict]] = []
    for key, v in values.items():
        if key in remove or not any(x.strip() for x in v.values()):
            continue                           # an empty line: nothing to save
        room, _, board_text = key.partition(":")
        board = whole_number(board_text, 1)
        if board is None:
            errors[key] = FieldError("board", key="whole_number", value=board_text).text(lang)
            continue
        lines.append((key, room, board, v))
    # what would change: the stored lines this form overwrites or removes
    with store.session() as s:
        ev = _event(s, event_id)
        stored = table_results(s, ev, section, round_no, table_no)
        changes, stale = [], False
        for key, room, board, v in lines:
            row = stored.get((room, board))
            if row is None:
                continue
            if row.score is not None and str(row.score) == v.get("score", "").strip() \
                    and (v.get("contract") or "").strip():
                v["score"] = ""                # recomputed from the contract and tricks
            try:
                c = check_result(ev, board=board, **v)
            except BridgeError:
                continue                       # shown with its reason when saved
            if row.adjusted or (row.contract, row.declarer, row.tricks, row.score) != \
                    (c.contract, c.declarer, c.tricks, c.score):
                changes.append({"key": key, "board": board, "room": room, "remove": False,
                                "was": _ltr(line_text(row)), "now": _ltr(_checked_text(c)),
                                "token": _token(row)})
        for key in remove:
            room, _, board_text = key.partition(":")
            board = whole_number(board_text, 1)
            row = stored.get((room, board)) if board is not None else None
            if row is not None:
                changes.append({"key": key, "board": board, "room": room, "remove": True,
                                "was": _ltr(line_text(row)), "now": "", "token": _token(row)})
        stale = any(was.get(c["key"]) != c["token"] for c in changes)
        if changes and (not confirmed or stale):
            return render(request, "table_confirm.html", ev=ev, section=section,
                          round_no=round_no, table_no=table_no, changes=changes,
                          values=values, remove=remove, stale=confirmed and stale,
                          teams=ev.kind == "teams")
    for key in remove:
        room, _, board_text = key.partition(":")
        board = whole_number(board_text, 1)
        if board is None:
            continue
        try:
            with store.transaction() as s:
                ev = _event(s, event_id)
                removed += remove_result(s, ev, board=board, room=room, **where)
        except OperationalError as e:
            log.error("result not removed (event %s, %s): %s", event_id, key,
                      str(e.orig if e.orig is not None else e).splitlines()[0])
            errors[key] = message("ui.table.not_saved", lang)
            refused = True
    for key, room, board, v in lines:
        try:
            with store.transaction() as s:
                ev = _event(s, event_id)
                row = save_result(s, ev, room=room, board=board, director=d.username,
                                  **where, **v)
                if row.warning:
                    warnings[key] = message(row.warning[0], lang, **row.warning[1])
            saved += 1
        except FieldError as e:
            errors[key] = e.text(lang)
        except BridgeError as e:               # the engine's own words, with symbols
            errors[key] = shown(e.reason)
        except OperationalError as e:          # disk full, database gone: rolled back
            log.error("result not saved (event %s, %s): %s", event_id, key,
                      str(e.orig if e.orig is not None else e).splitlines()[0])
            errors[key] = message("ui.table.not_saved", lang)
            refused = True
    if errors or warnings:
        with store.session() as s:
            ev = _event(s, event_id)
            return _table_page(request, s, ev, section, round_no, table_no,
                               values=values if errors else None, errors=errors,
                               saved=str(saved), warnings=warnings,
                               status=503 if refused else 400 if errors else 200,
                               notice=message("ui.table.database", lang) if refused else None)
    return RedirectResponse(f"/events/{event_id}/tables/{section}/{round_no}/{table_no}"
                            f"?saved={saved}" + (f"&removed={removed}" if removed else ""),
                            status_code=303)


def _token(row) -> str:
    """What the director saw of a stored line when asked to confirm its change: if it
    changed meanwhile, the change is asked again."""
    return f"{row.id}:{row.score}:{row.adjusted or ''}:{row.contract or ''}:{row.tricks}"


def _ltr(text: str) -> str:
    """A score written left to right inside a sentence of any direction (a Unicode
    isolate) and on one line (no-break spaces): "+620 (4♠ N, 10)" stays so in a
    Hebrew sentence on a phone."""
    return "\u2066" + text.replace(" ", "\u00a0") + "\u2069"


def _checked_text(c) -> str:
    if c.contract and c.contract != "PASS":
        return f"{signed(c.score)} ({shown(c.contract)} {c.declarer}, {c.tricks})"
    return "0 (PASS)" if c.contract == "PASS" else signed(c.score)


# ---------------------------------------------------------------- API: results

@router.post("/api/events/{event_id}/results")
def api_result(request: Request, event_id: Id, d: Director = Depends(require_director),
               body=Depends(json_body)):
    """One traveller line as JSON: ``{"section", "round", "table", "board", "room",
    "contract", "declarer", "tricks", "score", "lead"}`` (header ``X-CSRF-Token``);
    ``tricks`` is the number taken, or give ``result`` as ``"="``, ``"+1"``, ``"-2"``.
    A lead the opening leader does not hold is saved with a ``warning`` (Law 41A)."""
    check_csrf(request, request.headers.get("x-csrf-token"))
    lang = lang_of(request)
    if not isinstance(body, dict):
        return JSONResponse({"error": message("ui.live.err.json", lang)}, 400)
    where = {}
    for field in ("round", "table", "board"):
        where[field] = whole_number(body.get(field, ""), 1)
        if where[field] is None:
            e = FieldError(field, key="whole_number", value=str(body.get(field, ""))[:20])
            return JSONResponse({"error": e.local(lang), "field": field}, 400)
    tricks = body.get("tricks")
    if isinstance(tricks, int) and not isinstance(tricks, bool) and not 0 <= tricks <= 13:
        return JSONResponse({"error": FieldError("tricks", key="tricks_range", n=tricks)
                             .local(lang), "field": "tricks"}, 400)
    if body.get("result") not in (None, ""):
        body["tricks"] = str(body["result"])
    try:
        with request.app.state.store.transaction() as s:
            ev = _event(s, event_id)
            row = save_result(s, ev, section=str(body.get("section", "A")),
                              round_no=where["round"], table_no=where["table"],
                              board=where["board"], room=str(body.get("room", "")),
                              director=d.username,
                              **{k: str(body.get(k) or "") for k in LINE_FIELDS})
            out = {"id": row.id, "board": row.board, "ns": row.ns, "ew": row.ew,
                   "contract": row.contract, "declarer": row.declarer, "tricks": row.tricks,
                   "score": row.score, "lead": row.lead}
            if row.warning:                    # a doubtful lead (Law 41A): saved, said
                out["warning"] = message(row.warning[0], lang, **row.warning[1])
    except FieldError as e:
        return JSONResponse({"error": e.local(lang), "field": e.field}, 400)
    except BridgeError as e:
        return JSONResponse({"error": e.reason, "field": e.where}, 400)
    return JSONResponse(out, 201)


@router.get("/api/csrf")
def api_csrf(request: Request, d: Director = Depends(require_director)):
    """The session's CSRF token, for API clients that logged in with the form."""
    from ..web import csrf_token
    return {"csrf": csrf_token(request)}


@router.get("/api/events")
def api_events(request: Request, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        return [{"id": ev.id, "name": ev.name, "kind": ev.kind, "scoring": ev.scoring,
                 "movement": ev.movement, "published": ev.published}
                for ev in s.scalars(select(EventRow).order_by(EventRow.id))]


@router.get("/api/events/{event_id}/standings")
def api_standings(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        data = standings(s, ev)
        return {"event": ev.id, "name": ev.name,
                "sections": {k: {"standings": v["standings"], "laws": v["laws"]}
                             for k, v in data.items()}}


@router.get("/api/events/{event_id}/results")
def api_results(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        _event(s, event_id)
        rows = s.scalars(select(ResultRow).where(ResultRow.event_id == event_id)
                         .order_by(ResultRow.section, ResultRow.round, ResultRow.table_no,
                                   ResultRow.room, ResultRow.board))
        return [{"section": r.section, "round": r.round, "table": r.table_no, "room": r.room,
                 "board": r.board, "ns": r.ns, "ew": r.ew, "contract": r.contract,
                 "declarer": r.declarer, "tricks": r.tricks, "score": r.score, "lead": r.lead,
                 "adjusted": r.adjusted, "ruling": r.ruling_id} for r in rows]


# ---------------------------------------------------------------- Swiss teams

@router.post("/events/{event_id}/swiss/next")
def swiss_next(request: Request, event_id: Id, d: Director = Depends(require_director),
               form=Depends(form_data)):
    """Pair the next round of a Swiss teams event (once the last round's results are in)."""
    check_csrf(request, form.get("csrf"))
    try:
        with request.app.state.store.transaction() as s:
            ev = _event(s, event_id)
            new = next_swiss_round(s, ev, str(form.get("section", "A")))
    except FieldError as e:
        raise PageError(400, f"ui.err.{e.key}", **e.values) from None
    return RedirectResponse(f"/events/{event_id}?saved=swiss_round#round-{new}",
                            status_code=303)


# ---------------------------------------------------------------- standings
# (the director's results and travellers: the public page's templates, before publishing)

@router.get("/events/{event_id}/travellers", response_class=HTMLResponse)
def travellers_page(request: Request, event_id: Id, d: Director = Depends(require_director)):
    """The director's results: the ranking, each board's traveller (adjusted scores as
    given), the hands, and each pair's score card, published or not."""
    from ..publish.logic import results_page_context
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return render(request, "travellers.html", **results_page_context(s, ev),
                      pair_url=lambda sec, pair: f"/events/{ev.id}/pairs/{sec.id}/{pair}",
                      ruling_url=lambda ruling: f"/rulings/{ruling}")


@router.get("/events/{event_id}/pairs/{section}/{pair}", response_class=HTMLResponse)
def director_scorecard(request: Request, event_id: Id,
                       section: Annotated[str, Path(min_length=1, max_length=8)],
                       pair: Annotated[str, Path(min_length=1, max_length=16)],
                       d: Director = Depends(require_director)):
    """A pair's score card for the director (published or not)."""
    from ..publish.routes import scorecard_page
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return scorecard_page(request, s, ev, section, pair, f"/events/{ev.id}/travellers")


@router.get("/events/{event_id}/standings", response_class=HTMLResponse)
def standings_page(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return render(request, "standings.html", ev=ev, sections=standings(s, ev))


# ---------------------------------------------------------------- adjusted scores

ADJUST_FIELDS = ("section", "round", "table", "board", "room", "kind", "ns_percent",
                 "ew_percent", "result", "weighted", "ns_result", "ew_result", "ruling", "laws",
                 "not_played")
ADJUST_DEFAULTS = {"section": "A", "round": "1", "table": "1", "board": "", "room": "",
                   "kind": "artificial", "ns_percent": "60", "ew_percent": "40"}


class _AskFirst(Exception):
    """Roll back an act that must be confirmed first; its text says what it does."""


@router.get("/events/{event_id}/adjust", response_class=HTMLResponse)
def adjust_form(request: Request, event_id: Id, d: Director = Depends(require_director)):
    values = {k: request.query_params.get(k, ADJUST_DEFAULTS.get(k, "")) for k in ADJUST_FIELDS}
    if values["not_played"] and not values["laws"]:
        values["laws"] = "12A2"                # a board not played: an artificial score
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return render(request, "adjust.html", ev=ev, form=values, errors={},
                      kinds=ADJUSTED_KINDS, law_of=LAW_OF_KIND, rooms=rooms(ev))


@router.post("/events/{event_id}/adjust", response_class=HTMLResponse)
def adjust(request: Request, event_id: Id, d: Director = Depends(require_director),
           form=Depends(form_data)):
    check_csrf(request, form.get("csrf"))
    values = {k: str(form.get(k, "")) for k in ADJUST_FIELDS}
    store = request.app.state.store
    try:
        where = {}
        for field in ("round", "table", "board"):
            where[field] = whole_number(values[field], 1)
            if where[field] is None:
                raise FieldError(field, key="whole_number", value=values[field][:20])
        laws = [x.strip() for x in values["laws"].replace(",", " ").split() if x.strip()]
        if values["not_played"]:
            laws = ["12A2", *laws]
        with store.transaction() as s:
            ev = _event(s, event_id)
            row, ruling = apply_adjusted(
                s, ev, section=values["section"] or "A", round_no=where["round"],
                table_no=where["table"], board=where["board"], room=values["room"],
                kind=values["kind"], form=values,
                director=d.username, ruling_text=values["ruling"], laws=laws,
                not_played=bool(values["not_played"]))
            if row.over is not None and form.get("confirm") != "1":
                # an adjusted score over a table result asks first: nothing is kept
                raise _AskFirst(message("ui.adjust.over_result", lang_of(request),
                                        board=row.board, table=row.table_no,
                                        round=row.round, was=_ltr(row.over)))
            ruling_id = ruling.id
    except _AskFirst as ask:                   # rolled back: asked again with Confirm
        return confirm_page(request, action=f"/events/{event_id}/adjust",
                            fields=[(k, str(v)) for k, v in form.multi_items()],
                            what=[str(ask)], cancel=f"/events/{event_id}/tables/"
                            f"{values['section'] or 'A'}/{where['round']}/{where['table']}")
    except FieldError as e:
        with store.session() as s:
            ev = _event(s, event_id)
            return render(request, "adjust.html", status_code=400, ev=ev, form=values,
                          errors={e.field: e.local(lang_of(request))}, kinds=ADJUSTED_KINDS,
                          law_of=LAW_OF_KIND, rooms=rooms(ev))
    return RedirectResponse(f"/events/{event_id}/standings?adjusted={ruling_id}",
                            status_code=303)


# the adjusted score from the likely results (Law 12C): its own module, on this router
from . import likely as _likely  # noqa: E402

router.include_router(_likely.router)
