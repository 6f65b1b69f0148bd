"""Laws 13-15, 43, 45-47, 58, 67, 68D, 69B, 70 and 71 at the table.

The deal (board 1, North deals, nobody vulnerable)::

    N: AKQ2 KQ2 A32 K32     E: T98 JT9 KQJ QJT9
    S: J76 A8765 T98 A4     W: 543 43 7654 8765

3NT by North after 1N P 3N P P P; East leads, South is dummy.
"""

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, parse_card
from bridgelaws.events import (ChangePlay, Choose, Claim, Concede, Designate, Director, ExposeCard,
                               DrawAttention, Omit, PlayCards, Respond)
from bridgelaws.table import Table, TableError

DEAL = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")
N, E, S, W = range(4)


def c(name):
    return parse_card(name)


def three_nt():
    t = Table(Board(1, DEAL))
    for call in ["1N", "P", "3N", "P", "P", "P"]:
        t.call(call)
    return t


def play(t, *cards):
    for name in cards:
        t.play(name, by=t.to_act)


def finish(t):
    while not t.is_complete:
        t.play(t.legal_cards()[0], by=t.to_act)


# --- Law 58: several cards at once -----------------------------------------------------------

def test_law58B1_one_face_visible_that_card_is_played():
    t = three_nt()
    t.apply(PlayCards(E, (c("CQ"), c("CJ")), visible=(c("CQ"),)))
    assert t.state()["trick"] == ["CQ"] and t.laws[-1] == "58B1"
    assert t.hands[E] >> c("CJ") & 1 and t.state()["penalty_cards"] == {}


def test_law58B2_defender_names_his_card_the_other_is_a_penalty_card():
    t = three_nt()
    play(t, "CQ", "C4")
    t.apply(PlayCards(W, (c("C8"), c("C7"))))
    s = t.state()
    assert s["decision"] == {"by": "W", "options": ["designate"], "laws": ["58B2"],
                             "cards": ["C8", "C7"]}
    with pytest.raises(TableError, match="C7, C8"):
        t.apply(Choose(W, "designate", card=c("C6")))
    t.apply(Choose(W, "designate", card=c("C8")))
    s = t.state()
    assert s["trick"] == ["CQ", "C4", "C8"] and s["laws"][-1] == "58B2"
    # a single card below an honour shown by accident: a minor penalty card (50B)
    assert s["penalty_cards"] == {"W": [{"card": "C7", "major": False}]}


def test_law58B2_declarer_names_his_card_the_other_goes_back():
    t = three_nt()
    play(t, "CQ", "C4", "C5")
    t.apply(PlayCards(N, (c("CK"), c("C2"))))
    t.apply(Choose(N, "designate", card=c("CK")))
    assert t.state()["penalty_cards"] == {} and t.hands[N] >> c("C2") & 1
    assert t.tricks[0][1] == (c("CQ"), c("C4"), c("C5"), c("CK"))


# --- Law 67: defective trick ------------------------------------------------------------------

def _omitted_by_west():
    t = three_nt()
    play(t, "CQ", "C4")
    t.apply(Omit(W))
    play(t, "CK")                                # the trick is turned with three cards
    assert len(t.tricks) == 1 and t.tricks[0][2] == N
    return t


def test_law67A1_omission_found_before_both_sides_played_to_the_next_trick():
    t = _omitted_by_west()
    play(t, "SA")                                # only N's side has played to trick 2
    t.apply(DrawAttention(E, "defective_trick"))
    s = t.state()
    # W holds clubs, the suit led: he supplies one of them
    assert s["decision"] == {"by": "W", "options": ["designate"], "laws": ["67A1"],
                             "cards": ["C8", "C7", "C6", "C5"]}
    assert s["tricks_played"] == 1 and s["trick"] == [] and t.hands[N] >> c("SA") & 1
    with pytest.raises(TableError, match="must supply a card of the suit led"):
        t.apply(Choose(W, "designate", card=c("S3")))
    t.apply(Choose(W, "designate", card=c("C8")))
    assert t.tricks[0][1] == (c("CQ"), c("C4"), c("C8"), c("CK")) and t.laws[-1] == "67A1"
    assert t.to_act == N and t.won == [1, 0]


def test_law67B1_omission_found_later_is_a_deemed_revoke_of_one_trick():
    t = _omitted_by_west()
    play(t, "SA", "S8", "S6", "S3", "SK")        # trick 2 complete, N leads trick 3
    t.apply(DrawAttention(E, "defective_trick"))
    assert t.decision.laws == ("67B1",)
    t.apply(Choose(W, "designate", card=c("C8")))
    assert t.tricks[0][2] == N                   # the trick stays with its winner
    r = t.revokes[-1]
    assert (r.seat, r.trick, r.established) == (W, 1, True)
    finish(t)
    ew_from_trick_1 = sum(1 for _l, _c, w in t.tricks if w & 1 == 1)
    s = t.state()
    # one trick, under 64A2, if East-West won the trick or any later one
    assert s["revokes"][-1]["transfer"] == (1 if ew_from_trick_1 else 0)
    assert s["tricks"]["NS"] == sum(1 for _l, _c, w in t.tricks if w & 1 == 0) + \
        s["revokes"][-1]["transfer"]


def test_law67B2_surplus_card_back_in_the_hand_and_a_deemed_revoke():
    t = three_nt()
    play(t, "CQ", "C4")
    t.apply(PlayCards(W, (c("C8"), c("H3")), visible=(c("C8"),), unnoticed=True))
    play(t, "CK")
    assert not t.hands[W] >> c("H3") & 1
    play(t, "HK", "H9", "H5", "H4")              # trick 2: W follows with his last heart
    play(t, "HQ", "HT", "H6", "D4")              # trick 3: W shows out (H3 is in trick 1)
    play(t, "SA", "S8", "S6", "S3")              # trick 4: both sides have played on
    t.apply(DrawAttention(E, "defective_trick"))
    assert t.laws[-2:] == ["67B2", "61A"] and t.hands[W] >> c("H3") & 1
    r = t.revokes[-1]
    assert (r.seat, r.trick, r.established) == (W, 3, True)
    assert t.state()["penalty_cards"] == {}      # the surplus card was not seen


# --- Laws 45-47: dummy's cards, designation, withdrawal -----------------------------------

def test_law45C4b_unintended_designation_changed_and_47D_defender_changes():
    t = three_nt()
    play(t, "CQ", "C4", "C5")
    t.apply(ChangePlay(S, c("CA"), "unintended"))
    s = t.state()
    assert s["trick"] == ["CQ", "CA"] and s["to_act"] == "W" and "45C4b" in s["laws"]
    assert t.legal_card_names() == ["C5", "C6", "C7", "C8"]   # W may take back his C5
    play(t, "C8")
    assert t.laws[-1] == "47D"


def test_law45C4b_too_late_once_declarer_played_again():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    with pytest.raises(TableError, match="45C4b"):
        t.apply(ChangePlay(S, c("CA"), "unintended"))


def test_law45D_card_dummy_played_unnamed_is_withdrawn_declarer_keeps_his_card():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "C2")              # E wins and leads to trick 2
    play(t, "DK")
    t.apply(ChangePlay(S, c("CA"), "not_named"))
    s = t.state()
    assert s["tricks_played"] == 0 and s["trick"] == ["CQ", "CA"] and "45D" in s["laws"]
    play(t, "C5")                                # W plays the same card again
    assert t.legal_card_names() == ["C2"]        # so declarer's C2 stands
    play(t, "C2")
    assert t.tricks[0][2] == S


def test_law45D_too_late_after_both_sides_played_to_the_next_trick():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK", "SA", "S8")  # each side has played to trick 2
    with pytest.raises(TableError, match="too late"):
        t.apply(ChangePlay(S, c("CA"), "not_named"))


@pytest.mark.parametrize("words,card,law", [
    ("high", "CA", "46B1a"), ("win", "CA", "46B1b"), ("low", "C4", "46B1c"),
    ("A", "CA", "46B3b"), ("C", "C4", "46B2"),
])
def test_law46B_incomplete_designation_of_dummys_card(words, card, law):
    t = three_nt()
    play(t, "CQ")
    t.apply(Designate(S, words))
    assert t.trick[-1] == c(card) and t.laws[-1] == law


def test_law46B3a_rank_when_dummy_leads_is_the_suit_dummy_won_with():
    t = three_nt()
    play(t, "H9", "HA", "H3", "H2")              # E leads a heart, dummy's ace wins
    assert t.to_act == S
    # "eight": dummy won the last trick in hearts and holds the H8
    t.apply(Designate(S, "8"))
    assert t.trick == [c("H8")] and t.laws[-1] == "46B3a"


def test_law46B4_card_not_in_dummy_declarer_names_any_legal_card():
    t = three_nt()
    play(t, "CQ")
    t.apply(Designate(S, "CK"))                  # the king is in declarer's hand
    assert t.decision.by == N and t.decision.laws == ("46B4",)
    t.apply(Choose(N, "designate", card=c("C4")))
    assert t.trick == [c("CQ"), c("C4")]


def test_law46B5_play_anything_a_defender_designates():
    t = three_nt()
    play(t, "CQ")
    t.apply(Designate(S, "any"))
    assert t.decision.by == W and t.decision.laws == ("46B5",)
    t.apply(Choose(W, "designate", card=c("CA")))
    assert t.trick == [c("CQ"), c("CA")]


def test_law47E1_lead_out_of_turn_induced_by_an_opponent_is_withdrawn():
    t = three_nt()
    t.play("C8", by=W)                           # W leads: N told him it was his lead
    assert t.decision is not None
    t.apply(DrawAttention(W, "misinformed_lead"))
    assert t.decision is None and t.to_act == E and t.laws[-1] == "47E1"
    assert t.state()["penalty_cards"] == {}


def test_law47E2a_card_played_on_a_mistaken_explanation_taken_back():
    t = three_nt()
    play(t, "CQ", "C4", "C5")
    t.apply(DrawAttention(W, "misinformed_play"))
    assert t.trick == [c("CQ"), c("C4")] and t.laws[-1] == "47E2a" and t.to_act == W


def test_law47E2b_too_late_the_director_may_adjust():
    t = three_nt()
    play(t, "CQ", "C4", "C5")
    t.apply(DrawAttention(S, "misinformed_play"))    # dummy's card: W has played since
    assert t.laws[-1] == "47E2b" and t.flags[-1]["flag"] == "Review47E2b"
    assert t.trick == [c("CQ"), c("C4"), c("C5")]


# --- Laws 42-43: dummy ------------------------------------------------------------------

def test_law43B3_dummy_who_broke_43A2_points_out_a_defenders_revoke():
    t = three_nt()
    t.apply(DrawAttention(S, "dummy_limits"))
    play(t, "CQ", "C4")
    t.play("D4", by=W)                           # W revokes
    t.apply(DrawAttention(S, "revoke"))
    assert t.laws[-1] == "43B3" and not t.revokes[0].corrected
    assert t.flags[-1]["flag"] == "Review43B3"


def test_law43A1b_dummy_draws_attention_rectification_all_the_same():
    t = three_nt()
    play(t, "CQ", "C4")
    t.play("D4", by=W)
    t.apply(DrawAttention(S, "revoke"))
    assert "43A1b" in t.laws and t.revokes[0].corrected and t.laws[-1] == "62B1"


def test_law43B2b_declarers_revoke_after_dummy_asked_64_applies_as_if_established():
    t = three_nt()
    t.apply(DrawAttention(S, "dummy_limits"))
    play(t, "DK", "D8", "D4")
    t.play("C2", by=N)                           # N revokes (he holds three diamonds)
    t.apply(DrawAttention(S, "revoke"))
    r = t.revokes[0]
    assert "43B2b" in t.laws and r.corrected and r.forced
    play(t, "DA")
    finish(t)
    ns_from_trick_1 = sum(1 for _l, _c, w in t.tricks if w & 1 == 0)
    # N won the revoke trick himself: two tricks if his side won a later one (64A1)
    assert r.transfer == min(2, ns_from_trick_1)


def test_law43B2a_after_43A2_a_defender_chooses_the_hand_declarer_leads_from():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")              # N wins; N to lead
    t.apply(DrawAttention(S, "dummy_limits"))
    t.apply(DrawAttention(S, "wrong_hand"))
    assert t.decision.by == E and t.decision.options == ("declarer_hand", "dummy_hand")
    t.apply(Choose(E, "dummy_hand"))
    assert t.to_act == S and t.laws[-1] == "43B2a"


def test_law42B2_dummy_may_warn_declarer():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    t.apply(DrawAttention(S, "wrong_hand"))
    assert t.laws[-1] == "42B2" and t.to_act == N and t.decision is None


# --- Laws 68-71: the Director's decisions -------------------------------------------------

def _claim_disputed():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    t.apply(Claim(N, 12))
    t.apply(Respond(E, "dispute"))
    assert t.director_required
    return t


def test_law70_director_decides_a_disputed_claim():
    t = _claim_disputed()
    t.apply(Director(N, "claim", tricks=10))
    s = t.state()
    assert s["phase"] == "complete" and s["tricks"] == {"NS": 11, "EW": 2}
    assert s["laws"][-1] == "70" and s["score_ns"] == 460


def test_law70_award_out_of_range_refused():
    t = _claim_disputed()
    with pytest.raises(TableError, match="0 to 12"):
        t.apply(Director(N, "claim", tricks=13))


def test_law68D2b_play_goes_on_after_a_disputed_claim():
    t = _claim_disputed()
    t.apply(Director(E, "play_on"))
    assert t.claim is None and t.to_act == N and t.laws[-1] == "68D2b"


def test_law69B_acquiescence_withdrawn_within_the_correction_period():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    t.apply(Claim(N, 12))
    t.apply(Respond(E, "accept"))
    t.apply(Respond(W, "accept"))
    assert t.state()["tricks"] == {"NS": 13, "EW": 0}
    t.apply(Director(E, "acquiescence_withdrawn", tricks=1))
    s = t.state()
    assert s["tricks"] == {"NS": 12, "EW": 1} and s["laws"][-1] == "69B"
    assert s["score_ns"] == 490


def test_law71_concession_cancelled():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    t.apply(Concede(N, 4))                       # N concedes 4 of the 12 left
    t.apply(Respond(E, "accept"))
    t.apply(Respond(W, "accept"))
    assert t.state()["tricks"] == {"NS": 9, "EW": 4}
    t.apply(Director(N, "concession_cancelled", tricks=3))
    assert t.state()["tricks"] == {"NS": 12, "EW": 1} and t.laws[-1] == "71"


def test_law69B_without_an_agreed_claim_is_refused():
    t = three_nt()
    with pytest.raises(TableError, match="no agreed claim"):
        t.apply(Director(E, "acquiescence_withdrawn", tricks=1))


# --- Laws 13-15: wrong cards, missing card, wrong board ----------------------------------------

def test_law13A_cards_corrected_before_any_call():
    t = Table(Board(1, DEAL))
    t.apply(Director(N, "cards_corrected", value=False))
    assert t.laws == ["13A1"] and t.to_act == N
    t.apply(Director(N, "cards_corrected", value=True))
    assert t.laws[-1] == "13A2" and t.flags[-1]["flag"] == "Review13A2"


def test_law13B_wrong_count_after_a_call():
    t = Table(Board(1, DEAL))
    t.call("1N")
    t.apply(Director(N, "wrong_count_after_call", value=True))
    assert t.laws[-1] == "13B1" and t.phase == "auction"
    t.apply(Director(N, "wrong_count_after_call", value=False))
    s = t.state()
    assert s["phase"] == "complete" and s["score_ns"] is None
    assert s["adjustment"] == {"law": "13B2", "score": "assigned"}


def test_law13C_surplus_card_and_13D_after_play():
    t = three_nt()
    t.apply(Director(N, "surplus_card", value=False))
    assert t.laws[-1] == "13C" and not any(f["flag"] == "Review13C" for f in t.flags)
    finish(t)
    assert t.score_ns is not None
    t.apply(Director(N, "wrong_count_after_play"))
    assert t.score_ns is None and t.adjustment["law"] == "13D"


def test_law14_missing_card_restored():
    t = Table(Board(1, DEAL))
    t.call("1N")
    t.apply(Director(S, "missing_card", card=c("HA")))
    assert t.laws[-1] == "14A" and t.flags[-1] == {"flag": "UI", "law": "14C", "seat": "N"}
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")
    t.apply(Director(W, "missing_card", card=c("C6")))
    assert t.laws[-1] == "14B4"
    with pytest.raises(TableError, match="defective trick"):
        t.apply(Director(W, "missing_card", card=c("C5")))


def test_law15A_call_with_cards_from_another_board():
    t = Table(Board(1, DEAL))
    t.call("1N")
    t.call("2C")                                 # E held the cards of another board
    t.call("P")
    t.apply(Director(E, "wrong_board_call"))
    assert t.laws[-1] == "15A2b" and t.to_act == E     # E calls again, with his own cards
    assert t.state()["auction"] == [{"by": "N", "call": "1N"}]
    t = Table(Board(1, DEAL))
    t.call("1N")
    t.call("2C")
    t.call("P")
    t.call("P")                                  # W, E's partner, has called since
    t.apply(Director(E, "wrong_board_call"))
    assert t.adjustment == {"law": "15A2a", "score": "assigned"} and t.is_complete


def test_law15B_wrong_board():
    t = three_nt()
    t.apply(Director(N, "wrong_board", value=False))
    assert t.laws[-1] == "15B2" and t.phase == "play"
    t.apply(Director(N, "wrong_board", value=True))
    assert t.adjustment == {"law": "15B1", "score": "artificial"} and t.score_ns is None


# --- what the table hands to scoring -----------------------------------------------------------

def test_result_from_table_after_a_revoke_transfer_and_after_no_table_result():
    from bridgelaws.cards import BridgeError
    from bridgelaws.scoring.adjusted import ArtificialScore
    from bridgelaws.tournament.event import result_from_table, result_score
    t = three_nt()
    play(t, "DK", "D8", "D4")
    t.play("C2", by=N)                           # N revokes; established by his next play
    finish(t)
    r = result_from_table(t, "1", "2")
    assert (r.contract, r.declarer, r.tricks) == ("3N", "N", t.declarer_tricks)
    assert t.revokes[0].transfer > 0 and result_score(r, "none") == t.score_ns
    t = three_nt()
    t.apply(Director(N, "wrong_board", value=True))          # 15B1: cancelled at this table
    with pytest.raises(BridgeError, match="15B1 leaves no table result.*12C2"):
        result_from_table(t, "1", "2")
    r = result_from_table(t, "1", "2", adjusted=ArtificialScore(60, 60))
    assert r.adjusted == ArtificialScore(60, 60) and result_score(r, "none") is None


def test_law53B_next_hand_who_should_have_led_leads_another_suit():
    t = three_nt()
    play(t, "H9", "HA", "H3", "H2")              # dummy (S) wins trick 1: S to lead
    t.play("D4", by=W)                           # W leads out of turn ...
    assert t.decision is not None and t.decision.by == N
    t = three_nt()
    play(t, "CQ", "C4", "C5", "C2")              # E wins trick 1: E to lead
    t.play("SA", by=N)                           # declarer leads out of turn from hand
    assert t.decision.by == E                    # E, next in rotation, chooses (55)
    t.play("DK", by=E)                           # E holds spades: a proper lead, not a revoke
    assert t.laws[-1] == "53B" and not t.revokes and t.trick == [c("DK")]
    assert t.hands[N] >> c("SA") & 1             # declarer's card goes back
    t = three_nt()
    play(t, "CQ", "C4", "C5", "C2")
    t.play("SA", by=N)
    t.play("S8", by=E)                           # following suit: it accepts the lead (60A)
    assert t.laws[-1] == "60A" and t.trick == [c("SA"), c("S8")]


# --- Law 41: the opening lead; Law 45E: a fifth card -------------------------------------------

def test_law41_opening_leader_and_the_faced_lead_ends_the_clarification_period():
    from bridgelaws.events import MakeCall
    from bridgelaws.calls import parse_call
    t = three_nt()
    assert t.to_act == E and t.legal_card_names()[:3] == ["C9", "CT", "CJ"]    # 41A
    # before the lead is faced, a call based on misinformation may still be changed
    # (the clarification period, 21B1a); once it is faced (41C), no more
    play(t, "CQ")
    assert t.dummy_faced
    with pytest.raises(TableError, match="auction period is over"):
        t.apply(MakeCall(E, parse_call("P"), replaces="misinformation"))


def test_law45E_fifth_card_by_a_defender_is_a_penalty_card_by_declarer_goes_back():
    t = three_nt()
    play(t, "CQ", "C4", "C5", "CK")              # the trick is complete; N won it
    t.apply(ExposeCard(W, c("C8")))              # a fifth card from W, not deemed a lead
    assert t.state()["penalty_cards"] == {"W": [{"card": "C8", "major": False}]}
    t.apply(ExposeCard(N, c("S2")))              # from declarer: back to the hand (48A)
    assert t.laws[-1] == "48A" and t.to_act == N


def test_law67A2_two_faces_seen_the_offender_names_his_card():
    t = three_nt()
    play(t, "CQ", "C4")
    t.apply(PlayCards(W, (c("C8"), c("C7")), unnoticed=True))     # both faces seen
    play(t, "CK", "SA")                          # only N's side has played to trick 2
    t.apply(DrawAttention(E, "defective_trick"))
    assert t.decision.by == W and t.decision.laws == ("58B2",)
    t.apply(Choose(W, "designate", card=c("C7")))
    s = t.state()
    assert t.tricks[0][1] == (c("CQ"), c("C4"), c("C7"), c("CK"))
    assert s["penalty_cards"] == {"W": [{"card": "C8", "major": False}]}
    assert "67A2" in s["laws"] and s["laws"][-1] == "58B2"
