"""Live tables: what a seat does besides calling and playing (issue 18, points 6, 9, 13).

* any player calls the Director, for any reason the engine cannot see (a hesitation, a
  misexplanation, a card seen, another matter with a note); the call is an entry of the
  table's log, the table waits (Law 9B2) until the Director releases it from his page,
  which opens the ruling assistant on the table's record;
* the player who chooses an option reads what each one means: the ruling assistant's
  own words, in his language;
* a slip is corrected from the page as the Laws allow: a call pulled from the box by
  mistake, before partner calls (Law 25A); declarer's unintended designation of dummy's
  card, before he plays again (45C4b).  The engine decides; a refusal is in the
  player's language.

The tables play the fixed deal of ``test_live_api`` (``DEAL``); board 1, North deals.
"""

from __future__ import annotations

import html
import json
import re

from bridgelaws.explain import explain, option_texts
from bridgelaws.service.db import RulingRow, select

from .test_live_api import Live, Sock, login, svc  # noqa: F401 - svc is a fixture


class SLive(Live):
    """A live table whose record knows the slips a seat corrects (``replaces``)."""

    def _event(self, seat: str, act: dict, before: dict) -> dict:
        e = super()._event(seat, act, before)
        if act.get("replaces"):
            if act["action"] == "play":
                e["by"] = before["dummy"]       # declarer changes dummy's card (45C4b)
            e["replaces"] = act["replaces"]
        return e

    def call_director(self, seat: str, reason: str, text: str = "", **extra):
        return self.post(seat, action="director", reason=reason, text=text, **extra)

    def rows_data(self) -> list[dict]:
        return [r.data for r in self.svc.rows(self.id)]


def slive(svc, name: str, mode: str = "laws") -> SLive:
    eid = svc.new_event(name, mode=mode)
    return SLive(svc, eid, svc.tables(eid)[0])


def _rulings(svc, table_id: int) -> list:
    with svc.app.state.store.session() as s:
        return [r for r in s.scalars(select(RulingRow).order_by(RulingRow.id))
                if (r.facts or {}).get("live_table") == table_id]


# --- point 6: calling the Director ---------------------------------------------------------

def test_any_seat_calls_the_director_and_the_table_waits_until_he_releases_it(svc):
    live = slive(svc, "Director called")
    live.act("N", action="call", call="1N")
    # East calls about a hesitation, on a view that is no longer the latest: a call of
    # the Director is not refused as stale (it does not depend on what the table showed)
    old = live.view("E")["seq"]
    live.act("E", action="call", call="P")
    r = live.call_director("E", "hesitation", "  North   thought a long time  ", seq=old)
    assert r.status_code == 200, r.json()
    data = live.rows_data()[-1]
    assert data == {"ctl": "director", "by": "E", "reason": "hesitation",
                    "text": "North thought a long time"}
    # every seat sees that the table waits, who called and why, not the note
    for seat, v in live.views().items():
        assert v["hold"] and v["call"]["kinds"] == ["hesitation"], seat
        assert v["call"]["laws"] == ["9B2"]
        assert v["call"]["reasons"] == [{"by": "E", "reason": "hesitation"}]
        assert "North thought" not in json.dumps(v)
        assert not v["my_turn"] and v["legal_calls"] == []
    # nobody acts until the Director has ruled (Law 9B2)
    assert live.refused("S", "hold", action="call", call="2C") == \
        "Play waits for the Director (Law 9B2)."
    # the console's list of calls names the table, the caller, the reason and his note
    (call,) = svc.calls(live.id)
    assert call["hold"] and call["kinds"] == ["hesitation"] and call["laws"] == ["9B2"]
    assert call["text"] == "East called the Director: a hesitation: North thought a long time"
    assert call["url"] == f"/live/{live.id}"
    # the Director's page: the reason and note, the assistant on the table's record, release
    page = svc.c.get(f"/live/{live.id}").text
    assert re.search(r'id="call-reasons".*East called the Director: a hesitation: '
                     r'<bdi>North thought a long time</bdi>', page, re.S)
    assert 'action="/assistant/case"' in page and 'id="release"' in page
    case = json.loads(html.unescape(re.search(r'name="case" value="([^"]*)"', page).group(1)))
    assert case["events"] == live.events
    # a second player adds his own reason: one call, both reasons
    r = live.call_director("W", "other_matter", "East asked about 1NT before passing")
    assert r.status_code == 200, r.json()
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["hesitation", "other_matter"] and call["laws"] == ["9B2"]
    assert [x["by"] for x in call["reasons"]] == ["E", "W"]
    live.rule("release", notes="no damage")
    assert svc.calls(live.id) == [] and not live.view()["hold"]
    (ruling,) = _rulings(svc, live.id)
    assert ruling.kind == "hesitation" and ruling.notes == "no damage"
    assert ruling.facts["player_calls"] == [
        "East called the Director: a hesitation: North thought a long time",
        "West called the Director: another matter: East asked about 1NT before passing"]
    assert ruling.case["events"] == live.events
    # the ruling's page shows the players' calls in words
    page = svc.c.get(f"/rulings/{ruling.id}").text
    assert "Called by the players" in page and "a hesitation" in page
    # the table goes on
    live.act("S", action="call", call="2C")


def test_a_call_for_the_director_is_checked_and_refused_in_the_players_language(svc):
    live = slive(svc, "Director call checks")
    assert live.refused("N", "bad_reason", action="director", reason="bored") == \
        "Choose why you call the Director."
    assert live.refused("N", "reason_text", action="director", reason="other_matter",
                        text="   ") == "Say in a few words why you call the Director."
    assert live.refused("N", "reason_long", action="director", reason="card_seen",
                        text="x" * 201) == \
        "The note for the Director has 201 characters; at most 200 are taken."
    assert live.refused("N", "bad_reason", action="director", reason="card_seen",
                        text=["a list"]) == "Choose why you call the Director."
    with svc.anonymous() as c:
        r = c.post(f"/api/play/{live.tokens['N']}?lang=he",
                   json={"action": "director", "reason": "other_matter", "aid": "he-1",
                         "seq": live.view()["seq"]})
        assert r.status_code == 400
        assert r.json()["error"] == "כתוב בכמה מילים מדוע אתה מזמין את המנהל."
    assert svc.calls(live.id) == []
    # a card seen, in strict mode too (the engine cannot see it either way)
    strict = slive(svc, "Director call strict", mode="strict")
    r = strict.call_director("S", "card_seen", "I saw West's ace of spades")
    assert r.status_code == 200 and strict.view()["hold"]
    assert strict.refused("N", "hold", action="call", call="1N") == \
        "Play waits for the Director (Law 9B2)."


def test_a_player_call_joins_the_engines_call_and_holds_the_table(svc):
    live = slive(svc, "Director call joins")
    live.act("S", action="call", call="1C")             # out of rotation: W chooses (31)
    v = live.view("W")
    assert v["my_decision"] and not v["hold"]
    r = live.call_director("N", "misexplanation", "")
    assert r.status_code == 200, r.json()
    (call,) = svc.calls(live.id)
    assert call["kinds"] == ["bid_out_of_rotation", "misexplanation"] and call["hold"]
    assert "9B2" in call["laws"] and "31" in " ".join(call["laws"])
    assert call["text"] == "bid out of rotation, North called the Director: a misexplanation"
    # the chooser waits too (Law 9B2) until the Director lets the table go on
    assert live.refused("W", "hold", action="choose", option="reject").endswith("(Law 9B2).")
    live.rule("release")
    live.act("W", action="choose", option="reject")


# --- point 9: what each option means, for the chooser ---------------------------------------

def test_the_chooser_reads_what_each_option_means_in_his_language(svc):
    live = slive(svc, "Option texts")
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="1H")             # insufficient: South chooses (27)
    engine = live.engine()
    views = live.views()
    assert views["S"]["my_decision"]
    want = option_texts(engine, "en")
    assert views["S"]["option_texts"] == want
    assert [o["option"] for o in want["options"]] == views["S"]["decision"]["options"]
    assert all(o["text"] for o in want["options"])
    # the others see the decision but not the chooser's explanations
    assert all(views[s]["option_texts"] is None for s in "NEW")
    # the same words as the ruling assistant's read-out (the Director's page)
    lines = explain(engine, "en")
    page = html.unescape(svc.c.get(f"/live/{live.id}").text)
    for o in want["options"]:
        assert any(o["text"] in line and line.strip().startswith(f"- {o['label']}:")
                   for line in lines), o
        assert o["text"] in page
    # accepting lets 1♥ stand; refusing: 2♥ is free, another call bars partner
    texts = {o["option"]: o["text"] for o in want["options"]}
    assert "1♥" in texts["accept"] and "bars West" in texts["reject"]
    # in Hebrew, through the page's address and through the live connection
    he = option_texts(engine, "he")
    assert he != want and he["options"][0]["label"] == "לקבל"
    with svc.anonymous() as c:
        assert c.get(f"/api/play/{live.tokens['S']}?lang=he").json()["option_texts"] == he
        with c.websocket_connect(f"/ws/play/{live.tokens['S']}?lang=he") as ws:
            assert Sock(ws).view()["option_texts"] == he
        with c.websocket_connect(f"/ws/play/{live.tokens['S']}?lang=xx") as ws:
            assert Sock(ws).view()["option_texts"] == want
    live.act("S", action="choose", option="reject")
    assert live.view("S")["option_texts"] is None


# --- point 13: slips corrected from the page ---------------------------------------------------

def test_a_call_pulled_by_mistake_is_changed_before_partner_calls(svc):
    live = slive(svc, "Law 25A")
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="2C")
    live.act("E", action="call", call="2D", replaces="unintended")
    assert live.events[-1] == {"by": "E", "call": "2D", "replaces": "unintended"}
    v = live.view()
    assert v["auction"] == [{"by": "N", "call": "1N"}, {"by": "E", "call": "2D"}]
    assert "25A" in v["laws"] and v["to_act"] == "S" and not v["hold"]
    # only a slip is the player's to correct; misinformation is for the Director (21B1a)
    assert live.refused("E", "bad_replaces", action="call", call="2H",
                        replaces="misinformation").startswith("Only a slip")
    live.act("S", action="call", call="P")
    live.act("W", action="call", call="P")
    # East's partner has called since: 25A no longer allows it; the attempt is a change
    # of call the Laws rule on (25B): his LHO chooses, with the Director called
    live.act("E", action="call", call="3D", replaces="unintended")
    v = live.view("S")
    assert v["decision"]["by"] == "S" and v["decision"]["laws"] == ["25B1", "25B2"]
    assert v["call"] and "25B" in v["call"]["laws"]
    assert [o["option"] for o in v["option_texts"]["options"]] == ["accept", "reject"]
    live.act("S", action="choose", option="reject")
    assert live.view()["auction"][-1] == {"by": "W", "call": "P"}


def test_declarer_changes_an_unintended_designation_of_dummys_card(svc):
    live = slive(svc, "Law 45C4b")
    for seat, call in zip("NESWNE", ["1N", "P", "3N", "P", "P", "P"]):
        live.act(seat, action="call", call=call)
    v = live.view()
    assert (v["declarer"], v["dummy"]) == ("N", "S")
    live.act("E", action="play", card="CQ")
    # the auction is over: no call is changed now (Law 25A), said in the player's words
    msg = live.refused("N", "engine", action="call", call="4N", replaces="unintended")
    assert "25A" in msg and "Traceback" not in msg and "replaces" not in msg
    with svc.anonymous() as c:
        r = c.post(f"/api/play/{live.tokens['N']}?lang=he",
                   json={"action": "call", "call": "4N", "replaces": "unintended",
                         "aid": "he-25a", "seq": live.view()["seq"]})
        assert r.status_code == 400 and r.json()["key"] == "engine"
        he = r.json()["error"]
        assert re.search("[\u0590-\u05ff]", he) and "25A" in he and he != msg
    live.act("N", action="play", card="C4")             # declarer names dummy's C4
    live.act("W", action="play", card="C5")
    # a defender may not change dummy's card; nor may declarer name a card dummy lacks
    assert live.refused("E", "not_declarer", action="play", card="CA",
                        replaces="unintended") == \
        "Only declarer changes a card he named from dummy (Law 45C4b)."
    assert live.refused("N", "not_held", action="play", card="CK", replaces="unintended")
    # declarer meant the ace: the engine changes it (W may take back his card, 47D)
    live.act("N", action="play", card="CA", replaces="unintended")
    assert live.events[-1] == {"by": "S", "play": "CA", "replaces": "unintended"}
    v = live.view("W")
    assert "45C4b" in v["laws"] and v["to_act"] == "W"
    assert v["trick"][:2] == ["CQ", "CA"] and "C4" in live.view("N")["shown"]["S"]
    live.act("W", action="play", card="C5")
    live.act("N", action="play", card="C2")             # declarer plays again
    # now too late: the engine refuses, in the player's language
    msg = live.refused("N", "engine", action="play", card="C4", replaces="unintended")
    assert "45C4b" in msg and "Traceback" not in msg
