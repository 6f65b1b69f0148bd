"""The adjusted score from the likely results in the browser's forms (issue 19, point 9):
the rows checked (each side's weights more than 0 and adding up to 100%), each result
scored by Law 77 and matchpointed within the board's field (78A), the weighted score,
the 1997 form (12C2), the split score (12C1e), the artificial one (12C2), applied into
the results and the rulings log after a confirm page, and reached from a judgement ruling.

The event (``new_event``): a 3-table Mitchell, board 1 (dealer North, nobody vulnerable)
played in round 1 at table 1 (pairs 1 N-S v 4 E-W), round 2 at table 3 and round 3 at
table 2.  The field of the adjusted board at round 1 table 1 is the two other results,
+450 (4♠ S +1: 120 + 30 + 300) and +140 (3♠ S =: 90 + 50); three results, so the top is
2 x (3 - 1) = 4 matchpoints on the 2/1/0 scale (78A).
"""

from __future__ import annotations

import html
import re

import pytest

from bridgelaws.service.db import EventRow, ResultRow, RulingRow, select
from bridgelaws.service.console.likely import ROW_FIELDS

from .test_service_api import app, client, line, new_event, standings, teams_match  # noqa: F401

RULING = "South's 4♠ after the hesitation: pass was a logical alternative (Law 16B)"


def board_one(client) -> int:
    """The event with board 1's three table results: +170 at the adjusted table (2♠ S +2:
    60 + 60 + 50), +450 and +140 elsewhere."""
    eid = new_event(client)
    for rnd, table, contract, tricks in ((1, 1, "2S", "10"), (2, 3, "4S", "11"),
                                         (3, 2, "3S", "9")):
        r = line(client, eid, rnd, table, 1, contract=contract, declarer="S", tricks=tricks)
        assert r.status_code == 303, r.text
    return eid


def rows(name: str, *outcomes) -> dict:
    """A list of the form's rows: each (level, strain, declarer, doubled, result, weight)."""
    data = {f"{name}_n": str(len(outcomes))}
    for i, o in enumerate(outcomes):
        for k, v in zip(ROW_FIELDS, o):
            data[f"{name}{i}_{k}"] = v
    return data


def post(client, eid, op, **data):
    body = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "op": op, **data}
    return client.post(f"/events/{eid}/adjust/likely", data=body, follow_redirects=False)


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def stored(client, eid):
    with client.app.state.store.session() as s:
        row = s.scalar(select(ResultRow).where(ResultRow.event_id == eid, ResultRow.board == 1,
                                               ResultRow.round == 1, ResultRow.table_no == 1))
        ruling = s.get(RulingRow, row.ruling_id) if row.ruling_id else None
        return row, ruling


def apply(client, eid, **data):
    """Apply: the confirm page first (nothing kept), then the confirmed post."""
    r = post(client, eid, "apply", ruling=RULING, **data)
    assert r.status_code == 200 and 'id="confirm"' in r.text, text(r.text)[:600]
    # Cancel goes back to the form as it was
    cancel = html.unescape(re.search(r'id="confirm-no" href="([^"]+)"', r.text).group(1))
    back = client.get(cancel).text
    for k, v in data.items():
        if k.endswith(("_level", "_res")) and v:
            assert re.search(rf'name="{k}"[^>]*>.*?<option value="{re.escape(v)}" selected',
                             back, re.S), k
    assert stored(client, eid)[0].adjusted is None               # asked first: nothing kept
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', r.text))
    fields = {k: html.unescape(v) for k, v in fields.items()}
    r = client.post(f"/events/{eid}/adjust/likely", data=fields, follow_redirects=False)
    assert r.status_code == 303, text(r.text)[:600]
    return stored(client, eid)


# ---------------------------------------------------------------- 2017: weighted (12C1c)

def test_the_form_starts_empty_with_the_table_result_offered(client):
    eid = board_one(client)
    page = client.get(f"/events/{eid}/adjust/likely?round=1&table=1&board=1").text
    assert "selected" not in re.sub(r'<option value="(2017|A|)"[^>]*selected', "", page) \
        .split('id="list-r"')[1].split("</fieldset>")[0]          # no result chosen
    assert 'name="r0_w" value=""' in page
    assert "Table result" in text(page) and "2♠" in text(page) and "+170" in page
    # one tap takes the table result into the empty row: 2♠ by South, +2
    page = post(client, eid, "table:r", **rows("r", ("",) * 6)).text
    for k, v in (("level", "2"), ("strain", "S"), ("decl", "S"), ("res", "+2")):
        assert re.search(rf'name="r0_{k}"[^>]*>.*?<option value="{re.escape(v)}" selected',
                         page, re.S), k
    # add a row, remove it again
    page = post(client, eid, "add:r", **rows("r", ("4", "S", "S", "", "=", "60"))).text
    assert 'name="r_n" value="2"' in page and 'name="r1_level"' in page
    page = post(client, eid, "remove:r:0", **rows("r", ("4", "S", "S", "", "=", "60"),
                                                  ("4", "S", "S", "", "-1", "40"))).text
    assert 'name="r_n" value="1"' in page
    assert re.search(r'name="r0_res"[^>]*>.*?<option value="-1" selected', page, re.S)


def test_weighted_score_computed_in_the_field_and_applied(client):
    """60% 4♠ S = and 40% 4♠ S -1, nobody vulnerable (Law 77): 4♠= is 120 + 300 = +420,
    4♠-1 is -50.  Against +450 and +140: +420 beats +140 and loses to +450, 2 of 4 mp;
    -50 beats neither, 0.  N-S: 0.6 x 2 + 0.4 x 0 = 1.2 of 4 (30%); E-W: 0.6 x 2 + 0.4 x 4
    = 2.8 (70%).  In total points 0.6 x 420 + 0.4 x -50 = 232."""
    eid = board_one(client)
    outcomes = rows("r", ("4", "S", "S", "", "=", "60"), ("4", "S", "S", "", "-1", "40"))
    r = post(client, eid, "compute", **outcomes)
    assert r.status_code == 200, text(r.text)[:800]
    shown = text(r.text)
    assert "+420" in shown and "-50" in shown and "4♠ S =" in shown and "4♠ S -1" in shown
    assert "1.2 mp / 4 (30%)" in shown and "2.8 mp / 4 (70%)" in shown
    assert "12C1c" in shown and "4S" not in shown
    # applying needs the ruling's words
    r = post(client, eid, "apply", **outcomes)
    assert r.status_code == 400 and "write the ruling" in text(r.text)
    r = post(client, eid, "apply", ruling="x" * 4001, **outcomes)     # refused, not cut
    assert r.status_code == 400 and "at most 4000 characters, not 4001" in text(r.text)
    assert stored(client, eid)[0].adjusted is None
    row, ruling = apply(client, eid, laws="16B1", **outcomes)
    assert row.adjusted == "60% 4S= S + 40% 4S-1 S" and row.score == 170   # the table's kept
    assert ruling.kind == "adjusted_weighted" and ruling.edition == "2017"
    assert ruling.laws[:2] == ["12", "12C1c"] and {"77", "78A", "16B1"} <= set(ruling.laws)
    assert ruling.explanation.startswith(RULING)
    assert ruling.facts == {"round": "1", "table": "1", "board": "1", "ruling": RULING,
                            "weighted": "60% 4S= S + 40% 4S-1 S"}
    assert "1.2 mp / 4 (30%)" in ruling.explanation and "2.8 mp / 4 (70%)" in ruling.explanation
    # the standings score board 1 on the weighted score: pair 1 (N-S) 1.2, pair 4 (E-W) 2.8
    st = standings(client, eid)
    assert st["1"]["score"] == pytest.approx(1.2) and st["4"]["score"] == pytest.approx(2.8)
    log = text(client.get(f"/rulings/{ruling.id}").text)
    assert "1.2 mp / 4 (30%)" in log and "12C1c" in log


@pytest.mark.parametrize("outcomes,expect", [
    (rows("r", ("4", "S", "S", "", "=", "60"), ("4", "S", "S", "", "-1", "30")),
     "Likely results (both sides): the weights add up to 90%, not 100% (Law 12C1c)"),
    (rows("r", ("4", "S", "S", "", "=", "100"), ("4", "S", "S", "", "-1", "0")),
     "Likely results (both sides), result 2: a weight is more than 0% and at most 100%, not 0"),
    (rows("r", ("4", "S", "S", "", "=", "60"), ("4", "S", "", "", "-1", "40")),
     "Likely results (both sides), result 2: choose the declarer"),
    (rows("r", ("4", "S", "S", "", "=", ""),),
     "Likely results (both sides), result 1: give its weight in percent"),
    (rows("r", ("4", "S", "S", "", "=", "50"), ("4", "S", "S", "", "=", "50")),
     "Likely results (both sides), result 2 is the same as result 1"),
    (rows("r", ("7", "N", "N", "", "+1", "100"),),
     "result 1: 7N+1 would be 14 tricks"),
    (rows("r", ("",) * 6),
     "Likely results (both sides), result 1 is empty"),
])
def test_bad_rows_are_named_and_nothing_is_kept(client, outcomes, expect):
    eid = board_one(client)
    for op in ("compute", "apply"):
        r = post(client, eid, op, ruling=RULING, **outcomes)
        assert r.status_code == 400 and expect in text(r.text), text(r.text)[:900]
        assert 'id="figures"' not in r.text
    assert stored(client, eid)[0].adjusted is None
    with client.app.state.store.session() as s:
        assert s.scalar(select(RulingRow)) is None


# ---------------------------------------------------------------- 12C1e: each side its own

def test_split_score_each_side_its_own(client):
    """Offenders E-W.  N-S on 4♠ S = (+420): 2 of 4 mp (50%).  E-W on 50% 4♠ S = and 50%
    4♠ S -1: E-W get 4 - 2 = 2 against +420 and 4 - 0 = 4 against -50, so
    0.5 x 2 + 0.5 x 4 = 3 of 4 (75%).  2 + 3 = 5: the scores do not balance (12C1e)."""
    eid = board_one(client)
    data = {"mode": "split", **rows("ns", ("4", "S", "S", "", "=", "100")),
            **rows("ew", ("4", "S", "S", "", "=", "50"), ("4", "S", "S", "", "-1", "50"))}
    r = post(client, eid, "compute", **data)
    assert r.status_code == 400 and "name the offending side" in text(r.text)
    r = post(client, eid, "compute", offenders="EW", **data)
    shown = text(r.text)
    assert "2 mp / 4 (50%)" in shown and "3 mp / 4 (75%)" in shown and "12C1e" in shown
    row, ruling = apply(client, eid, offenders="EW", **data)
    assert row.adjusted == "NS: 4S= S | EW: 50% 4S= S + 50% 4S-1 S"
    assert ruling.laws[:2] == ["12", "12C1e"]
    st = standings(client, eid)
    assert st["1"]["score"] == pytest.approx(2) and st["4"]["score"] == pytest.approx(3)


# ---------------------------------------------------------------- 1997 (12C2)

def test_1997_most_favourable_and_most_unfavourable(client):
    """The 1997 Laws, offenders N-S: E-W (non-offenders) get the most favourable likely
    result, 4♠ S -1 (-50 for N-S); N-S the most unfavourable probable one, 4♠ S -2
    (-100).  N-S on -100: below +450 and +140, 0 of 4 mp; E-W on -50: above both for
    E-W, 4 of 4.  No weights are asked."""
    eid = board_one(client)
    page = client.get(f"/events/{eid}/adjust/likely?round=1&table=1&board=1"
                      "&edition=1997").text
    assert "most favourable result that was likely" in text(page)
    assert 'name="nos0_level"' in page and 'name="os0_level"' in page
    assert "_w\"" not in page and "Weight" not in text(page)
    data = {"edition": "1997", "mode": "1997", "offenders": "NS",
            **rows("nos", ("4", "S", "S", "", "-1")), **rows("os", ("4", "S", "S", "", "-2"))}
    r = post(client, eid, "compute", **data)
    shown = text(r.text)
    assert r.status_code == 200, shown[:800]
    assert "0 mp / 4 (0%)" in shown and "4 mp / 4 (100%)" in shown and "12C2" in shown
    row, ruling = apply(client, eid, **data)
    assert row.adjusted == "NS: 4S-2 S | EW: 4S-1 S"
    assert ruling.edition == "1997" and "12C2" in ruling.laws and "12C1e" not in ruling.laws
    st = standings(client, eid)
    assert st["1"]["score"] == pytest.approx(0) and st["4"]["score"] == pytest.approx(4)


# ---------------------------------------------------------------- 12C2: artificial

def test_artificial_score_and_its_limits(client):
    eid = board_one(client)
    data = {"mode": "artificial", "offenders": "NS", "art_ns": "avg+", "art_ew": "avg+"}
    r = post(client, eid, "compute", **data)
    assert r.status_code == 400 and "the offending side gets at most average" in text(r.text)
    data["art_ns"] = "avg-"
    row, ruling = apply(client, eid, **data)
    # average minus 40%, average plus 60% of the top of 4: 1.6 and 2.4 (12C2a)
    assert row.adjusted == "A40/60" and ruling.laws[:2] == ["12", "12C2"]
    st = standings(client, eid)
    assert st["1"]["score"] == pytest.approx(1.6) and st["4"]["score"] == pytest.approx(2.4)


# ---------------------------------------------------------------- the double-dummy aid

def test_double_dummy_table_is_an_aid(client):
    from bridgelaws.analysis import dd_table
    from bridgelaws.cards import Deal
    eid = board_one(client)
    page = client.get(f"/events/{eid}/adjust/likely?round=1&table=1&board=1").text
    assert f'data-src="/events/{eid}/adjust/likely/dd?board=1"' in page
    dd = client.get(f"/events/{eid}/adjust/likely/dd?board=1").text
    assert "not a ruling" in text(dd) and "♠" in dd
    cells = re.findall(r"<tr><th scope=\"row\">([^<]+)</th>((?:<td>\d+</td>){5})</tr>", dd)
    got = {seat: [int(x) for x in re.findall(r"\d+", tds)] for seat, tds in cells}
    assert list(got) == ["North", "East", "South", "West"]
    with client.app.state.store.session() as s:
        deal = s.get(EventRow, eid).boards[0].deal
    want = dd_table(Deal.from_pbn(deal)).to_dict()
    assert got == {name: [want[seat][x] for x in "CDHSN"]
                   for seat, name in zip("NESW", ("North", "East", "South", "West"))}
    assert all(0 <= n <= 13 for v in got.values() for n in v)
    assert "no double-dummy" in text(client.get(f"/events/{eid}/adjust/likely/dd?board=99").text)


# ---------------------------------------------------------------- from a judgement ruling

def test_judgement_ruling_links_to_the_page_with_its_place(client):
    eid = board_one(client)
    with client.app.state.store.transaction() as s:
        r = RulingRow(event_id=eid, section="A", round=1, table_no=1, board=1,
                      scenario="judgement_ui", facts={"adjust": True}, edition="1997",
                      laws=["16B1", "12C2"], explanation="South bid 4♠.\nAdjust the score.")
        s.add(r)
        s.flush()
        rid = r.id
    page = client.get(f"/judgement/ruling/{rid}").text
    href = html.unescape(re.search(r'id="adjust-likely" href="([^"]+)"', page).group(1))
    assert href.startswith(f"/events/{eid}/adjust/likely?")
    form = client.get(href).text
    for name, value in (("round", "1"), ("table", "1"), ("board", "1"), ("laws", "16B1")):
        assert f'name="{name}" value="{value}"' in form, name
    assert re.search(r'<option value="1997" selected', form)
    assert f"Judgement ruling {rid}. Adjust the score." in html.unescape(form)
    assert 'name="nos0_level"' in form                       # the 1997 form


# ---------------------------------------------------------------- a team match: IMPs

def test_team_match_scores_against_the_other_room_in_imps(client):
    """A team match: the field of the open room's board is the closed room's result,
    +140 (3♠ S =: 90 + 50).  Assigned 4♠ S = (12C1b): +420 not vulnerable (120 + 300),
    +620 vulnerable (120 + 500); the difference 280 is 7 IMPs, 480 is 10 (Law 78B)."""
    from bridgelaws.boards import vulnerability_of
    eid, st = teams_match(client)
    board = st.boards[0]
    r = client.post(f"/events/{eid}/tables/A/1/1", data={
        "csrf": client.csrf, f"closed:{board}|score": "140"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    vul = vulnerability_of(board) in ("NS", "all")
    r = client.post(f"/events/{eid}/adjust/likely", data={
        "csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": str(board),
        "room": "open", "op": "compute", **rows("r", ("4", "S", "S", "", "=", "100"))})
    shown = text(r.text)
    assert r.status_code == 200, shown[:600]
    score, imps = ("+620", "+10") if vul else ("+420", "+7")
    assert f"({score}: {imps} IMP)" in shown and "78B" in shown


def test_team_match_takes_a_weighted_score_as_weighted_imps(client):
    """A weighted score (12C1c) at the open room of a team match: each likely result is
    IMPed against the closed room's +140 and the IMPs weighted (Law 78B).  Not
    vulnerable: 60% 4♠ S = (+420, 280 more: 7 IMPs) and 40% 4♠ S -1 (-50, 190 less: -5
    IMPs): 0.6 x 7 - 0.4 x 5 = 2.2 IMPs to the home team; vulnerable: +620 (480: 10)
    and -100 (240: -6): 6 - 2.4 = 3.6.  The other board is +140 in both rooms (0).  The
    match is complete and scored, not left out."""
    from bridgelaws.boards import vulnerability_of
    eid, st = teams_match(client)
    board, second = st.boards[0], st.boards[1]
    r = client.post(f"/events/{eid}/tables/A/1/1", data={
        "csrf": client.csrf, f"closed:{board}|score": "140", f"open:{second}|score": "140",
        f"closed:{second}|score": "140"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1",
            "board": str(board), "room": "open", "ruling": RULING,
            **rows("r", ("4", "S", "S", "", "=", "60"), ("4", "S", "S", "", "-1", "40"))}
    r = client.post(f"/events/{eid}/adjust/likely", data={**data, "op": "apply"},
                    follow_redirects=False)
    assert r.status_code == 200 and 'id="confirm"' in r.text, text(r.text)[:600]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', r.text))
    r = client.post(f"/events/{eid}/adjust/likely",
                    data={k: html.unescape(v) for k, v in fields.items()}, follow_redirects=False)
    assert r.status_code == 303, text(r.text)[:600]
    vul = vulnerability_of(board) in ("NS", "all")
    home = 3.6 if vul else 2.2
    from bridgelaws.service.console.logic import standings as event_standings
    with client.app.state.store.session() as s:
        sections = event_standings(s, s.get(EventRow, eid))["A"]
    match = next(m for m in sections["matches"] if m["round"] == 1 and m["table"] == 1)
    assert match["complete"] is True
    assert match["imps"] == pytest.approx([home, 0.0])
    assert {s["pair"]: s["imps"] for s in sections["standings"]}[match["home"]] \
        == pytest.approx(home)
