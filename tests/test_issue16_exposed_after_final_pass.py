"""Issue 16, point 1: a card exposed between the final pass and the faced opening lead
(the clarification period, Law 17D) falls under Law 24, but the auction is over, so
24D/24E apply at once: a defender's card is a penalty card in the state, and the
explanation of ``bridgelaws rule`` says so (not "until the end of the auction")."""

from bridgelaws.explain import explain
from bridgelaws.formats.case import case_table

# W holds the honours; N declares 1N, E leads first, W is E's partner
DEAL = "N:AKQ2.KQ2.A32.K32 543.43.7654.8765 J76.A8765.T98.A4 T98.JT9.KQJ.QJT9"
END = [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}, {"by": "S", "call": "P"},
       {"by": "W", "call": "P"}]


def table(*events):
    return case_table({"board": 1, "deal": DEAL, "events": END + list(events)})


def test_small_card_after_final_pass_is_a_minor_penalty_card_and_the_text_says_so():
    t = table({"by": "E", "expose": "C5"})
    assert t.state()["penalty_cards"] == {"E": [{"card": "C5", "major": False}]}
    lines = explain(t, "en")
    text = " ".join(lines)
    assert "until the end of the auction" not in text
    assert "at once becomes a minor penalty card of East" in text
    assert "24E" in lines[-1] and "50C" in lines[-1]


def test_declaring_side_card_after_final_pass_goes_back_to_the_hand():
    for seat, card in (("N", "SA"), ("S", "HA")):
        t = table({"by": seat, "expose": card})
        s = t.state()
        assert s["penalty_cards"] == {} and s["laws"][-1] == "24D"
        text = " ".join(explain(t, "en"))
        assert "goes back to his hand and is no penalty card (Law 24D)" in text


def test_each_language_explains_the_penalty_card_after_the_final_pass():
    t = table({"by": "E", "expose": "C5"})
    english = explain(t, "en")
    for lang in ("he", "pl", "ru", "nb"):
        lines = explain(t, lang)
        assert lines != english and "24E" in " ".join(lines)


def test_honour_after_final_pass_brings_50D2_before_the_opening_lead():
    t = table({"by": "W", "expose": "CQ"})
    s = t.state()
    assert s["penalty_cards"] == {"W": [{"card": "CQ", "major": True}]}
    assert s["decision"]["by"] == "N" and s["decision"]["laws"][0] == "50D2a"
    # E may not lead before declarer has chosen: such a lead is rectified under 49
    t.apply(_lead("E", "D4"))
    s = t.state()
    assert {"card": "D4", "major": True} in s["penalty_cards"]["E"]


def _lead(seat, card):
    from bridgelaws.cards import parse_card, parse_seat
    from bridgelaws.events import PlayCard
    return PlayCard(parse_seat(seat), parse_card(card))
