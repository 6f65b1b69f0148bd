"""Editions of the Laws: every rule the table applies is a hook an edition may override.

A subclass of :class:`~bridgelaws.laws.edition.Laws2017` that overrides one hook changes
what the table does, and nothing else (the test of the cut of issue 16: on the old
table, Law 27B1b, Law 64's transfer, the 26B and 50D2 choices, the 46B designation and
the claim procedures were decided inside the table, and such a subclass changed
nothing).  The table also keeps its edition, strictness and regulation when it is
copied or cut to a prefix of its log, and reports the laws of procedure in force.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal
from bridgelaws.formats.case import parse_event
from bridgelaws.laws.consequences import Bar, Cite, LeadPenalty, Refuse, Transfer
from bridgelaws.laws.dummy import Designation
from bridgelaws.laws.edition import Laws2017
from bridgelaws.laws.protocol import Phase
from bridgelaws.table import Table, TableError

CASES = Path(__file__).parent / "cases"
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def replay(name: str, edition=None, upto: int | None = None, **kw) -> Table:
    """The table of a case of tests/cases, under ``edition``."""
    case = json.loads((CASES / name).read_text())
    t = Table(Board(case.get("board", 1), Deal.from_pbn(case["deal"])), edition=edition, **kw)
    for i, e in enumerate(case["events"][:upto]):
        t.apply(parse_event(e, i))
    return t


class No27B1b(Laws2017):
    """As the 1997 Laws: a comparable call is no way out of Law 27B2."""

    def substitute_for_insufficient_bid(self, table, seat, call, artificial, comparable,
                                        withdrawn):
        return super().substitute_for_insufficient_bid(table, seat, call, artificial, False,
                                                       withdrawn)


def test_law27B1b_is_the_editions_hook():
    assert replay("auction/law27B1b_comparable.json").laws[-1] == "27B1b"
    t = replay("auction/law27B1b_comparable.json", No27B1b())
    assert t.laws[-1] == "27B2" and t.barred == {3: "rest_of_auction"}     # W passes throughout
    assert t.lead_penalties == [(1, "26B")]


class NoTransfer(Laws2017):
    def revoke_transfer(self, table, live, claimed):
        return [Transfer(i, 0, "64B1") for i in live]


def test_law64_transfer_is_the_editions_hook():
    assert replay("play/law64A2_later_trick.json").score_ns == 490
    t = replay("play/law64A2_later_trick.json", NoTransfer())
    assert t.score_ns == 460 and t.laws[-1] == "64B1" and t.revokes[0].transfer == 0


class RequireOrForbid(Laws2017):
    """As the 1997 Law 26A: declarer may also require a suit."""

    def lead_restriction(self, table, offender):
        r = super().lead_restriction(table, offender)
        d = r.decision
        return type(r)(r.irregularity, ("26A",), type(d)(d.by, ("require_suit", *d.options),
                                                          ("26A2", *d.laws)))


def test_law26_lead_restriction_is_the_editions_hook():
    t = replay("auction/law26B_pending.json", RequireOrForbid())
    assert t.decision.options == ("require_suit", "forbid_suit", "no_restriction")
    assert replay("auction/law26B_pending.json").decision.options == ("forbid_suit",
                                                                       "no_restriction")


class HighIsLowestWinner(Laws2017):
    """Like the 1997 Law 46B1, where "high" in fourth seat is the lowest card that wins
    (here in any seat, to see the hook at work in a second-seat case)."""

    def designation(self, table, words):
        if words.upper() == "HIGH":
            return super().designation(table, "win")
        return super().designation(table, words)


def test_law46B1_designation_is_the_editions_hook():
    name = "play/law46B1a_high.json"
    assert replay(name).laws[-1] == "46B1a"
    assert replay(name, HighIsLowestWinner()).laws[-1] == "46B1b"
    assert isinstance(Laws2017().designation(replay(name, upto=-1), "nonsense"), Refuse)
    assert isinstance(Laws2017().designation(replay(name, upto=-1), "low"), Designation)


class NoPlayOn(Laws2017):
    """As the 1997 Law 68D: play never continues after a claim."""

    def play_on_after_claim(self, table):
        return [Refuse("Law 68D: play does not continue after a claim")]


def test_law68D_play_on_is_the_editions_hook():
    assert replay("play/law68D2b_play_continues_after_disputed_claim.json").laws[-1] == "68D2b"
    with pytest.raises(TableError, match="68D: play does not continue"):
        replay("play/law68D2b_play_continues_after_disputed_claim.json", NoPlayOn())


class AcceptAtTrick13(Laws2017):
    """As the 1997 Law 53A: a lead out of turn at trick 13 may be accepted."""

    def lead_out_of_turn_at_trick_13(self, table, irr):
        return None


def test_law53A_trick_13_is_the_editions_hook():
    name = "play/law53A_trick13_lead_withdrawn.json"
    assert replay(name).decision is None
    assert "accept" in replay(name, AcceptAtTrick13()).decision.options


class Review23(Laws2017):
    """As the 1997 Law 23: the review of an enforced pass."""

    def enforced_pass_review(self, offender=None):
        review = super().enforced_pass_review(offender)
        return type(review)("Review23", "23", review.seat)


def test_law23_review_of_an_enforced_pass_is_the_editions_hook():
    name = "auction/law27B2_other_bid_bars_partner.json"
    assert {"flag": "Review72C", "law": "72C", "seat": "E"} in replay(name).flags
    assert {"flag": "Review23", "law": "23", "seat": "E"} in replay(name, Review23()).flags


def test_consequences_are_values():
    assert Bar(2, "next_turn") == Bar(2, "next_turn") and Cite("27A1").kind == "law"
    with pytest.raises(AttributeError):
        LeadPenalty(1, "26B").law = "26A"                    # frozen


# --- copies and prefixes keep what the table was made with --------------------------------

class MyTable(Table):
    pass


def test_copy_and_prefix_keep_class_edition_strictness_and_regulation():
    ed = No27B1b()
    t = MyTable(Board(1, Deal.from_pbn(DEAL)), edition=ed, strict=True,
                regulation={"defenders_ask_each_other": False})
    for c in ["1N", "P", "3N", "P"]:
        t.call(c)
    for other in (t.copy(), t.prefix(2)):
        assert type(other) is MyTable and other.edition is ed and other.strict
        assert other.regulation == {"defenders_ask_each_other": False}
    assert len(t.prefix(2).events) == 2 and t.prefix(2).auction.turn == 2
    assert t.copy().state() == t.state()


# --- the laws of procedure (9B2, 68C, 45B) --------------------------------------------------

def test_procedure_laws_9B2_68C_45B():
    t = replay("play/law68D_disputed_claim.json")            # claimed before dummy is faced
    assert t.director_required and t.state()["procedure"] == ["9B2", "68C"]
    assert t.faced == t.hands[t.claim["by"]]
    t = replay("play/law68_claim_pending.json")
    assert t.procedure_laws() == ["68C", "45B"]
    assert t.procedure_laws(director_called=True) == ["9B2", "68C", "45B"]
    t = replay("play/law68A_claim_agreed.json")
    assert t.phase is Phase.COMPLETE and t.procedure_laws() == []
    t = Table(Board(1, Deal.from_pbn(DEAL)))
    assert t.procedure_laws() == []


def test_every_hook_the_1997_table_names_exists():
    """The edition's docstring names, for each 1997 difference, the hook a Laws1997
    would override: each is a member of the 2017 edition."""
    import re

    from bridgelaws.laws import edition
    doc = edition.__doc__
    table = doc[doc.index("1997 difference"):]
    names = set(re.findall(r"``([a-z_0-9]+)(?: = False)?``", table))
    assert len(names) > 40
    missing = sorted(n for n in names if not hasattr(Laws2017, n))
    assert not missing, missing
