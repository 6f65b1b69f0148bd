"""Law 62: correcting a revoke, with the cards played after it (62C1, 62C2), both sides
revoking on one trick (62C3), and a revoke on trick 12 (62D); Law 63A3."""

import random

from bridgelaws.boards import Board
from bridgelaws.cards import Deal, mask_of, parse_card
from bridgelaws.events import DrawAttention
from bridgelaws.table import Table

DEAL = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")


def three_nt():
    """3N by North; East leads.  Trick 1: CQ C4 C5 CK, won by North."""
    t = Table(Board(1, DEAL))
    for c in ["1N", "P", "3N", "P", "P", "P"]:
        t.call(c)
    for card, seat in [("CQ", 1), ("C4", 2), ("C5", 3), ("CK", 0)]:
        t.play(card, by=seat)
    return t


def test_law62C1_non_offender_takes_back_his_card():
    t = Table(Board(1, DEAL))
    for c in ["1N", "P", "3N", "P", "P", "P"]:
        t.call(c)
    t.play("CQ", by=1)
    t.play("C4", by=2)
    t.play("D4", by=3)                      # W revokes: he holds four clubs
    t.play("CK", by=0)                      # N, a non-offender, plays after it
    assert len(t.tricks) == 1 and t.tricks[0][2] == 0     # N's king won the trick
    t.apply(DrawAttention(0, "revoke"))
    s = t.state()
    assert s["trick"] == ["CQ", "C4"] and s["to_act"] == "W"
    assert s["laws"][-2:] == ["62A", "62B1"]
    assert s["penalty_cards"] == {"W": [{"card": "D4", "major": True}]}
    assert s["legal_cards"] == ["C5", "C6", "C7", "C8"]        # following suit first (50D1b)
    assert s["revokes"][0]["corrected"] and not s["revokes"][0]["established"]
    t.play("C8", by=3)
    # N may play any card now (62C1): his king was taken back with the trick
    assert t.legal_card_names() == ["C2", "C3", "CK"]
    t.play("C2", by=0)
    assert t.laws[-1] == "62C1" and len(t.tricks) == 1 and t.tricks[0][2] == 1  # E's queen wins


def _revoke_on_trick_2(t):
    """Trick 2: N leads HK, E discards DK although he holds hearts."""
    t.play("HK", by=0)
    t.play("DK", by=1)


def test_law62C2_offenders_partner_replays_his_card_unless_a_non_offender_changed():
    t = three_nt()
    _revoke_on_trick_2(t)
    t.play("H5", by=2)
    t.play("H3", by=3)                      # W, the offender's partner, plays after it
    t.apply(DrawAttention(0, "revoke"))
    assert t.state()["trick"] == ["HK"]
    assert t.state()["penalty_cards"] == {"E": [{"card": "DK", "major": True}]}
    t.play("HT", by=1)
    t.play("H5", by=2)                      # dummy plays the same card again
    assert t.legal_card_names() == ["H3"]   # so W must play his H3 again (62C2)
    t.play("H3", by=3)
    assert "62C2" not in t.laws and len(t.tricks) == 2


def test_law62C2_after_a_non_offender_changes_the_offender_may_change_too():
    t = three_nt()
    _revoke_on_trick_2(t)
    t.play("H5", by=2)
    t.play("H3", by=3)
    t.apply(DrawAttention(0, "revoke"))
    t.play("HT", by=1)
    t.play("HA", by=2)                      # dummy changes its card (62C1)
    assert t.laws[-1] == "62C1"
    assert t.legal_card_names() == ["H3", "H4"]
    t.play("H4", by=3)                      # W changes too: his H3 becomes a penalty card
    s = t.state()
    assert s["laws"][-1] == "62C2"
    assert s["penalty_cards"] == {"E": [{"card": "DK", "major": True}],
                                  "W": [{"card": "H3", "major": True}]}


def test_law62C3_both_sides_revoked_and_one_side_played_to_the_next_trick():
    t = three_nt()
    t.play("HK", by=0)
    t.play("DK", by=1)                      # E revokes
    t.play("CA", by=2)                      # dummy revokes too (it holds five hearts)
    t.play("H3", by=3)
    t.play("SA", by=0)                      # N leads to trick 3: dummy's revoke is established
    assert [r["established"] for r in t.state()["revokes"]] == [False, True]
    t.apply(DrawAttention(1, "revoke"))
    s = t.state()
    assert "62C3" in s["laws"] and s["trick"] == ["HK"] and s["to_act"] == "E"
    assert all(r["corrected"] for r in s["revokes"])
    assert s["penalty_cards"] == {"E": [{"card": "DK", "major": True}]}   # dummy's CA goes back
    assert s["legal_cards"] == ["H9", "HT", "HJ"]
    assert t.hands[2] >> parse_card("CA") & 1 and t.hands[0] >> parse_card("SA") & 1


def test_law63A3_a_claim_by_the_offending_side_establishes_the_revoke():
    t = three_nt()
    _revoke_on_trick_2(t)
    t.play("H5", by=2)
    t.play("H3", by=3)
    from bridgelaws.events import Claim
    t.apply(Claim(1, 0))                    # E's side concedes the rest (a claim of none)
    assert t.laws[-1] == "63A3" and t.revokes[0].established


def _trick_12_revoke_board():
    """A board played with the lowest legal card, except that on trick 12 a player
    holding the suit led and one other card discards the other card."""
    rng = random.Random(7)
    for _ in range(500):
        cards = list(range(52))
        rng.shuffle(cards)
        deal = Deal([mask_of(cards[i * 13:(i + 1) * 13]) for i in range(4)])
        t = Table(Board(1, deal))
        for c in ["1N", "P", "P", "P"]:
            t.call(c)
        while len(t.tricks) < 11:
            t.play(t.legal_cards()[0], by=t.to_act)
        led_by = t.to_act
        t.play(t.legal_cards()[0], by=led_by)
        seat = t.to_act
        hand = [c for c in range(52) if t.hands[seat] >> c & 1]
        led = t.trick[0] // 13
        if len({c // 13 for c in hand}) == 2 and any(c // 13 == led for c in hand):
            other = next(c for c in hand if c // 13 != led)
            t.play(other, by=seat)
            return t, seat, other
    raise AssertionError("no deal found")


def test_law62D_a_revoke_on_trick_12_is_corrected_even_when_established():
    t, offender, card = _trick_12_revoke_board()
    while not t.is_complete:
        t.play(t.legal_cards()[0], by=t.to_act)
    assert t.revokes[0].established and t.revokes[0].trick == 12
    t.apply(DrawAttention((offender + 1) & 3, "revoke"))
    s = t.state()
    assert "62D" in s["laws"] and s["phase"] == "play" and s["tricks_played"] == 11
    assert s["to_act"] == "NESW"[offender]
    assert all(c[0] == "CDHS"[t.trick[0] // 13] for c in s["legal_cards"])
    while not t.is_complete:
        t.play(t.legal_cards()[0], by=t.to_act)
    s = t.state()
    assert s["revokes"][0]["corrected"] and s["revokes"][0]["transfer"] == 0
    assert s["tricks"]["NS"] + s["tricks"]["EW"] == 13
    assert len(t.revokes) == 1 and not any(h for h in t.hands)
