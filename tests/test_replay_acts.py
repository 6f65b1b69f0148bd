"""Table.replay_acts, the bulk replay of a record's calls and cards as (seat, code) pairs
(issue 20, point 12): the same log and state as act by act through ``apply``, the shared
events, bad pairs named as ``apply`` names them, and where it stops."""

from __future__ import annotations

import dataclasses

import pytest

from bridgelaws.boards import Board
from bridgelaws.calls import parse_call
from bridgelaws.cards import Deal, parse_card
from bridgelaws.events import CALL_EVENTS, CARD_EVENTS, Claim, MakeCall, PlayCard, Respond
from bridgelaws.laws.edition1997 import Laws1997
from bridgelaws.table import COMPLETE, PLAY, Table, TableError

DEAL = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765")


def calls(dealer, *names):
    return [((dealer + i) & 3, parse_call(c)) for i, c in enumerate(names)]


def lowest_cards(board, auction, n=52):
    """The cards of a lawful play (the lowest legal card each time), as pairs."""
    t = Table(board)
    for seat, call in auction:
        t.apply(MakeCall(seat, call))
    out = []
    while t.phase == PLAY and len(out) < n:
        seat, card = t.to_act, t.legal_cards()[0]
        t.apply(PlayCard(seat, card))
        out.append((seat, card))
    return out


def act_by_act(board, auction, cards, **kw):
    t = Table(board, **kw)
    for seat, call in auction:
        t.apply(MakeCall(seat, call))
        if t.pending is not None:
            return t
    for seat, card in cards:
        t.apply(PlayCard(seat, card))
        if t.pending is not None:
            break
    return t


def view(t):
    return (t.events, t.phase, t.contract, t.declarer, t.hands, t.trick, t.tricks, t.won,
            t.trick_leader, t.laws, t.laws.applied, [i.kind for i in t.irregularities],
            [[getattr(r, n, None) for n in type(r).__slots__] for r in t.revokes],
            t.dummy_faced, t.score_ns, t.pending is None, t.claim)


@pytest.mark.parametrize("edition", [None, Laws1997()])
@pytest.mark.parametrize("board,names", [
    (1, ["1N", "P", "3N", "P", "P", "P"]),
    (2, ["P", "1H", "X", "XX", "2C", "2H", "P", "4H", "X", "P", "P", "P"]),
    (3, ["1S", "P", "2S", "P", "4S", "X", "XX", "P", "P", "P"]),
])
def test_a_lawful_board_is_as_act_by_act(board, names, edition):
    b = Board(board, DEAL)
    auction = calls(b.dealer, *names)
    cards = lowest_cards(b, auction)
    bulk = Table(b, edition=edition)
    assert bulk.replay_acts(auction, cards) == len(auction) + 52
    assert bulk.phase == COMPLETE and len(bulk.tricks) == 13
    assert view(bulk) == view(act_by_act(b, auction, cards, edition=edition))


def test_the_log_holds_the_shared_events_and_they_cannot_be_changed():
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "P", "P")
    t = Table(b)
    t.replay_acts(auction, lowest_cards(b, auction, 5))
    assert t.events[0] is CALL_EVENTS[0][parse_call("1N")]
    assert t.events[4] is CARD_EVENTS[1][t.tricks[0][1][0]]     # the opening lead
    assert all(type(e) in (MakeCall, PlayCard) for e in t.events)
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.events[0].call = parse_call("7N")           # type: ignore[misc]
    assert t.events[0] == MakeCall(0, parse_call("1N"))


def test_a_passed_out_board():
    t = Table(Board(1, DEAL))
    assert t.replay_acts(calls(0, "P", "P", "P", "P")) == 4
    assert t.phase == COMPLETE and t.score_ns == 0 and t.contract is None


def test_an_irregular_call_stops_the_replay_where_a_choice_is_due():
    """Law 27: an insufficient bid leaves the table waiting for the LHO's choice; the
    cards are not begun."""
    b = Board(1, DEAL)
    t = Table(b)
    n = t.replay_acts(calls(0, "1N", "1S", "P", "P"), [(1, parse_card("CQ"))])
    assert n == 2 and t.pending is not None
    assert [i.kind for i in t.irregularities] == ["insufficient_bid"]
    assert t.pending.decision is not None and t.pending.decision.by == 2   # the LHO chooses


def test_a_call_out_of_rotation_takes_the_general_path_and_the_replay_goes_on():
    """Law 30A: a pass out of rotation at RHO's turn, before any call by an opponent...
    whatever the Laws do, the bulk replay does exactly what apply() does."""
    b = Board(1, DEAL)
    auction = [(0, parse_call("1N")), (2, 0), (1, 0), (2, 0), (3, 0)]
    bulk = Table(b)
    done = bulk.replay_acts(auction)
    one = Table(b)
    k = 0
    for seat, call in auction:
        one.apply(MakeCall(seat, call))
        k += 1
        if one.pending is not None:
            break
    assert done == k and view(bulk) == view(one)
    assert bulk.irregularities and bulk.irregularities[0].by == 2


def test_a_revoke_on_the_way_is_recognised():
    t = Table(Board(1, DEAL))
    t.replay_acts(calls(0, "1N", "P", "P", "P"),
                  [(1, parse_card("CQ")), (2, parse_card("H5")), (3, parse_card("C5"))])
    assert [i.kind for i in t.irregularities] == ["revoke"] and t.revokes[0].seat == 2


@pytest.mark.parametrize("pair,message", [
    ((1, parse_card("SA")), "does not hold"),        # North's card, played by East
    ((1, 52), "unknown card"),
    ((1, -1), "unknown card"),
    ((1, "CQ"), "unknown card"),
    ((1, 2.0), "unknown card"),
    ((7, parse_card("CQ")), "unknown seat"),
])
def test_a_bad_card_is_refused_and_named_and_changes_nothing(pair, message):
    t = Table(Board(1, DEAL))
    t.replay_acts(calls(0, "1N", "P", "P", "P"))
    before = view(t)
    with pytest.raises(TableError, match=message) as e:
        t.replay_acts(cards=[pair])
    assert "event 4" in str(e.value)
    assert view(t) == before


@pytest.mark.parametrize("pair,message", [
    ((0, -1), "unknown call"), ((0, "1N"), "unknown call"), ((0, 2.5), "unknown call"),
    ((9, 0), "unknown seat"), (("N", 0), "unknown seat"),
])
def test_a_bad_call_is_refused_and_named(pair, message):
    t = Table(Board(1, DEAL))
    with pytest.raises(TableError, match=message) as e:
        t.replay_acts([(0, parse_call("1N")), pair])
    assert "event 1" in str(e.value)
    assert t.events == [MakeCall(0, parse_call("1N"))]


def test_a_bid_above_seven_is_law_38_not_an_error():
    t = Table(Board(1, DEAL))
    t.replay_acts([(0, parse_call("8C"))])
    assert [i.kind for i in t.irregularities] == ["bid_above_seven"]


def test_the_cards_may_come_from_a_generator_that_reads_the_table():
    """As the PBN and LIN readers do: each card by the player whose turn it is, read from
    the table as the replay goes (the trick, its leader and the phase are current)."""
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "P", "P")
    played = [card for _seat, card in lowest_cards(b, auction)]
    t = Table(b)
    t.replay_acts(auction)

    def cards():
        for card in played:
            if t.phase != PLAY:
                return
            yield (t.trick_leader + len(t.trick)) & 3, card

    assert t.replay_acts(cards=cards()) == 52
    assert view(t) == view(act_by_act(b, auction, lowest_cards(b, auction)))


def test_a_claim_ends_the_record_as_claim_and_two_acceptances():
    """Laws 68A, 69A: the record's claimed total (LIN mc, PBN Result), declarer claiming
    the rest of his side's tricks and both defenders accepting, as apply() would log it."""
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "3N", "P", "P", "P")
    cards = lowest_cards(b, auction, 21)               # five tricks and a card
    t = Table(b)
    assert t.replay_acts(auction, cards, claimed=10) == len(auction) + 21 + 3
    one = act_by_act(b, auction, cards)
    d = one.declarer
    one.apply(Claim(d, 10 - one.won[d & 1]))
    one.apply(Respond((d + 1) & 3, "accept"))
    one.apply(Respond((d + 3) & 3, "accept"))
    assert view(t) == view(one) and t.is_complete and t.won[d & 1] == 10
    assert "69A" in t.laws


@pytest.mark.parametrize("claimed", [1, 14, "ten"])
def test_an_impossible_claim_is_refused_and_changes_nothing(claimed):
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "3N", "P", "P", "P")
    cards = lowest_cards(b, auction, 20)
    t = Table(b)
    t.replay_acts(auction, cards)
    before = view(t)
    won = t.won[t.declarer & 1]
    assert won > 1                                     # so that 1 in all is fewer than won
    with pytest.raises(TableError, match="claim of"):
        t.replay_acts(claimed=claimed)
    assert view(t) == before


def test_a_claim_while_a_revoke_is_in_force_goes_through_apply():
    """Law 63A4 (2017): a revoke not yet established is established by the offending side's
    claim... here the non-offenders claim: whatever the Laws do, as apply() does it."""
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "P", "P")
    cards = [(1, parse_card("CQ")), (2, parse_card("H5")), (3, parse_card("C5"))]
    t = Table(b)
    t.replay_acts(auction, cards, claimed=7)
    one = act_by_act(b, auction, cards)
    d = one.declarer
    for e in (Claim(d, 7 - one.won[d & 1]), Respond((d + 1) & 3, "accept"),
              Respond((d + 3) & 3, "accept")):
        one.apply(e)
        if one.pending is not None:
            break
    assert view(t) == view(one) and t.revokes


def test_a_claim_after_the_last_trick_is_refused():
    b = Board(1, DEAL)
    auction = calls(0, "1N", "P", "P", "P")
    t = Table(b)
    t.replay_acts(auction, lowest_cards(b, auction))
    with pytest.raises(TableError, match="during the play"):
        t.replay_acts(claimed=7)
