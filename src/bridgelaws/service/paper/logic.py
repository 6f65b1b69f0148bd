"""What goes on an event's paper: the data gathered from the database for
:mod:`bridgelaws.tournament.paper`, which draws the PDF.

The hand record's double-dummy analysis (DDS) is the slow part: it runs in the
worker thread of the page that asks for it, one analysis at a time (DDS shares
every core already), for at most :data:`MAX_BOARDS` boards, and the analysis of a
board set is kept for the next download of the same set.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

from ...analysis import analyse_boards
from ...boards import Board
from ...cards import Deal
from ...tournament import paper
from ..console.logic import standings
from ..db import EventRow, ResultRow, select
from ..limits import PageError

__all__ = ["MAX_BOARDS", "file_name", "hand_record", "results", "score_cards_of",
           "table_cards_of"]

#: the most boards a hand record of the service analyses (about a second a board on
#: two cores); a larger set is refused with the reason
MAX_BOARDS = 72

_dds = threading.Lock()


def file_name(ev: EventRow, what: str) -> str:
    """``club-night-2026-11-27-hands.pdf``: the event's name in ASCII letters and digits
    (``event-7`` when it has none), the day it was created and what the file holds."""
    ascii_name = unicodedata.normalize("NFKD", ev.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:60].strip("-")
    return f"{slug or f'event-{ev.id}'}-{ev.created.strftime('%Y-%m-%d')}-{what}.pdf"


@lru_cache(maxsize=16)
def _analysed(deals: tuple[tuple[int, str], ...]):
    boards = [Board(number, Deal.from_pbn(deal)) for number, deal in deals]
    return paper.hand_boards(analyse_boards(boards))


def hand_record(ev: EventRow, per_page: int, lang: str) -> bytes:
    """The event's hand records, ``per_page`` boards a page."""
    if per_page not in paper.PER_PAGE:
        raise PageError(400, "ui.paper.per_page")
    if len(ev.boards) > MAX_BOARDS:
        raise PageError(400, "ui.paper.too_many", n=MAX_BOARDS, boards=len(ev.boards))
    deals = tuple(sorted((b.number, b.deal) for b in ev.boards))
    with _dds:
        boards = _analysed(deals)
    return paper.handrecord_pdf(boards, ev.name, per_page=per_page, lang=lang)


def _sheet_date(ev: EventRow) -> str:
    return ev.created.strftime("%Y-%m-%d")


def results(s, ev: EventRow, lang: str) -> bytes:
    """The ranking of every section (each direction of a Mitchell), from the stored
    results as the standings page computes them (the phantom left out)."""
    data = standings(s, ev)
    sections = {sec: d["standings"] for sec, d in data.items() if d["standings"]}
    sheet = paper.results_sheet(ev.name, sections, ev.scoring, _sheet_date(ev))
    return paper.results_pdf(sheet, lang)


def score_cards_of(s, ev: EventRow, lang: str) -> bytes:
    """Every pair's score card (pairs events): its boards with the contract as entered."""
    if ev.kind != "pairs":
        raise PageError(400, "ui.paper.pairs_only")
    rows = list(s.scalars(select(ResultRow).where(ResultRow.event_id == ev.id)))
    entered = {(r.section, r.round, str(r.table_no), r.board): r for r in rows}
    cards = []
    for section, d in standings(s, ev).items():
        result = d.get("result")
        if result is None:
            continue

        def line_of(sr, section=section):
            r = sr.result
            row = entered.get((section, r.round, r.table, r.board))
            if row is None or row.adjusted:
                return None, None, None
            return row.contract, row.declarer, row.tricks
        cards += paper.score_cards(result, section, standings=d["standings"], line_of=line_of)
    return paper.scorecards_pdf(cards, ev.name, lang)


def table_cards_of(ev: EventRow, lang: str) -> bytes:
    """One card per table of each section: each round's pairs and boards."""
    return paper.tablecards_pdf(paper.table_cards(ev.sittings), ev.name, lang)
