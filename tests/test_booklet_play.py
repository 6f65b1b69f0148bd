"""The play scenarios of the Directors' quick-reference booklet (seed 001), as listed in
shared/LAWS.md section 5 (scenarios 1-7 and 24-38), each driven through the table.

Unless said otherwise, North declares 3NT on board 1: East makes the opening lead, South
is dummy and West is the defender on declarer's right.
"""

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, SUIT_LETTERS, parse_card
from bridgelaws.events import (ChangePlay, Choose, Claim, Director, DrawAttention, ExposeCard,
                               Omit, PlayCard, PlayCards, Respond)
from bridgelaws.table import COMPLETE, Table, TableError

N, E, S, W = range(4)

#   N AKQ2.KQ2.A32.K32   E T98.JT9.KQJ.QJT9   S J76.A8765.T98.A4   W 543.43.7654.8765
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
# the same, but West has no heart and East five
DEAL_W_VOID = "N:AKQ2.KQ2.A32.K32 T98.JT943.KQJ.QJ J76.A8765.T98.A4 543..7654.T98765"

THREE_NT = ("1N", "P", "3N", "P", "P", "P")


def table(deal=DEAL, calls=THREE_NT):
    t = Table(Board(1, Deal.from_pbn(deal)))
    for c in calls:
        t.call(c)
    return t


def play(t, seat, *cards):
    """``seat`` plays ``cards`` one after the other, in turn or not (no rotation assumed)."""
    for c in cards:
        t.apply(PlayCard(seat, parse_card(c)))


def tricks(t, *cards):
    """Cards played in rotation by whoever is to play."""
    for c in cards:
        t.play(c)


def choose(t, seat, option, suit=None, suits=None, card=None):
    t.apply(Choose(seat, option,
                   suit=None if suit is None else SUIT_LETTERS.index(suit),
                   suits=None if suits is None else tuple(SUIT_LETTERS.index(x) for x in suits),
                   card=None if card is None else parse_card(card)))


def expose(t, seat, card):
    t.apply(ExposeCard(seat, parse_card(card)))


def pc(**cards):
    """pc(W="C8 C7") -> major penalty cards; a card written 'c8' (lower case) is minor."""
    return {seat: [{"card": c.upper(), "major": c[0].isupper()} for c in text.split()]
            for seat, text in cards.items()}


def opening_lead_refused(deal=DEAL, card="C8"):
    """W faces an opening lead out of turn; declarer refuses it (54D)."""
    t = table(deal)
    play(t, W, card)
    choose(t, N, "reject")
    return t


def claim_agreed(t, claimer, n):
    t.apply(Claim(claimer, n))
    while t.to_act is not None and t.claim is not None:
        t.apply(Respond(t.to_act, "accept"))


# --- 25: minor penalty card (50C) ------------------------------------------------------------------

def test_25_minor_penalty_card():
    # W drops the H3 in the auction: a single small card exposed, no bar, and once W
    # defends a minor penalty card (24A, 24E)
    t = table(calls=())
    for c in ("1N", "P", "3N"):
        t.call(c)
    expose(t, W, "H3")
    for c in ("P", "P", "P"):
        t.call(c)
    s = t.state()
    assert s["penalty_cards"] == pc(W="h3") and s["barred"] == {}
    # no lead restriction on partner: E leads as he likes, nothing to choose
    assert s["decision"] is None and s["to_act"] == "E" and len(s["legal_cards"]) == 13
    play(t, E, "HJ")
    play(t, S, "H5")
    # no other heart below an honour before the penalty card
    assert t.legal_card_names() == ["H3"]

    # an honour of the suit is allowed instead
    t = table(calls=("1N",))
    expose(t, E, "S8")
    for c in ("P", "3N", "P", "P", "P"):
        t.call(c)
    legal = t.legal_card_names()
    assert "ST" in legal and "S8" in legal and "S9" not in legal and len(legal) == 12


# --- 26: major penalty card (50D) -----------------------------------------------------------------

def test_26_major_penalty_card_partner_on_lead_options():
    t = opening_lead_refused()
    s = t.state()
    assert s["penalty_cards"] == pc(W="C8")
    assert s["decision"] == {"by": "N", "options": ["require_suit", "forbid_suit", "no_restriction"],
                             "laws": ["50D2a", "50D2a", "50D2b"], "suits": ["C"]}


def test_26_require_the_suit_card_back_for_one_lead():
    t = opening_lead_refused()
    choose(t, N, "require_suit", suit="C")
    assert t.state()["penalty_cards"] == {}
    assert t.legal_card_names() == ["C9", "CT", "CJ", "CQ"]
    tricks(t, "CQ", "C4", "C5", "C2")                    # E wins and leads again: any card
    assert t.to_act == E and len(t.legal_cards()) == 12
    assert t.state()["lead_restrictions"] == []


def test_26_forbid_the_suit_while_partner_keeps_the_lead():
    t = opening_lead_refused()
    choose(t, N, "forbid_suit", suit="C")
    assert t.state()["penalty_cards"] == {}
    tricks(t, "DK", "D8", "D4", "D2")                    # E keeps the lead
    assert t.to_act == E
    assert not any(c.startswith("C") for c in t.legal_card_names())
    tricks(t, "HJ", "HA", "H3", "H2")                    # dummy wins: E lost the lead
    assert t.state()["lead_restrictions"] == []


def test_26_no_demand_the_card_stays_and_is_played_at_the_first_legal_opportunity():
    t = opening_lead_refused()
    choose(t, N, "no_restriction")
    assert t.state()["penalty_cards"] == pc(W="C8") and len(t.legal_cards()) == 13
    tricks(t, "DK", "D8")                                # following suit comes first (50D1b)
    assert t.legal_card_names() == ["D4", "D5", "D6", "D7"]
    tricks(t, "D4", "D2")                                # E keeps the lead: options again
    assert t.decision is not None and t.decision.options == ("require_suit", "forbid_suit",
                                                             "no_restriction")
    choose(t, N, "no_restriction")
    tricks(t, "CQ", "C4")
    assert t.legal_card_names() == ["C8"]                # the first legal opportunity
    tricks(t, "C8")
    assert t.state()["penalty_cards"] == {}


# --- 27: one penalty card held by each defender (50D1b, 50D2) ---------------------------------------

def each_has_a_penalty_card():
    t = table(calls=("1N",))
    expose(t, E, "HJ")                                   # an honour: 24B, W passes once
    for c in ("P", "3N", "P", "P", "P"):
        t.call(c)
    play(t, W, "C8")                                     # opening lead out of turn, refused
    choose(t, N, "reject")
    assert t.state()["penalty_cards"] == pc(E="HJ", W="C8")
    assert t.decision.by == N and "require_suit" in t.decision.options
    return t


def test_27_restriction_on_the_leader_comes_before_his_own_penalty_card():
    t = each_has_a_penalty_card()
    choose(t, N, "require_suit", suit="C")
    s = t.state()
    assert s["penalty_cards"] == pc(E="HJ")              # partner's card went back
    assert s["legal_cards"] == ["C9", "CT", "CJ", "CQ"]  # not the HJ (50D1b)


def test_27_forbid_partners_suit():
    t = each_has_a_penalty_card()
    choose(t, N, "forbid_suit", suit="C")
    assert t.state()["penalty_cards"] == pc(E="HJ")
    assert t.legal_card_names() == ["HJ"]                # his own card, at the first opportunity


def test_27_no_demand_partners_card_stays_and_the_leader_leads_his_own():
    t = each_has_a_penalty_card()
    choose(t, N, "no_restriction")
    assert t.state()["penalty_cards"] == pc(E="HJ", W="C8")
    assert t.legal_card_names() == ["HJ"]


# --- 28: two penalty cards in one suit (51A, 51B1) ------------------------------------------------

def two_clubs():
    t = opening_lead_refused()                           # C8
    choose(t, N, "no_restriction")
    play(t, W, "C7")                                     # a second opening lead out of turn
    choose(t, N, "reject")
    assert t.state()["penalty_cards"] == pc(W="C8 C7")
    return t


def test_28_declarer_chooses_which_is_played():
    t = two_clubs()
    choose(t, N, "no_restriction")                       # P leads freely, the cards stay
    assert len(t.legal_cards()) == 13
    tricks(t, "CQ", "C4")
    assert t.decision.options == ("designate",) and t.decision.laws == ("51A",)
    choose(t, N, "designate", card="C7")
    assert t.legal_card_names() == ["C7"]
    tricks(t, "C7")
    assert t.state()["penalty_cards"] == pc(W="C8")


def test_28_require_or_forbid_the_suit_every_card_goes_back():
    t = two_clubs()
    assert t.decision.laws == ("51B1a", "51B1b", "50D2b")
    choose(t, N, "require_suit", suit="C")
    assert t.state()["penalty_cards"] == {}
    assert t.legal_card_names() == ["C9", "CT", "CJ", "CQ"]

    t = two_clubs()
    choose(t, N, "forbid_suit", suit="C")
    s = t.state()
    assert s["penalty_cards"] == {}
    assert s["lead_restrictions"] == [{"seat": "E", "forbid": ["C"], "law": "51B1b"}]


# --- 29: two penalty cards in different suits (51A, 51B2) -----------------------------------------

def clubs_and_diamonds(deal=DEAL, club="C8"):
    t = opening_lead_refused(deal, club)
    choose(t, N, "no_restriction")
    play(t, W, "D4")
    choose(t, N, "reject")
    assert t.state()["penalty_cards"] == pc(W=f"{club} D4")
    assert t.decision.laws == ("51B2a", "51B2b", "51B2c")
    return t


def test_29_declarer_chooses_which_is_played():
    t = clubs_and_diamonds(DEAL_W_VOID, "C5")
    choose(t, N, "no_restriction")                       # 51B2c: every card stays
    assert t.state()["penalty_cards"] == pc(W="C5 D4")
    tricks(t, "HJ", "H5")                                # W has no heart: either could go
    assert t.decision.options == ("designate",)
    choose(t, N, "designate", card="D4")
    assert t.legal_card_names() == ["D4"]


def test_29_require_one_suit_only_its_cards_go_back():
    t = clubs_and_diamonds()
    choose(t, N, "require_suit", suit="D")
    assert t.state()["penalty_cards"] == pc(W="C8")
    assert t.legal_card_names() == ["DJ", "DQ", "DK"]


def test_29_forbid_one_or_more_suits_only_those_go_back():
    t = clubs_and_diamonds()
    choose(t, N, "forbid_suit", suit="C")
    assert t.state()["penalty_cards"] == pc(W="D4")
    assert not any(c.startswith("C") for c in t.legal_card_names())

    t = clubs_and_diamonds()
    choose(t, N, "forbid_suit", suits=["C", "D"])
    s = t.state()
    assert s["penalty_cards"] == {}
    assert s["lead_restrictions"] == [{"seat": "E", "forbid": ["C", "D"], "law": "51B2b"}]
    assert s["legal_cards"] == ["H9", "HT", "HJ", "S8", "S9", "ST"]


def test_29_no_demand_all_stay():
    t = clubs_and_diamonds()
    choose(t, N, "no_restriction")
    assert t.state()["penalty_cards"] == pc(W="C8 D4") and len(t.legal_cards()) == 13


# --- 30: a penalty card not played when required (52) ---------------------------------------------

def club_to_w_with_the_c8_to_play():
    t = opening_lead_refused()
    choose(t, N, "no_restriction")
    tricks(t, "CQ", "C4")
    assert t.legal_card_names() == ["C8"]
    play(t, W, "C7")                                     # another club instead
    assert t.decision.by == N and t.decision.options == ("accept", "reject")
    return t


def test_30_declarer_accepts_the_card_played():
    t = club_to_w_with_the_c8_to_play()
    choose(t, N, "accept")
    s = t.state()
    assert s["trick"] == ["CQ", "C4", "C7"] and s["penalty_cards"] == pc(W="C8")


def test_30_otherwise_the_penalty_card_is_played_and_the_other_becomes_one():
    t = club_to_w_with_the_c8_to_play()
    choose(t, N, "reject")
    s = t.state()
    assert s["trick"] == ["CQ", "C4", "C8"] and s["penalty_cards"] == pc(W="C7")


# --- 32: opening lead out of turn (54, 50) ------------------------------------------------------------

def test_32_opening_lead_out_of_turn():
    t = table()
    play(t, W, "C8")
    assert t.decision.by == N and t.decision.options == ("accept", "spread", "reject")

    t = table()                                          # accept: dummy spreads, and the
    play(t, W, "C8")                                     # second card comes from declarer
    choose(t, N, "accept")
    assert t.to_act == N and t.declarer == N and t.state()["trick"] == ["C8"]

    t = table()                                          # declarer spreads his own hand:
    play(t, W, "C8")                                     # partner becomes declarer
    choose(t, N, "spread")
    assert t.declarer == S and t.dummy == N and t.to_act == N

    t = opening_lead_refused()                           # refuse: major penalty card, the
    s = t.state()                                        # correct defender leads after
    assert s["penalty_cards"] == pc(W="C8")              # declarer's 50D2 choice
    assert s["decision"]["options"] == ["require_suit", "forbid_suit", "no_restriction"]
    choose(t, N, "no_restriction")
    assert t.to_act == E


# --- 33: declarer leads out of turn (55) ----------------------------------------------------------

def declarer_leads_the_sa(dummy_to_lead=False):
    t = table()
    tricks(t, "CQ", "CA" if dummy_to_lead else "C4", "C5", "C2")
    assert t.to_act == (S if dummy_to_lead else E)
    play(t, N, "SA")
    assert t.decision.by == E                            # the defender next after the lead
    return t


def test_33_declarer_leads_out_of_turn():
    t = declarer_leads_the_sa()
    choose(t, E, "accept")
    assert t.state()["trick"] == ["SA"] and t.legal_card_names() == ["S8", "S9", "ST"]

    t = declarer_leads_the_sa()                          # a defender should lead: the card
    choose(t, E, "reject")                               # goes back, no penalty card
    s = t.state()
    assert s["laws"][-1] == "55B1" and s["to_act"] == "E" and s["penalty_cards"] == {}
    assert s["trick"] == [] and t.hands[N] >> parse_card("SA") & 1

    t = declarer_leads_the_sa(dummy_to_lead=True)        # the wrong hand: back, and a lead
    choose(t, E, "reject")                               # from the right one
    s = t.state()
    assert s["laws"][-1] == "55B2" and s["to_act"] == "S" and s["penalty_cards"] == {}


def test_33_playing_to_the_lead_accepts_it():
    t = table()
    tricks(t, "CQ", "C4", "C5", "C2")
    play(t, N, "SA")
    play(t, E, "S8")                                     # the next hand plays to it: 53A, 60A
    s = t.state()
    assert s["decision"] is None and s["trick"] == ["SA", "S8"] and s["laws"][-2:] == ["53A", "60A"]


# --- 34: a defender leads out of turn (56) -------------------------------------------------------

def test_34_defender_leads_out_of_turn():
    t = table()
    tricks(t, "CQ", "C4", "C5", "C2")                    # E won: E leads
    play(t, W, "D4")
    assert t.decision.by == N and t.decision.options == ("accept", "reject")
    choose(t, N, "accept")
    assert t.state()["trick"] == ["D4"] and t.to_act == N

    t = table()
    tricks(t, "CQ", "C4", "C5", "C2")
    play(t, W, "D4")
    choose(t, N, "reject")                               # withdrawn: a major penalty card
    s = t.state()
    assert s["penalty_cards"] == pc(W="D4") and s["trick"] == []
    assert s["decision"]["by"] == "N"                    # E, his partner, leads: 50D2


# --- 35: premature lead or play by a defender (57, 59) ---------------------------------------------

def e_plays_before_w():
    """E leads the HJ, dummy plays, and E plays the S8 before W has played."""
    t = table()
    tricks(t, "CQ", "C4", "C5", "C2", "HJ", "H5")
    play(t, E, "S8")
    s = t.state()
    assert s["decision"] == {"by": "N", "options": ["highest", "lowest", "require_suit",
                                                    "forbid_suit"],
                             "laws": ["57A1", "57A2", "57A3", "57A4"],
                             "suits": ["S", "D", "C"]}          # not hearts, the suit led
    return t


def test_35_premature_play_major_penalty_card_and_declarers_options():
    t = e_plays_before_w()
    choose(t, N, "highest")
    assert t.state()["penalty_cards"] == pc(E="S8") and t.legal_card_names() == ["H4"]
    t = e_plays_before_w()
    choose(t, N, "lowest")
    assert t.legal_card_names() == ["H3"]


def test_35_a_named_other_suit_or_not():
    def w_void():
        t = table(DEAL_W_VOID)
        tricks(t, "HJ", "H5")
        play(t, E, "CQ")
        return t
    t = w_void()
    choose(t, N, "require_suit", suit="D")
    assert t.legal_card_names() == ["D4", "D5", "D6", "D7"]
    t = w_void()
    choose(t, N, "forbid_suit", suit="C")
    assert t.legal_card_names() == ["D4", "D5", "D6", "D7", "S3", "S4", "S5"]


def test_35_partner_unable_to_comply_plays_any_legal_card():
    t = e_plays_before_w()
    choose(t, N, "require_suit", suit="D")               # W must follow to the heart (59)
    assert t.legal_card_names() == ["H3", "H4"]


def test_35_no_rectification_when_declarer_had_played_from_both_hands():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK", "SA", "S8", "S6")  # N leads, E and dummy play
    play(t, E, "DK")                                     # E leads on before W plays
    s = t.state()
    assert s["laws"][-1] == "57C1" and s["penalty_cards"] == {} and s["decision"] is None
    assert s["to_act"] == "W" and s["legal_cards"] == ["S3", "S4", "S5"]


# --- 36: a revoke suspected before it is established (61, 62) ---------------------------------------

def test_36_revoke_corrected_defenders_card_becomes_a_penalty_card():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")                    # N wins and leads
    tricks(t, "SA", "S8", "S6")
    play(t, W, "D4")                                     # W holds spades: a revoke, and the
    assert t.state()["revokes"][0]["established"] is False      # trick is complete
    t.apply(DrawAttention(E, "revoke"))                  # before his side plays to trick 3
    s = t.state()
    assert s["trick"] == ["SA", "S8", "S6"] and s["to_act"] == "W"
    assert s["penalty_cards"] == pc(W="D4") and s["laws"][-2:] == ["62A", "62B1"]
    assert s["legal_cards"] == ["S3", "S4", "S5"]        # a correct card


def test_36_the_card_played_to_the_next_trick_is_taken_back():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK", "SA", "S8", "S6")
    play(t, W, "D4")                                     # revoke; N wins the trick
    tricks(t, "HK")                                      # N (non-offender) leads to trick 3
    assert not t.revokes[0].established
    t.apply(DrawAttention(E, "revoke"))
    s = t.state()
    assert s["trick"] == ["SA", "S8", "S6"] and s["to_act"] == "W"
    assert s["penalty_cards"] == pc(W="D4") and s["legal_cards"] == ["S3", "S4", "S5"]
    assert t.hands[N] >> parse_card("HK") & 1           # the lead to trick 3 went back


def test_36_later_cards_non_offenders_may_change_offenders_only_after_them():
    def e_revokes_then_attention():
        t = table()
        tricks(t, "CQ", "C4", "C5", "CK", "SA")
        play(t, E, "DK")                                 # E holds spades: a revoke
        tricks(t, "S6", "S3")                            # dummy and W play after it
        t.apply(DrawAttention(N, "revoke"))
        s = t.state()
        assert s["trick"] == ["SA"] and s["penalty_cards"] == pc(E="DK")
        assert s["legal_cards"] == ["S8", "S9", "ST"]
        tricks(t, "S8")
        return t
    t = e_revokes_then_attention()
    assert t.legal_card_names() == ["S6", "S7", "SJ"]   # dummy may change his card (62C1)
    tricks(t, "S6")                                      # ...and does not:
    assert t.legal_card_names() == ["S3"]                # W's card stands
    t = e_revokes_then_attention()
    tricks(t, "S7")                                      # dummy changes his card:
    assert t.legal_card_names() == ["S3", "S4", "S5"]    # W may change his (62C2)
    tricks(t, "S4")
    assert t.state()["penalty_cards"] == pc(E="DK", W="S3")   # a defender's: penalty card


def test_36_declarers_revoke_card_goes_back_without_penalty():
    t = table()
    tricks(t, "CQ", "C4", "C5")
    play(t, N, "H2")                                     # declarer holds clubs
    t.apply(DrawAttention(E, "revoke"))
    s = t.state()
    assert s["penalty_cards"] == {} and s["to_act"] == "N" and s["trick"] == ["CQ", "C4", "C5"]
    assert s["legal_cards"] == ["C2", "C3", "CK"]


# --- 37: an established revoke (63, 64) -----------------------------------------------------------

def test_37_established_when_the_offender_or_partner_plays_to_the_next_trick():
    t = table()
    tricks(t, "CQ", "C4")
    play(t, W, "D4")                                     # revoke
    tricks(t, "C2")                                      # E won the trick
    assert not t.revokes[0].established
    tricks(t, "HJ")                                      # E (partner) leads to trick 2
    assert t.revokes[0].established and t.laws[-1] == "63A1"
    t.apply(DrawAttention(N, "revoke"))                  # too late to correct
    assert t.laws[-1] == "63B" and not t.revokes[0].corrected


def test_37_established_by_an_agreed_claim_partner_won_the_revoke_trick():
    t = table()
    tricks(t, "CQ", "C4")
    play(t, W, "D4")
    tricks(t, "C2")                                      # E, the offender's partner, won it
    claim_agreed(t, N, 9)                                # 9 of 12: EW 4 tricks in all
    s = t.state()
    assert s["revokes"][0]["established"] and s["revokes"][0]["transfer"] == 1
    assert s["tricks"] == {"NS": 10, "EW": 3} and s["score_ns"] == 430


FOUR_H = ("1S", "P", "2H", "P", "3H", "P", "4H", "P", "P", "P")     # S declares, W leads


def w_ruffs_trick_2():
    t = table(calls=FOUR_H)
    tricks(t, "S3", "SA", "S8", "S6", "D2", "DJ", "D8")
    play(t, W, "H4")                                     # W holds diamonds: he wins the trick
    assert t.tricks[-1][2] == W
    tricks(t, "C8")                                      # and leads: established
    return t


def test_37_offender_won_the_revoke_trick_one_more_if_his_side_won_a_later_one():
    t = w_ruffs_trick_2()
    claim_agreed(t, S, 10)                               # EW get one later trick
    s = t.state()
    assert s["revokes"][0]["transfer"] == 2 and s["tricks"] == {"NS": 13, "EW": 0}
    assert s["score_ns"] == 510

    t = w_ruffs_trick_2()
    claim_agreed(t, S, 11)                               # no later trick for EW
    assert t.state()["revokes"][0]["transfer"] == 1


def test_37_otherwise_one_trick_if_a_later_one_was_won_none_if_not():
    def dummy_wins_the_revoke_trick():
        t = table()
        tricks(t, "CQ", "CA")
        play(t, W, "D4")
        tricks(t, "C2")
        assert t.tricks[-1][2] == S
        return t
    t = dummy_wins_the_revoke_trick()
    claim_agreed(t, N, 10)                               # EW win 2 later tricks
    s = t.state()
    assert s["revokes"][0]["transfer"] == 1 and s["tricks"] == {"NS": 12, "EW": 1}
    t = dummy_wins_the_revoke_trick()
    claim_agreed(t, N, 12)                               # EW win nothing: 64B1
    s = t.state()
    assert s["revokes"][0]["transfer"] == 0 and "64B1" in s["laws"]


def test_37_transfer_at_the_end_of_a_played_out_board():
    # N holds the top cards; E discards a diamond on trick 11 while holding clubs, and W
    # wins the last two tricks: one trick goes back to NS at the end of play (64A2)
    t = table("N:AKQJ.AKQ.AKQ.AK2 765.765.8765.T95 T98.JT98.JT9.876 432.432.432.QJ43")
    tricks(t, "S5", "S8", "S2", "SA", "SK", "S6", "S9", "S3", "SQ", "S7", "ST", "S4",
           "HA", "H5", "H8", "H2", "HK", "H6", "H9", "H3", "HQ", "H7", "HT", "H4",
           "DA", "D5", "D9", "D2", "DK", "D6", "DT", "D3", "DQ", "D7", "DJ", "D4",
           "CA", "C5", "C6", "C3", "CK")
    play(t, E, "D8")                                     # the revoke
    tricks(t, "C7", "C4", "C2", "C9", "C8", "CQ", "CJ", "SJ", "CT", "HJ")
    s = t.state()
    assert t.phase == COMPLETE and [w for _l, _c, w in t.tricks][-2:] == [W, W]
    assert s["revokes"] == [{"seat": "E", "trick": 11, "established": True, "corrected": False,
                             "transfer": 1}]
    assert s["tricks"] == {"NS": 12, "EW": 1} and s["score_ns"] == 490


# --- 1-7: wrong number of cards, missing card, wrong board (Laws 13-15) ----------------------------
# The Director's findings come to the table as Director events (the Laws leave them to him).

def director(t, seat, what, **kw):
    if "card" in kw:
        kw["card"] = parse_card(kw["card"])
    t.apply(Director(seat, what, **kw))


def flags(t, name):
    return [f for f in t.flags if f["flag"] == name]


def trick_1_then_claim(t):
    """E leads the CQ, N wins with the CK and claims 11 of the other 12: NS 12, 490."""
    tricks(t, "CQ", "C4", "C5", "CK")
    claim_agreed(t, N, 11)
    assert t.state()["tricks"] == {"NS": 12, "EW": 1}


def test_1_wrong_count_before_any_call_hands_restored_and_played_normally():
    t = table(calls=())
    director(t, N, "cards_corrected", value=False)       # nobody saw another's card
    for c in THREE_NT:
        t.call(c)
    assert t.laws == ["13A1"] and t.to_act == E and t.phase == "play"
    trick_1_then_claim(t)
    assert t.score_ns == 490 and t.adjustment is None and not flags(t, "Review13A2")


def test_1_someone_saw_a_card_play_on_and_adjust_later_if_it_mattered():
    t = table(calls=())
    director(t, N, "cards_corrected", value=True)
    for c in THREE_NT:                                   # the board is played all the same
        t.call(c)
    trick_1_then_claim(t)
    assert t.laws[0] == "13A2" and t.score_ns == 490 and t.adjustment is None
    assert flags(t, "Review13A2") == [{"flag": "Review13A2", "law": "12C1b"}]


def test_2_call_with_a_wrong_count_played_when_no_call_need_change():
    t = table(calls=("1N",))
    director(t, N, "wrong_count_after_call", value=True)
    for c in THREE_NT[1:]:                               # every call unchanged, the 1N included
        t.call(c)
    assert [a["call"] for a in t.state()["auction"]] == list(THREE_NT)
    trick_1_then_claim(t)
    assert t.score_ns == 490 and flags(t, "Review13B1")  # the Director may still adjust


def test_2_otherwise_an_adjusted_score():
    t = table(calls=("1N", "P"))
    director(t, N, "wrong_count_after_call", value=False)
    s = t.state()
    assert s["phase"] == "complete" and s["to_act"] is None and s["score_ns"] is None
    assert s["adjustment"] == {"law": "13B2", "score": "assigned"} and s["laws"] == ["13B2"]


def test_3_surplus_card_removed_and_play_continues():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")
    director(t, N, "surplus_card", value=False)          # never played to a completed trick
    s = t.state()
    assert s["laws"] == ["13C"] and s["to_act"] == "N" and s["decision"] is None
    assert not flags(t, "Review13C")                     # no adjustment is allowed
    claim_agreed(t, N, 11)
    assert t.score_ns == 490


def test_3_adjustment_only_if_it_was_played_to_a_completed_trick():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")
    director(t, N, "surplus_card", value=True)
    assert t.laws == ["13C"] and flags(t, "Review13C") and t.to_act == N


def test_4_wrong_count_found_after_play_result_cancelled():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")
    with pytest.raises(TableError, match="13D"):          # only once play has ended
        director(t, N, "wrong_count_after_play")
    claim_agreed(t, N, 11)
    assert t.score_ns == 490
    director(t, N, "wrong_count_after_play")
    s = t.state()
    assert s["score_ns"] is None and s["adjustment"] == {"law": "13D", "score": "assigned"}
    assert flags(t, "ProceduralPenalty") == [{"flag": "ProceduralPenalty", "law": "13D"}]


def test_5_missing_card_during_the_auction_restored_no_call_changes():
    t = table(calls=("1N",))
    director(t, S, "missing_card", card="HA")
    s = t.state()
    assert s["laws"] == ["14A"] and s["auction"] == [{"by": "N", "call": "1N"}]
    assert s["phase"] == "auction" and s["to_act"] == "E"
    # knowing of the replacement is unauthorised to the partner of the short hand (14C)
    assert {"flag": "UI", "law": "14C", "seat": "N"} in t.flags


def test_5_missing_card_during_play_held_all_along_its_absence_a_revoke():
    t = table()
    tricks(t, "HJ", "HA", "H3", "H2")                    # dummy wins and leads a heart; W,
    tricks(t, "H5")                                      # whose H4 is missing, discards
    play(t, W, "D4")
    tricks(t, "HK", "H9", "SA", "S8")                    # E plays to trick 3: established
    director(t, W, "missing_card", card="H4")
    s = t.state()
    assert s["laws"][-1] == "14B4" and {"flag": "UI", "law": "14C", "seat": "E"} in t.flags
    assert s["revokes"] == [{"seat": "W", "trick": 2, "established": True, "corrected": False,
                             "transfer": 0}]
    tricks(t, "S6", "S3")
    claim_agreed(t, N, 9)                                # EW get one later trick
    s = t.state()
    assert s["revokes"][0]["transfer"] == 1 and s["tricks"] == {"NS": 13, "EW": 0}


def test_5_card_missing_from_dummy_no_transfer_for_the_revoke():
    t = table()
    tricks(t, "CQ", "CA", "C5", "C2")                    # dummy's C4 is missing
    tricks(t, "H5", "H3", "HK", "H9")
    tricks(t, "C3", "CJ")
    play(t, S, "D8")                                     # dummy fails to follow
    tricks(t, "C6", "DK", "D9", "D4", "DA")              # dummy plays on: established
    director(t, S, "missing_card", card="C4")
    assert t.laws[-1] == "14B4" and t.revokes[0].established and t.revokes[0].seat == S
    claim_agreed(t, N, 9)
    s = t.state()
    assert s["revokes"][0]["transfer"] == 0 and "64B3" in s["laws"]
    assert s["tricks"] == {"NS": 12, "EW": 1} and flags(t, "Review64C")   # the TD may adjust


def test_6_call_with_cards_from_the_wrong_board_the_offender_calls_again():
    t = table(calls=("1N", "2C"))                        # E holds another board's cards
    director(t, E, "wrong_board_call")
    s = t.state()
    assert s["laws"] == ["15A2b"] and s["auction"] == [{"by": "N", "call": "1N"}]
    assert s["to_act"] == "E" and {"flag": "UI", "law": "16C", "seat": "E"} in t.flags


def test_6_the_next_players_call_is_cancelled_and_the_auction_goes_on():
    t = table(calls=("1N", "2C", "P"))
    director(t, E, "wrong_board_call")
    assert t.state()["auction"] == [{"by": "N", "call": "1N"}] and t.to_act == E
    for c in ("P", "3N", "P", "P", "P"):                 # normally from here
        t.call(c)
    assert str(t.contract) == "3N" and t.declarer == N and t.adjustment is None


def test_6_partner_has_called_adjusted_score():
    t = table(calls=("1N", "2C", "P", "P"))
    director(t, E, "wrong_board_call")
    s = t.state()
    assert s["adjustment"] == {"law": "15A2a", "score": "assigned"}
    assert s["phase"] == "complete" and s["score_ns"] is None


def test_7_wrong_board_nobody_has_played_it_finish_and_the_score_stands():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")
    director(t, N, "wrong_board", value=False)
    assert t.laws == ["15B2"] and t.to_act == N
    claim_agreed(t, N, 11)
    assert t.score_ns == 490 and t.adjustment is None


def test_7_someone_has_played_it_the_board_is_cancelled():
    t = table(calls=("1N", "P"))
    director(t, N, "wrong_board", value=True)
    s = t.state()
    assert s["adjustment"] == {"law": "15B1", "score": "artificial"}
    assert s["phase"] == "complete" and s["score_ns"] is None


# --- 24: dummy plays a card declarer did not name (45D) ------------------------------------------

def dummy_played_the_c4():
    """Declarer called dummy's ace, dummy put out the C4; E wins and leads the DK."""
    t = table()
    tricks(t, "CQ", "C4", "C5", "C2", "DK")
    return t


def test_24_corrected_before_both_sides_play_to_the_next_trick():
    t = dummy_played_the_c4()
    t.apply(ChangePlay(S, parse_card("CA"), "not_named"))
    s = t.state()
    assert s["trick"] == ["CQ", "CA"] and s["tricks_played"] == 0 and "45D" in s["laws"]
    assert s["to_act"] == "W" and t.hands[E] >> parse_card("DK") & 1


def test_24_declarer_may_change_his_card_only_if_the_defender_changed():
    t = dummy_played_the_c4()
    t.apply(ChangePlay(S, parse_card("CA"), "not_named"))
    tricks(t, "C8")                                      # W changes his C5
    assert t.legal_card_names() == ["C2", "C3", "CK"]    # so declarer may change his C2

    t = dummy_played_the_c4()
    t.apply(ChangePlay(S, parse_card("CA"), "not_named"))
    tricks(t, "C5")                                      # W plays the same card
    assert t.legal_card_names() == ["C2"]                # declarer's card stands


def test_24_too_late_once_both_sides_played_to_the_next_trick():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")                    # dummy's C4 was not the card named
    tricks(t, "SA", "S8")                                # N and E have played to trick 2
    with pytest.raises(TableError, match="too late"):
        t.apply(ChangePlay(S, parse_card("CA"), "not_named"))
    assert t.tricks[0][1] == tuple(parse_card(c) for c in ("CQ", "C4", "C5", "CK"))
    assert t.state()["trick"] == ["SA", "S8"] and t.to_act == S     # play goes on


def test_24_too_late_and_it_led_the_trick_not_following_it_is_a_revoke():
    t = table()
    tricks(t, "CQ", "CA", "C5", "C2")                    # dummy wins trick 1
    tricks(t, "H5")                                      # dummy leads the H5, not the S6 named
    play(t, W, "D4")                                     # W holds hearts
    tricks(t, "HK", "H9", "SA", "S8")
    with pytest.raises(TableError, match="too late"):
        t.apply(ChangePlay(S, parse_card("S6"), "not_named"))
    r = t.state()["revokes"]
    assert r == [{"seat": "W", "trick": 2, "established": True, "corrected": False,
                  "transfer": 0}]


# --- 31: the correct lead after a lead out of turn (53B) ------------------------------------------

def test_31_declarers_proper_lead_stands_the_card_led_out_of_turn_goes_back():
    t = table()
    tricks(t, "CQ", "C4", "C5", "CK")                    # N is to lead
    play(t, E, "DK")                                     # E leads out of turn
    play(t, N, "SA")                                     # N makes his proper lead
    s = t.state()
    assert s["laws"][-1] == "53B" and s["decision"] is None and s["trick"] == ["SA"]
    assert s["penalty_cards"] == {} and t.hands[E] >> parse_card("DK") & 1
    assert s["to_act"] == "E" and s["legal_cards"] == ["S8", "S9", "ST"]
    assert {"flag": "UI", "law": "16C", "seat": "E"} in t.flags


def test_31_a_defenders_proper_lead_after_dummy_led_out_of_turn():
    t = table()
    tricks(t, "CQ", "C4", "C5", "C2")                    # E won: E is to lead
    play(t, S, "H5")                                     # dummy leads out of turn
    play(t, E, "DK")                                     # E makes his proper lead
    s = t.state()
    assert s["laws"][-1] == "53B" and s["trick"] == ["DK"] and s["to_act"] == "S"
    assert t.hands[S] >> parse_card("H5") & 1 and s["penalty_cards"] == {}


# --- 38: a defective trick (67) --------------------------------------------------------------------

def test_38_missing_card_placed_ownership_unchanged_a_deemed_revoke_of_one_trick():
    t = table()
    tricks(t, "CQ", "C4", "C5")
    t.apply(Omit(N))                                     # declarer omits his card
    assert t.tricks[0][2] == E                           # E's queen wins the 3-card trick
    tricks(t, "DK", "D8", "D4", "DA")                    # both sides play to trick 2
    t.apply(DrawAttention(E, "defective_trick"))
    assert t.decision.by == N and t.decision.laws == ("67B1",)
    with pytest.raises(TableError, match="suit led"):   # he holds clubs: a club it is
        choose(t, N, "designate", card="S2")
    choose(t, N, "designate", card="CK")
    assert t.tricks[0][2] == E                           # the king does not change the winner
    assert t.tricks[0][1][3] == parse_card("CK")
    r = t.state()["revokes"]
    assert r == [{"seat": "N", "trick": 1, "established": True, "corrected": False,
                  "transfer": 0}]
    claim_agreed(t, N, 10)                               # NS 11, EW 2 before the transfer
    s = t.state()
    assert s["revokes"][0]["transfer"] == 1 and s["tricks"] == {"NS": 10, "EW": 3}
    assert s["score_ns"] == 430


def test_38_missing_card_with_none_of_the_suit_led_any_card_still_a_deemed_revoke():
    t = table()
    tricks(t, "HJ", "HA", "H3", "H2", "H5", "H4", "HK", "H9", "HQ", "HT", "H6")
    t.apply(Omit(W))                                     # W has no heart left
    tricks(t, "SA", "S8", "S6", "S3")
    t.apply(DrawAttention(E, "defective_trick"))
    choose(t, W, "designate", card="D4")                 # any card
    r = t.revokes[0]
    assert (r.seat, r.trick, r.established) == (W, 3, True) and "67B1" in t.laws
    claim_agreed(t, N, 8)                                # EW get one later trick
    s = t.state()
    assert s["revokes"][0]["transfer"] == 1 and s["tricks"] == {"NS": 13, "EW": 0}


def test_38_extra_card_goes_back_to_the_hand_a_later_revoke_with_it():
    t = table()
    tricks(t, "CQ", "C4")
    t.apply(PlayCards(W, (parse_card("C8"), parse_card("H3")), visible=(parse_card("C8"),),
                      unnoticed=True))
    tricks(t, "CK", "HK", "H9", "H5", "H4", "HQ", "HT", "H6")
    play(t, W, "D4")                                     # W shows out: his H3 is in trick 1
    tricks(t, "SA", "S8")
    t.apply(DrawAttention(E, "defective_trick"))
    s = t.state()
    assert t.hands[W] >> parse_card("H3") & 1 and t.tricks[0][2] == N
    assert s["revokes"] == [{"seat": "W", "trick": 3, "established": True, "corrected": False,
                             "transfer": 0}]
    assert s["penalty_cards"] == {}                      # the H3 was not seen


def test_38_a_defenders_exposed_extra_card_becomes_a_penalty_card():
    t = table()
    tricks(t, "CQ", "C4")
    t.apply(PlayCards(W, (parse_card("C8"), parse_card("H3")), unnoticed=True))   # both seen
    tricks(t, "CK", "SA", "S8", "S6", "S3")
    t.apply(DrawAttention(E, "defective_trick"))
    s = t.state()
    assert "67B2" in s["laws"] and t.tricks[0][1][2] == parse_card("C8")
    assert s["penalty_cards"] == pc(W="h3")              # single small card, shown by accident
