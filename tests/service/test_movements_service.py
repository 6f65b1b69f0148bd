"""The new-event form's movement options over HTTP (issue 17, point 2): a chosen number
of rounds, a missing pair (its opponents sit out) or a phantom pair (its opponents get an
artificial adjusted score, Law 12C2), arrow-switched rounds, a relay; the errors in the
director's language.

Runs on SQLite, and on PostgreSQL with BRIDGELAWS_TEST_DB=postgresql (conftest.py).
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import EventRow, ResultRow, select
from bridgelaws.tournament.movements import howell, mitchell

PASSWORD = "correct horse battery"


def token(client, url="/login"):
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).text).group(1)


@pytest.fixture
def client(database_url):
    app = create_app(database_url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    c = TestClient(app)
    r = c.post("/login", data={"csrf": token(c), "username": "td", "password": PASSWORD,
                               "next": "/"}, follow_redirects=False)
    assert r.status_code == 303
    c.csrf = token(c, "/")
    yield c
    app.state.store.dispose()


def post_event(client, **over):
    data = {"csrf": client.csrf, "name": "Club night", "kind": "pairs",
            "movement": "mitchell", "tables": "5", "sections": "1", "boards_per_round": "2",
            "scoring": "mp", "source": "deal", "seed": "moves"}
    data.update(over)
    return client.post("/events/new", data=data, follow_redirects=False)


def created(r) -> int:
    assert r.status_code == 303, r.text
    return int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))


def sittings(client, eid):
    with client.app.state.store.session() as s:
        ev = s.get(EventRow, eid)
        return ([(st.round, st.table_no, st.ns, st.ew, list(st.boards)) for st in ev.sittings],
                {en.number: en.direction for en in ev.entries})


def test_the_form_offers_the_options(client):
    page = client.get("/events/new").text
    for name in ("rounds", "sit_out", "phantom", "arrow_switch", "relay"):
        assert f'name="{name}"' in page
    assert 'value="60"' in page and "average plus, Law 12C2" in page
    pl = client.get("/events/new?lang=pl").text
    assert "Opcje ruchu" in pl and "para-widmo: przeciwnicy dostają 60%" in pl


def test_mitchell_with_rounds_sit_out_and_arrow_switch(client):
    eid = created(post_event(client, rounds="4", sit_out="10", arrow_switch="last"))
    rows, entries = sittings(client, eid)
    want = mitchell(5, rounds=4, sit_out=10, arrow_switch="last")
    assert rows == [(s.round, s.table, None if s.ns is None else str(s.ns),
                     None if s.ew is None else str(s.ew), list(s.boards)) for s in want]
    assert max(r[0] for r in rows) == 4 and "10" not in entries and len(entries) == 9
    # one table sits out each round; in round 4 the East-West pairs sit North-South
    assert all(sum(None in (r[2], r[3]) for r in rows if r[0] == n) == 1 for n in range(1, 5))
    assert all(r[2] is None or int(r[2]) > 5 for r in rows if r[0] == 4)
    page = client.get(f"/events/{eid}").text
    assert "sit-out" in page


def test_howell_with_rounds_and_a_sit_out(client):
    eid = created(post_event(client, movement="howell", tables="4", rounds="3", sit_out="8"))
    rows, entries = sittings(client, eid)
    assert len(rows) == 12 and max(r[0] for r in rows) == 3
    assert sorted(entries, key=int) == [str(p) for p in range(1, 8)]
    assert rows == [(s.round, s.table, None if s.ns is None else str(s.ns),
                     None if s.ew is None else str(s.ew), list(s.boards))
                    for s in howell(4, rounds=3, sit_out=8)]


def test_relay_mitchell(client):
    eid = created(post_event(client, tables="6", relay="on"))
    rows, _ = sittings(client, eid)
    assert max(r[0] for r in rows) == 6            # every NS pair meets every EW pair


def test_phantom_pair_gets_its_opponents_artificial_scores(client):
    eid = created(post_event(client, tables="3", sit_out="6", phantom="60"))
    with client.app.state.store.session() as s:
        got = sorted((r.round, r.table_no, r.board, r.ns, r.ew, r.adjusted)
                     for r in s.scalars(select(ResultRow).where(ResultRow.event_id == eid)))
    # pair 6 (EW) would have met NS pair 3, then 1, then 2: each gets 60% (12C2) there
    want = sorted((st.round, st.table, b, str(st.ns), "6", "A60/40")
                  for st in mitchell(3, sit_out=6) if st.ew is None for b in st.boards)
    assert got == want and len(got) == 6
    # every real table plays 3NT by North: made against pair 5, one down against pair 4,
    # so pair 4 tops every board and pair 5 scores 0%, below the phantom's 40%
    for st in mitchell(3, sit_out=6):
        if st.ew is None:
            continue
        data = {"csrf": client.csrf}
        for b in st.boards:
            data.update({f":{b}|contract": "3N", f":{b}|declarer": "N",
                         f":{b}|tricks": "9" if st.ew == 5 else "8"})
        r = client.post(f"/events/{eid}/tables/A/{st.round}/{st.table}", data=data,
                        follow_redirects=False)
        assert r.status_code == 303, r.text
    data = client.get(f"/api/events/{eid}/standings").json()["sections"]["A"]["standings"]
    by_pair = {row["pair"]: row for row in data}
    assert "6" not in by_pair                       # the phantom is no contestant
    # (two real results on each board, factored with the artificial one: Neuberg)
    assert by_pair["4"]["percent"] > 50 and by_pair["5"]["percent"] < 40, by_pair
    # pair 5 is second of the East-West field, not third behind the phantom
    assert (by_pair["4"]["rank"], by_pair["5"]["rank"], by_pair["5"]["place"]) == ("1", "2", 2)
    # each NS pair has 60% (12C2) on the 2 boards it would have played against the phantom
    assert sorted(by_pair[p]["boards"] for p in "123") == [6, 6, 6]
    # and 50% on the 4 boards played: every NS pair made or went down against each EW pair
    assert [by_pair[p]["percent"] for p in "123"] == [pytest.approx((4 * 50 + 2 * 60) / 6,
                                                                    abs=0.01)] * 3


def test_phantom_fifty_percent(client):
    eid = created(post_event(client, tables="3", sit_out="1", phantom="50"))
    with client.app.state.store.session() as s:
        got = {(r.ns, r.adjusted) for r in
               s.scalars(select(ResultRow).where(ResultRow.event_id == eid))}
    assert got == {("1", "A50/50")}


@pytest.mark.parametrize("lang, over, field, reason", [
    ("en", {"movement": "howell", "tables": "4", "arrow_switch": "2"}, "arrow_switch",
     "only a Mitchell has arrow switches"),
    ("en", {"rounds": "6"}, "rounds", "this movement has 5 rounds at most"),
    ("en", {"movement": "howell", "tables": "3", "rounds": "6"}, "rounds",
     "this movement has 5 rounds at most"),
    ("en", {"arrow_switch": "x"}, "arrow_switch", "give rounds like 3 or 2,4, or last, not x"),
    ("en", {"arrow_switch": "7"}, "arrow_switch", "the movement has rounds 1 to 5"),
    ("en", {"phantom": "60"}, "sit_out", "a phantom pair needs the number of the missing pair"),
    ("en", {"sit_out": "11"}, "sit_out", "must be between 1 and 10, not 11"),
    ("en", {"relay": "on"}, "relay", "a relay needs an even number of tables, at least 4 (not 5)"),
    ("en", {"kind": "teams", "movement": "roundrobin", "scoring": "imp", "rounds": "2"},
     "rounds", "a team round robin has no missing pair"),
    ("pl", {"rounds": "6"}, "rounds", "ten ruch ma co najwyżej 5 rund"),
    ("ru", {"phantom": "60"}, "sit_out", "для пары-фантома нужен номер недостающей пары"),
    ("he", {"arrow_switch": "x"}, "arrow_switch", "יש לתת סיבובים כמו 3 או 2,4"),
    ("nb", {"movement": "howell", "tables": "4", "relay": "on"}, "relay",
     "bare Mitchell har pilbytte og delte mapper"),
])
def test_errors_name_the_field_in_the_directors_language(client, lang, over, field, reason):
    client.cookies.set("lang", lang)
    r = client.post(f"/events/new?lang={lang}",
                    data={"csrf": client.csrf, "name": "Kept", "kind": "pairs",
                          "movement": "mitchell", "tables": "5", "sections": "1",
                          "boards_per_round": "2", "scoring": "mp", "source": "deal",
                          "seed": "x", **over})
    assert r.status_code == 400
    assert f'id="err-{field}">{reason}' in r.text.replace("&#39;", "'"), r.text[:3000]
    assert 'value="Kept"' in r.text


# ---------------------------------------------------------------- Swiss teams

def enter_match(client, eid, rnd, table, first, second):
    """The match's first board: NS scores ``first`` in the open room and ``second`` in
    the closed room; its other boards passed out in both rooms."""
    with client.app.state.store.session() as s:
        st = next(x for x in s.get(EventRow, eid).sittings
                  if x.round == rnd and x.table_no == table)
        boards = list(st.boards)
    data = {"csrf": client.csrf}
    for i, b in enumerate(boards):
        data[f"open:{b}|score"] = first if i == 0 else "0"
        data[f"closed:{b}|score"] = second if i == 0 else "0"
    r = client.post(f"/events/{eid}/tables/A/{rnd}/{table}", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text


def test_swiss_teams_pairs_round_by_round_on_vps(client):
    eid = created(post_event(client, kind="teams", movement="swiss", tables="5",
                             scoring="imp", rounds="3"))
    rows, entries = sittings(client, eid)
    assert sorted(entries, key=int) == ["1", "2", "3", "4", "5"]
    # round 1 only, in the order of the team numbers; team 5 has the bye
    assert rows == [(1, 1, "1", "2", [1, 2]), (1, 2, "3", "4", [1, 2]), (1, 3, "5", None, [1, 2])]
    with client.app.state.store.session() as s:
        assert [b.number for b in s.get(EventRow, eid).boards] == [1, 2, 3, 4, 5, 6]
    page = client.get(f"/events/{eid}").text
    assert f'action="/events/{eid}/swiss/next"' in page
    # not before the round's results are in
    r = client.post(f"/events/{eid}/swiss/next", data={"csrf": client.csrf})
    assert r.status_code == 400 and "round 1 still has matches without results" in r.text
    # board 1 (nobody vulnerable): team 1 wins 420 / -50 (10 IMPs), team 4 the same margin
    enter_match(client, eid, 1, 1, "420", "-50")
    enter_match(client, eid, 1, 2, "-50", "420")
    r = client.post(f"/events/{eid}/swiss/next", data={"csrf": client.csrf},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    rows, _ = sittings(client, eid)
    # VPs: 1 = 4 > 2 = 3 > 5 (the bye scores nothing); ties by team number: 1, 4, 2, 3, 5.
    # Team 5 has had its bye, so the lowest without one (3) has it; 1 meets 4, 2 meets 5.
    assert [r for r in rows if r[0] == 2] == [(2, 1, "1", "4", [3, 4]), (2, 2, "2", "5", [3, 4]),
                                              (2, 3, "3", None, [3, 4])]
    r = client.post(f"/events/{eid}/swiss/next", data={"csrf": client.csrf})
    assert r.status_code == 400 and "round 2 still has matches without results" in r.text
    enter_match(client, eid, 2, 1, "420", "-50")      # 1 beats 4
    enter_match(client, eid, 2, 2, "-50", "420")      # 5 beats 2
    assert client.post(f"/events/{eid}/swiss/next", data={"csrf": client.csrf},
                       follow_redirects=False).status_code == 303
    rows, _ = sittings(client, eid)
    third = [r for r in rows if r[0] == 3]
    met = {frozenset(r[2:4]) for r in rows if r[0] < 3 and r[3] is not None}
    assert all(frozenset(r[2:4]) not in met for r in third if r[3] is not None)   # no rematch
    byes = [r[2] for r in rows if r[3] is None]
    assert len(byes) == len(set(byes)) == 3                                      # a new bye
    assert third[0][2] == "1" and all(r[4] == [5, 6] for r in third)
    r = client.post(f"/events/{eid}/swiss/next", data={"csrf": client.csrf})
    assert r.status_code == 400 and "all 3 rounds are paired" in r.text


def test_swiss_options_checked(client):
    r = post_event(client, kind="teams", movement="swiss", tables="4", scoring="imp",
                   rounds="4")
    assert r.status_code == 400 and "this movement has 3 rounds at most" in r.text
    r = post_event(client, kind="pairs", movement="swiss")
    assert r.status_code == 400 and "a pairs event is played as a Mitchell or a Howell" in r.text
    r = post_event(client, kind="teams", movement="mitchell", scoring="imp")
    assert r.status_code == 400 and "played as a round robin or a Swiss" in r.text
