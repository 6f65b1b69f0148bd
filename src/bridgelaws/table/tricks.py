"""Several cards played together, omitted cards and defective tricks: Laws 58 and 67 (the
table's side: the defects of each trick).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..cards import SEAT_NAMES, card_name, mask_of
from ..events import Choose, Omit, PlayCard, PlayCards
from ..laws.consequences import Cite, Refuse
from ..laws.dummy import card_value
from ..laws.ruling import IRREGULARITY_KINDS, Irregularity, Ruling
from ..play import trick_winner

from .constants import COMPLETE, PLAY
from .errors import TableError
from .revokes import Revoke

if TYPE_CHECKING:
    from .core import Table


def _defective_winner(self: Table, trick: Sequence[int], leader: int) -> int:
    """The winner of a trick with a card missing (-1): Laws 44E, 44F over the cards
    there (Law 67B: the card placed later does not change who won it)."""
    led = trick[0] // 13
    best = max((i for i, c in enumerate(trick) if c >= 0),
               key=lambda i: card_value(trick[i], led, self.trump))
    return (leader + best) & 3


def _play_several(self: Table, event: PlayCards, index: int) -> None:
    """Law 58B: two or more cards played together from one hand.  One face visible:
    that card is played and the others go back (58B1).  Several: the player names
    the one he plays, and a defender's other visible cards become penalty cards
    (58B2).  Unnoticed (Law 67): the first visible card is played and the others lie
    in the trick until attention is drawn to the defective trick."""
    seat, cards = event.by, list(event.cards)
    if not (isinstance(seat, int) and 0 <= seat <= 3):
        raise TableError(f"unknown seat {seat!r}", f"event {index}")
    if len(set(cards)) != len(cards):
        raise TableError("the same card is named twice", f"event {index}")
    for c in cards:
        self._check_holds(seat, c, index)
    visible = cards if event.visible is None else list(event.visible)
    if any(c not in cards for c in visible):
        raise TableError("a visible card is not among the cards played", f"event {index}")
    if self.phase != PLAY or self.claim is not None:
        raise TableError("several cards played together: only during the play (during "
                         "the auction each exposed card is an 'expose' event, Law 24)",
                         f"event {index}")
    if event.unnoticed:
        if self.to_act != seat or self.pending is not None:
            raise TableError("cards played together unnoticed (Law 67) are played at the "
                             "player's turn", f"event {index}")
        if visible:
            played = visible[0]
        else:
            # 67B2a: the highest card that could legally have been played
            legal = self.legal_cards_mask() if self.to_act == seat else self.hands[seat]
            played = max((c for c in cards if legal >> c & 1), default=max(cards))
        self._play(PlayCard(seat, played))
        n = self._trick_of(played)
        if n is None:                # an irregular play the table is still ruling on
            n = len(self.tricks) + 1
        for c in cards:
            if c != played:
                self.hands[seat] &= ~(1 << c)
                self._defects.append({"kind": "surplus", "trick": n, "seat": seat,
                                      "card": c, "visible": c in visible,
                                      "played": played,
                                      "played_visible": played in visible})
        return
    if len(visible) <= 1:
        # 58B1: the card seen is played; the others go back with no rectification
        self._ruled_now("several_cards_played", seat, index,
                        self.edition.one_card_visible(self),
                        cards=" ".join(card_name(c) for c in cards))
        self._play(PlayCard(seat, visible[0] if visible else cards[0]))
        return
    self._irregular("several_cards_played", seat, index,
                    cards=" ".join(card_name(c) for c in cards),
                    _visible=mask_of(visible))


def _omit(self: Table, event: Omit, index: int) -> None:
    """A player's card is missing from the trick; the others played on (Law 67)."""
    seat = event.by
    if self.phase != PLAY or self.claim is not None or self.to_act != seat:
        raise TableError(f"{SEAT_NAMES[seat]} can omit a card only at his turn to play",
                         f"event {index}")
    if not self.trick:
        raise TableError("a lead cannot be omitted: the next lead is the next event",
                         f"event {index}")
    self._defects.append({"kind": "omitted", "trick": len(self.tricks) + 1, "seat": seat})
    self.trick.append(-1)
    if len(self.trick) == 4:
        self._complete_trick()


def both_sides_played_after(self: Table, n: int) -> bool:
    """Whether each side has played to the trick after trick ``n`` (Law 67A/B)."""
    if n < len(self.tricks):
        return True
    if n > len(self.tricks):
        return False
    leader = self.trick_leader
    assert leader is not None
    return len({(leader + i) & 1 for i in range(len(self.trick))}) == 2


def _defective_trick(self: Table, index: int) -> None:
    """Law 67: attention to a defective trick.  Before each side has played to the
    next trick (67A), an omitted card is supplied, legally, and the trick counts as
    played; surplus cards go back to the hand (58B, 45E).  Later (67B): the offender
    places a card among his played cards (one of the suit led if he has it), the trick
    stays with its winner, and he is deemed to have revoked: one trick is transferred
    as under 64A2 (67B1); a surplus card goes back to the hand, deemed held
    throughout, so that failing to play it since may be a revoke, and a defender's
    exposed surplus card is a penalty card (67B2)."""
    if not self._defects:
        raise TableError("attention drawn to a defective trick, but every trick has one "
                         "card from each hand", f"event {index}")
    d = self._defects[-1]
    n, seat = d["trick"], d["seat"]
    late = self.both_sides_played_after(n)
    if d["kind"] == "omitted":
        if not late:
            self._retract_since(n + 1, 0)
        irr = Irregularity("defective_trick", seat, index, ("67",),
                           {"trick": n, "_trick": n, "_late": late})
        self.irregularities.append(irr)
        self._await(self.edition.omitted_card(self, irr, late))
        return
    if not late and d["visible"] and d.get("played_visible"):
        # 67A2 with 58B2: several faces were seen: the offender names the card he
        # played; a defender's other card is a penalty card
        irr = Irregularity("several_cards_played", seat, index, ("58B",),
                           {"cards": f"{card_name(d['played'])} {card_name(d['card'])}",
                            "_visible": (1 << d["played"]) | (1 << d["card"]),
                            "_surplus": d})
        self.irregularities.append(irr)
        self.laws.extend((self.edition.surplus_card_law(False),) + irr.laws)
        self._await(self.edition.surplus_cards_seen(self, irr))
        return
    self._defects.pop()
    self.hands[seat] |= 1 << d["card"]
    self._ruled_now("defective_trick", seat, index, [Cite(self.edition.surplus_card_law(late))],
                    trick=n, card=card_name(d["card"]))
    if late:
        for k, _i, s_, mine in list(self.played()):
            if k <= n or s_ != seat:
                continue
            led = self.trick_cards(k)[0] // 13
            if mine >= 0 and mine // 13 != led and d["card"] // 13 == led and \
                    not any(r.seat == seat and r.trick == k for r in self.revokes):
                r = Revoke(seat, k, mine, led)
                r.established = k < len(self.tricks) or (
                    k == len(self.tricks) and bool(self.trick))
                r.noticed = True          # found by the attention drawn (67B2)
                self.revokes.append(r)
                self.laws.extend(IRREGULARITY_KINDS["revoke"])   # 61A
    if d["visible"] and seat not in (self.declarer, self.dummy):
        self._add_penalty_card(seat, d["card"], d["card"] % 13 >= 8)
    if self.phase == COMPLETE and self.revokes:
        self._settle_revokes(self._claimed)


def _name_surplus(self: Table, seat: int, d: dict[str, Any], card: int) -> None:
    """67A2/58B2: of two cards seen in one trick, the offender keeps ``card`` there;
    the other goes back to his hand, a penalty card if he is a defender."""
    self._defects = [x for x in self._defects if x is not d]
    other = d["card"] if card == d["played"] else d["played"]
    if card != d["played"]:
        n = d["trick"]
        if n > len(self.tricks):
            self.trick = [card if c == d["played"] else c for c in self.trick]
        else:
            leader, cards, winner = self.tricks[n - 1]
            cards = tuple(card if c == d["played"] else c for c in cards)
            new = trick_winner(cards, leader, self.trump)
            self.tricks[n - 1] = (leader, cards, new)
            self.won[winner & 1] -= 1
            self.won[new & 1] += 1
            if n == len(self.tricks) and not self.trick:
                self.trick_leader = new
    self.hands[seat] |= 1 << other
    if seat not in (self.declarer, self.dummy):
        self._add_penalty_card(seat, other, other % 13 >= 8)


def _complete_defective(self: Table, p: Ruling, event: Choose, index: int) -> None:
    """Law 67: the offender supplies the card missing from trick ``n`` (the edition's
    ``omitted_card_supplied`` says what follows)."""
    irr = p.irregularity
    seat, n, late = irr.by, irr.facts["_trick"], irr.facts["_late"]
    ops = self.edition.omitted_card_supplied(self, seat, n, event.card, late)
    self._apply_consequences([op for op in ops if type(op) is Refuse], f"event {index}")
    card = event.card
    assert card is not None
    in_progress = n > len(self.tricks)
    self.hands[seat] &= ~(1 << card)
    self._defects = [d for d in self._defects if not (d["kind"] == "omitted"
                                                      and d["trick"] == n)]
    self.pending = None
    if in_progress:                     # the trick is still being played (67A1)
        self.trick = [card if c < 0 else c for c in self.trick]
        self._apply_consequences(ops)
        return
    leader, played, winner = self.tricks[n - 1]
    cards = tuple(card if c < 0 else c for c in played)
    if late:
        # 67B1: found late, the trick keeps its winner (a deemed revoke in 2017; the
        # 1997 67B1a places a card of the suit led with no penalty)
        self.tricks[n - 1] = (leader, cards, winner)    # the winner does not change
        self._apply_consequences(ops)                    # found by the attention (67B1)
        if self.phase == COMPLETE:
            self._settle_revokes(self._claimed)
        return
    new = trick_winner(cards, leader, self.trump)
    self.tricks[n - 1] = (leader, cards, new)
    self.won[winner & 1] -= 1
    self.won[new & 1] += 1
    self._apply_consequences(ops)
    if n == len(self.tricks):
        self.trick_leader = new
    if self.phase == COMPLETE and self.revokes:
        self._settle_revokes(self._claimed)
