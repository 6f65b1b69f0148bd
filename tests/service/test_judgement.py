"""The judgement rulings (issue 19, points 6-8): unauthorised information (16B), mis-
information (21B, 40B3, 47E2, 75) and the reviews a table's flags ask for (23C, 27D,
64C, 72C ...): the procedures' logic, their pages one question at a time, the written
ruling with the Laws and the answers, the rulings log, and the limits on every input."""

from __future__ import annotations

import html
import json
import re

import pytest

from bridgelaws.formats.case import case_table
from bridgelaws.service.db import RulingRow, select
from bridgelaws.service.judgement import logic
from bridgelaws.service.judgement.logic import walk

from .test_live_api import svc  # noqa: F401  (the live service)
from .test_service_api import app, client, new_event  # noqa: F401  (fixtures)

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
NO_PLACE = {"event": "", "section": "", "round": "", "table": "", "board": ""}


def ui_answers(**over):
    """A hesitation, then 4♠ where a pass was a logical alternative by the poll."""
    a = {"player": "S", "source": "hesitation", "suggests": "yes",
         "suggestion": "bidding on rather than passing", "action": "4S", "polled": "5",
         "alternatives": [{"text": "pass", "considered": "3", "chosen": "2", "la": ""}],
         "chosen_suggested": "yes", "damage": "yes"}
    a.update(over)
    return a


def form_of(answers: dict, **over) -> dict:
    """The answers as the pages post them (alternatives as repeated alt_* fields)."""
    data = {k: v for k, v in answers.items() if k not in ("alternatives", "polled")}
    if "alternatives" in answers:
        rows = answers["alternatives"]
        data["alternatives_given"] = "1"
        data["polled"] = answers.get("polled", "")
        for f in ("text", "considered", "chosen", "la"):
            data[f"alt_{f}"] = [r.get(f, "") for r in rows]
    data.update(NO_PLACE)
    data.update(over)
    return data


def text_of(page: str) -> str:
    """A page's text, without the isolates that keep Laws and calls in their order."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return re.sub("[\u2066\u2068\u2069]", "", text)


# ------------------------------------------------------------------ the procedures' logic

def test_ui_suggested_over_a_logical_alternative_with_damage_goes_to_the_adjusted_score():
    w = walk("ui", ui_answers())
    assert w.outcome.key == "ui_adjust" and w.outcome.adjust
    assert w.outcome.laws == ("16B3", "12C1b", "12C1c")
    assert [s.key for s, _ in w.answered] == list(logic.UI_STEPS)
    alternatives = dict((s.key, a) for s, a in w.answered)["alternatives"]
    assert alternatives == [{"text": "pass", "considered": 3, "chosen": 2, "la": "yes"}]


def test_ui_no_logical_alternative_when_nobody_polled_would_consider_one():
    w = walk("ui", ui_answers(alternatives=[{"text": "pass", "considered": "0",
                                             "chosen": "0"}]))
    assert w.outcome.key == "stands_no_la" and not w.outcome.adjust
    # the walk stops there: whether a suggested action was chosen is not asked
    assert "chosen_suggested" not in [s.key for s, _ in w.answered]
    # and the Director cannot call it a logical alternative against his own poll
    w = walk("ui", ui_answers(alternatives=[{"text": "pass", "considered": "0",
                                             "chosen": "0", "la": "yes"}]))
    assert w.outcome is None and w.step.key == "alternatives"
    assert w.errors["alternatives"][0] == "ui.judgement.err.la_unconsidered"
    # no other action at all: no logical alternative either
    assert walk("ui", ui_answers(alternatives=[], polled="")).outcome.key == "stands_no_la"


def test_ui_no_damage_no_ui_and_no_suggestion_leave_the_result():
    assert walk("ui", ui_answers(damage="no")).outcome.key == "stands_no_damage"
    assert walk("ui", ui_answers(source="none")).outcome.key == "stands_no_ui"
    assert walk("ui", ui_answers(suggests="no")).outcome.key == "stands_no_suggestion"
    assert walk("ui", ui_answers(chosen_suggested="no")).outcome.key == "stands_not_suggested"


def test_ui_walk_asks_the_next_question_and_the_director_decides_without_a_poll():
    w = walk("ui", {"player": "S", "source": "remark"})
    assert w.outcome is None and w.step.key == "suggests"
    no_poll = ui_answers(polled="", alternatives=[{"text": "pass", "la": "yes"}])
    assert walk("ui", no_poll).outcome.key == "ui_adjust"
    unanswered = ui_answers(polled="", alternatives=[{"text": "pass"}])
    assert walk("ui", unanswered).errors["alternatives"][0] == "ui.judgement.err.need_la"


def test_1997_cites_its_own_laws_and_has_no_weighting():
    w = walk("ui", ui_answers(), edition="1997")
    assert w.outcome.laws == ("16A", "12C")
    lines = logic.ruling_lines(w, "en")
    assert "1997" in lines[1]
    assert "most favourable result that was likely" in lines[-1]
    assert "weighted" not in lines[-1]
    assert "weighted" in logic.ruling_lines(walk("ui", ui_answers()), "en")[-1]


def mi(**over):
    a = {"explainer": "N", "evidence": "system_card", "finding": "explanation",
         "when": "auction", "misinformed": "E", "partner_called": "no", "influenced": "yes"}
    a.update(over)
    return a


def test_mi_corrected_during_the_auction_offers_21B1a_to_the_misinformed_player():
    w = walk("mi", mi())
    assert w.outcome.key == "mi_change_call" and w.outcome.seat == "E"
    assert "21B1a" in w.outcome.laws and "21B2" in w.outcome.laws
    last = logic.ruling_lines(w, "en")[-1].replace("\u2066", "").replace("\u2069", "")
    assert last.startswith("Ruling: East may take back his last call")
    assert "South may then change" in last          # 21B2: East's LHO
    # his partner has called since: too late to change; the end-of-play question
    w = walk("mi", mi(partner_called="yes"))
    assert w.outcome is None and w.step.key == "different" and w.step.laws[0] == "21B3"
    # a player of the explainer's own side is not misinformed
    w = walk("mi", mi(misinformed="S"))
    assert w.step.key == "misinformed" and "misinformed" in w.errors


def test_mi_during_play_asks_about_the_card_then_the_21B3_adjustment():
    w = walk("mi", mi(when="play", misinformed="", partner_called="", influenced=""))
    assert w.step.key == "card_since" and w.step.laws == ("47E2a",)
    w = walk("mi", mi(when="play", card_since="no", different="yes"))
    assert w.outcome.key == "mi_adjust" and w.outcome.adjust
    assert w.outcome.laws == ("21B3", "40B3", "12C1b")
    assert walk("mi", mi(when="play", card_since="no", different="no")).outcome.key == "mi_stands"


def test_mi_a_mistaken_call_is_no_infraction():
    w = walk("mi", mi(finding="call"))
    assert w.outcome.key == "mi_mistaken_call" and not w.outcome.adjust
    assert "75C" in w.outcome.laws
    assert "when" not in [s.key for s, _ in w.answered]


def test_reviews_each_give_their_consequence():
    assert walk("review", {"different": "no"}, flag="Review27D").outcome.key == "review_stands"
    w = walk("review", {"different": "yes"}, flag="Review64C")
    assert w.outcome.key == "review_64C" and w.outcome.laws == ("64C", "12C1")
    assert walk("review", {"different": "yes"}, flag="Review23C").outcome.key == "review_23C"
    w = walk("review", {"different": "yes"}, flag="Review72C")
    assert w.outcome.key == "review_adjust" and w.outcome.laws == ("72C", "12C1b")
    assert walk("review", {"different": "yes"}, "1997", flag="Review72C").outcome.laws == \
        ("72B1", "12C")


def test_over_long_and_wrong_answers_are_refused_by_the_logic():
    w = walk("ui", ui_answers(action="x" * 61))
    assert w.step.key == "action" and w.errors["action"] == (
        "ui.judgement.err.too_long", {"n": 60, "length": 61})
    w = walk("ui", ui_answers(alternatives=[{"text": f"alt {i}", "la": "yes"}
                                            for i in range(7)], polled=""))
    assert w.errors["alternatives"][0] == "ui.judgement.err.too_many"
    assert walk("ui", ui_answers(polled="51")).errors["alternatives"][0] == \
        "ui.judgement.err.polled"
    w = walk("ui", ui_answers(alternatives=[{"text": "pass", "considered": "6",
                                             "chosen": "1"}]))
    assert w.errors["alternatives"][0] == "ui.judgement.err.count"       # 6 of 5 polled
    assert walk("ui", ui_answers(source="telepathy")).errors["source"][0] == \
        "ui.judgement.err.answer"


# ------------------------------------------------------------------ the pages

def test_the_pages_ask_one_question_at_a_time(client):
    page = client.get("/judgement/ui")
    assert page.status_code == 200
    assert 'name="player" value="S"' in page.text and 'id="q-player"' in page.text
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **NO_PLACE, "player": "S"})
    assert r.status_code == 200 and 'id="q-source"' in r.text
    assert 'type="hidden" name="player" value="S"' in r.text
    # back: the last answer is taken away and asked again
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **NO_PLACE, "player": "S",
                                           "source": "remark", "back": "1"})
    assert 'id="q-source"' in r.text


def test_ui_ruling_written_and_recorded_with_its_laws_answers_and_json_facts(client):
    ev = new_event(client)
    data = form_of(ui_answers(), event=str(ev), section="A", round="1", table="2",
                   board="3")
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **data})
    assert r.status_code == 200 and 'id="written"' in r.text
    written = text_of(r.text.split('id="written"')[1].split("</section>")[0])
    for words in ("South", "A hesitation or a change of tempo", "4♠",
                  "pass (3 would seriously consider it, 2 would choose it): a logical "
                  "alternative (5 players polled)", "16B1a", "16B1b", "12B1", "16B3",
                  "the score is adjusted"):
        assert words in written, words
    assert "4S" not in written
    fields = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"',
                             r.text.split('id="record"')[1].split("</form>")[0]))
    assert fields["procedure"] == "ui" and fields["alternatives_given"] == "1"
    rec = client.post("/judgement/record", data={"csrf": client.csrf, "notes": "polled 5 peers",
                                                 **data, "procedure": "ui"},
                      follow_redirects=False)
    assert rec.status_code == 303 and rec.headers["location"].startswith("/judgement/ruling/")
    done = client.get(rec.headers["location"])
    assert "Recorded in the rulings log" in done.text
    adjust = re.search(r'id="adjust" href="([^"]+)"', done.text).group(1)
    adjust = html.unescape(adjust)
    assert adjust.startswith(f"/events/{ev}/adjust?") and "table=2" in adjust
    assert "board=3" in adjust and "kind=assigned" in adjust
    form = client.get(adjust).text                          # the console's form, filled in
    assert re.search(r'name="board"[^>]*value="3"', form) or 'value="3"' in form
    with client.app.state.store.session() as s:
        row = s.scalar(select(RulingRow))
        assert row.scenario == "judgement_ui" and row.edition == "2017"
        assert row.event_id == ev and row.table_no == 2 and row.board == 3
        assert row.laws[:2] == ["16B1a", "73C"] and "12C1b" in row.laws
        assert row.facts["answers"]["player"] == "S"
        assert row.facts["answers"]["alternatives"][0]["considered"] == 3
        assert row.facts["outcome"] == "ui_adjust" and row.facts["adjust"] is True
        assert row.facts["polled"] == 5
        assert "Ruling: An action the information suggested" in row.explanation
        assert row.notes == "polled 5 peers"
    log = client.get(f"/rulings/{row.id}")
    assert "The written ruling" in log.text and "Unauthorised information" in log.text
    exported = json.loads(client.get("/rulings/export.json").text)
    assert exported[0]["facts"]["answers"]["action"] == "4S"


def test_ui_no_logical_alternative_on_the_page_leaves_the_score(client):
    data = form_of(ui_answers(alternatives=[{"text": "pass", "considered": "0",
                                             "chosen": "0"}]))
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **data})
    assert "No logical alternative to the action taken: the table result stands" in \
        text_of(r.text)
    rec = client.post("/judgement/record", data={"csrf": client.csrf, **data,
                                                 "procedure": "ui"}, follow_redirects=False)
    done = client.get(rec.headers["location"]).text
    assert 'id="adjust"' not in done and 'id="adjust-later"' not in done


def test_mi_during_the_auction_on_the_page_names_the_player_who_may_change(client):
    r = client.post("/judgement/mi", data={"csrf": client.csrf, **NO_PLACE, **mi()})
    written = text_of(r.text)
    assert "East may take back his last call" in written and "21B1a" in written
    r = client.post("/judgement/mi", data={"csrf": client.csrf, **NO_PLACE,
                                           **mi(when="play", misinformed="")})
    assert 'id="q-card_since"' in r.text and "47E2a" in r.text


def test_a_flag_of_a_table_opens_its_review(client):
    """A table where an insufficient bid was replaced by the lowest sufficient bid: its
    state flags 27D; the assistant's ruling page links to the review, which asks its
    question and writes the ruling."""
    case = {"board": 1, "deal": DEAL, "events": [
        {"by": "N", "call": "1N"}, {"by": "E", "call": "1H"}, {"by": "S", "choose": "reject"},
        {"by": "E", "call": "2H"}]}
    assert {"flag": "Review27D", "law": "27D", "seat": "E"} in case_table(case).state()["flags"]
    page = client.post("/assistant/case", data={"csrf": client.csrf,
                                                "case": json.dumps(case), "board": "1"})
    assert page.status_code == 200
    link = html.unescape(re.search(r'href="(/judgement/review/Review27D[^"]*)"', page.text)
                         .group(1))
    assert "board=1" in link and "seat=E" in link
    assert re.search(r'href="/judgement/ui\?[^"]*source=withdrawn', page.text)   # 16C
    review = client.get(link)
    assert review.status_code == 200
    assert "Without the help the insufficient bid gave" in review.text and "27D" in review.text
    assert 'name="different" value="yes"' in review.text
    r = client.post("/judgement/review/Review27D",
                    data={"csrf": client.csrf, **NO_PLACE, "board": "1", "seat": "E",
                          "flag": "Review27D", "different": "yes"})
    written = text_of(r.text)
    assert "the score is adjusted to the likely outcome without the irregularity" in written
    assert "27D" in written and "12C1b" in written
    assert client.get("/judgement/review/NoSuchFlag").status_code == 404


def test_over_long_inputs_are_refused_clearly_on_the_pages(client):
    data = form_of(ui_answers(action="x" * 61, alternatives=[], polled=""))
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **data})
    assert r.status_code == 400 and "At most 60 characters, not 61" in r.text
    data = form_of(ui_answers(polled="500"))
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **data})
    assert r.status_code == 400 and "Players polled: a whole number from 1 to 50" in r.text
    data = form_of(ui_answers())
    r = client.post("/judgement/record", data={"csrf": client.csrf, **data, "procedure": "ui",
                                               "notes": "n" * 2001}, follow_redirects=False)
    assert r.status_code == 400 and "at most 2000 characters, not 2001" in r.text
    r = client.post("/judgement/record", data={"csrf": client.csrf, **form_of({"player": "S"}),
                                               "procedure": "ui"}, follow_redirects=False)
    assert r.status_code == 400 and "The procedure is not finished" in r.text
    r = client.post("/judgement/ui", data={"csrf": client.csrf, **NO_PLACE, "board": "x"})
    assert r.status_code == 400
    with client.app.state.store.session() as s:
        assert s.scalar(select(RulingRow)) is None


@pytest.mark.parametrize("lang", ["he", "pl", "ru", "nb"])
def test_the_written_ruling_is_in_the_directors_language(client, lang):
    r = client.post(f"/judgement/ui?lang={lang}",
                    data={"csrf": client.csrf, **form_of(ui_answers())})
    assert r.status_code == 200
    body = text_of(r.text.split('id="written"')[1].split("</section>")[0])
    assert "Unauthorised information" not in body and "Ruling:" not in body
    assert "16B1a" in body and "4♠" in body
    if lang == "he":
        assert 'dir="rtl"' in r.text


def test_the_live_directors_page_links_a_tables_flags_to_their_reviews(svc):
    """A live table where East's insufficient bid was replaced by the lowest sufficient
    bid (27B1a): the Director's page links to the 27D review and to the unauthorised-
    information procedure for the withdrawn call (16C), with the table filled in; the
    review recorded says where it came from."""
    eid = svc.new_event("Judgement at a live table")
    live = svc.live(eid)
    live.act("N", action="call", call="1N")
    live.act("E", action="call", call="1H")                 # insufficient
    live.act("S", action="choose", option="reject")
    live.act("E", action="call", call="2H")                 # the lowest sufficient bid
    page = svc.c.get(f"/live/{live.id}").text
    link = html.unescape(re.search(r'href="(/judgement/review/Review27D\?[^"]*)"', page)
                         .group(1))
    assert f"event={eid}" in link and f"live={live.id}" in link and "seat=E" in link
    assert "board=1" in link and "table=" in link
    assert re.search(r'href="/judgement/ui\?[^"]*source=withdrawn', page)
    review = svc.c.get(link).text
    assert f'href="/live/{live.id}"' in review                # back to the table
    # every field of the page's form, as a browser posts it (where: editable on the
    # first question; the flag, the seat and the table: hidden)
    fields = dict(re.findall(r'<input[^>]*? name="([^"]+)" value="([^"]*)"', review))
    # the event is chosen by its name, with this table's event selected
    chosen = re.search(r'<select name="event">.*?</select>', review, re.S).group(0)
    assert re.search(rf'<option value="{eid}" selected>', chosen)
    fields["event"] = str(eid)
    assert f"Event {eid} ·" not in review                       # named, never numbered
    assert fields["flag"] == "Review27D"
    csrf = re.search(r'name="csrf" value="([^"]+)"', review).group(1)
    data = {**fields, "csrf": csrf, "different": "no"}
    r = svc.c.post("/judgement/record", data={**data, "procedure": "review"},
                   follow_redirects=False)
    assert r.status_code == 303
    with svc.app.state.store.session() as s:
        row = s.scalars(select(RulingRow).where(RulingRow.scenario == "judgement_review")).one()
        assert row.facts["flag"] == "Review27D" and row.facts["live_table"] == live.id
        assert row.facts["outcome"] == "review_stands" and row.event_id == eid
        assert row.laws == ["27D", "12B1"]
