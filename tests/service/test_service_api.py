"""The web service through HTTP (FastAPI's test client): login and CSRF, events, result
entry with its checks, standings, adjusted scores of each kind of Law 12, publishing,
the ruling assistant, the rulings log with search, export and appeals, languages.

Runs on SQLite, and on PostgreSQL with BRIDGELAWS_TEST_DB=postgresql (conftest.py).
"""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaws.boards import vulnerability_of
from bridgelaws.cards import Deal, parse_card
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import EventRow, ResultRow, RulingRow, select
from bridgelaws.service.migrate import current

PASSWORD = "correct horse battery"


def token(client, url="/login"):
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).text).group(1)


@pytest.fixture
def app(database_url):
    app = create_app(database_url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    yield app
    app.state.store.dispose()


@pytest.fixture
def client(app):
    c = TestClient(app)
    r = c.post("/login", data={"csrf": token(c), "username": "td", "password": PASSWORD,
                               "next": "/"}, follow_redirects=False)
    assert r.status_code == 303
    c.csrf = token(c, "/")
    return c


def new_event(client, **over):
    data = {"csrf": client.csrf, "name": "Tuesday pairs", "kind": "pairs",
            "movement": "mitchell", "tables": "3", "sections": "1", "boards_per_round": "2",
            "scoring": "mp", "source": "deal", "seed": "api-test"}
    data.update(over)
    r = client.post("/events/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))


def line(client, event_id, rnd, table, board, **fields):
    key = f":{board}"
    data = {"csrf": client.csrf}
    for f in ("contract", "declarer", "tricks", "score", "lead"):
        data[f"{key}|{f}"] = fields.get(f, "")
    return client.post(f"/events/{event_id}/tables/A/{rnd}/{table}", data=data,
                       follow_redirects=False)


def standings(client, event_id):
    data = client.get(f"/api/events/{event_id}/standings").json()
    return {s["pair"]: s for s in data["sections"]["A"]["standings"]}


# ---------------------------------------------------------------- basics

def test_health_and_schema_at_the_newest_migration(app):
    c = TestClient(app)
    assert c.get("/healthz").json() == {"status": "ok"}
    from alembic.script import ScriptDirectory
    from bridgelaws.service.migrate import config
    head = ScriptDirectory.from_config(config()).get_current_head()
    assert head >= "0004"                      # 0004: login sessions
    assert current(app.state.store.engine) == head


def test_director_pages_need_a_login(app):
    c = TestClient(app)
    for url in ("/", "/events/new", "/assistant", "/rulings", "/rulings/export.csv"):
        r = c.get(url, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/login?next="), url
    assert c.get("/api/events").status_code == 401


def test_wrong_password_refused_and_password_is_hashed(app):
    c = TestClient(app)
    r = c.post("/login", data={"csrf": token(c), "username": "td", "password": "nope"})
    assert r.status_code == 400 and "wrong password" in r.text
    assert 'value="td"' in r.text                       # the user name is kept
    from bridgelaws.service.db import Director
    with app.state.store.session() as s:
        h = s.scalar(select(Director.password_hash))
    assert h.startswith("$argon2id$") and PASSWORD not in h


def test_forms_without_the_csrf_token_are_refused(client):
    r = client.post("/events/new", data={"csrf": "forged", "name": "X", "kind": "pairs"})
    assert r.status_code == 403 and "forgery" in r.text
    r = client.post("/login", data={"username": "td", "password": PASSWORD})
    assert r.status_code == 403
    r = client.post("/api/events/1/results", json={"board": 1})
    assert r.status_code == 403
    with client.app.state.store.session() as s:
        assert s.scalar(select(EventRow.id)) is None


@pytest.mark.parametrize("lang,word", [("he", "עברית"), ("pl", "Polski"), ("ru", "Русский"),
                                       ("nb", "Norsk"), ("en", "English")])
def test_every_page_takes_lang_and_hebrew_is_right_to_left(client, lang, word):
    r = client.get(f"/?lang={lang}")
    assert f'<html lang="{lang}" dir="{"rtl" if lang == "he" else "ltr"}">' in r.text
    assert word in r.text
    # remembered in the session for the next page
    assert f'<html lang="{lang}"' in client.get("/assistant").text
    assert "ui." not in re.sub(r"<[^>]+>", "", client.get("/assistant").text)


# ---------------------------------------------------------------- events and results

def test_create_event_from_a_dealt_set(client):
    eid = new_event(client)
    with client.app.state.store.session() as s:
        ev = s.get(EventRow, eid)
        assert [b.number for b in ev.boards] == [1, 2, 3, 4, 5, 6]
        assert len(ev.sittings) == 9 and {e.direction for e in ev.entries} == {"NS", "EW"}
        deals = [b.deal for b in ev.boards]
    assert all(Deal.from_pbn(d) for d in deals)
    # the same seed deals the same set
    again = new_event(client, name="Again")
    with client.app.state.store.session() as s:
        assert [b.deal for b in s.get(EventRow, again).boards] == deals
    page = client.get(f"/events/{eid}").text
    assert "Tuesday pairs" in page and f"/events/{eid}/tables/A/1/1" in page


def test_create_event_from_an_uploaded_pbn(client):
    pbn = "".join(f'[Board "{b}"]\n[Deal "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 '
                  f'543.43.7654.8765"]\n\n' for b in range(1, 7))
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "Uploaded",
                                          "kind": "pairs", "movement": "mitchell",
                                          "tables": "3", "sections": "1",
                                          "boards_per_round": "2", "scoring": "mp",
                                          "source": "pbn"},
                    files={"pbn": ("set.pbn", pbn.encode(), "text/plain")},
                    follow_redirects=False)
    assert r.status_code == 303
    # too few boards: a clear error, the form kept
    short = pbn.split("\n\n")[0] + "\n"
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "Short", "kind": "pairs",
                                          "movement": "mitchell", "tables": "3",
                                          "sections": "1", "boards_per_round": "2",
                                          "scoring": "mp", "source": "pbn"},
                    files={"pbn": ("set.pbn", short.encode(), "text/plain")})
    assert r.status_code == 400 and "no deal for boards 2, 3, 4, 5, 6" in r.text
    assert 'value="Short"' in r.text
    # a malformed PBN is named
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "Bad", "kind": "pairs",
                                          "movement": "mitchell", "tables": "3",
                                          "sections": "1", "boards_per_round": "2",
                                          "scoring": "mp", "source": "pbn"},
                    files={"pbn": ("set.pbn", b'[Board "1"]\n[Deal "N:AKQ"]\n', "text/plain")})
    assert r.status_code == 400 and "set.pbn:2 cannot be read" in r.text


@pytest.mark.parametrize("field,value,reason", [
    ("name", "", "needs a name"),
    ("tables", "x", "whole number"),
    ("tables", "0", "between 1 and 60"),
    ("movement", "roundrobin", "Mitchell or a Howell"),
    ("scoring", "imp", "scored by mp, xi, butler"),
])
def test_create_event_errors_keep_the_input(client, field, value, reason):
    data = {"csrf": client.csrf, "name": "Kept name", "kind": "pairs", "movement": "howell",
            "tables": "4", "sections": "2", "boards_per_round": "3", "scoring": "mp",
            "source": "deal", "seed": "s1"}
    data[field] = value
    r = client.post("/events/new", data=data)
    assert r.status_code == 400 and reason in r.text
    for k in ("sections", "boards_per_round", "seed"):
        assert f'value="{data[k]}"' in r.text


def teams_match(client):
    """A round-robin teams event at IMPs (4 tables, 2 boards a round): its id and the
    sitting of round 1, table 1 (home team ``ns``, away ``ew``, its ``boards``)."""
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "Teams", "kind": "teams",
                                          "movement": "roundrobin", "tables": "4",
                                          "sections": "1", "boards_per_round": "2",
                                          "scoring": "imp", "source": "deal", "seed": "t"},
                    follow_redirects=False)
    eid = int(r.headers["location"].split("/")[2].split("?")[0])
    with client.app.state.store.session() as s:
        st = next(x for x in s.get(EventRow, eid).sittings if x.round == 1 and x.table_no == 1)
        s.expunge(st)
    return eid, st


def test_teams_event_round_robin_imps_and_vps(client):
    eid, st = teams_match(client)
    home, away, boards = st.ns, st.ew, st.boards
    data = {"csrf": client.csrf}
    # board 1: +420 in the open room, -50 in the closed: home +470 = 10 IMPs
    # board 2: 0 and +100 (the away team NS in the closed room): home -100 = -3 IMPs
    for (room, b), score in {("open", boards[0]): "420", ("closed", boards[0]): "-50",
                             ("open", boards[1]): "0", ("closed", boards[1]): "100"}.items():
        data[f"{room}:{b}|score"] = score
    # the scores must be possible at the board's vulnerability
    vul = vulnerability_of(boards[0])
    if vul in ("NS", "all"):
        data[f"open:{boards[0]}|score"] = "620"
    r = client.post(f"/events/{eid}/tables/A/1/1", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    table = standings(client, eid)
    margin = (7 if vul not in ("NS", "all") else 9)   # 10-3 or 12-3 IMPs
    assert table[home]["imps"] == margin and table[away]["imps"] == -margin
    assert table[home]["score"] + table[away]["score"] == pytest.approx(20)
    assert table[home]["score"] > 10 > table[away]["score"]


def test_result_entry_checks_and_keeps_what_was_typed(client):
    eid = new_event(client)
    # round 1, table 1 plays boards 1-2 (NS 1, EW 4)
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="14")
    assert r.status_code == 400
    assert "takes 0 to 13 tricks, not 14" in r.text
    assert 'value="14"' in r.text and 'value="4S"' in r.text
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="Q", tricks="10")
    assert r.status_code == 400 and "unknown seat" in r.text
    r = line(client, eid, 1, 1, 1, contract="8S", declarer="N", tricks="10")
    assert r.status_code == 400 and "contract" in r.text
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="10", score="400")
    assert r.status_code == 400 and "(Law 77)" in r.text
    r = line(client, eid, 1, 1, 1, contract="", score="55")
    assert r.status_code == 400 and "no contract scores 55" in r.text
    r = line(client, eid, 1, 1, 3, contract="PASS")           # board 3 is not at this table
    assert r.status_code == 400 and "board 3 is not played at table 1" in r.text
    # an opening lead not in the leader's hand (Law 41A) is a warning: the score is kept
    with client.app.state.store.session() as s:
        deal = Deal.from_pbn(next(b.deal for b in s.get(EventRow, eid).boards if b.number == 1))
    east = deal.hands[1]
    not_east = next(c for c in ("SA", "HA", "DA", "CA", "S2", "H2") if not east >> parse_card(c) & 1)
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="=", lead=not_east)
    assert r.status_code == 200 and "is not in the hand of E, the opening leader" in r.text
    with client.app.state.store.session() as s:
        assert s.scalar(select(ResultRow.lead)) == not_east       # kept, with its warning
    r = line(client, eid, 1, 1, 1, contract="4s", declarer="n", tricks="=")
    assert r.status_code == 303
    with client.app.state.store.session() as s:
        row = s.scalar(select(ResultRow))
        vul = vulnerability_of(1)
        assert (row.contract, row.declarer, row.tricks) == ("4S", "N", 10)
        assert row.score == (620 if vul in ("NS", "all") else 420)
        assert row.entered_by == "td"


def test_a_form_with_one_wrong_line_saves_the_others(client):
    eid = new_event(client)
    data = {"csrf": client.csrf, ":1|contract": "3N", ":1|declarer": "S", ":1|tricks": "9",
            ":2|contract": "4H", ":2|declarer": "E", ":2|tricks": "23"}
    r = client.post(f"/events/{eid}/tables/A/1/1", data=data)
    assert r.status_code == 400
    assert "1 result saved; 1 could not be taken" in r.text and 'value="23"' in r.text
    rows = client.get(f"/api/events/{eid}/results").json()
    assert [(x["board"], x["contract"]) for x in rows] == [(1, "3N")]


def test_api_result_entry(client):
    eid = new_event(client)
    csrf = client.get("/api/csrf").json()["csrf"]
    r = client.post(f"/api/events/{eid}/results", headers={"X-CSRF-Token": csrf},
                    json={"round": 1, "table": 2, "board": 3, "contract": "2D",
                          "declarer": "W", "tricks": 8})
    assert r.status_code == 201 and r.json()["ns"] == "2" and r.json()["ew"] == "5"
    r = client.post(f"/api/events/{eid}/results", headers={"X-CSRF-Token": csrf},
                    json={"round": 1, "table": 2, "board": 3, "contract": "2D",
                          "declarer": "W", "tricks": -1})
    assert r.status_code == 400 and r.json()["field"] == "tricks"
    r = client.post(f"/api/events/{eid}/results", headers={"X-CSRF-Token": csrf},
                    json={"round": 1, "table": 2, "board": 3, "contract": "2D",
                          "declarer": "W", "result": "-1"})
    assert r.status_code == 201 and r.json()["tricks"] == 7


def enter_round(client, eid, rnd, results):
    """results: {(table, board): (contract, declarer, tricks)}"""
    by_table = {}
    for (table, board), (c, d, t) in results.items():
        by_table.setdefault(table, {})[board] = (c, d, t)
    for table, boards in by_table.items():
        data = {"csrf": client.csrf}
        for b, (c, d, t) in boards.items():
            data.update({f":{b}|contract": c, f":{b}|declarer": d, f":{b}|tricks": str(t)})
        r = client.post(f"/events/{eid}/tables/A/{rnd}/{table}", data=data,
                        follow_redirects=False)
        assert r.status_code == 303, r.text


def played_board_one(client):
    """An event where board 1 was played at three tables: 4S= N, 4S-1 N, 3N= S."""
    eid = new_event(client)
    # Mitchell, 3 tables: board 1 is at table 1 in round 1, table 3 in round 2, table 2 in 3
    enter_round(client, eid, 1, {(1, 1): ("4S", "N", 10)})
    enter_round(client, eid, 2, {(3, 1): ("4S", "N", 9)})
    enter_round(client, eid, 3, {(2, 1): ("3N", "S", 9)})
    return eid


def test_standings_are_live_matchpoints(client):
    eid = played_board_one(client)
    table = standings(client, eid)
    # NS pairs 1, 3, 2 played board 1: 4S= beats 3N= (420 > 400, or 620 > 600) beats 4S-1
    assert table["1"]["score"] == 4 and table["2"]["score"] == 2 and table["3"]["score"] == 0
    assert table["4"]["score"] == 0 and table["6"]["score"] == 2 and table["5"]["score"] == 4
    page = client.get(f"/events/{eid}/standings").text
    assert 'id="standings-A"' in page and "100.00" in page and "78A" in page


@pytest.mark.parametrize("kind,form,expect_ns1", [
    ("artificial", {"ns_percent": "40", "ew_percent": "60"}, 1.6),   # 40% of a 4 top
    ("assigned", {"result": "4S-2 N"}, 0),                           # below both others
    ("weighted", {"weighted": "50% 4S= N\n50% 4S-2 N"}, 2),          # 0.5x4 + 0.5x0
    ("split", {"ns_result": "4S-2 N", "ew_result": "4S= N"}, 0),
])
def test_adjusted_scores_of_law_12_change_the_standings(client, kind, form, expect_ns1):
    eid = played_board_one(client)
    before = standings(client, eid)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": kind, "ruling": "Misinformation damaged East-West (Law 21B3)",
            "laws": "21B3", **form}
    r = client.post(f"/events/{eid}/adjust", data=data, follow_redirects=False)
    assert r.status_code == 200 and 'id="confirm"' in r.text     # over a table result: asks
    assert standings(client, eid) == before
    r = client.post(f"/events/{eid}/adjust", data={**data, "confirm": "1"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    after = standings(client, eid)
    assert after["1"]["score"] == pytest.approx(expect_ns1)
    assert after["1"]["score"] != before["1"]["score"]
    with client.app.state.store.session() as s:
        ruling = s.scalar(select(RulingRow))
        row = s.scalar(select(ResultRow).where(ResultRow.board == 1, ResultRow.table_no == 1))
        assert row.ruling_id == ruling.id and row.adjusted == ruling.adjusted
        assert ruling.laws[:2] == ["12", {"artificial": "12C2", "assigned": "12C1b",
                                          "weighted": "12C1c", "split": "12C1e"}[kind]]
        assert "21B3" in ruling.laws and ruling.event_id == eid and ruling.board == 1
    if kind == "split":        # EW 4 scored on 4S= N: the top's bottom for EW
        assert after["4"]["score"] == 0


def test_adjusted_score_errors_keep_the_form(client):
    eid = played_board_one(client)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "weighted", "weighted": "30% 4S= N\n60% 4S-1 N", "ruling": "kept text"}
    r = client.post(f"/events/{eid}/adjust", data=data)
    assert r.status_code == 400 and "add up to 0.9" in r.text and "kept text" in r.text
    data.update(kind="assigned", result="4Q= N")
    r = client.post(f"/events/{eid}/adjust", data=data)
    assert r.status_code == 400 and "4S= N, 3NX-2 E or PASS" in r.text
    data.update(kind="artificial", ns_percent="60", ew_percent="40", ruling="")
    r = client.post(f"/events/{eid}/adjust", data=data)
    assert r.status_code == 400 and "write the ruling" in r.text


def test_publish_results_html_pbn_usebio(client):
    eid = played_board_one(client)
    anon = TestClient(client.app)
    assert anon.get(f"/results/{eid}").status_code == 404      # not published yet
    r = client.post(f"/events/{eid}/publish", data={"csrf": client.csrf, "minutes": "30",
                                                     "action": "publish", "confirm": "1"},
                    follow_redirects=False)
    assert r.status_code == 303
    page = anon.get(f"/results/{eid}").text
    assert "Tuesday pairs" in page and "4♠ N =" in page and "3NT S =" in page
    pbn = anon.get(f"/results/{eid}/event.pbn").text
    from bridgelaws.formats.pbn import read_pbn
    games = read_pbn(pbn)
    assert [g.board for g in games] == [1, 2, 3, 4, 5, 6]
    table = games[0].tables["ScoreTable"].dicts()
    assert sorted(r["Contract"] for r in table) == ["3N", "4S", "4S"]
    xml = anon.get(f"/results/{eid}/usebio.xml").text
    from bridgelaws.formats.usebio import read_usebio
    ev = read_usebio(xml.encode())
    assert len(ev.results) == 3 and {r.board for r in ev.results} == {1}


# ---------------------------------------------------------------- the ruling assistant

def rule(client, key, **facts):
    data = {"csrf": client.csrf, **facts}
    return client.post(f"/assistant/s/{key}", data=data)


def hidden(page):
    """The hidden fields of the first option form of a ruling page."""
    form = re.search(r'<form method="post" action="/assistant/(apply|record)".*?</form>', page,
                     re.S).group(0)
    import html
    return {m.group(1): html.unescape(m.group(2))
            for m in re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)}


def test_assistant_lists_the_booklet_groups(client):
    from bridgelaws.service.assistant import booklet
    page = client.get("/assistant").text
    for g in booklet.GROUP_KEYS:
        assert f'id="group-{g}"' in page
    for sc in booklet.SCENARIOS:
        assert f'href="/assistant/s/{sc.key}"' in page
        assert client.get(f"/assistant/s/{sc.key}").status_code == 200


def test_assistant_insufficient_bid_rejected_and_recorded(client):
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("insufficient_bid")
    page = rule(client, "insufficient_bid", **{f.name: f.default for f in sc.facts})
    assert page.status_code == 200
    assert "27A1" in page.text and "27B" in page.text
    fields = hidden(page.text)
    case = json.loads(fields["case"])
    st_decision = json.loads(client.post("/api/assistant/insufficient_bid",
                                         headers={"X-CSRF-Token": client.csrf},
                                         json={"facts": {}}).text)["state"]["decision"]
    assert st_decision["options"] == ["accept", "reject"]
    r = client.post("/assistant/apply", data={**fields, "option": "reject"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/rulings/")
    detail = client.get(r.headers["location"]).text
    assert "The ruling is recorded" in detail and "27B" in detail
    with client.app.state.store.session() as s:
        ruling = s.scalar(select(RulingRow))
        assert ruling.kind == "insufficient_bid" and ruling.choice == "reject"
        assert ruling.options == [["accept", "reject"]] and ruling.director == "td"
        assert ruling.case["events"][:-1] == case["events"]
        assert ruling.case["events"][-1]["choose"] == "reject"
        assert "insufficient bid" in ruling.explanation


def test_assistant_facts_errors_are_named_and_kept(client):
    r = rule(client, "insufficient_bid", call="1Z", auction="1H P")
    assert r.status_code == 400 and "unknown call" in r.text
    assert "1Z" in r.text and 'value="1H P"' in r.text          # the call is tapped, not typed


def test_assistant_option_with_a_suit_and_a_chain_of_decisions(client):
    """An opening lead out of turn: declarer refuses it (54D), then, with the card a major
    penalty card, chooses the lead restriction (50D2): two decisions, one ruling."""
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("opening_lead_out_of_turn")
    page = rule(client, sc.key, **{f.name: f.default for f in sc.facts}).text
    fields = hidden(page)
    r = client.post("/assistant/apply", data={**fields, "option": "reject"})
    assert r.status_code == 200 and "require_suit" in r.text
    fields = hidden(r.text)
    r = client.post("/assistant/apply", data={**fields, "option": "require_suit"})
    assert r.status_code == 400 and "Choose the suit" in r.text
    # the engine refuses a suit the Laws do not allow, and says why (50D2a)
    r = client.post("/assistant/apply", data={**fields, "option": "require_suit", "suit": "H"})
    assert r.status_code == 400 and "50D2a" in r.text
    r = client.post("/assistant/apply", data={**fields, "option": "require_suit", "suit": "C"},
                    follow_redirects=False)
    assert r.status_code == 303
    with client.app.state.store.session() as s:
        ruling = s.scalar(select(RulingRow))
        assert ruling.choice == "reject, require_suit C" and len(ruling.options) == 2
        assert ruling.chooser == "N,N" and "54D" in ruling.laws


def test_assistant_offers_only_the_lawful_values_with_symbols(client):
    """Issue 16.7: after the opening lead of the C8 out of turn is refused, declarer may
    require or forbid clubs only (50D2a): the page offers clubs, as a symbol, for both
    options; another suit posted anyway is refused in the Director's language, saying
    which suits the law allows, and nothing is applied."""
    from bridgelaws.i18n import message
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("opening_lead_out_of_turn")
    page = rule(client, sc.key, **{f.name: f.default for f in sc.facts}).text
    r = client.post("/assistant/apply", data={**hidden(page), "option": "reject"})
    fields = hidden(r.text)
    case = json.loads(fields["case"])
    lead = case["events"][-2]["play"]                      # the card led out of turn
    suit = lead[0]
    forms = dict(re.findall(r'name="option" value="(require_suit|forbid_suit)">(.*?)</form>',
                            r.text, re.S))
    symbol = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    for opt in ("require_suit", "forbid_suit"):
        assert re.findall(r'value="([SHDC])"', forms[opt]) == [suit], opt
        assert symbol[suit] in forms[opt]
    other = next(x for x in "SHDC" if x != suit)
    for lang in ("en", "he"):
        r = client.post(f"/assistant/apply?lang={lang}",
                        data={**fields, "option": "require_suit", "suit": other})
        law = "50D2a"
        assert r.status_code == 400
        want = message("ui.choice.unlawful_suit", lang, law=law,
                       suit=f"{symbol[other]} {message('ui.suit.' + other, lang)}",
                       suits=f"{symbol[suit]} {message('ui.suit.' + suit, lang)}")
        assert html.escape(want, quote=False) in r.text or want in r.text, lang
        # not the engine's words ("declarer names one of the suits ...")
        assert "Traceback" not in r.text and "declarer names" not in r.text
        assert json.loads(hidden(r.text)["case"]) == case           # nothing applied
    r = client.post("/assistant/apply?lang=en", data={**fields, "option": "forbid_suit",
                                                      "suits": [suit, other]})
    assert r.status_code == 400 and "may not be named here" in r.text


def test_assistant_designation_offers_the_lawful_cards(client):
    """Law 51A: declarer designates one of two penalty cards: the page offers exactly
    the cards the decision names, with symbols; another card is refused clearly."""
    deal = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    case = json.loads((Path(__file__).parents[1] / "cases/play/law51A_decision.json").read_text())
    assert case["deal"] == deal
    case = {k: case[k] for k in ("board", "deal", "events")}
    r = client.post("/assistant/case?lang=en", data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 200
    offered = re.findall(r'<option value="([SHDC][AKQJT2-9])">(.*?)</option>', r.text)
    assert offered == [("C8", "\u26638"), ("C7", "\u26637")]
    fields = hidden(r.text)
    r = client.post("/assistant/apply?lang=en", data={**fields, "option": "designate",
                                                      "card": "C6"})
    assert r.status_code == 400
    assert "\u26636 may not be named here: under Law 51A the card is one of \u26638, \u26637." \
        in html.unescape(r.text)


def test_assistant_opens_a_table_record(client):
    case = {"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 "
                                 "543.43.7654.8765",
            "events": [{"by": "N", "call": "1C"}, {"by": "S", "call": "1S"}]}
    r = client.post("/assistant/case", data={"csrf": client.csrf, "case": json.dumps(case)})
    assert r.status_code == 200 and "31" in r.text
    r = client.post("/assistant/case", data={"csrf": client.csrf, "case": '{"board": 1'})
    assert r.status_code == 400 and "could not be read" in r.text and '{&#34;board&#34;: 1' in r.text


def test_a_pasted_record_is_never_read_as_a_path_on_the_server(client, tmp_path):
    """The assistant reads the pasted text as JSON, with the case files' limits, and never
    opens a file it names (the case reader takes a path from the command line)."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"board": 1, "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 '
                      'J76.A8765.T98.A4 543.43.7654.8765", "events": []}')
    r = client.post("/assistant/case?lang=pl", data={"csrf": client.csrf, "case": str(secret)})
    assert r.status_code == 400 and "Nie można odczytać zapisu" in r.text
    assert "AKQ2" not in r.text
    r = client.post("/assistant/case", data={"csrf": client.csrf,
                                             "case": '{"board": 1, "events": [' + "9" * 5000 + "]}"})
    assert r.status_code == 400 and "a number of 5000 characters" in r.text


def test_assistant_answers_in_every_language(client):
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("insufficient_bid")
    facts = {f.name: f.default for f in sc.facts}
    texts = {}
    for lang in ("en", "he", "pl", "ru", "nb"):
        r = client.post(f"/assistant/s/{sc.key}?lang={lang}", data={"csrf": client.csrf, **facts})
        texts[lang] = re.search(r'id="readout">(.*?)</section>', r.text, re.S).group(1)
    assert len(set(texts.values())) == 5
    assert "הכרזה בלתי מספקת" in texts["he"]


# ---------------------------------------------------------------- the rulings log

def make_rulings(client):
    eid = played_board_one(client)
    for board_table, text in (((1, 1), "first"), ((1, 1), "second")):
        client.post(f"/events/{eid}/adjust", data={
            "csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "artificial", "ns_percent": "60", "ew_percent": "40",
            "ruling": f"{text} ruling, hesitation (Law 16B1)", "laws": "16B1", "confirm": "1"})
    from bridgelaws.service.assistant import booklet
    sc = booklet.scenario("insufficient_bid")
    fields = hidden(rule(client, sc.key, **{f.name: f.default for f in sc.facts},
                         event=str(eid), section="A", round="2", table="3", board="1").text)
    client.post("/assistant/apply", data={**fields, "option": "accept"})
    return eid


def test_rulings_log_search(client):
    eid = make_rulings(client)
    def ids(**params):
        page = client.get("/rulings", params=params).text
        return re.findall(r'<td><a href="/rulings/(\d+)">', page)
    assert len(ids()) == 3
    assert len(ids(q="hesitation")) == 2 and len(ids(q="second")) == 1
    assert len(ids(law="27")) == 1 and len(ids(law="16B")) == 2 and ids(law="99") == []
    assert len(ids(event=str(eid), board="1")) == 3 and ids(board="5") == []
    assert len(ids(director="td")) == 3 and ids(director="other") == []


def test_rulings_export_csv_and_json(client):
    make_rulings(client)
    data = json.loads(client.get("/rulings/export.json").text)
    assert len(data) == 3 and {d["director"] for d in data} == {"td"}
    assert all(d["created"] and d["laws"] for d in data)
    ib = next(d for d in data if d["kind"] == "insufficient_bid")
    assert ib["round"] == 2 and ib["table_no"] == 3 and ib["choice"] == "accept"
    text = client.get("/rulings/export.csv?law=16B").text.lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 2 and json.loads(rows[0]["laws"])[:2] == ["12", "12C2"]
    assert rows[0]["adjusted"] == "A60/40"


def test_appeal_lodged_within_the_correction_period_and_decided(client):
    eid = make_rulings(client)
    rid = json.loads(client.get("/rulings/export.json").text)[0]["id"]
    r = client.post(f"/rulings/{rid}/appeal", data={"csrf": client.csrf, "appeal_by": "",
                                                     "appeal_reason": "kept reason"})
    assert r.status_code == 400 and "kept reason" in r.text
    r = client.post(f"/rulings/{rid}/appeal", data={"csrf": client.csrf, "appeal_by": "EW 4",
                                                     "appeal_reason": "no hesitation"},
                    follow_redirects=False)
    assert r.status_code == 303
    r = client.post(f"/rulings/{rid}/appeal", data={"csrf": client.csrf, "appeal_by": "EW 4"})
    assert r.status_code == 400 and "already" in r.text
    r = client.post(f"/rulings/{rid}/decide", data={"csrf": client.csrf,
                                                     "appeal_outcome": "upheld",
                                                     "appeal_decision": "The committee agrees"},
                    follow_redirects=False)
    assert r.status_code == 303
    page = client.get(f"/rulings/{rid}").text
    assert "the ruling stands" in page and "The committee agrees" in page
    assert len(re.findall(r'<td><a href="/rulings/', client.get("/rulings?appeal=decided").text)) == 1


def test_appeal_after_the_correction_period_is_refused(client):
    eid = make_rulings(client)
    with client.app.state.store.transaction() as s:
        ev = s.get(EventRow, eid)
        ev.published = True
        ev.correction_until = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=1)
    rid = json.loads(client.get("/rulings/export.json").text)[0]["id"]
    r = client.post(f"/rulings/{rid}/appeal", data={"csrf": client.csrf, "appeal_by": "NS 1"})
    assert r.status_code == 400 and "Law 92B" in r.text
    with client.app.state.store.session() as s:
        assert s.get(RulingRow, rid).appeal_status == ""


def test_errors_are_given_in_the_page_language(client):
    eid = new_event(client)
    r = client.post(f"/events/{eid}/tables/A/1/1?lang=he",
                    data={"csrf": client.csrf, ":1|contract": "4S", ":1|declarer": "N",
                          ":1|tricks": "14"})
    from bridgelaws.i18n import message
    assert r.status_code == 400
    assert message("ui.err.tricks_range", "he", n=14) in r.text
    assert message("ui.field.tricks", "he") in r.text
    r = client.post("/events/new?lang=pl", data={"csrf": client.csrf, "name": "", "kind": "pairs",
                                                 "movement": "mitchell", "tables": "3",
                                                 "sections": "1", "boards_per_round": "2",
                                                 "scoring": "mp", "source": "deal"})
    assert r.status_code == 400 and message("ui.err.need_name", "pl") in r.text


def test_every_booklet_scenario_can_be_ruled_on(client):
    """Each scenario's form, sent with its default facts, gives the ruling page: the
    text to read out, and the laws the booklet names for it among those applied or
    explained."""
    from bridgelaws.service.assistant import booklet
    for sc in booklet.SCENARIOS:
        r = rule(client, sc.key, **{f.name: f.default for f in sc.facts})
        assert r.status_code == 200, (sc.key, r.text[-500:])
        readout = re.search(r'id="readout">(.*?)</section>', r.text, re.S).group(1)
        assert "<p>" in readout, sc.key
        fields = hidden(r.text)
        assert json.loads(fields["case"])["events"], sc.key
        if 'action="/assistant/record"' in r.text:          # nothing to choose: record it
            done = client.post("/assistant/record", data=fields, follow_redirects=False)
        else:            # some option the Laws offer here is applied by the engine
            options = re.findall(r'name="option" value="([^"]+)"', r.text)
            outcomes = {}
            for opt in options:
                card = re.findall(r'<select name="card"[^>]*><option value="([A-Z0-9]+)"', r.text)
                done = client.post("/assistant/apply", data={**fields, "option": opt,
                                                              "suit": "C", "suits": "C",
                                                              "card": card[0] if card else ""},
                                   follow_redirects=False)
                outcomes[opt] = done.status_code
            assert {200, 303} & set(outcomes.values()), (sc.key, outcomes)
            continue
        assert done.status_code == 303, sc.key
    with client.app.state.store.session() as s:
        assert s.query(RulingRow).count() >= len(booklet.SCENARIOS)


def test_the_language_is_the_directors_own(app):
    c = TestClient(app)
    c.post("/login", data={"csrf": token(c), "username": "td", "password": PASSWORD})
    c.get("/?lang=ru")
    c2 = TestClient(app)                       # a new login, another browser
    c2.post("/login", data={"csrf": token(c2), "username": "td", "password": PASSWORD})
    assert '<html lang="ru"' in c2.get("/rulings").text


def test_migrations_build_exactly_the_models(app):
    """The schema the Alembic migrations make is the one db.py describes (what
    ``alembic check`` verifies), on this test's database backend."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from bridgelaws.service.db import Base
    with app.state.store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                Base.metadata)
    assert diff == []


def test_adjusted_score_at_a_sit_out_table_is_refused_clearly(client):
    """No board is played at a table where a pair sits out, so no adjusted score can be
    given there; nor in a room a pairs event does not have."""
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "Odd", "kind": "pairs",
                                          "movement": "howell", "tables": "4",
                                          "sections": "1", "boards_per_round": "2",
                                          "scoring": "mp", "source": "deal", "seed": "odd"},
                    follow_redirects=False)
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "artificial", "ns_percent": "60", "ew_percent": "40", "ruling": "r"}
    with client.app.state.store.session() as s:
        st = next(x for x in s.get(EventRow, eid).sittings if x.round == 1 and x.table_no == 1)
        data["board"] = str(st.boards[0])
    r = client.post(f"/events/{eid}/adjust", data={**data, "room": "open"})
    assert r.status_code == 400 and "unknown room open" in r.text
    from bridgelaws.service.db import SittingRow
    with client.app.state.store.transaction() as s:        # make table 1 a sit-out
        st = s.scalar(select(SittingRow).where(SittingRow.event_id == eid,
                                               SittingRow.round == 1, SittingRow.table_no == 1))
        st.ew = None
    r = client.post(f"/events/{eid}/adjust", data=data)
    assert r.status_code == 400 and "table 1 sits out in round 1" in r.text
    with client.app.state.store.session() as s:
        assert s.scalar(select(RulingRow.id)) is None
