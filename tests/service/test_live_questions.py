"""Live tables: acts made on a view the table has moved past (stale), and questions about a
revoke (Law 61B) with their answers.

The tables play the fixed deal of ``test_live_api`` (``DEAL``: nobody is void, so whoever
shows out has revoked) or ``VOID``, the same deal with West void in clubs:

    DEAL  N AKQ2.KQ2.A32.K32  E T98.JT9.KQJ.QJT9  S J76.A8765.T98.A4  W 543.43.7654.8765
    VOID  N AKQ2.KQ2.A32.K32  E T98.JT9.KQJ.QJT9  S J76.A876..A87654  W 543.543.T987654.

Board 1, North deals and opens 1NT, passed out: North declares, South is dummy, East
leads.  Every act a seat makes through ``Live`` carries the ``seq`` of its current view.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import pytest

from bridgelaws.table import Table

from .test_live_api import DEAL, Live, Sock, login, svc  # noqa: F401 - svc is a fixture

VOID = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A876..A87654 543.543.T987654."


class QLive(Live):
    """A live table whose seats' views are checked against the engine, except while a
    revoke nobody has pointed out is on the table: then no seat sees it at all."""

    def check(self) -> dict:
        t = self.engine()
        if t.phase == "complete" or all(r.noticed or r.corrected for r in t.revokes):
            return super().check()
        for seat, v in self.views().items():
            assert "61A" not in v["laws"] and "63A1" not in v["laws"], seat
            assert v["revokes"] == [] and all(i["kind"] != "revoke"
                                              for i in v["irregularities"]), seat
            assert v["trick"] == t.state()["trick"], seat
        return t.state()


def new_live(svc, name: str, deal: str = DEAL, *, mode: str = "laws",
             defenders_ask: bool = True) -> Live:
    """A Howell event of two tables whose boards all have ``deal``; table 1 played live."""
    pbn = "".join(f'[Board "{b}"]\n[Dealer "{"NESW"[(b - 1) % 4]}"]\n[Deal "{deal}"]\n\n'
                  for b in range(1, 13))
    r = svc.c.post("/events/new", data={
        "csrf": svc.csrf, "name": name, "kind": "pairs", "movement": "howell", "tables": "2",
        "sections": "1", "boards_per_round": "2", "scoring": "mp", "source": "pbn", "seed": ""},
        files={"pbn": ("boards.pbn", pbn.encode(), "application/octet-stream")},
        follow_redirects=False)
    assert r.status_code == 303, r.text
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    form = {"csrf": svc.csrf, "section": "A", "round": "1", "mode": mode}
    if not defenders_ask:
        form["no_defender_questions"] = "1"
    r = svc.c.post(f"/events/{eid}/live", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    return QLive(svc, eid, svc.tables(eid)[0])


def opened(live: Live) -> Live:
    """1NT by North; East to lead."""
    live.bid(["1N", "P", "P", "P"])
    return live


def west_revokes(live: Live) -> Live:
    """East leads a club, North plays dummy's four, West (holding clubs) a diamond."""
    opened(live)
    live.act("E", action="play", card="CQ")
    live.act("N", action="play", card="C4")
    live.act("W", action="play", card="D4")
    return live


def raw(svc, live: Live, seat: str, **act):
    """An act posted as a client sends it, nothing added."""
    return svc.c.post(f"/api/play/{live.tokens[seat]}", json=act)


# =============================================================================================
# stale acts
# =============================================================================================

def test_two_acts_from_one_seat_on_one_view_store_one_and_refuse_the_other(svc):
    live = new_live(svc, "Two tabs over HTTP")
    assert live.view("N")["seq"] == 0 and live.view()["dealer"] == "N"
    # North's two tabs send a call each, both made on view 0, at the same time
    acts = [{"action": "call", "call": "1N", "aid": "tab-1", "seq": 0},
            {"action": "call", "call": "2C", "aid": "tab-2", "seq": 0}]
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda a: svc.c.post(f"/api/play/{live.tokens['N']}", json=a),
                                acts))
    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 409], [r.json() for r in answers]
    ok = next(r for r in answers if r.status_code == 200)
    stale = next(r for r in answers if r.status_code == 409).json()
    assert ok.json() == {"seq": 1}
    assert stale["key"] == "stale" and stale["error"] == \
        "The table moved on before your act arrived: look again and act anew."
    assert stale["view"]["seq"] == 1 and stale["view"]["seat"] == "N"
    rows = live.svc.rows(live.id)
    assert len(rows) == 1 and rows[0].actor == "N"
    # nothing was recorded against North: no call out of rotation, no Director
    live.events.append(rows[0].data["e"])
    exp = live.check()
    assert exp["irregularities"] == [] and exp["laws"] == [] and exp["to_act"] == "E"
    assert live.view()["call"] is None and svc.calls(live.id) == []
    # the stale act's id was not stored: sent again, it is stale again
    lost = acts[[r.status_code for r in answers].index(409)]
    r = raw(svc, live, "N", **lost)
    assert r.status_code == 409 and r.json()["key"] == "stale"


def test_two_sockets_of_one_seat_acting_on_one_view(svc):
    live = new_live(svc, "Two tabs over sockets")
    opened(live)
    with ExitStack() as stack:
        tabs = [Sock(stack.enter_context(svc.c.websocket_connect(
            f"/ws/play/{live.tokens['E']}?lang=pl"))) for _ in range(2)]
        seq = [t.view()["seq"] for t in tabs]
        assert seq == [4, 4]
        tabs[0].send({"action": "play", "card": "CQ", "aid": "ws-a", "seq": 4})
        tabs[1].send({"action": "play", "card": "DK", "aid": "ws-b", "seq": 4})
        answers = [t.take(lambda m: m["type"] in ("ack", "error")) for t in tabs]
        kinds = sorted(a["type"] for a in answers)
        assert kinds == ["ack", "error"], answers
        err = next(a for a in answers if a["type"] == "error")
        assert err["key"] == "stale" and err["error"].startswith("Gra przy stole poszła")
        loser = tabs[[a["type"] for a in answers].index("error")]
        # the refused tab gets the table as it is now, to act again on it
        assert loser.view()["seq"] == 5
    rows = svc.rows(live.id)
    assert len(rows) == 5
    live.events.append(rows[-1].data["e"])
    exp = live.check()
    assert exp["irregularities"] == [] and exp["trick"] in (["CQ"], ["DK"])


def test_an_act_on_an_old_view_is_stale_and_a_resent_act_is_stored_once(svc):
    live = new_live(svc, "Old views")
    assert live.post("N", aid="n-1", action="call", call="1N", seq=0).json() == {"seq": 1}
    live.events.append({"by": "N", "call": "1N"})
    # East acts on the view he had before North's call
    r = live.post("E", aid="e-1", action="call", call="1S", seq=0)
    assert r.status_code == 409 and r.json()["key"] == "stale"
    assert r.json()["view"]["auction"] == [{"by": "N", "call": "1N"}]
    assert r.json()["view"]["my_turn"]
    assert live.post("E", aid="e-2", action="call", call="P", seq=1).json() == {"seq": 2}
    live.events.append({"by": "E", "call": "P"})
    # North's first act sent again (a lost answer): the same seq, whatever its seq says
    for seq in (0, 2, 7):
        r = live.post("N", aid="n-1", action="call", call="1N", seq=seq)
        assert r.status_code == 200 and r.json() == {"seq": 1}
    assert [x.seq for x in svc.rows(live.id)] == [1, 2]
    live.check()
    # a seq from the future is refused too (this process has every entry)
    r = live.post("S", aid="s-1", action="call", call="P", seq=9)
    assert r.status_code == 409 and r.json()["key"] == "stale"


def test_an_act_made_while_the_table_loads_is_kept(svc, monkeypatch):
    # the seats connect while an act comes: the table's log is loaded once, and the act
    # is applied to the state every later act sees (a second, slower load of the log
    # must not replace it, or the next act, made on the view after it, is stale)
    live = new_live(svc, "Loading")
    hub = svc.app.state.hub
    hub.states.pop(live.id, None)
    real, loads = hub.load, []

    def load(table_id):
        loads.append(table_id)
        st = real(table_id)
        if len(loads) == 1:
            time.sleep(0.3)                   # the first load (a seat connecting) is slow
        return st

    monkeypatch.setattr(hub, "load", load)

    async def connect_and_act():
        watcher = asyncio.create_task(hub.state(live.id))
        await asyncio.sleep(0.05)
        seq = await hub.act(live.id, 0, {"action": "call", "call": "1N"}, aid="load-1", seq=0)
        return seq, await watcher

    seq, st = svc.c.portal.call(connect_and_act)
    assert seq == 1 and st.seq == 1 and loads == [live.id]
    r = live.post("E", action="call", call="P", seq=1)
    assert r.status_code == 200 and r.json() == {"seq": 2}, r.json()


def test_a_players_act_must_carry_its_seq(svc):
    live = new_live(svc, "No seq")
    r = raw(svc, live, "N", action="call", call="1N", aid="x-1")
    assert r.status_code == 400 and r.json()["key"] == "no_seq"
    assert "seq" in r.json()["error"]
    for bad in ("0", -1, True, 1.5, [0]):
        r = raw(svc, live, "N", action="call", call="1N", aid="x-2", seq=bad)
        assert r.status_code == 400 and r.json()["key"] == "bad_seq", bad
    with svc.c.websocket_connect(f"/ws/play/{live.tokens['N']}") as ws:
        s = Sock(ws)
        s.view()
        s.send({"action": "call", "call": "1N", "aid": "x-3"})
        err = s.take(lambda m: m["type"] == "error")
        assert err["key"] == "no_seq" and err["aid"] == "x-3"
    assert svc.rows(live.id) == []


def test_the_directors_form_made_on_an_old_page_is_refused(svc):
    live = new_live(svc, "Director stale")
    opened(live)
    live.act("W", action="play", card="C5")              # a lead out of turn: N chooses
    page = svc.c.get(f"/live/{live.id}").text
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    assert int(seq) == live.view()["seq"]
    live.act("N", action="choose", option="accept")      # the player chose on his screen
    n = len(svc.rows(live.id))
    r = svc.c.post(f"/live/{live.id}/rule", data={"csrf": svc.csrf, "what": "choose",
                                                   "option": "reject", "seq": seq},
                   follow_redirects=False)
    assert r.status_code == 409
    assert "The table moved on before your act arrived" in r.text
    assert len(svc.rows(live.id)) == n
    live.check()


# =============================================================================================
# questions about a revoke (Law 61B)
# =============================================================================================

def test_who_may_ask_whom_is_on_each_screen(svc):
    live = west_revokes(new_live(svc, "May ask"))
    asks = {s: live.view(s)["may_ask"] for s in "NESW"}
    assert asks["N"] == [{"seat": "W", "trick": 1, "suit": "C", "law": "61B1"}]
    assert asks["E"] == [{"seat": "W", "trick": 1, "suit": "C", "law": "61B3"}]
    assert asks["S"] == [] and asks["W"] == []           # dummy may not ask a defender
    # and the refusals, each with its reason; nothing stored
    assert "61B2b" in live.refused("S", "ask_dummy_defender", action="ask", seat="W")
    assert live.refused("N", "ask_followed", action="ask", seat="E") == \
        "E has not failed to follow suit there (Law 61B)."
    live.refused("W", "ask_self", action="ask", seat="W")
    live.refused("E", "ask_dummy", action="ask", seat="S")
    live.refused("N", "bad_seat", action="ask", seat="Q")
    live.refused("N", "bad_trick", action="ask", seat="W", trick=14)
    live.refused("N", "ask_followed", action="ask", seat="W", trick=2)


def test_a_question_and_its_true_answer_are_two_entries_every_seat_sees(svc):
    live = west_revokes(new_live(svc, "Asked yes"))
    before = len(svc.rows(live.id))
    seq = live.act("N", aid="ask-1", action="ask", seat="W")
    assert seq == before + 2
    rows = svc.rows(live.id)[before:]
    assert [(r.seq, r.aid, r.actor, r.data) for r in rows] == [
        (before + 1, "ask-1", "N", {"e": {"by": "N", "ask": "W", "trick": 1}}),
        (before + 2, None, "W", {"e": {"by": "W", "answer": "yes"}, "auto": True})]
    for seat, v in live.views().items():
        assert v["questions"] == [{"by": "N", "asks": "W", "trick": 1, "suit": "C",
                                   "law": "61B1", "answer": "yes"}], seat
        assert v["penalty_cards"] == {"W": [{"card": "D4", "major": True}]}      # 62B1
        assert v["laws"] == ["61A", "61B1", "62A", "62B1"] and v["may_ask"] == []
        assert v["trick"] == ["CQ", "C4"] and v["to_act"] == "W"
        assert v["revokes"] == [{"seat": "W", "trick": 1, "established": False,
                                 "corrected": True, "transfer": 0}]
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["attention_revoke"] and call["laws"][:2] == ["61B1", "62A"]
    # sent again: the act's last entry, nothing stored
    r = live.post("N", aid="ask-1", action="ask", seat="W", seq=0)
    assert r.json() == {"seq": before + 2} and len(svc.rows(live.id)) == before + 2
    # the Director's page shows the question and its answer
    page = svc.c.get(f"/live/{live.id}").text
    assert "North asked West (trick 1): no \u2663? \u2014 West: yes, he has one" in page


def test_no_is_answered_for_a_void_and_play_goes_on(svc):
    live = new_live(svc, "Asked no", VOID)
    opened(live)
    for seat, card in (("E", "CQ"), ("N", "C4"), ("W", "D4")):
        r = live.post(seat, action="play", card=card)
        assert r.status_code == 200, r.json()
    r = live.post("E", action="ask", seat="W")           # partner asks: allowed (61B3)
    assert r.status_code == 200, r.json()
    rows = svc.rows(live.id)
    assert rows[-1].data == {"e": {"by": "W", "answer": "no"}, "auto": True}
    for seat in "NESW":
        v = live.view(seat)
        assert v["questions"] == [{"by": "E", "asks": "W", "trick": 1, "suit": "C",
                                   "law": "61B3", "answer": "no"}]
        assert v["laws"] == ["61B3"] and v["call"] is None and not v["hold"]
        assert v["to_act"] == "N" and v["penalty_cards"] == {}
    assert svc.calls(live.id) == []
    assert live.post("N", action="play", card="CK").status_code == 200


def test_dummy_asks_declarer(svc):
    live = opened(new_live(svc, "Dummy asks"))
    for seat, card in (("E", "DK"), ("N", "D8"), ("W", "D4"), ("N", "H2")):
        live.act(seat, action="play", card=card)          # North revokes (holds diamonds)
    assert live.view("S")["may_ask"] == [{"seat": "N", "trick": 1, "suit": "D",
                                          "law": "61B2a"}]
    live.act("S", action="ask", seat="N")
    v = live.view("E")
    assert v["laws"][-3:] == ["61B2a", "62A", "62B2"] and v["penalty_cards"] == {}
    assert v["trick"] == ["DK", "D8", "D4"] and v["to_act"] == "N"


def test_the_events_regulation_keeps_the_defenders_from_asking_each_other(svc):
    live = west_revokes(new_live(svc, "Regulated", defenders_ask=False))
    assert svc.tables(live.eid)[0]["defenders_ask_each_other"] is False
    assert svc.tables(live.eid)[0]["mode"] == "laws"
    v = live.view("E")
    assert v["regulation"] == {"defenders_ask_each_other": False} and v["may_ask"] == []
    assert "61B3" in live.refused("E", "ask_partner", action="ask", seat="W")
    live.act("N", action="ask", seat="W")                  # declarer still may
    assert live.view()["questions"][0]["law"] == "61B1"
    # the event page offers the setting
    page = svc.c.get(f"/events/{live.eid}").text
    assert 'name="no_defender_questions"' in page


# =============================================================================================
# pointing out a revoke: only what every seat has seen proves it
# =============================================================================================

def test_pointing_out_an_unproven_revoke_tells_nothing(svc, monkeypatch):
    hidden = west_revokes(new_live(svc, "Hidden revoke"))       # West holds clubs
    honest = new_live(svc, "Void", VOID)
    opened(honest)
    for seat, card in (("E", "CQ"), ("N", "C4"), ("W", "D4")):   # West is void
        assert honest.post(seat, action="play", card=card).status_code == 200
    applied = []
    real = Table.apply
    monkeypatch.setattr(Table, "apply", lambda t, e: (applied.append(e), real(t, e))[1])
    texts = []
    for live in (hidden, honest):
        for lang in ("en", "he"):
            n = len(svc.rows(live.id))
            r = svc.c.post(f"/api/play/{live.tokens['N']}?lang={lang}",
                           json={"action": "attention", "what": "revoke",
                                 "seq": live.view()["seq"], "aid": f"att-{live.id}-{lang}"})
            assert r.status_code == 400 and r.json()["key"] == "unproven_revoke"
            assert len(svc.rows(live.id)) == n
            texts.append(r.json()["error"])
    # the same words, and the engine never consulted, whether or not West revoked
    assert texts[0] == texts[2] and texts[1] == texts[3] and texts[0] != texts[1]
    assert "Law 61B" in texts[0] and applied == []
    svc.c.get(f"/play/{hidden.tokens['N']}?lang=en")       # the session's language again
    assert hidden.view("N")["revokes"] == [] and "61A" not in hidden.view("E")["laws"]


def test_a_revoke_proven_by_a_later_card_may_be_pointed_out(svc):
    live = west_revokes(new_live(svc, "Proven revoke"))
    live.act("N", action="play", card="CK")                 # North wins trick 1
    assert live.refused("E", "unproven_revoke", action="attention", what="revoke")
    for seat, card in (("N", "C3"), ("E", "CJ"), ("N", "CA"), ("W", "C8")):
        live.act(seat, action="play", card=card)             # West follows to clubs now
    live.act("E", action="attention", what="revoke", offender="W", trick=1)
    rows = svc.rows(live.id)
    assert rows[-1].data == {"e": {"by": "E", "attention": "revoke", "offender": "W",
                                   "trick": 1}}
    v = live.view("S")
    assert v["laws"][-1] == "63B" and v["revokes"][0]["established"]
    assert v["call"]["kinds"] == ["attention_revoke"]
    # once pointed out it is not pointed out again
    live.rule("release")
    assert live.refused("N", "unproven_revoke", action="attention", what="revoke")


def test_attention_to_a_defective_trick_needs_a_card_missing_from_a_trick(svc):
    live = west_revokes(new_live(svc, "No defective trick"))
    assert live.refused("N", "no_defective_trick", action="attention",
                        what="defective_trick") == \
        "Every trick has one card from each hand (Law 67)."


def test_the_players_page_has_the_texts_of_questions(svc):
    live = new_live(svc, "Page texts")
    html = svc.c.get(f"/play/{live.tokens['N']}?lang=ru").text
    texts = json.loads(re.search(r"texts: (\{.*\})\};", html, re.S).group(1))
    assert texts["ui.live.ask"] == "Спросить игрока {seat}: нет {suit}?"
    assert {"ui.live.question", "ui.live.answer_no", "ui.live.answer_yes"} <= set(texts)
