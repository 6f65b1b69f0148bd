"""Players' names (issue 17, point 1): stored per event with member numbers, typed on the
entries page, pasted or uploaded as CSV (bad lines named, good ones kept), the club's
member list kept across events, and the names on every page and download (PBN, USEBIO,
the results page), read back with the project's own readers.
"""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from bridgelaws.formats.pbn import read_pbn
from bridgelaws.formats.score_tables import event_from_records
from bridgelaws.formats.usebio import read_usebio
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.console.entries import (CSV_MAX_BYTES, NAME_MAX, parse_entries_csv,
                                                 parse_members_csv, seat_names)
from bridgelaws.service.db import EntryPlayerRow, EventRow, MemberRow, select

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
            "scoring": "mp", "source": "deal", "seed": "names-test"}
    data.update(over)
    r = client.post("/events/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))


def players(app, event_id):
    """(section, number) -> [(name, member)] as stored."""
    with app.state.store.session() as s:
        ev = s.get(EventRow, event_id)
        return {(en.section, en.number): [(p.name, p.member) for p in en.players]
                for en in ev.entries if en.players}


def members(app):
    with app.state.store.session() as s:
        return {(m.name, m.member) for m in s.scalars(select(MemberRow))}


def type_names(client, event_id, rows: dict, section="A"):
    data = {"csrf": client.csrf}
    for number, pl in rows.items():
        for i, (name, member) in enumerate(pl):
            data[f"{section}|{number}|{i}|name"] = name
            data[f"{section}|{number}|{i}|member"] = member
    return client.post(f"/events/{event_id}/entries", data=data, follow_redirects=False)


def paste(client, event_id, text, file=None):
    data = {"csrf": client.csrf, "text": text}
    files = {"file": ("names.csv", file, "text/csv")} if file is not None else None
    return client.post(f"/events/{event_id}/entries/import", data=data, files=files,
                       follow_redirects=False)


def enter(client, event_id, rnd, table, board, contract, declarer, tricks):
    data = {"csrf": client.csrf, f":{board}|contract": contract,
            f":{board}|declarer": declarer, f":{board}|tricks": str(tricks),
            f":{board}|score": "", f":{board}|lead": ""}
    r = client.post(f"/events/{event_id}/tables/A/{rnd}/{table}", data=data,
                    follow_redirects=False)
    assert r.status_code == 303, r.text


# ---------------------------------------------------------------- CSV parsing

def test_csv_commas_semicolons_tabs_and_a_header():
    for sep in (",", ";", "\t"):
        text = sep.join(["Pair", "Name 1", "Member 1", "Name 2", "Member 2"]) + "\n" + \
            sep.join(["2", "Ann Smith", "1001", "Bob Jones", ""]) + "\n\n" + \
            sep.join(["B4", " Carol  King ", "", "Dan Brown", "D-7"]) + "\n"
        good, bad = parse_entries_csv(text)
        assert bad == []
        assert [(g.line, g.section, g.number, g.players) for g in good] == [
            (2, "", "2", [("Ann Smith", "1001"), ("Bob Jones", "")]),
            (4, "B", "4", [("Carol King", ""), ("Dan Brown", "D-7")])]


def test_csv_bad_lines_named_good_lines_kept():
    text = ("1,Ann,,Bob,\n"
            "x,Carol,,Dan,\n"                  # no pair number
            "3,Eve,,,\n"                        # one player
            f"4,{'z' * (NAME_MAX + 1)},,Fay,\n"  # a name too long
            "5,Gil,=SUM(A1),Hal,\n"             # a formula for a member number
            "6,Ida,,Jo,,extra\n"               # a column too many
            "7,Kim,,Lee,\n")
    good, bad = parse_entries_csv(text)
    assert [g.number for g in good] == ["1", "7"]
    reasons = {k: str(e) for k, e in bad}
    assert sorted(reasons) == [2, 3, 4, 5, 6]
    assert "no pair number" in reasons[2] and '"x"' in reasons[2]
    assert reasons[3] == "pair 3 has no second player"
    assert f"at most {NAME_MAX} characters (this one has {NAME_MAX + 1})" in reasons[4]
    assert "letters and digits" in reasons[5]
    assert "more columns" in reasons[6]


def test_csv_limits_and_encodings():
    from bridgelaws.service.console.entries import NameError_
    with pytest.raises(NameError_, match="larger than 64 KB"):
        parse_entries_csv(b"1,a,,b,\n" * (CSV_MAX_BYTES // 8 + 1))
    with pytest.raises(NameError_, match="more than 2000 lines"):
        parse_entries_csv("\n" * 2001)
    # a Hebrew spreadsheet saved in Windows-1255, and UTF-8 with a byte order mark
    good, bad = parse_entries_csv("1;דנה כהן;;יוסי לוי;12\n".encode("cp1255"), lang="he")
    assert bad == [] and good[0].players == [("דנה כהן", ""), ("יוסי לוי", "12")]
    good, _ = parse_entries_csv("\ufeff1,Zoë,,Łukasz,\n".encode("utf-8"))
    assert good[0].players[0][0] == "Zoë" and good[0].players[1][0] == "Łukasz"
    good, _ = parse_entries_csv("1;Zoë;;Łukasz;\n".encode("cp1250"), lang="pl")
    assert good[0].players == [("Zoë", ""), ("Łukasz", "")]
    good, _ = parse_entries_csv("1;Zoë;;René;\n".encode("cp1252"), lang="en")
    assert good[0].players == [("Zoë", ""), ("René", "")]


def test_members_csv():
    good, bad = parse_members_csv("Name;Member\nAnn Smith;1001\nBob Jones\n;77\nCy;1;2\n")
    assert good == [("Ann Smith", "1001"), ("Bob Jones", "")]
    assert [(k, str(e)) for k, e in bad] == [
        (4, "the name is empty"), (5, "too many columns (expected: name, member number)")]


# ---------------------------------------------------------------- the entries page

def test_entries_page_one_click_from_the_event_page(client):
    ev = new_event(client)
    page = client.get(f"/events/{ev}").text
    assert f'href="/events/{ev}/entries"' in page
    page = client.get(f"/events/{ev}/entries").text
    # a row per pair of the 3-table Mitchell: 1-3 North-South, 4-6 East-West
    assert sorted(re.findall(r'data-pair="A\|(\d+)"', page)) == list("123456")
    assert page.count('list="member-names"') == 12
    assert 'maxlength="60"' in page


def test_typed_names_are_stored_shown_and_learnt(app, client):
    ev = new_event(client)
    r = type_names(client, ev, {"1": [("Ann Smith", "1001"), ("Bob Jones", "")],
                                "4": [("דנה כהן", ""), ("יוסי לוי", "77")]})
    assert r.status_code == 303 and r.headers["location"].endswith("saved=2")
    assert players(app, ev) == {("A", "1"): [("Ann Smith", "1001"), ("Bob Jones", "")],
                                ("A", "4"): [("דנה כהן", ""), ("יוסי לוי", "77")]}
    assert members(app) == {("Ann Smith", "1001"), ("Bob Jones", ""), ("דנה כהן", ""),
                            ("יוסי לוי", "77")}
    page = client.get(f"/events/{ev}").text
    assert '<bdi class="names">Ann Smith - Bob Jones</bdi>' in page
    api = {e["number"]: e for e in client.get(f"/api/events/{ev}/entries").json()}
    assert api["1"]["players"] == [{"name": "Ann Smith", "member": "1001"},
                                   {"name": "Bob Jones", "member": ""}]
    assert api["4"]["names"] == "דנה כהן - יוסי לוי" and api["2"]["players"] == []
    assert '<bdi class="names">דנה כהן - יוסי לוי</bdi>' in page
    # the next event offers the names, and fills in a known member number
    ev2 = new_event(client, name="Thursday pairs")
    page = client.get(f"/events/{ev2}/entries").text
    assert '<option value="Ann Smith">1001</option>' in page
    type_names(client, ev2, {"2": [("Ann Smith", ""), ("Eve Long", "")]})
    assert players(app, ev2)[("A", "2")] == [("Ann Smith", "1001"), ("Eve Long", "")]


def test_a_bad_name_keeps_what_was_typed(app, client):
    ev = new_event(client)
    long = "L" * (NAME_MAX + 5)
    r = type_names(client, ev, {"1": [("Ann", ""), ("Bob", "")],
                                "2": [(long, ""), ("Cy", "")],
                                "3": [("", "55"), ("Dee", "")]})
    assert r.status_code == 400
    text = html.unescape(r.text)
    assert f"a name has at most {NAME_MAX} characters (this one has {NAME_MAX + 5})" in text
    assert "a member number without a name" in text
    assert f'value="{long}"' in r.text and 'value="55"' in r.text
    assert players(app, ev) == {("A", "1"): [("Ann", ""), ("Bob", "")]}
    # a form that sends some rows only leaves the others as they are
    r = type_names(client, ev, {"2": [("Cy Long", ""), ("Di", "")]})
    assert r.status_code == 303
    assert players(app, ev) == {("A", "1"): [("Ann", ""), ("Bob", "")],
                                ("A", "2"): [("Cy Long", ""), ("Di", "")]}


def test_paste_and_upload(app, client):
    ev = new_event(client)
    r = paste(client, ev, "pair;name 1;member 1;name 2;member 2\n1;Ann;;Bob;\n"
                          "9;Zed;;Yan;\n2;Cy\n5;Dee;4;Eli;\n")
    assert r.status_code == 400
    text = html.unescape(r.text)
    assert "Line 3: there is no 9 in this event's movement" in text
    assert "Line 4: pair 2 has no second player" in text
    assert "1;Ann;;Bob;" in text                       # the paste stays in its box
    assert players(app, ev) == {("A", "1"): [("Ann", ""), ("Bob", "")],
                                ("A", "5"): [("Dee", "4"), ("Eli", "")]}
    r = paste(client, ev, "", file="3,Fay,,Gus,\n6,Hu,,Ivo,\n".encode())
    assert r.status_code == 303
    assert players(app, ev)[("A", "6")] == [("Hu", ""), ("Ivo", "")]
    r = paste(client, ev, "", file=b"1,a,,b,\n" * (CSV_MAX_BYTES // 8 + 2))
    assert r.status_code == 400 and "larger than 64 KB" in r.text
    r = paste(client, ev, "")
    assert r.status_code == 400 and "nothing to import" in r.text


def test_paste_in_hebrew_speaks_hebrew(client):
    ev = new_event(client)
    client.get("/?lang=he")
    r = paste(client, ev, "1,אנה\n")
    assert r.status_code == 400
    assert "שורה 1: לזוג 1 אין שחקן שני" in html.unescape(r.text)


def test_names_are_escaped_everywhere(app, client):
    ev = new_event(client)
    evil = '<script>alert(1)</script>'
    type_names(client, ev, {"1": [(evil, ""), ('"><img src=x>', "")],
                            "4": [("Ann", ""), ("Bob", "")]})
    enter(client, ev, 1, 1, 1, "4S", "N", 10)
    for url in (f"/events/{ev}", f"/events/{ev}/entries", f"/events/{ev}/standings",
                f"/results/{ev}", "/members", f"/events/{ev}/tables/A/1/1"):
        page = client.get(url).text
        assert "<script>alert" not in page and "<img src=x>" not in page, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, url


# ---------------------------------------------------------------- the member list

def test_member_list_add_import_remove(app, client):
    r = client.post("/members", data={"csrf": client.csrf, "name": "Ann Smith",
                                      "member": "1001"}, follow_redirects=False)
    assert r.status_code == 303
    r = client.post("/members", data={"csrf": client.csrf, "name": "Ann Smith",
                                      "member": "1001"})
    assert r.status_code == 400 and "on the list already" in r.text
    r = client.post("/members", data={"csrf": client.csrf, "name": "", "member": "5"})
    assert r.status_code == 400 and "the name is empty" in r.text
    r = client.post("/members/import", data={"csrf": client.csrf},
                    files={"file": ("m.csv", "name,member\nBob,2\nCy,\n,9\n".encode(),
                                    "text/csv")}, follow_redirects=False)
    assert r.status_code == 400 and "Line 4: the name is empty" in r.text
    assert members(app) == {("Ann Smith", "1001"), ("Bob", "2"), ("Cy", "")}
    r = client.post("/members/import", data={"csrf": client.csrf, "text": "Dee;3\n"},
                    follow_redirects=True)
    assert "Imported: 1 new member." in r.text
    with app.state.store.session() as s:
        bob = s.scalar(select(MemberRow).where(MemberRow.name == "Bob")).id
    # removing asks first, and Cancel goes back to the list
    r = client.post(f"/members/{bob}/remove", data={"csrf": client.csrf})
    assert r.status_code == 200 and 'id="confirm-yes"' in r.text and "Bob (2)" in r.text
    assert ("Bob", "2") in members(app)
    r = client.post(f"/members/{bob}/remove", data={"csrf": client.csrf, "confirm": "1"},
                    follow_redirects=False)
    assert r.status_code == 303 and ("Bob", "2") not in members(app)


def test_member_list_survives_the_event(app, client):
    ev = new_event(client)
    type_names(client, ev, {"1": [("Ann", "1"), ("Bob", "2")]})
    with app.state.store.transaction() as s:
        s.delete(s.get(EventRow, ev))
    assert members(app) == {("Ann", "1"), ("Bob", "2")}
    with app.state.store.session() as s:
        assert s.scalars(select(EntryPlayerRow)).all() == []


# ---------------------------------------------------------------- downloads and pages

def _played_event(client):
    ev = new_event(client)
    type_names(client, ev, {"1": [("Ann Smith", "1001"), ("Bob Jones", "")],
                            "2": [("דנה כהן", "77"), ("יוסי לוי", "")],
                            "4": [("Carol King", ""), ("Dan Brown", "D-7")],
                            "5": [("Eve", ""), ("Fay", "")]})
    enter(client, ev, 1, 1, 1, "4S", "N", 10)
    enter(client, ev, 1, 2, 3, "3NT", "S", 9)
    client.post(f"/events/{ev}/publish", data={"csrf": client.csrf, "action": "publish",
                                               "minutes": "30", "confirm": "1"})
    return ev


def test_usebio_carries_names_and_member_numbers(client):
    ev = _played_event(client)
    text = client.get(f"/results/{ev}/usebio.xml").text
    assert "<PLAYER><PLAYER_NAME>Ann Smith</PLAYER_NAME><NATIONAL_ID_NUMBER>1001" in text
    read = read_usebio(text.encode(), name="event.xml")
    assert read.entries["1"].names == ["Ann Smith", "Bob Jones"]
    assert read.entries["1"].members == ["1001", ""]
    assert read.entries["2"].names == ["דנה כהן", "יוסי לוי"]
    assert read.entries["4"].members == ["", "D-7"]
    # the public download names the players but keeps their member numbers to itself
    public = TestClient(client.app).get(f"/results/{ev}/usebio.xml").text
    assert "<PLAYER_NAME>Ann Smith</PLAYER_NAME>" in public
    assert "NATIONAL_ID_NUMBER" not in public and "1001" not in public


def test_pbn_carries_names(client, tmp_path):
    ev = _played_event(client)
    text = client.get(f"/results/{ev}/event.pbn").text
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    records = read_pbn(path)
    st = next(r for r in records if r.board == 1).tables["ScoreTable"]
    row = st.dicts()[0]
    assert (row["Names_NS"], row["Names_EW"]) == ("Ann Smith;Bob Jones", "Carol King;Dan Brown")
    read = event_from_records(records, source="event.pbn")
    assert read.entries["1"].names == ["Ann Smith", "Bob Jones"]
    assert read.entries["2"].names == ["דנה כהן", "יוסי לוי"]


def test_results_and_standings_pages_carry_names(client):
    ev = _played_event(client)
    page = client.get(f"/results/{ev}").text
    # the ranking's names cell (linked to the pair's score card)
    assert re.search(r'<td class="names">(<a [^>]*>)?<bdi>Ann Smith - Bob Jones</bdi>', page)
    assert '<bdi class="names">Carol King - Dan Brown</bdi>' in page      # a traveller
    page = client.get(f"/events/{ev}/standings").text
    assert '<bdi>דנה כהן - יוסי לוי</bdi>' in page
    api = client.get(f"/api/events/{ev}/standings").json()
    assert {r["pair"]: r["names"] for r in api["sections"]["A"]["standings"]}["1"] == \
        "Ann Smith - Bob Jones"
    page = client.get(f"/events/{ev}/tables/A/1/1").text
    assert '<bdi class="names">Ann Smith - Bob Jones</bdi>' in page


def test_ruling_names_the_pairs_at_the_table(client):
    ev = _played_event(client)
    r = client.post(f"/events/{ev}/adjust", data={
        "csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "2",
        "room": "", "kind": "artificial", "ns_percent": "60", "ew_percent": "40",
        "ruling": "board fouled"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    ruling = re.search(r"adjusted=(\d+)", r.headers["location"]).group(1)
    page = client.get(f"/rulings/{ruling}").text
    assert '1 <bdi class="names">Ann Smith - Bob Jones</bdi>' in page
    assert '4 <bdi class="names">Carol King - Dan Brown</bdi>' in page


def test_seat_names_of_pairs_and_team_rooms(app, client):
    ev = new_event(client)
    type_names(client, ev, {"1": [("Ann", ""), ("Bob", "")], "4": [("Cy", ""), ("Dee", "")]})
    with app.state.store.session() as s:
        e = s.get(EventRow, ev)
        assert seat_names(e, "A", "1", "4") == {"N": "Ann", "S": "Bob", "E": "Cy", "W": "Dee"}
    tev = new_event(client, name="Teams", kind="teams", movement="roundrobin", tables="4",
                    scoring="imp")
    data = {"csrf": client.csrf, "A|1|team": "Lions", "A|2|team": ""}
    for team, names in (("1", "ABCD"), ("2", "EFGH")):
        for i, n in enumerate(names):
            data[f"A|{team}|{i}|name"] = n * 3
    r = client.post(f"/events/{tev}/entries", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    with app.state.store.session() as s:
        e = s.get(EventRow, tev)
        assert seat_names(e, "A", "1", "2", "open") == {"N": "AAA", "S": "BBB", "E": "EEE",
                                                         "W": "FFF"}
        assert seat_names(e, "A", "1", "2", "closed") == {"N": "GGG", "S": "HHH",
                                                           "E": "CCC", "W": "DDD"}
        labels = {en.number: en.names for en in e.entries}
    assert labels["1"] == "Lions" and labels["2"] == "EEE, FFF, GGG, HHH"
    page = client.get(f"/events/{tev}/entries").text
    assert 'name="A|1|team" value="Lions"' in page


def test_live_page_shows_seat_names(app, client):
    ev = new_event(client)
    type_names(client, ev, {"1": [("Ann Smith", ""), ("<b>Bob</b>", "")],
                            "4": [("דנה כהן", ""), ("Dan", "")]})
    r = client.post(f"/events/{ev}/live", data={"csrf": client.csrf, "section": "A",
                                                "round": "1", "mode": "laws"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    tables = client.get(f"/api/events/{ev}/live").json()["tables"]
    seat = next(t for t in tables if t["table"] == 1)["seats"]["N"]
    page = client.get(f"/play/{seat}").text
    m = re.search(r"players: (\{.*?\}), texts", page)
    import json
    assert json.loads(m.group(1)) == {"N": "Ann Smith", "S": "<b>Bob</b>", "E": "דנה כהן",
                                      "W": "Dan"}
    assert "<b>Bob</b>" not in page.replace(m.group(1), "")
    table_id = next(t for t in tables if t["table"] == 1)["id"]
    watch = client.get(f"/live/{table_id}").text
    assert '<bdi class="names">Ann Smith</bdi>' in watch
    listing = client.get(f"/events/{ev}/live").text
    assert '<bdi class="names">Ann Smith</bdi>' in listing
    assert "&lt;b&gt;Bob&lt;/b&gt;" in listing


def test_real_usebio_member_numbers_read_and_written_back():
    """A real USEBIO file (realdata: ABF's tests) carries each player's national number;
    the shared event model keeps it beside the name, and writing the scored event
    gives both back."""
    from pathlib import Path

    from bridgelaws.formats.usebio import write_usebio
    from bridgelaws.tournament.results import score_event
    path = Path("/work/shared/realdata/usebio/abf_cobalt_tests/mp_pairs_howell.xml")
    if not path.exists():
        pytest.skip("no realdata")
    ev = read_usebio(path)
    assert ev.entries["1"].names == ["IREN MAJEDI", "MAUREEN DUTHIE"]
    assert ev.entries["1"].members == ["964263", "627089"]
    again = read_usebio(write_usebio(score_event(ev, "mp")).encode(), name="again.xml")
    assert {k: (e.names, e.members) for k, e in again.entries.items()} == \
        {k: (e.names, e.members) for k, e in ev.entries.items()}
