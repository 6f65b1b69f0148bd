"""A decision names what may lawfully be chosen: where an option takes a suit or a card
(Laws 26B, 46B, 50D2, 51A, 51B, 57A, 58B2, 67), the state's ``decision`` lists the lawful
values (``suits``, ``several_suits``, ``cards``), and the engine takes exactly those:
every value listed is accepted and every other one refused."""

import json
from pathlib import Path

import pytest

from bridgelaws.cards import BridgeError
from bridgelaws.formats.case import case_table

CASES = sorted((Path(__file__).parent / "cases").glob("*/*.json"))
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
SUITS = "SHDC"
CARDS = [s + r for s in SUITS for r in "AKQJT98765432"]


def _editions(path):
    """(path, edition) for a case: the edition cases (tests/cases/edition1997) are
    read under each edition they answer for (``expect_2017``, ``expect_1997``)."""
    case = json.loads(path.read_text())
    if "expect" in case:
        return [(path, None, case["expect"])]
    return [(path, k[len("expect_"):], v) for k, v in case.items() if k.startswith("expect_")]


def pending(item):
    path, edition, _ = item
    case = json.loads(path.read_text())
    if edition is not None:
        case["edition"] = edition
    d = case_table(case).state()["decision"]
    return case, d


WITH_VALUES = [item for p in CASES for item in _editions(p)
               if (lambda d: d and any(o in ("require_suit", "forbid_suit", "designate")
                                       for o in d["options"]))(item[2].get("decision"))]


def accepted(case, choice) -> bool:
    try:
        case_table(dict(case, events=[*case["events"], choice]))
    except BridgeError:
        return False
    return True


def test_the_cases_cover_each_law_that_takes_a_value():
    laws = {law for p in WITH_VALUES for law in pending(p)[1]["laws"]}
    for law in ("26B", "50D2a", "51B1a", "51B2a", "57A3", "51A", "58B2", "67A1", "46B3b"):
        assert law in laws, law


@pytest.mark.parametrize("item", WITH_VALUES,
                         ids=lambda i: f"{i[0].parent.name}/{i[0].stem}" + (f"-{i[1]}" if i[1] else ""))
def test_the_engine_takes_exactly_the_values_the_decision_lists(item):
    case, d = pending(item)
    by = d["by"]
    for option in d["options"]:
        if option in ("require_suit", "forbid_suit"):
            assert d["suits"], option
            for suit in SUITS:
                ok = accepted(case, {"by": by, "choose": option, "suit": suit})
                assert ok == (suit in d["suits"]), (option, suit)
            # several at once only where the decision says so (51B2b)
            both = accepted(case, {"by": by, "choose": option, "suits": d["suits"]})
            assert both == (len(d["suits"]) == 1 or option in d.get("several_suits", [])), option
        elif option == "designate":
            taken = [c for c in CARDS if accepted(case, {"by": by, "choose": option, "card": c})]
            assert taken == d["cards"]
    if not any(o in ("require_suit", "forbid_suit") for o in d["options"]):
        assert "suits" not in d
    if "designate" not in d["options"]:
        assert "cards" not in d


def table(events, deal=DEAL):
    return case_table({"board": 1, "deal": deal, "events": events})


THREE_NT = [{"by": b, "call": c} for b, c in
            [("N", "1N"), ("E", "P"), ("S", "3N"), ("W", "P"), ("N", "P"), ("E", "P")]]


def test_50D2_the_suit_of_the_penalty_card_only():
    """A refused opening lead of the D4: declarer may require or forbid diamonds only."""
    t = table(THREE_NT + [{"by": "W", "play": "D4"}, {"by": "N", "choose": "reject"}])
    d = t.state()["decision"]
    assert d["laws"][0] == "50D2a" and d["suits"] == ["D"] and "several_suits" not in d


def test_57A_every_suit_but_the_suit_led():
    """E leads the DK, dummy (S) plays, and E plays again before W: declarer names for W
    a suit other than diamonds (57A3, 57A4)."""
    t = table(THREE_NT + [{"by": "E", "play": "DK"}, {"by": "S", "play": "D8"},
                          {"by": "E", "play": "CQ"}])
    d = t.state()["decision"]
    assert d["laws"] == ["57A1", "57A2", "57A3", "57A4"] and d["suits"] == ["S", "H", "C"]


def test_no_values_where_no_option_takes_one():
    t = table([{"by": "N", "call": "1N"}, {"by": "E", "call": "1H"}])
    assert t.state()["decision"] == {"by": "S", "options": ["accept", "reject"],
                                     "laws": ["27A1", "27B"]}
