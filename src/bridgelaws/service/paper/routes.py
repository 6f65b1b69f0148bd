"""The paper room's downloads: each a PDF of one event, one click from the event page,
for the Director (``Content-Disposition: attachment``, named after the event and the
day).  They are ``def`` pages: the PDF is drawn, and a hand record's double-dummy
analysis done, in a worker thread, never on the event loop."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from ..console.routes import _event
from ..db import Director
from ..limits import Id, PageError, whole_number
from ..web import lang_of, require_director
from .logic import file_name, hand_record, results, score_cards_of, table_cards_of

router = APIRouter()


def _pdf(data: bytes, name: str) -> Response:
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{name}"',
        "Cache-Control": "no-store"})


@router.get("/events/{event_id}/paper/hands.pdf")
def hands_pdf(request: Request, event_id: Id, d: Director = Depends(require_director)):
    text = request.query_params.get("per_page", "4")
    per_page = whole_number(text, 2, 4)
    if per_page is None:
        raise PageError(400, "ui.paper.per_page")
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _pdf(hand_record(ev, per_page, lang_of(request)), file_name(ev, "hands"))


@router.get("/events/{event_id}/paper/results.pdf")
def results_pdf(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _pdf(results(s, ev, lang_of(request)), file_name(ev, "results"))


@router.get("/events/{event_id}/paper/scorecards.pdf")
def scorecards_pdf(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _pdf(score_cards_of(s, ev, lang_of(request)), file_name(ev, "scorecards"))


@router.get("/events/{event_id}/paper/tables.pdf")
def tables_pdf(request: Request, event_id: Id, d: Director = Depends(require_director)):
    with request.app.state.store.session() as s:
        ev = _event(s, event_id)
        return _pdf(table_cards_of(ev, lang_of(request)), file_name(ev, "tables"))
