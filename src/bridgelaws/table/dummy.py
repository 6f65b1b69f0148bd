"""Dummy and designations: Laws 42-47 (the table's side: dummy's cards designated, changed
or withdrawn).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import card_name
from ..events import ChangePlay, Designate, DrawAttention, PlayCard
from ..laws.consequences import Refuse
from ..laws.dummy import Designation
from ..laws.ruling import Irregularity, Ruling

from .constants import PLAY
from .errors import TableError, refused

if TYPE_CHECKING:
    from .core import Table


def _misinformed_lead(self: Table, event: DrawAttention, index: int) -> None:
    """Law 47E1: a lead out of turn induced by an opponent's mistaken statement."""
    self._apply_consequences(self.edition.misinformed_lead(self, event.by), f"event {index}")


def _misinformed_play(self: Table, event: DrawAttention, index: int) -> None:
    """Law 47E2: a card played on a mistaken explanation may be withdrawn if no card
    has been played to the trick after it, the opening lead not once dummy has faced
    a card (the edition's ``misinformed_play``)."""
    seat = event.by
    last = bool(self.trick) and (self._turn() - 1) & 3 == seat
    opening = not self.tricks and len(self.trick) == 1
    may = last and not opening
    if may:
        self._retract_since(len(self.tricks) + 1, len(self.trick) - 1)
    self._apply_consequences(self.edition.misinformed_play(self, seat, may))


def _dummy_broke_limits(self: Table, index: int) -> None:
    """Law 43A2: dummy swapped hands with declarer, left his seat to watch declarer's
    play or looked at a defender's hand; 43B2 and 43B3 follow from it."""
    if self.phase != PLAY:
        raise TableError("dummy's limitations (Law 43) apply during the play",
                         f"event {index}")
    self._dummy_limits = True
    self._apply_consequences(self.edition.dummy_broke_limits(self))


def _dummy_played(self: Table, index: int) -> None:
    """Law 45F: dummy touched, pointed at or played a card without declarer's
    instruction; a defender's premature play that follows it in this trick is not
    rectified (57C2)."""
    if self.phase != PLAY:
        raise TableError("dummy suggests a play only during the play", f"event {index}")
    self._dummy_own = len(self.tricks) + 1
    self._apply_consequences(self.edition.dummy_played(self))


def _dummy_warns(self: Table, event: DrawAttention, index: int) -> None:
    """Dummy warns declarer against leading from the wrong hand (42B2; 43B2a after
    dummy broke 43A2: the edition's ``dummy_warns``)."""
    if event.by != self.dummy or self.phase != PLAY or self.trick or \
            self.trick_leader not in (self.declarer, self.dummy):
        raise TableError("dummy's warning is about declarer's next lead (Laws 42B2, 43B2a)",
                         f"event {index}")
    irr = Irregularity("wrong_hand_warning", event.by, index, ("43B",), {})
    ruling = self.edition.dummy_warns(self, irr, self._dummy_limits)
    if not isinstance(ruling, Ruling):
        self._apply_consequences(ruling)      # 42B2: allowed
        return
    self.irregularities.append(irr)
    self.laws.extend(irr.laws)
    self._await(ruling)


def _change_play(self: Table, event: ChangePlay, index: int) -> None:
    """Law 45C4b: declarer changes an unintended designation of dummy's card, before
    he plays again from either hand.  Law 45D: dummy played a card declarer did not
    name; it is withdrawn if each side has not yet played to the next trick.  Either
    way a defender who played after it may take his card back (47D; 16C1); under 45D
    declarer's own later card to the trick may be replaced only if his RHO changed."""
    seat, reason = event.by, event.reason
    if seat != self.dummy or self.phase != PLAY:
        raise TableError("only a card of dummy's is changed this way (Laws 45C4b, 45D)",
                         f"event {index}")
    dummy_cards = [(n, i, c) for n, i, s_, c in self.played() if s_ == seat]
    if not dummy_cards:
        raise TableError("dummy has played no card yet", f"event {index}")
    if event.withdrawn is not None:
        chosen = [x for x in dummy_cards if x[2] == event.withdrawn]
        if not chosen:
            raise TableError(f"dummy has not played {card_name(event.withdrawn)}",
                             f"event {index}")
        dummy_cards = chosen
    n, pos, _old = dummy_cards[-1]
    later = [(s_, c) for k, i, s_, c in self.played() if (k, i) > (n, pos)]
    verdict = self.edition.dummy_card_changed(
        self, reason, any(s == self.declarer for s, _c in later),
        self.both_sides_played_after(n))
    if type(verdict) is Refuse:
        raise refused(verdict, f"event {index}")
    taken = self._retract_since(n, pos)
    self._apply_consequences([verdict, *self.edition.cards_after_dummy_change(
        self, [(s_, c) for s_, c in taken[1:] if s_ != seat])])
    self._play(PlayCard(seat, event.card))


def _designate(self: Table, event: Designate, index: int) -> None:
    """Law 46B: declarer's incomplete designation of dummy's card: the edition's
    ``designation`` names the card, or who names it."""
    seat = event.by
    if seat != self.dummy or self.phase != PLAY or self.to_act != seat:
        raise TableError("a designation (Law 46) is of a card from dummy at dummy's turn",
                         f"event {index}")
    named = self.edition.designation(self, event.words)
    if type(named) is Refuse:
        raise refused(named, f"event {index}")
    assert isinstance(named, Designation)
    if named.card is not None:
        self.laws.append(named.law)
        self._play(PlayCard(seat, named.card))
        return
    irr = Irregularity("incomplete_designation", seat, index, ("46",),
                       {"words": event.words, "_allowed": named.allowed})
    self.irregularities.append(irr)
    self.laws.extend(irr.laws)
    self._await(self.edition.incomplete_designation(self, irr, named))
