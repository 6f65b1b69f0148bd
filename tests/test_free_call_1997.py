"""Issue 19: the free call after an insufficient bid ("2♥ is free") follows the edition.
2017 Law 27B1: the lowest sufficient bid in the same denomination, or a comparable call,
with no bar.  1997 Law 27B1(a): that bid is free only when it is incontrovertible that
neither bid is conventional; there is no comparable call; any other sufficient bid or a
pass bars partner at every turn (27B2), and a double or redouble likewise (27B3)."""

import pytest

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table
from bridgelaws.i18n import message

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
LANGS = ("en", "he", "pl", "ru", "nb")


def text(edition, lang, events=(("N", "1N"), ("E", "1H"))):
    case = {"board": 1, "deal": DEAL, "edition": edition,
            "events": [{"by": s, "call": c} for s, c in events]}
    return "\n".join(explain(case_table(case), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_1997_free_call_says_not_conventional_and_no_comparable_call(lang):
    seat, partner = message("seat.E", lang), message("seat.W", lang)
    t97 = text("1997", lang)
    assert message("rule.free_call.1997", lang, seat=seat, partner=partner, call="2♥") in t97
    assert message("rule.free_call", lang, seat=seat, partner=partner, call="2♥") not in t97
    t17 = text("2017", lang)
    assert message("rule.free_call", lang, seat=seat, partner=partner, call="2♥") in t17


def test_1997_free_call_in_english_words():
    t97 = text("1997", "en")
    line = next(x for x in t97.splitlines() if "2♥ by East" in x)
    assert "neither the insufficient bid nor 2♥ is conventional" in line
    assert "comparable" not in line and "27B2" in line and "every turn" in line
    line17 = next(x for x in text("2017", "en").splitlines() if "2♥ by East" in x)
    assert "comparable" in line17


def test_1997_no_sufficient_bid_in_the_denomination():
    # East's 1♥ over North's 7♥: no sufficient bid in hearts
    t97 = text("1997", "en", (("N", "7H"), ("E", "1H")))
    assert message("rule.free_call.none.1997", "en", seat="East", partner="West") in t97
    t17 = text("2017", "en", (("N", "7H"), ("E", "1H")))
    assert message("rule.free_call.none", "en", seat="East", partner="West") in t17
