"""Live tables through their HTTP and WebSocket API (``service/live/``: ``routes.py``, ``logic.py``).

Every board here is the same fixed deal (a PBN uploaded with the event), so each test
knows who holds what.  After every act a seat makes, the four seats' views are read and
compared with the engine's own replay of the board (:func:`run_case` on the events the
test itself wrote down for the acts it made, not on the service's log): the auction,
the turn, the decision and its chooser, barred players, penalty cards, lead
restrictions, the Laws, the legal calls and cards of the seat to act.

One service (one database, one ``TestClient`` context, so one event loop serves every
request and WebSocket) is shared by the module; each test creates its own event.  The
two tests that need two service instances over one database run on PostgreSQL only.
"""

from __future__ import annotations

import itertools
import json
import re
import secrets
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgelaws.cards import SEAT_NAMES, Deal, parse_card
from bridgelaws.formats.case import case_table, run_case
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import LiveEventRow, RulingRow, select

PASSWORD = "live api password"
#: N: AKQ2.KQ2.A32.K32  E: T98.JT9.KQJ.QJT9  S: J76.A8765.T98.A4  W: 543.43.7654.8765
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
HOLDER = {}
for _seat, _hand in enumerate(Deal.from_pbn(DEAL).hands):
    for _c in range(52):
        if _hand >> _c & 1:
            HOLDER[_c] = SEAT_NAMES[_seat]
SEAT_WORDS = re.compile(r"\b(North|East|South|West|[NESW]|dummy|declarer|partner)\b", re.I)


def pbn(boards: int = 12) -> str:
    return "".join(f'[Board "{b}"]\n[Dealer "{"NESW"[(b - 1) % 4]}"]\n[Deal "{DEAL}"]\n\n'
                   for b in range(1, boards + 1))


def nxt(seat: str, k: int = 1) -> str:
    return SEAT_NAMES[(SEAT_NAMES.index(seat) + k) % 4]


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def recv(ws, timeout: float = 10.0) -> dict:
    """The next message of a TestClient WebSocket, or TimeoutError after ``timeout``."""
    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()
    msg = ws.portal.call(get)
    ws._raise_on_close(msg)
    return json.loads(msg["text"])


class Sock:
    """A TestClient WebSocket whose messages are read in order; ``take`` returns the first
    message (read before or now) that matches, and keeps the others for later."""

    def __init__(self, ws):
        self.ws, self.buf = ws, []

    def send(self, obj) -> None:
        self.ws.send_json(obj)

    def take(self, pred, timeout: float = 10.0) -> dict:
        for i, m in enumerate(self.buf):
            if pred(m):
                return self.buf.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            m = recv(self.ws, max(0.05, deadline - time.monotonic()))
            if pred(m):
                return m
            self.buf.append(m)

    def view(self, timeout: float = 10.0) -> dict:
        return self.take(lambda m: m["type"] == "view", timeout)["view"]


# --- the service ------------------------------------------------------------------------

@dataclass
class Svc:
    app: object
    c: TestClient
    csrf: str
    url: str

    @contextmanager
    def anonymous(self):
        """Requests without the director's session cookie."""
        saved = httpx.Cookies(self.c.cookies)
        self.c.cookies.clear()
        try:
            yield self.c
        finally:
            self.c.cookies = saved

    def rows(self, table_id: int) -> list:
        with self.app.state.store.session() as s:
            return s.execute(select(LiveEventRow.seq, LiveEventRow.aid, LiveEventRow.actor,
                                    LiveEventRow.data)
                             .where(LiveEventRow.live_table_id == table_id)
                             .order_by(LiveEventRow.seq)).all()

    def new_event(self, name: str, *, mode: str = "laws", kind: str = "pairs",
                  movement: str = "howell", tables: int = 2, bpr: int = 2) -> int:
        r = self.c.post("/events/new", data={
            "csrf": self.csrf, "name": name, "kind": kind, "movement": movement,
            "tables": str(tables), "sections": "1", "boards_per_round": str(bpr),
            "scoring": "imp" if kind == "teams" else "mp", "source": "pbn", "seed": ""},
            files={"pbn": ("boards.pbn", pbn().encode(), "application/octet-stream")},
            follow_redirects=False)
        assert r.status_code == 303, r.text
        eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
        self.open(eid, mode)
        return eid

    def open(self, eid: int, mode: str = "laws", round_no: int = 1):
        r = self.c.post(f"/events/{eid}/live", data={"csrf": self.csrf, "section": "A",
                                                     "round": str(round_no), "mode": mode},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        return r

    def tables(self, eid: int) -> list[dict]:
        r = self.c.get(f"/api/events/{eid}/live")
        assert r.status_code == 200
        return r.json()["tables"]

    def calls(self, table_id: int) -> list[dict]:
        r = self.c.get("/api/live/calls")
        assert r.status_code == 200
        return [x for x in r.json()["calls"] if x["table_id"] == table_id]

    def results(self, eid: int) -> list[dict]:
        r = self.c.get(f"/api/events/{eid}/results")
        assert r.status_code == 200
        return r.json()

    def standings(self, eid: int) -> dict:
        r = self.c.get(f"/api/events/{eid}/standings")
        assert r.status_code == 200
        return r.json()["sections"]["A"]["standings"]

    def live(self, eid: int, index: int = 0) -> "Live":
        return Live(self, eid, self.tables(eid)[index])


def login(c: TestClient) -> str:
    r = c.post("/login", data={"csrf": csrf_of(c.get("/login").text), "username": "td",
                               "password": PASSWORD, "next": "/"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return c.get("/api/csrf").json()["csrf"]


@pytest.fixture(scope="module")
def svc(new_database_url, db_backend, request):
    url = new_database_url()
    app = create_app(url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    try:
        with TestClient(app) as c:
            yield Svc(app, c, login(c), url)
    finally:
        app.state.store.dispose()
        if db_backend == "postgresql":
            request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])


# --- one live table, driven by its seats ----------------------------------------------------

class Live:
    """A live table driven through the seats' endpoints.  ``events`` is the test's own
    record of the board in play (the event each accepted act makes), replayed by the
    engine to say what the service must show."""

    _aids = itertools.count(1)

    def __init__(self, svc: Svc, eid: int, table: dict):
        self.svc, self.c, self.eid = svc, svc.c, eid
        self.id, self.no, self.tokens = table["id"], table["table"], table["seats"]
        self.events: list[dict] = []
        self.board = self.view()["board"]

    # reading
    def view(self, seat: str = "N") -> dict:
        r = self.c.get(f"/api/play/{self.tokens[seat]}")
        assert r.status_code == 200, r.text
        return r.json()

    def views(self) -> dict[str, dict]:
        return {s: self.view(s) for s in SEAT_NAMES}

    def expected(self) -> dict:
        return run_case({"board": self.board, "deal": DEAL, "events": self.events})

    def engine(self):
        return case_table({"board": self.board, "deal": DEAL, "events": self.events})

    def check(self) -> dict:
        """Every seat's view agrees with the engine's replay of the test's record."""
        exp = self.expected()
        for seat, v in self.views().items():
            assert v["seat"] == seat and v["board"] == self.board
            assert v["to_act"] == exp["to_act"], (seat, v["to_act"], exp["to_act"])
            assert v["decision"] == exp["decision"]
            assert v["auction"] == exp["auction"]
            assert v["contract"] == exp["contract"] and v["declarer"] == exp["declarer"]
            assert v["barred"] == exp["barred"]
            assert v["penalty_cards"] == exp["penalty_cards"]
            assert v["lead_restrictions"] == exp["lead_restrictions"]
            assert v["laws"] == exp["laws"]
            assert [(i["kind"], i["by"], i["laws"]) for i in v["irregularities"]] == \
                [(i["kind"], i["by"], i["laws"]) for i in exp["irregularities"]]
            assert v["trick"] == exp["trick"] and len(v["tricks"]) == exp["tricks_played"]
            assert v["complete"] == (exp["phase"] == "complete")
            if v["complete"]:
                assert v["won"] == exp["tricks"]
            acting = exp["to_act"]
            if acting is not None and v["dummy"] == acting and exp["phase"] == "play":
                acting = v["declarer"]              # declarer acts for dummy (Law 45B)
            if seat == acting and not v["hold"]:
                assert v["my_turn"]
                if exp["decision"] is None:
                    assert v["legal_calls"] == exp["legal_calls"]
                    assert v["legal_cards"] == exp["legal_cards"]
            elif seat != v["dummy"] or exp["phase"] != "play":
                assert not v["my_turn"] and v["legal_calls"] == [] and v["legal_cards"] == []
        return exp

    # acting
    def post(self, seat: str, /, aid: str | None = None, **act) -> httpx.Response:
        """An act of ``seat``, made on its current view (``seq``) unless the test says."""
        act["aid"] = aid or f"t{self.id}-{next(self._aids)}"
        if "seq" not in act:
            act["seq"] = self.view(seat)["seq"]
        return self.c.post(f"/api/play/{self.tokens[seat]}", json=act)

    def act(self, seat: str, /, **act) -> int:
        before = self.view(seat)
        r = self.post(seat, **act)
        assert r.status_code == 200, (seat, act, r.json())
        if act["action"] == "next":
            self.events = []
            self.board = self.view()["board"]
        else:
            self.events.append(self._event(seat, act, before))
            if act["action"] == "ask":
                # the asked player's answer, given at once and true: the engine's
                q = self.events[-1]
                self.events.append({"by": q["ask"], "answer": self.engine().true_answer()})
        self.check()
        return r.json()["seq"]

    def refused(self, seat: str, key: str, /, status: int = 400, **act) -> str:
        """The act is answered ``status`` with ``key`` and nothing is stored."""
        seq, n = self.view()["seq"], len(self.svc.rows(self.id))
        r = self.post(seat, **act)
        body = r.json()
        assert r.status_code == status, (seat, act, body)
        assert body["key"] == key, body
        assert self.view()["seq"] == seq and len(self.svc.rows(self.id)) == n
        self.check()
        return body["error"]

    def _event(self, seat: str, act: dict, before: dict) -> dict:
        what = act["action"]
        if what == "call":
            return {"by": seat, "call": act["call"]}
        if what == "play":
            holder = HOLDER[parse_card(act["card"])]
            by = holder if (holder == before["dummy"] and seat == before["declarer"]) else seat
            return {"by": by, "play": act["card"]}
        if what == "expose":
            return {"by": seat, "expose": act["card"]}
        if what == "choose":
            e = {"by": before["decision"]["by"], "choose": act["option"]}
            e.update({k: act[k] for k in ("suit", "suits", "card") if k in act})
            return e
        if what == "claim":
            e = {"by": seat, "claim": act["tricks"]}
            if act.get("line"):
                e["line"] = act["line"]
            return e
        if what == "respond":
            return {"by": seat, "respond": act["answer"]}
        if what == "ask":
            asked = [x for x in before["may_ask"] if x["seat"] == act["seat"]]
            trick = act.get("trick") or (asked[0]["trick"] if asked else None)
            return {"by": seat, "ask": act["seat"], "trick": trick}
        if what == "attention":
            return {"by": seat, "attention": act.get("what", "revoke"),
                    **{k: act[k] for k in ("offender", "trick") if k in act}}
        raise AssertionError(what)

    # the Director
    def rule(self, what: str, **form) -> httpx.Response:
        before = self.view()
        r = self.c.post(f"/live/{self.id}/rule", data={"csrf": self.svc.csrf, "what": what,
                                                        **form}, follow_redirects=False)
        assert r.status_code == 303, r.text
        if what == "choose":
            e = {"by": before["decision"]["by"], "choose": form["option"]}
            e.update({k: form[k] for k in ("suit", "card") if k in form})
            self.events.append(e)
        elif what == "claim":
            self.events.append({"by": before["claim"]["by"], "director": "claim",
                                "tricks": int(form["tricks"])})
        elif what == "play_on":
            self.events.append({"by": before["claim"]["by"], "director": "play_on"})
        self.check()
        return r

    # playing on
    def actor(self, v: dict) -> str:
        s = v["decision"]["by"] if v["decision"] is not None else v["to_act"]
        if v["dummy"] is not None and s == v["dummy"] and v["phase"] != "auction":
            return v["declarer"]
        return s

    def settle(self) -> dict:
        """Answer pending choices (first option) and let the Director release a held table."""
        for _ in range(10):
            v = self.view()
            if v["decision"] is not None:
                opt = v["decision"]["options"][0]
                extra = {"require_suit": {"suit": "S"}, "forbid_suit": {"suits": ["S"]}}.get(opt, {})
                if opt == "designate":
                    extra = {"card": next(iter(v["penalty_cards"].values()))[0]["card"]}
                self.act(self.actor(v), action="choose", option=opt, **extra)
            elif v["hold"]:
                self.rule("release")
            else:
                return v
        raise AssertionError("the table did not settle")

    def bid(self, calls):
        for call in calls:
            v = self.settle()
            self.act(v["to_act"], action="call", call=call)

    def play(self, until: int = 13) -> dict:
        """Lawful cards (the first the engine allows) until ``until`` tricks are complete."""
        while True:
            v = self.settle()
            if v["complete"] or (len(v["tricks"]) >= until and not v["trick"]):
                return v
            seat = self.actor(v)
            self.act(seat, action="play", card=self.view(seat)["legal_cards"][0])

    def board_result(self) -> dict:
        """The board is over: every seat's view has its result, as the engine scores it."""
        exp = self.expected()
        assert exp["phase"] == "complete"
        side = "NS" if exp["declarer"] in "NS" else "EW"
        want = {"board": self.board, "contract": exp["contract"], "declarer": exp["declarer"],
                "tricks": exp["tricks"][side], "score_ns": exp["score_ns"]}
        for seat, v in self.views().items():
            assert v["complete"] and v["result"] == want, (seat, v["result"], want)
            assert want in v["results"]
        return want

    def result_row(self) -> dict | None:
        rows = [x for x in self.svc.results(self.eid)
                if (x["section"], x["round"], x["table"], x["board"]) == ("A", 1, self.no,
                                                                           self.board)]
        assert len(rows) <= 1
        return rows[0] if rows else None

    def assert_result(self) -> dict:
        """The board's result is in the event's results (``/api/events/{id}/results``) as
        the engine scores it, with the opening lead."""
        want = self.board_result()
        row = self.result_row()
        assert row is not None, f"table {self.no} board {self.board}: no result saved"
        first = next((e for e in self.events if "play" in e), None)
        assert (row["contract"], row["declarer"], row["tricks"], row["score"], row["lead"]) == \
            (want["contract"], want["declarer"], want["tricks"], want["score_ns"],
             first and first["play"])
        return row


# =============================================================================================
# opening a round, tokens, logins
# =============================================================================================

def test_open_round_gives_each_playing_table_four_private_links(svc):
    eid = svc.new_event("Links")                      # Howell, 2 tables: both play round 1
    tables = svc.tables(eid)
    assert [(t["round"], t["table"], t["room"], t["mode"]) for t in tables] == \
        [(1, 1, "", "laws"), (1, 2, "", "laws")]
    tokens = [tok for t in tables for tok in t["seats"].values()]
    assert all(list(t["seats"]) == list(SEAT_NAMES) for t in tables)
    assert len(set(tokens)) == 8
    assert all(len(tok) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", tok) for tok in tokens)
    for t in tables:
        for seat, tok in t["seats"].items():
            v = svc.c.get(f"/api/play/{tok}").json()
            assert (v["seat"], v["table"], v["round"]) == (seat, t["table"], 1)

    # opening again (even asking for strict) keeps the tables, their tokens and their mode
    svc.open(eid, mode="strict")
    assert svc.tables(eid) == tables

    # teams of three: one match in round 1 (the third team sits out), in two rooms
    tid = svc.new_event("Links teams", kind="teams", movement="roundrobin", tables=3)
    teams = svc.tables(tid)
    assert sorted((t["table"], t["room"]) for t in teams) == [(1, "closed"), (1, "open")]
    team_tokens = {tok for t in teams for tok in t["seats"].values()}
    assert len(team_tokens) == 8 and not team_tokens & set(tokens)

    # a token nobody was given
    for bad in (secrets.token_urlsafe(32), tokens[0][:-1], "x" * 100):
        assert svc.c.get(f"/play/{bad}").status_code == 404
        r = svc.c.get(f"/api/play/{bad}")
        assert r.status_code == 404 and r.json()["error"].startswith("This seat link is not valid")
        assert svc.c.post(f"/api/play/{bad}", json={"action": "call", "call": "P"}) \
            .status_code == 404
        with pytest.raises(WebSocketDisconnect) as e:
            with svc.c.websocket_connect(f"/ws/play/{bad}"):
                pass
        assert e.value.code == 4404
    assert all(len(svc.rows(t["id"])) == 0 for t in tables)


def test_director_pages_need_a_login_players_do_not(svc):
    eid = svc.new_event("Logins")
    live = svc.live(eid)
    n_tables = len(svc.tables(eid))
    with svc.anonymous() as c:
        for url in (f"/events/{eid}/live", f"/live/{live.id}"):
            r = c.get(url, follow_redirects=False)
            assert r.status_code == 303 and r.headers["location"].startswith("/login"), url
        for url in (f"/api/events/{eid}/live", "/api/live/calls"):
            assert c.get(url).status_code == 401, url
        r = c.post(f"/live/{live.id}/rule", data={"what": "release"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/login")
        r = c.post(f"/events/{eid}/live", data={"round": "2"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/login")
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/live/{live.id}"):
                pass
        assert e.value.code == 4401
        # the players need nothing but their link
        tok = live.tokens["N"]
        assert c.get(f"/play/{tok}").status_code == 200
        assert c.get(f"/api/play/{tok}").json()["seat"] == "N"
        r = c.post(f"/api/play/{tok}", json={"action": "call", "call": "1N", "aid": "anon-1",
                                             "seq": 0})
        assert r.status_code == 200 and r.json()["seq"] == 1
        with c.websocket_connect(f"/ws/play/{live.tokens['E']}") as ws:
            first = recv(ws)
            assert first["type"] == "view" and first["view"]["seat"] == "E"
            assert first["view"]["auction"] == [{"by": "N", "call": "1N"}]
    assert len(svc.tables(eid)) == n_tables              # round 2 was not opened
    # the director (logged in again) sees the table and its page
    assert svc.c.get(f"/live/{live.id}").status_code == 200
    assert svc.c.get(f"/events/{eid}/live").status_code == 200


# =============================================================================================
# acts out of a seat's permission
# =============================================================================================

def test_refused_acts_say_why_and_not_where_the_cards_are(svc):
    live = svc.live(svc.new_event("Refusals"))
    assert live.board == 1 and live.view()["dealer"] == "N"

    err = live.refused("N", "unknown_action", action="fly")
    assert "fly" in err
    tok = live.tokens["N"]
    for body in (b"not json", b"[1, 2]", b'"call"'):
        r = svc.c.post(f"/api/play/{tok}", content=body,
                       headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "The request is not a JSON object."
    assert live.refused("N", "bad_call", action="call", call="9Z") == "9Z is not a call."
    live.bid(["1N", "P", "P", "P"])                     # N declares, S is dummy, E leads

    # cards the seat does not hold: declarer's, dummy's (not yet faced), partner's
    for card in ("SA", "SJ", "S5", "ZZ"):
        key = "bad_card" if card == "ZZ" else "not_held"
        err = live.refused("E", key, action="play", card=card)
        if key == "not_held":
            assert err == f"You do not hold {card}."
            assert not SEAT_WORDS.search(err.replace(card, "")), err
    # declarer may not play dummy's card before dummy is faced
    assert live.refused("N", "not_held", action="play", card="HA") == "You do not hold HA."
    live.act("E", action="play", card="CQ")
    # dummy takes no part: declarer plays its cards (Law 45B)
    err = live.refused("S", "dummy_plays", action="play", card="C4")
    assert "Law 45B" in err
    live.act("N", action="play", card="C4")            # declarer plays dummy's card
    assert live.events[-1] == {"by": "S", "play": "C4"}
    live.act("W", action="play", card="C5")
    live.act("N", action="play", card="CK")
    assert live.view()["won"] == {"NS": 1, "EW": 0}
    assert live.refused("N", "no_decision", action="choose", option="accept") == \
        "There is nothing to choose now."

    # a lead out of turn by East: declarer chooses (Law 55); nobody else may
    live.act("E", action="play", card="DK")
    v = live.view()
    assert v["decision"]["by"] == "N" and v["decision"]["options"] == ["accept", "reject"]
    for seat in ("E", "S", "W"):
        assert live.refused(seat, "not_chooser", action="choose", option="accept") == \
            "The choice is N's."
    assert live.refused("N", "no_option", action="choose", option="cancel") == \
        "cancel is not one of the options."
    # the Director may choose for the player, at his page
    page = svc.c.get(f"/live/{live.id}")
    assert page.status_code == 200 and 'value="accept"' in page.text
    live.rule("choose", option="accept")
    assert live.view()["decision"] is None and live.view()["trick"] == ["DK"]
    assert svc.calls(live.id)[0]["kinds"] == ["lead_out_of_turn_by_defender"]


# =============================================================================================
# strict mode
# =============================================================================================

def test_strict_mode_refuses_irregular_acts_and_stores_nothing(svc):
    live = svc.live(svc.new_event("Strict", mode="strict"))
    assert live.view()["mode"] == "strict" and live.view()["dealer"] == "N"

    err = live.refused("E", "strict", action="call", call="1C")      # out of rotation
    assert err == "Refused at a strict table: bid out of rotation (Law 29, 31)."
    live.act("N", action="call", call="1N")
    err = live.refused("E", "strict", action="call", call="1S")       # insufficient
    assert "insufficient bid" in err and "(Law 27)" in err
    live.bid(["P", "P", "P"])
    err = live.refused("W", "strict", action="play", card="C5")       # lead out of turn
    assert "Law 54" in err
    live.act("E", action="play", card="CQ")
    live.act("N", action="play", card="C4")
    err = live.refused("W", "strict", action="play", card="S5")       # a revoke: W has clubs
    assert "revoke" in err and "Law 61" in err
    err = live.refused("W", "strict", action="expose", card="S5")
    assert "Law 49" in err or "Law 50" in err
    live.act("W", action="play", card="C5")
    live.act("N", action="play", card="CK")
    assert [r.data for r in svc.rows(live.id)] == [{"e": e} for e in live.events]
    v = live.view()
    assert v["irregularities"] == [] and v["laws"] == [] and v["call"] is None
    assert svc.calls(live.id) == []

    # a disputed claim is part of the claim procedure: it reaches the Director
    live.act("N", action="claim", tricks=12, line=["S", "H", "D", "C"])
    live.act("E", action="respond", answer="dispute")
    v = live.view()
    assert v["hold"] and v["call"]["kinds"] == ["disputed_claim"]
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["disputed_claim"] and call["hold"] and "70" in call["laws"]
    page = svc.c.get(f"/live/{live.id}")
    # the claim aid works in the background; the award form is there at once
    assert 'id="claim-ruling"' in page.text
    _wait_claim_aid(svc, live.id)
    assert 'id="advice"' in svc.c.get(f"/live/{live.id}").text
    live.rule("claim", tricks="11")                  # the ruling releases the table
    assert live.board_result()["tricks"] == 12
    assert svc.calls(live.id) == [] and not live.view()["hold"]


# =============================================================================================
# Laws mode: the Director is called, the chooser chooses, the table waits for the ruling
# =============================================================================================

def _wait_claim_aid(svc, table_id: int, timeout: float = 120.0) -> None:
    """Until the claim aid (run in the background) has answered for the table's claim."""
    deadline = time.monotonic() + timeout
    while not svc.c.get(f"/api/live/{table_id}/claim-aid").json()["ready"]:
        assert time.monotonic() < deadline, "the claim aid never answered"
        time.sleep(0.1)


def _ruling_rows(svc, table_id: int) -> list:
    with svc.app.state.store.session() as s:
        return [r for r in s.scalars(select(RulingRow).order_by(RulingRow.id))
                if r.facts.get("live_table") == table_id]


def test_laws_mode_call_out_of_rotation_is_rectified_and_ruled(svc):
    eid = svc.new_event("Laws auction")
    live = svc.live(eid)
    # dealer N; S bids at his partner's turn (Law 31B)
    live.act("S", action="call", call="1C")
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["bid_out_of_rotation"] and "31" in call["laws"]
    assert (call["event"], call["table"], call["board"], call["url"]) == \
        (eid, live.no, 1, f"/live/{live.id}")
    assert call["text"]
    views = live.views()
    chooser = views["N"]["decision"]["by"]
    assert chooser == "W" == live.expected()["decision"]["by"]
    assert {s: v["my_decision"] for s, v in views.items()} == \
        {"N": False, "E": False, "S": False, "W": True}
    assert views["W"]["decision"]["options"] == ["accept", "reject"]
    live.act("W", action="choose", option="reject")
    live.act("N", action="call", call="P")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="3N")            # not comparable: partner is barred
    exp = live.expected()
    assert exp["barred"] and live.view("E")["barred"] == exp["barred"]
    live.act("W", action="call", call="P")
    # North's turn: what he may call is what the engine allows a barred player
    exp = live.expected()
    n = live.view("N")
    assert n["my_turn"] and n["legal_calls"] == exp["legal_calls"] == ["P"]
    live.act("N", action="call", call="P")
    live.act("E", action="call", call="P")
    v = live.view()
    assert (v["contract"], v["declarer"], v["phase"]) == ("3N", "S", "play")
    # the call stays open (nobody waited: the options were on W's screen) until the ruling
    assert v["call"]["kinds"] == ["bid_out_of_rotation"] and not v["hold"]

    live.rule("release", notes="rejected; North barred once")
    assert svc.calls(live.id) == [] and live.view()["call"] is None
    (ruling,) = _ruling_rows(svc, live.id)
    assert (ruling.scenario, ruling.kind, ruling.event_id, ruling.table_no, ruling.board) == \
        ("live", "bid_out_of_rotation", eid, live.no, 1)
    assert ruling.case == {"board": 1, "deal": DEAL, "events": live.events}
    assert ruling.laws == live.expected()["laws"]
    assert (ruling.chooser, ruling.choice, ruling.options) == ("W", "reject",
                                                               [["accept", "reject"]])
    assert ruling.notes == "rejected; North barred once" and ruling.director == "td"
    # the ruling is in the rulings log's export too
    exported = svc.c.get("/rulings/export.json").json()
    assert [(x["scenario"], x["kind"], x["laws"], x["chooser"]) for x in exported
            if x["id"] == ruling.id] == [("live", "bid_out_of_rotation", ruling.laws, "W")]

    # the play: a defender's exposed card becomes a penalty card; the table waits
    live.act("W", action="play", card="C8")            # W leads (S declares)
    live.act("S", action="play", card="C2")            # declarer plays dummy's (N's) club
    live.act("E", action="expose", card="HJ")          # East drops the heart jack
    exp = live.expected()
    assert exp["penalty_cards"] == {"E": [{"card": "HJ", "major": True}]}
    views = live.views()
    assert all(v["penalty_cards"] == exp["penalty_cards"] for v in views.values())
    assert all(v["hold"] for v in views.values())
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["card_exposed_by_defender"] and call["hold"]
    assert live.refused("E", "hold", action="play", card="CJ") == \
        "Play waits for the Director (Law 9B2)."
    assert svc.c.get(f"/live/{live.id}").status_code == 200
    live.rule("release")
    assert svc.calls(live.id) == []
    v = live.view()
    assert not v["hold"] and v["call"] is None and v["penalty_cards"] == exp["penalty_cards"]
    rulings = _ruling_rows(svc, live.id)
    assert len(rulings) == 2 and rulings[1].kind == "card_exposed_by_defender"
    # the exposed card's own laws, not the board's (the bid out of rotation has its entry)
    assert rulings[1].laws == ["49", "50", "50B"] and "31" in live.expected()["laws"]
    assert rulings[1].case["events"] == live.events
    # the penalty card must be played at the first lawful chance (Law 50D)
    live.play(until=1)

    v = live.play()
    assert v["complete"] and len(v["tricks"]) == 13
    live.board_result()


def test_a_low_card_exposed_by_a_defender_is_a_minor_penalty_card_for_every_seat(svc):
    live = svc.live(svc.new_event("Laws play"))
    live.bid(["1N", "P", "P", "P"])                      # N declares, S is dummy, E leads
    live.act("E", action="play", card="CQ")
    live.act("W", action="expose", card="D7")           # W drops a low diamond
    exp = live.expected()
    assert exp["penalty_cards"] == {"W": [{"card": "D7", "major": False}]}
    for seat, v in live.views().items():
        assert v["penalty_cards"] == exp["penalty_cards"], seat
        assert v["hold"] and v["call"]["kinds"] == ["card_exposed_by_defender"]
        assert not v["my_turn"] and v["legal_cards"] == []
    assert live.refused("N", "hold", action="play", card="C4")
    v = live.settle()                                    # the Director releases the table
    assert not v["hold"] and svc.calls(live.id) == []
    assert v["penalty_cards"] == exp["penalty_cards"]
    assert [r.kind for r in _ruling_rows(svc, live.id)] == ["card_exposed_by_defender"]
    v = live.play()
    assert v["complete"] and len(v["tricks"]) == 13
    assert any("D7" in t["cards"] for t in v["tricks"])
    live.board_result()


def test_a_decision_offers_only_the_lawful_suits_and_refuses_another_clearly(svc):
    """Issue 16.7: W's opening lead out of turn (the C8) is refused (54D): the C8 is a
    major penalty card and, E on lead, declarer may require or forbid clubs only (50D2a).
    Every seat's view names the lawful suits; another suit is refused in the player's
    language, with the suits as symbols, and nothing is stored."""
    live = svc.live(svc.new_event("Lawful suits"))
    live.bid(["1N", "P", "P", "P"])                      # N declares, S is dummy, E leads
    live.act("W", action="play", card="C8")             # out of turn: E was to lead
    assert live.view()["decision"]["options"] == ["accept", "spread", "reject"]
    live.act("N", action="choose", option="reject")
    v = live.view()
    assert v["decision"]["laws"][0] == "50D2a" and v["decision"]["suits"] == ["C"]
    err = live.refused("N", "unlawful_suit", action="choose", option="require_suit", suit="H")
    assert err == "\u2665 hearts may not be named here: under Law 50D2a the suit is one of " \
                  "\u2663 clubs."
    err = live.refused("N", "unlawful_suit", action="choose", option="forbid_suit",
                       suits=["C", "D"])
    assert "\u2666 diamonds" in err and "Law 50D2a" in err
    r = live.c.post(f"/api/play/{live.tokens['N']}?lang=pl",
                    json={"action": "choose", "option": "require_suit", "suit": "S",
                          "aid": "pl-1", "seq": live.view("N")["seq"]})
    assert r.status_code == 400 and r.json()["key"] == "unlawful_suit"
    from bridgelaws.i18n import message
    assert r.json()["error"] == message("ui.choice.unlawful_suit", "pl", law="50D2a",
                                        suit="\u2660 " + message("ui.suit.S", "pl"),
                                        suits="\u2663 " + message("ui.suit.C", "pl"))
    # the Director's page offers clubs only, with its symbol
    page = svc.c.get(f"/live/{live.id}?lang=en").text
    offered = re.findall(r'<option value="([SHDC])">', page)
    assert offered and set(offered) == {"C"} and "\u2663 clubs" in page
    live.act("N", action="choose", option="require_suit", suit="C")
    assert [(r["seat"], r["require"]) for r in live.view()["lead_restrictions"]] == [("E", "C")]


# =============================================================================================
# claims
# =============================================================================================

def test_claims_accepted_disputed_and_played_on(svc):
    eid = svc.new_event("Claims")
    one = svc.live(eid, 0)
    two = svc.live(eid, 1)

    # --- table 1, board 1: a claim with a statement, accepted by both opponents ----------
    one.bid(["1N", "P", "P", "P"])
    for seat, card in (("E", "CQ"), ("N", "C4"), ("W", "C5"), ("N", "CK")):
        one.act(seat, action="play", card=card)
    assert one.view()["won"] == {"NS": 1, "EW": 0} and one.view()["to_act"] == "N"
    hidden = {s: one.view(s)["shown"] for s in SEAT_NAMES}
    assert "N" not in hidden["E"] and "N" not in hidden["W"]
    one.act("N", action="claim", tricks=11, line=["SA", "SK", "SQ", "H"])
    n_hand = one.view("N")["hand"]
    for seat in ("E", "S", "W"):
        assert one.view(seat)["shown"]["N"] == n_hand, seat     # Law 68C
    assert "N" not in one.view("N")["shown"]
    v = one.view("E")
    assert v["claim"]["by"] == "N" and v["claim"]["tricks"] == 11
    assert v["claim"]["line"] == ["SA", "SK", "SQ", "H"]
    assert one.view("E")["may_answer"] and not one.view("W")["may_answer"]
    one.act("E", action="respond", answer="accept")
    assert not one.view()["complete"]
    one.act("W", action="respond", answer="accept")
    v = one.view()
    assert v["complete"] and v["result"]["tricks"] == 12 and v["won"] == {"NS": 12, "EW": 1}
    assert one.board_result()["tricks"] == 12
    assert svc.calls(one.id) == []

    # --- table 1, board 2: a disputed claim, ruled with the claim aid's advice ------------
    one.act("S", action="next")
    assert one.board == 2 and one.view()["dealer"] == "E"
    one.bid(["1N", "P", "P", "P"])                       # E declares, W is dummy, S leads
    one.play(until=1)
    v = one.view()
    claimer = v["declarer"]
    left = 13 - len(v["tricks"])
    one.act(claimer, action="claim", tricks=left, line=["S", "H", "rest"])
    opp = nxt(claimer)
    one.act(opp, action="respond", answer="dispute")
    v = one.view()
    assert v["hold"] and v["call"]["kinds"] == ["disputed_claim"]
    (call,) = svc.calls(one.id)
    assert call["kinds"] == ["disputed_claim"] and call["hold"]
    from bridgelaws.laws.claims import advise_table
    advice = advise_table(one.engine())
    svc.c.get(f"/live/{one.id}")                   # starts the claim aid
    _wait_claim_aid(svc, one.id)
    page = svc.c.get(f"/live/{one.id}")
    assert page.status_code == 200 and 'id="advice"' in page.text and "ADVICE" in page.text
    assert re.search(r'name="tricks"[^>]*value="(\d+)"', page.text).group(1) == \
        str(advice.min_tricks)
    one.rule("claim", tricks=str(advice.min_tricks))
    v = one.view()
    assert v["complete"]
    won = one.expected()["tricks"]["EW"]
    assert one.board_result()["tricks"] == won
    # the ruling released the table
    assert svc.calls(one.id) == [] and not one.view()["hold"]
    (ruling,) = _ruling_rows(svc, one.id)
    assert ruling.kind == "disputed_claim" and ruling.case["events"] == one.events

    # --- table 2, board 1: disputed, and the Director has play go on ----------------------
    two.bid(["1N", "P", "P", "P"])
    two.play(until=2)
    v = two.view()
    two.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]))
    two.act(nxt(v["declarer"]), action="respond", answer="dispute")
    assert two.view()["hold"]
    two.rule("play_on")
    v = two.settle()
    assert v["claim"] is None and v["phase"] == "play" and not v["complete"]
    v = two.play()
    assert v["complete"] and len(v["tricks"]) == 13
    two.board_result()




def test_each_completed_board_is_in_the_results_and_the_standings_change(svc):
    eid = svc.new_event("Results")
    one, two = svc.live(eid, 0), svc.live(eid, 1)
    assert svc.results(eid) == [] and svc.standings(eid) == []

    # table 1, board 1: played out card by card
    one.bid(["1N", "P", "P", "P"])
    assert one.result_row() is None
    one.play()
    one.assert_result()
    first = svc.standings(eid)
    assert first != []

    # table 2, board 1: a claim accepted by both opponents
    two.bid(["1N", "P", "P", "P"])
    for seat, card in (("E", "CQ"), ("N", "C4"), ("W", "C5"), ("N", "CK")):
        two.act(seat, action="play", card=card)
    two.act("N", action="claim", tricks=11, line=["S", "H", "rest"])
    two.act("E", action="respond", answer="accept")
    two.act("W", action="respond", answer="accept")
    assert two.assert_result()["tricks"] == 12
    second = svc.standings(eid)
    assert second != first                  # board 1 is now compared across two tables

    # table 1, board 2: a disputed claim the Director rules
    one.act("N", action="next")
    one.bid(["1N", "P", "P", "P"])
    one.play(until=1)
    v = one.view()
    one.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]), line=["rest"])
    one.act(nxt(v["declarer"]), action="respond", answer="dispute")
    from bridgelaws.laws.claims import advise_table
    one.rule("claim", tricks=str(advise_table(one.engine()).min_tricks))
    one.assert_result()
    assert svc.standings(eid) != second
    assert len(svc.results(eid)) == 3


# =============================================================================================
# idempotency, acknowledgements and views over the WebSocket
# =============================================================================================

def test_an_act_sent_twice_with_one_aid_is_stored_once(svc):
    live = svc.live(svc.new_event("Idempotent"))
    r1 = live.post("N", aid="same-1", action="call", call="1N")
    r2 = live.post("N", aid="same-1", action="call", call="1N")
    assert r1.status_code == r2.status_code == 200
    assert r1.json() == r2.json() == {"seq": 1}
    # a different act under an aid already stored is not applied either
    r3 = live.post("N", aid="same-1", action="call", call="2N")
    assert r3.status_code == 200 and r3.json() == {"seq": 1}
    rows = svc.rows(live.id)
    assert [(r.seq, r.aid, r.data) for r in rows] == \
        [(1, "same-1", {"e": {"by": "N", "call": "1N"}})]
    assert live.view()["auction"] == [{"by": "N", "call": "1N"}] and live.view()["seq"] == 1
    live.events.append({"by": "N", "call": "1N"})
    live.check()
    # an aid is a short text
    assert live.refused("E", "bad_aid", aid="x" * 65, action="call", call="P")
    r = svc.c.post(f"/api/play/{live.tokens['E']}", json={"action": "call", "call": "P",
                                                           "aid": 17})
    assert r.status_code == 400 and r.json()["key"] == "bad_aid"
    # the same aid at another table is another act
    other = svc.live(live.eid, 1)
    assert other.post("N", aid="same-1", action="call", call="1N").json() == {"seq": 1}


def test_websocket_acts_are_acknowledged_once_stored_and_every_seat_sees_them(svc):
    live = svc.live(svc.new_event("Sockets"))
    with ExitStack() as stack:
        ws = {s: Sock(stack.enter_context(svc.c.websocket_connect(f"/ws/play/{live.tokens[s]}")))
              for s in SEAT_NAMES}
        for s, w in ws.items():
            first = w.view()
            assert first["seat"] == s and first["seq"] == 0 and first["my_turn"] == (s == "N")

        def send(seat, aid, seq, **act):
            ws[seat].send({**act, "aid": aid, "seq": seq})
            return ws[seat].take(lambda m: m["type"] in ("ack", "error"))

        ack = send("N", "ws-1", 0, action="call", call="1N")
        assert ack == {"type": "ack", "aid": "ws-1", "seq": 1}
        # acknowledged means stored: the row is there when the ack arrives
        assert [(r.seq, r.aid, r.actor) for r in svc.rows(live.id)] == [(1, "ws-1", "N")]
        for s, w in ws.items():
            v = w.view()
            assert v["seq"] == 1 and v["auction"] == [{"by": "N", "call": "1N"}]
            assert v["my_turn"] == (s == "E") and v["seat"] == s
        live.events.append({"by": "N", "call": "1N"})
        live.check()

        # sent again (a reconnecting client): the same answer, nothing stored, no new view
        assert send("N", "ws-1", 0, action="call", call="1N") == \
            {"type": "ack", "aid": "ws-1", "seq": 1}
        assert len(svc.rows(live.id)) == 1
        for w in ws.values():
            with pytest.raises(TimeoutError):
                w.view(timeout=0.2)

        # a refused act is answered with its aid, the key and the player's message
        err = send("E", "ws-2", 1, action="play", card="SA")
        assert err == {"type": "error", "aid": "ws-2", "key": "not_held",
                       "error": "You do not hold SA."}
        ws["E"].ws.send_text("this is not json")
        err = ws["E"].take(lambda m: m["type"] == "error")
        assert err["aid"] is None and err["error"] == "The request is not a JSON object."
        assert len(svc.rows(live.id)) == 1

        # an act made over HTTP reaches every socket too
        assert live.post("E", aid="http-1", action="call", call="P").json() == {"seq": 2}
        for w in ws.values():
            assert w.view()["seq"] == 2
        live.events.append({"by": "E", "call": "P"})
        # the rest of the auction over the sockets
        for i, (seat, call) in enumerate((("S", "P"), ("W", "P")), start=3):
            assert send(seat, f"ws-{i}", i - 1, action="call", call=call) == \
                {"type": "ack", "aid": f"ws-{i}", "seq": i}
            for w in ws.values():
                assert w.view()["seq"] == i
            live.events.append({"by": seat, "call": call})
        live.check()
        rows = svc.rows(live.id)
        assert [(r.seq, r.aid) for r in rows] == [(1, "ws-1"), (2, "http-1"), (3, "ws-3"),
                                                  (4, "ws-4")]
        assert all(not w.buf for w in ws.values())


# =============================================================================================
# two service processes over one PostgreSQL database
# =============================================================================================

@pytest.fixture(scope="module")
def second(svc, db_backend):
    """A second instance of the service over the module's database (PostgreSQL only)."""
    if db_backend != "postgresql":
        pytest.skip("two service instances share a table through PostgreSQL LISTEN/NOTIFY; "
                    "SQLite has no notifications (run with BRIDGELAWS_TEST_DB=postgresql)")
    app = create_app(svc.url, demo=False)
    try:
        with TestClient(app) as cb:
            _wait_listeners(svc, 2)
            yield app, cb
    finally:
        app.state.store.dispose()


def _wait_listeners(svc, n: int) -> None:
    """Until ``n`` connections LISTEN (a notice sent before that would be lost)."""
    from sqlalchemy import text
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with svc.app.state.store.session() as s:
            k = s.scalar(text("SELECT count(*) FROM pg_stat_activity "
                              "WHERE datname = current_database() "
                              "AND query = 'LISTEN bridgelaws_live'"))
        if k >= n:
            return
        time.sleep(0.05)
    raise AssertionError(f"fewer than {n} live listeners after 10 s")


def test_a_seat_on_instance_b_sees_an_act_made_on_instance_a(svc, second):
    _app_b, cb = second
    live = svc.live(svc.new_event("Two instances"))
    with cb.websocket_connect(f"/ws/play/{live.tokens['E']}") as wb:
        on_b = Sock(wb)
        assert on_b.view()["seq"] == 0
        live.act("N", action="call", call="1N")            # on A
        v = on_b.view()                                     # on B, told by NOTIFY
        assert v["seq"] == 1 and v["auction"] == [{"by": "N", "call": "1N"}]
        assert v["my_turn"] and v["legal_calls"] == live.expected()["legal_calls"]
        # and the other way: E acts on B, a seat connected to A sees it
        with svc.c.websocket_connect(f"/ws/play/{live.tokens['S']}") as wa:
            on_a = Sock(wa)
            assert on_a.view()["seq"] == 1
            on_b.send({"action": "call", "call": "P", "aid": "on-b", "seq": 1})
            assert on_b.take(lambda m: m["type"] in ("ack", "error")) == \
                {"type": "ack", "aid": "on-b", "seq": 2}
            v = on_a.view()
            assert v["seq"] == 2 and v["my_turn"]
    live.events.append({"by": "E", "call": "P"})
    live.check()


def test_stale_instance_detects_the_conflict_and_stores_after_reloading(svc, second,
                                                                         monkeypatch):
    app_b, cb = second
    live = svc.live(svc.new_event("Stale instance"))
    tok = live.tokens
    assert cb.get(f"/api/play/{tok['N']}").json()["seq"] == 0       # B holds the table
    # B no longer hears A: its state of the table goes stale
    monkeypatch.setattr(app_b.state.hub, "_heard", lambda payload: None)
    r = svc.c.post(f"/api/play/{tok['N']}", json={"action": "call", "call": "1N", "aid": "a-1",
                                                   "seq": 0})
    assert r.json() == {"seq": 1}
    assert cb.get(f"/api/play/{tok['E']}").json()["seq"] == 0        # stale indeed
    # E acts on B's stale view (seq 0): B would store it as entry 1, which A stored; the
    # unique (table, seq) refuses it, B reloads the log, and the act, made on a view the
    # table has moved past, is refused as stale with E's current view: nothing stored
    r = cb.post(f"/api/play/{tok['E']}", json={"action": "call", "call": "P", "aid": "b-0",
                                                "seq": 0})
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["key"] == "stale" and body["view"]["seq"] == 1
    assert body["view"]["auction"] == [{"by": "N", "call": "1N"}] and body["view"]["my_turn"]
    assert [x.seq for x in svc.rows(live.id)] == [1]
    # E acts again, on the view he now has, through A
    r = svc.c.post(f"/api/play/{tok['E']}", json={"action": "call", "call": "P", "aid": "a-2",
                                                   "seq": 1})
    assert r.json() == {"seq": 2}
    # S saw entry 2 and acts on B, which holds entry 1 only: B catches up from the
    # database first, then stores the act as entry 3 (in turn, not out of rotation)
    assert cb.get(f"/api/play/{tok['S']}").json()["seq"] == 1
    r = cb.post(f"/api/play/{tok['S']}", json={"action": "call", "call": "P", "aid": "b-1",
                                                "seq": 2})
    assert r.status_code == 200, r.text
    assert r.json() == {"seq": 3}
    rows = svc.rows(live.id)
    assert [(x.seq, x.aid, x.data) for x in rows] == [
        (1, "a-1", {"e": {"by": "N", "call": "1N"}}),
        (2, "a-2", {"e": {"by": "E", "call": "P"}}),
        (3, "b-1", {"e": {"by": "S", "call": "P"}})]
    vb = cb.get(f"/api/play/{tok['W']}").json()
    assert vb["seq"] == 3 and vb["irregularities"] == [] and vb["call"] is None
    assert vb["my_turn"] and vb["auction"] == [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"},
                                               {"by": "S", "call": "P"}]
    # A heard B's entry and caught up
    deadline = time.monotonic() + 10
    while live.view()["seq"] != 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    live.events += [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"}]
    live.check()
    # and both go on: the next act on A
    assert live.act("W", action="call", call="P") == 4


def test_an_instance_whose_listener_reconnects_catches_up(svc, second, monkeypatch):
    """B's listener loses its connection while A stores an entry (the notification never
    reaches B): when the listener connects again, B reloads the tables it holds and
    sends their seats the views they missed."""
    from sqlalchemy import text
    app_b, cb = second
    live = svc.live(svc.new_event("Listener lost"))
    with cb.websocket_connect(f"/ws/play/{live.tokens['E']}") as wb:
        on_b = Sock(wb)
        assert on_b.view()["seq"] == 0
        # the notification of A's entry is lost on B's side
        monkeypatch.setattr(app_b.state.hub, "_heard", lambda payload: None)
        live.act("N", action="call", call="1N")             # on A
        # the listeners' connections drop (both instances'); each connects again
        with svc.app.state.store.session() as s:
            s.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() "
                           "AND query = 'LISTEN bridgelaws_live'"))
        v = on_b.view(timeout=15)                          # B caught up on reconnecting
        assert v["seq"] == 1 and v["auction"] == [{"by": "N", "call": "1N"}], v
        assert v["my_turn"]
    _wait_listeners(svc, 2)


def test_the_directors_form_sent_to_an_instance_behind_is_judged_as_shown(svc, second,
                                                                           monkeypatch):
    """The Director's page, shown by A, is sent to B, whose copy of the table has not yet
    heard of A's latest entry: B catches up from the database and takes the form,
    instead of refusing it as stale."""
    app_b, cb = second
    live = svc.live(svc.new_event("Director behind a proxy"))
    assert cb.get(f"/api/play/{live.tokens['N']}").json()["seq"] == 0     # B holds it
    monkeypatch.setattr(app_b.state.hub, "_heard", lambda payload: None)  # and hears nothing
    r = live.post("E", action="director", reason="hesitation")            # on A
    assert r.json() == {"seq": 1}, r.text
    csrf_b = login(cb)                        # the same director, his session on B
    r = cb.post(f"/live/{live.id}/rule", data={"csrf": csrf_b, "what": "release", "seq": "1"},
                follow_redirects=False)
    assert r.status_code == 303, r.text
    assert [(x.seq, x.data.get("ctl")) for x in svc.rows(live.id)] == \
        [(1, "director"), (2, "release")]
