"""The ruling assistant at the table (issue 19, points 1-5): the revoke asked by its
facts (taps), ruled by the engine as on a full record and as the Laws work it out by
hand; forms that start empty and name a missing fact; the read-out that names the free
substitute call and says "no rectification"; bidding and hand diagrams."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message
from bridgelaws.service.assistant import booklet
from bridgelaws.service.assistant.routes import bidding_rows, deal_hands

from .test_service_api import app, client, hidden, rule  # noqa: F401  (fixtures)

SEATS = "NESW"


def _taps(**facts) -> dict:
    base = {"contract": "4S", "declarer": "N", "who": "E", "trick": "5", "suit": "clubs",
            "winner": "E", "os_later": "yes", "declarer_tricks": "9"}
    return {**base, **facts}


def _ruled(page) -> dict:
    """The state of the table behind a ruling page (its case, replayed)."""
    assert page.status_code == 200, page.text[:400]
    return case_table(json.loads(hidden(page.text)["case"])).state()


def _by_hand(who, declarer, trick, winner, later) -> tuple[int, str]:
    """Law 64 (2017) worked by hand: the tricks transferred and the law."""
    x, d, w = (SEATS.index(s) for s in (who, declarer, winner))
    if x == (d + 2) % 4:
        return 0, "64B3"                       # dummy's revoke: no transfer
    if trick == 12:
        return 0, "64B6"                       # a revoke on trick 12
    if w == x:
        return 1 + (later == "yes"), "64A1"    # won by the offender himself
    if w % 2 == x % 2 or later == "yes":
        return 1, "64A2"
    return 0, "64B1"                           # the offending side won nothing after


# --- the revoke from its facts -------------------------------------------------------------------

@pytest.mark.parametrize("who, declarer, trick, winner, later, tricks, expected", [
    ("E", "N", "5", "E", "yes", "9", (2, "64A1")),     # ruffed by the offender + a later trick
    ("E", "N", "5", "E", "no", "9", (1, "64A1")),      # ruffed by the offender, nothing later
    ("E", "N", "5", "W", "no", "9", (1, "64A2")),      # won by the offender's partner
    ("E", "N", "5", "N", "yes", "9", (1, "64A2")),     # lost, a later trick won
    ("E", "N", "5", "N", "no", "12", (0, "64B1")),     # lost, nothing won after
    ("S", "N", "5", "W", "yes", "9", (0, "64B3")),     # dummy revoked
    ("W", "N", "12", "W", "yes", "9", (0, "64B6")),    # on trick 12
    ("N", "E", "3", "N", "yes", "4", (2, "64A1")),     # declarer revoked (East declares)
])
def test_the_revoke_tap_form_rules_as_the_laws(client, who, declarer, trick, winner, later,
                                               tricks, expected):
    st = _ruled(rule(client, "revoke_established", path="taps", **_taps(
        who=who, declarer=declarer, trick=trick, winner=winner, os_later=later,
        declarer_tricks=tricks)))
    n, law = expected
    assert (n, law) == _by_hand(who, declarer, int(trick), winner, later)
    assert sum(r["transfer"] for r in st["revokes"]) == n
    assert law in st["laws"]
    side = "NS" if SEATS.index(declarer) % 2 == 0 else "EW"
    gain = n if SEATS.index(who) % 2 != SEATS.index(declarer) % 2 else -n
    assert st["tricks"][side] == int(tricks) + gain     # the transfer reaches the score


def test_every_combination_of_facts_is_ruled_as_the_laws_or_refused_with_a_reason():
    """Every seat, trick, winner and answer: the made-up table replays, and the engine
    transfers what Law 64 gives by hand; facts that cannot go together are refused
    with the catalogue's reason (never a wrong ruling)."""
    form = booklet.tap_form("revoke_established")
    ruled = refused = 0
    for declarer, who, trick, winner, later, tricks in itertools.product(
            "NE", SEATS, (1, 2, 7, 11, 12), SEATS, ("yes", "no"), (0, 5, 8, 13)):
        facts = _taps(declarer=declarer, who=who, trick=str(trick), winner=winner,
                      os_later=later, declarer_tricks=str(tricks))
        try:
            st = case_table(form.build(facts)).state()
        except booklet.FactError as e:
            assert e.key.startswith("ui.err.tap.") and message(e.key, "he", lo=0, hi=0)
            refused += 1
            continue
        assert st["phase"] == "complete"
        n, law = _by_hand(who, declarer, trick, winner, later)
        assert sum(r["transfer"] for r in st["revokes"]) == n, facts
        assert law in st["laws"], facts
        ruled += 1
    assert ruled > 300 and refused > 50


def test_the_tap_form_agrees_with_the_full_record(client):
    """The booklet's own record of an established revoke (East's queen wins trick 1, West
    discards ♦4 holding clubs, declarer claims 9 of the rest) and the same facts tapped
    in: the same transfer (64A2, one trick), the same result."""
    sc = booklet.scenario("revoke_established")
    record = _ruled(rule(client, "revoke_established", path="record",
                         **{f.name: f.default for f in sc.facts}))
    taps = _ruled(rule(client, "revoke_established", path="taps", **_taps(
        contract="3N", declarer="N", who="W", trick="1", suit="clubs", winner="E",
        os_later="yes", declarer_tricks="9")))
    for st in (record, taps):
        assert [r["transfer"] for r in st["revokes"]] == [1]
        assert "64A2" in st["laws"]
        assert st["tricks"] == {"NS": 10, "EW": 3}


def test_the_revoke_corrected_from_its_facts(client):
    st = _ruled(rule(client, "revoke_corrected", path="taps", contract="4S", declarer="N",
                     who="E", trick="3", suit="hearts"))
    assert {"62A", "62B1"} <= set(st["laws"])            # a defender's card: major penalty
    assert st["penalty_cards"]["E"][0]["major"] is True


def test_facts_that_cannot_go_together_are_refused_in_the_users_language(client):
    page = rule(client, "revoke_established", path="taps",
                **_taps(contract="3N", winner="E"))      # no trumps: no ruff wins
    assert page.status_code == 400
    assert message("ui.err.tap.ruff", "en") in page.text
    page = client.post("/assistant/s/revoke_established?lang=ru",
                       data={"csrf": client.csrf, "path": "taps",
                             **_taps(trick="2", winner="N", os_later="yes",
                                     declarer_tricks="13")})
    assert page.status_code == 400
    assert message("ui.err.tap.tricks", "ru", lo=1, hi=12) in page.text


def test_the_record_path_stays_open(client):
    taps = client.get("/assistant/s/revoke_established").text
    assert 'href="/assistant/s/revoke_established?path=record"' in taps
    assert 'name="declarer"' in taps and 'name="play"' not in taps
    record = client.get("/assistant/s/revoke_established?path=record").text
    assert 'name="play"' in record and 'name="path" value="record"' in record


def test_the_made_up_deal_is_not_shown(client):
    page = rule(client, "revoke_established", path="taps", **_taps())
    assert 'id="made-up"' in page.text
    readout = re.search(r'<section class="readout".*?</section>', page.text, re.S).group(0)
    assert "♦" not in readout and "(♠" not in readout     # no made-up card is named
    assert 'id="hands"' not in page.text and 'id="bidding"' not in page.text


# --- no sample data ------------------------------------------------------------------------------

def _forms():
    for sc in booklet.SCENARIOS:
        yield sc.key, "record", sc
    for key, sc in booklet.TAP_FORMS.items():
        yield key, "taps", sc


@pytest.mark.parametrize("key, path, sc", list(_forms()), ids=lambda x: str(x)[:40])
def test_every_form_starts_empty(client, key, path, sc):
    page = client.get(f"/assistant/s/{key}?path={path}").text
    form = re.search(r'<form method="post" action="/assistant/s/.*?</form>', page, re.S).group(0)
    assert " checked" not in form                         # no tap chosen for the Director
    for f in sc.facts:
        values = re.findall(rf'<input name="{f.name}" id="in-{f.name}" value="([^"]*)"', form)
        assert values in ([], [""]), (f.name, values)
        if f.kind in ("calls", "cards"):
            assert values == [""]
    # the context has no board made up either
    assert re.search(r'name="board" value=""', form)


def test_a_missing_fact_is_named_and_nothing_is_ruled(client):
    page = rule(client, "insufficient_bid", path="record", auction="1N")
    assert page.status_code == 400
    assert message("ui.err.tap.missing_named", "en",
                   fact=message("booklet.fact.call", "en"), n=1) in page.text
    assert 'id="readout"' not in page.text
    page = client.post("/assistant/s/revoke_established?lang=he",
                       data={"csrf": client.csrf, "path": "taps", "contract": "4S"})
    assert page.status_code == 400
    assert message("ui.err.tap.missing_named", "he",
                   fact=message("booklet.fact.declarer", "he"), n=1) in page.text


def test_the_ruling_page_has_no_invented_board(client):
    page = rule(client, "insufficient_bid", path="record", auction="1N", call="1H")
    assert page.status_code == 200
    assert "Board 1" not in page.text
    page = rule(client, "insufficient_bid", path="record", auction="1N", call="1H", board="7")
    assert message("rule.heading", "en", board=7) in page.text.replace("&#39;", "'")


# --- the read-out names the facts --------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "he", "pl", "ru", "nb"])
def test_the_read_out_names_the_free_substitute_call(client, lang):
    page = client.post(f"/assistant/s/insufficient_bid?lang={lang}",
                       data={"csrf": client.csrf, "path": "record", "auction": "1N",
                             "call": "1H"})
    assert page.status_code == 200
    readout = re.search(r'<section class="readout".*?</section>', page.text, re.S).group(0)
    assert "2♥" in readout and "1♥" in readout
    assert message("rule.free_call", lang, seat=message("ui.seat.E", lang),
                   partner=message("ui.seat.W", lang), call="2♥") in readout.replace("&#39;", "'")


def test_the_read_out_says_no_rectification(client):
    page = rule(client, "forgotten_agreement", path="record", auction="1N P 2C")
    readout = re.search(r'<section class="readout".*?</section>', page.text, re.S).group(0)
    assert message("rule.no_rectification", "en") in readout
    assert message("rule.none", "en") not in readout
    # an irregularity with a choice: no such line
    page = rule(client, "insufficient_bid", path="record", auction="1N", call="1H")
    assert message("rule.no_rectification", "en") not in page.text


# --- auctions and hands as a person reads them -----------------------------------------------

def test_bidding_rows_put_each_call_under_its_seat():
    auction = [{"by": b, "call": c} for b, c in
               [("E", "P"), ("S", "1N"), ("W", "X"), ("N", "XX"), ("E", "P")]]
    rows = bidding_rows(auction, 1)                       # East deals
    assert [[c and c["call"] for c in row] for row in rows] == [
        [None, None, "P", "1N"], ["X", "XX", "P", None]]
    assert rows[0][2]["dealer"] and not rows[0][3]["dealer"]


def test_deal_hands_read_as_a_person_reads_them():
    hands = deal_hands(booklet.DEMO_DEAL)
    assert hands["N"][0] == ("S", "A K Q 2")
    assert hands["E"][0] == ("S", "10 9 8")


def test_the_ruling_page_shows_the_bidding_and_the_hands(client):
    case = {"board": 3, "deal": booklet.DEMO_DEAL,
            "events": [{"by": "S", "call": "1H"}, {"by": "W", "call": "P"},
                       {"by": "N", "call": "2N"}, {"by": "E", "call": "X"},
                       {"by": "S", "call": "1S"}]}
    case["deal"] = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
    page = client.post("/assistant/case", data={"csrf": client.csrf, "case": json.dumps(case)})
    assert page.status_code == 200
    bidding = re.search(r'<table class="bidding".*?</table>', page.text, re.S).group(0)
    assert "1<b class=\"suit-H\">♥</b>" in bidding and "2NT" in bidding
    assert "Pass" in bidding and ">X<" in bidding
    assert 'class="dealer"' in bidding                     # South deals board 3
    hands = re.search(r'<div class="compass".*?</section>', page.text, re.S).group(0)
    assert "♠</b> 10 9 8" in hands and "♥</b> A 8 7 6 5" in hands
    assert "T" not in re.sub(r"<[^>]+>", "", hands)
