"""Rectifications of the play: leads out of turn (Laws 53-56) and penalty cards (50)."""

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, parse_card
from bridgelaws.events import Choose, PlayCard
from bridgelaws.table import PLAY, Table, TableError

# N declares 3N; E is the opening leader, W the defender on declarer's right
DEAL = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")


def three_nt():
    t = Table(Board(1, DEAL))
    for c in ["1N", "P", "3N", "P", "P", "P"]:
        t.call(c)
    return t


def test_law54_opening_lead_out_of_turn_options():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))              # W leads: declarer's RHO
    s = t.state()
    assert s["decision"] == {"by": "N", "options": ["accept", "spread", "reject"],
                             "laws": ["54B", "54A", "54D"]}


def test_law54B_accepted_declarer_plays_second_from_his_hand():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "accept"))
    s = t.state()
    assert s["trick"] == ["C8"] and s["to_act"] == "N" and s["laws"][-1] == "54B"
    assert s["legal_cards"] == ["C2", "C3", "CK"]


def test_law54A_declarer_spreads_and_becomes_dummy():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "spread"))
    s = t.state()
    assert s["declarer"] == "S" and s["to_act"] == "N" and s["trick"] == ["C8"]
    assert t.dummy == 0


def test_law54D_refused_major_penalty_card_and_50D2_options():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "reject"))
    s = t.state()
    assert s["penalty_cards"] == {"W": [{"card": "C8", "major": True}]}
    # E, the correct leader, is the partner of the penalty card's holder: 50D2
    assert s["decision"] == {"by": "N", "options": ["require_suit", "forbid_suit", "no_restriction"],
                             "laws": ["50D2a", "50D2a", "50D2b"], "suits": ["C"]}
    with pytest.raises(TableError, match="suits of the major penalty cards"):
        t.apply(Choose(0, "forbid_suit", suit=2))
    t.apply(Choose(0, "forbid_suit", suit=0))            # no clubs while E keeps the lead
    s = t.state()
    assert s["penalty_cards"] == {} and s["to_act"] == "E"
    assert s["lead_restrictions"] == [{"seat": "E", "forbid": ["C"], "law": "50D2a"}]
    assert not any(c.startswith("C") for c in s["legal_cards"])


def test_law50D2_require_suit_is_one_lead_only():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "reject"))
    t.apply(Choose(0, "require_suit", suit=0))
    assert t.legal_card_names() == ["C9", "CT", "CJ", "CQ"]
    t.play("CQ")
    assert t.state()["lead_restrictions"] == []


def test_law50D1_major_penalty_card_played_at_first_opportunity():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "reject"))
    t.apply(Choose(0, "no_restriction"))                 # the card stays (50D2b)
    assert t.state()["penalty_cards"] == {"W": [{"card": "C8", "major": True}]}
    t.play("CQ")                                         # E leads a club
    t.play("C4")                                         # dummy
    assert t.legal_card_names() == ["C8"]                # W must play the penalty card
    t.play("C8")
    assert t.state()["penalty_cards"] == {}


def test_law50D1b_following_suit_comes_first():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))
    t.apply(Choose(0, "reject"))
    t.apply(Choose(0, "no_restriction"))
    t.play("DK")                                         # E leads a diamond
    t.play("D8")
    assert t.legal_card_names() == ["D4", "D5", "D6", "D7"]   # W follows; C8 waits


def test_law56_defender_leads_out_of_turn():
    t = three_nt()
    for c in ["CQ", "C4", "C5", "C2"]:                   # E wins trick 1 and must lead
        t.play(c)
    t.apply(PlayCard(3, parse_card("D4")))               # W leads instead
    assert t.decision.by == 0 and t.decision.options == ("accept", "reject")
    t.apply(Choose(0, "reject"))
    s = t.state()                                        # W's D4 is a major penalty card;
    assert s["penalty_cards"] == {"W": [{"card": "D4", "major": True}]}  # E has the lead:
    assert s["decision"]["options"] == ["require_suit", "forbid_suit", "no_restriction"]  # 50D2


def test_law56_accepted_lead_stands():
    t = three_nt()
    for c in ["CQ", "C4", "C5", "C2"]:
        t.play(c)
    t.apply(PlayCard(3, parse_card("D4")))
    t.apply(Choose(0, "accept"))
    s = t.state()
    assert s["trick"] == ["D4"] and s["to_act"] == "N" and s["laws"][-1] == "53A"


def test_law55_declarer_leads_from_the_wrong_hand():
    t = three_nt()
    for c in ["CQ", "CA", "C5", "C2"]:                   # dummy's ace wins: dummy leads
        t.play(c)
    assert t.to_act == 2
    t.apply(PlayCard(0, parse_card("SA")))               # declarer leads from his hand
    assert t.decision.by == 1                            # E, next after the lead, chooses
    t.apply(Choose(1, "reject"))
    s = t.state()
    assert s["laws"][-1] == "55B2" and s["to_act"] == "S" and s["penalty_cards"] == {}
    assert "SA" in [c for c in ["SA"] if t.hands[0] >> parse_card(c) & 1]   # back in hand


def test_law55B1_declarer_leads_when_a_defender_should():
    t = three_nt()
    for c in ["CQ", "C4", "C5", "C2"]:                   # E must lead
        t.play(c)
    t.apply(PlayCard(0, parse_card("SA")))               # declarer leads
    t.apply(Choose(1, "reject"))
    s = t.state()
    assert s["laws"][-1] == "55B1" and s["to_act"] == "E" and t.phase == PLAY


def test_law57A_premature_play_before_partner_declarer_chooses():
    t = three_nt()
    t.play("DK")                                         # E leads; dummy (S) to play
    t.play("D8")
    # W is to play; E (who played) now leads to the next trick prematurely? No: E plays
    # again before W: a premature lead
    t.apply(PlayCard(1, parse_card("CQ")))
    s = t.state()
    assert s["decision"] == {"by": "N", "options": ["highest", "lowest", "require_suit",
                                                    "forbid_suit"],
                             "laws": ["57A1", "57A2", "57A3", "57A4"],
                             "suits": ["S", "H", "C"]}          # not diamonds, the suit led
    t.apply(Choose(0, "highest"))
    s = t.state()
    assert s["penalty_cards"] == {"E": [{"card": "CQ", "major": True}]}
    assert s["to_act"] == "W" and s["legal_cards"] == ["D7"]     # W's highest diamond


def test_law57A4_forbid_a_suit_when_partner_cannot_follow():
    t = three_nt()
    for c in ["CQ", "C4", "C5", "C2"]:                   # E won: E leads again
        t.play(c)
    t.play("HJ")                                         # E leads a heart
    t.play("H5")                                         # dummy
    t.apply(PlayCard(1, parse_card("S8")))               # E plays again before W
    with pytest.raises(TableError, match="other than the suit led"):
        t.apply(Choose(0, "forbid_suit", suit=2))
    t.apply(Choose(0, "lowest"))
    assert t.legal_card_names() == ["H3"]


def test_law57D_play_at_rho_turn_after_partner_played():
    t = three_nt()
    t.play("DK")                                         # E leads
    t.apply(PlayCard(3, parse_card("D4")))               # W plays at dummy's turn
    s = t.state()                                        # legal at his turn: he must
    assert s["laws"][-1] == "57D" and s["penalty_cards"] == {}   # play it then
    t.play("D8")                                         # dummy
    assert t.legal_card_names() == ["D4"]


def _penalty_club_for_w():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))               # W's opening lead out of turn
    t.apply(Choose(0, "reject"))                         # C8: major penalty card
    t.apply(Choose(0, "no_restriction"))
    t.play("CQ")
    t.play("C4")                                         # W must play the C8 now
    return t


def test_law52B1a_declarer_accepts_the_card_played():
    t = _penalty_club_for_w()
    t.apply(PlayCard(3, parse_card("C7")))               # W plays another club instead
    assert t.decision.options == ("accept", "reject") and t.decision.by == 0
    t.apply(Choose(0, "accept"))
    s = t.state()
    assert s["trick"] == ["CQ", "C4", "C7"] and s["laws"][-2:] == ["52B1a", "52B1c"]
    assert s["penalty_cards"] == {"W": [{"card": "C8", "major": True}]}


def test_law52B2_penalty_card_played_and_the_other_becomes_one():
    t = _penalty_club_for_w()
    t.apply(PlayCard(3, parse_card("C7")))
    t.apply(Choose(0, "reject"))
    s = t.state()
    assert s["trick"] == ["CQ", "C4", "C8"] and s["laws"][-1] == "52B2"
    assert s["penalty_cards"] == {"W": [{"card": "C7", "major": True}]}


def test_law51A_declarer_designates_which_penalty_card():
    t = three_nt()
    t.apply(PlayCard(3, parse_card("C8")))               # W leads out of turn: refused
    t.apply(Choose(0, "reject"))
    t.apply(Choose(0, "no_restriction"))
    t.apply(PlayCard(3, parse_card("C7")))               # W leads again out of turn
    t.apply(Choose(0, "reject"))                         # a second major penalty card
    assert t.decision.options == ("require_suit", "forbid_suit", "no_restriction")
    t.apply(Choose(0, "no_restriction"))
    t.play("CQ")                                         # E leads a club, dummy plays
    t.play("C4")
    s = t.state()                                        # W must play C8 or C7: declarer says
    assert s["decision"] == {"by": "N", "options": ["designate"], "laws": ["51A"],
                             "cards": ["C8", "C7"]}
    with pytest.raises(TableError, match="designates one of"):
        t.apply(Choose(0, "designate", card=parse_card("C6")))
    t.apply(Choose(0, "designate", card=parse_card("C7")))
    assert t.legal_card_names() == ["C7"]
    t.play("C7")
    assert t.state()["penalty_cards"] == {"W": [{"card": "C8", "major": True}]}


def test_law53A_60A_playing_to_a_lead_out_of_turn_accepts_it():
    t = three_nt()
    for c in ["CQ", "C4", "C5", "C2"]:                   # E must lead
        t.play(c)
    t.apply(PlayCard(3, parse_card("D4")))               # W leads instead
    t.play("D2", by="N")                                 # declarer, next, plays to it
    s = t.state()
    assert s["decision"] is None and s["trick"] == ["D4", "D2"]
    assert s["laws"][-2:] == ["53A", "60A"] and s["to_act"] == "E"
