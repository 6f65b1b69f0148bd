"""The Director's loop at a live table (issue 18, points 1-3), through the HTTP and
WebSocket API with four seats and a Director (the fixtures of ``test_live_api``):

1. applying a ruling releases the table: after the Director awards a disputed claim's
   tricks, nobody waits for him any more and the next board may be called for;
2. the rulings log gets one entry per irregularity, its own: its facts (JSON), its
   read-out, its laws (not the board's), the choice and the outcome;
3. the claim aid does not block the Director's page: it runs once per claim, in the
   background, and the Director may rule before it has answered.
"""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

import bridgelaws.laws.claims as claims
from bridgelaws.service.db import RulingRow, select

from .test_live_api import Svc, nxt, svc  # noqa: F401  (the module's live service)


def _rulings(svc: Svc, table_id: int) -> list:
    with svc.app.state.store.session() as s:
        return [r for r in s.scalars(select(RulingRow).order_by(RulingRow.id))
                if r.facts.get("live_table") == table_id]


def _disputed_claim(live) -> str:
    """Board 1 (N declares 1NT, E leads), one trick played, then N claims the rest and E
    disputes: the table waits for the Director.  Returns the claimer."""
    live.bid(["1N", "P", "P", "P"])
    live.play(until=1)
    v = live.view()
    claimer = v["declarer"]
    live.act(claimer, action="claim", tricks=13 - len(v["tricks"]), line=["S", "H", "rest"])
    live.act(nxt(claimer), action="respond", answer="dispute")
    v = live.view()
    assert v["hold"] and v["call"]["kinds"] == ["disputed_claim"]
    return claimer


def _wait_aid(svc: Svc, table_id: int, timeout: float = 120.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = svc.c.get(f"/api/live/{table_id}/claim-aid")
        assert r.status_code == 200
        if r.json()["ready"]:
            return r.json()
        time.sleep(0.2)
    raise AssertionError("the claim aid never answered")


# --- 1. a ruling releases the table ----------------------------------------------------------

def test_awarding_a_disputed_claim_releases_the_table(svc):
    eid = svc.new_event("Ruling releases")
    live = svc.live(eid)
    _disputed_claim(live)
    assert svc.calls(live.id)
    live.rule("claim", tricks="10", notes="no line stated for the hearts")
    # the award is the ruling: filed, and the table released at once
    for seat, v in live.views().items():
        assert v["complete"], seat
        assert not v["hold"] and v["call"] is None, (seat, v["call"])
    assert svc.calls(live.id) == []
    page = svc.c.get(f"/live/{live.id}").text
    assert 'id="call"' not in page and 'id="release"' not in page
    (ruling,) = _rulings(svc, live.id)
    assert ruling.kind == "disputed_claim" and ruling.facts["award"] == 10
    assert ruling.notes == "no line stated for the hearts" and ruling.director == "td"
    # the next board may be called for, without a second button
    live.act("S", action="next")
    assert live.board == 2 and not live.view()["hold"]


def test_play_on_releases_the_table_and_earlier_calls_clear_with_it(svc):
    eid = svc.new_event("Play on releases")
    live = svc.live(eid)
    live.act("S", action="call", call="1C")             # out of rotation: W chooses
    live.act("W", action="choose", option="accept")
    live.bid(["P", "1N", "P", "P", "P"])                # S's 1♣ stands; N declares 1NT
    assert live.view()["call"]["kinds"] == ["bid_out_of_rotation"]
    live.play(until=1)
    v = live.view()
    live.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]))
    live.act(nxt(v["declarer"]), action="respond", answer="dispute")
    assert live.view()["call"]["kinds"] == ["bid_out_of_rotation", "disputed_claim"]
    live.rule("play_on")
    v = live.view()
    assert not v["hold"] and v["call"] is None and svc.calls(live.id) == []
    assert [r.kind for r in _rulings(svc, live.id)] == ["bid_out_of_rotation", "disputed_claim"]
    v = live.play()
    assert v["complete"]


# --- 2. one log entry per irregularity, its own ----------------------------------------------

def test_each_irregularity_gets_its_own_entry_in_the_rulings_log(svc):
    eid = svc.new_event("Own entries")
    live = svc.live(eid)
    live.act("S", action="call", call="1C")             # bid out of rotation (N deals)
    live.act("W", action="choose", option="accept")
    live.bid(["P", "3N", "P", "P", "P"])                # N declares 3NT, E leads
    live.act("E", action="play", card="CQ")
    live.act("N", action="play", card="C4")             # dummy's club
    # a revoke (W holds clubs), unnoticed: no seat's view tells of it yet (the module's
    # check compares with every law of the record, so the act is made without it)
    assert live.post("W", action="play", card="S5").status_code == 200
    live.events.append({"by": "W", "play": "S5"})
    assert live.view()["call"]["kinds"] == ["bid_out_of_rotation"]
    live.act("N", action="ask", seat="W")               # Law 61B1: yes, a revoke
    v = live.view()
    assert v["hold"] and v["call"]["kinds"] == ["bid_out_of_rotation", "attention_revoke"]
    live.rule("release", notes="revoke corrected")
    assert svc.calls(live.id) == [] and live.view()["call"] is None
    boor, revoke = _rulings(svc, live.id)
    # the bid out of rotation: its facts, its laws, its choice, its read-out
    assert boor.kind == "bid_out_of_rotation"
    assert boor.facts == {"live_table": live.id, "who": "S", "turn": "N", "call": "1C"}
    assert boor.laws == ["29", "31", "29A"]
    assert (boor.chooser, boor.choice, boor.options) == ("W", "accept", [["accept", "reject"]])
    assert "out of rotation" in boor.explanation and "revoke" not in boor.explanation.lower()
    # the revoke: its own facts, read-out and laws, not the earlier call's
    assert revoke.kind == "attention_revoke"
    assert revoke.facts == {"live_table": live.id, "who": "W", "card": "S5", "trick": 1}
    assert revoke.laws == ["61A", "61B1", "62A", "62B1"]
    assert "29" not in revoke.laws and "31" not in revoke.laws
    assert (revoke.chooser, revoke.choice, revoke.options) == ("", "", [])
    assert "revoked on trick 1" in revoke.explanation and "Law 62A" in revoke.explanation
    assert "out of rotation" not in revoke.explanation
    for r in (boor, revoke):
        # facts are JSON, never a Python repr
        assert json.loads(json.dumps(r.facts)) == r.facts
        assert "[" not in json.dumps(r.facts) and "kinds" not in r.facts
        assert r.notes == "revoke corrected" and r.case["events"] == live.events
    # the rulings page shows the facts in words, cards with their symbols
    page = svc.c.get(f"/rulings/{revoke.id}").text
    assert "\u26605" in page and "live_table" not in page and "kinds=" not in page
    assert "irregularity." not in page and "a revoke pointed out" in page   # no raw key
    assert "Trick: <bdi>1</bdi>" in page and "Player concerned: <bdi>West</bdi>" in page


def test_a_claim_ruling_carries_the_claims_laws_not_the_boards(svc):
    eid = svc.new_event("Claim laws")
    live = svc.live(eid)
    live.act("S", action="call", call="1C")             # an earlier matter: 29, 31
    live.act("W", action="choose", option="accept")
    live.bid(["P", "1N", "P", "P", "P"])
    live.rule("release")
    live.play(until=1)
    v = live.view()
    live.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]), line=["rest"])
    live.act(nxt(v["declarer"]), action="respond", answer="dispute")
    live.rule("claim", tricks="9")
    boor, claim = _rulings(svc, live.id)
    assert claim.kind == "disputed_claim"
    board_laws = live.expected()["laws"]
    assert "29" in board_laws and "31" in board_laws
    assert "29" not in claim.laws and "31" not in claim.laws
    assert {"68A", "68D", "70"} <= set(claim.laws)
    assert set(claim.laws) <= set(board_laws)
    assert claim.facts["who"] == nxt(v["declarer"]) and claim.facts["award"] == 9
    exp = live.expected()
    assert (claim.facts["contract"], claim.facts["declarer"], claim.facts["score"]) == \
        ("1N", exp["declarer"], exp["score_ns"])
    assert claim.facts["result"] == exp["tricks"]["NS" if exp["declarer"] in "NS" else "EW"]
    page = svc.c.get(f"/rulings/{claim.id}").text
    assert "Contract: <bdi>1NT</bdi>" in page and "Tricks the Director awards" in page
    assert "claim" in claim.explanation.lower()


# --- 3. the claim aid does not block the page --------------------------------------------------

@pytest.fixture
def slow_aid(monkeypatch):
    """The claim aid made to wait until the test lets it go (at most 20 s), counting its
    runs: the Director's page must not wait for it."""
    gate, runs = threading.Event(), []
    real = claims.advise_table

    def advise(table, *a, **k):
        runs.append(len(table.events))
        gate.wait(20)
        return real(table, *a, **k)

    monkeypatch.setattr(claims, "advise_table", advise)
    yield gate, runs
    gate.set()


def test_the_claim_page_shows_at_once_and_the_aid_runs_once_in_the_background(svc, slow_aid):
    gate, runs = slow_aid
    live = svc.live(svc.new_event("Claim aid"))
    _disputed_claim(live)
    started = time.monotonic()
    page = svc.c.get(f"/live/{live.id}")
    assert time.monotonic() - started < 5
    assert page.status_code == 200 and 'id="advice-pending"' in page.text
    assert "The claim aid is working" in page.text and 'id="claim-ruling"' in page.text
    assert svc.c.get(f"/api/live/{live.id}/claim-aid").json() == {"ready": False,
                                                                   "tricks": None}
    for _ in range(3):                                   # reloads do not start it again
        assert 'id="advice-pending"' in svc.c.get(f"/live/{live.id}").text
    gate.set()
    aid = _wait_aid(svc, live.id)
    assert len(runs) == 1 and aid["tricks"] is not None
    page = svc.c.get(f"/live/{live.id}").text
    assert 'id="advice"' in page and 'id="advice-pending"' not in page
    assert re.search(r'name="tricks"[^>]*value="(\d+)"', page).group(1) == str(aid["tricks"])
    assert len(runs) == 1
    live.rule("claim", tricks=str(aid["tricks"]))
    (ruling,) = _rulings(svc, live.id)
    assert ruling.facts["claim_aid"] == aid["tricks"]


def test_the_director_rules_a_claim_before_the_aid_answers(svc, slow_aid):
    gate, runs = slow_aid
    live = svc.live(svc.new_event("Claim aid pending"))
    _disputed_claim(live)
    assert 'id="advice-pending"' in svc.c.get(f"/live/{live.id}").text
    started = time.monotonic()
    live.rule("claim", tricks="8")                     # his award form works at once
    assert time.monotonic() - started < 5
    v = live.view()
    assert v["complete"] and not v["hold"] and svc.calls(live.id) == []
    (ruling,) = _rulings(svc, live.id)
    assert ruling.facts["award"] == 8 and "claim_aid" not in ruling.facts
    assert len(runs) == 1
