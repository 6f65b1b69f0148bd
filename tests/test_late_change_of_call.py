"""Law 25B after partner has called (issue 16, point 8): a change that 25A or 21B1a no
longer permits is not a malformed case but a 25B matter for the offender's LHO."""

import pytest

from bridgelaws.calls import parse_call
from bridgelaws.events import Choose, MakeCall
from bridgelaws.table import Table, TableError
from bridgelaws.boards import Board
from bridgelaws.cards import Deal

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def table(calls):
    t = Table(Board(1), Deal.from_pbn(DEAL))
    for seat, call in calls:
        t.apply(MakeCall(seat, parse_call(call)))
    return t


def test_late_unintended_change_goes_to_the_lho():
    t = table([(0, "1N"), (1, "2C"), (2, "P"), (3, "P")])     # W, E's partner, has passed
    t.apply(MakeCall(1, parse_call("2D"), replaces="unintended"))
    assert t.decision.by == 2 and t.decision.options == ("accept", "reject")
    assert t.laws == ["25B"]
    # the LHO cannot accept by calling: it is not his turn (N is to call)
    with pytest.raises(TableError, match="must first choose"):
        t.apply(MakeCall(2, parse_call("P")))
    t.apply(Choose(2, "accept"))
    s = t.state()
    assert [c["call"] for c in s["auction"]] == ["1N", "2D", "P", "P"] and s["to_act"] == "N"
    assert t.lead_penalties == [(1, "26B")]                  # 25B1: Law 26 may apply


def test_late_change_not_accepted_keeps_the_first_call():
    t = table([(0, "1N"), (1, "2C"), (2, "P"), (3, "P")])
    t.apply(MakeCall(1, parse_call("2D"), replaces="unintended"))
    t.apply(Choose(2, "reject"))
    s = t.state()
    assert [c["call"] for c in s["auction"]] == ["1N", "2C", "P", "P"] and s["to_act"] == "N"
    assert s["laws"] == ["25B", "25B2"]


def test_late_change_that_would_make_a_later_call_insufficient_cannot_be_accepted():
    t = table([(0, "1N"), (1, "2C"), (2, "2D"), (3, "P")])
    t.apply(MakeCall(1, parse_call("2H"), replaces="unintended"))
    s = t.state()                                            # cancelled at once (25B2)
    assert s["decision"] is None and s["laws"] == ["25B", "25B2"] and s["to_act"] == "N"
    assert [c["call"] for c in s["auction"]] == ["1N", "2C", "2D", "P"]


def test_change_after_the_auction_period_is_still_refused():
    t = table([(0, "1N"), (1, "2C"), (2, "P"), (3, "P"), (0, "P")])   # the auction is over
    assert t.contract is not None
    with pytest.raises(TableError, match="25A5"):
        t.apply(MakeCall(1, parse_call("2D"), replaces="unintended"))
