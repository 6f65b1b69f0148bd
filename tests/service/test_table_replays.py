"""The service replays a live table from a prefix of its log with the table's own
edition, strictness and regulation (``Table.prefix``): the options recorded with a
ruling are those the table offered."""

from __future__ import annotations

from bridgelaws.boards import Board
from bridgelaws.cards import Deal
from bridgelaws.events import Choose
from bridgelaws.laws.edition import Laws2017
from bridgelaws.service.live.logic import options_at as _options_at
from bridgelaws.table import Table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


class RejectOnly(Laws2017):
    """An edition where a call out of rotation cannot be accepted."""

    def call_out_of_rotation(self, table, irr):
        r = super().call_out_of_rotation(table, irr)
        d = r.decision
        return type(r)(r.irregularity, r.laws, type(d)(d.by, ("reject",), ("29B",)),
                       consequences={"reject": r.consequences["reject"]})


def test_options_recorded_are_the_tables_own():
    t = Table(Board(1, Deal.from_pbn(DEAL)), edition=RejectOnly())
    t.call("1N")
    t.call("1S", by="S")                       # out of rotation: E's turn
    t.apply(Choose(3, "reject"))               # W, the LHO, chooses
    assert _options_at(t, len(t.events) - 1) == ["reject"]
