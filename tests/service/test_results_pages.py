"""The service's results pages (FastAPI's test client): the director's travellers before
publishing, the public page, the score cards, adjusted rows, the hands' double-dummy
analysis solved off the request thread, and the same templates as ``bridgelaws results
--html`` (the same traveller rows for one event)."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient

from bridgelaws.cli import main
from bridgelaws.i18n import message

from .test_service_api import app, client, enter_round, played_board_one  # noqa: F401

TRAV = re.compile(r'<tr class="trav[^"]*"[^>]*>.*?</tr>', re.S)


def publish(client, eid):
    r = client.post(f"/events/{eid}/publish", data={"csrf": client.csrf, "minutes": "30",
                                                     "action": "publish", "confirm": "1"},
                    follow_redirects=False)
    assert r.status_code == 303


def adjust(client, eid, **form):
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "ruling": "a ruling", "confirm": "1", **form}
    r = client.post(f"/events/{eid}/adjust", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text[-500:]


def row_of(page: str, ns: str, ew: str) -> str:
    rows = [r for r in TRAV.findall(page) if f'data-ns="{ns}" data-ew="{ew}"' in r]
    assert len(rows) == 1, rows
    return rows[0]


def test_director_travellers_before_publishing(client):
    eid = played_board_one(client)
    assert TestClient(client.app).get(f"/results/{eid}").status_code == 404
    page = client.get(f"/events/{eid}/travellers").text
    assert "Results and travellers" in page and f'href="/events/{eid}/travellers"' in \
        client.get(f"/events/{eid}").text
    assert "4♠ N =" in row_of(page, "1", "4") and "100.00" in row_of(page, "1", "4")
    assert "4♠ N -1" in row_of(page, "3", "5") and ">50<" in row_of(page, "3", "5")
    assert "3NT S =" in row_of(page, "2", "6")
    # a Mitchell: North-South ranked before East-West, under headings
    assert page.index('id="ranking--NS"') < page.index('id="ranking--EW"')


def test_adjusted_row_shows_what_was_given_not_the_replaced_result(client):
    eid = played_board_one(client)
    adjust(client, eid, kind="artificial", ns_percent="60", ew_percent="40")
    page = client.get(f"/events/{eid}/travellers").text
    row = row_of(page, "1", "4")
    assert 'Adjusted <bdi dir="ltr">60%/40%</bdi>' in row
    assert "4♠" not in row and ">420<" not in row
    assert 'class="trav adjusted"' in row
    # the director's row links to the ruling in the log; the public page does not
    assert re.search(r'<a class="ruling" href="/rulings/\d+">', row)
    publish(client, eid)
    public = row_of(TestClient(client.app).get(f"/results/{eid}").text, "1", "4")
    assert "60%/40%" in public and "/rulings/" not in public
    adjust(client, eid, kind="assigned", result="4SX-1 N")
    row = row_of(client.get(f"/events/{eid}/travellers?lang=en").text, "1", "4")
    assert "Assigned:" in row and '<bdi dir="ltr">4♠x N -1</bdi>' in row and ">420<" not in row
    # the score card of the pair shows it too
    card = client.get(f"/events/{eid}/pairs/A/1").text
    assert "4♠x N -1" in card and "4♠ N =" not in card


def test_public_page_links_each_pair_to_its_score_card(client):
    eid = played_board_one(client)
    publish(client, eid)
    anon = TestClient(client.app)
    page = anon.get(f"/results/{eid}").text
    assert f'href="/results/{eid}/pairs/A/1"' in page
    card = anon.get(f"/results/{eid}/pairs/A/4").text
    rows = re.findall(r'<tr class="cardrow[^"]*"[^>]*>.*?</tr>', card, re.S)
    assert len(rows) == 1
    cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[0],
                                                           re.S)]
    # round 1, board 1, East-West against pair 1, 4♠ N =, −420, 0 of 4 matchpoints, 0%
    assert cells[:3] == ["1", "1", "EW"] and cells[3].startswith("1")
    assert cells[4:] == ["4♠ N =", "-420", "0.00", "0.00"]
    r = anon.get(f"/results/{eid}/pairs/A/99?lang=pl")
    assert r.status_code == 404
    assert message("ui.results.unknown_pair", "pl", section="A", pair="99") in r.text
    assert anon.get(f"/results/{eid}/pairs/A/{'9' * 40}").status_code in (404, 422)


def test_hebrew_results_are_right_to_left(client):
    eid = played_board_one(client)
    page = client.get(f"/events/{eid}/travellers?lang=he").text
    assert 'dir="rtl"' in page and message("ui.results.director_title", "he") in page
    assert '<bdi dir="ltr">3NT S =</bdi>' in page


def test_hands_double_dummy_solved_in_the_background(client):
    from bridgelaws.tournament import report
    with report._LOCK:
        report._ANALYSED.clear()                   # nothing solved before (one process)
    eid = played_board_one(client)
    enter_round(client, eid, 1, {(2, 3): ("PASS", "", "")})
    first = client.get(f"/events/{eid}/travellers").text
    assert first.count('class="hand" data-seat=') == 4 * 2          # the boards played
    deadline = time.monotonic() + 120
    page = first
    assert "dd-pending" in page and 'http-equiv="refresh"' in page     # board 3: new
    while "dd-pending" in page and time.monotonic() < deadline:
        assert page.count('class="dd"') < 2 and 'http-equiv="refresh"' in page
        time.sleep(1)
        page = client.get(f"/events/{eid}/travellers").text
    assert page.count('class="dd"') == 2 and "dd-pending" not in page
    assert 'http-equiv="refresh"' not in page
    assert re.search(r'class="par">Par: <bdi dir="ltr">[-+0-9]+</bdi> · <bdi', page) or \
        "Par: passed out" in page


def test_the_cli_and_the_service_render_the_same_traveller_rows(client, tmp_path, capsys):
    """The event's PBN (its deals and score tables) through ``bridgelaws results --html``
    gives the very rows of the service's page: one set of templates."""
    eid = played_board_one(client)
    enter_round(client, eid, 1, {(2, 3): ("PASS", "", ""), (3, 5): ("2HX", "E", 6)})
    publish(client, eid)
    anon = TestClient(client.app)
    service = TRAV.findall(anon.get(f"/results/{eid}").text)
    pbn = tmp_path / "event.pbn"
    pbn.write_text(anon.get(f"/results/{eid}/event.pbn").text, encoding="utf-8")
    out = tmp_path / "event.html"
    assert main(["results", str(pbn), "--html", str(out), "--no-analysis",
                 "--no-progress"]) == 0
    capsys.readouterr()
    cli = TRAV.findall(out.read_text(encoding="utf-8"))
    assert len(service) == 5 and sorted(cli) == sorted(service)
    text = [re.sub(r"<[^>]+>", "", r) for r in cli]
    assert any("2♥x E -2" in r for r in text) and any("Passed out" in r for r in text)


def test_a_teams_event_shows_its_ranking_and_both_rooms(client):
    r = client.post("/events/new", data={
        "csrf": client.csrf, "name": "Teams night", "kind": "teams", "movement": "roundrobin",
        "tables": "2", "sections": "1", "boards_per_round": "2", "scoring": "imp",
        "source": "deal", "seed": "teams"}, follow_redirects=False)
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    data = {"csrf": client.csrf}
    for room in ("open", "closed"):
        data.update({f"{room}:1|contract": "4S", f"{room}:1|declarer": "N",
                     f"{room}:1|tricks": "10" if room == "open" else "9",
                     f"{room}:2|contract": "PASS"})
    assert client.post(f"/events/{eid}/tables/A/1/1", data=data,
                       follow_redirects=False).status_code == 303
    page = client.get(f"/events/{eid}/travellers").text
    rows = TRAV.findall(page)
    assert len(rows) == 4 and any("4♠ N =" in r for r in rows) \
        and any("4♠ N -1" in r for r in rows)
    assert "IMPs and victory points" in page and 'class="pair"' not in page
    # the match of round 1, table 1: 4♠= against 4♠-1 (not vulnerable), 10 IMPs; a pass-out
    match = re.search(r'<tr class="match"[^>]*>.*?</tr>', page, re.S).group(0)
    assert "10-0" in match
    ranking = re.search(r'<table class="res ranking".*?</table>', page, re.S).group(0)
    assert ">+10<" in ranking and ">-10<" in ranking


def test_two_sections_each_with_its_heading_ranking_and_travellers(client):
    from .test_service_api import new_event
    eid = new_event(client, sections="2")
    for section in "AB":
        data = {"csrf": client.csrf, ":1|contract": "3N", ":1|declarer": "S",
                ":1|tricks": "9" if section == "A" else "10"}
        assert client.post(f"/events/{eid}/tables/{section}/1/1", data=data,
                           follow_redirects=False).status_code == 303
    page = client.get(f"/events/{eid}/travellers").text
    order = [page.index(x) for x in ('id="section-A"', 'id="ranking-A-NS"',
                                     'id="ranking-A-EW"', 'id="board-A-1"', 'id="section-B"',
                                     'id="ranking-B-NS"', 'id="ranking-B-EW"',
                                     'id="board-B-1"')]
    assert order == sorted(order)
    assert "3NT S =" in page[order[3]:order[4]] and "3NT S +1" in page[order[7]:]
    assert f'href="/events/{eid}/pairs/B/1"' in page
    assert client.get(f"/events/{eid}/pairs/B/1").status_code == 200
