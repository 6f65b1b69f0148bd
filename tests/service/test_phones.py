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
