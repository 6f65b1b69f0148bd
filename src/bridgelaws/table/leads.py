"""Leads and plays out of turn: Laws 53-57 and 60 (the table's side: recognising a card
played out of turn, and a card played while a choice is pending).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEAT_NAMES, SUIT_MASKS, card_name
from ..events import PlayCard

from .constants import AUCTION, PLAY
from .errors import TableError

if TYPE_CHECKING:
    from .core import Table


def _out_of_turn(self: Table, seat: int, card: int, turn: int, index: int) -> None:
    declarer = self.declarer
    assert declarer is not None
    declaring = (seat ^ declarer) & 1 == 0
    facts = {"card": card_name(card), "turn": SEAT_NAMES[turn], "_card": card, "_turn": turn}
    if self._lead_withdrawn is not None and not declaring and not self.trick:
        # Law 60B: declarer must lead from the other hand (55B2) and has not yet
        self._irregular("play_before_correct_lead", seat, index, **facts)
        return
    if not self.tricks and not self.trick:
        if declaring:
            # Law 54E: an "opening lead" by the declaring side falls under Law 24
            facts.pop("_card")
            self._irregular("card_exposed_during_auction", seat, index, _card=card,
                            _led=True, **facts)
            self._exposed_after_auction()      # the auction is over: 24D at once
        else:
            self._irregular("opening_lead_out_of_turn", seat, index, **facts)   # Law 54
    elif not self.trick:
        self._irregular("lead_out_of_turn_by_declarer" if declaring          # Law 55
                        else "lead_out_of_turn_by_defender", seat, index, **facts)  # 56
    else:
        partner = (seat + 2) & 3
        leader = self.trick_leader
        assert leader is not None
        played = {(leader + k) & 3 for k in range(len(self.trick))}
        hand = self.hands[seat]
        if self.trick and card // 13 != self.trick[0] // 13 and hand & SUIT_MASKS[self.trick[0] // 13]:
            legal_at_turn = False
        else:
            legal_at_turn = seat not in played
        if seat in played and (declaring or partner in played):
            # a lead to the next trick from a hand that has played to this one, by
            # declarer (57C3 is about a play, not a lead) or by a defender after his
            # partner's card: no Law 57 (early_lead)
            self._apply_consequences(self.edition.early_lead(self, seat, card))
            return
        if declaring:
            self._irregular("premature_play_by_declarer", seat, index,          # Law 57C3
                            _legal_at_turn=legal_at_turn, **facts)
            return
        # Law 57C3: a card declarer played early from either hand is a played card
        early = {s for s, d in self.play_duties.items() if d.get("law") == "57C3"}
        self._irregular("premature_play_by_defender", seat, index,              # Law 57
                        _partner_played=partner in played, _legal_at_turn=legal_at_turn,
                        _lead=seat in played,
                        _dummy_own=self._dummy_own == len(self.tricks) + 1,
                        _declarer_both={self.declarer, self.dummy} <= played | early,
                        **facts)


def _play_outside_play(self: Table, seat: int, card: int) -> None:
    index = len(self.events)
    if self.phase == AUCTION:
        # Law 24: a card led or exposed during the auction period
        self._irregular("card_exposed_during_auction", seat, index, card=card_name(card),
                        _card=card, _led=True)
    elif self.phase != PLAY:
        raise TableError(f"play is over; {SEAT_NAMES[seat]} cannot play {card_name(card)}",
                         f"event {index}")
    else:
        raise TableError("play has stopped for a claim or concession (Law 68D)",
                         f"event {index}")


def _play_during_decision(self: Table, event: PlayCard, index: int) -> bool:
    """A card played while a choice is pending: the edition's ``play_during_choice``
    says what it settles (53B, 53C, 54, 60A-C, 50D2, 52B1b).  Returns False when the
    Laws give it no meaning here (the table then asks for the choice first)."""
    p = self.pending
    assert p is not None
    seat = event.by
    if not (isinstance(seat, int) and 0 <= seat <= 3):
        return False
    self._check_holds(seat, event.card, index)
    ops = self.edition.play_during_choice(self, p, seat, event.card)
    if ops is None:
        return False
    self._apply_consequences(ops)
    return True
