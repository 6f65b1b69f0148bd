"""The table: lawful play (Laws 17-22, 41-44), claims (68-69), and irregularities recognised."""

import pytest

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, parse_card
from bridgelaws.events import (Choose, Claim, Concede, DrawAttention, ExposeCard, MakeCall,
                               PlayCard, Respond)
from bridgelaws.calls import parse_call
from bridgelaws.table import COMPLETE, IrregularEvent, PLAY, Table, TableError

DEAL = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")


def table(board=1, calls=(), **kw):
    t = Table(Board(board, DEAL), **kw)
    for c in calls:
        t.call(c)
    return t


def play_out(t):
    """Play the lowest legal card until the end."""
    while t.phase == PLAY:
        t.play(t.legal_cards()[0])


def test_auction_turns_and_contract():
    t = table(3, ["P", "P", "1N", "P", "3N", "P", "P", "P"])    # dealer S
    assert t.phase == PLAY and str(t.contract) == "3N"
    assert t.declarer == 0 and t.dummy == 2 and t.to_act == 1      # N declares, E leads
    assert t.state()["auction"][0] == {"by": "S", "call": "P"}


def test_passed_out_board_is_complete_and_scores_zero():
    t = table(2, ["P"] * 4)
    s = t.state()
    assert s["phase"] == "complete" and s["contract"] == "P" and s["score_ns"] == 0
    assert s["to_act"] is None and s["legal_calls"] == [] and s["tricks"] is None


def test_full_play_thirteen_tricks_and_score():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    play_out(t)
    s = t.state()
    assert t.phase == COMPLETE and len(t.tricks) == 13
    assert s["tricks"]["NS"] + s["tricks"]["EW"] == 13
    ns = s["tricks"]["NS"]
    from bridgelaws.scoring.contract import score
    assert s["score_ns"] == score(3, 4, 0, False, ns)
    assert all(h == 0 for h in t.hands)


def test_law44G_winner_leads_next_trick():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    for c in ["CQ", "C4", "C5", "C2"]:       # E leads CQ, S (dummy) low, W low, N low
        t.play(c)
    assert t.tricks[0][2] == 1 and t.to_act == 1     # East won and leads again
    for c in ["CJ", "CA", "C6", "C3"]:
        t.play(c)
    assert t.tricks[1][2] == 2 and t.to_act == 2     # dummy's ace won: dummy leads


def test_legal_cards_follow_suit():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("DK")                                     # E leads a diamond
    assert t.legal_card_names() == ["D8", "D9", "DT"]   # S must follow (44C)


def test_replay_of_the_log_gives_the_same_state():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    for _ in range(17):
        t.play(t.legal_cards()[-1])
    again = Table.replay(t.board, t.events)
    assert again.state() == t.state()
    assert t.copy().state() == t.state()


def test_law69A_agreed_claim_ends_play():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    for c in ["CQ", "C4", "C5", "C2"]:
        t.play(c)
    t.play("CJ")                                     # a trick in progress counts as remaining
    t.apply(Claim(0, 10))                            # declarer claims 10 of the 12 remaining
    assert t.to_act == 1 and t.legal_cards() == []
    t.apply(Respond(1, "accept"))
    assert t.phase == PLAY and t.to_act == 3
    t.apply(Respond(3, "accept"))
    s = t.state()
    assert s["phase"] == "complete" and s["tricks"] == {"NS": 10, "EW": 3}
    assert s["score_ns"] == 430 and s["laws"] == ["68A", "69A"]


def test_concession_by_declarer():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.apply(Concede(0, 13))
    t.apply(Respond(1, "accept"))
    t.apply(Respond(3, "accept"))
    assert t.state()["tricks"] == {"NS": 0, "EW": 13}
    assert t.score_ns == -450 and t.laws == ["68B1", "69A"]


def test_claim_by_a_defender_is_answered_by_declarer_and_dummy():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.apply(Claim(1, 5))
    assert t.to_act == 0
    t.apply(Respond(0, "accept"))
    assert t.to_act == 2
    t.apply(Respond(2, "accept"))
    assert t.state()["tricks"] == {"NS": 8, "EW": 5}


def test_disputed_claim_goes_to_the_director():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.apply(Claim(0, 13))
    t.apply(Respond(1, "dispute"))
    s = t.state()
    assert s["director"] == {"irregularity": "disputed_claim", "event": 7, "laws": ["68D", "70"]}
    assert s["to_act"] is None
    with pytest.raises(TableError, match="Director"):
        t.apply(PlayCard(1, parse_card("CQ")))


def test_law68B2_partner_objects_to_a_defenders_concession():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.apply(Concede(1, 2))
    t.apply(Respond(3, "dispute"))
    assert t.irregularities[-1].kind == "concession_objected_by_partner"
    assert t.laws[-1] == "68B2" and t.claim is None


@pytest.mark.parametrize("event,message", [
    (Claim(2, 5), "dummy"),
    (Claim(0, 14), "13 remain"),
    (Respond(1, "accept"), "no claim"),
    (Choose(1, "accept"), "no decision"),
    (DrawAttention(1, "revoke"), "no card played so far failed"),
    (PlayCard(1, parse_card("SA")), "E does not hold SA"),
    (PlayCard(0, parse_card("HA")), "dummy's seat"),
])
def test_impossible_events_are_refused_with_their_index(event, message):
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    before = t.state()
    with pytest.raises(TableError, match=message) as err:
        t.apply(event)
    assert err.value.where == "event 6"
    assert t.state() == before and len(t.events) == 6      # nothing changed


def test_a_card_played_twice_is_named():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    for c in ["CQ", "C4", "C5", "C2"]:
        t.play(c)
    with pytest.raises(TableError, match="already played, to trick 1"):
        t.apply(PlayCard(1, parse_card("CQ")))


# --- irregularities are recognised and named with their laws -------------------------

@pytest.mark.parametrize("calls,event,kind,laws", [
    # N bids again at E's turn: a change of call (31C, Law 25), not under Law 29
    (["1N"], MakeCall(0, parse_call("2C")), "bid_out_of_rotation", ["31"]),
    (["1N"], MakeCall(2, parse_call("2C")), "bid_out_of_rotation", ["29", "31"]),
    (["1N"], MakeCall(3, parse_call("P")), "pass_out_of_rotation", ["29", "30"]),
    (["1N"], MakeCall(3, parse_call("X")), "double_out_of_rotation", ["29", "32"]),
    (["1N"], MakeCall(1, parse_call("1H")), "insufficient_bid", ["27"]),
    (["1N"], MakeCall(1, parse_call("1N")), "insufficient_bid", ["27"]),
    (["1N"], MakeCall(1, parse_call("XX")), "inadmissible_double", ["36", "36B"]),
    (["1N", "P"], MakeCall(2, parse_call("X")), "inadmissible_double", ["36", "36B"]),
    (["1N"], MakeCall(1, parse_call("8S")), "bid_above_seven", ["38"]),
    (["1N", "P", "P", "P"], MakeCall(2, parse_call("2C")), "call_after_final_pass", ["39", "39A", "39B"]),
    (["1N"], PlayCard(1, parse_card("CQ")), "card_exposed_during_auction", ["24", "24B"]),
    (["1N"], ExposeCard(2, parse_card("HA")), "card_exposed_during_auction", ["24", "24B"]),
    (["1N", "P", "P", "P"], PlayCard(3, parse_card("C8")), "opening_lead_out_of_turn", ["54"]),
    (["1N", "P", "P", "P"], PlayCard(2, parse_card("C4")), "card_exposed_during_auction",
     ["24", "24B", "24D"]),                         # after the final pass: back to the hand
])
def test_irregularities_of_the_auction_are_recognised(calls, event, kind, laws):
    t = table(1, calls)
    t.apply(event)
    s = t.state()
    assert s["irregularities"][-1]["kind"] == kind
    assert s["laws"] == laws
    assert s["irregularities"][-1]["laws"] == [l for l in laws if l[-1].isdigit()][:2]
    if kind in ("inadmissible_double", "bid_above_seven", "call_after_final_pass",
                "card_exposed_during_auction"):
        # rectified at once (Laws 36B, 38, 39A): no choice, nobody waits
        assert s["director"] is None and s["decision"] is None
        return
    assert s["legal_calls"] == [] and s["legal_cards"] == []
    if kind == "opening_lead_out_of_turn":
        # rectified in issue 4: declarer chooses (Law 54)
        assert s["phase"] == "decision" and s["decision"]["options"] == ["accept", "spread", "reject"]
        return
    if kind == "insufficient_bid" or kind.endswith("_out_of_rotation"):
        # rectified in issue 3: the offender's LHO chooses (Laws 27A1, 29A)
        lho = "NESW"[(event.by + 1) % 4]
        assert s["phase"] == "decision" and s["to_act"] == lho
        assert s["decision"]["by"] == lho and "reject" in s["decision"]["options"]
        return
    assert s["director"]["irregularity"] == kind and s["to_act"] is None
    with pytest.raises(TableError, match="waits for the Director"):
        t.apply(MakeCall(t.auction.turn, 0))


def test_irregularities_of_the_play_are_recognised():
    calls = ["1N", "P", "3N", "P", "P", "P"]
    cases = [
        ([], PlayCard(1, parse_card("CQ")), None),                                   # lawful
        (["CQ"], PlayCard(3, parse_card("C8")), "premature_play_by_defender"),
        (["CQ"], PlayCard(0, parse_card("C2")), "premature_play_by_declarer"),
        (["CQ", "C4", "C5", "C2"], PlayCard(3, parse_card("C8")), "lead_out_of_turn_by_defender"),
        (["CQ", "C4", "C5", "C2"], PlayCard(0, parse_card("SA")), "lead_out_of_turn_by_declarer"),
        (["CQ"], ExposeCard(3, parse_card("C8")), "card_exposed_by_defender"),
        (["CQ"], ExposeCard(0, parse_card("SA")), "card_exposed_by_declarer"),
    ]
    for before, event, kind in cases:
        t = table(1, calls)
        for c in before:
            t.play(c)
        t.apply(event)
        if kind is None:
            assert not t.irregularities
        else:
            assert t.irregularities[-1].kind == kind, kind
            if kind.startswith("lead_out_of_turn"):
                assert t.decision is not None and t.decision.options == ("accept", "reject")
            elif kind == "premature_play_by_defender":
                assert t.laws[-1] == "57D"           # W played at dummy's turn (E had led)
            elif kind == "card_exposed_by_defender":
                # Laws 49, 50B: a single small card dropped is a minor penalty card
                assert "49" in t.laws and t.laws[-1] == "50B" and not t.director_required
                assert t.state()["penalty_cards"] == {"W": [{"card": "C8", "major": False}]}
            elif kind == "premature_play_by_declarer":
                # Law 57C3: N's legal C2 is played at his turn, after dummy's card
                assert t.laws[-1] == "57C3" and t.to_act == 2 and not t.director_required
                t.play("C4")
                t.play("C5")
                assert t.to_act == 0 and t.legal_card_names() == ["C2"]
            else:
                # Law 48A: declarer's exposed card is no penalty card; play goes on
                assert t.laws[-1] == "48A" and not t.director_required
                assert t.state()["penalty_cards"] == {} and t.to_act == 2


def test_dummy_showing_a_card_changes_nothing():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("CQ")
    t.apply(ExposeCard(2, parse_card("HA")))
    assert not t.irregularities and t.to_act == 2


def test_law61A_revoke_recorded_and_law63A1_established_by_a_later_play():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("DK")                            # E leads a diamond
    t.play("H5", by="S")                    # dummy holds diamonds: a revoke
    assert t.revokes[0].as_dict() == {"seat": "S", "trick": 1, "established": False,
                                      "corrected": False, "transfer": 0}
    assert t.laws == ["61A"] and not t.director_required      # play goes on
    t.play("D4")
    t.play("D2")                            # N wins? no: E's DK wins unless N overtakes
    winner = t.tricks[0][2]
    assert not t.revokes[0].established
    # the offending side plays to trick 2: established
    while not t.revokes[0].established:
        t.play(t.legal_cards()[0])
    assert t.laws == ["61A", "63A1"] and t.state()["revokes"][0]["established"]
    assert winner in (0, 1, 2, 3)


# a deal where revokes are easy to stage: N has all the hearts but one, E the clubs...
REVOKE_DEAL = Deal.from_pbn("N:AKQ2.KQJT9.A2.32 T98.2.KQJ.QJT987 J76.A8765.T98.A4 543.43.76543.K65")


def revoke_table(calls=("1N", "P", "3N", "P", "P", "P")):
    t = Table(Board(1, REVOKE_DEAL))
    for c in calls:
        t.call(c)
    return t


def test_law64A1_offender_won_the_revoke_trick_and_a_later_one():
    t = revoke_table()                       # N declares 3N, E leads
    # trick 1: E leads the H2; S (dummy) plays HA; W holds H4 H3 but discards a diamond:
    # a revoke; N plays low.  S wins.  Nothing to transfer unless EW win tricks later.
    t.play("H2"); t.play("H5"); t.play("D3", by="W")
    assert t.revokes and t.revokes[0].seat == 3
    t.play("H9")
    while t.phase == PLAY:
        t.play(t.legal_cards()[-1])
    r = t.state()["revokes"][0]
    assert r["established"] and r["seat"] == "W" and r["trick"] == 1
    # the transfer follows Law 64A from the tricks actually won
    winners = [w for _l, _c, w in t.tricks]
    ew_later = any(w & 1 == 1 for w in winners[1:])
    won_by_w = winners[0] == 3
    expected = (1 + ew_later) if won_by_w else (1 if (winners[0] & 1 or ew_later) else 0)
    assert r["transfer"] == expected
    ns_played = sum(1 for w in winners if w & 1 == 0)
    assert t.state()["tricks"]["NS"] == ns_played + expected
    assert t.state()["tricks"]["NS"] + t.state()["tricks"]["EW"] == 13
    assert "Review64C" in [f["flag"] for f in t.flags]


def test_law64A2_offenders_partner_won_the_revoke_trick():
    t = revoke_table()
    t.play("CQ")                             # E leads a club
    t.play("CA")                             # S (dummy) wins with the ace
    t.play("D3", by="W")                     # W holds clubs (K65): a revoke
    t.play("C2")                             # N
    assert t.tricks[0][2] == 2               # S won it: the offenders won no trick yet
    t.apply(Claim(0, 12))                    # declarer claims the rest
    t.apply(Respond(1, "accept"))
    t.apply(Respond(3, "accept"))
    s = t.state()
    # established when EW agreed to the claim (63A3); EW won neither the revoke trick nor a
    # later one: no transfer (64B1)
    assert s["revokes"][0]["established"] and s["revokes"][0]["transfer"] == 0
    assert "64B1" in s["laws"] and s["tricks"] == {"NS": 13, "EW": 0}


def test_law64B3_dummy_revoke_is_not_transferred():
    t = revoke_table()                       # N declares, S is dummy
    t.play("S8")                             # E leads a spade
    t.play("H5", by="S")                     # dummy holds spades: a revoke by dummy
    t.play("S3"); t.play("S2")
    while t.phase == PLAY:
        t.play(t.legal_cards()[0])
    s = t.state()
    assert s["revokes"][0]["seat"] == "S" and s["revokes"][0]["established"]
    assert s["revokes"][0]["transfer"] == 0 and "64B3" in s["laws"]
    played_ns = sum(1 for _l, _c, w in t.tricks if w & 1 == 0)
    assert s["tricks"]["NS"] == played_ns


def test_law62_revoke_by_dummy_corrected_card_back_to_hand():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("DK")
    t.play("H5", by="S")                                     # dummy revokes
    t.apply(DrawAttention(1, "revoke"))
    s = t.state()
    assert s["laws"][-2:] == ["62A", "62B2"] and s["trick"] == ["DK"] and s["to_act"] == "S"
    assert s["revokes"][0]["corrected"] and s["penalty_cards"] == {}
    assert t.legal_card_names() == ["D8", "D9", "DT"]


def test_law62B1_defenders_revoke_card_becomes_a_major_penalty_card():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("CQ"); t.play("C4")
    t.play("D4", by="W")                                     # W holds clubs: a revoke
    t.apply(DrawAttention(2, "revoke"))
    s = t.state()
    assert s["laws"][-2:] == ["62A", "62B1"] and s["to_act"] == "W"
    assert s["penalty_cards"] == {"W": [{"card": "D4", "major": True}]}
    assert t.legal_card_names() == ["C5", "C6", "C7", "C8"]   # he must follow suit (50D1b)


def test_law62_revoke_that_completed_a_trick_is_corrected():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("CQ"); t.play("C4"); t.play("C5")
    t.play("H2", by="N")                                     # declarer revokes, 4th card
    assert len(t.tricks) == 1
    t.apply(DrawAttention(1, "revoke"))
    s = t.state()
    assert s["tricks_played"] == 0 and s["trick"] == ["CQ", "C4", "C5"] and s["to_act"] == "N"
    assert t.legal_card_names() == ["C2", "C3", "CK"]


def test_law63B_attention_to_an_established_revoke():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])
    t.play("DK")
    t.play("H5", by="S")
    t.play("D4"); t.play("D2")
    t.play(t.legal_cards()[0])                               # next trick: established?
    while not t.revokes[0].established:
        t.play(t.legal_cards()[0])
    t.apply(DrawAttention(1, "revoke"))
    assert t.laws[-1] == "63B" and not t.revokes[0].corrected


def test_law27_insufficient_bid_not_accepted_lowest_sufficient_same_strain():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))                   # E: insufficient
    t.apply(Choose(2, "reject"))                             # S does not accept
    s = t.state()
    assert s["to_act"] == "E" and s["laws"] == ["27", "27B"]
    t.call("2H")                                             # lowest sufficient, same strain
    s = t.state()
    assert s["laws"][-1] == "27B1a" and s["barred"] == {} and s["to_act"] == "S"


def test_law27B2_other_substitute_bars_partner_for_the_rest_of_the_auction():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    t.call("3H")
    s = t.state()
    assert s["laws"][-1] == "27B2" and s["barred"] == {"W": "rest_of_auction"}
    t.call("P")                                              # S
    assert t.legal_call_names() == ["P"]                     # W must pass
    t.call("P")
    assert t.state()["barred"] == {"W": "rest_of_auction"}


def test_law27A1_acceptance_by_choice_or_by_calling():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "accept"))
    assert t.laws[-1] == "27A1" and t.auction.calls[-1] == (1, parse_call("1H"))
    assert t.legal_call_names()[:3] == ["P", "X", "1S"]      # 1S now suffices
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.call("2C", by="S")                                     # S calls over it: accepted
    assert t.laws[-1] == "27A1" and [c for _, c in t.auction.calls][-2:] == [
        parse_call("1H"), parse_call("2C")]


def test_law31A_bid_out_of_rotation_at_rho_turn():
    # dealer N; S bids at E's turn (E is S's RHO)
    t = table(1, ["1C"])
    t.apply(MakeCall(2, parse_call("1S")))
    assert t.decision.by == 3                                # W, the offender's LHO
    t.apply(Choose(3, "reject"))
    assert t.to_act == 1 and t.laws[-2:] == ["29B", "31A"]
    t.call("P")                                              # RHO passes: S must repeat 1S
    assert t.legal_call_names() == ["1S"]
    t.call("1S")
    assert t.laws[-1] == "31A1" and t.state()["barred"] == {}
    # RHO bids instead: S calls freely; not comparable -> N passes at his next turn
    t = table(1, ["1C"])
    t.apply(MakeCall(2, parse_call("1S")))
    t.apply(Choose(3, "reject"))
    t.call("1H")
    t.call("2D")
    s = t.state()
    assert s["laws"][-1] == "31A2b" and s["barred"] == {"N": "next_turn"}
    t.call("P")                                              # W
    assert t.legal_call_names() == ["P"]
    t.call("P")                                              # N, barred once
    assert t.state()["barred"] == {}


def test_law31A2a_comparable_call_no_further_rectification():
    t = table(1, ["1C"])
    t.apply(MakeCall(2, parse_call("1S")))
    t.apply(Choose(3, "reject"))
    t.call("1H")
    t.apply(MakeCall(2, parse_call("1S"), comparable=True))
    s = t.state()
    assert s["laws"][-1] == "31A2a" and s["barred"] == {}
    assert s["flags"][-1]["flag"] == "Review23C"


def test_law30A_pass_out_of_rotation_at_rho_turn():
    t = table(1, ["1C"])
    t.apply(MakeCall(2, 0))                                  # S passes at E's turn
    t.apply(Choose(3, "reject"))
    assert t.state()["barred"] == {"S": "next_turn"} and t.laws[-1] == "30A"
    t.call("1H")                                             # E
    assert t.legal_call_names() == ["P"]


def test_law31B_bid_at_partners_turn():
    t = table(1, [])
    t.apply(MakeCall(2, parse_call("1S")))                   # S bids at N's turn
    t.apply(Choose(3, "reject"))
    assert t.to_act == 0 and t.laws[-1] == "31B"
    t.call("P")                                              # N calls freely
    t.call("P")                                              # E
    t.call("2S")                                             # S: not comparable
    s = t.state()
    assert s["laws"][-2:] == ["31B2", "31A2b"] and s["barred"] == {"N": "next_turn"}


def test_law28B_the_right_player_calls_first():
    t = table(1, ["1C"])
    t.apply(MakeCall(2, parse_call("1S")))                   # S at E's turn
    t.call("P", by="E")                                      # E, whose turn it was, calls
    s = t.state()
    assert s["laws"][-1] == "28B" and s["decision"] is None and s["to_act"] == "S"
    assert [c for _, c in t.auction.calls] == [parse_call("1C"), 0]


def test_law32_inadmissible_double_out_of_rotation_cannot_be_accepted():
    t = table(1, ["1C"])
    t.apply(MakeCall(2, parse_call("X")))                    # S doubles partner's 1C out of turn
    assert t.decision.options == ("reject",)
    t.apply(Choose(3, "reject"))                             # 36B4
    s = t.state()
    assert s["laws"][-2:] == ["29B", "36B4"] and s["barred"] == {"N": "rest_of_auction"}
    assert s["to_act"] == "E"


def test_law36B_inadmissible_double_partner_passes_throughout():
    t = table(1, ["1N", "P"])
    t.apply(MakeCall(2, parse_call("X")))                    # S doubles partner
    s = t.state()
    assert s["to_act"] == "S" and s["barred"] == {"N": "rest_of_auction"}
    assert "X" not in s["legal_calls"] and s["auction"][-1] == {"by": "E", "call": "P"}


def test_law36A_lho_calls_over_the_inadmissible_double():
    t = table(1, ["1N", "P"])
    t.apply(MakeCall(2, parse_call("X")))                    # S doubles partner: 36B at once
    t.call("2C", by="W")                                     # but W calls over it first
    s = t.state()
    assert s["laws"] == ["36", "36B", "36A"] and s["barred"] == {} and s["to_act"] == "S"
    assert s["auction"] == [{"by": "N", "call": "1N"}, {"by": "E", "call": "P"}]
    assert t.lead_penalties == []


def test_law25A_unintended_call_replaced():
    t = table(1, ["1N"])
    t.call("2C", by="E")                                     # E meant 2D
    t.apply(MakeCall(1, parse_call("2D"), replaces="unintended"))
    s = t.state()
    assert s["laws"] == ["25A"] and s["auction"][-1] == {"by": "E", "call": "2D"}
    assert s["to_act"] == "S" and t.lead_penalties == []
    # the intended call is then treated by its own law: an insufficient bid here
    t = table(1, ["1N"])
    t.call("2C", by="E")
    t.apply(MakeCall(1, parse_call("1D"), replaces="unintended"))
    assert t.laws == ["25A", "27"] and t.decision.by == 2


def test_law21B1a_change_after_misinformation_only_before_partner_calls():
    t = table(1, ["1C", "P"])
    t.apply(MakeCall(1, parse_call("1H"), replaces="misinformation"))
    assert t.laws == ["21B1a"] and t.state()["auction"][-1] == {"by": "E", "call": "1H"}
    t = table(1, ["1C", "P", "P", "1H"])                     # W, E's partner, has called
    t.apply(MakeCall(1, parse_call("X"), replaces="misinformation"))
    # too late for 21B1a: an attempted change is a 25B matter, for E's LHO (S) to accept
    s = t.state()
    assert s["laws"] == ["25B"] and s["decision"]["by"] == "S"
    assert s["auction"][1] == {"by": "E", "call": "P"}
    t.apply(Choose(2, "reject"))
    s = t.state()
    assert s["laws"] == ["25B", "25B2"] and s["auction"][1] == {"by": "E", "call": "P"}
    assert {"flag": "Review21B3", "law": "21B3"} in s["flags"]


def test_law25A_lho_may_change_the_call_he_made_over_the_first():
    t = table(1, ["1N"])
    t.call("2C", by="E")                                     # E meant 2D
    t.call("P", by="S")                                      # S passed over 2C
    t.apply(MakeCall(1, parse_call("2D"), replaces="unintended"))
    s = t.state()                                            # S's pass stands for now
    assert s["auction"][-2:] == [{"by": "E", "call": "2D"}, {"by": "S", "call": "P"}]
    t.apply(MakeCall(2, parse_call("X"), replaces="after_change"))   # S changes to double
    s = t.state()
    assert s["auction"][-1] == {"by": "S", "call": "X"} and s["to_act"] == "W"
    assert s["laws"] == ["25A", "25A6"]
    with pytest.raises(TableError, match="only right after"):
        t.apply(MakeCall(3, parse_call("XX"), replaces="after_change"))


def test_law21B1a_in_the_clarification_period_and_21B2():
    t = table(1, ["1N", "P", "3N", "P", "P", "P"])           # E passed last; no lead yet
    t.apply(MakeCall(1, parse_call("X"), replaces="misinformation"))
    s = t.state()
    assert s["phase"] == "auction" and s["laws"] == ["21B1a"] and s["to_act"] == "S"
    assert s["auction"][-1] == {"by": "E", "call": "X"} and s["contract"] is None
    t = table(1, ["1C", "P", "1S"])
    t.apply(MakeCall(1, parse_call("1D"), replaces="misinformation"))
    assert t.state()["auction"][-1] == {"by": "S", "call": "1S"}  # S's 1S still lawful
    t.apply(MakeCall(2, parse_call("1H"), replaces="after_change"))
    assert t.laws == ["21B1a", "21B2"] and t.auction.calls[-1] == (2, parse_call("1H"))


def test_law37B_call_by_a_barred_player():
    t = table(1, ["1C"])
    t.apply(MakeCall(2, 0))                                  # S passes at E's turn
    t.apply(Choose(3, "reject"))                             # 30A: S must pass next turn
    t.call("1H")                                             # E
    t.call("1S", by="S")                                     # S bids anyway
    s = t.state()
    assert s["laws"][-1] == "37B" and s["auction"][-1] == {"by": "S", "call": "P"}
    assert s["barred"] == {"S": "rest_of_auction", "N": "rest_of_auction"}
    assert s["to_act"] == "W"


def test_law38_bid_above_seven():
    t = table(1, ["7N"])
    t.apply(MakeCall(1, parse_call("8C")))
    s = t.state()
    assert s["auction"][-1] == {"by": "E", "call": "P"} and s["to_act"] == "S"
    assert s["barred"] == {"E": "rest_of_auction", "W": "rest_of_auction"}


def test_law39_call_after_the_final_pass_by_a_defender():
    t = table(1, ["1N", "P", "P", "P"])
    t.call("2H", by="E")                                     # a future defender bids
    s = t.state()
    assert s["laws"] == ["39", "39A", "39C"] and s["phase"] == "play" and s["to_act"] == "E"
    assert t.lead_penalties == [(1, "26B")]
    t = table(1, ["1N", "P", "P", "P"])
    t.call("P", by="E")                                      # a defender's pass: nothing more
    assert t.laws == ["39", "39A", "39B"] and not t.lead_penalties


def test_law27B3_double_for_an_insufficient_bid():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    t.call("X")                                              # E tries a double
    s = t.state()
    assert s["laws"][-1] == "27B3" and s["barred"] == {"W": "rest_of_auction"}
    assert s["to_act"] == "E" and s["auction"] == [{"by": "N", "call": "1N"}]
    t.call("2H")
    assert t.state()["barred"] == {"W": "rest_of_auction"}


def test_law27B4_second_insufficient_bid_rejected():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    t.call("1S")                                             # insufficient again
    t.apply(Choose(2, "reject"))
    s = t.state()
    assert s["laws"][-2:] == ["27B4", "27B3"] and s["barred"] == {"W": "rest_of_auction"}
    assert s["to_act"] == "E"


def test_law26B_declarer_forbids_a_suit_at_the_partners_first_lead():
    # E's insufficient 1H is replaced by 3H (27B2): W passes throughout; N-S buy the
    # contract; at W's first lead declarer may forbid a suit E did not bid.
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    for c in ["3H", "4S", "P", "P", "P"]:
        t.call(c)
    assert str(t.contract) == "4S" and t.declarer == 2          # S declares, W leads
    s = t.state()
    assert s["phase"] == "decision" and s["decision"] == {
        "by": "S", "options": ["forbid_suit", "no_restriction"], "laws": ["26B", "26B"],
        "suits": ["S", "D", "C"]}                               # not hearts, bid by E
    with pytest.raises(TableError, match="did not specify"):
        t.apply(Choose(2, "forbid_suit", suit=2))               # hearts were bid by E
    t.apply(Choose(2, "forbid_suit", suit=1))                   # no diamonds
    s = t.state()
    assert s["lead_restrictions"] == [{"seat": "W", "forbid": ["D"], "law": "26B"}]
    assert s["to_act"] == "W" and not any(c[0] == "D" for c in s["legal_cards"])
    assert len(s["legal_cards"]) == 13 - 4                      # W's four diamonds


def test_law26B_no_restriction_and_offender_on_declaring_side():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    for c in ["3H", "P", "P", "P"]:                             # E declares 3H: no 26B
        t.call(c)
    assert t.declarer == 1 and t.decision is None and t.lead_penalties == []
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    t.apply(Choose(2, "reject"))
    for c in ["3H", "4S", "P", "P", "P"]:
        t.call(c)
    t.apply(Choose(2, "no_restriction"))
    assert t.state()["lead_restrictions"] == [] and len(t.legal_cards()) == 13


def test_law24A_single_small_card_no_bar_and_24E_minor_penalty_card():
    t = table(1, ["1N"])
    t.apply(ExposeCard(1, parse_card("C9")))                 # E drops the nine of clubs
    s = t.state()
    assert s["laws"] == ["24", "24A"] and s["barred"] == {}
    for c in ["P", "3N", "P", "P", "P"]:
        t.call(c)
    s = t.state()                                            # E defends: a minor penalty card
    assert s["penalty_cards"] == {"E": [{"card": "C9", "major": False}]}
    assert s["laws"][-1] == "24E"


def test_law24B_honour_bars_partner_once_and_24C_second_card():
    t = table(1, ["1N"])
    t.apply(ExposeCard(1, parse_card("CQ")))
    assert t.state()["barred"] == {"W": "next_turn"} and t.laws[-1] == "24B"
    t.apply(ExposeCard(1, parse_card("C9")))                 # a second card: 24C
    assert t.laws[-1] == "24C"
    for c in ["P", "3N", "P", "P", "P"]:                     # W must pass once: he does
        t.call(c)
    assert t.state()["penalty_cards"] == {"E": [{"card": "CQ", "major": True},
                                                 {"card": "C9", "major": True}]}


def test_law24D_declaring_side_picks_its_cards_up():
    t = table(1, ["1N"])
    t.apply(ExposeCard(1, parse_card("CQ")))
    for c in ["2C", "P", "P", "P"]:                          # E ends up declarer of 2C
        t.call(c)
    assert t.declarer == 1 and t.state()["penalty_cards"] == {} and t.laws[-1] == "24D"


def test_law17D3_pass_out_of_rotation_accepted_does_not_end_the_auction():
    t = table(1, ["1H", "P"])                                # N 1H, E pass; S to call
    t.apply(MakeCall(3, 0))                                  # W passes at S's turn
    t.call("P", by="N")                                      # N, W's LHO, calls: accepted
    s = t.state()                                            # three passes after 1H, but S
    assert s["phase"] == "auction" and s["to_act"] == "S"    # never had his turn
    assert s["laws"][-2:] == ["29A", "17D3"]
    assert s["auction"] == [{"by": "N", "call": "1H"}, {"by": "E", "call": "P"}]


def test_law27C_premature_substitution():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))                   # insufficient
    t.call("2H", by="E")                                     # E corrects before any ruling
    s = t.state()
    assert s["laws"] == ["27", "27C", "27B", "27B1a"] and s["to_act"] == "S"


def test_a_choice_by_the_wrong_seat_or_an_unknown_option_is_refused():
    t = table(1, ["1N"])
    t.apply(MakeCall(1, parse_call("1H")))
    with pytest.raises(TableError, match="the choice is S's"):
        t.apply(Choose(3, "accept"))
    with pytest.raises(TableError, match="not an option"):
        t.apply(Choose(2, "spread"))


def test_strict_table_refuses_irregular_acts():
    t = table(1, ["1N"], strict=True)
    with pytest.raises(IrregularEvent, match="insufficient bid") as err:
        t.apply(MakeCall(1, parse_call("1H")))
    assert err.value.irregularity.laws == ("27",)
    assert not t.irregularities and len(t.events) == 1
    t.call("P")                              # the table goes on
    assert t.to_act == 2


def test_unknown_seat_in_an_event():
    t = table(1)
    with pytest.raises(TableError, match="unknown seat"):
        t.apply(MakeCall(7, 0))


def test_strict_table_still_sends_a_disputed_claim_to_the_director():
    t = table(1, ["1N", "P", "P", "P"], strict=True)
    t.apply(Claim(0, 13))
    t.apply(Respond(1, "dispute"))               # the claim procedure, not an irregular act
    assert t.director_required and [i.kind for i in t.irregularities] == ["disputed_claim"]
    assert t.state()["director"]["laws"] == ["68D", "70"]
