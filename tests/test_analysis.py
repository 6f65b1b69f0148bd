"""Double-dummy tables and par through DDS (advice for Laws 12C, 70)."""

from __future__ import annotations

from itertools import permutations

import pytest

from bridgelaws.analysis import (BATCH, LAWS, analyse_boards, analyse_deal, dd_table, dd_tables,
                                 par)
from bridgelaws.cards import BridgeError, Deal, SEAT_NAMES
from bridgelaws.deals.dealing import Dealer, deal_boards

_SUIT_HAND = {3: "AKQJT98765432...", 2: ".AKQJT98765432..", 1: "..AKQJT98765432.",
              0: "...AKQJT98765432"}


def one_suit_each(suits):
    """North holds all of suits[0], East suits[1], ... (suits 0..3 = C D H S)."""
    return Deal.from_pbn("N:" + " ".join(_SUIT_HAND[s] for s in suits))


def expected_tricks(suits, seat, strain):
    """Worked out by hand: in notrump the declarer's left-hand opponent leads a suit of
    thirteen and takes every trick; in a suit, the side holding the trumps takes all 13
    (the partner of the trump holder ruffs the opening lead and draws trumps)."""
    if strain == 4:
        return 0
    holder = suits.index(strain)
    return 13 if holder % 2 == seat % 2 else 0


def test_dd_tables_of_one_suit_deals_match_the_hand_worked_figures():
    # all 24 ways of giving each seat one whole suit, and 17 again: more than one batch
    layouts = list(permutations(range(4)))
    layouts += layouts[:BATCH + 1 - len(layouts)]
    assert len(layouts) > BATCH
    progress = []
    tables = dd_tables([one_suit_each(p) for p in layouts],
                       progress=lambda done, total: progress.append((done, total)))
    assert progress == [(BATCH, len(layouts)), (len(layouts), len(layouts))]
    for suits, table in zip(layouts, tables):
        for seat in range(4):
            for strain in range(5):
                assert table.tricks[seat][strain] == expected_tricks(suits, seat, strain), \
                    (suits, seat, strain)


def test_par_of_the_one_suit_deal_is_seven_spades_for_north_south():
    # NS make 7S (and 7D); EW make 7H and 7C, but 7S outranks 7H and 7C, and EW's only
    # higher call, 7NT, goes 13 down: par is NS 7S making, 1510 not vulnerable
    table, result = analyse_deal(one_suit_each((3, 2, 1, 0)), dealer="E", vulnerable="none")
    assert result.score_ns == 1510
    assert "NS 7S=" in [str(c) for c in result.contracts]
    assert result.optimum_score == "NS 1510"
    vul = par(table, "N", "all")
    assert vul.score_ns == 2210


def test_dd_table_agrees_with_endplay_on_random_deals():
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal, Denom, Player
    dealer = Dealer(seed=31)
    deals = [dealer.deal() for _ in range(2)]
    ours = dd_tables(deals)
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    for deal, table in zip(deals, ours):
        theirs = calc_dd_table(EDeal(deal.to_pbn()))
        assert [[theirs[denoms[t], players[s]] for t in range(5)] for s in range(4)] == \
            [list(row) for row in table.tricks]


def test_one_thread_and_every_core_give_the_same_tables():
    deals = [Dealer(seed=5).deal()]
    assert dd_tables(deals, threads=1) == dd_tables(deals, threads=0)


def test_table_to_dict_names_seats_and_strains():
    table = dd_table(one_suit_each((3, 2, 1, 0)))
    d = table.to_dict()
    assert list(d) == ["N", "E", "S", "W"] and list(d["N"]) == ["C", "D", "H", "S", "N"]
    assert d["N"]["S"] == 13 and d["E"]["S"] == 0 and d["W"]["C"] == 13 and d["S"]["N"] == 0
    assert table.tricks_of("S", "D") == 13


def test_law2_analyse_boards_uses_each_boards_dealer_and_vulnerability():
    boards = deal_boards([3, 4], seed=12)
    results = analyse_boards(boards)
    for b, a in zip(boards, results):
        assert (a.board, a.dealer, a.vulnerable) == (b.number, b.dealer, b.vulnerable)
        assert a.par == par(a.table, b.dealer, b.vulnerable)
        j = a.to_json()
        assert j["deal"].startswith(SEAT_NAMES[b.dealer] + ":")
        assert set(j) >= {"board", "deal", "dd", "par"} and j["laws"] == list(LAWS)
        assert Deal.from_pbn(j["deal"]) == b.deal


def test_analysis_refuses_incomplete_deals_and_bad_thread_counts():
    with pytest.raises(BridgeError, match="complete deal"):
        dd_table(Deal.from_pbn("N:AKQ... - - -"))
    with pytest.raises(BridgeError):
        dd_tables([Dealer(seed=1).deal()], threads=-1)
