"""Publishing over HTTP: the Director publishes an event's results (and withdraws them);
once published, anyone may read the results page and download the PBN and USEBIO files."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...i18n import message
from ..console.routes import _event
from ..db import Director
from ..limits import Id, PageError, form_data, whole_number
from ..web import check_csrf, confirm_page, lang_of, render, require_director
from .logic import event_pbn, event_usebio, results_page_context

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
    """The published results: standings and travellers (public once published)."""
    with request.app.state.store.session() as s:
        ev = _published_event(request, s, event_id)
        return render(request, "results.html", **results_page_context(s, ev))


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
