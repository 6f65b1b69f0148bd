"""The ruling assistant under the 1997 Laws (issue 16): the edition is chosen on the
form, the engine rules under it, and the ruling is stored with its edition."""

from __future__ import annotations

import json

import pytest

from bridgelaws.service.assistant import booklet
from bridgelaws.service.db import RulingRow, select

from .test_service_api import app, client, hidden, rule  # noqa: F401  (fixtures)


def _insufficient_bid(client, edition):
    """The booklet's insufficient bid, under ``edition``."""
    sc = booklet.scenario("insufficient_bid")
    facts = {f.name: f.default for f in sc.facts}
    page = rule(client, "insufficient_bid", edition=edition, **facts)
    assert page.status_code == 200
    return page


@pytest.mark.parametrize("edition", ["2017", "1997"])
def test_the_form_offers_the_edition_and_the_ruling_keeps_it(client, edition):
    form = client.get("/assistant/s/insufficient_bid").text
    assert 'name="edition"' in form and 'value="1997"' in form
    page = _insufficient_bid(client, edition)
    fields = hidden(page.text)
    case = json.loads(fields["case"])
    assert case.get("edition", "2017") == edition
    r = client.post("/assistant/apply", data={**fields, "option": "reject"},
                    follow_redirects=False)
    assert r.status_code == 303                 # no decision left: recorded
    detail = client.get(r.headers["location"]).text
    assert ("1997 Laws" in detail) == (edition == "1997")
    with client.app.state.store.session() as s:
        ruling = s.scalar(select(RulingRow))
        assert ruling.edition == edition
    export = client.get("/rulings/export.csv").text
    assert export.splitlines()[0].split(",")[9] == "edition"


def test_the_rulings_differ_by_edition(client):
    """The same table record opened under each edition: the 1997 Laws have no 27B1b."""
    case = {"board": 1,
            "deal": "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765",
            "events": [{"by": "N", "call": "1N"}, {"by": "E", "call": "1H"},
                       {"by": "S", "choose": "reject"},
                       {"by": "E", "call": "2D", "comparable": True}]}
    pages = {}
    for edition in ("2017", "1997", ""):
        r = client.post("/assistant/case", data={"csrf": client.csrf, "edition": edition,
                                                 "case": json.dumps(case)})
        assert r.status_code == 200
        pages[edition] = r.text
    assert "27B1b" in pages["2017"] and "27B1b" not in pages["1997"]
    assert "27B2" in pages["1997"] and "27B2" not in pages["2017"]
    assert "27B1b" in pages[""]                           # the case says nothing: 2017
    r = client.post("/assistant/case", data={"csrf": client.csrf, "edition": "",
                                             "case": json.dumps({**case, "edition": "1997"})})
    assert "27B2" in r.text                               # the case's own edition


def test_the_api_rules_under_the_edition(client):
    for edition in ("2017", "1997"):
        r = client.post("/api/assistant/insufficient_bid", headers={"X-CSRF-Token": client.csrf},
                        json={"facts": {}, "edition": edition})
        assert r.status_code == 200 and r.json()["edition"] == edition
