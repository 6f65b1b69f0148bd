"""The claim aid under each edition (Law 70): 2017's 70D2 (a defender's claim does
not rest on his partner choosing among normal plays) and 70E2 (the default order,
"from the top"), which the 1997 Laws do not have.  Each ending is small enough to
check on paper; the comment above each test gives the lines."""

import pytest

from bridgelaws.cards import mask_of, parse_card
from bridgelaws.formats.case import case_table
from bridgelaws.laws.claims import Position, advise, advise_table
from bridgelaws.laws.edition import edition

from .test_claim_aid import BLOCKED_DEAL, BLOCKED_PLAY, make_case

N, E, S, W = 0, 1, 2, 3
NT = -1


def cards(*names):
    return mask_of(parse_card(n) for n in names)


# Notrump, N on lead, 2 tricks left.   N: SA SQ   E: SK H2   S: H3 H4   W: H5 H6
# From the top (70E2): SA drops E's bare king, SQ wins: 2 tricks.  The SQ first
# (leading low, careless): E wins the king and leads a heart, on which N must
# discard the SA: no trick.
TOP = Position((cards("SA", "SQ"), cards("SK", "H2"), cards("H3", "H4"), cards("H5", "H6")),
               (), N, NT, 12)


def test_default_order_from_the_top_2017():
    a = advise(TOP, claimer=N, claimed=2, line=["S"])
    assert (a.min_tricks, a.upheld) == (2, True)
    assert "70E2" in a.laws


def test_no_default_order_1997_tries_the_low_card_first():
    a = advise(TOP, claimer=N, claimed=2, line=["S"], default_order=False)
    assert (a.min_tricks, a.upheld) == (0, False)
    assert "70E2" not in a.laws
    first = a.tricks[0][2][0]
    assert (first.seat, first.card) == (N, parse_card("SQ"))


def test_no_default_order_without_a_statement_too():
    assert advise(TOP, claimer=N, claimed=2).min_tricks == 2
    assert advise(TOP, claimer=N, claimed=2, default_order=False).min_tricks == 0


# Notrump, W (a defender) claims 2 tricks on lead.
#   W: DA S2   N: D2 SK   E: SA H2   S: D3 H3
# W cashes the DA; E, void, discards.  Keeping the SA wins the spade next: 2 tricks;
# discarding it, N's SK wins: 1.  2017 70D2: the claim may not rest on E choosing the
# right discard, so 1 trick; 1997 (no 70D2): E's discard is taken as double dummy's, 2.
PARTNER = Position((cards("D2", "SK"), cards("SA", "H2"), cards("D3", "H3"), cards("DA", "S2")),
                   (), W, NT, 12)


def test_70D2_a_defenders_claim_does_not_rest_on_partners_discard():
    a = advise(PARTNER, claimer=W, claimed=2, line=["DA", "S2"], claimer_defends=True)
    assert (a.min_tricks, a.dd_tricks) == (1, 2)
    assert "70D2" in a.laws
    discard = a.tricks[0][2][2]
    assert (discard.seat, discard.card) == (E, parse_card("SA"))


def test_1997_no_70D2_partner_discards_as_double_dummy():
    a = advise(PARTNER, claimer=W, claimed=2, line=["DA", "S2"], claimer_defends=True,
               partner_open=False)
    assert a.min_tricks == 2 and "70D2" not in a.laws


def test_declarers_claim_is_not_touched_by_70D2():
    # the same cards with N-S as the claiming side: dummy's discards are declarer's own
    pos = Position((cards("DA", "S2"), cards("D2", "SK"), cards("SA", "H2"), cards("D3", "H3")),
                   (), N, NT, 12)
    assert advise(pos, claimer=N, claimed=2, line=["DA", "S2"]).min_tricks == 2


def test_the_editions_options():
    assert edition("2017").claim_aid_options() == {"partner_open": True, "default_order": True}
    assert edition("1997").claim_aid_options() == {"partner_open": False, "default_order": False}


@pytest.mark.parametrize("ed, law", [("2017", True), ("1997", False)])
def test_advise_table_uses_the_tables_edition(ed, law):
    # the blocked-suit ending of test_claim_aid (3 tricks left), under each edition
    case = dict(make_case(BLOCKED_DEAL, "3N", BLOCKED_PLAY, 3), edition=ed)
    a = advise_table(case_table(case))
    assert ("70E2" in a.laws) is law
    assert a.min_tricks <= a.dd_tricks == 3
