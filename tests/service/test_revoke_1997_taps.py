"""Issue 19: the booklet's revoke tap form under the 1997 Laws asks what the 1997 Law
64A2 needs: whether the offending player later won a trick with a card of the suit led
to the revoke trick (then one more trick is transferred; 2017 64A2 transfers one trick
only).  The made-up play fits the answer, and the engine transfers what the 1997 Law 64
gives by hand."""

from __future__ import annotations

import itertools
import json

from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message
from bridgelaws.service.assistant import booklet

from .test_service_api import app, client, hidden, rule  # noqa: F401  (fixtures)

SEATS = "NESW"


def _taps(**facts) -> dict:
    base = {"contract": "4S", "declarer": "N", "who": "E", "trick": "5", "suit": "clubs",
            "winner": "N", "os_later": "yes", "declarer_tricks": "9"}
    return {**base, **facts}


def _by_hand_1997(who, declarer, trick, winner, later, with_suit) -> tuple[int, str]:
    """The 1997 Law 64 worked by hand: the tricks transferred and the law."""
    x, d, w = (SEATS.index(s) for s in (who, declarer, winner))
    if x == (d + 2) % 4:
        return 0, "64B3"                       # dummy's card, face up: no transfer
    if trick == 12:
        return 0, "64B6"
    if w == x or (x == d and w == (d + 2) % 4):
        return 1 + (later == "yes"), "64A1"    # won by the offender (declarer with dummy)
    if w % 2 == x % 2 or later == "yes":
        return 1 + (with_suit == "yes"), "64A2"   # one, and one more for the suit led
    return 0, "64B1"


def test_the_question_is_asked_under_the_1997_laws_only(client):
    q = message("booklet.fact.won_with_suit", "en")
    page97 = client.get("/assistant/s/revoke_established?edition=1997").text
    page17 = client.get("/assistant/s/revoke_established").text
    assert 'name="won_with_suit"' in page97 and q.split("?")[0] in page97.replace("&#39;", "'")
    assert 'name="won_with_suit"' not in page17
    # posted under 1997 without the answer (the 2017 form): asked for, not ruled
    r = rule(client, "revoke_established", path="taps", edition="1997", **_taps())
    assert r.status_code == 400 and 'name="won_with_suit"' in r.text


def test_the_second_trick_reaches_the_score(client):
    """4♠ by North, East revokes on trick 5 (clubs), North wins it; East's side wins a
    later trick; declarer's side took 9 tricks.  1997 64A2: one trick, and one more as
    East later won a trick with a club: 9 + 2 = 11.  Without: 9 + 1 = 10; under 2017, 10."""
    got = {}
    for edition, answer in (("1997", "yes"), ("1997", "no"), ("2017", None)):
        facts = _taps(**({"won_with_suit": answer} if answer else {}))
        page = rule(client, "revoke_established", path="taps", edition=edition, **facts)
        assert page.status_code == 200, page.text[:400]
        st = case_table(json.loads(hidden(page.text)["case"])).state()
        got[(edition, answer)] = (st["tricks"]["NS"], sum(r["transfer"] for r in st["revokes"]))
        assert "64A2" in st["laws"]
    assert got == {("1997", "yes"): (11, 2), ("1997", "no"): (10, 1), ("2017", None): (10, 1)}


def test_every_combination_under_1997_is_ruled_as_the_laws_or_refused_with_a_reason():
    """The made-up play gives the offending side two tricks from the revoke trick on
    when the facts allow (Law 64A transfers no more than it won), so the answer decides."""
    form = booklet.tap_form("revoke_established", "1997")
    ruled = refused = 0
    for declarer, who, trick, winner, later, with_suit, tricks in itertools.product(
            "NE", SEATS, (1, 2, 7, 11, 12), SEATS, ("yes", "no"), ("yes", "no"), (0, 5, 8, 13)):
        facts = _taps(declarer=declarer, who=who, trick=str(trick), winner=winner,
                      os_later=later, won_with_suit=with_suit, declarer_tricks=str(tricks))
        try:
            case = form.build(facts)
        except booklet.FactError as e:
            assert e.key.startswith("ui.err.tap.") and message(e.key, "he", lo=0, hi=0)
            refused += 1
            continue
        st = case_table({**case, "edition": "1997"}).state()
        assert st["phase"] == "complete", facts
        n, law = _by_hand_1997(who, declarer, trick, winner, later, with_suit)
        assert sum(r["transfer"] for r in st["revokes"]) == n, facts
        assert law in st["laws"], facts
        ruled += 1
    assert ruled > 500 and refused > 100
