"""Hidden information at live tables: no request and no live message to a seat ever holds
a card that seat may not see.

Four boards are played at one table of a Laws-mode round, through the players' own
endpoints, with irregularities and their rectifications: a bid out of rotation, an
insufficient bid, a card exposed during the auction, an opening lead out of turn, a
defender's exposed card, a revoke that stays unnoticed (pointing it out is refused in
the very words used when there is none) until a player asks the offender about it
(Law 61B), a claim with a statement that is disputed and ruled by the Director.  After every act,
every seat's view is fetched (``GET /api/play/{token}``) and every message the seat's
WebSocket received is read, and each is searched for card names.

What a seat may see is computed here, from the engine's replay of the board, not from
the service: its own hand, every card played or exposed, dummy once the opening lead
is faced, a claimer's hand once he has claimed (Law 68C), and everything once play is
over.  The counts of requests and messages checked are written to
``test-output/hidden-info.json`` (the closing note of the issue quotes them).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaws.boards import Board
from bridgelaws.cards import SEAT_NAMES, Deal, card_name, cards_of, parse_card
from bridgelaws.formats.case import parse_event
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import LiveEventRow, select
from bridgelaws.table import COMPLETE, Table

PASSWORD = "hidden cards password"
CARD = re.compile(r"^[SHDC][AKQJT98765432]$")
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")


def page_text(html: str) -> str:
    """A page's HTML without what is random or external: the script tags' sources, the
    CSP nonces and the seat's token in its links (base64 text, where "_H2-" reads as a
    card name one time in a few hundred)."""
    return re.sub(r'<script src=[^>]*>|nonce="[^"]*"|[A-Za-z0-9_-]{20,}', "", html)


OUT = Path(__file__).resolve().parents[2] / "test-output"


def cards_in(obj) -> set[str]:
    """Every card name in a JSON value: a string that is a card, or a card inside a text."""
    found: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= cards_in(v)
    elif isinstance(obj, str):
        if CARD.match(obj):
            found.add(obj)
        else:
            found |= set(CARD_IN_TEXT.findall(obj))
    return found


class Checker:
    """Reads every seat's view and messages after each act and checks them against what
    the seat may see, by the engine's replay of the stored log."""

    def __init__(self, app, client, tokens, table_id, deals):
        self.app, self.c, self.tokens, self.table_id, self.deals = app, client, tokens, \
            table_id, deals
        self.requests = self.messages = self.views = 0
        self.hidden_total = 0                 # cards a seat could not see, summed over checks
        self.phases: set[str] = set()
        self.kinds: set[str] = set()          # irregularities the seats were shown
        self.sockets = {}

    def allowed(self) -> dict[str, set[str]]:
        """Per seat, the cards it may see now (from the stored log, replayed)."""
        with self.app.state.store.session() as s:
            rows = s.execute(select(LiveEventRow.board, LiveEventRow.data)
                             .where(LiveEventRow.live_table_id == self.table_id)
                             .order_by(LiveEventRow.seq)).all()
        board = rows[-1][0] if rows else None
        events = []
        nexts = sum(1 for _b, d in rows if d.get("ctl") == "next")
        if rows and rows[-1][1].get("ctl") == "next":
            board = None                      # a new board has begun: nothing played yet
        events = [d["e"] for b, d in rows if b == board and "e" in d]
        number = board if board is not None else sorted(self.deals)[nexts]
        deal = Deal.from_pbn(self.deals[number])
        t = Table(Board(number, deal))
        public = 0
        faced = 0
        for i, e in enumerate(events):
            ev = parse_event(e, i)
            if "play" in e or "expose" in e:
                cards = e.get("play") if "play" in e else e.get("expose")
                for c in (cards if isinstance(cards, list) else [cards]):
                    public |= 1 << parse_card(c)
            if "claim" in e:
                faced |= t.hands[ev.by]
            t.apply(ev)
        out = {}
        for seat in range(4):
            if t.phase == COMPLETE:
                mask = (1 << 52) - 1
            else:
                mask = deal.hands[seat] | public | faced
                if t.dummy is not None and t.dummy_faced:
                    mask |= deal.hands[t.dummy]
            out[SEAT_NAMES[seat]] = {card_name(c) for c in cards_of(mask)}
        self.phases.add(t.phase)
        return out

    def check(self):
        allowed = self.allowed()
        for seat, token in self.tokens.items():
            r = self.c.get(f"/api/play/{token}")
            assert r.status_code == 200
            self.requests += 1
            self._check_one(seat, r.json(), allowed, "GET /api/play")
            ws = self.sockets.get(seat)
            if ws is not None:
                seq = r.json()["seq"]
                while ws.last_seq < seq:
                    msg = ws.receive_json()
                    self.messages += 1
                    self._check_one(seat, msg, allowed, "WebSocket")
                    if msg.get("type") == "view":
                        ws.last_seq = msg["view"]["seq"]

    def _check_one(self, seat, obj, allowed, where):
        seen = cards_in(obj)
        leak = seen - allowed[seat]
        assert not leak, f"{where} to {seat} shows {sorted(leak)} it may not see"
        self.hidden_total += 52 - len(allowed[seat])
        self.views += 1
        view = obj.get("view", obj)
        for i in view.get("irregularities", ()):
            self.kinds.add(i["kind"])


@pytest.fixture
def live(database_url):
    app = create_app(database_url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    with TestClient(app) as c:
        tok = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
        c.post("/login", data={"csrf": tok, "username": "td", "password": PASSWORD, "next": "/"})
        csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/").text).group(1)
        r = c.post("/events/new", data={
            "csrf": csrf, "name": "Live hidden", "kind": "pairs", "movement": "mitchell",
            "tables": "3", "sections": "1", "boards_per_round": "4", "scoring": "mp",
            "source": "deal", "seed": "hidden-info"}, follow_redirects=False)
        eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
        c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": "1",
                                             "mode": "laws"})
        table = c.get(f"/api/events/{eid}/live").json()["tables"][0]
        with app.state.store.session() as s:
            from bridgelaws.service.db import BoardRow
            deals = {b.number: b.deal for b in s.scalars(select(BoardRow).where(
                BoardRow.event_id == eid))}
        boards = c.get(f"/api/play/{table['seats']['N']}").json()["boards"]
        deals = {b: deals[b] for b in boards}
        yield app, c, csrf, eid, table, deals
    app.state.store.dispose()


class Player:
    """Drives the table through the seats' endpoints."""

    def __init__(self, c, tokens, checker):
        self.c, self.tokens, self.chk = c, tokens, checker

    def view(self, seat="N"):
        return self.c.get(f"/api/play/{self.tokens[seat]}").json()

    def act(self, seat, /, ok=True, **act):
        act.setdefault("seq", self.view(seat)["seq"])          # the view it is made on
        r = self.c.post(f"/api/play/{self.tokens[seat]}", json=act)
        self.chk.requests += 1
        body = r.json()
        leak = cards_in(body) - ({act["card"]} if "card" in act else set()) - \
            self.chk.allowed()[seat]
        assert not leak, f"the answer to {seat} names {leak}"
        if ok:
            assert r.status_code == 200, (seat, act, body)
        self.chk.check()
        return r

    def actor(self, v):
        """Who acts for the seat to act (declarer for dummy)."""
        s = v["to_act"]
        if v["decision"] is not None:
            s = v["decision"]["by"]
        if v["dummy"] is not None and s == v["dummy"] and v["phase"] != "auction":
            return v["declarer"]
        return s

    def choose_first(self):
        v = self.view()
        d = v["decision"]
        seat = self.actor(v)
        assert self.view(seat)["my_decision"]
        others = [s for s in "NESW" if s != seat]
        assert not any(self.view(s)["my_decision"] for s in others)
        opt = d["options"][0]
        extra = {}
        if opt == "require_suit":
            extra = {"suit": "S"}
        elif opt == "forbid_suit":
            extra = {"suits": ["S"]}
        elif opt == "designate":
            extra = {"card": next(iter(v["penalty_cards"].values()))[0]["card"]}
        return self.act(seat, action="choose", option=opt, **extra)

    def settle(self, director):
        """Answer pending choices and let the Director release a held table."""
        for _ in range(10):
            v = self.view()
            if v["decision"] is not None:
                self.choose_first()
            elif v["hold"]:
                director.release()
            else:
                return v
        raise AssertionError("the table did not settle")

    def bid_through(self, calls):
        for call in calls:
            v = self.settle(self.director)
            self.act(v["to_act"], action="call", call=call)

    def play_legal(self, until_tricks=13, pick=lambda legal, v: legal[-1]):
        while True:
            v = self.settle(self.director)
            if v["complete"] or len(v["tricks"]) >= until_tricks:
                return v
            seat = self.actor(v)
            legal = self.view(seat)["legal_cards"]
            self.act(seat, action="play", card=pick(legal, v))


class Director:
    def __init__(self, c, csrf, table_id, checker):
        self.c, self.csrf, self.table_id, self.chk = c, csrf, table_id, checker

    def release(self):
        page = self.c.get(f"/live/{self.table_id}")
        assert page.status_code == 200
        r = self.c.post(f"/live/{self.table_id}/rule", data={"csrf": self.csrf,
                                                            "what": "release"},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        self.chk.check()

    def rule_claim(self, tricks):
        page = self.c.get(f"/live/{self.table_id}")
        # the claim aid works in the background (issue 18.3): its advice once ready
        for _ in range(1200):
            if self.c.get(f"/api/live/{self.table_id}/claim-aid").json()["ready"]:
                break
            time.sleep(0.1)
        page = self.c.get(f"/live/{self.table_id}")
        assert "ADVICE" in page.text
        r = self.c.post(f"/live/{self.table_id}/rule", data={
            "csrf": self.csrf, "what": "claim", "tricks": str(tricks)}, follow_redirects=False)
        assert r.status_code == 303, r.text
        self.chk.check()


class Socket:
    def __init__(self, ws):
        self.ws, self.last_seq = ws, -1

    def receive_json(self):
        return self.ws.receive_json()


def test_no_seat_ever_sees_a_card_it_may_not(live):
    app, c, csrf, eid, table, deals = live
    tokens = table["seats"]
    chk = Checker(app, c, tokens, table["id"], deals)
    p = Player(c, tokens, chk)
    p.director = Director(c, csrf, table["id"], chk)
    from contextlib import ExitStack
    with ExitStack() as stack:
        for seat, tok in tokens.items():
            ws = Socket(stack.enter_context(c.websocket_connect(f"/ws/play/{tok}")))
            first = ws.receive_json()
            chk.messages += 1
            chk._check_one(seat, first, chk.allowed(), "WebSocket")
            ws.last_seq = first["view"]["seq"]
            chk.sockets[seat] = ws
        # the page itself holds no card at all
        for seat, tok in tokens.items():
            html = c.get(f"/play/{tok}").text
            chk.requests += 1
            assert not CARD_IN_TEXT.findall(page_text(html)), seat

        # --- board 1: a clean board, every card lawful -------------------------------------
        v = p.view()
        p.bid_through(["1N", "P", "P", "P"])
        v = p.view()
        assert v["contract"] == "1N" and v["dummy"] is not None
        # before the opening lead nobody sees dummy
        assert all(p.view(s)["shown"] == {} for s in "NESW")
        p.play_legal(until_tricks=1)
        assert all(v["dummy"] in p.view(s)["shown"] for s in "NESW" if s != v["dummy"])
        # pointing out a revoke nobody has made: refused; the words are kept to compare
        seq = p.view()["seq"]
        r = p.act("E", ok=False, action="attention", what="revoke")
        assert r.status_code == 400 and r.json()["key"] == "unproven_revoke"
        no_revoke_text = r.json()["error"]
        assert p.view()["seq"] == seq
        p.play_legal()
        assert p.view()["complete"] and len(p.view("E")["hands"]) == 4
        p.act("S", action="next")

        # --- board 2: auction irregularities, a lead out of turn, an exposed card, a revoke
        v = p.view()
        dealer = v["dealer"]
        lho = SEAT_NAMES[(SEAT_NAMES.index(dealer) + 1) % 4]
        p.act(lho, action="call", call="1C")                 # bid out of rotation (31)
        assert p.view()["call"] is not None
        # the call made out of rotation is public: the chooser sees what he decides on
        assert p.view("W")["irregularities"][-1]["call"] == "1C"
        p.settle(p.director)
        v = p.view()
        seat = v["to_act"]
        p.act(seat, action="call", call="2S")
        v = p.settle(p.director)
        seat = v["to_act"]
        p.act(seat, action="call", call="2H")                # insufficient (27)
        v = p.settle(p.director)
        # a card exposed during the auction by the player to act
        seat = v["to_act"]
        if v["phase"] == "auction":
            card = p.view(seat)["hand"][-1]
            p.act(seat, action="expose", card=card)
            v = p.settle(p.director)
        for _ in range(12):
            v = p.settle(p.director)
            if v["phase"] != "auction":
                break
            p.act(v["to_act"], action="call", call="P" if v["auction"] else "1N")
        v = p.settle(p.director)
        if not v["complete"]:
            # opening lead out of turn by the leader's partner (54)
            leader = v["to_act"]
            wrong = SEAT_NAMES[(SEAT_NAMES.index(leader) + 2) % 4]
            if v["decision"] is None and v["phase"] == "play" and not v["tricks"] and not v["trick"]:
                p.act(wrong, action="play", card=p.view(wrong)["hand"][0])
                p.settle(p.director)
            v = p.play_legal(until_tricks=2)
            # a defender exposes a card: a penalty card
            defender = SEAT_NAMES[(SEAT_NAMES.index(v["declarer"]) + 1) % 4]
            p.act(defender, action="expose", card=p.view(defender)["hand"][0])
            p.settle(p.director)
            # a revoke, when someone can: it stays unnoticed for a while
            revoked = False
            for _ in range(40):
                v = p.settle(p.director)
                if v["complete"]:
                    break
                seat = p.actor(v)
                me = p.view(seat)
                hand = me["hand"] if seat == me["seat"] and seat == me["to_act"] else \
                    me["shown"].get(v["to_act"], me["hand"])
                if not revoked and v["trick"] and seat == v["to_act"] and seat != v["dummy"]:
                    led = v["trick"][0][0]
                    off = [x for x in hand if x[0] != led]
                    if any(x[0] == led for x in hand) and off:
                        p.act(seat, action="play", card=off[0])
                        revoked = True
                        after = [p.view(s) for s in "NESW"]
                        assert all("61A" not in x["laws"] for x in after)
                        assert all(x["revokes"] == [] for x in after)
                        assert all(not any(i["kind"] == "revoke" for i in x["irregularities"])
                                   for x in after)
                        # pointing it out proves nothing to anyone: the same refusal, in
                        # the same words, as when there is no revoke; nothing stored
                        for s in "NESW":
                            seq = p.view()["seq"]
                            r = p.act(s, ok=False, action="attention", what="revoke")
                            assert r.status_code == 400, r.json()
                            assert r.json() == {"error": no_revoke_text,
                                                "key": "unproven_revoke"}
                            assert p.view()["seq"] == seq
                        trick = len(v["tricks"]) + 1
                        p.play_legal(until_tricks=len(v["tricks"]) + 2)
                        # a player asks him (Law 61B): declarer a defender, or a defender
                        # declarer; the answer is public, and nobody learns more
                        asker = v["declarer"] if seat != v["declarer"] else \
                            SEAT_NAMES[(SEAT_NAMES.index(seat) + 1) % 4]
                        p.act(asker, action="ask", seat=seat, trick=trick)
                        views = {s: p.view(s) for s in "NESW"}
                        assert views["N"]["revokes"], "the revoke is shown once asked about"
                        own = ("seat", "hand", "hands", "shown", "my_turn", "my_decision",
                               "decision_cards",
                               "legal_calls", "legal_cards", "may_answer", "may_claim",
                               "may_ask",
                               # alerts and explanations (explanations.py): each seat's own
                               "explanations", "to_answer", "may_alert", "may_ask_about",
                               "may_correct", "may_change_call", "may_change_after",
                               "may_withdraw", "explain_max")
                        public = {s: {k: x for k, x in w.items() if k not in own}
                                  for s, w in views.items()}
                        assert all(public[s] == public[asker] for s in "NESW")
                        assert public[asker]["questions"][-1]["answer"] == "yes"
                        continue
                legal = me["legal_cards"]
                p.act(seat, action="play", card=legal[0])
            assert revoked
            p.play_legal()
        p.settle(p.director)
        p.act("N", action="next")

        # --- board 3: a claim with a statement, disputed, ruled by the Director -----------
        p.bid_through(["1N", "P", "P", "P"] if p.view()["to_act"] else [])
        v = p.play_legal(until_tricks=6)
        declarer = v["declarer"]
        p.settle(p.director)
        v = p.view()
        while v["trick"]:
            seat = p.actor(v)
            p.act(seat, action="play", card=p.view(seat)["legal_cards"][0])
            v = p.settle(p.director)
        left = 13 - len(v["tricks"])
        hand = p.view(declarer)["hand"]
        p.act(declarer, action="claim", tricks=left, line=[hand[0][0]])
        assert all(p.view(s)["shown"].get(declarer) for s in "NESW" if s != declarer)
        opp = SEAT_NAMES[(SEAT_NAMES.index(declarer) + 1) % 4]
        p.act(opp, action="respond", answer="dispute")
        v = p.view()
        assert v["hold"] and v["call"]["kinds"] == ["disputed_claim"]
        p.director.rule_claim(left - 1)             # the ruling releases the table
        v = p.view()
        assert v["complete"] and not v["hold"] and v["call"] is None
        p.act("E", action="next")

        # --- board 4: passed out, then nothing more -----------------------------------------
        p.bid_through(["P", "P", "P", "P"])
        assert p.view()["complete"]
        r = p.act("N", ok=False, action="next")
        assert r.status_code == 400

    print(sorted(chk.kinds))
    assert chk.phases >= {"auction", "play", "complete"}
    assert chk.requests > 500 and chk.messages > 500
    OUT.mkdir(exist_ok=True)
    (OUT / "hidden-info.json").write_text(json.dumps({
        "requests": chk.requests, "messages": chk.messages, "views_checked": chk.views,
        "hidden_card_checks": chk.hidden_total}, indent=1))
    print(f"\nhidden information: {chk.requests} requests and {chk.messages} live messages "
          f"checked ({chk.views} views; {chk.hidden_total} seat-card pairs that had to stay hidden)")
