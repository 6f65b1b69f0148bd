"""The play scenarios of the Directors' quick-reference booklet (seed 001), as listed in
shared/LAWS.md section 5 (scenarios 25-30 and 32-37), each driven through the table.

Unless said otherwise, North declares 3NT on board 1: East makes the opening lead, South
is dummy and West is the defender on declarer's right.
"""

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, SUIT_LETTERS, parse_card
from bridgelaws.events import Choose, Claim, DrawAttention, ExposeCard, PlayCard, Respond
from bridgelaws.table import COMPLETE, Table

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
                             "laws": ["50D2a", "50D2a", "50D2b"]}


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
                             "laws": ["57A1", "57A2", "57A3", "57A4"]}
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
