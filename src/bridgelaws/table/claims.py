"""Claims and concessions: Laws 68-71 (the table's side: the claim awaiting answers, the
end of play by a claim).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SEAT_NAMES
from ..events import Claim, Concede, Respond

from .constants import COMPLETE, PLAY
from .errors import TableError

if TYPE_CHECKING:
    from .core import Table


def _claim(self: Table, event: Claim | Concede, index: int) -> None:
    seat = event.by
    is_claim = type(event) is Claim
    what = "claim" if is_claim else "concession"
    if self.phase != PLAY:
        raise TableError(f"a {what} is made during the play (Law 68)", f"event {index}")
    if self.claim is not None:
        raise TableError(f"a {self.claim['kind']} is already awaiting answers", f"event {index}")
    if seat == self.dummy:
        raise TableError(f"dummy takes no part in the play and cannot make a {what} "
                         "(Law 43A1)", f"event {index}")
    remaining = 13 - len(self.tricks)          # a trick in progress counts as remaining
    n = event.tricks
    if not isinstance(n, int) or not 0 <= n <= remaining:
        raise TableError(f"a {what} of {n!r} tricks, but {remaining} remain", f"event {index}")
    # Law 68A: a claim of some tricks concedes the others; 68B1: a concession
    claimer_tricks = n if is_claim else remaining - n
    answer_from = self.edition.claim_answered_by(self, seat)
    self.claim = {"kind": "claim" if is_claim else "concession", "by": seat, "tricks": n,
                  "claimer_tricks": claimer_tricks, "remaining": remaining,
                  "answer_from": answer_from, "answers": {}, "event": index,
                  "line": getattr(event, "line", None)}
    self.laws.append(self.edition.claim_made(self, seat, is_claim).law)
    if is_claim:
        self.faced |= self.hands[seat]    # Law 68C: the claimer faces his hand
    if self.revokes:
        self._establish_revokes(seat, "claim")   # the offending side claims or concedes


def _respond(self: Table, event: Respond, index: int) -> None:
    c = self.claim
    seat = event.by
    if c is None:
        raise TableError("there is no claim or concession to answer", f"event {index}")
    if event.answer not in ("accept", "dispute"):
        raise TableError(f"an answer is accept or dispute, not {event.answer!r}",
                         f"event {index}")
    if seat == (c["by"] + 2) & 3 and c["kind"] == "concession" and c["by"] != self.declarer:
        if event.answer == "dispute":
            # Law 68B2: a defender concedes and partner objects at once: no concession
            self.claim = None
            self._irregular("concession_objected_by_partner", seat, index)
            return
        raise TableError("partner's agreement to a concession is not asked", f"event {index}")
    if seat not in c["answer_from"]:
        raise TableError(f"{SEAT_NAMES[seat]} is not an opponent of the "
                         f"{c['kind']} by {SEAT_NAMES[c['by']]}", f"event {index}")
    if event.answer == "dispute":
        kind = "disputed_claim" if c["kind"] == "claim" else "disputed_concession"
        self._irregular(kind, seat, index, tricks=c["tricks"])    # Laws 68D, 70
        return
    answers = c["answers"]
    answers[seat] = "accept"
    if len(answers) == len(c["answer_from"]):          # only its opponents' answers are kept
        # Law 69A: the claim or concession is agreed; the tricks are scored as stated
        self._end_by_claim(c["by"] & 1, c["claimer_tricks"], c["remaining"],
                           self.edition.claim_agreed(self))


def _end_by_claim(self: Table, side: int, tricks: int, remaining: int, law: str) -> None:
    """Play ends with ``tricks`` of the ``remaining`` ones to ``side``, as agreed
    (69A) or as the Director awards (70).  Every revoke not yet established is
    established (63A4), and Law 64 counts the claimed tricks as won after it."""
    self.won[side] += tricks
    self.won[side ^ 1] += remaining - tricks
    self.laws.append(law)
    self.claim = None
    self.phase = COMPLETE
    if self.revokes:
        self._establish_revokes(side, "agreed")
        claimed = [0, 0]
        claimed[side], claimed[side ^ 1] = tricks, remaining - tricks
        self._settle_revokes((claimed[0], claimed[1]))
