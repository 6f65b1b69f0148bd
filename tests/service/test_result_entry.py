"""Result entry that cannot lose or corrupt a score (issue 17, points 3, 4, 5, 7), over HTTP.

A stored result can be corrected (the score is recomputed from the new contract and
tricks, and the overwrite is confirmed on a page that says "was +420, now −50"), removed
(confirmed first), or marked not played, which asks for an adjusted score (Law 12A2).
An opening lead is optional: a wrong one is a warning, never a reason to lose the score
(Law 41A).  A weighted score (Law 12C1c) takes overtricks (``70% 3NT+1 E``).  Every
destructive act asks first: publishing, withdrawing, an adjusted score over a table
result, a live round opened where results exist.
"""

from __future__ import annotations

import html
import re

from bridgelaws.boards import vulnerability_of
from bridgelaws.cards import Deal, parse_card
from bridgelaws.i18n import message
from bridgelaws.scoring.contract import Contract, score_ns
from bridgelaws.scoring.matchpoints import WeightedScore
from bridgelaws.service.console.logic import adjusted_object, parse_adjusted, signed
from bridgelaws.service.db import EventRow, LiveTableRow, ResultRow, RulingRow, select

from .test_service_api import (PASSWORD, app, client, line,  # noqa: F401 (fixtures)
                               new_event, standings, token)

TABLE = "/events/{eid}/tables/A/1/1"


def ns(contract: str, seat: str, tricks: int, board: int = 1) -> int:
    return score_ns(Contract.parse(contract), "NESW".index(seat), vulnerability_of(board),
                    tricks)


def confirm_fields(page: str) -> dict:
    """The hidden fields of the confirmation form (what Confirm posts again)."""
    form = re.search(r'<section class="confirm".*?<form method="post" action="([^"]+)">'
                     r'(.*?)</form>', page, re.S)
    assert form, page[-2000:]
    return {m.group(1): html.unescape(m.group(2))
            for m in re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                                 form.group(2))}


def plain(page: str) -> str:
    """The page's text without the isolates and no-break spaces that keep a score left
    to right and on one line."""
    return (html.unescape(page).replace("\u2066", "").replace("\u2069", "")
            .replace("\u00a0", " "))


def stored(client, board=1, table=1, rnd=1):
    with client.app.state.store.session() as s:
        return s.scalar(select(ResultRow).where(ResultRow.board == board,
                                                ResultRow.table_no == table,
                                                ResultRow.round == rnd))


def played(client) -> int:
    eid = new_event(client)
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="10")
    assert r.status_code == 303, r.text
    return eid


# ---------------------------------------------------------------- 3: correct, remove

def test_a_correction_recomputes_the_score_and_asks_was_now(client):
    eid = played(client)
    old = ns("4S", "N", 10)
    page = client.get(TABLE.format(eid=eid)).text
    assert f'value="{old}"' in page                  # the old score stays in its field
    assert f"+{old} (4♠ N, 10)" in page              # and is shown as people write it
    # the director changes only the tricks: the old score must not block the correction
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="9", score=str(old))
    new = ns("4S", "N", 9)
    assert r.status_code == 200 and 'id="confirm"' in r.text
    text = plain(r.text)
    assert message("ui.table.was_now", "en", board=1, was=f"+{old} (4♠ N, 10)",
                   now=f"{signed(new)} (4♠ N, 9)") in text
    assert "−" in signed(new) and f"−{-new}" in text        # a minus sign, as people write
    assert stored(client).score == old                       # nothing changed yet
    fields = confirm_fields(r.text)
    assert fields["confirm"] == "1" and fields[":1|tricks"] == "9"
    r = client.post(TABLE.format(eid=eid), data=fields, follow_redirects=False)
    assert r.status_code == 303, r.text
    row = stored(client)
    assert (row.tricks, row.score) == (9, new)
    # the new contract too: 3NT by South, recomputed
    r = line(client, eid, 1, 1, 1, contract="3NT", declarer="S", tricks="9", score=str(new))
    assert "3NT S, 9" in plain(r.text)
    r = client.post(TABLE.format(eid=eid), data=confirm_fields(r.text), follow_redirects=False)
    assert r.status_code == 303 and stored(client).score == ns("3N", "S", 9)


def test_cancel_keeps_the_result_and_a_changed_result_is_asked_again(client):
    eid = played(client)
    old = ns("4S", "N", 10)
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="11")
    assert 'id="confirm-no"' in r.text and f'href="{TABLE.format(eid=eid)}"' in r.text
    fields = confirm_fields(r.text)
    assert stored(client).score == old                       # cancelled: as it was
    # someone else changes the line before the director confirms: asked again
    with client.app.state.store.transaction() as s:
        s.scalar(select(ResultRow)).tricks = 8
        s.scalar(select(ResultRow)).score = ns("4S", "N", 8)
    r = client.post(TABLE.format(eid=eid), data=fields, follow_redirects=False)
    assert r.status_code == 200
    assert message("ui.table.changed_meanwhile", "en") in plain(r.text)
    assert stored(client).tricks == 8
    r = client.post(TABLE.format(eid=eid), data=confirm_fields(r.text), follow_redirects=False)
    assert r.status_code == 303 and stored(client).tricks == 11


def test_a_result_is_removed_once_confirmed(client):
    eid = played(client)
    old = ns("4S", "N", 10)
    assert 'name=":1|remove"' in client.get(TABLE.format(eid=eid)).text
    data = {"csrf": client.csrf, ":1|contract": "4S", ":1|declarer": "N", ":1|tricks": "10",
            ":1|score": str(old), ":1|remove": "1"}
    r = client.post(TABLE.format(eid=eid), data=data, follow_redirects=False)
    assert r.status_code == 200
    assert message("ui.table.will_remove", "en", board=1, was=f"+{old} (4♠ N, 10)") \
        in plain(r.text)
    assert stored(client) is not None
    r = client.post(TABLE.format(eid=eid), data=confirm_fields(r.text), follow_redirects=False)
    assert r.status_code == 303 and "removed=1" in r.headers["location"]
    assert stored(client) is None
    assert message("ui.table.removed", "en", n=1) in client.get(r.headers["location"]).text


def test_not_played_asks_for_an_adjusted_score_of_law_12A2(client):
    eid = played(client)
    page = client.get(TABLE.format(eid=eid)).text
    link = html.unescape(re.search(r'href="([^"]*not_played=1)"', page).group(1))
    assert "board=1" in link
    form = client.get(link).text
    assert message("ui.adjust.not_played", "en", board=1) in html.unescape(form)
    assert 'name="not_played" value="1"' in form and 'value="12A2"' in form
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "artificial", "ns_percent": "40", "ew_percent": "40", "not_played": "1",
            "ruling": "The board was not played: time ran out (Law 12A2)", "laws": "12A2"}
    r = client.post(f"/events/{eid}/adjust", data=data, follow_redirects=False)
    # a table result is stored: the adjusted score replacing it asks first
    assert r.status_code == 200 and 'id="confirm"' in r.text
    assert f"+{ns('4S', 'N', 10)} (4♠ N, 10)" in plain(r.text)
    with client.app.state.store.session() as s:
        assert s.scalar(select(RulingRow)) is None and stored(client).adjusted is None
    r = client.post(f"/events/{eid}/adjust", data=confirm_fields(r.text),
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    row = stored(client)
    assert row.adjusted == "A40/40" and row.score is None and row.contract is None
    with client.app.state.store.session() as s:
        assert "12A2" in s.scalar(select(RulingRow)).laws


# ---------------------------------------------------------------- 4: the lead is optional

def test_a_wrong_lead_is_a_warning_and_the_score_is_kept(client):
    eid = new_event(client)
    with client.app.state.store.session() as s:
        deal = Deal.from_pbn(next(b.deal for b in s.get(EventRow, eid).boards if b.number == 1))
    west = deal.hands[3]                  # declarer South: West leads (Law 41A)
    wrong = next(c for c in ("SA", "HA", "DA", "CA", "S2", "H2", "D2")
                 if not west >> parse_card(c) & 1)
    r = line(client, eid, 1, 1, 1, contract="3N", declarer="S", tricks="9", lead=wrong)
    assert r.status_code == 200
    assert "not in the hand of W, the opening leader (Law 41A)" in r.text
    assert (stored(client).score, stored(client).lead) == (ns("3N", "S", 9), wrong)
    # the warning stays on the line when the page is read again
    assert "not in the hand of W" in client.get(TABLE.format(eid=eid)).text
    # a lead that is no card at all: the score is saved without it
    r = line(client, eid, 1, 1, 2, contract="2H", declarer="E", tricks="8", lead="ZZ")
    assert r.status_code == 200
    assert message("ui.table.lead_unreadable", "en", card="ZZ") in r.text
    row = stored(client, board=2)
    assert row.score == ns("2H", "E", 8, board=2) and row.lead is None
    # through the API too: saved (201) with the warning
    r = client.post(f"/api/events/{eid}/results", headers={"X-CSRF-Token": client.csrf},
                    json={"round": 1, "table": 1, "board": 1, "contract": "3N",
                          "declarer": "S", "tricks": 9, "lead": wrong})
    assert r.status_code == 201 and "41A" in r.json()["warning"]


# ---------------------------------------------------------------- 5: weighted with overtricks

def test_a_weighted_score_takes_overtricks():
    vul = vulnerability_of(3)
    plus = score_ns(Contract.parse("3N"), 1, vul, 10)
    made = score_ns(Contract.parse("3N"), 1, vul, 9)
    for text in ("70% 3NT+1 E\n30% 3NT= E", "70% 3NT+1 E + 30% 3NT= E",
                 "70% 3NT+1 E; 30% 3NT= E"):
        stored_text, w = parse_adjusted("weighted", {"weighted": text}, 3)
        assert w == WeightedScore(((plus, 0.7), (made, 0.3)))
        assert adjusted_object(stored_text, 3) == w          # read back as it was given


def test_the_form_takes_a_weighted_score_with_overtricks(client):
    eid = new_event(client)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "weighted", "weighted": "70% 3NT+1 E\n30% 3NT= E",
            "ruling": "Unauthorised information (Law 16B1)", "laws": "16B1"}
    r = client.post(f"/events/{eid}/adjust", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text          # no table result: nothing to ask
    assert stored(client).adjusted == "70% 3NT+1 E + 30% 3NT= E"
    assert client.get(f"/api/events/{eid}/standings").status_code == 200
    assert "3NT+1 E" in client.get(TABLE.format(eid=eid)).text


# ---------------------------------------------------------------- 7: destructive acts ask

def test_publishing_and_withdrawing_ask_first(client):
    eid = new_event(client)
    r = client.post(f"/events/{eid}/publish", data={"csrf": client.csrf, "minutes": "45",
                                                     "action": "publish"})
    assert r.status_code == 200 and 'id="confirm"' in r.text
    assert message("ui.publish.confirm", "en", event="Tuesday pairs", minutes=45) in r.text
    with client.app.state.store.session() as s:
        assert not s.get(EventRow, eid).published
    r = client.post(f"/events/{eid}/publish", data=confirm_fields(r.text),
                    follow_redirects=False)
    assert r.status_code == 303
    with client.app.state.store.session() as s:
        assert s.get(EventRow, eid).published
    r = client.post(f"/events/{eid}/publish", data={"csrf": client.csrf,
                                                     "action": "unpublish"})
    assert message("ui.publish.confirm_withdraw", "en", event="Tuesday pairs") in r.text
    with client.app.state.store.session() as s:
        assert s.get(EventRow, eid).published
    client.post(f"/events/{eid}/publish", data=confirm_fields(r.text))
    with client.app.state.store.session() as s:
        assert not s.get(EventRow, eid).published


def test_a_live_round_where_results_exist_asks_first(client):
    eid = played(client)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "mode": "laws"}
    r = client.post(f"/events/{eid}/live", data=data, follow_redirects=False)
    assert r.status_code == 200
    assert message("ui.live.confirm_results", "en", section="A", round=1, n=1) in r.text
    with client.app.state.store.session() as s:
        assert s.scalar(select(LiveTableRow)) is None
    r = client.post(f"/events/{eid}/live", data=confirm_fields(r.text),
                    follow_redirects=False)
    assert r.status_code == 303
    with client.app.state.store.session() as s:
        assert s.scalar(select(LiveTableRow)) is not None
        assert stored(client).score == ns("4S", "N", 10)     # the entered result stays
    # a round with no result entered opens at once, once asked while round 1 still plays
    # live (live/seats.py)
    r = client.post(f"/events/{eid}/live", data={**data, "round": "2"},
                    follow_redirects=False)
    assert r.status_code == 200
    assert message("ui.live.confirm_results", "en", section="A", round=2, n=1) not in r.text
    assert "Round 1 of section A is still playing" in r.text
    r = client.post(f"/events/{eid}/live", data=confirm_fields(r.text),
                    follow_redirects=False)
    assert r.status_code == 303


def test_confirmation_speaks_hebrew(client):
    eid = played(client)
    client.get("/?lang=he")
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="11")
    assert message("ui.confirm.yes", "he") in r.text and 'dir="rtl"' in r.text
    assert message("ui.table.was_now", "he", board=1, was=f"+{ns('4S', 'N', 10)} (4♠ N, 10)",
                   now=f"+{ns('4S', 'N', 11)} (4♠ N, 11)") in plain(r.text)
