"""Revokes: Laws 61-64 (the table's side: the revokes' bookkeeping, attention drawn, the
questions of Law 61B, cards taken back).

These functions are methods of :class:`~bridgelaws.table.Table` (the class body of
:mod:`bridgelaws.table.core` takes them in); the rules themselves are hooks of the
edition (:mod:`bridgelaws.laws`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..cards import SEAT_NAMES, SUIT_MASKS, SUIT_LETTERS
from ..events import Answer, DrawAttention, Question
from ..laws.consequences import MarkRevoke, Refuse

from .constants import PLAY
from .errors import QuestionRefused, TableError

if TYPE_CHECKING:
    from .core import Table

__all__ = ["Revoke"]


class Revoke:
    """A revoke (Law 61A): ``seat`` failed to follow suit to trick ``trick`` (1-based)."""

    __slots__ = ("seat", "trick", "card", "suit", "established", "corrected", "transfer",
                 "faced", "faced_unplayed", "deemed", "forced", "late", "noticed")

    def __init__(self, seat: int, trick: int, card: int, suit: int = -1, faced: bool = False):
        self.seat, self.trick, self.card, self.suit = seat, trick, card, suit
        self.faced = faced                      # the card was a penalty card (62B2)
        self.faced_unplayed = False             # he held a penalty card of the suit (64B3)
        self.deemed = False                     # deemed a revoke by Law 67B1
        self.forced = False                     # corrected, but 64 applies (43B2b)
        self.late: str | None = None            # first pointed out too late (64B4, 64B5)
        self.transfer = 0
        self.established = False
        self.corrected = False
        self.noticed = False                    # attention was drawn to it (62, 63B, 67)

    def as_dict(self) -> dict[str, Any]:
        return {"seat": SEAT_NAMES[self.seat], "trick": self.trick,
                "established": self.established, "corrected": self.corrected,
                "transfer": self.transfer}


def _settle_revokes(self: Table, claimed: tuple[int, int] = (0, 0)) -> None:
    """Law 64 at the end of play: the edition's ``revoke_transfer`` says what each
    established revoke transfers.  ``claimed`` are the tricks each side got by an
    agreed claim after the last trick played (they count as tricks won after the
    revoke).  Settling again (after a later correction, 67B, 69B) first undoes the
    transfers made before."""
    self._claimed = claimed
    for r in self.revokes:
        if r.transfer:
            self.won[r.seat & 1] += r.transfer
            self.won[(r.seat & 1) ^ 1] -= r.transfer
            r.transfer = 0
    live = [i for i, r in enumerate(self.revokes)
            if (r.established and not r.corrected) or r.forced]
    if live:
        self._apply_consequences(self.edition.revoke_transfer(self, live, claimed))


def _establish_revokes(self: Table, seat: int, how: str = "play") -> None:
    """Law 63A: the revokes that ``seat``'s act (``how``: ``"play"``, ``"claim"``,
    ``"agreed"``) establishes, as the edition's ``revoke_established`` says."""
    for r in self.revokes:
        if not r.established and not r.corrected:
            law = self.edition.revoke_established(self, r, seat, how)
            if law is not None:
                r.established = True
                self.laws.append(law)


def _attention(self: Table, event: DrawAttention, index: int) -> None:
    """Attention drawn to a revoke.  Established (63A): it stands, and Law 64 acts at
    the end of play (63B), except on trick 12, where it is corrected all the same
    (62D).  Not established: the offender must correct it (62A), substituting a legal
    card; a defender's card from his unfaced hand becomes a major penalty card (62B1),
    declarer's, dummy's or a faced card goes back to the hand (62B2).  Cards played
    after the revoke come back to their hands: each non-offender may then play another
    (62C1); an offender must play his again unless the non-offender before him in
    rotation changed his, and a defender who then changes makes his first card a
    penalty card (62C2).  When both sides revoked on the same trick, both revokes are
    corrected (62C3).  ``offender`` (and ``trick``) name the revoke; without them it is
    the latest one not yet corrected."""
    what = event.what
    if what != "revoke":
        handler = {"defective_trick": lambda: self._defective_trick(index),
                   "misinformed_lead": lambda: self._misinformed_lead(event, index),
                   "misinformed_play": lambda: self._misinformed_play(event, index),
                   "dummy_limits": lambda: self._dummy_broke_limits(index),
                   "dummy_played": lambda: self._dummy_played(index),
                   "wrong_hand": lambda: self._dummy_warns(event, index)}.get(what)
        if handler is None:
            raise TableError(f"unknown attention {what!r} (revoke, defective_trick, "
                             "misinformed_lead, misinformed_play, dummy_limits, "
                             "wrong_hand, dummy_played)", f"event {index}")
        handler()
        return
    open_revokes = [r for r in self.revokes if not r.corrected]
    if not open_revokes:
        raise TableError("attention drawn to a revoke, but no card played so far failed "
                         "to follow suit when able (Law 61A)", f"event {index}")
    r = open_revokes[-1]
    if event.offender is not None or event.trick is not None:
        found = next((x for x in reversed(open_revokes)
                      if event.offender in (None, x.seat) and event.trick in (None, x.trick)),
                     None)
        if found is None:
            o = event.offender
            who = SEAT_NAMES[o] if isinstance(o, int) and 0 <= o <= 3 else "anyone"
            on = f" on trick {event.trick}" if event.trick is not None else ""
            raise TableError(f"attention drawn to a revoke by {who}{on}, but there is no "
                             "such revoke to rectify (Law 61A)", f"event {index}")
        r = found
    self._revoke_attention(r, event.by, index)


def _revoke_attention(self: Table, r: Revoke, by: int, index: int, asked: bool = False) -> None:
    """Attention drawn by ``by`` to the revoke ``r`` (see :meth:`_attention`).
    ``asked``: by a question of Law 61B that its offender answered, which dummy may
    ask declarer (61B2a) without drawing attention himself (43A1b).  The edition
    says what follows (``dummy_draws_attention_to_revoke``, ``revoke_correction``,
    ``revoke_corrected``, ``cards_after_revoke``); the table takes the cards back."""
    ed = self.edition
    r.noticed = True
    open_revokes = [x for x in self.revokes if not x.corrected]
    if by == self.dummy and self.phase == PLAY:
        ops = ed.dummy_draws_attention_to_revoke(self, self.revokes.index(r), asked,
                                                 self._dummy_limits)
        self._apply_consequences(ops)
        if any(type(op) is MarkRevoke and op.late is not None for op in ops):
            return                            # never rectified (43B3)
    law, fixing = ed.revoke_correction(self, r, open_revokes)
    if not fixing:
        self.laws.append(law)                 # 63B: Law 64 acts at the end of play
        return
    fixed = sorted((x for x in self.revokes if any(x is f for f in fixing)),
                   key=self._position)
    for x in fixed:
        x.noticed = True
    taken = self._retract_since(r.trick, self._position(fixed[0]), keep=fixed)
    revoke_cards = {(x.seat, x.card) for x in fixed}
    for x in fixed:
        x.corrected = True
    self._apply_consequences(ed.revoke_corrected(self, law, r, fixed))
    self._apply_consequences(ed.cards_after_revoke(
        self, law, r.seat & 1, [(s_, c) for s_, c in taken if (s_, c) not in revoke_cards]))


def showed_out(self: Table, seat: int, trick: int) -> bool:
    """Whether ``seat`` played a card of another suit than the one led to trick
    ``trick`` (1-based; the trick in progress included): a fact every player saw."""
    if not 1 <= trick <= len(self.tricks) + (1 if self.trick else 0):
        return False
    leader = self.trick_leader if trick > len(self.tricks) else self.tricks[trick - 1][0]
    assert leader is not None
    cards = self.trick_cards(trick)
    pos = (seat - leader) & 3
    if pos == 0 or pos >= len(cards) or cards[0] < 0 or cards[pos] < 0:
        return False
    return cards[pos] // 13 != cards[0] // 13


def ask_check(self: Table, by: int, asks: int, trick: int | None = None,
              where: str | None = None) -> tuple[str, int]:
    """Whether ``by`` may ask ``asks`` now about trick ``trick`` (``None``: the latest
    trick where ``asks`` failed to follow suit) under Law 61B: returns the law that
    allows it and the trick, or raises :class:`QuestionRefused` naming the reason.
    Everything it looks at is public: the seats' roles and the cards played.

    >>> from bridgelaws.table import Table
    >>> from bridgelaws.boards import Board
    >>> from bridgelaws.cards import Deal
    >>> deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 "
    ...                      "J76.A8765.T98.A4 543.43.7654.8765")
    >>> t = Table(Board(1, deal))
    >>> for c in ["1N", "P", "P", "P"]:
    ...     t.call(c)
    >>> for card in ["CQ", "C4", "D4"]:   # West plays a diamond to the club lead
    ...     t.play(card)
    >>> t.ask_check(0, 3)                 # declarer asks West, who showed out on trick 1
    ('61B1', 1)
    >>> t.ask_check(1, 3)                 # West's partner may too, unless regulated
    ('61B3', 1)
    """
    if self.phase != PLAY or self.claim is not None or self.pending is not None \
            or self.question is not None:
        raise QuestionRefused("not_play", where)
    if by == asks:
        raise QuestionRefused("self", where)
    if asks == self.dummy:
        raise QuestionRefused("dummy", where)
    if trick is None:
        last = len(self.tricks) + (1 if self.trick else 0)
        trick = next((n for n in range(last, 0, -1) if self.showed_out(asks, n)), None)
    if trick is None or not self.showed_out(asks, trick):
        on = f"trick {trick}" if trick is not None else "any trick"
        raise QuestionRefused("followed", where, asks=SEAT_NAMES[asks], trick=on, seat=asks)
    verdict = self.edition.question_law(self, by, asks)     # 61B1, 61B2a, 61B3
    if isinstance(verdict, Refuse):
        raise QuestionRefused(verdict.code.removeprefix("question.") or verdict.reason, where)
    return verdict.law, trick


def true_answer(self: Table) -> str | None:
    """The true answer to the pending question: ``"yes"`` when the asked player had a
    card of the suit led when he played to that trick (he revoked), else ``"no"``."""
    q = self.question
    if q is None:
        return None
    seat, n = q["_asks"], q["trick"]
    held = self.hands[seat]
    for k, _pos, s_, card in self.played():
        if s_ == seat and k >= n and card >= 0:
            held |= 1 << card                # played since: he held it then
    return "yes" if held & SUIT_MASKS[SUIT_LETTERS.index(q["suit"])] else "no"


def _question(self: Table, event: Question, index: int) -> None:
    """Law 61B: a player who failed to follow suit is asked whether he has a card of
    the suit led; he owes the answer before anything else happens."""
    asks = event.asks
    if not isinstance(asks, int) or not 0 <= asks <= 3:
        raise TableError(f"unknown seat {asks!r}", f"event {index}")
    law, n = self.ask_check(event.by, asks, event.trick, f"event {index}")
    led = self.trick_cards(n)[0] // 13
    self.question = {"by": SEAT_NAMES[event.by], "asks": SEAT_NAMES[asks], "trick": n,
                     "suit": SUIT_LETTERS[led], "law": law, "answer": None,
                     "event": index, "_by": event.by, "_asks": asks}
    self.questions.append(self.question)
    self.laws.append(law)


def _answer(self: Table, event: Answer, index: int) -> None:
    """The answer to a question of Law 61B.  It must be true (the table knows the
    hand).  ``"yes"`` draws attention to the revoke on that trick: it is corrected
    (62) or, established, rectified at the end of play (63B, 64)."""
    q = self.question
    if q is None:
        raise TableError("there is no question of Law 61B to answer", f"event {index}")
    if event.by != q["_asks"]:
        raise TableError(f"the question was put to {q['asks']}, who answers it",
                         f"event {index}")
    if event.answer not in ("yes", "no"):
        raise TableError(f"the answer is 'yes' or 'no', not {event.answer!r}",
                         f"event {index}")
    if event.answer != self.true_answer():
        raise TableError(f"{q['asks']}'s answer about trick {q['trick']} must be true",
                         f"event {index}")
    q["answer"] = event.answer
    self.question = None
    if event.answer == "no":
        return
    r = next((x for x in reversed(self.revokes)
              if x.seat == q["_asks"] and x.trick == q["trick"] and not x.corrected), None)
    if r is None:
        raise TableError(f"{q['asks']} has no revoke on trick {q['trick']} to rectify",
                         f"event {index}")
    self._revoke_attention(r, q["_by"], index, asked=True)


def _position(self: Table, r: Revoke) -> int:
    """Where the revoke card lies in its trick (0 = the lead)."""
    return list(self.trick_cards(r.trick)).index(r.card)


def _retract_since(self: Table, trick_no: int, pos: int,
                   keep: Sequence[Revoke] = ()) -> list[tuple[int, int]]:
    """Take back to the hands every card played from position ``pos`` of trick
    ``trick_no`` (1-based) on, reopening completed tricks; returns the cards taken
    back as ``(seat, card)`` in the order they were played.  A revoke made with a
    card taken back no longer exists, unless it is in ``keep`` (being corrected)."""
    taken = []
    while (len(self.tricks) + 1, len(self.trick)) > (trick_no, pos):
        if not self.trick:
            leader, cards, winner = self.tricks.pop()
            self.won[winner & 1] -= 1
            self.trick = list(cards)
            self.trick_leader = leader
            self.phase = PLAY
            continue
        card = self.trick.pop()
        seat = self._turn()
        if card < 0:                      # an omitted card (67)
            self._defects = [d for d in self._defects if not (
                d["kind"] == "omitted" and d["trick"] == len(self.tricks) + 1)]
            continue
        self.hands[seat] |= 1 << card
        taken.append((seat, card))
    if self.pending is not None and self.pending.irregularity.kind in (
            "penalty_card_lead", "lead_restriction", "designate_penalty_card"):
        self.pending = None               # it arises again when the trick is led
    gone = set(taken)
    self.revokes = [r for r in self.revokes if r in keep or (r.seat, r.card) not in gone]
    return taken[::-1]
