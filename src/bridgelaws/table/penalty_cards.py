"""Exposed and penalty cards, and the duties of play they bring: Laws 24, 48-52, 57 (the
table's side: the penalty cards on the table, what a seat may play).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEAT_NAMES, SUIT_MASKS, SUIT_LETTERS, card_name, cards_of, mask_of, parse_card
from ..events import ExposeCard, PlayCard

from .constants import AUCTION, PLAY
from .errors import TableError

if TYPE_CHECKING:
    from .core import Table


def _play_duty(self: Table, seat: int, base: int) -> int:
    """Law 57A: the card declarer chose for the partner of a premature player (59: a
    player unable to comply plays any legal card); 57D: the card that must be played."""
    duty = self.play_duties[seat]
    option = duty["option"]
    if option in ("any", "lead"):
        return base                       # Law 51B: any legal card to this trick; a card
                                          # led early waits for the next trick
    if option == "free":                  # Law 62C: he may play another card
        return (self.edition.penalty_card_duty(self, seat, base) if seat in self.penalty_cards
                else base)
    if option == "card":
        return base & (1 << duty["card"]) or base
    led = self.trick[0] // 13 if self.trick else None
    follow = base & SUIT_MASKS[led] if led is not None else 0
    if option in ("highest", "lowest"):
        if not follow:
            return base
        cards = list(cards_of(follow))
        return 1 << (cards[-1] if option == "highest" else cards[0])
    if follow:
        return base                       # he must follow suit: 59
    suit_mask = SUIT_MASKS[duty["suit"]]
    if option == "require_suit":
        return base & suit_mask or base
    return base & ~suit_mask or base


def _designation_due(self: Table) -> None:
    """Law 51A: a defender with two or more major penalty cards that he may play now
    plays the one declarer designates."""
    if self.pending is not None or self.phase != PLAY or self.claim is not None:
        return
    seat = self._turn()
    if seat not in self.penalty_cards or seat in self.play_duties:
        return
    must = self.legal_cards_mask() & self._major_penalty_mask(seat)
    if must.bit_count() >= 2:
        self._await(self.edition.designate_penalty_card(self, seat, must))


def _play_unchecked(self: Table, seat: int, card: int) -> None:
    """Play a card that declarer accepted in place of a penalty card (52B1a)."""
    self._accepting = True
    try:
        self._play(PlayCard(seat, card))
    finally:
        self._accepting = False


def _add_penalty_card(self: Table, seat: int, card: int, major: bool) -> None:
    """Law 50: ``card`` becomes a penalty card of ``seat``; a defender with two or
    more penalty cards has only major ones (50B, the edition's
    ``several_penalty_cards_law``)."""
    cards = self.penalty_cards.setdefault(seat, [])
    cards.append({"card": card_name(card), "major": major})
    if len(cards) > 1 and not all(c["major"] for c in cards):
        law = self.edition.several_penalty_cards_law()
        if law is not None:
            for c in cards:
                c["major"] = True
            self.laws.append(law)


def _major_penalty_mask(self: Table, seat: int, minor_too: bool = False) -> int:
    return mask_of(parse_card(c["card"]) for c in self.penalty_cards.get(seat, ())
                   if c["major"] or minor_too)


def _restricted_leads(self: Table, seat: int, hand: int) -> int:
    """A lead under restriction (26B and, to come, 50D, 51B, 54D, 56B); Law 59: a
    player unable to comply plays any otherwise legal card."""
    name = SEAT_NAMES[seat]
    allowed = hand
    for r in self.lead_restrictions:
        if r["seat"] != name:
            continue
        if "forbid" in r:
            for suit in r["forbid"]:
                allowed &= ~SUIT_MASKS[SUIT_LETTERS.index(suit)]
        if "require" in r:
            allowed &= SUIT_MASKS[SUIT_LETTERS.index(r["require"])]
    return allowed or hand


def _expose(self: Table, event: ExposeCard, index: int) -> None:
    seat, card = event.by, event.card
    self._check_holds(seat, card, index)
    facts = {"card": card_name(card)}
    if self.phase == AUCTION or (self.phase == PLAY and not self.dummy_faced):
        self._irregular("card_exposed_during_auction", seat, index, _card=card,  # Law 24
                        _led=False, **facts)
        self._exposed_after_auction()          # after the final pass: 24D, 24E at once
    elif self.phase == PLAY:
        if seat == self.dummy:
            return                     # dummy's cards lie face up already (Law 41D)
        if seat == self.declarer:
            self._irregular("card_exposed_by_declarer", seat, index, _card=card,  # Law 48
                            **facts)
        else:
            self._irregular("card_exposed_by_defender", seat, index, _card=card,  # Law 49
                            _deliberate=event.deliberate, **facts)
    else:
        raise TableError("play is over; exposing a card changes nothing", f"event {index}")
