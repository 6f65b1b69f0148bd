"""Live tables over HTTP: the players' pages and live connection, the Director's side.

Players (no login: the seat token in the link is the key):

* ``GET /play/{token}``: the player's page (no card in it; the view comes over the
  connection);
* ``GET /api/play/{token}``: the seat's view as JSON;
* ``POST /api/play/{token}``: an act, ``{"action": "play", "card": "SA", "aid": "...",
  "seq": n}`` (``seq``: the log position of the view the act was made on; a call of the
  Director, ``{"action": "director", "reason": "hesitation", "text": "..."}``, is taken
  on any view; ``"replaces": "unintended"`` with a call or dummy's card corrects a
  slip, Laws 25A, 45C4b; a claim, ``{"action": "claim", "tricks": 10, "words": "draw
  trumps, then the clubs are good"}``, carries the claimer's statement, Law 68C, at
  most 500 characters); the answer
  comes once the act is stored: ``{"seq": n}`` or ``{"error": ..., "key": ...}`` (409
  with ``key`` ``stale`` and the seat's current ``view`` when the table had moved on);
* ``WS /ws/play/{token}``: the seat's view on connecting and after every change; acts
  may be sent on it too, each answered by ``{"type": "ack", "aid", "seq"}`` or
  ``{"type": "error", "aid", "key", "error"}`` (after a ``stale`` one, the seat's
  current view again).

The Director (logged in): opens a round's tables (``POST /events/{id}/live``), sees
their links, is told of calls as they are made (``GET /api/live/calls/stream``, server-sent
events, on every console page; ``GET /api/live/calls`` for platforms, both with
``?event=N``),
and rules at ``/live/{table}``: the ruling assistant opened on the table's record,
where he can choose for the player, rule a disputed claim with the claim aid's
advice, and record the ruling, which releases the table.
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, Depends, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from sqlalchemy import func

from ...cards import SEAT_NAMES, BridgeError
from ...explain import explain
from ...i18n import LANGUAGES, message
from ..db import Director, EventRow, LiveSeatRow, LiveTableRow, ResultRow, RulingRow, select
from ..limits import Id, whole_number
from ...table.core import decision_dict
from .. import choices
from . import explanations
from .logic import ActionError, Hub, director_view, open_round, seat_view, split_mode
from .seats import round_warnings, seat_head, table_head
from ..web import (check_csrf, confirm_page, current_director, lang_of, render,
                   require_director)

router = APIRouter()


def hub(request) -> Hub:
    return request.app.state.hub


async def _seat(request_or_ws, token: str) -> tuple[int, int]:
    found = await request_or_ws.app.state.hub.find(token)
    if found is None:
        raise HTTPException(404, message("ui.live.err.token", lang_of(request_or_ws)))
    return found


# --- players ----------------------------------------------------------------------------

@router.get("/play/{token}", response_class=HTMLResponse)
async def play_page(request: Request, token: str):
    if await hub(request).find_fresh(token) is None:    # a replaced link: refused at once
        raise HTTPException(404, message("ui.live.err.token", lang_of(request)))
    table_id, seat = await _seat(request, token)
    lang = lang_of(request)
    texts = {k: message(k, lang) for k in play_texts()}
    # the database is read in a worker thread: the live tables' loop goes on meanwhile
    players = await asyncio.to_thread(table_players, request,
                                      await hub(request).state(table_id))
    head = await asyncio.to_thread(seat_head, request.app.state.store, table_id, lang)
    return render(request, "play.html", token=token, seat=SEAT_NAMES[seat],
                  texts_json=json.dumps(texts, ensure_ascii=False), table_id=table_id,
                  players=players, head=head)


def table_players(request, st) -> dict[str, str]:
    """The players' names at each seat of a live table, from the event's entries
    (``console/entries.py``); empty when none were entered."""
    from ..console.entries import seat_names
    with request.app.state.store.session() as s:
        ev = s.get(EventRow, st.event_id)
        if ev is None:
            return {}
        sitting = next((x for x in ev.sittings if x.section == st.section
                        and x.round == st.round and x.table_no == st.table_no), None)
        if sitting is None:
            return {}
        return {k: v for k, v in seat_names(ev, st.section, sitting.ns, sitting.ew,
                                             st.room).items() if v}


@router.get("/api/play/{token}")
async def play_view(request: Request, token: str):
    table_id, seat = await _seat(request, token)
    st = await hub(request).state(table_id)
    return seat_view(st, seat, lang=lang_of(request))


@router.post("/api/play/{token}")
async def play_act(request: Request, token: str):
    table_id, seat = await _seat(request, token)
    try:
        act = await request.json()
    except (ValueError, RecursionError):        # not JSON, or nested too deep to read
        act = None
    if not isinstance(act, dict):
        return JSONResponse({"error": message("ui.live.err.json", lang_of(request))}, 400)
    h = hub(request)
    try:
        seq = await h.act(table_id, seat, act, aid=act.get("aid"), seq=act.get("seq"))
    except ActionError as e:
        body = {"error": e.text(lang_of(request)), "key": e.key}
        if e.key == "stale":
            # the table moved on: the seat's current view, to act again on it
            body["view"] = seat_view(await h.state(table_id), seat, lang=lang_of(request))
            return JSONResponse(body, 409)
        return JSONResponse(body, 400)
    return {"seq": seq}


@router.websocket("/ws/play/{token}")
async def play_socket(ws: WebSocket, token: str):
    h = ws.app.state.hub
    found = await h.find_fresh(token)       # the database's word: a replaced link is refused
    if found is None:
        await ws.close(code=4404)
        return
    table_id, seat = found
    lang = ws.query_params.get("lang", "en")
    lang = lang if lang in LANGUAGES else "en"
    await ws.accept()
    h.sockets.setdefault(token, set()).add(ws)  # closed if the Director replaces the link
    try:
        await _serve(ws, h, table_id, seat, lang)
    finally:
        h.sockets.get(token, set()).discard(ws)


async def _serve(ws: WebSocket, h, table_id: int, seat: int | None, lang: str,
                 actor: str | None = None) -> None:
    """Send the views of one watcher; take its acts (players only)."""
    sub = h.subscribe(table_id, seat, lang)
    sender = None
    try:
        st = await h.state(table_id)
        await ws.send_text(h.view_text(st, seat, lang=lang))

        async def send():
            while True:
                text = await sub.queue.get()
                await ws.send_text(text)

        sender = asyncio.create_task(send())
        while True:
            msg = await ws.receive_text()
            if seat is None:
                continue                        # the Director's page only watches
            try:
                act = json.loads(msg)
                if not isinstance(act, dict):
                    raise ValueError
            except (ValueError, RecursionError):    # "[" * 60000 is too deep for json
                await ws.send_text(json.dumps({"type": "error", "aid": None,
                                               "error": message("ui.live.err.json", lang)}))
                continue
            aid = act.get("aid")
            try:
                seq = await h.act(table_id, seat, act, aid=aid, seq=act.get("seq"))
            except ActionError as e:
                await ws.send_text(json.dumps({"type": "error", "aid": aid, "key": e.key,
                                               "error": e.text(lang)}))
                if e.key == "stale":
                    # the table moved on: this connection looks again
                    await ws.send_text(h.view_text(await h.state(table_id), seat, lang=lang))
                continue
            await ws.send_text(json.dumps({"type": "ack", "aid": aid, "seq": seq}))
    except WebSocketDisconnect:
        pass
    finally:
        h.unsubscribe(table_id, sub)
        if sender is not None:
            sender.cancel()


# --- the Director -----------------------------------------------------------------------

@router.post("/events/{event_id}/live")
async def open_live(request: Request, event_id: Id, d: Director = Depends(require_director)):
    form = await request.form()
    check_csrf(request, form.get("csrf"))
    section = str(form.get("section", "A")) or "A"
    round_no = whole_number(form.get("round", "1"), 1)       # limits.py: fits the database
    if round_no is None:
        raise HTTPException(400, message("ui.live.err.round", lang_of(request)))
    mode = str(form.get("mode", "laws"))
    # the event's regulation: may the defenders ask each other about a revoke (Law 61B3)?
    defenders_ask = not form.get("no_defender_questions")
    if form.get("confirm") != "1":
        with request.app.state.store.session() as s:
            _event(s, request, event_id)
            entered = s.scalar(select(func.count(ResultRow.id)).where(
                ResultRow.event_id == event_id, ResultRow.section == section,
                ResultRow.round == round_no))
        # another round still playing live, or a round with results entered, asks first
        what = await round_warnings(request, event_id, section, round_no, lang_of(request))
        if entered:
            what.append(message("ui.live.confirm_results", lang_of(request), section=section,
                                round=round_no, n=entered))
        if what:
            return confirm_page(
                request, action=f"/events/{event_id}/live",
                fields=[(k, str(v)) for k, v in form.multi_items()],
                what=what, cancel=f"/events/{event_id}")
    with request.app.state.store.transaction() as s:
        ev = _event(s, request, event_id)
        try:
            open_round(s, ev, section, round_no, mode, defenders_ask)
        except BridgeError as e:
            raise HTTPException(400, e.reason)
    return RedirectResponse(f"/events/{event_id}/live?section={section}&round={round_no}",
                            status_code=303)


def _event(s, request, event_id: int) -> EventRow:
    """The event, or a 404 in the Director's language (JSON under /api/)."""
    ev = s.get(EventRow, event_id)
    if ev is None:
        raise HTTPException(404, message("ui.live.err.event", lang_of(request), id=event_id))
    return ev


def live_tables(s, event_id: int) -> list[dict]:
    """Every live table of an event with its seats' links."""
    out = []
    rows = s.scalars(select(LiveTableRow).where(LiveTableRow.event_id == event_id)
                     .order_by(LiveTableRow.round, LiveTableRow.section, LiveTableRow.table_no,
                               LiveTableRow.room)).all()
    for row in rows:
        seats = {x.seat: x.token for x in s.scalars(select(LiveSeatRow).where(
            LiveSeatRow.live_table_id == row.id))}
        mode, regulation = split_mode(row.mode)
        out.append({"id": row.id, "section": row.section, "round": row.round,
                    "table": row.table_no, "room": row.room, "mode": mode,
                    "defenders_ask_each_other": regulation.get("defenders_ask_each_other",
                                                               True),
                    "seats": {k: seats[k] for k in SEAT_NAMES if k in seats}})
    return out


@router.get("/events/{event_id}/live", response_class=HTMLResponse)
async def live_list(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, request, event_id)
        tables = live_tables(s, event_id)
        from ..console.entries import seat_names
        for t in tables:
            sitting = next((x for x in ev.sittings if x.section == t["section"]
                            and x.round == t["round"] and x.table_no == t["table"]), None)
            t["players"] = ({} if sitting is None else seat_names(
                ev, t["section"], sitting.ns, sitting.ew, t["room"]))
        lang = lang_of(request)
        for t in tables:        # each side's next table (the movement), for the round's end
            row = s.get(LiveTableRow, t["id"])
            head = table_head(ev, row, lang)
            t["sides"] = head["sides"]
            t["next"] = {"ns": head["next_lines"]["N"], "ew": head["next_lines"]["E"]}
    h = hub(request)
    for t in tables:
        st = await h.state(t["id"])
        t["board"], t["phase"], t["call"], t["seq"] = st.board, st.table.phase, st.call, st.seq
    return render(request, "live_list.html", ev=ev, tables=tables)


@router.get("/api/events/{event_id}/live")
async def api_live_list(request: Request, event_id: Id,
                        d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        _event(s, request, event_id)
        return {"tables": live_tables(s, event_id)}


@router.get("/api/live/calls")
async def api_calls(request: Request, d: Director = Depends(require_director)):
    """The tables that have called the Director (of ``event`` only, if given): the
    Hub's index of open calls, each with where and why in the Director's language."""
    lang, event = lang_of(request), _event_filter(request)
    return {"calls": [_call_json(c, lang) for c in await hub(request).calls(event)]}


def _event_filter(request) -> int | None:
    """``?event=N``: the calls of that event only (a value that is no event's id: 404)."""
    raw = request.query_params.get("event")
    if raw is None or raw == "":
        return None
    n = whole_number(raw, 1)
    if n is None:
        raise HTTPException(404, message("ui.live.err.event", lang_of(request), id=raw[:20]))
    return n


#: a stream is closed after this long (the browser opens it again at once, and the login
#: is checked again); a comment line every KEEPALIVE seconds finds a dropped connection
STREAM_SECONDS, KEEPALIVE = 600.0, 20.0


@router.get("/api/live/calls/stream")
async def api_calls_stream(request: Request, d: Director = Depends(require_director)):
    """The open calls pushed as server-sent events: the list (as ``/api/live/calls``)
    at once and again each time it changes.  The console's pages listen with
    ``EventSource``, which reconnects by itself after a drop."""
    h, lang, event = hub(request), lang_of(request), _event_filter(request)
    q = h.watch_calls()                 # before the first list: no change is missed

    async def events():
        loop = asyncio.get_running_loop()
        until = loop.time() + STREAM_SECONDS
        try:
            yield "retry: 1000\n\n"
            while True:
                calls = [_call_json(c, lang) for c in await h.calls(event)]
                yield "data: " + json.dumps({"calls": calls}, ensure_ascii=False) + "\n\n"
                while True:
                    left = until - loop.time()
                    if left <= 0:
                        return
                    try:
                        await asyncio.wait_for(q.get(), min(KEEPALIVE, left))
                        break
                    except asyncio.TimeoutError:
                        yield ": keepalive\n\n"
        finally:
            h.unwatch_calls(q)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store",
                                      "X-Accel-Buffering": "no"})   # nginx: pass it on


def _call_json(c: dict, lang: str) -> dict:
    """One open call for the Director's pages: where (the event's name, section, round,
    table, room and board) and why, in ``lang``."""
    table = str(c["table"]) + (f" ({message('ui.room.' + c['room'], lang)})" if c["room"]
                               else "")
    return {"table_id": c["table_id"], "event": c["event"], "event_name": c["event_name"],
            "section": c["section"], "round": c["round"], "table": c["table"],
            "room": c["room"], "board": c["board"], "hold": c["hold"], "kinds": c["kinds"],
            "laws": c["laws"], "reasons": c["reasons"],
            "where": message("ui.live.call_where", lang, section=c["section"],
                             round=c["round"], table=table, board=c["board"]),
            "text": _call_text(c, lang), "parts": _call_parts(c, lang),
            "url": f"/live/{c['table_id']}"}


def _call_parts(call: dict, lang: str) -> list[dict]:
    """:func:`_call_text` in pieces, each player's note apart (the page shows a note in
    its own writing direction): ``[{"text": ..., "note": ...}]``."""
    parts = [{"text": _kind_text(k, lang), "note": ""} for k in call["kinds"]]
    for r in call.get("reasons", []):
        parts.remove({"text": _kind_text(r["reason"], lang), "note": ""})
        parts.append({"text": message("ui.live.call_reason", lang,
                                      seat=message(f"ui.seat.{r['by']}", lang),
                                      reason=_kind_text(r["reason"], lang)),
                      "note": r.get("text") or ""})
    return parts


def _call_text(call: dict, lang: str) -> str:
    """What the Director is called for, in ``lang``: the irregularities the engine saw and
    the reasons players gave, each with its caller and note."""
    parts = [_kind_text(k, lang) for k in call["kinds"]]
    for r in call.get("reasons", []):
        parts.remove(_kind_text(r["reason"], lang))
        parts.append(_reason_text(r, lang))
    return ", ".join(parts)


def _reason_text(r: dict, lang: str) -> str:
    """A player's call of the Director in ``lang``: who, why, and his note."""
    return (message("ui.live.call_reason", lang, seat=message(f"ui.seat.{r['by']}", lang),
                    reason=_kind_text(r["reason"], lang))
            + (f": {r['text']}" if r.get("text") else ""))


def _kind_text(kind: str, lang: str) -> str:
    if kind.startswith("attention_"):
        return message(f"ui.live.{kind}", lang)
    if kind == "adjustment":
        return message("ui.live.adjustment", lang)
    return message(f"irregularity.{kind}", lang)


@router.get("/live/{table_id}", response_class=HTMLResponse)
async def director_page(request: Request, table_id: Id, d: Director = Depends(require_director),
                        error: str | None = None):
    return await _director_page(request, table_id, error)


async def _director_page(request, table_id: int, error: str | None = None, status: int = 200):
    h = hub(request)
    try:
        st = await h.state(table_id)
    except BridgeError:
        raise HTTPException(404, message("ui.live.err.table", lang_of(request), id=table_id))
    lang = lang_of(request)
    t = st.table
    # the claim aid runs in the background, once per claim: the page shows at once, with
    # its answer when ready (else a notice, and the page looks again), and the Director
    # may rule without it
    advice, aid_pending = None, False
    if t.claim is not None and t.claim["kind"] == "claim" and t.director_required:
        fut = h.claim_aid(st)
        if fut is not None and fut.done():
            advice = fut.result()
        else:
            aid_pending = fut is not None
    case = st.case()
    ctx = {"event": str(st.event_id), "section": st.section, "round": str(st.round),
           "table": str(st.table_no), "board": str(st.board)}
    from ..assistant.routes import SUIT_OPTIONS, SUITS
    state = t.state()
    players = await asyncio.to_thread(table_players, request, st)
    return render(request, "live_director.html", status_code=status, st=st,
                  players=players,
                  view=director_view(st, state), state=state, lines=explain(t, lang),
                  case_json=json.dumps(case, ensure_ascii=False), ctx=ctx, advice=advice,
                  aid_pending=aid_pending,
                  error=error, suits=SUITS, suit_options=SUIT_OPTIONS,
                  suit_label=lambda x: choices.suit_label(x, lang),
                  card_label=choices.card_label,
                  expl_point=lambda at: explanations.point_text(at, lang),
                  visible_cards=(state["decision"] or {}).get("cards") or sorted(
                      {x["card"] for cards in t.penalty_cards.values() for x in cards}))


@router.get("/api/live/{table_id}/claim-aid")
async def api_claim_aid(request: Request, table_id: Id,
                        d: Director = Depends(require_director)):
    """Whether the claim aid's answer for the table's disputed claim is ready (the
    Director's page asks while it works): ``{"ready": bool, "tricks": n | null}``."""
    h = hub(request)
    try:
        st = await h.state(table_id)
    except BridgeError:
        raise HTTPException(404, message("ui.live.err.table", lang_of(request), id=table_id))
    fut = h.claim_aid(st)
    if fut is None:
        return {"ready": True, "tricks": None}
    if not fut.done():
        return {"ready": False, "tricks": None}
    return {"ready": True, "tricks": fut.result().get("tricks")}


def _claim_aid_of(request, st) -> dict | None:
    """The claim aid's answer for the table's disputed claim, if it was ready."""
    fut = hub(request).claim_aid(st, start=False)
    return fut.result() if fut is not None and fut.done() else None


@router.post("/live/{table_id}/rule", response_class=HTMLResponse)
async def director_rule(request: Request, table_id: Id, d: Director = Depends(require_director)):
    """The Director acts at the table: chooses for the player, rules a disputed claim, or
    records the ruling, which releases the table."""
    form = await request.form()
    check_csrf(request, form.get("csrf"))
    h = hub(request)
    lang = lang_of(request)
    # the log position the page showed: a form sent from a page the table has moved past
    # is refused, and the page shows the table as it is now
    seq = whole_number(form.get("seq", ""), 0)     # "²" passes isdigit, not int
    try:
        # (a page shown by another process may be ahead of this one's copy: catch up)
        st = await h.caught_up(table_id, seq)
    except BridgeError:                         # no such table: 404, as on its page
        raise HTTPException(404, message("ui.live.err.table", lang, id=table_id))
    t = st.table
    what = str(form.get("what", ""))
    actor = f"TD:{d.username}"
    try:
        if seq is not None and seq != st.seq:
            raise ActionError("stale")
        if what == "choose":
            dec = t.decision
            if dec is None:
                raise ActionError("no_decision")
            entry = {"by": SEAT_NAMES[dec.by], "choose": str(form.get("option", ""))}
            if form.get("suit"):
                entry["suit"] = str(form.get("suit"))
            if form.getlist("suits"):
                entry["suits"] = [str(x) for x in form.getlist("suits")]
            if form.get("card"):
                entry["card"] = str(form.get("card"))
            # only the values the Laws allow here; another is refused in his language
            why = choices.unlawful(decision_dict(dec), entry["choose"],
                                   entry.get("suits") or ([entry["suit"]] if "suit" in entry
                                                          else []),
                                   entry.get("card", "").strip().upper() or None)
            if why is not None:
                raise ActionError(why[0], unlawful=why)
            await h.act(table_id, None, {}, actor=actor, entry={"e": entry}, seq=seq)
        elif what in ("claim", "play_on"):
            if t.claim is None:
                raise ActionError("no_claim")
            by = SEAT_NAMES[t.claim["by"]]
            if what == "claim":
                try:
                    tricks = int(str(form.get("tricks", "")))
                except ValueError:
                    raise ActionError("bad_tricks") from None
                entry = {"by": by, "director": "claim", "tricks": tricks}
            else:
                entry = {"by": by, "director": "play_on"}
            await h.act(table_id, None, {}, actor=actor, entry={"e": entry}, seq=seq)
            # applying the ruling is releasing the table: it is filed and play goes on
            # (or the next board may be called for)
            st = await h.state(table_id)
            if st.calls and not st.table.director_required:
                await _release(request, h, d, st, str(form.get("notes", "")), lang, actor)
        elif what == "release":
            await _release(request, h, d, st, str(form.get("notes", "")), lang, actor, seq)
        else:
            raise ActionError("unknown_action", action=what[:20])
    except ActionError as e:
        return await _director_page(request, table_id, e.text(lang),
                                    409 if e.key == "stale" else 400)
    return RedirectResponse(f"/live/{table_id}", status_code=303)


async def _release(request, h: Hub, d: Director, st, notes: str, lang: str, actor: str,
                   seq: int | None = None) -> None:
    """File the table's open calls in the rulings log, then release the table."""
    if not st.calls:
        raise ActionError("no_call")
    if st.table.director_required:
        raise ActionError("director_input")
    ids = await asyncio.to_thread(_record, request, d, st, notes, lang)
    await h.act(st.id, None, {}, actor=actor, entry={"ctl": "release", "rulings": ids}, seq=seq)


def _record(request, d: Director, st, notes: str, lang: str) -> list[int]:
    """The rulings at a live table into the rulings log, one entry per irregularity
    (:meth:`LiveState.ruling_entries`: its own facts, read-out, laws, choices and
    outcome) with the board's record.  Returns the entries' ids."""
    entries = st.ruling_entries(lang)
    case = st.case()
    aid = _claim_aid_of(request, st)
    with request.app.state.store.transaction() as s:
        rows = []
        for x in entries:
            facts = dict(x["facts"])
            if aid is not None and x["kind"] in ("disputed_claim", "disputed_concession") \
                    and aid.get("tricks") is not None:
                facts["claim_aid"] = aid["tricks"]     # the claim aid's advice, as given
            if x.get("reasons"):
                # the players' own calls (9B1a): who called and why, in the reader's words
                facts["player_calls"] = [_reason_text(r, lang) for r in x["reasons"]]
            if st.statements:
                # the alerts, questions, answers and corrections at the table, who saw
                # them and when (explanations.py)
                facts["explanations"] = explanations.lines(st, lang)
            row = RulingRow(event_id=st.event_id, section=st.section, round=st.round,
                            table_no=st.table_no, board=st.board, scenario="live",
                            kind=x["kind"], facts=facts, case=case, laws=x["laws"],
                            options=x["options"], chooser=x["chooser"], choice=x["choice"],
                            explanation=x["explanation"], notes=notes.strip(),
                            director=d.username)
            s.add(row)
            rows.append(row)
        s.flush()
        return [r.id for r in rows]


@router.websocket("/ws/live/{table_id}")
async def director_socket(ws: WebSocket, table_id: Id):
    """The Director's page watches the table (login by the session cookie, which a
    browser sends from any site's page too: another site's handshake is refused, 4403;
    see ``security.same_origin``)."""
    from ..security import same_origin
    if not same_origin(ws):
        await ws.close(code=4403)
        return
    director = current_director(ws)
    if director is None:
        await ws.close(code=4401)
        return
    await ws.accept()
    await _serve(ws, ws.app.state.hub, table_id, None, "en")


def play_texts() -> list[str]:
    """The catalogue keys the player's page uses: its own, and the names of every
    irregularity and option the Laws may put on the screen."""
    from ...i18n import _catalogue
    return [*PLAY_TEXTS, *(k for k in _catalogue("en")
                           if k.startswith(("irregularity.", "option.", "ui.barred.",
                                            "ui.suit.")))]


#: the texts of the alerts and explanations on the player's page (explain.js)
EXPLAIN_TEXTS = (
    "ui.live.expl.title", "ui.live.expl.alert_next", "ui.live.expl.text", "ui.live.expl.alert_it",
    "ui.live.expl.ask_it", "ui.live.expl.answer_it", "ui.live.expl.correct_it", "ui.live.expl.send",
    "ui.live.expl.alert", "ui.live.expl.question", "ui.live.expl.correction",
    "ui.live.expl.answered", "ui.live.expl.waiting", "ui.live.expl.change_call",
    "ui.live.expl.change_help", "ui.live.expl.change_after", "ui.live.expl.withdraw",
    "ui.live.expl.partner_hidden", "ui.live.expl.which", "ui.live.expl.late",
    "ui.live.expl.at_auction", "ui.live.expl.at_clarification", "ui.live.expl.at_play",
    "ui.live.expl.at_over",
)

PLAY_TEXTS = (
    "call.P", "call.X", "call.XX",
    "ui.live.title", "ui.live.board", "ui.live.dealer", "ui.live.vulnerable", "ui.live.you",
    "ui.live.auction", "ui.live.contract", "ui.live.declarer", "ui.live.dummy",
    "ui.live.to_act", "ui.live.your_turn", "ui.live.trick", "ui.live.tricks_won",
    "ui.live.bidding_box", "ui.live.irregular_call", "ui.live.irregular_card",
    "ui.live.barred", "ui.live.lead_restrictions", "ui.live.penalty_cards", "ui.live.major",
    "ui.live.minor", "ui.live.director_called", "ui.live.waiting_director",
    "ui.live.decision", "ui.live.claim", "ui.live.claim_tricks", "ui.live.claim_line",
    "ui.live.claim_send", "ui.live.claim_by", "ui.live.accept", "ui.live.dispute",
    "ui.live.revoke", "ui.live.expose", "ui.live.next_board", "ui.live.result",
    "ui.live.connected", "ui.live.reconnecting", "ui.live.mode_laws", "ui.live.mode_strict",
    "ui.live.laws", "ui.live.over", "ui.live.all_played", "ui.live.hands",
    "ui.seat.N", "ui.seat.E", "ui.seat.S", "ui.seat.W", "ui.live.vul.none",
    "ui.live.vul.NS", "ui.live.vul.EW", "ui.live.vul.all", "ui.live.exposed",
    "ui.live.adjustment", "ui.live.attention_revoke", "ui.live.attention_defective_trick",
    "ui.restriction.require", "ui.restriction.forbid", "ui.suit.S", "ui.suit.H", "ui.suit.D",
    "ui.suit.C", "ui.live.ask", "ui.live.questions", "ui.live.question", "ui.live.answer_no",
    "ui.live.answer_yes", "ui.live.answer_pending", "ui.live.no_defender_questions",
    "ui.live.call_director", "ui.live.call_why", "ui.live.call_note", "ui.live.call_send",
    "ui.live.call_reason", "ui.live.wrong_call", "ui.live.wrong_call_help", "ui.live.wrong_card",
    "ui.live.wrong_card_help", "ui.live.cancel", "rule.every_option", "rule.option_law",
    *EXPLAIN_TEXTS,
    "ui.live.claim_words", "ui.live.claim_count", "ui.live.claim_confirm",
    "ui.live.claim_statement", "ui.live.claim_no_words", "ui.live.claim_back",
    "ui.live.err.claim_words_long", "ui.live.four_colour",
    "ui.live.link_replaced",
)
