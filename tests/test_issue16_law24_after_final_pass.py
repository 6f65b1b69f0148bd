"""Issue 16d, point 4: cards exposed after the final pass (Laws 24, 41, 49, 50) and
calls after the final pass while a lead choice is pending (Law 39).

(a) a second card exposed in the auction period, after the final pass, is 24C (the
first already settled at the end of the auction still counts); (b) if the auction is
reopened under 21B1a, the cards Law 24 settled are face up again until the new end of
the auction, which settles them again (24D back to the hand of a declarer or dummy,
24E penalty cards of a defender); (c) a call after the final pass while declarer's
50D2 choice is pending is recorded and ruled under Law 39, the choice staying pending."""

from bridgelaws.cards import parse_card
from bridgelaws.formats.case import case_table
from bridgelaws.laws.consequences import Cite

# W holds the honours; N declares 1N, E leads first, W is E's partner
DEAL = "N:AKQ2.KQ2.A32.K32 543.43.7654.8765 J76.A8765.T98.A4 T98.JT9.KQJ.QJT9"
END = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
       {"by": "W", "call": "P"}]


def table(*events, edition="2017"):
    return case_table({"board": 1, "deal": DEAL, "edition": edition,
                       "events": END + list(events)})


def _ruled(t):
    """The laws of the last ruling on a card exposed in the auction period."""
    return [r for r in t.rulings if r.irregularity.kind == "card_exposed_during_auction"
            and "now" in r.consequences]


def test_second_card_after_the_final_pass_is_24C_in_both_editions():
    for ed in ("2017", "1997"):
        t = table({"by": "W", "expose": "S8"}, {"by": "W", "expose": "S9"}, edition=ed)
        rulings = _ruled(t)
        assert Cite("24A") in rulings[0].consequences["now"], ed
        assert Cite("24C") in rulings[1].consequences["now"], ed
        assert Cite("24A") not in rulings[1].consequences["now"], ed


def test_first_card_in_the_auction_second_after_the_final_pass_is_24C():
    events = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"},
              {"by": "W", "expose": "S8"}, {"by": "S", "call": "P"}, {"by": "W", "call": "P"},
              {"by": "W", "expose": "S9"}]
    t = case_table({"board": 1, "deal": DEAL, "events": events})
    assert "24C" in t.state()["laws"]
    # 50B: two penalty cards are both major
    assert t.state()["penalty_cards"] == {"W": [{"card": "S8", "major": True},
                                                {"card": "S9", "major": True}]}


def test_1997_declarer_chooses_once_for_both_cards_exposed_after_the_final_pass():
    t = table({"by": "W", "expose": "S8"}, {"by": "W", "expose": "S9"},
              {"by": "N", "choose": "penalty_cards"}, edition="1997")
    assert t.state()["penalty_cards"] == {"W": [{"card": "S8", "major": True},
                                                {"card": "S9", "major": True}]}


REOPEN = [{"by": "W", "expose": "S8"}, {"by": "W", "call": "2C", "replaces": "misinformation"}]


def test_reopened_auction_puts_the_penalty_card_face_up_again():
    t = table(*REOPEN)
    s = t.state()
    assert s["phase"] == "auction" and "21B1a" in s["laws"]
    assert s["penalty_cards"] == {} and t.exposed == {3: [(parse_card("S8"), False)]}


def test_offender_becomes_declarer_the_card_goes_back_24D():
    t = table(*REOPEN, {"by": "N", "call": "P"}, {"by": "E", "call": "P"},
              {"by": "S", "call": "P"})
    s = t.state()
    assert s["contract"] == "2C" and s["declarer"] == "W"
    assert s["penalty_cards"] == {} and s["laws"][-1] == "24D"


def test_offender_defends_again_the_card_is_a_penalty_card_again():
    t = table(*REOPEN, {"by": "N", "call": "2N"}, {"by": "E", "call": "P"},
              {"by": "S", "call": "P"}, {"by": "W", "call": "P"})
    s = t.state()
    assert s["contract"] == "2N" and s["penalty_cards"] == {"W": [{"card": "S8", "major": False}]}


def test_1997_reopened_auction_declarer_chooses_again_at_the_new_end():
    t = table({"by": "W", "expose": "S8"}, {"by": "N", "choose": "penalty_cards"},
              {"by": "W", "call": "2C", "replaces": "misinformation"},
              {"by": "N", "call": "P"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
              edition="1997")
    s = t.state()
    # W is declarer now: his card goes back to the hand, no choice (1997 Law 24)
    assert s["declarer"] == "W" and s["penalty_cards"] == {} and s["decision"] is None


def test_call_after_the_final_pass_while_50D2_is_pending_is_ruled_under_39():
    t = table({"by": "W", "expose": "DK"}, {"by": "W", "call": "2C"})
    s = t.state()
    assert s["laws"][-3:] == ["39", "39A", "39C"]
    assert s["decision"]["laws"][0].startswith("50D2") and s["to_act"] == "N"
    assert s["contract"] == "1N"
    # after the 50D2 choice, the 26B choice of W's bid follows at the same lead
    t2 = table({"by": "W", "expose": "DK"}, {"by": "W", "call": "2C"},
               {"by": "N", "choose": "no_restriction"})
    assert t2.state()["decision"]["laws"] == ["26B", "26B"]


def test_declaring_side_call_while_50D2_is_pending_brings_nothing_more():
    t = table({"by": "W", "expose": "DK"}, {"by": "S", "call": "2C"})
    s = t.state()
    assert s["laws"][-3:] == ["39", "39A", "39B"] and s["decision"]["laws"][0].startswith("50D2")


def test_reopened_auction_an_honour_bars_partner_at_his_next_turn_24B():
    # the bar had no effect after the final pass; the reopened auction gives it one
    for ed, choice in (("2017", []), ("1997", [{"by": "N", "choose": "penalty_cards"}])):
        t = table({"by": "W", "expose": "DK"}, *choice,
                  {"by": "N", "choose": "no_restriction"},
                  {"by": "W", "call": "2C", "replaces": "misinformation"},
                  {"by": "N", "call": "P"}, edition=ed)
        s = t.state()
        assert s["barred"] == {"E": "next_turn"} and s["legal_calls"] == ["P"], ed


def test_reopened_auction_a_small_card_brings_no_bar_24A():
    t = table({"by": "W", "expose": "S8"},
              {"by": "W", "call": "2C", "replaces": "misinformation"}, {"by": "N", "call": "P"})
    assert t.state()["barred"] == {}


def test_reopened_auction_the_50D2_choice_lapses_and_comes_again():
    t = table({"by": "W", "expose": "DK"}, {"by": "N", "choose": "require_suit", "suit": "D"},
              {"by": "W", "call": "2C", "replaces": "misinformation"})
    assert t.state()["lead_restrictions"] == [] and t.state()["penalty_cards"] == {}
    t = table({"by": "W", "expose": "DK"}, {"by": "N", "choose": "require_suit", "suit": "D"},
              {"by": "W", "call": "2C", "replaces": "misinformation"},
              {"by": "N", "call": "2N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
              {"by": "W", "call": "P"})
    s = t.state()
    assert s["penalty_cards"] == {"W": [{"card": "DK", "major": True}]}
    assert s["lead_restrictions"] == [] and s["decision"]["laws"][0] == "50D2a"
