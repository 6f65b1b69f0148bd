"""Who sits where at the live tables, and where each pair goes next.

* The player's page opens with a header: the event, section, round and table, the
  pairs (or teams) at North-South and East-West with the players' names, and which
  seat is the reader's; once his last board of the round is over, where he plays in
  the next round (from the event's movement: its sittings).
* The Director shows one seat's link as a QR code on his screen
  (``GET /live-seats/{table}/{seat}``), prints table cards with the four seats' QR
  codes (``GET /events/{id}/live/cards``, one card per table, A4), and gives a seat a
  new link when a player's device fails (``POST /live-seats/{table}/{seat}/renew``,
  asked first): the old token is deleted, so it is refused from then on in every
  process (the others hear it over ``pg_notify``), and a connection still open on it
  is closed.

A seat link opened on two devices at once works on both: both see the seat's view and
either may act (an act made on a view the table has moved past is refused as stale, so
the two cannot both play a card).  Taking the seat away from the older one would make
two tabs of one player push each other off in turn; a lost or borrowed device is locked
out with a new link instead.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from markupsafe import Markup
from sqlalchemy import text

from ...cards import SEAT_NAMES
from ...i18n import message
from ...table import COMPLETE
from ..db import Director, EventRow, LiveSeatRow, LiveTableRow, select
from ..limits import Id, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director
from .logic import new_token

router = APIRouter()


# --- the movement: where a pair plays next ---------------------------------------------

def _sitting(ev: EventRow, section: str, round_no: int, table_no: int):
    return next((x for x in ev.sittings if x.section == section and x.round == round_no
                 and x.table_no == table_no), None)


def seat_contestant(sitting, seat: str, room: str = "") -> str | None:
    """The pair (or team) whose player sits at ``seat``: in a team match the home team
    (``ns``) sits North-South in the open room, East-West in the closed room."""
    ns_side = seat in ("N", "S")
    if room == "closed":
        ns_side = not ns_side
    return sitting.ns if ns_side else sitting.ew


def next_round(ev: EventRow, section: str, round_no: int, contestant: str | None,
               room: str = "") -> dict:
    """Where ``contestant`` plays in the round after ``round_no``, from the event's
    sittings: ``{"kind": "table", "table", "direction": "ns"|"ew", "room", "boards"}``,
    ``{"kind": "sit_out"}``, ``{"kind": "last"}``, or ``{"kind": "later"}`` (a Swiss
    event's next round is drawn once this one is over).  In a team match the same
    players stay in their room (a team's first two players in the open room, its last
    two in the closed one), North-South in the open room when home."""
    rounds = {x.round for x in ev.sittings if x.section == section}
    if not any(r > round_no for r in rounds):
        planned = len(ev.boards) // ev.boards_per_round if ev.boards_per_round else 0
        if ev.movement == "swiss" and round_no < planned:
            return {"kind": "later"}
        return {"kind": "last"}
    nxt = min(r for r in rounds if r > round_no)
    for x in ev.sittings:
        if x.section != section or x.round != nxt or contestant not in (x.ns, x.ew):
            continue
        if x.ns is None or x.ew is None or not x.boards:
            break                               # no opponents: a sit-out
        home = x.ns == contestant
        if room:
            direction = "ns" if home == (room == "open") else "ew"
        else:
            direction = "ns" if home else "ew"
        return {"kind": "table", "round": nxt, "table": x.table_no, "direction": direction,
                "room": room, "boards": boards_text(x.boards)}
    return {"kind": "sit_out", "round": nxt}


def boards_text(boards) -> str:
    """Boards as people write them: ``7-9`` for a run, else ``1, 4, 9``."""
    b = [int(x) for x in boards]
    if len(b) > 1 and b == list(range(b[0], b[0] + len(b))):
        return f"{b[0]}-{b[-1]}"
    return ", ".join(str(x) for x in b)


def next_text(nxt: dict, lang: str) -> str:
    """The next-round line in ``lang``: "Next round: table 4, East-West, boards 7-9"."""
    kind = nxt["kind"]
    if kind != "table":
        return message(f"ui.seats.next_{kind}", lang)
    where = message(f"ui.event.{nxt['direction']}", lang)
    if nxt.get("room"):
        where = message(f"ui.room.{nxt['room']}", lang) + ", " + where
    return message("ui.seats.next_table", lang, table=nxt["table"], where=where,
                   boards=nxt["boards"])


# --- who sits where --------------------------------------------------------------------

def table_head(ev: EventRow, row, lang: str = "en") -> dict:
    """A live table's header: event, section, round, table, room; each side's pair or
    team number and the players' names; each seat's next round (and its line in
    ``lang``)."""
    from ..console.entries import seat_names
    sitting = _sitting(ev, row.section, row.round, row.table_no)
    ns = sitting.ns if sitting else None
    ew = sitting.ew if sitting else None
    names = seat_names(ev, row.section, ns, ew, row.room) if sitting else {}
    room = row.room or ""
    # the pair (team) at each side of this table: in the closed room the home team is E-W
    sides = {"ns": ew if room == "closed" else ns, "ew": ns if room == "closed" else ew}
    nexts = {}
    for seat in SEAT_NAMES:
        who = seat_contestant(sitting, seat, room) if sitting else None
        nexts[seat] = next_round(ev, row.section, row.round, who, room)
    return {"event": ev.name, "event_id": ev.id, "section": row.section,
            "round": row.round, "table": row.table_no, "room": room,
            "teams": ev.kind == "teams", "sides": sides,
            "names": {k: v for k, v in names.items() if v}, "next": nexts,
            "next_lines": {k: next_text(v, lang) for k, v in nexts.items()}}


def seat_head(store, table_id: int, lang: str = "en") -> dict | None:
    """:func:`table_head` of a live table, read from the database (a worker thread)."""
    with store.session() as s:
        row = s.get(LiveTableRow, table_id)
        ev = s.get(EventRow, row.event_id) if row is not None else None
        if ev is None:
            return None
        return table_head(ev, row, lang)


# --- QR codes --------------------------------------------------------------------------

def seat_url(request, token: str) -> str:
    """A seat's link as the players open it (this service's address, as the Director
    reached it)."""
    return str(request.base_url).rstrip("/") + f"/play/{token}"


def qr_svg(url: str, title: str) -> Markup:
    """The QR code of ``url`` as an inline SVG (segno; error correction M, the quiet
    zone of four modules a phone's camera needs), sized by the page's CSS."""
    import segno
    qr = segno.make(url, error="m", micro=False)
    return Markup(qr.svg_inline(scale=1, border=4, omitsize=True, title=title,
                                svgclass="qr", lineclass="qrline", dark="#000",
                                light="#fff"))


def _table(s, request, table_id: int) -> tuple[LiveTableRow, EventRow]:
    row = s.get(LiveTableRow, table_id)
    ev = s.get(EventRow, row.event_id) if row is not None else None
    if ev is None:
        raise HTTPException(404, message("ui.live.err.table", lang_of(request), id=table_id))
    return row, ev


def _seat_name(request, seat: str) -> str:
    seat = seat.upper()
    if seat not in SEAT_NAMES:
        raise HTTPException(404, message("ui.live.err.bad_seat", lang_of(request),
                                         seat=seat[:2]))
    return seat


@router.get("/live-seats/{table_id}/{seat}", response_class=HTMLResponse)
def seat_qr_page(request: Request, table_id: Id, seat: str,
                 d: Director = Depends(require_director)):
    """One seat's link as a QR code on the Director's screen, for the player to scan;
    and its "new link" button."""
    seat = _seat_name(request, seat)
    lang = lang_of(request)
    with request.app.state.store.session() as s:
        row, ev = _table(s, request, table_id)
        token = s.scalar(select(LiveSeatRow.token).where(
            LiveSeatRow.live_table_id == table_id, LiveSeatRow.seat == seat))
        head = table_head(ev, row, lang)
    if token is None:
        raise HTTPException(404, message("ui.live.err.table", lang, id=table_id))
    url = seat_url(request, token)
    return render(request, "live_seat.html", head=head, seat=seat, url=url, table_id=table_id,
                  qr=qr_svg(url, message(f"ui.seat.{seat}", lang)))


@router.post("/live-seats/{table_id}/{seat}/renew")
async def renew_seat(request: Request, table_id: Id, seat: str,
                     d: Director = Depends(require_director)):
    """A new link for a seat (a player's phone died, or the link went astray): asked
    first; the old token is deleted and stops working in every process at once, and a
    connection still open on it is closed."""
    form = await request.form()
    check_csrf(request, form.get("csrf"))
    seat = _seat_name(request, seat)
    lang = lang_of(request)
    store = request.app.state.store
    h = request.app.state.hub
    if form.get("confirm") != "1":
        with store.session() as s:
            row, ev = _table(s, request, table_id)
            what = message("ui.seats.confirm_new", lang, seat=message(f"ui.seat.{seat}", lang),
                           table=row.table_no, section=row.section, round=row.round)
        return confirm_page(request, action=f"/live-seats/{table_id}/{seat}/renew",
                            fields=[], what=[what], cancel=f"/live-seats/{table_id}/{seat}")
    old = await asyncio.to_thread(_renew, store, request, table_id, seat, h.origin)
    await h.revoke(old)
    return RedirectResponse(f"/live-seats/{table_id}/{seat}", status_code=303)


def _renew(store, request, table_id: int, seat: str, origin: str) -> str:
    """Replace the seat's token in one transaction (the other processes are told on
    commit); returns the old token."""
    with store.transaction() as s:
        _table(s, request, table_id)
        row = s.scalar(select(LiveSeatRow).where(LiveSeatRow.live_table_id == table_id,
                                                 LiveSeatRow.seat == seat))
        if row is None:
            raise HTTPException(404, message("ui.live.err.table", lang_of(request),
                                             id=table_id))
        old = row.token
        s.delete(row)
        s.flush()
        s.add(LiveSeatRow(token=new_token(), live_table_id=table_id, seat=seat))
        if store.backend == "postgresql":
            # delivered on commit: every process forgets the old token and closes its
            # connections on it (Hub._heard)
            s.execute(text("SELECT pg_notify('bridgelaws_live', :n)"),
                      {"n": f"{origin}:revoke:{old}"})
    return old


@router.get("/events/{event_id}/live/cards", response_class=HTMLResponse)
def table_cards(request: Request, event_id: Id, section: str | None = None,
                round: str | None = None, d: Director = Depends(require_director)):
    """Table cards to print (A4): one card per live table with its four seats' QR codes
    and links; the round's given (``?round=``), else the last round opened."""
    lang = lang_of(request)
    with request.app.state.store.session() as s:
        ev = s.get(EventRow, event_id)
        if ev is None:
            raise HTTPException(404, message("ui.live.err.event", lang, id=event_id))
        q = select(LiveTableRow).where(LiveTableRow.event_id == event_id)
        if section:
            q = q.where(LiveTableRow.section == section[:8])
        rows = s.scalars(q.order_by(LiveTableRow.round, LiveTableRow.section,
                                    LiveTableRow.table_no, LiveTableRow.room)).all()
        rounds = sorted({r.round for r in rows})
        want = whole_number(round or "", 1) or (rounds[-1] if rounds else None)
        cards = []
        for row in rows:
            if row.round != want:
                continue
            tokens = {x.seat: x.token for x in s.scalars(select(LiveSeatRow).where(
                LiveSeatRow.live_table_id == row.id))}
            seats = []
            for seat in SEAT_NAMES:
                if seat not in tokens:
                    continue
                url = seat_url(request, tokens[seat])
                seats.append({"seat": seat, "url": url,
                              "qr": qr_svg(url, message(f"ui.seat.{seat}", lang))})
            cards.append({"head": table_head(ev, row, lang), "seats": seats})
    return render(request, "live_cards.html", ev=ev, cards=cards, round_no=want,
                  rounds=rounds)


# --- opening a round: what is still going on ------------------------------------------

async def round_warnings(request, event_id: int, section: str, round_no: int,
                         lang: str) -> list[str]:
    """What opening ``round_no`` live would cut across: another round of the section
    whose live tables are still playing ("Round 2 is still playing at 3 tables")."""
    with request.app.state.store.session() as s:
        rows = s.execute(select(LiveTableRow.id, LiveTableRow.round).where(
            LiveTableRow.event_id == event_id, LiveTableRow.section == section,
            LiveTableRow.round != round_no)).all()
    h = request.app.state.hub
    playing: dict[int, int] = {}
    for table_id, rnd in rows:
        st = await h.state(table_id)
        over = st.table.phase == COMPLETE and st.index + 1 >= len(st.boards)
        if not over:
            playing[rnd] = playing.get(rnd, 0) + 1
    return [message("ui.seats.confirm_playing", lang, round=rnd, n=n, section=section,
                    open=round_no) for rnd, n in sorted(playing.items())]
