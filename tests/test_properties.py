"""Property tests: random deals, random lawful auctions and plays (hypothesis)."""

from hypothesis import given, settings, strategies as st

from bridgelaws.boards import Board, is_vulnerable
from bridgelaws.cards import BridgeError, Deal, mask_of
from bridgelaws.events import Claim, MakeCall, PlayCard, Respond
from bridgelaws.scoring.contract import score
from bridgelaws.table import COMPLETE, PLAY, Table


@st.composite
def deals(draw):
    cards = draw(st.permutations(range(52)))
    return Deal([mask_of(cards[13 * i:13 * i + 13]) for i in range(4)])


@st.composite
def lawful_boards(draw):
    """A table with a random lawful auction and play (sometimes ended by an agreed claim)."""
    t = Table(Board(draw(st.integers(1, 64)), draw(deals())))
    # keep auctions short enough to end: a pass becomes likelier as the auction grows
    while t.phase == "auction":
        legal = t.legal_calls()
        if draw(st.integers(0, 9)) < 6 + min(len(t.auction.calls), 3):
            call = 0
        else:
            call = draw(st.sampled_from(legal))
        t.apply(MakeCall(t.to_act, call))
    claim_at = draw(st.integers(0, 60))
    while t.phase == PLAY:
        if len(t.events) - len(t.auction.calls) == claim_at:
            d = t.declarer
            remaining = 13 - len(t.tricks)
            t.apply(Claim(d, draw(st.integers(0, remaining))))
            t.apply(Respond((d + 1) & 3, "accept"))
            t.apply(Respond((d + 3) & 3, "accept"))
            break
        t.apply(PlayCard(t.to_act, draw(st.sampled_from(t.legal_cards()))))
    return t


@settings(max_examples=150, deadline=None)
@given(lawful_boards())
def test_lawful_boards(t):
    assert t.phase == COMPLETE and not t.irregularities
    played = [c for _leader, cards, _w in t.tricks for c in cards]
    assert len(played) == len(set(played)) == 4 * len(t.tricks)
    if t.contract is None:
        assert t.score_ns == 0 and t.auction.is_passed_out
        return
    s = t.state()
    assert s["tricks"]["NS"] + s["tricks"]["EW"] == 13
    if not t.laws:                                   # played to the end, no claim
        assert len(t.tricks) == 13 and len(played) == 52 and all(h == 0 for h in t.hands)
        assert sorted(played) == list(range(52))
    # replaying the log gives the same state
    assert Table.replay(t.board, t.events).state() == s
    # the score of one side is the negative of the other's
    decl = t.declarer
    own = score(t.contract.level, t.contract.strain, t.contract.doubled,
                is_vulnerable(t.board.vulnerable, decl), t.won[decl & 1])
    assert s["score_ns"] == (own if decl & 1 == 0 else -own)


@settings(max_examples=300, deadline=None)
@given(deals(), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 45), st.integers(0, 2),
                                   st.booleans()), max_size=60))
def test_random_events_never_crash(deal, moves):
    """Calls, cards and choices by any seat, in turn or not, the Director's judgement of
    comparability at random: the table records or refuses, never crashes, and always
    has a seat to act unless the board is over or the Director is awaited."""
    from bridgelaws.events import Choose
    t = Table(Board(5, deal))
    for seat, x, what, flag in moves:
        before = len(t.events)
        d = t.decision
        if d is not None and what == 2:
            event = Choose(d.by, d.options[x % len(d.options)], suit=x % 4)
        elif what == 1:
            event = PlayCard(seat, x)
        else:
            event = MakeCall(seat, x, comparable=flag)
        try:
            t.apply(event)
        except BridgeError:
            assert len(t.events) == before            # a refused event changes nothing
        state = t.state()
        assert state["phase"] in ("auction", "play", "decision", "complete")
        # someone is to act, or the board is over, or the Director is awaited
        assert (state["to_act"] is not None or state["phase"] == "complete"
                or state["director"] is not None)
    # no card is lost: cards in hands plus cards played make the pack
    held = t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3]
    played = mask_of(c for _l, cards, _w in t.tricks for c in cards) | mask_of(t.trick)
    assert held | played == (1 << 52) - 1 and held & played == 0


def _no_card_lost(t):
    """Cards in the hands, in the tricks and lying as surplus in a trick (67) make the
    pack, each card once."""
    seen = []
    for h in t.hands:
        seen += [c for c in range(52) if h >> c & 1]
    seen += [c for _l, cards, _w in t.tricks for c in cards if c >= 0]
    seen += [c for c in t.trick if c >= 0]
    seen += [d["card"] for d in t._defects if d["kind"] == "surplus"]
    assert sorted(seen) == list(range(52)), "a card was lost or doubled"


@settings(max_examples=400, deadline=None)
@given(deals(), st.integers(1, 16),
       st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3), st.integers(0, 51),
                          st.integers(0, 12)), max_size=80))
def test_random_play_never_crashes_or_loses_a_card(deal, board, moves):
    """After a lawful auction, cards by any seat, in turn or not, following suit or not,
    mixed with every other kind of play event (exposed cards, several cards at once,
    omitted cards, attention to revokes and defective tricks, changes of dummy's card,
    designations, claims and answers, choices): the table records or refuses each one,
    never crashes, a refused event changes nothing, and no card is ever lost."""
    from bridgelaws.events import (ChangePlay, Choose, Concede, Designate, DrawAttention,
                                   ExposeCard, Omit, PlayCards)
    t = Table(Board(board, deal))
    for call in ("1N", "P", "P", "P"):
        t.call(call)
    attention = ("revoke", "defective_trick", "misinformed_lead", "misinformed_play",
                 "dummy_limits", "wrong_hand")
    for kind, seat, x, y in moves:
        holding = [c for c in range(52) if t.hands[seat] >> c & 1] or [x]
        card = holding[x % len(holding)]
        d = t.decision
        if d is not None and kind < 4:
            event = Choose(d.by, d.options[x % len(d.options)], suit=x % 4, card=card
                           if d.by == seat else holding[0])
        elif kind < 3:
            turn = t.to_act
            if turn is not None and kind < 2:       # mostly the seat to play, lawfully or not
                own = [c for c in range(52) if t.hands[turn] >> c & 1] or [x]
                legal = t.legal_cards() or own
                event = PlayCard(turn, (legal if y < 9 else own)[x % len(legal if y < 9 else own)])
            else:
                event = PlayCard(seat, card)
        elif kind == 3:
            event = ExposeCard(seat, card, deliberate=y % 2 == 1)
        elif kind == 4:
            other = holding[(x + 1) % len(holding)]
            event = PlayCards(seat, (card, other), visible=None if y < 6 else (card,),
                              unnoticed=y % 3 == 0)
        elif kind == 5:
            event = Omit(seat)
        elif kind == 6:
            event = DrawAttention(seat, attention[y % len(attention)])
        elif kind == 7:
            event = ChangePlay(seat, card, "unintended" if y < 6 else "not_named")
        elif kind == 8:
            event = Designate(seat, ("high", "low", "win", "S", "K", "any", "CA")[y % 7])
        else:
            remaining = 13 - len(t.tricks)
            event = (Claim(seat, y % (remaining + 1)) if y < 6 else
                     Concede(seat, y % (remaining + 1)) if y < 9 else
                     Respond(seat, "accept" if y < 12 else "dispute"))
        before = (len(t.events), t.state())
        try:
            t.apply(event)
        except BridgeError:
            assert len(t.events) == before[0]
            assert t.state() == before[1], f"refused {event!r} changed the state"
        state = t.state()
        assert state["phase"] in ("auction", "play", "decision", "complete")
        assert (state["to_act"] is not None or state["phase"] == "complete"
                or state["director"] is not None)
        _no_card_lost(t)
