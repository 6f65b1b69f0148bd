"""The auction scenarios of the Directors' quick-reference booklet (seed 001), as listed in
shared/LAWS.md section 5 (scenarios 9-23), each replayed through the table.

Scenario 8 (a player who forgot his agreement is sent away while partner explains) is
the Director's practice under Law 20F and changes nothing at the table.
"""

import pytest

from bridgelaws.formats.case import case_table

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def run(*events):
    out = []
    for e in events:
        by, rest = e.split(" ", 1)
        key, _, value = rest.partition(" ")
        if key in ("accept", "reject", "forbid_suit", "no_restriction"):
            obj = {"by": by, "choose": key}
        elif key in ("call", "play", "expose", "choose", "claim", "respond"):
            obj = {"by": by, key: int(value) if key == "claim" else value}
        else:                                   # a bare call: "N 1H"
            obj = {"by": by, "call": key}
            for flag in value.split():
                k, _, v = flag.partition("=")
                obj[k] = True if v in ("", "true") else v
        out.append(obj)
    return case_table({"board": 1, "deal": DEAL, "events": out}).state()


def test_09_call_changed_after_misinformation_and_the_next_player_may_change():
    s = run("N 1C", "E P", "S 1S", "E 1D replaces=misinformation", "S 1H replaces=after_change")
    assert s["laws"] == ["21B1a", "21B2"] and s["auction"][-1] == {"by": "S", "call": "1H"}


def test_10_explanation_corrected_in_the_clarification_period():
    s = run("N 1N", "E P", "S 3N", "W P", "N P", "E P", "E X replaces=misinformation")
    assert s["phase"] == "auction" and s["to_act"] == "S" and s["contract"] is None


def test_11_card_exposed_during_the_auction():
    small = run("N 1N", "E expose C9")
    assert small["barred"] == {} and small["laws"][-1] == "24A"
    honour = run("N 1N", "E expose CQ")
    assert honour["barred"] == {"W": "next_turn"}
    led = run("N 1N", "E play C9")
    assert led["barred"] == {"W": "next_turn"} and led["laws"][-1] == "24B"
    defends = run("N 1N", "E expose CQ", "E P", "S 3N", "W P", "N P", "E P")
    assert defends["penalty_cards"] == {"E": [{"card": "CQ", "major": True}]}


def test_12_unintended_call_replaced():
    s = run("N 1N", "E 2C", "E 2D replaces=unintended")
    assert s["laws"] == ["25A"] and s["auction"][-1] == {"by": "E", "call": "2D"}


def test_13_intended_change_of_call_lho_accepts_or_not():
    # E bids 2C, then (at S's turn) bids 2D instead: a change of call (31C, 25B)
    accepted = run("N 1N", "E 2C", "E 2D", "S accept")
    assert accepted["auction"][-1] == {"by": "E", "call": "2D"}
    assert "25B1" in accepted["laws"] and len(accepted["auction"]) == 2
    refused = run("N 1N", "E 2C", "E 2D", "S reject")
    assert refused["auction"][-1] == {"by": "E", "call": "2C"} and "25B2" in refused["laws"]


def test_14_lead_restriction_after_a_withdrawn_call():
    s = run("N 1N", "E 1H", "S reject", "E 3H", "S 4S", "W P", "N P", "E P")
    assert s["decision"]["options"] == ["forbid_suit", "no_restriction"]


def test_15_insufficient_bid():
    assert run("N 1N", "E 1H", "S accept")["laws"][-1] == "27A1"
    assert run("N 1N", "E 1H", "S reject", "E 2H")["laws"][-1] == "27B1a"
    assert run("N 1N", "E 1H", "S reject", "E 2D comparable")["laws"][-1] == "27B1b"
    other = run("N 1N", "E 1H", "S reject", "E P")
    assert other["laws"][-1] == "27B2" and other["barred"] == {"W": "rest_of_auction"}


def test_16_pass_out_of_turn():
    rho = run("N 1C", "S P", "W reject")
    assert rho["barred"] == {"S": "next_turn"}
    partner = run("N P", "W P", "N reject", "E 1H", "S P", "W 2C")
    assert partner["barred"] == {"E": "next_turn"}
    assert run("N 1C", "S P", "W accept")["to_act"] == "W"


def test_17_bid_out_of_turn_at_rho_turn():
    assert run("N 1C", "S 1S", "W reject", "E P")["legal_calls"] == ["1S"]
    acts = run("N 1C", "S 1S", "W reject", "E 1H", "S 2S")
    assert acts["barred"] == {"N": "next_turn"}


def test_18_bid_out_of_turn_at_partner_turn():
    s = run("S 1S", "W reject", "N P", "E P", "S 2S")
    assert s["barred"] == {"N": "next_turn"} and "31B2" in s["laws"]
    s = run("S 1S", "W reject", "N P", "E P", "S 1S comparable")
    assert s["barred"] == {} and s["flags"][-1]["flag"] == "Review23C"


def test_19_double_out_of_turn_at_rho_turn():
    assert run("N 1H", "E P", "W X", "N reject", "S P")["legal_calls"] == ["X"]
    acts = run("N 1H", "E P", "W X", "N reject", "S 2H", "W 3D")
    assert acts["barred"] == {"E": "next_turn"} and acts["laws"][-1] == "32A2b"


def test_20_double_out_of_turn_at_partner_turn():
    s = run("N 1H", "W X", "N reject", "E P", "S P", "W X comparable")
    assert s["laws"][-2:] == ["32B2", "32A2a"] and s["barred"] == {}


def test_21_inadmissible_double():
    lho_called = run("N 1N", "E P", "S X", "W 2C")
    assert lho_called["laws"][-1] == "36A" and lho_called["barred"] == {}
    plain = run("N 1N", "E P", "S X")
    assert plain["barred"] == {"N": "rest_of_auction"}
    out_of_turn = run("N 1N", "S X", "W reject")
    assert out_of_turn["barred"] == {"N": "rest_of_auction"} and out_of_turn["to_act"] == "E"


def test_22_call_by_a_player_obliged_to_pass():
    s = run("N 1C", "S P", "W reject", "E 1H", "S 1S")
    assert s["barred"] == {"N": "rest_of_auction", "S": "rest_of_auction"}
    assert s["auction"][-1] == {"by": "S", "call": "P"}


def test_23_call_after_the_final_pass():
    s = run("N 1N", "E P", "S P", "W P", "E 2H")
    assert s["laws"][-2:] == ["39A", "39C"] and s["phase"] == "play"
    s = run("N 1N", "E P", "S P", "W P", "S 2H")             # dummy-to-be: nothing more
    assert s["laws"][-1] == "39A"


def test_law30C_artificial_pass_out_of_rotation_is_ruled_as_a_bid():
    natural = run("N 1C", "S P", "W reject")
    assert natural["laws"][-1] == "30A" and natural["barred"] == {"S": "next_turn"}
    artificial = run("N 1C", "S P artificial", "W reject", "E P")
    assert artificial["laws"][-1] == "31A" and artificial["barred"] == {}
    assert artificial["legal_calls"] == ["P"]                  # S must repeat his pass


def test_law28A_call_at_the_turn_of_an_rho_obliged_to_pass():
    # W is barred for the rest of the auction (27B2); N calls at W's turn
    s = run("N 1N", "E 1H", "S reject", "E 3H", "S P", "N 3N")
    assert s["laws"][-1] == "28A"
    assert s["auction"][-3:] == [{"by": "S", "call": "P"}, {"by": "W", "call": "P"},
                                 {"by": "N", "call": "3N"}]
    assert s["to_act"] == "E" and s["barred"] == {"W": "rest_of_auction"}
