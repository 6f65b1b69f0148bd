"""Publishing over HTTP: the Director publishes an event's results (and withdraws them);
once published, anyone may read the results page and download the PBN and USEBIO files."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...i18n import message
from ..console.routes import _event
from ..db import Director
from ..limits import Id, PageError, form_data, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director
from .logic import event_pbn, event_usebio, results_page_context, results_report

router = APIRouter()


@router.post("/events/{event_id}/publish")
def publish(request: Request, event_id: Id, d: Director = Depends(require_director),
            form=Depends(form_data)):
    """Publish the results (public pages) and open the correction period: 30 minutes
    unless the director gives another (Law 92B; 79C)."""
    check_csrf(request, form.get("csrf"))
    publishing = form.get("action") != "unpublish"
    text = str(form.get("minutes", "30")).strip() or "30"
    minutes = whole_number(text, 0, 7 * 24 * 60)
    if publishing and minutes is None:
        raise PageError(400, "ui.err.minutes", value=text[:20])
    if form.get("confirm") != "1":              # publishing and withdrawing ask first
        lang = lang_of(request)
        with request.app.state.store.session() as s:
            ev = _event(s, event_id)
            what = (message("ui.publish.confirm", lang, event=ev.name, minutes=minutes)
                    if publishing else message("ui.publish.confirm_withdraw", lang,
                                               event=ev.name))
        return confirm_page(request, action=f"/events/{event_id}/publish",
                            fields=[(k, str(v)) for k, v in form.multi_items()],
                            what=[what], cancel=f"/events/{event_id}")
    with request.app.state.store.transaction() as s:
        ev = _event(s, event_id)
        ev.published = publishing
        if ev.published:
            ev.correction_until = (dt.datetime.now(dt.timezone.utc)
                                   + dt.timedelta(minutes=minutes))
    return RedirectResponse(f"/events/{event_id}?saved=published", status_code=303)


def _published_event(request, s, event_id):
    ev = _event(s, event_id)
    from ..web import current_director      # a logged-out cookie is no login (security.py)
    if not ev.published and current_director(request) is None:
        raise HTTPException(404, message("ui.results.not_published", lang_of(request)))
    return ev


@router.get("/results/{event_id}", response_class=HTMLResponse)
def results_page(request: Request, event_id: Id):
    """The published results: the ranking, each board's traveller with its hands, each
    pair's score card a click away (public once published)."""
    with request.app.state.store.session() as s:
        ev = _published_event(request, s, event_id)
        return render(request, "results.html", **results_page_context(s, ev),
                      pair_url=lambda sec, pair: f"/results/{ev.id}/pairs/{sec.id}/{pair}")


#: a section's or a pair's id in an address (the database keeps 8 and 16 characters)
SectionId = Annotated[str, Path(min_length=1, max_length=8)]
PairId = Annotated[str, Path(min_length=1, max_length=16)]


def scorecard_page(request: Request, s, ev, section: str, pair: str, back: str):
    """The score card of one pair of ``section``: a 404 in the reader's language when the
    section has no such pair."""
    report = results_report(s, ev)
    sec = next((x for x in report.sections if x.id == section), None)
    card = sec.scorecards.get(pair) if sec is not None else None
    if card is None:
        raise HTTPException(404, message("ui.results.unknown_pair", lang_of(request),
                                         section=section, pair=pair))
    director = back.startswith("/events/")
    return render(request, "scorecard.html", ev=ev, sec=sec, card=card, back=back,
                  link_boards=False,
                  ruling_url=(lambda ruling: f"/rulings/{ruling}") if director else None)


@router.get("/results/{event_id}/pairs/{section}/{pair}", response_class=HTMLResponse)
def results_scorecard(request: Request, event_id: Id, section: SectionId, pair: PairId):
    """A pair's score card: each board with the round, the opponents, the contract, the
    score, the matchpoints and the percentage (public once the results are published)."""
    with request.app.state.store.session() as s:
        ev = _published_event(request, s, event_id)
        return scorecard_page(request, s, ev, section, pair, f"/results/{ev.id}")


def _download(request, event_id: int, write, media_type: str, name: str) -> Response:
    """A published event's results written by ``write(session, event)``, as a file."""
    with request.app.state.store.session() as s:
        ev = _published_event(request, s, event_id)
        return Response(write(s, ev), media_type=media_type, headers={
            "Content-Disposition": f'attachment; filename="event-{ev.id}{name}"'})


@router.get("/results/{event_id}/event.pbn")
def results_pbn(request: Request, event_id: Id):
    return _download(request, event_id, event_pbn, "application/x-pbn; charset=utf-8", ".pbn")


@router.get("/results/{event_id}/usebio.xml")
def results_usebio(request: Request, event_id: Id):
    from ..web import current_director      # member numbers: for the director only
    director = current_director(request) is not None
    return _download(request, event_id,
                     lambda s, ev: event_usebio(s, ev, members=director),
                     "application/xml", "-usebio.xml")
