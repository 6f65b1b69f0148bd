"""The Director's rulings as input: Laws 12-16, 54C, 64B4-5, 68D, 69B, 70, 71.

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import card_name
from ..events import Director
from ..laws.consequences import Refuse

from .errors import TableError, refused

if TYPE_CHECKING:
    from .core import Table


def _director(self: Table, event: Director, index: int) -> None:
    """A ruling of the Director as input: the edition's hook for it says what follows
    (claims 68D2b and 70; 54C; 64B4-5; 69B and 71; Laws 13-15)."""
    what, seat = event.what, event.by
    where = f"event {index}"
    ed = self.edition
    if what in ("claim", "play_on"):
        p = self.pending
        c = self.claim
        if c is None or p is None or p.irregularity.kind not in (
                "disputed_claim", "disputed_concession"):
            raise TableError("no disputed claim or concession awaits the Director", where)
        if what == "play_on":
            ops = ed.play_on_after_claim(self)
            self._apply_consequences([op for op in ops if type(op) is Refuse], where)
            self.pending = None
            self.claim = None
            self._apply_consequences(ops, where)  # the claim is void; play goes on
            return
        verdict = ed.claim_decided(self, c["remaining"], event.tricks)
        if isinstance(verdict, Refuse):
            raise refused(verdict, where)
        self.pending = None
        self.claim = None
        assert event.tricks is not None
        self._end_by_claim(seat & 1, event.tricks, c["remaining"], verdict.law)
        return
    if what == "ruled":
        # the rectification of the last irregular call is given: the LHO's next call
        # comes after it (not Laws 37A, 38D, 39B)
        self._over_watch = None
        return
    if what == "declarer_saw_dummy":
        self._apply_consequences(ed.declarer_saw_dummy(self), where)
        return
    if what == "revoke_found_late":
        live = [i for i, r in enumerate(self.revokes) if r.established and not r.corrected]
        self._apply_consequences(ed.revoke_found_late(self, event.value, live), where)
        self._settle_revokes(self._claimed)
        return
    if what in ("acquiescence_withdrawn", "concession_cancelled"):
        self._apply_consequences(ed.tricks_given_back(self, what, seat, event.tricks,
                                                        ground=event.ground, in_time=event.value), where)
        return
    if what == "cards_corrected":
        self._apply_consequences(ed.cards_corrected(self, event.value), where)
        return
    if what == "wrong_count_after_call":
        self._apply_consequences(ed.wrong_count_after_call(self, event.value), where)
        return
    if what == "surplus_card":
        self._apply_consequences(ed.surplus_card(self, event.value), where)
        return
    if what == "wrong_count_after_play":
        self._apply_consequences(ed.wrong_count_after_play(self), where)
        return
    if what == "missing_card":
        card = event.card
        if card is None:
            raise TableError("Law 14: name the missing card ('card')", where)
        if not self.hands[seat] >> card & 1:
            if self._trick_of(card) is not None:
                raise TableError(f"{card_name(card)} was found among the played cards: "
                                 "that is a defective trick (Laws 14B1, 67)", where)
            self._check_holds(seat, card, index)
        # the engine's hand held the card throughout: whatever its absence caused
        # (a revoke, 14B4) is already on record
        self._apply_consequences(ed.missing_card(self, seat), where)
        return
    if what == "wrong_board_call":
        self._apply_consequences(ed.wrong_board_call(self, seat), where)
        return
    if what == "wrong_board":
        self._apply_consequences(ed.wrong_board(self, event.value), where)
        return
    raise TableError(f"unknown Director ruling {what!r}", where)
