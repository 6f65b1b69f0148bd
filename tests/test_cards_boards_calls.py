"""Laws 1, 2 and 18: cards, boards, calls."""

import pytest

from bridgelaws.boards import Board, dealer_of, parse_vulnerability, vulnerability_of
from bridgelaws.calls import (DOUBLE, PASS, REDOUBLE, bid_level, bid_strain, call_name,
                              is_sufficient, make_bid, parse_call)
from bridgelaws.cards import (BridgeError, Deal, card_name, card_rank, card_suit, cards_of,
                              lho, parse_card, parse_seat, partner, rho)

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"


def test_law1_card_order_and_names():
    assert parse_card("C2") == 0 and parse_card("SA") == 51
    assert [card_name(c) for c in range(13)][:3] == ["C2", "C3", "C4"]
    assert card_suit(parse_card("HT")) == 2 and card_rank(parse_card("HT")) == 8
    assert parse_card("h10") == parse_card("HT") == parse_card("ht")
    assert all(parse_card(card_name(c)) == c for c in range(52))


@pytest.mark.parametrize("bad", ["S1", "XA", "", "SAA", "10"])
def test_unknown_card_is_a_clear_error(bad):
    with pytest.raises(BridgeError, match="unknown card"):
        parse_card(bad)


def test_seats_rotation():
    assert [parse_seat(s) for s in "NESW"] == [0, 1, 2, 3]
    assert lho(3) == 0 and rho(0) == 3 and partner(1) == 3
    with pytest.raises(BridgeError, match="unknown seat"):
        parse_seat("X")


def test_deal_round_trip_and_holders():
    d = Deal.from_pbn(DEAL)
    assert d.to_pbn() == DEAL
    assert d.is_complete()
    assert d.holder(parse_card("SA")) == 0 and d.holder(parse_card("C8")) == 3
    assert Deal.from_pbn(d.to_pbn(2)) == d          # another first seat, same deal
    assert d.to_pbn(2).startswith("S:J76.")


@pytest.mark.parametrize("text,reason", [
    ("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4", "3 hands"),
    ("AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765", "colon"),
    ("N:AKQ2.KQ2.A32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765", "4 suits"),
    ("N:AKQ2.KQ2.A32.K3Z T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765", "not a rank"),
    ("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 A43.43.7654.8765", "more than one hand"),
])
def test_malformed_deals(text, reason):
    with pytest.raises(BridgeError, match=reason):
        Deal.from_pbn(text)


def test_incomplete_hand_is_reported():
    d = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.876")
    assert not d.is_complete()
    with pytest.raises(BridgeError, match="W has 12 cards"):
        d.check_complete()


def test_law2_dealer_and_vulnerability_cycle_of_16():
    # the check list of Law 2
    for boards, vul in (((1, 8, 11, 14), "none"), ((2, 5, 12, 15), "NS"),
                        ((3, 6, 9, 16), "EW"), ((4, 7, 10, 13), "all")):
        for b in boards:
            assert vulnerability_of(b) == vul
            assert vulnerability_of(b + 16) == vul and vulnerability_of(b + 32 * 7) == vul
    assert [dealer_of(b) for b in (1, 2, 3, 4, 5, 16, 17)] == [0, 1, 2, 3, 0, 3, 0]


def test_law2_board_markings_override_the_formula():
    b = Board(1, dealer="W", vulnerable="Both")
    assert b.dealer == 3 and b.vulnerable == "all"
    assert b.vulnerable_seat(1) and b.vulnerable_seat(0)
    assert Board(2).vulnerable_seat(0) and not Board(2).vulnerable_seat(1)
    assert parse_vulnerability("Love") == "none" and parse_vulnerability("EW") == "EW"
    with pytest.raises(BridgeError, match="vulnerability"):
        parse_vulnerability("sometimes")
    with pytest.raises(BridgeError, match="board number"):
        Board(0)


def test_law18_bids_and_sufficiency():
    assert parse_call("P") == PASS and parse_call("X") == DOUBLE and parse_call("XX") == REDOUBLE
    assert call_name(parse_call("3NT")) == "3N" and call_name(parse_call("7c")) == "7C"
    one_c, one_n, two_c = parse_call("1C"), parse_call("1N"), parse_call("2C")
    assert is_sufficient(two_c, one_n) and not is_sufficient(one_c, one_n)
    assert not is_sufficient(one_n, one_n)
    assert bid_level(parse_call("8S")) == 8 and bid_strain(parse_call("8S")) == 3
    assert make_bid(7, 4) == 37
    names = [call_name(c) for c in range(3, 38)]
    assert names[0] == "1C" and names[-1] == "7N" and len(set(names)) == 35
    with pytest.raises(BridgeError, match="unknown call"):
        parse_call("1Z")
