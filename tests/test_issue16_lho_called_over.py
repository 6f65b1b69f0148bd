"""Issue 16, point 3: the offender's LHO calls over an irregular call before the
Director rules (Laws 36A, 37A, 38D, 39B): the table rules the irregular call again as
called over; a Director event "ruled" between the two keeps the rectification."""

import pytest

from bridgelaws.calls import parse_call
from bridgelaws.cards import BridgeError
from bridgelaws.events import MakeCall
from bridgelaws.formats.case import case_table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
BREACH = [{"by": "N", "call": "1C"}, {"by": "S", "call": "P"}, {"by": "W", "choose": "reject"},
          {"by": "E", "call": "1H"}, {"by": "S", "call": "1S"}]


def table(events):
    return case_table({"board": 1, "deal": DEAL, "events": events})


def test_37A_state_is_the_same_after_a_rebuild_from_the_log():
    t = table(BREACH + [{"by": "W", "call": "2C"}])
    again = t.copy()
    assert again.state() == t.state()
    assert t.state()["laws"][-2:] == ["37", "37A"]
    assert [c for _s, c in t.auction.calls][-2:] == [parse_call("1S"), parse_call("2C")]


def test_a_refused_call_by_the_lho_leaves_37B_in_force():
    t = table(BREACH)
    before = t.state()
    with pytest.raises(BridgeError):
        t.apply(MakeCall(3, -5))                         # no such call: refused
    assert t.state() == before and before["laws"][-1] == "37B"
    t.apply(MakeCall(3, parse_call("2C")))               # now W calls over it: 37A
    assert t.state()["laws"][-1] == "37A" and t.state()["barred"] == {}


def test_a_call_by_another_player_is_no_call_over_the_breach():
    # N, not S's LHO, calls next: 37B stands and N's call is his own matter
    t = table(BREACH + [{"by": "N", "call": "2C"}])
    assert "37B" in t.state()["laws"] and "37A" not in t.state()["laws"]


def test_the_director_ruled_event_is_read_from_a_case():
    t = table(BREACH + [{"by": "S", "director": "ruled"}, {"by": "W", "call": "2C"}])
    s = t.state()
    assert "37A" not in s["laws"] and s["barred"] == {"N": "rest_of_auction",
                                                      "S": "rest_of_auction"}


def test_38D_lho_call_is_cancelled_and_no_26B_follows():
    t = table([{"by": "N", "call": "1N"}, {"by": "E", "call": "8S"}, {"by": "S", "call": "3N"}])
    s = t.state()
    assert s["to_act"] == "S" and s["laws"] == ["38", "38D"]
    assert not t.lead_penalties and not [f for f in s["flags"] if f["flag"] == "Review72C"]
    assert t.copy().state() == s
