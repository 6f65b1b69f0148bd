"""Issue 17, points 6, 10 and 13 without a browser: the progress grid of an event's
results, numbers in each language's format, suit symbols wherever a contract or a card
is shown to a person, Laws and scores kept in order on Hebrew pages, and the choices
stored in a ruling shown in the reader's language."""

from __future__ import annotations

import html
import re

import pytest

from bridgelaws.i18n import LANGUAGES, message
from bridgelaws.i18n.display import card, cards, contract, number, percent
from bridgelaws.service.web import templates

from .test_service_api import (PASSWORD, app, client, line,  # noqa: F401 (fixtures)
                               new_event, token)

NBSP = "\u00a0"


# ---------------------------------------------------------------- the filters

@pytest.mark.parametrize("lang, pct, num", [
    ("en", "58.44%", "1,234.50"), ("he", "58.44%", "1,234.50"),
    ("pl", f"58,44{NBSP}%", f"1{NBSP}234,50"), ("ru", f"58,44{NBSP}%", f"1{NBSP}234,50"),
    ("nb", f"58,44{NBSP}%", f"1{NBSP}234,50")])
def test_numbers_and_percentages_in_each_languages_format(lang, pct, num):
    assert percent(58.444, lang) == pct
    assert number(1234.5, 2, lang) == num
    assert number(7, 0, lang) == "7"
    assert percent(None, lang) == number(None, 2, lang) == ""
    # a negative number keeps its minus sign on its left, also right to left
    neg = number(-920, 0, lang)
    assert neg.endswith("\u2212920")
    assert neg.startswith("\u200e") == (lang == "he")


def test_the_template_filters_take_the_pages_language():
    tpl = templates.env.from_string(
        "{{ 58.444|pct }} {{ 12.5|num(1) }} {{ '4S'|contract }} {{ '3N'|contract }} "
        "{{ '6NTXX'|contract }} {{ 'PASS'|contract }} {{ 'HT'|card }} {{ 'SQ SJ'|cards }} "
        "{{ ['12', '27B1']|laws }}")
    assert tpl.render(lang="pl") == (f"58,44{NBSP}% 12,5 4♠ 3NT 6NTXX pas ♥10 ♠Q ♠J "
                                     '<bdi dir="ltr" class="laws">12, 27B1</bdi>')
    assert tpl.render(lang="en").startswith("58.44% 12.5 4♠ 3NT 6NTXX pass ♥10")
    for lang in LANGUAGES:
        assert message("call.P", lang) in tpl.render(lang=lang)


def test_contracts_and_cards_the_filters_do_not_know_stay_as_written():
    assert contract("8S") == "8S" and contract("") == "" and contract(None) == ""
    assert card("ZZ") == "ZZ" and card("c8") == "♣8" and card("S10") == "♠10"
    assert cards(["DA", "CK"]) == "♦A ♣K" and cards("SQ, SJ") == "♠Q ♠J"
    assert contract("1c") == "1♣" and contract("7DX") == "7♦X"


# ---------------------------------------------------------------- 6: the progress grid

def _states(data) -> dict[tuple[int, int], tuple[str, int, int]]:
    return {(r["round"], t["table"]): (t["state"], t["entered"], t["owed"])
            for r in data["rounds"] for t in r["tables"]}


def test_the_progress_api_says_missing_partial_complete_by_round_and_table(client):
    eid = new_event(client)                      # 3 tables, 3 rounds, 2 boards a round
    data = client.get(f"/api/events/{eid}/progress").json()
    states = _states(data)
    assert len(states) == 9 and set(states.values()) == {("missing", 0, 2)}
    assert data["totals"]["missing"] == 9 and data["totals"]["owed"] == 18
    assert data["tables"] == 3
    # round 1 table 2 gets one of its two boards, table 3 both
    r1 = next(r for r in data["rounds"] if r["round"] == 1)
    assert [t["table"] for t in r1["tables"]] == [1, 2, 3]
    b2 = _boards(client, eid, 1, 2)
    b3 = _boards(client, eid, 1, 3)
    assert len(b2) == len(b3) == 2
    assert line(client, eid, 1, 2, b2[0], contract="3N", declarer="S", tricks="9"
                ).status_code == 303
    for b in b3:
        assert line(client, eid, 1, 3, b, contract="4H", declarer="E", tricks="10"
                    ).status_code == 303
    data = client.get(f"/api/events/{eid}/progress?lang=pl").json()
    states = _states(data)
    assert states[(1, 1)] == ("missing", 0, 2)
    assert states[(1, 2)] == ("partial", 1, 2)
    assert states[(1, 3)] == ("complete", 2, 2)
    assert data["totals"]["complete"] == 1
    assert data["totals"]["partial"] == 1 and data["totals"]["entered"] == 3
    cell = next(t for r in data["rounds"] for t in r["tables"]
                if r["round"] == 1 and t["table"] == 2)
    assert cell["url"] == f"/events/{eid}/tables/A/1/2"
    assert cell["label"] == message("ui.progress.cell", "pl", table=2, round=1, entered=1,
                                    owed=2, state=message("ui.progress.state.partial", "pl"))
    assert data["summary"] == message("ui.progress.summary", "pl", **data["totals"])


def test_the_event_page_shows_the_grid_without_a_script(client):
    eid = new_event(client)
    assert line(client, eid, 2, 1, _first_board(client, eid, 2, 1), contract="2S",
                declarer="N", tricks="8").status_code == 303
    page = client.get(f"/events/{eid}").text
    grid = re.search(r'<table class="grid progress-grid".*?</table>', page, re.S).group(0)
    rows = re.findall(r'<tr data-section="A" data-round="(\d)">(.*?)</tr>', grid, re.S)
    assert [r for r, _ in rows] == ["1", "2", "3"]
    cells = {(int(r), int(t)): s for r, body in rows
             for t, s in re.findall(r'data-table="(\d+)" data-state="([a-z_]+)"', body)}
    assert cells[(2, 1)] == "partial" and cells[(1, 1)] == "missing"
    assert f'href="/events/{eid}/tables/A/2/1"' in grid
    assert '<div class="scroll-x">\n<table class="grid progress-grid"' in page   # scrolls in itself
    assert "<noscript>" in page and f"/api/events/{eid}/progress" in page


def test_a_sit_out_owes_nothing(client):
    eid = new_event(client, tables="3", sit_out="6", movement="howell")
    data = client.get(f"/api/events/{eid}/progress").json()
    sit = [t for r in data["rounds"] for t in r["tables"] if t["state"] == "sit_out"]
    assert sit, _states(data)
    assert all(t["owed"] == 0 and t["url"] is None for t in sit)


def test_the_progress_api_needs_a_director(app):
    from fastapi.testclient import TestClient
    c = TestClient(app)
    r = c.get("/api/events/1/progress", follow_redirects=False)
    assert r.status_code in (303, 401)


def _boards(client, eid, rnd, table) -> list[int]:
    page = client.get(f"/events/{eid}/tables/A/{rnd}/{table}").text
    return [int(b) for b in re.findall(r'data-board="(\d+)"', page)]


def _first_board(client, eid, rnd, table) -> int:
    return _boards(client, eid, rnd, table)[0]


# ---------------------------------------------------------------- 10: symbols, not codes

#: a contract or a call written as a code (4H, 3N), or a card (SQ, HT), in visible text
CONTRACT_CODE = re.compile(r"(?<![\w'])[1-7][CDHSN](?:X{1,2})?(?![\w'])")
CARD_CODE = re.compile(r"(?<![\w'])[SHDC][2-9TJQKA](?![\w'])")
SEAT_CALL = re.compile(r"(?<![\w])[NESW]:\S")             # 'N:1N E:2C'


def visible(page: str) -> str:
    """What a reader sees of a page: its text without the head, scripts, styles, form
    values and typed text (an input shows what the Director typed, as he typed it)."""
    page = re.sub(r"<(head|script|style|textarea|noscript)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


#: the hints that say how to TYPE a contract, a result or a card in a form's field: the
#: fields take letters (a phone's keyboard has no ♠), so these show letters on purpose
TYPING_HINTS = ("ui.table.help", "ui.adjust.result", "ui.adjust.weighted")


def codes(text: str, lang: str = "en") -> list[str]:
    for key in TYPING_HINTS:
        text = text.replace(message(key, lang), " ")
    return CONTRACT_CODE.findall(text) + CARD_CODE.findall(text) + SEAT_CALL.findall(text)


def _hidden(page: str, action: str) -> dict:
    form = re.search(rf'<form method="post" action="{action}".*?</form>', page, re.S).group(0)
    return {m.group(1): html.unescape(m.group(2))
            for m in re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)}


@pytest.fixture
def rich(client):
    """An event with results, a weighted adjusted score, rulings with a suit and a card
    chosen, and a live round: every page the Director reads has contracts and cards."""
    import json
    from pathlib import Path
    eid = new_event(client)
    urls = {"console": "/", "event": f"/events/{eid}", "adjust": f"/events/{eid}/adjust",
            "rulings": "/rulings", "assistant": "/assistant",
            "assistant_form": "/assistant/s/insufficient_bid",
            "live_list": f"/events/{eid}/live"}
    b = _boards(client, eid, 1, 1)
    assert line(client, eid, 1, 1, b[0], contract="4S", declarer="N", tricks="10"
                ).status_code == 303
    assert line(client, eid, 1, 1, b[1], contract="3NX", declarer="E", tricks="8"
                ).status_code == 303
    urls["table"] = f"/events/{eid}/tables/A/1/1"
    posts = {}
    # a correction asks "was +420, now ..."
    posts["table_confirm"] = (urls["table"], {
        "csrf": client.csrf, f":{b[0]}|contract": "4H", f":{b[0]}|declarer": "N",
        f":{b[0]}|tricks": "9", f":{b[0]}|score": "", f":{b[0]}|lead": ""})
    # an adjusted score over a table result asks first
    posts["adjust_confirm"] = (f"/events/{eid}/adjust", {
        "csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": str(b[1]),
        "kind": "weighted", "weighted": "60% 3NX-2 E\n40% 4SX= N", "ruling": "16B1",
        "laws": "16B1, 73C"})
    r = client.post(f"/events/{eid}/adjust", data={
        "csrf": client.csrf, "section": "A", "round": "2", "table": "1",
        "board": str(_boards(client, eid, 2, 1)[0]), "kind": "weighted",
        "weighted": "30% 4S= N\n70% 3NT+1 E", "ruling": "Law 16B1", "laws": "16B1, 73C"},
        follow_redirects=False)
    assert r.status_code == 303, r.text
    # the assistant: a lead out of turn refused, a suit required (50D2a)
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("opening_lead_out_of_turn")
    page = client.post(f"/assistant/s/{sc.key}", data={
        "csrf": client.csrf, **{f.name: f.default for f in sc.facts}}).text
    page = client.post("/assistant/apply", data={**_hidden(page, "/assistant/apply"),
                                                 "option": "reject"}).text
    suit = re.search(r'name="suit"[^>]*>\s*<option value="([SHDC])"', page).group(1)
    r = client.post("/assistant/apply", data={**_hidden(page, "/assistant/apply"),
                                              "option": "require_suit", "suit": suit},
                    follow_redirects=False)
    assert r.status_code == 303
    urls["ruling_suit"] = r.headers["location"].split("?")[0]
    # Law 51A: a card designated
    case = json.loads((Path(__file__).parents[1] / "cases/play/law51A_decision.json")
                      .read_text())
    case = {k: case[k] for k in ("board", "deal", "events")}
    page = client.post("/assistant/case", data={"csrf": client.csrf,
                                                "case": json.dumps(case)}).text
    posts["assistant_ruling"] = ("/assistant/case", {"csrf": client.csrf,
                                                     "case": json.dumps(case)})
    r = client.post("/assistant/apply", data={**_hidden(page, "/assistant/apply"),
                                              "option": "designate", "card": "C8"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    urls["ruling_card"] = r.headers["location"].split("?")[0]
    posts["assistant_auction"] = (f"/assistant/s/insufficient_bid", {
        "csrf": client.csrf, **{f.name: f.default
                                for f in booklet.scenario("insufficient_bid").facts}})
    # a live round: the Director's view of a table shows its hands
    r = client.post(f"/events/{eid}/live", data={"csrf": client.csrf, "section": "A",
                                                 "round": "3", "mode": "laws"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    live = client.get(f"/api/events/{eid}/live").json()["tables"]
    urls["live_director"] = f"/live/{live[0]['id']}"
    with client.app.state.store.session() as s:
        from bridgelaws.service.db import RulingRow, select
        adjusted = s.scalar(select(RulingRow).where(RulingRow.kind.like("adjusted%")))
        urls["ruling_adjusted"] = f"/rulings/{adjusted.id}"
    urls["error"] = "/events/99999"
    return {"eid": eid, "urls": urls, "posts": posts, "suit": suit}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_a_contract_or_card_as_a_code(client, rich, lang):
    seen = {}
    for name, url in rich["urls"].items():
        r = client.get(url + ("&" if "?" in url else "?") + f"lang={lang}")
        assert r.status_code == (404 if name == "error" else 200), (name, r.status_code)
        seen[name] = visible(r.text)
    for name, (url, data) in rich["posts"].items():
        r = client.post(f"{url}?lang={lang}", data=data)
        assert r.status_code == 200, (name, r.status_code, r.text[-500:])
        seen[name] = visible(r.text)
    for name, text in seen.items():
        assert not codes(text, lang), (lang, name, codes(text, lang))
    # the symbols are there instead
    assert "4♠" in seen["table"] and "3NTX" in seen["table"]
    assert "♣8" in seen["ruling_card"] and "3NT+1" in seen["ruling_adjusted"]
    assert "♠" in seen["live_director"] and "♥" in seen["live_director"]
    assert "1♥" in seen["assistant_auction"] or "1♦" in seen["assistant_auction"]
    assert "4♥" in seen["table_confirm"] and "3NTX" in seen["adjust_confirm"]
    from fastapi.testclient import TestClient
    login = visible(TestClient(client.app).get(f"/login?lang={lang}").text)   # a visitor
    assert not codes(login, lang)


def test_a_rulings_choices_are_shown_in_the_readers_language(client, rich):
    from bridgelaws.service.choices import suit_label
    suit = rich["suit"]
    for lang in LANGUAGES:
        log = visible(client.get(f"/rulings?lang={lang}").text)
        page = visible(client.get(f"{rich['urls']['ruling_suit']}?lang={lang}").text)
        for text in (log, page):
            assert message("option.reject", lang) in text
            assert message("option.require_suit", lang) in text
            assert suit_label(suit, lang) in text
            assert not re.search(r"require_suit|forbid_suit|designate C8|\breject\b", text)
        card = visible(client.get(f"{rich['urls']['ruling_card']}?lang={lang}").text)
        assert f"{message('option.designate', lang)} (♣8)" in card
        adj = visible(client.get(f"{rich['urls']['ruling_adjusted']}?lang={lang}").text)
        assert message("ui.adjust.kind.weighted", lang) in adj


def test_hebrew_pages_keep_laws_and_scores_left_to_right(client, rich):
    for name in ("rulings", "ruling_suit", "ruling_adjusted", "console"):
        page = client.get(rich["urls"][name] + "?lang=he").text
        assert '<html lang="he" dir="rtl">' in page
        # every list of Laws is isolated left to right
        laws = re.findall(r'<bdi dir="ltr" class="laws">([^<]*)</bdi>', page)
        assert laws and all(re.fullmatch(r"[0-9A-Za-z]+(, [0-9A-Za-z]+)*", x) for x in laws), \
            (name, laws)
    log = client.get("/rulings?lang=he").text
    assert re.search(r'<bdi dir="ltr">30% 4♠= N \+ 70% 3NT\+1 E</bdi>', log), \
        "a weighted score reads left to right in one isolate"
    table = client.get(rich["urls"]["table"] + "?lang=he").text
    assert re.search(r'<bdi dir="ltr">[+−]\d+ \(', table)
    # the score of a state, in the language's own format, its sign on its left
    from bridgelaws.service.web import templates
    tpl = templates.env.from_string("{{ -920|num(0) }}")
    assert tpl.render(lang="he") == "\u200e\u2212920" and tpl.render(lang="pl") == "\u2212920"
