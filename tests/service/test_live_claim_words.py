"""A claim with the claimer's statement in words (issue 18, point 8; Law 68C), through the
seats' API with four seats and a Director (the fixtures of ``test_live_api``): the words
are kept in the claim's log entry, shown to every seat with the claim, on the Director's
page of a disputed claim and in the rulings-log entry's facts; they survive a restart
(the table replayed from its stored log); an over-long or non-text statement is refused
with a clear message, and nothing is stored."""

from __future__ import annotations

from bridgelaws.service.db import RulingRow, select
from bridgelaws.service.live.logic import CLAIM_WORDS_CHARS

from .test_live_api import Svc, nxt, svc  # noqa: F401  (the module's live service)

WORDS = "Draw trumps, then the clubs are good & <b>all</b> mine"


def _rulings(svc: Svc, table_id: int) -> list:
    with svc.app.state.store.session() as s:
        return [r for r in s.scalars(select(RulingRow).order_by(RulingRow.id))
                if r.facts.get("live_table") == table_id]


def _to_claim(live) -> tuple[str, int]:
    """Board 1: N declares 1NT, one trick played.  Returns declarer and tricks left."""
    live.bid(["1N", "P", "P", "P"])
    live.play(until=1)
    v = live.view()
    return v["declarer"], 13 - len(v["tricks"])


def test_the_claimers_words_reach_the_table_the_director_and_the_rulings_log(svc):
    eid = svc.new_event("Claim words")
    live = svc.live(eid)
    claimer, left = _to_claim(live)
    live.act(claimer, action="claim", tricks=left, words="  " + WORDS.replace(" ", "\n  ") + " ")
    # the statement is heard by the whole table (68C), its spaces tidied
    for seat, v in live.views().items():
        assert v["claim"]["by"] == claimer and v["claim"]["tricks"] == left
        assert v["claim"]["words"] == WORDS, seat
    # kept in the claim's own log entry, beside the engine's event
    data = svc.rows(live.id)[-1].data
    assert data["words"] == WORDS and data["e"] == {"by": claimer, "claim": left}
    # a restart: the table's state is replayed from the stored log
    svc.app.state.hub.states.pop(live.id)
    assert live.view(nxt(claimer))["claim"]["words"] == WORDS
    # disputed: the Director's page shows the words beside the claim aid (escaped)
    live.act(nxt(claimer), action="respond", answer="dispute")
    page = svc.c.get(f"/live/{live.id}").text
    assert 'id="claim-words"' in page
    assert "Draw trumps, then the clubs are good &amp; &lt;b&gt;all&lt;/b&gt; mine" in page
    live.rule("claim", tricks=str(left - 1), notes="the heart finesse was not stated")
    (ruling,) = _rulings(svc, live.id)
    assert ruling.kind == "disputed_claim"
    assert ruling.facts["claim_words"] == WORDS and ruling.facts["award"] == left - 1
    # the rulings log shows it under its own label
    shown = svc.c.get(f"/rulings/{ruling.id}").text
    assert "The claimer&#39;s statement (Law 68C)" in shown or \
        "The claimer's statement (Law 68C)" in shown


def test_a_defender_claims_with_words_and_a_claim_without_words_has_none(svc):
    eid = svc.new_event("Defender claims")
    live = svc.live(eid)
    declarer, left = _to_claim(live)
    defender = nxt(declarer)
    assert live.view(defender)["may_claim"]          # Law 68: any player may claim
    live.act(defender, action="claim", tricks=2, words="My two aces")
    v = live.view(declarer)
    assert v["claim"]["by"] == defender and v["claim"]["words"] == "My two aces"
    live.act(nxt(defender), action="respond", answer="dispute")
    page = svc.c.get(f"/live/{live.id}").text
    assert "My two aces" in page
    live.rule("play_on")
    # a claim without words has none, and the Director's page says so
    v = live.view()
    live.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]))
    assert live.view()["claim"]["words"] is None
    live.act(nxt(v["declarer"]), action="respond", answer="dispute")
    assert "No statement in words." in svc.c.get(f"/live/{live.id}").text


def test_an_over_long_statement_is_refused_with_a_clear_message(svc):
    eid = svc.new_event("Long words")
    live = svc.live(eid)
    claimer, left = _to_claim(live)
    text = live.refused(claimer, "claim_words_long", action="claim", tricks=left,
                        words="x" * (CLAIM_WORDS_CHARS + 1))
    assert text == (f"The statement has {CLAIM_WORDS_CHARS + 1} characters; at most "
                    f"{CLAIM_WORDS_CHARS} are taken. Say it more briefly.")
    assert live.refused(claimer, "bad_words", action="claim", tricks=left,
                        words=["draw", "trumps"]) == "The statement is a text in words."
    # in the player's language (a seat needs no login: without the Director's cookies)
    with svc.anonymous() as c:
        r = c.post(f"/api/play/{live.tokens[claimer]}?lang=he",
                   json={"action": "claim", "tricks": left, "words": "x" * 600,
                         "seq": live.view()["seq"]})
    assert r.status_code == 400 and "600" in r.json()["error"] and "תווים" in r.json()["error"]
    # exactly the limit is taken
    live.act(claimer, action="claim", tricks=left, words="y" * CLAIM_WORDS_CHARS)
    assert live.view()["claim"]["words"] == "y" * CLAIM_WORDS_CHARS
