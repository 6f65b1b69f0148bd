"""Alerts and explanations at a live table (issue 18, point 7; Laws 20, 21, 40, 47E2), through
the seats' HTTP API with four seats and a Director (the fixtures of ``test_live_api``).

The design is self-alert (``service/live/explanations.py``): the player who made a call
alerts and explains it, to the opponents only; an opponent asks, the caller answers, to the
asker (and to the asker's partner once the auction is over); the caller's partner learns of
it only when the Laws let him correct it (20F5b).  A correction calls the Director and opens
21B1a's change (or 47E2's withdrawal) to the player concerned."""

from __future__ import annotations

from bridgelaws.service.db import RulingRow, select

from .test_live_api import Svc, svc  # noqa: F401  (the module's live service)


def _texts(v: dict) -> list[str]:
    return [x["text"] for x in v["explanations"]]


def _explain(live, seat: str, lang: str = "en", **act):
    """An act about an explanation, made on the seat's current view."""
    act.update(action="explain", aid=f"x{live.id}-{seat}-{len(live.svc.rows(live.id))}",
               seq=live.view(seat)["seq"])
    return live.c.post(f"/api/play/{live.tokens[seat]}?lang={lang}", json=act)


def _ok(live, seat: str, **act) -> None:
    r = _explain(live, seat, **act)
    assert r.status_code == 200, (seat, act, r.json())


def _refused(live, seat: str, key: str, lang: str = "en", status: int = 400, **act) -> str:
    n = len(live.svc.rows(live.id))
    r = _explain(live, seat, lang, **act)
    assert r.status_code == status, r.json()
    assert r.json()["key"] == key, r.json()
    assert len(live.svc.rows(live.id)) == n          # nothing stored
    return r.json()["error"]


def _rulings(svc: Svc, table_id: int) -> list:
    with svc.app.state.store.session() as s:
        return [r for r in s.scalars(select(RulingRow).order_by(RulingRow.id))
                if r.facts.get("live_table") == table_id]


def test_an_alert_goes_to_the_opponents_never_to_the_partner(svc):
    live = svc.live(svc.new_event("Alerts"))
    # N alerts 1NT as he makes it; S alerts 2♣ afterwards, before West calls
    live.act("N", action="call", call="1N", alert=True, text="12-14 balanced")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="2C")
    _ok(live, "S", what="alert", index=2, call="2C", text="Stayman, asks for a major")
    v = live.views()
    assert _texts(v["E"]) == _texts(v["W"]) == ["12-14 balanced", "Stayman, asks for a major"]
    assert _texts(v["N"]) == ["12-14 balanced"]          # his own; not his partner's
    assert _texts(v["S"]) == ["Stayman, asks for a major"]
    assert [x["kind"] for x in v["E"]["explanations"]] == ["alert", "alert"]
    assert v["N"]["may_alert"] == [] and v["S"]["may_alert"] == []   # both explained
    # the Director sees both, with who has seen each and when
    d = live.c.get(f"/live/{live.id}").text
    assert "12-14 balanced" in d and "Stayman, asks for a major" in d
    # a restart (the log replayed) gives the same views
    svc.app.state.hub.states.pop(live.id)
    assert live.views() == v


def test_a_question_is_answered_by_the_caller_to_the_asker_then_to_his_partner(svc):
    live = svc.live(svc.new_event("Questions"))
    live.bid(["1N", "P", "2C"])
    # West, at his turn, asks about 2♣; South (who bid it) answers
    _ok(live, "W", what="ask", index=2, call="2C", text="What is 2♣?")
    v = live.views()
    assert v["S"]["to_answer"] == [0]
    assert [x["kind"] for x in v["W"]["explanations"]] == ["question"]
    assert v["E"]["explanations"] == [] and v["N"]["explanations"] == []
    _ok(live, "S", what="answer", question=0, text="Stayman")
    v = live.views()
    assert v["W"]["explanations"][0]["answer"]["text"] == "Stayman"
    assert v["E"]["explanations"] == [] and v["N"]["explanations"] == []
    assert v["S"]["to_answer"] == []
    # the auction ends: the asker's partner sees it now (20F2), and so does declarer's
    # partner, who may have to correct it (20F5b: N declares 2♦)
    live.bid(["P", "2D", "P", "P", "P"])
    v = live.views()
    assert v["E"]["explanations"][0]["answer"]["text"] == "Stayman"
    assert v["N"]["explanations"][0]["answer"]["text"] == "Stayman"
    seen = live.c.get(f"/live/{live.id}").text
    assert "What is 2♣?" in seen and "Stayman" in seen


def test_refused_acts_say_why_in_the_players_language(svc):
    live = svc.live(svc.new_event("Refusals"))
    live.bid(["1N", "P", "2C"])
    # alerting an opponent's call
    assert "own calls" in _refused(live, "E", "expl_not_yours", what="alert", index=0, call="1N")
    he = _refused(live, "E", "expl_not_yours", "he", what="alert", index=0, call="1N")
    assert "מתריעים" in he
    # asking about one's own side, asking out of turn
    _refused(live, "N", "expl_ask_side", what="ask", index=2, call="2C")
    assert "20F1" in _refused(live, "E", "expl_ask_turn", what="ask", index=2, call="2C")
    # answering one's own question, or a question put to one's partner
    _ok(live, "W", what="ask", index=2, call="2C")
    assert "South" in _refused(live, "W", "expl_answer_own", what="answer", question=0, text="x")
    _refused(live, "N", "expl_answer_caller", what="answer", question=0, text="Stayman")
    _refused(live, "S", "expl_empty", what="answer", question=0, text="  ")
    # an over-long text, in Polish
    pl = _refused(live, "S", "expl_long", "pl", what="answer", question=0, text="x" * 301)
    assert "301" in pl and "300" in pl and "znaków" in pl
    # a stale act: the call is not (or no longer) at that place in the auction
    _refused(live, "S", "stale", status=409, what="alert", index=2, call="2D")
    _refused(live, "S", "stale", status=409, what="answer", question=0, board=2, text="Stayman")
    # partner correcting during the auction: not yet (20F5)
    assert "20F5" in _refused(live, "N", "expl_correct_wait", what="correct", index=2,
                              call="2C", text="it is a transfer")
    # a change of call under 21B1a with nothing corrected: only a slip is his to change
    r = live.post("W", action="call", call="2H", replaces="misinformation")
    assert r.status_code == 400 and r.json()["key"] == "bad_replaces"
    live.c.get("/api/play/" + live.tokens["N"] + "?lang=en")


def test_a_correction_in_the_auction_calls_the_director_and_lets_the_misinformed_player_change(svc):
    live = svc.live(svc.new_event("Correction in the auction"))
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="2D", alert=True, text="natural, to play")
    live.act("W", action="call", call="X")
    # S realises 2♦ was a transfer: he corrects it (20F4); the table waits for the Director
    _ok(live, "S", what="correct", index=2, call="2D", text="transfer to hearts")
    v = live.views()
    for seat, x in v.items():
        assert x["hold"] and x["call"]["kinds"] == ["misexplanation"], seat
    assert "21B1a" in v["E"]["call"]["laws"] and "20F4" in v["E"]["call"]["laws"]
    assert _texts(v["W"])[-1] == _texts(v["E"])[-1] == "transfer to hearts"
    assert "transfer to hearts" not in _texts(v["N"])         # partner: not during the auction
    assert not v["W"]["may_change_call"]                     # the Director explains first (9B2)
    calls = svc.calls(live.id)
    assert calls and "transfer to hearts" in calls[0]["text"]
    live.rule("release", notes="W may change the double")
    v = live.views()
    assert v["W"]["may_change_call"] and not v["E"]["may_change_call"]
    assert not v["N"]["may_change_call"] and not v["S"]["may_change_call"]
    # East (whose partner was misinformed too) may not change anything
    r = live.post("E", action="call", call="2H", replaces="misinformation")
    assert r.status_code == 400 and r.json()["key"] == "expl_no_change"
    r = live.post("W", action="call", call="P", replaces="misinformation")
    assert r.status_code == 200, r.json()
    live.events.append({"by": "W", "call": "P", "replaces": "misinformation"})
    exp = live.check()
    v = live.view("W")
    assert [c["call"] for c in v["auction"]] == ["1N", "P", "2D", "P"]
    assert "21B1a" in exp["laws"] and not v["may_change_call"]
    # the ruling filed with the release has the explanations in its facts
    (ruling,) = _rulings(svc, live.id)
    lines = ruling.facts["explanations"]
    assert any("natural, to play" in x for x in lines)
    assert any("transfer to hearts" in x and "West" in x for x in lines)
    assert "21B1a" in ruling.laws


def test_a_correction_after_the_opening_lead_flags_an_adjustment_and_lets_a_card_go_back(svc):
    live = svc.live(svc.new_event("Correction in the play"))
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="2C", alert=True, text="natural")
    live.bid(["P", "2D", "P", "P", "P"])
    # declarer's side at the end of the auction (20F5b): N corrects his partner's alert
    v = live.view("N")
    assert "natural" in _texts(v) and 2 in v["may_correct"]
    live.play(until=0)
    leader = live.view()["to_act"]
    live.act(leader, action="play", card=live.view(leader)["legal_cards"][0])
    dummy, declarer = live.view()["dummy"], live.view()["declarer"]
    live.act(declarer, action="play", card=live.view(declarer)["legal_cards"][0])
    third = live.view()["to_act"]
    live.act(third, action="play", card=live.view(third)["legal_cards"][0])
    # now S (dummy) corrects his own explanation: too late for 21B1a; 47E2 for the card
    _ok(live, dummy, what="correct", index=2, call="2C", text="Stayman")
    v = live.view(third)
    assert v["hold"] and {"20F4", "47E2", "21B3", "40B3"} <= set(v["call"]["laws"])
    assert "21B1a" not in v["call"]["laws"]
    live.rule("release")
    v = live.views()
    assert v[third]["may_withdraw"] and not any(v[s]["may_withdraw"] for s in v if s != third)
    live.act(third, action="attention", what="misinformed_play")
    v = live.view(third)
    assert len(v["trick"]) == 2 and "47E2" in " ".join(v["laws"])
    assert not v["may_withdraw"]
    (ruling,) = _rulings(svc, live.id)
    assert {"21B3", "40B3"} <= set(ruling.laws)


def test_declarers_partner_corrects_at_the_end_of_the_auction(svc):
    live = svc.live(svc.new_event("20F5b"))
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="2C", alert=True, text="natural")
    live.bid(["P", "2D", "P", "P", "P"])
    _ok(live, "N", what="correct", index=2, call="2C", text="Stayman: asks for a major")
    v = live.views()
    assert v["W"]["hold"] and "20F5" in v["W"]["call"]["laws"]
    assert {"21B3", "40B3"} <= set(v["W"]["call"]["laws"])
    assert _texts(v["E"])[-1] == "Stayman: asks for a major"
    # West called last, East has not called since: in the clarification period West may
    # still change his last pass (21B1a; LAWS.md 10); East may not
    assert "21B1a" in v["W"]["call"]["laws"]
    live.rule("release")
    v = live.views()
    assert v["W"]["may_change_call"] and not v["E"]["may_change_call"]
    r = live.post("W", action="call", call="X", replaces="misinformation")
    assert r.status_code == 200, r.json()
    live.events.append({"by": "W", "call": "X", "replaces": "misinformation"})
    live.check()
    v = live.view("N")
    assert v["phase"] == "auction" and v["to_act"] == "N" and v["auction"][-1]["call"] == "X"


def test_after_the_misinformed_players_change_his_lho_may_change_too(svc):
    live = svc.live(svc.new_event("21B2"))
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="P")
    live.act("S", action="call", call="2D", alert=True, text="natural, to play")
    live.act("W", action="call", call="X")
    live.act("N", action="call", call="2H")
    # a late correction: W doubled on it, N has called over the double, E has not called
    _ok(live, "S", what="correct", index=2, call="2D", text="transfer to hearts")
    live.rule("release")
    v = live.views()
    assert v["W"]["may_change_call"] and not v["N"]["may_change_after"]
    assert live.post("W", action="call", call="P", replaces="misinformation").status_code == 200
    live.events.append({"by": "W", "call": "P", "replaces": "misinformation"})
    live.check()
    v = live.views()
    # North's 2♥ over the double stands, and he may change it (21B2); nobody else may
    assert v["N"]["may_change_after"] and not v["S"]["may_change_after"]
    assert not v["W"]["may_change_call"]
    assert live.post("S", action="call", call="3H", replaces="after_change").json()["key"] == \
        "expl_no_change"
    assert live.post("N", action="call", call="3H", replaces="after_change").status_code == 200
    live.events.append({"by": "N", "call": "3H", "replaces": "after_change"})
    exp = live.check()
    assert [c["call"] for c in live.view()["auction"]] == ["1N", "P", "2D", "P", "3H"]
    assert "21B2" in exp["laws"] and not live.view("N")["may_change_after"]
